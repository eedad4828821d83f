import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createHarness, type Harness } from './harness.js'

let h: Harness
let key: string

beforeAll(async () => {
  h = await createHarness()
  key = (await h.account(10_000)).apiKey
})
afterAll(() => h.close())

/** `apiKey: null` sends no key at all. */
function post(url: string, body: unknown, apiKey: string | null = key) {
  return h.app.inject({
    method: 'POST',
    url,
    headers: apiKey === null ? {} : { 'X-API-KEY': apiKey },
    payload: body as object,
  })
}

describe('POST /v2/translate', () => {
  test('translates English into Spanish with Apertium', async () => {
    const res = await post('/v2/translate', { text: 'The cat is sleeping on the red sofa.', source: 'en', target: 'es' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.translations).toMatchObject({ text: 'The cat is sleeping on the red sofa.', source: 'en', target: 'es' })
    expect(body.translations.translation).toMatch(/gato/)
    expect(body.translations.translation).toMatch(/sofá/)
    expect(body.details).toBeTypeOf('object')
  })

  test('routes English to French through a pivot', async () => {
    const res = await post('/v2/translate', { text: 'The house is big.', source: 'en', target: 'fr' })
    expect(res.statusCode).toBe(200)
    expect(res.json().translations.translation).toMatch(/maison/i)
    expect(res.json().details.route).toEqual(['en', 'es', 'fr'])
  })

  test('answers the detected source for auto and reports it in details', async () => {
    const res = await post('/v2/translate', { text: 'The weather is very nice today and we are going to the beach.', source: 'auto', target: 'es' })
    expect(res.statusCode).toBe(200)
    expect(res.json().translations.source).toBe('en')
    expect(res.json().details.detected_source).toBe('en')
    expect(res.json().details.confidence).toBeGreaterThan(0)
  })

  test('refuses an unsupported language with a 400 listing the codes', async () => {
    const res = await post('/v2/translate', { text: 'Hello', source: 'en', target: 'xx' })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/xx/)
    expect(res.json().detail).toMatch(/\bes\b/)
  })

  test('refuses auto as a target', async () => {
    const res = await post('/v2/translate', { text: 'Hello', source: 'en', target: 'auto' })
    expect(res.statusCode).toBe(400)
  })

  test.each([
    ['an empty text', { text: '', source: 'en', target: 'es' }],
    ['a text over 5000 characters', { text: 'a'.repeat(5001), source: 'en', target: 'es' }],
    ['a number as text', { text: 5, source: 'en', target: 'es' }],
    ['a missing target', { text: 'Hello', source: 'en' }],
    ['an array body', [1, 2]],
  ])('answers 400 with a detail for %s', async (_what, body) => {
    const res = await post('/v2/translate', body)
    expect(res.statusCode).toBe(400)
    expect(typeof res.json().detail).toBe('string')
  })

  test('answers 400 for malformed JSON', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/v2/translate',
      headers: { 'X-API-KEY': key, 'content-type': 'application/json' },
      payload: '{"text": "Hello",',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/JSON/)
  })

  test('answers 413 for a body over the limit', async () => {
    const res = await post('/v2/translate', { text: 'a'.repeat(13 * 1024 * 1024), source: 'en', target: 'es' })
    expect(res.statusCode).toBe(413)
    expect(res.json().detail).toBeTypeOf('string')
  })
})

