/**
 * A fake LibreTranslate server, written from its documentation (docs.libretranslate.com
 * "API Usage", the server's OpenAPI description):
 *
 * - `POST /translate` (JSON or form): `q` (string or array), `source`, `target`, `format`
 *   (`text` or `html`), `api_key`; answers `{ "translatedText": "…" }`, or an array when `q`
 *   was one; `format=html` keeps the markup;
 * - `GET /languages`: `[{ "code": "en", "name": "English", "targets": ["de", …] }]`;
 * - `POST /detect`: `[{ "language": "de", "confidence": 90.0 }]` (a percentage);
 * - errors `{ "error": "…" }`: 400 invalid request, 403 banned / invalid API key, 429 slow
 *   down, 500.
 */
import { fakeTranslate, startFake, type Fault, type FakeServer } from './fake-server.js'

export const LIBRE_LANGUAGES = [
  { code: 'en', name: 'English', targets: ['de', 'es', 'fr', 'ja', 'pt-BR', 'zh-Hans', 'zh-Hant', 'uk'] },
  { code: 'de', name: 'German', targets: ['en', 'es', 'fr'] },
  { code: 'es', name: 'Spanish', targets: ['en', 'de'] },
  { code: 'fr', name: 'French', targets: ['en'] },
  { code: 'ja', name: 'Japanese', targets: ['en'] },
  { code: 'pt-BR', name: 'Portuguese (Brazil)', targets: ['en'] },
  { code: 'uk', name: 'Ukrainian', targets: ['en'] },
  { code: 'zh-Hans', name: 'Chinese', targets: ['en'] },
  { code: 'zh-Hant', name: 'Chinese (traditional)', targets: ['en'] },
]

export interface FakeLibreOptions {
  /** When set, requests must carry it as api_key. */
  apiKey?: string
  faults?: Fault[]
  dropPlaceholder?: boolean
}

export function fakeLibreTranslate(options: FakeLibreOptions = {}): Promise<FakeServer> {
  return startFake(
    (request) => {
      if (request.method === 'GET' && request.path === '/languages') return { status: 200, body: LIBRE_LANGUAGES }
      if (options.apiKey !== undefined && request.body?.api_key !== options.apiKey) {
        return { status: 403, body: { error: 'Invalid API key' } }
      }
      if (request.method === 'POST' && request.path === '/detect') {
        const text = String(request.body?.q ?? '')
        const language = /[\u3040-\u30ff]/.test(text) ? 'ja' : /\b(der|die|das|und|ist)\b/i.test(text) ? 'de' : /[іїєґ]/i.test(text) ? 'uk' : 'en'
        return { status: 200, body: [{ language, confidence: 92.0 }, { language: 'en', confidence: 10.0 }] }
      }
      if (request.method === 'POST' && request.path === '/translate') {
        const body = request.body ?? {}
        if (body.q === undefined || body.q === '') return { status: 400, body: { error: "Invalid request: missing q parameter" } }
        const source = LIBRE_LANGUAGES.find((l) => l.code === body.source)
        if (!source) return { status: 400, body: { error: `${body.source} is not supported` } }
        if (!source.targets.includes(body.target)) return { status: 400, body: { error: `${body.target} is not supported` } }
        const html = body.format === 'html'
        const translate = (text: string) => {
          const target = body.target === 'zh-Hans' ? 'zh-CN' : String(body.target)
          let out = fakeTranslate(text, target, (tag) => html && /translate\s*=\s*"no"/.test(tag))
          if (options.dropPlaceholder) out = out.replace(/<span translate="no" id="x\d+"><\/span>/, '')
          return out
        }
        const translatedText = Array.isArray(body.q) ? body.q.map((t: unknown) => translate(String(t))) : translate(String(body.q))
        return { status: 200, body: { translatedText } }
      }
      return { status: 404, body: { error: 'Not Found' } }
    },
    options.faults,
    (request) => request.method === 'POST',
  )
}
