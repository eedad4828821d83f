import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import type { Glossary, MemoryStore } from '../types.js'
import { MemoryStoreError } from './errors.js'
import {
  type GlossaryRow,
  type LedgerRow,
  copyEntries,
  distinctPairs,
  hashOfText,
  lastEntryPerKey,
  memoryEntry,
  schemaStatements,
  toGlossaryInfo,
  toLedgerMap,
} from './schema.js'

export interface SqliteMemoryStoreOptions {
  /** Database file, e.g. DATA_DIR/verso.db (shared with the other packages); parent directories are created. `:memory:` for throwaway use. */
  path: string
  /** How long a statement waits for another connection's write lock, in ms. Default: 5000. */
  busyTimeoutMs?: number
  /**
   * Translations given to `remember` are written together this long after the first of them
   * (one transaction for every request of that window; lookups of this store see them at
   * once). A crash loses at most this window of the memory, never a ledger row or a glossary.
   * 0 writes each call's translations before it returns (a transaction per call). Default: 50.
   */
  writeBehindMs?: number
  /** Where a failed write-behind flush is reported (pino's shape). Default: a line on stderr. */
  logger?: { warn(fields: Record<string, unknown>, message: string): void }
}

/**
 * The default driver: one SQLite file in WAL mode with a busy timeout, so it shares the file
 * with the metering and job stores and with the admin CLI in another process. A list of texts
 * or keys travels as one JSON parameter (`json_each`), so a lookup is one prepared statement
 * whatever its size; every write is one `BEGIN IMMEDIATE` transaction; remembered translations are written behind,
 * `writeBehindMs` at a time (one transaction per window instead of one per request on the
 * request path).
 */
