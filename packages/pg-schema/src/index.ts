/**
 * @verso/pg-schema: the schema set-up every Verso PostgreSQL store shares (jobs, job files,
 * metering, memory). See README.md.
 */
import type pg from 'pg'

export interface PgSchema {
  /** Schema holding the relations; `null`: the connection's `current_schema()`. */
  schema: string | null
  /** Create `schema` when missing (a schema the caller chose; `public` exists and may not be creatable by the user). */
  createSchema: boolean
  /** `CREATE TABLE|INDEX IF NOT EXISTS` statements (one or several per string); they name the relations checked. */
  statements: string[]
  /** Columns added after a table was first released: `[table, column]`, created by `statements` or `upgrade`. */
  columns?: ReadonlyArray<readonly [string, string]>
  /** Advisory lock key serialising concurrent set-ups. */
  lockKey: number
  /** Runs after `statements`, in the same transaction (adds the columns of `columns`). */
  upgrade?: (client: pg.PoolClient) => Promise<void>
  /** Told when a failed set-up's ROLLBACK fails too (see withTransaction). */
  onRollbackError?: (error: unknown) => void
}

/**
 * Runs `work` in one transaction on a client of `pool`: BEGIN, `work`, COMMIT; on any error,
 * ROLLBACK and that error rethrown. A client whose ROLLBACK fails too is in an unknown state
 * (still inside the transaction, or its connection gone): it is destroyed (released with the
 * error) instead of going back to the pool, and `onRollbackError` is told, since the error
 * rethrown is the work's own. A connection lost between two of the work's queries makes the
 * client emit 'error', which the pool does not listen to while the client is out: it is
 * caught here (an unheard 'error' would end the process) and the client destroyed; the
 * work's next query fails with it.
 */
export async function withTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  onRollbackError?: (error: unknown) => void,
): Promise<T> {
  const client = await pool.connect()
  let broken: Error | undefined
  const lost = (error: Error) => {
    broken = error
  }
  client.on('error', lost)
  try {
    await client.query('BEGIN')
    const result = await work(client)
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: unknown) => {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError))
      onRollbackError?.(rollbackError)
    })
    throw error
  } finally {
    client.removeListener('error', lost)
    client.release(broken)
  }
}

/**
 * Creates or upgrades a schema only when something is missing. `CREATE INDEX IF NOT EXISTS`
 * and `ALTER TABLE … ADD COLUMN IF NOT EXISTS` take their table lock even when there is
 * nothing to do, so a server starting beside one that is working would wait behind its
 * transactions, or deadlock with one that holds a row lock (measured: a job claim failed with
 * "deadlock detected" and its attempt was rerun). A catalog read takes no such lock, so the
 * DDL runs only on a new or older database, under the advisory lock, checked again there.
 */
export async function ensurePgSchema(pool: pg.Pool, spec: PgSchema): Promise<void> {
  const relations = createdRelations(spec.statements)
  const columns = spec.columns ?? []
  if (await isCurrent(pool, spec.schema, relations, columns)) return
  await withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [spec.lockKey])
    if (await isCurrent(client, spec.schema, relations, columns)) return
    if (spec.schema && spec.createSchema) await client.query(`CREATE SCHEMA IF NOT EXISTS "${spec.schema}"`)
    for (const statement of spec.statements) await client.query(statement)
    await spec.upgrade?.(client)
  }, spec.onRollbackError)
}

/** The relation names a list of `CREATE … IF NOT EXISTS` statements creates, without schema or quotes. */
export function createdRelations(statements: string[]): string[] {
  const names: string[] = []
  for (const statement of statements) {
    for (const match of statement.matchAll(/CREATE\s+(?:UNIQUE\s+)?(?:TABLE|INDEX)\s+IF\s+NOT\s+EXISTS\s+([^\s(]+)/gi)) {
      names.push(match[1]!.split('.').pop()!.replace(/"/g, ''))
    }
  }
  return names
}

async function isCurrent(db: pg.Pool | pg.PoolClient, schema: string | null, relations: string[], columns: ReadonlyArray<readonly [string, string]>): Promise<boolean> {
  const found = await db.query<{ relations: string; columns: string }>(
    `SELECT
       (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = COALESCE($1, current_schema()) AND c.relname = ANY($2::text[])) AS relations,
       (SELECT count(*) FROM information_schema.columns
         WHERE table_schema = COALESCE($1, current_schema())
           AND (table_name || '.' || column_name) = ANY($3::text[])) AS columns`,
    [schema, relations, columns.map(([table, column]) => `${table}.${column}`)],
  )
  const row = found.rows[0]!
  return Number(row.relations) === new Set(relations).size && Number(row.columns) === new Set(columns.map((c) => c.join('.'))).size
}
