/**
 * Memory in jobs, incremental jobs (target files + ledger) and quotes, through the JobService
 * with SQLite job and memory stores, the real JSON codec (Parsed.valueOf / merge), the real
 * translate-through layer of @verso/memory and a counting fake translator (so every engine call
 * is seen; incremental-engine.test.ts does the same with Apertium).
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import type { MemoryStore } from '@verso/memory'
import { JobError, type CreateJobInput, type JobService, type JobWithFiles } from '@verso/jobs'
import { dec, enc, fakeCredits, fakeTranslator, until, type FakeTranslator } from './helpers/fakes.js'
import { sqliteMemory } from './helpers/memory.js'
import { embedded, type Harness } from './helpers/service.js'

const harnesses: Harness[] = []
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.cleanup()))
})

const stores: MemoryStore[] = []
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()))
})

function setup(options: { credits?: number; translator?: FakeTranslator; worker?: boolean; wrapStore?: (store: MemoryStore) => void; revisionFor?: () => string | null } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'verso-jobs-incremental-'))
  const translator = options.translator ?? fakeTranslator()
  const { store, memory } = sqliteMemory(translator, dir, options.revisionFor)
  stores.push(store)
  options.wrapStore?.(store)
  const credits = fakeCredits(options.credits ?? 1000)
  const h = embedded({ translator, memory, credits, formats: undefined }, dir)
  harnesses.push(h)
  if (options.worker !== false) h.service.startWorker()
  return { ...h, translator, store, memory, credits }
}

async function finished(service: JobService, id: string, ownerId = 'u1'): Promise<JobWithFiles> {
  return until(async () => {
    const job = await service.get(ownerId, id)
    return job && job.completed_at ? job : null
  })
}

async function run(service: JobService, input: Partial<CreateJobInput> & { bytes: Uint8Array }): Promise<{ job: JobWithFiles; es: Record<string, unknown>; text: string }> {
  const created = await service.create({ ownerId: 'u1', filename: 'en.json', targetLanguages: ['es'], sourceLanguage: 'en', ...input })
  const job = await finished(service, created.id)
  const text = dec((await service.download('u1', job.id, 'es'))!.bytes)
  return { job, es: JSON.parse(text) as Record<string, unknown>, text }
}

/** Credits the owner paid for a job: reserved minus refunded (after the outbox ran). */
async function paid(h: ReturnType<typeof setup>, before: number): Promise<number> {
  await h.service.drainOutbox()
  return before - h.credits.balance
}

const V1 = { greeting: 'Hello {name}', bye: 'Goodbye', title: 'Settings', save: 'Save' }

describe('memory in jobs', () => {
  test('a second identical job costs 0 credits and calls no engine', async () => {
    const h = setup()
    const first = await run(h.service, { bytes: enc(V1) })
    expect(first.job).toMatchObject({ status: 'completed', translated_keys: 4, reused_keys: 0, kept_keys: 0 })
    expect(await paid(h, 1000)).toBe(4)
    const calls = h.translator.calls.length
    expect(calls).toBeGreaterThan(0)

    const second = await run(h.service, { bytes: enc(V1) })
    expect(h.translator.calls.length).toBe(calls)
    expect(second.job).toMatchObject({ status: 'completed', translated_keys: 4, failed_keys: 0, reused_keys: 4, kept_keys: 0, use_memory: true, glossary_id: null })
    expect(second.job.languages.es).toMatchObject({ translated_keys: 4, reused_keys: 4, kept_keys: 0, needs_review: [] })
    expect(second.text).toBe(first.text)
    expect(await paid(h, 1000)).toBe(4)
  })

  test('use_memory=false translates everything and charges it', async () => {
    const h = setup()
    await run(h.service, { bytes: enc(V1) })
    const calls = h.translator.segmentCount
    const again = await run(h.service, { bytes: enc(V1), useMemory: false })
    expect(again.job).toMatchObject({ status: 'completed', translated_keys: 4, reused_keys: 0, use_memory: false })
    expect(h.translator.segmentCount).toBe(calls * 2)
    expect(await paid(h, 1000)).toBe(8)
  })

  test('a key with one segment missing from the memory is charged, the others are reused', async () => {
    const h = setup()
    await run(h.service, { bytes: enc(V1) })
    const next = await run(h.service, { bytes: enc({ ...V1, extra: 'Open' }) })
    expect(next.job).toMatchObject({ translated_keys: 5, reused_keys: 4 })
    expect(h.translator.calls.at(-1)!.segments).toEqual(['Open'])
    expect(await paid(h, 1000)).toBe(5)
  })
})

