import { spawn } from 'node:child_process'
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

  test('uses one indexed query for a lookup', () => {
    const path = join(dir, 'plan.db')
    const store = sqliteMemoryStore({ path, writeBehindMs: 0 })
    const db = new Database(path, { readonly: true })
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT text_hash, translation FROM memory_translations
          WHERE account_id = ? AND source = ? AND target = ? AND engine = ? AND glossary = ?
            AND text_hash IN (SELECT value FROM json_each(?))`,
      )
      .all('a', 'en', 'es', 'apertium', '', '[]') as Array<{ detail: string }>
    expect(plan.map((row) => row.detail).join('\n')).toMatch(/SEARCH memory_translations USING INDEX sqlite_autoindex_memory_translations_1 \(account_id=\? AND source=\? AND target=\? AND engine=\? AND glossary=\? AND text_hash=\?\)/)
    db.close()
    return store.close()
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
