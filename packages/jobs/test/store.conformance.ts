/** One behaviour suite for every JobStore driver (unstorage's testDriver style). */
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { JobStore, NewJob } from '@verso/jobs'

export function newJob(overrides: Partial<NewJob> = {}): NewJob {
  return {
    id: randomUUID(),
    owner_id: 'owner-a',
    original_filename: 'app.json',
    file_type: 'json',
    source_language: 'en',
    target_languages: ['es', 'ca'],
    total_keys: 3,
    webhook_url: null,
    credits_reserved: 6,
    created_at: new Date().toISOString(),
    ...overrides,
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function storeConformance(name: string, make: () => Promise<{ store: JobStore; cleanup(): Promise<void> }>) {
  describe(`${name} job store`, () => {
    let store: JobStore
    let cleanup: () => Promise<void>
    beforeEach(async () => {
      ;({ store, cleanup } = await make())
    })
    afterEach(async () => {
      await cleanup()
    })

    test('adds a pending job and reads it back with every field', async () => {
      const input = newJob()
      const job = await store.add(input)
      expect(job).toMatchObject({
        id: input.id,
        job_id: input.id,
        status: 'pending',
        owner_id: 'owner-a',
        target_languages: ['es', 'ca'],
        total_keys: 3,
        translated_keys: 0,
        failed_keys: 0,
        error_message: null,
        completed_at: null,
        credits_reserved: 6,
        attempts: 0,
        lease_token: null,
      })
      expect(await store.get(input.id)).toEqual(job)
      expect(await store.get(randomUUID())).toBeNull()
    })

    test('keeps a job\'s memory options (use_memory, glossary, target files), with defaults for a job without them', async () => {
      const plain = await store.add(newJob())
      expect(plain).toMatchObject({ use_memory: true, glossary_id: null, target_files: [] })
      const input = newJob({ use_memory: false, glossary_id: 'g-1', target_files: ['es'] })
      await store.add(input)
      expect(await store.get(input.id)).toMatchObject({ use_memory: false, glossary_id: 'g-1', target_files: ['es'] })
    })

    test('add is idempotent on id', async () => {
      const input = newJob()
      await store.add(input)
      const again = await store.add({ ...input, total_keys: 99 })
      expect(again.total_keys).toBe(3)
      expect(await store.list('owner-a')).toHaveLength(1)
    })

    test('lists an owner’s jobs newest first', async () => {
      const a = await store.add(newJob())
      const b = await store.add(newJob())
      await store.add(newJob({ owner_id: 'owner-b' }))
      expect((await store.list('owner-a')).map((job) => job.id)).toEqual([b.id, a.id])
      expect(await store.list('nobody')).toEqual([])
    })

    test('claims the oldest pending job once, with a lease token', async () => {
      const a = await store.add(newJob())
      await store.add(newJob())
      const claim = await store.claim(10_000)
      expect(claim?.job.id).toBe(a.id)
      expect(claim?.job.status).toBe('processing')
      expect(claim?.job.attempts).toBe(1)
      expect(claim?.leaseToken).toMatch(/^[0-9a-f-]{36}$/)
      const second = await store.claim(10_000)
      expect(second?.job.id).not.toBe(a.id)
      expect(await store.claim(10_000)).toBeNull()
    })

    test('claims a specific job by id only when it is claimable', async () => {
      const a = await store.add(newJob())
      const b = await store.add(newJob())
      expect((await store.claim(10_000, { id: b.id }))?.job.id).toBe(b.id)
      expect(await store.claim(10_000, { id: b.id })).toBeNull()
      expect((await store.claim(10_000, { id: a.id }))?.job.id).toBe(a.id)
    })

    test('concurrent claims never hand one job to two workers', async () => {
      for (let i = 0; i < 4; i++) await store.add(newJob())
      const claims = await Promise.all(Array.from({ length: 8 }, () => store.claim(10_000)))
      const ids = claims.filter((c) => c !== null).map((c) => c!.job.id)
      expect(ids).toHaveLength(4)
      expect(new Set(ids).size).toBe(4)
    })

    test('re-claims a job whose lease expired, and the stale token can no longer write', async () => {
      const job = await store.add(newJob())
      const first = (await store.claim(60))!
      expect(await store.claim(60)).toBeNull()
      await sleep(120)
      const second = (await store.claim(10_000))!
      expect(second.job.id).toBe(job.id)
      expect(second.job.attempts).toBe(2)
      expect(second.leaseToken).not.toBe(first.leaseToken)
      const now = new Date().toISOString()
      expect(await store.progress(job.id, first.leaseToken, { translated_keys: 1, failed_keys: 0, now })).toBe(false)
      expect(await store.renew(job.id, first.leaseToken, 10_000)).toBe(false)
      expect(
        await store.finish(job.id, first.leaseToken, { kind: 'finished', status: 'completed', translated_keys: 6, failed_keys: 0, error_message: null, now, outbox: [] }),
      ).toBe(false)
      expect((await store.get(job.id))?.status).toBe('processing')
      expect(await store.renew(job.id, second.leaseToken, 10_000)).toBe(true)
    })

    test('a renewed lease is not re-claimed', async () => {
      await store.add(newJob())
      const claim = (await store.claim(150))!
      await sleep(80)
      expect(await store.renew(claim.job.id, claim.leaseToken, 10_000)).toBe(true)
      await sleep(120)
      expect(await store.claim(10_000)).toBeNull()
    })

    test('progress updates counts and source language and upserts file metadata by language', async () => {
      const job = await store.add(newJob({ source_language: 'auto' }))
      const { leaseToken } = (await store.claim(10_000))!
      const now = new Date().toISOString()
      const file = { id: randomUUID(), job_id: job.id, language_code: 'es', file_size: 10, created_at: now, translated: 2, failed: 1, encoding: 'utf-8' }
      expect(await store.progress(job.id, leaseToken, { translated_keys: 2, failed_keys: 1, source_language: 'en', now, file })).toBe(true)
      expect(
        await store.progress(job.id, leaseToken, { translated_keys: 3, failed_keys: 0, now, file: { ...file, id: randomUUID(), file_size: 12, translated: 3, failed: 0, encoding: 'iso-8859-1' } }),
      ).toBe(true)
      const stored = (await store.get(job.id))!
      expect(stored).toMatchObject({ translated_keys: 3, failed_keys: 0, source_language: 'en' })
      const files = await store.files(job.id)
      expect(files).toEqual([{ ...file, file_size: 12, translated: 3, failed: 0, encoding: 'iso-8859-1' }])
    })

    test('finish ends the job and writes its outbox rows in one step', async () => {
      const job = await store.add(newJob())
      const { leaseToken } = (await store.claim(10_000))!
      const now = new Date().toISOString()
      const row = { id: randomUUID(), kind: 'webhook' as const, owner_id: 'owner-a', job_id: job.id, payload: '{"x":1}', next_at: Date.now() }
      expect(
        await store.finish(job.id, leaseToken, { kind: 'finished', status: 'partial', translated_keys: 5, failed_keys: 1, error_message: null, now, outbox: [row] }),
      ).toBe(true)
      expect(await store.get(job.id)).toMatchObject({ status: 'partial', translated_keys: 5, failed_keys: 1, completed_at: now, updated_at: now, lease_token: null })
      const claimed = await store.claimOutbox(10_000)
      expect(claimed).toMatchObject({ id: row.id, kind: 'webhook', payload: '{"x":1}', attempts: 0 })
      expect(await store.claimOutbox(10_000)).toBeNull()
      expect(await store.finish(job.id, leaseToken, { kind: 'finished', status: 'failed', translated_keys: 0, failed_keys: 0, error_message: 'x', now, outbox: [] })).toBe(false)
    })

    test('a failed finish can drop the file metadata', async () => {
      const job = await store.add(newJob())
      const { leaseToken } = (await store.claim(10_000))!
      const now = new Date().toISOString()
      await store.progress(job.id, leaseToken, {
        translated_keys: 0,
        failed_keys: 0,
        now,
        file: { id: randomUUID(), job_id: job.id, language_code: 'es', file_size: 1, created_at: now, translated: 0, failed: 3, encoding: 'utf-8' },
      })
      await store.finish(job.id, leaseToken, { kind: 'finished', status: 'failed', translated_keys: 0, failed_keys: 6, error_message: 'boom', now, outbox: [], dropFiles: true })
      expect(await store.files(job.id)).toEqual([])
      expect((await store.get(job.id))?.error_message).toBe('boom')
    })

    test('a retry puts the job back to pending until its run_at', async () => {
      const job = await store.add(newJob())
      const { leaseToken } = (await store.claim(10_000))!
      await store.finish(job.id, leaseToken, { kind: 'retry', runAt: Date.now() + 150, error_message: 'transient', now: new Date().toISOString() })
      expect(await store.get(job.id)).toMatchObject({ status: 'pending', error_message: 'transient', lease_token: null })
      expect(await store.claim(10_000)).toBeNull()
      expect(await store.runnable()).toEqual([job.id])
      await sleep(200)
      expect((await store.claim(10_000))?.job.attempts).toBe(2)
    })

    test('runnable lists pending jobs and processing jobs with an expired lease', async () => {
      const a = await store.add(newJob())
      const b = await store.add(newJob())
      const c = await store.add(newJob())
      await store.claim(10_000, { id: a.id })
      await store.claim(40, { id: b.id })
      await sleep(80)
      expect((await store.runnable()).sort()).toEqual([b.id, c.id].sort())
    })

    test('remove deletes the job and its file metadata and writes outbox rows from the removed job', async () => {
      const job = await store.add(newJob())
      const { leaseToken } = (await store.claim(10_000))!
      const now = new Date().toISOString()
      await store.progress(job.id, leaseToken, {
        translated_keys: 2,
        failed_keys: 0,
        now,
        file: { id: randomUUID(), job_id: job.id, language_code: 'es', file_size: 1, created_at: now, translated: 2, failed: 0, encoding: 'utf-8' },
      })
      const removed = await store.remove(job.id, (gone) => [
        { id: randomUUID(), kind: 'refund', owner_id: gone.owner_id, job_id: gone.id, payload: JSON.stringify({ amount: gone.credits_reserved - gone.translated_keys }), next_at: Date.now() },
      ])
      expect(removed?.translated_keys).toBe(2)
      expect(await store.get(job.id)).toBeNull()
      expect(await store.files(job.id)).toEqual([])
      expect(JSON.parse((await store.claimOutbox(10_000))!.payload)).toEqual({ amount: 4 })
      expect(await store.remove(job.id)).toBeNull()
      expect(await store.progress(job.id, leaseToken, { translated_keys: 3, failed_keys: 0, now })).toBe(false)
    })

    test('outbox rows are leased, rescheduled with their attempt count, and deleted when done', async () => {
      const row = { id: randomUUID(), kind: 'webhook' as const, owner_id: 'o', job_id: 'j', payload: '{}', next_at: Date.now() }
      await store.addOutbox(row)
      await store.addOutbox(row)
      const first = (await store.claimOutbox(10_000))!
      expect(await store.claimOutbox(10_000)).toBeNull()
      expect(await store.settleOutbox(row.id, 'not-the-token', { done: true })).toBe(false)
      const later = Date.now() + 100
      expect(await store.settleOutbox(row.id, first.lease_token, { done: false, attempts: 1, nextAt: later, error: 'HTTP 500' })).toBe(true)
      expect(await store.nextOutboxAt()).toBe(later)
      expect(await store.claimOutbox(10_000)).toBeNull()
      await sleep(150)
      const second = (await store.claimOutbox(10_000))!
      expect(second.attempts).toBe(1)
      expect(await store.settleOutbox(row.id, second.lease_token, { done: true })).toBe(true)
      expect(await store.nextOutboxAt()).toBeNull()
    })

    test('settling an outbox row can record the webhook delivery state on its job, in the same transaction', async () => {
      const job = await store.add(newJob({ webhook_url: 'https://hooks.example.test/x' }))
      expect(job.webhook).toBeNull()
      await store.addOutbox({ id: randomUUID(), kind: 'webhook', owner_id: job.owner_id, job_id: job.id, payload: '{}', next_at: Date.now() })
      const first = (await store.claimOutbox(10_000))!
      const pending = { state: 'pending' as const, attempts: 1, last_error: 'receiver answered 500' }
      expect(await store.settleOutbox(first.id, 'stale', { done: true, webhook: { state: 'failed', attempts: 9, last_error: 'x' } })).toBe(false)
      expect((await store.get(job.id))!.webhook).toBeNull()
      expect(await store.settleOutbox(first.id, first.lease_token, { done: false, attempts: 1, nextAt: Date.now(), error: 'receiver answered 500', webhook: pending })).toBe(true)
      expect((await store.get(job.id))!.webhook).toEqual(pending)
      const second = (await store.claimOutbox(10_000))!
      const failed = { state: 'failed' as const, attempts: 2, last_error: 'receiver answered 503' }
      expect(await store.settleOutbox(second.id, second.lease_token, { done: true, webhook: failed })).toBe(true)
      expect((await store.get(job.id))!.webhook).toEqual(failed)
      expect(await store.nextOutboxAt()).toBeNull()
    })

    test('an outbox row whose lease expired is claimed again', async () => {
      await store.addOutbox({ id: randomUUID(), kind: 'refund', owner_id: 'o', job_id: 'j', payload: '{"amount":1}', next_at: Date.now() })
      const first = (await store.claimOutbox(50))!
      await sleep(100)
      const second = (await store.claimOutbox(10_000))!
      expect(second.id).toBe(first.id)
      expect(await store.settleOutbox(first.id, first.lease_token, { done: true })).toBe(false)
    })
  })
}
