import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createJobService, fsFileStore, sqliteJobStore, type JobService, type JobServiceOptions } from '@verso/jobs'
import { fakeFormats, fakeTranslator } from './fakes.js'

export interface Harness {
  service: JobService
  dir: string
  cleanup(): Promise<void>
}

/** An embedded service (SQLite + files in a temp dir) with the fake translator and fake codecs unless given others. */
export function embedded(overrides: Partial<JobServiceOptions> = {}, dir = mkdtempSync(join(tmpdir(), 'verso-jobs-'))): Harness {
  const service = createJobService({
    store: sqliteJobStore({ path: join(dir, 'jobs.db') }),
    files: fsFileStore({ dir: join(dir, 'files') }),
    translator: fakeTranslator(),
    formats: fakeFormats(),
    publicBaseUrl: 'https://files.example.test/',
    ...overrides,
    worker: { pollMs: 20, leaseMs: 2000, retryBackoffMs: 20, ...overrides.worker },
  })
  return {
    service,
    dir,
    async cleanup() {
      await service.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
