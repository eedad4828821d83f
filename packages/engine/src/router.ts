/**
 * The router: which chain of installed directions serves a source → target request, and what
 * is reachable from or to a language.
 *
 * Rules (the README's "Routing" section says the same):
 * - Fewest hops, any number of them (breadth-first search over the directions).
 * - Among routes with as many hops, the one whose worst pivot ranks best, then the next
 *   worst, and so on (PIVOT_RANK: es, en, ca, fr, pt, it, gl, then every other language, eo
 *   last), then the pivot codes in alphabetical order, so the choice is stable.
 * - A source code with no direction of its own reads as its parent (`pt-BR` → `pt`,
 *   `sr` → `sh`, `en-GB` → `en`); a target must be produced by a direction as named.
 * - Within one family (a language and its variants: `pt`/`pt-BR`, `sh`/`sr`/`hr`/`bs`)
 *   only a direct direction routes: through another language, Portuguese → Brazilian
 *   Portuguese or Serbian → Croatian would be a round trip through a translation.
 */
import type { Direction } from './apertium/directions.js'
import { aliasOf, familyOf, languageName, normalizeCode, parentCode, type Language } from './languages.js'

/**
 * Pivot preference among routes of equal length. Spanish, English, Catalan and French are the
 * languages of Apertium's largest and most used pairs (Apertium began with es-ca, es-gl,
 * es-pt; en-es, en-ca, fr-es and fr-ca have the biggest dictionaries installed here);
 * Esperanto's pairs were built to produce Esperanto and are thin as a pivot.
 */
export const PIVOT_RANK: readonly string[] = ['es', 'en', 'ca', 'fr', 'pt', 'it', 'gl']
const LAST_PIVOTS: readonly string[] = ['eo']

function rank(code: string): number {
  const i = PIVOT_RANK.indexOf(code)
  if (i >= 0) return i
  const last = LAST_PIVOTS.indexOf(code)
  return last >= 0 ? PIVOT_RANK.length + 1 + last : PIVOT_RANK.length
}

/** A routable direction. */
export interface Route {
  /** The source as asked, in canonical form (`sr`, even when Serbo-Croatian's modes serve it). */
  source: string
  target: string
  /** Languages passed through: `['en', 'es', 'pt']`; `[source]` when nothing is translated. */
  path: string[]
  /** The installed directions used, in order; empty when source and target are one language. */
  hops: Direction[]
}

export interface Router {
  /** Every language that is the source or target of some route, sorted by name. */
  languages(): Language[]
  /**
   * The canonical code a caller's code names, when it can be a source (`EN` → `en`,
   * `pt_br` → `pt-BR`, `eng` → `en`, `pt-PT` → `pt-PT` since `pt` serves it), else null.
   */
  sourceCode(code: string): string | null
  /** The canonical code of a producible target (`NO` → `nb`), else null. */
  targetCode(code: string): string | null
  /** The route, or null when there is none. Codes as callers give them. */
  route(source: string, target: string): Route | null
  /** Targets reachable from `source` (not itself), sorted by name; [] for an unknown code. */
  reachableTargets(source: string): Language[]
  /** Listed languages that reach `target` (not itself), sorted by name; [] for an unknown code. */
  reachableSources(target: string): Language[]
  /** Every routable direction between two listed languages (identity pairs left out). */
  pairs(): Route[]
}

