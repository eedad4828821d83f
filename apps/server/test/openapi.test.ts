import SwaggerParser from '@apidevtools/swagger-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from './harness.js'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(async () => h.close())

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3 document for a standard validator (swagger-parser)', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json()
    // validate() dereferences in place: give it a copy
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeDefined()
  })

  it('documents every API route, the multipart upload of a job included', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>
    }
    for (const path of [
      '/v2/translate', '/v2/translate/batch', '/v2/translate/subtitles', '/v2/translate/html', '/v2/language_detect',
      '/v2/supported-languages', '/v2/language-pairs', '/v2/account/summary', '/v2/translate/i18n', '/v2/translate/i18n/jobs',
      '/v2/translate/i18n/jobs/{job_id}/status', '/v2/translate/i18n/jobs/{job_id}/download', '/v2/translate/i18n/jobs/{job_id}',
      '/v1/translate', '/v1/supported-languages', '/health',
    ]) {
      expect(doc.paths[path], path).toBeDefined()
    }
    expect(Object.keys(doc.paths['/v2/translate/i18n']!.post!.requestBody!.content)).toEqual(['multipart/form-data'])
  })

  it("documents both answers of a job upload: the created job (201) and the dry_run quote (200), as the route sends them", async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json()
    const responses = doc.paths['/v2/translate/i18n'].post.responses
    const schemaOf = (status: string) => responses[status].content['application/json'].schema
    expect(Object.keys(responses).sort()).toEqual(['200', '201'])
    const quote = schemaOf('200')
    expect(quote.required).toEqual(['total_keys', 'languages', 'credits'])
    // the documented quote is the shape the route answers with
    const { apiKey } = await h.account(100)
    const boundary = '----verso-doc'
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="target_languages"\r\n\r\nes\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="dry_run"\r\n\r\ntrue\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n\r\n{"a":"Hello"}\r\n--${boundary}--\r\n`
    const res = await h.app.inject({ method: 'POST', url: '/v2/translate/i18n', headers: { 'X-API-KEY': apiKey, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(Object.keys(body).sort()).toEqual(Object.keys(quote.properties).sort())
    expect(Object.keys(body.languages.es).sort()).toEqual(Object.keys(quote.properties.languages.additionalProperties.properties).sort())
    expect(schemaOf('201').required).toEqual(['job_id', 'status', 'message'])
  })
})
