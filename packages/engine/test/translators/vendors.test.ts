import { afterEach, describe, expect, test } from 'vitest'
import { deepl, deeplBaseUrl, EngineError, google, libretranslate, openai, SYSTEM_PROMPT, type InlineToken, type SegmentPart, type TranslatedSegment } from '@verso/engine'
import { fakeDeepL } from '../fakes/deepl.js'
import type { FakeServer } from '../fakes/fake-server.js'
import { fakeGoogle, googleError } from '../fakes/google.js'
import { fakeLibreTranslate } from '../fakes/libretranslate.js'
import { fakeOpenAI } from '../fakes/openai.js'

const signal = () => new AbortController().signal
const open = (id: string): InlineToken => ({ id, kind: 'open' })
const close = (id: string): InlineToken => ({ id, kind: 'close' })
const ph = (id: string): InlineToken => ({ id, kind: 'void' })

let fakes: FakeServer[] = []
afterEach(async () => {
  await Promise.all(fakes.map((f) => f.close()))
  fakes = []
})
async function track<T extends FakeServer>(fake: Promise<T>): Promise<T> {
  const f = await fake
  fakes.push(f)
  return f
}
const translations = (out: Array<TranslatedSegment | EngineError>) => out.map((r) => (r instanceof EngineError ? r.code : r.segment))
const translateCalls = (fake: FakeServer, path: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === path)

describe('deepl', () => {
  test('uses the free host for :fx keys and the pro host otherwise, unless DEEPL_API_URL is set', () => {
    expect(deeplBaseUrl('abc:fx')).toBe('https://api-free.deepl.com')
    expect(deeplBaseUrl('abc')).toBe('https://api.deepl.com')
    expect(deeplBaseUrl('abc:fx', 'http://proxy.local/')).toBe('http://proxy.local')
  })

  test('sends the key as DeepL-Auth-Key, tokens as XML elements and placeholders in ignore_tags', async () => {
    const fake = await track(fakeDeepL({ apiKey: 'k:fx' }))
    const t = deepl({ apiKey: 'k:fx', url: fake.url })
    const input: SegmentPart[] = ['Hello ', ph('name'), ', open ', open('b'), 'the file', close('b'), '.']
    const [result] = await t.translate([input], { source: 'en', target: 'de' }, { signal: signal() })
    expect(result).not.toBeInstanceOf(EngineError)
    const call = translateCalls(fake, '/v2/translate')[0]!
    expect(call.headers.authorization).toBe('DeepL-Auth-Key k:fx')
    expect(call.body).toMatchObject({ text: ['Hello <x1/>, open <g2>the file</g2>.'], source_lang: 'EN', target_lang: 'DE', tag_handling: 'xml', ignore_tags: ['x1'] })
    expect((result as TranslatedSegment).segment).toEqual(['[de] Hallo ', ph('name'), ', öffnen ', open('b'), 'die Datei', close('b'), '.'])
  })

  test('maps public codes to DeepL variants: en → EN-US, en-GB → EN-GB, pt-BR → PT-BR, zh-CN → ZH-HANS, zh-TW → ZH-HANT', async () => {
    const fake = await track(fakeDeepL({ apiKey: 'k' }))
    const t = deepl({ apiKey: 'k', url: fake.url })
    const { targets, sources } = await t.languages()
    expect(targets).toEqual(expect.arrayContaining(['en', 'en-GB', 'en-US', 'pt-BR', 'pt-PT', 'zh-CN', 'zh-TW', 'de']))
    expect(sources).toEqual(expect.arrayContaining(['en', 'de', 'zh', 'ja']))
    for (const [target, vendor] of [['en', 'EN-US'], ['en-GB', 'EN-GB'], ['pt-BR', 'PT-BR'], ['zh-CN', 'ZH-HANS'], ['zh-TW', 'ZH-HANT'], ['zh-Hans', 'ZH-HANS']] as const) {
      await t.translate(['Hallo Welt'], { source: 'de', target }, { signal: signal() })
      expect(translateCalls(fake, '/v2/translate').at(-1)!.body.target_lang).toBe(vendor)
    }
    // A regional source reads as its base language.
    await t.translate(['Hello'], { source: 'en-GB', target: 'de' }, { signal: signal() })
    expect(translateCalls(fake, '/v2/translate').at(-1)!.body.source_lang).toBe('EN')
  })

  test('sends at most 50 texts per call', async () => {
    const fake = await track(fakeDeepL({ apiKey: 'k' }))
    const t = deepl({ apiKey: 'k', url: fake.url })
    const input = Array.from({ length: 120 }, (_, i) => `Hello world number ${i}`)
    const out = await t.translate(input, { source: 'en', target: 'de' }, { signal: signal() })
    expect(out.every((r) => !(r instanceof EngineError))).toBe(true)
    expect(translateCalls(fake, '/v2/translate').map((c) => c.body.text.length)).toEqual([50, 50, 20])
    expect((out[119] as TranslatedSegment).segment).toBe('[de] Hallo Welt number 119')
  })

  test('passes formality only where the target supports it', async () => {
    const fake = await track(fakeDeepL({ apiKey: 'k' }))
    const t = deepl({ apiKey: 'k', url: fake.url })
    await t.translate(['Hello'], { source: 'en', target: 'de' }, { signal: signal(), formality: 'more' })
    expect(translateCalls(fake, '/v2/translate').at(-1)!.body.formality).toBe('more')
    const out = await t.translate(['Hello'], { source: 'de', target: 'en-GB' }, { signal: signal(), formality: 'more' })
    expect(out[0]).not.toBeInstanceOf(EngineError)
    expect(translateCalls(fake, '/v2/translate').at(-1)!.body.formality).toBeUndefined()
  })

  test('fails a segment whose placeholder DeepL dropped, never returning it without', async () => {
    const fake = await track(fakeDeepL({ apiKey: 'k', dropPlaceholder: true }))
    const t = deepl({ apiKey: 'k', url: fake.url })
    const out = await t.translate([['Hello ', ph('n'), '!'], 'Hello world'], { source: 'en', target: 'de' }, { signal: signal() })
    expect(translations(out)).toEqual(['ENGINE_BAD_OUTPUT', '[de] Hallo Welt'])
  })

  test('stops sending the rest of a request once DeepL says 429', async () => {
    const fake = await track(fakeDeepL({ apiKey: 'k', faults: [{ kind: 'status', status: 429, body: { message: 'Too many requests' } }] }))
    const t = deepl({ apiKey: 'k', url: fake.url, maxTextsPerCall: 1 })
    const out = await t.translate(['Hello', 'world', 'cat'], { source: 'en', target: 'de' }, { signal: signal() })
    expect(translations(out)).toEqual(['ENGINE_RATE_LIMITED', 'ENGINE_RATE_LIMITED', 'ENGINE_RATE_LIMITED'])
    expect(translateCalls(fake, '/v2/translate')).toHaveLength(1)
  })
})

