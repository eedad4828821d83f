import type { Detection, Engine, Segment, Translation } from '@verso/engine'
import type { Account, Metering } from '@verso/metering'
import { HttpError, insufficientCredits } from './http-errors.js'
import { hasLetters, maskText } from './placeholders.js'

/** The route-side helpers every translating endpoint shares: languages, credits, detection. */

export interface ResolvedPair {
  source: string
  target: string
  /** Present when the source was `auto`; `outside` is the detector's guess among languages the engine does not translate. */
  detected?: { language: string; confidence: number; outside?: { language: string; confidence: number } }
}

/** `auto`, in any case: the source is detected. */
export function isAuto(code: string): boolean {
  return code.trim().toLowerCase() === 'auto'
}

/** The codes of a list in code order, for error texts: `en, es, pt`. */
export function codeList(languages: ReadonlyArray<{ code: string }>): string {
  return languages
    .map((language) => language.code)
    .sort()
    .join(', ')
}

/** Why `source` cannot reach `target`, naming what it does reach: the 400's text. */
export function unroutable(engine: Engine, source: string, target: string, what = `Source language '${source}'`): HttpError {
  const reach = engine.reachableTargets(source)
  const reaches = reach.length > 0 ? `'${source}' can be translated into: ${codeList(reach)}.` : `'${source}' cannot be translated into any other language here.`
  return new HttpError(400, `${what} cannot be translated into '${target}' by the installed engine; ${reaches}`)
}

/**
 * Checks the codes of a request before anything is charged and answers them in canonical
 * form (`EN` → `en`, `pt_br` → `pt-BR`): an unknown code is a 400 listing the supported
 * codes, a known pair without a route a 400 naming the targets the source reaches. `auto`
 * (any case) is a source only; its routes are checked once the language is detected.
 */
export function checkLanguages(engine: Engine, source: string, targets: readonly string[]): { source: string; targets: string[] } {
  const auto = isAuto(source)
  const canonicalSource = auto ? 'auto' : engine.canonicalCode(source, 'source')
  if (canonicalSource === null) {
    throw new HttpError(400, `Unsupported source language '${source}'. Supported codes: auto, ${codeList(engine.languages())}`)
  }
  const canonicalTargets: string[] = []
  for (const target of targets) {
    const code = engine.canonicalCode(target, 'target')
    if (code === null) {
      const known = engine.canonicalCode(target, 'source')
      if (known !== null && known === canonicalSource) {
        // Same language as the source (eu→eu): nothing to translate, the text comes back.
        canonicalTargets.push(known)
        continue
      }
      // A language Verso reads but cannot produce (ro: only ro→es is installed) has no route.
      if (known !== null && !auto) throw unroutable(engine, canonicalSource, known)
      const offered = auto ? engine.languages().filter((l) => engine.canonicalCode(l.code, 'target') !== null) : engine.reachableTargets(canonicalSource)
      throw new HttpError(400, `Unsupported target language '${target}'. Supported codes${auto ? '' : ` from '${canonicalSource}'`}: ${codeList(offered)}`)
    }
    if (!auto && !engine.supports(canonicalSource, code)) throw unroutable(engine, canonicalSource, code)
    canonicalTargets.push(code)
  }
  return { source: canonicalSource, targets: canonicalTargets }
}

/** The engine's detection: with remote engines configured, theirs where the local detector is unsure. */
export async function detectLanguage(engine: Engine, text: string): Promise<ReturnType<Engine['detect']>> {
  const remote = (engine as Engine & { detectAsync?: (text: string) => Promise<ReturnType<Engine['detect']> & { engine?: string }> }).detectAsync
  if (!remote) {
    // the first detection loads about 1.5 s of dictionaries and counts: in steps, so that the
    // other requests are served meanwhile
    await engine.prepareDetection?.()
    return engine.detect(text)
  }
  const { engine: _which, ...detection } = await remote.call(engine, text)
  return detection
}

/** Validates codes before any credit is charged; `auto` is resolved by detecting `sample`. */
export async function resolvePair(engine: Engine, source: string, target: string, sample: () => string): Promise<ResolvedPair> {
  return resolveChecked(engine, checkLanguages(engine, source, [target]), sample)
}

