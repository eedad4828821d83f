import type { KeyStatus, StoredAccount } from '../types.js'

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
]

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
