import { createHash } from 'node:crypto'
import type { GlossaryEntry, GlossaryInfo, LedgerEntry } from '../types.js'

/**
 * Table definitions shared by both drivers (TEXT and BIGINT mean the same in SQLite and
 * PostgreSQL). Names carry the `memory_`, `ledger_` and `glossary_` prefixes because the
 * SQLite file under DATA_DIR is shared with the other packages' tables.
 *
 * `seqColumn` orders glossaries created within one millisecond: SQLite has `rowid` for that,
 * PostgreSQL gets a `BIGSERIAL`. `memoryKey` is how `memory_translations` is keyed (see
 * {@link MemoryKey}).
 */
export function schemaStatements(seqColumn: string, memoryKey: MemoryKey): string[] {
  return [
    ...memoryTableStatements(memoryKey),
    `CREATE TABLE IF NOT EXISTS ledger_entries (
      account_id TEXT NOT NULL,
      document TEXT NOT NULL,
      source TEXT NOT NULL,
      target TEXT NOT NULL,
      key TEXT NOT NULL,
      source_text TEXT NOT NULL,
      value TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      PRIMARY KEY (account_id, document, source, target, key)
    )`,
    `CREATE TABLE IF NOT EXISTS glossary_glossaries (
      id TEXT PRIMARY KEY,
      account_id TEXT NOT NULL,
      name TEXT NOT NULL,
      source_language TEXT NOT NULL,
      target_language TEXT NOT NULL,
      entry_count BIGINT NOT NULL,
      created_at TEXT NOT NULL${seqColumn ? `,\n      ${seqColumn}` : ''}
    )`,
    `CREATE INDEX IF NOT EXISTS glossary_glossaries_account ON glossary_glossaries (account_id, created_at)`,
    `CREATE TABLE IF NOT EXISTS glossary_entries (
      glossary_id TEXT NOT NULL REFERENCES glossary_glossaries(id) ON DELETE CASCADE,
      position BIGINT NOT NULL,
      source TEXT NOT NULL,
      target TEXT NOT NULL,
      PRIMARY KEY (glossary_id, position)
    )`,
  ]
}

/**
 * How `memory_translations` finds a row:
 * - `scope-and-hash` (PostgreSQL): the primary key (account_id, source, target, engine,
 *   glossary, text_hash).
 * - `entry` (SQLite): a unique index on `entry`, a 52-bit number derived from that same key
 *   ({@link memoryEntry}), with the rows in insertion order and an index on `account_id` for
 *   `clear`. SQLite writes a remembered row into every index at a random place; an index entry
 *   of 8 bytes instead of the ≈ 120 of the composite key took a remembered row from 29 to
 *   20 µs of CPU and a lookup that misses from 11 to 6 µs (BENCHMARKS.md, "… the memory keyed
 *   by a number"). A lookup still compares every key
 *   column, so two keys sharing an entry number never serve each other's translation: the
 *   second of them is not remembered (a miss later).
 */
export type MemoryKey = 'scope-and-hash' | 'entry'

const MEMORY_COLUMNS = `account_id TEXT NOT NULL,
      source TEXT NOT NULL,
      target TEXT NOT NULL,
      engine TEXT NOT NULL,
      glossary TEXT NOT NULL,
      text_hash TEXT NOT NULL,
      text TEXT NOT NULL,
      translation TEXT NOT NULL,
      via TEXT NOT NULL,
      job_id TEXT,
      created_at TEXT NOT NULL`

function memoryTableStatements(memoryKey: MemoryKey): string[] {
  if (memoryKey === 'scope-and-hash') {
    return [
      `CREATE TABLE IF NOT EXISTS memory_translations (
      ${MEMORY_COLUMNS},
      PRIMARY KEY (account_id, source, target, engine, glossary, text_hash)
    )`,
    ]
  }
  return [
    `CREATE TABLE IF NOT EXISTS memory_translations (
      entry INTEGER NOT NULL,
      ${MEMORY_COLUMNS}
    )`,
    `CREATE UNIQUE INDEX IF NOT EXISTS memory_translations_entry ON memory_translations (entry)`,
    `CREATE INDEX IF NOT EXISTS memory_translations_account ON memory_translations (account_id)`,
  ]
}

/**
 * The `entry` number of a text in a scope (see {@link MemoryKey}): the first 52 bits of the
 * text's hash XOR the first 52 bits of the SHA-256 of the scope, so it is exact as a JavaScript
 * number and costs no hashing per text beyond `textHash` (the scope's bits are computed once
 * per scope). Within a scope two texts share a number only if their SHA-256 hashes share 52
 * bits; across scopes the scope's bits differ.
 */
