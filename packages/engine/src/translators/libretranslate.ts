/**
 * A LibreTranslate server (`POST /translate` with `q` as an array, `GET /languages`, `POST
 * /detect`), with an optional `api_key` in the body. Each source language lists its own
 * targets, so support is per direction. Segments with inline tokens go as `format=html`
 * (tokens as spans), the others as `format=text`. Errors come as `{ "error": "…" }` with
 * 400, 403 (banned or bad key), 429 (slow down) and 500.
 */
import { EngineError } from '../errors.js'
import { canonicalCode, createCodeMap, fromLibreTranslate, type CodeMap } from './codes.js'
import { badBody, chunk, requestJson, statusError } from './http.js'
import { decodeMarkup, encodeMarkup, plainAnswer, type EncodedMarkup } from './markup.js'
import { checkInput, createLanguageCache, perSegment, sendRuns, unsupported, type RemoteOptions } from './remote.js'
import type { Pair, TranslatedSegment, Translator } from './translator.js'

export interface LibreTranslateOptions extends RemoteOptions {
  /** The server (LIBRETRANSLATE_URL), e.g. http://localhost:5000 */
  url: string
  /** Sent as `api_key` when set (LIBRETRANSLATE_API_KEY). Default: none */
  apiKey?: string
  /** Texts per call. Default: 50 */
  maxTextsPerCall?: number
}

const MAX_CHARS_PER_CALL = 20_000

interface LibreLanguages {
  sources: string[]
  targets: string[]
  sourceMap: CodeMap
  /** Public source code → its targets. */
  targetsOf: Map<string, CodeMap>
}

export function libretranslate(options: LibreTranslateOptions): Translator {
  if (!options?.url) throw new EngineError('ENGINE_INVALID_INPUT', 'libretranslate needs a server URL')
  const base = options.url.replace(/\/+$/, '')
  const auth = options.apiKey ? { api_key: options.apiKey } : {}
  const perCall = Math.max(1, options.maxTextsPerCall ?? 50)

  const cache = createLanguageCache<LibreLanguages>(async () => {
    const url = `${base}/languages`
    const response = await requestJson('libretranslate', { method: 'GET', url, signal: new AbortController().signal }, options)
    if (response.status < 200 || response.status >= 300) throw statusError('libretranslate', response, url, undefined, options.apiKey)
    const list = response.json
    if (!Array.isArray(list) || list.some((l) => typeof l?.code !== 'string' || (l.targets !== undefined && !Array.isArray(l.targets)))) {
      throw badBody('libretranslate', url, 'a language list that is not [{ code, name, targets }]')
    }
    const sourceMap = createCodeMap(list.map((l: { code: string }) => l.code), fromLibreTranslate)
    const all = list.map((l: { code: string }) => l.code)
    const targetsOf = new Map<string, CodeMap>()
    for (const l of list as Array<{ code: string; targets?: unknown[] }>) {
      // Releases before 1.3 have no `targets`: every language then translates into every other.
      const targets = (l.targets ?? all).filter((t): t is string => typeof t === 'string' && t !== l.code)
      targetsOf.set(fromLibreTranslate(l.code), createCodeMap(targets, fromLibreTranslate))
    }
    const targets = [...new Set([...targetsOf.values()].flatMap((m) => m.codes))].sort()
    return { sources: sourceMap.codes, targets, sourceMap, targetsOf }
  }, options.languagesTtlMs)

  function vendorPair(lists: LibreLanguages, pair: Pair): { source: string; target: string } | null {
    const source = lists.sourceMap.vendor(pair.source, 'source')
    if (!source) return null
    const targets = lists.targetsOf.get(fromLibreTranslate(source))
    const target = targets?.vendor(pair.target, 'target')
    return target ? { source, target } : null
  }

  return {
    id: 'libretranslate',

    async languages() {
      const { sources, targets } = await cache.get()
      return { sources: [...sources], targets: [...targets] }
    },

    supports(pair: Pair) {
      const lists = cache.peek()
      return !!lists && canonicalCode(pair.source) !== canonicalCode(pair.target) && vendorPair(lists, pair) !== null
    },

    async translate(segments, pair, opts) {
      checkInput(segments, pair)
      const lists = await cache.get()
      const vendor = vendorPair(lists, pair)
      if (!vendor) return segments.map(() => unsupported('libretranslate', pair))
      return perSegment(segments, async (indexes) => {
        const answers = new Map<number, TranslatedSegment | EngineError>()
        const encoded = new Map<number, EncodedMarkup>(indexes.map((i) => [i, encodeMarkup(segments[i]!, 'html')]))
        const isHtml = (i: number) => encoded.get(i)!.tokens.size > 0
        const size = (i: number) => encoded.get(i)!.markup.length
        const runs = [...chunk(indexes.filter((i) => !isHtml(i)), perCall, MAX_CHARS_PER_CALL, size), ...chunk(indexes.filter(isHtml), perCall, MAX_CHARS_PER_CALL, size)]
        await sendRuns(
          runs,
          async (run) => {
            const html = isHtml(run[0]!)
            const url = `${base}/translate`
            const body = {
              q: run.map((i) => (html ? encoded.get(i)!.markup : encoded.get(i)!.raw)),
              source: vendor.source,
              target: vendor.target,
              format: html ? 'html' : 'text',
              ...auth,
            }
            const response = await requestJson('libretranslate', { method: 'POST', url, body, signal: opts.signal }, options)
            if (response.status < 200 || response.status >= 300) throw statusError('libretranslate', response, url, undefined, options.apiKey)
            const translated = (response.json as any)?.translatedText
            if (!Array.isArray(translated) || translated.length !== run.length) {
              throw badBody('libretranslate', url, `${Array.isArray(translated) ? translated.length : 'no'} translations for ${run.length} texts`)
            }
            run.forEach((index, k) => {
              const decoded = html ? decodeMarkup(translated[k], encoded.get(index)!, 'html') : plainAnswer(translated[k], encoded.get(index)!)
              answers.set(
                index,
                decoded instanceof EngineError ? new EngineError(decoded.code, `libretranslate: ${decoded.message}`, { engine: 'libretranslate' }) : { segment: decoded, route: [pair.source, pair.target] },
              )
            })
          },
          (run, error) => run.forEach((index) => answers.set(index, error)),
        )
        return answers
      }, 'libretranslate')
    },

    async detect(text, { signal }) {
      const url = `${base}/detect`
      const response = await requestJson('libretranslate', { method: 'POST', url, body: { q: text, ...auth }, signal }, options)
      if (response.status < 200 || response.status >= 300) throw statusError('libretranslate', response, url, undefined, options.apiKey)
      const list = response.json
      if (!Array.isArray(list)) throw badBody('libretranslate', url, 'a detection that is not [{ language, confidence }]')
      const best = list.filter((d) => typeof d?.language === 'string').sort((a, b) => (b.confidence ?? 0) - (a.confidence ?? 0))[0]
      if (!best) return null
      // LibreTranslate's confidence is a percentage.
      const confidence = typeof best.confidence === 'number' ? Math.min(1, Math.max(0, best.confidence / 100)) : 0.5
      return { language: fromLibreTranslate(best.language), confidence }
    },
  }
}
