import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { MeteringError } from './errors.js'
import { generateApiKey, generateWebhookSecret, keyHasher, looksLikeApiKey } from './secrets.js'
import { postgresStore } from './store/postgres.js'
import { sqliteStore } from './store/sqlite.js'
import type { Account, AccountSummary, AuthResult, ChargeResult, IdempotentBegin, MeteringStore, StoredAccount, StoredResponse } from './types.js'

export interface Metering {
  /** Throws `METERING_DUPLICATE_EMAIL` (case-insensitive) and `METERING_INVALID_INPUT`. */
  createAccount(input: { email: string; fullName: string; credits: number }): Promise<{ account: Account; apiKey: string; webhookSecret: string }>
  /** Oldest first. */
  listAccounts(): Promise<Account[]>
  /** Case-insensitive; `null` when there is no such account. */
  findAccount(email: string): Promise<Account | null>
  /**
   * `undefined` / `''` → missing; anything not exactly an issued key (spaces included, never
   * trimmed) → invalid. With `authCacheMs`, an `ok` answer is reused for that long: its account
   * fields may be that old (`charge` decides credits, never them), and a key rotated or revoked
   * by another process (the admin CLI, another server) still authenticates for at most that
   * long; `rotateKey`/`revokeKey`/`addCredits` on this instance drop every cached answer at once.
   */
  authenticate(apiKey: string | undefined): Promise<AuthResult>
  /** Issues a new key; the previous one then authenticates as `revoked`. Throws `METERING_ACCOUNT_NOT_FOUND`. */
  rotateKey(email: string): Promise<{ apiKey: string }>
  /** Revokes the current key; the account has no valid key until `rotateKey`. Throws `METERING_ACCOUNT_NOT_FOUND`. */
  revokeKey(email: string): Promise<void>
  /** Raises total_credits by `amount` (an integer ≥ 0). Throws `METERING_ACCOUNT_NOT_FOUND`, `METERING_INVALID_INPUT`. */
  addCredits(email: string, amount: number): Promise<Account>
  /**
   * Atomic: succeeds only when `credits` are left, in one conditional UPDATE. `credits` 0 → ok.
   * With `idempotencyKey` the charge is recorded under (account, key) for 24 h: a second charge
   * with the key takes nothing and answers `{ ok: true, alreadyCharged: true }`, so work re-run
   * after a crash is not paid twice.
   */
  charge(accountId: string, credits: number, options?: KeyedOptions): Promise<ChargeResult>
  /**
   * Gives back credits reserved for work that failed; credits_used never goes below zero. With
   * `idempotencyKey` it undoes that key's charge: gives back `min(credits, charged)` and forgets
   * the record (a retry with the key is charged again); no record of the key → nothing is given,
   * nor when `attempt` is given and another attempt holds the charge (see `KeyedOptions`).
   */
  refund(accountId: string, credits: number, options?: KeyedOptions): Promise<void>
  /**
   * Settles a keyed charge at `keep` credits once the work is done and part of it failed (a
   * batch whose items failed): the charge under `idempotencyKey` is lowered to `keep` and the
   * difference given back, once, however often it is called (a retry re-running the work
   * after a crash settles again and gives nothing more). Answers the credits given back; 0 when
   * the charge already holds `keep` or less, has no record, or another attempt holds it.
   * Throws `METERING_ACCOUNT_NOT_FOUND`, `METERING_INVALID_INPUT` (no key, `keep` not an integer ≥ 0).
   */
  settle(accountId: string, keep: number, options: KeyedOptions & { idempotencyKey: string }): Promise<number>
  /**
   * Claims an Idempotency-Key of the account for a request whose `fingerprint` (a digest of
   * method, URL and body) is given: `started` (run it, then `completeIdempotent` or
   * `releaseIdempotent` with the token; the claim holds for `leaseMs`, after which another
   * caller may take it over), `replay`, `mismatch` or `running` (see `IdempotentBegin`). Records
   * expire 24 h after creation. Key: 1–255 characters.
   */
  beginIdempotent(accountId: string, key: string, fingerprint: string, leaseMs: number): Promise<IdempotentBegin>
  /** Stores the response of a started key for replay. `false`: the claim was lost (its lease expired and another caller took it). */
  completeIdempotent(accountId: string, key: string, token: string, response: StoredResponse): Promise<boolean>
  /** Drops a started key without a response (a 5xx, a crash of the work): the key may run again. `false`: the claim was lost. */
  releaseIdempotent(accountId: string, key: string, token: string): Promise<boolean>
  /**
   * Extends a started key's lease to `leaseMs` from now, while `token` holds it: work that runs
   * longer than one lease keeps its claim, so a retry meanwhile gets a 409, not a second run.
   * `false`: the claim was lost (or completed). Throws `METERING_INVALID_INPUT` for a bad `leaseMs`.
   */
  renewIdempotent(accountId: string, key: string, token: string, leaseMs: number): Promise<boolean>
  /**
   * Counts one request in the usage statistics. Without `usageFlushMs` it is written at once
   * (and an unknown account throws `METERING_ACCOUNT_NOT_FOUND`); with it, it is added to
   * counters in memory, written every `usageFlushMs`, before this instance's `summary` of that
   * account and at `close()` (counts of an unknown account are then dropped at the write).
   */
  recordRequest(accountId: string, outcome: { success: boolean }): Promise<void>
  /** The spec's account summary JSON (section 2.8); this instance's unwritten counts of that account are written first. */
  summary(accountId: string): Promise<AccountSummary>
  /** The account's webhook signing secret. Throws `METERING_ACCOUNT_NOT_FOUND`. */
  webhookSecret(accountId: string): Promise<string>
  rotateWebhookSecret(email: string): Promise<string>
  /** Writes the usage counters kept in memory, then closes the store; later calls throw `METERING_CLOSED`. Idempotent. */
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
  /**
   * How long a successful `authenticate` answer is reused, in ms (see `authenticate`): a
   * request then costs no key lookup. Default: 0 (every call reads the store);
   * `meteringFromEnv`: 1000.
   */
  authCacheMs?: number
  /**
   * Usage counters (`recordRequest`) are summed in memory and written every this many ms, so
   * a request costs no write for them; a crash loses at most this long of usage statistics,
   * never a credit (charges and refunds are always written at once). Default: 0 (each call
   * writes); `meteringFromEnv`: 1000.
   */
  usageFlushMs?: number
  /** Told when a background write of usage counters fails (the counts are kept for the next one). Default: a line on stderr. */
  onBackgroundError?: (error: unknown) => void
  /** Clock of the authentication cache, idempotency leases and the 24 h expiry of idempotency records, for tests. Default: `Date.now`. */
  now?: () => number
}

