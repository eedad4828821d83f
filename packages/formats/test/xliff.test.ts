/**
 * XLIFF 1.2 and 2.0, as Angular's `ng extract-i18n` writes them (fixtures in
 * test/fixtures/real, sources in SOURCES.md). Read as generic XML, every leaf was a message:
 * the `<source>` was overwritten with its translation, no `<target>` was written (Angular then
 * builds the untranslated text), notes and source locations were translated, and an
 * `<x id="ICU" equiv-text="{gender, select, …}"/>` was taken for an ICU select and came back
 * as escaped text with `equiv-texto`.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { markAll } from './marks.js'
import { parseXml, type Parsed, type Translation } from '@verso/formats'
import { prepare } from '@verso/formats/placeholders'

const dec = new TextDecoder()
const fixture = (name: string) => readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8')
/** Translates like an engine would: letters upper-cased, protected tokens and inline codes kept. */
const engine = (parsed: Parsed): Map<string, Translation> =>
  new Map(parsed.entries.filter((e) => e.translatable).map((e) => {
    const prepared = prepare(e.text, { format: 'xml', targetLanguage: 'es' })
    const up = prepared.segments.map((s) => (typeof s === 'string' ? s.toUpperCase() : s.map((p) => (typeof p === 'string' ? p.toUpperCase() : p))))
    return [e.key, prepared.restore(up).text]
  }))

describe('XLIFF 1.2 (Angular messages.xlf)', () => {
  const source = fixture('messages.xlf')

  test('each trans-unit is an entry keyed by its id; translate="no" is kept; notes are the translator’s, locations are not', () => {
    const parsed = parseXml(source)
    expect(parsed.dialect).toBe('xliff')
    expect(parsed.issues).toEqual([])
    expect(parsed.entries.map((e) => [e.key, e.translatable])).toEqual([
      ['introductionHeader', true],
      ['4bd6e4a4b7c25a5e4b1a0f1a4b8e1f1d4b0d2a9c', true],
      ['6e0b5a7a6c1e3f2f1b4f5e6d7c8b9a0f1e2d3c4b', true],
      ['5a134dee893586d02bffc9611056b9cadf9abfad', true],
      ['f99f34ac9bd4606345071bd813858dec29f3b7d1', true],
      ['saveButton', true],
      ['brandName', false],
    ])
    expect(parsed.entries[0]!.note).toBe('Heading of the start page\nUser welcome')
    expect(parsed.entries[1]!.text).toBe("I don't have any albums yet")
  })

  test('writes each translation into a <target> after its <source>, names the target language, and leaves the source as it was', () => {
    const parsed = parseXml(source)
    const out = dec.decode(parsed.write(markAll(parsed), { targetLanguage: 'es' }))
    expect(out).toContain('<file source-language="en-US" datatype="plaintext" original="ng2.template" target-language="es">')
    expect(out).toContain('        <source>Welcome to the photo library!</source>\n        <target>«Welcome to the photo library!»</target>\n        <context-group')
    expect(out).toContain('<source>Save changes</source>\n        <target>«Save changes»</target>\n      </trans-unit>')
    expect(out).toContain('<target>«I don&apos;t have any albums yet»</target>'.replace('&apos;', "'"))
    // without the targets and the language, every byte is the source's (the empty <target/> aside)
    const stripped = out.replace(/\n *<target>[^\n]*<\/target>/g, '').replace(' target-language="es"', '')
    expect(stripped).toBe(source.replace(/\n *<target\/>/, ''))
    const again = parseXml(out)
    expect(again.entries.map((e) => e.text)).toEqual(parsed.entries.map((e) => e.text))
    expect(again.valueOf('introductionHeader')).toBe('«Welcome to the photo library!»')
    expect(again.valueOf('brandName')).toBeUndefined()
  })

  test('inline codes come back as the same elements, an ICU plural is translated branch by branch, and an <x> holding ICU braces stays a tag', () => {
    const parsed = parseXml(source)
    const out = dec.decode(parsed.write(engine(parsed), { targetLanguage: 'es' }))
    expect(out).toContain('<target>UPDATED <x id="INTERPOLATION" equiv-text="{{ minutes }}"/> MINUTES AGO BY <x id="START_BOLD_TEXT" ctype="x-b" equiv-text="&lt;b&gt;"/><x id="INTERPOLATION_1" equiv-text="{{ author }}"/><x id="CLOSE_BOLD_TEXT" ctype="x-b" equiv-text="&lt;/b&gt;"/></target>')
    expect(out).toContain('<target>{VAR_PLURAL, plural, =0 {NO PHOTOS} =1 {ONE PHOTO} other {<x id="INTERPOLATION" equiv-text="{{ count }}"/> PHOTOS}}</target>')
    expect(out).toContain('<target>SHARED BY <x id="ICU" equiv-text="{gender, select, male {...} female {...} other {...}}"/></target>')
  })

  test('what a translated file holds is its targets: valueOf reads the <target>, not the <source>', () => {
    const translated = source.replace('<target/>', '<target>Guardar cambios</target>')
    const parsed = parseXml(translated)
    expect(parsed.valueOf('saveButton')).toBe('Guardar cambios')
    expect(parsed.valueOf('introductionHeader')).toBeUndefined()
    expect(parsed.entries.find((e) => e.key === 'saveButton')?.text).toBe('Save changes')
  })

  test('a merge inserts the units a translation lacks where the source has them, with their target', () => {
    const parsed = parseXml(source)
    const done = dec.decode(parsed.write(markAll(parsed), { targetLanguage: 'es' }))
    const older = parseXml(done.replace(/      <trans-unit id="saveButton"[\s\S]*?<\/trans-unit>\n/, ''))
    expect(older.valueOf('saveButton')).toBeUndefined()
    const merged = dec.decode(older.merge(parsed, new Map([['saveButton', 'Guardar cambios']]), { targetLanguage: 'es' }))
    expect(merged).toContain('      <trans-unit id="saveButton" datatype="html">\n        <source>Save changes</source>\n        <target>Guardar cambios</target>\n      </trans-unit>\n      <trans-unit id="brandName"')
    expect(parseXml(merged).valueOf('introductionHeader')).toBe('«Welcome to the photo library!»')
    // a unit after every unit the translation has goes before </body>
    const withoutLast = parseXml(done.replace(/      <trans-unit id="brandName"[\s\S]*?<\/trans-unit>\n/, '').replace(/      <trans-unit id="saveButton"[\s\S]*?<\/trans-unit>\n/, ''))
    const appended = dec.decode(withoutLast.merge(parsed, new Map([['saveButton', 'Guardar cambios']]), { targetLanguage: 'es' }))
    expect(appended).toContain('<target>Guardar cambios</target>\n      </trans-unit>\n    </body>')
  })
})

