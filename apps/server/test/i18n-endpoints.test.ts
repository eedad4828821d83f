import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createHarness, multipart, type Harness } from './harness.js'

let h: Harness
let owner: { apiKey: string; id: string; email: string }
let stranger: { apiKey: string; id: string; email: string }

beforeAll(async () => {
  h = await createHarness()
  owner = await h.account(10_000)
  stranger = await h.account(10_000)
})
afterAll(() => h.close())

const json = `{\n  "greeting": "Good morning",\n  "nested": {\n    "farewell": "See you tomorrow, {name}!",\n    "count": 3\n  }\n}\n`

async function createJob(fields: Record<string, string>, file?: Parameters<typeof multipart>[1], apiKey = owner.apiKey) {
  const body = multipart(fields, file)
  return h.app.inject({ method: 'POST', url: '/v2/translate/i18n', headers: { ...body.headers, 'X-API-KEY': apiKey }, payload: body.payload })
}

function get(url: string, apiKey = owner.apiKey) {
  return h.app.inject({ method: 'GET', url, headers: { 'X-API-KEY': apiKey } })
}

async function waitForEnd(id: string) {
  return vi.waitFor(
    async () => {
      const res = await get(`/v2/translate/i18n/jobs/${id}/status`)
      const job = res.json()
      if (!['completed', 'partial', 'failed'].includes(job.status)) throw new Error(`still ${job.status}`)
      return job
    },
    { timeout: 60_000, interval: 100 },
  )
}

describe('i18n jobs over HTTP', () => {
  let jobId: string

  test('creates a job from a multipart upload and answers 201 pending', async () => {
    const res = await createJob({ source_language: 'en', target_languages: 'es,ca' }, { filename: 'app.json', content: json })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body.status).toBe('pending')
    expect(body.job_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(body.message).toBeTypeOf('string')
    jobId = body.job_id
  })

  test('completes, lists translated files with download URLs, and serves them', async () => {
    const job = await waitForEnd(jobId)
    expect(job).toMatchObject({ id: jobId, job_id: jobId, status: 'completed', original_filename: 'app.json', file_type: 'json', source_language: 'en', target_languages: ['es', 'ca'], total_keys: 2 })
    expect(job.completed_at).toBeTypeOf('string')
    // Issue 12: key counts agree with total_keys, with a per-language breakdown.
    expect(job).toMatchObject({ translated_keys: 2, failed_keys: 0 })
    expect(job.languages).toEqual({ es: { translated_keys: 2, failed_keys: 0, status: 'completed', reused_keys: 0, kept_keys: 0, needs_review: [] }, ca: { translated_keys: 2, failed_keys: 0, status: 'completed', reused_keys: 0, kept_keys: 0, needs_review: [] } })
    expect(job).not.toHaveProperty('webhook')
    expect(job.translated_files).toHaveLength(2)
    const es = job.translated_files.find((f: { language_code: string }) => f.language_code === 'es')
    expect(es.file_url).toBe(`https://verso.test/v2/translate/i18n/jobs/${jobId}/download/?language_code=es`)
    for (const url of [`/v2/translate/i18n/jobs/${jobId}/download/?language_code=es`, `/v2/translate/i18n/jobs/${jobId}/download?language_code=es`]) {
      const res = await get(url)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-disposition']).toContain('filename="app_es.json"')
      const translated = JSON.parse(res.body)
      expect(translated.nested.count).toBe(3)
      expect(translated.nested.farewell).toContain('{name}')
      expect(translated.greeting).not.toBe('Good morning')
      expect(Number(res.headers['content-length'])).toBe(es.file_size)
    }
  })

  test('lists only the caller’s jobs, newest first, without translated_files', async () => {
    const second = await createJob({ target_languages: 'es' }, { filename: 'second.json', content: '{"a": "Hello"}' })
    const res = await get('/v2/translate/i18n/jobs')
    expect(res.statusCode).toBe(200)
    const list = res.json()
    expect(list.map((job: { id: string }) => job.id)).toEqual([second.json().job_id, jobId])
    expect(list[0].translated_files).toBeUndefined()
    expect((await get('/v2/translate/i18n/jobs', stranger.apiKey)).json()).toEqual([])
  })

  test('hides other users’ jobs and refuses to delete them', async () => {
    expect((await get(`/v2/translate/i18n/jobs/${jobId}/status`, stranger.apiKey)).statusCode).toBe(404)
    const download = await get(`/v2/translate/i18n/jobs/${jobId}/download?language_code=es`, stranger.apiKey)
    expect(download.statusCode).toBe(404)
    expect(download.json().error).toBeTypeOf('string')
    const del = await h.app.inject({ method: 'DELETE', url: `/v2/translate/i18n/jobs/${jobId}`, headers: { 'X-API-KEY': stranger.apiKey } })
    expect(del.statusCode).toBe(401)
  })

  test('answers download errors with an error field', async () => {
    const missing = await get(`/v2/translate/i18n/jobs/${jobId}/download`)
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error).toMatch(/language_code/)
    const other = await get(`/v2/translate/i18n/jobs/${jobId}/download?language_code=pt`)
    expect(other.statusCode).toBe(404)
    expect(other.json().error).toBeTypeOf('string')
  })

  test('answers 404 for malformed and unknown job ids', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', '..%2F..%2Fetc']) {
      const res = await get(`/v2/translate/i18n/jobs/${id}/status`)
      expect(res.statusCode).toBe(404)
      expect(res.json().detail).toBeTypeOf('string')
    }
  })

  test('deletes a job and then answers 404 everywhere', async () => {
    const del = await h.app.inject({ method: 'DELETE', url: `/v2/translate/i18n/jobs/${jobId}`, headers: { 'X-API-KEY': owner.apiKey } })
    expect(del.statusCode).toBe(200)
    expect(del.json().message).toBeTypeOf('string')
    expect((await get(`/v2/translate/i18n/jobs/${jobId}/status`)).statusCode).toBe(404)
    expect((await get(`/v2/translate/i18n/jobs/${jobId}/download?language_code=es`)).statusCode).toBe(404)
    const again = await h.app.inject({ method: 'DELETE', url: `/v2/translate/i18n/jobs/${jobId}`, headers: { 'X-API-KEY': owner.apiKey } })
    expect(again.statusCode).toBe(404)
  })
})

