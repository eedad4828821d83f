import { randomUUID } from 'node:crypto'
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type LedgerEntry, type MemoryScope, type MemoryStore, MemoryStoreError } from '@verso/memory'

/** What a driver's test file provides: connections to one database shared by the whole suite. */
export interface StoreHarness {
  /** Opens a new store (a new connection or pool) on the suite's database. */
  open(): MemoryStore
  /** The rows of one of the store's tables where `column` equals `value`, read around the store. */
  rows(table: 'memory_translations' | 'ledger_entries' | 'glossary_glossaries' | 'glossary_entries', column: string, value: string): Promise<Array<Record<string, unknown>>>
  setup?(): Promise<void>
  teardown?(): Promise<void>
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

function scopeOf(overrides: Partial<MemoryScope> = {}): MemoryScope {
  return { accountId: `acct-${randomUUID()}`, source: 'en', target: 'es', engine: 'apertium', glossary: '', ...overrides }
}

function ledgerScopeOf(accountId = `acct-${randomUUID()}`) {
  return { accountId, document: 'locales/en.json', source: 'en', target: 'es' }
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise
    return undefined
  } catch (error) {
    expect(error).toBeInstanceOf(MemoryStoreError)
    return (error as MemoryStoreError).code
  }
}

const glossaryInput = {
  name: 'Brand terms',
  source_language: 'en',
  target_language: 'es',
  entries: [
    { source: 'Verso', target: 'Verso' },
    { source: 'cloud', target: 'nube' },
    { source: 'machine translation', target: 'traducción automática' },
  ],
}

