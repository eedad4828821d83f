/**
 * Incremental jobs end to end: the real Apertium engine (en → es), the real JSON codec
 * (Parsed.valueOf / merge), the SQLite memory store and the translate-through layer of
 * @verso/memory, through the JobService with SQLite job stores.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { createEngine } from '@verso/engine'
import { createMemoryTranslator, sqliteMemoryStore } from '@verso/memory'
import type { CreateJobInput, JobTranslator, JobWithFiles } from '@verso/jobs'
import { dec, enc, fakeCredits, until } from './helpers/fakes.js'
import { embedded } from './helpers/service.js'

const engine = createEngine({ cacheSize: 0 })
/** The engine, counting the segments sent to it. */
let engineSegments = 0
const counted: JobTranslator = {
  supports: (s, t) => engine.supports(s, t),
  detect: (text) => engine.detect(text),
  async translateSettled(segments, pair, options) {
    engineSegments += segments.length
    return engine.translateSettled(segments, pair, options)
  },
}
const credits = fakeCredits(100_000)
const dir = mkdtempSync(join(tmpdir(), 'verso-jobs-incremental-'))
const store = sqliteMemoryStore({ path: join(dir, 'verso.db') })
const h = embedded(
  {
    translator: counted,
    formats: undefined,
    supportsLanguage: (code) => engine.languages().some((l) => l.code === code),
    memory: createMemoryTranslator({ translator: counted, store, engineFor: () => 'apertium' }),
    credits,
  },
  dir,
)
const service = h.service
service.startWorker()
afterAll(async () => {
  await store.close()
  await h.cleanup()
  await engine.close()
})

async function run(input: Partial<CreateJobInput> & { bytes: Uint8Array }): Promise<{ job: JobWithFiles; text: string; credits: number; segments: number }> {
  await service.drainOutbox()
  const balance = credits.balance
  const segments = engineSegments
  const created = await service.create({ ownerId: 'u1', filename: 'en.json', targetLanguages: ['es'], sourceLanguage: 'en', ...input })
  const job = await until(async () => {
    const current = await service.get('u1', created.id)
    return current?.completed_at ? current : null
  }, 60_000, 50)
  await service.drainOutbox()
  const text = dec((await service.download('u1', job.id, 'es'))!.bytes)
  return { job, text, credits: balance - credits.balance, segments: engineSegments - segments }
}

const EN = `{
  "menu": {
    "open": "Open the file",
    "save": "Save the file",
    "close": "Close the window"
  },
  "greeting": "Good morning, {name}",
  "farewell": "See you tomorrow"
}
`

describe('incremental jobs with Apertium and the memory', () => {
  let first: Awaited<ReturnType<typeof run>>

  test('a second identical job costs 0 credits and calls no engine', async () => {
    first = await run({ bytes: enc(EN) })
    expect(first.job).toMatchObject({ status: 'completed', translated_keys: 5, reused_keys: 0 })
    expect(first.credits).toBe(5)
    expect(first.segments).toBeGreaterThan(0)
    const second = await run({ bytes: enc(EN) })
    expect(second.job).toMatchObject({ status: 'completed', translated_keys: 5, reused_keys: 5, kept_keys: 0 })
    expect(second.credits).toBe(0)
    expect(second.segments).toBe(0)
    expect(second.text).toBe(first.text)
  })

  test('keeps a hand-edited value byte for byte, retranslates a changed key, inserts a new one, flags an edit whose source changed', async () => {
    const edited = first.text.replace(/("close": )"[^"]*"/, '$1"Cerrar  la ventana, por favor"').replace(/("farewell": )"[^"]*"/, '$1"¡Hasta mañana!"')
    const source = EN.replace('"Save the file"', '"Save all the files"')
      .replace('"See you tomorrow"', '"See you next week"')
      .replace('"open": "Open the file",\n', '"open": "Open the file",\n    "print": "Print the page",\n')
    const quote = await service.quote({ ownerId: 'u1', filename: 'en.json', targetLanguages: ['es'], sourceLanguage: 'en', bytes: enc(source), targetFiles: [{ language: 'es', filename: 'es.json', bytes: enc(edited) }] })
    const next = await run({ bytes: enc(source), targetFiles: [{ language: 'es', filename: 'es.json', bytes: enc(edited) }] })
    expect(next.job).toMatchObject({ status: 'completed', total_keys: 6, translated_keys: 6, kept_keys: 2, reused_keys: 2 })
    expect(next.job.languages.es!.needs_review).toEqual(['farewell'])
    expect(next.credits).toBe(2)
    expect(quote).toEqual({ total_keys: 6, languages: { es: { keys_to_translate: 2, reused_keys: 2, kept_keys: 2, needs_review: ['farewell'] } }, credits: 2 })
    const es = JSON.parse(next.text)
    expect(next.text).toContain('"close": "Cerrar  la ventana, por favor"')
    expect(es.farewell).toBe('¡Hasta mañana!')
    expect(es.menu.save).not.toBe(JSON.parse(first.text).menu.save)
    expect(Object.keys(es.menu)).toEqual(['open', 'print', 'save', 'close'])
    expect(es.menu.print).not.toBe('Print the page')
    // Only the retranslated line changed and the new one was added.
    const before = edited.split('\n')
    const after = next.text.split('\n')
    expect(after.length).toBe(before.length + 1)
    expect(after.filter((line) => !before.includes(line)).map((line) => line.trim().split('"')[1])).toEqual(['print', 'save'])
  })

  test('use_memory=false translates everything and charges it', async () => {
    const again = await run({ bytes: enc(EN), useMemory: false })
    expect(again.job).toMatchObject({ status: 'completed', reused_keys: 0, use_memory: false })
    expect(again.credits).toBe(5)
    expect(again.segments).toBeGreaterThan(0)
  })
})
