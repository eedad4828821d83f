// Throughput of Verso's POST /v2/translate against Debian's apertium-apy and against the raw
// Apertium pipeline, en→es, distinct ~11-word sentences (sentences.mjs: no cache can help),
// in one run on this machine. Load comes from wrk (C, one thread) driven by distinct.lua, so
// the load generator takes little CPU (its share of a core is printed for every run).
//
// Each round measures, one after the other:
//   raw       the eng-spa stages Verso runs (the mode file's stages with -z, plus the
//             word-bound blank helpers when installed), as one `sh -c 'a | b | …'` pipeline:
//             started, warmed with RAW_WARM sentences and a null flush, and only then timed
//             over RAW_SENTENCES sentences (one a line) ending with a null flush. The time runs
//             from the first byte written to the `\0` that comes back: the steady state of a
//             warm pipeline, Apertium's start-up excluded. Run twice: as Debian ships the
//             stages, and as Verso runs them (the stoi fast path and tcmalloc preloaded,
//             packages/engine/README.md); the goal ratio is taken against the latter.
//   verso@64  wrk, 64 connections, after a 1 s warm-up run.
//   verso@16  wrk, 16 connections, after a 1 s warm-up run.
//   apy@16    apertium-apy -j1 -i2 -n2 (GET /translate), wrk, 16 connections, after a warm-up.
// Verso (as `npm start` runs it: a separate process, SQLite under a fresh DATA_DIR) and APy
// run for the whole benchmark and idle while the others are measured. The machine is shared
// and its load drifts within a minute, so the ratios (verso@16 / apy@16, verso@64 / raw) are
// taken per round and the reported figure is the median of the per-round ratios.
//
// Every process it starts is ended when it exits, whatever the reason (processes.mjs); it
// only ever connects to 127.0.0.1. BENCH_ROUNDS (3), BENCH_SECONDS (10 per measured run),
// BENCH_RAW_SENTENCES (8000) and BENCH_LOG_LEVEL (Verso's LOG_LEVEL, default `info` as
// `npm start`) tune it; the whole benchmark is stopped after BENCH_TIME_LIMIT_S (480) seconds.
import { spawnSync } from 'node:child_process'
import { mkdirSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { median } from './stats.mjs'
import { cpuSeconds, deadline, start, stop, treeCpuSeconds } from './processes.mjs'
import { PROBE, freePort, load, startRawPipeline, startVerso, take, waitFor, work } from './harness.mjs'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARM_SECONDS = 1
const RAW_SENTENCES = Number(process.env.BENCH_RAW_SENTENCES ?? 8000)
const RAW_WARM = 500
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info'
const MODES = '/usr/share/apertium/modes'

deadline(Number(process.env.BENCH_TIME_LIMIT_S ?? 480) * 1000, 'the service benchmark')

for (const tool of ['wrk', 'apertium-apy', 'apertium']) {
  if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) {
    console.error(`${tool} is not installed: run \`npm run bench\` (its set-up installs it) or node scripts/setup.mjs --bench`)
    process.exit(1)
  }
}

/** Raw steady state: see the header. */
async function raw(asVersoRunsThem) {
  const pipeline = await startRawPipeline(join(MODES, 'eng-spa.mode'), asVersoRunsThem ? { preloads: {} } : {})
  try {
    const warmStarted = performance.now()
    await pipeline.flush(take(RAW_WARM))
    const startupMs = performance.now() - warmStarted
    const texts = take(RAW_SENTENCES)
    const started = performance.now()
    const { lines } = await pipeline.flush(texts)
    const wallMs = performance.now() - started
    if (lines !== texts.length) throw new Error(`the raw pipeline gave ${lines} lines for ${texts.length} sentences`)
    return { perSecond: (texts.length / wallMs) * 1000, wallMs, startupMs }
  } finally {
    await pipeline.stop()
  }
}

async function startApy() {
  // A modes folder holding eng-spa only: APy then starts and serves that pair alone.
  const modes = join(work, 'apy-modes')
  mkdirSync(modes)
  symlinkSync(join(MODES, 'eng-spa.mode'), join(modes, 'eng-spa.mode'))
  const port = await freePort()
  const server = start('apertium-apy', ['-p', String(port), '-j1', '-i2', '-n2', modes], { cwd: work, stdio: ['ignore', 'ignore', 'ignore'] })
  const url = `http://127.0.0.1:${port}`
  await waitFor(async () => (await fetch(`${url}/listPairs`)).ok, 'apertium-apy', server)
  const res = await fetch(`${url}/translate?langpair=eng%7Cspa&q=${encodeURIComponent(PROBE)}`)
  const body = await res.json()
  const translation = body?.responseData?.translatedText
  if (res.status !== 200 || typeof translation !== 'string' || translation === '' || translation === PROBE) throw new Error(`apertium-apy did not translate: ${res.status} ${JSON.stringify(body)}`)
  console.error(`apertium-apy -j1 -i2 -n2 on ${url} (pid ${server.pid}): "${PROBE}" → "${translation}"`)
  return { server, port }
}

