import { afterEach, describe, expect, test } from 'vitest'
import { fsFileStore, sqliteJobStore, type JobLogger, type JobService, type JobStore, type JobWithFiles } from '@verso/jobs'
import { enc, fakeCredits, fakeTranslator, until } from './helpers/fakes.js'
import { embedded, type Harness } from './helpers/service.js'
import { mkdtempSync } from 'node:fs'
import Database from 'better-sqlite3'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const harnesses: Harness[] = []
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.cleanup()))
})
function setup(...args: Parameters<typeof embedded>): Harness {
  const h = embedded(...args)
  harnesses.push(h)
  return h
}

async function finished(service: JobService, id: string): Promise<JobWithFiles> {
  return until(async () => {
    const job = await service.get('u1', id)
    return job?.completed_at ? job : null
  })
}

/** A logger that keeps what it is given, as a pino logger would print it. */
function recordingLogger() {
  const lines: Array<{ level: 'error' | 'warn' | 'info'; object: Record<string, unknown>; message: string }> = []
  const logger: JobLogger = {
    error: (object, message) => lines.push({ level: 'error', object, message }),
    warn: (object, message) => lines.push({ level: 'warn', object, message }),
    info: (object, message) => lines.push({ level: 'info', object, message }),
  }
  return { lines, logger }
}

const FOUR = { greeting: 'Hello {name}', bye: 'Goodbye', title: 'Settings', save: 'Save' }

describe('job progress (issue 12, defect 10)', () => {
  test('a 4-key file into 3 languages reports 4 keys translated, not 12', async () => {
    const { service } = setup()
    const job = await service.create({ ownerId: 'u1', filename: 'a.json', bytes: enc(FOUR), sourceLanguage: 'en', targetLanguages: ['es', 'ca', 'pt'] })
    service.startWorker()
    const done = await finished(service, job.id)
    expect(done).toMatchObject({ status: 'completed', total_keys: 4, translated_keys: 4, failed_keys: 0 })
    expect(done.languages).toEqual({
      es: { translated_keys: 4, failed_keys: 0, status: 'completed', reused_keys: 0, kept_keys: 0, needs_review: [] },
      ca: { translated_keys: 4, failed_keys: 0, status: 'completed', reused_keys: 0, kept_keys: 0, needs_review: [] },
      pt: { translated_keys: 4, failed_keys: 0, status: 'completed', reused_keys: 0, kept_keys: 0, needs_review: [] },
    })
  })

  test('counts a key that failed in one language as failed, and shows where in the breakdown', async () => {
    const translator = fakeTranslator()
    const settled = translator.translateSettled.bind(translator)
    translator.translateSettled = async (segments, pair) => {
      const results = await settled(segments, pair)
      return results.map((result, i) => (pair.target === 'ca' && JSON.stringify(segments[i]).includes('Goodbye') ? { error: new Error('no ca') } : result))
    }
    const credits = fakeCredits(100)
    const { service } = setup({ translator, credits })
    const job = await service.create({ ownerId: 'u1', filename: 'a.json', bytes: enc(FOUR), sourceLanguage: 'en', targetLanguages: ['es', 'ca', 'pt'] })
    service.startWorker()
    const done = await finished(service, job.id)
    expect(done).toMatchObject({ status: 'partial', total_keys: 4, translated_keys: 3, failed_keys: 1 })
    expect(done.translated_keys + done.failed_keys).toBe(done.total_keys)
    expect(done.languages).toEqual({
      es: { translated_keys: 4, failed_keys: 0, status: 'completed', reused_keys: 0, kept_keys: 0, needs_review: [] },
      ca: { translated_keys: 3, failed_keys: 1, status: 'partial', reused_keys: 0, kept_keys: 0, needs_review: [] },
      pt: { translated_keys: 4, failed_keys: 0, status: 'completed', reused_keys: 0, kept_keys: 0, needs_review: [] },
    })
    // Credits are per (key, language): the one failed pair is refunded.
    await until(async () => credits.log.some((entry) => entry.op === 'refund'))
    expect(credits.log).toEqual([
      { op: 'reserve', ownerId: 'u1', amount: 12 },
      { op: 'refund', ownerId: 'u1', amount: 1 },
    ])
  })

  test('a value with nothing for an engine (placeholders, a date pattern, an icon name) is copied as it is, counted translated and not charged', async () => {
    const credits = fakeCredits(100)
    const translator = fakeTranslator()
    const sent: string[] = []
    const settled = translator.translateSettled.bind(translator)
    translator.translateSettled = async (segments, pair) => {
      sent.push(...segments.map((segment) => JSON.stringify(segment)))
      return settled(segments, pair)
    }
    const { service } = setup({ translator, credits, formats: undefined }) // the real codecs: they tell what is a placeholder
    const file = { title: 'Settings', count: '{count}', format: 'MM/DD/YYYY', icon: 'mdi-home' }
    const job = await service.create({ ownerId: 'u1', filename: 'a.json', bytes: enc(file), sourceLanguage: 'en', targetLanguages: ['es', 'ca'] })
    service.startWorker()
    const done = await finished(service, job.id)
    expect(done).toMatchObject({ status: 'completed', total_keys: 4, translated_keys: 4, failed_keys: 0 })
    expect(sent.join(' ')).not.toMatch(/count|MM|mdi/)
    // 8 pairs reserved, the 2 × 3 copied ones given back: 2 credits, the two "Settings"
    await until(async () => credits.log.some((entry) => entry.op === 'refund'))
    expect(credits.log).toEqual([
      { op: 'reserve', ownerId: 'u1', amount: 8 },
      { op: 'refund', ownerId: 'u1', amount: 6 },
    ])
    const out = JSON.parse(new TextDecoder().decode((await service.download('u1', job.id, 'es'))!.bytes))
    expect(out).toEqual({ title: 'es:Settings', count: '{count}', format: 'MM/DD/YYYY', icon: 'mdi-home' })
  })

  test('a failed job shows every language failed', async () => {
    const { service } = setup()
    const job = await service.create({ ownerId: 'u1', filename: 'a.json', bytes: enc('{"a": '), targetLanguages: ['es', 'ca'] })
    service.startWorker()
    const done = await finished(service, job.id)
    expect(done.status).toBe('failed')
    expect(done.languages).toEqual({ es: { translated_keys: 0, failed_keys: 0, status: 'failed', reused_keys: 0, kept_keys: 0, needs_review: [] }, ca: { translated_keys: 0, failed_keys: 0, status: 'failed', reused_keys: 0, kept_keys: 0, needs_review: [] } })
  })
})

