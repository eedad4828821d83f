import { createServer } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { checkWebhookTarget, isForbiddenAddress, signWebhook, verifyWebhookSignature, type JobService, type JobServiceOptions } from '@verso/jobs'
import { enc, until } from './helpers/fakes.js'
import { receiver, selfSignedCert } from './helpers/https.js'
import { embedded, type Harness } from './helpers/service.js'

const FILE = { greeting: 'Hello {name}', bye: 'Goodbye' }
const SECRET = 'whsec_test_secret'
let tls: { key: string; cert: string }
beforeAll(() => {
  tls = selfSignedCert()
})

const harnesses: Harness[] = []
const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.cleanup()))
  await Promise.all(closers.splice(0).map((close) => close()))
})

function setup(overrides: Partial<JobServiceOptions> = {}, dir?: string): Harness {
  const h = embedded(
    {
      webhookSecret: async (owner) => `${SECRET}:${owner}`,
      ...overrides,
      webhook: { allowPrivateNetworks: true, ca: tls.cert, backoffMs: 50, timeoutMs: 2000, ...overrides.webhook },
    },
    dir,
  )
  harnesses.push(h)
  return h
}

async function runJob(service: JobService, webhookUrl: string) {
  const job = await service.create({ ownerId: 'u1', filename: 'app.json', bytes: enc(FILE), sourceLanguage: 'en', targetLanguages: ['es', 'ca'], webhookUrl })
  service.startWorker()
  return job
}

