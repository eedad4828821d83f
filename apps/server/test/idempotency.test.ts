import { mkdtempSync, rmSync } from 'node:fs'
import { sqliteMemoryStore } from '@verso/memory'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createEngine, type Engine } from '@verso/engine'
import { createMetering, createRateLimiter, sqliteStore, type Metering } from '@verso/metering'
import { createJobService, fsFileStore, sqliteJobStore } from '@verso/jobs'
import { buildApp, type App } from '../src/app.js'
import { jobCredits } from '../src/services.js'
import { createHarness, multipart, type Harness } from './harness.js'

let h: Harness
/** The engine of `h`; `slowdown` delays its translations, `failNext` makes the next one fail with a 503. */
const control = { slowdown: 0, failNext: false }

beforeAll(async () => {
  const real = createEngine()
  const engine = Object.assign(Object.create(real) as Engine, {
    async translate(...args: Parameters<Engine['translate']>) {
      if (control.slowdown > 0) await new Promise((resolve) => setTimeout(resolve, control.slowdown))
      if (control.failNext) {
        control.failNext = false
        throw Object.assign(new Error('the engine is down'), { code: 'ENGINE_UNAVAILABLE' })
      }
      return real.translate(...args)
    },
    // what the translation memory layer calls
    async translateSettled(...args: Parameters<Engine['translateSettled']>) {
      if (control.slowdown > 0) await new Promise((resolve) => setTimeout(resolve, control.slowdown))
      if (control.failNext) {
        control.failNext = false
        throw Object.assign(new Error('the engine is down'), { code: 'ENGINE_UNAVAILABLE' })
      }
      return real.translateSettled(...args)
    },
  })
  h = await createHarness({ engine })
  ;(h as Harness & { real: Engine }).real = real
})
afterAll(async () => {
  await h.close()
  await (h as Harness & { real?: Engine }).real?.close()
})

function post(url: string, body: unknown, apiKey: string, idempotencyKey?: string, app: App = h.app) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'X-API-KEY': apiKey, ...(idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey }) },
    payload: body as object,
  })
}

async function creditsUsed(metering: Metering, email: string): Promise<number> {
  return (await metering.findAccount(email))!.creditsUsed
}

const hello = { text: 'Good morning, my friend.', source: 'en', target: 'es' }