describe('authentication', () => {
  test('answers 403 naming X-API-KEY when the key is missing on the translate family', async () => {
    for (const url of ['/v2/translate', '/v2/translate/batch', '/v2/translate/html', '/v2/translate/markdown', '/v2/translate/subtitles', '/v2/language_detect', '/v1/translate', '/v1/detect_language']) {
      const res = await post(url, { text: 'Hello', source: 'en', target: 'es' }, null)
      expect(res.statusCode, url).toBe(403)
      expect(res.json().detail, url).toMatch(/X-API-KEY/)
    }
  })

  test('answers 403 for an invalid key and for a key with surrounding spaces', async () => {
    for (const apiKey of ['not-a-key', ` ${key}`, `${key} `]) {
      const res = await post('/v2/translate', { text: 'Hello', source: 'en', target: 'es' }, apiKey)
      expect(res.statusCode).toBe(403)
      expect(res.json().detail).toMatch(/invalid/i)
    }
  })

  test('answers 401 on the other endpoints', async () => {
    for (const url of ['/v2/supported-languages', '/v1/supported-languages', '/v2/account/summary', '/v2/translate/i18n/jobs']) {
      const missing = await h.app.inject({ method: 'GET', url })
      expect(missing.statusCode, url).toBe(401)
      const invalid = await h.app.inject({ method: 'GET', url, headers: { 'X-API-KEY': 'nope' } })
      expect(invalid.statusCode, url).toBe(401)
      expect(invalid.json().detail).toBeTypeOf('string')
    }
  })

  test('answers 403 revoked for a rotated key, and the new key works', async () => {
    const account = await h.account(10)
    const { apiKey: fresh } = await h.metering.rotateKey(account.email)
    const old = await post('/v2/translate', { text: 'Hello', source: 'en', target: 'es' }, account.apiKey)
    expect(old.statusCode).toBe(403)
    expect(old.json().detail).toMatch(/revoked/)
    const now = await post('/v2/translate', { text: 'Hello', source: 'en', target: 'es' }, fresh)
    expect(now.statusCode).toBe(200)
  })
})

describe('credits', () => {
  test('charges one credit per translation and none for a refused request', async () => {
    const account = await h.account(5)
    await post('/v2/translate', { text: 'Good morning.', source: 'en', target: 'es' }, account.apiKey)
    await post('/v2/translate', { text: 'Good morning.', source: 'en', target: 'xx' }, account.apiKey)
    const summary = await h.metering.summary(account.id)
    expect(summary.credits_used).toBe(1)
    expect(summary.credits_remaining).toBe(4)
  })

  test('answers 402 stating credits remaining and required', async () => {
    const account = await h.account(2)
    const res = await post('/v2/translate/batch', { texts: ['One.', 'Two.', 'Three.'], source: 'en', target: 'es' }, account.apiKey)
    expect(res.statusCode).toBe(402)
    expect(res.json().detail).toMatch(/2 credits remaining/)
    expect(res.json().detail).toMatch(/3 required/)
  })

  test('gives exactly 10 successes to 30 concurrent requests against 10 credits', async () => {
    const account = await h.account(10)
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post('/v2/translate', { text: `Sentence number ${i}.`, source: 'en', target: 'es' }, account.apiKey)),
    )
    const statuses = answers.map((res) => res.statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(10)
    expect(statuses.filter((s) => s === 402)).toHaveLength(20)
    const summary = await h.metering.summary(account.id)
    expect(summary.credits_remaining).toBe(0)
  })
})

describe('POST /v2/translate/batch', () => {
  test('answers per item in order, with a failed item among successes, charging only successes', async () => {
    const account = await h.account(10)
    const res = await post('/v2/translate/batch', { texts: ['The dog runs.', '', 'The house is red.'], source: 'en', target: 'es' }, account.apiKey)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ total: 3, successful: 2, failed: 1 })
    expect(body.translations[0]).toMatchObject({ text: 'The dog runs.', success: true, source: 'en', target: 'es' })
    expect(body.translations[0].translation).toMatch(/perro/)
    expect(body.translations[1]).toMatchObject({ text: '', success: false, translation: null })
    expect(body.translations[1].error).toBeTypeOf('string')
    expect(body.translations[2].translation).toMatch(/casa/)
    expect((await h.metering.summary(account.id)).credits_used).toBe(2)
  })

  test.each([
    ['no texts', []],
    ['101 texts', Array.from({ length: 101 }, (_, i) => `Text ${i}`)],
    ['a non-string item', ['Hello', 5]],
  ])('answers 400 for %s', async (_what, texts) => {
    const res = await post('/v2/translate/batch', { texts, source: 'en', target: 'es' })
    expect(res.statusCode).toBe(400)
  })

  test('accepts 100 texts', async () => {
    const texts = Array.from({ length: 100 }, (_, i) => `I have ${i} green apples.`)
    const res = await post('/v2/translate/batch', { texts, source: 'en', target: 'es' })
    expect(res.statusCode).toBe(200)
    expect(res.json().successful).toBe(100)
    expect(res.json().translations[42].translation).toMatch(/42/)
  })
})

