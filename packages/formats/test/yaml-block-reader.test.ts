// The fast block reader must build exactly the tree the yaml library builds, or decline
// (undefined) so that the library parses. These tests compare the two on the corpus, on
// hand-written edge cases and on generated documents.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { Composer, Parser, isAlias, isMap, isScalar, isSeq } from 'yaml'
import { readBlockYaml } from '../src/yaml/block-reader.js'
import { corpusAvailable, corpusDir } from '../../../test-support/corpus.js'

/** What the codec reads of a node: structure, anchors, aliases, scalar styles, string values (other values by type) and ranges. */
function project(node: unknown): unknown {
  if (node === null || node === undefined) return null
  if (isAlias(node)) return { alias: node.source, range: [node.range![0], node.range![1]] }
  const anchor = (node as { anchor?: string }).anchor
  if (isScalar(node)) {
    const v = node.value
    return { value: typeof v === 'string' ? v : `<${v === null ? 'null' : typeof v}>`, type: node.type, range: [node.range![0], node.range![1]], anchor, tag: node.tag }
  }
  if (isMap(node)) return { flow: Boolean(node.flow), anchor, map: node.items.map((p) => [project(p.key), project(p.value)]) }
  if (isSeq(node)) return { flow: Boolean(node.flow), anchor, seq: node.items.map(project) }
  return { other: String(node) }
}

/** The library's reading: its tree, or undefined when it reports an error or more than one document. */
function libraryTree(text: string): unknown {
  const docs = Array.from(new Composer({ uniqueKeys: false, prettyErrors: false }).compose(new Parser().parse(text)))
  if (docs.length > 1 || docs.some((d) => d.errors.length > 0)) return undefined
  return project(docs[0]?.contents ?? null)
}

/**
 * Asserts the reader either declines or agrees with the library, on the text and on its CRLF
 * version; returns whether it read the text.
 */
function agrees(text: string): boolean {
  if (!text.includes('\r')) agreesAsIs(text.replaceAll('\n', '\r\n'))
  return agreesAsIs(text)
}

function agreesAsIs(text: string): boolean {
  const fast = readBlockYaml(text, 256)
  if (fast === undefined) return false
  const library = libraryTree(text)
  expect(library, `the library rejects what the block reader accepted:\n${text}`).not.toBeUndefined()
  expect(project(fast.contents), text).toEqual(library)
  return true
}

