/**
 * Issue 13 over HTTP: memory in jobs, incremental jobs with `target_file_<code>`, quotes with
 * `dry_run`, and the new form fields' errors. Real Apertium engine, SQLite stores.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createHarness, type Harness } from './harness.js'

let h: Harness
let owner: { apiKey: string; id: string; email: string }

beforeAll(async () => {
  h = await createHarness()
  owner = await h.account(10_000)
})
afterAll(() => h.close())

/** A multipart body with any number of file parts (`file`, `target_file_es`, …). */
function form(fields: Record<string, string>, files: Array<{ field: string; filename: string; content: string }>) {
  const boundary = `----verso${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  for (const file of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      Buffer.from(file.content),
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

function post(fields: Record<string, string>, files: Array<{ field: string; filename: string; content: string }>, apiKey = owner.apiKey) {
  const body = form(fields, files)
  return h.app.inject({ method: 'POST', url: '/v2/translate/i18n', headers: { ...body.headers, 'X-API-KEY': apiKey }, payload: body.payload })
}

function get(url: string, apiKey = owner.apiKey) {
  return h.app.inject({ method: 'GET', url, headers: { 'X-API-KEY': apiKey } })
}

async function waitForEnd(id: string) {
  return vi.waitFor(
    async () => {
      const job = (await get(`/v2/translate/i18n/jobs/${id}/status`)).json()
      if (!job.completed_at) throw new Error(`still ${job.status}`)
      return job
    },
    { timeout: 60_000, interval: 100 },
  )
}

async function creditsUsed(): Promise<number> {
  await h.jobs.drainOutbox()
  return (await h.metering.summary(owner.id)).credits_used
}

const EN = `{
  "app": {
    "title": "Photo library",
    "welcome": "Welcome back, {name}!",
    "logout": "Sign out"
  },
  "settings": {
    "language": "Language",
    "notifications": "Send me an email when someone comments on my photos",
    "save": "Save changes",
    "cancel": "Cancel"
  },
  "errors": {
    "network": "The server cannot be reached. Check your connection and try again.",
    "notFound": "This page does not exist."
  }
}
`

/** EN with three keys added in the middle of three objects. */
const EN_PLUS_THREE = EN.replace('"title": "Photo library",\n', '"title": "Photo library",\n    "subtitle": "Your pictures, in order",\n')
  .replace('"notifications": "Send me an email when someone comments on my photos",\n', '"notifications": "Send me an email when someone comments on my photos",\n    "privacy": "Only my friends can see my albums",\n')
  .replace('"network": "The server cannot be reached. Check your connection and try again.",\n', '"network": "The server cannot be reached. Check your connection and try again.",\n    "timeout": "The request took too long",\n')

/** Lines of `after` that are not in `before`, checking that every line of `before` is kept, in order. */
function addedLines(before: string, after: string): string[] {
  const old = before.split('\n')
  const added: string[] = []
  let i = 0
  for (const line of after.split('\n')) {
    if (i < old.length && line === old[i]) i++
    else added.push(line)
  }
  expect(i, 'every line of the previous file is kept, in order').toBe(old.length)
  return added
}

describe('incremental i18n jobs over HTTP (issue 13)', () => {
  test('keeps two hand edits, translates three new keys for 3 credits, and changes nothing else', async () => {
    const start = await creditsUsed()
    const first = await post({ source_language: 'en', target_languages: 'es' }, [{ field: 'file', filename: 'en.json', content: EN }])
    expect(first.statusCode).toBe(201)
    const job1 = await waitForEnd(first.json().job_id)
    expect(job1).toMatchObject({ status: 'completed', total_keys: 9, translated_keys: 9, reused_keys: 0, kept_keys: 0 })
    expect((await creditsUsed()) - start).toBe(9)
    const es1 = (await get(`/v2/translate/i18n/jobs/${job1.id}/download/?language_code=es`)).body

    // Two values edited by hand.
    const edited = es1
      .replace(/("logout": )"[^"]*"/, '$1"Cerrar la sesión"')
      .replace(/("save": )"[^"]*"/, '$1"Guardar"')
    expect(edited).not.toBe(es1)

    const before = await creditsUsed()
    const second = await post({ source_language: 'en', target_languages: 'es' }, [
      { field: 'file', filename: 'en.json', content: EN_PLUS_THREE },
      { field: 'target_file_es', filename: 'es.json', content: edited },
    ])
    expect(second.statusCode).toBe(201)
    const job2 = await waitForEnd(second.json().job_id)
    expect(job2).toMatchObject({ status: 'completed', total_keys: 12, translated_keys: 12, failed_keys: 0, kept_keys: 2, reused_keys: 7 })
    expect(job2.languages.es).toMatchObject({ kept_keys: 2, reused_keys: 7, needs_review: [] })
    expect((await creditsUsed()) - before).toBe(3)

    const es2 = (await get(`/v2/translate/i18n/jobs/${job2.id}/download/?language_code=es`)).body
    const parsed = JSON.parse(es2)
    expect(parsed.app.logout).toBe('Cerrar la sesión')
    expect(parsed.settings.save).toBe('Guardar')
    const added = addedLines(edited, es2)
    expect(added).toHaveLength(3)
    expect(added.map((line) => line.trim().split('"')[1]).sort()).toEqual(['privacy', 'subtitle', 'timeout'])
    for (const key of ['subtitle', 'privacy', 'timeout'] as const) {
      const value = key === 'subtitle' ? parsed.app.subtitle : key === 'privacy' ? parsed.settings.privacy : parsed.errors.timeout
      expect(value).toBeTypeOf('string')
      expect(EN_PLUS_THREE).not.toContain(`"${value}"`)
    }
  })

  test('dry_run answers the quote, creates no job and charges nothing; the job then charges exactly it', async () => {
    const file = { field: 'file', filename: 'quote.json', content: '{ "a": "The cat sleeps", "b": "The dog runs" }' }
    const first = await post({ source_language: 'en', target_languages: 'es' }, [file])
    await waitForEnd(first.json().job_id)
    const jobs = (await get('/v2/translate/i18n/jobs')).json().length
    const used = await creditsUsed()
    const changed = { ...file, content: '{ "a": "The cat sleeps", "b": "The dog runs", "c": "The bird sings" }' }
    const quote = await post({ source_language: 'en', target_languages: 'es,ca', dry_run: 'true' }, [changed])
    expect(quote.statusCode).toBe(200)
    expect(quote.json()).toEqual({
      total_keys: 3,
      languages: {
        es: { keys_to_translate: 1, reused_keys: 2, kept_keys: 0, needs_review: [] },
        ca: { keys_to_translate: 3, reused_keys: 0, kept_keys: 0, needs_review: [] },
      },
      credits: 4,
    })
    expect((await get('/v2/translate/i18n/jobs')).json().length).toBe(jobs)
    expect(await creditsUsed()).toBe(used)
    const created = await post({ source_language: 'en', target_languages: 'es,ca' }, [changed])
    await waitForEnd(created.json().job_id)
    expect((await creditsUsed()) - used).toBe(4)
  })

  test('use_memory=false translates and charges every key', async () => {
    const file = { field: 'file', filename: 'nomemory.json', content: '{ "a": "Good evening", "b": "See you soon" }' }
    await waitForEnd((await post({ source_language: 'en', target_languages: 'es' }, [file])).json().job_id)
    const used = await creditsUsed()
    const again = await post({ source_language: 'en', target_languages: 'es', use_memory: 'false' }, [file])
    const job = await waitForEnd(again.json().job_id)
    expect(job).toMatchObject({ status: 'completed', use_memory: false, reused_keys: 0, translated_keys: 2 })
    expect((await creditsUsed()) - used).toBe(2)
  })

  test('answers 400 for bad flags and bad target files, 404 for an unknown glossary, before anything is charged', async () => {
    const used = await creditsUsed()
    const file = { field: 'file', filename: 'en.json', content: EN }
    const cases: Array<[Record<string, string>, Array<{ field: string; filename: string; content: string }>, number, RegExp]> = [
      [{ target_languages: 'es', use_memory: 'maybe' }, [file], 400, /use_memory/],
      [{ target_languages: 'es', dry_run: 'yes' }, [file], 400, /dry_run/],
      [{ target_languages: 'es' }, [file, { field: 'target_file_ca', filename: 'ca.json', content: EN }], 400, /target_file_ca/],
      [{ target_languages: 'es' }, [file, { field: 'target_file_es', filename: 'es.yaml', content: 'a: b\n' }], 400, /not a json file/],
      [{ target_languages: 'es' }, [file, { field: 'target_file_es', filename: 'es.json', content: '{ "a": ' }], 400, /target file for 'es'/],
      [{ target_languages: 'es' }, [file, { field: 'target_file_es', filename: 'es.json', content: '{ "en": { "a": "A" }, "es": { "a": "B" } }' }], 400, /multi-locale/],
      [{ source_language: 'en', target_languages: 'es', glossary_id: '00000000-0000-4000-8000-000000000000' }, [file], 404, /Glossary .* not found/],
    ]
    for (const [fields, files, status, message] of cases) {
      const res = await post(fields, files)
      expect(res.statusCode, JSON.stringify(fields)).toBe(status)
      expect(res.json().detail).toMatch(message)
    }
    expect(await creditsUsed()).toBe(used)
  })

  test('accepts target_file_<code> in another casing of a target code', async () => {
    const res = await post({ source_language: 'en', target_languages: 'es', dry_run: '1' }, [
      { field: 'file', filename: 'en.json', content: EN },
      { field: 'target_file_ES', filename: 'es.json', content: '{ "app": { "title": "Fototeca" } }' },
    ])
    expect(res.statusCode).toBe(200)
    expect(res.json().languages.es).toMatchObject({ kept_keys: 1 })
  })

  test('refuses a glossary whose pair is not the job\'s', async () => {
    const glossary = await h.memoryStore.createGlossary(owner.id, { name: 'brand', source_language: 'en', target_language: 'ca', entries: [{ source: 'Verso', target: 'Verso' }] })
    const res = await post({ source_language: 'en', target_languages: 'es', glossary_id: glossary.glossary_id }, [{ field: 'file', filename: 'en.json', content: EN }])
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/glossary/i)
  })
})
