import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { Type } from '@sinclair/typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Engine, Segment, Translation } from '@verso/engine'
import { extractHtml } from '@verso/html'
import type { Metering } from '@verso/metering'
import { extractSubtitles } from '@verso/subtitles'
import type { AppDeps } from '../app.js'
import { HttpError } from '../http-errors.js'
import { maskSegment, maskText, type MaskedSegment, type MaskedText } from '../placeholders.js'
import { checkLanguages, details, detectText, engineOf, isAuto, noLetters, plainText, resolveChecked, resolvePair, withCredits, type ResolvedPair } from '../translation.js'

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
  },
  { additionalProperties: true },
)
const BatchBody = Type.Object({
  texts: Type.Array(Type.String(), { minItems: 1, maxItems: 100 }),
  source: Language,
  target: Language,
  preserve_placeholders: PreservePlaceholders,
})
const SubtitlesBody = Type.Object({
  format: Type.String(),
  content: Type.String(),
  source: Language,
  target: Language,
  preserve_placeholders: PreservePlaceholders,
})
const HtmlBody = Type.Object({
  html: Type.String({ minLength: 1, maxLength: 50_000 }),
  source: Language,
  target: Language,
  preserve_placeholders: PreservePlaceholders,
})
export const DetectBody = Type.Object({ text: Type.String({ maxLength: 5000 }) })

