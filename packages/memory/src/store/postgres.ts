import { randomUUID } from 'node:crypto'
import { ensurePgSchema, withTransaction } from '@verso/pg-schema'
import pg from 'pg'
import type { Glossary, GlossaryEntry, MemoryStore } from '../types.js'
import { MemoryStoreError } from './errors.js'
import {
  type GlossaryRow,
  type LedgerRow,
  copyEntries,
  distinctPairs,
  hashOfText,
  lastEntryPerKey,
  schemaStatements,
  toGlossaryInfo,
  toLedgerMap,
} from './schema.js'

export interface PostgresMemoryStoreOptions {
  /** `postgres://user@host:port/database`. */
  connectionString: string
  /**
   * Schema holding the tables; created when missing and put on every connection's
   * `search_path`. Letters, digits and `_` only. Default: the server's search_path (`public`).
   */
  schema?: string
  /** Pool size. Default: 10. */
  max?: number
  /** Told when an idle pooled connection fails (the next query reconnects). Default: a line on stderr. */
  logger?: { warn(fields: Record<string, unknown>, message: string): void }
}

const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/

/** Advisory lock key of the schema set-up (`hashtext('verso_memory_schema')`, as earlier versions took it). */
const MEMORY_SCHEMA_LOCK = 649183401

/**
 * PostgreSQL's `text` cannot hold U+0000, which JSON files and API texts can. Every text a
 * user wrote (memory texts and translations, ledger documents, keys, source texts and values)
 * is stored through this reversible escape: U+0001 becomes U+0001 U+0001 and U+0000 becomes
 * U+0001 `0`. A text with neither character (nearly all of them) is stored as it is.
 */
const ESCAPABLE = /[\u0000\u0001]/
function toPgText(text: string): string {
  return ESCAPABLE.test(text) ? text.replace(/[\u0000\u0001]/g, (ch) => (ch === '\u0000' ? '\u00010' : '\u0001\u0001')) : text
}
function fromPgText(stored: string): string {
  return stored.includes('\u0001') ? stored.replace(/\u0001([^]?)/g, (_, next: string) => (next === '0' ? '\u0000' : next)) : stored
}

/** Rows per statement of a batched write: bounds one message's size, not the batch's. */
const ROWS_PER_STATEMENT = 2000

/**
 * The scale-out driver: the same tables as SQLite over a `pg` pool. Lists travel as array
 * parameters (`= ANY($n)`, `unnest`), so a lookup of any number of texts is one statement and
 * a write of thousands of rows a few. Tables are created on first use, only when missing, under
 * an advisory lock (several servers may start at once, and one starting beside busy ones takes
 * no table lock); a failed first connection is retried on the next call.
 */
