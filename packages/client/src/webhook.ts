/**
 * Verifies a Verso webhook: the `X-Verso-Signature` header is `t=<unix seconds>,v1=<hex
 * HMAC-SHA-256(secret, "<t>.<raw body>")>` (the account's webhook secret, from
 * `npm run admin -- webhooks secret`). Web Crypto only, so it runs wherever the client does.
 */
export interface VerifyWebhookOptions {
  /** Largest age (or clock skew) of the signature's timestamp, in seconds. Default: 300 */
  toleranceSeconds?: number
  /** Clock, for tests. Default: Date.now */
  now?: () => number
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value
  }
  return undefined
}

/**
 * True when `rawBody` (the exact bytes received, before any JSON parsing) carries a valid,
 * fresh signature under `secret`. Never throws on bad input: a missing or malformed header is
 * false.
 */
export async function verifyWebhook(rawBody: string | Uint8Array, headers: HeaderBag, secret: string, options: VerifyWebhookOptions = {}): Promise<boolean> {
  const signature = header(headers, 'x-verso-signature')
  if (!signature || !secret) return false
  let timestamp: number | undefined
  const candidates: string[] = []
  for (const part of signature.split(',')) {
    const [name, value] = part.split('=', 2).map((s) => s.trim())
    if (name === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value)
    else if (name === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) candidates.push(value)
  }
  if (timestamp === undefined || candidates.length === 0) return false
  const now = (options.now ?? Date.now)() / 1000
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300)) return false
  const encoder = new TextEncoder()
  const body = typeof rawBody === 'string' ? encoder.encode(rawBody) : rawBody
  const signed = new Uint8Array([...encoder.encode(`${timestamp}.`), ...body])
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify'])
  for (const candidate of candidates) {
    const mac = new Uint8Array(candidate.match(/../g)!.map((byte) => parseInt(byte, 16)))
    // subtle.verify compares in constant time
    if (await crypto.subtle.verify('HMAC', key, mac, signed)) return true
  }
  return false
}
