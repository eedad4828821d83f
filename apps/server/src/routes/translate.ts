import type { FastifyPluginAsync } from 'fastify'
import { Type } from '@sinclair/typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { extractHtml } from '@verso/html'
import { extractSubtitles } from '@verso/subtitles'
import type { AppDeps } from '../app.js'
import { HttpError } from '../http-errors.js'
import { details, detectText, engineOf, plainText, resolvePair, withCredits } from '../translation.js'

const Language = Type.String({ minLength: 1, maxLength: 35 })
const translateFamily = { auth: 'translate', rateLimited: true } as const

export const TranslateBody = Type.Object(
  { text: Type.String({ minLength: 1, maxLength: 5000 }), source: Language, target: Language },
  { additionalProperties: true },
)
const BatchBody = Type.Object({
  texts: Type.Array(Type.String(), { minItems: 1, maxItems: 100 }),
  source: Language,
  target: Language,
})
const SubtitlesBody = Type.Object({ format: Type.String(), content: Type.String(), source: Language, target: Language })
const HtmlBody = Type.Object({ html: Type.String({ minLength: 1, maxLength: 50_000 }), source: Language, target: Language })
export const DetectBody = Type.Object({ text: Type.String({ maxLength: 5000 }) })

/** Spec 4.1–4.4 and 4.10: text, batch, subtitles, HTML and detection (v2). */
export const translateRoutes: FastifyPluginAsync<AppDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { engine, metering } = deps

  app.post('/v2/translate', { schema: { body: TranslateBody }, config: translateFamily }, async (request) => {
    const { text, source, target } = request.body
    const pair = await resolvePair(engine, source, target, () => text)
    const [result] = await withCredits(metering, request.account!, 1, () => engine.translate([text], pair))
    return {
      translations: { text, translation: result!.segment as string, source: pair.source, target: pair.target },
      details: details(pair, [result!]),
    }
  })

  app.post('/v2/translate/batch', { schema: { body: BatchBody }, config: translateFamily }, async (request) => {
    const { texts, source, target } = request.body
    const pair = await resolvePair(engine, source, target, () => texts.join('\n'))
    // Items that cannot be translated are answered per item and cost nothing.
    const problems = texts.map((text) =>
      text.trim() === '' ? 'Text is empty' : [...text].length > 5000 ? 'Text is longer than 5000 characters' : null,
    )
    const valid = texts.filter((_, index) => problems[index] === null)
    const settled = valid.length === 0 ? [] : await withCredits(metering, request.account!, valid.length, () => engine.translateSettled(valid, pair))
    let next = 0
    let failed = 0
    const translations = texts.map((text, index) => {
      const problem = problems[index]
      const outcome = problem === null ? settled[next++] : undefined
      if (outcome && 'segment' in outcome) {
        // `engine` (additive): which engine translated this item.
        return { text, translation: outcome.segment as string, source: pair.source, target: pair.target, success: true, engine: engineOf(outcome) }
      }
      failed++
      const error = problem ?? outcome?.error.message ?? 'Translation failed'
      return { text, translation: null, source: pair.source, target: pair.target, success: false, error }
    })
    const engineFailures = settled.filter((outcome) => !('segment' in outcome)).length
    if (engineFailures > 0) await metering.refund(request.account!.id, engineFailures)
    return { translations, total: texts.length, successful: texts.length - failed, failed }
  })

  app.post('/v2/translate/subtitles', { schema: { body: SubtitlesBody }, config: translateFamily }, async (request) => {
    const { format, content, source, target } = request.body
    if (format !== 'srt' && format !== 'vtt') {
      throw new HttpError(400, `Unsupported subtitle format '${format}': use 'srt' or 'vtt'.`)
    }
    // Parse first: a file that is not a subtitle file is a 400 before anything is charged.
    const subtitles = extractSubtitles(content, format)
    const pair = await resolvePair(engine, source, target, () => subtitles.segments.map(plainText).join('\n'))
    const translated = await withCredits(metering, request.account!, subtitles.blocks, () =>
      subtitles.segments.length === 0 ? Promise.resolve([]) : engine.translate(subtitles.segments, pair),
    )
    // Blocks that could not be read came back as written; `warnings` says which (additive to the spec).
    return { format, content: subtitles.write(translated.map((t) => t.segment)), warnings: subtitles.warnings }
  })

  app.post('/v2/translate/html', { schema: { body: HtmlBody }, config: translateFamily }, async (request) => {
    const { html, source, target } = request.body
    const page = extractHtml(html)
    // A page with no text to translate has no language to detect: it comes back as it is.
    const nothingToDetect = source === 'auto' && page.segments.length === 0
    const pair = await resolvePair(engine, nothingToDetect ? target : source, target, () => page.segments.map(plainText).join('\n'))
    const translated = await withCredits(metering, request.account!, 1, () =>
      page.segments.length === 0 ? Promise.resolve([]) : engine.translate(page.segments, pair),
    )
    return { html: page.write(translated.map((t) => t.segment)) }
  })

  for (const url of ['/v2/language_detect', '/v2/detect_language']) {
    app.post(url, { schema: { body: DetectBody }, config: translateFamily }, async (request) => {
      const { text } = request.body
      const { language } = await detectText(engine, metering, request.account!, text)
      return { language_detection: { text, language } }
    })
  }
}
