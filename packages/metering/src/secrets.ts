import { createHash, createHmac, randomBytes } from 'node:crypto'

const KEY_PREFIX = 'vrs_'
const WEBHOOK_PREFIX = 'whsec_'
/** `vrs_` + 32 random bytes in base64url (43 characters, no padding). */
const KEY_SHAPE = /^vrs_[A-Za-z0-9_-]{43}$/

export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url')
}

export function generateWebhookSecret(): string {
  return WEBHOOK_PREFIX + randomBytes(32).toString('base64url')
}

/** Whether a string could be a key this package issued; anything else is `invalid` without a lookup. */
export function looksLikeApiKey(value: string): boolean {
  return KEY_SHAPE.test(value)
}

/**
 * The lookup hash of a key: SHA-256, or HMAC-SHA-256 under a server-side pepper when one is set.
 * Keys carry 256 random bits, so a fast hash is enough (see the README).
 */
export function keyHasher(pepper?: string): (apiKey: string) => string {
  if (pepper) return (apiKey) => createHmac('sha256', pepper).update(apiKey).digest('hex')
  return (apiKey) => createHash('sha256').update(apiKey).digest('hex')
}
