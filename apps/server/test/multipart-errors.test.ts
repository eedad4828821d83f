import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createHarness, type Harness } from './harness.js'

let h: Harness
let owner: { apiKey: string; id: string }

beforeAll(async () => {
  h = await createHarness({ worker: false })
  owner = await h.account(10_000)
})
afterAll(() => h.close())

function upload(contentType: string, payload: string | Buffer) {
  return h.app.inject({
    method: 'POST',
    url: '/v2/translate/i18n',
    headers: { 'Content-Type': contentType, 'X-API-KEY': owner.apiKey },
    payload,
  })
}

const B = 'XyZboundary'
const field = (name: string, value: string) => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
const filePart = (content: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="file"; filename="app.json"\r\nContent-Type: application/json\r\n\r\n${content}\r\n`

describe('POST /v2/translate/i18n with a malformed multipart body', () => {
  test('answers 400 when the body stops in the middle of the file part', async () => {
    const res = await upload(`multipart/form-data; boundary=${B}`, field('target_languages', 'es') + filePart('{"a": "Hello"}').slice(0, 90))
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toBeTypeOf('string')
  })

  test('answers 400 when the closing boundary is missing', async () => {
    const res = await upload(`multipart/form-data; boundary=${B}`, field('target_languages', 'es') + filePart('{"a": "Hello"}'))
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toBeTypeOf('string')
  })

  test('answers 400 when the Content-Type has no boundary', async () => {
    const res = await upload('multipart/form-data', field('target_languages', 'es') + filePart('{"a": "Hello"}') + `--${B}--\r\n`)
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toBeTypeOf('string')
  })

  test('answers 400 when the body does not use the declared boundary', async () => {
    const res = await upload('multipart/form-data; boundary=other', field('target_languages', 'es') + filePart('{"a": "Hello"}') + `--${B}--\r\n`)
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toBeTypeOf('string')
  })

  test('answers 400 when a part has no Content-Disposition', async () => {
    const res = await upload(`multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${B}--\r\n`)
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toBeTypeOf('string')
  })

  test('answers 400 for an empty body', async () => {
    const res = await upload(`multipart/form-data; boundary=${B}`, '')
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toBeTypeOf('string')
  })

  test('charges nothing for a malformed upload', async () => {
    await upload(`multipart/form-data; boundary=${B}`, field('target_languages', 'es') + filePart('{"a": "Hello"}'))
    const summary = await h.app.inject({ method: 'GET', url: '/v2/account/summary', headers: { 'X-API-KEY': owner.apiKey } })
    expect(summary.json().credits_used).toBe(0)
  })
})

// The README's 400/415 rows for bodies that are not JSON, as the server really answers them.
describe('POST /v2/translate with a body that is not JSON', () => {
  const send = (headers: Record<string, string>, payload: string) =>
    h.app.inject({ method: 'POST', url: '/v2/translate', headers: { ...headers, 'X-API-KEY': owner.apiKey }, payload })

  test('answers 400 for malformed JSON sent as application/json', async () => {
    expect((await send({ 'content-type': 'application/json' }, '{"text": ')).statusCode).toBe(400)
  })

  test('answers 400 for a text/plain body (parsed, but not an object)', async () => {
    expect((await send({ 'content-type': 'text/plain' }, 'hello')).statusCode).toBe(400)
  })

  test('answers 400 for a multipart body', async () => {
    const res = await send({ 'content-type': `multipart/form-data; boundary=${B}` }, `${field('text', 'hi')}--${B}--\r\n`)
    expect(res.statusCode).toBe(400)
  })

  test('answers 415 for a body without Content-Type or with a type the server cannot parse', async () => {
    expect((await send({}, 'hello')).statusCode).toBe(415)
    expect((await send({ 'content-type': 'application/x-www-form-urlencoded' }, 'text=hi&source=en&target=es')).statusCode).toBe(415)
  })
})
