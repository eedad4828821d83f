import { createServer, type Server } from 'node:http'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signWebhook } from '@verso/jobs'
import { parse as parseJson } from '@verso/formats/json'
import { answer, createVersoClient, retryingFetch, verifyWebhook, VersoError } from '@verso/client'
import { createHarness, type Harness } from '../../../apps/server/test/harness.js'

describe('@verso/client against the real service', () => {
  let harness: Harness
  let baseUrl: string
  let apiKey: string
  beforeAll(async () => {
    harness = await createHarness()
    baseUrl = await harness.app.listen({ port: 0, host: '127.0.0.1' })
    apiKey = (await harness.account(1000)).apiKey
  })
  afterAll(async () => harness.close())

  it('the committed openapi.json is the document the server serves (regenerate with npm run generate)', async () => {
    const served = (await harness.app.inject({ method: 'GET', url: '/openapi.json' })).json()
    const committed = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8'))
    expect(committed).toEqual(served)
  })

  it('api calls every route with the key: POST /v2/translate', async () => {
    const client = createVersoClient({ baseUrl, apiKey })
    const { data, response } = await client.api.POST('/v2/translate', { body: { text: 'The cat is sleeping.', source: 'en', target: 'es' } })
    expect(response.status).toBe(200)
    expect((data as unknown as { translations: { translation: string } }).translations.translation).toMatch(/gato/)
  })

  it('translateFile uploads, waits for the job and downloads every language', async () => {
    const client = createVersoClient({ baseUrl, apiKey })
    const seen: string[] = []
    const { job, files } = await client.translateFile({
      file: new TextEncoder().encode('{"hello": "Good morning", "cats": "The cats are sleeping."}'),
      filename: 'en.json',
      source: 'en',
      targets: ['es', 'ca'],
      pollMs: 20,
      onProgress: (j) => seen.push(j.status),
    })
    expect(job.status).toBe('completed')
    expect(seen.at(-1)).toBe('completed')
    expect(Object.keys(files).sort()).toEqual(['ca', 'es'])
    const es = parseJson(files.es!)
    expect(es.entries.map((e) => e.key)).toEqual(['hello', 'cats'])
    expect(es.entries[1]!.text).toMatch(/gatos/)
  })

  it('quoteFile says what a job would cost and creates nothing', async () => {
    const account = await harness.account(100)
    const client = createVersoClient({ baseUrl, apiKey: account.apiKey })
    const quote = await client.quoteFile({ file: new TextEncoder().encode('{"a": "Good morning", "b": "The cat"}'), filename: 'en.json', source: 'en', targets: ['es', 'ca'] })
    expect(quote.total_keys).toBe(2)
    expect(quote.credits).toBe(4)
    expect(quote.languages.es!.keys_to_translate).toBe(2)
    const list = await harness.app.inject({ method: 'GET', url: '/v2/translate/i18n/jobs', headers: { 'X-API-KEY': account.apiKey } })
    expect(JSON.stringify(list.json())).not.toMatch(/job_id/)
    expect((await harness.metering.summary(account.id)).credits_used).toBe(0)
  })

  it('translateFile sends an upload whose answer was lost again under its Idempotency-Key: one job, one charge', async () => {
    const account = await harness.account(100)
    const keys: Array<string | null> = []
    let lose = true
    const flaky: typeof fetch = async (input, init) => {
      const request = new Request(input as Request, init)
      if (request.method === 'POST') keys.push(request.headers.get('idempotency-key'))
      const response = await fetch(request)
      if (request.method === 'POST' && lose) {
        lose = false
        // the service created the job; the answer never arrives
        await response.body?.cancel()
        throw new TypeError('fetch failed: socket hang up')
      }
      return response
    }
    const client = createVersoClient({ baseUrl, apiKey: account.apiKey, fetch: flaky })
    const { job, files } = await client.translateFile({ file: new TextEncoder().encode('{"a": "Good morning", "b": "The cat"}'), filename: 'en.json', source: 'en', targets: ['es'], pollMs: 20 })
    expect(job.status).toBe('completed')
    expect(Object.keys(files)).toEqual(['es'])
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(keys[1]).toBe(keys[0])
    const list = (await harness.app.inject({ method: 'GET', url: '/v2/translate/i18n/jobs', headers: { 'X-API-KEY': account.apiKey } })).json()
    expect(JSON.stringify(list).match(/"job_id"/g)).toHaveLength(1)
    expect((await harness.metering.summary(account.id)).credits_used).toBe(2)
  })

  it('answer() gives an api call’s body, or throws VersoError with the status and the service’s detail', async () => {
    const client = createVersoClient({ baseUrl, apiKey })
    const ok = answer<{ translations: { translation: string } }>(await client.api.POST('/v2/translate', { body: { text: 'The cat.', source: 'en', target: 'es' } }))
    expect(ok.translations.translation).toMatch(/gato/)
    const refused = await client.api.POST('/v2/translate', { body: { text: 'The cat.', source: 'en', target: 'xx' } })
    const error = (() => {
      try {
        answer(refused)
      } catch (thrown) {
        return thrown
      }
    })()
    expect(error).toBeInstanceOf(VersoError)
    expect((error as VersoError).status).toBe(400)
    expect((error as VersoError).message).toMatch(/xx/)
  })

  it('answers errors as VersoError with the status and the service’s detail', async () => {
    const client = createVersoClient({ baseUrl, apiKey: 'vrs_not_a_key' })
    const error = await client.translateFile({ file: new Uint8Array([123, 125]), filename: 'en.json', targets: ['es'] }).catch((e: unknown) => e as unknown)
    expect(error).toBeInstanceOf(VersoError)
    expect((error as VersoError).status).toBe(403)
    expect((error as VersoError).message).toMatch(/key/i)
  })
})