describe('google', () => {
  test('sends the key in X-goog-api-key, plain segments as text and tokens as html with translate="no" spans', async () => {
    const fake = await track(fakeGoogle({ apiKey: 'g' }))
    const t = google({ apiKey: 'g', url: `${fake.url}/language/translate/v2` })
    const out = await t.translate(["The cat's file", ['Open ', open('a'), 'the file', close('a'), ' ', ph('n')]], { source: 'en', target: 'de' }, { signal: signal() })
    const calls = translateCalls(fake, '/language/translate/v2')
    expect(calls.every((c) => c.headers['x-goog-api-key'] === 'g' && !c.query.has('key'))).toBe(true)
    expect(calls.map((c) => [c.body.format, c.body.q])).toEqual([
      ['text', ["The cat's file"]],
      ['html', ['Open <span id="g1">the file</span> <span translate="no" id="x2"></span>']],
    ])
    // format=html answers &#39; for an apostrophe; it is decoded.
    expect(translations(out)).toEqual(["[de] die Katze's Datei", ['[de] öffnen ', open('a'), 'die Datei', close('a'), ' ', ph('n')]])
  })

  test('lists Hebrew (iw in v2) as he and keeps zh-CN / zh-TW', async () => {
    const fake = await track(fakeGoogle({ apiKey: 'g' }))
    const t = google({ apiKey: 'g', url: `${fake.url}/language/translate/v2` })
    const { targets } = await t.languages()
    expect(targets).toEqual(expect.arrayContaining(['he', 'zh-CN', 'zh-TW']))
    expect(targets).not.toContain('iw')
    await t.translate(['Hello'], { source: 'en', target: 'he' }, { signal: signal() })
    expect(translateCalls(fake, '/language/translate/v2').at(-1)!.body.target).toBe('iw')
  })

  test('tells a per-minute limit (403 userRateLimitExceeded) from a daily quota (403 dailyLimitExceeded)', async () => {
    const fake = await track(
      fakeGoogle({
        apiKey: 'g',
        faults: [
          { kind: 'status', status: 403, body: googleError(403, 'userRateLimitExceeded', 'User Rate Limit Exceeded') },
          { kind: 'status', status: 403, body: googleError(403, 'dailyLimitExceeded', 'Daily Limit Exceeded') },
        ],
      }),
    )
    const t = google({ apiKey: 'g', url: `${fake.url}/language/translate/v2` })
    expect(translations(await t.translate(['Hello'], { source: 'en', target: 'de' }, { signal: signal() }))).toEqual(['ENGINE_RATE_LIMITED'])
    expect(translations(await t.translate(['Hello'], { source: 'en', target: 'de' }, { signal: signal() }))).toEqual(['ENGINE_QUOTA_EXCEEDED'])
  })

  test('detects with the detect endpoint of Google', async () => {
    const fake = await track(fakeGoogle({ apiKey: 'g' }))
    const t = google({ apiKey: 'g', url: `${fake.url}/language/translate/v2` })
    expect(await t.detect!('Habari rafiki', { signal: signal() })).toEqual({ language: 'sw', confidence: 0.97 })
  })

  test('fails a segment whose placeholder span Google dropped', async () => {
    const fake = await track(fakeGoogle({ apiKey: 'g', dropPlaceholder: true }))
    const t = google({ apiKey: 'g', url: `${fake.url}/language/translate/v2` })
    const out = await t.translate([['Hello ', ph('n')]], { source: 'en', target: 'de' }, { signal: signal() })
    expect(translations(out)).toEqual(['ENGINE_BAD_OUTPUT'])
  })
})

