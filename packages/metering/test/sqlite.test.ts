import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, test } from 'vitest'
import { createMetering, meteringFromEnv, sqliteStore } from '@verso/metering'
import { testMeteringStore } from './store.conformance.js'

const dir = mkdtempSync(join(tmpdir(), 'verso-metering-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const conformancePath = join(dir, 'conformance', 'verso.db')
testMeteringStore('sqlite', {
  open: () => sqliteStore({ path: conformancePath }),
  async dump() {
    const db = new Database(conformancePath, { readonly: true })
    try {
      return JSON.stringify({
        accounts: db.prepare('SELECT * FROM metering_accounts').all(),
        keys: db.prepare('SELECT * FROM metering_api_keys').all(),
      })
    } finally {
      db.close()
    }
  },
})

const root = fileURLToPath(new URL('../../..', import.meta.url))
const child = fileURLToPath(new URL('./helpers/sqlite-child.ts', import.meta.url))

/** Runs the helper in a separate Node process; resolves with its output lines. */
function runChild(args: string[], onLine?: (line: string, input: NodeJS.WritableStream) => void): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--conditions=verso-source', '--import', 'tsx', child, ...args], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    const lines: string[] = []
    let buffer = ''
    let stderr = ''
    proc.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk
      let newline: number
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 1)
        lines.push(line)
        onLine?.(line, proc.stdin)
      }
    })
    proc.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    proc.on('error', reject)
    proc.on('close', (code) => (code === 0 ? resolve(lines) : reject(new Error(`child exited ${code}: ${stderr}`))))
  })
}

describe('sqlite store', () => {
  test('opens the database in WAL mode with a busy timeout and creates its directories', async () => {
    const path = join(dir, 'nested', 'deeper', 'verso.db')
    const store = sqliteStore({ path })
    expect(existsSync(path)).toBe(true)
    const db = new Database(path)
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all()
    expect(tables).toEqual(['metering_accounts', 'metering_api_keys', 'metering_idempotency', 'metering_keyed_charges'])
    db.close()
    await store.close()
  })

  test('shares a database file with tables of other packages', async () => {
    const path = join(dir, 'shared.db')
    const other = new Database(path)
    other.exec('CREATE TABLE jobs (id TEXT PRIMARY KEY)')
    other.close()
    const metering = createMetering({ driver: sqliteStore({ path }) })
    const { apiKey } = await metering.createAccount({ email: 'shared@example.test', fullName: 'Shared', credits: 1 })
    expect((await metering.authenticate(apiKey)).status).toBe('ok')
    await metering.close()
    const db = new Database(path, { readonly: true })
    expect(db.prepare(`SELECT count(*) FROM jobs`).pluck().get()).toBe(0)
    db.close()
  })

  test('keeps accounts across reopening the file', async () => {
    const path = join(dir, 'reopen.db')
    const first = createMetering({ driver: sqliteStore({ path }) })
    const { apiKey, account } = await first.createAccount({ email: 'reopen@example.test', fullName: 'Reopen', credits: 9 })
    await first.charge(account.id, 4)
    await first.close()
    const second = createMetering({ driver: sqliteStore({ path }) })
    expect(await second.authenticate(apiKey)).toEqual({ status: 'ok', account: { ...account, creditsUsed: 4 } })
    await second.close()
  })

  test('writes while another process holds the write lock, by waiting for it', async () => {
    const path = join(dir, 'locked.db')
    const metering = createMetering({ driver: sqliteStore({ path }) })
    const { account } = await metering.createAccount({ email: 'locked@example.test', fullName: 'Locked', credits: 5 })
    let charged: Promise<unknown> | undefined
    let lockedAt = 0
    await runChild([path, 'hold-lock', '300'], (line) => {
      if (line === 'locked') {
        lockedAt = Date.now()
        charged = metering.charge(account.id, 2)
      }
    })
    expect(await charged).toEqual({ ok: true, remaining: 3 })
    expect(Date.now() - lockedAt).toBeGreaterThanOrEqual(200)
    await metering.close()
  })

  test('sees a key rotation made by another process at once', async () => {
    const path = join(dir, 'admin.db')
    const server = createMetering({ driver: sqliteStore({ path }) })
    const { apiKey } = await server.createAccount({ email: 'admin@example.test', fullName: 'Admin', credits: 5 })
    expect((await server.authenticate(apiKey)).status).toBe('ok')
    const [output] = await runChild([path, 'rotate', 'admin@example.test'])
    const rotated = JSON.parse(output ?? '{}') as { api_key: string }
    expect(await server.authenticate(apiKey)).toEqual({ status: 'revoked' })
    expect((await server.authenticate(rotated.api_key)).status).toBe('ok')
    await server.close()
  })

  test('grants exactly the remaining credits to charges racing from two processes', async () => {
    const path = join(dir, 'race.db')
    const metering = createMetering({ driver: sqliteStore({ path }) })
    const { account } = await metering.createAccount({ email: 'race@example.test', fullName: 'Race', credits: 100 })
    let mine: Promise<number> | undefined
    const lines = await runChild([path, 'charge', account.id, '100'], (line, input) => {
      if (line !== 'ready') return
      input.write('go\n')
      mine = (async () => {
        let ok = 0
        for (let i = 0; i < 100; i++) {
          if ((await metering.charge(account.id, 1)).ok) ok++
          await new Promise((resolve) => setImmediate(resolve))
        }
        return ok
      })()
    })
    const theirs = (JSON.parse(lines.at(-1) ?? '{}') as { ok: number }).ok
    const ours = (await mine) ?? 0
    expect(ours + theirs).toBe(100)
    expect(await metering.summary(account.id)).toMatchObject({ credits_used: 100, credits_remaining: 0 })
    await metering.close()
  })
})

