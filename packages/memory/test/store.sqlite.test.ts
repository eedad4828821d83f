import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, test } from 'vitest'
import { MemoryStoreError, memoryStoreFromEnv, sqliteMemoryStore } from '@verso/memory'
import { testMemoryStore } from './store.conformance.js'

const dir = mkdtempSync(join(tmpdir(), 'verso-memory-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const packageDir = fileURLToPath(new URL('..', import.meta.url))
const conformancePath = join(dir, 'conformance', 'verso.db')
testMemoryStore('sqlite', {
  open: () => sqliteMemoryStore({ path: conformancePath, writeBehindMs: 0 }),
  async rows(table, column, value) {
    const db = new Database(conformancePath, { readonly: true })
    try {
      return db.prepare(`SELECT * FROM ${table} WHERE ${column} = ?`).all(value) as Array<Record<string, unknown>>
    } finally {
      db.close()
    }
  },
})

/** Runs a Node process that holds the file's write lock for `ms`; `onLocked` runs once it holds it. */
function holdWriteLock(path: string, ms: number, onLocked: () => void): Promise<void> {
  const script = `
    const db = new (require('better-sqlite3'))(process.argv[1])
    db.exec('BEGIN IMMEDIATE')
    process.stdout.write('locked\\n')
    setTimeout(() => { db.exec('COMMIT'); db.close() }, Number(process.argv[2]))`
  return new Promise((resolve, reject) => {
    // Run from this package, where better-sqlite3 resolves.
    const child = spawn(process.execPath, ['-e', script, path, String(ms)], { cwd: packageDir, stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (chunk.includes('locked')) onLocked()
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`lock holder exited ${code}: ${stderr}`))))
  })
}

const scope = { accountId: 'acct', source: 'en', target: 'es', engine: 'apertium', glossary: '' }

/**
 * A row's entry number, written out here as the schema defines it (the first 52 bits of the
 * text's SHA-256 XOR those of the scope's): a change of the formula would orphan every stored
 * row, so this test pins it.
 */
function entryOf(s: typeof scope, text: string): number {
  const textBits = BigInt('0x' + createHash('sha256').update(text.normalize('NFC')).digest('hex').slice(0, 13))
  const scopeBits = BigInt('0x' + createHash('sha256').update([s.accountId, s.source, s.target, s.engine, s.glossary].join('\u0000')).digest('hex').slice(0, 13))
  return Number(textBits ^ scopeBits)
}

