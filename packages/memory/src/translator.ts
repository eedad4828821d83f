/**
 * The translate-through layer: glossary terms masked, the memory read once for the whole call,
 * the engine asked only for what the memory lacks (each distinct text once), new translations
 * stored, terms restored. Shared by the server's text endpoints and the job engine.
 */
import type { Segment } from '@verso/engine'
import { GlossaryError } from './glossary/errors.js'
import { hasLetter, maskTerms, type MaskedSegment } from './glossary/mask.js'
import { glossaryCoversPair } from './glossary/pair.js'
import { parseSegmentText, segmentText } from './segment-text.js'
import type { MemoryScope, MemoryTranslator, MemoryTranslatorOptions, Remembered, RememberOptions } from './types.js'

/** pino-compatible; only `warn` is used. */
export interface MemoryLogger {
  warn(obj: Record<string, unknown>, msg: string): void
}

export interface CreateMemoryTranslatorOptions extends MemoryTranslatorOptions {
  /** Where a failed `remember` (the call still succeeds) or an unreadable stored row is reported. Default: silent. */
  logger?: MemoryLogger
}

type Pair = { source: string; target: string }

/** One distinct masked text of a call and the input indices that share it. */
interface Pending {
  text: string
  segment: Segment
  indices: number[]
}

const silent: MemoryLogger = { warn() {} }

export function createMemoryTranslator(options: CreateMemoryTranslatorOptions): MemoryTranslator {
  const { translator, store, engineFor, revisionFor } = options
  const logger = options.logger ?? silent

  /** The scope's `engine` for a pair whose serving engine is `engine` (asked once per call). */
  function keyOf(engine: string, pair: Pair): string {
    const revision = revisionFor?.(pair)
    return revision ? `${engine}@${revision}` : engine
  }

  async function translateSettled(segments: readonly Segment[], pair: Pair, call: RememberOptions): Promise<Remembered[]> {
    const glossary = call.glossary ?? null
    if (glossary && !glossaryCoversPair(glossary, pair)) {
      throw new GlossaryError(
        'GLOSSARY_PAIR_MISMATCH',
        `glossary_id: glossary ${glossary.glossary_id} is for ${glossary.source_language}→${glossary.target_language}, not ${pair.source}→${pair.target}`,
      )
    }
    const engine = engineFor(pair)
    const scope: MemoryScope = { accountId: call.accountId, source: pair.source, target: pair.target, engine: keyOf(engine, pair), glossary: glossary?.glossary_id ?? '' }
    const results = new Array<Remembered>(segments.length)
    const masks: MaskedSegment[] = segments.map((segment) => (glossary ? maskTerms(segment, glossary) : { segment, restore: (t: Segment) => t, terms: 0 }))

    const settle = (index: number, translated: Segment, make: (segment: Segment) => Remembered): boolean => {
      try {
        results[index] = make(masks[index]!.restore(translated))
        return true
      } catch (error) {
        results[index] = { error: error instanceof Error ? error : new Error(String(error)) }
        return false
      }
    }

    // Distinct masked texts; a segment left with no letter once its terms are masked needs no engine.
    const pending = new Map<string, Pending>()
    masks.forEach((mask, index) => {
      if (mask.terms > 0 && !hasLetter(mask.segment)) {
        settle(index, mask.segment, (segment) => ({ segment, reused: false, engine, unknownWords: [], route: [pair.source, pair.target] }))
        return
      }
      const text = segmentText(mask.segment)
      const known = pending.get(text)
      if (known) known.indices.push(index)
      else pending.set(text, { text, segment: mask.segment, indices: [index] })
    })

    let misses = [...pending.values()]
    if (call.useMemory && misses.length > 0) {
      // A failed lookup fails the call: the caller has charged nothing yet and must not translate blind.
      const stored = await store.lookup(scope, misses.map((item) => item.text))
      misses = misses.filter((item, i) => {
        const translation = stored[i]
        if (translation === undefined) return true
        let segment: Segment
        try {
          segment = parseSegmentText(translation)
        } catch (error) {
          logger.warn({ err: error, accountId: call.accountId, scope }, 'memory: unreadable stored translation; translating again')
          return true
        }
        for (const index of item.indices) settle(index, segment, (restored) => ({ segment: restored, reused: true, engine }))
        return false
      })
    }
    if (misses.length === 0) return results

    const context = call.context
    const translated = await translator.translateSettled(
      misses.map((item) => item.segment),
      pair,
      { signal: call.signal, context: context ? misses.map((item) => context[item.indices[0]!]) : undefined },
    )
    const learned: Array<{ text: string; translation: string }> = []
    misses.forEach((item, i) => {
      const result = translated[i]
      if (!result) {
        for (const index of item.indices) results[index] = { error: new Error(`The translator returned no result for segment ${index}`) }
        return
      }
      if ('error' in result) {
        for (const index of item.indices) results[index] = { error: result.error }
        return
      }
      const made = (segment: Segment): Remembered => ({
        segment,
        reused: false,
        engine: result.engine ?? engine,
        unknownWords: [...(result.unknownWords ?? [])],
        route: [...(result.route ?? [pair.source, pair.target])],
      })
      let restored = true
      for (const index of item.indices) restored = settle(index, result.segment, made) && restored
      // A translation that lost a term token is an engine fault, not something to serve again;
      // one another engine made (a router's fallback while the pair's engine was down) is not
      // filed under the pair's engine, so the memory never serves it as that engine's.
      if (restored && (result.engine ?? engine) === engine) learned.push({ text: item.text, translation: segmentText(result.segment) })
    })

    if (call.useMemory && learned.length > 0) {
      try {
        await store.remember(scope, learned, call.origin)
      } catch (error) {
        // The translations are good and paid for: the caller gets them; the memory misses them next time.
        logger.warn({ err: error, accountId: call.accountId, scope, count: learned.length }, 'memory: storing translations failed')
      }
    }
    return results
  }

  return {
    store,
    engineKey: (pair) => keyOf(engineFor(pair), pair),
    translateSettled,
    async translate(segments, pair, call) {
      const results = await translateSettled(segments, pair, call)
      for (const result of results) if ('error' in result) throw result.error
      return results as Array<Exclude<Remembered, { error: Error }>>
    },
  }
}