export function sqliteMemoryStore(options: SqliteMemoryStoreOptions): MemoryStore {
  if (!options || typeof options.path !== 'string' || options.path === '') {
    throw new MemoryStoreError('MEMORY_INVALID_OPTION', 'sqliteMemoryStore needs a path')
  }
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000
  if (!Number.isInteger(busyTimeoutMs) || busyTimeoutMs < 0) {
    throw new MemoryStoreError('MEMORY_INVALID_OPTION', 'busyTimeoutMs must be an integer ≥ 0')
  }
  const writeBehindMs = options.writeBehindMs ?? 50
  if (!Number.isInteger(writeBehindMs) || writeBehindMs < 0) {
    throw new MemoryStoreError('MEMORY_INVALID_OPTION', 'writeBehindMs must be an integer ≥ 0')
  }
  const logger = options.logger ?? { warn: (fields: Record<string, unknown>, message: string) => console.error(`@verso/memory: ${message}`, fields.err ?? '') }
  if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true })
  const db = new Database(options.path)
  db.pragma(`busy_timeout = ${busyTimeoutMs}`)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  db.transaction(() => {
    const migrating = renameScopeKeyedMemory(db)
    for (const statement of schemaStatements('', 'entry')) db.exec(statement)
    if (migrating) copyScopeKeyedMemory(db)
  }).immediate()

  // Rows are found by their entry number and checked on every key column (schema.ts, MemoryKey).
  // INDEXED BY: without statistics SQLite's planner takes `account_id = ?` for the more
  // selective term and would walk all of an account's rows.
  const lookup = db.prepare<[string, string, string, string, string, string], { text_hash: string; translation: string }>(
    `SELECT text_hash, translation FROM memory_translations INDEXED BY memory_translations_entry
      WHERE entry IN (SELECT value FROM json_each(?))
        AND account_id = ? AND source = ? AND target = ? AND engine = ? AND glossary = ?`,
  )
  // One text (every text request) is a plain index probe: no JSON to build and parse.
  const lookupOne = db.prepare<[number, string, string, string, string, string, string], string>(
    `SELECT translation FROM memory_translations INDEXED BY memory_translations_entry
      WHERE entry = ? AND account_id = ? AND source = ? AND target = ? AND engine = ? AND glossary = ? AND text_hash = ?`,
  ).pluck()
  const remember = db.prepare(
    `INSERT INTO memory_translations
       (entry, account_id, source, target, engine, glossary, text_hash, text, translation, via, job_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT DO NOTHING`,
  )
  const clearMemory = db.prepare(`DELETE FROM memory_translations WHERE account_id = ?`)
  const clearLedger = db.prepare(`DELETE FROM ledger_entries WHERE account_id = ?`)
  const ledgerAll = db.prepare<[string, string, string, string], LedgerRow>(
    `SELECT key, source_text, value FROM ledger_entries
      WHERE account_id = ? AND document = ? AND source = ? AND target = ?`,
  )
  const ledgerKeys = db.prepare<[string, string, string, string, string], LedgerRow>(
    `SELECT key, source_text, value FROM ledger_entries
      WHERE account_id = ? AND document = ? AND source = ? AND target = ?
        AND key IN (SELECT value FROM json_each(?))`,
  )
  const record = db.prepare(
    `INSERT INTO ledger_entries (account_id, document, source, target, key, source_text, value, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (account_id, document, source, target, key)
     DO UPDATE SET source_text = excluded.source_text, value = excluded.value, updated_at = excluded.updated_at`,
  )
  const insertGlossary = db.prepare(
    `INSERT INTO glossary_glossaries (id, account_id, name, source_language, target_language, entry_count, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  )
  const insertEntry = db.prepare(`INSERT INTO glossary_entries (glossary_id, position, source, target) VALUES (?, ?, ?, ?)`)
  const glossaryColumns = `id, name, source_language, target_language, entry_count, created_at`
  const listGlossaries = db.prepare<[string], GlossaryRow>(
    `SELECT ${glossaryColumns} FROM glossary_glossaries WHERE account_id = ? ORDER BY created_at DESC, rowid DESC`,
  )
  const getGlossary = db.prepare<[string, string], GlossaryRow>(
    `SELECT ${glossaryColumns} FROM glossary_glossaries WHERE account_id = ? AND id = ?`,
  )
  const glossaryEntries = db.prepare<[string], { source: string; target: string }>(
    `SELECT source, target FROM glossary_entries WHERE glossary_id = ? ORDER BY position`,
  )
  const deleteEntries = db.prepare(`DELETE FROM glossary_entries WHERE glossary_id = ?`)
  const deleteGlossary = db.prepare(`DELETE FROM glossary_glossaries WHERE account_id = ? AND id = ?`)
  const ownsGlossary = db.prepare<[string, string], number>(`SELECT 1 FROM glossary_glossaries WHERE account_id = ? AND id = ?`).pluck()

  function ensureOpen(): void {
    if (!db.open) throw new MemoryStoreError('MEMORY_CLOSED', 'the memory store is closed')
  }

  /** Remembered rows not yet written, by scope and text hash: lookups read them first. */
  const pendingRows = new Map<string, { scope: Parameters<MemoryStore['remember']>[0]; origin: Parameters<MemoryStore['remember']>[2]; row: ReturnType<typeof distinctPairs>[number] }>()
  let flushTimer: { cancel(): void } | undefined
  const pendingKey = (scope: Parameters<MemoryStore['lookup']>[0], hash: string) =>
    `${scope.accountId}\u0000${scope.source}\u0000${scope.target}\u0000${scope.engine}\u0000${scope.glossary}\u0000${hash}`
  /** Writes the pending rows in one transaction. With writeBehindMs 0 a failure is the caller's error, as any statement's. */
  function flushWrites(): void {
    flushTimer?.cancel()
    flushTimer = undefined
    if (pendingRows.size === 0) return
    const batch = [...pendingRows.values()]
    const now = new Date().toISOString()
    try {
      db.transaction(() => {
        for (const { scope, origin, row } of batch) {
          remember.run(
            memoryEntry(scope, row.hash), scope.accountId, scope.source, scope.target, scope.engine, scope.glossary,
            row.hash, row.text, row.translation, origin.via, origin.jobId ?? null, now,
          )
        }
      }).immediate()
    } catch (error) {
      if (writeBehindMs === 0) {
        pendingRows.clear()
        throw error
      }
      // The rows stay pending and the next remember (or close) tries again; nothing is served wrong meanwhile.
      logger.warn({ err: error, rows: batch.length }, 'memory: writing remembered translations failed; retrying with the next write')
      // a store that keeps failing must not hold the process's memory: past this, the rows are dropped (a cache miss later)
      if (pendingRows.size > 50_000) pendingRows.clear()
      return
    }
    pendingRows.clear()
  }

  return {
    async lookup(scope, texts) {
      ensureOpen()
      if (texts.length === 0) return []
      const hashes = texts.map(hashOfText)
      const found = new Map<string, string>()
      if (pendingRows.size > 0) {
        for (const hash of hashes) {
          const pending = pendingRows.get(pendingKey(scope, hash))
          if (pending) found.set(hash, pending.row.translation)
        }
      }
      if (hashes.length === 1) {
        const hash = hashes[0]!
        return [found.get(hash) ?? lookupOne.get(memoryEntry(scope, hash), scope.accountId, scope.source, scope.target, scope.engine, scope.glossary, hash)]
      }
      const entries = [...new Set(hashes)].map((hash) => memoryEntry(scope, hash))
      const rows = lookup.all(JSON.stringify(entries), scope.accountId, scope.source, scope.target, scope.engine, scope.glossary)
      for (const row of rows) found.set(row.text_hash, row.translation)
      return hashes.map((hash) => found.get(hash))
    },
    async remember(scope, pairs, origin) {
      ensureOpen()
      if (pairs.length === 0) return
      for (const row of distinctPairs(pairs)) {
        const key = pendingKey(scope, row.hash)
        // the first translation of a text is the one kept, as ON CONFLICT DO NOTHING keeps it
        if (!pendingRows.has(key)) pendingRows.set(key, { scope, origin, row })
      }
      if (writeBehindMs === 0) flushWrites()
      else if (!flushTimer) {
        const timer = setTimeout(flushWrites, writeBehindMs)
        flushTimer = { cancel: () => clearTimeout(timer) }
      }
    },
    async clear(accountId) {
      ensureOpen()
      // what was remembered before the clear is cleared too
      flushWrites()
      return db.transaction(() => {
        const deleted = clearMemory.run(accountId).changes
        clearLedger.run(accountId)
        return deleted
      }).immediate()
    },
    async ledger(scope, keys) {
      ensureOpen()
      const { accountId, document, source, target } = scope
      if (keys === undefined) return toLedgerMap(ledgerAll.all(accountId, document, source, target))
      if (keys.length === 0) return new Map()
      return toLedgerMap(ledgerKeys.all(accountId, document, source, target, JSON.stringify([...new Set(keys)])))
    },
    async record(scope, entries) {
      ensureOpen()
      if (entries.length === 0) return
      const now = new Date().toISOString()
      const { accountId, document, source, target } = scope
      db.transaction(() => {
        for (const entry of lastEntryPerKey(entries)) {
          record.run(accountId, document, source, target, entry.key, entry.sourceText, entry.value, now)
        }
      }).immediate()
    },
    async createGlossary(accountId, input) {
      ensureOpen()
      const glossary: Glossary = {
        glossary_id: randomUUID(),
        name: input.name,
        source_language: input.source_language,
        target_language: input.target_language,
        entry_count: input.entries.length,
        creation_time: new Date().toISOString(),
        entries: copyEntries(input.entries),
      }
      db.transaction(() => {
        insertGlossary.run(
          glossary.glossary_id, accountId, glossary.name, glossary.source_language, glossary.target_language,
          glossary.entry_count, glossary.creation_time,
        )
        glossary.entries.forEach((entry, position) => insertEntry.run(glossary.glossary_id, position, entry.source, entry.target))
      }).immediate()
      return glossary
    },
    async listGlossaries(accountId) {
      ensureOpen()
      return listGlossaries.all(accountId).map(toGlossaryInfo)
    },
    async getGlossary(accountId, glossaryId) {
      ensureOpen()
      // One read transaction, so a concurrent delete cannot leave the head without its entries.
      return db.transaction((): Glossary | null => {
        const row = getGlossary.get(accountId, glossaryId)
        if (!row) return null
        return { ...toGlossaryInfo(row), entries: glossaryEntries.all(row.id) }
      })()
    },
    async deleteGlossary(accountId, glossaryId) {
      ensureOpen()
      return db.transaction(() => {
        if (ownsGlossary.get(accountId, glossaryId) === undefined) return false
        deleteEntries.run(glossaryId)
        return deleteGlossary.run(accountId, glossaryId).changes > 0
      }).immediate()
    },
    async close() {
      if (db.open) flushWrites()
      if (db.open) db.close()
    },
  }
}

/**
 * A file written before the memory was keyed by entry number (schema.ts, MemoryKey) holds
 * `memory_translations` with the composite primary key: it is renamed out of the way, to be
 * copied into the new layout by {@link copyScopeKeyedMemory} in the same transaction. Returns
 * whether there was such a table.
 */
function renameScopeKeyedMemory(db: Database.Database): boolean {
  const columns = db.prepare(`SELECT name FROM pragma_table_info('memory_translations')`).pluck().all() as string[]
  if (columns.length === 0 || columns.includes('entry')) return false
  db.exec(`ALTER TABLE memory_translations RENAME TO memory_translations_by_scope`)
  return true
}

/** Copies every row of the renamed table, with its entry number, and drops the old table. */
function copyScopeKeyedMemory(db: Database.Database): void {
  db.function('verso_memory_entry', { deterministic: true }, (accountId, source, target, engine, glossary, textHash) =>
    memoryEntry(
      { accountId: String(accountId), source: String(source), target: String(target), engine: String(engine), glossary: String(glossary) },
      String(textHash),
    ),
  )
  // OR IGNORE: of two rows sharing an entry number the first is kept, as a remember would
  db.exec(
    `INSERT OR IGNORE INTO memory_translations
       (entry, account_id, source, target, engine, glossary, text_hash, text, translation, via, job_id, created_at)
     SELECT verso_memory_entry(account_id, source, target, engine, glossary, text_hash),
            account_id, source, target, engine, glossary, text_hash, text, translation, via, job_id, created_at
       FROM memory_translations_by_scope ORDER BY rowid`,
  )
  db.exec(`DROP TABLE memory_translations_by_scope`)
}