/**
 * `resolvePair` for codes `checkLanguages` already checked (routes that need the canonical
 * target before they can build the sample): resolves `auto` by detecting `sample`.
 */
export async function resolveChecked(
  engine: Engine,
  checked: { source: string; targets: readonly string[] },
  sample: () => string,
): Promise<ResolvedPair> {
  let resolved = checked.source
  const resolvedTarget = checked.targets[0]!
  let detected: ResolvedPair['detected']
  if (resolved === 'auto') {
    const text = sample().trim()
    if (text === '') throw new HttpError(400, 'Cannot detect the language of an empty text; give a source code.')
    if (!hasLetters(text)) throw noLetters()
    detected = await detectLanguage(engine, text)
    resolved = engine.canonicalCode(detected.language, 'source') ?? detected.language
    if (!engine.supports(resolved, resolvedTarget)) throw unroutable(engine, resolved, resolvedTarget, `Detected source language '${resolved}'`)
  }
  return detected ? { source: resolved, target: resolvedTarget, detected } : { source: resolved, target: resolvedTarget }
}

/** Who pays: the request's account, and its Idempotency-Key once claimed (src/idempotency.ts). */
export interface Payer {
  account?: Account
  idempotencyKey?: string
  idempotencyAttempt?: string
}

/**
 * Charges `cost` credits atomically, runs `work`, and gives the credits back when the work
 * fails: a failed request never costs anything. Under an Idempotency-Key the charge is keyed:
 * the same request re-run after a crash (the key taken over) is not charged again, and the
 * refund forgets the key's charge, so a retry after a failure is charged once more (unless
 * another request took the key over meanwhile: the charge is then its, and stays).
 */
export async function withCredits<T>(metering: Metering, payer: Payer, cost: number, work: () => Promise<T>): Promise<T> {
  const accountId = payer.account!.id
  const keyed = keyedCharge(payer)
  const charge = await metering.charge(accountId, cost, keyed)
  if (!charge.ok) throw insufficientCredits(charge.remaining, charge.required)
  try {
    return await work()
  } catch (error) {
    await metering.refund(accountId, cost, keyed)
    throw error
  }
}

/** How the payer's charge is keyed: by its Idempotency-Key and attempt, or not at all. */
export function keyedCharge(payer: Payer): { idempotencyKey: string; attempt?: string } | undefined {
  if (payer.idempotencyKey === undefined) return undefined
  return { idempotencyKey: payer.idempotencyKey, ...(payer.idempotencyAttempt === undefined ? {} : { attempt: payer.idempotencyAttempt }) }
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
    // additive: the text looked like a language the engine does not translate (confidence is then low)
    ...(pair.detected?.outside ? { detected_outside: { ...pair.detected.outside } } : {}),
    engine: engineOf(translations[0]),
    route: translations[0]?.route ?? [pair.source, pair.target],
    unknown_words: [...unknown],
  }
}

/** The engine that translated a segment: the routed engine names it; the embedded engine alone is Apertium. */
export function engineOf(translation: Translation | undefined): string {
  const named = (translation as (Translation & { engine?: string }) | undefined)?.engine
  return typeof named === 'string' ? named : 'apertium'
}

/**
 * A text without a letter (`!!!`, `123`, only placeholders) has no language: detecting one would
 * answer a guess with confidence 0, so it is refused before anything is charged.
 */
export function noLetters(): HttpError {
  return new HttpError(400, 'The text has no letters, so it has no language to detect; give a source language code.')
}

/** Detection as the detect endpoints charge it: 1 credit, empty text and text without letters refused first. */
export async function detectText(engine: Engine, metering: Metering, payer: Payer, text: string): Promise<Detection> {
  if (text.trim() === '') throw new HttpError(400, 'Text is empty: give 1 to 5000 characters to detect.')
  // Placeholders are not words of any language: `{user_name}` must not vote for English.
  const words = maskText(text, 'en', true).segments.map(plainText).join('\n')
  if (!hasLetters(words)) throw noLetters()
  return withCredits(metering, payer, 1, () => detectLanguage(engine, words))
}
