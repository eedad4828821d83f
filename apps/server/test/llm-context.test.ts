/**
 * Issue 11: an i18n job through an OpenAI-compatible engine sends each item with its context
 * (the entry's key, and the file's comment when it has one), as the protocol says.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { routedEngineFromEnv, type RoutedEngine } from '@verso/engine'
import type { FakeServer } from '../../../packages/engine/test/fakes/fake-server.js'
import { fakeOpenAI } from '../../../packages/engine/test/fakes/openai.js'
import { createHarness, multipart, type Harness } from './harness.js'

let h: Harness
let engine: RoutedEngine
let llm: FakeServer
let apiKey: string

beforeAll(async () => {
  llm = await fakeOpenAI({ apiKey: 'sk-test-context', model: 'test-model' })
  engine = routedEngineFromEnv(
    { OPENAI_BASE_URL: `${llm.url}/v1`, OPENAI_API_KEY: 'sk-test-context', OPENAI_MODEL: 'test-model', OPENAI_LANGUAGES: 'en,de', VERSO_ENGINES: 'openai', ENGINE_TIMEOUT_MS: '5000' },
    { engine: { backoffMs: 5, maxBackoffMs: 10 } },
  )
  await engine.start()
  h = await createHarness({ engine })
  apiKey = (await h.account(1000)).apiKey
})
afterAll(async () => {
  await h?.close()
  await engine?.close()
  await llm?.close()
})

describe('LLM context from i18n jobs', () => {
  test('each item of the chat request carries the key and the PO comment of its entry', async () => {
    const po = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n#. Button that saves the form\nmsgid "Save"\nmsgstr ""\n\nmsgid "Open the file"\nmsgstr ""\n'
    const body = multipart({ source_language: 'en', target_languages: 'de' }, { filename: 'app.po', content: po })
    const created = await h.app.inject({ method: 'POST', url: '/v2/translate/i18n', headers: { ...body.headers, 'X-API-KEY': apiKey }, payload: body.payload })
    expect(created.statusCode).toBe(201)
    const id = created.json().job_id
    const job = await vi.waitFor(
      async () => {
        const status = (await h.app.inject({ method: 'GET', url: `/v2/translate/i18n/jobs/${id}/status`, headers: { 'X-API-KEY': apiKey } })).json()
        if (!['completed', 'partial', 'failed'].includes(status.status)) throw new Error(status.status)
        return status
      },
      { timeout: 30_000, interval: 100 },
    )
    expect(job.status).toBe('completed')
    const items = llm.requests
      .filter((r) => r.path === '/v1/chat/completions')
      .flatMap((r) => (JSON.parse((r.body as { messages: Array<{ content: string }> }).messages[1]!.content) as { items: Array<{ text: string; context?: string }> }).items)
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ text: 'Save', context: 'key: Save\nnote: Button that saves the form' }),
        expect.objectContaining({ text: 'Open the file', context: 'key: Open the file' }),
      ]),
    )
  })
})
