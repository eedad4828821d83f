import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createEngine, type Engine } from '@verso/engine'
import { createMetering, createRateLimiter, sqliteStore, type Metering } from '@verso/metering'
import { createJobService, fsFileStore, sqliteJobStore, type JobService } from '@verso/jobs'
import { createMemoryTranslator, sqliteMemoryStore, type MemoryStore } from '@verso/memory'
import { buildApp, type App } from '../src/app.js'
import { jobCredits } from '../src/services.js'
import { memoryEngine } from '../src/memory.js'

export interface Harness {
  app: App
  engine: Engine
  metering: Metering
  jobs: JobService
  memoryStore: MemoryStore
  dataDir: string
  /** Creates an account and returns its key. */
  account(credits?: number, email?: string): Promise<{ apiKey: string; id: string; email: string }>
  close(): Promise<void>
}

let accounts = 0

/**
 * The real service in-process: Apertium engine, SQLite metering and jobs in a temporary
 * DATA_DIR, in-memory rate limiter. Only the socket is missing (`app.inject()`).
 */
/**
 * `rateLimitClock`: the rate limiter's clock. Its windows are aligned to whole minutes, so a
 * test that counts requests within one window gives a fixed clock: with the real one, a test
 * running across a minute boundary saw its 4th request of 3 allowed answer 200.
 */
export async function createHarness(options: { rateLimit?: number; rateLimitClock?: () => number; engine?: Engine; worker?: boolean } = {}): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'verso-server-test-'))
  const engine = options.engine ?? createEngine()
  const metering = createMetering({ driver: sqliteStore({ path: join(dataDir, 'verso.db') }) })
  const rateLimiter = createRateLimiter({ limit: options.rateLimit ?? 10_000, ...(options.rateLimitClock ? { now: options.rateLimitClock } : {}) })
  const memoryStore = sqliteMemoryStore({ path: join(dataDir, 'verso.db') })
  const jobs = createJobService({
    store: sqliteJobStore({ path: join(dataDir, 'jobs.db') }),
    files: fsFileStore({ dir: join(dataDir, 'files') }),
    translator: engine,
    memory: createMemoryTranslator({ translator: engine, store: memoryStore, ...memoryEngine(engine) }),
    publicBaseUrl: 'https://verso.test',
    credits: jobCredits(metering),
    webhookSecret: (ownerId) => metering.webhookSecret(ownerId),
    worker: { leaseMs: 30_000 },
  })
  if (options.worker !== false) jobs.startWorker()
  const app = await buildApp({ engine, metering, rateLimiter, jobs, memoryStore })
  return {
    app,
    engine,
    metering,
    jobs,
    memoryStore,
    dataDir,
    async account(credits = 1000, email = `user${++accounts}-${process.pid}@example.com`) {
      const created = await metering.createAccount({ email, fullName: 'Test User', credits })
      return { apiKey: created.apiKey, id: created.account.id, email }
    },
    async close() {
      await app.close()
      await jobs.close()
      await rateLimiter.close()
      await memoryStore.close()
      if (!options.engine) await engine.close()
      await metering.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A multipart/form-data body as a browser or curl -F would send it. */
export function multipart(
  fields: Record<string, string>,
  file?: { field?: string; filename: string; content: string | Uint8Array; type?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----verso${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.content),
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}
