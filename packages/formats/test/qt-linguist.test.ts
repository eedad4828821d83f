/**
 * Qt Linguist `.ts` files (fixture test/fixtures/real/app_es.linguist.xml, stored under another
 * extension so that TypeScript does not read it; source in SOURCES.md). Read as generic XML,
 * every leaf was a message: the context `<name>` was translated (lrelease then matches no
 * message of that class), `<source>` was overwritten and `<translation>` left unfinished.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { markAll } from './marks.js'
import { parseXml } from '@verso/formats'

const dec = new TextDecoder()
const source = readFileSync(new URL('./fixtures/real/app_es.linguist.xml', import.meta.url), 'utf8')

describe('Qt Linguist .ts', () => {
  test('each message is an entry keyed context/source (#comment when disambiguated); notes; vanished messages kept', () => {
    const parsed = parseXml(source)
    expect(parsed.dialect).toBe('qt')
    expect(parsed.targetLanguage).toBe('es')
    expect(parsed.issues).toEqual([])
    expect(parsed.entries.map((e) => [e.key, e.translatable])).toEqual([
      ['MainWindow/Photo Shelf', true],
      ['MainWindow/&File', true],
      ['MainWindow/Could not open "%1".', true],
      ['MainWindow/Open#verb, a menu item', true],
      ['MainWindow/Open#adjective, a tab state', true],
      ['MainWindow/%n photo(s) imported', true],
      ['SettingsDialog/Settings', true],
      ['SettingsDialog/Old option', false],
    ])
    expect(parsed.entries[2]!.note).toBe('%1 is a file name')
    expect(parsed.valueOf('MainWindow/Open#adjective, a tab state')).toBe('Abierta')
    expect(parsed.valueOf('MainWindow/Photo Shelf')).toBeUndefined()
  })

  test('writes each translation into its <translation>, finished; numerus forms filled; the context names, sources and language follow', () => {
    const parsed = parseXml(source)
    const out = dec.decode(parsed.write(markAll(parsed), { targetLanguage: 'pt-BR' }))
    expect(out).toContain('<TS version="2.1" language="pt_BR">')
    expect(out).toContain('        <source>Photo Shelf</source>\n        <translation>«Photo Shelf»</translation>')
    expect(out).toContain('<translation>«Could not open "%1".»</translation>')
    expect(out).toContain('        <translation>\n            <numerusform>«%n photo(s) imported»</numerusform>\n            <numerusform>«%n photo(s) imported»</numerusform>\n        </translation>')
    expect(out).toContain('<translation type="vanished">Opción antigua</translation>')
    expect(out).not.toContain('type="unfinished"')
    // the structure lrelease matches on is untouched
    const structure = (xml: string) => [...xml.matchAll(/<(name|source|comment|extracomment|location)\b[^>]*>(?:[^<]*<\/\1>)?/g)].map((m) => m[0])
    expect(structure(out)).toEqual(structure(source))
    const again = parseXml(out)
    expect(again.valueOf('MainWindow/Photo Shelf')).toBe('«Photo Shelf»')
    expect(again.valueOf('MainWindow/%n photo(s) imported')).toBe('«%n photo(s) imported»')
  })

  test('a numerus message gets as many forms as Qt wants for the target: three for Serbian, one for Malay, a plural translation form by form', () => {
    const parsed = parseXml(source)
    const key = 'MainWindow/%n photo(s) imported'
    const form = (text: string) => `            <numerusform>${text}</numerusform>\n`
    const sr = dec.decode(parsed.write(new Map([[key, '%n fotografija uvezeno']]), { targetLanguage: 'sr' }))
    expect(sr).toContain(`        <translation>\n${form('%n fotografija uvezeno').repeat(3)}        </translation>`)
    const ms = dec.decode(parsed.write(new Map([[key, '%n foto diimport']]), { targetLanguage: 'ms' }))
    expect(ms).toContain(`        <translation>\n${form('%n foto diimport')}        </translation>`)
    const forms = { one: '%n fotografija uvezena', few: '%n fotografije uvezene', many: '%n fotografija uvezeno', other: '%n fotografija' }
    const plural = dec.decode(parsed.write(new Map([[key, forms]]), { targetLanguage: 'hr' }))
    expect(plural).toContain(`        <translation>\n${form(forms.one)}${form(forms.few)}${form(forms.many)}        </translation>`)
    // each of them reads back, the structure lrelease matches on untouched
    for (const out of [sr, ms, plural]) expect(parseXml(out).issues).toEqual([])
  })

  test('a file in the source language (app_en.ts, kept for English plurals) is read by its own text: its numerus forms are a plural entry', () => {
    const english = source
      .replace('<TS version="2.1" language="es">', '<TS version="2.1" language="en">')
      .replace('<translation type="unfinished">\n            <numerusform></numerusform>\n            <numerusform></numerusform>', '<translation>\n            <numerusform>%n photo imported</numerusform>\n            <numerusform>%n photos imported</numerusform>')
      .replace('<translation>Abierta</translation>', '<translation>Open (tab)</translation>')
    const key = 'MainWindow/%n photo(s) imported'
    for (const parsed of [parseXml(english, { sourceLanguage: 'en' }), parseXml(english.replace('language="en"', 'language="en" sourcelanguage="en"'))]) {
      const entry = parsed.entries.find((e) => e.key === key)!
      expect(entry.plural).toEqual({ one: '%n photo imported', other: '%n photos imported' })
      expect(parsed.entries.find((e) => e.key === 'MainWindow/Open#adjective, a tab state')!.text).toBe('Open (tab)')
      // an empty translation leaves the source as the text
      expect(parsed.entries.find((e) => e.key === 'MainWindow/Photo Shelf')!.text).toBe('Photo Shelf')
      const out = dec.decode(parsed.write(new Map([[key, { one: '%n fotografija uvezena', few: '%n fotografije uvezene', other: '%n fotografija uvezeno' }]]), { targetLanguage: 'sr' }))
      expect(out).toContain('<numerusform>%n fotografija uvezena</numerusform>\n            <numerusform>%n fotografije uvezene</numerusform>\n            <numerusform>%n fotografija uvezeno</numerusform>\n        </translation>')
    }
    // a Spanish file, or an English one with no source language given, is read by its sources
    expect(parseXml(english).entries.find((e) => e.key === key)!.plural).toBeUndefined()
    expect(parseXml(source, { sourceLanguage: 'en' }).entries.find((e) => e.key === 'MainWindow/Open#adjective, a tab state')!.text).toBe('Open')
  })
})
