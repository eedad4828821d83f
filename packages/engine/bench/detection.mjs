// Measures top-1 accuracy of the candidate language detectors on the fixture's short
// sentences, restricted to the languages Verso translates. Run: node packages/engine/bench/detection.mjs
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const fixture = JSON.parse(readFileSync(new URL('../test/fixtures/detection-sentences.json', import.meta.url), 'utf8'))
const languages = Object.keys(fixture)
const iso3 = { en: 'eng', es: 'spa', ca: 'cat', fr: 'fra', pt: 'por', it: 'ita', ro: 'ron', gl: 'glg', eo: 'epo' }
const from3 = Object.fromEntries(Object.entries(iso3).map(([a, b]) => [b, a]))

const detectors = {}
try {
  const { franc } = await import(require.resolve('franc', { paths: [process.cwd(), new URL('..', import.meta.url).pathname] }))
  const only = languages.map((l) => iso3[l])
  detectors.franc = (text) => from3[franc(text, { only, minLength: 1 })] ?? 'und'
} catch (e) { console.log(`franc: not installed (${e.code ?? e.message})`) }
try {
  const tinyld = await import(require.resolve('tinyld', { paths: [new URL('..', import.meta.url).pathname] }).replace(/\.js$/, '.mjs'))
  detectors.tinyld = (text) => tinyld.detect(text, { only: languages }) || 'und'
} catch (e) { console.log(`tinyld: not installed (${e.code ?? e.message})`) }
try {
  const { eld } = await import(new URL('../node_modules/eld/src/entries/static.large.js', import.meta.url).href)
  const subset = languages.filter((l) => !['gl', 'eo'].includes(l))
  eld.setLanguageSubset(subset)
  detectors['eld (no gl/eo model)'] = (text) => eld.detect(text).language || 'und'
} catch (e) { console.log(`eld: not installed (${e.code ?? e.message})`) }
try {
  const { createEngine } = await import('@verso/engine')
  const engine = createEngine()
  detectors['@verso/engine detect()'] = (text) => engine.detect(text).language
} catch (e) { console.log(`@verso/engine: not built (${e.code ?? e.message})`) }

const results = {}
for (const [name, detect] of Object.entries(detectors)) {
  let right = 0, total = 0
  const perLanguage = {}
  const t0 = performance.now()
  for (const lang of languages) {
    let ok = 0
    for (const sentence of fixture[lang]) { if (detect(sentence) === lang) ok++; total++ }
    right += ok
    perLanguage[lang] = ok / fixture[lang].length
  }
  const ms = performance.now() - t0
  results[name] = { accuracy: right / total, perLanguage, msPerText: ms / total }
  console.log(`${name.padEnd(26)} ${(100 * right / total).toFixed(1)}%  ` +
    languages.map((l) => `${l} ${Math.round(100 * perLanguage[l])}`).join(' ') + `  (${(ms / total).toFixed(2)} ms/text)`)
}
console.log('BENCH_JSON ' + JSON.stringify({ sentences: languages.length * 20, results }))
