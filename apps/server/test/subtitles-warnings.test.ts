import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createHarness, type Harness } from './harness.js'

let h: Harness

beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h.close())

async function post(body: unknown, apiKey: string) {
  return h.app.inject({ method: 'POST', url: '/v2/translate/subtitles', headers: { 'X-API-KEY': apiKey }, payload: body as object })
}

describe('POST /v2/translate/subtitles › lenient reading (issue 12)', () => {
  test('translates a WebVTT file with "STYLE here", which the WebVTT parser ignores, and keeps that block', async () => {
    const account = await h.account(10)
    const vtt = 'WEBVTT\n\nSTYLE here\n\n00:00:01.000 --> 00:00:02.000\nThe cat is sleeping.\n'
    const res = await post({ format: 'vtt', content: vtt, source: 'en', target: 'es' }, account.apiKey)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ format: 'vtt', warnings: [] })
    expect(res.json().content).toMatch(/^WEBVTT\n\nSTYLE here\n\n00:00:01\.000 --> 00:00:02\.000\n.*gato/s)
    expect((await h.metering.summary(account.id)).credits_used).toBe(1)
  })

  test('translates an SRT cue timed 00:00:013,567 as players read it', async () => {
    const account = await h.account(10)
    const srt = '1\n00:00:010,000 --> 00:00:013,567\nThe house is big.\n'
    const res = await post({ format: 'srt', content: srt, source: 'en', target: 'es' }, account.apiKey)
    expect(res.statusCode).toBe(200)
    expect(res.json().content).toMatch(/^1\n00:00:010,000 --> 00:00:013,567\n.*casa/s)
    expect(res.json().warnings).toEqual([])
  })

  test('keeps a cue whose timings are not times as written, reports it in warnings and charges only readable blocks', async () => {
    const account = await h.account(10)
    const srt = '1\n00:00:01,000 --> 00:00:02,000\nThe cat is sleeping.\n\n2\n99:99:99.999 --> 99:99:99.999\nThe house is big.\n'
    const res = await post({ format: 'srt', content: srt, source: 'en', target: 'es' }, account.apiKey)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.content).toContain('2\n99:99:99.999 --> 99:99:99.999\nThe house is big.\n')
    expect(body.content).toMatch(/gato/)
    expect(body.warnings).toMatchObject([{ code: 'SUBTITLE_INVALID_TIMESTAMP', line: 6, column: 1 }])
    expect((await h.metering.summary(account.id)).credits_used).toBe(1)
  })

  test('answers 400 when nothing in the file is readable, without charging', async () => {
    const account = await h.account(10)
    const res = await post({ format: 'srt', content: '1\n99:99:99.999 --> 99:99:99.999\nHi\n', source: 'en', target: 'es' }, account.apiKey)
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/line 2/)
    expect((await h.metering.summary(account.id)).credits_used).toBe(0)
  })
})
