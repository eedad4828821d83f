import { existsSync } from 'node:fs'
import { createApertiumPipeline, type ApertiumPipeline } from './apertium/pipeline.js'
import { decodeSegment, encodeSegment, validateSegment } from './apertium/stream.js'
import { createLru } from './cache.js'
import { createDetector, type Detection } from './detect.js'
import { findAnalysers } from './detect/analysers.js'
import { EngineError } from './errors.js'
import { createRegistry, discoverDirections, normalizeCode, type Direction, type Language } from './registry.js'
import type { Segment } from './segment.js'

export interface EngineOptions {
  /**
   * Folder of Apertium `.mode` files; the installed directions are read from it once, at
   * creation. Default: '/usr/share/apertium/modes'
   */
  modesDir?: string
  /** Translations kept in the LRU cache (keyed by direction and segment); 0 disables it. Default: 10000 */
  cacheSize?: number
  /**
   * A pipeline with texts in flight that answers none of them for this long is killed and
   * restarted; its texts are retried once, then fail with ENGINE_TIMEOUT. Default: 10000
   */
  flushTimeoutMs?: number
  /** Most texts in one null flush of a pipeline (texts waiting while others are under way go together). Default: 32 */
  maxSegmentsPerFlush?: number
  /** Most flushes under way per pipeline at once. Default: 4 */
  maxFlushesInFlight?: number
  /**
   * Pipelines run per direction, used in turn. A flush's latency through the ~10 stages, not
   * CPU, bounds one pipeline when few texts are outstanding; a second one measured +35 %
   * sentences/s at 16 concurrent callers on 2 cores (BENCHMARKS.md). Default: 2
   */
  pipelinesPerDirection?: number
  /**
   * Directions whose pipelines start at creation instead of on first use (each hop of a
   * pivot route is started). Unsupported pairs are ignored. Default: []
   */
  warm?: Array<{ source: string; target: string }>
}

export interface Translation {
  /** Same shape as the input: a string for a string, parts for parts. */
  segment: Segment
  /** Words the engine did not know (marked `*`/`@` by Apertium), without the marks. */
  unknownWords: string[]
  /** Languages passed through, e.g. `['en', 'es', 'fr']`; `['en']` when source equals target. */
  route: string[]
}

export interface Engine {
  /** Languages translatable from or to, sorted by name: [{ code: 'en', name: 'English' }, …] */
  languages(): Language[]
  supports(source: string, target: string): boolean
  /**
   * Detect among the supported languages (see detect.ts). `outside` is the likeliest language
   * the engine does not translate, when that is what the text looks like (confidence then low).
   * Throws ENGINE_… only for misuse (empty text).
   */
  detect(text: string): Detection
  /** Translate; rejects if any segment fails. source may not be 'auto' (caller detects). same source and target → returned unchanged. */
  translate(segments: readonly Segment[], pair: { source: string; target: string }, options?: { signal?: AbortSignal }): Promise<Translation[]>
  /** Like translate but per segment, like Promise.allSettled: for batch endpoints where one item may fail. */
  translateSettled(segments: readonly Segment[], pair: { source: string; target: string }, options?: { signal?: AbortSignal }): Promise<Array<Translation | { error: EngineError }>>
  /** true when a probe translation succeeds within a timeout (used by GET /health → 503 otherwise). */
  health(): Promise<{ ok: boolean; detail?: string }>
  close(): Promise<void>
  /** Counters and running pipelines, for tests and diagnostics (additive to the contract). */
  stats(): EngineStats
}

export interface EngineStats {
  cacheHits: number
  cacheMisses: number
  cacheSize: number
  /** One entry per started direction: its mode file, live process ids and (re)start count. */
  pipelines: Array<{ mode: string; processIds: number[]; starts: number }>
}

const HEALTH_TIMEOUT_MS = 15_000

