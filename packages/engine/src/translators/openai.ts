/**
 * Any OpenAI-compatible chat-completions server (OpenAI, Ollama, vLLM, llama.cpp, LM Studio):
 * `POST {base}/chat/completions`, `Authorization: Bearer …` when a key is set, temperature 0,
 * `response_format: { type: 'json_object' }`.
 *
 * The protocol, so that any capable model (and the test fakes) can follow it: a system
 * message with the instructions, then one user message whose content is the JSON object
 * `{"source":"en","target":"de","items":[{"id":"1","text":"…","context":"…"}]}` (tokens in
 * `text` as `<x1/>` and `<g2>…</g2>`, text XML-escaped); the answer must be the JSON object
 * `{"items":[{"id":"1","text":"…"}]}`. It is read strictly: an item whose id does not come
 * back, comes back twice, or whose tokens differ is sent again alone, once; if that answer is
 * not right either, the item fails with ENGINE_BAD_OUTPUT. Items are matched by id, so an
 * answer in another order is fine.
 */
import { createHash } from 'node:crypto'
import { EngineError } from '../errors.js'
import type { Segment } from '../segment.js'
import { canonicalCode, createCodeMap, type CodeMap } from './codes.js'
import { badBody, chunk, requestJson, statusError, type JsonResponse } from './http.js'
import { decodeMarkup, encodeMarkup, type EncodedMarkup } from './markup.js'
import { checkInput, perSegment, sendRuns, unsupported, type RemoteOptions } from './remote.js'
import type { Pair, TranslatedSegment, Translator } from './translator.js'

export interface OpenAIOptions extends RemoteOptions {
  /** Base URL up to `/v1` (OPENAI_BASE_URL), e.g. https://api.openai.com/v1 or http://localhost:11434/v1 */
  baseUrl: string
  /** Bearer key (OPENAI_API_KEY); local servers need none. Default: none */
  apiKey?: string
  /** The model (OPENAI_MODEL), e.g. gpt-4o-mini or llama3.1. */
  model: string
  /**
   * Languages offered (BCP 47). A chat model has no languages endpoint; this is what Verso
   * lists and routes to it. Default: LLM_LANGUAGES (about 100 widely written languages)
   */
  languages?: readonly string[]
  /** Items per call. Default: 20 */
  maxItemsPerCall?: number
}

/** Widely written languages that current general chat models translate into. */
export const LLM_LANGUAGES: readonly string[] = (
  'af am ar az be bg bn bs ca ceb cs cy da de el en eo es et eu fa fi fil fr fy ga gd gl gu ha he hi hr ht hu hy id ig is it ' +
  'ja jv ka kk km kn ko ku ky la lb lo lt lv mg mi mk ml mn mr ms mt my nb ne nl nn ny pa pl ps pt pt-BR ro ru sd si sk sl sm ' +
  'sn so sq sr st su sv sw ta te tg th tk tl tr tt uk ur uz vi xh yi yo zh-CN zh-TW zu'
).split(' ')

const MAX_CHARS_PER_CALL = 6_000

export const SYSTEM_PROMPT = [
  'You are a translation engine. The user message is a JSON object {"source": code, "target": code, "items": [{"id": string, "text": string, "context": string (optional)}]} with BCP 47 language codes.',
  'Translate the "text" of every item from the source language into the target language.',
  'Answer with exactly one JSON object {"items": [{"id": string, "text": string}]} holding every id of the request exactly once, and nothing else.',
  'Inside "text", elements such as <x1/> are placeholders and elements such as <g2>…</g2> wrap words: keep every element exactly once, with the same name, around the translation of the words it wraps. Never translate, add, remove or renumber elements.',
  'The text is XML-escaped (&lt; &gt; &amp;); write your translation escaped the same way.',
  '"context" says where the text is used (a key, a translator comment); use it to choose words, never translate it or include it in the answer.',
].join('\n')

interface Item {
  index: number
  id: string
  encoded: EncodedMarkup
  context?: string
}

