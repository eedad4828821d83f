/**
 * Apple `.stringsdict` plural files (fixture in test/fixtures/real, source in SOURCES.md). Read as
 * generic XML, every leaf was a message: the plist's `<key>` names (`NSStringFormatSpecTypeKey`,
 * `one`, `other`) and type values (`NSStringPluralRuleType`, `d`) were translated, which
 * Foundation cannot read, and a plural kept English's categories.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { markAll } from './marks.js'
import { parseXml } from '@verso/formats'
import { prepare } from '@verso/formats/placeholders'

const dec = new TextDecoder()
const source = readFileSync(new URL('./fixtures/real/Localizable.stringsdict', import.meta.url), 'utf8')
/** The `<key>`s of the file in order: the plist's structure, which must not change but for plural categories. */
const keys = (xml: string) => [...xml.matchAll(/<key>([^<]*)<\/key>/g)].map((m) => m[1]!)

describe('Apple .stringsdict', () => {
  test('each plural variable is a plural entry keyed string/variable; a format key is an entry only when it has words', () => {
    const parsed = parseXml(source)
    expect(parsed.dialect).toBe('stringsdict')
    expect(parsed.issues).toEqual([])
    expect(parsed.entries.map((e) => [e.key, e.translatable])).toEqual([
      ['photos_count', false],
      ['photos_count/photos', true],
      ['selected_in_albums', true],
      ['selected_in_albums/items', true],
      ['selected_in_albums/albums', true],
    ])
    expect(parsed.entries[1]!.plural).toEqual({ zero: 'No photos', one: '%d photo', other: '%d photos' })
  })

  test('a format key’s variables are protected tokens, the words between them are translated', () => {
    expect(prepare('%#@items@ selected in %#@albums@', { format: 'xml', targetLanguage: 'es' }).segments).toEqual([
      [{ id: '1', kind: 'void' }, ' selected in ', { id: '2', kind: 'void' }],
    ])
  })

  test('writes the target’s categories in place, keeps zero (Foundation reads it for 0 in every language) and every key and type', () => {
    const parsed = parseXml(source)
    const ru = dec.decode(parsed.write(markAll(parsed), { targetLanguage: 'ru' }))
    expect(ru).toContain('\t\t\t<key>zero</key>\n\t\t\t<string>«No photos»</string>\n\t\t\t<key>one</key>\n\t\t\t<string>«%d photo»</string>\n\t\t\t<key>few</key>\n\t\t\t<string>«%d photos»</string>\n\t\t\t<key>many</key>\n\t\t\t<string>«%d photos»</string>\n\t\t\t<key>other</key>\n\t\t\t<string>«%d photos»</string>\n\t\t</dict>')
    expect(ru).toContain('<string>«%#@items@ selected in %#@albums@»</string>')
    expect(ru).toContain('<string>%#@photos@</string>')
    const structure = (xml: string) => keys(xml).filter((k) => !['zero', 'one', 'two', 'few', 'many', 'other'].includes(k))
    expect(structure(ru)).toEqual(structure(source))
    const ja = dec.decode(parsed.write(markAll(parsed), { targetLanguage: 'ja' }))
    expect(ja).toContain('\t\t\t<string>lld</string>\n\t\t\t<key>other</key>\n\t\t\t<string>«%lld items»</string>\n\t\t</dict>')
    expect(keys(ja).filter((k) => k === 'one')).toEqual([])
    // same categories: only the strings change
    const en = dec.decode(parsed.write(markAll(parsed), { targetLanguage: 'en' }))
    expect(keys(en)).toEqual(keys(source))
  })

  test('a plist that is not a .stringsdict is still generic XML', () => {
    expect(parseXml('<plist version="1.0"><dict><key>Title</key><string>Sound</string></dict></plist>').dialect).toBeUndefined()
  })
})
