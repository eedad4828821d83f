/**
 * Issue 13 through the HTTP API: the text endpoints reuse the account's translation memory,
 * glossaries keep brand names and force terms (Apertium and a remote engine's fake), and an
 * account's memory can be cleared.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createEngine, routedEngineFromEnv, type Engine, type RoutedEngine } from '@verso/engine'
import { fakeDeepL } from '../../../packages/engine/test/fakes/deepl.js'
import type { FakeServer } from '../../../packages/engine/test/fakes/fake-server.js'
import { createHarness, multipart, type Harness } from './harness.js'

/** Creates a job of `app` over multipart and waits for it; the translated file of `target` as text. */
async function jobResult(app: Harness['app'], key: string, fields: Record<string, string>, content: string, target: string): Promise<string> {
  const form = multipart(fields, { filename: 'en.json', content })
  const created = await app.inject({ method: 'POST', url: '/v2/translate/i18n', headers: { 'X-API-KEY': key, ...form.headers }, payload: form.payload })
  expect(created.statusCode).toBe(201)
  const id = created.json().job_id
  let status = ''
  for (let i = 0; i < 200 && !['completed', 'partial', 'failed'].includes(status); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    status = (await app.inject({ method: 'GET', url: `/v2/translate/i18n/jobs/${id}/status`, headers: { 'X-API-KEY': key } })).json().status
  }
  expect(status).toBe('completed')
  const file = await app.inject({ method: 'GET', url: `/v2/translate/i18n/jobs/${id}/download?language_code=${target}`, headers: { 'X-API-KEY': key } })
  expect(file.statusCode).toBe(200)
  return file.body
}

/** The real engine, counting the segments each translate call sends it. */
function countingEngine(engine: Engine): Engine & { segmentsSent: number } {
  const counting = Object.create(engine) as Engine & { segmentsSent: number }
  counting.segmentsSent = 0
  counting.translate = (segments, pair, options) => {
    counting.segmentsSent += segments.length
    return engine.translate(segments, pair, options)
  }
  counting.translateSettled = (segments, pair, options) => {
    counting.segmentsSent += segments.length
    return engine.translateSettled(segments, pair, options)
  }
  return counting
}

let h: Harness
let engine: ReturnType<typeof countingEngine>
let apiKey: string
let accountId: string

beforeAll(async () => {
  engine = countingEngine(createEngine())
  h = await createHarness({ engine })
  ;({ apiKey, id: accountId } = await h.account(1000))
})
afterAll(async () => {
  await h.close()
  await engine.close()
})

const post = (url: string, payload: unknown, key = apiKey) => h.app.inject({ method: 'POST', url, headers: { 'X-API-KEY': key }, payload: payload as object })
const get = (url: string, key = apiKey) => h.app.inject({ method: 'GET', url, headers: { 'X-API-KEY': key } })
const del = (url: string, key = apiKey) => h.app.inject({ method: 'DELETE', url, headers: { 'X-API-KEY': key } })
const creditsUsed = async () => (await h.metering.summary(accountId)).credits_used

async function glossary(entries: Array<{ source: string; target: string }>, languages = { source_language: 'en', target_language: 'es' }): Promise<string> {
  const res = await post('/v2/glossaries', { name: 'Product terms', ...languages, entries })
  expect(res.statusCode).toBe(201)
  return res.json().glossary_id
}

