/**
 * Public language codes: BCP 47 in its canonical casing (`en`, `pt-BR`, `ca-valencia`,
 * `zh-Hant-TW`), English names, and the relations the router needs between codes: which code
 * a variant falls back to as a source, and which codes are one language family.
 */

/** A language the engine can translate from or to. */
export interface Language {
  code: string
  name: string
}

/**
 * Canonical BCP 47 casing of a caller's code, with `_` read as `-`: `PT_br` → `pt-BR`,
 * `EN` → `en`, `zh_hant_tw` → `zh-Hant-TW`, `CA-VALENCIA` → `ca-valencia`. Language and
 * variants lowercase, a 4-letter script title-case, a 2-letter or 3-digit region uppercase.
 * Returns '' for a blank code; does not check that the subtags exist.
 */
export function normalizeCode(code: string): string {
  const key = String(code)
  let normal = normalizedCodes.get(key)
  if (normal === undefined) {
    normal = normalizeUncached(key)
    // callers pass user input: remember a bounded number of spellings (the same few on every request)
    if (normalizedCodes.size < 1024) normalizedCodes.set(key, normal)
  }
  return normal
}
const normalizedCodes = new Map<string, string>()

function normalizeUncached(code: string): string {
  const subtags = code.trim().replace(/_/g, '-').split('-')
  if (subtags.some((subtag) => subtag === '')) return subtags.join('-').toLowerCase()
  return subtags
    .map((subtag, index) => {
      const lower = subtag.toLowerCase()
      if (index === 0) return lower
      if (/^[a-z]{4}$/.test(lower) && index === 1) return lower[0]!.toUpperCase() + lower.slice(1)
      if (/^([a-z]{2}|[0-9]{3})$/.test(lower)) return lower.toUpperCase()
      return lower
    })
    .join('-')
}

/** ISO 639-3 (the names Apertium uses) → ISO 639-1, for the languages that have a 639-1 code. */
export const ISO_639_3_TO_1: Readonly<Record<string, string>> = {
  afr: 'af', ara: 'ar', arg: 'an', bel: 'be', ben: 'bn', bre: 'br', bul: 'bg', cat: 'ca', ces: 'cs',
  cym: 'cy', dan: 'da', deu: 'de', ell: 'el', eng: 'en', epo: 'eo', est: 'et', eus: 'eu', fao: 'fo',
  fin: 'fi', fra: 'fr', gle: 'ga', glg: 'gl', hbs: 'sh', heb: 'he', hin: 'hi', hrv: 'hr', hun: 'hu',
  ind: 'id', isl: 'is', ita: 'it', kaz: 'kk', kir: 'ky', lav: 'lv', lit: 'lt', mkd: 'mk', mlt: 'mt',
  nld: 'nl', nno: 'nn', nob: 'nb', nor: 'no', oci: 'oc', pol: 'pl', por: 'pt', ron: 'ro', rus: 'ru',
  slk: 'sk', slv: 'sl', spa: 'es', sqi: 'sq', srd: 'sc', swe: 'sv', tat: 'tt', tur: 'tr', ukr: 'uk',
  urd: 'ur', zlm: 'ms', msa: 'ms', srp: 'sr', bos: 'bs',
}

/**
 * Other codes a caller may use for a listed language: deprecated codes, `no` (Norwegian, the
 * macrolanguage) read as Bokmål, the written standard of most Norwegians, and the ISO 639-3
 * names Apertium uses (`eng` → `en`). Applied to the first subtag: `por-BR` → `pt-BR`.
 */
export function aliasOf(code: string): string | null {
  const [first = '', ...rest] = code.split('-')
  const aliased = ALIASES[first] ?? ISO_639_3_TO_1[first]
  if (aliased === undefined) return null
  const base = ALIASES[aliased] ?? aliased
  return [base, ...rest].join('-')
}

const ALIASES: Readonly<Record<string, string>> = { no: 'nb', in: 'id', iw: 'he', ji: 'yi', mo: 'ro' }

/**
 * The code a variant reads as when it has no direction of its own as a source: the code
 * without its last subtag (`pt-BR` → `pt`, `ca-valencia` → `ca`, `sr-Latn` → `sr`), or the
 * macrolanguage of Serbian, Croatian and Bosnian, Serbo-Croatian (`sr`, `hr`, `bs` → `sh`),
 * which is how Apertium names the language it analyses for all three. null at the root.
 */
export function parentCode(code: string): string | null {
  const subtags = code.split('-')
  if (subtags.length > 1) return subtags.slice(0, -1).join('-')
  return MACROLANGUAGE[code] ?? null
}

const MACROLANGUAGE: Readonly<Record<string, string>> = { sr: 'sh', hr: 'sh', bs: 'sh' }

/** The root of a code's parent chain: `pt-BR` → `pt`, `sr` → `sh`, `en` → `en`. */
export function familyOf(code: string): string {
  let current = code
  for (let parent = parentCode(current); parent !== null; parent = parentCode(current)) current = parent
  return current
}

/**
 * Names where ICU's English name is wrong for what Apertium produces, not unique, or not what
 * users look for (ICU calls `zh-CN` "Chinese (China)").
 */
const NAMES: Readonly<Record<string, string>> = {
  zh: 'Chinese',
  'zh-CN': 'Chinese (Simplified)',
  'zh-TW': 'Chinese (Traditional)',
  // ICU reads `sh` as "Serbian (Latin)"; Apertium's hbs is the common Serbo-Croatian norm.
  sh: 'Serbo-Croatian',
  'oc-aranes': 'Occitan (Aranese)',
  'oc-gascon': 'Occitan (Gascon)',
}

let displayNames: Intl.DisplayNames | undefined

/** English name of a code: `es` → `Spanish`, `pt-BR` → `Brazilian Portuguese`; the code itself when unknown. */
export function languageName(code: string): string {
  const fixed = NAMES[code]
  if (fixed) return fixed
  try {
    displayNames ??= new Intl.DisplayNames(['en'], { type: 'language' })
    return displayNames.of(code) ?? code
  } catch {
    // Intl throws RangeError for a structurally invalid tag: the code is its own best name.
    return code
  }
}
