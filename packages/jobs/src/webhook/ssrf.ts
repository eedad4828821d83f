import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

const blocked = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", includes 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4')
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6')
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, `::ffff:7f00:1`), else null. */
function mappedIPv4(address: string): string | null {
  const lower = address.toLowerCase()
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower) ?? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)
  if (dotted) return dotted[1]!
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower)
  if (hex) {
    const hi = parseInt(hex[1]!, 16)
    const lo = parseInt(hex[2]!, 16)
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
  }
  return null
}

/** True for addresses a webhook must not reach: loopback, private, link-local, CGNAT, unspecified, multicast, reserved. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return blocked.check(address, 'ipv4')
  if (family === 6) {
    const v4 = mappedIPv4(address)
    if (v4) return blocked.check(v4, 'ipv4')
    return blocked.check(address, 'ipv6')
  }
  return true
}

export class ForbiddenAddress extends Error {
  override name = 'ForbiddenAddress'
}

/**
 * Resolves `hostname` and returns the address to connect to. Every resolved address is checked
 * (a name with one public and one private address is refused), and the caller connects to the
 * returned address itself, so a second resolution (DNS rebinding) cannot swap it.
 */
export async function resolveSafe(hostname: string, allowPrivate: boolean): Promise<{ address: string; family: 4 | 6 }> {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname
  const literal = isIP(bare)
  const addresses = literal ? [{ address: bare, family: literal }] : await lookup(bare, { all: true, verbatim: true })
  if (addresses.length === 0) throw new Error(`${hostname} did not resolve`)
  if (!allowPrivate) {
    for (const { address } of addresses) {
      if (isForbiddenAddress(address)) throw new ForbiddenAddress(`${hostname} resolves to ${address}, a private or reserved address`)
    }
  }
  // IPv4 first: a name with both families often has an unreachable IPv6 route.
  const first = addresses.find((a) => a.family === 4) ?? addresses[0]!
  return { address: first.address, family: first.family === 6 ? 6 : 4 }
}

/**
 * Whether a webhook URL may be delivered to now: https, and every address its host resolves to
 * is public (unless `allowPrivateNetworks`). Deliveries run this check again and pin the address.
 */
export async function checkWebhookTarget(url: string, options: { allowPrivateNetworks?: boolean } = {}): Promise<{ ok: true; address: string } | { ok: false; reason: string }> {
  let target: URL
  try {
    target = new URL(url)
  } catch {
    return { ok: false, reason: 'not a URL' }
  }
  if (target.protocol !== 'https:') return { ok: false, reason: 'not https' }
  try {
    const { address } = await resolveSafe(target.hostname, options.allowPrivateNetworks ?? false)
    return { ok: true, address }
  } catch (error) {
    return { ok: false, reason: (error as Error).message }
  }
}