describe('sqlite memory store', () => {
  test('opens the file in WAL mode, creating its folders and prefixed tables', async () => {
    const path = join(dir, 'nested', 'deeper', 'verso.db')
    const store = sqliteMemoryStore({ path, writeBehindMs: 0 })
    expect(existsSync(path)).toBe(true)
    const db = new Database(path, { readonly: true })
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all()
    expect(tables).toEqual(['glossary_entries', 'glossary_glossaries', 'ledger_entries', 'memory_translations'])
    db.close()
    await store.close()
  })

  test('shares the file with other packages’ tables and an open connection to it', async () => {
    const path = join(dir, 'shared.db')
    const other = new Database(path)
    other.pragma('journal_mode = WAL')
    other.exec(`CREATE TABLE metering_accounts (id TEXT PRIMARY KEY); INSERT INTO metering_accounts VALUES ('a1')`)
    const store = sqliteMemoryStore({ path, writeBehindMs: 0 })
    await store.remember(scope, [{ text: 'Hello', translation: 'Hola' }], { via: 'translate' })
    other.prepare(`INSERT INTO metering_accounts VALUES ('a2')`).run()
    expect(await store.lookup(scope, ['Hello'])).toEqual(['Hola'])
    expect(other.prepare(`SELECT count(*) FROM metering_accounts`).pluck().get()).toBe(2)
    expect(other.prepare(`SELECT count(*) FROM memory_translations`).pluck().get()).toBe(1)
    other.close()
    await store.close()
  })

  test('keeps its memory, ledgers and glossaries across reopening the file', async () => {
    const path = join(dir, 'reopen.db')
    const first = sqliteMemoryStore({ path, writeBehindMs: 0 })
    await first.remember(scope, [{ text: 'Hello', translation: 'Hola' }], { via: 'translate' })
    await first.record({ accountId: 'acct', document: 'en.json', source: 'en', target: 'es' }, [{ key: 'k', sourceText: 'Hello', value: 'Hola' }])
    const glossary = await first.createGlossary('acct', { name: 'g', source_language: 'en', target_language: 'es', entries: [{ source: 'a', target: 'b' }] })
    await first.close()
    const second = sqliteMemoryStore({ path, writeBehindMs: 0 })
    expect(await second.lookup(scope, ['Hello'])).toEqual(['Hola'])
    expect((await second.ledger({ accountId: 'acct', document: 'en.json', source: 'en', target: 'es' })).get('k')?.value).toBe('Hola')
    expect(await second.getGlossary('acct', glossary.glossary_id)).toEqual(glossary)
    await second.close()
  })

  test('waits for another process’s write lock instead of failing', async () => {
    const path = join(dir, 'locked.db')
    const store = sqliteMemoryStore({ path, writeBehindMs: 0 })
    const impatient = sqliteMemoryStore({ path, busyTimeoutMs: 20, writeBehindMs: 0 })
    let written: Promise<void> | undefined
    let refused: Promise<unknown> | undefined
    let lockedAt = 0
    await holdWriteLock(path, 300, () => {
      lockedAt = Date.now()
      refused = impatient.remember(scope, [{ text: 'y', translation: 'Y' }], { via: 'translate' }).then(
        () => 'written',
        (error: unknown) => error,
      )
      written = store.remember(scope, [{ text: 'x', translation: 'X' }], { via: 'translate' })
    })
    expect(await refused).toMatchObject({ code: 'SQLITE_BUSY' })
    await written
    expect(Date.now() - lockedAt).toBeGreaterThanOrEqual(200)
    expect(await impatient.lookup(scope, ['x', 'y'])).toEqual(['X', undefined])
    await impatient.close()
    await store.close()
  })

  test('finds a row through the entry index, for one text and for many, and clears through the account index', () => {
    const path = join(dir, 'plan.db')
    const store = sqliteMemoryStore({ path, writeBehindMs: 0 })
    const db = new Database(path, { readonly: true })
    const plan = (sql: string, ...params: unknown[]) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((row) => row.detail).join('\n')
    expect(plan(
      `SELECT translation FROM memory_translations INDEXED BY memory_translations_entry
        WHERE entry = ? AND account_id = ? AND source = ? AND target = ? AND engine = ? AND glossary = ? AND text_hash = ?`,
      1, 'a', 'en', 'es', 'apertium', '', 'h',
    )).toMatch(/SEARCH memory_translations USING INDEX memory_translations_entry \(entry=\?\)/)
    expect(plan(
      `SELECT text_hash, translation FROM memory_translations INDEXED BY memory_translations_entry
        WHERE entry IN (SELECT value FROM json_each(?))
          AND account_id = ? AND source = ? AND target = ? AND engine = ? AND glossary = ?`,
      '[1,2]', 'a', 'en', 'es', 'apertium', '',
    )).toMatch(/SEARCH memory_translations USING INDEX memory_translations_entry \(entry=\?\)/)
    expect(plan(`DELETE FROM memory_translations WHERE account_id = ?`, 'a')).toMatch(/USING (COVERING )?INDEX memory_translations_account/)
    db.close()
    return store.close()
  })

  test('a row that shares another text’s entry number is never served for it', async () => {
    const path = join(dir, 'collision.db')
    const store = sqliteMemoryStore({ path, writeBehindMs: 0 })
    await store.remember(scope, [{ text: 'x', translation: 'X' }], { via: 'translate' })
    // make x's row sit at y's entry number, as a 53-bit collision would
    const db = new Database(path)
    db.prepare(`UPDATE memory_translations SET entry = ? WHERE text = 'x'`).run(entryOf(scope, 'y'))
    db.close()
    expect(await store.lookup(scope, ['y'])).toEqual([undefined])
    expect(await store.lookup(scope, ['y', 'z'])).toEqual([undefined, undefined])
    // y cannot take the number: it is not remembered, and still not served x's translation
    await store.remember(scope, [{ text: 'y', translation: 'Y' }], { via: 'translate' })
    expect(await store.lookup(scope, ['y'])).toEqual([undefined])
    await store.close()
  })

  test('moves a memory of the composite-key layout into the entry layout when it opens the file', async () => {
    const path = join(dir, 'old-layout.db')
    const old = new Database(path)
    old.pragma('journal_mode = WAL')
    old.exec(`CREATE TABLE memory_translations (
      account_id TEXT NOT NULL, source TEXT NOT NULL, target TEXT NOT NULL, engine TEXT NOT NULL,
      glossary TEXT NOT NULL, text_hash TEXT NOT NULL, text TEXT NOT NULL, translation TEXT NOT NULL,
      via TEXT NOT NULL, job_id TEXT, created_at TEXT NOT NULL,
      PRIMARY KEY (account_id, source, target, engine, glossary, text_hash))`)
    const insert = old.prepare(`INSERT INTO memory_translations VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    const other = { ...scope, accountId: 'acct-2', glossary: 'g1' }
    for (const [s, text, translation, jobId] of [[scope, 'Hello', 'Hola', null], [scope, 'café', 'café!', 'job-1'], [other, 'Hello', 'Salut', null]] as const) {
      insert.run(s.accountId, s.source, s.target, s.engine, s.glossary, createHash('sha256').update(text).digest('hex'), text, translation, jobId ? 'job' : 'translate', jobId, '2026-01-01T00:00:00.000Z')
    }
    old.close()

    const store = sqliteMemoryStore({ path, writeBehindMs: 0 })
    expect(await store.lookup(scope, ['Hello', 'cafe\u0301', 'Bye'])).toEqual(['Hola', 'café!', undefined])
    expect(await store.lookup(other, ['Hello'])).toEqual(['Salut'])
    await store.remember(scope, [{ text: 'Bye', translation: 'Adiós' }], { via: 'translate' })
    await store.close()

    const db = new Database(path, { readonly: true })
    expect(db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'memory%'`).pluck().all()).toEqual(['memory_translations'])
    const rows = db.prepare(`SELECT * FROM memory_translations ORDER BY rowid`).all() as Array<Record<string, unknown>>
    expect(rows.map((row) => [row.text, row.via, row.job_id, row.created_at])).toEqual([
      ['Hello', 'translate', null, '2026-01-01T00:00:00.000Z'],
      ['café', 'job', 'job-1', '2026-01-01T00:00:00.000Z'],
      ['Hello', 'translate', null, '2026-01-01T00:00:00.000Z'],
      ['Bye', 'translate', null, expect.stringMatching(/^\d{4}-/)],
    ])
    expect(rows[0]!.entry).toBe(entryOf(scope, 'Hello'))
    db.close()
    // opening it again finds nothing to move
    const again = sqliteMemoryStore({ path, writeBehindMs: 0 })
    expect(await again.lookup(scope, ['Hello', 'Bye'])).toEqual(['Hola', 'Adiós'])
    await again.close()
  })

  test('refuses a missing path or a bad busy timeout', () => {
    expect(() => sqliteMemoryStore({ path: '' })).toThrow(MemoryStoreError)
    expect(() => sqliteMemoryStore({ path: join(dir, 'bad.db'), busyTimeoutMs: -1 })).toThrow(MemoryStoreError)
  })
})