export interface KeyedOptions {
  /** Records the charge under (account, key); see `Metering.charge`. 1–300 characters. Default: none. */
  idempotencyKey?: string
  /**
   * With `idempotencyKey`: the attempt making the call (the idempotency lease token). A keyed
   * charge belongs to the attempt that made it last, also when it took nothing (a take-over
   * after a crash); a keyed refund by an attempt that no longer holds it gives nothing, so a
   * server that lost its lease cannot refund the charge of the run that took over.
   * Default: none (a refund undoes the key's charge whoever made it).
   */
  attempt?: string
}

/** How long an Idempotency-Key record (and a keyed charge) lives: 24 h after its creation, as at Stripe. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000

/** How often an instance deletes expired idempotency records (on a begin, in the background). */
const IDEMPOTENCY_CLEANUP_MS = 60 * 60 * 1000

/** Most cached authentication answers; the oldest goes first beyond it. */
const AUTH_CACHE_ENTRIES = 10_000

const EMAIL = /^[^\s@]+@[^\s@]+$/

export function createMetering(options: MeteringOptions = {}): Metering {
  const store = options.driver ?? sqliteStore({ path: join('data', 'verso.db') })
  const hashKey = keyHasher(options.keyPepper)
  const authCacheMs = duration(options.authCacheMs, 'authCacheMs')
  const usageFlushMs = duration(options.usageFlushMs, 'usageFlushMs')
  const now = options.now ?? Date.now
  const reportBackground =
    options.onBackgroundError ??
    ((error: unknown) => process.stderr.write(`verso metering: writing usage counters failed, kept for the next attempt: ${String(error)}\n`))
  let closed = false

  // Successful key lookups by key hash (the plain key is never kept). `generation` changes on
  // every key or credit change made through this instance: a lookup that began before such a
  // change is not cached, so an in-process rotation is seen by the very next request.
  const authCache = new Map<string, { account: Account; until: number }>()
  let generation = 0
  function forgetAuthentications(): void {
    generation++
    authCache.clear()
  }

  // Usage counters not yet written, by account id. A write takes its entries out of the map
  // first (so two writes never write the same count) and puts them back when it fails.
  const unwritten = new Map<string, { successful: number; failed: number }>()
  let flushTimer: NodeJS.Timeout | null = null
  // The timer's write under way, which close() waits for before closing the store.
  let timedWrite: Promise<void> = Promise.resolve()
  function scheduleFlush(): void {
    if (flushTimer || closed) return
    flushTimer = setTimeout(() => {
      flushTimer = null
      timedWrite = writeUsage().catch(reportBackground)
    }, usageFlushMs)
    flushTimer.unref()
  }
  function addUnwritten(accountId: string, successful: number, failed: number): void {
    const counts = unwritten.get(accountId)
    if (counts) {
      counts.successful += successful
      counts.failed += failed
    } else {
      unwritten.set(accountId, { successful, failed })
    }
  }
  async function writeUsage(only?: string): Promise<void> {
    const entries = only === undefined ? [...unwritten] : unwritten.has(only) ? [[only, unwritten.get(only)!] as const] : []
    for (const [accountId] of entries) unwritten.delete(accountId)
    for (let i = 0; i < entries.length; i++) {
      const [accountId, counts] = entries[i]!
      try {
        // false: the account does not exist (accounts are never deleted): nothing to count.
        await store.addUsage(accountId, counts.successful, counts.failed)
      } catch (error) {
        for (const [id, c] of entries.slice(i)) addUnwritten(id, c.successful, c.failed)
        scheduleFlush()
        throw error
      }
    }
  }

  // The background deletion of expired idempotency records, at most once per IDEMPOTENCY_CLEANUP_MS.
  let lastCleanup = 0
  let cleanup: Promise<void> = Promise.resolve()
  function cleanupSometimes(at: number): void {
    if (at - lastCleanup < IDEMPOTENCY_CLEANUP_MS) return
    lastCleanup = at
    cleanup = store
      .deleteIdempotencyBefore(at - IDEMPOTENCY_TTL_MS)
      .then(() => undefined)
      .catch(reportBackground)
  }

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
      const keyHash = hashKey(apiKey)
      if (authCacheMs > 0) {
        const cached = authCache.get(keyHash)
        if (cached && cached.until > now()) return { status: 'ok', account: { ...cached.account } }
        if (cached) authCache.delete(keyHash)
      }
      const asOf = generation
      const found = await store.accountByKeyHash(keyHash)
      if (!found) return { status: 'invalid' }
      if (found.keyStatus !== 'active') return { status: 'revoked' }
      const account = publicAccount(found.account)
      if (authCacheMs > 0 && asOf === generation && !closed) {
        if (authCache.size >= AUTH_CACHE_ENTRIES) authCache.delete(authCache.keys().next().value!)
        authCache.set(keyHash, { account: { ...account }, until: now() + authCacheMs })
      }
      return { status: 'ok', account }
    },

    async rotateKey(email) {
      const account = await accountFor(email)
      const apiKey = generateApiKey()
      forgetAuthentications()
      const replaced = await store.replaceKey(account.id, hashKey(apiKey))
      forgetAuthentications()
      if (!replaced) throw notFound(account.id)
      return { apiKey }
    },

    async revokeKey(email) {
      const account = await accountFor(email)
      forgetAuthentications()
      const replaced = await store.replaceKey(account.id, null)
      forgetAuthentications()
      if (!replaced) throw notFound(account.id)
    },

    async addCredits(email, amount) {
      const n = count(amount, 'amount')
      const account = await accountFor(email)
      const added = await store.addCredits(account.id, n)
      forgetAuthentications()
      if (!added) throw notFound(account.id)
      const updated = await store.accountById(account.id)
      if (!updated) throw notFound(account.id)
      return publicAccount(updated)
    },

    async charge(accountId, credits, options) {
      open()
      const n = count(credits, 'credits')
      const key = chargeKey(options)
      if (key !== undefined) {
        const at = now()
        const result = await store.chargeKeyed(id(accountId), key, n, at, at - IDEMPOTENCY_TTL_MS, attemptOf(options))
        if (!result) throw notFound(accountId)
        if (!result.ok) return { ok: false, remaining: result.remaining, required: n }
        return result.alreadyCharged ? { ok: true, remaining: result.remaining, alreadyCharged: true } : { ok: true, remaining: result.remaining }
      }
      const result = await store.charge(id(accountId), n)
      if (!result) throw notFound(accountId)
      return result.ok ? { ok: true, remaining: result.remaining } : { ok: false, remaining: result.remaining, required: n }
    },

    async refund(accountId, credits, options) {
      open()
      const n = count(credits, 'credits')
      const key = chargeKey(options)
      const found = key !== undefined ? await store.refundKeyed(id(accountId), key, n, attemptOf(options)) : await store.refund(id(accountId), n)
      if (!found) throw notFound(accountId)
    },

    async settle(accountId, keep, options) {
      open()
      const n = count(keep, 'keep')
      const key = chargeKey(options)
      if (key === undefined) invalid('settle needs an idempotencyKey')
      const given = await store.settleKeyed(id(accountId), key, n, attemptOf(options))
      if (given === null) throw notFound(accountId)
      return given
    },

    async beginIdempotent(accountId, key, fingerprint, leaseMs) {
      open()
      if (typeof key !== 'string' || key.length < 1 || key.length > 255) invalid('an idempotency key must be 1 to 255 characters')
      if (typeof fingerprint !== 'string' || fingerprint === '' || fingerprint.length > 512) invalid('fingerprint must be 1 to 512 characters')
      if (typeof leaseMs !== 'number' || !Number.isSafeInteger(leaseMs) || leaseMs < 1) invalid('leaseMs must be an integer ≥ 1')
      const at = now()
      cleanupSometimes(at)
      return store.beginIdempotent({
        accountId: id(accountId),
        key,
        fingerprint,
        token: randomUUID(),
        now: at,
        leaseUntil: at + leaseMs,
        expiredAtOrBefore: at - IDEMPOTENCY_TTL_MS,
      })
    },

    async completeIdempotent(accountId, key, token, response) {
      open()
      const status = response?.status
      if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599) invalid('response.status must be an HTTP status')
      if (!(response.body instanceof Uint8Array)) invalid('response.body must be bytes')
      if (response.contentType !== null && typeof response.contentType !== 'string') invalid('response.contentType must be a string or null')
      return store.completeIdempotent(id(accountId), String(key), String(token), response)
    },

    async releaseIdempotent(accountId, key, token) {
      open()
      return store.releaseIdempotent(id(accountId), String(key), String(token))
    },

    async renewIdempotent(accountId, key, token, leaseMs) {
      open()
      if (typeof leaseMs !== 'number' || !Number.isSafeInteger(leaseMs) || leaseMs < 1) invalid('leaseMs must be an integer ≥ 1')
      return store.renewIdempotent(id(accountId), String(key), String(token), now() + leaseMs)
    },

    async recordRequest(accountId, outcome) {
      open()
      if (typeof outcome?.success !== 'boolean') invalid('outcome.success must be a boolean')
      if (usageFlushMs > 0) {
        addUnwritten(id(accountId), outcome.success ? 1 : 0, outcome.success ? 0 : 1)
        scheduleFlush()
        return
      }
      if (!(await store.addUsage(id(accountId), outcome.success ? 1 : 0, outcome.success ? 0 : 1))) throw notFound(accountId)
    },

    async summary(accountId) {
      open()
      await writeUsage(id(accountId))
      const account = await store.accountById(accountId)
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
      if (flushTimer) clearTimeout(flushTimer)
      flushTimer = null
      authCache.clear()
      try {
        await cleanup
        await timedWrite
        await writeUsage()
      } finally {
        await store.close()
      }
    },
  }
}

