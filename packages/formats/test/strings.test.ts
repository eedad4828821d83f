import { describe, expect, test } from 'vitest'
import { parse } from '@verso/formats/strings'
import { corpusFixtures, inline, testCodec } from './conformance.js'

const dec = new TextDecoder()

testCodec('strings', parse, [
  ...corpusFixtures('strings'),
  inline('unquoted.strings', '/* note */\nkey = "value";\nunquoted = bare;\n"esc" = "a \\"q\\" \\\\ \\n \\U00e9";\n'),
  { name: 'utf16be.strings', bytes: new Uint8Array([0xfe, 0xff, ...Buffer.from('"a" = "b";\n', 'utf16le').swap16()]) },
], { allowIssues: /sequelpro/ })

describe('strings codec', () => {
  test('reads keys, escapes, and the comment directly above as the note', () => {
    const p = parse('/* header */\n\n/* Button title */\n"ok" = "OK \\"now\\"\\n\\U00e9";\n// Save\nsave = "Save";\n')
    expect(p.issues).toEqual([])
    expect(p.entries.map((e) => [e.key, e.text, e.note])).toEqual([
      ['ok', 'OK "now"\n\u00e9', 'Button title'],
      ['save', 'Save', 'Save'],
    ])
    expect(p.entries[0]).toMatchObject({ line: 4, column: 8 })
  })

  test('writes a UTF-16LE file with its BOM back in UTF-16LE', () => {
    const bytes = new Uint8Array([0xff, 0xfe, ...Buffer.from('"a" = "b";\n', 'utf16le')])
    const p = parse(bytes)
    expect(p.encoding).toBe('utf-16le')
    const out = p.write(new Map([['a', 'c "d"']]))
    expect(Array.from(out.slice(0, 2))).toEqual([0xff, 0xfe])
    expect(Buffer.from(out.slice(2)).toString('utf16le')).toBe('"a" = "c \\"d\\"";\n')
  })

  test('reports duplicate keys once per repeat and writes the translation to every occurrence', () => {
    const p = parse('"a" = "x";\n"b" = "y";\n"a" = "x";\n')
    expect(p.entries.map((e) => e.key)).toEqual(['a', 'b'])
    expect(p.issues.map((i) => [i.code, i.line])).toEqual([['FORMAT_DUPLICATE_KEY', 3]])
    expect(dec.decode(p.write(new Map([['a', 'z']])))).toBe('"a" = "z";\n"b" = "y";\n"a" = "z";\n')
  })

  test('reports syntax errors with line and column and keeps reading', () => {
    const p = parse('"a" = "x";\n"b" "y";\n"c" = "z"\n"d" = "w";\n"e" = "unterminated')
    expect(p.entries.map((e) => e.key)).toEqual(['a', 'c', 'd'])
    expect(p.issues.map((i) => [i.code, i.line, i.column])).toEqual([
      ['FORMAT_SYNTAX', 2, 5],
      ['FORMAT_SYNTAX', 4, 1],
      ['FORMAT_SYNTAX', 5, 7],
    ])
  })

  test('refuses input over maxBytes', () => {
    expect(parse('"a" = "b";', { maxBytes: 4 }).issues.map((i) => i.code)).toEqual(['FORMAT_TOO_LARGE'])
  })

  test('refuses input over the default 11 MiB limit without decoding it', () => {
    const big = new Uint8Array(11 * 1024 * 1024 + 1).fill(0x20)
    const p = parse(big)
    expect(p.issues.map((i) => i.code)).toEqual(['FORMAT_TOO_LARGE'])
    expect(p.write(new Map()).length).toBe(big.length)
  })

  test('reports invalid UTF-8 with its position and still reads the entries', () => {
    const bytes = new Uint8Array([...Buffer.from('"a" = "b";\n"c" = "'), 0xff, ...Buffer.from('";\n')])
    const p = parse(bytes)
    expect(p.issues.map((i) => [i.code, i.line, i.column])).toEqual([['FORMAT_ENCODING', 2, 8]])
    expect(p.entries.map((e) => e.key)).toEqual(['a', 'c'])
    expect(Buffer.from(p.write(new Map())).equals(Buffer.from(bytes))).toBe(true)
  })

  test('detects UTF-16 without a BOM and writes it back without one', () => {
    const bytes = new Uint8Array(Buffer.from('"a" = "b";\n', 'utf16le'))
    const p = parse(bytes)
    expect(p.encoding).toBe('utf-16le')
    expect(Buffer.from(p.write(new Map([['a', 'é']]))).toString('utf16le')).toBe('"a" = "é";\n')
  })

  test('reports binary content as FORMAT_ENCODING', () => {
    expect(parse(Uint8Array.of(0x22, 0x00, 0x01, 0x22, 0x3d)).issues.map((i) => i.code)).toEqual(['FORMAT_ENCODING'])
  })
})
