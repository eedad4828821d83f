import { createHash, type Hash } from 'node:crypto'
import { Transform } from 'node:stream'
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { Metering } from '@verso/metering'
import { HttpError } from './http-errors.js'

/**
 * `Idempotency-Key` on every authenticated POST, as in Stripe's API: the same key with the same
 * request within 24 h replays the first response (status, body, Content-Type, plus
 * `Idempotent-Replayed: true`) and runs nothing again, so nothing is charged again; the key with
 * another request is a 422; while the first request with it still runs, a 409. Records live in
 * metering (per account, SQLite or PostgreSQL), so this holds across restarts and servers.
 *
 * What is stored: a response below 500 of a request that reached its handler (a request refused
 * by schema validation, authentication or the rate limit is not: it may be retried with the key
 * as it is). A 5xx, or an error while answering, releases the key: the retry runs again. A
 * server that crashes holds its key until the lease (`leaseMs`) runs out; then a retry takes the
 * key over and runs the request again, and the charges made under the key (`withCredits`, job
 * reservations) are not taken twice.
 *
 * Replays count as requests (rate limit, usage statistics), as at Stripe.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * When the key is claimed. `before-handler` (default): in preHandler, the body having been
     * read and hashed. `in-handler`: the route reads its body itself (multipart) and calls
     * `claimIdempotency` once it has, before it changes anything.
     */
    idempotency?: 'before-handler' | 'in-handler'
  }
  interface FastifyRequest {
    /**
     * Set once the request's Idempotency-Key is claimed: what charges and jobs of this request
     * are keyed by. It is the client's key scoped by when its record was created
     * (`<epoch ms>:<key>`): the same on a retry that takes over after a crash, a new one when
     * the key is used again after its 24 h expiry. Undefined without the header.
     */
    idempotencyKey?: string
    /**
     * This request's hold on its key (the lease token): charges it makes under the key belong
     * to it, and its refund of them gives nothing once another request took the key over.
     */
    idempotencyAttempt?: string
  }
}

export interface IdempotencyOptions {
  metering: Metering
  /**
   * How long a claimed key stays `running` without an answer before a retry may take it over
   * (a crashed server's key), in ms. Longer than any request should take. Default: 120 000.
   */
  leaseMs?: number
}

export const IDEMPOTENCY_HEADER = 'idempotency-key'
/** Stripe's limit: at most 255 characters; printable ASCII only, so a key is never ambiguous. */
const KEY_SHAPE = /^[\x20-\x7e]{1,255}$/

/** A request's place in the key's life; requests without the header have none. */
type KeyState =
  | { phase: 'hashing'; key: string; hash: Hash }
  | { phase: 'running'; key: string; token: string; renewal: NodeJS.Timeout }
  | { phase: 'replayed' }
  | { phase: 'settled' }

/** The multipart form as the route read it: what its fingerprint is made of. */
export interface ReadForm {
  fields: Readonly<Record<string, string>>
  file?: { filename: string; bytes: Uint8Array }
}

const states = new WeakMap<FastifyRequest, KeyState>()
const claimers = new WeakMap<FastifyRequest, (request: FastifyRequest, reply: FastifyReply, fingerprint: string) => Promise<boolean>>()

