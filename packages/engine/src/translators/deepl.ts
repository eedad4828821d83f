/**
 * DeepL API v2 (`POST /v2/translate`, `GET /v2/languages`), authenticated with the
 * `Authorization: DeepL-Auth-Key …` header. Free keys (ending `:fx`) use api-free.deepl.com.
 * Up to 50 texts per call (DeepL's limit) and well under its 128 KiB body limit. Inline tokens
 * travel as XML elements with `tag_handling=xml`; standalone placeholders are listed in
 * `ignore_tags` so DeepL never touches them. 456 (quota exceeded) is ENGINE_QUOTA_EXCEEDED.
 */
import { EngineError } from '../errors.js'
import { canonicalCode, createCodeMap, fromDeepL, type CodeMap } from './codes.js'
import { badBody, chunk, requestJson, statusError } from './http.js'
import { decodeMarkup, encodeMarkup, type EncodedMarkup } from './markup.js'
import { checkInput, createLanguageCache, perSegment, sendRuns, unsupported, type RemoteOptions } from './remote.js'
import type { Pair, TranslatedSegment, Translator } from './translator.js'

export interface DeepLOptions extends RemoteOptions {
  /** The DeepL API key (DEEPL_API_KEY). */
  apiKey: string
  /** Base URL (DEEPL_API_URL). Default: https://api-free.deepl.com for keys ending in `:fx`, else https://api.deepl.com */
  url?: string
  /** Texts per call, at most DeepL's 50. Default: 50 */
  maxTextsPerCall?: number
}

/** Targets DeepL only offers as variants: a bare public code reads as this variant. */
const TARGET_DEFAULTS = { en: 'en-US', pt: 'pt-PT', zh: 'zh-CN' }
const MAX_CHARS_PER_CALL = 100_000

interface DeepLLanguages {
  sources: string[]
  targets: string[]
  sourceMap: CodeMap
  targetMap: CodeMap
  formality: Set<string>
}

export function deeplBaseUrl(apiKey: string, url?: string): string {
  if (url && url.trim() !== '') return url.replace(/\/+$/, '')
  return apiKey.trim().endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com'
}

export function deepl(options: DeepLOptions): Translator {
  if (!options?.apiKey) throw new EngineError('ENGINE_INVALID_INPUT', 'deepl needs an API key')
  const base = deeplBaseUrl(options.apiKey, options.url)
  const headers = { Authorization: `DeepL-Auth-Key ${options.apiKey}` }
  const perCall = Math.min(50, Math.max(1, options.maxTextsPerCall ?? 50))

  async function list(type: 'source' | 'target'): Promise<Array<{ language: string; supports_formality?: boolean }>> {
    const url = `${base}/v2/languages?type=${type}`
    const response = await requestJson('deepl', { method: 'GET', url, headers, signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) }, options)
    if (response.status < 200 || response.status >= 300) throw statusError('deepl', response, url, response.status === 456 ? 'ENGINE_QUOTA_EXCEEDED' : undefined, options.apiKey)
    const items = response.json
    if (!Array.isArray(items) || items.some((item) => typeof item?.language !== 'string')) throw badBody('deepl', url, 'a language list that is not [{ language, name }]')
    return items
  }

  const cache = createLanguageCache<DeepLLanguages>(async () => {
    const [sourceList, targetList] = await Promise.all([list('source'), list('target')])
    const sourceMap = createCodeMap(sourceList.map((l) => l.language), fromDeepL)
    const targetMap = createCodeMap(targetList.map((l) => l.language), fromDeepL, TARGET_DEFAULTS)
    const formality = new Set(targetList.filter((l) => l.supports_formality === true).map((l) => fromDeepL(l.language)))
    return { sources: sourceMap.codes, targets: targetMap.codes, sourceMap, targetMap, formality }
  }, options.languagesTtlMs)

  const translator: Translator = {
    id: 'deepl',

    async languages() {
      const { sources, targets } = await cache.get()
      return { sources: [...sources], targets: [...targets] }
    },

    supports(pair: Pair) {
      const lists = cache.peek()
      return !!lists && lists.sourceMap.has(pair.source, 'source') && lists.targetMap.has(pair.target, 'target')
    },

    async translate(segments, pair, opts) {
      checkInput(segments, pair)
      const lists = await cache.get()
      const sourceLang = lists.sourceMap.vendor(pair.source, 'source')
      const targetLang = lists.targetMap.vendor(pair.target, 'target')
      if (!sourceLang || !targetLang) return segments.map(() => unsupported('deepl', pair))
      const target = canonicalCode(pair.target)
      return perSegment(segments, async (indexes) => {
        const answers = new Map<number, TranslatedSegment | EngineError>()
        const encoded = new Map<number, EncodedMarkup>(indexes.map((i) => [i, encodeMarkup(segments[i]!, 'xml')]))
        const runs = chunk(indexes, perCall, MAX_CHARS_PER_CALL, (i) => encoded.get(i)!.markup.length)
        await sendRuns(
          runs,
          async (run) => {
            const url = `${base}/v2/translate`
            const ignore = [...new Set(run.flatMap((i) => encoded.get(i)!.voidNames))]
            const body: Record<string, unknown> = {
              text: run.map((i) => encoded.get(i)!.markup),
              source_lang: sourceLang,
              target_lang: targetLang,
              tag_handling: 'xml',
              // UI strings and file entries are not sentences to correct: keep case and punctuation.
              preserve_formatting: true,
            }
            if (ignore.length > 0) body.ignore_tags = ignore
            if (opts.formality && (lists.formality.has(target) || lists.formality.has(canonicalCode(targetLang)))) body.formality = opts.formality
            const response = await requestJson('deepl', { method: 'POST', url, headers, body, signal: opts.signal }, options)
            if (response.status < 200 || response.status >= 300) {
              throw statusError('deepl', response, url, response.status === 456 ? 'ENGINE_QUOTA_EXCEEDED' : undefined, options.apiKey)
            }
            const translations = (response.json as { translations?: unknown })?.translations
            if (!Array.isArray(translations) || translations.length !== run.length) {
              throw badBody('deepl', url, `${Array.isArray(translations) ? translations.length : 'no'} translations for ${run.length} texts`)
            }
            run.forEach((index, k) => {
              const decoded = decodeMarkup(translations[k]?.text, encoded.get(index)!, 'xml')
              answers.set(index, decoded instanceof EngineError ? tag(decoded) : { segment: decoded, route: [pair.source, pair.target] })
            })
          },
          (run, error) => run.forEach((index) => answers.set(index, error)),
        )
        return answers
      }, 'deepl')
    },
  }
  return translator
}

function tag(error: EngineError): EngineError {
  return new EngineError(error.code, `deepl: ${error.message}`, { engine: 'deepl' })
}
