import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { Type } from '@sinclair/typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Engine, Segment, Translation } from '@verso/engine'
import { maskSegment, type MaskedSegment } from '@verso/formats/placeholders'
import { extractHtml, extractMarkdown } from '@verso/html'
import type { Metering } from '@verso/metering'
import { extractSubtitles } from '@verso/subtitles'
import type { RouteDeps } from '../app.js'
import { HttpError } from '../http-errors.js'
import { MemoryFields, requestGlossary, translateRemembered, translateRememberedSettled, type MemoryUse, type RoutedResult } from '../memory.js'
import { maskText, type MaskedText } from '../placeholders.js'
import { checkLanguages, details, detectText, engineOf, isAuto, keyedCharge, noLetters, plainText, resolveChecked, withCredits, type ResolvedPair } from '../translation.js'

const Language = Type.String({ minLength: 1, maxLength: 35 })
const translateFamily = { auth: 'translate', rateLimited: true } as const

/** Verso's additive body field: placeholders are protected unless the caller turns it off. */
const PreservePlaceholders = Type.Optional(
  Type.Boolean({
    default: true,
    description:
      'Protect placeholders ({name}, {{user}}, ${folder}, %{count}, printf %s %1$s %d, ICU arguments, inline tags) from ' +
      'translation and give them back byte for byte. Default: true; false sends the text as it is (prose).',
  }),
)

export const TranslateBody = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: 5000 }),
    source: Language,
    target: Language,
    preserve_placeholders: PreservePlaceholders,
    ...MemoryFields,
  },
  { additionalProperties: true },
)
const BatchBody = Type.Object({
  texts: Type.Array(Type.String(), { minItems: 1, maxItems: 100 }),
  source: Language,
  target: Language,
  preserve_placeholders: PreservePlaceholders,
  ...MemoryFields,
})
const MarkdownBody = Type.Object({
  markdown: Type.String({
    minLength: 1,
    maxLength: 50_000,
    description:
      'Verso extension. A Markdown document (CommonMark, with GitHub tables and task lists): the text of its headings, paragraphs, list items, ' +
      'quotes and table cells is translated; code blocks and spans, link destinations, front matter data, HTML comments and markers are kept. 1 credit a document, as for HTML.',
  }),
  source: Language,
  target: Language,
  preserve_placeholders: PreservePlaceholders,
  ...MemoryFields,
})
const SubtitlesBody = Type.Object({
  format: Type.String(),
  content: Type.String(),
  source: Language,
  target: Language,
  preserve_placeholders: PreservePlaceholders,
  ...MemoryFields,
})
const HtmlBody = Type.Object({
  html: Type.String({ minLength: 1, maxLength: 50_000 }),
  source: Language,
  target: Language,
  preserve_placeholders: PreservePlaceholders,
  translate_attributes: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        'Verso extension. Also translate the human-readable attributes: alt, title, placeholder, aria-label, the value of ' +
        '<input type=button|submit|reset> and the content of the description and link-preview <meta>s (description, og:title, ' +
        'og:description, og:image:alt, twitter:title, twitter:description, twitter:image:alt). Default: false (every attribute is kept as it is, as the spec says).',
    }),
  ),
  set_language_attributes: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        'Verso extension. Make the page say the language it is now in: lang and xml:lang values (and <meta http-equiv=content-language>) ' +
        'that name the source language name the target instead, and dir follows the target (dir="rtl" added for a right-to-left target). ' +
        'Other languages\' lang (a quotation) and untranslated elements are left alone. Default: false (attributes kept as written, as the spec says).',
    }),
  ),
  ...MemoryFields,
})
export const DetectBody = Type.Object({ text: Type.String({ maxLength: 5000 }) })

