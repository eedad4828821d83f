import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { MeteringError } from './errors.js'
import { generateApiKey, generateWebhookSecret, keyHasher, looksLikeApiKey } from './secrets.js'
import { postgresStore } from './store/postgres.js'
import { sqliteStore } from './store/sqlite.js'
import type { Account, AccountSummary, AuthResult, ChargeResult, MeteringStore, StoredAccount } from './types.js'

export interface Metering {
  /** Throws `METERING_DUPLICATE_EMAIL` (case-insensitive) and `METERING_INVALID_INPUT`. */
  createAccount(input: { email: string; fullName: string; credits: number }): Promise<{ account: Account; apiKey: string; webhookSecret: string }>
  /** Oldest first. */
  listAccounts(): Promise<Account[]>
  /** Case-insensitive; `null` when there is no such account. */
  findAccount(email: string): Promise<Account | null>
  /** `undefined` / `''` → missing; anything not exactly an issued key (spaces included, never trimmed) → invalid. */
  authenticate(apiKey: string | undefined): Promise<AuthResult>
  /** Issues a new key; the previous one then authenticates as `revoked`. Throws `METERING_ACCOUNT_NOT_FOUND`. */
  rotateKey(email: string): Promise<{ apiKey: string }>
  /** Revokes the current key; the account has no valid key until `rotateKey`. Throws `METERING_ACCOUNT_NOT_FOUND`. */
  revokeKey(email: string): Promise<void>
  /** Raises total_credits by `amount` (an integer ≥ 0). Throws `METERING_ACCOUNT_NOT_FOUND`, `METERING_INVALID_INPUT`. */
  addCredits(email: string, amount: number): Promise<Account>
  /** Atomic: succeeds only when `credits` are left, in one conditional UPDATE. `credits` 0 → ok. */
  charge(accountId: string, credits: number): Promise<ChargeResult>
  /** Gives back credits reserved for work that failed; credits_used never goes below zero. */
  refund(accountId: string, credits: number): Promise<void>
  recordRequest(accountId: string, outcome: { success: boolean }): Promise<void>
  /** The spec's account summary JSON (section 2.8). */
  summary(accountId: string): Promise<AccountSummary>
  /** The account's webhook signing secret. Throws `METERING_ACCOUNT_NOT_FOUND`. */
  webhookSecret(accountId: string): Promise<string>
  rotateWebhookSecret(email: string): Promise<string>
  /** Closes the store; later calls throw `METERING_CLOSED`. Idempotent. */
  close(): Promise<void>
}

export interface MeteringOptions {
  /** Where accounts live. Default: `sqliteStore({ path: './data/verso.db' })`. */
  driver?: MeteringStore
  /**
   * Server-side secret mixed into key hashes (HMAC-SHA-256 instead of SHA-256). Changing it
   * invalidates every issued key. Default: none (plain SHA-256).
   */
  keyPepper?: string
}

const EMAIL = /^[^\s@]+@[^\s@]+$/

