import { randomUUID } from 'node:crypto'
import { ensurePgSchema, withTransaction } from '@verso/pg-schema'
import pg from 'pg'
import { silentLogger, type Claim, type JobLogger, type JobStore, type OutboxInput, type OutboxRow, type StoredJob } from '../types.js'
import { ADDED_JOB_COLUMNS, fileFromRow, jobFromRow, jobOptionsColumn, type FileRow, type JobRow } from './rows.js'

export interface PostgresJobStoreOptions {
  /** A pg Pool to use (not closed by the store), or a connection string. */
  pool?: pg.Pool
  connectionString?: string
  /** Schema holding the `jobs_` tables; created when missing. Default: `public`. */
  schema?: string
  /** Clock (epoch ms) for leases and retries; machines sharing a database need synchronised clocks. Default: Date.now. */
  now?: () => number
  /** Where an idle pool client's error is reported (own pool only). Default: silent. */
  logger?: JobLogger
}

export function quoteIdent(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) throw new Error(`invalid PostgreSQL identifier ${JSON.stringify(name)}`)
  return `"${name}"`
}

type Db = pg.Pool | pg.PoolClient

/**
 * Job records in PostgreSQL for the scale-out setup: claims use `FOR UPDATE SKIP LOCKED`, so
 * any number of workers on any number of machines share the jobs; every change that writes
 * outbox rows is one transaction.
 */
