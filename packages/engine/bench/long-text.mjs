// A long text as one segment: time per word as the text grows, for the directions whose
// filters read the units around each match (English, French, Spanish and Italian sources). A
// rule that reads the whole record before each match makes the time grow with the square of
// the length; this run shows whether time per word stays flat. Budget: the longest text's time
// per word at most 1.5 × the shortest's, in every direction.
//
// Texts are the interface strings of scripts/bench/ui-strings (distinct, real), each ended with a
// full stop and joined with spaces: the first 100, 200, 400, 800 and 1 400 strings of a
// language. Medians of three runs after one unmeasured warm-up run; the cache is off. An
// English text goes through the pipeline again, whole, when it holds a hyphen between letters
// and when it holds an owner the analyser does not know (engine.ts): each English text opens
// with a sentence that holds both, so that every size takes the same four passes and the
// figures compare the passes, not how likely a longer text is to need more of them.
import { readFileSync } from 'node:fs'
import { median } from '../../../scripts/bench/stats.mjs'
import { createEngine } from '../dist/index.js'

const SIZES = [100, 200, 400, 800, 1400]
const RUNS = 3
const BUDGET = 1.5
/** What each text of a source opens with (see above). */
const OPENING = { en: "Open Alare's well-known settings." }
const directions = [
  ['en', 'es'],
  ['fr', 'es'],
  ['es', 'en'],
  ['it', 'es'],
]

const strings = (language) =>
  readFileSync(new URL(`../../../scripts/bench/ui-strings/${language}.txt`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')

const results = {}
let within = true
const engine = createEngine({ cacheSize: 0 })
for (const [source, target] of directions) {
  const lines = strings(source)
  const rows = []
  await engine.translate(['Warm.'], { source, target })
  for (const size of SIZES) {
    const text = [OPENING[source] ?? '', ...lines.slice(0, size).map((line) => line.replace(/[.!?…:;,]*$/u, '.'))].join(' ').trim()
    const words = text.split(/\s+/).length
    const times = []
    for (let run = -1; run < RUNS; run++) {
      const started = performance.now()
      await engine.translate([text], { source, target })
      if (run >= 0) times.push(performance.now() - started)
    }
    const ms = median(times)
    rows.push({ strings: size, words, ms: Number(ms.toFixed(1)), msPerWord: Number((ms / words).toFixed(4)) })
    console.error(`${source}→${target}: ${size} strings, ${words} words: ${ms.toFixed(0)} ms (${(ms / words).toFixed(3)} ms a word)`)
  }
  const growth = rows[rows.length - 1].msPerWord / rows[0].msPerWord
  within &&= growth <= BUDGET
  console.error(`${source}→${target}: time per word, longest / shortest: ${growth.toFixed(2)} (budget ≤ ${BUDGET})`)
  results[`${source}-${target}`] = { rows, growth: Number(growth.toFixed(3)) }
}
await engine.close()
console.log(`BENCH_JSON ${JSON.stringify({ budget: BUDGET, within, ...results })}`)
