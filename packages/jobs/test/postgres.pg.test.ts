import { postgresFileStore, postgresJobStore } from '@verso/jobs'
import { afterAll, describe, expect, test } from 'vitest'
import { storeConformance } from './store.conformance.js'
import { DATABASE_URL, dropSchema, probePostgres, uniqueName, whenReachable } from './helpers/servers.js'

const problem = await probePostgres()

whenReachable('PostgreSQL', problem, () => {
  storeConformance('postgres', async () => {
    const schema = uniqueName('verso_jobs_test')
    const store = postgresJobStore({ connectionString: DATABASE_URL, schema })
    return {
      store,
      async cleanup() {
        await store.close()
        await dropSchema(schema)
      },
    }
  })

  describe('postgres file store', () => {
    const schema = uniqueName('verso_jobs_files_test')
    const files = postgresFileStore({ connectionString: DATABASE_URL, schema })
    afterAll(async () => {
      await files.close()
      await dropSchema(schema)
    })

    test('stores bytes by key, overwrites idempotently and deletes a job’s files', async () => {
      await files.put('job-1/source', new Uint8Array([1, 2, 3]))
      await files.put('job-1/out-es', new Uint8Array([4]))
      await files.put('job-1/out-es', new Uint8Array([5, 6]))
      await files.put('job-2/source', new Uint8Array([7]))
      expect([...(await files.get('job-1/out-es'))!]).toEqual([5, 6])
      await files.removeJob('job-1')
      expect(await files.get('job-1/source')).toBeNull()
      expect([...(await files.get('job-2/source'))!]).toEqual([7])
    })
  })
})
