import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import pg from 'pg'
import { bullmqQueue, fsFileStore, postgresFileStore, postgresJobStore, sqliteJobStore } from '@verso/jobs'
import { queueConformance } from './queue.conformance.js'
import { DATABASE_URL, REDIS_URL, dropSchema, probePostgres, probeRedis, uniqueName, whenReachable } from './helpers/servers.js'

async function dropPrefix(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL)
  try {
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500)
      cursor = next
      if (keys.length > 0) await redis.del(...keys)
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
}

const redisProblem = await probeRedis()
const pgProblem = redisProblem === null ? await probePostgres() : null

whenReachable('Redis', redisProblem, () => {
  queueConformance('BullMQ (SQLite store)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verso-jobs-bq-'))
    const prefix = uniqueName('verso-test')
    return {
      make: () => ({
        store: sqliteJobStore({ path: join(dir, 'jobs.db') }),
        files: fsFileStore({ dir: join(dir, 'files') }),
        queue: bullmqQueue({ url: REDIS_URL, prefix, lockMs: 2000, busyDelayMs: 100 }),
      }),
      async cleanup() {
        await dropPrefix(prefix)
        rmSync(dir, { recursive: true, force: true })
      },
    }
  })

  whenReachable('PostgreSQL', pgProblem, () => {
    queueConformance('BullMQ (PostgreSQL store and files)', async () => {
      const schema = uniqueName('verso_jobs_bq')
      const prefix = uniqueName('verso-test')
      const pools: pg.Pool[] = []
      return {
        make: () => {
          const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 4 })
          pools.push(pool)
          return {
            store: postgresJobStore({ pool, schema }),
            files: postgresFileStore({ pool, schema }),
            queue: bullmqQueue({ url: REDIS_URL, prefix, lockMs: 2000, busyDelayMs: 100 }),
          }
        },
        async cleanup() {
          await Promise.all(pools.map((pool) => pool.end()))
          await dropPrefix(prefix)
          await dropSchema(schema)
        },
      }
    })
  })
})
