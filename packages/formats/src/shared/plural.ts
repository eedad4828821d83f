import { FormatError, type PluralCategory, type PluralForms, type Translation } from '../types.js'

export const PLURAL_CATEGORIES: readonly PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other']
const CATEGORY_SET = new Set<string>(PLURAL_CATEGORIES)

export function isPluralCategory(key: string): key is PluralCategory {
  return CATEGORY_SET.has(key)
}

/**
 * A map is a plural map (Rails/i18next nested style) when it has `other`, at least one more key,
 * and every key is a CLDR category.
 */
export function isPluralKeySet(keys: readonly string[]): boolean {
  if (keys.length < 2 || !keys.includes('other')) return false
  return keys.every((k) => CATEGORY_SET.has(k))
}

/** The categories of a language, in CLDR order; throws FormatError for a malformed language tag. */
export function categoriesOf(language: string): PluralCategory[] {
  let cats: string[]
  try {
    cats = new Intl.PluralRules(language).resolvedOptions().pluralCategories
  } catch (cause) {
    throw new FormatError('FORMAT_UNSUPPORTED', `invalid target language tag: ${language}`, { cause })
  }
  return PLURAL_CATEGORIES.filter((c) => cats.includes(c))
}

/**
 * The forms to write for a plural entry: with a target language, its categories (a missing
 * form falls back to the translation's `other`, then the source's own form), plus `zero` when the
 * source has one and the target's rules do not (an explicit key for a count of 0, as Rails and
 * i18next read it in every language); without a target, the source's categories plus any others
 * the translation names. A string translation fills every form.
 */
export function resolvePluralForms(
  source: PluralForms,
  translation: Translation,
  targetLanguage: string | undefined,
): Array<[PluralCategory, string]> {
  const given: PluralForms = typeof translation === 'string' ? {} : translation
  const fill = typeof translation === 'string' ? translation : undefined
  let cats = targetLanguage !== undefined
    ? categoriesOf(targetLanguage)
    : PLURAL_CATEGORIES.filter((c) => c in source || c in given)
  if (source.zero !== undefined && !cats.includes('zero')) cats = ['zero', ...cats]
  return cats.map((c) => [c, given[c] ?? fill ?? given.other ?? source[c] ?? source.other ?? ''])
}
