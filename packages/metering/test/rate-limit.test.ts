import { describe, expect, test } from 'vitest'
import { createRateLimiter } from '@verso/metering'
import { testRateLimiter } from './rate-limit.conformance.js'

testRateLimiter('memory', (options) => createRateLimiter(options))

describe('memory rate limiter', () => {
  test('uses a 60 s window by default', async () => {
    const now = 123 * 60_000 + 1
    const rl = createRateLimiter({ limit: 60, now: () => now })
    expect(await rl.hit('k')).toMatchObject({ limit: 60, remaining: 59, resetAt: 124 * 60_000 })
    await rl.close()
  })

  test('refuses hits after close', async () => {
    const rl = createRateLimiter({ limit: 1 })
    await rl.close()
    await expect(rl.hit('k')).rejects.toMatchObject({ code: 'METERING_CLOSED' })
  })
})
