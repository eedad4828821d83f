import { ensurePgSchema, withTransaction } from '@verso/pg-schema'
import pg from 'pg'
import { MeteringError } from '../errors.js'
import type { MeteringStore, NewAccountRow } from '../types.js'
import { type AccountRowData, type IdempotencyRowData, type StoreLogger, accountColumns, claimIdempotencySql, existingClaim, schemaStatements, stderrLogger, toStoredAccount } from './schema.js'

export interface PostgresStoreOptions {
  /** `postgres://user@host:port/database`. */
  connectionString: string
  /**
   * Schema holding the tables; created when missing and put on every connection's
   * `search_path`. Letters, digits and `_` only. Default: the server's search_path (`public`).
   */
  schema?: string
  /** Pool size. Default: 10. */
  max?: number
  /** Where an idle connection's failure is reported (the next query reconnects). Default: a line on stderr. */
  logger?: StoreLogger
}

/** Advisory lock key of the schema set-up (was `hashtext('verso_metering_schema')`, kept so old and new servers serialise). */
const METERING_SCHEMA_LOCK = -1106881780

const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/

/**
 * The scale-out driver: the same tables and statements as SQLite, over a `pg` pool. Tables are
 * created on first use, only when missing (under an advisory lock, so several processes may
 * start at once, and one starting beside busy ones takes no table lock); a failed connection is
 * retried on the next call.
 */