describe('webhook delivery', () => {
  test('POSTs the signed completion event with job and translated files', async () => {
    const hook = await receiver(tls)
    closers.push(hook.close)
    const { service } = setup()
    const job = await runJob(service, hook.url)
    await until(async () => hook.requests.length > 0)
    const [request] = hook.requests
    expect(request!.headers['content-type']).toBe('application/json')
    expect(request!.headers['x-verso-event']).toBe('i18n_translation.completed')
    expect(request!.headers['x-verso-delivery']).toMatch(/^[0-9a-f-]{36}$/)
    const body = JSON.parse(request!.body)
    expect(body).toMatchObject({ event: 'i18n_translation.completed', job_id: job.id, status: 'completed' })
    expect(body.job).toMatchObject({ id: job.id, job_id: job.id, status: 'completed', translated_keys: 2, failed_keys: 0, total_keys: 2 })
    expect(body.job).not.toHaveProperty('webhook')
    expect(body.job).not.toHaveProperty('translated_files')
    expect(body.completed_at).toBe(body.job.completed_at)
    expect(body.translated_files.map((f: { language_code: string }) => f.language_code).sort()).toEqual(['ca', 'es'])
    expect(body.translated_files[0]).toEqual({
      id: expect.any(String),
      language_code: expect.any(String),
      file_url: expect.stringContaining(`/v2/translate/i18n/jobs/${job.id}/download/?language_code=`),
      file_size: expect.any(Number),
      created_at: expect.any(String),
    })
    const signature = String(request!.headers['x-verso-signature'])
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
    expect(verifyWebhookSignature(`${SECRET}:u1`, signature, request!.body)).toBe(true)
    expect(verifyWebhookSignature('wrong', signature, request!.body)).toBe(false)
    expect(verifyWebhookSignature(`${SECRET}:u1`, signature, request!.body.replace('completed', 'failed'))).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(hook.requests).toHaveLength(1)
  })

  test('reports a failed job with its error and no files', async () => {
    const hook = await receiver(tls)
    closers.push(hook.close)
    const { service } = setup()
    const job = await service.create({ ownerId: 'u1', filename: 'app.json', bytes: enc('{"broken": '), targetLanguages: ['es'], webhookUrl: hook.url })
    service.startWorker()
    await until(async () => hook.requests.length > 0)
    const body = JSON.parse(hook.requests[0]!.body)
    expect(body).toMatchObject({ job_id: job.id, status: 'failed', translated_files: [] })
    expect(body.job.error_message).toContain('FORMAT_SYNTAX')
  })

  test('retries a failing receiver with exponential backoff, keeping the delivery id', async () => {
    const hook = await receiver(tls, (n) => ({ status: n < 2 ? 500 : 200 }))
    closers.push(hook.close)
    const { service } = setup({ webhook: { backoffMs: 100 } })
    await runJob(service, hook.url)
    await until(async () => hook.requests.length >= 3)
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(hook.requests).toHaveLength(3)
    const gaps = [hook.requests[1]!.at - hook.requests[0]!.at, hook.requests[2]!.at - hook.requests[1]!.at]
    expect(gaps[0]).toBeGreaterThanOrEqual(95)
    expect(gaps[1]).toBeGreaterThanOrEqual(195)
    expect(new Set(hook.requests.map((r) => r.headers['x-verso-delivery'])).size).toBe(1)
  })

  test('counts an attempt without an answer within the timeout as failed and retries it', async () => {
    const hook = await receiver(tls, (n) => (n === 0 ? 'hang' : { status: 200 }))
    closers.push(hook.close)
    const { service } = setup({ webhook: { timeoutMs: 300, backoffMs: 20 } })
    await runJob(service, hook.url)
    await until(async () => hook.requests.length >= 2)
    expect(hook.requests[1]!.at - hook.requests[0]!.at).toBeGreaterThanOrEqual(300)
  })

  test('delivers to a host name, verifying the certificate for that name', async () => {
    const hook = await receiver(tls)
    closers.push(hook.close)
    const { service } = setup()
    const job = await runJob(service, `https://localhost:${hook.port}/hook`)
    await until(async () => hook.requests.length > 0)
    expect(JSON.parse(hook.requests[0]!.body).job_id).toBe(job.id)
  })

  test('gives up after the first attempt and 3 retries', async () => {
    const hook = await receiver(tls, () => ({ status: 503 }))
    closers.push(hook.close)
    const { service } = setup({ webhook: { backoffMs: 20 } })
    await runJob(service, hook.url)
    await until(async () => hook.requests.length >= 4)
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(hook.requests).toHaveLength(4)
  })

  test('records a delivery out of retries on the job, with its attempts and last error (issue 12)', async () => {
    const hook = await receiver(tls, () => ({ status: 503 }))
    closers.push(hook.close)
    const { service } = setup({ webhook: { backoffMs: 20, retries: 2 } })
    const job = await runJob(service, hook.url)
    const failed = await until(async () => {
      const current = await service.get('u1', job.id)
      return current?.webhook?.state === 'failed' ? current : null
    })
    expect(failed.webhook).toEqual({ state: 'failed', attempts: 3, last_error: 'receiver answered 503' })
    expect(hook.requests).toHaveLength(3)
  })

  test('records a delivered webhook on the job, and pending while attempts remain', async () => {
    const hook = await receiver(tls, (n) => ({ status: n < 1 ? 500 : 200 }))
    closers.push(hook.close)
    const { service } = setup({ webhook: { backoffMs: 300 } })
    const job = await runJob(service, hook.url)
    const pending = await until(async () => {
      const current = await service.get('u1', job.id)
      return current?.webhook?.attempts === 1 ? current : null
    })
    expect(pending.webhook).toEqual({ state: 'pending', attempts: 1, last_error: 'receiver answered 500' })
    const delivered = await until(async () => {
      const current = await service.get('u1', job.id)
      return current?.webhook?.state === 'delivered' ? current : null
    })
    expect(delivered.webhook).toEqual({ state: 'delivered', attempts: 2, last_error: null })
  })

  test('shows webhook null while the job runs and no webhook field on a job without webhook_url', async () => {
    const { service } = setup()
    const withHook = await service.create({ ownerId: 'u1', filename: 'app.json', bytes: enc(FILE), sourceLanguage: 'en', targetLanguages: ['es'], webhookUrl: 'https://hooks.example.test/x' })
    const without = await service.create({ ownerId: 'u1', filename: 'app.json', bytes: enc(FILE), sourceLanguage: 'en', targetLanguages: ['es'] })
    expect((await service.get('u1', withHook.id))!.webhook).toBeNull()
    expect(await service.get('u1', without.id)).not.toHaveProperty('webhook')
  })

  test('does not follow redirects: a 3xx is a failed attempt', async () => {
    const hook = await receiver(tls, () => ({ status: 302, headers: { location: '/elsewhere' } }))
    closers.push(hook.close)
    const { service } = setup({ webhook: { retries: 1, backoffMs: 20 } })
    await runJob(service, hook.url)
    await until(async () => hook.requests.length >= 2)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(hook.requests.map((r) => r.path)).toEqual(['/hook', '/hook'])
  })

  test('verifies TLS: a self-signed receiver without its CA gets nothing', async () => {
    const hook = await receiver(tls)
    closers.push(hook.close)
    const { service } = setup({ webhook: { ca: undefined as unknown as string, retries: 0 } })
    const job = await runJob(service, hook.url)
    await until(async () => (await service.get('u1', job.id))?.status === 'completed')
    await service.drainOutbox()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(hook.requests).toHaveLength(0)
  })

  test('refuses loopback when private networks are not allowed', async () => {
    const hook = await receiver(tls)
    closers.push(hook.close)
    const { service } = setup({ webhook: { allowPrivateNetworks: false, backoffMs: 10 } })
    const job = await runJob(service, hook.url)
    await until(async () => (await service.get('u1', job.id))?.status === 'completed')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(hook.requests).toHaveLength(0)
  })

  test('a delivery due when the service stopped is sent by the next one', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number }
        probe.close(() => resolve(port))
      })
    })
    const url = `https://127.0.0.1:${port}/hook`
    const first = setup({ webhook: { backoffMs: 300 } })
    const job = await runJob(first.service, url)
    await until(async () => (await first.service.get('u1', job.id))?.status === 'completed')
    await new Promise((resolve) => setTimeout(resolve, 100))
    await first.service.close()
    const hook = await receiver(tls, () => ({ status: 200 }), port)
    closers.push(hook.close)
    const second = setup({ webhook: { backoffMs: 300 } }, first.dir)
    second.service.startWorker()
    await until(async () => hook.requests.length > 0)
    expect(JSON.parse(hook.requests[0]!.body)).toMatchObject({ job_id: job.id, status: 'completed' })
  })
})

