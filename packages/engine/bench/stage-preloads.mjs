// Checks the libraries the engine preloads into its Apertium stages (stagePreloads in
// src/apertium/preloads.ts: the stoi fast path of src/apertium/native/stoi-fast-path.c and
// Debian's tcmalloc) over every installed Apertium mode, and measures what they save. For each
// direction the stages the engine runs (readModeStages: the mode's stages with -z, the
// word-bound helpers, the post-generation filter) are run as one `sh -c 'a | b | …'` pipeline
// over the same input twice, as Debian ships them and with the libraries preloaded, and the
// outputs are compared byte for byte.
// Input: every string of the detection fixtures in the direction's source language (real UI
// strings and CLDR strings, 500–800 per language), one a line, each ending with a null flush,
// as the engine sends texts; plus the same strings with inline tags as word-bound blanks
// (`[[t:b:x]]…[[/]]`), which the stages carry through postchunk.
// The CPU figure is the whole pipeline's user+system time from /usr/bin/time, per direction,
// both variants alternated in one run. Not part of `npm run bench`; by hand after building:
//   node --import tsx packages/engine/bench/stage-preloads.mjs [direction-name-filter]
// STAGE_PRELOADS takes stagePreloads' options as JSON to check one library alone, e.g.
// STAGE_PRELOADS='{"allocator":"system"}' for the stoi fast path only. The tagger's open-class
// fix (native/tagger-open-class.c) is left out unless asked for: it changes answers on purpose
// (a text tagged as a fresh tagger tags it), so byte identity is not what it is checked for.
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readModesFolder } from '../src/apertium/directions.ts'
import { readModeStages, hasWordBoundBlanks } from '../src/apertium/mode.ts'
import { escapeStream } from '../src/apertium/stream.ts'
import { shellStagesWithPreloads, stagePreloads } from '../src/apertium/preloads.ts'

const options = { taggerOpenClassFix: false, ...JSON.parse(process.env.STAGE_PRELOADS ?? '{}') }
const libraries = stagePreloads(options)
if (libraries.length === 0) {
  console.error('nothing to preload: build @verso/engine with a C compiler (the stoi fast path) or install libtcmalloc-minimal4')
  process.exit(1)
}
console.log(`preloaded: ${libraries.join(' ')} (tcmalloc only into the programs that get it: stageGetsTcmalloc)`)
const filter = process.argv[2] ?? ''
const fixtures = ['ui', 'ui-tuning', 'heldout', 'tuning', 'sentences'].map((name) =>
  JSON.parse(readFileSync(new URL(`../test/fixtures/detection-${name}.json`, import.meta.url), 'utf8')))
const textsOf = (language) => [...new Set(fixtures.flatMap((set) => set[language] ?? []))]

const work = mkdtempSync(join(tmpdir(), 'verso-preloads-'))
const { directions } = readModesFolder('/usr/share/apertium/modes')
const wordBound = hasWordBoundBlanks()

function run(stages, input, preload) {
  const command = `( ${(preload ? shellStagesWithPreloads(stages, options) : stages).join(' | ')} ) < ${input}`
  const result = spawnSync('/usr/bin/time', ['-f', 'CPU %U %S', 'sh', '-c', command], { encoding: 'utf8', maxBuffer: 1 << 28 })
  const cpuLine = result.stderr.trim().split('\n').pop() ?? ''
  const [, user, system] = /^CPU ([\d.]+) ([\d.]+)$/.exec(cpuLine) ?? []
  return { status: result.status, output: result.stdout, cpu: Number(user) + Number(system), stderr: result.stderr }
}

let checked = 0
let differing = 0
let stockCpu = 0
let fastCpu = 0
const seen = new Set()
for (const direction of directions) {
  if (!direction.name.includes(filter) || seen.has(direction.mode)) continue
  seen.add(direction.mode)
  const language = direction.source.split('-')[0]
  const texts = textsOf(language)
  if (texts.length === 0) continue
  const tagged = texts.map((text) => text.split(' ').map((word, i) => (i % 3 === 1 ? `[[t:b:${i}]]${escapeStream(word)}[[/]]` : escapeStream(word))).join(' '))
  const input = join(work, 'input.txt')
  writeFileSync(input, [...texts.map(escapeStream), ...tagged].map((text) => `${text}[v:e] \0`).join(''))
  const stages = readModeStages(direction.mode, wordBound)
  const stock = run(stages, input, false)
  const fast = run(stages, input, true)
  if (stock.status !== 0 || fast.status !== 0) {
    console.log(`${direction.name}: a pipeline failed (${stock.status}, ${fast.status}): ${(stock.stderr + fast.stderr).slice(0, 300)}`)
    differing++
    continue
  }
  checked++
  stockCpu += stock.cpu
  fastCpu += fast.cpu
  const same = stock.output === fast.output
  if (!same) differing++
  const postchunk = stages.some((stage) => stage.includes('apertium-postchunk'))
  console.log(`${direction.name.padEnd(22)} ${String(texts.length * 2).padStart(5)} texts  ${same ? 'identical' : 'DIFFERENT'}  CPU ${stock.cpu.toFixed(2)} → ${fast.cpu.toFixed(2)} s${postchunk ? '  (postchunk)' : ''}`)
}
rmSync(work, { recursive: true, force: true })
console.log(`${checked} directions checked, ${differing} with different output or a failure; CPU over all: ${stockCpu.toFixed(1)} s as Debian ships the stages, ${fastCpu.toFixed(1)} s with the preloads (×${(fastCpu / stockCpu).toFixed(3)})`)
console.log(`PRELOADS_JSON ${JSON.stringify({ checked, differing, stockCpu: Number(stockCpu.toFixed(2)), fastCpu: Number(fastCpu.toFixed(2)) })}`)
process.exit(differing === 0 ? 0 : 1)