const fixture = (name: string) => readFileSync(new URL(`../../../packages/formats/test/fixtures/real/${name}`, import.meta.url), 'utf8')

/** A real-world fixture uploaded as `filename` and translated en→es: the source, the finished job and the Spanish download. */
async function fixtureJob(name: string, filename: string) {
  const source = fixture(name)
  const created = await createJob({ source_language: 'en', target_languages: 'es' }, { filename, content: source })
  expect(created.statusCode).toBe(201)
  const job = await waitForEnd(created.json().job_id)
  const download = await get(`/v2/translate/i18n/jobs/${job.job_id}/download?language_code=es`)
  return { source, job, download, out: download.body }
}

describe('catalog conventions whose metadata is not text (issue 12, defect 9)', () => {
  test('a Flutter .arb file: messages translated, @@locale set to the target, placeholder types and metadata kept, only messages charged', async () => {
    const { source, job, download } = await fixtureJob('app_en.arb', 'app_en.arb')
    expect(job).toMatchObject({ status: 'completed', file_type: 'json', total_keys: 7, translated_keys: 7 })
    expect(download.headers['content-disposition']).toContain('filename="app_en_es.arb"')
    const out = JSON.parse(download.body)
    const original = JSON.parse(source)
    expect(out['@@locale']).toBe('es')
    expect(out.syncError).not.toBe(original.syncError)
    expect(out.greeting).toContain('{userName}')
    for (const key of Object.keys(original).filter((k) => k.startsWith('@') && k !== '@@locale')) expect(out[key]).toEqual(original[key])
  })

  test('a WebExtension messages.json: only message members translated, $NAME$ placeholders kept', async () => {
    const { source, job, download } = await fixtureJob('webextension-messages.json', 'messages.json')
    expect(job).toMatchObject({ status: 'completed', total_keys: 7, translated_keys: 7 })
    const out = JSON.parse(download.body)
    const original = JSON.parse(source)
    expect(out.closedTabs.message).toMatch(/\$COUNT\$.*\$WINDOW\$/)
    expect(out.closedTabs.message).not.toBe(original.closedTabs.message)
    for (const name of Object.keys(original)) {
      const { message: _a, ...metadata } = original[name]
      const { message: _b, ...kept } = out[name]
      expect(kept).toEqual(metadata)
    }
  })
})

