import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, test } from 'vitest'
import { createRateLimiter } from '@verso/metering'
import { reachable, shouldSkip } from './helpers/services.js'
import { testRateLimiter } from './rate-limit.conformance.js'

const url = process.env.VERSO_TEST_REDIS_URL || 'redis://127.0.0.1:6379'
const skip = shouldSkip('Redis', url, await reachable(url, 6379))
/** One key prefix per test run, so parallel runs on the same server never meet. */
const prefix = `verso-test:${process.pid}:${randomBytes(4).toString('hex')}:`

describe.skipIf(skip)('redis', () => {
  afterAll(async () => {
    const redis = new Redis(url)
    try {
      const keys = await redis.keys(`${prefix}*`)
      if (keys.length > 0) await redis.del(...keys)
    } finally {
      await redis.quit()
    }
  })

  testRateLimiter('redis', (options) => createRateLimiter({ ...options, redisUrl: url, prefix }))

  describe('redis rate limiter', () => {
    test('shares counts between two limiter instances', async () => {
      const now = 9_000_000 * 60_000
      const a = createRateLimiter({ limit: 3, redisUrl: url, prefix, now: () => now })
      const b = createRateLimiter({ limit: 3, redisUrl: url, prefix, now: () => now })
      try {
        expect((await a.hit('shared')).count).toBe(1)
        expect((await b.hit('shared')).count).toBe(2)
        expect((await a.hit('shared')).allowed).toBe(true)
        expect(await b.hit('shared')).toMatchObject({ allowed: false, count: 4, retryAfterSeconds: 60 })
      } finally {
        await a.close()
        await b.close()
      }
    })

    test('stores only a digest of the key, with an expiry', async () => {
      const now = Date.now()
      const rl = createRateLimiter({ limit: 5, redisUrl: url, prefix, now: () => now })
      const apiKey = `vrs_${randomBytes(32).toString('base64url')}`
      const redis = new Redis(url)
      try {
        await rl.hit(apiKey)
        const keys = await redis.keys(`${prefix}*`)
        expect(keys.some((key) => key.includes(apiKey))).toBe(false)
        const ttls = await Promise.all(keys.map((key) => redis.pttl(key)))
        for (const ttl of ttls) expect(ttl).toBeGreaterThan(0)
      } finally {
        await rl.close()
        await redis.quit()
      }
    })
  })
})