/**
 * Picks the driver from the environment: `DATABASE_URL` set → PostgreSQL, otherwise SQLite at
 * `DATA_DIR/verso.db` (DATA_DIR default `./data`). `API_KEY_PEPPER`, when set, becomes `keyPepper`.
 * With the server's hot-path settings: `authCacheMs` and `usageFlushMs` of 1000 ms.
 */
export function meteringFromEnv(env: { DATA_DIR?: string; DATABASE_URL?: string; API_KEY_PEPPER?: string }): Metering {
  const driver = env.DATABASE_URL
    ? postgresStore({ connectionString: env.DATABASE_URL })
    : sqliteStore({ path: join(env.DATA_DIR || 'data', 'verso.db') })
  // The server's settings: no key lookup and no usage write per request (see MeteringOptions).
  const hot = { authCacheMs: 1000, usageFlushMs: 1000 }
  return createMetering(env.API_KEY_PEPPER ? { driver, keyPepper: env.API_KEY_PEPPER, ...hot } : { driver, ...hot })
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

function duration(value: unknown, name: string): number {
  if (value === undefined) return 0
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) invalid(`${name} must be an integer ≥ 0 (ms)`)
  return value
}

function chargeKey(options: KeyedOptions | undefined): string | undefined {
  const key = options?.idempotencyKey
  if (key === undefined) return undefined
  if (typeof key !== 'string' || key.length < 1 || key.length > 300) invalid('idempotencyKey must be 1 to 300 characters')
  return key
}

function attemptOf(options: KeyedOptions | undefined): string | null {
  const attempt = options?.attempt
  if (attempt === undefined) return null
  if (typeof attempt !== 'string' || attempt === '' || attempt.length > 200) invalid('attempt must be 1 to 200 characters')
  return attempt
}

function id(accountId: unknown): string {
  if (typeof accountId !== 'string' || accountId === '') invalid('accountId must be a non-empty string')
  return accountId
}