describe('incremental jobs (target files)', () => {
  test('keeps a hand-edited value byte for byte while a changed source key is retranslated, and inserts new keys', async () => {
    const h = setup()
    const first = await run(h.service, { bytes: enc(V1) })
    const edited = { ...first.es, bye: 'Hasta luego (a mano)' }
    const source = { greeting: 'Hello {name}', bye: 'Goodbye', title: 'Preferences', help: 'Help', save: 'Save' }
    const before = h.credits.balance
    const calls = h.translator.segmentCount
    const second = await run(h.service, { bytes: enc(source), targetFiles: [{ language: 'es', filename: 'es.json', bytes: enc(edited) }] })
    expect(second.es).toEqual({ greeting: 'es:Hello {name}', bye: 'Hasta luego (a mano)', title: 'es:Preferences', help: 'es:Help', save: 'es:Save' })
    expect(Object.keys(second.es)).toEqual(['greeting', 'bye', 'title', 'help', 'save'])
    expect(second.job).toMatchObject({ status: 'completed', total_keys: 5, translated_keys: 5, failed_keys: 0, reused_keys: 2, kept_keys: 1 })
    expect(second.job.languages.es).toMatchObject({ reused_keys: 2, kept_keys: 1, needs_review: [] })
    expect(h.translator.segmentCount - calls).toBe(2)
    expect(await paid(h, before)).toBe(2)
  })

  test('lists a kept human edit in needs_review when its source changed too, once', async () => {
    const h = setup()
    const first = await run(h.service, { bytes: enc(V1) })
    const edited = { ...first.es, bye: 'Chao (a mano)' }
    const changed = { ...V1, bye: 'Goodbye for now' }
    const second = await run(h.service, { bytes: enc(changed), targetFiles: [{ language: 'es', filename: 'es.json', bytes: enc(edited) }] })
    expect(second.es.bye).toBe('Chao (a mano)')
    expect(second.job.languages.es).toMatchObject({ kept_keys: 1, reused_keys: 3, needs_review: ['bye'] })
    // The ledger row now carries the current source: the same upload again needs no review.
    const third = await run(h.service, { bytes: enc(changed), targetFiles: [{ language: 'es', filename: 'es.json', bytes: enc(second.es) }] })
    expect(third.job.languages.es).toMatchObject({ kept_keys: 1, reused_keys: 3, needs_review: [] })
  })

  test('retranslates a key whose source changed when its value is still Verso\'s', async () => {
    const h = setup()
    const first = await run(h.service, { bytes: enc(V1) })
    const second = await run(h.service, { bytes: enc({ ...V1, save: 'Save all' }), targetFiles: [{ language: 'es', filename: 'es.json', bytes: enc(first.es) }] })
    expect(second.es.save).toBe('es:Save all')
    expect(second.job.languages.es).toMatchObject({ reused_keys: 3, kept_keys: 0, needs_review: [] })
  })

  test('keeps values of a target file Verso never wrote (no ledger) unless the memory gave exactly them', async () => {
    const h = setup()
    await run(h.service, { bytes: enc({ save: 'Save' }), filename: 'other.json' })
    const target = { greeting: 'Hola, {name}', save: 'es:Save' }
    const job = await run(h.service, { bytes: enc(V1), targetFiles: [{ language: 'es', filename: 'es.json', bytes: enc(target) }] })
    expect(job.es).toEqual({ greeting: 'Hola, {name}', bye: 'es:Goodbye', title: 'es:Settings', save: 'es:Save' })
    expect(job.job.languages.es).toMatchObject({ kept_keys: 1, reused_keys: 1, translated_keys: 4 })
  })

  test('a re-run after a crash between the ledger write and the progress write classifies keys the same way', async () => {
    let crashes = 0
    const h = setup({
      wrapStore(store) {
        const record = store.record.bind(store)
        store.record = async (scope, entries) => {
          await record(scope, entries)
          if (crashes-- > 0) throw new Error('simulated crash after the ledger write')
        }
      },
    })
    const first = await run(h.service, { bytes: enc(V1) })
    crashes = 1
    const edited = { ...first.es, bye: 'Adiós (a mano)' }
    const second = await run(h.service, { bytes: enc({ ...V1, title: 'Preferences' }), targetFiles: [{ language: 'es', filename: 'es.json', bytes: enc(edited) }] })
    expect(crashes).toBe(-1)
    expect(second.job.status).toBe('completed')
    expect(second.es).toEqual({ ...edited, title: 'es:Preferences' })
    expect(second.job.languages.es).toMatchObject({ kept_keys: 1, needs_review: [] })
  })

  test('refuses a target file for a language that is not a target, of another type, unreadable or multi-locale', async () => {
    const h = setup()
    const base = { ownerId: 'u1', filename: 'en.json', bytes: enc(V1), targetLanguages: ['es'], sourceLanguage: 'en' }
    const code = async (input: Partial<CreateJobInput>) => {
      try {
        await h.service.create({ ...base, ...input })
      } catch (error) {
        expect(error).toBeInstanceOf(JobError)
        return (error as JobError).code
      }
      return 'created'
    }
    expect(await code({ targetFiles: [{ language: 'ca', filename: 'ca.json', bytes: enc(V1) }] })).toBe('JOB_INVALID_TARGET_FILE')
    expect(await code({ targetFiles: [{ language: 'es', filename: 'es.yaml', bytes: enc(V1) }] })).toBe('JOB_INVALID_TARGET_FILE')
    expect(await code({ targetFiles: [{ language: 'es', filename: 'es.json', bytes: enc('{ broken') }] })).toBe('JOB_INVALID_TARGET_FILE')
    expect(await code({ targetFiles: [{ language: 'es', filename: 'es.json', bytes: new Uint8Array() }] })).toBe('JOB_INVALID_TARGET_FILE')
    expect(await code({ useMemory: 'yes' as unknown as boolean })).toBe('JOB_INVALID_INPUT')
    expect(h.credits.log).toEqual([])
    expect(await h.service.list('u1')).toEqual([])
  })
})

