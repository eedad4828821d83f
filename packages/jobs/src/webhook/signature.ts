import { createHmac, timingSafeEqual } from 'node:crypto'

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` */
export function signWebhook(secret: string, rawBody: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')
  return `t=${timestamp},v1=${mac}`
}

/**
 * Checks an `X-Verso-Signature` header against the raw request body: the HMAC must match
 * (constant-time) and the timestamp must be within `toleranceSeconds` of now. Default tolerance: 300.
 */
export function verifyWebhookSignature(secret: string, header: string, rawBody: string, toleranceSeconds = 300): boolean {
  if (typeof header !== 'string' || typeof rawBody !== 'string') return false
  let timestamp: number | undefined
  const candidates: string[] = []
  for (const part of header.split(',')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    const name = part.slice(0, eq).trim()
    const value = part.slice(eq + 1).trim()
    if (name === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value)
    else if (name === 'v1' && /^[0-9a-f]{64}$/.test(value)) candidates.push(value)
  }
  if (timestamp === undefined || candidates.length === 0) return false
  if (Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex'), 'utf8')
  return candidates.some((candidate) => timingSafeEqual(Buffer.from(candidate, 'utf8'), expected))
}
