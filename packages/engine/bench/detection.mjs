// Top-1 accuracy of language detection on short texts, per language, restricted to the
// languages the installed Apertium pairs translate, plus detection latency and memory.
// Sets (test/fixtures/; the CLDR ones built by bench/detection-sets.mjs, the UI ones by
// bench/detection-ui-words.mjs):
//   heldout    CLDR strings the detector was never tuned on (the figure that counts)
//   ui         real UI strings of programs whose catalogs the detector never learnt from nor
//              was tuned on (coreutils, dpkg, apt, bash…): held out too
//   tuning     CLDR strings of other families, the set WEIGHTS in src/detect.ts were tuned on
//   ui-tuning  UI strings of the desktop catalogs, kept out of the word counts; tuned on too
//   sentences  180 sentences written by hand for en es ca fr pt it ro gl eo (earlier fixture)
// Rows: ELD small alone (the statistical detector Verso depends on, limited to the
// installed languages it has a model of), and Verso's engine.detect().
// The n-gram stage's corpus (src/detect/training-corpus.json) is a third CLDR family set,
// disjoint from both; bench/detection-tune.mjs chooses WEIGHTS on the tuning set.
// Run: node packages/engine/bench/detection.mjs   (after building @verso/engine)
import { readFileSync } from 'node:fs'
import { eld } from 'eld/small'
import { createEngine } from '../dist/index.js'

const sets = Object.fromEntries(['heldout', 'ui', 'tuning', 'ui-tuning', 'sentences'].map((name) => [
  name, JSON.parse(readFileSync(new URL(`../test/fixtures/detection-${name}.json`, import.meta.url), 'utf8')),
]))

const engine = createEngine()
const bases = [...new Set(engine.languages().map((l) => l.code.split('-')[0]))]
const toEld = { nb: 'no', nn: 'no', sh: 'hr' }
const fromEld = { no: 'nb', hr: 'sh', sr: 'sh', bs: 'sh' }
const modelled = new Set(Object.values(eld.info().Languages))
// ELD alone is limited to the installed languages it models by picking the best of their
// scores rather than by eld.setLanguageSubset, which would change the module's shared
// instance for anything else in this process (engine.detect reads an instance of its own).
const subset = [...new Set(bases.map((b) => toEld[b] ?? b).filter((c) => modelled.has(c)).concat(['sr', 'bs'].filter((c) => modelled.has(c))))]
function eldAmongInstalled(text) {
  const scores = eld.detect(text).getScores()
  let best = 'und'
  for (const code of subset) if ((scores[code] ?? 0) > (scores[best] ?? 0)) best = code
  return fromEld[best] ?? best
}

const rssBefore = process.memoryUsage().rss
let t0 = performance.now()
engine.detect('first use loads the dictionaries')
const loadMs = performance.now() - t0
const loadMb = (process.memoryUsage().rss - rssBefore) / 1e6

const detectors = {
  'eld/small alone (no model: af an ast br eo frp gl id mk nn oc sc szl)': eldAmongInstalled,
  'Verso engine.detect(): dictionaries + ELD + profiles + n-gram stage': (text) => engine.detect(text).language,
}

const results = {}
for (const [setName, set] of Object.entries(sets)) {
  results[setName] = {}
  for (const [name, detect] of Object.entries(detectors)) {
    let right = 0
    let total = 0
    const perLanguage = {}
    const times = []
    for (const [language, texts] of Object.entries(set)) {
      let ok = 0
      for (const text of texts) {
        t0 = performance.now()
        const got = detect(text)
        times.push(performance.now() - t0)
        if (got === language) ok++
      }
      perLanguage[language] = Math.round((1000 * ok) / texts.length) / 10
      right += ok
      total += texts.length
    }
    times.sort((a, b) => a - b)
    const p = (q) => Math.round(times[Math.floor(q * (times.length - 1))] * 1000) / 1000
    const below97 = Object.entries(perLanguage).filter(([, v]) => v < 97).map(([l]) => l)
    results[setName][name] = { texts: total, accuracy: Math.round((1000 * right) / total) / 10, perLanguage, below97, p50Ms: p(0.5), p99Ms: p(0.99) }
    console.log(`${setName.padEnd(9)} ${name.padEnd(62)} ${(100 * right / total).toFixed(1)} % of ${total}  p50 ${p(0.5)} ms  p99 ${p(0.99)} ms`)
    console.log(`          ${Object.entries(perLanguage).map(([l, v]) => `${l} ${v}`).join(' · ')}`)
  }
}
// A long text: detection reads at most MAX_DETECTED_WORDS of it, spread over the text.
const longText = Object.values(sets.heldout).flat().join(' · ').slice(0, 24_000)
const longTimes = []
for (let i = 0; i < 5; i++) {
  t0 = performance.now()
  engine.detect(longText)
  longTimes.push(performance.now() - t0)
}
longTimes.sort((a, b) => a - b)
const longMs = Math.round(longTimes[2] * 10) / 10
console.log(`a 24 000-character text (the held-out strings joined): median of 5 detections ${longMs} ms`)
console.log(`first detect (reads the dictionaries of ${bases.length} codes, samples their trigram profiles, counts the n-gram corpus): ${loadMs.toFixed(0)} ms, +${loadMb.toFixed(0)} MB RSS`)
console.log('BENCH_JSON ' + JSON.stringify({ benchmark: 'detection', firstDetectMs: Math.round(loadMs), firstDetectRssMb: Math.round(loadMb), longTextMs: longMs, results }))
await engine.close()
