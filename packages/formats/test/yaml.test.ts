import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { parse } from '@verso/formats/yaml'
import { corpusFixtures, inline, testCodec } from './conformance.js'

const dec = new TextDecoder()
const writeText = (src: string, key: string, text: string) => dec.decode(parse(src).write(new Map([[key, text]])))

testCodec('yaml', parse, [
  ...corpusFixtures('yaml'),
  inline('styles.yml', '# top\nen:\n  # greeting note\n  hello: Hello   # trailing\n  single: \'It\'\'s\'\n  double: "Caf\\u00e9 \\"q\\""\n  lit: |\n    line one\n    line two\n  fold: >-\n    folded text that\n    goes on\n  seq: [Sunday, ~, :year]\n  items:\n    - first\n    - second\n  count:\n    one: "%{count} item"\n    other: "%{count} items"\n'),
  inline('anchors.yml', 'base: &B\n  title: Title\n  name: &n Name\nzh:\n  <<: *B\n  title: "标题"\n  other: *n\n'),
  inline('crlf.yml', '---\r\na: b\r\nc: \'d\'\r\n'),
], { pluralTarget: 'ru', keepsZero: true })

describe('yaml codec', () => {
  test('leaves the Rails locale key out of entry keys and renames it for the target language', () => {
    const p = parse('en:\n  a:\n    b: Hi\n')
    expect(p.entries.map((e) => e.key)).toEqual(['a.b'])
    expect(dec.decode(p.write(new Map([['a.b', 'Hola']]), { targetLanguage: 'es' }))).toBe('es:\n  a:\n    b: Hola\n')
  })

  test('quotes a target language code that YAML 1.1 reads as a boolean', () => {
    const p = parse('en:\n  a: Hi\n')
    expect(dec.decode(p.write(new Map(), { targetLanguage: 'no' }))).toBe("'no':\n  a: Hi\n")
  })

  test('makes one plural entry of a one/other map and writes the target language categories', () => {
    const p = parse('en:\n  n:\n    one: "%{count} item"\n    other: "%{count} items"\n')
    expect(p.entries).toMatchObject([{ key: 'n', text: '%{count} items', plural: { one: '%{count} item', other: '%{count} items' } }])
    const out = dec.decode(p.write(new Map([['n', { one: 'a', few: 'b', many: 'c', other: 'd' }]]), { targetLanguage: 'ru' }))
    expect(out).toBe('ru:\n  n:\n    one: "a"\n    few: "b"\n    many: "c"\n    other: "d"\n')
    const ja = dec.decode(p.write(new Map([['n', { other: 'x' }]]), { targetLanguage: 'ja' }))
    expect(ja).toBe('ja:\n  n:\n    other: "x"\n')
  })

  test("keeps the non-specific tag of Psych's `! 'text'` values and writes the translation after it", () => {
    const p = parse("en:\n  title: ! 'Pools search result for \"%{q}\"'\n  count: ! 12\n")
    expect(p.entries).toMatchObject([{ key: 'title', text: 'Pools search result for "%{q}"' }, { key: 'count', text: '12' }])
    const out = dec.decode(p.write(new Map([['title', "Résultat de la recherche «%{q}» d'ensembles"]]), { targetLanguage: 'fr' }))
    expect(out).toBe("fr:\n  title: ! 'Résultat de la recherche «%{q}» d''ensembles'\n  count: ! 12\n")
  })

  test('writes a one-line flow plural map with the target language categories, in the same layout', () => {
    const p = parse('en:\n  n: {one: "%{count} item", other: \'%{count} items\'} # counted\n  m: x\n')
    expect(p.entries).toMatchObject([{ key: 'n', plural: { one: '%{count} item', other: '%{count} items' } }, { key: 'm', text: 'x' }])
    const out = dec.decode(p.write(new Map([['n', { one: 'a', few: 'b', many: 'c', other: 'd' }]]), { targetLanguage: 'ru' }))
    expect(out).toBe('ru:\n  n: {one: "a", few: "b", many: "c", other: \'d\'} # counted\n  m: x\n')
  })

  test('keeps the quoting style when it can and falls back to a safe one', () => {
    expect(writeText('a: x\n', 'a', 'plain text')).toBe('a: plain text\n')
    expect(writeText('a: x\n', 'a', 'key: value')).toBe("a: 'key: value'\n")
    expect(writeText('a: x\n', 'a', 'yes')).toBe("a: 'yes'\n")
    expect(writeText('a: x\n', 'a', 'two\nlines')).toBe('a: "two\\nlines"\n')
    expect(writeText("a: 'x'\n", 'a', "it's")).toBe("a: 'it''s'\n")
    expect(writeText('a: "x"\n', 'a', 'say "hi"')).toBe('a: "say \\"hi\\""\n')
  })

  test('writes block scalars as blocks with the original indentation', () => {
    expect(writeText('a: |\n    one\n    two\nb: c\n', 'a', 'uno\ndos\n')).toBe('a: |\n    uno\n    dos\nb: c\n')
    expect(writeText('a: |\n  one\nb: c\n', 'a', 'uno')).toBe('a: |-\n  uno\nb: c\n')
    expect(writeText('a: >-\n  one\nb: c\n', 'a', 'un deux')).toBe('a: >-\n  un deux\nb: c\n')
    expect(writeText('a: >-\n  one\nb: c\n', 'a', '  lead')).toBe('a: "  lead"\nb: c\n')
  })

  test('translates an anchored value once and makes no entries for aliases or merge keys', () => {
    const p = parse('base: &B\n  t: Title\nzh:\n  <<: *B\n  u: &x U\n  v: *x\n')
    expect(p.entries.map((e) => e.key)).toEqual(['base.t', 'zh.u'])
  })

  test('leaves nulls, numbers and :symbols untranslatable', () => {
    const p = parse('a: [~, 3, :year, true, word]\n')
    expect(p.entries.map((e) => e.translatable)).toEqual([false, false, false, false, true])
  })

  test('reports an alias bomb with FORMAT_ALIAS_LIMIT instead of expanding it', () => {
    const bomb = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for (const [x, y] of [['b', 'a'], ['c', 'b'], ['d', 'c'], ['e', 'd'], ['f', 'e'], ['g', 'f'], ['h', 'g'], ['i', 'h']]) {
      bomb.push(`${x}: &${x} [*${y},*${y},*${y},*${y},*${y},*${y},*${y},*${y},*${y}]`)
    }
    const p = parse(bomb.join('\n') + '\n')
    expect(p.issues.map((i) => i.code)).toContain('FORMAT_ALIAS_LIMIT')
  })

  test('reports 100 000-deep nesting with FORMAT_TOO_DEEP', () => {
    expect(parse('a: ' + '['.repeat(100_000) + ']'.repeat(100_000)).issues.map((i) => i.code)).toContain('FORMAT_TOO_DEEP')
    const block = Array.from({ length: 400 }, (_, i) => `${' '.repeat(i)}k:`).join('\n') + ' v\n'
    expect(parse(block).issues.map((i) => i.code)).toContain('FORMAT_TOO_DEEP')
  })

  test('reports a syntax error with its line and column', () => {
    const p = parse('a: b\nc: "unterminated\n')
    expect(p.issues[0]).toMatchObject({ code: 'FORMAT_SYNTAX' })
    expect(p.issues[0]!.line).toBeGreaterThanOrEqual(2)
  })

  test('reports a duplicate key', () => {
    expect(parse('a: 1\na: 2\n').issues.map((i) => i.code)).toEqual(['FORMAT_DUPLICATE_KEY'])
  })

  test('a key given twice is read as YAML loaders read it, the last one; the earlier one stays as it is', () => {
    // Open Food Network's en.yml: `producers: 'Australian Producers'`, later `producers: {signup: …}`
    const src = "en:\n  producers: 'Australian Producers'\n  join: Join now\n  producers:\n    signup:\n      start: Start with a free profile\n"
    const p = parse(src)
    expect(p.entries.map((e) => [e.key, e.text])).toEqual([['join', 'Join now'], ['producers.signup.start', 'Start with a free profile']])
    expect(p.issues).toMatchObject([{ code: 'FORMAT_DUPLICATE_KEY', line: 2 }])
    const out = dec.decode(p.write(new Map([['join', 'Únete'], ['producers.signup.start', 'Empieza con un perfil gratuito']]), { targetLanguage: 'es' }))
    expect(out).toBe("es:\n  producers: 'Australian Producers'\n  join: Únete\n  producers:\n    signup:\n      start: Empieza con un perfil gratuito\n")
    expect(p.valueOf?.('producers.signup.start')).toBe('Start with a free profile')
    // a merge into a target file adds what the last one holds, not the earlier one's keys
    const target = parse('es:\n  join: Únete\n')
    const merged = dec.decode(target.merge!(p, new Map([['producers.signup.start', 'Empieza']]), { targetLanguage: 'es' }))
    expect(merged).toBe('es:\n  join: Únete\n  producers:\n    signup:\n      start: Empieza\n')
  })

  test('a quoted value whose continuation lines sit at its key\'s column (Psych reads it, YAML 1.2 does not) is read, and indented on the way out', () => {
    // Open Food Network's config/locales/en.yml, `errors.not_found.message_html`
    const src = 'en:\n  not_found:\n    title: Not found\n    message_html: "<b>Please try again</b>\n    <p>It may be a temporary problem.</p>\n\n    <b>Contact us</b>"\n    other: \'one\n  two\'\n    last: End\n'
    const p = parse(src)
    expect(p.issues).toEqual([])
    expect(p.entries.map((e) => [e.key, e.text])).toEqual([
      ['not_found.title', 'Not found'],
      // folded as libyaml folds it: a line break is a space, an empty line a line break
      ['not_found.message_html', '<b>Please try again</b> <p>It may be a temporary problem.</p>\n<b>Contact us</b>'],
      ['not_found.other', 'one two'],
      ['not_found.last', 'End'],
    ])
    expect(dec.decode(p.write(new Map()))).toBe(src) // nothing to write: the bytes come back
    const out = dec.decode(p.write(new Map([['not_found.title', 'No encontrado']])))
    expect(out).toBe(src.replace('Not found', 'No encontrado').replace('\n    <p>', '\n      <p>').replace('\n    <b>Contact', '\n      <b>Contact').replace('\n  two', '\n      two'))
    expect(parse(out).issues).toEqual([])
    const translated = parse(dec.decode(p.write(new Map([['not_found.message_html', '<b>Inténtalo otra vez</b>']])))).entries
    expect(translated.find((e) => e.key === 'not_found.message_html')?.text).toBe('<b>Inténtalo otra vez</b>')
  })

  test('under-indented continuation lines read as the same values as indented ones (generated files)', () => {
    const word = fc.stringMatching(/^[A-Za-z][A-Za-z<>\/=' ]{0,12}[A-Za-z>]$/)
    const value = fc.tuple(fc.constantFrom('"', "'"), fc.array(fc.array(word, { minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 4 }))
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 2 }), (values, shallow) => {
        const quoted = (quote: string, lines: string[][], indent: string) => {
          const body = lines.map((l) => l.join(' ').replaceAll(quote, quote === "'" ? "''" : '\\"')).join(`\n${indent}`)
          return `${quote}${body}${quote}`
        }
        const doc = (continuation: string) => 'en:\n  group:\n' + values.map(([q, lines], i) => `    k${i}: ${quoted(q, lines, continuation)}\n`).join('')
        const strict = parse(doc('      '))
        const lenient = parse(doc(' '.repeat(shallow * 2)))
        expect(strict.issues).toEqual([])
        expect(lenient.issues).toEqual([])
        expect(lenient.entries.map((e) => [e.key, e.text])).toEqual(strict.entries.map((e) => [e.key, e.text]))
      }),
      { numRuns: 200 },
    )
  })

  test('a quoted value that never closes, or that a document marker interrupts, is still a syntax error', () => {
    expect(parse('a: "open\nb: c\n').issues.map((i) => i.code)).toContain('FORMAT_SYNTAX')
    expect(parse('a:\n  b: "one\n---\n  two"\n').issues.map((i) => i.code)).toContain('FORMAT_SYNTAX')
    // a block scalar's lines are not quoted values, whatever they hold
    expect(parse('a: |\n  b: "one\nc: "two\n').issues.map((i) => i.code)).toContain('FORMAT_SYNTAX')
  })

  test('takes the comment above a key as its note', () => {
    const p = parse('a: 1\n# Shown on the button\nb: OK\n')
    expect(p.entries.find((e) => e.key === 'b')?.note).toBe('Shown on the button')
  })
})

