import { afterAll, beforeAll } from 'vitest'
import { apertium, deepl, google, libretranslate, openai } from '@verso/engine'
import { fakeDeepL } from '../fakes/deepl.js'
import type { FakeServer } from '../fakes/fake-server.js'
import { fakeGoogle, googleError } from '../fakes/google.js'
import { fakeLibreTranslate } from '../fakes/libretranslate.js'
import { fakeOpenAI } from '../fakes/openai.js'
import { testTranslator } from './conformance.js'
import { haveApertium } from '../real-apertium.js'


const servers: Record<string, FakeServer> = {}
beforeAll(async () => {
  servers.deepl = await fakeDeepL({ apiKey: 'deepl-secret-key:fx' })
  servers.google = await fakeGoogle({ apiKey: 'google-secret-key' })
  servers.libre = await fakeLibreTranslate({ apiKey: 'libre-secret-key' })
  servers.openai = await fakeOpenAI({ apiKey: 'sk-openai-secret', model: 'test-model' })
})
afterAll(async () => {
  await Promise.all(Object.values(servers).map((s) => s.close()))
})

if (haveApertium) {
  testTranslator('apertium', {
    create: () => apertium({ cacheSize: 0 }),
    pair: { source: 'en', target: 'es' },
    unsupported: { source: 'en', target: 'ja' },
  })
}

testTranslator('deepl', {
  create: (http) => deepl({ apiKey: 'deepl-secret-key:fx', url: servers.deepl!.url, ...http }),
  pair: { source: 'en', target: 'de' },
  unsupported: { source: 'en', target: 'sw' },
  fake: () => servers.deepl!,
  quotaFault: { kind: 'status', status: 456, body: { message: 'Quota exceeded' } },
  secret: 'deepl-secret-key:fx',
})

testTranslator('google', {
  create: (http) => google({ apiKey: 'google-secret-key', url: `${servers.google!.url}/language/translate/v2`, ...http }),
  pair: { source: 'en', target: 'de' },
  unsupported: { source: 'en', target: 'eo' },
  fake: () => servers.google!,
  quotaFault: { kind: 'status', status: 403, body: googleError(403, 'dailyLimitExceeded', 'Daily Limit Exceeded') },
  rateLimitFault: { kind: 'status', status: 429, headers: { 'Retry-After': '7' }, body: googleError(429, 'rateLimitExceeded', 'Rate Limit Exceeded') },
  secret: 'google-secret-key',
})

testTranslator('libretranslate', {
  create: (http) => libretranslate({ url: servers.libre!.url, apiKey: 'libre-secret-key', ...http }),
  pair: { source: 'en', target: 'de' },
  unsupported: { source: 'fr', target: 'de' },
  fake: () => servers.libre!,
  rateLimitFault: { kind: 'status', status: 429, headers: { 'Retry-After': '7' }, body: { error: 'Slowdown: 30 per 1 minute' } },
  secret: 'libre-secret-key',
})

testTranslator('openai', {
  create: (http) => openai({ baseUrl: `${servers.openai!.url}/v1`, apiKey: 'sk-openai-secret', model: 'test-model', ...http }),
  pair: { source: 'en', target: 'de' },
  unsupported: { source: 'en', target: 'tlh' },
  fake: () => servers.openai!,
  quotaFault: {
    kind: 'status',
    status: 429,
    body: { error: { message: 'You exceeded your current quota, please check your plan and billing details.', type: 'insufficient_quota', param: null, code: 'insufficient_quota' } },
  },
  rateLimitFault: {
    kind: 'status',
    status: 429,
    headers: { 'Retry-After': '7' },
    body: { error: { message: 'Rate limit reached for requests', type: 'requests', param: null, code: 'rate_limit_exceeded' } },
  },
  secret: 'sk-openai-secret',
})
