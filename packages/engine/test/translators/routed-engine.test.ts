import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { EngineError, openai, routedEngineFromEnv, type RoutedEngine, type RoutedTranslation } from '@verso/engine'
import { fakeDeepL } from '../fakes/deepl.js'
import type { FakeServer } from '../fakes/fake-server.js'
import { fakeGoogle } from '../fakes/google.js'
import { fakeLibreTranslate } from '../fakes/libretranslate.js'
import { haveApertium } from '../real-apertium.js'


describe.skipIf(!haveApertium)('routed engine (fakes + real Apertium)', () => {
  let dl: FakeServer
  let gg: FakeServer
  let lt: FakeServer
  let engine: RoutedEngine
  beforeAll(async () => {
    dl = await fakeDeepL({ apiKey: 'k' })
    gg = await fakeGoogle({ apiKey: 'g' })
    lt = await fakeLibreTranslate()
    engine = routedEngineFromEnv(
      { DEEPL_API_KEY: 'k', DEEPL_API_URL: dl.url, GOOGLE_TRANSLATE_API_KEY: 'g', GOOGLE_TRANSLATE_API_URL: `${gg.url}/language/translate/v2`, LIBRETRANSLATE_URL: lt.url, ENGINE_TIMEOUT_MS: '2000' },
      { apertium: { cacheSize: 0 }, engine: { backoffMs: 10, maxBackoffMs: 20, cacheSize: 0 } },
    )
    await engine.start()
  })
  afterAll(async () => {
    await engine.close()
    await Promise.all([dl, gg, lt].map((f) => f.close()))
  })

  test('lists the union of every engine languages with English names', () => {
    const languages = engine.languages()
    const byCode = new Map(languages.map((l) => [l.code, l.name]))
    expect(byCode.get('ja')).toBe('Japanese')
    expect(byCode.get('zh-CN')).toBe('Chinese (Simplified)')
    expect(byCode.get('sw')).toBe('Swahili') // only Google has it
    expect(byCode.get('ca')).toBe('Catalan') // only Apertium has it
    expect(byCode.get('he')).toBe('Hebrew')
    expect(languages.map((l) => l.name)).toEqual([...languages.map((l) => l.name)].sort((a, b) => a.localeCompare(b, 'en')))
  })

  test('orders engines deepl, google, libretranslate, apertium and names the one that served', async () => {
    expect(engine.enginesFor('en', 'de')).toEqual(['deepl', 'google', 'libretranslate'])
    expect(engine.enginesFor('en', 'ca')).toEqual(['apertium'])
    const [de] = await engine.translate(['Hello world'], { source: 'en', target: 'de' })
    expect(de).toMatchObject({ segment: '[de] Hallo Welt', engine: 'deepl' })
    const [ca] = await engine.translate(['The cat is red.'], { source: 'en', target: 'ca' })
    expect(ca!.engine).toBe('apertium')
    expect(ca!.segment).toMatch(/gat/)
    const [sw] = await engine.translate(['Hello'], { source: 'en', target: 'sw' })
    expect(sw!.engine).toBe('google')
  })

  test("gives the serving engine's revision: Apertium's route revision, none for a vendor that cannot tell", () => {
    expect(engine.revision('en', 'ca')).toMatch(/^[0-9a-f]{16}$/)
    expect(engine.revision('EN', 'CA')).toBe(engine.revision('en', 'ca'))
    expect(engine.revision('en', 'de')).toBeNull() // DeepL serves first
    expect(engine.revision('en', 'en')).toBeNull()
    expect(engine.revision('en', 'xx')).toBeNull()
  })

  test('canonicalises codes per role and lists reachable languages and pairs across engines', () => {
    expect(engine.canonicalCode('ZH-hans', 'target')).toBe('zh-CN')
    expect(engine.canonicalCode('EN_gb', 'target')).toBe('en-GB')
    expect(engine.canonicalCode('tlh', 'source')).toBeNull()
    const targets = engine.reachableTargets('en').map((l) => l.code)
    expect(targets).toEqual(expect.arrayContaining(['ja', 'ca', 'sw', 'zh-TW']))
    expect(targets).not.toContain('en')
    expect(engine.reachableSources('ca').map((l) => l.code)).toContain('en')
    const pairs = engine.pairs()
    expect(pairs.find((p) => p.source === 'en' && p.target === 'ja')).toMatchObject({ route: ['en', 'ja'], engines: ['deepl', 'google', 'libretranslate'] })
    expect(pairs.find((p) => p.source === 'en' && p.target === 'ca')?.engines).toEqual(['apertium'])
  })

  test('answers per item in a batch, an item failing alone', async () => {
    const bad = [{ id: 'a', kind: 'close' }] as never
    const out = await engine.translateSettled(['Hello', bad], { source: 'en', target: 'ja' })
    expect((out[0] as RoutedTranslation).engine).toBe('deepl')
    expect((out[1] as { error: EngineError }).error.code).toBe('ENGINE_INVALID_SEGMENT')
  })

  test('refuses unknown languages and unroutable pairs like the embedded engine', async () => {
    await expect(engine.translate(['x'], { source: 'en', target: 'tlh' })).rejects.toMatchObject({ code: 'ENGINE_UNSUPPORTED_LANGUAGE' })
    await expect(engine.translate(['x'], { source: 'sw', target: 'ca' })).rejects.toMatchObject({ code: 'ENGINE_UNSUPPORTED_PAIR' })
  })

  test('asks Google to detect where the local detector is unsure', async () => {
    const result = await engine.detectAsync('Habari rafiki')
    expect(result).toMatchObject({ language: 'sw', engine: 'google' })
    const sure = await engine.detectAsync('The cat is sleeping on the red sofa in the living room.')
    expect(sure).toMatchObject({ language: 'en', engine: 'local' })
  })

  test('stays healthy while a remote engine is down and says which', async () => {
    for (let i = 0; i < 5; i++) dl.faults.push({ kind: 'status', status: 503, body: { message: 'down' } }, { kind: 'status', status: 503 }, { kind: 'status', status: 503 })
    for (let i = 0; i < 5; i++) await engine.translate([`Hello world ${i}`], { source: 'en', target: 'de' })
    const deeplStatus = engine.engines().find((e) => e.id === 'deepl')!
    expect(deeplStatus).toMatchObject({ circuit: 'open', healthy: false })
    const health = await engine.health()
    expect(health.ok).toBe(true)
    expect(health.detail).toMatch(/deepl: open/)
    dl.faults.length = 0
  })
})

describe('openai revision', () => {
  test('changes with the endpoint and the model, not with the key', () => {
    const revision = (options: { baseUrl: string; model: string; apiKey?: string }) => openai(options).revision!({ source: 'en', target: 'de' })
    const mini = revision({ baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', apiKey: 'a' })
    expect(mini).toMatch(/^[0-9a-f]{16}$/)
    expect(revision({ baseUrl: 'https://api.openai.com/v1/', model: 'gpt-4o-mini', apiKey: 'b' })).toBe(mini)
    expect(revision({ baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o' })).not.toBe(mini)
    expect(revision({ baseUrl: 'http://localhost:11434/v1', model: 'gpt-4o-mini' })).not.toBe(mini)
  })
})
