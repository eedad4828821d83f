/**
 * Multi-locale files: a JSON or YAML file whose top-level keys are locale codes (a Jekyll
 * theme's `_data/ui-text.yml` with `en:`, `en-US:`, `es:`, `fr:` …). Only the source locale's
 * section is source text; a translation goes into the target locale's section.
 */

const LOCALE_SHAPE = /^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/

let names: Intl.DisplayNames | undefined
function knownLanguage(code: string): boolean {
  try {
    names ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' })
    return names.of(code.replace(/_/g, '-')) !== undefined
  } catch {
    return false
  }
}

/**
 * True when `keys` name locale sections: at least two keys, every one shaped like a locale
 * code (`en`, `pt-BR`, `zh_TW`), and at least two thirds of them languages CLDR knows (files
 * in the wild have codes such as `gr` for Greek, so not every one has to be known).
 */
export function areLocaleKeys(keys: readonly string[]): boolean {
  if (keys.length < 2 || !keys.every((k) => LOCALE_SHAPE.test(k))) return false
  const known = keys.filter(knownLanguage).length
  return known >= 2 && known * 3 >= keys.length * 2
}

/** `pt_BR`, `pt-br` and `pt-BR` are the same locale. */
export function normalizeLocale(code: string): string {
  return code.replace(/_/g, '-').toLowerCase()
}

/** The section whose code is `language` (case and `_`/`-` ignored), or -1. */
export function findSection(codes: readonly string[], language: string): number {
  const wanted = normalizeLocale(language)
  return codes.findIndex((c) => normalizeLocale(c) === wanted)
}

/**
 * Candidate source sections for `language`, best first: the exact code, then sections of the
 * same base language (`en` for `en-US`, `en-US` for `en`).
 */
export function sourceCandidates(codes: readonly string[], language: string): number[] {
  const wanted = normalizeLocale(language)
  const base = wanted.split('-')[0]!
  const exact = codes.map((c, i) => [normalizeLocale(c), i] as const)
  return [
    ...exact.filter(([c]) => c === wanted).map(([, i]) => i),
    ...exact.filter(([c]) => c === base && c !== wanted).map(([, i]) => i),
    ...exact.filter(([c]) => c.split('-')[0] === base && c !== base && c !== wanted).map(([, i]) => i),
  ]
}
