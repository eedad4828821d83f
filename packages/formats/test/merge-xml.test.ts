import { describe, expect, test } from 'vitest'
import { FormatError, parseXml, type Translation } from '@verso/formats'
import { bytes, expectMergedValues, insertedLines, text } from './merge-support.js'

const source = `<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="app_name" translatable="false">Notebook</string>
    <!-- Shown under the sign-up button -->
    <string name="terms_notice">By signing up you accept the terms.</string>
    <string name="welcome">Welcome back, <b>%1$s</b>!</string>
    <plurals name="notes_count">
        <item quantity="one">%d note</item>
        <item quantity="other">%d notes</item>
    </plurals>
</resources>
`
const target = `<?xml version="1.0" encoding="utf-8"?>
<resources>
    <!-- Shown under the sign-up button -->
    <string name="terms_notice">Al registrarte aceptas las condiciones.</string>
    <string name="welcome">Hola de nuevo, <b>%1$s</b>.</string>
    <plurals name="notes_count">
        <item quantity="one">%d nota</item>
        <item quantity="other">%d notas</item>
    </plurals>
    <string name="legacy">Antiguo</string>
</resources>
`

describe('xml merge', () => {
  test('returns the input bytes when there is nothing to merge', () => {
    const input = bytes(target)
    expect(parseXml(input).merge(parseXml(source), new Map())).toEqual(input)
  })

  test('reads values, plurals included', () => {
    const xml = parseXml(target)
    expect(xml.valueOf('welcome')).toBe('Hola de nuevo, <b>%1$s</b>.')
    expect(xml.valueOf('notes_count')).toEqual({ one: '%d nota', other: '%d notas' })
    expect(parseXml(source).valueOf('app_name')).toBeUndefined()
  })

  test('replaces two values and changes only their bytes', () => {
    const out = parseXml(target).merge(parseXml(source), new Map([['terms_notice', 'Aceptas las condiciones.'], ['legacy', "L'ancien"]]))
    expect(text(out)).toBe(target.replace('Al registrarte aceptas las condiciones.', 'Aceptas las condiciones.').replace('>Antiguo<', ">L\\'ancien<"))
  })

  test('inserts new elements at the start, middle and end, copying the source element and its comment', () => {
    const newSource = source
      .replace('    <string name="app_name"', '    <!-- Toolbar title -->\n    <string name="title">Notes</string>\n    <string name="app_name"')
      .replace('    <plurals', '    <string name="search" formatted="false">Search</string>\n    <plurals')
      .replace('</resources>', '    <plurals name="files_count">\n        <item quantity="one">%d file</item>\n        <item quantity="other">%d files</item>\n    </plurals>\n</resources>')
    const values = new Map<string, Translation>([
      ['title', 'Notas'], ['search', 'Buscar'], ['files_count', { one: '%d archivo', many: '%d de archivos', other: '%d archivos' }],
    ])
    const out = text(parseXml(target).merge(parseXml(newSource), values, { targetLanguage: 'es' }))
    expect(insertedLines(target, out)).toEqual([
      '    <!-- Toolbar title -->', '    <string name="title">Notas</string>',
      '    <string name="search" formatted="false">Buscar</string>',
      '    <plurals name="files_count">', '        <item quantity="one">%d archivo</item>', '        <item quantity="many">%d de archivos</item>', '        <item quantity="other">%d archivos</item>', '    </plurals>',
    ])
    // after the source's preceding entry; the element only the target has stays last
    expect(out).toContain('</plurals>\n    <plurals name="files_count">')
    expect(out).toContain('</plurals>\n    <string name="legacy">Antiguo</string>\n</resources>')
    expect(out).toContain('<!-- Toolbar title -->\n    <string name="title">Notas</string>\n    <!-- Shown under')
    const again = parseXml(out)
    expectMergedValues(again, parseXml(target), values, ['title', 'search', 'files_count'])
    expect(again.valueOf('title')).toBe('Notas')
    expect(again.valueOf('files_count')).toEqual({ one: '%d archivo', many: '%d de archivos', other: '%d archivos' })
    expect(again.valueOf('legacy')).toBe('Antiguo')
  })

  test('does not copy an untranslatable source element into the target', () => {
    const input = bytes(target)
    expect(parseXml(input).merge(parseXml(source), new Map([['app_name', 'Cuaderno']]))).toEqual(input)
  })

  test('refuses to insert into generic XML, where the parent elements would be needed', () => {
    const generic = parseXml('<root>\n  <a>x</a>\n</root>\n')
    let code = ''
    try {
      generic.merge(parseXml('<root>\n  <a>1</a>\n  <b>2</b>\n</root>\n'), new Map([['root/b', 'y']]))
    } catch (e) {
      code = e instanceof FormatError ? e.code : String(e)
    }
    expect(code).toBe('FORMAT_UNSUPPORTED')
  })
})