describe('libretranslate', () => {
  test('sends q as an array with the api_key, html only for segments with tokens', async () => {
    const fake = await track(fakeLibreTranslate({ apiKey: 'lk' }))
    const t = libretranslate({ url: fake.url, apiKey: 'lk' })
    const out = await t.translate(['Hello world', 'Save', ['Save ', ph('n')]], { source: 'en', target: 'de' }, { signal: signal() })
    const calls = translateCalls(fake, '/translate')
    expect(calls.map((c) => [c.body.format, c.body.q, c.body.api_key])).toEqual([
      ['text', ['Hello world', 'Save'], 'lk'],
      ['html', ['Save <span translate="no" id="x1"></span>'], 'lk'],
    ])
    expect(translations(out)).toEqual(['[de] Hallo Welt', '[de] Speichern', ['[de] Speichern ', ph('n')]])
  })

  test('supports only the targets each source lists, with zh-Hans read as zh-CN', async () => {
    const fake = await track(fakeLibreTranslate())
    const t = libretranslate({ url: fake.url })
    const { sources, targets } = await t.languages()
    expect(sources).toEqual(expect.arrayContaining(['en', 'zh-CN', 'zh-TW', 'pt-BR']))
    expect(targets).toEqual(expect.arrayContaining(['zh-CN', 'zh-TW', 'de']))
    expect(t.supports({ source: 'en', target: 'zh-CN' })).toBe(true)
    expect(t.supports({ source: 'fr', target: 'de' })).toBe(false)
    await t.translate(['Hello'], { source: 'en', target: 'zh-CN' }, { signal: signal() })
    expect(translateCalls(fake, '/translate').at(-1)!.body.target).toBe('zh-Hans')
  })

  test('reads the detect confidence as a percentage', async () => {
    const fake = await track(fakeLibreTranslate())
    const t = libretranslate({ url: fake.url })
    expect(await t.detect!('Привіт, як справи? Її немає', { signal: signal() })).toEqual({ language: 'uk', confidence: 0.92 })
  })
})