describe('webhook SSRF rules', () => {
  test.each([
    '127.0.0.1', '127.1.2.3', '10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1',
    '::ffff:169.254.169.254', '0:0:0:0:0:ffff:a00:1',
  ])('treats %s as forbidden', (address) => {
    expect(isForbiddenAddress(address)).toBe(true)
  })

  test.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('treats %s as public', (address) => {
    expect(isForbiddenAddress(address)).toBe(false)
  })

  test.each(['https://127.0.0.1/hook', 'https://10.0.0.1/hook', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/hook', 'https://localhost:8443/hook', 'https://[::ffff:127.0.0.1]/x'])(
    'refuses %s after resolving it',
    async (url) => {
      const result = await checkWebhookTarget(url)
      expect(result.ok).toBe(false)
      expect((await checkWebhookTarget(url, { allowPrivateNetworks: true })).ok).toBe(true)
    },
  )

  test('refuses plain http', async () => {
    expect(await checkWebhookTarget('http://93.184.216.34/hook')).toEqual({ ok: false, reason: 'not https' })
  })
})

describe('verifyWebhookSignature', () => {
  test('accepts a fresh signature and refuses stale, malformed or tampered ones', () => {
    const body = '{"event":"i18n_translation.completed"}'
    const now = Math.floor(Date.now() / 1000)
    expect(verifyWebhookSignature('s', signWebhook('s', body, now), body)).toBe(true)
    expect(verifyWebhookSignature('s', signWebhook('s', body, now - 600), body)).toBe(false)
    expect(verifyWebhookSignature('s', signWebhook('s', body, now - 600), body, 900)).toBe(true)
    expect(verifyWebhookSignature('s', 'garbage', body)).toBe(false)
    expect(verifyWebhookSignature('s', `t=${now}`, body)).toBe(false)
    expect(verifyWebhookSignature('s', signWebhook('s', body, now), `${body} `)).toBe(false)
  })
})

afterAll(() => {})