describe('memoryStoreFromEnv', () => {
  test('opens DATA_DIR/verso.db, creating the folder, when DATABASE_URL is unset', async () => {
    const dataDir = join(dir, 'env-data', 'inner')
    const store = memoryStoreFromEnv({ DATA_DIR: dataDir })
    await store.remember(scope, [{ text: 'Hello', translation: 'Hola' }], { via: 'translate' })
    await store.close()
    const db = new Database(join(dataDir, 'verso.db'), { readonly: true })
    expect(db.prepare(`SELECT translation FROM memory_translations`).pluck().all()).toEqual(['Hola'])
    db.close()
  })
})

describe('sqliteMemoryStore write-behind (the default)', () => {
  const count = (path: string) => {
    const db = new Database(path, { readonly: true })
    try {
      return db.prepare(`SELECT count(*) FROM memory_translations`).pluck().get() as number
    } finally {
      db.close()
    }
  }

  test('serves what it was given at once, and writes the window in one go after writeBehindMs', async () => {
    const path = join(dir, 'behind', 'verso.db')
    const store = sqliteMemoryStore({ path, writeBehindMs: 40 })
    await store.remember(scope, [{ text: 'Good night', translation: 'Buenas noches' }], { via: 'translate' })
    await store.remember(scope, [{ text: 'Good night', translation: 'Buena noche' }, { text: 'Thanks', translation: 'Gracias' }], { via: 'batch' })
    expect(await store.lookup(scope, ['Good night', 'Thanks'])).toEqual(['Buenas noches', 'Gracias'])
    expect(count(path)).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 120))
    expect(count(path)).toBe(2)
    await store.close()
  })

  test('close writes what is pending, and clear forgets pending rows of the account too', async () => {
    const path = join(dir, 'behind-close', 'verso.db')
    const store = sqliteMemoryStore({ path, writeBehindMs: 10_000 })
    await store.remember(scope, [{ text: 'Hello', translation: 'Hola' }], { via: 'translate' })
    expect(await store.clear(scope.accountId)).toBe(1)
    expect(await store.lookup(scope, ['Hello'])).toEqual([undefined])
    await store.remember(scope, [{ text: 'Bye', translation: 'Adiós' }], { via: 'translate' })
    await store.close()
    expect(count(path)).toBe(1)
  })

  test('refuses a negative or fractional writeBehindMs', () => {
    expect(() => sqliteMemoryStore({ path: join(dir, 'bad2.db'), writeBehindMs: -1 })).toThrow(MemoryStoreError)
    expect(() => sqliteMemoryStore({ path: join(dir, 'bad3.db'), writeBehindMs: 1.5 })).toThrow(MemoryStoreError)
  })
})
