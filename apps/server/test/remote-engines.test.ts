/**
 * Issue 11 end to end: the server over remote engines (fakes of DeepL, Google and
 * LibreTranslate written from the vendors' docs, test-only) plus the real Apertium.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { routedEngineFromEnv, type RoutedEngine } from '@verso/engine'
import { fakeDeepL } from '../../../packages/engine/test/fakes/deepl.js'
import type { FakeServer } from '../../../packages/engine/test/fakes/fake-server.js'
import { fakeGoogle, googleError } from '../../../packages/engine/test/fakes/google.js'
import { fakeLibreTranslate } from '../../../packages/engine/test/fakes/libretranslate.js'
import { engineFromConfig } from '../src/services.js'
import { createHarness, multipart, type Harness } from './harness.js'

let h: Harness
let engine: RoutedEngine
let dl: FakeServer
let gg: FakeServer
let lt: FakeServer
let apiKey: string
let accountId: string

const DEEPL_KEY = 'deepl-e2e-secret-0123456789:fx'
const GOOGLE_KEY = 'AIzaGoogleE2eSecret0123456789'

beforeAll(async () => {
  dl = await fakeDeepL({ apiKey: DEEPL_KEY })
  gg = await fakeGoogle({ apiKey: GOOGLE_KEY })
  lt = await fakeLibreTranslate()
  engine = routedEngineFromEnv(
    {
      DEEPL_API_KEY: DEEPL_KEY,
      DEEPL_API_URL: dl.url,
      GOOGLE_TRANSLATE_API_KEY: GOOGLE_KEY,
      GOOGLE_TRANSLATE_API_URL: `${gg.url}/language/translate/v2`,
      LIBRETRANSLATE_URL: lt.url,
      ENGINE_TIMEOUT_MS: '5000',
    },
    { engine: { backoffMs: 5, maxBackoffMs: 10 } },
  )
  await engine.start()
  h = await createHarness({ engine })
  const account = await h.account(10_000)
  apiKey = account.apiKey
  accountId = account.id
})
afterAll(async () => {
  await h.close()
  await engine.close()
  await Promise.all([dl, gg, lt].map((f) => f.close()))
})

const post = (url: string, payload: unknown) => h.app.inject({ method: 'POST', url, headers: { 'X-API-KEY': apiKey }, payload: payload as object })
const get = (url: string) => h.app.inject({ method: 'GET', url, headers: { 'X-API-KEY': apiKey } })
const credits = async () => (await h.metering.summary(accountId)).credits_remaining

describe('server over remote engines', () => {
  test('lists the languages of every engine, beyond what Apertium has', async () => {
    const res = await get('/v2/supported-languages')
    expect(res.statusCode).toBe(200)
    const codes = Object.values(res.json().supported_languages as Record<string, string>)
    for (const code of ['auto', 'ja', 'zh-CN', 'zh-TW', 'sw', 'de', 'ca', 'es']) expect(codes).toContain(code)
    const v1 = (await get('/v1/supported-languages')).json().languages as Array<{ code: string; name: string }>
    expect(v1.find((l) => l.code === 'ja')?.name).toBe('Japanese')
  })

  test.each([
    ['de', '[de] Hallo Welt'],
    ['ja', '[ja] こんにちは 世界'],
    ['zh-CN', '[zh-CN] 你好 世界'],
  ])('translates en → %s text and names the engine in details', async (target, expected) => {
    const res = await post('/v2/translate', { text: 'Hello world', source: 'en', target })
    expect(res.statusCode).toBe(200)
    expect(res.json().translations).toMatchObject({ translation: expected, source: 'en', target })
    expect(res.json().details.engine).toBe('deepl')
  })

  test('translates HTML through a remote engine with the markup intact', async () => {
    const res = await post('/v2/translate/html', { html: '<p>Hello <b>world</b>, <a href="/x">save</a> the file.</p>', source: 'en', target: 'de' })
    expect(res.statusCode).toBe(200)
    expect(res.json().html).toBe('<p>[de] Hallo <b>Welt</b>, <a href="/x">Speichern</a> die Datei.</p>')
  })

  test('translates subtitles through a remote engine, timings and italics kept', async () => {
    const content = '1\n00:00:01,000 --> 00:00:02,500\nHello <i>world</i>\n\n2\n00:00:03,000 --> 00:00:04,000\nSave the file\n'
    const res = await post('/v2/translate/subtitles', { format: 'srt', content, source: 'en', target: 'ja' })
    expect(res.statusCode).toBe(200)
    expect(res.json().content).toBe('1\n00:00:01,000 --> 00:00:02,500\n[ja] こんにちは <i>世界</i>\n\n2\n00:00:03,000 --> 00:00:04,000\n[ja] 保存 the ファイル\n')
  })

  test('names the engine per item in a batch', async () => {
    const res = await post('/v2/translate/batch', { texts: ['Hello', 'world'], source: 'en', target: 'sw' })
    expect(res.statusCode).toBe(200)
    expect(res.json().translations.map((t: { engine: string }) => t.engine)).toEqual(['google', 'google'])
  })

  test('translates an i18n job with ICU plurals through a remote engine', async () => {
    const file = JSON.stringify({ files: '{count, plural, one {# file} other {# files}}', hello: 'Hello {name}' }, null, 2)
    const body = multipart({ source_language: 'en', target_languages: 'de,ja' }, { filename: 'app.json', content: file })
    const created = await h.app.inject({ method: 'POST', url: '/v2/translate/i18n', headers: { ...body.headers, 'X-API-KEY': apiKey }, payload: body.payload })
    expect(created.statusCode).toBe(201)
    const id = created.json().job_id
    const job = await vi.waitFor(
      async () => {
        const status = (await get(`/v2/translate/i18n/jobs/${id}/status`)).json()
        if (!['completed', 'partial', 'failed'].includes(status.status)) throw new Error(status.status)
        return status
      },
      { timeout: 30_000, interval: 100 },
    )
    expect(job.status).toBe('completed')
    const de = JSON.parse((await get(`/v2/translate/i18n/jobs/${id}/download?language_code=de`)).body)
    expect(de.files).toMatch(/^\{count, plural, one \{.*# Datei\} other \{.*# Dateien\}\}$/)
    expect(de.hello).toContain('{name}')
    expect(de.hello).toContain('Hallo')
  })

  test('falls back when the primary engine fails, charging once', async () => {
    const before = await credits()
    for (let i = 0; i < 3; i++) dl.faults.push({ kind: 'status', status: 500, body: { message: 'Internal error' } })
    const res = await post('/v2/translate', { text: 'Hello cat', source: 'en', target: 'de' })
    expect(res.statusCode).toBe(200)
    expect(res.json().details.engine).toBe('google')
    expect(res.json().translations.translation).toBe('[de] Hallo Katze')
    expect(await credits()).toBe(before - 1)
  })

  test('answers 503 with Retry-After when the only engine for a direction is rate limited, and refunds', async () => {
    const before = await credits()
    gg.faults.push({ kind: 'status', status: 429, headers: { 'Retry-After': '30' }, body: googleError(429, 'rateLimitExceeded', 'Rate Limit Exceeded') })
    const res = await post('/v2/translate', { text: 'Hello again', source: 'en', target: 'sw' })
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe('30')
    expect(res.json().detail).toMatch(/google/)
    expect(await credits()).toBe(before)
  })

  test('lists the engines with their state and no secret', async () => {
    const res = await get('/v2/engines')
    expect(res.statusCode).toBe(200)
    const engines = res.json().engines as Array<{ id: string; healthy: boolean; circuit: string; languages: { targets: string[] } }>
    expect(engines.map((e) => e.id)).toEqual(['deepl', 'google', 'libretranslate', 'apertium'])
    expect(engines.every((e) => typeof e.healthy === 'boolean' && typeof e.circuit === 'string')).toBe(true)
    expect(engines.find((e) => e.id === 'google')!.languages.targets).toContain('sw')
    expect(res.body).not.toContain(DEEPL_KEY)
    expect(res.body).not.toContain(GOOGLE_KEY)
  })

  test('stays healthy while a remote engine is down, and reports it', async () => {
    for (let i = 0; i < 15; i++) dl.faults.push({ kind: 'status', status: 503, body: { message: 'down' } })
    for (let i = 0; i < 5; i++) await post('/v2/translate', { text: `Hello ${i}`, source: 'en', target: 'de' })
    const res = await h.app.inject({ method: 'GET', url: '/health' })
    expect(res.statusCode).toBe(200)
    const deepl = res.json().engines.find((e: { id: string }) => e.id === 'deepl')
    expect(deepl).toMatchObject({ healthy: false, circuit: 'open' })
    dl.faults.length = 0
  })
})

describe('one variable, one LibreTranslate-compatible server', () => {
  test('lists that server languages and translates into them', async () => {
    const server = await fakeLibreTranslate()
    const only = engineFromConfig({ engineEnv: { LIBRETRANSLATE_URL: server.url } })
    try {
      await (only as RoutedEngine).start()
      const codes = only.languages().map((l) => l.code)
      expect(codes).toEqual(expect.arrayContaining(['uk', 'zh-TW', 'ja', 'ca']))
      const [t] = await only.translate(['Hello world'], { source: 'en', target: 'uk' })
      expect(t).toMatchObject({ segment: '[uk] Hello world', engine: 'libretranslate' })
    } finally {
      await only.close()
      await server.close()
    }
  })
})
