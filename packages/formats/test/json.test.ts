import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { parse } from '@verso/formats/json'
import { corpusFixtures, inline, testCodec } from './conformance.js'

const enc = new TextEncoder()
const dec = new TextDecoder()

testCodec('json', parse, [
  ...corpusFixtures('json'),
  inline('nested.json', '{\n  "a": {\n    "b": "Hello",\n    "c.d": "dotted \\u00e9 \\/ \\"q\\""\n  },\n  "n": 3,\n  "list": ["x", "", true, null]\n}\n'),
  inline('plural.json', '{\n  "items": {\n    "one": "{{count}} item",\n    "other": "{{count}} items"\n  },\n  "title": "Items"\n}'),
  inline('i18next-suffix.json', '{\n  "title": "Cart",\n  "item_one": "{{count}} item",\n  "item_other": "{{count}} items",\n  "nested": {"left_one": "one left", "left_other": "{{count}} left"}\n}\n'),
  inline('flat-crlf-bom.json', '\ufeff{"a.b": "One",\r\n "c": "Two"}\r\n'),
], { pluralTarget: 'ru', keepsZero: true })

// JSON catalog dialects whose entries' texts are what `write` without a target writes (a String
// Catalog then writes its source language; with a target it adds that language: xcstrings.test.ts)
const real = (name: string) => ({ name, bytes: new Uint8Array(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url))) })
testCodec('json (.arb, messages.json, .xcstrings)', parse, [real('app_en.arb'), real('webextension-messages.json'), real('Localizable.xcstrings')])

