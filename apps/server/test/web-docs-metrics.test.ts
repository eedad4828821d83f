import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEngine } from '@verso/engine'
import { buildApp } from '../src/app.js'
import { createHarness, type Harness } from './harness.js'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(async () => h.close())

describe('the web app at /', () => {
  it('is served without a key, under a Content-Security-Policy that forbids inline and foreign scripts', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toContain('<title>Verso')
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("default-src 'none'")
    expect(csp).not.toContain('unsafe-inline')
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(res.body)?.[1]
    expect(script).toBeDefined()
    const asset = await h.app.inject({ method: 'GET', url: script! })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['content-type']).toContain('javascript')
  })

  it('answers 404 for assets it does not have, whatever the path', async () => {
    for (const url of ['/assets/nope.js', '/assets/..%2F..%2Fpackage.json', '/assets/%2e%2e%2fapp.ts']) {
      expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(404)
    }
  })
})

describe('/docs', () => {
  it('serves the interactive API reference without a key', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/docs/' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatch(/swagger/i)
    const spec = await h.app.inject({ method: 'GET', url: '/docs/json' })
    expect(spec.statusCode).toBe(200)
    expect(spec.json().paths['/v2/translate']).toBeDefined()
  })
})

describe('/metrics', () => {
  it('counts requests by route and status, engine calls by direction, and credits', async () => {
    const { apiKey } = await h.account(100)
    const before = (await h.app.inject({ method: 'GET', url: '/metrics' })).body
    expect(before).toContain('# TYPE verso_http_requests_total counter')
    const ok = await h.app.inject({ method: 'POST', url: '/v2/translate', headers: { 'x-api-key': apiKey }, payload: { text: 'Good morning.', source: 'en', target: 'es' } })
    expect(ok.statusCode).toBe(200)
    await h.app.inject({ method: 'POST', url: '/v2/translate', headers: { 'x-api-key': 'nope' }, payload: { text: 'x', source: 'en', target: 'es' } })
    const res = await h.app.inject({ method: 'GET', url: '/metrics' })
    expect(res.headers['content-type']).toContain('text/plain')
    expect(res.body).toMatch(/verso_http_requests_total\{method="POST",route="\/v2\/translate",status="200"\} 1/)
    expect(res.body).toMatch(/verso_http_requests_total\{method="POST",route="\/v2\/translate",status="403"\} 1/)
    expect(res.body).toMatch(/verso_engine_duration_seconds_count\{direction="en-es",engine="apertium",outcome="ok"\} 1/)
    expect(res.body).toMatch(/verso_credits_total\{kind="charged"\} 1/)
    expect(res.body).toMatch(/verso_apertium_pipelines_live [1-9]/)
    expect(res.body).toMatch(/verso_apertium_pipeline_starts_total [1-9]/)
    expect(res.body).toMatch(/^verso_apertium_pipelines_first_reading 0$/m) // en→es runs its tagger
  })

  it.skipIf(!existsSync('/usr/share/apertium/modes/rus-ukr.mode'))('counts the pipelines that take the first reading because their tagger crashes (ru→uk)', async () => {
    const { apiKey } = await h.account(100)
    const ok = await h.app.inject({ method: 'POST', url: '/v2/translate', headers: { 'x-api-key': apiKey }, payload: { text: 'Кошка спит в саду.', source: 'ru', target: 'uk' } })
    expect(ok.statusCode).toBe(200)
    const body = (await h.app.inject({ method: 'GET', url: '/metrics' })).body
    expect(body).toMatch(/^verso_apertium_pipelines_first_reading [1-9]/m)
  })

  it('counts the starts of pipelines that stopped before the scrape', async () => {
    const engine = createEngine({ idleMs: 300 })
    const fresh = await createHarness({ engine })
    try {
      const { apiKey } = await fresh.account(100)
      const ok = await fresh.app.inject({ method: 'POST', url: '/v2/translate', headers: { 'x-api-key': apiKey }, payload: { text: 'This pipeline stops before the scrape.', source: 'en', target: 'es' } })
      expect(ok.statusCode).toBe(200)
      await expect.poll(() => engine.stats().pipelines, { timeout: 5000 }).toEqual([])
      const body = (await fresh.app.inject({ method: 'GET', url: '/metrics' })).body
      expect(body).toMatch(/^verso_apertium_pipeline_starts_total [1-9]/m)
      expect(body).toMatch(/^verso_apertium_pipelines_live 0$/m)
    } finally {
      await fresh.close()
      await engine.close()
    }
  })

  it('reads the engine’s stats once per scrape, and afresh at the next', async () => {
    const engine = createEngine()
    const fresh = await createHarness({ engine })
    let calls = 0
    const stats = engine.stats.bind(engine)
    engine.stats = () => { calls++; return stats() }
    try {
      for (const expected of [1, 2]) {
        expect((await fresh.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200)
        expect(calls).toBe(expected)
      }
    } finally {
      await fresh.close()
      await engine.close()
    }
  })

  it('counts the null flushes written to Apertium and the texts they held', async () => {
    const { apiKey } = await h.account(100)
    const read = async () => {
      const body = (await h.app.inject({ method: 'GET', url: '/metrics' })).body
      const value = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(body)?.[1] ?? NaN)
      return { flushes: value('verso_apertium_flushes_total'), texts: value('verso_apertium_flushed_texts_total') }
    }
    const before = await read()
    const res = await h.app.inject({
      method: 'POST', url: '/v2/translate/batch', headers: { 'x-api-key': apiKey },
      payload: { texts: ['The blue car is fast.', 'My sister reads a long letter.', 'We walk to the old bridge.'], source: 'en', target: 'es' },
    })
    expect(res.statusCode).toBe(200)
    const after = await read()
    expect(after.texts - before.texts).toBe(3)
    expect(after.flushes - before.flushes).toBeGreaterThanOrEqual(1)
    expect(after.flushes - before.flushes).toBeLessThanOrEqual(3)
  })

  it('counts the segments the translation memory answered and those an engine translated', async () => {
    const { apiKey } = await h.account(100)
    const segments = async (outcome: string) => {
      const body = (await h.app.inject({ method: 'GET', url: '/metrics' })).body
      return Number(new RegExp(`verso_memory_segments_total\\{outcome="${outcome}"\\} (\\d+)`).exec(body)?.[1] ?? 0)
    }
    const [reused, translated] = [await segments('reused'), await segments('translated')]
    for (let i = 0; i < 2; i++) {
      const res = await h.app.inject({ method: 'POST', url: '/v2/translate', headers: { 'x-api-key': apiKey }, payload: { text: 'The white door is open.', source: 'en', target: 'es' } })
      expect(res.statusCode).toBe(200)
    }
    expect(await segments('translated')).toBe(translated + 1)
    expect(await segments('reused')).toBe(reused + 1)
  })

  it('requires the bearer token when METRICS_TOKEN is set', async () => {
    const app = await buildApp({ engine: h.engine, metering: h.metering, rateLimiter: (await import('@verso/metering')).createRateLimiter({ limit: 10 }), jobs: h.jobs, memoryStore: h.memoryStore, metricsToken: 's3cret' })
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401)
      expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong!' } })).statusCode).toBe(401)
      expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer s3cret' } })).statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })
})
