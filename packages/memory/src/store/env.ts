import { join } from 'node:path'
import type { MemoryStore } from '../types.js'
import { postgresMemoryStore } from './postgres.js'
import { sqliteMemoryStore } from './sqlite.js'

/**
 * The server's store: PostgreSQL when DATABASE_URL is set, else the SQLite file
 * `DATA_DIR/verso.db` (folder created) that the metering and job stores use too. An empty
 * variable counts as unset, as in `meteringFromEnv`, so both always open the same file.
 */
export function memoryStoreFromEnv(env: { DATA_DIR?: string; DATABASE_URL?: string }): MemoryStore {
  if (env.DATABASE_URL) return postgresMemoryStore({ connectionString: env.DATABASE_URL })
  return sqliteMemoryStore({ path: join(env.DATA_DIR || 'data', 'verso.db') })
}
