/** End to end with the real Apertium engine (@verso/engine) and the real JSON codec. */
import { afterAll, describe, expect, test } from 'vitest'
import { createEngine } from '@verso/engine'
import type { JobTranslator } from '@verso/jobs'
import { dec, enc, until } from './helpers/fakes.js'
import { embedded } from './helpers/service.js'

const engine = createEngine({ cacheSize: 0 })
const translator: JobTranslator = engine
const harness = embedded({ translator, formats: undefined, supportsLanguage: (code) => engine.languages().some((l) => l.code === code) })
afterAll(async () => {
  await harness.cleanup()
  await engine.close()
})

describe('the job engine with the Apertium engine', () => {
  test('translates a JSON file from auto-detected English into Spanish and Catalan', async () => {
    const { service } = harness
    const file = { menu: { save: 'Save the file', open: 'Open the file', again: 'Save the file' }, hello: 'Hello {name}, welcome' }
    const job = await service.create({ ownerId: 'u1', filename: 'strings.json', bytes: enc(file), targetLanguages: ['es', 'ca'] })
    service.startWorker()
    const done = await until(async () => {
      const current = await service.get('u1', job.id)
      return current && current.completed_at ? current : null
    }, 60_000, 50)
    expect(done).toMatchObject({ status: 'completed', source_language: 'en', total_keys: 4, translated_keys: 4, failed_keys: 0 })
    expect(done.languages).toEqual({ es: { translated_keys: 4, failed_keys: 0, status: 'completed', reused_keys: 0, kept_keys: 0, needs_review: [] }, ca: { translated_keys: 4, failed_keys: 0, status: 'completed', reused_keys: 0, kept_keys: 0, needs_review: [] } })
    const es = JSON.parse(dec((await service.download('u1', job.id, 'es'))!.bytes))
    expect(es.menu.save).toBe(es.menu.again)
    expect(es.menu.save).not.toBe('Save the file')
    expect(es.hello).toContain('{name}')
    const ca = JSON.parse(dec((await service.download('u1', job.id, 'ca'))!.bytes))
    expect(ca.menu.open).not.toBe(es.menu.open)
  })
})