export function createEngine(options: EngineOptions = {}): Engine {
  const modesDir = options.modesDir ?? '/usr/share/apertium/modes'
  const directions = discoverDirections(modesDir)
  const registry = createRegistry(directions)
  const languages = registry.languages()
  // Detection reads the installed analysers' dictionaries (loaded on first detect, then kept).
  const detector = createDetector(languages.map((l) => l.code), { analysers: findAnalysers(directions) })
  const cache = createLru<Translation>(options.cacheSize ?? 10_000)
  const pipelines = new Map<string, { pool: ApertiumPipeline[]; next: number }>()
  const perDirection = Math.max(1, Math.floor(options.pipelinesPerDirection ?? 2))
  let closed = false
  let cacheHits = 0
  let cacheMisses = 0

  /** The direction's pipelines, created on first use; each call takes the next in turn. */
  function pipelineFor(direction: Direction): ApertiumPipeline {
    let entry = pipelines.get(direction.mode)
    if (!entry) {
      const pool = Array.from({ length: perDirection }, () =>
        createApertiumPipeline(direction.mode, {
          flushTimeoutMs: options.flushTimeoutMs,
          maxSegmentsPerFlush: options.maxSegmentsPerFlush,
          maxFlushesInFlight: options.maxFlushesInFlight,
        }),
      )
      entry = { pool, next: 0 }
      pipelines.set(direction.mode, entry)
    }
    const pipeline = entry.pool[entry.next]!
    entry.next = (entry.next + 1) % entry.pool.length
    return pipeline
  }

  function allPipelines(): ApertiumPipeline[] {
    return [...pipelines.values()].flatMap((entry) => entry.pool)
  }

  /** The hops from source to target, or throws the matching EngineError. */
  function resolve(pair: { source: string; target: string }): { source: string; target: string; hops: Direction[] } {
    if (closed) throw new EngineError('ENGINE_CLOSED', 'The engine is closed')
    const rawSource = String(pair?.source ?? '')
    if (rawSource.trim().toLowerCase() === 'auto') {
      throw new EngineError('ENGINE_INVALID_INPUT', "source 'auto' must be detected by the caller (engine.detect) before translating")
    }
    const source = normalizeCode(rawSource)
    const target = normalizeCode(String(pair?.target ?? ''))
    if (directions.length === 0) throw new EngineError('ENGINE_UNAVAILABLE', `No Apertium language pairs are installed in ${modesDir}`)
    for (const code of [source, target]) {
      if (!registry.knows(code)) {
        throw new EngineError('ENGINE_UNSUPPORTED_LANGUAGE', `Unsupported language "${code}"; supported: ${languages.map((l) => l.code).join(', ')}`)
      }
    }
    if (source === target) return { source, target, hops: [] }
    const hops = registry.route(source, target)
    if (!hops) throw new EngineError('ENGINE_UNSUPPORTED_PAIR', `No translation from ${source} to ${target} is installed`)
    return { source, target, hops }
  }

  for (const pair of options.warm ?? []) {
    try {
      for (const hop of resolve(pair).hops) {
        pipelineFor(hop)
        for (const pipeline of pipelines.get(hop.mode)!.pool) pipeline.start()
      }
    } catch {
      // warming is best effort; translate reports the error when the pair is used
    }
  }

  async function translateOne(segment: Segment, route: { source: string; hops: Direction[] }, signal?: AbortSignal): Promise<Translation> {
    const path = [route.source, ...route.hops.map((h) => h.target)]
    if (route.hops.length === 0) return { segment, unknownWords: [], route: path }
    const key = `${path.join('>')}\u0000${typeof segment === 'string' ? segment : JSON.stringify(segment)}`
    const cached = cache.get(key)
    if (cached) cacheHits++
    else cacheMisses++
    if (cached) return { segment: cached.segment, unknownWords: [...cached.unknownWords], route: [...cached.route] }
    let current: Segment = segment
    const unknownWords: string[] = []
    for (const hop of route.hops) {
      const pipeline = pipelineFor(hop)
      let encoded = encodeSegment(current, pipeline.wordBound)
      if (encoded.stream === '') continue
      let decoded = decodeSegment(await pipeline.translate(encoded.stream, { signal }), encoded)
      if (decoded.leaked && encoded.wordBound) {
        // The pair could not carry word-bound blanks here: tags keep their places instead.
        encoded = encodeSegment(current, false)
        decoded = decodeSegment(await pipeline.translate(encoded.stream, { signal }), encoded)
      }
      if (decoded.leaked) throw new EngineError('ENGINE_UNAVAILABLE', `Apertium (${hop.source}→${hop.target}) returned raw lexical units`)
      current = decoded.segment
      for (const w of decoded.unknownWords) if (!unknownWords.includes(w)) unknownWords.push(w)
    }
    const result: Translation = { segment: current, unknownWords, route: path }
    cache.set(key, { segment: current, unknownWords: [...unknownWords], route: [...path] })
    return result
  }

  function prepare(segments: readonly Segment[], pair: { source: string; target: string }) {
    if (!Array.isArray(segments)) throw new EngineError('ENGINE_INVALID_INPUT', 'segments must be an array')
    return resolve(pair)
  }

  function asEngineError(error: unknown): EngineError {
    return error instanceof EngineError ? error : new EngineError('ENGINE_UNAVAILABLE', String((error as Error)?.message ?? error), { cause: error })
  }

  return {
    languages: () => languages.map((l) => ({ ...l })),

    supports(source, target) {
      try {
        const s = normalizeCode(source)
        const t = normalizeCode(target)
        if (!registry.knows(s) || !registry.knows(t)) return false
        return s === t || registry.route(s, t) !== null
      } catch {
        return false
      }
    },

    detect(text): Detection {
      if (typeof text !== 'string' || text.trim() === '') {
        throw new EngineError('ENGINE_INVALID_INPUT', 'Language detection needs a non-empty text')
      }
      if (languages.length === 0) throw new EngineError('ENGINE_UNAVAILABLE', `No Apertium language pairs are installed in ${modesDir}`)
      return detector.detect(text)
    },

    async translate(segments, pair, opts = {}) {
      const route = prepare(segments, pair)
      for (const segment of segments) validateSegment(segment)
      return Promise.all(segments.map((s) => translateOne(s, route, opts.signal).catch((e) => { throw asEngineError(e) })))
    },

    async translateSettled(segments, pair, opts = {}) {
      const route = prepare(segments, pair)
      return Promise.all(segments.map(async (segment) => {
        try {
          validateSegment(segment)
          return await translateOne(segment, route, opts.signal)
        } catch (error) {
          return { error: asEngineError(error) }
        }
      }))
    },

    async health() {
      if (closed) return { ok: false, detail: 'engine closed' }
      if (!existsSync(modesDir) || directions.length === 0) return { ok: false, detail: `no Apertium language pairs in ${modesDir}` }
      const probe = directions.find((d) => d.source === 'en' && d.target === 'es') ?? directions[0]!
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(new Error('health probe timed out')), HEALTH_TIMEOUT_MS)
      try {
        const pipeline = pipelineFor(probe)
        const encoded = encodeSegment('Hello.', pipeline.wordBound)
        const raw = await pipeline.translate(encoded.stream, { signal: controller.signal })
        const out = decodeSegment(raw, encoded).segment
        if (typeof out === 'string' && out.trim() !== '') return { ok: true }
        return { ok: false, detail: `${probe.source}→${probe.target} probe returned an empty text` }
      } catch (error) {
        const e = asEngineError(error)
        return { ok: false, detail: `${probe.source}→${probe.target} probe failed: ${e.code}: ${e.message}` }
      } finally {
        clearTimeout(timer)
      }
    },

    stats() {
      return {
        cacheHits,
        cacheMisses,
        cacheSize: cache.size,
        pipelines: allPipelines().map((p) => ({ mode: p.modeFile, processIds: p.processIds(), starts: p.starts })),
      }
    },

    async close() {
      closed = true
      await Promise.all(allPipelines().map((p) => p.close()))
    },
  }
}
