/**
 * A fake of Google Cloud Translation – Basic (v2 REST), written from Google's documentation
 * (cloud.google.com/translate/docs: "Translating text (Basic)", "Quotas and limits", the v2
 * discovery document):
 *
 * - auth: an API key as `?key=` or in the `X-goog-api-key` header; without one, 403;
 * - `POST /language/translate/v2`: `q` (string or array, at most 128), `target` (required),
 *   `source`, `format` (`html`, the default, or `text`); answers `{ "data": { "translations":
 *   [{ "translatedText": "…" }] } }`. With `format=html` the answer is HTML: an apostrophe
 *   comes back as `&#39;`, and an element with `translate="no"` keeps its content;
 * - `GET /language/translate/v2/languages?target=en`: `{ "data": { "languages": [{
 *   "language": "zh-CN", "name": "Chinese (Simplified)" }] } }` (Hebrew as `iw`, as v2 lists it);
 * - `POST /language/translate/v2/detect`: `{ "data": { "detections": [[{ "language": "de",
 *   "confidence": 0.98, "isReliable": false }]] } }`;
 * - errors `{ "error": { "code", "message", "errors": [{ "reason", "domain", "message" }] } }`:
 *   403 `dailyLimitExceeded` (quota), 403 `userRateLimitExceeded` / 429 (rate), 400, 5xx.
 */
import { fakeTranslate, startFake, type Fault, type FakeServer } from './fake-server.js'

export const GOOGLE_LANGUAGES = ['de', 'en', 'es', 'fr', 'iw', 'ja', 'ko', 'pt', 'sw', 'zh-CN', 'zh-TW', 'zu']

export function googleError(code: number, reason: string, message: string) {
  return { error: { code, message, errors: [{ message, domain: reason.includes('Limit') ? 'usageLimits' : 'global', reason }] } }
}

export interface FakeGoogleOptions {
  apiKey: string
  faults?: Fault[]
  dropPlaceholder?: boolean
}

export function fakeGoogle(options: FakeGoogleOptions): Promise<FakeServer> {
  const base = '/language/translate/v2'
  return startFake(
    (request) => {
      const key = request.query.get('key') ?? request.headers['x-goog-api-key']
      if (key !== options.apiKey) return { status: 403, body: googleError(403, 'forbidden', 'The request is missing a valid API key.') }
      if (request.method === 'GET' && request.path === `${base}/languages`) {
        return { status: 200, body: { data: { languages: GOOGLE_LANGUAGES.map((language) => ({ language, name: language })) } } }
      }
      if (request.method === 'POST' && request.path === `${base}/detect`) {
        const q = ([] as string[]).concat(request.body?.q ?? [])
        const detections = q.map((text) => {
          const language = /[\u3040-\u30ff]/.test(text) ? 'ja' : /\b(der|die|das|und|ist)\b/i.test(text) ? 'de' : /\b(habari|jambo|rafiki)\b/i.test(text) ? 'sw' : 'en'
          return [{ language, confidence: 0.97, isReliable: false }]
        })
        return { status: 200, body: { data: { detections } } }
      }
      if (request.method === 'POST' && request.path === base) {
        const body = request.body ?? {}
        const q = ([] as unknown[]).concat(body.q ?? [])
        if (q.length === 0 || q.some((t) => typeof t !== 'string')) return { status: 400, body: googleError(400, 'required', 'Required Text') }
        if (q.length > 128) return { status: 400, body: googleError(400, 'invalid', 'Too many text segments') }
        if (!GOOGLE_LANGUAGES.includes(String(body.target))) return { status: 400, body: googleError(400, 'invalid', 'Invalid Value') }
        const html = (body.format ?? 'html') === 'html'
        const translations = (q as string[]).map((text) => {
          let out = fakeTranslate(text, String(body.target), (tag) => html && /translate\s*=\s*"no"/.test(tag))
          if (html) out = out.replace(/'/g, '&#39;')
          if (options.dropPlaceholder) out = out.replace(/<span translate="no" id="x\d+"><\/span>/, '')
          return { translatedText: out }
        })
        return { status: 200, body: { data: { translations } } }
      }
      return { status: 404, body: googleError(404, 'notFound', 'Not Found') }
    },
    options.faults,
    (request) => request.method === 'POST',
  )
}
