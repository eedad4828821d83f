/**
 * Plural categories of languages (CLDR, through `Intl.PluralRules`), their gettext
 * `Plural-Forms` formulas, and which source form feeds each target category.
 */
import type { PluralCategory, PluralForms } from '../types.js'

const CLDR_ORDER: readonly PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other']

export interface GettextPluralForms {
  nplurals: number
  /** The C expression after `plural=` (without the trailing `;`). */
  formula: string
  /** msgstr index → CLDR category. */
  categories: PluralCategory[]
}

function canonical(lang: string): string {
  return lang.trim().replace(/_/g, '-').toLowerCase()
}

function safeLocale(lang: string): string {
  try {
    return Intl.getCanonicalLocales(lang.replace(/_/g, '-'))[0] ?? 'en'
  } catch {
    return 'en'
  }
}

/** CLDR cardinal categories of `lang` in CLDR order (zero, one, two, few, many, other). */
export function pluralCategories(lang: string, type: 'cardinal' | 'ordinal' = 'cardinal'): PluralCategory[] {
  const found = new Set<string>(new Intl.PluralRules(safeLocale(lang), { type }).resolvedOptions().pluralCategories)
  return CLDR_ORDER.filter((c) => found.has(c))
}

const ONE_OTHER: GettextPluralForms = { nplurals: 2, formula: '(n != 1)', categories: ['one', 'other'] }
const GT_ONE: GettextPluralForms = { nplurals: 2, formula: '(n > 1)', categories: ['one', 'other'] }
const ONLY_OTHER: GettextPluralForms = { nplurals: 1, formula: '0', categories: ['other'] }
const EAST_SLAVIC_MANY: GettextPluralForms = {
  nplurals: 3,
  formula: '(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)',
  categories: ['one', 'few', 'many'],
}
const SOUTH_SLAVIC: GettextPluralForms = { ...EAST_SLAVIC_MANY, categories: ['one', 'few', 'other'] }

/** gettext's standard Plural-Forms (as in the gettext manual and Launchpad/GNOME tables). */
const GETTEXT: Record<string, GettextPluralForms> = {
  ja: ONLY_OTHER, zh: ONLY_OTHER, ko: ONLY_OTHER, vi: ONLY_OTHER, th: ONLY_OTHER, id: ONLY_OTHER,
  ms: ONLY_OTHER, lo: ONLY_OTHER, my: ONLY_OTHER, km: ONLY_OTHER, jv: ONLY_OTHER,
  fr: GT_ONE, 'pt-br': GT_ONE, fa: GT_ONE, hy: GT_ONE, fil: GT_ONE, tl: GT_ONE, oc: GT_ONE, ln: GT_ONE, wa: GT_ONE,
  ru: EAST_SLAVIC_MANY, uk: EAST_SLAVIC_MANY, be: EAST_SLAVIC_MANY,
  sr: SOUTH_SLAVIC, hr: SOUTH_SLAVIC, bs: SOUTH_SLAVIC,
  pl: {
    nplurals: 3,
    formula: '(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)',
    categories: ['one', 'few', 'many'],
  },
  cs: { nplurals: 3, formula: '(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2', categories: ['one', 'few', 'other'] },
  sk: { nplurals: 3, formula: '(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2', categories: ['one', 'few', 'other'] },
  ro: {
    nplurals: 3,
    formula: '(n==1 ? 0 : (n==0 || (n%100>0 && n%100<20)) ? 1 : 2)',
    categories: ['one', 'few', 'other'],
  },
  lt: {
    nplurals: 3,
    formula: '(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2)',
    categories: ['one', 'few', 'other'],
  },
  lv: { nplurals: 3, formula: '(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2)', categories: ['one', 'other', 'zero'] },
  sl: {
    nplurals: 4,
    formula: '(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3)',
    categories: ['one', 'two', 'few', 'other'],
  },
  ga: {
    nplurals: 5,
    formula: '(n==1 ? 0 : n==2 ? 1 : (n>2 && n<7) ? 2 : (n>6 && n<11) ? 3 : 4)',
    categories: ['one', 'two', 'few', 'many', 'other'],
  },
  ar: {
    nplurals: 6,
    formula: '(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5)',
    categories: ['zero', 'one', 'two', 'few', 'many', 'other'],
  },
  mk: { nplurals: 2, formula: '(n==1 || n%10==1 ? 0 : 1)', categories: ['one', 'other'] },
  is: { nplurals: 2, formula: '(n%10!=1 || n%100==11)', categories: ['one', 'other'] },
}

