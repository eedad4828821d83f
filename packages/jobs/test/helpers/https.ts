import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A self-signed certificate for 127.0.0.1 / localhost, made with openssl in a temp dir. */
export function selfSignedCert(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'verso-cert-'))
  try {
    execFileSync(
      'openssl',
      [
        'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
        '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1',
        '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
      ],
      { stdio: 'ignore' },
    )
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export interface Received {
  at: number
  path: string
  headers: IncomingMessage['headers']
  body: string
}

/** An HTTPS receiver answering with `respond(n)` for the n-th request (0-based). */
export async function receiver(
  tls: { key: string; cert: string },
  respond: (n: number) => { status: number; headers?: Record<string, string> } | 'hang' = () => ({ status: 200 }),
  port = 0,
): Promise<{ url: string; port: number; requests: Received[]; close(): Promise<void>; server: Server }> {
  const requests: Received[] = []
  const server = createServer(tls, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const n = requests.length
      requests.push({ at: Date.now(), path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      const answer = respond(n)
      if (answer === 'hang') return
      res.writeHead(answer.status, answer.headers ?? {})
      res.end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address() as { port: number }
  return {
    url: `https://127.0.0.1:${address.port}/hook`,
    port: address.port,
    requests,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
