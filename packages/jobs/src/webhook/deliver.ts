import { request } from 'node:https'
import type { LookupFunction } from 'node:net'
import { rootCertificates } from 'node:tls'
import { resolveSafe } from './ssrf.js'

export interface DeliveryOptions {
  timeoutMs: number
  allowPrivateNetworks: boolean
  /** Extra trusted CA (PEM) on top of Node's standard trust. */
  ca?: string | Buffer
}

export type DeliveryResult = { ok: true; status: number } | { ok: false; retry: boolean; error: string }

/**
 * One POST attempt. HTTPS only, TLS verified, the resolved address checked and pinned,
 * redirects not followed (a 3xx is a failed attempt), `timeoutMs` for the whole attempt.
 */
export async function deliverOnce(url: string, body: string, headers: Record<string, string>, options: DeliveryOptions): Promise<DeliveryResult> {
  let target: URL
  try {
    target = new URL(url)
  } catch {
    return { ok: false, retry: false, error: 'invalid webhook URL' }
  }
  if (target.protocol !== 'https:') return { ok: false, retry: false, error: 'webhook URL is not https' }
  let pinned: { address: string; family: 4 | 6 }
  try {
    pinned = await resolveSafe(target.hostname, options.allowPrivateNetworks)
  } catch (error) {
    const forbidden = (error as Error).name === 'ForbiddenAddress'
    return { ok: false, retry: !forbidden, error: (error as Error).message }
  }
  const hostname = target.hostname.startsWith('[') ? target.hostname.slice(1, -1) : target.hostname
  const pinnedLookup = ((_host: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (opts && opts.all) callback(null, [{ address: pinned.address, family: pinned.family }])
    else callback(null, pinned.address, pinned.family)
  }) as unknown as LookupFunction
  return new Promise<DeliveryResult>((resolve) => {
    let settled = false
    const finish = (result: DeliveryResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(result)
    }
    const req = request(
      {
        protocol: 'https:',
        hostname,
        port: target.port || 443,
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'verso-webhooks/1' },
        lookup: pinnedLookup,
        servername: /^[\d.]+$|:/.test(hostname) ? undefined : hostname,
        ...(options.ca ? { ca: [...rootCertificates, options.ca.toString()] } : {}),
        agent: false,
      },
      (res) => {
        res.resume()
        const status = res.statusCode ?? 0
        res.on('end', () => finish(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, retry: true, error: `receiver answered ${status}` }))
        res.on('error', (error) => finish({ ok: false, retry: true, error: error.message }))
      },
    )
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${options.timeoutMs} ms`))
    }, options.timeoutMs)
    req.on('error', (error) => finish({ ok: false, retry: true, error: error.message }))
    req.end(body)
  })
}