export function openai(options: OpenAIOptions): Translator {
  if (!options?.baseUrl) throw new EngineError('ENGINE_INVALID_INPUT', 'openai needs a base URL')
  if (!options.model) throw new EngineError('ENGINE_INVALID_INPUT', 'openai needs a model name')
  const base = options.baseUrl.replace(/\/+$/, '')
  const headers: Record<string, string> = options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}
  const perCall = Math.max(1, options.maxItemsPerCall ?? 20)
  const map: CodeMap = createCodeMap((options.languages ?? LLM_LANGUAGES).map(canonicalCode), (c) => c)
  // Another endpoint, model or prompt answers differently: what a memory files answers under.
  const revision = createHash('sha256').update(`${base}\0${options.model}\0${SYSTEM_PROMPT}`).digest('hex').slice(0, 16)

  function llmError(response: JsonResponse, url: string): EngineError {
    const error = (response.json as any)?.error
    if (error?.code === 'insufficient_quota' || error?.type === 'insufficient_quota') return statusError('openai', response, url, 'ENGINE_QUOTA_EXCEEDED', options.apiKey)
    // A missing model is a configuration fault: the engine cannot serve anything.
    if (response.status === 404) return statusError('openai', response, url, 'ENGINE_UNAVAILABLE', options.apiKey)
    return statusError('openai', response, url, undefined, options.apiKey)
  }

  /** One call; the answer's items by id (only well-formed ones). Throws for HTTP and body faults. */
  async function call(items: Item[], pair: Pair, signal: AbortSignal): Promise<Map<string, unknown>> {
    const url = `${base}/chat/completions`
    const request = {
      source: canonicalCode(pair.source),
      target: canonicalCode(pair.target),
      items: items.map((item) => ({ id: item.id, text: item.encoded.markup, ...(item.context ? { context: item.context } : {}) })),
    }
    const body = {
      model: options.model,
      temperature: 0,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: JSON.stringify(request) },
      ],
    }
    const response = await requestJson('openai', { method: 'POST', url, headers, body, signal }, options)
    if (response.status < 200 || response.status >= 300) throw llmError(response, url)
    const content = (response.json as any)?.choices?.[0]?.message?.content
    if (typeof content !== 'string') throw badBody('openai', url, 'no choices[0].message.content')
    const byId = new Map<string, unknown>()
    let parsed: any
    try {
      parsed = JSON.parse(content)
    } catch {
      return byId // nothing usable came back: every item is retried alone
    }
    const answered = Array.isArray(parsed?.items) ? parsed.items : []
    const twice = new Set<string>()
    for (const entry of answered) {
      const id = typeof entry?.id === 'string' ? entry.id : Number.isInteger(entry?.id) ? String(entry.id) : undefined
      if (id === undefined) continue
      if (byId.has(id)) twice.add(id)
      byId.set(id, entry?.text)
    }
    for (const id of twice) byId.delete(id) // two answers for one id: trust neither
    return byId
  }

  function read(item: Item, text: unknown, pair: Pair): TranslatedSegment | EngineError {
    const decoded = decodeMarkup(text, item.encoded, 'xml')
    if (decoded instanceof EngineError) return new EngineError('ENGINE_BAD_OUTPUT', `openai: ${decoded.message}`, { engine: 'openai' })
    return { segment: decoded as Segment, route: [pair.source, pair.target] }
  }

  function supports(pair: Pair): boolean {
    return canonicalCode(pair.source) !== canonicalCode(pair.target) && map.has(pair.source, 'source') && map.has(pair.target, 'target')
  }

  return {
    id: 'openai',
    revision: () => revision,

    async languages() {
      return { sources: [...map.codes], targets: [...map.codes] }
    },

    supports,

    async translate(segments, pair, opts) {
      checkInput(segments, pair)
      if (!supports(pair)) return segments.map(() => unsupported('openai', pair))
      return perSegment(segments, async (indexes) => {
        const answers = new Map<number, TranslatedSegment | EngineError>()
        const items: Item[] = indexes.map((index, k) => {
          const context = opts.context?.[index]
          return { index, id: String(k + 1), encoded: encodeMarkup(segments[index]!, 'xml'), ...(context ? { context } : {}) }
        })
        const runs = chunk(items, perCall, MAX_CHARS_PER_CALL, (item) => item.encoded.markup.length + (item.context?.length ?? 0))
        const retry: Item[] = []
        await sendRuns(
          runs,
          async (run) => {
            const byId = await call(run, pair, opts.signal)
            for (const item of run) {
              const answer = byId.has(item.id) ? read(item, byId.get(item.id), pair) : undefined
              if (answer === undefined || answer instanceof EngineError) retry.push(item)
              else answers.set(item.index, answer)
            }
          },
          (run, error) => run.forEach((item) => answers.set(item.index, error)),
        )
        // Each item that did not come back right goes once more, alone.
        await sendRuns(
          retry.map((item) => [item]),
          async ([item]) => {
            const byId = await call([item!], pair, opts.signal)
            const answer = byId.has(item!.id)
              ? read(item!, byId.get(item!.id), pair)
              : new EngineError('ENGINE_BAD_OUTPUT', `openai: item ${item!.id} did not come back, twice`, { engine: 'openai' })
            answers.set(item!.index, answer)
          },
          (run, error) => run.forEach((item) => answers.set(item.index, error)),
        )
        return answers
      }, 'openai')
    },
  }
}
