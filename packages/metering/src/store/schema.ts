import type { IdempotentBegin, KeyStatus, StoredAccount } from '../types.js'

/**
 * Table definitions shared by both drivers. The types used (TEXT, BIGINT) and the partial
 * unique index mean the same thing in SQLite and PostgreSQL. Table names carry the
 * `metering_` prefix because the SQLite file under DATA_DIR is shared with other packages.
 */
export const schemaStatements = [
  `CREATE TABLE IF NOT EXISTS metering_accounts (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    email_key TEXT NOT NULL UNIQUE,
    full_name TEXT NOT NULL,
    total_credits BIGINT NOT NULL DEFAULT 0 CHECK (total_credits >= 0),
    credits_used BIGINT NOT NULL DEFAULT 0 CHECK (credits_used >= 0),
    total_requests BIGINT NOT NULL DEFAULT 0,
    successful_requests BIGINT NOT NULL DEFAULT 0,
    failed_requests BIGINT NOT NULL DEFAULT 0,
    webhook_secret TEXT NOT NULL,
    created_at TEXT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS metering_api_keys (
    key_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES metering_accounts(id) ON DELETE CASCADE,
    status TEXT NOT NULL CHECK (status IN ('active', 'revoked')),
    created_at TEXT NOT NULL,
    revoked_at TEXT
  )`,
  // At most one active key per account.
  `CREATE UNIQUE INDEX IF NOT EXISTS metering_api_keys_one_active
    ON metering_api_keys (account_id) WHERE status = 'active'`,
  `CREATE INDEX IF NOT EXISTS metering_api_keys_account ON metering_api_keys (account_id)`,
  // Idempotency-Key records: `running` holds a lease (token, lease_until), `done` the response
  // (body in base64, so one TEXT column serves both drivers). Times are epoch ms.
  `CREATE TABLE IF NOT EXISTS metering_idempotency (
    account_id TEXT NOT NULL,
    idem_key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('running', 'done')),
    lease_token TEXT,
    lease_until BIGINT,
    status INTEGER,
    content_type TEXT,
    body TEXT,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (account_id, idem_key)
  )`,
  `CREATE INDEX IF NOT EXISTS metering_idempotency_created ON metering_idempotency (created_at)`,
  // Charges taken under a key: a second charge with the key takes nothing. `holder`: the attempt
  // (an idempotency lease token) that made it last; only it (or a caller naming none) may refund it.
  `CREATE TABLE IF NOT EXISTS metering_keyed_charges (
    account_id TEXT NOT NULL,
    charge_key TEXT NOT NULL,
    credits BIGINT NOT NULL,
    holder TEXT,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (account_id, charge_key)
  )`,
  `CREATE INDEX IF NOT EXISTS metering_keyed_charges_created ON metering_keyed_charges (created_at)`,
]

/**
 * The claim of `beginIdempotent`, one statement in both drivers: insert a running record, or
 * take over an expired one (any fingerprint, new created_at) or a running one of the same
 * fingerprint whose lease has passed (created_at kept: it is the same use of the key). A row
 * comes back only when this claim won. Parameters: $1 account, $2 key, $3 fingerprint,
 * $4 token, $5 lease_until, $6 now, $7 expired at or before.
 */
export const claimIdempotencySql = `INSERT INTO metering_idempotency
    (account_id, idem_key, fingerprint, state, lease_token, lease_until, created_at)
  VALUES ($1, $2, $3, 'running', $4, $5, $6)
  ON CONFLICT (account_id, idem_key) DO UPDATE SET
    fingerprint = excluded.fingerprint, state = 'running', lease_token = excluded.lease_token,
    lease_until = excluded.lease_until, status = NULL, content_type = NULL, body = NULL,
    created_at = CASE WHEN metering_idempotency.created_at <= $7 THEN excluded.created_at ELSE metering_idempotency.created_at END
  WHERE metering_idempotency.created_at <= $7
     OR (metering_idempotency.state = 'running' AND metering_idempotency.lease_until <= $6
         AND metering_idempotency.fingerprint = excluded.fingerprint)
  RETURNING created_at`

export interface IdempotencyRowData {
  fingerprint: string
  state: 'running' | 'done'
  lease_until: number | string | null
  status: number | string | null
  content_type: string | null
  body: string | null
  created_at: number | string
}

/** What a claim that lost found: replay, mismatch or running. */
export function existingClaim(row: IdempotencyRowData, fingerprint: string): IdempotentBegin {
  if (row.fingerprint !== fingerprint) return { state: 'mismatch' }
  if (row.state === 'done') {
    return {
      state: 'replay',
      response: { status: Number(row.status), contentType: row.content_type, body: Buffer.from(row.body ?? '', 'base64') },
    }
  }
  return { state: 'running', leaseUntil: Number(row.lease_until ?? 0) }
}

/** Columns of an account row, with its key status computed from the keys table. */
export const accountColumns = `a.id, a.email, a.full_name, a.total_credits, a.credits_used,
  a.total_requests, a.successful_requests, a.failed_requests, a.created_at,
  (SELECT COALESCE(MAX(CASE k.status WHEN 'active' THEN 2 ELSE 1 END), 0)
     FROM metering_api_keys k WHERE k.account_id = a.id) AS key_rank`

export interface AccountRowData {
  id: string
  email: string
  full_name: string
  total_credits: number | string
  credits_used: number | string
  total_requests: number | string
  successful_requests: number | string
  failed_requests: number | string
  created_at: string
  key_rank?: number | string
}

const rankStatus: Record<number, KeyStatus> = { 0: 'none', 1: 'revoked', 2: 'active' }

/** Maps a row of either driver (PostgreSQL returns BIGINT as strings) to a `StoredAccount`. */
export function toStoredAccount(row: AccountRowData, keyStatus?: KeyStatus): StoredAccount {
  return {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    totalCredits: Number(row.total_credits),
    creditsUsed: Number(row.credits_used),
    createdAt: row.created_at,
    keyStatus: keyStatus ?? rankStatus[Number(row.key_rank ?? 0)] ?? 'none',
    totalRequests: Number(row.total_requests),
    successfulRequests: Number(row.successful_requests),
    failedRequests: Number(row.failed_requests),
  }
}

/** Where a store reports what it recovered from without failing a call (pino's shape). */
export interface StoreLogger {
  warn(fields: Record<string, unknown>, message: string): void
}

/** Both drivers' default: a line on stderr. */
export const stderrLogger: StoreLogger = {
  warn: (fields, message) => process.stderr.write(`verso metering: ${message}: ${String(fields.err)}\n`),
}
