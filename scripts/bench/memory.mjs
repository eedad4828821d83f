// Memory of the server with every installed Apertium pair (issue 10, item 2): the RSS of the
// server's WHOLE process tree (VmRSS summed over the server and every process descending from
// it, read from /proc: Node plus each Apertium stage), at three points:
//   1. idle after start-up (/health answers, then 3 s of quiet),
//   2. right after translating one sentence through each of DIRECTIONS (30) different
//      directions (then a few more sentences per direction, 4 at once, so that a direction
//      that runs several pipelines has them up),
//   3. after the idle time: the server runs with APERTIUM_IDLE_MS=BENCH_IDLE_MS (5000); after
//      2×IDLE_MS the tree is sampled every second until three samples agree (same processes,
//      within 5 MB) or IDLE_MS×3 + 15 s have passed since the last translation.
// Budgets: ≤ 500 MB at 1, ≤ 2.5 GB at 2, back to ≤ 500 MB at 3. A budget missed is printed and
// recorded, not an error: only a harness failure (server does not start, no 30 routable
// directions, a translation refused) exits non-zero.
//
// The directions: every ordered pair of the codes GET /v2/supported-languages lists (auto
// left out), in a fixed shuffled order so that they spread over sources and targets; each is
// tried with one sentence, a 400 (not routable) is skipped, the first 30 that translate are
// the ones measured. A direction that answers another error (a 503: its pipeline died) is
// skipped too, and listed in the output: that is a defect to report, not one of the 30. Verso runs as `npm start` would (harness.mjs), LOG_LEVEL=warn.
import { median } from './stats.mjs'
import { deadline, stop, treeRss } from './processes.mjs'
import { startVerso } from './harness.mjs'

const DIRECTIONS = Number(process.env.BENCH_DIRECTIONS ?? 30)
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 5000)
const MB = 1024 * 1024
const BUDGET = { idle: 500 * MB, busy: 2.5 * 1024 * MB, afterIdle: 500 * MB }
deadline(Number(process.env.BENCH_TIME_LIMIT_S ?? 360) * 1000, 'the memory benchmark')

const verso = await startVerso({ env: { LOG_LEVEL: 'warn', APERTIUM_IDLE_MS: String(IDLE_MS) }, name: 'memory' })
const pid = verso.server.pid
const headers = { 'content-type': 'application/json', 'x-api-key': verso.apiKey }
const mb = (bytes) => Math.round(bytes / MB)
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

async function translate(text, source, target) {
  const res = await fetch(`${verso.url}/v2/translate`, { method: 'POST', headers, body: JSON.stringify({ text, source, target }) })
  return { status: res.status, body: await res.json().catch(() => null) }
}

/** A stable, spread-out order of every ordered pair (mulberry32, fixed seed). */
function shuffledPairs(codes) {
  const pairs = []
  for (const source of codes) for (const target of codes) if (source !== target) pairs.push([source, target])
  let seed = 20261123
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  for (let i = pairs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[pairs[i], pairs[j]] = [pairs[j], pairs[i]]
  }
  return pairs
}

