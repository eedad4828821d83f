import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MeteringError, createMetering, meteringFromEnv, postgresStore } from '@verso/metering'
import { reachable, shouldSkip } from './helpers/services.js'
import { testMeteringStore } from './store.conformance.js'

const url = process.env.VERSO_TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
const skip = shouldSkip('PostgreSQL', url, await reachable(url, 5432))
/** One schema per test run, so parallel runs on the same server never meet. */
const schema = `verso_metering_test_${process.pid}_${randomBytes(4).toString('hex')}`

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

describe.skipIf(skip)('postgres', () => {
  beforeAll(() => withClient((client) => client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`)))
  afterAll(() => withClient((client) => client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)))

  testMeteringStore('postgres', {
    open: () => postgresStore({ connectionString: url, schema }),
    dump: () =>
      withClient(async (client) =>
        JSON.stringify({
          accounts: (await client.query('SELECT * FROM metering_accounts')).rows,
          keys: (await client.query('SELECT * FROM metering_api_keys')).rows,
        }),
      ),
  })

  describe('postgres store', () => {
    test('creates its tables in the given schema', async () => {
      const own = `${schema}_own`
      const metering = createMetering({ driver: postgresStore({ connectionString: url, schema: own }) })
      try {
        await metering.listAccounts()
        const tables = await withClient(async (client) =>
          (
            await client.query<{ table_name: string }>(
              `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
              [own],
            )
          ).rows.map((row) => row.table_name),
        )
        expect(tables).toEqual(['metering_accounts', 'metering_api_keys', 'metering_idempotency', 'metering_keyed_charges'])
      } finally {
        await metering.close()
        await withClient((client) => client.query(`DROP SCHEMA IF EXISTS ${own} CASCADE`))
      }
    })

    test('starts from several processes at once without a schema race', async () => {
      const own = `${schema}_race`
      const instances = Array.from({ length: 4 }, () => createMetering({ driver: postgresStore({ connectionString: url, schema: own }) }))
      try {
        const lists = await Promise.all(instances.map((instance) => instance.listAccounts()))
        expect(lists).toEqual([[], [], [], []])
      } finally {
        for (const instance of instances) await instance.close()
        await withClient((client) => client.query(`DROP SCHEMA IF EXISTS ${own} CASCADE`))
      }
    })

    test('opens a database that is in use without taking a table lock: answers while another transaction holds rows', async () => {
      const own = `${schema}_busy`
      const first = createMetering({ driver: postgresStore({ connectionString: url, schema: own }) })
      const second = createMetering({ driver: postgresStore({ connectionString: url, schema: own }) })
      const holder = new pg.Client({ connectionString: url, options: `-c search_path=${own}` })
      try {
        await first.createAccount({ email: 'busy@example.test', fullName: 'Busy', credits: 10 })
        await holder.connect()
        await holder.query('BEGIN')
        expect((await holder.query('UPDATE metering_api_keys SET status = status')).rowCount).toBe(1)
        // Before: the set-up's CREATE INDEX IF NOT EXISTS waited for this transaction to end.
        const listed = await Promise.race([
          second.listAccounts(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still waiting after 3000 ms (blocked on a table lock)')), 3000)),
        ])
        expect(listed.map((account) => account.email)).toEqual(['busy@example.test'])
      } finally {
        await holder.query('ROLLBACK').catch(() => undefined)
        await holder.end().catch(() => undefined)
        await first.close()
        await second.close()
        await withClient((client) => client.query(`DROP SCHEMA IF EXISTS ${own} CASCADE`))
      }
    })

    test('upgrades a database made by an earlier version (no seq column) on first use', async () => {
      const own = `${schema}_old`
      const first = createMetering({ driver: postgresStore({ connectionString: url, schema: own }) })
      let second: ReturnType<typeof createMetering> | undefined
      try {
        await first.listAccounts()
        await withClient((client) => client.query(`ALTER TABLE ${own}.metering_accounts DROP COLUMN seq`))
        second = createMetering({ driver: postgresStore({ connectionString: url, schema: own }) })
        await second.createAccount({ email: 'old@example.test', fullName: 'Old', credits: 10 })
        expect((await second.listAccounts()).map((account) => account.email)).toEqual(['old@example.test'])
      } finally {
        await first.close()
        await second?.close()
        await withClient((client) => client.query(`DROP SCHEMA IF EXISTS ${own} CASCADE`))
      }
    })

    test('reports an idle connection the server closed instead of swallowing it, and goes on', async () => {
      const application = `verso_metering_idle_${randomBytes(4).toString('hex')}`
      const reports: string[] = []
      const metering = createMetering({
        driver: postgresStore({
          connectionString: `${url}${url.includes('?') ? '&' : '?'}application_name=${application}`,
          schema,
          logger: { warn: (fields, message) => reports.push(`${message}: ${String(fields.err)}`) },
        }),
      })
      try {
        await metering.listAccounts() // leaves an idle connection in the pool
        await withClient((client) => client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [application]))
        const deadline = Date.now() + 5000
        while (reports.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25))
        expect(reports[0]).toMatch(/idle PostgreSQL connection of the metering store failed: .*terminat/i)
        expect(Array.isArray(await metering.listAccounts())).toBe(true)
      } finally {
        await metering.close()
      }
    })

    test('refuses a schema name that is not a plain identifier', () => {
      expect(() => postgresStore({ connectionString: url, schema: 'x; DROP TABLE y' })).toThrow(MeteringError)
    })

    test('is chosen by meteringFromEnv when DATABASE_URL is set', async () => {
      // The schema rides in the URL (libpq `options`), so nothing lands in the shared public schema.
      const withSchema = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`
      const metering = meteringFromEnv({ DATABASE_URL: withSchema, DATA_DIR: '/nonexistent/never-created' })
      try {
        expect(Array.isArray(await metering.listAccounts())).toBe(true)
      } finally {
        await metering.close()
      }
    })
  })
})
