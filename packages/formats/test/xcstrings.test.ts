/**
 * Xcode String Catalogs (`.xcstrings`, fixture in test/fixtures/real, source in SOURCES.md):
 * every language of an app in one JSON file. Read as plain JSON, `"state" : "translated"` and
 * `"sourceLanguage" : "en"` were translated like text, and the translation replaced the English
 * values instead of adding Spanish beside them.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { markAll } from './marks.js'
import { parseJson } from '@verso/formats'

const dec = new TextDecoder()
const source = readFileSync(new URL('./fixtures/real/Localizable.xcstrings', import.meta.url), 'utf8')
type Catalog = { sourceLanguage: string; version: string; strings: Record<string, { localizations?: Record<string, unknown> } & Record<string, unknown>> }
const unit = (value: string) => ({ stringUnit: { state: 'translated', value } })

describe('Xcode String Catalogs (.xcstrings)', () => {
  test('each string is an entry keyed by its catalog key: the source language’s value, else the key itself; plurals are plural entries', () => {
    const parsed = parseJson(source)
    expect(parsed.dialect).toBe('xcstrings')
    expect(parsed.issues).toEqual([])
    expect(parsed.entries.filter((e) => e.translatable).map((e) => [e.key, e.text])).toEqual([
      ['%lld photos', '%lld photos'],
      ['Cancel', 'Cancel'],
      ['Delete "%@"?', 'Delete "%@"?'],
      ['greeting_title', 'Welcome back, %@!'],
    ])
    expect(parsed.entries.find((e) => e.key === '%lld photos')?.plural).toEqual({ one: '%lld photo', other: '%lld photos' })
    expect(parsed.entries.find((e) => e.key === 'Delete "%@"?')?.note).toBe('Confirmation before deleting an album')
  })

  test('keeps what is not to be translated: shouldTranslate false, stale strings, device variations, the empty key', () => {
    const parsed = parseJson(source)
    for (const key of ['', '%@', 'CFBundleDisplayName', 'Old label', 'Open on %@']) {
      expect(parsed.entries.find((e) => e.key === key), key).toMatchObject({ translatable: false })
    }
  })

  test('a translation adds the target language beside the others, state "translated", plural forms in the target’s categories', () => {
    const parsed = parseJson(source)
    const out = dec.decode(parsed.write(markAll(parsed), { targetLanguage: 'es' }))
    const before = JSON.parse(source) as Catalog
    const after = JSON.parse(out) as Catalog
    // everything that was there is still there, unchanged
    for (const [key, value] of Object.entries(before.strings)) {
      const { localizations, ...rest } = value
      const { localizations: newLocalizations, ...newRest } = after.strings[key]!
      expect(newRest, key).toEqual(rest)
      for (const [language, localization] of Object.entries(localizations ?? {})) expect(newLocalizations?.[language], `${key} ${language}`).toEqual(localization)
    }
    expect(after.sourceLanguage).toBe('en')
    expect(after.strings['Cancel']!.localizations).toEqual({ es: unit('«Cancel»') })
    expect(after.strings['Delete "%@"?']!.localizations!.es).toEqual(unit('«Delete "%@"?»'))
    expect(after.strings['%lld photos']!.localizations!.es).toEqual({
      variations: { plural: { one: unit('«%lld photo»'), many: unit('«%lld photos»'), other: unit('«%lld photos»') } },
    })
    expect(after.strings['CFBundleDisplayName']!.localizations!.es).toBeUndefined()
  })

  test('writes as Xcode does: alphabetical order, its indentation and " : " spacing', () => {
    const parsed = parseJson(source)
    const out = dec.decode(parsed.write(markAll(parsed), { targetLanguage: 'es' }))
    expect(out).toContain('    "Cancel" : {\n      "localizations" : {\n        "es" : {\n          "stringUnit" : {\n            "state" : "translated",\n            "value" : "«Cancel»"\n          }\n        }\n      }\n    },\n')
    // es between en and fr
    expect(out.indexOf('"value" : "«Welcome back, %@!»"')).toBeGreaterThan(out.indexOf('"value" : "Welcome back, %@!"'))
    expect(out.indexOf('"value" : "«Welcome back, %@!»"')).toBeLessThan(out.indexOf('"value" : "Bon retour, %@ !"'))
  })

  test('an existing localization of the target is replaced; a compact hand-written catalog keeps its own layout', () => {
    const parsed = parseJson(source)
    const out = JSON.parse(dec.decode(parsed.write(new Map([['greeting_title', 'Content de vous revoir, %@ !']]), { targetLanguage: 'fr' }))) as Catalog
    expect(out.strings['greeting_title']!.localizations!.fr).toEqual(unit('Content de vous revoir, %@ !'))
    const compact = '{\n    "sourceLanguage": "en",\n    "strings": {\n        "Save": {}\n    },\n    "version": "1.0"\n}\n'
    const written = dec.decode(parseJson(compact).write(new Map([['Save', 'Guardar']]), { targetLanguage: 'es' }))
    expect(written).toBe('{\n    "sourceLanguage": "en",\n    "strings": {\n        "Save": {\n            "localizations": {\n                "es": {\n                    "stringUnit": {\n                        "state": "translated",\n                        "value": "Guardar"\n                    }\n                }\n            }\n        }\n    },\n    "version": "1.0"\n}\n')
  })

  test('read for a target language, a catalog is its own target file: valueOf reads that language, merge writes it', () => {
    const asGerman = parseJson(source, { targetLanguage: 'de' })
    expect(asGerman.valueOf('Delete "%@"?')).toBe('„%@“ löschen?')
    expect(asGerman.valueOf('Cancel')).toBeUndefined()
    expect(parseJson(source, { targetLanguage: 'fr' }).valueOf('greeting_title')).toBe('Bon retour, %@ !')
    expect(parseJson(source).valueOf('greeting_title')).toBe('Welcome back, %@!')
    const merged = JSON.parse(dec.decode(asGerman.merge(parseJson(source), new Map([['Cancel', 'Abbrechen']]), { targetLanguage: 'de' }))) as Catalog
    expect(merged.strings['Cancel']!.localizations).toEqual({ de: unit('Abbrechen') })
    expect(merged.strings['Delete "%@"?']!.localizations!.de).toEqual({ stringUnit: { state: 'translated', value: '„%@“ löschen?' } })
    expect(() => asGerman.merge(parseJson(source), new Map([['Not in the catalog', 'x']]), { targetLanguage: 'de' })).toThrowError(expect.objectContaining({ code: 'FORMAT_UNSUPPORTED' }))
  })

  test('a JSON file that only looks like one (no strings object) is plain JSON', () => {
    const parsed = parseJson('{"sourceLanguage": "en", "version": "1.0", "title": "Hello"}')
    expect(parsed.dialect).toBeUndefined()
    expect(parsed.entries.map((e) => e.key)).toEqual(['sourceLanguage', 'version', 'title'])
  })
})