/**
 * gettext Plural-Forms for `lang` (`pt-BR` before `pt`). Languages outside the table get
 * `nplurals=1; plural=0` when CLDR knows only `other`, else `nplurals=2; plural=(n != 1)`.
 */
export function gettextPluralForms(lang: string): GettextPluralForms {
  const full = canonical(lang)
  const base = full.split('-')[0] ?? full
  const known = GETTEXT[full] ?? GETTEXT[base]
  if (known) return { ...known, categories: [...known.categories] }
  const cats = pluralCategories(lang)
  if (cats.length === 1) return { ...ONLY_OTHER, categories: ['other'] }
  return { ...ONE_OTHER, categories: ['one', 'other'] }
}

/**
 * Qt Linguist's numerus forms for a language, in Qt's order, named by the CLDR category each
 * holds (qttools' `numerus.cpp`: lupdate makes that many `<numerusform>`s and `QTranslator`
 * picks among them by Qt's own rules, not CLDR's). Serbian, Croatian, Bosnian, Russian,
 * Ukrainian, Belarusian and Polish have three (one, few, many), Romanian three, Slovenian four,
 * Macedonian three (its second is Qt's n%10 == 2 form, named `two` here), Indonesian and Malay
 * one; English-style and French-style languages two (one, other). A language Qt's table lacks
 * gets its CLDR categories' count the same way: one form when CLDR knows only `other`, else two.
 */
const QT_NUMERUS: Record<string, PluralCategory[]> = {
  ...Object.fromEntries(['id', 'ms', 'hu', 'ja', 'zh', 'ko', 'vi', 'th', 'fa', 'my', 'jv', 'su', 'bo', 'yo', 'za', 'om', 'hy', 'dz', 'bi', 'fj', 'gn', 'na'].map((l) => [l, ['other']])),
  ...Object.fromEntries(['ru', 'uk', 'be', 'sr', 'hr', 'bs', 'sh', 'pl'].map((l) => [l, ['one', 'few', 'many']])),
  ro: ['one', 'few', 'other'],
  mo: ['one', 'few', 'other'],
  sl: ['one', 'two', 'few', 'other'],
  mk: ['one', 'two', 'other'],
  cs: ['one', 'few', 'other'],
  sk: ['one', 'few', 'other'],
  lt: ['one', 'few', 'other'],
  lv: ['one', 'other', 'zero'],
  ga: ['one', 'two', 'other'],
  gd: ['one', 'two', 'other'],
  mt: ['one', 'few', 'many', 'other'],
  cy: ['zero', 'one', 'two', 'few', 'other'],
  ar: ['zero', 'one', 'two', 'few', 'many', 'other'],
}

export function qtNumerusCategories(lang: string): PluralCategory[] {
  const base = canonical(lang).split('-')[0] ?? lang
  const known = QT_NUMERUS[base]
  if (known) return [...known]
  return pluralCategories(lang).length === 1 ? ['other'] : ['one', 'other']
}

/** The `Plural-Forms:` header value for `lang`, e.g. `nplurals=2; plural=(n > 1);`. */
export function pluralFormsHeader(lang: string): string {
  const g = gettextPluralForms(lang)
  return `nplurals=${g.nplurals}; plural=${g.formula};`
}

/**
 * Which source form feeds each of the target language's categories: the same category
 * when the source has it, else `other` (else the source's first form). Keys are the
 * target's CLDR categories, plus `zero` when the source has a `zero` form: Rails and
 * i18next use an explicit `zero` for a count of 0 in every language, so it is translated
 * and kept beside the target's categories (the JSON and YAML codecs write it; PO and
 * Android, whose forms follow the target's rules, leave it out).
 */
export function mapPluralForms(
  source: PluralForms,
  sourceLang: string,
  targetLang: string,
): Record<PluralCategory, keyof PluralForms> {
  void sourceLang
  const available = CLDR_ORDER.filter((c) => source[c] !== undefined)
  const fallback: PluralCategory = source.other !== undefined ? 'other' : (available[0] ?? 'other')
  const result: Partial<Record<PluralCategory, PluralCategory>> = {}
  const targetCategories = pluralCategories(targetLang)
  for (const c of CLDR_ORDER) {
    if (targetCategories.includes(c)) result[c] = source[c] !== undefined ? c : fallback
    else if (c === 'zero' && source.zero !== undefined) result.zero = 'zero'
  }
  return result as Record<PluralCategory, keyof PluralForms>
}

/** Picks the text for `category` from a translation keyed by categories: exact, else `other`, else any. */
export function pickPluralForm(forms: PluralForms, category: PluralCategory): string | undefined {
  return forms[category] ?? forms.other ?? CLDR_ORDER.map((c) => forms[c]).find((t) => t !== undefined)
}
