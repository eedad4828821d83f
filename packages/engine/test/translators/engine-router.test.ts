import { afterEach, describe, expect, test } from 'vitest'
import {
  circuitTransition,
  createEngineRouter,
  deepl,
  EngineError,
  engineOrder,
  initialCircuit,
  libretranslate,
  nextUtcMidnight,
  openai,
  translatorsFromEnv,
  type EngineErrorCode,
  type EngineRouterOptions,
  type Segment,
  type TranslatedSegment,
  type Translator,
  type TranslatorId,
} from '@verso/engine'
import { fakeDeepL } from '../fakes/deepl.js'
import type { FakeServer } from '../fakes/fake-server.js'
import { fakeLibreTranslate } from '../fakes/libretranslate.js'
import { fakeOpenAI } from '../fakes/openai.js'

type Behaviour = (segments: readonly Segment[], call: number) => Array<TranslatedSegment | EngineError>

/** A translator for routing tests: fixed languages, answers chosen per call. */
function stub(id: TranslatorId, languages: string[], behave: Behaviour = (segments) => segments.map((s) => ({ segment: `${id}:${String(s)}` }))) {
  let calls = 0
  const translator: Translator & { calls: () => number } = {
    id,
    calls: () => calls,
    async languages() {
      return { sources: languages, targets: languages }
    },
    supports: (pair) => languages.includes(pair.source) && languages.includes(pair.target) && pair.source !== pair.target,
    async translate(segments) {
      calls++
      return behave(segments, calls)
    },
  }
  return translator
}

const failing = (code: EngineErrorCode, retryAfterMs?: number): Behaviour => (segments) =>
  segments.map(() => new EngineError(code, `stub ${code}`, retryAfterMs === undefined ? {} : { retryAfterMs }))

function clock() {
  let t = Date.UTC(2026, 10, 23, 10, 0, 0)
  const waits: number[] = []
  return {
    now: () => t,
    advance: (ms: number) => (t += ms),
    waits,
    options: (): EngineRouterOptions => ({ now: () => t, sleep: async (ms) => void waits.push(ms), backoffMs: 100, maxBackoffMs: 1000 }),
  }
}

const en_de = { source: 'en', target: 'de' }