describe('Idempotency-Key on text requests', () => {
  test('replays the first response for the same key and body, marked Idempotent-Replayed, and charges once', async () => {
    const user = await h.account(10)
    const first = await post('/v2/translate', hello, user.apiKey, 'order-1')
    expect(first.statusCode).toBe(200)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    const second = await post('/v2/translate', hello, user.apiKey, 'order-1')
    expect(second.statusCode).toBe(200)
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect(second.headers['content-type']).toBe(first.headers['content-type'])
    expect(second.body).toBe(first.body)
    expect(await creditsUsed(h.metering, user.email)).toBe(1)
  })

  test('charges every request without a key', async () => {
    const user = await h.account(10)
    await post('/v2/translate', hello, user.apiKey)
    const again = await post('/v2/translate', hello, user.apiKey)
    expect(again.headers['idempotent-replayed']).toBeUndefined()
    expect(await creditsUsed(h.metering, user.email)).toBe(2)
  })

  test('answers 422 for the same key with another body, and charges nothing for it', async () => {
    const user = await h.account(10)
    await post('/v2/translate', hello, user.apiKey, 'k')
    const other = await post('/v2/translate', { ...hello, text: 'Good night.' }, user.apiKey, 'k')
    expect(other.statusCode).toBe(422)
    expect(other.json().detail).toMatch(/Idempotency-Key 'k' was used with a different request body/)
    expect(await creditsUsed(h.metering, user.email)).toBe(1)
  })

  test('answers 422 for the same key and body on another endpoint', async () => {
    const user = await h.account(10)
    await post('/v2/detect_language', { text: 'Good morning, my friend.' }, user.apiKey, 'k')
    expect((await post('/v2/language_detect', { text: 'Good morning, my friend.' }, user.apiKey, 'k')).statusCode).toBe(422)
  })

  test('keeps keys per account: another account may use the same key', async () => {
    const a = await h.account(10)
    const b = await h.account(10)
    await post('/v2/translate', hello, a.apiKey, 'shared')
    const res = await post('/v2/translate', { ...hello, text: 'Good night.' }, b.apiKey, 'shared')
    expect(res.statusCode).toBe(200)
    expect(res.headers['idempotent-replayed']).toBeUndefined()
  })

  test('refuses a key longer than 255 characters, an empty key and a non-ASCII key with a 400', async () => {
    const user = await h.account(10)
    for (const bad of ['x'.repeat(256), '', 'clé']) {
      const res = await post('/v2/translate', hello, user.apiKey, bad)
      expect(res.statusCode).toBe(400)
      expect(res.json().detail).toMatch(/Idempotency-Key/)
    }
    expect((await post('/v2/translate', hello, user.apiKey, 'x'.repeat(255))).statusCode).toBe(200)
    expect(await creditsUsed(h.metering, user.email)).toBe(1)
  })

  test('answers an authentication failure before looking at the key', async () => {
    const res = await post('/v2/translate', hello, 'vrs_not-a-key', 'x'.repeat(300))
    expect(res.statusCode).toBe(403)
  })

  test('keeps a 4xx the handler answered and replays it', async () => {
    const user = await h.account(10)
    const body = { text: 'Hello', source: 'en', target: 'xx' }
    const first = await post('/v2/translate', body, user.apiKey, 'bad-language')
    expect(first.statusCode).toBe(400)
    const second = await post('/v2/translate', body, user.apiKey, 'bad-language')
    expect(second.statusCode).toBe(400)
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect(second.body).toBe(first.body)
  })

  test('keeps nothing for a request refused by schema validation, so the key works for the corrected body', async () => {
    const user = await h.account(10)
    expect((await post('/v2/translate', { text: 5, source: 'en', target: 'es' }, user.apiKey, 'fix-me')).statusCode).toBe(400)
    const fixed = await post('/v2/translate', hello, user.apiKey, 'fix-me')
    expect(fixed.statusCode).toBe(200)
    expect(fixed.headers['idempotent-replayed']).toBeUndefined()
  })

  test('releases the key on a 5xx: the retry runs again and the failed attempt cost nothing', async () => {
    const user = await h.account(10)
    control.failNext = true
    const failed = await post('/v2/translate', hello, user.apiKey, 'flaky')
    expect(failed.statusCode).toBe(503)
    expect(await creditsUsed(h.metering, user.email)).toBe(0)
    const retry = await post('/v2/translate', hello, user.apiKey, 'flaky')
    expect(retry.statusCode).toBe(200)
    expect(retry.headers['idempotent-replayed']).toBeUndefined()
    expect(await creditsUsed(h.metering, user.email)).toBe(1)
  })

  test('two concurrent requests with one key: one runs, the other gets a 409 or the replay; one charge', async () => {
    const user = await h.account(10)
    control.slowdown = 300
    try {
      const [a, b] = await Promise.all([
        post('/v2/translate', hello, user.apiKey, 'twice'),
        post('/v2/translate', hello, user.apiKey, 'twice'),
      ])
      const statuses = [a.statusCode, b.statusCode].sort()
      expect(statuses[0]).toBe(200)
      expect([200, 409]).toContain(statuses[1])
      const refused = [a, b].find((res) => res.statusCode === 409)
      if (refused) {
        expect(refused.json().detail).toMatch(/still being processed/)
        expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
      }
    } finally {
      control.slowdown = 0
    }
    expect(await creditsUsed(h.metering, user.email)).toBe(1)
    const after = await post('/v2/translate', hello, user.apiKey, 'twice')
    expect(after.headers['idempotent-replayed']).toBe('true')
  })

  test('replays with the rate-limit headers of the new request (a replay counts as a request)', async () => {
    const user = await h.account(10)
    const first = await post('/v2/translate', hello, user.apiKey, 'counted')
    const second = await post('/v2/translate', hello, user.apiKey, 'counted')
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1)
  })
})

const strings = `{\n  "greeting": "Good morning",\n  "farewell": "See you tomorrow"\n}\n`

function createJob(apiKey: string, idempotencyKey?: string, content = strings) {
  // Each call gets its own multipart boundary, as two sends of one upload by curl would.
  const body = multipart({ source_language: 'en', target_languages: 'es' }, { filename: 'app.json', content })
  return h.app.inject({
    method: 'POST',
    url: '/v2/translate/i18n',
    headers: { ...body.headers, 'X-API-KEY': apiKey, ...(idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey }) },
    payload: body.payload,
  })
}