/** Spec 4.1–4.4 and 4.10: text, batch, subtitles, HTML and detection (v2). */
export const translateRoutes: FastifyPluginAsync<AppDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { engine, metering } = deps

  app.post('/v2/translate', { schema: { body: TranslateBody }, config: translateFamily }, async (request) => {
    const { text, source, target, preserve_placeholders = true } = request.body
    const outcome = await translateText(engine, metering, request, text, source, target, preserve_placeholders)
    return {
      translations: { text, translation: outcome.translation, source: outcome.pair.source, target: outcome.pair.target },
      details: details(outcome.pair, outcome.results),
    }
  })

  app.post('/v2/translate/batch', { schema: { body: BatchBody }, config: translateFamily }, async (request) => {
    const { texts, source, target, preserve_placeholders = true } = request.body
    // Items that cannot be translated are answered per item and cost nothing.
    const problems = texts.map((text) =>
      text.trim() === '' ? 'Text is empty' : [...text].length > 5000 ? 'Text is longer than 5000 characters' : null,
    )
    const checked = checkLanguages(engine, source, [target])
    const masks = texts.map((text, index) => (problems[index] === null ? maskText(text, checked.targets[0]!, preserve_placeholders) : null))
    const pair = await resolveChecked(engine, checked, () => masks.flatMap((mask) => mask?.segments.map(plainText) ?? []).join('\n'))
    // An item with nothing to translate (only placeholders, digits, punctuation) comes back as it is, free.
    const work = masks.filter((mask): mask is MaskedText => mask !== null && mask.segments.length > 0)
    const flat = work.flatMap((mask) => mask.segments)
    const settled = work.length === 0 ? [] : await withCredits(metering, request, work.length, () => engine.translateSettled(flat, pair))
    const answers = new Map<MaskedText, { segments: Segment[]; engine: string } | { error: string }>()
    let at = 0
    for (const mask of work) {
      const outcomes = settled.slice(at, (at += mask.segments.length))
      const failure = outcomes.find((outcome) => !('segment' in outcome))
      answers.set(
        mask,
        failure && 'error' in failure
          ? { error: failure.error.message }
          : { segments: outcomes.map((outcome) => (outcome as { segment: Segment }).segment), engine: engineOf(outcomes[0] as Translation) },
      )
    }
    let failed = 0
    let engineFailures = 0
    const translations = texts.map((text, index) => {
      const mask = masks[index]
      const answer = mask ? answers.get(mask) : undefined
      if (mask && (mask.segments.length === 0 || (answer && 'segments' in answer))) {
        const translation = mask.segments.length === 0 ? text : restoreText(request, mask, (answer as { segments: Segment[] }).segments)
        // `engine` (additive): which engine translated this item.
        const engine = answer && 'engine' in answer ? { engine: answer.engine } : {}
        return { text, translation, source: pair.source, target: pair.target, success: true, ...engine }
      }
      failed++
      if (answer) engineFailures++
      const error = problems[index] ?? (answer && 'error' in answer ? answer.error : 'Translation failed')
      return { text, translation: null, source: pair.source, target: pair.target, success: false, error }
    })
    if (engineFailures > 0) await metering.refund(request.account!.id, engineFailures)
    return { translations, total: texts.length, successful: texts.length - failed, failed }
  })

  app.post('/v2/translate/subtitles', { schema: { body: SubtitlesBody }, config: translateFamily }, async (request) => {
    const { format, content, source, target, preserve_placeholders = true } = request.body
    if (format !== 'srt' && format !== 'vtt') {
      throw new HttpError(400, `Unsupported subtitle format '${format}': use 'srt' or 'vtt'.`)
    }
    // Parse first: a file that is not a subtitle file is a 400 before anything is charged.
    const subtitles = extractSubtitles(content, format)
    const masks = subtitles.segments.map((segment) => (preserve_placeholders ? maskSegment(segment) : unmasked(segment)))
    const pair = await resolvePair(engine, source, target, () => masks.map((mask) => plainText(mask.segment)).join('\n'))
    const translated = await withCredits(metering, request, subtitles.blocks, () =>
      masks.length === 0 ? Promise.resolve([]) : engine.translate(masks.map((mask) => mask.segment), pair),
    )
    // Blocks that could not be read came back as written; `warnings` says which (additive to the spec).
    return { format, content: subtitles.write(translated.map((t, index) => masks[index]!.restore(t.segment))), warnings: subtitles.warnings }
  })

  app.post('/v2/translate/html', { schema: { body: HtmlBody }, config: translateFamily }, async (request) => {
    const { html, source, target, preserve_placeholders = true } = request.body
    const page = extractHtml(html)
    const masks = page.segments.map((segment) => (preserve_placeholders ? maskSegment(segment) : unmasked(segment)))
    // A page with no text to translate has no language to detect: it comes back as it is.
    const nothingToDetect = source === 'auto' && page.segments.length === 0
    const pair = await resolvePair(engine, nothingToDetect ? target : source, target, () => masks.map((mask) => plainText(mask.segment)).join('\n'))
    const translated = await withCredits(metering, request, 1, () =>
      masks.length === 0 ? Promise.resolve([]) : engine.translate(masks.map((mask) => mask.segment), pair),
    )
    return { html: page.write(translated.map((t, index) => masks[index]!.restore(t.segment))) }
  })

  for (const url of ['/v2/language_detect', '/v2/detect_language']) {
    app.post(url, { schema: { body: DetectBody }, config: translateFamily }, async (request) => {
      const { text } = request.body
      const { language } = await detectText(engine, metering, request, text)
      return { language_detection: { text, language } }
    })
  }
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

/**
 * One text (v2 and v1 translate): masked, its language resolved, translated and restored. A text
 * with nothing to translate (no letter outside placeholders: `!!!`, `123`, `{name}`) comes back
 * unchanged and costs nothing; with source `auto` it is a 400 (there is no language to detect).
 */
export async function translateText(
  engine: Engine,
  metering: Metering,
  request: FastifyRequest,
  text: string,
  source: string,
  target: string,
  protect: boolean,
): Promise<{ translation: string; pair: ResolvedPair; results: Translation[] }> {
  const checked = checkLanguages(engine, source, [target])
  const mask = maskText(text, checked.targets[0]!, protect)
  if (mask.segments.length === 0 && isAuto(source)) throw noLetters()
  const pair = await resolveChecked(engine, checked, () => mask.segments.map(plainText).join('\n'))
  if (mask.segments.length === 0) return { translation: text, pair, results: [] }
  const results = await withCredits(metering, request, 1, () => engine.translate(mask.segments, pair))
  return { translation: restoreText(request, mask, results.map((result) => result.segment)), pair, results }
}
