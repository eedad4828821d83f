import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { createJobService, jobsFromEnv } from '@verso/jobs'
import { enc, fakeFormats, fakeTranslator, until } from './helpers/fakes.js'

describe('jobsFromEnv', () => {
  test('without DATABASE_URL and REDIS_URL uses SQLite and files under DATA_DIR with the in-process queue', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verso-jobs-env-'))
    try {
      const drivers = jobsFromEnv({ DATA_DIR: dir })
      const service = createJobService({ ...drivers, translator: fakeTranslator(), formats: fakeFormats(), publicBaseUrl: 'http://localhost:8080', worker: { pollMs: 20 } })
      const job = await service.create({ ownerId: 'u', filename: 'a.json', bytes: enc({ a: 'Hi' }), sourceLanguage: 'en', targetLanguages: ['es'] })
      service.startWorker()
      await until(async () => (await service.get('u', job.id))?.status === 'completed')
      expect(existsSync(join(dir, 'jobs.db'))).toBe(true)
      expect(existsSync(join(dir, 'files', job.id, 'out-es'))).toBe(true)
      await service.close()
      await drivers.close()
      await drivers.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