const result = { directions: DIRECTIONS, idleMs: IDLE_MS, budgetsMb: { idle: 500, after30: 2560, afterIdle: 500 } }
try {
  // The start-up probe (harness.mjs) translated en→es once; that is part of "after start-up".
  await sleep(3000)
  const idle = treeRss(pid)
  result.idle = { rssMb: mb(idle.bytes), processes: idle.processes }
  console.error(`idle after start-up: ${mb(idle.bytes)} MB in ${idle.processes} processes (budget 500 MB: ${idle.bytes <= BUDGET.idle ? 'met' : 'MISSED'})`)

  const listing = await fetch(`${verso.url}/v2/supported-languages`, { headers })
  if (listing.status !== 200) throw new Error(`GET /v2/supported-languages answered ${listing.status}`)
  const codes = Object.values((await listing.json()).supported_languages ?? {}).filter((code) => code !== 'auto')
  console.error(`${codes.length} language codes listed`)
  const used = []
  let refused = 0
  const failed = []
  const started = performance.now()
  for (const [source, target] of shuffledPairs(codes)) {
    if (used.length === DIRECTIONS) break
    const { status, body } = await translate('The old man reads a red book in the city every morning.', source, target)
    if (status === 400) {
      refused++
      continue
    }
    if (status !== 200) {
      // The engine could not serve a listed direction: a finding to report, not a harness error.
      failed.push(`${source}→${target}: ${status} ${body?.detail ?? ''}`)
      continue
    }
    used.push(`${source}→${target}`)
  }
  if (used.length < DIRECTIONS) throw new Error(`only ${used.length} routable directions among ${codes.length} codes (${refused} refused): cannot measure ${DIRECTIONS}`)
  // A few more sentences per direction, 4 at once, so that several pipelines per direction (if any) are up.
  for (const direction of used) {
    const [source, target] = direction.split('→')
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => translate(`My sister buys ${i + 2} fresh cakes at the market after work.`, source, target)))
    const bad = answers.find((a) => a.status !== 200)
    if (bad) throw new Error(`${direction} answered ${bad.status}: ${JSON.stringify(bad.body)}`)
  }
  const busy = treeRss(pid)
  const busyS = (performance.now() - started) / 1000
  result.after30 = { rssMb: mb(busy.bytes), processes: busy.processes, seconds: Number(busyS.toFixed(1)), directionsTried: used.length + refused + failed.length, list: used, failed }
  for (const failure of failed) console.error(`!! a listed direction failed (skipped): ${failure}`)
  console.error(`after ${DIRECTIONS} directions (${used.join(' ')}; ${refused} unroutable pairs skipped; ${busyS.toFixed(1)} s): ${mb(busy.bytes)} MB in ${busy.processes} processes (budget 2.5 GB: ${busy.bytes <= BUDGET.busy ? 'met' : 'MISSED'})`)

  const waitUntil = Date.now() + IDLE_MS * 3 + 15_000
  const samples = []
  // Twice the idle time first (a server may look for idle pipelines only now and then), then
  // until three samples a second apart agree.
  await sleep(IDLE_MS * 2)
  for (;;) {
    await sleep(1000)
    samples.push(treeRss(pid))
    const last = samples.slice(-3)
    const settled = last.length === 3 && last.every((s) => s.processes === last[0].processes) && Math.abs(last[2].bytes - last[0].bytes) < 5 * MB
    if (settled || Date.now() > waitUntil) break
  }
  const after = samples.at(-1)
  result.afterIdle = { rssMb: mb(after.bytes), processes: after.processes, waitedSeconds: Number(((IDLE_MS * 2) / 1000 + samples.length).toFixed(0)) }
  console.error(`after the idle time (APERTIUM_IDLE_MS=${IDLE_MS}, sampled ${samples.length} s after twice that): ${mb(after.bytes)} MB in ${after.processes} processes (budget: back to ≤ 500 MB: ${after.bytes <= BUDGET.afterIdle ? 'met' : 'MISSED'})`)
  const health = []
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now()
    const res = await fetch(`${verso.url}/health`)
    await res.arrayBuffer()
    health.push(performance.now() - t0)
  }
  const afterHealth = treeRss(pid)
  result.health = { medianMs: Number(median(health).toFixed(1)), processesAfter: afterHealth.processes }
  console.error(`GET /health: median ${median(health).toFixed(1)} ms; ${afterHealth.processes} processes after it (it must not start pipelines)`)
} finally {
  await stop(verso.server)
}
result.budgets = {
  idle: result.idle.rssMb <= 500 ? 'met' : 'missed',
  after30: result.after30.rssMb <= 2560 ? 'met' : 'missed',
  afterIdle: result.afterIdle.rssMb <= 500 ? 'met' : 'missed',
}
console.error(`budgets: idle ${result.budgets.idle}, after ${DIRECTIONS} directions ${result.budgets.after30}, after the idle time ${result.budgets.afterIdle}`)
console.log(`BENCH_JSON ${JSON.stringify(result)}`)
