import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { createEngine } from '@verso/engine'
import { createHarness } from './harness.js'

describe('rate limit', () => {
  // the middle of a one-minute window, whatever time the tests run at
  const midWindow = () => 1_700_000_010_000
  test('answers 429 with the spec detail, Retry-After and X-RateLimit headers past the limit', async () => {
    const h = await createHarness({ rateLimit: 3, rateLimitClock: midWindow, worker: false })
    try {
      const { apiKey, id } = await h.account(100)
      const send = () =>
        h.app.inject({ method: 'POST', url: '/v2/language_detect', headers: { 'X-API-KEY': apiKey }, payload: { text: 'Hello there, my friend.' } })
      const first = await send()
      expect(first.statusCode).toBe(200)
      expect(first.headers['x-ratelimit-limit']).toBe('3')
      expect(first.headers['x-ratelimit-remaining']).toBe('2')
      await send()
      await send()
      const limited = await send()
      expect(limited.statusCode).toBe(429)
      expect(limited.headers['retry-after']).toBe('30') // the window ends 30 s after the fixed clock
      expect(limited.json().detail).toMatch(/4 requests/)
      expect(limited.json().detail).toMatch(/3 requests per minute/)
      expect(limited.json().detail).toMatch(/\d+ seconds/)
      // Reads are not counted: polling must not be locked out.
      const read = await h.app.inject({ method: 'GET', url: '/v2/account/summary', headers: { 'X-API-KEY': apiKey } })
      expect(read.statusCode).toBe(200)
      // A limited request costs nothing.
      expect((await h.metering.summary(id)).credits_used).toBe(3)
    } finally {
      await h.close()
    }
  })

  test('counts each key apart', async () => {
    const h = await createHarness({ rateLimit: 1, rateLimitClock: midWindow, worker: false })
    try {
      const a = await h.account(10)
      const b = await h.account(10)
      const send = (apiKey: string) =>
        h.app.inject({ method: 'POST', url: '/v2/language_detect', headers: { 'X-API-KEY': apiKey }, payload: { text: 'Good evening.' } })
      expect((await send(a.apiKey)).statusCode).toBe(200)
      expect((await send(a.apiKey)).statusCode).toBe(429)
      expect((await send(b.apiKey)).statusCode).toBe(200)
    } finally {
      await h.close()
    }
  })
})

describe('GET /health', () => {
  const empty = mkdtempSync(join(tmpdir(), 'verso-no-modes-'))
  afterAll(() => rmSync(empty, { recursive: true, force: true }))

  test('answers 503 with status error when the engine cannot translate', async () => {
    const h = await createHarness({ engine: createEngine({ modesDir: empty }), worker: false })
    try {
      const res = await h.app.inject({ method: 'GET', url: '/health' })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toMatchObject({ status: 'error', service: 'verso', version: '2.0.0' })
    } finally {
      await h.close()
      await h.engine.close()
    }
  })
})

describe('unknown routes', () => {
  test('answer 404 with a detail, with or without a key', async () => {
    const h = await createHarness({ worker: false })
    try {
      for (const headers of [{}, { 'X-API-KEY': 'whatever' }]) {
        const res = await h.app.inject({ method: 'GET', url: '/v3/nothing', headers })
        expect(res.statusCode).toBe(404)
        expect(res.json().detail).toMatch(/No route/)
      }
    } finally {
      await h.close()
    }
  })
})

describe('POST /v2/translate/batch with an engine failure', () => {
  test('answers the failed item with success false and refunds its credit', async () => {
    const real = createEngine()
    // The real engine, except that any text containing "FAIL" fails, as a hung pipeline would.
    const engine = {
      ...real,
      translateSettled: async (segments: readonly any[], pair: { source: string; target: string }) => {
        const outcomes = await real.translateSettled(segments, pair)
        return outcomes.map((outcome, i) =>
          String(segments[i]).includes('FAIL') ? { error: new Error('the pipeline did not answer') as any } : outcome,
        )
      },
    }
    const h = await createHarness({ engine, worker: false })
    try {
      const { apiKey, id } = await h.account(10)
      const res = await h.app.inject({
        method: 'POST',
        url: '/v2/translate/batch',
        headers: { 'X-API-KEY': apiKey },
        payload: { texts: ['The dog runs.', 'FAIL here.', 'The house is red.'], source: 'en', target: 'es' },
      })
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(body).toMatchObject({ total: 3, successful: 2, failed: 1 })
      expect(body.translations[1]).toMatchObject({ success: false, translation: null, error: 'the pipeline did not answer' })
      expect(body.translations[2].translation).toMatch(/casa/)
      expect((await h.metering.summary(id)).credits_used).toBe(2)
    } finally {
      await h.close()
      await real.close()
    }
  })
})

describe('GET /openapi.json', () => {
  test('describes the routes from their schemas, without a key', async () => {
    const h = await createHarness({ worker: false })
    try {
      const res = await h.app.inject({ method: 'GET', url: '/openapi.json' })
      expect(res.statusCode).toBe(200)
      const doc = res.json()
      expect(doc.openapi).toMatch(/^3\./)
      expect(doc.components.securitySchemes.apiKey).toMatchObject({ in: 'header', name: 'X-API-KEY' })
      const body = doc.paths['/v2/translate'].post.requestBody.content['application/json'].schema
      expect(body.required).toEqual(['text', 'source', 'target'])
      expect(body.properties.text.maxLength).toBe(5000)
      expect(Object.keys(doc.paths)).toContain('/v2/translate/i18n/jobs/{job_id}/status')
      const upload = doc.paths['/v2/translate/i18n'].post.requestBody.content['multipart/form-data'].schema
      expect(upload.required).toEqual(['file', 'target_languages'])
      expect(upload.properties.file).toMatchObject({ type: 'string', format: 'binary' })
    } finally {
      await h.close()
    }
  })
})