describe('quotes (dry_run)', () => {
  test('a quote equals what the job then charges, and stores nothing', async () => {
    const h = setup()
    const first = await run(h.service, { bytes: enc(V1) })
    const edited = { ...first.es, bye: 'Chao (a mano)' }
    const source = { ...V1, bye: 'Goodbye for now', title: 'Preferences', help: 'Help' }
    const input = { ownerId: 'u1', filename: 'en.json', bytes: enc(source), targetLanguages: ['es'], sourceLanguage: 'en', targetFiles: [{ language: 'es', filename: 'es.json', bytes: enc(edited) }] }
    const jobs = (await h.service.list('u1')).length
    const calls = h.translator.calls.length
    const quote = await h.service.quote(input)
    expect(quote).toEqual({ total_keys: 5, languages: { es: { keys_to_translate: 2, reused_keys: 2, kept_keys: 1, needs_review: ['bye'] } }, credits: 2 })
    expect((await h.service.list('u1')).length).toBe(jobs)
    expect(h.translator.calls.length).toBe(calls)
    const before = h.credits.balance
    const created = await h.service.create(input)
    const done = await finished(h.service, created.id)
    expect(await paid(h, before)).toBe(quote.credits)
    expect(done.languages.es).toMatchObject({ reused_keys: 2, kept_keys: 1, needs_review: ['bye'] })
  })

  test("after an engine upgrade, a quote and a job translate again what the older engine stored", async () => {
    let revision = 'r1'
    const h = setup({ revisionFor: () => revision })
    await run(h.service, { bytes: enc(V1) })
    const input = { ownerId: 'u1', filename: 'en.json', bytes: enc(V1), targetLanguages: ['es'], sourceLanguage: 'en' }
    expect((await h.service.quote(input)).languages.es).toMatchObject({ keys_to_translate: 0, reused_keys: 4 })

    revision = 'r2'
    expect((await h.service.quote(input)).languages.es).toMatchObject({ keys_to_translate: 4, reused_keys: 0 })
    const calls = h.translator.calls.length
    const before = h.credits.balance
    const upgraded = await run(h.service, { bytes: enc(V1) })
    expect(upgraded.job).toMatchObject({ status: 'completed', translated_keys: 4, reused_keys: 0 })
    expect(h.translator.calls.length).toBeGreaterThan(calls)
    expect(await paid(h, before)).toBe(4)
    expect((await h.service.quote(input)).languages.es).toMatchObject({ keys_to_translate: 0, reused_keys: 4 })
  })

  test('without memory use, a quote charges every key', async () => {
    const h = setup()
    await run(h.service, { bytes: enc(V1) })
    const quote = await h.service.quote({ ownerId: 'u1', filename: 'en.json', bytes: enc(V1), targetLanguages: ['es', 'ca'], sourceLanguage: 'en', useMemory: false })
    expect(quote.credits).toBe(8)
    const reused = await h.service.quote({ ownerId: 'u1', filename: 'en.json', bytes: enc(V1), targetLanguages: ['es', 'ca'], sourceLanguage: 'en' })
    expect(reused.languages).toEqual({
      es: { keys_to_translate: 0, reused_keys: 4, kept_keys: 0, needs_review: [] },
      ca: { keys_to_translate: 4, reused_keys: 0, kept_keys: 0, needs_review: [] },
    })
    expect(reused.credits).toBe(4)
  })
})

