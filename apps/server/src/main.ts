import { pino } from 'pino'
import { describeStagePreloads } from '@verso/engine'
import { buildApp } from './app.js'
import { configFromEnv } from './config.js'
import { createServices } from './services.js'

/** `npm start`: env → drivers → buildApp → listen; a clean shutdown on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = configFromEnv()
  // One pino logger for the routes and the job engine (its lease, queue, webhook and refund
  // errors). Each line is one write(2) to stdout as it is logged (pino's default): nothing
  // is held in memory for a crash to lose, and under load it is cheaper than handing each
  // write to libuv's thread pool (`sync: false`: the server's CPU per request −5 to −10 %,
  // BENCHMARKS.md, "Log lines written synchronously"). A reader of stdout that stops
  // reading blocks the server once the pipe is full, as with any synchronous logger.
  const logger = pino({ level: config.logLevel }, pino.destination({ dest: 1, sync: true }))
  const services = createServices(config, { logger })
  await services.ready()
  services.jobs.startWorker()
  const app = await buildApp({ ...services, metricsToken: config.metricsToken, loggerInstance: logger })
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, 'shutting down')
    let code = 0
    try {
      await app.close()
      // Writes what metering keeps in memory (usage counters) before the process ends.
      await services.close()
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed')
      code = 1
    }
    process.exit(code)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
  await app.listen({ port: config.port, host: config.host })
  app.log.info(`Verso is serving ${config.publicBaseUrl} (data in ${config.dataDir})`)
  // whether the Apertium stages run with their speed-ups (APERTIUM_STOI_FAST_PATH, APERTIUM_STAGE_ALLOCATOR) and the tagger fix
  const preloads = describeStagePreloads({ stoiFastPath: config.apertiumStoiFastPath, allocator: config.apertiumStageAllocator })
  app.log.info({ stagePreloads: preloads }, `Apertium stages: stoi fast path ${preloads.stoiFastPath}, tcmalloc ${preloads.tcmalloc}, tagger open-class fix ${preloads.taggerOpenClassFix}`)
}

main().catch((error: unknown) => {
  console.error(`verso: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
