import type { FastifyRequest } from 'fastify'
import type { Account, Metering } from '@verso/metering'
import { HttpError } from './http-errors.js'

/**
 * `translate`: the translate family (v1/v2 translate, batch, subtitles, html, detect, job
 * creation) answers 403 for a missing or bad key, as spec section 5 says; `read`: every other
 * authenticated route answers 401 (section 7's table).
 */
export type AuthFamily = 'translate' | 'read'

const HEADER = 'x-api-key'

export async function authenticate(metering: Metering, request: FastifyRequest, family: AuthFamily): Promise<Account> {
  const raw = request.headers[HEADER]
  // A repeated header arrives as an array: ambiguous, so invalid rather than guessed.
  const key = Array.isArray(raw) ? ' ' : raw
  const result = await metering.authenticate(key)
  if (result.status === 'ok') return result.account
  const status = family === 'translate' ? 403 : 401
  switch (result.status) {
    case 'missing':
      throw new HttpError(status, 'An API key is required: provide it in the X-API-KEY header.')
    case 'revoked':
      throw new HttpError(403, 'This API key has been revoked and is no longer valid.')
    default:
      throw new HttpError(status, 'Invalid API key.')
  }
}
