/**
 * The Engine surface the server uses, over the multi-engine router: the union of every
 * engine's languages (names from Intl.DisplayNames), translate/translateSettled that name
 * the engine per segment, detection (the local detector first; an engine's own detection
 * where the local one is unsure or does not model the language), health (Apertium's probe
 * plus each remote engine's last known state, never a paid probe call), close and stats.
 */
import { createLru } from '../cache.js'
import { createDetector, type Detector } from '../detect.js'
import type { Engine, Translation } from '../engine.js'
import { EngineError } from '../errors.js'
import type { Segment } from '../segment.js'
import type { ApertiumTranslator } from './apertium.js'
import { canonicalCode } from './codes.js'
import { languageName } from '../languages.js'
import { createEngineRouter, type EngineRouter, type EngineRouterOptions, type EngineStatus } from './engine-router.js'
import type { Translator, TranslatorId } from './translator.js'

export interface RoutedTranslation extends Translation {
  /** The engine that translated the segment (`none` when source and target are the same). */
  engine: TranslatorId | 'none'
}

export interface RoutedEngineOptions extends EngineRouterOptions {
  /** Translations kept in an LRU (keyed by direction and segment): a repeated string costs no second vendor call. 0 disables it. Default: 10000 */
  cacheSize?: number
  /** Below this local confidence, an engine's own detection is asked (where one is configured). Default: 0.5 */
  detectConfidence?: number
}

export interface RoutedEngine extends Engine {
  /** Reads every engine's languages; call once before serving (failures are recorded, the engine is retried later). */
  start(): Promise<void>
  translate(segments: readonly Segment[], pair: { source: string; target: string }, options?: { signal?: AbortSignal; context?: ReadonlyArray<string | undefined> }): Promise<RoutedTranslation[]>
  translateSettled(
    segments: readonly Segment[],
    pair: { source: string; target: string },
    options?: { signal?: AbortSignal; context?: ReadonlyArray<string | undefined> },
  ): Promise<Array<RoutedTranslation | { error: EngineError }>>
  /** detect(), then an engine's own detection when the local answer is unsure. */
  detectAsync(text: string, options?: { signal?: AbortSignal }): Promise<{ language: string; confidence: number; engine?: TranslatorId | 'local' }>
  /** Each configured engine: order, languages, circuit state, last error (no secrets). */
  engines(): EngineStatus[]
  /** The engines that would serve a direction, first serves. */
  enginesFor(source: string, target: string): TranslatorId[]
  /** The canonical code of a caller's code in a role, or null when no engine reads (source) or writes (target) it. */
  canonicalCode(code: string, role: 'source' | 'target'): string | null
  /** Languages some engine reaches from `source`, sorted by name. */
  reachableTargets(source: string): Array<{ code: string; name: string }>
  /** Languages some engine translates into `target`, sorted by name. */
  reachableSources(target: string): Array<{ code: string; name: string }>
  /** Every served direction, with the engines that serve it in order and its route. */
  pairs(): RoutedPair[]
  /** One direction's route and engines (codes as callers give them, answered canonical), or null. */
  route(source: string, target: string): RoutedPair | null
  readonly router: EngineRouter
}

export interface RoutedPair {
  source: string
  target: string
  /** Languages passed through: `[source, target]` for a remote engine, Apertium's pivot route when it serves first. */
  route: string[]
  /** Apertium modes of each hop when Apertium serves first, else []. */
  modes: string[]
  /** Engines that serve it, first serves. */
  engines: TranslatorId[]
}