const plugin: FastifyPluginAsync<IdempotencyOptions> = async (app: FastifyInstance, options) => {
  const { metering } = options
  const leaseMs = options.leaseMs ?? 120_000

  async function claim(request: FastifyRequest, reply: FastifyReply, fingerprint: string): Promise<boolean> {
    const state = states.get(request)
    if (state?.phase !== 'hashing') return false
    const { key } = state
    const begun = await metering.beginIdempotent(request.account!.id, key, fingerprint, leaseMs)
    switch (begun.state) {
      case 'started':
        states.set(request, { phase: 'running', key, token: begun.token, renewal: renewWhileRunning(request, key, begun.token) })
        request.idempotencyKey = `${begun.since}:${key}`
        request.idempotencyAttempt = begun.token
        return false
      case 'replay': {
        states.set(request, { phase: 'replayed' })
        const { status, contentType, body } = begun.response
        reply.code(status).header('Idempotent-Replayed', 'true')
        if (contentType !== null) reply.header('Content-Type', contentType)
        reply.send(Buffer.from(body.buffer, body.byteOffset, body.byteLength))
        return true
      }
      case 'mismatch':
        states.set(request, { phase: 'settled' })
        throw new HttpError(
          422,
          `Idempotency-Key '${key}' was used with a different request body (or another endpoint); use a new key for a new request.`,
        )
      case 'running': {
        states.set(request, { phase: 'settled' })
        const seconds = Math.max(1, Math.ceil((begun.leaseUntil - Date.now()) / 1000))
        throw new HttpError(
          409,
          `A request with Idempotency-Key '${key}' is still being processed; retry once it has finished.`,
          { 'Retry-After': String(Math.min(seconds, 5)) },
        )
      }
    }
  }

  /**
   * Work may outlast one lease (a large HTML page through a slow remote engine): the claim is
   * renewed every third of the lease while the request runs, so a retry meanwhile gets a 409
   * instead of running the work a second time. A lease stops being renewed when its server
   * dies, which is what lets a retry take the key over then.
   */
  function renewWhileRunning(request: FastifyRequest, key: string, token: string): NodeJS.Timeout {
    const timer = setInterval(() => {
      metering.renewIdempotent(request.account!.id, key, token, leaseMs).then(
        (held) => {
          if (!held) clearInterval(timer)
        },
        (error: unknown) => request.log.warn({ err: error, idempotency_key: key }, 'idempotency: renewing the lease failed; retried at the next renewal'),
      )
    }, Math.max(1, Math.floor(leaseMs / 3)))
    timer.unref()
    return timer
  }

  // Runs after authentication (onRequest), so the key belongs to a known account.
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (request.method !== 'POST' || !request.account) return payload
    const raw = request.headers[IDEMPOTENCY_HEADER]
    if (raw === undefined) return payload
    const key = Array.isArray(raw) ? raw.join(', ') : raw
    if (!KEY_SHAPE.test(key)) {
      throw new HttpError(400, 'Invalid Idempotency-Key header: it must be 1 to 255 printable ASCII characters.')
    }
    const hash = createHash('sha256').update(`${request.method}\n${request.url}\n`)
    states.set(request, { phase: 'hashing', key, hash })
    claimers.set(request, claim)
    // A multipart route reads request.raw itself; its claim hashes the form it read instead.
    if (request.routeOptions.config?.idempotency === 'in-handler') return payload
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk)
        done(null, chunk)
      },
    })
    payload.on('error', (error) => hashing.destroy(error))
    payload.pipe(hashing)
    return hashing
  })

  app.addHook('preHandler', async (request, reply) => {
    const state = states.get(request)
    if (state?.phase !== 'hashing' || request.routeOptions.config?.idempotency === 'in-handler') return
    if (await claim(request, reply, state.hash.digest('hex'))) return reply
  })

  // The answer is kept before the client sees it, so a retry after it finds the replay, never a 409.
  app.addHook('onSend', async (request, reply, payload) => {
    const state = states.get(request)
    if (state?.phase !== 'running') return payload
    clearInterval(state.renewal)
    states.set(request, { phase: 'settled' })
    await settle(request, state, reply.statusCode, reply.getHeader('content-type'), payload)
    return payload
  })

  // A request that ended without onSend (hijacked, torn down): its key must not wait for the lease.
  app.addHook('onResponse', async (request) => {
    const state = states.get(request)
    if (state?.phase !== 'running') return
    clearInterval(state.renewal)
    states.set(request, { phase: 'settled' })
    await release(request, state)
  })

  async function settle(request: FastifyRequest, state: Extract<KeyState, { phase: 'running' }>, status: number, contentType: unknown, payload: unknown): Promise<void> {
    const body = bytesOf(payload)
    if (status >= 500 || body === null) {
      if (body === null && status < 500) request.log.warn({ idempotency_key: state.key }, 'idempotency: a streamed response is not kept; the key is released')
      await release(request, state)
      return
    }
    try {
      const type = typeof contentType === 'string' ? contentType : Array.isArray(contentType) ? contentType.join(', ') : null
      const kept = await metering.completeIdempotent(request.account!.id, state.key, state.token, { status, contentType: type, body })
      if (!kept) request.log.warn({ idempotency_key: state.key }, 'idempotency: the key was taken over (lease expired) before this answer; not kept')
    } catch (error) {
      request.log.error({ err: error, idempotency_key: state.key }, 'idempotency: keeping the response failed; the key is retried after its lease')
    }
  }

  async function release(request: FastifyRequest, state: Extract<KeyState, { phase: 'running' }>): Promise<void> {
    try {
      await metering.releaseIdempotent(request.account!.id, state.key, state.token)
    } catch (error) {
      request.log.error({ err: error, idempotency_key: state.key }, 'idempotency: releasing the key failed; it is free again after its lease')
    }
  }
}
// Hooks for every route of the app, not only this plugin's own context (what fastify-plugin does).
;(plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true
export const idempotency = plugin

/**
 * For routes configured `idempotency: 'in-handler'` (multipart): claims the request's key once
 * the form is read, before the route changes anything. Answers true when the reply was sent (a
 * replay: the handler returns `reply`); throws the 422/409 HttpError; false otherwise (no key,
 * or the request now holds it: go on). The fingerprint is the form as read (fields by name,
 * the file's name and bytes), not the raw bytes, whose multipart boundary differs per send.
 */
export async function claimIdempotency(request: FastifyRequest, reply: FastifyReply, form: ReadForm): Promise<boolean> {
  const state = states.get(request)
  const claim = claimers.get(request)
  if (state?.phase !== 'hashing' || !claim) return false
  const { hash } = state
  for (const name of Object.keys(form.fields).sort()) field(hash, name, form.fields[name]!)
  if (form.file) {
    field(hash, 'file', form.file.filename)
    hash.update(`${form.file.bytes.byteLength}:`).update(form.file.bytes)
  }
  return claim(request, reply, hash.digest('hex'))
}

function field(hash: Hash, name: string, value: string): void {
  hash.update(`${Buffer.byteLength(name)}:${name}${Buffer.byteLength(value)}:${value}`)
}

function bytesOf(payload: unknown): Uint8Array | null {
  if (payload === null || payload === undefined) return new Uint8Array()
  if (typeof payload === 'string') return Buffer.from(payload)
  if (payload instanceof Uint8Array) return payload
  return null
}
