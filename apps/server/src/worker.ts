import { pino } from 'pino'
import { configFromEnv } from './config.js'
import { createServices } from './services.js'

/**
 * `npm run worker`: a job worker only, for scale-out (DATABASE_URL + REDIS_URL shared with the
 * servers). In the embedded mode the server runs its own worker and this is not needed.
 */
async function main(): Promise<void> {
  const config = configFromEnv()
  if (!config.databaseUrl || !config.redisUrl) {
    console.error('verso worker: set DATABASE_URL and REDIS_URL; the embedded server already runs its own worker.')
    process.exit(2)
  }
  const services = createServices(config, { logger: pino({ level: config.logLevel }) })
  await services.ready()
  services.jobs.startWorker()
  console.error('verso worker: waiting for jobs')
  const stop = async () => {
    await services.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop())
  process.on('SIGTERM', () => void stop())
}

main().catch((error: unknown) => {
  console.error(`verso worker: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
