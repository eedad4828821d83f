import { configuredEngines, createEngine, routedEngineFromEnv, type Engine, type RoutedEngine } from '@verso/engine'
import { createRateLimiter, meteringFromEnv, type Metering, type RateLimiter } from '@verso/metering'
import { createJobService, jobsFromEnv, type CreditsHook, type JobLogger, type JobService } from '@verso/jobs'
import { createMemoryTranslator, memoryStoreFromEnv, type MemoryStore } from '@verso/memory'
import type { Config } from './config.js'
import { createMetrics, type Metrics } from './metrics.js'
import { memoryEngine } from './memory.js'

export interface Services {
  engine: Engine
  metering: Metering
  rateLimiter: RateLimiter
  jobs: JobService
  /** Translation memories, ledgers and glossaries: DATA_DIR/verso.db, or PostgreSQL with DATABASE_URL. */
  memoryStore: MemoryStore
  /** Reads the remote engines' languages (before listening); nothing to do with Apertium alone. */
  ready(): Promise<void>
  metrics: Metrics
  close(): Promise<void>
}

/**
 * env → drivers: embedded SQLite + in-process worker by default, PostgreSQL/Redis when configured.
 * `logger` (main.ts passes the server's pino logger) receives what the job engine cannot throw:
 * queue and lease errors, webhooks out of retries, failed refunds. Default: silent.
 */
export function createServices(config: Config, options: { logger?: JobLogger } = {}): Services {
  const env = { DATA_DIR: config.dataDir, DATABASE_URL: config.databaseUrl, REDIS_URL: config.redisUrl, API_KEY_PEPPER: config.apiKeyPepper }
  const engine = engineFromConfig(config)
  const metrics = createMetrics({ engine: () => engine })
  const metering = meteringFromEnv(env)
  const rateLimiter = createRateLimiter({ limit: config.rateLimitPerMinute, ...(config.redisUrl ? { redisUrl: config.redisUrl } : {}) })
  const memoryStore = memoryStoreFromEnv(env)
  const drivers = jobsFromEnv(env, { ...(options.logger ? { logger: options.logger } : {}) })
  const jobs = createJobService({
    store: drivers.store,
    files: drivers.files,
    queue: drivers.queue,
    translator: engine,
    // jobs reuse the account's memory and its glossaries, whatever engine translates
    memory: metrics.instrumentMemory(createMemoryTranslator({ translator: engine, store: memoryStore, ...memoryEngine(engine), ...(options.logger ? { logger: options.logger } : {}) })),
    supportsLanguage: (code) => engine.languages().some((language) => language.code === code),
    publicBaseUrl: config.publicBaseUrl,
    // jobs' credits are counted by the same metrics as the routes'
    credits: jobCredits(metrics.instrumentMetering(metering)),
    webhookSecret: (ownerId) => metering.webhookSecret(ownerId),
    webhook: { backoffMs: config.webhookBackoffMs, allowPrivateNetworks: config.webhookAllowPrivateNetworks },
    ...(options.logger ? { logger: options.logger } : {}),
    events: { jobFinished: (status) => metrics.jobFinished(status), webhookAttempt: (outcome) => metrics.webhookDelivered(outcome) },
  })
  metrics.setQueueDepth(async () => (await drivers.store.runnable()).length)
  return {
    engine,
    metering,
    rateLimiter,
    jobs,
    memoryStore,
    async ready() {
      await (engine as Partial<RoutedEngine>).start?.()
    },
    metrics,
    async close() {
      await jobs.close()
      await drivers.close()
      await rateLimiter.close()
      await engine.close()
      await memoryStore.close()
      await metering.close()
    },
  }
}

/**
 * Apertium alone when no remote engine is configured (the embedded engine as it is);
 * otherwise every engine VERSO_ENGINES asks for behind the router, with Apertium among them.
 */
export function engineFromConfig(config: Pick<Config, 'engineEnv'> & Partial<Pick<Config, 'apertiumIdleMs' | 'apertiumMaxPipelines' | 'apertiumStoiFastPath' | 'apertiumStageAllocator'>>): Engine {
  const env = config.engineEnv ?? {}
  const apertium = createEngine({
    ...(config.apertiumIdleMs !== undefined ? { idleMs: config.apertiumIdleMs } : {}),
    ...(config.apertiumMaxPipelines !== undefined ? { maxPipelines: config.apertiumMaxPipelines } : {}),
    ...(config.apertiumStoiFastPath !== undefined ? { stoiFastPath: config.apertiumStoiFastPath } : {}),
    ...(config.apertiumStageAllocator !== undefined ? { stageAllocator: config.apertiumStageAllocator } : {}),
  })
  const remote = configuredEngines(env).some((id) => id !== 'apertium')
  if (!remote && !env.VERSO_ENGINES) return apertium
  return routedEngineFromEnv(env, { apertium: { engine: apertium } })
}

/**
 * Jobs reserve and refund credits through metering; @verso/jobs does not depend on it. The
 * hook's `idempotencyKey` and `attempt` are metering's KeyedOptions as they are (without a key,
 * the charge or refund is a plain one).
 */
export function jobCredits(metering: Metering): CreditsHook {
  return {
    reserve: async (ownerId, amount, options) => {
      const charge = await metering.charge(ownerId, amount, options)
      return charge.ok ? { ok: true } : { ok: false, remaining: charge.remaining, required: charge.required }
    },
    // Refunds are not keyed by refund id: one retried after a crash between paying and settling is paid again (see @verso/jobs).
    // A job whose creation under an Idempotency-Key failed gives back its keyed reservation (a retry with the key reserves again).
    // With the attempt, a creation that lost its key to another run gives back nothing of that run's reservation.
    refund: (ownerId, amount, refund) => metering.refund(ownerId, amount, refund),
  }
}
