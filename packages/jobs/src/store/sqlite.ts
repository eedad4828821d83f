import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import type { Claim, JobStore, NewJob, OutboxInput, OutboxRow, Outcome, ProgressPatch, StoredFile, StoredJob } from '../types.js'
import { ADDED_JOB_COLUMNS, fileFromRow, jobFromRow, jobOptionsColumn, type FileRow, type JobRow } from './rows.js'

export interface SqliteJobStoreOptions {
  /** Database file, e.g. `${DATA_DIR}/jobs.db`; `:memory:` for tests. */
  path: string
  /** Clock, for tests. Default: Date.now. */
  now?: () => number
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS jobs_jobs (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
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
  lease_until INTEGER,
  run_at INTEGER NOT NULL DEFAULT 0,
  languages TEXT,
  webhook TEXT,
  job_options TEXT
);
CREATE INDEX IF NOT EXISTS jobs_jobs_owner ON jobs_jobs(owner_id, seq);
CREATE INDEX IF NOT EXISTS jobs_jobs_claim ON jobs_jobs(status, run_at);
CREATE TABLE IF NOT EXISTS jobs_files (
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
CREATE TABLE IF NOT EXISTS jobs_outbox (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  owner_id TEXT NOT NULL,
  job_id TEXT NOT NULL,
  payload TEXT NOT NULL,
  next_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  lease_token TEXT,
  lease_until INTEGER,
  last_error TEXT
);
CREATE INDEX IF NOT EXISTS jobs_outbox_due ON jobs_outbox(next_at);
`

/**
 * The embedded default: one SQLite file (WAL, so several processes on one machine may share
 * it). Tables are prefixed `jobs_`. Every multi-row change is one transaction.
 */
export function sqliteJobStore(options: SqliteJobStoreOptions): JobStore {
  const clock = options.now ?? Date.now
  if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true })
  const db = new Database(options.path)
  db.pragma('journal_mode = WAL')
  db.pragma('busy_timeout = 5000')
  db.pragma('synchronous = NORMAL')
  db.exec(SCHEMA)
  // A database made by an earlier version lacks the newer columns.
  const columns = new Set((db.prepare('PRAGMA table_info(jobs_jobs)').all() as Array<{ name: string }>).map((column) => column.name))
  for (const column of ADDED_JOB_COLUMNS) if (!columns.has(column)) db.exec(`ALTER TABLE jobs_jobs ADD COLUMN ${column} TEXT`)

  // Statements are compiled once and reused.
  const statements = new Map<string, Database.Statement>()
  const sql = <P extends unknown[] = unknown[], R = unknown>(text: string): Database.Statement<P, R> => {
    let statement = statements.get(text)
    if (!statement) {
      statement = db.prepare(text)
      statements.set(text, statement)
    }
    return statement as unknown as Database.Statement<P, R>
  }
  const getJob = sql<[string], JobRow>('SELECT * FROM jobs_jobs WHERE id = ?')
  const owned = (id: string, token: string) =>
    sql<[string, string], { id: string }>('SELECT id FROM jobs_jobs WHERE id = ? AND lease_token = ? AND status = \'processing\'').get(id, token) !== undefined

  const insertOutbox = sql(
    'INSERT OR IGNORE INTO jobs_outbox (id, kind, owner_id, job_id, payload, next_at) VALUES (@id, @kind, @owner_id, @job_id, @payload, @next_at)',
  )
  const writeOutbox = (rows: OutboxInput[]) => {
    for (const row of rows) insertOutbox.run(row)
  }

  const claimTx = db.transaction((leaseMs: number, id: string | undefined): Claim | null => {
    const now = clock()
    const row = id
      ? sql<[string, number, number], JobRow>(
            "SELECT * FROM jobs_jobs WHERE id = ? AND ((status = 'pending' AND run_at <= ?) OR (status = 'processing' AND lease_until <= ?))",
          )
          .get(id, now, now)
      : sql<[number, number], JobRow>(
            "SELECT * FROM jobs_jobs WHERE (status = 'pending' AND run_at <= ?) OR (status = 'processing' AND lease_until <= ?) ORDER BY seq LIMIT 1",
          )
          .get(now, now)
    if (!row) return null
    const token = randomUUID()
    sql(
      "UPDATE jobs_jobs SET status = 'processing', lease_token = ?, lease_until = ?, attempts = attempts + 1, updated_at = ? WHERE id = ?",
    ).run(token, now + leaseMs, new Date(now).toISOString(), row.id)
    return { job: jobFromRow(getJob.get(row.id)!), leaseToken: token }
  })

  const progressTx = db.transaction((id: string, token: string, patch: ProgressPatch): boolean => {
    if (!owned(id, token)) return false
    sql(
      'UPDATE jobs_jobs SET translated_keys = ?, failed_keys = ?, languages = COALESCE(?, languages), source_language = COALESCE(?, source_language), updated_at = ? WHERE id = ?',
    ).run(patch.translated_keys, patch.failed_keys, patch.languages ? JSON.stringify(patch.languages) : null, patch.source_language ?? null, patch.now, id)
    if (patch.file) {
      sql(
        `INSERT INTO jobs_files (id, job_id, language_code, file_size, created_at, translated, failed, encoding)
         VALUES (@id, @job_id, @language_code, @file_size, @created_at, @translated, @failed, @encoding)
         ON CONFLICT (job_id, language_code) DO UPDATE SET file_size = excluded.file_size, translated = excluded.translated,
           failed = excluded.failed, encoding = excluded.encoding`,
      ).run(patch.file)
    }
    return true
  })

  const finishTx = db.transaction((id: string, token: string, outcome: Outcome): boolean => {
    if (!owned(id, token)) return false
    if (outcome.kind === 'retry') {
      sql(
        "UPDATE jobs_jobs SET status = 'pending', lease_token = NULL, lease_until = NULL, run_at = ?, error_message = ?, updated_at = ? WHERE id = ?",
      ).run(outcome.runAt, outcome.error_message, outcome.now, id)
      return true
    }
    sql(
      'UPDATE jobs_jobs SET status = ?, translated_keys = ?, failed_keys = ?, languages = COALESCE(?, languages), webhook = ?, error_message = ?, updated_at = ?, completed_at = ?, lease_token = NULL, lease_until = NULL WHERE id = ?',
    ).run(
      outcome.status,
      outcome.translated_keys,
      outcome.failed_keys,
      outcome.languages ? JSON.stringify(outcome.languages) : null,
      outcome.webhook ? JSON.stringify(outcome.webhook) : null,
      outcome.error_message,
      outcome.now,
      outcome.now,
      id,
    )
    if (outcome.dropFiles) sql('DELETE FROM jobs_files WHERE job_id = ?').run(id)
    writeOutbox(outcome.outbox)
    return true
  })

  const removeTx = db.transaction((id: string, outbox?: (job: StoredJob) => OutboxInput[]): StoredJob | null => {
    const row = getJob.get(id)
    if (!row) return null
    const job = jobFromRow(row)
    sql('DELETE FROM jobs_jobs WHERE id = ?').run(id)
    sql('DELETE FROM jobs_files WHERE job_id = ?').run(id)
    if (outbox) writeOutbox(outbox(job))
    return job
  })

  const claimOutboxTx = db.transaction((leaseMs: number): OutboxRow | null => {
    const now = clock()
    const row = sql<[number, number], OutboxRow>(
        'SELECT id, kind, owner_id, job_id, payload, next_at, attempts, lease_token FROM jobs_outbox WHERE next_at <= ? AND (lease_until IS NULL OR lease_until <= ?) ORDER BY next_at LIMIT 1',
    ).get(now, now)
    if (!row) return null
    const token = randomUUID()
    sql('UPDATE jobs_outbox SET lease_token = ?, lease_until = ? WHERE id = ?').run(token, now + leaseMs, row.id)
    return { ...row, lease_token: token }
  })

  const settleTx = db.transaction((id: string, token: string, result: Parameters<JobStore['settleOutbox']>[2]): boolean => {
    const row = sql<[string, string], { job_id: string }>('SELECT job_id FROM jobs_outbox WHERE id = ? AND lease_token = ?').get(id, token)
    if (!row) return false
    if (result.webhook) sql('UPDATE jobs_jobs SET webhook = ? WHERE id = ?').run(JSON.stringify(result.webhook), row.job_id)
    if (result.done) sql('DELETE FROM jobs_outbox WHERE id = ?').run(id)
    else {
      sql('UPDATE jobs_outbox SET attempts = ?, next_at = ?, last_error = ?, lease_token = NULL, lease_until = NULL WHERE id = ?').run(
        result.attempts,
        result.nextAt,
        result.error,
        id,
      )
    }
    return true
  })

  let closed = false
  return {
    async add(job: NewJob) {
      const now = job.created_at
      sql(
        `INSERT OR IGNORE INTO jobs_jobs (id, owner_id, status, original_filename, file_type, source_language, target_languages,
           total_keys, created_at, updated_at, webhook_url, credits_reserved, run_at, job_options)
         VALUES (?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
      ).run(
        job.id,
        job.owner_id,
        job.original_filename,
        job.file_type,
        job.source_language,
        JSON.stringify(job.target_languages),
        job.total_keys,
        now,
        now,
        job.webhook_url,
        job.credits_reserved,
        jobOptionsColumn(job),
      )
      return jobFromRow(getJob.get(job.id)!)
    },
    async get(id) {
      const row = getJob.get(id)
      return row ? jobFromRow(row) : null
    },
    async list(ownerId) {
      return sql<[string], JobRow>('SELECT * FROM jobs_jobs WHERE owner_id = ? ORDER BY seq DESC').all(ownerId).map(jobFromRow)
    },
    async claim(leaseMs, claimOptions) {
      return claimTx.immediate(leaseMs, claimOptions?.id)
    },
    async renew(id, token, leaseMs) {
      const info = sql("UPDATE jobs_jobs SET lease_until = ? WHERE id = ? AND lease_token = ? AND status = 'processing'")
        .run(clock() + leaseMs, id, token)
      return info.changes === 1
    },
    async progress(id, token, patch) {
      return progressTx.immediate(id, token, patch)
    },
    async finish(id, token, outcome) {
      return finishTx.immediate(id, token, outcome)
    },
    async files(jobId) {
      return sql<[string], FileRow>('SELECT * FROM jobs_files WHERE job_id = ? ORDER BY created_at, language_code')
        .all(jobId)
        .map(fileFromRow) as StoredFile[]
    },
    async remove(id, outbox) {
      return removeTx.immediate(id, outbox)
    },
    async runnable() {
      const now = clock()
      return sql<[number], { id: string }>(
          "SELECT id FROM jobs_jobs WHERE status = 'pending' OR (status = 'processing' AND lease_until <= ?) ORDER BY seq",
        )
        .all(now)
        .map((row) => row.id)
    },
    async addOutbox(row) {
      insertOutbox.run(row)
    },
    async claimOutbox(leaseMs) {
      return claimOutboxTx.immediate(leaseMs)
    },
    async settleOutbox(id, token, result) {
      return settleTx.immediate(id, token, result)
    },
    async nextOutboxAt() {
      const row = sql<[], { at: number | null }>('SELECT MIN(MAX(next_at, COALESCE(lease_until, 0))) AS at FROM jobs_outbox').get()
      return row?.at ?? null
    },
    async close() {
      if (closed) return
      closed = true
      db.close()
    },
  }
}