const fixed = (n, d = 1) => (Number.isFinite(n) ? Number(n.toFixed(d)) : null)
const pct = (share) => `${fixed(share * 100, 1)} %`

function describe(what, r) {
  const warn = [
    r.errors > 0 ? `${r.errors} errors ${JSON.stringify(r.errorKinds)}` : '',
    r.repeated > 0 ? `${r.repeated} sentences sent twice (figures flattered)` : '',
  ].filter(Boolean)
  const cpu = r.serverCpuUsPerRequest !== undefined ? `, server process ${fixed(r.serverCpuUsPerRequest, 0)} µs CPU/request (whole tree ${fixed(r.treeCpuUsPerRequest, 0)} µs)` : ''
  return `${what}: ${fixed(r.perSecond)} req/s, p50 ${fixed(r.p50Ms)} ms, p99 ${fixed(r.p99Ms)} ms (${r.requests} requests in ${fixed(r.wallS, 2)} s), wrk ${pct(r.wrkCpuShare)} of a core${cpu}${warn.length ? ` !! ${warn.join('; ')}` : ''}`
}

async function measureVerso(verso, connections) {
  await load('verso', verso.port, connections, WARM_SECONDS, verso.apiKey)
  const cpu = cpuSeconds(verso.server.pid)
  const tree = treeCpuSeconds(verso.server.pid)
  const r = await load('verso', verso.port, connections, SECONDS, verso.apiKey)
  r.serverCpuUsPerRequest = ((cpuSeconds(verso.server.pid) - cpu) * 1e6) / r.requests
  r.treeCpuUsPerRequest = ((treeCpuSeconds(verso.server.pid) - tree) * 1e6) / r.requests
  return r
}

async function measureApy(apy) {
  await load('apy', apy.port, 16, WARM_SECONDS)
  return load('apy', apy.port, 16, SECONDS)
}

const verso = await startVerso({ env: { LOG_LEVEL } })
console.error(`verso on ${verso.url} (LOG_LEVEL=${LOG_LEVEL}, pid ${verso.server.pid}): "${PROBE}" → "${verso.probe}"`)
const apy = await startApy()
const rounds = []
try {
  // One warm-up of each before the rounds: pipelines started, JIT warm.
  await load('verso', verso.port, 64, 2, verso.apiKey)
  await load('apy', apy.port, 16, 2)
  for (let i = 0; i < ROUNDS; i++) {
    const round = {}
    round.raw = await raw(false)
    console.error(`round ${i + 1}: raw eng-spa pipeline as Debian ships it (warm, steady state): ${RAW_SENTENCES} sentences in ${fixed(round.raw.wallMs)} ms = ${fixed(round.raw.perSecond)} sentences/s (start-up + ${RAW_WARM}-sentence warm-up, excluded: ${fixed(round.raw.startupMs)} ms)`)
    round.rawFast = await raw(true)
    console.error(`round ${i + 1}: raw eng-spa pipeline as Verso runs it (stoi fast path, tcmalloc): ${RAW_SENTENCES} sentences in ${fixed(round.rawFast.wallMs)} ms = ${fixed(round.rawFast.perSecond)} sentences/s`)
    round.verso64 = await measureVerso(verso, 64)
    console.error(`round ${i + 1}: ${describe('verso, 64 connections', round.verso64)}`)
    round.verso16 = await measureVerso(verso, 16)
    console.error(`round ${i + 1}: ${describe('verso, 16 connections', round.verso16)}`)
    round.apy16 = await measureApy(apy)
    console.error(`round ${i + 1}: ${describe('apertium-apy, 16 connections', round.apy16)}`)
    round.versoToApy = round.verso16.perSecond / round.apy16.perSecond
    round.verso64ToRaw = round.verso64.perSecond / round.raw.perSecond
    round.verso64ToRawFast = round.verso64.perSecond / round.rawFast.perSecond
    console.error(`round ${i + 1}: verso@16 / apy@16 = ${fixed(round.versoToApy, 2)}×; verso@64 / raw = ${fixed(round.verso64ToRaw, 3)} (Debian's stages), ${fixed(round.verso64ToRawFast, 3)} (the same stages as Verso runs them)`)
    rounds.push(round)
  }
} finally {
  await stop(verso.server)
  await stop(apy.server, 5_000)
}

