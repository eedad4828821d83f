export type KeyStatus = 'active' | 'revoked' | 'none'

export interface Account {
  id: string
  email: string
  fullName: string
  totalCredits: number
  creditsUsed: number
  /** ISO 8601. */
  createdAt: string
  keyStatus: KeyStatus
}

export type AuthResult = { status: 'ok'; account: Account } | { status: 'missing' | 'invalid' | 'revoked' }

/** Exactly the spec's account summary JSON (section 2.8). */
export interface AccountSummary {
  email: string
  full_name: string
  total_credits: number
  credits_used: number
  credits_remaining: number
  credits_percentage: number
  summary: {
    total_requests: number
    successful_requests: number
    failed_requests: number
    success_rate: number
  }
}

export type ChargeResult = { ok: true; remaining: number } | { ok: false; remaining: number; required: number }

/** An account as a store keeps it: the public fields plus usage counters. */
export interface StoredAccount extends Account {
  totalRequests: number
  successfulRequests: number
  failedRequests: number
}

export interface NewAccountRow {
  id: string
  email: string
  fullName: string
  totalCredits: number
  keyHash: string
  webhookSecret: string
  createdAt: string
}

/**
 * A storage driver: a plain object. `sqliteStore` (default) and `postgresStore` implement it
 * and pass the same conformance suite. Methods take already-validated input; "not found" is
 * `null` / `false`, never a throw. Keys arrive hashed; a store never sees a plain key.
 */
export interface MeteringStore {
  /** Inserts the account and its first active key in one transaction. Throws `METERING_DUPLICATE_EMAIL`. */
  insertAccount(row: NewAccountRow): Promise<void>
  /** Oldest first. */
  listAccounts(): Promise<StoredAccount[]>
  /** Case-insensitive on the e-mail address. */
  accountByEmail(email: string): Promise<StoredAccount | null>
  accountById(id: string): Promise<StoredAccount | null>
  /** The account a key hash belongs to and that key's own status. */
  accountByKeyHash(keyHash: string): Promise<{ account: StoredAccount; keyStatus: 'active' | 'revoked' } | null>
  /** In one transaction: revokes the account's active key, then (when given) adds `newKeyHash` as active. */
  replaceKey(accountId: string, newKeyHash: string | null): Promise<boolean>
  addCredits(accountId: string, amount: number): Promise<boolean>
  /** One conditional UPDATE: never lets credits_used exceed total_credits. `null`: no such account. */
  charge(accountId: string, credits: number): Promise<{ ok: boolean; remaining: number } | null>
  /** Lowers credits_used, never below zero. */
  refund(accountId: string, credits: number): Promise<boolean>
  /** Adds to the usage counters in one statement: `successful + failed` requests. `false`: no such account. */
  addUsage(accountId: string, successful: number, failed: number): Promise<boolean>
  webhookSecret(accountId: string): Promise<string | null>
  setWebhookSecret(accountId: string, secret: string): Promise<boolean>
  close(): Promise<void>
}