describe('glossaries in jobs', () => {
  test('an unknown glossary, another account\'s, or one for another pair is refused at creation', async () => {
    const h = setup()
    const mine = await h.store.createGlossary('u1', { name: 'g', source_language: 'en', target_language: 'es', entries: [{ source: 'Verso', target: 'Verso' }] })
    const theirs = await h.store.createGlossary('u2', { name: 'g', source_language: 'en', target_language: 'es', entries: [{ source: 'Verso', target: 'Verso' }] })
    const base = { ownerId: 'u1', filename: 'en.json', bytes: enc(V1), targetLanguages: ['es'], sourceLanguage: 'en' }
    const code = (input: Partial<CreateJobInput>) => h.service.create({ ...base, ...input }).then(() => 'created', (error: JobError) => error.code)
    expect(await code({ glossaryId: crypto.randomUUID() })).toBe('JOB_GLOSSARY_NOT_FOUND')
    expect(await code({ glossaryId: theirs.glossary_id })).toBe('JOB_GLOSSARY_NOT_FOUND')
    expect(await code({ glossaryId: mine.glossary_id, targetLanguages: ['ca'] })).toBe('JOB_GLOSSARY_MISMATCH')
    expect(await code({ glossaryId: mine.glossary_id, sourceLanguage: 'fr' })).toBe('JOB_GLOSSARY_MISMATCH')
    const created = await h.service.create({ ...base, glossaryId: mine.glossary_id })
    expect(created.glossary_id).toBe(mine.glossary_id)
  })

  test('a glossary deleted before the job runs fails the job with a clear message and refunds it', async () => {
    const h = setup({ credits: 100, worker: false })
    const glossary = await h.store.createGlossary('u1', { name: 'g', source_language: 'en', target_language: 'es', entries: [{ source: 'Verso', target: 'Verso' }] })
    const created = await h.service.create({ ownerId: 'u1', filename: 'en.json', bytes: enc(V1), targetLanguages: ['es'], sourceLanguage: 'en', glossaryId: glossary.glossary_id })
    await h.store.deleteGlossary('u1', glossary.glossary_id)
    h.service.startWorker()
    const done = await finished(h.service, created.id)
    expect(done.status).toBe('failed')
    expect(done.error_message).toContain(`glossary ${glossary.glossary_id} was deleted`)
    await h.service.drainOutbox()
    expect(h.credits.balance).toBe(100)
    expect(h.translator.calls).toEqual([])
  })

  test('keeps a do-not-translate term through the memory layer and reuses it next time', async () => {
    const h = setup()
    const glossary = await h.store.createGlossary('u1', { name: 'brand', source_language: 'en', target_language: 'es', entries: [{ source: 'Verso', target: 'Verso' }] })
    const file = { brand: 'Verso makes translation easy' }
    const first = await run(h.service, { bytes: enc(file), glossaryId: glossary.glossary_id })
    expect(first.job).toMatchObject({ status: 'completed', glossary_id: glossary.glossary_id })
    // The term went to the fake engine as a token and came back as the glossary's target.
    expect(first.es.brand).toBe('Versoes: makes translation easy')
    expect(h.translator.calls.at(-1)!.segments.join('')).not.toContain('Verso')
    const quote = await h.service.quote({ ownerId: 'u1', filename: 'en.json', bytes: enc(file), targetLanguages: ['es'], sourceLanguage: 'en', glossaryId: glossary.glossary_id })
    expect(quote.credits).toBe(0)
    const again = await run(h.service, { bytes: enc(file), glossaryId: glossary.glossary_id })
    expect(again.job.reused_keys).toBe(1)
  })
})

