import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sqliteJobStore } from '@verso/jobs'
import { storeConformance } from './store.conformance.js'

storeConformance('sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'verso-jobs-sqlite-'))
  const store = sqliteJobStore({ path: join(dir, 'jobs.db') })
  return {
    store,
    async cleanup() {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
})