export function createMetering(options: MeteringOptions = {}): Metering {
  const store = options.driver ?? sqliteStore({ path: join('data', 'verso.db') })
  const hashKey = keyHasher(options.keyPepper)
  let closed = false

  function open(): void {
    if (closed) throw new MeteringError('METERING_CLOSED', 'this Metering instance is closed')
  }

  async function accountFor(email: string): Promise<StoredAccount> {
    open()
    const account = typeof email === 'string' ? await store.accountByEmail(email.trim()) : null
    if (!account) throw new MeteringError('METERING_ACCOUNT_NOT_FOUND', `no account with e-mail ${String(email)}`)
    return account
  }

  function notFound(accountId: string): MeteringError {
    return new MeteringError('METERING_ACCOUNT_NOT_FOUND', `no account with id ${String(accountId)}`)
  }

  return {
    async createAccount(input) {
      open()
      const email = typeof input?.email === 'string' ? input.email.trim() : ''
      const fullName = typeof input?.fullName === 'string' ? input.fullName.trim() : ''
      if (!EMAIL.test(email) || email.length > 254) invalid('email must be an e-mail address')
      if (fullName === '' || fullName.length > 200) invalid('fullName must be 1 to 200 characters')
      const credits = count(input?.credits, 'credits')
      const apiKey = generateApiKey()
      const webhookSecret = generateWebhookSecret()
      const id = randomUUID()
      const createdAt = new Date().toISOString()
      await store.insertAccount({ id, email, fullName, totalCredits: credits, keyHash: hashKey(apiKey), webhookSecret, createdAt })
      const account: Account = { id, email, fullName, totalCredits: credits, creditsUsed: 0, createdAt, keyStatus: 'active' }
      return { account, apiKey, webhookSecret }
    },

    async listAccounts() {
      open()
      return (await store.listAccounts()).map(publicAccount)
    },

    async findAccount(email) {
      open()
      if (typeof email !== 'string' || email.trim() === '') return null
      const account = await store.accountByEmail(email.trim())
      return account ? publicAccount(account) : null
    },

    async authenticate(apiKey) {
      open()
      if (apiKey === undefined || apiKey === null || apiKey === '') return { status: 'missing' }
      if (typeof apiKey !== 'string' || !looksLikeApiKey(apiKey)) return { status: 'invalid' }
      const found = await store.accountByKeyHash(hashKey(apiKey))
      if (!found) return { status: 'invalid' }
      if (found.keyStatus !== 'active') return { status: 'revoked' }
      return { status: 'ok', account: publicAccount(found.account) }
    },

    async rotateKey(email) {
      const account = await accountFor(email)
      const apiKey = generateApiKey()
      if (!(await store.replaceKey(account.id, hashKey(apiKey)))) throw notFound(account.id)
      return { apiKey }
    },

    async revokeKey(email) {
      const account = await accountFor(email)
      if (!(await store.replaceKey(account.id, null))) throw notFound(account.id)
    },

    async addCredits(email, amount) {
      const n = count(amount, 'amount')
      const account = await accountFor(email)
      if (!(await store.addCredits(account.id, n))) throw notFound(account.id)
      const updated = await store.accountById(account.id)
      if (!updated) throw notFound(account.id)
      return publicAccount(updated)
    },

    async charge(accountId, credits) {
      open()
      const n = count(credits, 'credits')
      const result = await store.charge(id(accountId), n)
      if (!result) throw notFound(accountId)
      return result.ok ? { ok: true, remaining: result.remaining } : { ok: false, remaining: result.remaining, required: n }
    },

    async refund(accountId, credits) {
      open()
      const n = count(credits, 'credits')
      if (!(await store.refund(id(accountId), n))) throw notFound(accountId)
    },

    async recordRequest(accountId, outcome) {
      open()
      if (typeof outcome?.success !== 'boolean') invalid('outcome.success must be a boolean')
      if (!(await store.recordRequest(id(accountId), outcome.success))) throw notFound(accountId)
    },

    async summary(accountId) {
      open()
      const account = await store.accountById(id(accountId))
      if (!account) throw notFound(accountId)
      return toSummary(account)
    },

    async webhookSecret(accountId) {
      open()
      const secret = await store.webhookSecret(id(accountId))
      if (secret === null) throw notFound(accountId)
      return secret
    },

    async rotateWebhookSecret(email) {
      const account = await accountFor(email)
      const secret = generateWebhookSecret()
      if (!(await store.setWebhookSecret(account.id, secret))) throw notFound(account.id)
      return secret
    },

    async close() {
      if (closed) return
      closed = true
      await store.close()
    },
  }
}

/**
 * Picks the driver from the environment: `DATABASE_URL` set → PostgreSQL, otherwise SQLite at
 * `DATA_DIR/verso.db` (DATA_DIR default `./data`). `API_KEY_PEPPER`, when set, becomes `keyPepper`.
 */
export function meteringFromEnv(env: { DATA_DIR?: string; DATABASE_URL?: string; API_KEY_PEPPER?: string }): Metering {
  const driver = env.DATABASE_URL
    ? postgresStore({ connectionString: env.DATABASE_URL })
    : sqliteStore({ path: join(env.DATA_DIR || 'data', 'verso.db') })
  return createMetering(env.API_KEY_PEPPER ? { driver, keyPepper: env.API_KEY_PEPPER } : { driver })
}

function publicAccount(account: StoredAccount): Account {
  const { id, email, fullName, totalCredits, creditsUsed, createdAt, keyStatus } = account
  return { id, email, fullName, totalCredits, creditsUsed, createdAt, keyStatus }
}

/** A percentage rounded to two decimals; 0 when the denominator is 0. */
function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0
}

function toSummary(account: StoredAccount): AccountSummary {
  return {
    email: account.email,
    full_name: account.fullName,
    total_credits: account.totalCredits,
    credits_used: account.creditsUsed,
    credits_remaining: Math.max(0, account.totalCredits - account.creditsUsed),
    credits_percentage: percent(account.creditsUsed, account.totalCredits),
    summary: {
      total_requests: account.totalRequests,
      successful_requests: account.successfulRequests,
      failed_requests: account.failedRequests,
      success_rate: percent(account.successfulRequests, account.totalRequests),
    },
  }
}

function invalid(message: string): never {
  throw new MeteringError('METERING_INVALID_INPUT', message)
}

function count(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) invalid(`${name} must be an integer ≥ 0`)
  return value
}

function id(accountId: unknown): string {
  if (typeof accountId !== 'string' || accountId === '') invalid('accountId must be a non-empty string')
  return accountId
}
