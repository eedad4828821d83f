import { createHash, createHmac, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { type Metering, MeteringError, type MeteringOptions, type MeteringStore, createMetering } from '@verso/metering'

/** What a driver's test file provides: connections to one database shared by the whole suite. */
export interface StoreHarness {
  /** Opens a new store (a new connection or pool) on the suite's database. */
  open(): MeteringStore
  /** Every row of every `metering_` table, serialised: what an attacker with the database sees. */
  dump(): Promise<string>
  setup?(): Promise<void>
  teardown?(): Promise<void>
}

const KEY_SHAPE = /^vrs_[A-Za-z0-9_-]{43}$/

function uniqueEmail(label: string): string {
  return `${label}-${randomUUID()}@example.test`
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise
    return undefined
  } catch (error) {
    expect(error).toBeInstanceOf(MeteringError)
    return (error as MeteringError).code
  }
}

/** One conformance suite for every `MeteringStore` driver, run through the public `Metering` API. */
export function testMeteringStore(driver: string, harness: StoreHarness): void {
  describe(`metering on ${driver}`, () => {
    let metering: Metering
    const extra: Metering[] = []
    function another(options: Omit<MeteringOptions, 'driver'> = {}): Metering {
      const instance = createMetering({ driver: harness.open(), ...options })
      extra.push(instance)
      return instance
    }

    beforeAll(async () => {
      await harness.setup?.()
      metering = createMetering({ driver: harness.open() })
    })
    afterAll(async () => {
      for (const instance of extra) await instance.close()
      await metering?.close()
      await harness.teardown?.()
    })

    describe('accounts', () => {
      test('creates an account with a key, a webhook secret and the allocated credits', async () => {
        const email = uniqueEmail('create')
        const created = await metering.createAccount({ email, fullName: 'Ada Lovelace', credits: 100 })
        expect(created.apiKey).toMatch(KEY_SHAPE)
        expect(created.webhookSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
        expect(created.account).toMatchObject({ email, fullName: 'Ada Lovelace', totalCredits: 100, creditsUsed: 0, keyStatus: 'active' })
        expect(Number.isNaN(Date.parse(created.account.createdAt))).toBe(false)
        expect(await metering.findAccount(email)).toEqual(created.account)
      })

      test('finds an account by e-mail regardless of case', async () => {
        const email = uniqueEmail('Case')
        const { account } = await metering.createAccount({ email, fullName: 'Grace Hopper', credits: 1 })
        expect(await metering.findAccount(email.toUpperCase())).toEqual(account)
      })

      test('answers null for an unknown e-mail', async () => {
        expect(await metering.findAccount(uniqueEmail('nobody'))).toBeNull()
      })

      test('lists accounts oldest first', async () => {
        const first = await metering.createAccount({ email: uniqueEmail('list-a'), fullName: 'A', credits: 1 })
        const second = await metering.createAccount({ email: uniqueEmail('list-b'), fullName: 'B', credits: 2 })
        const ids = (await metering.listAccounts()).map((account) => account.id)
        expect(ids).toContain(first.account.id)
        expect(ids.indexOf(first.account.id)).toBeLessThan(ids.indexOf(second.account.id))
        const listed = (await metering.listAccounts()).find((account) => account.id === second.account.id)
        expect(listed).toEqual(second.account)
      })

      test('refuses a duplicate e-mail, also in another case', async () => {
        const email = uniqueEmail('dup')
        await metering.createAccount({ email, fullName: 'First', credits: 1 })
        expect(await codeOf(metering.createAccount({ email, fullName: 'Second', credits: 1 }))).toBe('METERING_DUPLICATE_EMAIL')
        expect(await codeOf(metering.createAccount({ email: email.toUpperCase(), fullName: 'Third', credits: 1 }))).toBe(
          'METERING_DUPLICATE_EMAIL',
        )
      })

      test('refuses invalid input', async () => {
        const bad = [
          { email: 'not-an-email', fullName: 'X', credits: 1 },
          { email: uniqueEmail('name'), fullName: '  ', credits: 1 },
          { email: uniqueEmail('neg'), fullName: 'X', credits: -1 },
          { email: uniqueEmail('frac'), fullName: 'X', credits: 1.5 },
          { email: uniqueEmail('nan'), fullName: 'X', credits: Number.NaN },
        ]
        for (const input of bad) expect(await codeOf(metering.createAccount(input))).toBe('METERING_INVALID_INPUT')
      })
    })

    describe('authentication', () => {
      test('authenticates an issued key as its account', async () => {
        const { account, apiKey } = await metering.createAccount({ email: uniqueEmail('auth'), fullName: 'Auth', credits: 5 })
        expect(await metering.authenticate(apiKey)).toEqual({ status: 'ok', account })
      })

      test('answers missing for no key and an empty key', async () => {
        expect(await metering.authenticate(undefined)).toEqual({ status: 'missing' })
        expect(await metering.authenticate('')).toEqual({ status: 'missing' })
      })

      test('answers invalid for an unknown or malformed key', async () => {
        const unknown = `vrs_${Buffer.alloc(32, 7).toString('base64url')}`
        expect(await metering.authenticate(unknown)).toEqual({ status: 'invalid' })
        expect(await metering.authenticate('hello')).toEqual({ status: 'invalid' })
        expect(await metering.authenticate(' ')).toEqual({ status: 'invalid' })
      })

      test('answers invalid for a valid key with leading or trailing spaces', async () => {
        const { apiKey } = await metering.createAccount({ email: uniqueEmail('spaces'), fullName: 'Spaces', credits: 5 })
        expect(await metering.authenticate(` ${apiKey}`)).toEqual({ status: 'invalid' })
        expect(await metering.authenticate(`${apiKey} `)).toEqual({ status: 'invalid' })
        expect(await metering.authenticate(`${apiKey}\n`)).toEqual({ status: 'invalid' })
      })

      test('answers revoked for the old key after a rotation and ok for the new one', async () => {
        const email = uniqueEmail('rotate')
        const { apiKey: oldKey, account } = await metering.createAccount({ email, fullName: 'Rotate', credits: 5 })
        const { apiKey: newKey } = await metering.rotateKey(email)
        expect(newKey).toMatch(KEY_SHAPE)
        expect(newKey).not.toBe(oldKey)
        expect(await metering.authenticate(oldKey)).toEqual({ status: 'revoked' })
        expect(await metering.authenticate(newKey)).toEqual({ status: 'ok', account })
        const { apiKey: third } = await metering.rotateKey(email)
        expect(await metering.authenticate(newKey)).toEqual({ status: 'revoked' })
        expect((await metering.authenticate(third)).status).toBe('ok')
      })

      test('sees a rotation made through another connection at once', async () => {
        const email = uniqueEmail('rotate-elsewhere')
        const { apiKey } = await metering.createAccount({ email, fullName: 'Elsewhere', credits: 5 })
        expect((await metering.authenticate(apiKey)).status).toBe('ok')
        const admin = another()
        const { apiKey: newKey } = await admin.rotateKey(email)
        expect(await metering.authenticate(apiKey)).toEqual({ status: 'revoked' })
        expect((await metering.authenticate(newKey)).status).toBe('ok')
      })

      test('answers revoked after a revoke until the key is rotated', async () => {
        const email = uniqueEmail('revoke')
        const { apiKey } = await metering.createAccount({ email, fullName: 'Revoke', credits: 5 })
        await metering.revokeKey(email)
        expect(await metering.authenticate(apiKey)).toEqual({ status: 'revoked' })
        expect((await metering.findAccount(email))?.keyStatus).toBe('revoked')
        await metering.revokeKey(email)
        expect((await metering.findAccount(email))?.keyStatus).toBe('revoked')
        const { apiKey: newKey } = await metering.rotateKey(email)
        expect((await metering.authenticate(newKey)).status).toBe('ok')
        expect(await metering.authenticate(apiKey)).toEqual({ status: 'revoked' })
        expect((await metering.findAccount(email))?.keyStatus).toBe('active')
      })

      test('refuses to rotate or revoke the key of an unknown account', async () => {
        expect(await codeOf(metering.rotateKey(uniqueEmail('ghost')))).toBe('METERING_ACCOUNT_NOT_FOUND')
        expect(await codeOf(metering.revokeKey(uniqueEmail('ghost')))).toBe('METERING_ACCOUNT_NOT_FOUND')
      })

      test('never stores a key in plain text, only its SHA-256', async () => {
        const email = uniqueEmail('plain')
        const { apiKey } = await metering.createAccount({ email, fullName: 'Plain', credits: 5 })
        const { apiKey: rotated } = await metering.rotateKey(email)
        const dump = await harness.dump()
        expect(dump).toContain(email) // the dump does read the accounts
        for (const key of [apiKey, rotated]) {
          expect(dump).not.toContain(key)
          expect(dump).not.toContain(key.slice(4))
          expect(dump).toContain(createHash('sha256').update(key).digest('hex'))
        }
      })

      test('hashes keys with HMAC under a pepper, and a key only works under its pepper', async () => {
        const peppered = another({ keyPepper: 'server-secret' })
        const { apiKey } = await peppered.createAccount({ email: uniqueEmail('pepper'), fullName: 'Pepper', credits: 1 })
        expect((await peppered.authenticate(apiKey)).status).toBe('ok')
        expect(await metering.authenticate(apiKey)).toEqual({ status: 'invalid' })
        const dump = await harness.dump()
        expect(dump).toContain(createHmac('sha256', 'server-secret').update(apiKey).digest('hex'))
        expect(dump).not.toContain(apiKey)
      })
    })

    describe('credits', () => {
      test('grants exactly the remaining credits to 30 concurrent charges', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('race'), fullName: 'Race', credits: 10 })
        const results = await Promise.all(Array.from({ length: 30 }, () => metering.charge(account.id, 1)))
        expect(results.filter((result) => result.ok)).toHaveLength(10)
        expect(results.filter((result) => !result.ok)).toHaveLength(20)
        for (const result of results) if (!result.ok) expect(result).toEqual({ ok: false, remaining: 0, required: 1 })
        const summary = await metering.summary(account.id)
        expect(summary.credits_used).toBe(10)
        expect(summary.credits_remaining).toBe(0)
      })

      test('grants exactly the remaining credits to concurrent charges through two connections', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('race2'), fullName: 'Race', credits: 10 })
        const other = another()
        const results = await Promise.all(
          Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? metering : other).charge(account.id, 1)),
        )
        expect(results.filter((result) => result.ok)).toHaveLength(10)
        expect((await other.findAccount(account.email))?.creditsUsed).toBe(10)
      })

      test('reports the remaining credits after each charge and refuses one that does not fit', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('charge'), fullName: 'Charge', credits: 10 })
        expect(await metering.charge(account.id, 4)).toEqual({ ok: true, remaining: 6 })
        expect(await metering.charge(account.id, 7)).toEqual({ ok: false, remaining: 6, required: 7 })
        expect(await metering.charge(account.id, 6)).toEqual({ ok: true, remaining: 0 })
        expect((await metering.findAccount(account.email))?.creditsUsed).toBe(10)
      })

      test('accepts a charge of zero credits even with nothing left', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('zero'), fullName: 'Zero', credits: 0 })
        expect(await metering.charge(account.id, 0)).toEqual({ ok: true, remaining: 0 })
        expect(await metering.charge(account.id, 1)).toEqual({ ok: false, remaining: 0, required: 1 })
      })

      test('refuses a charge for an unknown account or of a bad amount', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('badcharge'), fullName: 'Bad', credits: 3 })
        expect(await codeOf(metering.charge(randomUUID(), 1))).toBe('METERING_ACCOUNT_NOT_FOUND')
        expect(await codeOf(metering.charge(account.id, -1))).toBe('METERING_INVALID_INPUT')
        expect(await codeOf(metering.charge(account.id, 0.5))).toBe('METERING_INVALID_INPUT')
        expect(await metering.charge(account.id, 3)).toEqual({ ok: true, remaining: 0 })
      })

      test('refunds give credits back and never take credits_used below zero', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('refund'), fullName: 'Refund', credits: 10 })
        await metering.charge(account.id, 7)
        await metering.refund(account.id, 3)
        let summary = await metering.summary(account.id)
        expect([summary.credits_used, summary.credits_remaining]).toEqual([4, 6])
        await metering.refund(account.id, 100)
        summary = await metering.summary(account.id)
        expect([summary.credits_used, summary.credits_remaining]).toEqual([0, 10])
        expect(await codeOf(metering.refund(randomUUID(), 1))).toBe('METERING_ACCOUNT_NOT_FOUND')
      })

      test('adds credits by raising total_credits', async () => {
        const email = uniqueEmail('topup')
        const { account } = await metering.createAccount({ email, fullName: 'Top Up', credits: 2 })
        await metering.charge(account.id, 2)
        const updated = await metering.addCredits(email, 5)
        expect(updated).toMatchObject({ id: account.id, totalCredits: 7, creditsUsed: 2 })
        expect(await metering.charge(account.id, 5)).toEqual({ ok: true, remaining: 0 })
        expect(await codeOf(metering.addCredits(uniqueEmail('ghost'), 5))).toBe('METERING_ACCOUNT_NOT_FOUND')
        expect(await codeOf(metering.addCredits(email, -5))).toBe('METERING_INVALID_INPUT')
      })
    })

    describe('idempotency keys', () => {
      const HOUR = 60 * 60 * 1000
      /** A Metering on a clock the test moves. */
      function clocked(start = Date.now()) {
        const clock = { at: start }
        return { clock, instance: another({ now: () => clock.at }) }
      }
      const response = (text: string, status = 200) => ({ status, contentType: 'application/json; charset=utf-8', body: new TextEncoder().encode(text) })

      test('starts a new key, then replays its stored response for the same fingerprint', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('idem'), fullName: 'Idem', credits: 1 })
        const first = await metering.beginIdempotent(account.id, 'key-1', 'fp-a', 60_000)
        expect(first.state).toBe('started')
        if (first.state !== 'started') return
        expect(await metering.completeIdempotent(account.id, 'key-1', first.token, response('{"ok":1}', 201))).toBe(true)
        const again = await metering.beginIdempotent(account.id, 'key-1', 'fp-a', 60_000)
        expect(again.state).toBe('replay')
        if (again.state !== 'replay') return
        expect(again.response.status).toBe(201)
        expect(again.response.contentType).toBe('application/json; charset=utf-8')
        expect(new TextDecoder().decode(again.response.body)).toBe('{"ok":1}')
      })

      test('answers mismatch for the key with another fingerprint, done or running', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('idem-mm'), fullName: 'Idem', credits: 1 })
        const started = await metering.beginIdempotent(account.id, 'k', 'fp-a', 60_000)
        expect(await metering.beginIdempotent(account.id, 'k', 'fp-b', 60_000)).toEqual({ state: 'mismatch' })
        if (started.state === 'started') await metering.completeIdempotent(account.id, 'k', started.token, response('{}'))
        expect(await metering.beginIdempotent(account.id, 'k', 'fp-b', 60_000)).toEqual({ state: 'mismatch' })
      })

      test('keeps keys per account', async () => {
        const a = (await metering.createAccount({ email: uniqueEmail('idem-a'), fullName: 'A', credits: 1 })).account
        const b = (await metering.createAccount({ email: uniqueEmail('idem-b'), fullName: 'B', credits: 1 })).account
        expect((await metering.beginIdempotent(a.id, 'shared', 'fp', 60_000)).state).toBe('started')
        expect((await metering.beginIdempotent(b.id, 'shared', 'fp-other', 60_000)).state).toBe('started')
      })

      test('lets exactly one of concurrent claims through two connections start; the others see it running', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('idem-race'), fullName: 'Race', credits: 1 })
        const other = another()
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? metering : other).beginIdempotent(account.id, 'race', 'fp', 60_000)),
        )
        expect(results.filter((r) => r.state === 'started')).toHaveLength(1)
        expect(results.filter((r) => r.state === 'running')).toHaveLength(9)
      })

      test('takes over a running key whose lease expired (its server crashed), keeping its creation time', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('idem-lease'), fullName: 'Lease', credits: 1 })
        const { clock, instance } = clocked()
        const first = await instance.beginIdempotent(account.id, 'crash', 'fp', 1000)
        clock.at += 999
        expect((await instance.beginIdempotent(account.id, 'crash', 'fp', 1000)).state).toBe('running')
        clock.at += 1
        const second = await instance.beginIdempotent(account.id, 'crash', 'fp', 1000)
        expect(second.state).toBe('started')
        if (first.state !== 'started' || second.state !== 'started') return
        expect(second.since).toBe(first.since)
        expect(second.token).not.toBe(first.token)
        // The crashed holder's late answer is refused; the new holder's is kept.
        expect(await instance.completeIdempotent(account.id, 'crash', first.token, response('late'))).toBe(false)
        expect(await instance.releaseIdempotent(account.id, 'crash', first.token)).toBe(false)
        expect(await instance.completeIdempotent(account.id, 'crash', second.token, response('new'))).toBe(true)
        const replay = await instance.beginIdempotent(account.id, 'crash', 'fp', 1000)
        expect(replay.state === 'replay' && new TextDecoder().decode(replay.response.body)).toBe('new')
      })

      test('keeps a renewed lease past its first end, and lets only its holder renew it', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('idem-renew'), fullName: 'Renew', credits: 1 })
        const { clock, instance } = clocked()
        const first = await instance.beginIdempotent(account.id, 'long', 'fp', 1000)
        if (first.state !== 'started') throw new Error(`expected started, got ${first.state}`)
        clock.at += 900
        expect(await instance.renewIdempotent(account.id, 'long', first.token, 1000)).toBe(true)
        expect(await instance.renewIdempotent(account.id, 'long', 'not-the-holder', 1000)).toBe(false)
        clock.at += 900 // 1 800 ms after the claim: past the first lease, within the renewed one
        expect((await instance.beginIdempotent(account.id, 'long', 'fp', 1000)).state).toBe('running')
        clock.at += 100 // the renewed lease ends: a retry may take the key over, and the old token renews nothing
        const second = await instance.beginIdempotent(account.id, 'long', 'fp', 1000)
        expect(second.state).toBe('started')
        expect(await instance.renewIdempotent(account.id, 'long', first.token, 1000)).toBe(false)
        if (second.state !== 'started') return
        expect(await instance.completeIdempotent(account.id, 'long', second.token, response('done'))).toBe(true)
        // a completed key has no lease to renew
        expect(await instance.renewIdempotent(account.id, 'long', second.token, 1000)).toBe(false)
        expect(await codeOf(instance.renewIdempotent(account.id, 'long', second.token, 0))).toBe('METERING_INVALID_INPUT')
      })

      test('does not take over an expired lease for another fingerprint', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('idem-lease-mm'), fullName: 'Lease', credits: 1 })
        const { clock, instance } = clocked()
        await instance.beginIdempotent(account.id, 'k', 'fp', 1000)
        clock.at += 5000
        expect(await instance.beginIdempotent(account.id, 'k', 'other', 1000)).toEqual({ state: 'mismatch' })
      })

      test('lets a released key run again, with any body', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('idem-release'), fullName: 'Release', credits: 1 })
        const first = await metering.beginIdempotent(account.id, 'k', 'fp', 60_000)
        if (first.state !== 'started') throw new Error('not started')
        expect(await metering.releaseIdempotent(account.id, 'k', first.token)).toBe(true)
        expect((await metering.beginIdempotent(account.id, 'k', 'other', 60_000)).state).toBe('started')
      })

      test('forgets a key 24 h after it was created: a new request with it starts afresh', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('idem-expiry'), fullName: 'Expiry', credits: 1 })
        const { clock, instance } = clocked()
        const first = await instance.beginIdempotent(account.id, 'day', 'fp', 1000)
        if (first.state !== 'started') throw new Error('not started')
        await instance.completeIdempotent(account.id, 'day', first.token, response('{}'))
        clock.at += 24 * HOUR - 1
        expect((await instance.beginIdempotent(account.id, 'day', 'other', 1000)).state).toBe('mismatch')
        clock.at += 1
        const fresh = await instance.beginIdempotent(account.id, 'day', 'other', 1000)
        expect(fresh.state).toBe('started')
        if (fresh.state === 'started') expect(fresh.since).toBe(clock.at)
      })

      test('refuses a key that is empty or longer than 255 characters', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('idem-bad'), fullName: 'Bad', credits: 1 })
        expect(await codeOf(metering.beginIdempotent(account.id, '', 'fp', 1000))).toBe('METERING_INVALID_INPUT')
        expect(await codeOf(metering.beginIdempotent(account.id, 'x'.repeat(256), 'fp', 1000))).toBe('METERING_INVALID_INPUT')
        expect(await codeOf(metering.beginIdempotent(account.id, 'k', 'fp', 0))).toBe('METERING_INVALID_INPUT')
        expect((await metering.beginIdempotent(account.id, 'x'.repeat(255), 'fp', 1000)).state).toBe('started')
      })

      test('takes a keyed charge once, also from concurrent calls through two connections', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('keyed'), fullName: 'Keyed', credits: 10 })
        const other = another()
        const results = await Promise.all(
          Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? metering : other).charge(account.id, 3, { idempotencyKey: 'job-1' })),
        )
        expect(results.every((r) => r.ok)).toBe(true)
        expect(results.filter((r) => r.ok && r.alreadyCharged)).toHaveLength(5)
        expect((await metering.findAccount(account.email))?.creditsUsed).toBe(3)
        expect(await metering.charge(account.id, 3, { idempotencyKey: 'job-2' })).toEqual({ ok: true, remaining: 4 })
      })

      test('charges again after a keyed refund, and a second keyed refund gives nothing more', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('keyed-refund'), fullName: 'Refund', credits: 10 })
        await metering.charge(account.id, 4, { idempotencyKey: 'k' })
        await metering.refund(account.id, 4, { idempotencyKey: 'k' })
        await metering.refund(account.id, 4, { idempotencyKey: 'k' })
        expect((await metering.findAccount(account.email))?.creditsUsed).toBe(0)
        expect(await metering.charge(account.id, 4, { idempotencyKey: 'k' })).toEqual({ ok: true, remaining: 6 })
      })

      test('lets only the attempt holding a keyed charge refund it: a take-over moves the charge to the new attempt', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('keyed-holder'), fullName: 'Holder', credits: 10 })
        await metering.charge(account.id, 2, { idempotencyKey: 'k', attempt: 'first' })
        expect(await metering.charge(account.id, 2, { idempotencyKey: 'k', attempt: 'second' })).toEqual({ ok: true, remaining: 8, alreadyCharged: true })
        await metering.refund(account.id, 2, { idempotencyKey: 'k', attempt: 'first' })
        expect((await metering.findAccount(account.email))?.creditsUsed).toBe(2)
        await metering.refund(account.id, 2, { idempotencyKey: 'k', attempt: 'second' })
        expect((await metering.findAccount(account.email))?.creditsUsed).toBe(0)
      })

      test('settles a keyed charge at what succeeded, giving the difference back once however often it is settled', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('keyed-settle'), fullName: 'Settle', credits: 10 })
        await metering.charge(account.id, 5, { idempotencyKey: 'k' })
        expect(await metering.settle(account.id, 3, { idempotencyKey: 'k' })).toBe(2)
        expect(await metering.settle(account.id, 3, { idempotencyKey: 'k' })).toBe(0)
        expect(await another().settle(account.id, 3, { idempotencyKey: 'k' })).toBe(0)
        expect((await metering.findAccount(account.email))?.creditsUsed).toBe(3)
        // a lower settlement gives back the rest; a higher one takes nothing more
        expect(await metering.settle(account.id, 1, { idempotencyKey: 'k' })).toBe(2)
        expect(await metering.settle(account.id, 4, { idempotencyKey: 'k' })).toBe(0)
        expect((await metering.findAccount(account.email))?.creditsUsed).toBe(1)
        // the key stays charged (at the settled amount): a re-run takes nothing, a refund gives back what is left
        expect(await metering.charge(account.id, 5, { idempotencyKey: 'k' })).toEqual({ ok: true, remaining: 9, alreadyCharged: true })
        await metering.refund(account.id, 5, { idempotencyKey: 'k' })
        expect((await metering.findAccount(account.email))?.creditsUsed).toBe(0)
      })

      test('settles nothing without a record of the key, or for an attempt that lost the charge', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('keyed-settle-none'), fullName: 'None', credits: 10 })
        await metering.charge(account.id, 2, {})
        expect(await metering.settle(account.id, 0, { idempotencyKey: 'never-charged' })).toBe(0)
        await metering.charge(account.id, 4, { idempotencyKey: 'k', attempt: 'first' })
        await metering.charge(account.id, 4, { idempotencyKey: 'k', attempt: 'second' })
        expect(await metering.settle(account.id, 1, { idempotencyKey: 'k', attempt: 'first' })).toBe(0)
        expect(await metering.settle(account.id, 1, { idempotencyKey: 'k', attempt: 'second' })).toBe(3)
        expect((await metering.findAccount(account.email))?.creditsUsed).toBe(3)
        expect(await codeOf(metering.settle(randomUUID(), 1, { idempotencyKey: 'k' }))).toBe('METERING_ACCOUNT_NOT_FOUND')
        expect(await codeOf(metering.settle(account.id, -1, { idempotencyKey: 'k' }))).toBe('METERING_INVALID_INPUT')
        expect(await codeOf(metering.settle(account.id, 1, {} as never))).toBe('METERING_INVALID_INPUT')
      })

      test('records nothing for a refused keyed charge, so the key is charged once credits arrive', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('keyed-poor'), fullName: 'Poor', credits: 1 })
        expect(await metering.charge(account.id, 2, { idempotencyKey: 'k' })).toEqual({ ok: false, remaining: 1, required: 2 })
        await metering.addCredits(account.email, 1)
        expect(await metering.charge(account.id, 2, { idempotencyKey: 'k' })).toEqual({ ok: true, remaining: 0 })
      })

      test('charges a key again once its record is 24 h old', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('keyed-expiry'), fullName: 'Expiry', credits: 10 })
        const { clock, instance } = clocked()
        await instance.charge(account.id, 1, { idempotencyKey: 'k' })
        clock.at += 24 * HOUR - 1
        expect(await instance.charge(account.id, 1, { idempotencyKey: 'k' })).toEqual({ ok: true, remaining: 9, alreadyCharged: true })
        clock.at += 1
        expect(await instance.charge(account.id, 1, { idempotencyKey: 'k' })).toEqual({ ok: true, remaining: 8 })
      })

      test('refuses a keyed charge for an unknown account or with a bad key', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('keyed-bad'), fullName: 'Bad', credits: 1 })
        expect(await codeOf(metering.charge(randomUUID(), 1, { idempotencyKey: 'k' }))).toBe('METERING_ACCOUNT_NOT_FOUND')
        expect(await codeOf(metering.refund(randomUUID(), 1, { idempotencyKey: 'k' }))).toBe('METERING_ACCOUNT_NOT_FOUND')
        expect(await codeOf(metering.charge(account.id, 1, { idempotencyKey: '' }))).toBe('METERING_INVALID_INPUT')
      })

      test('deletes records older than 24 h in the background, at most once an hour', async () => {
        const { account } = await metering.createAccount({ email: uniqueEmail('idem-cleanup'), fullName: 'Cleanup', credits: 1 })
        const store = harness.open()
        const deleted: number[] = []
        const deleteBefore = store.deleteIdempotencyBefore.bind(store)
        const instance = createMetering({
          driver: { ...store, deleteIdempotencyBefore: async (before) => { deleted.push(before); return deleteBefore(before) } },
          now: () => clock.at,
        })
        extra.push(instance)
        const clock = { at: Date.now() }
        await instance.beginIdempotent(account.id, 'a', 'fp', 1000)
        clock.at += HOUR - 1
        await instance.beginIdempotent(account.id, 'b', 'fp', 1000)
        expect(deleted).toEqual([clock.at - HOUR + 1 - 24 * HOUR])
        clock.at += 1
        await instance.beginIdempotent(account.id, 'c', 'fp', 1000)
        expect(deleted).toHaveLength(2)
      })
    })

    describe('usage summary', () => {
      test('has exactly the spec shape, with zero rates for a new account', async () => {
        const email = uniqueEmail('fresh')
        const { account } = await metering.createAccount({ email, fullName: 'Fresh', credits: 0 })
        expect(await metering.summary(account.id)).toStrictEqual({
          email,
          full_name: 'Fresh',
          total_credits: 0,
          credits_used: 0,
          credits_remaining: 0,
          credits_percentage: 0,
          summary: { total_requests: 0, successful_requests: 0, failed_requests: 0, success_rate: 0 },
        })
      })

      test('counts requests and reports the success rate and credit percentage', async () => {
        const email = uniqueEmail('usage')
        const { account } = await metering.createAccount({ email, fullName: 'Usage', credits: 3 })
        await metering.charge(account.id, 1)
        await Promise.all([
          metering.recordRequest(account.id, { success: true }),
          metering.recordRequest(account.id, { success: true }),
          metering.recordRequest(account.id, { success: false }),
        ])
        expect(await metering.summary(account.id)).toStrictEqual({
          email,
          full_name: 'Usage',
          total_credits: 3,
          credits_used: 1,
          credits_remaining: 2,
          credits_percentage: 33.33,
          summary: { total_requests: 3, successful_requests: 2, failed_requests: 1, success_rate: 66.67 },
        })
      })

      test('refuses a summary or a request record for an unknown account', async () => {
        expect(await codeOf(metering.summary(randomUUID()))).toBe('METERING_ACCOUNT_NOT_FOUND')
        expect(await codeOf(metering.recordRequest(randomUUID(), { success: true }))).toBe('METERING_ACCOUNT_NOT_FOUND')
      })
    })

    describe('webhook secret', () => {
      test('keeps the secret given at creation, one per account', async () => {
        const a = await metering.createAccount({ email: uniqueEmail('wh-a'), fullName: 'A', credits: 1 })
        const b = await metering.createAccount({ email: uniqueEmail('wh-b'), fullName: 'B', credits: 1 })
        expect(await metering.webhookSecret(a.account.id)).toBe(a.webhookSecret)
        expect(a.webhookSecret).not.toBe(b.webhookSecret)
      })

      test('rotates the secret', async () => {
        const email = uniqueEmail('wh-rotate')
        const { account, webhookSecret } = await metering.createAccount({ email, fullName: 'W', credits: 1 })
        const rotated = await metering.rotateWebhookSecret(email)
        expect(rotated).toMatch(/^whsec_/)
        expect(rotated).not.toBe(webhookSecret)
        expect(await metering.webhookSecret(account.id)).toBe(rotated)
        expect(await codeOf(metering.webhookSecret(randomUUID()))).toBe('METERING_ACCOUNT_NOT_FOUND')
        expect(await codeOf(metering.rotateWebhookSecret(uniqueEmail('ghost')))).toBe('METERING_ACCOUNT_NOT_FOUND')
      })
    })

    describe('hot-path settings (authCacheMs, usageFlushMs)', () => {
      test('reuses a successful key lookup for authCacheMs, so a rotation made elsewhere shows after at most that long', async () => {
        let clock = 1_000_000
        const server = another({ authCacheMs: 1000, now: () => clock })
        const email = uniqueEmail('auth-cache')
        const { apiKey } = await metering.createAccount({ email, fullName: 'Cached', credits: 1 })
        expect((await server.authenticate(apiKey)).status).toBe('ok')
        const { apiKey: fresh } = await metering.rotateKey(email)
        clock += 999
        expect((await server.authenticate(apiKey)).status).toBe('ok')
        clock += 2
        expect(await server.authenticate(apiKey)).toEqual({ status: 'revoked' })
        expect((await server.authenticate(fresh)).status).toBe('ok')
      })

      test('forgets cached keys at once when the same instance rotates or revokes', async () => {
        const server = another({ authCacheMs: 60_000 })
        const email = uniqueEmail('auth-cache-local')
        const { apiKey } = await server.createAccount({ email, fullName: 'Local', credits: 1 })
        expect((await server.authenticate(apiKey)).status).toBe('ok')
        const { apiKey: fresh } = await server.rotateKey(email)
        expect(await server.authenticate(apiKey)).toEqual({ status: 'revoked' })
        expect((await server.authenticate(fresh)).status).toBe('ok')
        await server.revokeKey(email)
        expect(await server.authenticate(fresh)).toEqual({ status: 'revoked' })
      })

      test('never caches an invalid or revoked answer', async () => {
        const server = another({ authCacheMs: 60_000 })
        const email = uniqueEmail('auth-cache-negative')
        const { apiKey } = await metering.createAccount({ email, fullName: 'Negative', credits: 1 })
        await metering.revokeKey(email)
        expect(await server.authenticate(apiKey)).toEqual({ status: 'revoked' })
        const { apiKey: fresh } = await metering.rotateKey(email)
        expect((await server.authenticate(fresh)).status).toBe('ok')
      })

      test('keeps usage counts in memory and writes them before a summary and at close', async () => {
        const server = another({ usageFlushMs: 60_000 })
        const { account } = await metering.createAccount({ email: uniqueEmail('usage-batch'), fullName: 'Batch', credits: 1 })
        await server.recordRequest(account.id, { success: true })
        await server.recordRequest(account.id, { success: false })
        await server.recordRequest(account.id, { success: true })
        // Not written yet: another instance does not see them.
        expect((await metering.summary(account.id)).summary.total_requests).toBe(0)
        expect((await server.summary(account.id)).summary).toStrictEqual({ total_requests: 3, successful_requests: 2, failed_requests: 1, success_rate: 66.67 })
        await server.recordRequest(account.id, { success: false })
        await server.close()
        expect((await metering.summary(account.id)).summary).toStrictEqual({ total_requests: 4, successful_requests: 2, failed_requests: 2, success_rate: 50 })
      })

      test('writes usage counts on its timer', async () => {
        const server = another({ usageFlushMs: 20 })
        const { account } = await metering.createAccount({ email: uniqueEmail('usage-timer'), fullName: 'Timer', credits: 1 })
        await server.recordRequest(account.id, { success: true })
        await vi.waitFor(async () => expect((await metering.summary(account.id)).summary.total_requests).toBe(1), { timeout: 10_000, interval: 50 })
      })

      test('keeps the counts of a failed write for the next one', async () => {
        const store = harness.open()
        let failures = 1
        const flaky: MeteringStore = {
          ...store,
          async addUsage(accountId, successful, failed) {
            if (failures-- > 0) throw new Error('disk unavailable')
            return store.addUsage(accountId, successful, failed)
          },
        }
        const server = createMetering({ driver: flaky, usageFlushMs: 60_000 })
        extra.push(server)
        const { account } = await metering.createAccount({ email: uniqueEmail('usage-retry'), fullName: 'Retry', credits: 1 })
        await server.recordRequest(account.id, { success: true })
        await server.recordRequest(account.id, { success: true })
        await expect(server.summary(account.id)).rejects.toThrow('disk unavailable')
        expect((await server.summary(account.id)).summary.total_requests).toBe(2)
      })

      test('drops the counts of an unknown account at the write instead of failing', async () => {
        const server = createMetering({ driver: harness.open(), usageFlushMs: 60_000 })
        await server.recordRequest(randomUUID(), { success: true })
        await server.close()
      })

      test('still charges atomically with every setting on', async () => {
        const server = another({ authCacheMs: 60_000, usageFlushMs: 60_000 })
        const { account, apiKey } = await metering.createAccount({ email: uniqueEmail('hot-charge'), fullName: 'Hot', credits: 5 })
        const auth = await server.authenticate(apiKey)
        expect(auth.status).toBe('ok')
        const charges = await Promise.all(Array.from({ length: 8 }, () => server.charge(account.id, 1)))
        expect(charges.filter((c) => c.ok)).toHaveLength(5)
        expect((await metering.summary(account.id)).credits_used).toBe(5)
      })

      test('refuses a negative or fractional setting', async () => {
        const store = harness.open()
        try {
          expect(() => createMetering({ driver: store, authCacheMs: -1 })).toThrow(MeteringError)
          expect(() => createMetering({ driver: store, usageFlushMs: 1.5 })).toThrow(MeteringError)
        } finally {
          await store.close()
        }
      })
    })

    describe('lifecycle', () => {
      test('refuses calls after close', async () => {
        const instance = createMetering({ driver: harness.open() })
        await instance.close()
        await instance.close()
        expect(await codeOf(instance.listAccounts())).toBe('METERING_CLOSED')
        expect(await codeOf(instance.authenticate('x'))).toBe('METERING_CLOSED')
      })
    })
  })
}