describe('.NET resources (.resx)', () => {
  test('only string <data> values translated and charged; the reader type, typed values, designer records and comments kept', async () => {
    const { job, download, out } = await fixtureJob('Resources.resx', 'Resources.resx')
    expect(job).toMatchObject({ status: 'completed', file_type: 'xml', total_keys: 9, translated_keys: 9 })
    expect(download.headers['content-disposition']).toContain('filename="Resources_es.resx"')
    // a menu's accelerator is on a letter of the translation, the word no longer split by it (E&xit)
    expect(out).toMatch(/<data name="exitMenuItem.Text" xml:space="preserve">\s*<value>&amp;\p{L}+<\/value>/u)
    expect(out).toMatch(/<data name="fileMenuItem.Text" xml:space="preserve">\s*<value>&amp;\p{L}+<\/value>/u)
    expect(out).toContain('<value>System.Resources.ResXResourceReader, System.Windows.Forms, Version=4.0.0.0')
    expect(out).toContain('<value>Blue</value>')
    expect(out).toContain('<value>okButton</value>')
    expect(out).toContain('<comment>Shown when the file is not a valid image</comment>')
    expect(out).toMatch(/<data name="okButton.Text" xml:space="preserve">\s*<value>(?!Save<)\p{L}+<\/value>/u)
    expect(out).toMatch(/<value>[^<]*\{0\}[^<]*\{1\}[^<]*<\/value>/)
  })

  test('a UWP/WinUI .resw file (the same schema) is taken and translated alike', async () => {
    const { job, download, out } = await fixtureJob('Resources.resx', 'Resources.resw')
    expect(job).toMatchObject({ status: 'completed', file_type: 'xml', total_keys: 9, translated_keys: 9 })
    expect(download.headers['content-disposition']).toContain('filename="Resources_es.resw"')
    expect(out).toContain('<comment>Shown when the file is not a valid image</comment>')
    expect(out).toMatch(/<data name="okButton.Text" xml:space="preserve">\s*<value>(?!Save<)\p{L}+<\/value>/u)
  })
})

describe('Xcode String Catalogs (.xcstrings)', () => {
  test('the target language is added beside the others; metadata, other languages and untranslatable strings kept', async () => {
    const { source, job, download } = await fixtureJob('Localizable.xcstrings', 'Localizable.xcstrings')
    expect(job).toMatchObject({ status: 'completed', file_type: 'json', total_keys: 4, translated_keys: 4 })
    expect(download.headers['content-disposition']).toContain('filename="Localizable_es.xcstrings"')
    const out = JSON.parse(download.body)
    const before = JSON.parse(source)
    expect(out.sourceLanguage).toBe('en')
    expect(out.strings['greeting_title'].localizations.en).toEqual(before.strings['greeting_title'].localizations.en)
    expect(out.strings['greeting_title'].localizations.fr).toEqual(before.strings['greeting_title'].localizations.fr)
    expect(out.strings['greeting_title'].localizations.es.stringUnit).toMatchObject({ state: 'translated', value: expect.stringContaining('%@') })
    expect(Object.keys(out.strings['%lld photos'].localizations.es.variations.plural)).toEqual(['one', 'many', 'other'])
    expect(out.strings['CFBundleDisplayName']).toEqual(before.strings['CFBundleDisplayName'])
    expect(out.strings['Old label']).toEqual(before.strings['Old label'])
  })
})