describe('sqlite store: charges commit in groups', () => {
  const newAccount = (id: string, totalCredits: number) => ({
    id, email: `${id}@example.test`, fullName: id, totalCredits, keyHash: `hash-${id}`, webhookSecret: 'secret', createdAt: new Date().toISOString(),
  })
  // One WAL frame is one page written by a commit: eight charges of one account committed
  // one by one write eight frames, committed together one.
  const walFrames = (path: string) => (existsSync(`${path}-wal`) ? Math.floor(Math.max(0, statSync(`${path}-wal`).size - 32) / (24 + 4096)) : 0)

  test('charges asked for together commit in one transaction, each deciding on what the ones before it left', async () => {
    const path = join(dir, 'grouped.db')
    const metering = createMetering({ driver: sqliteStore({ path }) })
    const { account } = await metering.createAccount({ email: 'grouped@example.test', fullName: 'Grouped', credits: 10 })
    const before = walFrames(path)
    const results = await Promise.all([3, 3, 3, 3, 1, 1, 1, 1].map((credits) => metering.charge(account.id, credits)))
    expect(results.map((result) => (result.ok ? result.remaining : `refused, ${result.remaining} left`))).toEqual([
      7, 4, 1, 'refused, 1 left', 0, 'refused, 0 left', 'refused, 0 left', 'refused, 0 left',
    ])
    expect(walFrames(path) - before).toBe(1)
    expect(await metering.summary(account.id)).toMatchObject({ credits_used: 10, credits_remaining: 0 })
    await metering.close()
  })

  test('a charge that fails inside a group fails alone: the others are charged', async () => {
    const path = join(dir, 'group-failure.db')
    const reports: Array<{ fields: Record<string, unknown>; message: string }> = []
    const store = sqliteStore({ path, logger: { warn: (fields, message) => reports.push({ fields, message }) } })
    await store.insertAccount(newAccount('acc-group', 10))
    // A negative charge breaks the credits_used ≥ 0 constraint: the group's transaction rolls back whole.
    const results = await Promise.allSettled([store.charge('acc-group', 1), store.charge('acc-group', -5), store.charge('acc-group', 2)])
    expect(results[0]).toEqual({ status: 'fulfilled', value: { ok: true, remaining: 9 } })
    expect(results[1]).toMatchObject({ status: 'rejected', reason: { code: 'SQLITE_CONSTRAINT_CHECK' } })
    expect(results[2]).toEqual({ status: 'fulfilled', value: { ok: true, remaining: 7 } })
    // the group's own failure is reported, not swallowed
    expect(reports).toHaveLength(1)
    expect(reports[0]).toMatchObject({ fields: { charges: 3, err: { code: 'SQLITE_CONSTRAINT_CHECK' } }, message: expect.stringMatching(/rolled back/) })
    await store.close()
  })

  test('a charge for an unknown account in a group answers null and leaves the others charged', async () => {
    const path = join(dir, 'group-unknown.db')
    const store = sqliteStore({ path })
    await store.insertAccount(newAccount('acc-known', 5))
    const results = await Promise.all([store.charge('acc-known', 2), store.charge('acc-missing', 1), store.charge('acc-known', 2)])
    expect(results).toEqual([{ ok: true, remaining: 3 }, null, { ok: true, remaining: 1 }])
    await store.close()
  })

  test('charges still waiting for their group when the store closes are committed and answered', async () => {
    const path = join(dir, 'group-close.db')
    const store = sqliteStore({ path })
    await store.insertAccount(newAccount('acc-close', 5))
    const pending = [store.charge('acc-close', 2), store.charge('acc-close', 2)]
    await store.close()
    expect(await Promise.all(pending)).toEqual([{ ok: true, remaining: 3 }, { ok: true, remaining: 1 }])
    const db = new Database(path, { readonly: true })
    expect(db.prepare(`SELECT credits_used FROM metering_accounts WHERE id = 'acc-close'`).pluck().get()).toBe(4)
    db.close()
  })
})

describe('meteringFromEnv', () => {
  test('uses DATA_DIR/verso.db when DATABASE_URL is unset', async () => {
    const dataDir = join(dir, 'env-data')
    const metering = meteringFromEnv({ DATA_DIR: dataDir })
    await metering.createAccount({ email: 'env@example.test', fullName: 'Env', credits: 1 })
    await metering.close()
    expect(existsSync(join(dataDir, 'verso.db'))).toBe(true)
  })

  test('hashes keys with API_KEY_PEPPER when set', async () => {
    const dataDir = join(dir, 'env-pepper')
    const peppered = meteringFromEnv({ DATA_DIR: dataDir, API_KEY_PEPPER: 'pepper' })
    const { apiKey } = await peppered.createAccount({ email: 'pepper@example.test', fullName: 'Pepper', credits: 1 })
    expect((await peppered.authenticate(apiKey)).status).toBe('ok')
    await peppered.close()
    const plain = meteringFromEnv({ DATA_DIR: dataDir })
    expect(await plain.authenticate(apiKey)).toEqual({ status: 'invalid' })
    await plain.close()
  })
})