describe('yaml block reader agrees with the yaml library', () => {
  test.runIf(corpusAvailable)('reads the corpus files without anchors exactly as the library does', () => {
    const dir = corpusDir('yaml')
    const accepted = readdirSync(dir)
      .sort()
      .filter((name) => agrees(readFileSync(join(dir, name), 'utf8')))
    expect(accepted).toEqual(['discourse-chat-integration-client.en.yml', 'jekyll-text-theme-locale.yml', 'rails-i18n-ru.yml', 'redmine-en.yml'])
  })

  const read = [
    'a: b\n',
    'a: b',
    'a:\n',
    'a:',
    'a:   \nb:  # c\nc: x\n',
    '---\nen:\n  a: b\n',
    '--- # doc\nen:\n  a: b\n',
    '# only a comment\n',
    '',
    'KEY      : "value"\nOTHER : x\n',
    '"quoted key": x\n\'single\': y\n',
    'a: x\n  y\n\n  z # c\n',
    'a: x\n  y\n\n\n  z\nb: w\n',
    "a: 'it''s'\nb: 'x\n  y\n\n  z'\n",
    'a: "t\\"a\\tb\\u00e9\\x41\\U0001F600\\n\\\\"\n',
    'a: "x\n\n   y  "\n',
    'a: |\n  one\n  two\n\n\nb: >-\n  x\n   y\n\nc: z\n',
    'a: >\n  one\n  two\n\n  three\n    more\n  four\n',
    'a: |-\n    deep\n      deeper\n    back\nb: 1\n',
    'a: | # note\n  x\n',
    'a: |\n  x',
    'seq:\n- a\n-\n- "b"\n- k: v\n  l: w\nnext: x\n',
    'seq:\n  - a\n  - [x, "y", \'z\', ~, 1, true]\n  -   # c\n  - |\n    text\n',
    'a: [Sunday, Monday , ~ ]\nb: []\nc: [ a b c ] # trailing\n',
    'a: {}\nb: { }  # empty\nc:\n  - {}\n  - x\nd: &e {}\nf: *e\n',
    '- {}\n',
    'a: {one: "%{count} item", other: \'%{count} items\'}\nb: {x: 1, y: ~, z: true} # c\n',
    'a: { k : v ,  l: w }\n- x\n',
    'a: { k : v ,  "l"  : w }\n',
    'a: {k: v}\n',
    '- {k: v, "q k": [x]}\n',
    'a: {k}\n',
    'a: {k:v}\n',
    'a: {k: v,}\n',
    'a: {k: {l: m}}\n',
    'a: {k: v\n  , l: w}\n',
    'a: {k: v} x\n',
    'a: {k: v #c}\n',
    'a: {"k":v}\n',
    'a: {? k: v}\n',
    'a: {k: :v, -l: -m, :n: o}\n',
    'a: &m {k: v}\nb: *m\n',
    "a: ! 'Pools for \"%{q}\"'\nb: ! \"x\"\nc: ! plain text\nd: ! 123\ne: !   true # c\nf: ! ~\n",
    "- ! 'x'\n- ! y\n",
    'a: ! x\n  continued\n',
    'a: !\n  b: c\n',
    'a: ! |\n  x\n',
    'a: ! [x]\n',
    'a: &x ! y\n',
    'a: ! &x y\n',
    '- ! k: v\n',
    'a: !str x\n',
    'a: !!str x\n',
    'a: {} x\n',
    'a: {\n}\n',
    'a: 1\nb: 1.5\nc: true\nd: ~\ne: null\nf: 0x1F\ng: .inf\nh: -x\ni: :sym\nj: http://x.y/z\nk: a:b\nl: "#x"\nm: x#y\n',
    'a:\n  b:\n    c: d\n  e: f\ng: h\n',
    '- a\n- b\n',
    '- k: v\n  m:\n    n: o\n- p\n',
    'a: x # c\n',
    'a:\n  # comment\n  b: c\n',
    'list:\n- - nested\n',
    'a: &x b\nbase: &B\n  t: T\nc: *x\nz:\n  <<: *B\n  u: &y  "q"\nl: &L\n- 1\nm: *L \nn: &e\no: x # c\n',
    'a: &x\n  - &y one\n  - *y\nb: *x # c\n',
    'a: *x\nb: &x c\n',
    'a: &x\n  b: *x\n',
    'a: &x &y b\n',
    'a: &x *y\n',
    '- &a k: v\n',
    'a: &x: b\n',
  ]
  test.each(read)('reads or declines %j', (text) => {
    agrees(text)
  })

  test('reads the common shapes of localization files rather than declining them', () => {
    const common = [
      '---\nen:\n  a: b\n',
      'KEY      : "value"\nOTHER : x\n',
      'a: x\n  y\n\n  z # c\n',
      "a: 'it''s'\nb: 'x\n  y\n\n  z'\n",
      'a: |\n  one\n  two\n\n\nb: >-\n  x\n   y\n\nc: z\n',
      'seq:\n- a\n-\n- "b"\n- k: v\n  l: w\nnext: x\n',
      'a: [Sunday, Monday , ~ ]\nb: []\nc: [ a b c ] # trailing\n',
      'a:\n  # comment\n  b: c\n',
      'a: {}\nb: x\n',
      'count: {one: "%{count} item", other: "%{count} items"}\n',
      "title: ! 'Pools search result for \"%{q}\"'\nmessage: ! '%{attribute} %{message}'\n",
      'a: { k : v ,  "l"  : w }\n',
      'base: &B\n  t: T\nzh:\n  <<: *B\n  u: &y "q"\n  v: *y\n',
    ]
    for (const text of common) expect(readBlockYaml(text, 256), text).not.toBeUndefined()
  })

  test('declines what is outside its subset', () => {
    const outside = [
      'a: *x\nb: &x c\n', // an alias before its anchor
      'a: &x\n  b: *x\n', // a recursive alias
      'a: !!str 1\n', // tags other than `! ` before a scalar
      'a: !\n  b: c\n',
      'a: {b: {c: d}}\n', // nested flow collections
      '? a\n: b\n', // explicit keys
      'a: |+\n  x\n\n', // keep chomping
      'a: |2\n    x\n', // indentation indicator
      'a:\tb\n', // tabs
      'a: b\rc: d\r', // CR alone
      'a: b\r\nc: d\n', // mixed line breaks
      'a: b\n---\nc: d\n', // several documents
      '%YAML 1.2\n---\na: b\n', // directives
      'a: [b, c,]\n', // trailing comma
      'a: [b,\n  c]\n', // multi-line flow
      'a: "x\\\n  y"\n', // escaped line break
      '1: one\n', // non-string key
      'a: b: c\n', // error
      'a: "unterminated\n', // error
      '  a: b\nc: d\n', // bad indentation
      'a: b\n  c: d\n', // error
      'a:\n  b\n', // scalar on its own line
      'a: x\n  - y\n',
      'a: x # c\n  y\n', // comment in the middle of a plain scalar: an error
    ]
    for (const text of outside) expect(readBlockYaml(text, 256), text).toBeUndefined()
  })

  test('reads CRLF files as it reads LF ones', () => {
    expect(readBlockYaml('---\r\nen:\r\n  a: b\r\n  c: |\r\n    x\r\n\r\n    y\r\n  d:\r\n  - e\r\n', 256)).not.toBeUndefined()
    expect(agrees('---\nen:\n  a: b\n  c: |\n    x\n\n    y\n  d:\n  - e\n  f: "x\n\n    y" # z\n  g:   \n')).toBe(true)
  })

  test('declines nesting deeper than the limit so that the library reports it', () => {
    const deep = Array.from({ length: 10 }, (_, i) => `${' '.repeat(i)}k:`).join('\n') + ' v\n'
    expect(readBlockYaml(deep, 20)).not.toBeUndefined()
    expect(readBlockYaml(deep, 5)).toBeUndefined()
  })

  test('agrees with the library on generated localization-style documents', () => {
    let read = 0
    let valid = 0
    fc.assert(
      fc.property(documentArbitrary, (text) => {
        const isRead = agrees(text)
        // the ratio leaves out documents with aliases, which often name no anchor (see anchoredScalar)
        if (text.includes('*') || libraryTree(text) === undefined) return
        valid++
        if (isRead) read++
      }),
      { numRuns: 2000, seed: 42 },
    )
    // most documents the library reads without error must be read by the block reader too, or
    // this test would not be exercising it (the rest use what it leaves to the library, such
    // as a `? ` line continuing a plain scalar)
    expect(read / valid).toBeGreaterThan(0.7)
  })

  test('agrees with the library (or declines) on YAML-like token soup', () => {
    const token = fc.constantFrom('a', 'b c', ':', ': ', '- ', '-', '\n', '  ', '    ', '"', "'", "''", '\\', '\\n', '|', '|-', '>', '>-', '[', ']', ',', '#c', ' #c', '---', '~', '1', 'é', '%{x}', '{', '}', '?', '&', '*', '!', '&a ', '*a', '&b', '*b', '<<: ')
    fc.assert(
      fc.property(fc.array(token, { maxLength: 30 }), (parts) => {
        agrees(parts.join(''))
      }),
      { numRuns: 3000, seed: 11 },
    )
  })
})