describe('Idempotency-Key on POST /v2/translate/i18n', () => {
  test('replays the created job for the same upload (another multipart boundary) and reserves once', async () => {
    const user = await h.account(100)
    const first = await createJob(user.apiKey, 'upload-1')
    expect(first.statusCode).toBe(201)
    const second = await createJob(user.apiKey, 'upload-1')
    expect(second.statusCode).toBe(201)
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect(second.json().job_id).toBe(first.json().job_id)
    expect(await creditsUsed(h.metering, user.email)).toBe(2)
    expect(await h.jobs.list(user.id)).toHaveLength(1)
  })

  test('answers 422 for the same key with another file', async () => {
    const user = await h.account(100)
    await createJob(user.apiKey, 'upload-2')
    const other = await createJob(user.apiKey, 'upload-2', `{ "only": "Good night" }`)
    expect(other.statusCode).toBe(422)
    expect(await h.jobs.list(user.id)).toHaveLength(1)
  })

  test('two concurrent uploads with one key create one job and one reservation', async () => {
    const user = await h.account(100)
    const results = await Promise.all([createJob(user.apiKey, 'race'), createJob(user.apiKey, 'race')])
    for (const res of results) expect([201, 409]).toContain(res.statusCode)
    const created = results.filter((res) => res.statusCode === 201).map((res) => res.json().job_id)
    expect(created.length).toBeGreaterThanOrEqual(1)
    expect(new Set(created).size).toBe(1)
    expect(await creditsUsed(h.metering, user.email)).toBe(2)
    expect((await h.jobs.list(user.id)).map((job) => job.id)).toEqual([created[0]])
  })

  test('creating a job again under its key (a re-run after a crash) answers the same job and reserves nothing more', async () => {
    const user = await h.account(100)
    const input = { ownerId: user.id, filename: 'app.json', bytes: new TextEncoder().encode(strings), sourceLanguage: 'en', targetLanguages: ['es'], idempotencyKey: '1:re-run' }
    const first = await h.jobs.create(input)
    const again = await h.jobs.create(input)
    expect(again.id).toBe(first.id)
    expect(first.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(await creditsUsed(h.metering, user.email)).toBe(2)
  })
})

describe('Idempotency-Key across a crash', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verso-idempotency-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  /** A server over the shared DATA_DIR: its own metering connection, jobs store and engine. */
  async function server(engine: Engine, leaseMs: number, adapt: (metering: Metering) => Metering = (metering) => metering) {
    const metering = adapt(createMetering({ driver: sqliteStore({ path: join(dir, 'verso.db') }) }))
    const rateLimiter = createRateLimiter({ limit: 1000 })
    const jobs = createJobService({
      store: sqliteJobStore({ path: join(dir, 'jobs.db') }),
      files: fsFileStore({ dir: join(dir, 'files') }),
      translator: engine,
      publicBaseUrl: 'https://verso.test',
      credits: jobCredits(metering),
    })
    const memoryStore = sqliteMemoryStore({ path: join(dir, 'verso.db') })
    const app = await buildApp({ engine, metering, rateLimiter, jobs, memoryStore, idempotencyLeaseMs: leaseMs })
    return {
      app,
      metering,
      async close() {
        await app.close()
        await jobs.close()
        await rateLimiter.close()
        await memoryStore.close()
        await metering.close()
      },
    }
  }

  test('a retry on a second server after the first died between charging and answering runs once more and is charged once', async () => {
    const real = createEngine()
    let unblock: (error: Error) => void = () => {}
    // The first server's engine never answers: the server is "dead" after the charge.
    const hanging = Object.assign(Object.create(real) as Engine, {
      translate: () => new Promise<never>((_resolve, reject) => (unblock = reject)),
      translateSettled: () => new Promise<never>((_resolve, reject) => (unblock = reject)),
    })
    // A dead server renews no lease.
    const first = await server(hanging, 300, (metering) => Object.assign(Object.create(metering) as Metering, { renewIdempotent: () => new Promise<never>(() => {}) }))
    const second = await server(real, 300)
    try {
      const { account, apiKey } = await first.metering.createAccount({ email: `crash-${process.pid}@example.com`, fullName: 'Crash', credits: 10 })
      const lost = post('/v2/translate', hello, apiKey, 'crash-1', first.app)
      await vi.waitFor(async () => expect(await creditsUsed(second.metering, account.email)).toBe(1), { timeout: 5000, interval: 20 })

      // While the first still holds its lease, the key is running.
      expect((await post('/v2/translate', hello, apiKey, 'crash-1', second.app)).statusCode).toBe(409)
      await new Promise((resolve) => setTimeout(resolve, 350))
      const retry = await post('/v2/translate', hello, apiKey, 'crash-1', second.app)
      expect(retry.statusCode).toBe(200)
      expect(retry.json().translations.translation).toMatch(/Buenos días|amigo/i)
      expect(await creditsUsed(second.metering, account.email)).toBe(1)

      // The first server's late failure neither refunds the charge nor frees the key of the second.
      unblock(Object.assign(new Error('gone'), { code: 'ENGINE_UNAVAILABLE' }))
      expect((await lost).statusCode).toBe(503)
      expect(await creditsUsed(second.metering, account.email)).toBe(1)
      const replay = await post('/v2/translate', hello, apiKey, 'crash-1', second.app)
      expect(replay.headers['idempotent-replayed']).toBe('true')
      expect(replay.body).toBe(retry.body)
    } finally {
      await first.close()
      await second.close()
      await real.close()
    }
  })

  test('a request still running past its lease keeps its key: a retry meanwhile is a 409, then the replay', async () => {
    const real = createEngine()
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    // The engine answers only once released, well after the 300 ms lease.
    const slow = Object.assign(Object.create(real) as Engine, {
      translate: async (...args: Parameters<Engine['translate']>) => {
        await gate
        return real.translate(...args)
      },
      translateSettled: async (...args: Parameters<Engine['translateSettled']>) => {
        await gate
        return real.translateSettled(...args)
      },
    })
    const first = await server(slow, 300)
    const second = await server(real, 300)
    try {
      const { account, apiKey } = await first.metering.createAccount({ email: `slow-${process.pid}@example.com`, fullName: 'Slow', credits: 10 })
      const running = post('/v2/translate', hello, apiKey, 'slow-1', first.app)
      await vi.waitFor(async () => expect(await creditsUsed(second.metering, account.email)).toBe(1), { timeout: 5000, interval: 20 })
      await new Promise((resolve) => setTimeout(resolve, 800))
      const retry = await post('/v2/translate', hello, apiKey, 'slow-1', second.app)
      expect(retry.headers['idempotent-replayed']).toBeUndefined()
      expect(retry.statusCode).toBe(409)
      release()
      const answered = await running
      expect(answered.statusCode).toBe(200)
      const replay = await post('/v2/translate', hello, apiKey, 'slow-1', second.app)
      expect(replay.headers['idempotent-replayed']).toBe('true')
      expect(replay.body).toBe(answered.body)
      expect(await creditsUsed(second.metering, account.email)).toBe(1)
    } finally {
      release()
      await first.close()
      await second.close()
      await real.close()
    }
  })

  test('a batch re-run after a crash gives its failed items back once, not once per run', async () => {
    const real = createEngine()
    // Items holding "FAIL" fail, as on a hung pipeline; the others are translated for real.
    const failing = Object.assign(Object.create(real) as Engine, {
      translateSettled: async (segments: readonly any[], pair: any, options?: any) => {
        const outcomes = await real.translateSettled(segments, pair, options)
        return outcomes.map((outcome, i) => (String(segments[i]).includes('FAIL') ? { error: Object.assign(new Error('the pipeline did not answer'), { code: 'ENGINE_TIMEOUT' }) as any } : outcome))
      },
    })
    // The first server dies after settling the batch, before its answer is stored under the key (and renews nothing).
    const never = () => new Promise<never>(() => {})
    const dies = (metering: Metering) => Object.assign(Object.create(metering) as Metering, { completeIdempotent: never, renewIdempotent: never })
    const first = await server(failing, 300, dies)
    const second = await server(failing, 300)
    try {
      const { account, apiKey } = await first.metering.createAccount({ email: `batch-crash-${process.pid}@example.com`, fullName: 'Batch', credits: 10 })
      const batch = { texts: ['The dog runs.', 'FAIL here.', 'The house is red.'], source: 'en', target: 'es' }
      void post('/v2/translate/batch', batch, apiKey, 'batch-1', first.app)
      // charged 3, then settled at the 2 that succeeded
      await vi.waitFor(async () => expect(await creditsUsed(second.metering, account.email)).toBe(2), { timeout: 5000, interval: 20 })
      await new Promise((resolve) => setTimeout(resolve, 350))
      const retry = await post('/v2/translate/batch', batch, apiKey, 'batch-1', second.app)
      expect(retry.statusCode).toBe(200)
      expect(retry.json()).toMatchObject({ total: 3, successful: 2, failed: 1 })
      expect(await creditsUsed(second.metering, account.email)).toBe(2)
    } finally {
      await first.close()
      await second.close()
      await real.close()
    }
  })
})

describe('the OpenAPI document', () => {
  test('documents Idempotency-Key as one shared header parameter of every POST', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json()
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: false })
    const posts = Object.values(doc.paths as Record<string, { post?: { parameters?: unknown[] } }>).filter((path) => path.post)
    expect(posts.length).toBeGreaterThan(5)
    for (const path of posts) expect(path.post!.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' })
  })
})