describe('json codec', () => {
  const w = (src: string, key: string, text: string) => dec.decode(parse(src).write(new Map([[key, text]])))

  test('keys nested values by path, escaping dots inside segments, and arrays by index', () => {
    const p = parse('{"a": {"b.c": ["x", {"d": "y"}]}, "e\\\\f": "z"}')
    expect(p.entries.map((e) => e.key)).toEqual(['a.b\\.c.0', 'a.b\\.c.1.d', 'e\\\\f'])
  })

  test('leaves untouched escapes as they were and writes new text minimally escaped', () => {
    const src = '{\n  "a": "caf\\u00e9 \\/",\n  "b": "x"\n}\n'
    expect(w(src, 'b', 'caf\u00e9 "q" \\ / \n')).toBe('{\n  "a": "caf\\u00e9 \\/",\n  "b": "caf\\u00e9 \\"q\\" \\\\ / \\n"\n}\n')
    expect(w('{"a": "caf\u00e9", "b": "x"}', 'b', 'th\u00e9')).toBe('{"a": "caf\u00e9", "b": "th\u00e9"}')
  })

  test('marks non-string and empty values untranslatable and never rewrites non-strings', () => {
    const p = parse('{"n": 1, "b": true, "z": null, "e": ""}')
    expect(p.entries.map((e) => e.translatable)).toEqual([false, false, false, false])
    expect(dec.decode(p.write(new Map([['n', 'x']])))).toBe('{"n": 1, "b": true, "z": null, "e": ""}')
  })

  test('writes plural maps with the target language categories in the same layout', () => {
    const p = parse('{\n  "n": {\n    "one": "1 item",\n    "other": "{{count}} items"\n  }\n}\n')
    const out = dec.decode(p.write(new Map([['n', { one: 'a', few: 'b', many: 'c', other: 'd' }]]), { targetLanguage: 'ru' }))
    expect(out).toBe('{\n  "n": {\n    "one": "a",\n    "few": "b",\n    "many": "c",\n    "other": "d"\n  }\n}\n')
  })

  test('makes one plural entry of i18next suffix keys and writes the target language categories in their place', () => {
    const src = '{\n  "title": "Cart",\n  "item_one": "{{count}} item",\n  "item_other": "{{count}} items",\n  "done": "Done"\n}\n'
    const p = parse(src)
    expect(p.entries.map((e) => e.key)).toEqual(['title', 'item', 'done'])
    expect(p.entries[1]).toMatchObject({ key: 'item', text: '{{count}} items', plural: { one: '{{count}} item', other: '{{count}} items' }, line: 3, column: 3 })
    const ru = dec.decode(p.write(new Map([['item', { one: 'a', few: 'b', many: 'c', other: 'd' }]]), { targetLanguage: 'ru' }))
    expect(ru).toBe('{\n  "title": "Cart",\n  "item_one": "a",\n  "item_few": "b",\n  "item_many": "c",\n  "item_other": "d",\n  "done": "Done"\n}\n')
    const ja = dec.decode(p.write(new Map([['item', { other: 'x' }]]), { targetLanguage: 'ja' }))
    expect(ja).toBe('{\n  "title": "Cart",\n  "item_other": "x",\n  "done": "Done"\n}\n')
  })

  test('leaves suffix keys separate when they are not adjacent, are ordinals, lack other, or sit beside their base key', () => {
    const keys = (src: string) => parse(src).entries.map((e) => e.key)
    expect(keys('{"a_one": "x", "b": "y", "a_other": "z"}')).toEqual(['a_one', 'b', 'a_other'])
    expect(keys('{"place_ordinal_one": "st", "place_ordinal_other": "th"}')).toEqual(['place_ordinal_one', 'place_ordinal_other'])
    expect(keys('{"a_one": "x", "a_few": "y"}')).toEqual(['a_one', 'a_few'])
    expect(keys('{"a": "x", "a_one": "y", "a_other": "z"}')).toEqual(['a', 'a_one', 'a_other'])
    expect(keys('{"a_one": "x", "a_other": 2}')).toEqual(['a_one', 'a_other'])
  })

  test('reports a syntax error with line and column and never throws', () => {
    const p = parse('{\n  "a": "b",\n  "c" "d"\n}')
    expect(p.issues[0]).toMatchObject({ code: 'FORMAT_SYNTAX', line: 3, column: 7 })
  })

  test('a key given twice is read as JSON.parse reads it, the last one; the earlier one is reported and stays as it is', () => {
    const p = parse('{"a": "1", "a": "2"}')
    expect(p.issues).toMatchObject([{ code: 'FORMAT_DUPLICATE_KEY', line: 1, column: 2 }])
    expect(p.entries).toMatchObject([{ key: 'a', text: '2' }])
    expect(dec.decode(p.write(new Map([['a', 'dos']])))).toBe('{"a": "1", "a": "dos"}')
    // an object given twice: only the last one's strings are entries, a plural among them too
    const q = parse('{"menu": {"open": "Open", "n": {"one": "# file", "other": "# files"}}, "x": "X", "menu": {"close": "Close", "n": {"one": "# item", "other": "# items"}}}')
    expect(q.entries.map((e) => [e.key, e.plural ?? e.text])).toEqual([['x', 'X'], ['menu.close', 'Close'], ['menu.n', { one: '# item', other: '# items' }]])
    const out = JSON.parse(dec.decode(q.write(new Map([['menu.close', 'Cerrar']]))))
    expect(out.menu).toEqual({ close: 'Cerrar', n: { one: '# item', other: '# items' } })
    // merged into a target file, the source's earlier object adds nothing
    const merged = dec.decode(parse('{\n  "x": "Equis"\n}\n').merge!(q, new Map([['menu.close', 'Cerrar'], ['menu.open', 'Abrir']])))
    expect(JSON.parse(merged)).toEqual({ x: 'Equis', menu: { close: 'Cerrar' } })
    const twice = dec.decode(parse('{\n  "x": "Equis"\n}\n').merge!(p, new Map([['a', 'dos']])))
    expect(twice.match(/"a"/g)).toHaveLength(1)
    // three times, each earlier one reported; an object a syntax error leaves open too
    const thrice = parse('{"a": {"b": "1"}, "c": "C", "a": "2", "a": {"b": "3", "d": ["x"]}}')
    expect(thrice.entries.map((e) => [e.key, e.text])).toEqual([['c', 'C'], ['a.b', '3'], ['a.d.0', 'x']])
    expect(thrice.issues.map((i) => i.column)).toEqual([2, 29])
    expect(parse('{"a": "1", "b": "B", "a": "2"').entries.map((e) => [e.key, e.text])).toEqual([['b', 'B'], ['a', '2']])
  })

  test('reports 100 000-deep nesting with FORMAT_TOO_DEEP without overflowing the stack', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000)
    expect(parse(deep).issues.map((i) => i.code)).toEqual(['FORMAT_TOO_DEEP'])
    expect(parse('{"a":'.repeat(100_000)).issues.map((i) => i.code)).toEqual(['FORMAT_TOO_DEEP'])
  })

  test('reports invalid UTF-8 with FORMAT_ENCODING and a file over maxBytes with FORMAT_TOO_LARGE', () => {
    const bad = parse(Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]))
    expect(bad.issues.map((i) => i.code)).toEqual(['FORMAT_ENCODING'])
    expect(parse('{"a": "b"}', { maxBytes: 4 }).issues.map((i) => i.code)).toEqual(['FORMAT_TOO_LARGE'])
  })

  test('tolerates a BOM and keeps it, and reads UTF-16 with a BOM', () => {
    const bom = parse('\ufeff{"a": "b"}')
    expect(bom.entries[0]?.text).toBe('b')
    expect([...bom.write(new Map([['a', 'c']])).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const u16 = new Uint8Array([0xff, 0xfe, ...[...'{"a":"b"}'].flatMap((c) => [c.charCodeAt(0), 0])])
    const p = parse(u16)
    expect(p.encoding).toBe('utf-16le')
    expect(parse(p.write(new Map([['a', 'é']]))).entries[0]?.text).toBe('é')
  })
})