describe('engine router', () => {
  test('serves a direction with the first engine that supports it and names it per segment', async () => {
    const a = stub('deepl', ['en', 'ja'])
    const b = stub('libretranslate', ['en', 'de'])
    const c = stub('apertium', ['en', 'de', 'es'])
    const router = createEngineRouter([a, b, c], clock().options())
    await router.start()
    expect(router.enginesFor(en_de)).toEqual(['libretranslate', 'apertium'])
    const out = await router.translate(['Hello'], en_de)
    expect(out).toEqual([{ segment: 'libretranslate:Hello', engine: 'libretranslate' }])
    expect(a.calls()).toBe(0)
  })

  test('lists the union of every engine languages', async () => {
    const router = createEngineRouter([stub('deepl', ['en', 'ja']), stub('apertium', ['en', 'es', 'ca'])], clock().options())
    await router.start()
    expect(router.targets()).toEqual(['ca', 'en', 'es', 'ja'])
    expect(router.supports({ source: 'en', target: 'ja' })).toBe(true)
    expect(router.supports({ source: 'ja', target: 'ca' })).toBe(false)
  })

  test('retries a rate-limited engine after the Retry-After it gave, then serves from it', async () => {
    const c = clock()
    const a = stub('deepl', ['en', 'de'], (segments, call) => (call === 1 ? failing('ENGINE_RATE_LIMITED', 700)(segments, call) : segments.map((s) => ({ segment: `ok:${String(s)}` }))))
    const b = stub('apertium', ['en', 'de'])
    const router = createEngineRouter([a, b], c.options())
    await router.start()
    const out = await router.translate(['Hello'], en_de)
    expect(out).toEqual([{ segment: 'ok:Hello', engine: 'deepl' }])
    expect(c.waits).toHaveLength(1)
    expect(c.waits[0]).toBeGreaterThanOrEqual(700)
    expect(b.calls()).toBe(0)
  })

  test('falls back to the next engine after the retries, per segment, without retrying what succeeded', async () => {
    const c = clock()
    // The first engine fails only the second segment, every time.
    const a = stub('deepl', ['en', 'de'], (segments) => segments.map((s) => (s === 'bad' ? new EngineError('ENGINE_UNAVAILABLE', '503') : { segment: `deepl:${String(s)}` })))
    const b = stub('apertium', ['en', 'de'])
    const router = createEngineRouter([a, b], { ...c.options(), retries: 2 })
    await router.start()
    const out = await router.translate(['good', 'bad'], en_de)
    expect(out).toEqual([
      { segment: 'deepl:good', engine: 'deepl' },
      { segment: 'apertium:bad', engine: 'apertium' },
    ])
    expect(a.calls()).toBe(3) // first call + 2 retries of the failed segment only
    expect(c.waits).toHaveLength(2)
  })

  test('skips an engine at once when its Retry-After is longer than the router waits', async () => {
    const c = clock()
    const a = stub('deepl', ['en', 'de'], failing('ENGINE_RATE_LIMITED', 60_000))
    const b = stub('apertium', ['en', 'de'])
    const router = createEngineRouter([a, b], c.options())
    await router.start()
    expect((await router.translate(['Hello'], en_de))[0]).toMatchObject({ engine: 'apertium' })
    expect(a.calls()).toBe(1)
    expect(c.waits).toEqual([])
  })

  test('sends a bad output to the next engine without retrying the first', async () => {
    const a = stub('openai', ['en', 'de'], failing('ENGINE_BAD_OUTPUT'))
    const b = stub('apertium', ['en', 'de'])
    const router = createEngineRouter([a, b], clock().options())
    await router.start()
    expect((await router.translate(['Hello'], en_de))[0]).toMatchObject({ engine: 'apertium' })
    expect(a.calls()).toBe(1)
  })

  test('keeps segment faults final: no retry, no fallback', async () => {
    const a = stub('deepl', ['en', 'de'], failing('ENGINE_INVALID_SEGMENT'))
    const b = stub('apertium', ['en', 'de'])
    const router = createEngineRouter([a, b], clock().options())
    await router.start()
    const [result] = await router.translate(['Hello'], en_de)
    expect((result as { error: EngineError }).error.code).toBe('ENGINE_INVALID_SEGMENT')
    expect(b.calls()).toBe(0)
  })

  test('reports the last error when every engine failed', async () => {
    const router = createEngineRouter([stub('deepl', ['en', 'de'], failing('ENGINE_TIMEOUT'))], { ...clock().options(), retries: 0 })
    await router.start()
    const [result] = await router.translate(['Hello'], en_de)
    expect((result as { error: EngineError }).error.code).toBe('ENGINE_TIMEOUT')
  })

  test('answers ENGINE_UNSUPPORTED_PAIR when no engine serves the direction', async () => {
    const router = createEngineRouter([stub('apertium', ['en', 'es'])], clock().options())
    await router.start()
    const [result] = await router.translate(['Hello'], { source: 'en', target: 'ja' })
    expect((result as { error: EngineError }).error.code).toBe('ENGINE_UNSUPPORTED_PAIR')
  })

  test('opens the circuit after repeated failed requests and tries the engine again after the cool-down', async () => {
    const c = clock()
    let down = true
    const a = stub('deepl', ['en', 'de'], (segments) => (down ? failing('ENGINE_UNAVAILABLE')(segments, 0) : segments.map((s) => ({ segment: `deepl:${String(s)}` }))))
    const b = stub('apertium', ['en', 'de'])
    const router = createEngineRouter([a, b], { ...c.options(), retries: 0, circuit: { threshold: 3, coolDownMs: 30_000 } })
    await router.start()
    for (let i = 0; i < 3; i++) expect((await router.translate(['x'], en_de))[0]).toMatchObject({ engine: 'apertium' })
    expect(router.status()[0]).toMatchObject({ id: 'deepl', circuit: 'open', healthy: false, failed: 3, lastError: { code: 'ENGINE_UNAVAILABLE' } })
    const callsWhenOpened = a.calls()
    await router.translate(['x'], en_de)
    expect(a.calls()).toBe(callsWhenOpened) // skipped while open
    c.advance(30_000)
    down = false
    expect((await router.translate(['x'], en_de))[0]).toMatchObject({ engine: 'deepl' }) // half-open trial succeeded
    expect(router.status()[0]).toMatchObject({ circuit: 'closed', healthy: true })
  })

  test('skips an engine whose quota is spent until the next UTC day', async () => {
    const c = clock()
    const a = stub('deepl', ['en', 'de'], failing('ENGINE_QUOTA_EXCEEDED'))
    const b = stub('apertium', ['en', 'de'])
    const router = createEngineRouter([a, b], c.options())
    await router.start()
    expect((await router.translate(['x'], en_de))[0]).toMatchObject({ engine: 'apertium' })
    expect(router.status()[0]).toMatchObject({ circuit: 'exhausted', until: '2026-11-24T00:00:00.000Z' })
    await router.translate(['x'], en_de)
    expect(a.calls()).toBe(1)
    c.advance(14 * 3600_000)
    await router.translate(['x'], en_de)
    expect(a.calls()).toBe(2)
  })

  test('returns same-language segments unchanged without an engine', async () => {
    const a = stub('deepl', ['en', 'de'])
    const router = createEngineRouter([a], clock().options())
    await router.start()
    expect(await router.translate(['Hello'], { source: 'EN', target: 'en' })).toEqual([{ segment: 'Hello', engine: 'none', unknownWords: [], route: ['en'] }])
    expect(a.calls()).toBe(0)
  })

  test('asks engines with their own detection in order and skips one that fails', async () => {
    const broken = { ...stub('google', ['en']), detect: async () => { throw new EngineError('ENGINE_UNAVAILABLE', 'down') } }
    const working = { ...stub('libretranslate', ['en']), detect: async () => ({ language: 'zh-Hans', confidence: 0.9 }) }
    const router = createEngineRouter([broken, working, stub('apertium', ['en'])], clock().options())
    expect(await router.detect('你好')).toEqual({ language: 'zh-CN', confidence: 0.9, engine: 'libretranslate' })
    expect(router.status()[0]!.lastError?.code).toBe('ENGINE_UNAVAILABLE')
  })
})

