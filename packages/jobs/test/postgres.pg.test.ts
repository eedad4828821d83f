import { postgresFileStore, postgresJobStore } from '@verso/jobs'
import pg from 'pg'
import { afterAll, describe, expect, test } from 'vitest'
import { newJob, storeConformance } from './store.conformance.js'
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

  describe('postgres schema set-up', () => {
    /** Runs `work` while another connection holds an open `UPDATE table SET column = column` (row locks), rolled back after. */
    async function whileRowsLocked<T>(table: string, column: string, work: () => Promise<T>): Promise<T> {
      const holder = new pg.Client({ connectionString: DATABASE_URL })
      await holder.connect()
      try {
        await holder.query('BEGIN')
        expect((await holder.query(`UPDATE ${table} SET ${column} = ${column}`)).rowCount).toBeGreaterThan(0)
        return await work()
      } finally {
        await holder.query('ROLLBACK').catch(() => undefined)
        await holder.end()
      }
    }
    const within = <T>(ms: number, promise: Promise<T>) =>
      Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms (blocked on a table lock)`)), ms))])

    test('a store opening a database that is in use takes no table lock: it answers while another transaction holds rows', async () => {
      const schema = uniqueName('verso_jobs_ddl_test')
      const first = postgresJobStore({ connectionString: DATABASE_URL, schema })
      const firstFiles = postgresFileStore({ connectionString: DATABASE_URL, schema })
      const second = postgresJobStore({ connectionString: DATABASE_URL, schema })
      const secondFiles = postgresFileStore({ connectionString: DATABASE_URL, schema })
      try {
        const job = newJob()
        await first.add(job)
        await firstFiles.put(`${job.id}/source`, new Uint8Array([1]))
        // A server starting beside a busy one (a worker's open transaction on the jobs table).
        const seen = await whileRowsLocked(`"${schema}".jobs_jobs`, 'updated_at', () => within(3000, second.get(job.id)))
        expect(seen?.id).toBe(job.id)
        const bytes = await whileRowsLocked(`"${schema}".jobs_blobs`, 'job_id', () => within(3000, secondFiles.get(`${job.id}/source`)))
        expect([...bytes!]).toEqual([1])
      } finally {
        await Promise.all([first.close(), second.close(), firstFiles.close(), secondFiles.close()])
        await dropSchema(schema)
      }
    })

    test('a database made by an earlier version (a newer column missing) is upgraded on first use', async () => {
      const schema = uniqueName('verso_jobs_ddl_test')
      const first = postgresJobStore({ connectionString: DATABASE_URL, schema })
      const admin = new pg.Client({ connectionString: DATABASE_URL })
      await admin.connect()
      let second: ReturnType<typeof postgresJobStore> | undefined
      try {
        await first.add(newJob())
        await admin.query(`ALTER TABLE "${schema}".jobs_jobs DROP COLUMN job_options`)
        second = postgresJobStore({ connectionString: DATABASE_URL, schema })
        const job = newJob()
        await second.add(job)
        expect((await second.get(job.id))?.id).toBe(job.id)
        const column = await admin.query(
          `SELECT 1 FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'jobs_jobs' AND column_name = 'job_options'`,
          [schema],
        )
        expect(column.rowCount).toBe(1)
      } finally {
        await admin.end()
        await Promise.all([first.close(), second?.close()])
        await dropSchema(schema)
      }
    })
  })
})
