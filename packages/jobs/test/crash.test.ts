import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'vitest'
import { fsFileStore, sqliteJobStore } from '@verso/jobs'
import { crashScenario } from './helpers/crash.js'

describe('a worker process killed mid-job (embedded drivers)', () => {
  test('leaves a job that the next worker finishes once: no duplicate files, credits reserved and refunded once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verso-jobs-crash-'))
    try {
      await crashScenario({
        dir,
        drivers: { store: sqliteJobStore({ path: join(dir, 'jobs.db') }), files: fsFileStore({ dir: join(dir, 'files') }) },
        childEnv: {},
        listFiles: async (jobId) => readdirSync(join(dir, 'files', jobId)),
      })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
