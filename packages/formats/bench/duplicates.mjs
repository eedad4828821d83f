// By hand, not part of `npm run bench` (build first: `cd packages/formats && ../../node_modules/.bin/tsup`):
//   node packages/formats/bench/duplicates.mjs [keys=200000]
// The worst case of keys given twice: one object/map/file of `keys` distinct keys, then the first
// key repeated `keys` times. The codecs keep the last occurrence (as the runtimes do) and report
// each earlier one; reading must stay linear in the file's size (a 1.7 MB JSON file of this shape
// took 60 s while the JSON scanner dropped each earlier occurrence's values one by one).
import { parseJson, parseProperties, parseYaml } from '../dist/index.js'

const keys = Number(process.argv[2] ?? 200_000)
const json = ['{']
const yaml = ['en:']
const properties = []
for (let i = 0; i < keys; i++) {
  json.push(`"k${i}": "value ${i}",`)
  yaml.push(`  k${i}: value ${i}`)
  properties.push(`k${i}=value ${i}`)
}
for (let i = 0; i < keys; i++) {
  json.push(`"k0": "again ${i}"${i === keys - 1 ? '' : ','}`)
  yaml.push(`  k0: again ${i}`)
  properties.push(`k0=again ${i}`)
}
json.push('}')
const files = [
  ['json', parseJson, json.join('\n')],
  ['yaml', parseYaml, `${yaml.join('\n')}\n`],
  ['properties', parseProperties, `${properties.join('\n')}\n`],
]
const results = {}
for (const [name, parse, text] of files) {
  const started = performance.now()
  const parsed = parse(text)
  const ms = Math.round(performance.now() - started)
  const last = parsed.entries.find((e) => e.key === 'k0')?.text
  results[name] = { megabytes: Number((text.length / 1e6).toFixed(1)), ms, entries: parsed.entries.length, issues: parsed.issues.length, last }
  console.error(`${name}: ${keys} keys + ${keys} repeats of one (${results[name].megabytes} MB): parse ${ms} ms, ${parsed.entries.length} entries, ${parsed.issues.length} issues, k0 = ${JSON.stringify(last)}`)
}
console.log(`BENCH_JSON ${JSON.stringify({ keys, results })}`)