describe('POST /v2/translate/html', () => {
  test('keeps markup and translates text, carrying inline tags', async () => {
    const html = '<div class="x"><p>The <b>red</b> car is fast.</p><script>var a = "The cat";</script></div>'
    const res = await post('/v2/translate/html', { html, source: 'en', target: 'es' })
    expect(res.statusCode).toBe(200)
    const out: string = res.json().html
    expect(out).toMatch(/^<div class="x"><p>/)
    expect(out).toContain('<script>var a = "The cat";</script>')
    expect(out).toMatch(/coche/)
    expect(out).toMatch(/<b>rojo<\/b>/)
  })

  test('keeps every attribute by default, and translates alt, title and placeholder with translate_attributes (one credit either way)', async () => {
    const html = '<p><img src="car.png" alt="The red car"> <input placeholder="The big house" value="id-7"> <a href="/x" title="The white door">Open</a></p>'
    const kept = await post('/v2/translate/html', { html, source: 'en', target: 'es' })
    expect(kept.statusCode).toBe(200)
    expect(kept.json().html).toContain('alt="The red car"')
    expect(kept.json().html).toContain('placeholder="The big house"')

    const account = await h.account(10)
    const res = await post('/v2/translate/html', { html, source: 'en', target: 'es', translate_attributes: true }, account.apiKey)
    expect(res.statusCode).toBe(200)
    const out: string = res.json().html
    expect(out).toMatch(/alt="[^"]*coche[^"]*"/)
    expect(out).toMatch(/placeholder="[^"]*casa[^"]*"/)
    expect(out).toMatch(/title="[^"]*puerta[^"]*"/)
    // what is not human-readable stays as written
    expect(out).toContain('src="car.png"')
    expect(out).toContain('value="id-7"')
    expect(out).toContain('href="/x"')
    expect((await h.metering.summary(account.id)).credits_used).toBe(1)
  })

  test('answers 400 for a translate_attributes that is not a boolean', async () => {
    const res = await post('/v2/translate/html', { html: '<p>The cat</p>', source: 'en', target: 'es', translate_attributes: 'yes' })
    expect(res.statusCode).toBe(400)
    expect(JSON.stringify(res.json())).toMatch(/translate_attributes/)
  })

  test('keeps lang attributes as written by default, and with set_language_attributes makes those naming the source name the target, a detected source included', async () => {
    const html = '<!DOCTYPE html><html lang="en-US"><head><title>Home</title></head><body><p>The red car is fast.</p><blockquote lang="fr">Bonjour</blockquote></body></html>'
    const kept = await post('/v2/translate/html', { html, source: 'en', target: 'es' })
    expect(kept.statusCode).toBe(200)
    expect(kept.json().html).toMatch(/^<!DOCTYPE html><html lang="en-US"><head><title>/)
    const res = await post('/v2/translate/html', { html, source: 'EN', target: 'es', set_language_attributes: true })
    expect(res.statusCode).toBe(200)
    expect(res.json().html).toMatch(/^<!DOCTYPE html><html lang="es"><head><title>/)
    expect(res.json().html).toContain('<blockquote lang="fr">')
    const page = '<div lang="en"><p>The red car is very fast and the house is white.</p></div>'
    const detected = await post('/v2/translate/html', { html: page, source: 'auto', target: 'es', set_language_attributes: true })
    expect(detected.statusCode).toBe(200)
    expect(detected.json().html).toMatch(/^<div lang="es"><p>/)
    const invalid = await post('/v2/translate/html', { html: page, source: 'en', target: 'es', set_language_attributes: 'yes' })
    expect(invalid.statusCode).toBe(400)
  })

  test('answers a page without text unchanged, even with source auto', async () => {
    const html = '<div><img src="a.png"><script>var x = 1</script></div>'
    const res = await post('/v2/translate/html', { html, source: 'auto', target: 'es' })
    expect(res.statusCode).toBe(200)
    expect(res.json().html).toBe(html)
  })

  test('answers 400 for html over 50 000 characters', async () => {
    const res = await post('/v2/translate/html', { html: `<p>${'a'.repeat(50_000)}</p>`, source: 'en', target: 'es' })
    expect(res.statusCode).toBe(400)
  })

  test('answers 400 for inline tags nested 3 000 deep, charging nothing (issue 10)', async () => {
    const account = await h.account(10)
    const html = `<p>${'<b>word '.repeat(3000)}${'</b>'.repeat(3000)}end.</p>`
    const res = await post('/v2/translate/html', { html, source: 'en', target: 'es' }, account.apiKey)
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/nest/)
    expect((await h.metering.summary(account.id)).credits_used).toBe(0)
  })
})

