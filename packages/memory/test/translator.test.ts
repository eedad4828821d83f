import { describe, expect, test } from 'vitest'
import type { Segment } from '@verso/engine'
import { createMemoryTranslator, GlossaryError, segmentText, type Remembered, type RememberOptions, type SegmentTranslator } from '@verso/memory'
import { fakeTranslator, glossaryOf, mapMemoryStore, recordingLogger } from './support.js'

const enEs = { source: 'en', target: 'es' }
const call: RememberOptions = { accountId: 'acct-1', useMemory: true, origin: { via: 'translate' } }

function setup(engine = 'apertium') {
  const store = mapMemoryStore()
  const fake = fakeTranslator(engine)
  const logger = recordingLogger()
  const memory = createMemoryTranslator({ translator: fake, store, engineFor: () => engine, logger })
  return { store, fake, logger, memory }
}

function segmentsOf(results: Remembered[]): Segment[] {
  return results.map((result) => ('error' in result ? `error: ${result.error.message}` : result.segment))
}

describe('createMemoryTranslator', () => {
  test("does not file a fallback engine's translation under the pair's engine", async () => {
    const store = mapMemoryStore()
    const fallback = fakeTranslator('apertium')
    const memory = createMemoryTranslator({ translator: fallback, store, engineFor: () => 'deepl' })
    const first = await memory.translateSettled(['Hello world'], enEs, call)
    expect(first[0]).toMatchObject({ reused: false, engine: 'apertium' })
    const second = await memory.translateSettled(['Hello world'], enEs, call)
    expect(second[0]).toMatchObject({ reused: false })
    expect(fallback.sent()).toBe(2)
  })

  test('serves a second identical call from the memory without calling the engine', async () => {
    const { fake, memory } = setup()
    const first = await memory.translateSettled(['Hello world', 'Good morning'], enEs, call)
    expect(first).toEqual([
      { segment: '[Hello] [world]', reused: false, engine: 'apertium', unknownWords: [], route: ['en', 'es'] },
      { segment: '[Good] [morning]', reused: false, engine: 'apertium', unknownWords: [], route: ['en', 'es'] },
    ])
    expect(fake.sent()).toBe(2)

    const second = await memory.translateSettled(['Hello world', 'Good morning'], enEs, call)
    expect(second).toEqual([
      { segment: '[Hello] [world]', reused: true, engine: 'apertium' },
      { segment: '[Good] [morning]', reused: true, engine: 'apertium' },
    ])
    expect(fake.sent()).toBe(2)
  })

  test('sends each distinct text once within a call, with the context of its first occurrence', async () => {
    const { fake, store, memory } = setup()
    const results = await memory.translateSettled(['Hi', 'Bye', 'Hi', 'Hi'], enEs, { ...call, context: ['first', 'second', 'third', undefined] })
    expect(segmentsOf(results)).toEqual(['[Hi]', '[Bye]', '[Hi]', '[Hi]'])
    expect(fake.calls).toHaveLength(1)
    expect(fake.calls[0]!.segments).toEqual(['Hi', 'Bye'])
    expect(fake.calls[0]!.context).toEqual(['first', 'second'])
    expect(store.lookups).toEqual([{ scope: expect.anything(), texts: [segmentText('Hi'), segmentText('Bye')] }])
    expect(store.remembered[0]!.pairs).toHaveLength(2)
  })

  test('passes the signal to the engine', async () => {
    const { fake, memory } = setup()
    const controller = new AbortController()
    await memory.translateSettled(['Hi'], enEs, { ...call, signal: controller.signal })
    expect(fake.calls[0]!.signal).toBe(controller.signal)
  })

  test('stores under the full scope with the origin', async () => {
    const { store, memory } = setup('deepl')
    await memory.translateSettled(['Hi'], enEs, { ...call, origin: { via: 'job', jobId: 'job-7' } })
    expect(store.remembered).toEqual([
      {
        scope: { accountId: 'acct-1', source: 'en', target: 'es', engine: 'deepl', glossary: '' },
        pairs: [{ text: segmentText('Hi'), translation: segmentText('[Hi]') }],
        origin: { via: 'job', jobId: 'job-7' },
      },
    ])
  })

  test('misses when the glossary, the engine or the account differs', async () => {
    const store = mapMemoryStore()
    const fake = fakeTranslator()
    let engine = 'apertium'
    // the engine answering is the pair's engine of the moment
    const current: SegmentTranslator = {
      translateSettled: async (segments, pair, options) => (await fake.translateSettled(segments, pair, options)).map((r) => ('error' in r ? r : { ...r, engine })),
    }
    const memory = createMemoryTranslator({ translator: current, store, engineFor: () => engine })
    const glossary = glossaryOf([{ source: 'zzz', target: 'yyy' }])
    await memory.translateSettled(['Hello'], enEs, call)
    await memory.translateSettled(['Hello'], enEs, { ...call, glossary })
    expect(fake.sent()).toBe(2)
    engine = 'deepl'
    await memory.translateSettled(['Hello'], enEs, call)
    expect(fake.sent()).toBe(3)
    await memory.translateSettled(['Hello'], enEs, { ...call, accountId: 'acct-2' })
    expect(fake.sent()).toBe(4)
    engine = 'apertium'
    const again = await memory.translateSettled(['Hello'], enEs, { ...call, glossary })
    expect(again[0]).toMatchObject({ reused: true })
    expect(fake.sent()).toBe(4)
  })

  test("does not serve an earlier revision's translation once the engine's revision changes", async () => {
    const store = mapMemoryStore()
    const fake = fakeTranslator('apertium')
    let revision: string | null = 'r1'
    const memory = createMemoryTranslator({ translator: fake, store, engineFor: () => 'apertium', revisionFor: () => revision })
    await memory.translateSettled(['Page not found'], enEs, call)
    expect(store.remembered[0]!.scope.engine).toBe('apertium@r1')
    expect((await memory.translateSettled(['Page not found'], enEs, call))[0]).toMatchObject({ reused: true, engine: 'apertium' })
    expect(fake.sent()).toBe(1)

    revision = 'r2' // an upgraded engine: its answer is asked for and filed under its revision
    expect((await memory.translateSettled(['Page not found'], enEs, call))[0]).toMatchObject({ reused: false, engine: 'apertium' })
    expect(fake.sent()).toBe(2)
    expect(store.remembered[1]!.scope.engine).toBe('apertium@r2')
    expect((await memory.translateSettled(['Page not found'], enEs, call))[0]).toMatchObject({ reused: true })
    expect(fake.sent()).toBe(2)
  })

  test("files under the engine's name alone when it has no revision", async () => {
    const memory = createMemoryTranslator({ translator: fakeTranslator('deepl'), store: mapMemoryStore(), engineFor: () => 'deepl', revisionFor: () => null })
    expect(memory.engineKey(enEs)).toBe('deepl')
    const versioned = createMemoryTranslator({ translator: fakeTranslator(), store: mapMemoryStore(), engineFor: () => 'openai', revisionFor: (pair) => `${pair.target}-model` })
    expect(versioned.engineKey(enEs)).toBe('openai@es-model')
  })

  test('with useMemory false calls the engine every time and stores nothing', async () => {
    const { fake, store, memory } = setup()
    await memory.translateSettled(['Hello'], enEs, call)
    const results = await memory.translateSettled(['Hello', 'Hello'], enEs, { ...call, useMemory: false })
    expect(results.every((r) => 'reused' in r && !r.reused)).toBe(true)
    expect(fake.sent()).toBe(2)
    expect(store.lookups).toHaveLength(1)
    expect(store.remembered).toHaveLength(1)
  })

  test('keeps a do-not-translate brand and applies a forced term with its casing', async () => {
    const { fake, memory } = setup()
    const glossary = glossaryOf([
      { source: 'Verso', target: 'Verso' },
      { source: 'cloud', target: 'nube' },
    ])
    const results = await memory.translate(['Verso makes translation easy', 'Cloud storage in the cloud'], enEs, { ...call, glossary })
    expect(segmentsOf(results)).toEqual(['Verso [makes] [translation] [easy]', 'Nube [storage] [in] [the] nube'])
    // Only the masked text reaches the engine: the terms themselves are never sent.
    expect(JSON.stringify(fake.calls)).not.toMatch(/Verso|cloud|Cloud/)
  })

  test('keeps token ids apart when terms sit next to inline tokens', async () => {
    const { fake, memory } = setup()
    const glossary = glossaryOf([{ source: 'cloud', target: 'nube' }])
    const segment: Segment = [{ id: 'g1', kind: 'open' }, 'cloud', { id: 'g1', kind: 'close' }, ' sync ', { id: 'g2', kind: 'void' }]
    const [result] = await memory.translate([segment], enEs, { ...call, glossary })
    expect(fake.calls[0]!.segments[0]).toEqual([{ id: 'g1', kind: 'open' }, { id: 'g3', kind: 'void' }, { id: 'g1', kind: 'close' }, ' sync ', { id: 'g2', kind: 'void' }])
    expect(result!.segment).toEqual([{ id: 'g1', kind: 'open' }, 'nube', { id: 'g1', kind: 'close' }, ' [sync] ', { id: 'g2', kind: 'void' }])
  })

  test('does not send a segment made only of terms', async () => {
    const { fake, store, memory } = setup()
    const glossary = glossaryOf([
      { source: 'Verso', target: 'Verso' },
      { source: 'cloud', target: 'nube' },
    ])
    const results = await memory.translateSettled(['Verso', 'cloud!', 'Verso cloud', 'Hi'], enEs, { ...call, glossary })
    expect(results.slice(0, 3)).toEqual([
      { segment: 'Verso', reused: false, engine: 'apertium', unknownWords: [], route: ['en', 'es'] },
      { segment: 'nube!', reused: false, engine: 'apertium', unknownWords: [], route: ['en', 'es'] },
      { segment: 'Verso nube', reused: false, engine: 'apertium', unknownWords: [], route: ['en', 'es'] },
    ])
    expect(fake.calls[0]!.segments).toEqual(['Hi'])
    expect(store.lookups[0]!.texts).toEqual([segmentText('Hi')])
  })

  test('logs a failed remember and still returns the translations', async () => {
    const { store, logger, memory } = setup()
    store.failRemember = new Error('disk full')
    const results = await memory.translate(['Hello'], enEs, call)
    expect(segmentsOf(results)).toEqual(['[Hello]'])
    expect(logger.lines).toHaveLength(1)
    expect(logger.lines[0]!.obj).toMatchObject({ err: store.failRemember, accountId: 'acct-1', count: 1 })
  })

  test('rejects the call when the lookup fails, before calling the engine', async () => {
    const { store, fake, memory } = setup()
    store.failLookup = new Error('database down')
    await expect(memory.translateSettled(['Hello'], enEs, call)).rejects.toThrow('database down')
    expect(fake.sent()).toBe(0)
  })

  test('refuses a glossary of another pair, comparing codes case-insensitively', async () => {
    const { fake, memory } = setup()
    const glossary = glossaryOf([{ source: 'cloud', target: 'nube' }], { source: 'EN', target: 'ES' })
    await expect(memory.translate(['cloud'], enEs, { ...call, glossary })).resolves.toHaveLength(1)
    const error = await memory.translate(['cloud'], { source: 'en', target: 'fr' }, { ...call, glossary }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GlossaryError)
    expect((error as GlossaryError).code).toBe('GLOSSARY_PAIR_MISMATCH')
    expect(fake.sent()).toBe(0)
  })

  test('settles engine errors per segment and stores only the successes', async () => {
    const { fake, store, memory } = setup()
    fake.failOn = 'broken'
    const results = await memory.translateSettled(['fine', 'broken one', 'broken one'], enEs, call)
    expect(results[0]).toMatchObject({ segment: '[fine]', reused: false })
    expect(results[1]).toEqual({ error: expect.any(Error) })
    expect(results[2]).toEqual({ error: expect.any(Error) })
    expect(store.remembered[0]!.pairs.map((p) => p.text)).toEqual([segmentText('fine')])
    await expect(memory.translate(['fine', 'broken one'], enEs, call)).rejects.toThrow('fake failure')
  })

  test('turns a translation that lost a term token into a segment error and does not store it', async () => {
    const { fake, store, memory } = setup()
    fake.dropTokens = true
    const glossary = glossaryOf([{ source: 'cloud', target: 'nube' }])
    const [result] = await memory.translateSettled(['the cloud'], enEs, { ...call, glossary })
    expect(result).toEqual({ error: expect.objectContaining({ code: 'ENGINE_BAD_OUTPUT' }) })
    expect(store.remembered).toHaveLength(0)
  })

  test('translates again, with a warning, when a stored row cannot be read', async () => {
    const { store, fake, logger, memory } = setup()
    await store.remember({ accountId: 'acct-1', source: 'en', target: 'es', engine: 'apertium', glossary: '' }, [{ text: segmentText('Hi'), translation: 'corrupt' }], { via: 'batch' })
    const [result] = await memory.translateSettled(['Hi'], enEs, call)
    expect(result).toMatchObject({ segment: '[Hi]', reused: false })
    expect(fake.sent()).toBe(1)
    expect(logger.lines[0]!.msg).toMatch(/unreadable/)
  })

  test('serves a glossary call from the memory with the terms restored', async () => {
    const { fake, memory } = setup()
    const glossary = glossaryOf([{ source: 'cloud', target: 'nube' }])
    await memory.translate(['The cloud'], enEs, { ...call, glossary })
    const [again] = await memory.translate(['THE CLOUD'], enEs, { ...call, glossary })
    expect(again).toMatchObject({ segment: '[THE] NUBE', reused: false })
    const [same] = await memory.translate(['The cloud'], enEs, { ...call, glossary })
    expect(same).toEqual({ segment: '[The] nube', reused: true, engine: 'apertium' })
    expect(fake.sent()).toBe(2)
  })

  test('makes no store or engine call for an empty list', async () => {
    const { store, fake, memory } = setup()
    expect(await memory.translateSettled([], enEs, call)).toEqual([])
    expect(store.lookups).toHaveLength(0)
    expect(fake.calls).toHaveLength(0)
  })
})
