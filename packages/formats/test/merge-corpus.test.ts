/**
 * `merge` on the real-world files of ../shared/corpus: nothing to merge gives the input bytes,
 * merging into the file itself is `write`, and merging every entry into an empty file of the
 * format rebuilds the entries in the source's order.
 */
import { describe, expect, test } from 'vitest'
import { parseJson, parsePo, parseProperties, parseStrings, parseXml, parseYaml, type Parsed, type Translation } from '@verso/formats'
import { corpusFixtures } from './conformance.js'
import { corpusAvailable } from '../../../test-support/corpus.js'

const codecs: Array<{ format: string; parse: (s: string | Uint8Array) => Parsed; empty: string }> = [
  { format: 'json', parse: parseJson, empty: '{}\n' },
  { format: 'yaml', parse: parseYaml, empty: '' },
  { format: 'po', parse: parsePo, empty: 'msgid ""\nmsgstr ""\n"Language: de\\n"\n' },
  { format: 'properties', parse: parseProperties, empty: '' },
  { format: 'strings', parse: parseStrings, empty: '' },
  { format: 'xml', parse: parseXml, empty: '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n</resources>\n' },
]

/** A stand-in translation that shows which entry it belongs to (tests only). */
function translationsOf(parsed: Parsed): Map<string, Translation> {
  const out = new Map<string, Translation>()
  for (const e of parsed.entries) {
    if (!e.translatable || e.key === '') continue
    out.set(e.key, e.plural ? Object.fromEntries(Object.keys(e.plural).map((c) => [c, `T ${c} ${e.key}`])) : `T ${e.key}`)
  }
  return out
}

describe.skipIf(!corpusAvailable)('merge on the corpus', () => {
  for (const { format, parse, empty } of codecs) {
    for (const fixture of corpusFixtures(format)) {
      test(`${format}/${fixture.name}: nothing to merge gives the input bytes`, () => {
        const parsed = parse(fixture.bytes)
        if (parsed.locales) {
          // multi-locale files are refused in increments, even with nothing to merge
          expect(() => parsed.merge(parse(fixture.bytes), new Map())).toThrowError(expect.objectContaining({ code: 'FORMAT_UNSUPPORTED' }))
          return
        }
        expect(parsed.merge(parse(fixture.bytes), new Map())).toEqual(fixture.bytes)
      })

      test(`${format}/${fixture.name}: merging into the file itself is write`, () => {
        const parsed = parse(fixture.bytes)
        if (parsed.locales) return
        const values = translationsOf(parsed)
        // without a language: `write` would also rename a language key or rewrite a PO header, which merge leaves alone
        expect(parsed.merge(parse(fixture.bytes), values)).toEqual(parsed.write(values))
      })

      test(`${format}/${fixture.name}: merging into an empty file inserts every entry in the source order`, () => {
        const source = parse(fixture.bytes)
        if (source.locales || (format === 'xml' && !source.entries.every((e) => !e.key.includes('/')))) return
        // string-array items need their array: only <string> and <plurals> are inserted
        const values = new Map([...translationsOf(source)].filter(([key]) => format !== 'xml' || !/\[\d+\]$/.test(key)))
        if (format === 'yaml' || format === 'json') {
          // sequences are inserted whole only: leave them out
          for (const key of [...values.keys()]) if (/(^|[^\\])\.\d+(\.|$)/.test(key)) values.delete(key)
        }
        const out = parse(empty).merge(source, values, { targetLanguage: 'de' })
        const merged = parse(out)
        expect(merged.issues).toEqual([])
        const got = merged.entries.filter((e) => e.key !== '')
        expect(got.map((e) => e.key)).toEqual(source.entries.map((e) => e.key).filter((k) => values.has(k)))
        for (const e of got) {
          const want = values.get(e.key)!
          if (typeof want === 'string') expect(merged.valueOf(e.key)).toBe(want)
          else expect(merged.valueOf(e.key)).toBeTypeOf('object')
        }
      })
    }
  }
})
