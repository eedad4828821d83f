// /v2/translate under 16 concurrent clients vs the raw Apertium pipeline vs apertium-apy,
// all on the same kind of distinct English sentences, in one run. The machine is shared and
// its load drifts within a minute, so raw and service runs alternate (raw, service, raw,
// service, raw, service) and the ratio is of their medians; each round's ratio is printed too.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sentences } from './sentences.mjs'
import { connectionPool } from './http-client.mjs'
import { closedLoop, median, percentile } from './stats.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
const COUNT = Number(process.env.BENCH_SENTENCES ?? 2000)
const CLIENTS = 16
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS })

function request(port, method, path, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const req = http.request(
      { host: '127.0.0.1', port, method, path, agent, headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) } },
      (res) => {
        const chunks = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }))
      },
    )
    req.on('error', reject)
    if (payload) req.write(payload)
    req.end()
  })
}

async function waitFor(check, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if (await check()) return
    } catch {}
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${what} did not come up within ${timeoutMs} ms`)
}

/** `apertium eng-spa` over the whole input, one sentence per line (given as a file: fed on a
 * pipe from Node, the `apertium` script's deformatter printed its usage instead). */
function rawPipeline(texts) {
  const dir = mkdtempSync(join(tmpdir(), 'verso-raw-'))
  const input = join(dir, 'in.txt')
  writeFileSync(input, texts.join('\n') + '\n')
  const started = performance.now()
  const result = spawnSync('apertium', ['eng-spa', input], { maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' })
  const wallMs = performance.now() - started
  rmSync(dir, { recursive: true, force: true })
  const lines = result.stdout.split('\n').filter((line) => line.trim() !== '').length
  if (result.status !== 0 || lines !== texts.length) throw new Error(`apertium gave ${lines} lines for ${texts.length}: ${result.stderr}`)
  return { wallMs, perSecond: (texts.length / wallMs) * 1000 }
}

/** Runs `rounds` measured loops against one server; `between(i)` runs before round i. */
async function verso(rounds, warmTexts, between) {
  const dataDir = mkdtempSync(join(tmpdir(), 'verso-bench-'))
  const port = await freePort()
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn' }
  const created = spawnSync('node', [join(root, 'apps/server/dist/admin.js'), 'accounts', 'create', '--email', 'bench@example.com', '--name', 'Bench', '--credits', '100000000'], { env, encoding: 'utf8' })
  if (created.status !== 0) throw new Error(`admin failed: ${created.stderr}`)
  const apiKey = JSON.parse(created.stdout).api_key
  const server = spawn('node', [join(root, 'apps/server/dist/main.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] })
  try {
    await waitFor(async () => (await request(port, 'GET', '/health')).status === 200, 'verso')
    const headers = { 'X-API-KEY': apiKey }
    const connections = connectionPool(port, CLIENTS)
    const translate = async (text, worker) => {
      const res = await connections[worker].request('POST', '/v2/translate', { text, source: 'en', target: 'es' }, headers)
      if (res.status !== 200) throw new Error(`verso answered ${res.status}: ${res.body}`)
    }
    await closedLoop(warmTexts.length, CLIENTS, (i, worker) => translate(warmTexts[i], worker))
    const results = []
    for (const [round, texts] of rounds.entries()) {
      between(round)
      const cpu = process.cpuUsage()
      const run = await closedLoop(texts.length, CLIENTS, (i, worker) => translate(texts[i], worker))
      results.push({ ...summarise(run, texts.length), clientCpu: clientCpuShare(cpu, run.wallMs) })
    }
    for (const connection of connections) connection.close()
    return results
  } finally {
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function apy(texts, warmTexts) {
  if (spawnSync('sh', ['-c', 'command -v apertium-apy']).status !== 0) return null
  const port = await freePort()
  const server = spawn('apertium-apy', ['-p', String(port), '-i', '2', '-n', '2', '/usr/share/apertium/modes'], { stdio: 'ignore' })
  try {
    await waitFor(async () => (await request(port, 'GET', '/listPairs')).status === 200, 'apertium-apy')
    const connections = connectionPool(port, CLIENTS)
    const translate = async (text, worker) => {
      const res = await connections[worker].request('GET', `/translate?langpair=eng|spa&q=${encodeURIComponent(text)}`)
      if (res.status !== 200) throw new Error(`apy answered ${res.status}`)
    }
    await closedLoop(warmTexts.length, CLIENTS, (i, worker) => translate(warmTexts[i], worker))
    const cpu = process.cpuUsage()
    const run = await closedLoop(texts.length, CLIENTS, (i, worker) => translate(texts[i], worker))
    for (const connection of connections) connection.close()
    return { ...summarise(run, texts.length), clientCpu: clientCpuShare(cpu, run.wallMs) }
  } finally {
    server.kill('SIGTERM')
  }
}

/** The bench process's CPU since `since` as a share of one core over `wallMs`. */
function clientCpuShare(since, wallMs) {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1000 / wallMs
}

function summarise(run, count) {
  return {
    perSecond: (count / run.wallMs) * 1000,
    wallMs: run.wallMs,
    p50Ms: median(run.latencies),
    p99Ms: percentile(run.latencies, 99),
  }
}

const fixed = (n, d = 1) => Number(n.toFixed(d))
const raws = []
const rounds = Array.from({ length: ROUNDS }, (_, i) => sentences(COUNT, 20_000 + i * 7_919))
const services = await verso(rounds, sentences(200, 5_000), (round) => {
  const raw = rawPipeline(sentences(COUNT, 10_000 + round * 7_919))
  raws.push(raw)
  console.error(`round ${round + 1}: raw apertium eng-spa: ${COUNT} sentences in ${fixed(raw.wallMs)} ms = ${fixed(raw.perSecond)} sentences/s`)
})
services.forEach((s, i) =>
  console.error(`round ${i + 1}: verso /v2/translate, ${CLIENTS} clients: ${fixed(s.perSecond)} req/s, p50 ${fixed(s.p50Ms)} ms, p99 ${fixed(s.p99Ms)} ms, load generator ${fixed(s.clientCpu * 100, 0)} % of a core; ratio to the raw run before it ${fixed(s.perSecond / raws[i].perSecond, 3)}`),
)
const medianOf = (runs, field) => median(runs.map((r) => r[field]))
const raw = { perSecond: medianOf(raws, 'perSecond'), wallMs: medianOf(raws, 'wallMs') }
const service = { perSecond: medianOf(services, 'perSecond'), p50Ms: medianOf(services, 'p50Ms'), p99Ms: medianOf(services, 'p99Ms') }
console.error(`medians of ${ROUNDS} rounds: raw ${fixed(raw.perSecond)} sentences/s; verso ${fixed(service.perSecond)} req/s, p50 ${fixed(service.p50Ms)} ms, p99 ${fixed(service.p99Ms)} ms`)
const apyCount = Math.min(COUNT, 1000)
const peer = await apy(sentences(apyCount, 40_000), sentences(100, 6_000))
if (peer) console.error(`apertium-apy /translate, ${CLIENTS} clients: ${fixed(peer.perSecond)} req/s, p50 ${fixed(peer.p50Ms)} ms, p99 ${fixed(peer.p99Ms)} ms, load generator ${fixed(peer.clientCpu * 100, 0)} % of a core`)
else console.error('apertium-apy is not installed: peer comparison skipped')
const result = {
  sentences: COUNT,
  clients: CLIENTS,
  rounds: ROUNDS,
  raw: { perSecond: fixed(raw.perSecond), wallMs: fixed(raw.wallMs), rounds: raws.map((r) => fixed(r.perSecond)) },
  verso: { perSecond: fixed(service.perSecond), p50Ms: fixed(service.p50Ms), p99Ms: fixed(service.p99Ms), rounds: services.map((s) => fixed(s.perSecond)) },
  roundRatios: services.map((s, i) => fixed(s.perSecond / raws[i].perSecond, 3)),
  versoToRaw: fixed(service.perSecond / raw.perSecond, 3),
  apy: peer && { perSecond: fixed(peer.perSecond), p50Ms: fixed(peer.p50Ms), p99Ms: fixed(peer.p99Ms), sentences: apyCount },
  versoToApy: peer ? fixed(service.perSecond / peer.perSecond, 2) : null,
}
console.error(`ratio verso/raw = ${result.versoToRaw}${peer ? `, verso/apy = ${result.versoToApy}` : ''}`)
console.log(`BENCH_JSON ${JSON.stringify({ service: result })}`)
agent.destroy()