export function createRouter(directions: readonly Direction[]): Router {
  const out = new Map<string, Map<string, Direction>>()
  const producible = new Set<string>()
  for (const d of directions) {
    if (!out.has(d.source)) out.set(d.source, new Map())
    out.get(d.source)!.set(d.target, d)
    producible.add(d.target)
  }
  const byName = (a: Language, b: Language) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code)
  const listed = new Map<string, Language>()
  for (const code of [...out.keys(), ...producible]) listed.set(code, { code, name: languageName(code) })
  const languages = [...listed.values()].sort(byName)
  const lowerCased = new Map(languages.map((l) => [l.code.toLowerCase(), l.code]))

  /** A caller's code in canonical form, aliases applied when they name a known language. */
  function canonical(code: string): string {
    const normal = normalizeCode(code)
    const known = lowerCased.get(normal.toLowerCase())
    if (known) return known
    const aliased = aliasOf(normal)
    return aliased !== null && (listed.has(aliased) || sourceNode(aliased) !== null) ? aliased : normal
  }

  /** The node whose directions a source uses: itself, else the nearest parent with directions. */
  function sourceNode(code: string): string | null {
    for (let current: string | null = code; current !== null; current = parentCode(current)) {
      if (out.has(current)) return current
    }
    return null
  }

  /** Best route from a node to every node it reaches: breadth-first, ties by pivot rank. */
  const trees = new Map<string, Map<string, Direction[]>>()
  function treeFrom(start: string): Map<string, Direction[]> {
    const cached = trees.get(start)
    if (cached) return cached
    const best = new Map<string, Direction[]>([[start, []]])
    let layer = [start]
    while (layer.length > 0) {
      const candidates = new Map<string, Direction[]>()
      for (const node of layer) {
        for (const [next, direction] of out.get(node) ?? []) {
          if (best.has(next)) continue
          const hops = [...best.get(node)!, direction]
          const current = candidates.get(next)
          if (!current || comparePivots(hops, current) < 0) candidates.set(next, hops)
        }
      }
      for (const [node, hops] of candidates) best.set(node, hops)
      layer = [...candidates.keys()]
    }
    trees.set(start, best)
    return best
  }

  function routeCanonical(source: string, target: string): Route | null {
    const from = sourceNode(source)
    if (from === null || !producible.has(target) && from !== target) return null
    if (from === target || source === target) return { source, target, path: [source], hops: [] }
    const hops = treeFrom(from).get(target)
    if (!hops) return null
    // Within a family only a direct direction counts (see the rules at the top).
    if (familyOf(source) === familyOf(target) && hops.length > 1) return null
    return { source, target, path: [source, ...hops.map((h) => h.target)], hops }
  }

  function sourceCode(code: string): string | null {
    const c = canonical(code)
    return c !== '' && sourceNode(c) !== null ? c : null
  }
  function targetCode(code: string): string | null {
    const c = canonical(code)
    return producible.has(c) ? c : null
  }

  let allPairs: Route[] | undefined

  return {
    languages: () => languages.map((l) => ({ ...l })),
    sourceCode,
    targetCode,
    route(source, target) {
      const s = sourceCode(source)
      const t = canonical(target)
      return s === null || t === '' ? null : routeCanonical(s, t)
    },
    reachableTargets(source) {
      const s = sourceCode(source)
      if (s === null) return []
      return languages.filter((l) => l.code !== s && (routeCanonical(s, l.code)?.hops.length ?? 0) > 0).map((l) => ({ ...l }))
    },
    reachableSources(target) {
      const t = targetCode(target)
      if (t === null) return []
      return languages.filter((l) => l.code !== t && (routeCanonical(l.code, t)?.hops.length ?? 0) > 0).map((l) => ({ ...l }))
    },
    pairs() {
      allPairs ??= languages.flatMap((s) =>
        languages.flatMap((t) => {
          const route = s.code === t.code ? null : routeCanonical(s.code, t.code)
          return route && route.hops.length > 0 ? [route] : []
        }),
      )
      return allPairs.map((r) => ({ ...r, path: [...r.path], hops: [...r.hops] }))
    },
  }
}

/**
 * Orders two routes of equal length: the worst pivot first (lower rank is better), then the
 * next worst…, then the pivots in route order by rank and code.
 */
function comparePivots(a: readonly Direction[], b: readonly Direction[]): number {
  const pivotsA = a.slice(0, -1).map((d) => d.target)
  const pivotsB = b.slice(0, -1).map((d) => d.target)
  const worstFirst = (codes: string[]) => codes.map(rank).sort((x, y) => y - x)
  const ra = worstFirst(pivotsA)
  const rb = worstFirst(pivotsB)
  for (let i = 0; i < Math.min(ra.length, rb.length); i++) if (ra[i] !== rb[i]) return ra[i]! - rb[i]!
  for (let i = 0; i < Math.min(pivotsA.length, pivotsB.length); i++) {
    const byRank = rank(pivotsA[i]!) - rank(pivotsB[i]!)
    if (byRank !== 0) return byRank
    const byCode = pivotsA[i]!.localeCompare(pivotsB[i]!)
    if (byCode !== 0) return byCode
  }
  return pivotsA.length - pivotsB.length
}
