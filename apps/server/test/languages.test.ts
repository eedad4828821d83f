import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createHarness, multipart, type Harness } from './harness.js'

// These tests read the real modes folder: every pair Debian ships is installed by the set-up.
const haveAllPairs = ['eng-spa', 'eng-hbs_SR', 'swe-isl', 'afr-nld', 'eu-es'].every((mode) => existsSync(`/usr/share/apertium/modes/${mode}.mode`))

let h: Harness
let key: string

beforeAll(async () => {
  h = await createHarness()
  key = (await h.account(10_000)).apiKey
})
afterAll(() => h.close())

function get(url: string, apiKey: string | null = key) {
  return h.app.inject({ method: 'GET', url, headers: apiKey === null ? {} : { 'X-API-KEY': apiKey } })
}
function post(url: string, body: unknown) {
  return h.app.inject({ method: 'POST', url, headers: { 'X-API-KEY': key }, payload: body as object })
}
const v2Codes = (body: { supported_languages: Record<string, string> }) => Object.values(body.supported_languages).sort()

describe.skipIf(!haveAllPairs)('GET /v2/supported-languages and /v1/supported-languages', () => {
  test('list every language that is a source or target of some route, plus auto, names unique', async () => {
    const res = await get('/v2/supported-languages')
    expect(res.statusCode).toBe(200)
    const codes = v2Codes(res.json())
    expect(codes).toEqual(['auto', ...h.engine.languages().map((l) => l.code)].sort())
    expect(codes).toEqual(expect.arrayContaining(['auto', 'en', 'es', 'sr', 'hr', 'bs', 'mk', 'sv', 'is', 'eu', 'af', 'nl', 'pt-BR', 'ca-valencia', 'nb', 'nn', 'ms']))
    expect(codes.length).toBeGreaterThan(40)
    expect(res.json().supported_languages['Brazilian Portuguese']).toBe('pt-BR')
    const v1 = await get('/v1/supported-languages')
    expect(v1.json().languages.map((l: { code: string }) => l.code).sort()).toEqual(codes.filter((c) => c !== 'auto'))
  })

  test('?source= lists only the targets reachable from that source, without auto', async () => {
    const res = await get('/v2/supported-languages?source=en')
    expect(res.statusCode).toBe(200)
    const codes = v2Codes(res.json())
    expect(codes).toEqual(h.engine.reachableTargets('en').map((l) => l.code).sort())
    expect(codes).toEqual(expect.arrayContaining(['es', 'ca', 'sr', 'mk', 'pt', 'pt-BR', 'it', 'fr', 'gl', 'eo']))
    for (const absent of ['auto', 'en', 'sv', 'is', 'af', 'eu', 'ru']) expect(codes).not.toContain(absent)
    const af = await get('/v1/supported-languages?source=af')
    expect(af.json()).toEqual({ languages: [{ code: 'nl', name: 'Dutch' }] })
  })

  test('?target= lists the sources reaching that target, plus auto', async () => {
    const codes = v2Codes((await get('/v2/supported-languages?target=en')).json())
    expect(codes).toEqual(expect.arrayContaining(['auto', 'es', 'sv', 'is', 'eu', 'sr', 'mk']))
    for (const absent of ['en', 'af', 'nl', 'ru', 'ur']) expect(codes).not.toContain(absent)
  })

  test('filters match codes case-insensitively and with underscores', async () => {
    expect(v2Codes((await get('/v2/supported-languages?source=EN')).json())).toEqual(v2Codes((await get('/v2/supported-languages?source=en')).json()))
    expect(v2Codes((await get('/v2/supported-languages?target=PT_br')).json())).toContain('en')
  })

  test('answers 400 for an unknown filter code, or both filters at once', async () => {
    const unknown = await get('/v2/supported-languages?source=xx')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().detail).toMatch(/'xx'.*\ben\b/)
    expect((await get('/v1/supported-languages?target=zz')).statusCode).toBe(400)
    expect((await get('/v2/supported-languages?source=en&target=es')).statusCode).toBe(400)
  })

  test('require a key like the other reads', async () => {
    expect((await get('/v2/supported-languages?source=en', null)).statusCode).toBe(401)
    expect((await get('/v2/language-pairs', null)).statusCode).toBe(401)
  })
})

