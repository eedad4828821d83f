import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fsFileStore, leaseQueue, sqliteJobStore } from '@verso/jobs'
import { queueConformance } from './queue.conformance.js'

queueConformance('in-process lease', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'verso-jobs-lq-'))
  return {
    make: () => ({
      store: sqliteJobStore({ path: join(dir, 'jobs.db') }),
      files: fsFileStore({ dir: join(dir, 'files') }),
      queue: leaseQueue({ pollMs: 25 }),
    }),
    async cleanup() {
      rmSync(dir, { recursive: true, force: true })
    },
  }
})