describe('XLIFF 2.0 (Angular --format xlf2)', () => {
  const source = fixture('messages-2.0.xlf')

  test('each unit’s segment is an entry; the translation replaces an existing <target> or follows the <source>; trgLang is set', () => {
    const parsed = parseXml(source)
    expect(parsed.dialect).toBe('xliff')
    expect(parsed.entries.map((e) => e.key)).toEqual(['introductionHeader', '6e0b5a7a6c1e3f2f1b4f5e6d7c8b9a0f1e2d3c4b', 'albumsEmpty'])
    expect(parsed.entries[0]!.note).toBe('Heading of the start page\nUser welcome')
    const out = dec.decode(parsed.write(engine(parsed), { targetLanguage: 'es' }))
    expect(out).toContain('<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en-US" trgLang="es">')
    expect(out).toContain('<source>The album is empty.</source>\n        <target>THE ALBUM IS EMPTY.</target>\n      </segment>')
    expect(out).toContain('<target>UPDATED <ph id="0" equiv="INTERPOLATION" disp="{{ minutes }}"/> MINUTES AGO BY <pc id="1" equivStart="START_BOLD_TEXT" equivEnd="CLOSE_BOLD_TEXT" type="fmt" dispStart="&lt;b&gt;" dispEnd="&lt;/b&gt;"><ph id="2" equiv="INTERPOLATION_1" disp="{{ author }}"/></pc></target>')
    expect(out).toContain('<note category="location">src/app/app.component.html:3</note>')
  })

  test('a trgLang already there names the new target', () => {
    const parsed = parseXml(source.replace('srcLang="en-US"', 'srcLang="en-US" trgLang="fr"'))
    expect(dec.decode(parsed.write(new Map(), { targetLanguage: 'es' }))).toContain('srcLang="en-US" trgLang="es">')
  })
})

describe('XLIFF as Symfony writes it (the source is the key, the target the text)', () => {
  // Symfony's XliffFileDumper: translations/messages.en.xlf names English twice
  const symfony = (target: string) => [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">',
    `  <file source-language="en" target-language="${target}" datatype="plaintext" original="file.ext">`,
    '    <body>',
    '      <trans-unit id="form.submit" resname="form.submit">',
    '        <source>form.submit</source>',
    '        <target>Save your <b>changes</b></target>',
    '      </trans-unit>',
    '      <trans-unit id="greeting" resname="greeting">',
    '        <source>greeting</source>',
    '        <target>Hello %name%</target>',
    '      </trans-unit>',
    '    </body>',
    '  </file>',
    '</xliff>',
    '',
  ].join('\n')

  test('the source language\'s own file is read by its targets, and the translation goes into them', () => {
    const parsed = parseXml(symfony('en'))
    expect(parsed.entries.map((e) => [e.key, e.text])).toEqual([['form.submit', 'Save your <b>changes</b>'], ['greeting', 'Hello %name%']])
    const out = dec.decode(parsed.write(engine(parsed), { targetLanguage: 'es' }))
    expect(out).toBe(symfony('es').replace('Save your <b>changes</b>', 'SAVE YOUR <b>CHANGES</b>').replace('Hello %name%', 'HELLO %name%'))
  })

  test('a file for another language is read by its sources, as any bilingual XLIFF, and its targets are its translations', () => {
    const parsed = parseXml(symfony('fr'))
    expect(parsed.entries.map((e) => e.text)).toEqual(['form.submit', 'greeting'])
    expect(parsed.valueOf?.('greeting')).toBe('Hello %name%')
  })
})