describe('circuit', () => {
  const policy = { threshold: 2, coolDownMs: 1000 }
  test('stays closed below the threshold and resets on success', () => {
    let c = circuitTransition(initialCircuit(), { type: 'failure' }, 0, policy)
    expect(c).toEqual({ state: 'closed', failures: 1, until: 0 })
    c = circuitTransition(c, { type: 'success' }, 0, policy)
    expect(c).toEqual(initialCircuit())
  })
  test('opens at the threshold, half-opens after the cool-down, reopens on a failed trial', () => {
    let c = circuitTransition(circuitTransition(initialCircuit(), { type: 'failure' }, 0, policy), { type: 'failure' }, 0, policy)
    expect(c).toEqual({ state: 'open', failures: 0, until: 1000 })
    expect(circuitTransition(c, { type: 'tick' }, 999, policy).state).toBe('open')
    c = circuitTransition(c, { type: 'tick' }, 1000, policy)
    expect(c.state).toBe('half-open')
    expect(circuitTransition(c, { type: 'failure' }, 1000, policy)).toEqual({ state: 'open', failures: 0, until: 2000 })
    expect(circuitTransition(c, { type: 'success' }, 1000, policy)).toEqual(initialCircuit())
  })
  test('is exhausted by a quota error until the next UTC midnight', () => {
    const now = Date.UTC(2026, 0, 31, 23, 59)
    const c = circuitTransition(initialCircuit(), { type: 'quota' }, now, policy)
    expect(c).toEqual({ state: 'exhausted', failures: 0, until: Date.UTC(2026, 1, 1) })
    expect(nextUtcMidnight(now)).toBe(Date.UTC(2026, 1, 1))
    expect(circuitTransition(c, { type: 'success' }, now, policy).state).toBe('exhausted')
    expect(circuitTransition(c, { type: 'tick' }, Date.UTC(2026, 1, 1), policy)).toEqual(initialCircuit())
  })
})

