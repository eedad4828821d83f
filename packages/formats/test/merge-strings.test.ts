import { describe, expect, test } from 'vitest'
import { parseStrings } from '@verso/formats'
import { bytes, expectMergedValues, insertedLines, text } from './merge-support.js'

const source = `/* Title of the main screen */
"home.title" = "Notes";

/* Button that creates a note */
"home.new" = "New note";
"home.empty" = "No notes yet";
`
const target = `/* Title of the main screen */
"home.title" = "Notas";

/* Button that creates a note */
"home.new" = "Nueva nota";
"home.empty" = "Aún no hay notas";
"legacy" = "Antiguo";
`

describe('strings merge', () => {
  test('returns the input bytes when there is nothing to merge', () => {
    const input = bytes(target)
    expect(parseStrings(input).merge(parseStrings(source), new Map())).toEqual(input)
  })

  test('replaces two values and changes only their bytes', () => {
    const out = parseStrings(target).merge(parseStrings(source), new Map([['home.title', 'Mis notas'], ['legacy', 'Viejo']]))
    expect(text(out)).toBe(target.replace('"Notas"', '"Mis notas"').replace('"Antiguo"', '"Viejo"'))
  })

  test('inserts new keys at the start, middle and end with the comment of the source entry', () => {
    const newSource = `// Name of the app
"app.name" = "Notebook";
/* Title of the main screen */
"home.title" = "Notes";

/* Button that creates a note */
"home.new" = "New note";
/* Search field placeholder */
"home.search" = "Search";
"home.empty" = "No notes yet";
"home.count" = "%d notes";
`
    const values = new Map([['app.name', 'Cuaderno'], ['home.search', 'Buscar "todo"'], ['home.count', '%d notas']])
    const out = text(parseStrings(target).merge(parseStrings(newSource), values))
    expect(insertedLines(target, out)).toEqual([
      '// Name of the app', '"app.name" = "Cuaderno";', '/* Search field placeholder */', '"home.search" = "Buscar \\"todo\\"";', '"home.count" = "%d notas";',
    ])
    expect(out).toContain('"home.empty" = "Aún no hay notas";\n"home.count" = "%d notas";\n"legacy"')
    const again = parseStrings(out)
    expectMergedValues(again, parseStrings(target), values, ['app.name', 'home.search', 'home.count'])
    expect(again.valueOf('home.search')).toBe('Buscar "todo"')
    expect(again.entries.find((e) => e.key === 'home.search')?.note).toBe('Search field placeholder')
    expect(again.valueOf('legacy')).toBe('Antiguo')
  })

  test('keeps a UTF-16 file in its encoding', () => {
    const encode = (s: string) => {
      const out = new Uint8Array(2 + s.length * 2)
      out[0] = 0xff
      out[1] = 0xfe
      for (let i = 0; i < s.length; i++) {
        out[2 + 2 * i] = s.charCodeAt(i) & 0xff
        out[3 + 2 * i] = s.charCodeAt(i) >> 8
      }
      return out
    }
    const out = parseStrings(encode('"a" = "x";\n')).merge(parseStrings('"a" = "1";\n"b" = "2";\n'), new Map([['b', 'ü']]))
    expect([...out]).toEqual([...encode('"a" = "x";\n"b" = "ü";\n')])
  })
})
