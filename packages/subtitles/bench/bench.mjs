#!/usr/bin/env node
// The part of POST /v2/translate/subtitles outside the engine: parse + segment
// (extractSubtitles) and splice back (write), on a generated 1 000-cue SRT (1–2 line cues,
// some with <i>, <b>, <font color>, {\an8}, dialogue dashes), identity translator and a
// fake uppercasing translator (which makes every cue go through token repair and re-breaking).
// Needs the build: `cd packages/subtitles && ../../node_modules/.bin/tsup`.
// Prints human lines on stderr and one `BENCH_JSON {…}` line on stdout.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseSync, stringifySync } from 'subtitle'
import { countSubtitleBlocks, extractSubtitles } from '@verso/subtitles'

const WORDS = (
  'the machine is like clockwork one move out of place and you are ground to a pulp ' +
  'listen to the sounds of your breathing we could easily die out here emo look'
).split(' ')

/** Deterministic pseudo-random numbers, so every run measures the same file. */
let seed = 42
const rand = (n) => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed % n
}
const words = (n) => Array.from({ length: n }, () => WORDS[rand(WORDS.length)]).join(' ')
const line = () => {
  const s = words(3 + rand(6))
  return s[0].toUpperCase() + s.slice(1)
}
const time = (ms) => {
  const pad = (n, w = 2) => String(n).padStart(w, '0')
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`
}

function cueText() {
  switch (rand(8)) {
    case 0:
      return `<i>${line()}</i>`
    case 1:
      return `${line()} <b>${words(2)}</b> ${words(2)}.\n${line()}.`
    case 2:
      return `{\\an8}${line()},\n${words(4)}.`
    case 3:
      return `- ${line()}?\n- ${line()}!`
    case 4:
      return `<font color="#ffff00">${line()}</font>`
    case 5:
      return `${line()},\n${words(5)}.`
    default:
      return `${line()}.`
  }
}

let srt = ''
for (let i = 0; i < 1000; i++) {
  const start = i * 3000 + rand(500)
  srt += `${i + 1}\n${time(start)} --> ${time(start + 1500 + rand(1000))}\n${cueText()}\n\n`
}

const upper = (s) => (typeof s === 'string' ? s.toUpperCase() : s.map((p) => (typeof p === 'string' ? p.toUpperCase() : p)))

function measure(fn, runs) {
  for (let i = 0; i < 10; i++) fn() // warm-up
  const times = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    fn()
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)]
}

const RUNS = 31
const probe = extractSubtitles(srt, 'srt')
if (probe.blocks !== 1000) throw new Error(`expected 1000 cues, got ${probe.blocks}`)
if (probe.write(probe.segments) !== srt) throw new Error('identity write is not byte-identical')
const translated = probe.segments.map(upper)

const oracleMs = measure(() => stringifySync(parseSync(srt), { format: 'SRT' }), RUNS)
const countMs = measure(() => countSubtitleBlocks(srt, 'srt'), RUNS)
const extractMs = measure(() => extractSubtitles(srt, 'srt'), RUNS)
const identityMs = measure(() => {
  const doc = extractSubtitles(srt, 'srt')
  doc.write(doc.segments)
}, RUNS)
const changedMs = measure(() => {
  const doc = extractSubtitles(srt, 'srt')
  doc.write(translated)
}, RUNS)
const textWords = probe.segments
  .map((s) => (typeof s === 'string' ? s : s.filter((p) => typeof p === 'string').join(' ')))
  .join(' ')
  .split(/\s+/)
  .filter(Boolean).length

// For scale, when Apertium is installed: the same cue text through `apertium eng-spa` in one
// process (includes its start-up, which the engine's warm pipelines avoid: an upper bound).
const plainText = probe.segments.map((s) => (typeof s === 'string' ? s : s.filter((p) => typeof p === 'string').join(''))).join('\n')
let apertiumMs
const dir = mkdtempSync(join(tmpdir(), 'verso-subtitles-bench-'))
try {
  writeFileSync(join(dir, 'in.txt'), plainText)
  const t0 = performance.now()
  const run = spawnSync('apertium', ['eng-spa', join(dir, 'in.txt')], { encoding: 'utf8', timeout: 60_000, maxBuffer: 16 * 1024 * 1024 })
  if (run.status === 0 && run.stdout.split('\n').length >= probe.blocks) apertiumMs = performance.now() - t0
} finally {
  rmSync(dir, { recursive: true, force: true })
}

const result = {
  srt_chars: srt.length,
  cues: probe.blocks,
  text_words: textWords,
  runs: RUNS,
  subtitle_parse_stringify_ms_median: +oracleMs.toFixed(2),
  count_blocks_ms_median: +countMs.toFixed(2),
  extract_ms_median: +extractMs.toFixed(2),
  extract_plus_write_identity_ms_median: +identityMs.toFixed(2),
  extract_plus_write_translated_ms_median: +changedMs.toFixed(2),
  // The ≤ 10 % budget holds whenever the engine takes at least 9× the part outside it.
  engine_ms_needed_for_10pct_budget: +(changedMs * 9).toFixed(1),
  ...(apertiumMs === undefined
    ? {}
    : {
        apertium_cli_eng_spa_ms: +apertiumMs.toFixed(0),
        outside_engine_share_pct: +((100 * changedMs) / (changedMs + apertiumMs)).toFixed(2),
      }),
}
console.error(
  `@verso/subtitles on a generated ${srt.length}-char SRT (${probe.blocks} cues, ${textWords} words), median of ${RUNS}:\n` +
    `  subtitle parse+stringify  ${oracleMs.toFixed(2)} ms  (for scale)\n` +
    `  countSubtitleBlocks       ${countMs.toFixed(2)} ms\n` +
    `  extractSubtitles          ${extractMs.toFixed(2)} ms\n` +
    `  extract + write identity  ${identityMs.toFixed(2)} ms  (the part of a request outside the engine)\n` +
    `  extract + write changed   ${changedMs.toFixed(2)} ms  (every cue repaired and re-broken)\n` +
    `  ≤ 10 % of the request while the engine takes ≥ ${(changedMs * 9).toFixed(1)} ms for these ${textWords} words` +
    (apertiumMs === undefined
      ? '\n  (apertium not installed: no engine figure for scale)'
      : `\n  apertium eng-spa CLI      ${apertiumMs.toFixed(0)} ms for the same text (start-up included)` +
        `\n  outside-engine share     ${((100 * changedMs) / (changedMs + apertiumMs)).toFixed(2)} % (budget 10 %)`),
)
console.log(`BENCH_JSON ${JSON.stringify(result)}`)