describe('bilingual files that already hold the target language (XLIFF, Qt .ts)', () => {
  const xliff = (targets: Record<string, string>) =>
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">',
      '  <file source-language="en" target-language="es" datatype="plaintext" original="ng2.template">',
      '    <body>',
      ...Object.entries({ greeting: 'Good morning', bye: 'Goodbye', title: 'Settings' }).map(([id, source]) =>
        [`      <trans-unit id="${id}" datatype="html">`, `        <source>${source}</source>`, ...(targets[id] ? [`        <target>${targets[id]}</target>`] : []), '      </trans-unit>'].join('\n'),
      ),
      '    </body>',
      '  </file>',
      '</xliff>',
      '',
    ].join('\n')

  test('keeps the translations the file holds for its declared language, translating and charging only the units without one', async () => {
    const h = setup()
    const upload = xliff({ greeting: 'Buenos días (revisado)', bye: 'Adiós' })
    const created = await h.service.create({ ownerId: 'u1', filename: 'messages.es.xlf', targetLanguages: ['es'], sourceLanguage: 'en', bytes: enc(upload) })
    const job = await finished(h.service, created.id)
    expect(job).toMatchObject({ status: 'completed', total_keys: 3, translated_keys: 3, failed_keys: 0 })
    const out = dec((await h.service.download('u1', job.id, 'es'))!.bytes)
    expect(out).toContain('<target>Buenos días (revisado)</target>')
    expect(out).toContain('<target>Adiós</target>')
    expect(out).toMatch(/<source>Settings<\/source>\n        <target>[^<]+<\/target>/)
    expect(h.translator.calls.flatMap((call) => call.segments)).toEqual(['Settings'])
    expect(await paid(h, 1000)).toBe(1)
  })

  test('a file that declares no language but is named for one (Angular’s messages.es.xlf) is taken as that language’s', async () => {
    const h = setup()
    const upload = xliff({ greeting: 'Buenos días (revisado)', bye: 'Adiós' }).replace(' target-language="es"', '')
    const created = await h.service.create({ ownerId: 'u1', filename: 'messages.es.xlf', targetLanguages: ['es'], sourceLanguage: 'en', bytes: enc(upload) })
    const job = await finished(h.service, created.id)
    expect(job).toMatchObject({ status: 'completed', translated_keys: 3 })
    expect(dec((await h.service.download('u1', job.id, 'es'))!.bytes)).toContain('<target>Buenos días (revisado)</target>')
    expect(await paid(h, 1000)).toBe(1)
  })

  test('a gettext catalog (es.po, Language: es) keeps its msgstrs; only the empty ones are translated and charged', async () => {
    const h = setup()
    const po = [
      'msgid ""',
      'msgstr ""',
      '"Content-Type: text/plain; charset=UTF-8\\n"',
      '"Language: es\\n"',
      '',
      'msgid "Good morning"',
      'msgstr "Buenos días (revisado)"',
      '',
      'msgid "Goodbye"',
      'msgstr "Adiós"',
      '',
      'msgid "Settings"',
      'msgstr ""',
      '',
    ].join('\n')
    const created = await h.service.create({ ownerId: 'u1', filename: 'es.po', targetLanguages: ['es'], sourceLanguage: 'en', bytes: enc(po) })
    const job = await finished(h.service, created.id)
    expect(job).toMatchObject({ status: 'completed', total_keys: 3, translated_keys: 3 })
    const out = dec((await h.service.download('u1', job.id, 'es'))!.bytes)
    expect(out).toContain('msgid "Good morning"\nmsgstr "Buenos días (revisado)"')
    expect(out).toMatch(/msgid "Settings"\nmsgstr "[^"]+"/)
    expect(h.translator.calls.flatMap((call) => call.segments)).toEqual(['Settings'])
    expect(await paid(h, 1000)).toBe(1)
  })

  test('into another language the file’s translations are not used: every unit is translated', async () => {
    const h = setup()
    const created = await h.service.create({ ownerId: 'u1', filename: 'messages.es.xlf', targetLanguages: ['fr'], sourceLanguage: 'en', bytes: enc(xliff({ greeting: 'Buenos días', bye: 'Adiós' })) })
    const job = await finished(h.service, created.id)
    expect(job).toMatchObject({ status: 'completed', translated_keys: 3 })
    expect(await paid(h, 1000)).toBe(3)
    const out = dec((await h.service.download('u1', job.id, 'fr'))!.bytes)
    expect(out).toContain('target-language="fr"')
    expect(out).not.toContain('Adiós')
  })
})