export function postgresStore(options: PostgresStoreOptions): MeteringStore {
  if (!options || typeof options.connectionString !== 'string' || options.connectionString === '') {
    throw new MeteringError('METERING_INVALID_INPUT', 'postgresStore needs a connectionString')
  }
  const schema = options.schema
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new MeteringError('METERING_INVALID_INPUT', 'schema must be letters, digits and _')
  }
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  })
  const logger = options.logger ?? stderrLogger
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (err) => logger.warn({ err }, 'an idle PostgreSQL connection of the metering store failed'))
  const rollbackFailed = (err: unknown) => logger.warn({ err }, 'a ROLLBACK of the metering store failed; its connection was discarded')

  let ready: Promise<void> | null = null
  function init(): Promise<void> {
    ready ??= migrate().catch((error: unknown) => {
      ready = null
      throw error
    })
    return ready
  }

  function migrate(): Promise<void> {
    return ensurePgSchema(pool, {
      schema: schema ?? null,
      createSchema: schema !== undefined,
      lockKey: METERING_SCHEMA_LOCK,
      statements: schemaStatements,
      onRollbackError: rollbackFailed,
      columns: [['metering_accounts', 'seq']],
      // Creation order for listAccounts when two accounts share a millisecond (SQLite has rowid);
      // a database made by an earlier version lacks it.
      upgrade: async (client) => {
        const hasSeq = await client.query(
          `SELECT 1 FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = 'metering_accounts' AND column_name = 'seq'`,
        )
        if (hasSeq.rowCount === 0) await client.query(`ALTER TABLE metering_accounts ADD COLUMN seq BIGSERIAL`)
      },
    })
  }

  const transaction = <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => withTransaction(pool, work, rollbackFailed)

  /**
   * `work` in a transaction that first takes the account's row lock, so two writes to one
   * account (key rotations, keyed refunds and settlements) queue instead of racing; `absent`
   * when there is no such account.
   */
  function withAccountLocked<T>(accountId: string, absent: T, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return transaction(async (client) => {
      const found = await client.query(`SELECT 1 FROM metering_accounts WHERE id = $1 FOR UPDATE`, [accountId])
      return found.rowCount === 0 ? absent : work(client)
    })
  }

  /** `name` makes it a server-side prepared statement (parsed once per connection). */
  async function query<R extends pg.QueryResultRow>(text: string, values: unknown[], name?: string): Promise<pg.QueryResult<R>> {
    await init()
    return pool.query<R>(name ? { name, text, values } : { text, values })
  }

  async function one<R extends pg.QueryResultRow>(text: string, values: unknown[], name?: string): Promise<R | undefined> {
    return (await query<R>(text, values, name)).rows[0]
  }

  async function changed(text: string, values: unknown[], name?: string): Promise<boolean> {
    return ((await query(text, values, name)).rowCount ?? 0) > 0
  }

  return {
    async insertAccount(row: NewAccountRow) {
      await init()
      try {
        await transaction(async (client) => {
          await client.query(
            `INSERT INTO metering_accounts (id, email, email_key, full_name, total_credits, webhook_secret, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [row.id, row.email, row.email.toLowerCase(), row.fullName, row.totalCredits, row.webhookSecret, row.createdAt],
          )
          await client.query(
            `INSERT INTO metering_api_keys (key_hash, account_id, status, created_at) VALUES ($1, $2, 'active', $3)`,
            [row.keyHash, row.id, row.createdAt],
          )
        })
      } catch (error) {
        const e = error as { code?: string; constraint?: string }
        if (e.code === '23505' && /email_key/.test(e.constraint ?? '')) {
          throw new MeteringError('METERING_DUPLICATE_EMAIL', `an account with e-mail ${row.email} exists`, { cause: error })
        }
        throw error
      }
    },
    async listAccounts() {
      const result = await query<AccountRowData>(`SELECT ${accountColumns} FROM metering_accounts a ORDER BY a.created_at, a.seq`, [])
      return result.rows.map((row) => toStoredAccount(row))
    },
    async accountByEmail(email) {
      const row = await one<AccountRowData>(`SELECT ${accountColumns} FROM metering_accounts a WHERE a.email_key = $1`, [email.toLowerCase()])
      return row ? toStoredAccount(row) : null
    },
    async accountById(id) {
      const row = await one<AccountRowData>(`SELECT ${accountColumns} FROM metering_accounts a WHERE a.id = $1`, [id])
      return row ? toStoredAccount(row) : null
    },
    async accountByKeyHash(keyHash) {
      const row = await one<AccountRowData & { key_status: 'active' | 'revoked' }>(
        `SELECT k.status AS key_status, a.id, a.email, a.full_name, a.total_credits, a.credits_used,
                a.total_requests, a.successful_requests, a.failed_requests, a.created_at
           FROM metering_api_keys k JOIN metering_accounts a ON a.id = k.account_id
          WHERE k.key_hash = $1`,
        [keyHash],
        'metering_authenticate',
      )
      if (!row) return null
      return { account: toStoredAccount(row, row.key_status === 'active' ? 'active' : 'revoked'), keyStatus: row.key_status }
    },
    async replaceKey(accountId, newKeyHash) {
      await init()
      return withAccountLocked(accountId, false, async (client) => {
        const now = new Date().toISOString()
        await client.query(
          `UPDATE metering_api_keys SET status = 'revoked', revoked_at = $1 WHERE account_id = $2 AND status = 'active'`,
          [now, accountId],
        )
        if (newKeyHash !== null) {
          await client.query(
            `INSERT INTO metering_api_keys (key_hash, account_id, status, created_at) VALUES ($1, $2, 'active', $3)`,
            [newKeyHash, accountId, now],
          )
        }
        return true
      })
    },
    async addCredits(accountId, amount) {
      return changed(`UPDATE metering_accounts SET total_credits = total_credits + $1 WHERE id = $2`, [amount, accountId])
    },
    async charge(accountId, credits) {
      const row = await one<{ remaining: string }>(
        `UPDATE metering_accounts SET credits_used = credits_used + $1
          WHERE id = $2 AND total_credits - credits_used >= $1
          RETURNING total_credits - credits_used AS remaining`,
        [credits, accountId],
        'metering_charge',
      )
      if (row) return { ok: true, remaining: Number(row.remaining) }
      const left = await one<{ remaining: string }>(
        `SELECT total_credits - credits_used AS remaining FROM metering_accounts WHERE id = $1`,
        [accountId],
      )
      return left ? { ok: false, remaining: Number(left.remaining) } : null
    },
    async refund(accountId, credits) {
      return changed(`UPDATE metering_accounts SET credits_used = GREATEST(credits_used - $1, 0) WHERE id = $2`, [credits, accountId], 'metering_refund')
    },
    async addUsage(accountId, successful, failed) {
      return changed(
        `UPDATE metering_accounts SET total_requests = total_requests + $1 + $2,
                successful_requests = successful_requests + $1, failed_requests = failed_requests + $2
          WHERE id = $3`,
        [successful, failed, accountId],
        'metering_add_usage',
      )
    },
    async chargeKeyed(accountId, key, credits, now, expiredAtOrBefore, holder) {
      await init()
      return transaction(async (client) => {
        // A concurrent transaction inserting the same key waits here for the first to commit
        // (then finds the record) or roll back (then inserts it): the credits go once.
        const recorded = await client.query(
          `INSERT INTO metering_keyed_charges (account_id, charge_key, credits, holder, created_at) VALUES ($1, $2, $3, $6, $4)
           ON CONFLICT (account_id, charge_key) DO UPDATE SET credits = excluded.credits, holder = excluded.holder, created_at = excluded.created_at
             WHERE metering_keyed_charges.created_at <= $5
           RETURNING 1`,
          [accountId, key, credits, now, expiredAtOrBefore, holder],
        )
        const left = async () =>
          (await client.query<{ remaining: string }>(`SELECT total_credits - credits_used AS remaining FROM metering_accounts WHERE id = $1`, [accountId]))
            .rows[0]
        if (recorded.rowCount === 0) {
          if (holder !== null) {
            await client.query(`UPDATE metering_keyed_charges SET holder = $1 WHERE account_id = $2 AND charge_key = $3`, [holder, accountId, key])
          }
          const row = await left()
          return row ? { ok: true, remaining: Number(row.remaining), alreadyCharged: true } : null
        }
        const charged = await client.query<{ remaining: string }>(
          `UPDATE metering_accounts SET credits_used = credits_used + $1
            WHERE id = $2 AND total_credits - credits_used >= $1
            RETURNING total_credits - credits_used AS remaining`,
          [credits, accountId],
        )
        if (charged.rows[0]) return { ok: true, remaining: Number(charged.rows[0].remaining), alreadyCharged: false }
        // Refused: the record must not stay, or a later charge with the key would be free.
        await client.query(`DELETE FROM metering_keyed_charges WHERE account_id = $1 AND charge_key = $2`, [accountId, key])
        const row = await left()
        return row ? { ok: false, remaining: Number(row.remaining), alreadyCharged: false } : null
      })
    },
    async refundKeyed(accountId, key, credits, holder) {
      await init()
      return withAccountLocked(accountId, false, async (client) => {
        const forgotten = await client.query<{ credits: string }>(
          `DELETE FROM metering_keyed_charges
            WHERE account_id = $1 AND charge_key = $2 AND ($3::text IS NULL OR holder IS NULL OR holder = $3)
            RETURNING credits`,
          [accountId, key, holder],
        )
        const recorded = forgotten.rows[0]
        if (recorded) {
          await client.query(`UPDATE metering_accounts SET credits_used = GREATEST(credits_used - $1, 0) WHERE id = $2`, [
            Math.min(credits, Number(recorded.credits)),
            accountId,
          ])
        }
        return true
      })
    },
    async settleKeyed(accountId, key, keep, holder) {
      await init()
      return withAccountLocked<number | null>(accountId, null, async (client) => {
        const held = await client.query<{ credits: string }>(
          `SELECT credits FROM metering_keyed_charges
            WHERE account_id = $1 AND charge_key = $2 AND ($3::text IS NULL OR holder IS NULL OR holder = $3)
            FOR UPDATE`,
          [accountId, key, holder],
        )
        const recorded = held.rows[0] ? Number(held.rows[0].credits) : undefined
        if (recorded === undefined || recorded <= keep) return 0
        await client.query(`UPDATE metering_keyed_charges SET credits = $1 WHERE account_id = $2 AND charge_key = $3`, [keep, accountId, key])
        await client.query(`UPDATE metering_accounts SET credits_used = GREATEST(credits_used - $1, 0) WHERE id = $2`, [recorded - keep, accountId])
        return recorded - keep
      })
    },
    async beginIdempotent(c) {
      for (;;) {
        // One statement: the row lock of ON CONFLICT makes two servers queue, and only one wins.
        const won = await one<{ created_at: string }>(
          claimIdempotencySql,
          [c.accountId, c.key, c.fingerprint, c.token, c.leaseUntil, c.now, c.expiredAtOrBefore],
          'metering_claim_idempotency',
        )
        if (won) return { state: 'started', token: c.token, since: Number(won.created_at) }
        const row = await one<IdempotencyRowData>(
          `SELECT fingerprint, state, lease_until, status, content_type, body, created_at
             FROM metering_idempotency WHERE account_id = $1 AND idem_key = $2`,
          [c.accountId, c.key],
        )
        // Released between the two statements: claim again.
        if (row) return existingClaim(row, c.fingerprint)
      }
    },
    async completeIdempotent(accountId, key, token, response) {
      const body = Buffer.from(response.body.buffer, response.body.byteOffset, response.body.byteLength).toString('base64')
      return changed(
        `UPDATE metering_idempotency SET state = 'done', status = $1, content_type = $2, body = $3, lease_token = NULL, lease_until = NULL
          WHERE account_id = $4 AND idem_key = $5 AND lease_token = $6 AND state = 'running'`,
        [response.status, response.contentType, body, accountId, key, token],
      )
    },
    async releaseIdempotent(accountId, key, token) {
      return changed(
        `DELETE FROM metering_idempotency WHERE account_id = $1 AND idem_key = $2 AND lease_token = $3 AND state = 'running'`,
        [accountId, key, token],
      )
    },
    async renewIdempotent(accountId, key, token, leaseUntil) {
      return changed(
        `UPDATE metering_idempotency SET lease_until = $1 WHERE account_id = $2 AND idem_key = $3 AND lease_token = $4 AND state = 'running'`,
        [leaseUntil, accountId, key, token],
      )
    },
    async deleteIdempotencyBefore(before) {
      await init()
      return transaction(async (client) => {
        const a = await client.query(`DELETE FROM metering_idempotency WHERE created_at <= $1`, [before])
        const b = await client.query(`DELETE FROM metering_keyed_charges WHERE created_at <= $1`, [before])
        return (a.rowCount ?? 0) + (b.rowCount ?? 0)
      })
    },
    async webhookSecret(accountId) {
      const row = await one<{ webhook_secret: string }>(`SELECT webhook_secret FROM metering_accounts WHERE id = $1`, [accountId])
      return row ? row.webhook_secret : null
    },
    async setWebhookSecret(accountId, secret) {
      return changed(`UPDATE metering_accounts SET webhook_secret = $1 WHERE id = $2`, [secret, accountId])
    },
    async close() {
      if (!pool.ended) await pool.end()
    },
  }
}