// ---- a generator of localization-style YAML ----------------------------------------------------

const word = fc.constantFrom('Hello', 'world', 'it\'s', 'a:b', 'x#y', '%{count}', '{name}', 'café', '“q”', 'ok!', 'one,two', '[x]', '50%', 'end.', '-dash', ':sym', 'true', '1', '~', 'null', 'a "b"', 'http://x/y', '?')
const words = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '))
const key = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[a-z_][a-z0-9_.-]{0,8}$/) },
  { weight: 1, arbitrary: words.map((w) => JSON.stringify(w)) },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z ]{1,6}$/).map((w) => `'${w}'`) },
)

type Lines = (indent: string) => string[]

/** A scalar written after `key: ` or `- `, possibly continuing on lines indented by `indent` + 2. */
const scalar: fc.Arbitrary<Lines> = fc.oneof(
  words.map((w): Lines => () => [w]),
  fc.tuple(words, words, fc.nat(2)).map(([a, b, blanks]): Lines => (indent) => [a, ...Array<string>(blanks).fill(''), `${indent}  ${b}`]),
  fc.tuple(words, fc.boolean()).map(([w, broken]): Lines => (indent) => {
    const q = `'${w.replace(/'/g, "''")}'`
    return broken ? [q.slice(0, 3), `${indent}  ${q.slice(3)}`] : [q]
  }),
  fc.tuple(fc.array(fc.oneof(words, fc.constantFrom('\\n', '\\t', '\\"', '\\u00e9', '\\\\', '\\x41')), { minLength: 1, maxLength: 3 }), fc.boolean()).map(([parts, broken]): Lines => (indent) => {
    const body = parts.join(' ').replace(/"/g, (m, i: number, s: string) => (s[i - 1] === '\\' ? m : '\\"'))
    return broken && !body.includes('\\') ? [`"${body.slice(0, 2)}`, `${indent}  ${body.slice(2)}"`] : [`"${body}"`]
  }),
  fc.tuple(fc.constantFrom('|', '|-', '>', '>-'), fc.array(fc.oneof(words, fc.constant(''), words.map((w) => `  ${w}`)), { minLength: 1, maxLength: 5 }), fc.constantFrom('', ' # c')).map(
    ([header, lines, comment]): Lines => (indent) => [`${header}${comment}`, ...lines.map((l) => (l === '' ? '' : `${indent}  ${l}`))],
  ),
  fc.array(fc.oneof(words.filter((w) => !/[,[\]{}#:]/.test(w)), words.map((w) => JSON.stringify(w))), { maxLength: 4 }).map((items): Lines => () => [`[${items.join(', ')}]`]),
  fc.constantFrom('{}', '{ }').map((empty): Lines => () => [empty]),
  fc.array(fc.tuple(fc.constantFrom('one', 'other', 'few', 'k y', '"q"', "'s'", '1'), fc.oneof(words.filter((w) => !/[,[\]{}#:]/.test(w)), words.map((w) => JSON.stringify(w)))), { maxLength: 3 }).map(
    (pairs): Lines => () => [`{${pairs.map(([k, v]) => `${k}: ${v}`).join(', ')}}`],
  ),
  fc.constant<Lines>(() => ['']),
)
/**
 * Sometimes an anchor or the non-specific tag before the scalar (`&x value`, `! value`), and now
 * and then an alias instead of it (`*x`, which the library reads without an error even where no
 * `&x` came before).
 */
const anchoredScalar: fc.Arbitrary<Lines> = fc.tuple(fc.constantFrom('', '', '', '', '', '', '', '', '&x ', '&y ', '*x', '*y', '! '), scalar).map(
  ([property, lines]): Lines =>
    (indent) => {
      if (property.startsWith('*')) return [property]
      const [first, ...rest] = lines(indent)
      return [`${property}${first}`.trimEnd(), ...rest]
    },
)

const comment = fc.option(fc.constantFrom('# note', '# a longer note: with colon'), { nil: undefined })

function mapLines(depth: number): fc.Arbitrary<Lines> {
  const value: fc.Arbitrary<{ inline: Lines } | { block: Lines }> =
    depth >= 3
      ? anchoredScalar.map((inline) => ({ inline }))
      : fc.oneof(
          { weight: 4, arbitrary: anchoredScalar.map((inline) => ({ inline })) },
          { weight: 1, arbitrary: fc.constant(null).chain(() => mapLines(depth + 1)).map((block) => ({ block })) },
          { weight: 1, arbitrary: fc.constant(null).chain(() => seqLines(depth + 1)).map((block) => ({ block })) },
        )
  return fc.array(fc.tuple(key, fc.constantFrom('', '   '), value, comment, fc.boolean(), fc.constantFrom('', ' # trailing')), { minLength: 1, maxLength: 5 }).map(
    (pairs): Lines =>
      (indent) => {
        const out: string[] = []
        for (const [k, pad, v, note, blank, trailing] of pairs) {
          if (blank) out.push('')
          if (note) out.push(`${indent}${note}`)
          if ('inline' in v) {
            const [first, ...rest] = v.inline(indent)
            const firstLine = first === '' ? `${indent}${k}${pad}:` : `${indent}${k}${pad}: ${first}`
            out.push(rest.length === 0 && first !== '' && !first!.startsWith('|') && !first!.startsWith('>') ? firstLine + trailing : firstLine, ...rest)
          } else {
            out.push(`${indent}${k}${pad}:`)
            out.push(...v.block(`${indent}  `))
          }
        }
        return out
      },
  )
}

function seqLines(depth: number): fc.Arbitrary<Lines> {
  const item: fc.Arbitrary<{ inline: Lines } | { map: Lines }> =
    depth >= 3 ? scalar.map((inline) => ({ inline })) : fc.oneof({ weight: 3, arbitrary: scalar.map((inline) => ({ inline })) }, { weight: 1, arbitrary: fc.constant(null).chain(() => mapLines(depth + 1)).map((map) => ({ map })) })
  return fc.tuple(fc.array(item, { minLength: 1, maxLength: 4 }), fc.boolean()).map(
    ([items, zeroIndented]): Lines =>
      (indent) => {
        // zero-indented: the dashes at the parent key's indentation, as Psych writes them
        const dashIndent = zeroIndented && indent.length >= 2 ? indent.slice(2) : indent
        const out: string[] = []
        for (const it of items) {
          if ('inline' in it) {
            const [first, ...rest] = it.inline(dashIndent)
            out.push(first === '' ? `${dashIndent}-` : `${dashIndent}- ${first}`, ...rest)
          } else {
            const lines = it.map(`${dashIndent}  `)
            const firstContent = lines.findIndex((l) => l.trim() !== '' && !l.trim().startsWith('#'))
            const [head] = lines.splice(firstContent, 1)
            out.push(...lines.slice(0, firstContent), `${dashIndent}- ${head!.slice(dashIndent.length + 2)}`, ...lines.slice(firstContent))
          }
        }
        return out
      },
  )
}

const documentArbitrary: fc.Arbitrary<string> = fc
  .tuple(fc.boolean(), fc.boolean(), mapLines(0), fc.boolean())
  .map(([marker, rails, lines, finalBreak]) => {
    const body = rails ? ['en:', ...lines('  ')] : lines('')
    const text = [...(marker ? ['---'] : []), ...body].join('\n')
    return finalBreak ? `${text}\n` : text
  })
