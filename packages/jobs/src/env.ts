import { join } from 'node:path'
import pg from 'pg'
import { fsFileStore } from './files/fs.js'
import { postgresFileStore } from './files/postgres.js'
import { bullmqQueue } from './queue/bullmq.js'
import { leaseQueue } from './queue/lease.js'
import { postgresJobStore } from './store/postgres.js'
import { sqliteJobStore } from './store/sqlite.js'
import { silentLogger, type FileStore, type JobLogger, type JobQueue, type JobStore } from './types.js'

export interface JobDrivers {
  store: JobStore
  files: FileStore
  queue: JobQueue
  close(): Promise<void>
}

/**
 * Drivers from the environment: `DATABASE_URL` → PostgreSQL for records and file bytes;
 * `REDIS_URL` → BullMQ as the queue; otherwise SQLite at `DATA_DIR/jobs.db`, files under
 * `DATA_DIR/files` and the in-process lease queue. DATA_DIR default: `./data`.
 */
export function jobsFromEnv(
  env: { DATA_DIR?: string; DATABASE_URL?: string; REDIS_URL?: string },
  options: { /** Where pool and queue connection errors are reported. Default: silent. */ logger?: JobLogger } = {},
): JobDrivers {
  const logger = options.logger ?? silentLogger
  let store: JobStore
  let files: FileStore
  let pool: pg.Pool | undefined
  if (env.DATABASE_URL) {
    pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 10 })
    // An idle client's error must not crash the process; the next query reports it to its caller.
    pool.on('error', (error) => logger.warn({ err: error }, 'jobs: idle PostgreSQL client failed'))
    store = postgresJobStore({ pool })
    files = postgresFileStore({ pool })
  } else {
    const dataDir = env.DATA_DIR || './data'
    store = sqliteJobStore({ path: join(dataDir, 'jobs.db') })
    files = fsFileStore({ dir: join(dataDir, 'files') })
  }
  const queue = env.REDIS_URL ? bullmqQueue({ url: env.REDIS_URL, logger }) : leaseQueue({ logger })
  let closing: Promise<void> | undefined
  return {
    store,
    files,
    queue,
    close() {
      return (closing ??= (async () => {
        await queue.close()
        await store.close()
        await files.close()
        if (pool) await pool.end()
      })())
    },
  }
}
