/**
 * .NET resource files (`.resx`, fixture in test/fixtures/real, source in SOURCES.md). Read as
 * generic XML, every leaf was a message: the reader's type name came back
 * `Sistema.Recursos.ResXResourceReader, Sistema.Windows.Formas` (.NET then cannot load the
 * file), a `System.Drawing.Color` "Blue" came back "Azul" (its TypeConverter throws) and the
 * translators' comments were translated.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { markAll } from './marks.js'
import { parseXml } from '@verso/formats'

const dec = new TextDecoder()
const source = readFileSync(new URL('./fixtures/real/Resources.resx', import.meta.url), 'utf8')
/** The file with every `<value>` of the given names emptied: what must come back unchanged. */
const withoutValues = (xml: string, names: readonly string[]): string =>
  xml.replace(/(<data name="([^"]*)"[^>]*>\s*<value>)([\s\S]*?)(<\/value>)/g, (all, open: string, name: string, _v: string, close: string) =>
    names.includes(name.replace(/&gt;/g, '>')) ? `${open}${close}` : all,
  )

describe('.NET resources (.resx)', () => {
  const messages = ['EncodingMethod', 'CorruptImage', 'FileTooLarge', 'KeepMetadata', '$this.Text', 'okButton.Text', 'fileMenuItem.Text', 'exitMenuItem.Text', 'Greeting']

  test('only string <data> values are messages, keyed by name; headers, typed values and designer records are not', () => {
    const parsed = parseXml(source)
    expect(parsed.dialect).toBe('resx')
    expect(parsed.issues).toEqual([])
    expect(parsed.entries.filter((e) => e.translatable).map((e) => e.key)).toEqual(messages)
    for (const key of ['okButton.Size', 'okButton.TabIndex', '>>okButton.Name', '>>okButton.Type', '>>okButton.Parent', 'AccentColor', 'License', 'AppIcon']) {
      expect(parsed.entries.find((e) => e.key === key), key).toMatchObject({ translatable: false })
    }
    expect(parsed.entries.some((e) => /ResXResource|microsoft-resx/.test(e.text))).toBe(false)
    expect(parsed.entries.find((e) => e.key === 'KeepMetadata')?.text).toBe('Keep & copy the metadata')
  })

  test('a <comment> is the note of its value, for the translator, and is never translated', () => {
    const parsed = parseXml(source)
    expect(parsed.entries.find((e) => e.key === 'CorruptImage')?.note).toBe('Shown when the file is not a valid image')
    expect(parsed.entries.find((e) => e.key === 'EncodingMethod')?.note).toBeUndefined()
    const out = dec.decode(parsed.write(markAll(parsed)))
    expect(out).toContain('<comment>Shown when the file is not a valid image</comment>')
  })

  test('writes the messages XML-escaped and keeps every other byte', () => {
    const parsed = parseXml(source)
    const out = dec.decode(parsed.write(markAll(parsed)))
    expect(out).toContain('<value>«Keep &amp; copy the metadata»</value>')
    expect(out).toContain('<value>«Save options»</value>')
    expect(withoutValues(out, messages)).toBe(withoutValues(source, messages))
    expect(parseXml(out).entries.filter((e) => e.translatable).map((e) => e.text)).toEqual(
      parsed.entries.filter((e) => e.translatable).map((e) => `«${e.text}»`),
    )
  })

  test('an existing translation missing a message gets its <data> block before </root>', () => {
    const parsed = parseXml(source)
    const target = source.replace(/  <data name="Greeting"[\s\S]*?<\/data>\n/, '')
    expect(target).not.toContain('Greeting')
    const merged = dec.decode(parseXml(target).merge(parsed, new Map([['Greeting', 'Bienvenido de nuevo']])))
    expect(merged).toContain('  <data name="Greeting" type="System.String, mscorlib">\n    <value>Bienvenido de nuevo</value>\n  </data>\n</root>')
    expect(parseXml(merged).entries.filter((e) => e.translatable).map((e) => e.key)).toEqual(messages)
  })

  test('a <root> file without the ResX shape is still generic XML', () => {
    const parsed = parseXml('<root><title>Hello</title><body>World</body></root>')
    expect(parsed.dialect).toBeUndefined()
    expect(parsed.entries.map((e) => e.key)).toEqual(['root/title', 'root/body'])
  })
})