export function postgresMemoryStore(options: PostgresMemoryStoreOptions): MemoryStore {
  if (!options || typeof options.connectionString !== 'string' || options.connectionString === '') {
    throw new MemoryStoreError('MEMORY_INVALID_OPTION', 'postgresMemoryStore needs a connectionString')
  }
  const schema = options.schema
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new MemoryStoreError('MEMORY_INVALID_OPTION', 'schema must be letters, digits and _ (at most 63)')
  }
  const max = options.max ?? 10
  if (!Number.isInteger(max) || max < 1) throw new MemoryStoreError('MEMORY_INVALID_OPTION', 'max must be an integer ≥ 1')
  const logger = options.logger ?? {
    warn: (fields: Record<string, unknown>, message: string) => process.stderr.write(`verso memory: ${message}: ${String(fields.err)}\n`),
  }
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  })
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (err) => logger.warn({ err }, 'an idle PostgreSQL connection of the memory store failed'))
  const rollbackFailed = (err: unknown) => logger.warn({ err }, 'a ROLLBACK of the memory store failed; its connection was discarded')
  let closed = false

  let ready: Promise<void> | null = null
  function init(): Promise<void> {
    if (closed) return Promise.reject(new MemoryStoreError('MEMORY_CLOSED', 'the memory store is closed'))
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
      lockKey: MEMORY_SCHEMA_LOCK,
      statements: schemaStatements('seq BIGSERIAL', 'scope-and-hash'),
      onRollbackError: rollbackFailed,
    })
  }

  async function transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    await init()
    return withTransaction(pool, work, rollbackFailed)
  }

  /** `name` makes it a server-side prepared statement (parsed once per connection). */
  async function query<R extends pg.QueryResultRow>(text: string, values: unknown[], name?: string): Promise<pg.QueryResult<R>> {
    await init()
    return pool.query<R>(name ? { name, text, values } : { text, values })
  }

  return {
    async lookup(scope, texts) {
      await init()
      if (texts.length === 0) return []
      const hashes = texts.map(hashOfText)
      const result = await query<{ text_hash: string; translation: string }>(
        `SELECT text_hash, translation FROM memory_translations
          WHERE account_id = $1 AND source = $2 AND target = $3 AND engine = $4 AND glossary = $5
            AND text_hash = ANY($6::text[])`,
        [scope.accountId, scope.source, scope.target, scope.engine, scope.glossary, [...new Set(hashes)]],
        'verso_memory_lookup',
      )
      const found = new Map<string, string>()
      for (const row of result.rows) found.set(row.text_hash, fromPgText(row.translation))
      return hashes.map((hash) => found.get(hash))
    },
    async remember(scope, pairs, origin) {
      await init()
      if (pairs.length === 0) return
      const now = new Date().toISOString()
      const rows = distinctPairs(pairs)
      await transaction(async (client) => {
        for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
          const chunk = rows.slice(start, start + ROWS_PER_STATEMENT)
          await client.query(
            `INSERT INTO memory_translations
               (account_id, source, target, engine, glossary, text_hash, text, translation, via, job_id, created_at)
             SELECT $1::text, $2::text, $3::text, $4::text, $5::text, u.text_hash, u.text, u.translation, $9::text, $10::text, $11::text
               FROM unnest($6::text[], $7::text[], $8::text[]) AS u(text_hash, text, translation)
             ON CONFLICT DO NOTHING`,
            [
              scope.accountId, scope.source, scope.target, scope.engine, scope.glossary,
              chunk.map((row) => row.hash), chunk.map((row) => toPgText(row.text)), chunk.map((row) => toPgText(row.translation)),
              origin.via, origin.jobId ?? null, now,
            ],
          )
        }
      })
    },
    async clear(accountId) {
      return transaction(async (client) => {
        const deleted = await client.query(`DELETE FROM memory_translations WHERE account_id = $1`, [accountId])
        await client.query(`DELETE FROM ledger_entries WHERE account_id = $1`, [accountId])
        return deleted.rowCount ?? 0
      })
    },
    async ledger(scope, keys) {
      await init()
      const { accountId, source, target } = scope
      const document = toPgText(scope.document)
      if (keys !== undefined && keys.length === 0) return new Map()
      const result =
        keys === undefined
          ? await query<LedgerRow>(
              `SELECT key, source_text, value FROM ledger_entries
                WHERE account_id = $1 AND document = $2 AND source = $3 AND target = $4`,
              [accountId, document, source, target],
            )
          : await query<LedgerRow>(
              `SELECT key, source_text, value FROM ledger_entries
                WHERE account_id = $1 AND document = $2 AND source = $3 AND target = $4 AND key = ANY($5::text[])`,
              [accountId, document, source, target, [...new Set(keys.map(toPgText))]],
            )
      return toLedgerMap(result.rows.map((row) => ({ key: fromPgText(row.key), source_text: fromPgText(row.source_text), value: fromPgText(row.value) })))
    },
    async record(scope, entries) {
      await init()
      if (entries.length === 0) return
      const now = new Date().toISOString()
      const { accountId, source, target } = scope
      const document = toPgText(scope.document)
      const rows = lastEntryPerKey(entries)
      await transaction(async (client) => {
        for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
          const chunk = rows.slice(start, start + ROWS_PER_STATEMENT)
          await client.query(
            `INSERT INTO ledger_entries (account_id, document, source, target, key, source_text, value, updated_at)
             SELECT $1::text, $2::text, $3::text, $4::text, u.key, u.source_text, u.value, $8::text
               FROM unnest($5::text[], $6::text[], $7::text[]) AS u(key, source_text, value)
             ON CONFLICT (account_id, document, source, target, key)
             DO UPDATE SET source_text = excluded.source_text, value = excluded.value, updated_at = excluded.updated_at`,
            [
              accountId, document, source, target,
              chunk.map((entry) => toPgText(entry.key)), chunk.map((entry) => toPgText(entry.sourceText)), chunk.map((entry) => toPgText(entry.value)),
              now,
            ],
          )
        }
      })
    },
    async createGlossary(accountId, input) {
      const glossary: Glossary = {
        glossary_id: randomUUID(),
        name: input.name,
        source_language: input.source_language,
        target_language: input.target_language,
        entry_count: input.entries.length,
        creation_time: new Date().toISOString(),
        entries: copyEntries(input.entries),
      }
      await transaction(async (client) => {
        await client.query(
          `INSERT INTO glossary_glossaries (id, account_id, name, source_language, target_language, entry_count, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [glossary.glossary_id, accountId, glossary.name, glossary.source_language, glossary.target_language, glossary.entry_count, glossary.creation_time],
        )
        for (let start = 0; start < glossary.entries.length; start += ROWS_PER_STATEMENT) {
          const chunk = glossary.entries.slice(start, start + ROWS_PER_STATEMENT)
          await client.query(
            `INSERT INTO glossary_entries (glossary_id, position, source, target)
             SELECT $1::text, $2::bigint + u.ordinal - 1, u.source, u.target
               FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS u(source, target, ordinal)`,
            [glossary.glossary_id, start, chunk.map((entry) => entry.source), chunk.map((entry) => entry.target)],
          )
        }
      })
      return glossary
    },
    async listGlossaries(accountId) {
      const result = await query<GlossaryRow>(
        `SELECT id, name, source_language, target_language, entry_count, created_at
           FROM glossary_glossaries WHERE account_id = $1 ORDER BY created_at DESC, seq DESC`,
        [accountId],
      )
      return result.rows.map(toGlossaryInfo)
    },
    async getGlossary(accountId, glossaryId) {
      // One statement, one snapshot: a concurrent delete cannot leave the head without its entries.
      const result = await query<GlossaryRow & { entries: GlossaryEntry[] }>(
        `SELECT g.id, g.name, g.source_language, g.target_language, g.entry_count, g.created_at,
                COALESCE((SELECT json_agg(json_build_object('source', e.source, 'target', e.target) ORDER BY e.position)
                            FROM glossary_entries e WHERE e.glossary_id = g.id), '[]'::json) AS entries
           FROM glossary_glossaries g WHERE g.account_id = $1 AND g.id = $2`,
        [accountId, glossaryId],
      )
      const row = result.rows[0]
      return row ? { ...toGlossaryInfo(row), entries: row.entries } : null
    },
    async deleteGlossary(accountId, glossaryId) {
      // Its entries go with it: ON DELETE CASCADE, always enforced by PostgreSQL.
      const result = await query(`DELETE FROM glossary_glossaries WHERE account_id = $1 AND id = $2`, [accountId, glossaryId])
      return (result.rowCount ?? 0) > 0
    },
    async close() {
      closed = true
      if (!pool.ended) await pool.end()
    },
  }
}
