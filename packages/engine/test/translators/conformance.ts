/**
 * One conformance suite for every translator, like unstorage's testDriver: the same
 * behaviours asserted against Apertium (for real) and each remote translator (against the
 * fake of its vendor's documented API).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { EngineError, isInlineToken, type InlineToken, type Segment, type SegmentPart, type TranslatedSegment, type Translator } from '@verso/engine'
import type { Fault, FakeServer } from '../fakes/fake-server.js'

export interface Harness {
  /** A translator; `http` carries the timeout and body cap the fault tests need. */
  create(http: { timeoutMs?: number; maxBodyBytes?: number }): Translator
  /** A direction the translator serves. */
  pair: { source: string; target: string }
  /** A direction it does not serve. */
  unsupported: { source: string; target: string }
  /** For remote translators: the fake server and how its vendor says "quota exceeded" (if it can). */
  fake?: () => FakeServer
  quotaFault?: Fault
  rateLimitFault?: Fault
  /** The key the translator was given, which must never show in an error. */
  secret?: string
}

const signal = () => new AbortController().signal

function ok(result: TranslatedSegment | EngineError | undefined): TranslatedSegment {
  if (result instanceof Error || result === undefined) throw new Error(`expected a translation, got ${result instanceof EngineError ? `${result.code}: ${result.message}` : 'nothing'}`)
  return result
}

function errorOf(result: TranslatedSegment | EngineError | undefined): EngineError {
  expect(result).toBeInstanceOf(EngineError)
  return result as EngineError
}

/** Every input token once, same kind, close after open. */
function expectTokensKept(input: readonly SegmentPart[], output: Segment) {
  expect(Array.isArray(output)).toBe(true)
  const tokens = (output as readonly SegmentPart[]).filter(isInlineToken)
  const expected = input.filter(isInlineToken)
  expect(tokens.map((t) => `${t.kind}:${t.id}`).sort()).toEqual(expected.map((t) => `${t.kind}:${t.id}`).sort())
  for (const token of expected.filter((t) => t.kind === 'open')) {
    const open = tokens.findIndex((t) => t.kind === 'open' && t.id === token.id)
    const close = tokens.findIndex((t) => t.kind === 'close' && t.id === token.id)
    expect(close).toBeGreaterThan(open)
  }
}

