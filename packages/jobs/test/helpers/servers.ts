/**
 * PostgreSQL and Redis for the *.pg / *.redis suites: VERSO_TEST_DATABASE_URL and
 * VERSO_TEST_REDIS_URL (defaults: local servers). Unreachable → the suite is skipped with a
 * message, unless CI is set: then it fails.
 */
import { randomBytes } from 'node:crypto'
import { describe, test } from 'vitest'
import pg from 'pg'
import { Redis } from 'ioredis'

export const DATABASE_URL = process.env.VERSO_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
export const REDIS_URL = process.env.VERSO_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

export const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`

export async function probePostgres(): Promise<string | null> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.query('SELECT 1')
    return null
  } catch (error) {
    return (error as Error).message || String(error)
  } finally {
    await client.end().catch(() => {})
  }
}

export async function probeRedis(): Promise<string | null> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null })
  redis.on('error', () => {})
  try {
    await redis.connect()
    await redis.ping()
    return null
  } catch (error) {
    return (error as Error).message || String(error)
  } finally {
    redis.disconnect()
  }
}

/** Registers the suite when the server answered; otherwise a skipped (or, with CI, failing) placeholder. */
export function whenReachable(what: string, problem: string | null, register: () => void): void {
  if (problem === null) {
    register()
    return
  }
  const message = `${what} unreachable (${problem})`
  const ci = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false' && process.env.CI !== '0'
  if (ci) {
    describe(what, () => {
      test('is reachable (required when CI is set)', () => {
        throw new Error(message)
      })
    })
  } else {
    console.warn(`skipping ${what} suites: ${message}; set ${what === 'PostgreSQL' ? 'VERSO_TEST_DATABASE_URL' : 'VERSO_TEST_REDIS_URL'} or start the server`)
    describe.skip(`${what} (skipped: ${message})`, () => {
      test('needs the server', () => {})
    })
  }
}

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL })
  await client.connect()
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
  } finally {
    await client.end()
  }
}
