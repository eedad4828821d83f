/**
 * Multi-locale files (issue 12, defect 3), explicit plural keys (defect 4) and values that are
 * data, not prose (defect 9, format part).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { markAll } from './marks.js'
import { parseJson, parseYaml } from '@verso/formats'
import { mapPluralForms } from '@verso/formats/plurals'
import { corpusAvailable, corpusDir } from '../../../test-support/corpus.js'

const dec = new TextDecoder()
const fixture = (name: string) => readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8')
const sectionOf = (text: string, code: string) => {
  const start = text.indexOf(`\n${code}:`) + 1
  const next = text.slice(start + 1).search(/\n(?:#|[a-z]{2}(?:-[A-Za-z]+)?:)/)
  return text.slice(start, next < 0 ? undefined : start + 1 + next + 1)
}

describe('multi-locale YAML (a Jekyll theme ui-text.yml)', () => {
  const source = fixture('ui-text.yml')

  test('only the source section is read: its keys, not the other locales', () => {
    const parsed = parseYaml(source, { sourceLanguage: 'en' })
    expect(parsed.issues).toEqual([])
    expect(parsed.locales).toEqual({ sections: ['en', 'en-US', 'en-GB', 'es', 'es-ES', 'fr', 'fr-FR', 'tr', 'tr-TR'], source: 'en' })
    expect(parsed.entries.map((e) => e.key)).toEqual(['page', 'previous_label', 'next_label', 'separator', 'contents_label', 'meta_label', 'tags_label', 'comments_label', 'reading_time'])
    expect(parsed.entries.find((e) => e.key === 'contents_label')?.text).toBe('On This Page')
  })

  test('without a source language, the first section with values of its own is the source', () => {
    expect(parseYaml(source).locales?.source).toBe('en')
    expect(parseYaml(source, { sourceLanguage: 'fr' }).entries.map((e) => e.text)).toEqual(['Page', 'Précédent', 'Sur cette page', ''])
  })

  test('a missing target section is inserted after the source section; every other byte is kept', () => {
    const parsed = parseYaml(source, { sourceLanguage: 'en' })
    const out = dec.decode(parsed.write(markAll(parsed), { targetLanguage: 'de' }))
    const inserted = sectionOf(source, 'en').replace('en: &DEFAULT_EN', 'de:').replace(/: "([^"]*)"/g, ': "«$1»"')
    expect(out).toBe(source.replace('en-US:', `${inserted}en-US:`))
    // en-US still merges the English section (the copy dropped the anchor)
    const again = parseYaml(out, { sourceLanguage: 'de' })
    expect(again.entries.find((e) => e.key === 'contents_label')?.text).toBe('«On This Page»')
  })

  test('an existing target section keeps its values and gets only the keys it lacks', () => {
    const parsed = parseYaml(source, { sourceLanguage: 'en' })
    const out = dec.decode(parsed.write(markAll(parsed), { targetLanguage: 'es' }))
    const added = '  comments_label: "«Leave a Comment»"\n  reading_time: "«minute read»"\n'
    expect(out).toBe(source.replace('  tags_label            : "Etiquetas:"\n', `  tags_label            : "Etiquetas:"\n${added}`))
  })

  test('keys a target section has through its merge key count as present', () => {
    const parsed = parseYaml(source, { sourceLanguage: 'en' })
    const out = dec.decode(parsed.write(markAll(parsed), { targetLanguage: 'es-ES' }))
    // es-ES merges es: only what es lacks is added to es-ES
    expect(out).toBe(source.replace('es-ES:\n  <<: *DEFAULT_ES\n', 'es-ES:\n  <<: *DEFAULT_ES\n  comments_label: "«Leave a Comment»"\n  reading_time: "«minute read»"\n'))
  })

  test('a source language with no section is a FORMAT_UNSUPPORTED issue naming the sections', () => {
    const parsed = parseYaml(source, { sourceLanguage: 'de' })
    expect(parsed.entries).toEqual([])
    expect(parsed.issues[0]).toMatchObject({ code: 'FORMAT_UNSUPPORTED', message: expect.stringContaining('en, en-US') })
  })

  test('a file whose top-level keys are not locale codes is not multi-locale', () => {
    expect(parseYaml('app:\n  title: x\nnav:\n  home: y\n').locales).toBeUndefined()
    expect(parseYaml('en:\n  title: x\n').locales).toBeUndefined() // one language: Rails-style, renamed on write
  })

  test.runIf(corpusAvailable)('the shared corpus jekyll-TeXt-theme locale.yml: en → de adds a de section, the rest byte-identical', () => {
    const text = readFileSync(`${corpusDir('yaml')}/jekyll-text-theme-locale.yml`, 'utf8')
    const parsed = parseYaml(text, { sourceLanguage: 'en' })
    expect(parsed.locales?.source).toBe('en')
    const out = dec.decode(parsed.write(markAll(parsed), { targetLanguage: 'de' }))
    const at = out.indexOf('\nde:\n') + 1
    expect(at).toBeGreaterThan(0)
    const end = at + out.length - text.length
    expect(out.slice(0, at) + out.slice(end)).toBe(text)
    expect(out.slice(at, end)).toContain('SUBSCRIBE               : "«Subscribe»"')
    const french = (t: string) => parseYaml(t, { sourceLanguage: 'fr' }).entries.map((e) => [e.key, e.text])
    expect(french(out)).toEqual(french(text))
  })
})

describe('multi-locale JSON', () => {
  const source = '{\n  "en": {\n    "nav": {\n      "home": "Home",\n      "about": "About us"\n    },\n    "items_one": "{{count}} item",\n    "items_other": "{{count}} items"\n  },\n  "fr": {\n    "nav": {\n      "home": "Accueil"\n    }\n  }\n}\n'

  test('reads the source section only and inserts a missing target section after it', () => {
    const parsed = parseJson(source, { sourceLanguage: 'en' })
    expect(parsed.entries.map((e) => e.key)).toEqual(['nav.home', 'nav.about', 'items'])
    const out = dec.decode(parsed.write(markAll(parsed), { targetLanguage: 'es' }))
    expect(JSON.parse(out)).toEqual({
      en: JSON.parse(source).en,
      // the suffix plural gets Spanish's categories (many from other)
      es: { nav: { home: '«Home»', about: '«About us»' }, items_one: '«{{count}} item»', items_many: '«{{count}} items»', items_other: '«{{count}} items»' },
      fr: JSON.parse(source).fr,
    })
    expect(out.startsWith(source.slice(0, source.indexOf('\n  "fr"')))).toBe(true)
  })

  test('fills an existing section with the keys it lacks, keeping its values', () => {
    const parsed = parseJson(source, { sourceLanguage: 'en' })
    const out = dec.decode(parsed.write(markAll(parsed), { targetLanguage: 'fr' }))
    expect(JSON.parse(out).fr).toEqual({ nav: { home: 'Accueil', about: '«About us»' }, items_one: '«{{count}} item»', items_many: '«{{count}} items»', items_other: '«{{count}} items»' })
    expect(out).toContain('      "home": "Accueil",\n      "about": "«About us»"\n')
  })
})

describe('explicit plural keys are kept', () => {
  test('a Rails zero/one/other map keeps zero beside the target categories', () => {
    const parsed = parseYaml(fixture('rails-en.yml'))
    const entry = parsed.entries.find((e) => e.key === 'inbox.unread')!
    expect(Object.keys(mapPluralForms(entry.plural!, 'en', 'es'))).toEqual(['zero', 'one', 'many', 'other'])
    const out = dec.decode(parsed.write(new Map([['inbox.unread', { zero: 'No tienes mensajes nuevos', one: 'Tienes un mensaje nuevo', many: 'Tienes %{count} mensajes nuevos', other: 'Tienes %{count} mensajes nuevos' }]]), { targetLanguage: 'es' }))
    expect(out).toContain('    unread:\n      zero: No tienes mensajes nuevos\n      one: Tienes un mensaje nuevo\n      many: Tienes %{count} mensajes nuevos\n      other: "Tienes %{count} mensajes nuevos"\n')
  })

  test('i18next _zero keys are kept for a language without a zero category', () => {
    const parsed = parseJson('{"item_zero": "No items", "item_one": "One item", "item_other": "{{count}} items"}')
    const out = JSON.parse(dec.decode(parsed.write(new Map([['item', { zero: 'Ningún elemento', one: 'Un elemento', many: '{{count}} elementos', other: '{{count}} elementos' }]]), { targetLanguage: 'es' })))
    expect(Object.keys(out)).toEqual(['item_zero', 'item_one', 'item_many', 'item_other'])
  })

  test('a zero the caller did not translate falls back to the translated other, never the source text', () => {
    const parsed = parseYaml('en:\n  n:\n    zero: none\n    one: one\n    other: many\n')
    const out = dec.decode(parsed.write(new Map([['n', { one: 'uno', other: 'varios' }]]), { targetLanguage: 'es' }))
    expect(out).toBe('es:\n  n:\n    zero: varios\n    one: uno\n    many: varios\n    other: varios\n')
  })
})

describe('values that are data keep their type', () => {
  const parsed = parseYaml(fixture('rails-en.yml'))
  const byKey = new Map(parsed.entries.map((e) => [e.key, e]))

  test('Rails date.order items, YAML 1.1 dates and numbers are not translatable', () => {
    for (const key of ['date.order.0', 'date.order.1', 'date.order.2', 'release.launched_on', 'release.updated_at', 'release.version', 'release.beta']) {
      expect(byKey.get(key)?.translatable, key).toBe(false)
    }
    expect(byKey.get('release.title')?.translatable).toBe(true)
  })

  test('a plain date-order sequence (year/month/day without colons) is data too', () => {
    const p = parseYaml('en:\n  date:\n    order:\n      - year\n      - month\n      - day\n')
    expect(p.entries.map((e) => e.translatable)).toEqual([false, false, false])
  })

  test('a value written back unchanged keeps its bytes (no quotes added)', () => {
    const p = parseYaml('en:\n  when: "2001-01-01"\n  plain: 2001-01-02 is the day\n')
    const out = dec.decode(p.write(new Map(p.entries.map((e) => [e.key, e.text])), {}))
    expect(out).toBe('en:\n  when: "2001-01-01"\n  plain: 2001-01-02 is the day\n')
  })
})

describe('a multi-locale file as its own target file', () => {
  const yaml = 'en:\n  greeting: "Good morning"\n  bye: "Goodbye"\n  title: "Settings"\nes:\n  greeting: "Buenos días"\n  bye: "Adiós"\n'
  const json = '{\n  "en": {"greeting": "Good morning", "bye": "Goodbye", "title": "Settings"},\n  "es": {"greeting": "Buenos días", "bye": "Adiós"}\n}\n'

  test('read for a target language, valueOf gives that section’s values', () => {
    for (const [parse, text] of [[parseYaml, yaml], [parseJson, json]] as const) {
      const asSpanish = parse(text, { targetLanguage: 'es' })
      expect(asSpanish.valueOf('greeting')).toBe('Buenos días')
      expect(asSpanish.valueOf('title')).toBeUndefined()
      expect(parse(text, { targetLanguage: 'fr' }).valueOf('greeting')).toBeUndefined()
      expect(parse(text).valueOf('greeting')).toBe('Good morning')
    }
  })

  test('merge adds the missing keys to the section and replaces the values given for keys it has', () => {
    const out = new TextDecoder().decode(parseYaml(yaml, { targetLanguage: 'es' }).merge(parseYaml(yaml), new Map([['title', 'Ajustes'], ['bye', 'Hasta luego']]), { targetLanguage: 'es' }))
    expect(out).toBe('en:\n  greeting: "Good morning"\n  bye: "Goodbye"\n  title: "Settings"\nes:\n  greeting: "Buenos días"\n  bye: "Hasta luego"\n  title: "Ajustes"\n')
    const outJson = JSON.parse(new TextDecoder().decode(parseJson(json, { targetLanguage: 'es' }).merge(parseJson(json), new Map([['title', 'Ajustes'], ['bye', 'Hasta luego']]), { targetLanguage: 'es' })))
    expect(outJson.es).toEqual({ greeting: 'Buenos días', bye: 'Hasta luego', title: 'Ajustes' })
    expect(outJson.en).toEqual({ greeting: 'Good morning', bye: 'Goodbye', title: 'Settings' })
  })

  test('another multi-locale file is still refused as a target file', () => {
    const other = yaml.replace('Buenos días', 'Hola')
    expect(() => parseYaml(other, { targetLanguage: 'es' }).merge(parseYaml(yaml), new Map([['title', 'Ajustes']]), { targetLanguage: 'es' })).toThrowError(expect.objectContaining({ code: 'FORMAT_UNSUPPORTED' }))
  })
})
