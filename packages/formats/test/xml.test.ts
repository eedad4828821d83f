import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { parse } from '@verso/formats/xml'
import { corpusFixtures, inline, testCodec } from './conformance.js'

const dec = new TextDecoder()
const writeText = (src: string, key: string, t: string | Record<string, string>, target?: string) =>
  dec.decode(parse(src).write(new Map([[key, t]]), target ? { targetLanguage: target } : {}))

const android = (body: string) => `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n${body}\n</resources>\n`

testCodec('xml (Android)', parse, [
  ...corpusFixtures('xml'),
  inline('android-mixed.xml', android([
    '    <!-- Greeting on the home screen -->',
    '    <string name="hello">Hello <b>%1$s</b>, it\\\'s \\"here\\" &amp; now</string>',
    '    <string name="quoted">"  Spaced  "</string>',
    '    <string name="cdata"><![CDATA[<i>raw</i> & more]]></string>',
    '    <plurals name="files">',
    '        <item quantity="one">%d file</item>',
    '        <item quantity="other">%d files</item>',
    '    </plurals>',
    '    <string-array name="days"><item>Monday</item><item>Tuesday</item></string-array>',
    '    <string name="skip" translatable="false">Verso</string>',
  ].join('\n'))),
], { pluralTarget: 'ru' })

const real = (name: string) => ({ name, bytes: new Uint8Array(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url))) })
const controls = /[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff]/
// dialects whose entries' texts are the values written (bilingual XLIFF and Qt write a target instead: test/xliff.test.ts, qt-linguist.test.ts)
testCodec('xml (.resx, .stringsdict)', parse, [real('Resources.resx'), real('Localizable.stringsdict')], { pluralTarget: 'ru', keepsZero: true, textFilter: (t) => !controls.test(t) })

const generic = controls
testCodec('xml (generic)', parse, [
  inline('generic.xml', '<?xml version="1.0"?>\n<messages>\n  <greeting>Hello &amp; welcome</greeting>\n  <item><title>One</title></item>\n  <item><title>Two</title></item>\n</messages>\n'),
], { textFilter: (t) => !generic.test(t) })

