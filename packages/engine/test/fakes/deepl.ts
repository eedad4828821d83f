/**
 * A fake of the DeepL API v2, written from DeepL's documentation (developers.deepl.com:
 * "Translate text", "Retrieve languages", "Error handling", "XML handling"):
 *
 * - auth: `Authorization: DeepL-Auth-Key <key>`; a wrong or missing key is 403;
 * - `POST /v2/translate`: JSON (or form) with `text` (array, at most 50), `target_lang`
 *   (required), `source_lang`, `tag_handling`, `ignore_tags`, `formality`; answers
 *   `{ "translations": [{ "detected_source_language": "EN", "text": "…" }] }` in order;
 *   an unsupported `target_lang` is 400; `formality` for a target without it is 400;
 * - `GET /v2/languages?type=source|target`: `[{ "language": "DE", "name": "German",
 *   "supports_formality": true }]`;
 * - errors: 429 too many requests, 456 quota exceeded, 5xx, JSON `{ "message": "…" }`.
 */
import { fakeTranslate, startFake, type Fault, type FakeServer } from './fake-server.js'

export const DEEPL_SOURCES = [
  { language: 'DE', name: 'German' },
  { language: 'EN', name: 'English' },
  { language: 'ES', name: 'Spanish' },
  { language: 'FR', name: 'French' },
  { language: 'JA', name: 'Japanese' },
  { language: 'PT', name: 'Portuguese' },
  { language: 'ZH', name: 'Chinese' },
]

export const DEEPL_TARGETS = [
  { language: 'DE', name: 'German', supports_formality: true },
  { language: 'EN-GB', name: 'English (British)', supports_formality: false },
  { language: 'EN-US', name: 'English (American)', supports_formality: false },
  { language: 'ES', name: 'Spanish', supports_formality: true },
  { language: 'FR', name: 'French', supports_formality: true },
  { language: 'JA', name: 'Japanese', supports_formality: true },
  { language: 'PT-BR', name: 'Portuguese (Brazilian)', supports_formality: true },
  { language: 'PT-PT', name: 'Portuguese (European)', supports_formality: true },
  { language: 'ZH', name: 'Chinese (simplified)', supports_formality: false },
  { language: 'ZH-HANS', name: 'Chinese (simplified)', supports_formality: false },
  { language: 'ZH-HANT', name: 'Chinese (traditional)', supports_formality: false },
]

export interface FakeDeepLOptions {
  apiKey: string
  faults?: Fault[]
  /** Drop the first standalone element of every answer (a vendor losing a placeholder). */
  dropPlaceholder?: boolean
}

export function fakeDeepL(options: FakeDeepLOptions): Promise<FakeServer> {
  return startFake(
    (request) => {
      if (request.headers.authorization !== `DeepL-Auth-Key ${options.apiKey}`) {
        return { status: 403, body: { message: 'Authorization failed. Please supply a valid auth_key parameter.' } }
      }
      if (request.method === 'GET' && request.path === '/v2/languages') {
        const type = request.query.get('type') ?? 'source'
        return { status: 200, body: type === 'target' ? DEEPL_TARGETS : DEEPL_SOURCES }
      }
      if (request.method === 'POST' && request.path === '/v2/translate') {
        const body = request.body ?? {}
        const texts: unknown = body.text
        if (!Array.isArray(texts) || texts.length === 0 || texts.some((t) => typeof t !== 'string')) return { status: 400, body: { message: "Parameter 'text' not specified." } }
        if (texts.length > 50) return { status: 413, body: { message: 'Request Entity Too Large' } }
        const target = DEEPL_TARGETS.find((t) => t.language === String(body.target_lang ?? '').toUpperCase())
        if (!target) return { status: 400, body: { message: "Value for 'target_lang' not supported." } }
        if (body.source_lang !== undefined && !DEEPL_SOURCES.some((s) => s.language === String(body.source_lang).toUpperCase())) {
          return { status: 400, body: { message: "Value for 'source_lang' not supported." } }
        }
        if (body.formality !== undefined && body.formality !== 'default' && !target.supports_formality && !String(body.formality).startsWith('prefer_')) {
          return { status: 400, body: { message: "'formality' is not supported for given 'target_lang'." } }
        }
        const ignored = new Set<string>(Array.isArray(body.ignore_tags) ? body.ignore_tags : String(body.ignore_tags ?? '').split(',').filter(Boolean))
        const xml = body.tag_handling === 'xml'
        const publicTarget = target.language === 'ZH-HANS' || target.language === 'ZH' ? 'zh-CN' : target.language.toLowerCase().split('-')[0]!
        const translations = texts.map((text: string) => {
          let out = fakeTranslate(text, publicTarget, (tag) => xml && ignored.has(/^<\/?([A-Za-z0-9]+)/.exec(tag)?.[1] ?? ''))
          if (options.dropPlaceholder) out = out.replace(/<x\d+\/>/, '')
          return { detected_source_language: String(body.source_lang ?? 'EN').toUpperCase(), text: out }
        })
        return { status: 200, body: { translations } }
      }
      return { status: 404, body: { message: 'Not found' } }
    },
    options.faults,
    (request) => request.path === '/v2/translate',
  )
}