describe('429 retries', () => {
  let server: Server
  let url: string
  let hits: Array<{ at: number; body: string }>
  beforeAll(async () => {
    hits = []
    server = createServer((req, res) => {
      let body = ''
      req.on('data', (d) => (body += d))
      req.on('end', () => {
        hits.push({ at: Date.now(), body })
        if (hits.length < 3) {
          res.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' }).end('{"detail":"slow down"}')
        } else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('waits Retry-After between tries and sends the same body again', async () => {
    const fetch429 = retryingFetch(fetch, 3, 60_000)
    const response = await fetch429(new Request(url, { method: 'POST', body: '{"text":"x"}' }))
    expect(response.status).toBe(200)
    expect(hits.map((h) => h.body)).toEqual(['{"text":"x"}', '{"text":"x"}', '{"text":"x"}'])
    expect(hits[1]!.at - hits[0]!.at).toBeGreaterThanOrEqual(950)
  })

  it('answers the 429 when the retries run out or Retry-After is longer than allowed', async () => {
    hits.length = 0
    const noRetry = retryingFetch(fetch, 0, 60_000)
    expect((await noRetry(new Request(url))).status).toBe(429)
    const impatient = retryingFetch(fetch, 3, 500)
    expect((await impatient(new Request(url))).status).toBe(429)
  })
})

describe('verifyWebhook', () => {
  const secret = 'whsec_test'
  const body = '{"event":"i18n_translation.completed","job_id":"j1"}'

  it('accepts what the service signs, from a Headers object or a plain object', async () => {
    const signature = signWebhook(secret, body)
    expect(await verifyWebhook(body, new Headers({ 'X-Verso-Signature': signature }), secret)).toBe(true)
    expect(await verifyWebhook(new TextEncoder().encode(body), { 'x-verso-signature': signature }, secret)).toBe(true)
  })

  it('refuses a changed body, another secret, an old timestamp and malformed headers', async () => {
    const signature = signWebhook(secret, body)
    expect(await verifyWebhook(body.replace('j1', 'j2'), { 'x-verso-signature': signature }, secret)).toBe(false)
    expect(await verifyWebhook(body, { 'x-verso-signature': signature }, 'other')).toBe(false)
    const old = signWebhook(secret, body, Math.floor(Date.now() / 1000) - 3600)
    expect(await verifyWebhook(body, { 'x-verso-signature': old }, secret)).toBe(false)
    for (const bad of ['', 't=abc,v1=00', `v1=${'0'.repeat(64)}`, 'garbage']) {
      expect(await verifyWebhook(body, { 'x-verso-signature': bad }, secret)).toBe(false)
    }
    expect(await verifyWebhook(body, {}, secret)).toBe(false)
  })
})