describe.skipIf(!haveAllPairs)('GET /v2/language-pairs', () => {
  test('lists every routable direction with its route', async () => {
    const res = await get('/v2/language-pairs')
    expect(res.statusCode).toBe(200)
    const { pairs, total } = res.json()
    expect(total).toBe(pairs.length)
    expect(total).toBe(h.engine.pairs().length)
    expect(pairs).toContainEqual({ source: 'en', target: 'pt', route: ['en', 'es', 'pt'], engine: 'apertium' })
    expect(pairs).toContainEqual({ source: 'sv', target: 'en', route: ['sv', 'is', 'en'], engine: 'apertium' })
    expect(pairs.some((p: { source: string; target: string }) => p.source === 'af' && p.target === 'en')).toBe(false)
  })

  test('narrows by source and target, case-insensitively', async () => {
    const fromSv = (await get('/v2/language-pairs?source=SV')).json()
    expect(fromSv.pairs.every((p: { source: string }) => p.source === 'sv')).toBe(true)
    expect(fromSv.pairs.map((p: { target: string }) => p.target).sort()).toEqual(h.engine.reachableTargets('sv').map((l) => l.code).sort())
    const one = (await get('/v2/language-pairs?source=en&target=PT-br')).json()
    expect(one).toEqual({ pairs: [{ source: 'en', target: 'pt-BR', route: ['en', 'es', 'pt-BR'], engine: 'apertium' }], total: 1 })
    const intoEn = (await get('/v2/language-pairs?target=en')).json()
    expect(intoEn.pairs.every((p: { target: string }) => p.target === 'en')).toBe(true)
    expect(intoEn.pairs.map((p: { source: string }) => p.source)).toContain('eu')
  })

  test('answers 400 naming the reachable targets for an unroutable direction', async () => {
    const res = await get('/v2/language-pairs?source=af&target=en')
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/'af' can be translated into: nl\b/)
  })

  test('is described in the OpenAPI document with its response schema', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json()
    const op = doc.paths['/v2/language-pairs'].get
    expect(op.responses['200'].content['application/json'].schema.properties.pairs.items.properties.route.type).toBe('array')
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['source', 'target'])
    expect(doc.paths['/v2/supported-languages'].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['source', 'target'])
  })
})

describe.skipIf(!haveAllPairs)('translation requests and routes', () => {
  test('refuses an unroutable direction with a 400 naming what the source reaches', async () => {
    const res = await post('/v2/translate', { text: 'Die huis is groot.', source: 'af', target: 'en' })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/'af' cannot be translated into 'en'.*'af' can be translated into: nl\b/)
    const oneWay = await post('/v1/translate', { text: 'The house is big.', source: 'en', target: 'sv' })
    expect(oneWay.statusCode).toBe(400)
    expect(oneWay.json().detail).toMatch(/'en' can be translated into: .*\bes\b/)
  })

  test('refuses a language no route produces, listing the targets of the source', async () => {
    const res = await post('/v2/translate', { text: 'The house is big.', source: 'en', target: 'de' })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/'de'.*\bes\b/)
  })

  test('accepts codes in any case and with underscores, and answers canonical codes', async () => {
    const res = await post('/v2/translate', { text: 'The house is big.', source: 'EN', target: 'pt_br' })
    expect(res.statusCode).toBe(200)
    expect(res.json().translations).toMatchObject({ source: 'en', target: 'pt-BR' })
    expect(res.json().details.route).toEqual(['en', 'es', 'pt-BR'])
    const batch = await post('/v2/translate/batch', { texts: ['The house is big.'], source: 'En', target: 'ES' })
    expect(batch.json().translations[0]).toMatchObject({ source: 'en', target: 'es', success: true })
  })

  test.each([
    ['en', 'sr', 'The house is big and the weather is nice.', ['en', 'sr'], /velik/],
    ['en', 'mk', 'The house is big and the weather is nice.', ['en', 'sh', 'mk'], /голем/],
    ['sv', 'en', 'Huset är stort och vädret är fint.', ['sv', 'is', 'en'], /house/i],
    ['pt', 'it', 'A casa é grande e o tempo está bom.', ['pt', 'es', 'it'], /casa è grande/],
    ['eu', 'es', 'Etxea handia da eta eguraldia ona da.', ['eu', 'es'], /casa es grande/],
  ])('translates %s→%s through the HTTP API', async (source, target, text, route, expected) => {
    const res = await post('/v2/translate', { text, source, target })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.translations).toMatchObject({ source, target })
    expect(body.translations.translation).toMatch(expected)
    expect(body.translations.translation).not.toMatch(/[*#@]/)
    expect(body.details.route).toEqual(route)
  }, 60_000)

  test('creates a job with canonical codes and refuses an unroutable target', async () => {
    const ok = await h.app.inject({
      method: 'POST',
      url: '/v2/translate/i18n',
      ...withKey(multipart({ target_languages: 'ES,pt_br', source_language: 'EN' }, { filename: 'a.json', content: '{"a":"Hello"}' })),
    })
    expect(ok.statusCode).toBe(201)
    const job = (await get(`/v2/translate/i18n/jobs/${ok.json().job_id}/status`)).json()
    expect(JSON.stringify(job)).toContain('pt-BR')
    const refused = await h.app.inject({
      method: 'POST',
      url: '/v2/translate/i18n',
      ...withKey(multipart({ target_languages: 'nl,en', source_language: 'af' }, { filename: 'a.json', content: '{"a":"Hallo"}' })),
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().detail).toMatch(/'af' can be translated into: nl\b/)
  })
})

describe.skipIf(!haveAllPairs)('GET /health with every pair installed', () => {
  test('starts no pipeline beyond its probe direction', async () => {
    const fresh = await createHarness()
    try {
      const res = await fresh.app.inject({ method: 'GET', url: '/health' })
      expect(res.statusCode).toBe(200)
      const modes = new Set(fresh.engine.stats().pipelines.map((p) => p.mode))
      expect(modes.size).toBeLessThanOrEqual(1)
      expect(fresh.engine.languages().length).toBeGreaterThan(40)
    } finally {
      await fresh.close()
    }
  }, 60_000)
})

function withKey(body: { payload: Buffer; headers: Record<string, string> }) {
  return { payload: body.payload, headers: { ...body.headers, 'X-API-KEY': key } }
}