describe('Apple .stringsdict', () => {
  test('plural strings and format-key words translated, the plist keys and types kept, the target’s plural categories written', async () => {
    const { source, job, out } = await fixtureJob('Localizable.stringsdict', 'Localizable.stringsdict')
    expect(job).toMatchObject({ status: 'completed', file_type: 'xml', total_keys: 4, translated_keys: 4 })
    const keys = (xml: string) => [...xml.matchAll(/<key>([^<]*)<\/key>/g)].map((m) => m[1]!)
    expect(keys(out).filter((k) => k.startsWith('NS'))).toEqual(keys(source).filter((k) => k.startsWith('NS')))
    expect(out).toContain('<string>NSStringPluralRuleType</string>')
    expect(out).toContain('<string>%#@photos@</string>')
    expect(out).toMatch(/<string>%#@items@ \p{L}[^<]* %#@albums@<\/string>/u)
    // Spanish has a `many` form (CLDR), English has none
    expect(out).toMatch(/<key>many<\/key>\n\t\t\t<string>%d \p{L}+<\/string>/u)
  })
})

describe('Qt Linguist (.ts)', () => {
  test('fills the unfinished messages of a file lupdate made for the target, keeps the finished one, marks them finished, keeps context names', async () => {
    const { job, out } = await fixtureJob('app_es.linguist.xml', 'app_es.ts')
    expect(job).toMatchObject({ status: 'completed', file_type: 'xml', total_keys: 7, translated_keys: 7 })
    expect(job.languages.es.kept_keys + job.languages.es.reused_keys).toBeGreaterThanOrEqual(1)
    expect(out).toContain('<name>MainWindow</name>')
    expect(out).toContain('<comment>adjective, a tab state</comment>\n        <translation>Abierta</translation>')
    expect(out).toMatch(/<source>Photo Shelf<\/source>\n        <translation>[^<]+<\/translation>/)
    expect(out).toMatch(/<numerusform>%n [^<]+<\/numerusform>/)
    expect(out).not.toContain('type="unfinished"')
  })
})

describe('XLIFF (.xlf)', () => {
  test('each unit’s translation goes into its <target>, the source stays, target-language names the target; a unit marked translate="no" is not charged', async () => {
    const { job, download, out } = await fixtureJob('messages.xlf', 'messages.xlf')
    expect(job).toMatchObject({ status: 'completed', file_type: 'xml', total_keys: 6, translated_keys: 6 })
    expect(download.headers['content-disposition']).toContain('filename="messages_es.xlf"')
    expect(out).toContain('target-language="es"')
    expect(out).toContain('<source>Welcome to the photo library!</source>\n        <target>')
    expect(out).toMatch(/<target>[^<]*<x id="INTERPOLATION" equiv-text="\{\{ minutes \}\}"\/>/)
    expect(out).toMatch(/<target>\p{L}[^<]* <x id="ICU" equiv-text="\{gender, select, male \{...\} female \{...\} other \{...\}\}"\/><\/target>/u)
    expect(out.match(/<target>/g)).toHaveLength(6)
  })
})

describe('POST /v2/translate/i18n refuses bad input', () => {
  test('a JSON body', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/v2/translate/i18n', headers: { 'X-API-KEY': owner.apiKey }, payload: { target_languages: 'es' } })
    expect(res.statusCode).toBe(415)
    expect(res.json().detail).toMatch(/multipart/)
  })

  test.each([
    ['no file', { target_languages: 'es' }, undefined, 400],
    ['no target languages', {}, { filename: 'a.json', content: '{"a":"Hi"}' }, 400],
    ['an unsupported target', { target_languages: 'es,xx' }, { filename: 'a.json', content: '{"a":"Hi"}' }, 400],
    ['51 targets', { target_languages: Array(51).fill('es').join(',') }, { filename: 'a.json', content: '{"a":"Hi"}' }, 400],
    ['an unsupported extension', { target_languages: 'es' }, { filename: 'a.docx', content: 'xx' }, 400],
    ['a plain-http webhook', { target_languages: 'es', webhook_url: 'http://example.com/hook' }, { filename: 'a.json', content: '{"a":"Hi"}' }, 400],
    ['an unknown source', { target_languages: 'es', source_language: 'zz' }, { filename: 'a.json', content: '{"a":"Hi"}' }, 400],
  ] as const)('%s', async (_what, fields, file, status) => {
    const res = await createJob({ ...fields }, file ? { ...file } : undefined)
    expect(res.statusCode).toBe(status)
    expect(res.json().detail).toBeTypeOf('string')
  })

  /** A multipart body whose fields may repeat (the harness's helper takes a record). */
  function repeated(fields: Array<[string, string]>): { payload: Buffer; headers: Record<string, string> } {
    const boundary = '----verso-repeated'
    const parts = fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n\r\n{"a":"Hi","b":"Bye"}\r\n--${boundary}--\r\n`)
    return { payload: Buffer.from(parts.join('')), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'X-API-KEY': owner.apiKey } }
  }

  test('a field given twice (which dry_run wins?) answers 400 and creates nothing', async () => {
    const body = repeated([['target_languages', 'es'], ['dry_run', 'true'], ['dry_run', 'false']])
    const res = await h.app.inject({ method: 'POST', url: '/v2/translate/i18n', headers: body.headers, payload: body.payload })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toBe("The form field 'dry_run' is given more than once.")
  })

  test('repeated target_languages fields add up', async () => {
    const body = repeated([['target_languages', 'es'], ['target_languages', 'ca'], ['dry_run', 'true']])
    const res = await h.app.inject({ method: 'POST', url: '/v2/translate/i18n', headers: body.headers, payload: body.payload })
    expect(res.statusCode).toBe(200)
    expect(Object.keys(res.json().languages)).toEqual(['es', 'ca'])
  })

  test('a file over 10 MB answers 413', async () => {
    const big = `{"a": "${'x'.repeat(10 * 1024 * 1024 + 10)}"}`
    const res = await createJob({ target_languages: 'es' }, { filename: 'big.json', content: big })
    expect(res.statusCode).toBe(413)
    expect(res.json().detail).toBeTypeOf('string')
  })

  test('a missing key answers 403', async () => {
    const body = multipart({ target_languages: 'es' }, { filename: 'a.json', content: '{"a":"Hi"}' })
    const res = await h.app.inject({ method: 'POST', url: '/v2/translate/i18n', headers: body.headers, payload: body.payload })
    expect(res.statusCode).toBe(403)
  })

  test('an account that cannot cover the file answers 402', async () => {
    const poor = await h.account(1)
    const res = await createJob({ target_languages: 'es,ca' }, { filename: 'a.json', content: '{"a":"Hi","b":"Bye"}' }, poor.apiKey)
    expect(res.statusCode).toBe(402)
    expect(res.json().detail).toMatch(/1 credit remaining/)
    expect(res.json().detail).toMatch(/4 required/)
  })
})
