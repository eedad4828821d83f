import { pino } from 'pino'
import { buildApp } from './app.js'
import { configFromEnv } from './config.js'
import { createServices } from './services.js'

/** `npm start`: env → drivers → buildApp → listen; a clean shutdown on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = configFromEnv()
  // One pino logger for the routes and the job engine (its lease, queue, webhook and refund errors).
  const logger = pino({ level: config.logLevel })
  const services = createServices(config, { logger })
  services.jobs.startWorker()
  const app = await buildApp({ ...services, loggerInstance: logger })
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, 'shutting down')
    await app.close()
    await services.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
  await app.listen({ port: config.port, host: config.host })
  app.log.info(`Verso is serving ${config.publicBaseUrl} (data in ${config.dataDir})`)
}

main().catch((error: unknown) => {
  console.error(`verso: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
