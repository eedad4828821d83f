export { MeteringError, meteringErrorCodes } from './errors.js'
export type { MeteringErrorCode } from './errors.js'
export { IDEMPOTENCY_TTL_MS, createMetering, meteringFromEnv } from './metering.js'
export type { KeyedOptions, Metering, MeteringOptions } from './metering.js'
export { createRateLimiter } from './rate-limit/index.js'
export type { RateLimiter, RateLimiterOptions, RateLimitResult } from './rate-limit/index.js'
export { postgresStore } from './store/postgres.js'
export type { PostgresStoreOptions } from './store/postgres.js'
export { sqliteStore } from './store/sqlite.js'
export type { SqliteStoreOptions } from './store/sqlite.js'
export type {
  Account,
  AccountSummary,
  AuthResult,
  ChargeResult,
  IdempotencyClaim,
  IdempotentBegin,
  KeyStatus,
  MeteringStore,
  NewAccountRow,
  StoredAccount,
  StoredResponse,
} from './types.js'