export function memoryEntry(
  scope: { accountId: string; source: string; target: string; engine: string; glossary: string },
  textHash: string,
): number {
  const scopeKey = `${scope.accountId}\u0000${scope.source}\u0000${scope.target}\u0000${scope.engine}\u0000${scope.glossary}`
  let bits = scopeBits.get(scopeKey)
  if (bits === undefined) {
    bits = leading52Bits(createHash('sha256').update(scopeKey, 'utf8').digest('hex'))
    if (scopeBits.size >= 4096) scopeBits.clear()
    scopeBits.set(scopeKey, bits)
  }
  const text = leading52Bits(textHash)
  return ((text.high ^ bits.high) >>> 0) * 2 ** 32 + ((text.low ^ bits.low) >>> 0)
}
/** The first 52 bits of a hex digest as its high 20 and low 32 (JavaScript's bit operators work on 32). */
function leading52Bits(hex: string): { high: number; low: number } {
  return { high: Number.parseInt(hex.slice(0, 5), 16), low: Number.parseInt(hex.slice(5, 13), 16) }
}
/** The high 20 and low 32 of a scope's 52 bits, by scope. */
const scopeBits = new Map<string, { high: number; low: number }>()

/**
 * The memory's key for a text: SHA-256 (hex) of its NFC form, so a composed and a decomposed
 * `é` are one entry, and a long text costs a fixed-size index entry.
 */
export function textHash(normalised: string): string {
  return createHash('sha256').update(normalised, 'utf8').digest('hex')
}

/** A text as the memory files it: Unicode NFC, nothing else (spaces and case are meaningful). */
export function normaliseText(text: string): string {
  return text.normalize('NFC')
}

/**
 * `textHash(normaliseText(text))`, remembered for the last few thousand texts: a request looks
 * its texts up before translating and remembers them after, so each text was hashed twice
 * (SHA-256 and NFC cost ≈ 2 µs a text; a Map probe of the same string a tenth of that).
 * Only texts up to RECENT_TEXT_LENGTH characters are kept, so the table holds at most ≈ 2 MB.
 */
export function hashOfText(text: string): string {
  if (text.length > RECENT_TEXT_LENGTH) return textHash(normaliseText(text))
  let hash = recentHashes.get(text)
  if (hash === undefined) {
    hash = textHash(normaliseText(text))
    // cleared rather than evicted one by one: texts are hashed again at worst
    if (recentHashes.size >= RECENT_HASHES) recentHashes.clear()
    recentHashes.set(text, hash)
  }
  return hash
}
const RECENT_HASHES = 4096
const RECENT_TEXT_LENGTH = 256
const recentHashes = new Map<string, string>()

export interface GlossaryRow {
  id: string
  name: string
  source_language: string
  target_language: string
  entry_count: number | string
  created_at: string
}

export interface LedgerRow {
  key: string
  source_text: string
  value: string
}

/** Maps a row of either driver (PostgreSQL returns BIGINT as a string) to the API's shape. */
export function toGlossaryInfo(row: GlossaryRow): GlossaryInfo {
  return {
    glossary_id: row.id,
    name: row.name,
    source_language: row.source_language,
    target_language: row.target_language,
    entry_count: Number(row.entry_count),
    creation_time: row.created_at,
  }
}

export function toLedgerMap(rows: readonly LedgerRow[]): Map<string, LedgerEntry> {
  const map = new Map<string, LedgerEntry>()
  for (const row of rows) map.set(row.key, { key: row.key, sourceText: row.source_text, value: row.value })
  return map
}

/** The first translation of each text wins, in the batch as in the table. */
export function distinctPairs(
  pairs: ReadonlyArray<{ text: string; translation: string }>,
): Array<{ hash: string; text: string; translation: string }> {
  const seen = new Map<string, { hash: string; text: string; translation: string }>()
  for (const pair of pairs) {
    const text = normaliseText(pair.text)
    const hash = hashOfText(pair.text)
    if (!seen.has(hash)) seen.set(hash, { hash, text, translation: pair.translation })
  }
  return [...seen.values()]
}

/** An upsert keeps the last entry given for a key (PostgreSQL refuses one statement touching a row twice). */
export function lastEntryPerKey(entries: readonly LedgerEntry[]): LedgerEntry[] {
  const byKey = new Map<string, LedgerEntry>()
  for (const entry of entries) byKey.set(entry.key, entry)
  return [...byKey.values()]
}

export function copyEntries(entries: readonly GlossaryEntry[]): GlossaryEntry[] {
  return entries.map((entry) => ({ source: entry.source, target: entry.target }))
}