describe('openai-compatible', () => {
  const pair = { source: 'en', target: 'de' }

  test('follows the protocol: system message, one JSON user message with items, json_object, temperature 0', async () => {
    const fake = await track(fakeOpenAI({ apiKey: 'sk', model: 'm' }))
    const t = openai({ baseUrl: `${fake.url}/v1`, apiKey: 'sk', model: 'm' })
    const out = await t.translate(['Hello world', ['Open ', open('a'), 'settings', close('a'), ' ', ph('n')]], pair, { signal: signal(), context: ['menu.hello', undefined] })
    const [call] = translateCalls(fake, '/v1/chat/completions')
    expect(call!.headers.authorization).toBe('Bearer sk')
    expect(call!.body).toMatchObject({ model: 'm', temperature: 0, response_format: { type: 'json_object' } })
    expect(call!.body.messages[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT })
    expect(JSON.parse(call!.body.messages[1].content)).toEqual({
      source: 'en',
      target: 'de',
      items: [
        { id: '1', text: 'Hello world', context: 'menu.hello' },
        { id: '2', text: 'Open <g1>settings</g1> <x2/>' },
      ],
    })
    expect(translations(out)).toEqual(['[de] Hallo Welt', ['[de] öffnen ', open('a'), 'Einstellungen', close('a'), ' ', ph('n')]])
  })

  test('retries a missing item alone, once, and takes its answer', async () => {
    const fake = await track(fakeOpenAI({ model: 'm', misbehave: ['drop-item'] }))
    const t = openai({ baseUrl: `${fake.url}/v1`, model: 'm' })
    const out = await t.translate(['Hello', 'world', 'cat'], pair, { signal: signal() })
    expect(translations(out)).toEqual(['[de] Hallo', '[de] Welt', '[de] Katze'])
    const calls = translateCalls(fake, '/v1/chat/completions').map((c) => JSON.parse(c.body.messages[1].content).items.map((i: any) => i.text))
    expect(calls).toEqual([['Hello', 'world', 'cat'], ['cat']])
  })

  test('matches items by id when the answer reorders them, without another call', async () => {
    const fake = await track(fakeOpenAI({ model: 'm', misbehave: ['reorder'] }))
    const t = openai({ baseUrl: `${fake.url}/v1`, model: 'm' })
    const out = await t.translate(['Hello', 'world', 'cat'], pair, { signal: signal() })
    expect(translations(out)).toEqual(['[de] Hallo', '[de] Welt', '[de] Katze'])
    expect(translateCalls(fake, '/v1/chat/completions')).toHaveLength(1)
  })

  test('fails an item whose placeholder is dropped twice, after one retry alone', async () => {
    const fake = await track(fakeOpenAI({ model: 'm', always: 'drop-placeholder' }))
    const t = openai({ baseUrl: `${fake.url}/v1`, model: 'm' })
    const out = await t.translate(['Hello world', ['Hello ', ph('n')]], pair, { signal: signal() })
    expect(translations(out)).toEqual(['[de] Hallo Welt', 'ENGINE_BAD_OUTPUT'])
    expect(translateCalls(fake, '/v1/chat/completions')).toHaveLength(2)
  })

  test('retries every item alone when the answer is prose or truncated JSON', async () => {
    for (const misbehaviour of ['prose', 'truncated-json'] as const) {
      const fake = await track(fakeOpenAI({ model: 'm', misbehave: [misbehaviour] }))
      const t = openai({ baseUrl: `${fake.url}/v1`, model: 'm' })
      const out = await t.translate(['Hello', 'world'], pair, { signal: signal() })
      expect(translations(out)).toEqual(['[de] Hallo', '[de] Welt'])
      expect(translateCalls(fake, '/v1/chat/completions')).toHaveLength(3)
    }
  })

  test('fails items that never come back with ENGINE_BAD_OUTPUT', async () => {
    const fake = await track(fakeOpenAI({ model: 'm', always: 'prose' }))
    const t = openai({ baseUrl: `${fake.url}/v1`, model: 'm' })
    const out = await t.translate(['Hello', 'world'], pair, { signal: signal() })
    expect(translations(out)).toEqual(['ENGINE_BAD_OUTPUT', 'ENGINE_BAD_OUTPUT'])
  })

  test('reports an unknown model as ENGINE_UNAVAILABLE', async () => {
    const fake = await track(fakeOpenAI({ model: 'm' }))
    const t = openai({ baseUrl: `${fake.url}/v1`, model: 'other' })
    expect(translations(await t.translate(['Hello'], pair, { signal: signal() }))).toEqual(['ENGINE_UNAVAILABLE'])
  })

  test('offers the configured languages, or about a hundred by default', async () => {
    const t = openai({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', languages: ['en', 'de', 'zh-Hans'] })
    expect((await t.languages()).targets).toEqual(['de', 'en', 'zh-CN'])
    const all = openai({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm' })
    expect((await all.languages()).targets.length).toBeGreaterThanOrEqual(100)
  })
})
