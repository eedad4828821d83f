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
})