describe('refunds (issue 12: a refund is never lost)', () => {
  test('a refund whose credits hook fails once is retried and paid exactly once, and the failure is logged', async () => {
    const credits = fakeCredits(100)
    const pay = credits.refund.bind(credits)
    let failures = 0
    credits.refund = async (ownerId: string, amount: number) => {
      if (failures++ === 0) throw new Error('metering database is down')
      return pay(ownerId, amount)
    }
    const { lines, logger } = recordingLogger()
    const { service } = setup({ translator: fakeTranslator({ failOn: 'Goodbye' }), credits, logger, webhook: { backoffMs: 20 } })
    const job = await service.create({ ownerId: 'u1', filename: 'a.json', bytes: enc(FOUR), sourceLanguage: 'en', targetLanguages: ['es'] })
    service.startWorker()
    await finished(service, job.id)
    await until(async () => credits.log.some((entry) => entry.op === 'refund'), 10_000)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(credits.log).toEqual([
      { op: 'reserve', ownerId: 'u1', amount: 4 },
      { op: 'refund', ownerId: 'u1', amount: 1 },
    ])
    expect(credits.balance).toBe(97)
    expect(lines.some((line) => line.level === 'error' && line.object.job_id === job.id && line.object.amount === 1)).toBe(true)
  })

  test('a job whose creation under an Idempotency-Key failed, and whose refund had to be queued, is refunded under that key and attempt', async () => {
    const credits = fakeCredits(100)
    const calls: Array<{ op: string; amount: number; idempotencyKey?: string; attempt?: string }> = []
    const reserve = credits.reserve.bind(credits)
    credits.reserve = async (ownerId: string, amount: number, options?: { idempotencyKey?: string; attempt?: string }) => {
      calls.push({ op: 'reserve', amount, ...options })
      return reserve(ownerId, amount)
    }
    let failures = 0
    credits.refund = async (_ownerId: string, amount: number, refund?: { idempotencyKey?: string; attempt?: string }) => {
      if (failures++ === 0) throw new Error('metering database is down')
      calls.push({ op: 'refund', amount, idempotencyKey: refund?.idempotencyKey, attempt: refund?.attempt })
    }
    const dir = mkdtempSync(join(tmpdir(), 'verso-jobs-'))
    const files = fsFileStore({ dir: join(dir, 'files') })
    // The upload cannot be stored: creation fails after the reservation.
    const h = setup({ credits, files: { ...files, put: async () => { throw new Error('disk full') } }, webhook: { backoffMs: 10 } }, dir)
    const input = { ownerId: 'u1', filename: 'a.json', bytes: enc(FOUR), sourceLanguage: 'en', targetLanguages: ['es'], idempotencyKey: 'u1:create-1', idempotencyAttempt: 'lease-a' }
    await expect(h.service.create(input)).rejects.toThrow('disk full')
    h.service.startWorker()
    await until(async () => (calls.some((call) => call.op === 'refund') ? calls : null), 10_000)
    // A refund without the key would leave the key's reservation recorded (a retry under it would
    // then reserve nothing); without the attempt, a run that lost the key could refund the reservation of the run holding it.
    expect(calls).toEqual([
      { op: 'reserve', amount: 4, idempotencyKey: 'u1:create-1', attempt: 'lease-a' },
      { op: 'refund', amount: 4, idempotencyKey: 'u1:create-1', attempt: 'lease-a' },
    ])
  })

  test('a refund that keeps failing stays in the outbox with its attempts', async () => {
    const credits = fakeCredits(100)
    credits.refund = async () => {
      throw new Error('metering database is down')
    }
    const h = setup({ translator: fakeTranslator({ failOn: 'Goodbye' }), credits, webhook: { backoffMs: 10 } })
    const job = await h.service.create({ ownerId: 'u1', filename: 'a.json', bytes: enc(FOUR), sourceLanguage: 'en', targetLanguages: ['es'] })
    h.service.startWorker()
    await finished(h.service, job.id)
    // The row is still in the outbox (read with a second connection), rescheduled with its attempts and error.
    const db = new Database(join(h.dir, 'jobs.db'), { readonly: true })
    try {
      const row = await until(async () => {
        const found = db.prepare("SELECT attempts, last_error FROM jobs_outbox WHERE kind = 'refund' AND job_id = ?").get(job.id) as
          | { attempts: number; last_error: string }
          | undefined
        return found && found.attempts >= 2 ? found : null
      }, 10_000, 20)
      expect(row.last_error).toBe('metering database is down')
    } finally {
      db.close()
    }
  })
})

