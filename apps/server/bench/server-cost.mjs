// The server's own CPU per POST /v2/translate, with neither sockets nor an engine in the way:
// the app as `npm start` builds it (createServices, pino at `info` into /dev/null), requests
// sent with Fastify's inject() by 16 concurrent callers, each with a distinct sentence, and the
// engine replaced by a stand-in that answers at once (it upper-cases the text: this measures
// the server, never a translation anyone sees). Rounds alternate the default (through the
// translation memory) with `"use_memory": false`, order flipping every round (AB, BA, …), and
// the figure is the median per kind and the median of the per-pair differences.
// Not part of `npm run bench`; by hand, after the build:
//   node apps/server/bench/server-cost.mjs        BENCH_REQUESTS (10000 per run), BENCH_ROUNDS (6)
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { pino } from 'pino'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const { buildApp, configFromEnv, createServices } = await import(join(root, 'apps/server/dist/index.js'))
const { sentences } = await import(join(root, 'scripts/bench/sentences.mjs'))
const { median } = await import(join(root, 'scripts/bench/stats.mjs'))

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000)
const ROUNDS = Math.ceil(Number(process.env.BENCH_ROUNDS ?? 6) / 2) * 2
const CALLERS = 16

const dataDir = mkdtempSync(join(tmpdir(), 'verso-server-cost-'))
const config = configFromEnv({ ...process.env, DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '1000000000', LOG_LEVEL: 'info' })
const logger = pino({ level: 'info' }, pino.destination({ dest: '/dev/null', sync: false }))
const services = createServices(config, { logger })
await services.ready()
const instant = (segments) => segments.map((segment) => ({ segment: typeof segment === 'string' ? segment.toUpperCase() : segment, engine: 'apertium' }))
const engine = Object.assign(Object.create(services.engine), {
  translate: async (segments) => instant(segments),
  translateSettled: async (segments) => instant(segments),
})
const app = await buildApp({ ...services, engine, loggerInstance: logger })
const { apiKey } = await services.metering.createAccount({ email: 'bench@example.com', fullName: 'Bench', credits: 1e12 })

let next = 2_000_000 // a range of the sentence generator no other benchmark draws from
async function run(useMemory, count) {
  let left = count
  const before = process.cpuUsage()
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (left-- > 0) {
        const body = { text: sentences(1, next++)[0], source: 'en', target: 'es', ...(useMemory ? {} : { use_memory: false }) }
        const res = await app.inject({ method: 'POST', url: '/v2/translate', headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, payload: JSON.stringify(body) })
        if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`)
      }
    }),
  )
  const cpu = process.cpuUsage(before)
  return (cpu.user + cpu.system) / count
}

try {
  await run(true, 2000)
  await run(false, 2000)
  const on = []
  const off = []
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [true, false] : [false, true]
    for (const useMemory of order) (useMemory ? on : off).push(await run(useMemory, REQUESTS))
    console.error(`round ${round + 1}: memory on ${on.at(-1).toFixed(0)} µs, off ${off.at(-1).toFixed(0)} µs CPU per request`)
  }
  const summary = {
    requestsPerRun: REQUESTS,
    rounds: ROUNDS,
    usPerRequest: { memoryOn: Math.round(median(on)), memoryOff: Math.round(median(off)) },
    memoryDeltaUs: Math.round(median(on.map((value, i) => value - off[i]))),
  }
  console.error(`median: ${summary.usPerRequest.memoryOn} µs with the memory, ${summary.usPerRequest.memoryOff} µs without (+${summary.memoryDeltaUs} µs)`)
  console.log(`BENCH_JSON ${JSON.stringify(summary)}`)
} finally {
  await app.close()
  await services.close()
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(0)
