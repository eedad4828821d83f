// The placeholder tokenizer of two builds, compared warm, in process: `maskSegment` (what the
// text endpoints call on every text) over the translatable values of the shared corpus's English
// files and 20 000 distinct bench sentences, the two builds alternated.
//
//   node packages/formats/bench/mask.mjs <root-before> <root-after> [rounds]
//
// Each root is a checkout with `packages/formats/dist` built (a `git worktree` of the older
// commit, installed and built, for the first).
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { sentences } from '../../../scripts/bench/sentences.mjs'

const [rootBefore, rootAfter, roundsArg = '9'] = process.argv.slice(2)
if (!rootBefore || !rootAfter) {
  console.error('usage: node packages/formats/bench/mask.mjs <root-before> <root-after> [rounds]')
  process.exit(2)
}
const load = (root, file) => import(pathToFileURL(resolve(root, 'packages/formats/dist', file)).href)
const before = await load(rootBefore, 'placeholders.js')
const after = await load(rootAfter, 'placeholders.js')
const formats = await load(rootAfter, 'index.js')

const corpus = process.env.VERSO_CORPUS || resolve(import.meta.dirname, '../../../../shared/corpus')
const parsers = { json: formats.parseJson, po: formats.parsePo, properties: formats.parseProperties, strings: formats.parseStrings, xml: formats.parseXml, yaml: formats.parseYaml }
const values = []
for (const [kind, parse] of Object.entries(parsers)) {
  let files = []
  try {
    files = readdirSync(join(corpus, kind))
  } catch (error) {
    console.error(`no corpus ${kind} files (${error.code ?? error.message}): the bench sentences only`)
    continue
  }
  for (const file of files) {
    // the English sources only: their values are what the text endpoints see most
    if (!/(?:^|[-_.])en(?:[-_.]|$)|\.pot$|Messages\.properties$|LocalStrings\.properties$|strings\.xml$/.test(file) || /_fr|-de|-ru/.test(file)) continue
    try {
      for (const entry of parse(readFileSync(join(corpus, kind, file), 'utf8')).entries) if (entry.translatable && entry.text) values.push(entry.text)
    } catch (error) {
      // a file this build cannot read is left out of both sides alike, and said
      console.error(`${kind}/${file} left out: ${error.message}`)
    }
  }
}
const texts = [...values, ...sentences(20_000, 100_000)]

const run = (m) => {
  const start = process.hrtime.bigint()
  let parts = 0
  for (const text of texts) parts += m.maskSegment(text).segment.length
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, parts }
}
for (let i = 0; i < 3; i++) run(before), run(after)
const rounds = Number(roundsArg)
const times = { before: [], after: [] }
for (let i = 0; i < rounds; i++) {
  times.before.push(run(before).ms)
  times.after.push(run(after).ms)
}
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1]
const b = median(times.before)
const a = median(times.after)
console.log(`${texts.length} texts (${values.length} corpus values): maskSegment median ${b.toFixed(1)} ms before, ${a.toFixed(1)} ms after, ratio ${(a / b).toFixed(3)}`)