/** One conformance suite for every `MemoryStore` driver. */
export function testMemoryStore(driver: string, harness: StoreHarness): void {
  describe(`memory store on ${driver}`, () => {
    let store: MemoryStore
    const extra: MemoryStore[] = []
    function another(): MemoryStore {
      const instance = harness.open()
      extra.push(instance)
      return instance
    }

    beforeAll(async () => {
      await harness.setup?.()
      store = harness.open()
    })
    afterAll(async () => {
      for (const instance of extra) await instance.close()
      await store?.close()
      await harness.teardown?.()
    })

    describe('translation memory', () => {
      test('misses a text never stored, then serves it once remembered', async () => {
        const scope = scopeOf()
        expect(await store.lookup(scope, ['Hello world'])).toEqual([undefined])
        await store.remember(scope, [{ text: 'Hello world', translation: 'Hola mundo' }], { via: 'translate' })
        expect(await store.lookup(scope, ['Hello world'])).toEqual(['Hola mundo'])
      })

      test('finds a decomposed text stored composed and the other way round (NFC)', async () => {
        const scope = scopeOf()
        const composed = 'caf\u00e9 cr\u00e8me'
        const decomposed = 'cafe\u0301 cre\u0300me'
        expect(composed).not.toBe(decomposed)
        await store.remember(scope, [{ text: decomposed, translation: 'café crema' }], { via: 'translate' })
        expect(await store.lookup(scope, [composed, decomposed])).toEqual(['café crema', 'café crema'])
      })

      test('keeps case and spaces significant', async () => {
        const scope = scopeOf()
        await store.remember(scope, [{ text: 'Hello', translation: 'Hola' }], { via: 'translate' })
        expect(await store.lookup(scope, ['Hello', 'hello', 'Hello ', ' Hello'])).toEqual(['Hola', undefined, undefined, undefined])
      })

      test('serves a translation only in its own account, pair, engine and glossary', async () => {
        const scope = scopeOf({ glossary: randomUUID() })
        await store.remember(scope, [{ text: 'Good morning', translation: 'Buenos días' }], { via: 'batch' })
        const others: MemoryScope[] = [
          { ...scope, accountId: `acct-${randomUUID()}` },
          { ...scope, source: 'fr' },
          { ...scope, target: 'ca' },
          { ...scope, engine: 'deepl' },
          { ...scope, glossary: '' },
          { ...scope, glossary: randomUUID() },
        ]
        for (const other of others) expect(await store.lookup(other, ['Good morning'])).toEqual([undefined])
        expect(await store.lookup(scope, ['Good morning'])).toEqual(['Buenos días'])
      })

      test('keeps the first translation of a text, across calls and within one call', async () => {
        const scope = scopeOf()
        await store.remember(scope, [{ text: 'one', translation: 'uno' }], { via: 'translate' })
        await store.remember(
          scope,
          [
            { text: 'one', translation: 'UNO (second)' },
            { text: 'two', translation: 'dos' },
            { text: 'two', translation: 'DOS (later in the batch)' },
          ],
          { via: 'batch' },
        )
        expect(await store.lookup(scope, ['one', 'two'])).toEqual(['uno', 'dos'])
      })

      test('answers by index, duplicates and misses included', async () => {
        const scope = scopeOf()
        await store.remember(scope, [{ text: 'a', translation: 'A' }, { text: 'b', translation: 'B' }], { via: 'translate' })
        expect(await store.lookup(scope, ['b', 'a', 'b', 'x', 'a', ''])).toEqual(['B', 'A', 'B', undefined, 'A', undefined])
        expect(await store.lookup(scope, [])).toEqual([])
      })

      test('looks up 1 200 texts in one call, in order', async () => {
        const scope = scopeOf()
        const texts = Array.from({ length: 1200 }, (_, i) => `sentence number ${i}`)
        const stored = texts.filter((_, i) => i % 3 !== 0)
        await store.remember(scope, stored.map((text) => ({ text, translation: text.toUpperCase() })), { via: 'job', jobId: 'job-1' })
        const found = await store.lookup(scope, texts)
        expect(found).toHaveLength(1200)
        expect(found).toEqual(texts.map((text, i) => (i % 3 === 0 ? undefined : text.toUpperCase())))
      })

      test('stores long and unusual texts exactly', async () => {
        const scope = scopeOf()
        const texts = ['x'.repeat(100_000), 'quote " and \\ backslash', '😀 emoji and 中文', 'line\nbreak\ttab', "it's"]
        await store.remember(scope, texts.map((text) => ({ text, translation: `«${text}»` })), { via: 'html' })
        expect(await store.lookup(scope, texts)).toEqual(texts.map((text) => `«${text}»`))
      })

      test('stores texts holding NUL and other control characters exactly', async () => {
        const scope = scopeOf()
        const texts = ['nul\u0000inside', '\u0001start', 'both \u0001\u0000 and \u00010', 'end\u0001']
        await store.remember(scope, texts.map((text) => ({ text, translation: `[${text}]\u0000` })), { via: 'translate' })
        expect(await store.lookup(scope, texts)).toEqual(texts.map((text) => `[${text}]\u0000`))
        expect(await store.lookup(scope, ['nul inside', 'nul\u00010inside'])).toEqual([undefined, undefined])
      })

      test('files the NFC text, its hash and its origin', async () => {
        const scope = scopeOf()
        await store.remember(scope, [{ text: 'cafe\u0301', translation: 'café' }], { via: 'job', jobId: 'job-42' })
        await store.remember(scope, [{ text: 'tea', translation: 'té' }], { via: 'subtitles' })
        const rows = await harness.rows('memory_translations', 'account_id', scope.accountId)
        const byText = new Map(rows.map((row) => [row.text, row]))
        expect(byText.get('caf\u00e9')).toMatchObject({
          text_hash: createHash('sha256').update('caf\u00e9').digest('hex'),
          translation: 'café',
          via: 'job',
          job_id: 'job-42',
          engine: 'apertium',
          glossary: '',
        })
        expect(byText.get('tea')).toMatchObject({ via: 'subtitles', job_id: null })
        expect(String(byText.get('tea')?.created_at)).toMatch(ISO)
      })

      test('remembering nothing changes nothing', async () => {
        const scope = scopeOf()
        await store.remember(scope, [], { via: 'translate' })
        expect(await harness.rows('memory_translations', 'account_id', scope.accountId)).toEqual([])
      })
    })

    describe('clear', () => {
      test('deletes the account’s memory and ledgers, not its glossaries, and counts the translations', async () => {
        const scope = scopeOf()
        await store.remember(scope, [{ text: 'a', translation: 'A' }, { text: 'b', translation: 'B' }], { via: 'translate' })
        await store.remember({ ...scope, target: 'fr' }, [{ text: 'a', translation: 'A-fr' }], { via: 'translate' })
        const ledgerScope = ledgerScopeOf(scope.accountId)
        await store.record(ledgerScope, [{ key: 'k', sourceText: 'a', value: 'A' }])
        const glossary = await store.createGlossary(scope.accountId, glossaryInput)

        const neighbour = scopeOf()
        await store.remember(neighbour, [{ text: 'a', translation: 'A' }], { via: 'translate' })
        await store.record(ledgerScopeOf(neighbour.accountId), [{ key: 'k', sourceText: 'a', value: 'A' }])

        expect(await store.clear(scope.accountId)).toBe(3)
        expect(await store.lookup(scope, ['a', 'b'])).toEqual([undefined, undefined])
        expect((await store.ledger(ledgerScope)).size).toBe(0)
        expect(await store.getGlossary(scope.accountId, glossary.glossary_id)).toEqual(glossary)

        expect(await store.lookup(neighbour, ['a'])).toEqual(['A'])
        expect((await store.ledger(ledgerScopeOf(neighbour.accountId))).size).toBe(1)
        expect(await store.clear(scope.accountId)).toBe(0)
      })

      test('counts zero for an account with no memory', async () => {
        expect(await store.clear(`acct-${randomUUID()}`)).toBe(0)
      })
    })

    describe('ledger', () => {
      const entries: LedgerEntry[] = [
        { key: 'greeting', sourceText: 'Hello', value: 'Hola' },
        { key: 'farewell', sourceText: 'Bye', value: 'Adiós' },
        { key: 'items', sourceText: '{"one":"# item","other":"# items"}', value: '{"one":"# artículo","other":"# artículos"}' },
      ]

      test('reads back every recorded entry by key', async () => {
        const scope = ledgerScopeOf()
        expect(await store.ledger(scope)).toEqual(new Map())
        await store.record(scope, entries)
        expect(await store.ledger(scope)).toEqual(new Map(entries.map((entry) => [entry.key, entry])))
      })

      test('reads only the keys asked for, skipping unknown ones', async () => {
        const scope = ledgerScopeOf()
        await store.record(scope, entries)
        const some = await store.ledger(scope, ['farewell', 'missing', 'farewell'])
        expect(some).toEqual(new Map([['farewell', entries[1]]]))
        expect(await store.ledger(scope, [])).toEqual(new Map())
      })

      test('upserts by key: a new value replaces the old, other keys stay', async () => {
        const scope = ledgerScopeOf()
        await store.record(scope, entries)
        await store.record(scope, [
          { key: 'greeting', sourceText: 'Hello!', value: '¡Hola!' },
          { key: 'new', sourceText: 'New', value: 'Nuevo' },
        ])
        const all = await store.ledger(scope)
        expect(all.get('greeting')).toEqual({ key: 'greeting', sourceText: 'Hello!', value: '¡Hola!' })
        expect(all.get('farewell')).toEqual(entries[1])
        expect(all.get('new')).toEqual({ key: 'new', sourceText: 'New', value: 'Nuevo' })
        expect(all.size).toBe(4)
      })

      test('keeps the last of two entries for one key in one call', async () => {
        const scope = ledgerScopeOf()
        await store.record(scope, [
          { key: 'k', sourceText: 'first', value: '1' },
          { key: 'k', sourceText: 'second', value: '2' },
        ])
        expect(await store.ledger(scope)).toEqual(new Map([['k', { key: 'k', sourceText: 'second', value: '2' }]]))
      })

      test('keeps one ledger per document and target language', async () => {
        const scope = ledgerScopeOf()
        await store.record(scope, [entries[0]!])
        await store.record({ ...scope, document: 'locales/other.json' }, [entries[1]!])
        await store.record({ ...scope, target: 'fr' }, [entries[2]!])
        expect([...(await store.ledger(scope)).keys()]).toEqual(['greeting'])
        expect([...(await store.ledger({ ...scope, document: 'locales/other.json' })).keys()]).toEqual(['farewell'])
        expect([...(await store.ledger({ ...scope, target: 'fr' })).keys()]).toEqual(['items'])
        expect((await store.ledger({ ...scope, accountId: `acct-${randomUUID()}` })).size).toBe(0)
      })

      test('handles keys with quotes, backslashes, dots and non-Latin letters', async () => {
        const scope = ledgerScopeOf()
        const odd = ['a"b', 'back\\slash', 'menu.file.open', 'ключ', '😀', ' spaced ', '']
        await store.record(scope, odd.map((key) => ({ key, sourceText: `src ${key}`, value: `val ${key}` })))
        const found = await store.ledger(scope, odd)
        expect([...found.keys()].sort()).toEqual([...odd].sort())
        for (const key of odd) expect(found.get(key)).toEqual({ key, sourceText: `src ${key}`, value: `val ${key}` })
      })

      test('keeps documents, keys, source texts and values holding NUL apart and exact', async () => {
        const accountId = `acct-${randomUUID()}`
        const scope = { ...ledgerScopeOf(accountId), document: 'doc\u0000.json' }
        const keys = ['k\u0000', 'k\u00010', 'k']
        await store.record(scope, keys.map((key, i) => ({ key, sourceText: `src\u0000${i}`, value: `val\u0001${i}` })))
        const found = await store.ledger(scope, keys)
        expect(found.size).toBe(3)
        keys.forEach((key, i) => expect(found.get(key)).toEqual({ key, sourceText: `src\u0000${i}`, value: `val\u0001${i}` }))
        expect(await store.ledger(scope)).toEqual(found)
        expect(await store.ledger({ ...scope, document: 'doc\u00010.json' })).toEqual(new Map())
      })

      test('records and reads 10 000 entries in one call each', async () => {
        const scope = ledgerScopeOf()
        const many = Array.from({ length: 10_000 }, (_, i) => ({ key: `key.${i}`, sourceText: `Source ${i}`, value: `Valor ${i}` }))
        await store.record(scope, many)
        await store.record(scope, many.map((entry) => ({ ...entry, value: `${entry.value}!` })))
        const all = await store.ledger(scope)
        expect(all.size).toBe(10_000)
        expect(all.get('key.9999')).toEqual({ key: 'key.9999', sourceText: 'Source 9999', value: 'Valor 9999!' })
        const some = await store.ledger(scope, many.slice(0, 1200).map((entry) => entry.key))
        expect(some.size).toBe(1200)
        const rows = await harness.rows('ledger_entries', 'account_id', scope.accountId)
        expect(rows).toHaveLength(10_000)
        expect(String(rows[0]?.updated_at)).toMatch(ISO)
      })
    })

    describe('glossaries', () => {
      test('creates a glossary with a fresh id and creation time, and reads it back with its entries in order', async () => {
        const accountId = `acct-${randomUUID()}`
        const created = await store.createGlossary(accountId, glossaryInput)
        expect(created).toEqual({
          ...glossaryInput,
          glossary_id: expect.stringMatching(UUID),
          creation_time: expect.stringMatching(ISO),
          entry_count: 3,
        })
        expect(await store.getGlossary(accountId, created.glossary_id)).toEqual(created)
        const again = await store.createGlossary(accountId, glossaryInput)
        expect(again.glossary_id).not.toBe(created.glossary_id)
      })

      test('keeps the entries of a large glossary in their order', async () => {
        const accountId = `acct-${randomUUID()}`
        const entries = Array.from({ length: 5000 }, (_, i) => ({ source: `term ${4999 - i}`, target: `término ${4999 - i}` }))
        const created = await store.createGlossary(accountId, { ...glossaryInput, entries })
        const read = await store.getGlossary(accountId, created.glossary_id)
        expect(read?.entry_count).toBe(5000)
        expect(read?.entries).toEqual(entries)
      })

      test('lists an account’s glossaries newest first, without entries', async () => {
        const accountId = `acct-${randomUUID()}`
        expect(await store.listGlossaries(accountId)).toEqual([])
        const first = await store.createGlossary(accountId, { ...glossaryInput, name: 'first' })
        const second = await store.createGlossary(accountId, { ...glossaryInput, name: 'second', entries: [{ source: 'a', target: 'b' }] })
        const third = await store.createGlossary(accountId, { ...glossaryInput, name: 'third' })
        const listed = await store.listGlossaries(accountId)
        expect(listed.map((info) => info.name)).toEqual(['third', 'second', 'first'])
        const { entries: _entries, ...secondInfo } = second
        expect(listed[1]).toEqual(secondInfo)
        expect(listed.every((info) => !('entries' in info))).toBe(true)
        expect([first, third].map((g) => g.glossary_id)).toEqual([listed[2]?.glossary_id, listed[0]?.glossary_id])
      })

      test('deletes a glossary with its entries', async () => {
        const accountId = `acct-${randomUUID()}`
        const kept = await store.createGlossary(accountId, glossaryInput)
        const gone = await store.createGlossary(accountId, glossaryInput)
        expect(await store.deleteGlossary(accountId, gone.glossary_id)).toBe(true)
        expect(await store.getGlossary(accountId, gone.glossary_id)).toBeNull()
        expect(await store.deleteGlossary(accountId, gone.glossary_id)).toBe(false)
        expect(await harness.rows('glossary_entries', 'glossary_id', gone.glossary_id)).toEqual([])
        expect((await store.listGlossaries(accountId)).map((g) => g.glossary_id)).toEqual([kept.glossary_id])
        expect(await store.getGlossary(accountId, kept.glossary_id)).toEqual(kept)
      })

      test('hides a glossary from every other account', async () => {
        const owner = `acct-${randomUUID()}`
        const stranger = `acct-${randomUUID()}`
        const glossary = await store.createGlossary(owner, glossaryInput)
        expect(await store.getGlossary(stranger, glossary.glossary_id)).toBeNull()
        expect(await store.listGlossaries(stranger)).toEqual([])
        expect(await store.deleteGlossary(stranger, glossary.glossary_id)).toBe(false)
        expect(await store.getGlossary(owner, glossary.glossary_id)).toEqual(glossary)
      })

      test('answers null and false for an id that is not a glossary, whatever its shape', async () => {
        const accountId = `acct-${randomUUID()}`
        for (const id of [randomUUID(), 'not-a-uuid', '', "'; DROP TABLE glossary_glossaries; --"]) {
          expect(await store.getGlossary(accountId, id)).toBeNull()
          expect(await store.deleteGlossary(accountId, id)).toBe(false)
        }
      })

      test('stores the input as given and is not changed by later edits of it', async () => {
        const accountId = `acct-${randomUUID()}`
        const input = { ...glossaryInput, entries: glossaryInput.entries.map((entry) => ({ ...entry })) }
        const created = await store.createGlossary(accountId, input)
        input.entries[0]!.target = 'edited'
        input.entries.push({ source: 'x', target: 'y' })
        expect(created.entries).toEqual(glossaryInput.entries)
        expect((await store.getGlossary(accountId, created.glossary_id))?.entries).toEqual(glossaryInput.entries)
      })
    })

    describe('connections', () => {
      test('two stores on one database see each other’s writes', async () => {
        const other = another()
        const scope = scopeOf()
        await store.remember(scope, [{ text: 'shared', translation: 'compartido' }], { via: 'translate' })
        expect(await other.lookup(scope, ['shared'])).toEqual(['compartido'])

        const ledgerScope = ledgerScopeOf(scope.accountId)
        await other.record(ledgerScope, [{ key: 'k', sourceText: 's', value: 'v' }])
        expect((await store.ledger(ledgerScope)).get('k')).toEqual({ key: 'k', sourceText: 's', value: 'v' })

        const glossary = await other.createGlossary(scope.accountId, glossaryInput)
        expect(await store.getGlossary(scope.accountId, glossary.glossary_id)).toEqual(glossary)
        expect(await store.deleteGlossary(scope.accountId, glossary.glossary_id)).toBe(true)
        expect(await other.getGlossary(scope.accountId, glossary.glossary_id)).toBeNull()

        expect(await other.clear(scope.accountId)).toBe(1)
        expect(await store.lookup(scope, ['shared'])).toEqual([undefined])
      })

      test('keeps exactly one translation when two stores remember the same text at once', async () => {
        const other = another()
        const scope = scopeOf()
        const texts = Array.from({ length: 200 }, (_, i) => `race ${i}`)
        await Promise.all([
          store.remember(scope, texts.map((text) => ({ text, translation: `${text} from one` })), { via: 'batch' }),
          other.remember(scope, texts.map((text) => ({ text, translation: `${text} from two` })), { via: 'batch' }),
        ])
        const [mine, theirs] = await Promise.all([store.lookup(scope, texts), other.lookup(scope, texts)])
        expect(mine).toEqual(theirs)
        expect(mine.every((found, i) => found === `race ${i} from one` || found === `race ${i} from two`)).toBe(true)
        expect(await harness.rows('memory_translations', 'account_id', scope.accountId)).toHaveLength(200)
      })

      test('refuses every call after close, and closes twice without error', async () => {
        const closing = harness.open()
        const scope = scopeOf()
        await closing.remember(scope, [{ text: 'a', translation: 'A' }], { via: 'translate' })
        await closing.close()
        await closing.close()
        expect(await codeOf(closing.lookup(scope, ['a']))).toBe('MEMORY_CLOSED')
        expect(await codeOf(closing.remember(scope, [{ text: 'b', translation: 'B' }], { via: 'translate' }))).toBe('MEMORY_CLOSED')
        expect(await codeOf(closing.record(ledgerScopeOf(), [{ key: 'k', sourceText: 's', value: 'v' }]))).toBe('MEMORY_CLOSED')
        expect(await codeOf(closing.listGlossaries(scope.accountId))).toBe('MEMORY_CLOSED')
        expect(await codeOf(closing.clear(scope.accountId))).toBe('MEMORY_CLOSED')
      })
    })
  })
}
