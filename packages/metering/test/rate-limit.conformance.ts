import { afterEach, describe, expect, test } from 'vitest'
import { MeteringError, type RateLimiter, type RateLimiterOptions } from '@verso/metering'

/** A limiter factory for one driver; `createRateLimiter` with the driver's options filled in. */
export type LimiterFactory = (options: Omit<RateLimiterOptions, 'redisUrl' | 'prefix'>) => RateLimiter

/** One suite for every rate-limiter driver. Clocks are injected; nothing sleeps. */
export function testRateLimiter(driver: string, make: LimiterFactory): void {
  describe(`rate limiter on ${driver}`, () => {
    const open: RateLimiter[] = []
    function limiter(options: Omit<RateLimiterOptions, 'redisUrl' | 'prefix'>): RateLimiter {
      const instance = make(options)
      open.push(instance)
      return instance
    }
    afterEach(async () => {
      for (const instance of open.splice(0)) await instance.close()
    })

    test('allows requests up to the limit and reports what is left', async () => {
      let now = 1_000_000 * 60_000 + 5_000
      const rl = limiter({ limit: 3, now: () => now })
      const first = await rl.hit('key-a')
      expect(first).toEqual({ allowed: true, count: 1, limit: 3, remaining: 2, resetAt: 1_000_001 * 60_000, retryAfterSeconds: 0 })
      now += 1_000
      expect(await rl.hit('key-a')).toMatchObject({ allowed: true, count: 2, remaining: 1 })
      expect(await rl.hit('key-a')).toMatchObject({ allowed: true, count: 3, remaining: 0 })
    })

    test('refuses past the limit with the seconds to wait until the window ends', async () => {
      const now = 2_000_000 * 60_000 + 20_500
      const rl = limiter({ limit: 2, now: () => now })
      await rl.hit('key-b')
      await rl.hit('key-b')
      const refused = await rl.hit('key-b')
      expect(refused).toEqual({
        allowed: false,
        count: 3,
        limit: 2,
        remaining: 0,
        resetAt: 2_000_001 * 60_000,
        retryAfterSeconds: 40,
      })
      expect((await rl.hit('key-b')).count).toBe(4)
    })

    test('asks to wait at least one second even at the very end of a window', async () => {
      const now = 3_000_001 * 60_000 - 1
      const rl = limiter({ limit: 1, now: () => now })
      await rl.hit('key-c')
      expect(await rl.hit('key-c')).toMatchObject({ allowed: false, retryAfterSeconds: 1 })
    })

    test('starts a fresh count when the window resets', async () => {
      let now = 4_000_000 * 60_000
      const rl = limiter({ limit: 2, now: () => now })
      await rl.hit('key-d')
      await rl.hit('key-d')
      expect((await rl.hit('key-d')).allowed).toBe(false)
      now += 60_000
      expect(await rl.hit('key-d')).toMatchObject({ allowed: true, count: 1, remaining: 1, resetAt: now + 60_000 })
    })

    test('honours a custom window length', async () => {
      let now = 5_000_000 * 1_000
      const rl = limiter({ limit: 1, windowMs: 1_000, now: () => now })
      expect((await rl.hit('key-e')).allowed).toBe(true)
      expect(await rl.hit('key-e')).toMatchObject({ allowed: false, retryAfterSeconds: 1 })
      now += 1_000
      expect((await rl.hit('key-e')).allowed).toBe(true)
    })

    test('counts each key separately', async () => {
      const now = 6_000_000 * 60_000
      const rl = limiter({ limit: 1, now: () => now })
      expect((await rl.hit('key-f1')).allowed).toBe(true)
      expect((await rl.hit('key-f2')).allowed).toBe(true)
      expect((await rl.hit('key-f1')).allowed).toBe(false)
    })

    test('counts concurrent hits exactly', async () => {
      const now = 7_000_000 * 60_000
      const rl = limiter({ limit: 10, now: () => now })
      const results = await Promise.all(Array.from({ length: 30 }, () => rl.hit('key-g')))
      expect(results.filter((r) => r.allowed)).toHaveLength(10)
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1))
    })

    test('refuses a bad limit, window or key', async () => {
      expect(() => make({ limit: 0 })).toThrow(MeteringError)
      expect(() => make({ limit: 1.5 })).toThrow(MeteringError)
      expect(() => make({ limit: 1, windowMs: 0 })).toThrow(MeteringError)
      const rl = limiter({ limit: 1 })
      await expect(rl.hit('')).rejects.toMatchObject({ code: 'METERING_INVALID_INPUT' })
    })
  })
}