describe('POST /v2/translate/markdown (Verso extension)', () => {
  test('translates the text of a document\'s blocks; code, link destinations and markers stay; one credit', async () => {
    const account = await h.account(10)
    const markdown = '# The red car\n\nRead the [guide](https://example.com/guide#start) and run `npm start`.\n\n```sh\nnpm install the cat\n```\n\n- The house is big.\n'
    const res = await post('/v2/translate/markdown', { markdown, source: 'en', target: 'es' }, account.apiKey)
    expect(res.statusCode).toBe(200)
    expect(res.json().markdown).toMatch(/^# El coche rojo\n\n.*\[.+\]\(https:\/\/example\.com\/guide#start\).*`npm start`\.\n\n```sh\nnpm install the cat\n```\n\n- La casa es grande\.\n$/)
    expect((await h.metering.summary(account.id)).credits_used).toBe(1)
  })

  test('a document with nothing to translate comes back as it is; an empty or oversized one is a 400', async () => {
    const code = '```\nnpm install\n```\n'
    const res = await post('/v2/translate/markdown', { markdown: code, source: 'auto', target: 'es' })
    expect(res.statusCode).toBe(200)
    expect(res.json().markdown).toBe(code)
    expect((await post('/v2/translate/markdown', { markdown: '', source: 'en', target: 'es' })).statusCode).toBe(400)
    expect((await post('/v2/translate/markdown', { markdown: 'a'.repeat(50_001), source: 'en', target: 'es' })).statusCode).toBe(400)
    expect((await post('/v2/translate/markdown', { markdown: '# Hi', source: 'en', target: 'xx' })).statusCode).toBe(400)
  })
})

describe('POST /v2/translate/subtitles', () => {
  const srt = '1\n00:00:01,000 --> 00:00:02,500\nThe cat is sleeping.\n\n2\n00:00:03,000 --> 00:00:04,000\nThe house is big.\n'

  test('keeps timings and charges one credit per block', async () => {
    const account = await h.account(10)
    const res = await post('/v2/translate/subtitles', { format: 'srt', content: srt, source: 'en', target: 'es' }, account.apiKey)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.format).toBe('srt')
    expect(body.content).toContain('00:00:01,000 --> 00:00:02,500')
    expect(body.content).toMatch(/gato/)
    expect(body.content).toMatch(/casa/)
    expect((await h.metering.summary(account.id)).credits_used).toBe(2)
  })

  test("reads each dialogue turn after its dash as a sentence of its own, the cue's two turns on their lines", async () => {
    // came back "- Venido conmigo." (the participle) and "- ¿Donde estamos yendo?" (the relative)
    const account = await h.account(10)
    const dialogue = '1\n00:00:01,000 --> 00:00:03,000\n- Come with me.\n- Where are we going?\n'
    const res = await post('/v2/translate/subtitles', { format: 'srt', content: dialogue, source: 'en', target: 'es' }, account.apiKey)
    expect(res.statusCode).toBe(200)
    expect(res.json().content).toBe('1\n00:00:01,000 --> 00:00:03,000\n- Venir conmigo.\n- ¿Dónde estamos yendo?\n')
  })

  test('answers 400 for a format other than srt or vtt', async () => {
    const res = await post('/v2/translate/subtitles', { format: 'ass', content: srt, source: 'en', target: 'es' })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/srt/)
  })

  test('answers 400 saying where content that is not a subtitle file broke', async () => {
    const account = await h.account(10)
    const res = await post('/v2/translate/subtitles', { format: 'vtt', content: 'just some prose\nand more', source: 'en', target: 'es' }, account.apiKey)
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/line/i)
    expect((await h.metering.summary(account.id)).credits_used).toBe(0)
  })
})