describe('Xcode String Catalogs hold every language', () => {
  const catalog = (localizations: Record<string, Record<string, string>>) =>
    JSON.stringify(
      {
        sourceLanguage: 'en',
        strings: Object.fromEntries(
          ['Good morning', 'Goodbye', 'Settings'].map((key) => [
            key,
            localizations[key] ? { localizations: Object.fromEntries(Object.entries(localizations[key]!).map(([language, value]) => [language, { stringUnit: { state: 'translated', value } }])) } : {},
          ]),
        ),
        version: '1.0',
      },
      null,
      2,
    )

  test('a catalog keeps the translations it has of each target and translates and charges only the strings missing one', async () => {
    const h = setup()
    const upload = catalog({ 'Good morning': { es: 'Buenos días (revisado)', fr: 'Bonjour' } })
    const created = await h.service.create({ ownerId: 'u1', filename: 'Localizable.xcstrings', targetLanguages: ['es', 'fr'], sourceLanguage: 'en', bytes: enc(upload) })
    const job = await finished(h.service, created.id)
    expect(job).toMatchObject({ status: 'completed', total_keys: 3, translated_keys: 3, failed_keys: 0 })
    const es = JSON.parse(dec((await h.service.download('u1', job.id, 'es'))!.bytes)) as { strings: Record<string, { localizations?: Record<string, { stringUnit: { value: string } }> }> }
    expect(es.strings['Good morning']!.localizations!.es!.stringUnit.value).toBe('Buenos días (revisado)')
    expect(es.strings['Goodbye']!.localizations!.es!.stringUnit.value).not.toBe('')
    expect(es.strings['Settings']!.localizations!.es).toBeDefined()
    expect(h.translator.calls.flatMap((call) => call.segments).sort()).toEqual(['Goodbye', 'Goodbye', 'Settings', 'Settings'])
    expect(await paid(h, 1000)).toBe(4)
  })
})

describe('multi-locale files hold the sections they have', () => {
  test('a section of the target keeps its values; only keys missing from it are translated and charged, into it', async () => {
    const h = setup()
    const upload = 'en:\n  greeting: "Good morning"\n  bye: "Goodbye"\n  title: "Settings"\nes:\n  greeting: "Buenos días (revisado)"\n  bye: "Adiós"\n'
    const created = await h.service.create({ ownerId: 'u1', filename: 'ui-text.yml', targetLanguages: ['es', 'fr'], sourceLanguage: 'en', bytes: enc(upload) })
    const job = await finished(h.service, created.id)
    expect(job).toMatchObject({ status: 'completed', total_keys: 3, translated_keys: 3, failed_keys: 0 })
    const es = dec((await h.service.download('u1', job.id, 'es'))!.bytes)
    expect(es).toMatch(/^en:\n  greeting: "Good morning"\n  bye: "Goodbye"\n  title: "Settings"\nes:\n  greeting: "Buenos días \(revisado\)"\n  bye: "Adiós"\n  title: "[^"]+"\n$/)
    // es: only title; fr: a new section, every key
    expect(await paid(h, 1000)).toBe(1 + 3)
  })
})
