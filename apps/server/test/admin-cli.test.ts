import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'
import { createMetering, sqliteStore } from '@verso/metering'

const admin = fileURLToPath(new URL('../src/admin.ts', import.meta.url))
const dataDir = mkdtempSync(join(tmpdir(), 'verso-admin-test-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** The CLI as `npm run --silent admin -- …` runs it, from its TypeScript source. */
function cli(...args: string[]) {
  const result = spawnSync('node', ['--import', 'tsx', '--conditions=verso-source', admin, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe('admin CLI', () => {
  let apiKey: string

  test('accounts create prints one JSON object with api_key', () => {
    const out = cli('accounts', 'create', '--email', 'ada@example.com', '--name', 'Ada Lovelace', '--credits', '50')
    expect(out.status).toBe(0)
    const body = JSON.parse(out.stdout)
    expect(body).toMatchObject({ email: 'ada@example.com', full_name: 'Ada Lovelace', total_credits: 50, credits_remaining: 50 })
    expect(body.api_key).toMatch(/\S{20,}/)
    expect(body.webhook_secret).toBeTypeOf('string')
    apiKey = body.api_key
  })

  test('the created key authenticates in the server’s store', async () => {
    const metering = createMetering({ driver: sqliteStore({ path: join(dataDir, 'verso.db') }) })
    try {
      expect((await metering.authenticate(apiKey)).status).toBe('ok')
    } finally {
      await metering.close()
    }
  })

  test('a duplicate email fails on stderr with a non-zero exit and nothing on stdout', () => {
    const out = cli('accounts', 'create', '--email', 'ada@example.com', '--name', 'Ada', '--credits', '5')
    expect(out.status).not.toBe(0)
    expect(out.stdout).toBe('')
    expect(out.stderr).toMatch(/ada@example.com|exists|duplicate/i)
  })

  test('credits add, accounts show and accounts list', () => {
    expect(cli('credits', 'add', '--email', 'ada@example.com', '--amount', '25').status).toBe(0)
    const shown = JSON.parse(cli('accounts', 'show', '--email', 'ada@example.com').stdout)
    expect(shown).toMatchObject({ total_credits: 75, credits_used: 0 })
    expect(shown.usage).toMatchObject({ total_requests: 0 })
    const listed = JSON.parse(cli('accounts', 'list').stdout)
    expect(listed.accounts.map((a: { email: string }) => a.email)).toContain('ada@example.com')
  })

  test('keys rotate gives a new key and the old one is revoked', async () => {
    const out = cli('keys', 'rotate', '--email', 'ada@example.com')
    expect(out.status).toBe(0)
    const fresh = JSON.parse(out.stdout).api_key
    expect(fresh).not.toBe(apiKey)
    const metering = createMetering({ driver: sqliteStore({ path: join(dataDir, 'verso.db') }) })
    try {
      expect((await metering.authenticate(apiKey)).status).toBe('revoked')
      expect((await metering.authenticate(fresh)).status).toBe('ok')
      expect(cli('keys', 'revoke', '--email', 'ada@example.com').status).toBe(0)
      expect((await metering.authenticate(fresh)).status).toBe('revoked')
    } finally {
      await metering.close()
    }
  })

  test.each([
    [['accounts', 'create', '--email', 'x@example.com', '--name', 'X', '--credits', '-3']],
    [['accounts', 'create', '--email', 'x@example.com', '--credits', '3']],
    [['credits', 'add', '--email', 'nobody@example.com', '--amount', '3']],
    [['frobnicate']],
  ])('refuses %j with a message on stderr', (args) => {
    const out = cli(...args)
    expect(out.status).not.toBe(0)
    expect(out.stdout).toBe('')
    expect(out.stderr).toMatch(/verso admin:/)
  })
})
