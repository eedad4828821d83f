/**
 * What every remote translator shares: its options, the cached language lists, and the
 * per-segment bookkeeping (segments without words are answered without a call, answers are
 * put back at their input index).
 */
import { EngineError } from '../errors.js'
import type { Segment } from '../segment.js'
import type { HttpOptions } from './http.js'
import type { LanguageSet, TranslatedSegment } from './translator.js'
import { hasWords } from './markup.js'
import { validateSegment } from '../apertium/stream.js'

export interface RemoteOptions extends HttpOptions {
  /** How long a language list read from the vendor is trusted before it is read again. Default: 6 h */
  languagesTtlMs?: number
}

export const DEFAULT_LANGUAGES_TTL_MS = 6 * 60 * 60 * 1000

/**
 * The vendor's language lists, read on first use and again after `ttlMs`. Concurrent callers
 * share one read. A failed first read rejects (and is retried by the next caller); a failed
 * refresh keeps the previous lists, so a vendor's brief outage does not empty the listing.
 */
export function createLanguageCache<T extends LanguageSet>(load: () => Promise<T>, ttlMs = DEFAULT_LANGUAGES_TTL_MS, now = () => Date.now()) {
  let value: T | undefined
  let readAt = 0
  let pending: Promise<T> | undefined
  function read(): Promise<T> {
    pending ??= load()
      .then((fresh) => {
        value = fresh
        readAt = now()
        return fresh
      })
      .catch((error: unknown) => {
        if (value) {
          readAt = now() // try again after another ttl, not on every call
          return value
        }
        throw error
      })
      .finally(() => {
        pending = undefined
      })
    return pending
  }
  return {
    get(): Promise<T> {
      if (value && now() - readAt < ttlMs) return Promise.resolve(value)
      return read()
    },
    /** The last lists read, without waiting (undefined before the first read succeeded). */
    peek(): T | undefined {
      return value
    },
  }
}

/**
 * Answers the segments without words at once (unchanged: numbers, punctuation, lone tokens),
 * sends the others through `send` (which answers per index it got), and assembles the
 * answers in input order. An answer `send` does not give is a BAD_OUTPUT for that segment.
 */
export async function perSegment(
  segments: readonly Segment[],
  send: (indexes: number[]) => Promise<Map<number, TranslatedSegment | EngineError>>,
  engine: string,
): Promise<Array<TranslatedSegment | EngineError>> {
  const results: Array<TranslatedSegment | EngineError | undefined> = segments.map((segment) => {
    try {
      validateSegment(segment)
    } catch (error) {
      return error as EngineError
    }
    return hasWords(segment) ? undefined : { segment }
  })
  const pending = results.flatMap((result, index) => (result === undefined ? [index] : []))
  if (pending.length > 0) {
    const answers = await send(pending)
    for (const index of pending) {
      results[index] = answers.get(index) ?? new EngineError('ENGINE_BAD_OUTPUT', `${engine} gave no answer for segment ${index}`, { engine })
    }
  }
  return results as Array<TranslatedSegment | EngineError>
}

/** Validates the input once for every remote translator: an array of segments and a pair of codes. */
export function checkInput(segments: unknown, pair: { source?: unknown; target?: unknown } | undefined): void {
  if (!Array.isArray(segments)) throw new EngineError('ENGINE_INVALID_INPUT', 'segments must be an array')
  if (typeof pair?.source !== 'string' || typeof pair?.target !== 'string') {
    throw new EngineError('ENGINE_INVALID_INPUT', 'pair needs a source and a target code')
  }
  if (pair.source.trim().toLowerCase() === 'auto') {
    throw new EngineError('ENGINE_INVALID_INPUT', "source 'auto' must be detected before translating")
  }
}

/** Errors after which the next calls of the same request would fail too: stop sending. */
const STOPPING: ReadonlySet<string> = new Set(['ENGINE_RATE_LIMITED', 'ENGINE_QUOTA_EXCEEDED', 'ENGINE_UNAVAILABLE', 'ENGINE_TIMEOUT', 'ENGINE_ABORTED'])

/**
 * Sends runs one after the other (gentle on the vendor's rate limit). A run that fails with
 * an error that would hit every later run too (rate limit, quota, outage, timeout, abort)
 * gives that error to the runs not yet sent, without calling the vendor again.
 */
export async function sendRuns<T>(
  runs: readonly T[][],
  send: (run: T[]) => Promise<void>,
  fail: (run: T[], error: EngineError) => void,
): Promise<void> {
  let stop: EngineError | undefined
  for (const run of runs) {
    if (stop) {
      fail(run, stop)
      continue
    }
    try {
      await send(run)
    } catch (error) {
      const e = error instanceof EngineError ? error : new EngineError('ENGINE_UNAVAILABLE', String((error as Error)?.message ?? error), { cause: error })
      fail(run, e)
      if (STOPPING.has(e.code)) stop = e
    }
  }
}

/** ENGINE_UNSUPPORTED_PAIR for every segment, when the vendor's lists do not have the pair. */
export function unsupported(engine: string, pair: { source: string; target: string }): EngineError {
  return new EngineError('ENGINE_UNSUPPORTED_PAIR', `${engine} does not translate ${pair.source} → ${pair.target}`, { engine })
}