describe('yaml codec on hostile input', () => {
  test('reports invalid UTF-8 and oversized input as issues', () => {
    expect(parse(Uint8Array.from([0x61, 0x3a, 0x20, 0xc3, 0x28, 0x0a])).issues.map((i) => i.code)).toEqual(['FORMAT_ENCODING'])
    expect(parse('a: b\n', { maxBytes: 3 }).issues.map((i) => i.code)).toEqual(['FORMAT_TOO_LARGE'])
  })

  test('reports deep block sequences and flow maps on one line with FORMAT_TOO_DEEP', () => {
    expect(parse('- '.repeat(50_000) + 'x\n').issues.map((i) => i.code)).toContain('FORMAT_TOO_DEEP')
    expect(parse('{a: '.repeat(50_000)).issues.map((i) => i.code)).toContain('FORMAT_TOO_DEEP')
  })

  test('never throws on YAML-like token soup and writes it back unchanged', () => {
    const token = fc.constantFrom('a', ':', ': ', '- ', '\n', '  ', '"', "'", '|', '>-', '&x ', '*x', '<<: ', '[', ']', '{', '}', ',', '#c', '---\n', '? ', '!!str ', '%YAML 1.2\n', '\t', 'é')
    fc.assert(
      fc.property(fc.array(token, { maxLength: 40 }), (parts) => {
        const src = parts.join('')
        const p = parse(src)
        expect(Buffer.from(p.write(new Map())).toString()).toBe(src)
        const all = new Map(p.entries.filter((e) => e.translatable).map((e) => [e.key, e.plural ? { other: 'x' } : 'x «y»']))
        p.write(all)
      }),
      { numRuns: 300, seed: 7 },
    )
  })
})
