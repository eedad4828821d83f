import { Redis } from 'ioredis'
import type { WindowCounter } from './index.js'

/** INCR and PEXPIRE in one script: atomic, and a counter never lives on without an expiry. */
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`

/** Counters shared by every process using the same Redis; one key per API key and window. */
export function redisCounter(url: string, prefix: string): WindowCounter {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true })
  redis.on('error', () => {}) // reported through the rejected command instead
  redis.defineCommand('vrsIncrWindow', { numberOfKeys: 1, lua: INCREMENT })
  const run = redis as unknown as { vrsIncrWindow(key: string, ttlMs: number): Promise<number> }

  return {
    async increment(id, resetAt, now) {
      // Expire a little after the window ends so clock skew between servers cannot resurrect it.
      const ttl = Math.max(1, resetAt - now) + 1000
      return Number(await run.vrsIncrWindow(`${prefix}${id}:${resetAt}`, ttl))
    },
    async close() {
      if (redis.status === 'end') return
      if (redis.status === 'wait') return redis.disconnect() // never connected
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}