export function postgresJobStore(options: PostgresJobStoreOptions): JobStore {
  const clock = options.now ?? Date.now
  const ownPool = !options.pool
  const pool = options.pool ?? new pg.Pool({ connectionString: options.connectionString, max: 8 })
  const logger = options.logger ?? silentLogger
  // An idle client's error must not crash the process; the next query reports it to its caller.
  if (ownPool) pool.on('error', (error) => logger.warn({ err: error }, 'jobs: idle PostgreSQL client failed'))
  const rollbackFailed = (err: unknown) => logger.warn({ err }, 'jobs: a ROLLBACK failed; its connection was discarded')
  const s = quoteIdent(options.schema ?? 'public')
  const J = `${s}.jobs_jobs`
  const F = `${s}.jobs_files`
  const O = `${s}.jobs_outbox`

  let ready: Promise<void> | undefined
  const init = () =>
    (ready ??= ensurePgSchema(pool, {
      schema: options.schema ?? 'public',
      createSchema: options.schema !== undefined,
      lockKey: 7361820,
      onRollbackError: rollbackFailed,
      statements: [
        `
          CREATE TABLE IF NOT EXISTS ${J} (
            seq BIGSERIAL,
            id TEXT PRIMARY KEY,
            owner_id TEXT NOT NULL,
            status TEXT NOT NULL,
            original_filename TEXT NOT NULL,
            file_type TEXT NOT NULL,
            source_language TEXT NOT NULL,
            target_languages TEXT NOT NULL,
            total_keys INTEGER NOT NULL,
            translated_keys INTEGER NOT NULL DEFAULT 0,
            failed_keys INTEGER NOT NULL DEFAULT 0,
            error_message TEXT,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            completed_at TEXT,
            webhook_url TEXT,
            credits_reserved INTEGER NOT NULL DEFAULT 0,
            attempts INTEGER NOT NULL DEFAULT 0,
            lease_token TEXT,
            lease_until BIGINT,
            run_at BIGINT NOT NULL DEFAULT 0,
            languages TEXT,
            webhook TEXT,
            job_options TEXT
          );
          CREATE INDEX IF NOT EXISTS jobs_jobs_owner ON ${J} (owner_id, seq);
          CREATE INDEX IF NOT EXISTS jobs_jobs_claim ON ${J} (status, run_at);
          CREATE TABLE IF NOT EXISTS ${F} (
            id TEXT NOT NULL UNIQUE,
            job_id TEXT NOT NULL,
            language_code TEXT NOT NULL,
            file_size INTEGER NOT NULL,
            created_at TEXT NOT NULL,
            translated INTEGER NOT NULL,
            failed INTEGER NOT NULL,
            encoding TEXT NOT NULL DEFAULT 'utf-8',
            PRIMARY KEY (job_id, language_code)
          );
          CREATE TABLE IF NOT EXISTS ${O} (
            id TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            owner_id TEXT NOT NULL,
            job_id TEXT NOT NULL,
            payload TEXT NOT NULL,
            next_at BIGINT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            lease_token TEXT,
            lease_until BIGINT,
            last_error TEXT
          );
          CREATE INDEX IF NOT EXISTS jobs_outbox_due ON ${O} (next_at);
        `,
      ],
      columns: ADDED_JOB_COLUMNS.map((column) => ['jobs_jobs', column] as const),
      // A database made by an earlier version lacks the newer columns.
      upgrade: async (client) => {
        for (const column of ADDED_JOB_COLUMNS) await client.query(`ALTER TABLE ${J} ADD COLUMN IF NOT EXISTS ${column} TEXT`)
      },
    }).catch((error: unknown) => {
      ready = undefined
      throw error
    }))

  async function tx<T>(work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
    await init()
    return withTransaction(pool, work, rollbackFailed)
  }

  async function q<R extends pg.QueryResultRow>(db: Db, sql: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
    return db.query<R>(sql, values)
  }

  async function writeOutbox(db: Db, rows: OutboxInput[]): Promise<void> {
    for (const row of rows) {
      await q(db, `INSERT INTO ${O} (id, kind, owner_id, job_id, payload, next_at) VALUES ($1,$2,$3,$4,$5,$6) ON CONFLICT (id) DO NOTHING`, [
        row.id,
        row.kind,
        row.owner_id,
        row.job_id,
        row.payload,
        row.next_at,
      ])
    }
  }

  async function owned(db: Db, id: string, token: string): Promise<boolean> {
    const result = await q(db, `SELECT id FROM ${J} WHERE id = $1 AND lease_token = $2 AND status = 'processing' FOR UPDATE`, [id, token])
    return result.rowCount === 1
  }

  let closed = false
  return {
    async add(job) {
      await init()
      await q(
        pool,
        `INSERT INTO ${J} (id, owner_id, status, original_filename, file_type, source_language, target_languages,
           total_keys, created_at, updated_at, webhook_url, credits_reserved, run_at, job_options)
         VALUES ($1,$2,'pending',$3,$4,$5,$6,$7,$8,$8,$9,$10,0,$11) ON CONFLICT (id) DO NOTHING`,
        [
          job.id,
          job.owner_id,
          job.original_filename,
          job.file_type,
          job.source_language,
          JSON.stringify(job.target_languages),
          job.total_keys,
          job.created_at,
          job.webhook_url,
          job.credits_reserved,
          jobOptionsColumn(job),
        ],
      )
      return (await this.get(job.id))!
    },
    async get(id) {
      await init()
      const result = await q<JobRow>(pool, `SELECT * FROM ${J} WHERE id = $1`, [id])
      return result.rows[0] ? jobFromRow(result.rows[0]) : null
    },
    async list(ownerId) {
      await init()
      const result = await q<JobRow>(pool, `SELECT * FROM ${J} WHERE owner_id = $1 ORDER BY seq DESC`, [ownerId])
      return result.rows.map(jobFromRow)
    },
    async claim(leaseMs, claimOptions) {
      return tx(async (db): Promise<Claim | null> => {
        const now = clock()
        const where = `((status = 'pending' AND run_at <= $1) OR (status = 'processing' AND lease_until <= $1))`
        const found = claimOptions?.id
          ? await q<JobRow>(db, `SELECT * FROM ${J} WHERE id = $2 AND ${where} FOR UPDATE SKIP LOCKED`, [now, claimOptions.id])
          : await q<JobRow>(db, `SELECT * FROM ${J} WHERE ${where} ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED`, [now])
        const row = found.rows[0]
        if (!row) return null
        const token = randomUUID()
        const updated = await q<JobRow>(
          db,
          `UPDATE ${J} SET status = 'processing', lease_token = $1, lease_until = $2, attempts = attempts + 1, updated_at = $3 WHERE id = $4 RETURNING *`,
          [token, now + leaseMs, new Date(now).toISOString(), row.id],
        )
        return { job: jobFromRow(updated.rows[0]!), leaseToken: token }
      })
    },
    async renew(id, token, leaseMs) {
      await init()
      const result = await q(pool, `UPDATE ${J} SET lease_until = $1 WHERE id = $2 AND lease_token = $3 AND status = 'processing'`, [
        clock() + leaseMs,
        id,
        token,
      ])
      return result.rowCount === 1
    },
    async progress(id, token, patch) {
      return tx(async (db) => {
        if (!(await owned(db, id, token))) return false
        await q(
          db,
          `UPDATE ${J} SET translated_keys = $1, failed_keys = $2, source_language = COALESCE($3, source_language), updated_at = $4, languages = COALESCE($6, languages) WHERE id = $5`,
          [patch.translated_keys, patch.failed_keys, patch.source_language ?? null, patch.now, id, patch.languages ? JSON.stringify(patch.languages) : null],
        )
        if (patch.file) {
          const f = patch.file
          await q(
            db,
            `INSERT INTO ${F} (id, job_id, language_code, file_size, created_at, translated, failed, encoding) VALUES ($1,$2,$3,$4,$5,$6,$7,$8)
             ON CONFLICT (job_id, language_code) DO UPDATE SET file_size = excluded.file_size, translated = excluded.translated,
               failed = excluded.failed, encoding = excluded.encoding`,
            [f.id, f.job_id, f.language_code, f.file_size, f.created_at, f.translated, f.failed, f.encoding],
          )
        }
        return true
      })
    },
    async finish(id, token, outcome) {
      return tx(async (db) => {
        if (!(await owned(db, id, token))) return false
        if (outcome.kind === 'retry') {
          await q(
            db,
            `UPDATE ${J} SET status = 'pending', lease_token = NULL, lease_until = NULL, run_at = $1, error_message = $2, updated_at = $3 WHERE id = $4`,
            [outcome.runAt, outcome.error_message, outcome.now, id],
          )
          return true
        }
        await q(
          db,
          `UPDATE ${J} SET status = $1, translated_keys = $2, failed_keys = $3, error_message = $4, updated_at = $5, completed_at = $5,
             lease_token = NULL, lease_until = NULL, languages = COALESCE($7, languages), webhook = $8 WHERE id = $6`,
          [
            outcome.status,
            outcome.translated_keys,
            outcome.failed_keys,
            outcome.error_message,
            outcome.now,
            id,
            outcome.languages ? JSON.stringify(outcome.languages) : null,
            outcome.webhook ? JSON.stringify(outcome.webhook) : null,
          ],
        )
        if (outcome.dropFiles) await q(db, `DELETE FROM ${F} WHERE job_id = $1`, [id])
        await writeOutbox(db, outcome.outbox)
        return true
      })
    },
    async files(jobId) {
      await init()
      const result = await q<FileRow>(pool, `SELECT * FROM ${F} WHERE job_id = $1 ORDER BY created_at, language_code`, [jobId])
      return result.rows.map(fileFromRow)
    },
    async remove(id, outbox) {
      return tx(async (db): Promise<StoredJob | null> => {
        const result = await q<JobRow>(db, `DELETE FROM ${J} WHERE id = $1 RETURNING *`, [id])
        const row = result.rows[0]
        if (!row) return null
        const job = jobFromRow(row)
        await q(db, `DELETE FROM ${F} WHERE job_id = $1`, [id])
        if (outbox) await writeOutbox(db, outbox(job))
        return job
      })
    },
    async runnable() {
      await init()
      const result = await q<{ id: string }>(
        pool,
        `SELECT id FROM ${J} WHERE status = 'pending' OR (status = 'processing' AND lease_until <= $1) ORDER BY seq`,
        [clock()],
      )
      return result.rows.map((row) => row.id)
    },
    async addOutbox(row) {
      await init()
      await writeOutbox(pool, [row])
    },
    async claimOutbox(leaseMs) {
      return tx(async (db): Promise<OutboxRow | null> => {
        const now = clock()
        const found = await q<OutboxRow & { next_at: string; attempts: number }>(
          db,
          `SELECT id, kind, owner_id, job_id, payload, next_at, attempts FROM ${O}
           WHERE next_at <= $1 AND (lease_until IS NULL OR lease_until <= $1) ORDER BY next_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [now],
        )
        const row = found.rows[0]
        if (!row) return null
        const token = randomUUID()
        await q(db, `UPDATE ${O} SET lease_token = $1, lease_until = $2 WHERE id = $3`, [token, now + leaseMs, row.id])
        return { ...row, next_at: Number(row.next_at), attempts: Number(row.attempts), lease_token: token }
      })
    },
    async settleOutbox(id, token, result) {
      return tx(async (db) => {
        const found = await q<{ job_id: string }>(db, `SELECT job_id FROM ${O} WHERE id = $1 AND lease_token = $2 FOR UPDATE`, [id, token])
        const row = found.rows[0]
        if (!row) return false
        if (result.webhook) await q(db, `UPDATE ${J} SET webhook = $1 WHERE id = $2`, [JSON.stringify(result.webhook), row.job_id])
        if (result.done) await q(db, `DELETE FROM ${O} WHERE id = $1`, [id])
        else {
          await q(db, `UPDATE ${O} SET attempts = $1, next_at = $2, last_error = $3, lease_token = NULL, lease_until = NULL WHERE id = $4`, [
            result.attempts,
            result.nextAt,
            result.error,
            id,
          ])
        }
        return true
      })
    },
    async nextOutboxAt() {
      await init()
      const result = await q<{ at: string | null }>(pool, `SELECT MIN(GREATEST(next_at, COALESCE(lease_until, 0))) AS at FROM ${O}`)
      const at = result.rows[0]?.at
      return at === null || at === undefined ? null : Number(at)
    },
    async close() {
      if (closed) return
      closed = true
      if (ownPool) await pool.end()
    },
  }
}