describe('logger hook', () => {
  test('reports a store error in the job consumer instead of swallowing it, and goes on', async () => {
    const { lines, logger } = recordingLogger()
    const dir = mkdtempSync(join(tmpdir(), 'verso-jobs-'))
    const base = sqliteJobStore({ path: join(dir, 'jobs.db') })
    let broken = 1
    const flaky: JobStore = {
      ...base,
      async claim(leaseMs, options) {
        if (broken-- > 0) throw new Error('database is locked')
        return base.claim(leaseMs, options)
      },
    }
    const h = setup({ logger, store: flaky }, dir)
    const job = await h.service.create({ ownerId: 'u1', filename: 'a.json', bytes: enc(FOUR), sourceLanguage: 'en', targetLanguages: ['es'] })
    h.service.startWorker()
    expect((await finished(h.service, job.id)).status).toBe('completed')
    const logged = lines.filter((line) => line.level === 'error')
    expect(logged).toHaveLength(1)
    expect((logged[0]!.object.err as Error).message).toBe('database is locked')
  })
})

describe('job events (what the server counts in /metrics)', () => {
  test('a job’s end and each webhook attempt are reported; a throwing hook is logged and changes nothing', async () => {
    const finishedStatuses: string[] = []
    const attempts: string[] = []
    const { lines, logger } = recordingLogger()
    const { service } = setup({
      translator: fakeTranslator({ failOn: 'Goodbye' }),
      logger,
      // nothing listens on port 9: every attempt fails, one retry, then the delivery is given up
      webhook: { backoffMs: 10, retries: 1, allowPrivateNetworks: true, timeoutMs: 2000 },
      events: {
        jobFinished: (status) => {
          finishedStatuses.push(status)
          throw new Error('observer bug')
        },
        webhookAttempt: (outcome) => attempts.push(outcome),
      },
    })
    const job = await service.create({
      ownerId: 'u1', filename: 'a.json', bytes: enc(FOUR), sourceLanguage: 'en', targetLanguages: ['es'], webhookUrl: 'https://127.0.0.1:9/hook',
    })
    service.startWorker()
    const ended = await finished(service, job.id)
    expect(ended.status).toBe('partial')
    await until(async () => (attempts.length >= 2 ? attempts : null), 10_000)
    expect(finishedStatuses).toEqual(['partial'])
    expect(attempts).toEqual(['retry', 'failed'])
    expect(lines.some((line) => line.message === 'jobs: an event hook threw')).toBe(true)
  })
})

describe('context for translators that use it (an LLM)', () => {
  test('each segment goes with the key it was first met under; equal texts are sent once', async () => {
    const translator = fakeTranslator()
    const { service } = setup({ translator })
    const job = await service.create({
      ownerId: 'u1', filename: 'a.json', bytes: enc({ title: 'Settings', menu: 'Settings', save: 'Save' }), sourceLanguage: 'en', targetLanguages: ['es'],
    })
    service.startWorker()
    expect((await finished(service, job.id)).status).toBe('completed')
    const sent = translator.calls.flatMap((call) => call.segments.map((segment, i) => [segment, call.context?.[i]]))
    expect(sent).toEqual([
      ['Settings', 'key: title'],
      ['Save', 'key: save'],
    ])
  })
})