const med = (pick) => median(rounds.map(pick))
const summary = {
  rounds: ROUNDS,
  secondsPerRun: SECONDS,
  rawSentences: RAW_SENTENCES,
  logLevel: LOG_LEVEL,
  perRound: rounds.map((r) => ({
    rawPerSecond: fixed(r.raw.perSecond),
    rawFastPerSecond: fixed(r.rawFast.perSecond),
    verso64: { perSecond: fixed(r.verso64.perSecond), p50Ms: fixed(r.verso64.p50Ms), p99Ms: fixed(r.verso64.p99Ms), serverCpuUsPerRequest: fixed(r.verso64.serverCpuUsPerRequest, 0), wrkCpuShare: fixed(r.verso64.wrkCpuShare, 3), errors: r.verso64.errors, repeated: r.verso64.repeated },
    verso16: { perSecond: fixed(r.verso16.perSecond), p50Ms: fixed(r.verso16.p50Ms), p99Ms: fixed(r.verso16.p99Ms), serverCpuUsPerRequest: fixed(r.verso16.serverCpuUsPerRequest, 0), wrkCpuShare: fixed(r.verso16.wrkCpuShare, 3), errors: r.verso16.errors, repeated: r.verso16.repeated },
    apy16: { perSecond: fixed(r.apy16.perSecond), p50Ms: fixed(r.apy16.p50Ms), p99Ms: fixed(r.apy16.p99Ms), wrkCpuShare: fixed(r.apy16.wrkCpuShare, 3), errors: r.apy16.errors },
    versoToApy: fixed(r.versoToApy, 2),
    verso64ToRaw: fixed(r.verso64ToRaw, 3),
    verso64ToRawFast: fixed(r.verso64ToRawFast, 3),
  })),
  median: {
    rawPerSecond: fixed(med((r) => r.raw.perSecond)),
    rawFastPerSecond: fixed(med((r) => r.rawFast.perSecond)),
    verso16PerSecond: fixed(med((r) => r.verso16.perSecond)),
    verso16P99Ms: fixed(med((r) => r.verso16.p99Ms)),
    verso64PerSecond: fixed(med((r) => r.verso64.perSecond)),
    verso64P99Ms: fixed(med((r) => r.verso64.p99Ms)),
    apy16PerSecond: fixed(med((r) => r.apy16.perSecond)),
    versoToApy: fixed(med((r) => r.versoToApy), 2),
    verso64ToRaw: fixed(med((r) => r.verso64ToRaw), 3),
    verso64ToRawFast: fixed(med((r) => r.verso64ToRawFast), 3),
    serverCpuUsPerRequest: fixed(med((r) => r.verso16.serverCpuUsPerRequest), 0),
  },
}
const m = summary.median
const goals = {
  versoToApyAtLeast10: m.versoToApy >= 10,
  p99At16AtMost100Ms: m.verso16P99Ms <= 100,
  // Against the stages as Verso runs them (stoi fast path, tcmalloc): what the server and the
  // engine add. Against Debian's stages the ratio also counts those libraries' saving (printed beside).
  verso64ToRawAtLeast0_8: m.verso64ToRawFast >= 0.8,
}
summary.goals = goals
console.error(
  `medians of ${ROUNDS} rounds: verso@16 ${m.verso16PerSecond} req/s (p99 ${m.verso16P99Ms} ms), apy@16 ${m.apy16PerSecond} req/s, ` +
    `verso@64 ${m.verso64PerSecond} req/s (p99 ${m.verso64P99Ms} ms), raw ${m.rawPerSecond} sentences/s as Debian ships the stages, ${m.rawFastPerSecond} as Verso runs them; ` +
    `median of per-round ratios: verso/apy ${m.versoToApy}× (goal ≥ 10: ${goals.versoToApyAtLeast10 ? 'met' : 'missed'}), ` +
    `p99 ≤ 100 ms: ${goals.p99At16AtMost100Ms ? 'met' : 'missed'}, verso@64/raw as Verso runs the stages ${m.verso64ToRawFast} (goal ≥ 0.8: ${goals.verso64ToRawAtLeast0_8 ? 'met' : 'missed'}), verso@64/raw as Debian ships it ${m.verso64ToRaw}`,
)
console.log(`BENCH_JSON ${JSON.stringify(summary)}`)