/** Spec 4.1–4.4 and 4.10: text, batch, subtitles, HTML and detection (v2), through the account's memory. */
export const translateRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { engine, metering, memory } = deps

  app.post('/v2/translate', { schema: { body: TranslateBody }, config: translateFamily }, async (request) => {
    const { text, source, target, preserve_placeholders = true, use_memory = true, glossary_id } = request.body
    const outcome = await translateText(deps, request, { text, source, target, protect: preserve_placeholders, useMemory: use_memory, glossaryId: glossary_id })
    return {
      translations: { text, translation: outcome.translation, source: outcome.pair.source, target: outcome.pair.target },
      details: { ...details(outcome.pair, outcome.results), ...memoryDetails(outcome.results) },
    }
  })

  app.post('/v2/translate/batch', { schema: { body: BatchBody }, config: translateFamily }, async (request) => {
    const { texts, source, target, preserve_placeholders = true, use_memory = true, glossary_id } = request.body
    // Items that cannot be translated are answered per item and cost nothing.
    const problems = texts.map((text) =>
      text.trim() === '' ? 'Text is empty' : [...text].length > 5000 ? 'Text is longer than 5000 characters' : null,
    )
    const checked = checkLanguages(engine, source, [target])
    const use: MemoryUse = { useMemory: use_memory, glossary: await requestGlossary(memory.store, request.account!.id, glossary_id, checked), via: 'batch' }
    const masks = texts.map((text, index) => (problems[index] === null ? maskText(text, checked.targets[0]!, preserve_placeholders) : null))
    const pair = await resolveChecked(engine, checked, () => masks.flatMap((mask) => mask?.segments.map(plainText) ?? []).join('\n'))
    // An item with nothing to translate (only placeholders, digits, punctuation) comes back as it is, free.
    const work = masks.filter((mask): mask is MaskedText => mask !== null && mask.segments.length > 0)
    const flat = work.flatMap((mask) => mask.segments)
    const settled =
      work.length === 0 ? [] : await withCredits(metering, request, work.length, () => translateRememberedSettled(memory, engine, request, flat, pair, use))
    const answers = new Map<MaskedText, { segments: Segment[]; engine: string; reused: boolean } | { error: string }>()
    let at = 0
    for (const mask of work) {
      const outcomes = settled.slice(at, (at += mask.segments.length))
      const failure = outcomes.find((outcome) => 'error' in outcome)
      answers.set(
        mask,
        failure && 'error' in failure
          ? { error: failure.error.message }
          : {
              segments: outcomes.map((outcome) => (outcome as RoutedResult).segment),
              engine: engineOf(outcomes[0] as RoutedResult),
              reused: outcomes.every((outcome) => (outcome as RoutedResult).reused),
            },
      )
    }
    let failed = 0
    let engineFailures = 0
    const translations = texts.map((text, index) => {
      const mask = masks[index]
      const answer = mask ? answers.get(mask) : undefined
      if (mask && (mask.segments.length === 0 || (answer && 'segments' in answer))) {
        const translation = mask.segments.length === 0 ? text : restoreText(request, mask, (answer as { segments: Segment[] }).segments)
        // `engine` and `from_memory` (additive): which engine translated this item, and whether the memory answered it.
        const engine = answer && 'engine' in answer ? { engine: answer.engine, from_memory: answer.reused } : {}
        return { text, translation, source: pair.source, target: pair.target, success: true, ...engine }
      }
      failed++
      if (answer) engineFailures++
      const error = problems[index] ?? (answer && 'error' in answer ? answer.error : 'Translation failed')
      return { text, translation: null, source: pair.source, target: pair.target, success: false, error }
    })
    // Failed items are given back. Under an Idempotency-Key the keyed charge is settled at the
    // successes instead, so a retry that re-runs the batch after a crash gives nothing back twice.
    if (engineFailures > 0) {
      const keyed = keyedCharge(request)
      if (keyed) await metering.settle(request.account!.id, work.length - engineFailures, keyed)
      else await metering.refund(request.account!.id, engineFailures)
    }
    return { translations, total: texts.length, successful: texts.length - failed, failed }
  })

  app.post('/v2/translate/subtitles', { schema: { body: SubtitlesBody }, config: translateFamily }, async (request) => {
    const { format, content, source, target, preserve_placeholders = true, use_memory = true, glossary_id } = request.body
    if (format !== 'srt' && format !== 'vtt') {
      throw new HttpError(400, `Unsupported subtitle format '${format}': use 'srt' or 'vtt'.`)
    }
    const checked = checkLanguages(engine, source, [target])
    const use: MemoryUse = { useMemory: use_memory, glossary: await requestGlossary(memory.store, request.account!.id, glossary_id, checked), via: 'subtitles' }
    // Parse first: a file that is not a subtitle file is a 400 before anything is charged.
    const subtitles = extractSubtitles(content, format)
    const masks = subtitles.segments.map((segment) => (preserve_placeholders ? maskSegment(segment) : unmasked(segment)))
    const pair = await resolveChecked(engine, checked, () => masks.map((mask) => plainText(mask.segment)).join('\n'))
    const translated = await withCredits(metering, request, subtitles.blocks, () =>
      masks.length === 0 ? Promise.resolve([]) : translateRemembered(memory, engine, request, masks.map((mask) => mask.segment), pair, use),
    )
    // Blocks that could not be read came back as written; `warnings` says which (additive to the spec).
    return { format, content: subtitles.write(translated.map((t, index) => masks[index]!.restore(t.segment))), warnings: subtitles.warnings }
  })

  /**
   * A document's segments (a page's, a Markdown file's) masked, translated in one engine call
   * for one credit, and restored. A document with no text to translate has no language to
   * detect: it comes back as it is, in the target's pair.
   */
  async function translateDocument(
    request: FastifyRequest,
    segments: readonly Segment[],
    body: { source: string; target: string; preserve_placeholders?: boolean; use_memory?: boolean; glossary_id?: string },
    via: MemoryUse['via'],
  ): Promise<{ restored: Segment[]; pair: { source: string; target: string } }> {
    const { source, target, preserve_placeholders = true, use_memory = true, glossary_id } = body
    const masks = segments.map((segment) => (preserve_placeholders ? maskSegment(segment) : unmasked(segment)))
    const nothingToDetect = source === 'auto' && segments.length === 0
    const checked = checkLanguages(engine, nothingToDetect ? target : source, [target])
    const use: MemoryUse = { useMemory: use_memory, glossary: await requestGlossary(memory.store, request.account!.id, glossary_id, checked), via }
    const pair = await resolveChecked(engine, checked, () => masks.map((mask) => plainText(mask.segment)).join('\n'))
    const translated = await withCredits(metering, request, 1, () =>
      masks.length === 0 ? Promise.resolve([]) : translateRemembered(memory, engine, request, masks.map((mask) => mask.segment), pair, use),
    )
    return { restored: translated.map((t, index) => masks[index]!.restore(t.segment)), pair }
  }

  app.post('/v2/translate/html', { schema: { body: HtmlBody }, config: translateFamily }, async (request) => {
    const { html, translate_attributes = false, set_language_attributes = false } = request.body
    const page = extractHtml(html, { attributes: translate_attributes })
    const { restored, pair } = await translateDocument(request, page.segments, request.body, 'html')
    // Asked for, the page's lang (and dir) attributes naming the source name the target.
    const languages = set_language_attributes && restored.length > 0 ? { source: pair.source, target: pair.target } : undefined
    return { html: page.write(restored, languages) }
  })

  // Verso extension (additive): Markdown documents, as the HTML route does pages.
  app.post('/v2/translate/markdown', { schema: { body: MarkdownBody }, config: translateFamily }, async (request) => {
    const document = extractMarkdown(request.body.markdown)
    const { restored } = await translateDocument(request, document.segments, request.body, 'markdown')
    return { markdown: document.write(restored) }
  })

  for (const url of ['/v2/language_detect', '/v2/detect_language']) {
    app.post(url, { schema: { body: DetectBody }, config: translateFamily }, async (request) => {
      const { text } = request.body
      const { language, confidence, outside } = await detectText(engine, metering, request, text)
      // `details` is additive to the spec's shape, as on /v2/translate: how sure the detector
      // is, and its guess when the text looks like a language no engine here translates.
      return {
        language_detection: { text, language },
        details: { confidence, ...(outside ? { detected_outside: { ...outside } } : {}) },
      }
    })
  }
}

