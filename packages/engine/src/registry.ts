/**
 * The language registry: which directions the installed Apertium modes translate, under
 * public codes (ISO 639-1 / BCP 47: `en`, `pt-BR`), with English names, and routes through
 * at most one pivot language for the directions that are not direct pairs.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/** Apertium's ISO 639-3 names → public ISO 639-1 codes (Apertium also uses some 639-1). */
const ISO3_TO_1: Record<string, string> = {
  afr: 'af', ara: 'ar', arg: 'an', ast: 'ast', bel: 'be', ben: 'bn', bre: 'br', bul: 'bg', cat: 'ca',
  ces: 'cs', cym: 'cy', dan: 'da', deu: 'de', ell: 'el', eng: 'en', epo: 'eo', est: 'et', eus: 'eu',
  fao: 'fo', fin: 'fi', fra: 'fr', gle: 'ga', glg: 'gl', heb: 'he', hin: 'hi', hrv: 'hr', hun: 'hu',
  ind: 'id', isl: 'is', ita: 'it', kaz: 'kk', kir: 'ky', lav: 'lv', lit: 'lt', mkd: 'mk', mlt: 'mt',
  nld: 'nl', nno: 'nn', nob: 'nb', oci: 'oc', pol: 'pl', por: 'pt', ron: 'ro', rus: 'ru', slk: 'sk',
  slv: 'sl', spa: 'es', sqi: 'sq', srd: 'sc', swe: 'sv', tat: 'tt', tur: 'tr', ukr: 'uk', urd: 'ur',
  zlm: 'ms', hbs: 'sh',
}

/** Pivot preference when several two-hop routes exist. */
const PIVOT_PREFERENCE = ['es', 'en']

/** A language the engine can translate from or to. */
export interface Language {
  code: string
  name: string
}

export interface Direction {
  source: string
  target: string
  /** Apertium mode name, e.g. `eng-spa` or `es-pt_BR`. */
  mode: string
}

/**
 * Public code of an Apertium language name: `spa` → `es`, `pt_BR` → `pt-BR`. Variants that
 * are not regions (`cat_valencia`) give null: they are left out.
 */
export function publicCode(apertiumName: string): string | null {
  const [lang, variant, ...rest] = apertiumName.split('_')
  if (!lang || rest.length > 0 || !/^[a-z]{2,3}$/.test(lang)) return null
  const base = ISO3_TO_1[lang] ?? lang
  if (variant === undefined) return base
  return /^[A-Z]{2}$/.test(variant) ? `${base}-${variant}` : null
}

/** Canonical form of a caller's code: `PT_br` → `pt-BR`, `EN` → `en`. */
export function normalizeCode(code: string): string {
  const [lang = '', region, ...rest] = code.trim().replace(/_/g, '-').split('-')
  if (rest.length > 0) return code.trim()
  return region === undefined ? lang.toLowerCase() : `${lang.toLowerCase()}-${region.toUpperCase()}`
}

let displayNames: Intl.DisplayNames | undefined
export function languageName(code: string): string {
  try {
    displayNames ??= new Intl.DisplayNames(['en'], { type: 'language' })
    return displayNames.of(code) ?? code
  } catch {
    return code
  }
}

/** The installed directions, read from the mode file names of `modesDir`. */
export function discoverDirections(modesDir: string): Direction[] {
  let files: string[]
  try {
    files = readdirSync(modesDir)
  } catch {
    return []
  }
  const directions: Direction[] = []
  const seen = new Set<string>()
  for (const file of files.sort()) {
    const match = /^([a-z]{2,3}(?:_[A-Za-z]+)?)-([a-z]{2,3}(?:_[A-Za-z]+)?)\.mode$/.exec(file)
    if (!match) continue
    const source = publicCode(match[1]!)
    const target = publicCode(match[2]!)
    if (!source || !target || source === target) continue
    const key = `${source}>${target}`
    if (seen.has(key)) continue
    seen.add(key)
    directions.push({ source, target, mode: join(modesDir, file) })
  }
  return directions
}

export interface Registry {
  languages(): Language[]
  /** Whether a code (normalised) is one the engine translates from or to. */
  knows(code: string): boolean
  /** Hops of the shortest route (at most two), or null. */
  route(source: string, target: string): Direction[] | null
}

export function createRegistry(directions: readonly Direction[]): Registry {
  const edges = new Map<string, Map<string, Direction>>()
  const codes = new Set<string>()
  for (const d of directions) {
    codes.add(d.source)
    codes.add(d.target)
    if (!edges.has(d.source)) edges.set(d.source, new Map())
    edges.get(d.source)!.set(d.target, d)
  }
  const languages = [...codes]
    .map((code) => ({ code, name: languageName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code))

  // A regional source variant with no pair of its own reads as its base language.
  const sourceNode = (code: string) => (edges.has(code) ? code : code.split('-')[0]!)

  function route(source: string, target: string): Direction[] | null {
    const from = sourceNode(source)
    const out = edges.get(from)
    if (!out) return null
    const direct = out.get(target)
    if (direct) return [direct]
    const pivots = [...out.keys()]
      .filter((p) => p !== target && edges.get(sourceNode(p))?.has(target))
      .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    const pivot = pivots[0]
    if (pivot === undefined) return null
    return [out.get(pivot)!, edges.get(sourceNode(pivot))!.get(target)!]
  }

  return {
    languages: () => languages.map((l) => ({ ...l })),
    knows: (code) => codes.has(code),
    route,
  }
}

function rank(code: string): number {
  const i = PIVOT_PREFERENCE.indexOf(code)
  return i < 0 ? PIVOT_PREFERENCE.length : i
}
