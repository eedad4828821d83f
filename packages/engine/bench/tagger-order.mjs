// Checks that a warm pipeline answers a text whatever it translated before (the tagger's
// open-class fix, src/apertium/native/tagger-open-class.c). For every installed direction, 60
// strings of the detection fixtures in its source language are translated one at a time
// through one pipeline in order and through a fresh one in reverse order, and the answers of
// the two runs are compared text by text. TAGGER_FIX=0 runs the taggers as Debian ships them.
// Not part of `npm run bench`; by hand after building:
//   node --import tsx packages/engine/bench/tagger-order.mjs [direction-name-filter]
import { readFileSync } from 'node:fs'
import { readModesFolder } from '../src/apertium/directions.ts'
import { createApertiumPipeline } from '../src/apertium/pipeline.ts'
import { taggerOpenClassLibrary } from '../src/apertium/preloads.ts'
import { escapeStream } from '../src/apertium/stream.ts'

const taggerOpenClassFix = process.env.TAGGER_FIX !== '0'
if (taggerOpenClassFix && !taggerOpenClassLibrary()) {
  console.error('the open-class fix is not built: build @verso/engine with a C compiler')
  process.exit(1)
}
const filter = process.argv[2] ?? ''
const fixtures = ['ui', 'ui-tuning'].map((name) => JSON.parse(readFileSync(new URL(`../test/fixtures/detection-${name}.json`, import.meta.url), 'utf8')))
const { directions } = readModesFolder('/usr/share/apertium/modes')

/** Each text's answer, the texts sent one at a time in `order` through one new pipeline. */
async function answersInOrder(mode, order) {
  const pipeline = createApertiumPipeline(mode, { taggerOpenClassFix })
  const answers = new Map()
  try {
    for (const text of order) answers.set(text, await pipeline.translate(escapeStream(text)))
  } finally {
    await pipeline.close()
  }
  return answers
}

let texts = 0
let differing = 0
let directionsDiffering = 0
const seen = new Set()
for (const direction of directions) {
  if (seen.has(direction.mode) || !direction.name.includes(filter)) continue
  seen.add(direction.mode)
  const sample = [...new Set(fixtures.flatMap((set) => set[direction.source.split('-')[0]] ?? []))].slice(0, 60)
  if (sample.length === 0) continue
  const forward = await answersInOrder(direction.mode, sample)
  const backward = await answersInOrder(direction.mode, [...sample].reverse())
  const changed = sample.filter((text) => forward.get(text) !== backward.get(text))
  texts += sample.length
  differing += changed.length
  if (changed.length === 0) continue
  directionsDiffering++
  const [first] = changed
  console.log(`${direction.name}: ${changed.length} differ, e.g. ${JSON.stringify(first)}: ${JSON.stringify(forward.get(first))} / ${JSON.stringify(backward.get(first))}`)
}
console.log(`taggers ${taggerOpenClassFix ? 'with' : 'without'} the open-class fix: ${differing} of ${texts} answers differed between the two orders, in ${directionsDiffering} directions (${seen.size} modes)`)
