import { engineOrder, type EngineEnv } from '@verso/engine'
/**
 * The operational contract (ARCHITECTURE.md): environment variables and their defaults.
 * Read once at start-up; everything else receives a plain `Config`.
 */
export interface Config {
  port: number
  host: string
  dataDir: string
  publicBaseUrl: string
  rateLimitPerMinute: number
  webhookAllowPrivateNetworks: boolean
  webhookBackoffMs: number
  databaseUrl?: string
  redisUrl?: string
  /** When set, API keys are stored as HMAC-SHA-256 under it; changing it invalidates every key. */
  apiKeyPepper?: string
  logLevel: string
  /** The engine variables (VERSO_ENGINES, DEEPL_API_KEY, …, ENGINE_TIMEOUT_MS); keys stay in here and in the translators. */
  engineEnv: EngineEnv
  /** Bearer token GET /metrics requires; unset: /metrics is open. */
  metricsToken?: string
  /** APERTIUM_IDLE_MS: a pipeline unused this long is stopped. */
  apertiumIdleMs: number
  /** APERTIUM_MAX_PIPELINES: most Apertium pipelines at once; unset: the engine sizes it to the machine. */
  apertiumMaxPipelines?: number
  /** APERTIUM_STOI_FAST_PATH (default true): preload the engine's stoi fast path into the Apertium stages when it was built. */
  apertiumStoiFastPath: boolean
  /** APERTIUM_STAGE_ALLOCATOR (default tcmalloc): the Apertium stages' memory allocator, `tcmalloc` where installed or `system`. */
  apertiumStageAllocator: 'tcmalloc' | 'system'
}

/** Variables of the engines (ARCHITECTURE.md's operational contract), passed to @verso/engine as they are. */
const ENGINE_VARIABLES = [
  'VERSO_ENGINES',
  'DEEPL_API_KEY',
  'DEEPL_API_URL',
  'GOOGLE_TRANSLATE_API_KEY',
  'GOOGLE_TRANSLATE_API_URL',
  'LIBRETRANSLATE_URL',
  'LIBRETRANSLATE_API_KEY',
  'OPENAI_BASE_URL',
  'OPENAI_API_KEY',
  'OPENAI_MODEL',
  'OPENAI_LANGUAGES',
  'ENGINE_TIMEOUT_MS',
] as const

export class ConfigError extends Error {
  override name = 'ConfigError'
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min) {
    throw new ConfigError(`${name} must be a whole number ≥ ${min}, got ${JSON.stringify(raw)}`)
  }
  return value
}

/** A true/false variable; unset or empty: `fallback`. */
function flag(env: NodeJS.ProcessEnv, name: string, fallback = false): boolean {
  const raw = (env[name] ?? '').toLowerCase()
  if (raw === '') return fallback
  if (raw === 'false' || raw === '0' || raw === 'no') return false
  if (raw === 'true' || raw === '1' || raw === 'yes') return true
  throw new ConfigError(`${name} must be true or false, got ${JSON.stringify(env[name])}`)
}

function stageAllocator(env: NodeJS.ProcessEnv): 'tcmalloc' | 'system' {
  const raw = (env.APERTIUM_STAGE_ALLOCATOR ?? '').trim().toLowerCase()
  if (raw === '' || raw === 'tcmalloc') return 'tcmalloc'
  if (raw === 'system') return 'system'
  throw new ConfigError(`APERTIUM_STAGE_ALLOCATOR must be tcmalloc or system, got ${JSON.stringify(env.APERTIUM_STAGE_ALLOCATOR)}`)
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer(env, 'PORT', 8080, 0)
  const publicBaseUrl = (env.PUBLIC_BASE_URL || `http://localhost:${port}`).replace(/\/+$/, '')
  try {
    new URL(publicBaseUrl)
  } catch {
    throw new ConfigError(`PUBLIC_BASE_URL must be an absolute URL, got ${JSON.stringify(env.PUBLIC_BASE_URL)}`)
  }
  const engineEnv: EngineEnv = {}
  for (const name of ENGINE_VARIABLES) if (env[name] !== undefined && env[name] !== '') engineEnv[name] = env[name]
  try {
    engineOrder(engineEnv)
  } catch (error) {
    throw new ConfigError((error as Error).message)
  }
  return {
    engineEnv,
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: env.DATA_DIR || './data',
    publicBaseUrl,
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 60, 1),
    webhookAllowPrivateNetworks: flag(env, 'WEBHOOK_ALLOW_PRIVATE_NETWORKS'),
    webhookBackoffMs: integer(env, 'WEBHOOK_BACKOFF_MS', 1000, 0),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    apiKeyPepper: env.API_KEY_PEPPER || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    metricsToken: env.METRICS_TOKEN || undefined,
    apertiumIdleMs: integer(env, 'APERTIUM_IDLE_MS', 600_000, 1),
    apertiumMaxPipelines: env.APERTIUM_MAX_PIPELINES ? integer(env, 'APERTIUM_MAX_PIPELINES', 0, 1) : undefined,
    apertiumStoiFastPath: flag(env, 'APERTIUM_STOI_FAST_PATH', true),
    apertiumStageAllocator: stageAllocator(env),
  }
}