describe('translation memory on the text endpoints', () => {
  test('a text translated before is answered from memory without calling the engine, at the spec price', async () => {
    const text = 'The quarterly report is ready for review.'
    const first = await post('/v2/translate', { text, source: 'en', target: 'es' })
    expect(first.statusCode).toBe(200)
    expect(first.json().details.from_memory).toBe(false)
    const sent = engine.segmentsSent
    const used = await creditsUsed()
    const second = await post('/v2/translate', { text, source: 'en', target: 'es' })
    expect(second.statusCode).toBe(200)
    expect(second.json().translations.translation).toBe(first.json().translations.translation)
    expect(second.json().details).toMatchObject({ from_memory: true, engine: 'apertium' })
    expect(engine.segmentsSent).toBe(sent)
    expect(await creditsUsed()).toBe(used + 1)
  })

  test("after an engine upgrade the text is translated again, not served from the earlier engine's memory", async () => {
    const text = 'The monthly invoice was sent yesterday.'
    const installed = engine.revision('en', 'es')
    expect(installed).toMatch(/^[0-9a-f]{16}$/)
    await post('/v2/translate', { text, source: 'en', target: 'es' })
    expect((await post('/v2/translate', { text, source: 'en', target: 'es' })).json().details.from_memory).toBe(true)
    const sent = engine.segmentsSent
    // what a new Verso release or an upgraded apertium-eng-spa package gives the same direction
    engine.revision = (source, target) => `${Object.getPrototypeOf(engine).revision(source, target)}-upgraded`
    try {
      const upgraded = await post('/v2/translate', { text, source: 'en', target: 'es' })
      expect(upgraded.statusCode).toBe(200)
      expect(upgraded.json().details.from_memory).toBe(false)
      expect(engine.segmentsSent).toBe(sent + 1)
      expect((await post('/v2/translate', { text, source: 'en', target: 'es' })).json().details.from_memory).toBe(true)
    } finally {
      delete (engine as Partial<Engine>).revision
    }
    expect(engine.revision('en', 'es')).toBe(installed)
  })

  test('use_memory=false calls the engine and says so', async () => {
    const text = 'The weekly meeting starts at noon.'
    await post('/v2/translate', { text, source: 'en', target: 'es' })
    const sent = engine.segmentsSent
    const res = await post('/v2/translate', { text, source: 'en', target: 'es', use_memory: false })
    expect(res.statusCode).toBe(200)
    expect(res.json().details.from_memory).toBe(false)
    expect(engine.segmentsSent).toBe(sent + 1)
  })

  test('batch items, HTML segments and subtitle cues are reused too', async () => {
    const texts = ['Open the settings page.', 'Close the window.']
    await post('/v2/translate/batch', { texts, source: 'en', target: 'es' })
    let sent = engine.segmentsSent
    const batch = await post('/v2/translate/batch', { texts, source: 'en', target: 'es' })
    expect(batch.json().translations.map((t: { from_memory: boolean }) => t.from_memory)).toEqual([true, true])
    expect(engine.segmentsSent).toBe(sent)

    const html = '<p>Save the <b>new</b> document.</p><p>Print the invoice.</p>'
    const firstHtml = await post('/v2/translate/html', { html, source: 'en', target: 'es' })
    sent = engine.segmentsSent
    const secondHtml = await post('/v2/translate/html', { html, source: 'en', target: 'es' })
    expect(secondHtml.json().html).toBe(firstHtml.json().html)
    expect(engine.segmentsSent).toBe(sent)

    const srt = '1\n00:00:01,000 --> 00:00:02,000\nWhere is the station?\n\n2\n00:00:03,000 --> 00:00:04,000\nThe train leaves soon.\n'
    const firstSrt = await post('/v2/translate/subtitles', { format: 'srt', content: srt, source: 'en', target: 'es' })
    sent = engine.segmentsSent
    const secondSrt = await post('/v2/translate/subtitles', { format: 'srt', content: srt, source: 'en', target: 'es' })
    expect(secondSrt.json().content).toBe(firstSrt.json().content)
    expect(engine.segmentsSent).toBe(sent)
  })

  test('memories are per account', async () => {
    const other = await h.account(100)
    const text = 'The library closes early on Fridays.'
    await post('/v2/translate', { text, source: 'en', target: 'es' })
    const res = await post('/v2/translate', { text, source: 'en', target: 'es' }, other.apiKey)
    expect(res.json().details.from_memory).toBe(false)
  })

  test('DELETE /v2/memory clears the account memory', async () => {
    const text = 'The garden needs water every morning.'
    await post('/v2/translate', { text, source: 'en', target: 'es' })
    const cleared = await del('/v2/memory')
    expect(cleared.statusCode).toBe(200)
    expect(cleared.json().deleted_translations).toBeGreaterThan(0)
    const res = await post('/v2/translate', { text, source: 'en', target: 'es' })
    expect(res.json().details.from_memory).toBe(false)
  })
})

