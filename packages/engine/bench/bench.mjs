// Throughput of the Apertium driver against the raw pipeline.
// (a) raw: the eng-spa stages as one `sh -c` pipeline fed the whole input, one sentence per line,
//     the stages as the engine runs them (buildPipelineStages with the word-bound helpers, and
//     each with the libraries the engine preloads into it: shellStagesWithPreloads);
// (b) engine.translate, cache off, 16 concurrent callers each sending one sentence at a time.
// Run after building: node packages/engine/bench/bench.mjs
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { buildPipelineStages, createEngine, modeTraits, shellStagesWithPreloads } from '@verso/engine'

const COUNT = Number(process.env.BENCH_SENTENCES ?? 2000)
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16)
const MODE = '/usr/share/apertium/modes/eng-spa.mode'

// Deterministic sentence generator (mulberry32, fixed seed).
let seed = 20240611
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const pick = (list) => list[Math.floor(random() * list.length)]
const subjects = ['the old man', 'my sister', 'our teacher', 'a young doctor', 'the small dog', 'his neighbours', 'the new manager', 'their children', 'the tired farmer', 'your best friend', 'the company', 'a famous singer', 'the city council', 'my grandmother', 'the students']
const verbs = ['is reading', 'wants to buy', 'has seen', 'will visit', 'cannot find', 'likes', 'is cleaning', 'opened', 'closed', 'painted', 'is writing', 'sold', 'carried', 'forgot', 'remembers', 'is looking for', 'described', 'repaired']
const adjectives = ['red', 'old', 'beautiful', 'expensive', 'small', 'heavy', 'strange', 'green', 'quiet', 'modern', 'wooden', 'broken']
const nouns = ['house', 'car', 'book', 'window', 'letter', 'table', 'bridge', 'garden', 'computer', 'door', 'bicycle', 'painting', 'kitchen', 'boat', 'report']
const places = ['near the river', 'in the city centre', 'behind the station', 'at the market', 'in the village', 'next to the school', 'on the hill', 'by the sea']
const times = ['in the morning', 'after lunch', 'every weekend', 'during the summer', 'before the meeting', 'last night', 'on Monday', 'at midnight']
const manners = ['with great care', 'without any help', 'very slowly', 'for his family', 'with her friends', 'quite happily']

function sentence() {
  let words = `${pick(subjects)} ${pick(verbs)} the ${pick(adjectives)} ${pick(nouns)}`
  const extras = [pick(places), pick(times), pick(manners)].filter(() => random() < 0.6)
  words += extras.length ? ' ' + extras.join(' ') : ''
  const n = words.split(' ').length
  if (n < 8) words += ' ' + pick(times)
  const text = words.split(' ').slice(0, 14).join(' ')
  return text[0].toUpperCase() + text.slice(1) + '.'
}
const set = new Set()
for (let tries = 0; set.size < COUNT && tries < COUNT * 100; tries++) set.add(sentence())
if (set.size < COUNT) throw new Error('could not generate enough distinct sentences')
const sentences = [...set]
const wordCounts = sentences.map((s) => s.split(' ').length)

console.log(`${COUNT} distinct sentences, ${Math.min(...wordCounts)}–${Math.max(...wordCounts)} words (mean ${(wordCounts.reduce((a, b) => a + b, 0) / COUNT).toFixed(1)})`)

// (a) raw pipeline
const modeText = readFileSync(MODE, 'utf8')
const command = shellStagesWithPreloads(buildPipelineStages(modeText, modeTraits(modeText).wordBound)).join(' | ')
async function raw(input = sentences) {
  const t0 = performance.now()
  const child = spawn('sh', ['-c', command], { stdio: ['pipe', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.setEncoding('utf8')
  child.stdout.on('data', (d) => { out += d })
  const done = new Promise((resolve) => child.on('close', resolve))
  child.stdin.end(input.join('\n') + '\n')
  await done
  const seconds = (performance.now() - t0) / 1000
  return { seconds, lines: out.split('\n').filter((l) => l.trim()).length }
}
const startup = await raw(['Hello.'])
const rawResult = await raw()
const rawRate = COUNT / rawResult.seconds
const rawSteady = COUNT / Math.max(0.001, rawResult.seconds - startup.seconds)
console.log(`(a) raw pipeline (as the engine runs the stages: ${command.includes('LD_PRELOAD') ? 'with its preloads' : 'nothing to preload here'}):  ${rawRate.toFixed(0)} sentences/s (${rawResult.seconds.toFixed(2)} s, ${rawResult.lines} lines out); ` +
  `start-up ${startup.seconds.toFixed(2)} s, so ${rawSteady.toFixed(0)} sentences/s without it`)

// (b) engine, cache off, CLIENTS callers one sentence at a time
const engine = createEngine({ cacheSize: 0, warm: [{ source: 'en', target: 'es' }] })
await engine.translate(['Warming up the pipeline.', 'The engine is ready.'], { source: 'en', target: 'es' })
const latencies = []
let next = 0
let failures = 0
const t0 = performance.now()
await Promise.all(Array.from({ length: CLIENTS }, async () => {
  while (next < sentences.length) {
    const s = sentences[next++]
    const start = performance.now()
    try {
      const [t] = await engine.translate([s], { source: 'en', target: 'es' })
      if (typeof t.segment !== 'string' || t.segment.length === 0) failures++
    } catch {
      failures++
    }
    latencies.push(performance.now() - start)
  }
}))
const engineSeconds = (performance.now() - t0) / 1000
await engine.close()
latencies.sort((a, b) => a - b)
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]
const engineRate = COUNT / engineSeconds
const ratio = engineRate / rawRate
console.log(`(b) engine.translate, ${CLIENTS} clients, cache off: ${engineRate.toFixed(0)} sentences/s (${engineSeconds.toFixed(2)} s), p50 ${pct(0.5).toFixed(1)} ms, p99 ${pct(0.99).toFixed(1)} ms, failures ${failures}`)
console.log(`ratio (b)/(a): ${(100 * ratio).toFixed(0)} % (target ≥ 60 %, p99 ≤ 100 ms); against (a) without start-up: ${(100 * engineRate / rawSteady).toFixed(0)} %`)
console.log('BENCH_JSON ' + JSON.stringify({
  sentences: COUNT,
  clients: CLIENTS,
  raw_sentences_per_s: Math.round(rawRate),
  engine_sentences_per_s: Math.round(engineRate),
  ratio: Math.round(ratio * 1000) / 1000,
  raw_startup_s: Math.round(startup.seconds * 1000) / 1000,
  raw_steady_sentences_per_s: Math.round(rawSteady),
  ratio_vs_steady: Math.round((engineRate / rawSteady) * 1000) / 1000,
  p50_ms: Math.round(pct(0.5) * 10) / 10,
  p99_ms: Math.round(pct(0.99) * 10) / 10,
  failures,
}))