describe('xml codec (Android)', () => {
  test('reads strings, plurals, arrays, notes, products and translatable="false"', () => {
    const p = parse(android([
      '    <!-- Shown on the button -->',
      '    <string name="ok">OK</string>',
      '    <string name="title" product="tablet">Tablet</string>',
      '    <string name="id" translatable="false">x</string>',
      '    <plurals name="n"><item quantity="one">%d item</item><item quantity="other">%d items</item></plurals>',
      '    <string-array name="a"><item>First</item></string-array>',
    ].join('\n')))
    expect(p.issues).toEqual([])
    expect(p.entries.map((e) => [e.key, e.text, e.translatable])).toEqual([
      ['ok', 'OK', true], ['title#tablet', 'Tablet', true], ['id', 'x', false], ['n', '%d items', true], ['a[0]', 'First', true],
    ])
    expect(p.entries[0]!.note).toBe('Shown on the button')
    expect(p.entries[1]!.context).toBe('tablet')
    expect(p.entries[3]!.plural).toEqual({ one: '%d item', other: '%d items' })
  })

  test('a value written back unchanged keeps its bytes: a resource reference is not escaped into text', () => {
    // NewPipe's `<item>@string/limit_data_usage_none_description</item>` came back `\@string/…`
    const src = android('    <string-array name="limits"><item>@string/none</item><item>1080p</item><item>No limit</item></string-array>')
    const out = dec.decode(parse(src).write(new Map([['limits[0]', '@string/none'], ['limits[1]', '1080p'], ['limits[2]', 'Sin límite']])))
    expect(out).toBe(src.replace('No limit', 'Sin límite'))
    // a translation that starts with @ is still escaped, so Android reads it as text
    expect(writeText(src, 'limits[2]', '@todos')).toContain('<item>\\@todos</item>')
  })

  test('decodes Android escapes and entities and keeps inline markup and <xliff:g> in the text', () => {
    const p = parse(android('<string name="s">"Today at <xliff:g id="t" example="3pm">%s</xliff:g>" it\\\'s &lt;ok&gt; \\u00e9</string>'))
    expect(p.entries[0]!.text).toBe('Today at <xliff:g id="t" example="3pm">%s</xliff:g> it\'s <ok> \u00e9')
  })

  test('collapses unquoted white space like Android and keeps quoted white space', () => {
    const p = parse(android('<string name="a">\n   Line one\n   continues\\nhere  </string><string name="b">"  kept  "</string>'))
    expect(p.entries.map((e) => e.text)).toEqual(['Line one continues\nhere', '  kept  '])
    expect(writeText(android('<string name="a">x</string>'), 'a', ' two  spaces')).toBe(android('<string name="a">" two  spaces"</string>'))
  })

  test('writes apostrophes and quotes with Android escapes and keeps markup and the quoting style', () => {
    const src = android('    <string name="s">"Today at <xliff:g id="t">%s</xliff:g>"</string>')
    expect(writeText(src, 's', 'Hoy a las <xliff:g id="t">%s</xliff:g> l\'"a" & <x')).toBe(
      android('    <string name="s">"Hoy a las <xliff:g id="t">%s</xliff:g> l\\\'\\"a\\" &amp; &lt;x"</string>'),
    )
  })

  test('writes plural items for the target language categories (ru)', () => {
    const src = android('    <plurals name="n">\n        <item quantity="one">%d file</item>\n        <item quantity="other">%d files</item>\n    </plurals>')
    expect(writeText(src, 'n', { one: '%d файл', few: '%d файла', many: '%d файлов', other: '%d файла' }, 'ru')).toBe(
      android('    <plurals name="n">\n        <item quantity="one">%d файл</item>\n        <item quantity="few">%d файла</item>\n        <item quantity="many">%d файлов</item>\n        <item quantity="other">%d файла</item>\n    </plurals>'),
    )
    expect(writeText(src, 'n', { other: '%d ファイル' }, 'ja')).toBe(
      android('    <plurals name="n">\n        <item quantity="other">%d ファイル</item>\n    </plurals>'),
    )
  })

  test('refuses a DOCTYPE with entity declarations (billion laughs, XXE) without expanding anything', () => {
    const bomb = '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n]>\n<resources><string name="a">&lol2;</string></resources>\n'
    const xxe = '<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<resources><string name="a">&xxe;</string></resources>\n'
    for (const src of [bomb, xxe]) {
      const p = parse(src)
      expect(p.issues.map((i) => [i.code, i.line])).toEqual([['FORMAT_ENTITY_REFUSED', 2]])
      expect(p.entries).toEqual([])
      expect(dec.decode(p.write(new Map([['a', 'x']])))).toBe(src)
    }
  })

  test('reports an undefined entity as a syntax issue and leaves it as written', () => {
    const p = parse(android('<string name="a">x &nbsp; y</string>'))
    expect(p.issues.map((i) => i.code)).toEqual(['FORMAT_SYNTAX'])
    expect(p.entries[0]!.text).toBe('x &nbsp; y')
  })

  test('refuses nesting deeper than maxDepth with FORMAT_TOO_DEEP', () => {
    const deep = '<a>'.repeat(50) + 'x' + '</a>'.repeat(50)
    expect(parse(deep, { maxDepth: 20 }).issues.map((i) => i.code)).toEqual(['FORMAT_TOO_DEEP'])
    expect(parse(deep).entries).toHaveLength(1)
  })

  test('reports 100 000-deep nesting with FORMAT_TOO_DEEP without overflowing the stack', () => {
    const deep = '<a>'.repeat(100_000) + 'x' + '</a>'.repeat(100_000)
    const p = parse(deep)
    expect(p.issues.map((i) => i.code)).toEqual(['FORMAT_TOO_DEEP'])
    expect(p.entries).toEqual([])
    expect(Buffer.from(p.write(new Map())).toString()).toBe(deep)
  })

  test('keeps the entries completed before a syntax error with its position', () => {
    const p = parse('<resources>\n<string name="a">A</string>\n<string name="b">B</strin>\n')
    expect(p.entries.map((e) => e.key)).toEqual(['a'])
    expect(p.issues.map((i) => [i.code, i.line, i.column])).toEqual([['FORMAT_SYNTAX', 3, 19]])
  })

  test('reports duplicate names', () => {
    const p = parse(android('<string name="a">A</string><string name="a">B</string>'))
    expect(p.entries).toHaveLength(1)
    expect(p.issues.map((i) => i.code)).toEqual(['FORMAT_DUPLICATE_KEY'])
  })
})

