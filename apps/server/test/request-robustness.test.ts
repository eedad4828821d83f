import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createHarness, type Harness } from './harness.js'

/**
 * Every bad input is a 4xx with a message, never a 5xx: valid requests of every JSON route,
 * mutated (fields dropped, given the wrong type, oversized, NULs, lone surrogates, markup and
 * placeholder storms, unknown fields), sent with odd content types and Idempotency-Keys, or cut
 * short; and reads of every GET route with odd query strings. A fixed seed, so a failure
 * reproduces; the real engine behind it, so what reaches Apertium is exercised too.
 */
const odd = fc.constantFrom<unknown>(
  null, 0, -1, 1e308, 3.5, true, false, [], {}, [1, 'a'], { a: 1 }, '', ' ', 'x'.repeat(6000), '\u0000', '\ud800', '<b>',
  '{name}', '%s', 'auto', 'EN', 'zz', 'pt_br', 'sr-Latn', '../../etc', 'a\u0000b', '\uffff', '🙂🙂', '{{x}}', '\r\n', 'x'.repeat(40),
  'x'.repeat(4999), '<b>'.repeat(1500) + 'x', '{'.repeat(2000), '%'.repeat(3000), '\u0300'.repeat(4000), 'a '.repeat(2400),
)

const routes: Record<string, Record<string, unknown>> = {
  '/v2/translate': { text: 'Hello {name}, the door is open.', source: 'en', target: 'es' },
  '/v2/translate/batch': { texts: ['Good morning', 'The red car'], source: 'en', target: 'es' },
  '/v2/translate/html': { html: '<p>Hello <b>world</b> <a href="x">link</a></p>', source: 'en', target: 'es' },
  '/v2/translate/subtitles': { format: 'srt', content: '1\n00:00:01,000 --> 00:00:02,000\nHello there\n', source: 'en', target: 'es' },
  '/v2/detect_language': { text: 'Hola, ¿cómo estás?' },
  '/v2/language_detect': { text: 'Bonjour à tous' },
  '/v1/translate': { text: 'Hello', source: 'en', target: 'es' },
  '/v1/detect_language': { text: 'Hello' },
  '/v2/glossaries': { name: 'g', source_language: 'en', target_language: 'es', entries: [{ source: 'Verso', target: 'Verso' }] },
}

type Mutation = { kind: 'set' | 'drop'; field: string; value?: unknown } | { kind: 'add'; field: string; value: unknown }
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), field: fc.constantFrom('text', 'texts', 'html', 'content', 'format', 'source', 'target', 'entries', 'name', 'source_language', 'target_language'), value: odd }),
  fc.record({ kind: fc.constant('drop' as const), field: fc.constantFrom('text', 'texts', 'html', 'content', 'format', 'source', 'target', 'entries', 'name') }),
  fc.record({ kind: fc.constant('add' as const), field: fc.constantFrom('use_memory', 'preserve_placeholders', 'translate_attributes', 'glossary_id', 'formality', '__proto__', 'constructor'), value: odd }),
)
const post = fc.record({
  url: fc.constantFrom(...Object.keys(routes)),
  // half the requests unmutated or with one mutation: enough of them must reach the engine
  mutations: fc.oneof({ arbitrary: fc.constant([] as Mutation[]), weight: 2 }, { arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }), weight: 3 }),
  contentType: fc.oneof(
    { arbitrary: fc.constant('application/json'), weight: 8 },
    { arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'application/xml'), weight: 1 },
  ),
  idempotencyKey: fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 6 },
    { arbitrary: fc.constantFrom('', ' ', 'k'.repeat(300), 'key-1', 'key-2', '\u00e9'), weight: 1 },
  ),
  cutAt: fc.oneof({ arbitrary: fc.constant(undefined), weight: 9 }, { arbitrary: fc.nat(), weight: 1 }),
})
const read = fc.record({
  method: fc.constantFrom('GET', 'GET', 'DELETE', 'PUT'),
  url: fc.constantFrom(
    '/v2/supported-languages', '/v2/supported-languages?source=', '/v2/supported-languages?source=en&target=es', '/v2/supported-languages?target=zz',
    '/v2/supported-languages?source[]=x', '/v2/language-pairs?source=%00', '/v2/account/summary', '/v2/engines', '/v2/glossaries',
    '/v2/glossaries/nope', '/v2/translate/i18n/jobs', '/v2/translate/i18n/jobs/nope', '/v2/translate/i18n/jobs/%2e%2e/download?target=es',
    `/v2/supported-languages?source=${'x'.repeat(5000)}`, '/v2/memory', '/health',
  ),
})

function mutated(url: string, mutations: Mutation[]): Record<string, unknown> {
  const body: Record<string, unknown> = structuredClone(routes[url]!)
  for (const m of mutations) {
    if (m.kind === 'drop') delete body[m.field]
    else Object.defineProperty(body, m.field, { value: m.value, enumerable: true, writable: true, configurable: true })
  }
  return body
}

/** The message a 4xx carries: `detail` (spec), `error` (downloads) or `message`. */
function messageOf(payload: string): unknown {
  try {
    const body = JSON.parse(payload) as Record<string, unknown>
    return body.detail ?? body.error ?? body.message
  } catch {
    return undefined
  }
}

describe('request robustness', () => {
  let h: Harness
  let apiKey: string
  beforeAll(async () => {
    h = await createHarness({ worker: false })
    apiKey = (await h.account(1_000_000)).apiKey
  })
  afterAll(async () => h?.close())

  test('mutated bodies on every POST route answer 2xx or a 4xx with a message, never a 5xx', async () => {
    const seen = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(post, async ({ url, mutations, contentType, idempotencyKey, cutAt }) => {
        let payload = JSON.stringify(mutated(url, mutations))
        if (cutAt !== undefined) payload = payload.slice(0, cutAt % payload.length)
        const headers: Record<string, string> = { 'X-API-KEY': apiKey, 'content-type': contentType }
        if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey
        const res = await h.app.inject({ method: 'POST', url, headers, payload })
        seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1)
        expect(res.statusCode, `${url} ${payload.slice(0, 200)} → ${res.payload.slice(0, 300)}`).toBeLessThan(500)
        if (res.statusCode >= 400) expect(typeof messageOf(res.payload), `${url} ${res.statusCode} ${res.payload.slice(0, 200)}`).toBe('string')
      }),
      { numRuns: 250, seed: 20261124 },
    )
    // both sides were exercised: requests that reached the engine and requests refused
    const count = (from: number, to: number) => [...seen].filter(([status]) => status >= from && status < to).reduce((sum, [, n]) => sum + n, 0)
    expect(count(200, 300), JSON.stringify([...seen])).toBeGreaterThan(40)
    expect(count(400, 500), JSON.stringify([...seen])).toBeGreaterThan(40)
  }, 120_000)

  test('reads with odd query strings and methods answer 2xx or a 4xx with a message, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(read, async ({ method, url }) => {
        const res = await h.app.inject({ method, url, headers: { 'X-API-KEY': apiKey } })
        expect(res.statusCode, `${method} ${url} → ${res.payload.slice(0, 300)}`).toBeLessThan(500)
        if (res.statusCode >= 400) expect(typeof messageOf(res.payload), `${method} ${url} ${res.payload.slice(0, 200)}`).toBe('string')
      }),
      { numRuns: 80, seed: 20261124 },
    )
  })
})