export function createRoutedEngine(translators: readonly Translator[], options: RoutedEngineOptions = {}): RoutedEngine {
  const router = createEngineRouter(translators, options)
  const cache = createLru<RoutedTranslation>(options.cacheSize ?? 10_000)
  const threshold = options.detectConfidence ?? 0.5
  const apertium = translators.find((t): t is ApertiumTranslator => t.id === 'apertium' && 'engine' in t)
  let cacheHits = 0
  let cacheMisses = 0
  let closed = false
  let detector: { key: string; detector: Detector } | undefined

  function codes(): string[] {
    return [...new Set([...router.sources(), ...router.targets()])]
  }

  function languages() {
    return codes()
      .map((code) => ({ code, name: languageName(code) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code))
  }

  function localDetector(): Detector {
    const list = codes().sort()
    const key = list.join(',')
    if (detector?.key !== key) detector = { key, detector: createDetector(list) }
    return detector.detector
  }

  function prepare(segments: readonly Segment[], pair: { source: string; target: string }) {
    if (closed) throw new EngineError('ENGINE_CLOSED', 'The engine is closed')
    if (!Array.isArray(segments)) throw new EngineError('ENGINE_INVALID_INPUT', 'segments must be an array')
    if (String(pair?.source ?? '').trim().toLowerCase() === 'auto') {
      throw new EngineError('ENGINE_INVALID_INPUT', "source 'auto' must be detected by the caller (engine.detect) before translating")
    }
    const source = canonicalCode(String(pair?.source ?? ''))
    const target = canonicalCode(String(pair?.target ?? ''))
    const known = new Set(codes())
    for (const code of [source, target]) {
      if (!known.has(code) && !known.has(code.split('-')[0]!)) {
        throw new EngineError('ENGINE_UNSUPPORTED_LANGUAGE', `Unsupported language "${code}"; supported: ${[...known].sort().join(', ')}`)
      }
    }
    if (source !== target && !router.supports({ source, target })) {
      throw new EngineError('ENGINE_UNSUPPORTED_PAIR', `No configured engine translates ${source} → ${target}`)
    }
    return { source, target }
  }

  async function settle(
    segments: readonly Segment[],
    pair: { source: string; target: string },
    opts: { signal?: AbortSignal; context?: ReadonlyArray<string | undefined> },
  ): Promise<Array<RoutedTranslation | { error: EngineError }>> {
    const p = prepare(segments, pair)
    const keys = segments.map((s, i) => `${p.source}>${p.target}\u0000${opts.context?.[i] ?? ''}\u0000${typeof s === 'string' ? s : JSON.stringify(s)}`)
    const results: Array<RoutedTranslation | { error: EngineError } | undefined> = keys.map((key) => {
      const hit = cache.get(key)
      if (hit) cacheHits++
      else cacheMisses++
      return hit ? { ...hit, unknownWords: [...hit.unknownWords], route: [...hit.route] } : undefined
    })
    const missing = results.flatMap((r, i) => (r === undefined ? [i] : []))
    if (missing.length > 0) {
      const routed = await router.translate(
        missing.map((i) => segments[i]!),
        p,
        { ...(opts.signal ? { signal: opts.signal } : {}), ...(opts.context ? { context: missing.map((i) => opts.context![i]) } : {}) },
      )
      missing.forEach((index, k) => {
        const result = routed[k]!
        if ('error' in result) {
          results[index] = result
          return
        }
        const translation: RoutedTranslation = { segment: result.segment, unknownWords: result.unknownWords ?? [], route: result.route ?? [p.source, p.target], engine: result.engine }
        if (result.engine !== 'none') cache.set(keys[index]!, { ...translation, unknownWords: [...translation.unknownWords], route: [...translation.route] })
        results[index] = translation
      })
    }
    return results as Array<RoutedTranslation | { error: EngineError }>
  }

  const byName = (a: { code: string; name: string }, b: { code: string; name: string }) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code)
  const named = (list: string[]) => list.map((code) => ({ code, name: languageName(code) })).sort(byName)

  function canonicalIn(code: string, role: 'source' | 'target'): string | null {
    const c = canonicalCode(String(code ?? ''))
    const list = role === 'source' ? router.sources() : router.targets()
    if (list.includes(c)) return c
    const base = c.split('-')[0]!
    return role === 'source' && list.includes(base) ? base : null
  }

  const engine: RoutedEngine = {
    router,
    canonicalCode: canonicalIn,

    reachableTargets(source) {
      const s = canonicalIn(source, 'source')
      return s ? named(router.targets().filter((t) => t !== s && router.supports({ source: s, target: t }))) : []
    },

    reachableSources(target) {
      const t = canonicalIn(target, 'target')
      return t ? named(router.sources().filter((s) => s !== t && router.supports({ source: s, target: t }))) : []
    },

    route(source, target) {
      const s = canonicalIn(source, 'source')
      const t = canonicalIn(target, 'target')
      if (!s || !t || s === t) return null
      const engines = router.enginesFor({ source: s, target: t })
      if (engines.length === 0) return null
      const viaApertium = engines[0] === 'apertium' ? apertium?.engine.route(s, t) : null
      return { source: s, target: t, route: viaApertium?.route ?? [s, t], modes: viaApertium?.modes ?? [], engines }
    },

    pairs() {
      const apertiumPairs = new Map<string, { route: string[]; modes: string[] }>()
      const inner = apertium?.engine as (Engine & { pairs?: () => Array<{ source: string; target: string; route: string[]; modes: string[] }> }) | undefined
      for (const p of inner?.pairs?.() ?? []) apertiumPairs.set(`${p.source}>${p.target}`, { route: p.route, modes: p.modes })
      const out: RoutedPair[] = []
      for (const source of router.sources()) {
        for (const target of router.targets()) {
          if (source === target) continue
          const engines = router.enginesFor({ source, target })
          if (engines.length === 0) continue
          const viaApertium = engines[0] === 'apertium' ? apertiumPairs.get(`${source}>${target}`) : undefined
          out.push({ source, target, route: viaApertium?.route ?? [source, target], modes: viaApertium?.modes ?? [], engines })
        }
      }
      return out
    },
    start: () => router.start(),
    languages,

    supports(source, target) {
      try {
        const s = canonicalCode(source)
        const t = canonicalCode(target)
        return s === t ? codes().includes(s) : router.supports({ source: s, target: t })
      } catch {
        return false
      }
    },

    detect(text) {
      if (typeof text !== 'string' || text.trim() === '') throw new EngineError('ENGINE_INVALID_INPUT', 'Language detection needs a non-empty text')
      if (codes().length === 0) throw new EngineError('ENGINE_UNAVAILABLE', 'No engine lists any language yet')
      return localDetector().detect(text)
    },

    prepareDetection: () => localDetector().prepare(),

    async detectAsync(text, opts = {}) {
      await localDetector().prepare()
      const local = engine.detect(text)
      if (local.confidence >= threshold && local.language !== 'und') return { ...local, engine: 'local' }
      const remote = await router.detect(text, opts)
      if (remote && (codes().includes(remote.language) || codes().includes(remote.language.split('-')[0]!))) {
        return { language: remote.language, confidence: remote.confidence, engine: remote.engine }
      }
      return { ...local, engine: 'local' }
    },

    async translate(segments, pair, opts = {}) {
      const settled = await settle(segments, pair, opts)
      const failed = settled.find((r): r is { error: EngineError } => 'error' in r)
      if (failed) throw failed.error
      return settled as RoutedTranslation[]
    },

    translateSettled: (segments, pair, opts = {}) => settle(segments, pair, opts),

    async health() {
      if (closed) return { ok: false, detail: 'engine closed' }
      const status = router.status()
      const remote = status.filter((s) => s.id !== 'apertium')
      const remoteUp = remote.filter((s) => s.healthy)
      const parts: string[] = []
      let apertiumOk = false
      if (apertium) {
        const probe = await apertium.engine.health()
        apertiumOk = probe.ok
        if (!probe.ok) parts.push(`apertium: ${probe.detail ?? 'down'}`)
      }
      for (const s of remote.filter((r) => !r.healthy)) parts.push(`${s.id}: ${s.circuit}${s.lastError ? ` (${s.lastError.code})` : s.languagesKnown ? '' : ' (languages not read)'}`)
      const ok = apertiumOk || remoteUp.length > 0
      return parts.length > 0 ? { ok, detail: parts.join('; ') } : { ok }
    },

    engines: () => router.status(),
    enginesFor: (source, target) => router.enginesFor({ source, target }),

    revision(source, target) {
      const s = canonicalIn(source, 'source')
      const t = canonicalIn(target, 'target')
      if (!s || !t || s === t) return null
      const first = router.enginesFor({ source: s, target: t })[0]
      return translators.find((translator) => translator.id === first)?.revision?.({ source: s, target: t }) ?? null
    },

    stats() {
      const inner = apertium?.engine.stats()
      return {
        cacheHits, cacheMisses, cacheSize: cache.size,
        pipelines: inner?.pipelines ?? [], maxPipelines: inner?.maxPipelines ?? 0,
        flushes: inner?.flushes ?? { count: 0, texts: 0 }, pipelineStarts: inner?.pipelineStarts ?? 0,
      }
    },

    async close() {
      closed = true
      await router.close()
    },
  }
  return engine
}