describe('glossaries', () => {
  test('create, list, read and delete, as DeepL has them', async () => {
    const id = await glossary([
      { source: 'Verso', target: 'Verso' },
      { source: 'cloud', target: 'nube' },
    ])
    const listed = await get('/v2/glossaries')
    expect(listed.statusCode).toBe(200)
    expect(listed.json().glossaries.find((g: { glossary_id: string }) => g.glossary_id === id)).toMatchObject({
      name: 'Product terms',
      source_language: 'en',
      target_language: 'es',
      entry_count: 2,
    })
    const read = await get(`/v2/glossaries/${id}`)
    expect(read.json().entries).toEqual([
      { source: 'Verso', target: 'Verso' },
      { source: 'cloud', target: 'nube' },
    ])
    expect((await del(`/v2/glossaries/${id}`)).statusCode).toBe(200)
    expect((await get(`/v2/glossaries/${id}`)).statusCode).toBe(404)
    expect((await del(`/v2/glossaries/${id}`)).statusCode).toBe(404)
  })

  test('takes CSV and TSV entries as text and as an uploaded file', async () => {
    const tsv = await post('/v2/glossaries', { name: 'tsv', source_language: 'en', target_language: 'es', entries: 'Verso\tVerso\ninvoice\tfactura\n', entries_format: 'tsv' })
    expect(tsv.statusCode).toBe(201)
    expect(tsv.json().entry_count).toBe(2)
    const form = multipart(
      { name: 'csv upload', source_language: 'en', target_language: 'es' },
      { field: 'entries', filename: 'terms.csv', content: 'source,target\n"Verso, Inc.","Verso, Inc."\ndashboard,panel\n' },
    )
    const csv = await h.app.inject({ method: 'POST', url: '/v2/glossaries', headers: { 'X-API-KEY': apiKey, ...form.headers }, payload: form.payload })
    expect(csv.statusCode).toBe(201)
    const read = await get(`/v2/glossaries/${csv.json().glossary_id}`)
    expect(read.json().entries).toContainEqual({ source: 'Verso, Inc.', target: 'Verso, Inc.' })
  })

  test.each([
    [{ name: 'x', source_language: 'en', target_language: 'es', entries: [] }, /entr/i],
    [{ name: '', source_language: 'en', target_language: 'es', entries: [{ source: 'a', target: 'b' }] }, /name/i],
    [{ name: 'x', source_language: 'xx', target_language: 'es', entries: [{ source: 'a', target: 'b' }] }, /source_language/],
    [{ name: 'x', source_language: 'en', target_language: 'es', entries: [{ source: 'a'.repeat(201), target: 'b' }] }, /200|long/i],
    [{ name: 'x', source_language: 'en', target_language: 'es', entries: 'a,b\n"c,d\n', entries_format: 'csv' }, /line|quote/i],
    [{ name: 'x', source_language: 'en', target_language: 'es', entries: [{ source: 'a', target: 'b' }], entries_format: 'xlsx' }, /entries_format/],
  ])('refuses a bad glossary with a 400 that says why (%#)', async (body, message) => {
    const res = await post('/v2/glossaries', body)
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(message)
  })

  test('refuses more entries than the limit', async () => {
    const entries = Array.from({ length: 5001 }, (_, i) => ({ source: `term${i}`, target: `término${i}` }))
    const res = await post('/v2/glossaries', { name: 'huge', source_language: 'en', target_language: 'es', entries })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/5\s?000/)
  })

  test('keeps a brand name and forces a term in text and HTML with Apertium', async () => {
    const id = await glossary([
      { source: 'Verso', target: 'Verso' },
      { source: 'cloud', target: 'nube' },
    ])
    const text = await post('/v2/translate', { text: 'Verso keeps your files in the cloud.', source: 'en', target: 'es', glossary_id: id })
    expect(text.statusCode).toBe(200)
    const translation: string = text.json().translations.translation
    expect(translation).toContain('Verso')
    expect(translation).toContain('nube')
    expect(translation).not.toMatch(/[*#@]/)

    const html = await post('/v2/translate/html', { html: '<p><b>Cloud</b> storage by <i>Verso</i></p>', source: 'en', target: 'es', glossary_id: id })
    expect(html.statusCode).toBe(200)
    expect(html.json().html).toContain('<b>Nube</b>')
    expect(html.json().html).toContain('<i>Verso</i>')
  })

  test('keeps a brand name and forces a term in a localization job with Apertium', async () => {
    const id = await glossary([
      { source: 'Verso', target: 'Verso' },
      { source: 'cloud', target: 'nube' },
    ])
    const body = await jobResult(
      h.app,
      apiKey,
      { source_language: 'en', target_languages: 'es', glossary_id: id },
      JSON.stringify({ storage: 'Verso keeps your files in the cloud.', title: 'Cloud settings' }, null, 2),
      'es',
    )
    const file = JSON.parse(body)
    expect(file.storage).toContain('Verso')
    expect(file.storage).toContain('nube')
    expect(file.title).toContain('Nube')
  })

  test('a glossary is for its own pair and account, and needs a source language', async () => {
    const id = await glossary([{ source: 'Verso', target: 'Verso' }])
    const wrongPair = await post('/v2/translate', { text: 'Verso is here.', source: 'en', target: 'ca', glossary_id: id })
    expect(wrongPair.statusCode).toBe(400)
    expect(wrongPair.json().detail).toMatch(/en→es/)
    const auto = await post('/v2/translate', { text: 'Verso is here.', source: 'auto', target: 'es', glossary_id: id })
    expect(auto.statusCode).toBe(400)
    const other = await h.account(100)
    const foreign = await post('/v2/translate', { text: 'Verso is here.', source: 'en', target: 'es', glossary_id: id }, other.apiKey)
    expect(foreign.statusCode).toBe(404)
    const unknown = await post('/v2/translate', { text: 'Verso is here.', source: 'en', target: 'es', glossary_id: 'not-a-glossary' })
    expect(unknown.statusCode).toBe(404)
  })

  test("a language's glossary serves its regional variants (EN→PT for EN→PT-BR, as at DeepL), a variant's glossary only that variant", async () => {
    const pt = await glossary([{ source: 'cloud', target: 'nuvem' }, { source: 'Verso', target: 'Verso' }], { source_language: 'en', target_language: 'pt' })
    const brazil = await post('/v2/translate', { text: 'Verso keeps your files in the cloud.', source: 'en', target: 'pt-br', glossary_id: pt })
    expect(brazil.statusCode).toBe(200)
    expect(brazil.json().translations.target).toBe('pt-BR')
    expect(brazil.json().translations.translation).toContain('nuvem')
    expect(brazil.json().translations.translation).toContain('Verso')
    const job = JSON.parse(
      await jobResult(h.app, apiKey, { source_language: 'en', target_languages: 'pt-BR', glossary_id: pt }, JSON.stringify({ storage: 'Files in the cloud.' }), 'pt-BR'),
    )
    expect(job.storage).toContain('nuvem')

    const onlyBrazil = await glossary([{ source: 'cloud', target: 'nuvem' }], { source_language: 'en', target_language: 'pt-BR' })
    const plain = await post('/v2/translate', { text: 'Files in the cloud.', source: 'en', target: 'pt', glossary_id: onlyBrazil })
    expect(plain.statusCode).toBe(400)
    expect(plain.json().detail).toMatch(/en→pt-BR, not en→pt/)
  })

  test('a failed glossary check charges nothing', async () => {
    const used = await creditsUsed()
    await post('/v2/translate/batch', { texts: ['one', 'two'], source: 'en', target: 'es', glossary_id: '00000000-0000-4000-8000-000000000000' })
    expect(await creditsUsed()).toBe(used)
  })
})

describe('glossaries with a remote engine (DeepL fake)', () => {
  let dl: FakeServer
  let remote: RoutedEngine
  let r: Harness
  let key: string
  const DEEPL_KEY = 'deepl-memory-secret-0123456789:fx'

  beforeAll(async () => {
    dl = await fakeDeepL({ apiKey: DEEPL_KEY })
    remote = routedEngineFromEnv({ DEEPL_API_KEY: DEEPL_KEY, DEEPL_API_URL: dl.url, ENGINE_TIMEOUT_MS: '5000' }, { engine: { backoffMs: 5, maxBackoffMs: 10 } })
    await remote.start()
    r = await createHarness({ engine: remote })
    key = (await r.account(100)).apiKey
  })
  afterAll(async () => {
    await r.close()
    await remote.close()
    await dl.close()
  })

  test('terms are masked before the remote engine sees them and restored after', async () => {
    const created = await r.app.inject({
      method: 'POST',
      url: '/v2/glossaries',
      headers: { 'X-API-KEY': key },
      payload: { name: 'de terms', source_language: 'en', target_language: 'de', entries: [{ source: 'Verso', target: 'Verso' }, { source: 'world', target: 'Erdkreis' }] },
    })
    expect(created.statusCode).toBe(201)
    const res = await r.app.inject({
      method: 'POST',
      url: '/v2/translate',
      headers: { 'X-API-KEY': key },
      payload: { text: 'Hello world from Verso', source: 'en', target: 'de', glossary_id: created.json().glossary_id },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().details.engine).toBe('deepl')
    const translation: string = res.json().translations.translation
    expect(translation).toContain('Erdkreis')
    expect(translation).toContain('Verso')
    expect(translation).not.toContain('Welt')
  })

  test('a localization job with a glossary keeps the terms through the remote engine', async () => {
    const created = await r.app.inject({
      method: 'POST',
      url: '/v2/glossaries',
      headers: { 'X-API-KEY': key },
      payload: { name: 'de job terms', source_language: 'en', target_language: 'de', entries: [{ source: 'Verso', target: 'Verso' }, { source: 'world', target: 'Erdkreis' }] },
    })
    const body = await jobResult(
      r.app,
      key,
      { source_language: 'en', target_languages: 'de', glossary_id: created.json().glossary_id },
      JSON.stringify({ greeting: 'Hello world from Verso' }),
      'de',
    )
    const greeting: string = JSON.parse(body).greeting
    expect(greeting).toContain('Erdkreis')
    expect(greeting).toContain('Verso')
    expect(greeting).toMatch(/^\[de\]/)
  })
})
