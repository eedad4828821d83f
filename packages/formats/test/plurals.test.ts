import { describe, expect, test } from 'vitest'
import { gettextPluralForms, mapPluralForms, pluralCategories, pluralFormsHeader } from '@verso/formats/plurals'

/** Evaluates a gettext formula (C syntax that is also valid JavaScript) for n. */
const evaluate = (formula: string, n: number): number => Number(new Function('n', `return (${formula})`)(n))

describe('pluralCategories', () => {
  test('lists CLDR categories in CLDR order', () => {
    expect(pluralCategories('en')).toEqual(['one', 'other'])
    expect(pluralCategories('ru')).toEqual(['one', 'few', 'many', 'other'])
    expect(pluralCategories('ar')).toEqual(['zero', 'one', 'two', 'few', 'many', 'other'])
    expect(pluralCategories('ja')).toEqual(['other'])
    expect(pluralCategories('en', 'ordinal')).toEqual(['one', 'two', 'few', 'other'])
  })

  test('falls back to English rules for a malformed tag instead of throwing', () => {
    expect(pluralCategories('not a tag!')).toEqual(['one', 'other'])
  })
})

describe('gettextPluralForms', () => {
  test('gives the standard gettext formulas', () => {
    expect(pluralFormsHeader('de')).toBe('nplurals=2; plural=(n != 1);')
    expect(pluralFormsHeader('fr')).toBe('nplurals=2; plural=(n > 1);')
    expect(pluralFormsHeader('pt-BR')).toBe('nplurals=2; plural=(n > 1);')
    expect(pluralFormsHeader('pt')).toBe('nplurals=2; plural=(n != 1);')
    expect(pluralFormsHeader('zh-CN')).toBe('nplurals=1; plural=0;')
    expect(gettextPluralForms('ru').categories).toEqual(['one', 'few', 'many'])
    expect(gettextPluralForms('pl').nplurals).toBe(3)
    expect(gettextPluralForms('ar').categories).toEqual(['zero', 'one', 'two', 'few', 'many', 'other'])
    expect(gettextPluralForms('es_ES').formula).toBe('(n != 1)')
  })

  test('maps every msgstr index to the CLDR category Intl.PluralRules picks for integers', () => {
    for (const lang of ['en', 'es', 'fr', 'pt', 'it', 'ca', 'gl', 'ro', 'eo', 'de', 'ru', 'uk', 'pl', 'cs', 'ar', 'ja', 'zh', 'ko', 'sl', 'lt', 'hr', 'ga', 'tr']) {
      const g = gettextPluralForms(lang)
      // gettext's `pt` is European Portuguese; CLDR's `pt` is Brazilian
      const rules = new Intl.PluralRules(lang === 'pt' ? 'pt-PT' : lang)
      expect(g.categories).toHaveLength(g.nplurals)
      for (let n = 0; n <= 200; n++) {
        const index = evaluate(g.formula, n)
        expect(index, `${lang} n=${n}`).toBeLessThan(g.nplurals)
        // gettext merges CLDR's large-number `many` (es, fr, it, pt, ca) into `other`
        const cldr = rules.select(n)
        expect(`${lang} ${n} ${g.categories[index]}`).toBe(`${lang} ${n} ${cldr === 'many' && !g.categories.includes('many') ? 'other' : cldr}`)
      }
    }
  })
})

describe('mapPluralForms', () => {
  test('feeds each target category from the same source category, else from other', () => {
    expect(mapPluralForms({ one: 'a', other: 'b' }, 'en', 'ru')).toEqual({ one: 'one', few: 'other', many: 'other', other: 'other' })
    expect(mapPluralForms({ one: 'a', other: 'b' }, 'en', 'ja')).toEqual({ other: 'other' })
    expect(mapPluralForms({ one: 'a', few: 'b', many: 'c', other: 'd' }, 'ru', 'pl')).toEqual({ one: 'one', few: 'few', many: 'many', other: 'other' })
    expect(mapPluralForms({ other: 'x' }, 'ja', 'ar')).toEqual({ zero: 'other', one: 'other', two: 'other', few: 'other', many: 'other', other: 'other' })
  })
})