describe('engines from the environment', () => {
  test('orders configured remote engines deepl, google, openai, libretranslate, then apertium', () => {
    expect(engineOrder({})).toEqual(['apertium'])
    expect(engineOrder({ LIBRETRANSLATE_URL: 'http://lt', DEEPL_API_KEY: 'k', OPENAI_BASE_URL: 'http://o/v1', OPENAI_MODEL: 'm' })).toEqual(['deepl', 'openai', 'libretranslate', 'apertium'])
  })
  test('follows VERSO_ENGINES and refuses unknown or unconfigured engines', () => {
    expect(engineOrder({ VERSO_ENGINES: 'apertium, libretranslate', LIBRETRANSLATE_URL: 'http://lt' })).toEqual(['apertium', 'libretranslate'])
    expect(() => engineOrder({ VERSO_ENGINES: 'bing' })).toThrow(/unknown engine "bing"/)
    expect(() => engineOrder({ VERSO_ENGINES: 'deepl' })).toThrow(/not configured/)
  })
  test('refuses OPENAI_BASE_URL without OPENAI_MODEL and a bad ENGINE_TIMEOUT_MS', () => {
    expect(() => translatorsFromEnv({ OPENAI_BASE_URL: 'http://o/v1', VERSO_ENGINES: 'openai' })).toThrow(/OPENAI_MODEL/)
    expect(() => translatorsFromEnv({ ENGINE_TIMEOUT_MS: 'soon', VERSO_ENGINES: 'apertium' })).toThrow(/ENGINE_TIMEOUT_MS/)
  })
})

describe('engine router over the vendor fakes', () => {
  let fakes: FakeServer[] = []
  afterEach(async () => {
    await Promise.all(fakes.map((f) => f.close()))
    fakes = []
  })

  test('falls back from a DeepL answering 500 to LibreTranslate, per segment engine named', async () => {
    const dl = await fakeDeepL({ apiKey: 'k', faults: [0, 1, 2].map(() => ({ kind: 'status' as const, status: 500, body: { message: 'boom' } })) })
    const lt = await fakeLibreTranslate()
    fakes.push(dl, lt)
    const router = createEngineRouter([deepl({ apiKey: 'k', url: dl.url }), libretranslate({ url: lt.url })], { ...clock().options() })
    await router.start()
    const out = await router.translate(['Hello world'], en_de)
    expect(out).toEqual([{ segment: '[de] Hallo Welt', engine: 'libretranslate', route: ['en', 'de'] }])
    expect(dl.requests.filter((r) => r.path === '/v2/translate')).toHaveLength(3)
  })

  test('routes ja through the LLM when LibreTranslate lacks the direction, and the listing grows', async () => {
    const lt = await fakeLibreTranslate()
    const llm = await fakeOpenAI({ model: 'm' })
    fakes.push(lt, llm)
    const router = createEngineRouter([libretranslate({ url: lt.url }), openai({ baseUrl: `${llm.url}/v1`, model: 'm', languages: ['en', 'de', 'ja', 'ko'] })], clock().options())
    await router.start()
    expect(router.targets()).toContain('ko')
    const [ja] = await router.translate(['Hello world'], { source: 'de', target: 'ja' })
    expect(ja).toMatchObject({ engine: 'openai' })
  })
})
