import type { Engine, Segment, Translation } from '@verso/engine'
import type { Account, Metering } from '@verso/metering'
import { HttpError, insufficientCredits } from './http-errors.js'
import { hasLetters, maskText } from './placeholders.js'

/** The route-side helpers every translating endpoint shares: languages, credits, detection. */

export interface ResolvedPair {
  source: string
  target: string
  /** Present when the source was `auto`. */
  detected?: { language: string; confidence: number }
}

/** Refuses codes the installed engine does not know, listing those it does; `auto` is a source only. */
export function checkLanguages(engine: Engine, source: string, targets: readonly string[]): void {
  const known = engine.languages().map((language) => language.code)
  const knows = new Set(known)
  if (source !== 'auto' && !knows.has(source)) {
    throw new HttpError(400, `Unsupported source language '${source}'. Supported codes: auto, ${known.join(', ')}`)
  }
  const unknown = targets.filter((code) => !knows.has(code))
  if (unknown.length > 0) {
    throw new HttpError(
      400,
      `Unsupported target language${unknown.length > 1 ? 's' : ''} ${unknown.map((code) => `'${code}'`).join(', ')}. ` +
        `Supported codes: ${known.join(', ')}`,
    )
  }
}

/** Validates codes before any credit is charged; `auto` is resolved by detecting `sample`. */
export function resolvePair(engine: Engine, source: string, target: string, sample: () => string): ResolvedPair {
  checkLanguages(engine, source, [target])
  let detected: ResolvedPair['detected']
  if (source === 'auto') {
    const text = sample().trim()
    if (text === '') throw new HttpError(400, 'Cannot detect the language of an empty text; give a source code.')
    if (!hasLetters(text)) throw noLetters()
    detected = engine.detect(text)
    source = detected.language
  }
  if (source !== target && !engine.supports(source, target)) {
    const what = detected ? `Detected source language '${source}'` : `Source language '${source}'`
    throw new HttpError(400, `${what} cannot be translated into '${target}' by the installed engine.`)
  }
  return detected ? { source, target, detected } : { source, target }
}

/**
 * Charges `cost` credits atomically, runs `work`, and gives the credits back when the work
 * fails: a failed request never costs anything.
 */
export async function withCredits<T>(metering: Metering, account: Account, cost: number, work: () => Promise<T>): Promise<T> {
  const charge = await metering.charge(account.id, cost)
  if (!charge.ok) throw insufficientCredits(charge.remaining, charge.required)
  try {
    return await work()
  } catch (error) {
    await metering.refund(account.id, cost)
    throw error
  }
}

/** The plain text of a segment, tokens dropped: what detection looks at. */
export function plainText(segment: Segment): string {
  return typeof segment === 'string' ? segment : segment.filter((part): part is string => typeof part === 'string').join('')
}

export function details(pair: ResolvedPair, translations: readonly Translation[]): Record<string, unknown> {
  const unknown = new Set<string>()
  for (const translation of translations) for (const word of translation.unknownWords) unknown.add(word)
  return {
    ...(pair.detected ? { detected_source: pair.detected.language, confidence: pair.detected.confidence } : {}),
    engine: 'apertium',
    route: translations[0]?.route ?? [pair.source, pair.target],
    unknown_words: [...unknown],
  }
}

/**
 * A text without a letter (`!!!`, `123`, only placeholders) has no language: detecting one would
 * answer a guess with confidence 0, so it is refused before anything is charged.
 */
export function noLetters(): HttpError {
  return new HttpError(400, 'The text has no letters, so it has no language to detect; give a source language code.')
}

/** Detection as the detect endpoints charge it: 1 credit, empty text and text without letters refused first. */
export async function detectText(engine: Engine, metering: Metering, account: Account, text: string) {
  if (text.trim() === '') throw new HttpError(400, 'Text is empty: give 1 to 5000 characters to detect.')
  // Placeholders are not words of any language: `{user_name}` must not vote for English.
  const words = maskText(text, 'en', true).segments.map(plainText).join('\n')
  if (!hasLetters(words)) throw noLetters()
  return withCredits(metering, account, 1, async () => engine.detect(words))
}
