import pg from 'pg'
import { afterAll, describe, expect, test } from 'vitest'
import { createdRelations, ensurePgSchema, withTransaction } from '@verso/pg-schema'

describe('createdRelations', () => {
  test('names every table and index the statements create, without schema qualifier or quotes', () => {
    expect(
      createdRelations([
        `CREATE TABLE IF NOT EXISTS "s".jobs (id TEXT); CREATE INDEX IF NOT EXISTS jobs_owner ON "s".jobs (id)`,
        `create unique index if not exists one_active ON keys (account_id)`,
        `CREATE TABLE IF NOT EXISTS plain(id TEXT)`,
        `ALTER TABLE jobs ADD COLUMN IF NOT EXISTS note TEXT`,
      ]),
    ).toEqual(['jobs', 'jobs_owner', 'one_active', 'plain'])
  })
})

const url = process.env.VERSO_TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
const inCI = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0'
const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
const problem = await probe.connect().then(
  () => null,
  (error: Error) => error.message,
)
await probe.end().catch(() => undefined)

describe.skipIf(problem !== null && !inCI)('ensurePgSchema on PostgreSQL', () => {
  const schema = `verso_pg_schema_test_${process.pid}_${Date.now().toString(36)}`
  const pool = new pg.Pool({ connectionString: url, max: 4 })
  afterAll(async () => {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined)
    await pool.end()
  })
  const spec = (upgrades: string[]) => ({
    schema,
    createSchema: true,
    lockKey: 42_4242,
    statements: [`CREATE TABLE IF NOT EXISTS "${schema}".things (id TEXT PRIMARY KEY)`, `CREATE INDEX IF NOT EXISTS things_id ON "${schema}".things (id)`],
    columns: [['things', 'note'] as const],
    upgrade: async (client: pg.PoolClient) => {
      upgrades.push('ran')
      await client.query(`ALTER TABLE "${schema}".things ADD COLUMN IF NOT EXISTS note TEXT`)
    },
  })

  test('creates what is missing once, then only reads the catalog, even while a transaction holds the rows', async () => {
    if (problem !== null) throw new Error(`PostgreSQL at ${url} is unreachable and CI is set: ${problem}`)
    const upgrades: string[] = []
    // Several processes starting at once: one set-up runs, the others find it done.
    await Promise.all([ensurePgSchema(pool, spec(upgrades)), ensurePgSchema(pool, spec(upgrades)), ensurePgSchema(pool, spec(upgrades))])
    expect(upgrades).toEqual(['ran'])
    await pool.query(`INSERT INTO "${schema}".things (id, note) VALUES ('a', 'x')`)

    const holder = await pool.connect()
    try {
      await holder.query('BEGIN')
      await holder.query(`UPDATE "${schema}".things SET note = note`)
      const again: string[] = []
      const started = Date.now()
      await ensurePgSchema(pool, spec(again))
      expect(again).toEqual([])
      expect(Date.now() - started).toBeLessThan(3000)
    } finally {
      await holder.query('ROLLBACK')
      holder.release()
    }
  })

  test('runs the upgrade when a listed column is missing', async () => {
    await pool.query(`ALTER TABLE "${schema}".things DROP COLUMN IF EXISTS note`)
    const upgrades: string[] = []
    await ensurePgSchema(pool, spec(upgrades))
    expect(upgrades).toEqual(['ran'])
    const found = await pool.query(`SELECT 1 FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'things' AND column_name = 'note'`, [schema])
    expect(found.rowCount).toBe(1)
  })

  test('withTransaction commits the work, or rolls it back and rethrows its error', async () => {
    await withTransaction(pool, (client) => client.query(`INSERT INTO "${schema}".things (id) VALUES ('kept')`))
    const failure = new Error('the work failed')
    await expect(withTransaction(pool, async (client) => {
      await client.query(`INSERT INTO "${schema}".things (id) VALUES ('undone')`)
      throw failure
    })).rejects.toBe(failure)
    const ids = await pool.query(`SELECT id FROM "${schema}".things WHERE id IN ('kept', 'undone') ORDER BY id`)
    expect(ids.rows.map((r) => r.id)).toEqual(['kept'])
  })

  test('withTransaction discards a client whose ROLLBACK fails and reports it, rethrowing the work’s error', async () => {
    const own = new pg.Pool({ connectionString: url, max: 1 })
    const reported: unknown[] = []
    try {
      let pid = 0
      const outcome = withTransaction(own, async (client) => {
        pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid
        await pool.query('SELECT pg_terminate_backend($1)', [pid])
        await client.query('SELECT 1')
      }, (error) => reported.push(error))
      await expect(outcome).rejects.toThrow()
      expect(reported).toHaveLength(1)
      // The broken client was destroyed, not pooled: the next one is a new backend that works.
      const next = await own.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
      expect(next.rows[0]!.pid).not.toBe(pid)
    } finally {
      await own.end()
    }
  })
})