describe('detection', () => {
  test.each(['/v2/language_detect', '/v2/detect_language'])('%s detects Spanish', async (url) => {
    const res = await post(url, { text: '¿Dónde está la biblioteca? Necesito encontrar un libro sobre la historia de España.' })
    expect(res.statusCode).toBe(200)
    expect(res.json().language_detection).toEqual({ text: '¿Dónde está la biblioteca? Necesito encontrar un libro sobre la historia de España.', language: 'es' })
    expect(res.json().details.confidence).toBeGreaterThan(0.5)
    expect(res.json().details.detected_outside).toBeUndefined()
  })

  test('/v2/language_detect says in details when the text looks like a language no engine here translates', async () => {
    const res = await post('/v2/language_detect', { text: 'Guten Morgen, wie geht es dir?' })
    expect(res.statusCode).toBe(200)
    expect(res.json().details.confidence).toBeLessThan(0.2)
    expect(res.json().details.detected_outside.language).toBe('de')
    expect(Object.keys(res.json())).toEqual(['language_detection', 'details'])
  })

  test.each(['/v1/language_detect', '/v1/detect_language'])('%s answers a language and a confidence in [0, 1]', async (url) => {
    const res = await post(url, { text: 'The cat is sleeping on the red sofa.' })
    expect(res.statusCode).toBe(200)
    expect(res.json().language).toBe('en')
    expect(res.json().confidence).toBeGreaterThanOrEqual(0)
    expect(res.json().confidence).toBeLessThanOrEqual(1)
  })

  test('answers 400 for an empty text', async () => {
    expect((await post('/v2/language_detect', { text: '' })).statusCode).toBe(400)
    expect((await post('/v1/language_detect', { text: '   ' })).statusCode).toBe(400)
  })
})

describe('v1', () => {
  test('POST /v1/translate answers translation, source and target', async () => {
    const res = await post('/v1/translate', { text: 'The dog is happy.', source: 'en', target: 'ca' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ source: 'en', target: 'ca' })
    expect(res.json().translation).toMatch(/gos/)
  })
})

describe('listings and account', () => {
  test('v2 lists names to codes with auto', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/v2/supported-languages', headers: { 'X-API-KEY': key } })
    expect(res.statusCode).toBe(200)
    const languages = res.json().supported_languages
    expect(Object.values(languages)).toContain('auto')
    expect(languages.English).toBe('en')
    expect(languages.Spanish).toBe('es')
  })

  test('v1 lists code and name objects', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/v1/supported-languages', headers: { 'X-API-KEY': key } })
    expect(res.statusCode).toBe(200)
    expect(res.json().languages).toContainEqual({ code: 'ca', name: 'Catalan' })
  })

  test('the account summary counts requests and credits', async () => {
    const account = await h.account(100, `summary-${process.pid}@example.com`)
    await post('/v2/translate', { text: 'Hello world.', source: 'en', target: 'es' }, account.apiKey)
    await post('/v2/translate', { text: 'Hello world.', source: 'en', target: 'xx' }, account.apiKey)
    // Usage is recorded once the answer is sent; the summary request itself is the third.
    await vi.waitFor(async () => expect((await h.metering.summary(account.id)).summary.total_requests).toBe(2))
    const res = await h.app.inject({ method: 'GET', url: '/v2/account/summary', headers: { 'X-API-KEY': account.apiKey } })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ email: account.email, full_name: 'Test User', total_credits: 100, credits_used: 1, credits_remaining: 99, credits_percentage: 1 })
    expect(body.summary).toMatchObject({ total_requests: 2, successful_requests: 1, failed_requests: 1, success_rate: 50 })
  })
})

describe('GET /health', () => {
  test('answers ok without a key', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok', service: 'verso', version: '2.0.0' })
  })
})
