/**
 * The part every vendor fake shares: an HTTP server on 127.0.0.1, a log of the requests it
 * got, and a script of faults to play on the next translation calls (a status with headers
 * and body, a hang that never answers, a truncated or malformed body, an oversized body).
 * The fakes' "translation" is deterministic and visibly not an echo: `[de] ` before the text
 * and a few dictionary words replaced, text inside markup elements untouched.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Fault =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  | { kind: 'hang' }
  | { kind: 'truncated' }
  | { kind: 'malformed' }
  | { kind: 'oversized'; bytes: number }

export interface LoggedRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  body: any
}

export interface FakeServer {
  url: string
  requests: LoggedRequest[]
  /** Faults played, one per call, on the next translation (and detection) calls. */
  faults: Fault[]
  close(): Promise<void>
}

export type Route = (request: LoggedRequest) => { status: number; body: unknown; headers?: Record<string, string> }

const DICTIONARY: Record<string, Record<string, string>> = {
  de: { hello: 'Hallo', world: 'Welt', the: 'die', cat: 'Katze', red: 'rote', car: 'Auto', is: 'ist', fast: 'schnell', file: 'Datei', files: 'Dateien', one: 'eine', you: 'Sie', have: 'haben', new: 'neue', message: 'Nachricht', messages: 'Nachrichten', open: 'öffnen', settings: 'Einstellungen', save: 'Speichern' },
  ja: { hello: 'こんにちは', world: '世界', cat: '猫', file: 'ファイル', files: 'ファイル', message: 'メッセージ', messages: 'メッセージ', save: '保存' },
  'zh-CN': { hello: '你好', world: '世界', cat: '猫', file: '文件', files: '文件', message: '消息', messages: '消息', save: '保存' },
  fr: { hello: 'Bonjour', world: 'monde', cat: 'chat', file: 'fichier', files: 'fichiers', save: 'Enregistrer' },
}

function dictionaryFor(target: string): Record<string, string> {
  const lower = target.toLowerCase()
  if (lower.startsWith('zh')) return DICTIONARY['zh-CN']!
  return DICTIONARY[lower.split('-')[0]!] ?? {}
}

/**
 * Translates the text between elements; elements pass unchanged, and so does everything
 * inside an element whose name is in `keep` (DeepL ignore_tags, Google translate="no").
 */
export function fakeTranslate(markup: string, target: string, keep: (tag: string) => boolean = () => false): string {
  const dictionary = dictionaryFor(target)
  const pieces = markup.split(/(<[^>]+>)/)
  const stack: boolean[] = [] // per open element: whether its content is kept
  const out = pieces.map((piece) => {
    if (piece.startsWith('<')) {
      if (piece.startsWith('</')) stack.pop()
      else if (!piece.endsWith('/>')) stack.push(keep(piece))
      return piece
    }
    if (stack.includes(true)) return piece
    return piece.replace(/\p{L}+/gu, (word) => dictionary[word.toLowerCase()] ?? word)
  })
  return `[${target}] ${out.join('')}`
}

export async function startFake(route: Route, faults: Fault[] = [], isTranslation: (r: LoggedRequest) => boolean = () => true): Promise<FakeServer> {
  const requests: LoggedRequest[] = []
  const hanging = new Set<ServerResponse>()
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const url = new URL(req.url ?? '/', 'http://fake')
    let body: any = undefined
    const type = String(req.headers['content-type'] ?? '')
    if (raw !== '') {
      if (type.includes('application/json')) {
        try {
          body = JSON.parse(raw)
        } catch {
          res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: 'bad JSON' }))
          return
        }
      } else if (type.includes('application/x-www-form-urlencoded')) {
        const form = new URLSearchParams(raw)
        body = {}
        for (const key of new Set(form.keys())) {
          const values = form.getAll(key)
          body[key] = values.length > 1 || key === 'text' || key === 'q' ? values : values[0]
        }
      } else {
        body = raw
      }
    }
    const logged: LoggedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body }
    requests.push(logged)
    const fault = isTranslation(logged) ? faults.shift() : undefined
    if (fault) {
      switch (fault.kind) {
        case 'hang':
          hanging.add(res)
          res.on('close', () => hanging.delete(res))
          return
        case 'truncated':
          res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"translations":[{"text":"Hal')
          return
        case 'malformed':
          res.writeHead(200, { 'Content-Type': 'application/json' }).end('<html>502 Bad Gateway</html>')
          return
        case 'oversized':
          res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ padding: 'x'.repeat(fault.bytes) }))
          return
        case 'status':
          res
            .writeHead(fault.status, { 'Content-Type': 'application/json', ...fault.headers })
            .end(fault.body === undefined ? '' : typeof fault.body === 'string' ? fault.body : JSON.stringify(fault.body))
          return
      }
    }
    const answer = route(logged)
    res.writeHead(answer.status, { 'Content-Type': 'application/json; charset=utf-8', ...answer.headers }).end(JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    faults,
    async close() {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
