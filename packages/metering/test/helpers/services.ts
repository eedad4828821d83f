// Reachability of the servers the *.pg / *.redis suites need, and the skip-or-fail rule:
// unreachable skips with a message, unless CI is set, where it is a failure.
import net from 'node:net'

export const inCI = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0'

/** Whether a TCP connection to the URL's host and port opens within `timeoutMs`. */
export function reachable(url: string, defaultPort: number, timeoutMs = 1500): Promise<boolean> {
  let host: string
  let port: number
  try {
    const parsed = new URL(url)
    host = parsed.hostname || '127.0.0.1'
    port = Number(parsed.port) || defaultPort
  } catch {
    return Promise.resolve(false)
  }
  return new Promise((resolve) => {
    const socket = net.connect({ host, port })
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}

/** Skip (with a message) or, in CI, run anyway so the unreachable server fails the suite. */
export function shouldSkip(what: string, url: string, up: boolean): boolean {
  if (up) return false
  if (inCI) {
    console.error(`${what} at ${url} is unreachable and CI is set: failing instead of skipping`)
    return false
  }
  console.warn(`skipping the ${what} suite: ${url} is unreachable (set CI=true to make this a failure)`)
  return true
}
