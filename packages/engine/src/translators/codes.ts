/**
 * Public language codes (BCP 47, one spelling per language) and the vendor spellings each
 * translator maps them to. Public Chinese is `zh-CN` (simplified) and `zh-TW` (traditional),
 * as Google spells them; `zh-Hans`/`zh-Hant` read as those. A translator keeps a map from
 * public code to its vendor code, built from the list the vendor gave, so a vendor that
 * renames a code needs no change here.
 */

import { normalizeCode } from '../languages.js'

/** Codes that mean the same as a public code: deprecated ISO codes, script subtags for Chinese. */
const ALIASES: Record<string, string> = {
  'zh-hans': 'zh-CN',
  'zh-hant': 'zh-TW',
  'zh-sg': 'zh-CN',
  'zh-hk': 'zh-TW',
  'zh-mo': 'zh-TW',
  'zh-hans-cn': 'zh-CN',
  'zh-hant-tw': 'zh-TW',
  zt: 'zh-TW', // older LibreTranslate releases spell traditional Chinese `zt`
  iw: 'he',
  in: 'id',
  ji: 'yi',
  jw: 'jv',
  no: 'nb',
  mo: 'ro',
}

/** `EN-gb` → `en-GB`, `zh_hans` → `zh-CN`, `SR-latn` → `sr-Latn`, `es-419` → `es-419`. */
export function canonicalCode(code: string): string {
  const cleaned = String(code ?? '').trim().replace(/_/g, '-')
  return ALIASES[cleaned.toLowerCase()] ?? normalizeCode(cleaned)
}

/** The language subtag: `pt-BR` → `pt`. */
export function baseCode(code: string): string {
  return canonicalCode(code).split('-')[0]!
}

/** Whether a string looks like a language tag at all (letters, digits, hyphens; 2–3 letter language). */
export function isLanguageTag(code: unknown): code is string {
  return typeof code === 'string' && /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/.test(code.trim())
}

/** DeepL: `EN-GB` → `en-GB`, `ZH-HANS` → `zh-CN`, `ZH` → `zh`, `NB` → `nb`. */
export function fromDeepL(code: string): string {
  return canonicalCode(code)
}

/** LibreTranslate: `zh-Hans` → `zh-CN`, `zt` → `zh-TW`, `pt-BR` → `pt-BR`. */
export function fromLibreTranslate(code: string): string {
  return canonicalCode(code)
}

/** Google: `zh-CN` stays, `iw` → `he`, `jw` → `jv`, `no` → `nb`. */
export function fromGoogle(code: string): string {
  return canonicalCode(code)
}

/**
 * A public code → vendor code lookup built from the vendor's list: exact public code, else
 * the public code's base language (`en-GB` read as `en` by an engine that only knows `en`),
 * else a default variant for a base code (`en` → DeepL `EN-US`).
 */
export interface CodeMap {
  /** Public codes, sorted. */
  readonly codes: string[]
  /** `role: 'target'` never reads traditional Chinese as the generic (simplified) `zh`. */
  vendor(publicCode: string, role?: 'source' | 'target'): string | undefined
  has(publicCode: string, role?: 'source' | 'target'): boolean
}

/** Targets whose base language would be a different written language. */
const NO_BASE_FALLBACK = new Set(['zh-TW'])

export function createCodeMap(vendorCodes: readonly string[], fromVendor: (code: string) => string, defaults: Record<string, string> = {}): CodeMap {
  const byPublic = new Map<string, string>()
  for (const vendor of vendorCodes) {
    const code = fromVendor(vendor)
    if (!byPublic.has(code)) byPublic.set(code, vendor)
  }
  // A base code the vendor only offers as variants (DeepL targets EN-GB/EN-US, no EN).
  for (const [base, variant] of Object.entries(defaults)) {
    const vendor = byPublic.get(variant)
    if (vendor !== undefined && !byPublic.has(base)) byPublic.set(base, vendor)
  }
  const lookup = (publicCode: string, role: 'source' | 'target' = 'source'): string | undefined => {
    const code = canonicalCode(publicCode)
    const exact = byPublic.get(code)
    if (exact !== undefined || (role === 'target' && NO_BASE_FALLBACK.has(code))) return exact
    return byPublic.get(baseCode(code))
  }
  return {
    codes: [...byPublic.keys()].sort(),
    vendor: lookup,
    has: (publicCode, role) => lookup(publicCode, role) !== undefined,
  }
}
