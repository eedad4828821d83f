/**
 * Google Cloud Translation – Basic (v2 REST) with an API key, sent in the `X-goog-api-key`
 * header (Google APIs accept it there as well as in `?key=`, and a header stays out of
 * proxies' URL logs). `POST …/v2` translates `q[]` (at most 128 texts per call), `GET
 * …/v2/languages` lists codes, `POST …/v2/detect` detects. Segments with inline tokens go as
 * `format=html` with placeholders in `translate="no"` spans; the others as `format=text`.
 * Quota errors are 403s whose reason says so (dailyLimitExceeded, quotaExceeded); per-minute
 * limits are 403 userRateLimitExceeded or 429.
 */
import { EngineError } from '../errors.js'
import { createCodeMap, fromGoogle, type CodeMap } from './codes.js'
import { badBody, chunk, requestJson, statusError, type JsonResponse } from './http.js'
import { decodeMarkup, encodeMarkup, plainAnswer, type EncodedMarkup } from './markup.js'
import { checkInput, createLanguageCache, perSegment, sendRuns, unsupported, type RemoteOptions } from './remote.js'
import type { Pair, TranslatedSegment, Translator } from './translator.js'

export interface GoogleOptions extends RemoteOptions {
  /** The API key (GOOGLE_TRANSLATE_API_KEY). */
  apiKey: string
  /** Base URL of the v2 API (GOOGLE_TRANSLATE_API_URL). Default: https://translation.googleapis.com/language/translate/v2 */
  url?: string
}

const MAX_TEXTS_PER_CALL = 128
/** Google recommends at most 5000 code points per request for latency; 30k is accepted. */
const MAX_CHARS_PER_CALL = 30_000
const QUOTA_REASONS = new Set(['dailyLimitExceeded', 'quotaExceeded', 'dailyLimitExceededUnreg', 'billingNotEnabled'])
const RATE_REASONS = new Set(['userRateLimitExceeded', 'rateLimitExceeded', 'userRateLimitExceededUnreg'])

interface GoogleLanguages {
  sources: string[]
  targets: string[]
  map: CodeMap
}

function googleError(response: JsonResponse, url: string, secret: string): EngineError {
  const reasons: string[] = ((response.json as any)?.error?.errors ?? []).map((e: any) => String(e?.reason ?? ''))
  const status = (response.json as any)?.error?.status
  if (reasons.some((r) => QUOTA_REASONS.has(r))) return statusError('google', response, url, 'ENGINE_QUOTA_EXCEEDED', secret)
  if (reasons.some((r) => RATE_REASONS.has(r)) || status === 'RESOURCE_EXHAUSTED') return statusError('google', response, url, 'ENGINE_RATE_LIMITED', secret)
  return statusError('google', response, url, undefined, secret)
}

export function google(options: GoogleOptions): Translator {
  if (!options?.apiKey) throw new EngineError('ENGINE_INVALID_INPUT', 'google needs an API key')
  const base = (options.url && options.url.trim() !== '' ? options.url : 'https://translation.googleapis.com/language/translate/v2').replace(/\/+$/, '')
  const headers = { 'X-goog-api-key': options.apiKey }

  const cache = createLanguageCache<GoogleLanguages>(async () => {
    const url = `${base}/languages?target=en`
    const response = await requestJson('google', { method: 'GET', url, headers, signal: new AbortController().signal }, options)
    if (response.status < 200 || response.status >= 300) throw googleError(response, url, options.apiKey)
    const languages = (response.json as any)?.data?.languages
    if (!Array.isArray(languages) || languages.some((l) => typeof l?.language !== 'string')) throw badBody('google', url, 'a language list that is not { data: { languages: [{ language }] } }')
    const map = createCodeMap(languages.map((l: { language: string }) => l.language), fromGoogle)
    return { sources: map.codes, targets: map.codes, map }
  }, options.languagesTtlMs)

  return {
    id: 'google',

    async languages() {
      const { sources, targets } = await cache.get()
      return { sources: [...sources], targets: [...targets] }
    },

    supports(pair: Pair) {
      const lists = cache.peek()
      return !!lists && lists.map.has(pair.source, 'source') && lists.map.has(pair.target, 'target')
    },

    async translate(segments, pair, opts) {
      checkInput(segments, pair)
      const lists = await cache.get()
      const source = lists.map.vendor(pair.source, 'source')
      const target = lists.map.vendor(pair.target, 'target')
      if (!source || !target) return segments.map(() => unsupported('google', pair))
      return perSegment(segments, async (indexes) => {
        const answers = new Map<number, TranslatedSegment | EngineError>()
        const encoded = new Map<number, EncodedMarkup>(indexes.map((i) => [i, encodeMarkup(segments[i]!, 'html')]))
        const isHtml = (i: number) => encoded.get(i)!.tokens.size > 0
        const runs = [
          ...chunk(indexes.filter((i) => !isHtml(i)), MAX_TEXTS_PER_CALL, MAX_CHARS_PER_CALL, (i) => encoded.get(i)!.markup.length),
          ...chunk(indexes.filter(isHtml), MAX_TEXTS_PER_CALL, MAX_CHARS_PER_CALL, (i) => encoded.get(i)!.markup.length),
        ]
        await sendRuns(
          runs,
          async (run) => {
            const html = isHtml(run[0]!)
            const url = base
            // format=text sends the text as it is; only html needs the escaped form.
            const q = run.map((i) => (html ? encoded.get(i)!.markup : encoded.get(i)!.raw))
            const body = { q, source, target, format: html ? 'html' : 'text' }
            const response = await requestJson('google', { method: 'POST', url, headers, body, signal: opts.signal }, options)
            if (response.status < 200 || response.status >= 300) throw googleError(response, url, options.apiKey)
            const translations = (response.json as any)?.data?.translations
            if (!Array.isArray(translations) || translations.length !== run.length) {
              throw badBody('google', url, `${Array.isArray(translations) ? translations.length : 'no'} translations for ${run.length} texts`)
            }
            run.forEach((index, k) => {
              const text = translations[k]?.translatedText
              const decoded = html ? decodeMarkup(text, encoded.get(index)!, 'html') : plainAnswer(text, encoded.get(index)!)
              answers.set(index, decoded instanceof EngineError ? new EngineError(decoded.code, `google: ${decoded.message}`, { engine: 'google' }) : { segment: decoded, route: [pair.source, pair.target] })
            })
          },
          (run, error) => run.forEach((index) => answers.set(index, error)),
        )
        return answers
      }, 'google')
    },

    async detect(text, { signal }) {
      const url = `${base}/detect`
      const response = await requestJson('google', { method: 'POST', url, headers, body: { q: [text] }, signal }, options)
      if (response.status < 200 || response.status >= 300) throw googleError(response, url, options.apiKey)
      const best = (response.json as any)?.data?.detections?.[0]?.[0]
      if (!best || typeof best.language !== 'string') throw badBody('google', url, 'no detection')
      if (best.language === 'und') return null
      const confidence = typeof best.confidence === 'number' && best.confidence >= 0 && best.confidence <= 1 ? best.confidence : 0.5
      return { language: fromGoogle(best.language), confidence }
    },
  }
}
