/**
 * The multi-engine router: engines in `VERSO_ENGINES` order; for a direction, the first
 * engine that supports it serves and the next ones are fallbacks. Retries, fallback and
 * circuit breaking live here, once:
 *
 * - a segment an engine answered with ENGINE_RATE_LIMITED, ENGINE_UNAVAILABLE or
 *   ENGINE_TIMEOUT is sent to the same engine again after a backoff (Retry-After honoured
 *   when it is not longer than `maxRetryAfterMs`), up to `retries` times, then to the next
 *   engine;
 * - ENGINE_BAD_OUTPUT and ENGINE_UNSUPPORTED_PAIR go to the next engine at once;
 * - ENGINE_QUOTA_EXCEEDED puts the engine in `exhausted` until the next UTC midnight (or a
 *   restart) and goes to the next engine;
 * - a request that still failed on an engine after its retries counts as one failure of
 *   that engine; `threshold` of them in a row open its circuit for `coolDownMs`;
 * - segment faults (ENGINE_INVALID_SEGMENT), misuse and aborts are final.
 *
 * The router never charges anything: the caller charges once per request, whatever engines
 * served it.
 */
import { EngineError, type EngineErrorCode } from '../errors.js'
import type { Segment } from '../segment.js'
import { DEFAULT_CIRCUIT, initialCircuit, serves, transition, type Circuit, type CircuitPolicy, type CircuitState } from './circuit.js'
import { canonicalCode, isLanguageTag } from './codes.js'
import type { LanguageSet, Pair, TranslatedSegment, Translator, TranslatorId } from './translator.js'

/** A pino-compatible logger (only what the router uses). */
export interface RouterLogger {
  warn(obj: object, msg?: string): void
  info?(obj: object, msg?: string): void
}

export interface EngineRouterOptions {
  /** Attempts after the first, per engine and request, for rate limits, outages and timeouts. Default: 2 */
  retries?: number
  /** First backoff; doubles per attempt, with jitter. Default: 250 */
  backoffMs?: number
  /** Longest backoff between two attempts. Default: 4000 */
  maxBackoffMs?: number
  /** A Retry-After longer than this is not waited for: the next engine serves instead. Default: 10000 */
  maxRetryAfterMs?: number
  /** Circuit breaker. Default: { threshold: 5, coolDownMs: 30000 } */
  circuit?: Partial<CircuitPolicy>
  /** A translator whose language lists could not be read is asked again after this long. Default: 30000 */
  languagesRetryMs?: number
  /** Default: silent */
  logger?: RouterLogger
  /** Clock and sleep, replaced in tests. Default: Date.now, setTimeout */
  now?: () => number
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
}

export interface RoutedSegment extends TranslatedSegment {
  /** The engine that translated this segment. */
  engine: TranslatorId | 'none'
}

export type RoutedResult = RoutedSegment | { error: EngineError }

export interface EngineStatus {
  id: TranslatorId
  /** Position in the engine order (0 = tried first). */
  order: number
  /** Whether its language lists were read; languages count only then. */
  languagesKnown: boolean
  languages: LanguageSet
  circuit: CircuitState
  /** open: when the cool-down ends; exhausted: when the quota is expected back (ISO). */
  until?: string
  /** Serving now: lists known and circuit closed or half-open. */
  healthy: boolean
  /** The last error it gave (code and message, never a key), when any. */
  lastError?: { code: EngineErrorCode; message: string; at: string }
  served: number
  failed: number
}

export interface EngineRouter {
  /** Reads every engine's languages (failures are recorded, not thrown). */
  start(): Promise<void>
  /** Codes any engine reads, and writes; canonical BCP 47, sorted. */
  sources(): string[]
  targets(): string[]
  /** Whether some engine serves the direction (circuit state not considered). */
  supports(pair: Pair): boolean
  /** The engines that would serve, in order (first serves, the rest are fallbacks). */
  enginesFor(pair: Pair): TranslatorId[]
  translate(segments: readonly Segment[], pair: Pair, options?: { signal?: AbortSignal; context?: ReadonlyArray<string | undefined>; formality?: 'more' | 'less' | 'prefer_more' | 'prefer_less' }): Promise<RoutedResult[]>
  /** The first engine with its own detection that answers (Google, LibreTranslate), or null. */
  detect(text: string, options?: { signal?: AbortSignal }): Promise<{ language: string; confidence: number; engine: TranslatorId } | null>
  status(): EngineStatus[]
  translators(): readonly Translator[]
  close(): Promise<void>
}

const RETRYABLE: ReadonlySet<EngineErrorCode> = new Set(['ENGINE_RATE_LIMITED', 'ENGINE_UNAVAILABLE', 'ENGINE_TIMEOUT'])
const NEXT_ENGINE: ReadonlySet<EngineErrorCode> = new Set(['ENGINE_BAD_OUTPUT', 'ENGINE_UNSUPPORTED_PAIR', 'ENGINE_UNSUPPORTED_LANGUAGE', 'ENGINE_QUOTA_EXCEEDED', 'ENGINE_CLOSED'])