describe('xml codec (bad input)', () => {
  test('reads a UTF-16LE file with a BOM and writes it back in UTF-16LE', () => {
    const bytes = new Uint8Array([0xff, 0xfe, ...Buffer.from(android('<string name="a">A</string>'), 'utf16le')])
    const p = parse(bytes)
    expect(p.encoding).toBe('utf-16le')
    const out = p.write(new Map([['a', 'Á']]))
    expect(Buffer.from(out.slice(2)).toString('utf16le')).toBe(android('<string name="a">Á</string>'))
  })

  test('reports invalid UTF-8 and truncated markup without throwing', () => {
    const src = Buffer.from(android('<string name="a">A</string>\n<string name="b">B'))
    const at = src.indexOf('<string name="b">') + 17
    const bytes = new Uint8Array([...src.subarray(0, at), 0xc3, ...src.subarray(at, src.length - 16)])
    const p = parse(bytes)
    expect(p.issues.map((i) => i.code)).toContain('FORMAT_ENCODING')
    expect(p.issues.map((i) => i.code)).toContain('FORMAT_SYNTAX')
    expect(p.entries.map((e) => e.key)).toEqual(['a'])
  })

  test('reads an ISO-8859-1 file that declares it and writes characters beyond Latin-1 as references', () => {
    const text = '<?xml version="1.0" encoding="ISO-8859-1"?>\n<resources><string name="a">caf\u00e9</string></resources>\n'
    const p = parse(Uint8Array.from([...text].map((c) => c.charCodeAt(0))))
    expect(p.encoding).toBe('iso-8859-1')
    expect(p.entries[0]!.text).toBe('caf\u00e9')
    const out = p.write(new Map([['a', '\u00e9t\u00e9 \u20ac']]))
    expect(Buffer.from(out).toString('latin1')).toBe('<?xml version="1.0" encoding="ISO-8859-1"?>\n<resources><string name="a">\u00e9t\u00e9 &#8364;</string></resources>\n')
    expect(parse(out).entries[0]!.text).toBe('\u00e9t\u00e9 \u20ac')
  })

  test('refuses input over maxBytes', () => {
    expect(parse(android('<string name="a">A</string>'), { maxBytes: 10 }).issues.map((i) => i.code)).toEqual(['FORMAT_TOO_LARGE'])
  })
})

describe('xml codec (generic)', () => {
  test('keys leaf elements by their path, with indexes for repeated names', () => {
    const p = parse('<m><a>One</a><b><c>Two</c><c>Three</c></b><d/><e> </e></m>')
    expect(p.entries.map((e) => [e.key, e.text, e.translatable])).toEqual([
      ['m/a', 'One', true], ['m/b/c[1]', 'Two', true], ['m/b/c[2]', 'Three', true], ['m/e', ' ', false],
    ])
    expect(dec.decode(p.write(new Map([['m/b/c[2]', 'Drei & <vier>']])))).toBe('<m><a>One</a><b><c>Two</c><c>Drei &amp; &lt;vier&gt;</c></b><d/><e> </e></m>')
  })
})
