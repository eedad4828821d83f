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

/**
 * `alreadyCharged`: a keyed charge (`{ idempotencyKey }`) whose key was charged before (within
 * 24 h): nothing was taken this time. Present only then.
 */
export type ChargeResult = { ok: true; remaining: number; alreadyCharged?: true } | { ok: false; remaining: number; required: number }

/** A response kept under an Idempotency-Key, replayed byte for byte. */
export interface StoredResponse {
  status: number
  /** The Content-Type header; null when the response had none. */
  contentType: string | null
  body: Uint8Array
}

/**
 * What `beginIdempotent` found for (account, key):
 * - `started`: the caller now runs the request; `token` completes or releases it. `since` (epoch
 *   ms) is when the record was created: the same on a take-over after a crash, new once the key
 *   expired, so `${since}` scopes charges and jobs to this use of the key.
 * - `replay`: the request ran before with the same fingerprint; `response` is its answer.
 * - `mismatch`: the key was used with a different request (fingerprint).
 * - `running`: the first request with this key still holds its lease.
 */
export type IdempotentBegin =
  | { state: 'started'; token: string; since: number }
  | { state: 'replay'; response: StoredResponse }
  | { state: 'mismatch' }
  | { state: 'running'; leaseUntil: number }

/** The driver's side of `beginIdempotent`: times are epoch ms decided by `Metering` (its clock). */
export interface IdempotencyClaim {
  accountId: string
  key: string
  fingerprint: string
  token: string
  now: number
  leaseUntil: number
  /** Records created at or before this are expired: ignored and replaced. */
  expiredAtOrBefore: number
}

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
  /**
   * A charge recorded under (account, key), in one transaction: when an unexpired record of the
   * key exists nothing is taken (`alreadyCharged`); otherwise the conditional UPDATE of `charge`
   * runs and, when it succeeds, the record is written (replacing an expired one). Two
   * concurrent calls with one key take the credits once. `null`: no such account.
   */
  chargeKeyed(
    accountId: string,
    key: string,
    credits: number,
    now: number,
    expiredAtOrBefore: number,
    /** The attempt making the charge; set on the record, also when it exists already (a take-over). */
    holder: string | null,
  ): Promise<{ ok: boolean; remaining: number; alreadyCharged: boolean } | null>
  /**
   * Undoes a keyed charge in one transaction: deletes the key's record and lowers credits_used
   * by `min(credits, recorded)`; with no record, nothing is refunded. With `holder`, only a
   * record held by it (or by no one) is undone. `false`: no such account.
   */
  refundKeyed(accountId: string, key: string, credits: number, holder: string | null): Promise<boolean>
  /**
   * Lowers a keyed charge to `keep` credits in one transaction: when the key's record holds
   * more, the difference goes back (credits_used lowered by it) and the record says `keep`;
   * when it holds `keep` or less, or there is no record, nothing changes. So settling twice
   * gives back once. With `holder`, only a record held by it (or by no one) is settled.
   * Answers the credits given back; `null`: no such account.
   */
  settleKeyed(accountId: string, key: string, keep: number, holder: string | null): Promise<number | null>
  /**
   * Atomically claims (account, key): inserts a `running` record with the claim's token and
   * lease, or takes over an expired record, or a `running` one of the same fingerprint whose
   * lease has passed (its server crashed); otherwise reports what is there.
   */
  beginIdempotent(claim: IdempotencyClaim): Promise<IdempotentBegin>
  /** `running` → `done` with the response, only while `token` holds the record. `false`: it does not (lease taken over). */
  completeIdempotent(accountId: string, key: string, token: string, response: StoredResponse): Promise<boolean>
  /** Deletes the record while `token` holds it, so the key may run again. */
  releaseIdempotent(accountId: string, key: string, token: string): Promise<boolean>
  /** Sets a `running` record's lease to `leaseUntil` while `token` holds it. `false`: it does not. */
  renewIdempotent(accountId: string, key: string, token: string, leaseUntil: number): Promise<boolean>
  /** Deletes idempotency records and keyed-charge records created at or before `before`; answers how many. */
  deleteIdempotencyBefore(before: number): Promise<number>
  webhookSecret(accountId: string): Promise<string | null>
  setWebhookSecret(accountId: string, secret: string): Promise<boolean>
  close(): Promise<void>
}
