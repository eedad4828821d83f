import { ensurePgSchema } from '@verso/pg-schema'
import pg from 'pg'
import { silentLogger, type FileStore, type JobLogger } from '../types.js'
import { quoteIdent } from '../store/postgres.js'

export interface PostgresFileStoreOptions {
  /** A pg Pool (shared with postgresJobStore) or a connection string. */
  pool?: pg.Pool
  connectionString?: string
  /** Schema of the `jobs_blobs` table. Default: `public`. */
  schema?: string
  /** Where an idle pool client's error is reported (own pool only). Default: silent. */
  logger?: JobLogger
}

/**
 * File bytes in a PostgreSQL table (`jobs_blobs`, bytea), so workers on any machine read and
 * write them without a shared disk. A put is one upsert: atomic and idempotent per key.
 */
export function postgresFileStore(options: PostgresFileStoreOptions): FileStore {
  const ownPool = !options.pool
  const pool = options.pool ?? new pg.Pool({ connectionString: options.connectionString, max: 4 })
  const logger = options.logger ?? silentLogger
  // An idle client's error must not crash the process; the next query reports it to its caller.
  if (ownPool) pool.on('error', (error) => logger.warn({ err: error }, 'jobs: idle PostgreSQL client failed'))
  const table = `${quoteIdent(options.schema ?? 'public')}.jobs_blobs`
  let ready: Promise<void> | undefined
  const init = () =>
    (ready ??= ensurePgSchema(pool, {
      schema: options.schema ?? 'public',
      createSchema: options.schema !== undefined,
      lockKey: 7361821,
      onRollbackError: (err: unknown) => logger.warn({ err }, 'jobs: a ROLLBACK of the file store set-up failed; its connection was discarded'),
      statements: [
        `CREATE TABLE IF NOT EXISTS ${table} (key TEXT PRIMARY KEY, job_id TEXT NOT NULL, bytes BYTEA NOT NULL)`,
        `CREATE INDEX IF NOT EXISTS jobs_blobs_job ON ${table} (job_id)`,
      ],
    }).catch((error: unknown) => {
      ready = undefined
      throw error
    }))
  return {
    async put(key, bytes) {
      await init()
      const jobId = key.split('/')[0]!
      await pool.query(
        `INSERT INTO ${table} (key, job_id, bytes) VALUES ($1, $2, $3) ON CONFLICT (key) DO UPDATE SET bytes = excluded.bytes`,
        [key, jobId, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)],
      )
    },
    async get(key) {
      await init()
      const result = await pool.query<{ bytes: Buffer }>(`SELECT bytes FROM ${table} WHERE key = $1`, [key])
      const buffer = result.rows[0]?.bytes
      return buffer ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength) : null
    },
    async removeJob(jobId) {
      await init()
      await pool.query(`DELETE FROM ${table} WHERE job_id = $1`, [jobId])
    },
    async close() {
      if (ownPool) await pool.end()
    },
  }
}