interface Slot {
  translator: Translator
  order: number
  circuit: Circuit
  lists?: LanguageSet
  listsTriedAt: number
  lastError?: EngineStatus['lastError']
  served: number
  failed: number
}

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = setTimeout(done, ms)
    function done() {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }
    function onAbort() {
      clearTimeout(timer)
      reject(signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

export function createEngineRouter(translators: readonly Translator[], options: EngineRouterOptions = {}): EngineRouter {
  const retries = Math.max(0, options.retries ?? 2)
  const backoffMs = options.backoffMs ?? 250
  const maxBackoffMs = options.maxBackoffMs ?? 4000
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 10_000
  const policy: CircuitPolicy = { ...DEFAULT_CIRCUIT, ...options.circuit }
  const languagesRetryMs = options.languagesRetryMs ?? 30_000
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? defaultSleep
  const logger = options.logger
  const seen = new Set<string>()
  for (const t of translators) {
    if (seen.has(t.id)) throw new EngineError('ENGINE_INVALID_INPUT', `engine ${t.id} is listed twice`)
    seen.add(t.id)
  }
  const slots: Slot[] = translators.map((translator, order) => ({ translator, order, circuit: initialCircuit(), listsTriedAt: 0, served: 0, failed: 0 }))
  let closed = false

  function record(slot: Slot, event: 'success' | 'failure' | 'quota' | 'tick') {
    const before = slot.circuit.state
    slot.circuit = transition(slot.circuit, { type: event }, now(), policy)
    if (slot.circuit.state !== before) {
      logger?.warn({ engine: slot.translator.id, from: before, to: slot.circuit.state, until: slot.circuit.until ? new Date(slot.circuit.until).toISOString() : undefined }, 'engine circuit changed')
    }
  }

  function noteError(slot: Slot, error: EngineError) {
    slot.lastError = { code: error.code, message: error.message, at: new Date(now()).toISOString() }
  }

  async function readLists(slot: Slot): Promise<void> {
    slot.listsTriedAt = now()
    try {
      const lists = await slot.translator.languages()
      slot.lists = { sources: lists.sources.map(canonicalCode), targets: lists.targets.map(canonicalCode) }
    } catch (error) {
      const e = error instanceof EngineError ? error : new EngineError('ENGINE_UNAVAILABLE', String((error as Error)?.message ?? error))
      noteError(slot, e)
      if (e.code === 'ENGINE_QUOTA_EXCEEDED') record(slot, 'quota')
      logger?.warn({ engine: slot.translator.id, code: e.code, err: e.message }, 'reading the engine languages failed')
    }
  }

  /** Lists never read, or not read for a while after a failure: read again (in the background when others are known). */
  async function ensureLists(): Promise<void> {
    const due = slots.filter((s) => !s.lists && now() - s.listsTriedAt >= languagesRetryMs)
    if (due.length > 0) await Promise.all(due.map(readLists))
  }

  function usable(slot: Slot, pair: Pair): boolean {
    return !!slot.lists && slot.translator.supports(pair)
  }

  function validPair(pair: Pair): Pair {
    if (!pair || !isLanguageTag(pair.source) || !isLanguageTag(pair.target)) {
      throw new EngineError('ENGINE_INVALID_INPUT', 'pair needs a source and a target language code')
    }
    if (pair.source.trim().toLowerCase() === 'auto') throw new EngineError('ENGINE_INVALID_INPUT', "source 'auto' must be detected before translating")
    return { source: canonicalCode(pair.source), target: canonicalCode(pair.target) }
  }

  function backoff(attempt: number, error: EngineError | undefined): number | null {
    const asked = error?.retryAfterMs
    if (asked !== undefined && asked > maxRetryAfterMs) return null
    const exponential = Math.min(maxBackoffMs, backoffMs * 2 ** attempt)
    const jittered = exponential / 2 + Math.random() * (exponential / 2)
    return Math.max(asked ?? 0, jittered)
  }

  const router: EngineRouter = {
    async start() {
      await Promise.all(slots.map(readLists))
    },

    sources: () => [...new Set(slots.flatMap((s) => s.lists?.sources ?? []))].sort(),
    targets: () => [...new Set(slots.flatMap((s) => s.lists?.targets ?? []))].sort(),

    supports(pair) {
      try {
        const p = validPair(pair)
        return p.source === p.target || slots.some((s) => usable(s, p))
      } catch {
        return false
      }
    },

    enginesFor(pair) {
      const p = validPair(pair)
      return slots.filter((s) => usable(s, p)).map((s) => s.translator.id)
    },

    async translate(segments, rawPair, opts = {}) {
      if (closed) throw new EngineError('ENGINE_CLOSED', 'The engine router is closed')
      if (!Array.isArray(segments)) throw new EngineError('ENGINE_INVALID_INPUT', 'segments must be an array')
      const pair = validPair(rawPair)
      const signal = opts.signal ?? new AbortController().signal
      const results: Array<RoutedResult | undefined> = new Array(segments.length).fill(undefined)
      if (pair.source === pair.target) return segments.map((segment) => ({ segment, engine: 'none', unknownWords: [], route: [pair.source] }))
      await ensureLists()
      const lastError = new Map<number, EngineError>()
      let pending = segments.map((_, i) => i)
      const candidates = slots.filter((s) => usable(s, pair))
      if (candidates.length === 0) {
        const error = new EngineError('ENGINE_UNSUPPORTED_PAIR', `No configured engine translates ${pair.source} → ${pair.target}`)
        return segments.map(() => ({ error }))
      }
      for (const slot of candidates) {
        if (pending.length === 0) break
        record(slot, 'tick')
        if (!serves(slot.circuit)) continue
        const id = slot.translator.id
        let attemptSet = pending
        const next: number[] = [] // for the next engine
        let outage: EngineError | undefined
        let succeeded = false
        for (let attempt = 0; attemptSet.length > 0; attempt++) {
          if (signal.aborted) break
          const answers = await slot.translator.translate(
            attemptSet.map((i) => segments[i]!),
            pair,
            { signal, ...(opts.context ? { context: attemptSet.map((i) => opts.context![i]) } : {}), ...(opts.formality ? { formality: opts.formality } : {}) },
          )
          const retry: number[] = []
          let quota = false
          attemptSet.forEach((index, k) => {
            const answer = answers[k]
            if (answer === undefined) {
              lastError.set(index, new EngineError('ENGINE_BAD_OUTPUT', `${id} gave no answer for a segment`, { engine: id }))
              next.push(index)
            } else if (!(answer instanceof Error)) {
              results[index] = { ...answer, engine: id }
              succeeded = true
            } else {
              const error = answer as EngineError
              lastError.set(index, error)
              if (RETRYABLE.has(error.code)) {
                retry.push(index)
                outage = error
              } else if (NEXT_ENGINE.has(error.code)) {
                if (error.code === 'ENGINE_QUOTA_EXCEEDED') quota = true
                noteError(slot, error)
                next.push(index)
              } else {
                results[index] = { error } // the segment itself is at fault, or the caller aborted
              }
            }
          })
          if (quota) {
            record(slot, 'quota')
            next.push(...retry)
            break
          }
          if (retry.length === 0) {
            outage = undefined
            break
          }
          const wait = attempt < retries ? backoff(attempt, outage) : null
          if (wait === null) {
            next.push(...retry)
            break
          }
          try {
            await sleep(wait, signal)
          } catch {
            break // aborted while waiting; the abort is reported below
          }
          attemptSet = retry
        }
        if (outage) {
          noteError(slot, outage)
          slot.failed++
          record(slot, 'failure')
          logger?.warn({ engine: id, code: outage.code, segments: next.length }, 'engine failed after retries; falling back')
        } else if (succeeded) {
          slot.served++
          record(slot, 'success')
        }
        pending = next.filter((i) => results[i] === undefined)
        if (signal.aborted) break
      }
      return results.map((result, index) => {
        if (result) return result
        if (signal.aborted) return { error: new EngineError('ENGINE_ABORTED', 'aborted by the caller', { cause: signal.reason }) }
        const error = lastError.get(index)
        if (error) return { error }
        const states = candidates.map((s) => `${s.translator.id}: ${s.circuit.state}`).join(', ')
        return { error: new EngineError('ENGINE_UNAVAILABLE', `No engine for ${pair.source} → ${pair.target} is serving now (${states})`) }
      })
    },

    async detect(text, opts = {}) {
      const signal = opts.signal ?? new AbortController().signal
      for (const slot of slots) {
        const detect = slot.translator.detect
        if (!detect) continue
        record(slot, 'tick')
        if (!serves(slot.circuit)) continue
        try {
          const found = await detect.call(slot.translator, text, { signal })
          if (found) return { ...found, language: canonicalCode(found.language), engine: slot.translator.id }
        } catch (error) {
          const e = error instanceof EngineError ? error : new EngineError('ENGINE_UNAVAILABLE', String((error as Error)?.message ?? error))
          noteError(slot, e)
          if (e.code === 'ENGINE_QUOTA_EXCEEDED') record(slot, 'quota')
          logger?.warn({ engine: slot.translator.id, code: e.code }, 'engine detection failed')
        }
      }
      return null
    },

    status() {
      return slots.map((slot) => {
        record(slot, 'tick')
        const lists = slot.lists ?? { sources: [], targets: [] }
        return {
          id: slot.translator.id,
          order: slot.order,
          languagesKnown: !!slot.lists,
          languages: { sources: [...lists.sources], targets: [...lists.targets] },
          circuit: slot.circuit.state,
          ...(slot.circuit.until ? { until: new Date(slot.circuit.until).toISOString() } : {}),
          healthy: !!slot.lists && serves(slot.circuit),
          ...(slot.lastError ? { lastError: { ...slot.lastError } } : {}),
          served: slot.served,
          failed: slot.failed,
        }
      })
    },

    translators: () => slots.map((s) => s.translator),

    async close() {
      closed = true
      await Promise.all(slots.map((s) => s.translator.close?.()))
    },
  }
  return router
}
