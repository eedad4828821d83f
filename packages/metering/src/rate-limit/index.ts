import { createHash } from 'node:crypto'
import { MeteringError } from '../errors.js'
import { memoryCounter } from './memory.js'
import { redisCounter } from './redis.js'

export interface RateLimitResult {
  /** `false`: answer 429. */
  allowed: boolean
  /** Requests made in the current window, this one included (refused ones count too). */
  count: number
  limit: number
  remaining: number
  /** When the current window ends, epoch ms. */
  resetAt: number
  /** Seconds until the window ends, rounded up: 0 when allowed, ≥ 1 when refused (Retry-After). */
  retryAfterSeconds: number
}

export interface RateLimiter {
  /** Counts one request for `key` (an API key or account id; only a hash of it is kept). */
  hit(key: string): Promise<RateLimitResult>
  close(): Promise<void>
}

export interface RateLimiterOptions {
  /** Requests allowed per window per key; the server passes RATE_LIMIT_PER_MINUTE (60). */
  limit: number
  /** Window length in ms. Default: 60_000. */
  windowMs?: number
  /** Share counts between processes through Redis. Default: in-memory (one process). */
  redisUrl?: string
  /** Prefix of the Redis keys. Default: `verso:ratelimit:`. */
  prefix?: string
  /** Clock, epoch ms. Default: `Date.now`. */
  now?: () => number
}

/** Counts hits for one window; the two drivers (memory, Redis) implement it. */
export interface WindowCounter {
  /** Increments the counter of `id` for the window ending at `resetAt` and returns the new count. */
  increment(id: string, resetAt: number, now: number): Promise<number>
  close(): Promise<void>
}

/**
 * A fixed-window limiter: windows are aligned to multiples of `windowMs`, and each key may make
 * `limit` requests per window. In-memory by default; with `redisUrl`, every process sharing
 * that Redis shares the counts (INCR + PEXPIRE in one Lua script).
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const limit = options?.limit
  const windowMs = options?.windowMs ?? 60_000
  if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1) {
    throw new MeteringError('METERING_INVALID_INPUT', 'limit must be an integer ≥ 1')
  }
  if (typeof windowMs !== 'number' || !Number.isSafeInteger(windowMs) || windowMs < 1) {
    throw new MeteringError('METERING_INVALID_INPUT', 'windowMs must be an integer ≥ 1')
  }
  const now = options.now ?? Date.now
  const counter = options.redisUrl
    ? redisCounter(options.redisUrl, options.prefix ?? 'verso:ratelimit:')
    : memoryCounter(windowMs)
  let closed = false

  return {
    async hit(key) {
      if (closed) throw new MeteringError('METERING_CLOSED', 'this rate limiter is closed')
      if (typeof key !== 'string' || key === '') {
        throw new MeteringError('METERING_INVALID_INPUT', 'key must be a non-empty string')
      }
      const at = now()
      const resetAt = (Math.floor(at / windowMs) + 1) * windowMs
      const count = await counter.increment(keyId(key), resetAt, at)
      const allowed = count <= limit
      return {
        allowed,
        count,
        limit,
        remaining: Math.max(0, limit - count),
        resetAt,
        retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((resetAt - at) / 1000)),
      }
    },
    async close() {
      if (closed) return
      closed = true
      await counter.close()
    },
  }
}

/** Keys are API keys: keep only a digest of them, in memory and in Redis. */
function keyId(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 22)
}