/** `from_memory` (additive to the spec's details): every segment of the text came from the account's memory. */
function memoryDetails(results: readonly RoutedResult[]): { from_memory?: boolean } {
  return results.length === 0 ? {} : { from_memory: results.every((result) => result.reused) }
}

function unmasked(segment: Segment): MaskedSegment {
  return { segment, restore: (translated) => translated }
}

/** The restored text; a token the engine lost or doubled is logged (the engine guarantees it does not happen). */
function restoreText(request: FastifyRequest, mask: MaskedText, segments: readonly Segment[]): string {
  const { text, problems } = mask.restore(segments)
  if (problems.length > 0) request.log.warn({ problems }, 'placeholders did not survive translation')
  return text
}

/** What one text request asks for (v2 and v1 translate). */
export interface TextRequest {
  text: string
  source: string
  target: string
  protect: boolean
  useMemory: boolean
  glossaryId?: string | undefined
}

/**
 * One text (v2 and v1 translate): masked, its language resolved, translated through the
 * account's memory and restored. A text with nothing to translate (no letter outside
 * placeholders: `!!!`, `123`, `{name}`) comes back unchanged and costs nothing; with source
 * `auto` it is a 400 (there is no language to detect).
 */
export async function translateText(
  deps: RouteDeps,
  request: FastifyRequest,
  input: TextRequest,
): Promise<{ translation: string; pair: ResolvedPair; results: RoutedResult[] }> {
  const { engine, metering, memory } = deps
  const checked = checkLanguages(engine, input.source, [input.target])
  const use: MemoryUse = { useMemory: input.useMemory, glossary: await requestGlossary(memory.store, request.account!.id, input.glossaryId, checked), via: 'translate' }
  const mask = maskText(input.text, checked.targets[0]!, input.protect)
  if (mask.segments.length === 0 && isAuto(input.source)) throw noLetters()
  const pair = await resolveChecked(engine, checked, () => mask.segments.map(plainText).join('\n'))
  if (mask.segments.length === 0) return { translation: input.text, pair, results: [] }
  const results = await withCredits(metering, request, 1, () => translateRemembered(memory, engine, request, mask.segments, pair, use))
  return { translation: restoreText(request, mask, results.map((result) => result.segment)), pair, results }
}
