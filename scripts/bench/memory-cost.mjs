// What the translation memory costs on the hot path: POST /v2/translate at 16 connections,
// distinct sentences (so every request is a miss: a lookup, the engine, the new translation
// stored), against the same requests with "use_memory": false (no lookup, nothing stored),
// on one Verso process. The two loads alternate, the order flipping every round (AB, BA, …),
// so drift in the machine's load falls on both. The run second in a round measured faster
// than the first whichever it was (a first run here: +38 to +142 µs), so each figure is taken
// per pair of rounds (one of each order, averaged) and the reported one is the median of the
// pairs. BENCH_ROUNDS (6, i.e. 3 pairs; rounded up to even) and BENCH_SECONDS (8) tune it.
import { median } from './stats.mjs'
import { cpuSeconds, deadline, stop, treeCpuSeconds } from './processes.mjs'
import { load, startVerso } from './harness.mjs'

const ROUNDS = Math.ceil(Number(process.env.BENCH_ROUNDS ?? 6) / 2) * 2
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const CONNECTIONS = 16
deadline(300_000, 'the memory-cost benchmark')

const fixed = (n, digits = 1) => Number(n.toFixed(digits))

async function measure(verso, mode) {
  await load(mode, verso.port, CONNECTIONS, 1, verso.apiKey)
  const cpu = cpuSeconds(verso.server.pid)
  const tree = treeCpuSeconds(verso.server.pid)
  const r = await load(mode, verso.port, CONNECTIONS, SECONDS, verso.apiKey)
  if (r.errors > 0) throw new Error(`${mode}: ${r.errors} failed requests (${JSON.stringify(r.errorKinds)})`)
  return {
    perSecond: r.perSecond,
    p99Ms: r.p99Ms,
    serverCpuUs: ((cpuSeconds(verso.server.pid) - cpu) * 1e6) / r.requests,
    treeCpuUs: ((treeCpuSeconds(verso.server.pid) - tree) * 1e6) / r.requests,
  }
}

const verso = await startVerso({ env: { LOG_LEVEL: 'info' } })
const rounds = []
try {
  await load('verso', verso.port, CONNECTIONS, 2, verso.apiKey)
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 === 0 ? ['verso', 'verso-nomemory'] : ['verso-nomemory', 'verso']
    const round = {}
    for (const mode of order) round[mode] = await measure(verso, mode)
    const on = round.verso
    const off = round['verso-nomemory']
    round.throughputRatio = on.perSecond / off.perSecond
    round.serverCpuDeltaUs = on.serverCpuUs - off.serverCpuUs
    console.error(
      `round ${i + 1} (${order.join(' then ')}): memory on ${fixed(on.perSecond)} req/s, server ${fixed(on.serverCpuUs, 0)} µs CPU/request (tree ${fixed(on.treeCpuUs, 0)}), p99 ${fixed(on.p99Ms)} ms; ` +
        `off ${fixed(off.perSecond)} req/s, server ${fixed(off.serverCpuUs, 0)} µs (tree ${fixed(off.treeCpuUs, 0)}), p99 ${fixed(off.p99Ms)} ms; on/off ${fixed(round.throughputRatio, 3)}, server CPU +${fixed(round.serverCpuDeltaUs, 0)} µs`,
    )
    rounds.push(round)
  }
} finally {
  await stop(verso.server)
}
/** Per pair of rounds (AB then BA): the mean of `pick`; then the median of the pairs. */
const pairs = (pick) => {
  const means = []
  for (let i = 0; i + 1 < rounds.length; i += 2) means.push((pick(rounds[i]) + pick(rounds[i + 1])) / 2)
  return median(means)
}
const summary = {
  rounds: ROUNDS,
  secondsPerRun: SECONDS,
  connections: CONNECTIONS,
  throughputRatio: fixed(pairs((r) => r.throughputRatio), 3),
  serverCpuDeltaUs: fixed(pairs((r) => r.serverCpuDeltaUs), 0),
  serverCpuUs: { on: fixed(pairs((r) => r.verso.serverCpuUs), 0), off: fixed(pairs((r) => r['verso-nomemory'].serverCpuUs), 0) },
  perSecond: { on: fixed(pairs((r) => r.verso.perSecond)), off: fixed(pairs((r) => r['verso-nomemory'].perSecond)) },
}
console.error(
  `median of ${ROUNDS / 2} order-balanced pairs of rounds: throughput with the memory / without ${summary.throughputRatio} ` +
    `(${summary.perSecond.on} vs ${summary.perSecond.off} req/s); server CPU +${summary.serverCpuDeltaUs} µs per request (${summary.serverCpuUs.on} vs ${summary.serverCpuUs.off})`,
)
console.log(`BENCH_JSON ${JSON.stringify(summary)}`)