export function testTranslator(name: string, harness: Harness): void {
  describe(`translator conformance: ${name}`, () => {
    let translator: Translator
    beforeAll(async () => {
      translator = harness.create({})
    })
    afterAll(async () => {
      await translator.close?.()
    })

    test('lists its languages as canonical BCP 47 codes', async () => {
      const { sources, targets } = await translator.languages()
      expect(sources.length).toBeGreaterThan(0)
      expect(targets.length).toBeGreaterThan(0)
      for (const code of [...sources, ...targets]) expect(code).toMatch(/^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?(-[a-z0-9]{5,8})*$/)
      expect(sources).toContain(harness.pair.source)
      expect(targets).toContain(harness.pair.target)
    })

    test('reads the vendor language lists once and serves later calls from the cache', async () => {
      await translator.languages()
      const fake = harness.fake?.()
      const before = fake?.requests.length ?? 0
      await translator.languages()
      await translator.languages()
      expect(fake?.requests.length ?? 0).toBe(before)
    })

    test('supports its direction and refuses an unsupported one', async () => {
      await translator.languages()
      expect(translator.supports(harness.pair)).toBe(true)
      expect(translator.supports(harness.unsupported)).toBe(false)
    })

    test('translates a batch of strings into strings, one answer per segment in order', async () => {
      const input = ['Hello world.', 'The cat is on the red car.', 'Save the file.']
      const out = await translator.translate(input, harness.pair, { signal: signal() })
      expect(out).toHaveLength(3)
      out.forEach((result, i) => {
        const { segment } = ok(result)
        expect(typeof segment).toBe('string')
        expect(segment).not.toBe(input[i])
        expect((segment as string).trim().length).toBeGreaterThan(0)
      })
    })

    test('returns every inline token once, a close after its open', async () => {
      const b: InlineToken = { id: 'b', kind: 'open' }
      const bc: InlineToken = { id: 'b', kind: 'close' }
      const name: InlineToken = { id: 'ph1', kind: 'void' }
      const input: SegmentPart[] = ['Hello ', name, ', the ', b, 'red', bc, ' car is fast.']
      const [result] = await translator.translate([input], harness.pair, { signal: signal() })
      expectTokensKept(input, ok(result).segment)
    })

    test('keeps the whitespace around a segment', async () => {
      const [result] = await translator.translate(['  Hello world.\n'], harness.pair, { signal: signal() })
      const segment = ok(result).segment as string
      expect(segment).toMatch(/^ {2}\S/)
      expect(segment).toMatch(/\S\n$/)
    })

    test('returns segments without words unchanged', async () => {
      const fake = harness.fake?.()
      const before = fake?.requests.length ?? 0
      const input: Segment[] = ['42', ' … ', [{ id: 'x', kind: 'void' }]]
      const out = await translator.translate(input, harness.pair, { signal: signal() })
      expect(out.map((r) => ok(r).segment)).toEqual(input)
      expect(fake?.requests.length ?? 0).toBe(before)
    })

    test('fails a malformed segment alone while the others translate', async () => {
      const bad = [{ id: 'a', kind: 'close' }] as unknown as Segment
      const out = await translator.translate(['Hello world.', bad], harness.pair, { signal: signal() })
      ok(out[0])
      expect(errorOf(out[1]).code).toBe('ENGINE_INVALID_SEGMENT')
    })

    test('answers ENGINE_UNSUPPORTED_PAIR for a direction it does not serve', async () => {
      const out = await translator.translate(['Hello world.'], harness.unsupported, { signal: signal() })
      expect(['ENGINE_UNSUPPORTED_PAIR', 'ENGINE_UNSUPPORTED_LANGUAGE']).toContain(errorOf(out[0]).code)
    })

    test('answers ENGINE_ABORTED when the caller aborted', async () => {
      const controller = new AbortController()
      controller.abort(new Error('client went away'))
      const out = await translator.translate(['Hello world, one more time.'], harness.pair, { signal: controller.signal })
      expect(errorOf(out[0]).code).toBe('ENGINE_ABORTED')
    })

    if (!harness.fake) return

    describe('against the vendor fake', () => {
      const fake = () => harness.fake!()
      const one = async (t: Translator = translator) => (await t.translate(['Hello world.', 'Save the file.'], harness.pair, { signal: signal() }))

      test('maps a rate limit to ENGINE_RATE_LIMITED with the Retry-After it gave', async () => {
        fake().faults.push(harness.rateLimitFault ?? { kind: 'status', status: 429, headers: { 'Retry-After': '7' }, body: { message: 'Too many requests' } })
        const out = await one()
        for (const result of out) {
          expect(errorOf(result).code).toBe('ENGINE_RATE_LIMITED')
          expect(errorOf(result).retryAfterMs).toBe(7000)
        }
      })

      if (harness.quotaFault) {
        test('maps its quota error to ENGINE_QUOTA_EXCEEDED', async () => {
          fake().faults.push(harness.quotaFault!)
          const out = await one()
          expect(errorOf(out[0]).code).toBe('ENGINE_QUOTA_EXCEEDED')
        })
      }

      test('maps a 500 to ENGINE_UNAVAILABLE', async () => {
        fake().faults.push({ kind: 'status', status: 500, body: { message: 'Internal error' } })
        const out = await one()
        expect(errorOf(out[0]).code).toBe('ENGINE_UNAVAILABLE')
      })

      test('times out a call that never answers with ENGINE_TIMEOUT', async () => {
        const quick = harness.create({ timeoutMs: 300 })
        await quick.languages()
        fake().faults.push({ kind: 'hang' })
        const out = await one(quick)
        expect(errorOf(out[0]).code).toBe('ENGINE_TIMEOUT')
      })

      test('refuses a truncated body with ENGINE_BAD_OUTPUT', async () => {
        fake().faults.push({ kind: 'truncated' })
        const out = await one()
        expect(errorOf(out[0]).code).toBe('ENGINE_BAD_OUTPUT')
      })

      test('refuses a body that is not the documented JSON with ENGINE_BAD_OUTPUT', async () => {
        fake().faults.push({ kind: 'malformed' })
        const out = await one()
        expect(errorOf(out[0]).code).toBe('ENGINE_BAD_OUTPUT')
      })

      test('stops reading a body larger than its cap', async () => {
        const capped = harness.create({ maxBodyBytes: 4096 })
        await capped.languages()
        fake().faults.push({ kind: 'oversized', bytes: 100_000 })
        const out = await one(capped)
        expect(errorOf(out[0]).code).toBe('ENGINE_BAD_OUTPUT')
      })

      test('never puts the API key in an error message', async () => {
        // Vendors quote the refused key back (OpenAI: "Incorrect API key provided: sk-…").
        const quoted = `Incorrect API key provided: ${harness.secret ?? 'none'}`
        fake().faults.push({ kind: 'status', status: 403, body: { message: quoted, error: { message: quoted } } })
        const out = await one()
        const error = errorOf(out[0])
        expect(error.code).toBe('ENGINE_UNAVAILABLE')
        if (harness.secret) expect(`${error.message} ${String(error.stack)}`).not.toContain(harness.secret)
      })
    })
  })
}
