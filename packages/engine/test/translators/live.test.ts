/**
 * Opt-in live tests: each runs only when its vendor's real credentials are in the
 * environment, and never under CI (where a key might be set for other reasons and a paid
 * call is not wanted). They check what the fakes cannot: that the real API still speaks the
 * documented shapes.
 *
 *   DEEPL_API_KEY=… node scripts/run-tests.mjs packages/engine/test/translators/live.test.ts
 *   GOOGLE_TRANSLATE_API_KEY=… …    LIBRETRANSLATE_URL=http://localhost:5000 …
 *   OPENAI_BASE_URL=http://localhost:11434/v1 OPENAI_MODEL=llama3.1 …
 */
import { describe, expect, test } from 'vitest'
import { deepl, EngineError, google, libretranslate, openai, type InlineToken, type SegmentPart, type TranslatedSegment, type Translator } from '@verso/engine'

const env = process.env
const ci = !!env.CI
const b: InlineToken = { id: 'b', kind: 'open' }
const bc: InlineToken = { id: 'b', kind: 'close' }
const n: InlineToken = { id: 'n', kind: 'void' }

async function roundTrip(translator: Translator, target: string) {
  const { targets } = await translator.languages()
  expect(targets).toContain(target)
  const input: SegmentPart[] = ['Hello ', n, ', press ', b, 'Save', bc, ' to keep your changes.']
  const out = await translator.translate(['The cat is sleeping.', input], { source: 'en', target }, { signal: AbortSignal.timeout(60_000) })
  for (const result of out) if (result instanceof EngineError) throw result
  const [plain, tagged] = out as TranslatedSegment[]
  expect(typeof plain!.segment).toBe('string')
  expect(plain!.segment).not.toBe('The cat is sleeping.')
  const tokens = (tagged!.segment as SegmentPart[]).filter((p): p is InlineToken => typeof p !== 'string')
  expect(tokens.map((t) => `${t.kind}:${t.id}`).sort()).toEqual(['close:b', 'open:b', 'void:n'])
}

describe.skipIf(ci || !env.DEEPL_API_KEY)('live: DeepL', () => {
  test('translates en → de with tokens intact', () => roundTrip(deepl({ apiKey: env.DEEPL_API_KEY!, ...(env.DEEPL_API_URL ? { url: env.DEEPL_API_URL } : {}) }), 'de'))
})

describe.skipIf(ci || !env.GOOGLE_TRANSLATE_API_KEY)('live: Google', () => {
  test('translates en → ja with tokens intact', () =>
    roundTrip(google({ apiKey: env.GOOGLE_TRANSLATE_API_KEY!, ...(env.GOOGLE_TRANSLATE_API_URL ? { url: env.GOOGLE_TRANSLATE_API_URL } : {}) }), 'ja'))
})

describe.skipIf(ci || !env.LIBRETRANSLATE_URL)('live: LibreTranslate', () => {
  test('translates en → es with tokens intact', () =>
    roundTrip(libretranslate({ url: env.LIBRETRANSLATE_URL!, ...(env.LIBRETRANSLATE_API_KEY ? { apiKey: env.LIBRETRANSLATE_API_KEY } : {}) }), 'es'))
})

describe.skipIf(ci || !env.OPENAI_BASE_URL || !env.OPENAI_MODEL)('live: OpenAI-compatible', () => {
  test('translates en → fr with tokens intact', () =>
    roundTrip(openai({ baseUrl: env.OPENAI_BASE_URL!, model: env.OPENAI_MODEL!, ...(env.OPENAI_API_KEY ? { apiKey: env.OPENAI_API_KEY } : {}), timeoutMs: 120_000 }), 'fr'))
})
