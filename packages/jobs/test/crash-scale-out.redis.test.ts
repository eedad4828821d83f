import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { Redis } from 'ioredis'
import { afterAll, describe, test } from 'vitest'
import { bullmqQueue, postgresFileStore, postgresJobStore } from '@verso/jobs'
import { crashScenario } from './helpers/crash.js'
import { DATABASE_URL, REDIS_URL, dropSchema, probePostgres, probeRedis, uniqueName, whenReachable } from './helpers/servers.js'

const redisProblem = await probeRedis()
const pgProblem = redisProblem === null ? await probePostgres() : null

whenReachable('Redis', redisProblem, () => {
  whenReachable('PostgreSQL', pgProblem, () => {
    describe('a worker process killed mid-job (PostgreSQL + BullMQ)', () => {
      const dir = mkdtempSync(join(tmpdir(), 'verso-jobs-crash-so-'))
      const schema = uniqueName('verso_jobs_crash')
      const prefix = uniqueName('verso-test')
      const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 4 })
      const queue = bullmqQueue({ url: REDIS_URL, prefix, lockMs: 1000 })
      // Cleanup runs even when the test times out.
      afterAll(async () => {
        await queue.close()
        await pool.end()
        await dropSchema(schema)
        const redis = new Redis(REDIS_URL)
        const keys = await redis.keys(`${prefix}:*`)
        if (keys.length > 0) await redis.del(...keys)
        redis.disconnect()
        rmSync(dir, { recursive: true, force: true })
      })

      test('leaves a job that another worker finishes once: no duplicate files, credits reserved and refunded once', async () => {
        await crashScenario({
          dir,
          drivers: { store: postgresJobStore({ pool, schema }), files: postgresFileStore({ pool, schema }), queue },
          childEnv: { TEST_DATABASE_URL: DATABASE_URL, TEST_REDIS_URL: REDIS_URL, TEST_SCHEMA: schema, TEST_PREFIX: prefix },
          listFiles: async (jobId) =>
            (await pool.query<{ key: string }>(`SELECT key FROM "${schema}".jobs_blobs WHERE job_id = $1`, [jobId])).rows.map((r) => r.key.split('/')[1]!),
        })
      })
    })
  })
})
