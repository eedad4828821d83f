import { describe, expect, test } from 'vitest'
import { parse } from '@verso/formats/properties'
import { prepare } from '@verso/formats/placeholders'
import { corpusFixtures, inline, testCodec } from './conformance.js'
import { corpusAvailable } from '../../../test-support/corpus.js'

const dec = new TextDecoder()
const write = (src: string | Uint8Array, key: string, text: string) => parse(src).write(new Map([[key, text]]))
const writeText = (src: string, key: string, text: string) => dec.decode(write(src, key, text))

const latin1 = Uint8Array.from([...'# caf\u00e9\nkey=caf\u00e9\nother=x\n'].map((c) => c.charCodeAt(0)))

testCodec('properties', parse, [
  ...corpusFixtures('properties'),
  inline('separators.properties', '! bang comment\nequals=one\ncolon:two\nspace three\n  indented = four\nempty=\nalone\nescaped\\ key = v\\u00e9 \\n x\n'),
  inline('continuation.properties', '# note\nlong=first \\\n    second \\\n    third\nmulti=line one\\n\\\n  line two\r\nlast=end'),
  { name: 'latin1.properties', bytes: latin1 },
])

describe('properties codec', () => {
  test('reads the three separators, escapes and continuations like java.util.Properties', () => {
    const p = parse('a=1\nb:2\nc 3\nd = \\ lead\ne=x\\\n   y\nf=\\u00e9\\t\\\\\n')
    expect(Object.fromEntries(p.entries.map((e) => [e.key, e.text]))).toEqual({
      a: '1', b: '2', c: '3', d: ' lead', e: 'xy', f: '\u00e9\t\\',
    })
    expect(p.issues).toEqual([])
  })

  test('turns the comment block directly above a key into its note', () => {
    const p = parse('# header\n\n# Shown on the button\n! second line\nbutton=OK\n')
    expect(p.entries[0]?.note).toBe('Shown on the button\nsecond line')
  })

  test('writes non-ASCII as \\u escapes in an escaped ASCII file and raw in a UTF-8 file', () => {
    expect(writeText('a=caf\\u00e9\nb=x\n', 'b', 'th\u00e9 😀')).toBe('a=caf\\u00e9\nb=th\\u00e9 \\ud83d\\ude00\n')
    expect(writeText('a=caf\u00e9\nb=x\n', 'b', 'th\u00e9 😀')).toBe('a=caf\u00e9\nb=th\u00e9 😀\n')
    expect(writeText('a=caf\\u00E9\nb=x\n', 'b', '\u00ea')).toBe('a=caf\\u00E9\nb=\\u00EA\n')
  })

  test('reads invalid UTF-8 as ISO-8859-1 and writes it back in ISO-8859-1', () => {
    const p = parse(latin1)
    expect(p.encoding).toBe('iso-8859-1')
    expect(p.entries[0]?.text).toBe('caf\u00e9')
    const out = p.write(new Map([['other', '\u00e0 \u0101']]))
    expect([...out.slice(-9)]).toEqual([...'\u00e0 \\u0101\n'].map((c) => c.charCodeAt(0)))
  })

  test('keeps escaped-newline continuations as continuations with the same indentation', () => {
    const src = 'k=one\\n\\\n    two\nz=1\n'
    expect(writeText(src, 'k', 'uno\ndos\ntres')).toBe('k=uno\\n\\\n    dos\\n\\\n    tres\nz=1\n')
  })

  test('writes a wrapped value as one logical line', () => {
    expect(writeText('k=one \\\n   two\nz=1\n', 'k', 'uno dos')).toBe('k=uno dos\nz=1\n')
  })

  test('escapes a leading space and a leading separator character', () => {
    expect(writeText('k v\n', 'k', '= x')).toBe('k \\= x\n')
    expect(writeText('k=v\n', 'k', '  x')).toBe('k=\\  x\n')
    expect(parse(writeText('k\n', 'k', 'x')).entries[0]?.text).toBe('x')
  })

  test('a key given twice is read as java.util.Properties reads it, the last one; the earlier line is reported and stays as it is', () => {
    const p = parse('a=1\nb=B\n# the real one\na=2\n')
    expect(p.issues.map((i) => [i.code, i.line])).toEqual([['FORMAT_DUPLICATE_KEY', 1]])
    expect(p.entries.map((e) => [e.key, e.text, e.note])).toEqual([['b', 'B', undefined], ['a', '2', 'the real one']])
    expect(writeText('a=1\nb=B\na=2\n', 'a', 'dos')).toBe('a=1\nb=B\na=dos\n')
  })

  test('a file that doubles every apostrophe, in values without arguments too, is MessageFormat throughout: translations get doubled apostrophes', () => {
    // Keycloak's themes: `notMatchPasswordMessage=Passwords don''t match.` has no argument
    const keycloak = parse("loginTitle=Sign in to {0}\nnotMatch=Passwords don''t match.\nplain=Open the address of the user\n")
    expect(keycloak.syntax).toBe('java-messageformat')
    const plain = prepare('Open the address of the user', { format: 'properties', targetLanguage: 'ca', syntax: keycloak.syntax! })
    expect(plain.restore(["Obre l'adreça de l'usuari"]).text).toBe("Obre l''adreça de l''usuari")
    // Spring's default: a message without arguments is not formatted, and the file says so with a lone apostrophe
    expect(parse("a=Don't panic\nb=Haven''t got {0}\n").syntax).toBeUndefined()
    expect(parse('a=No apostrophe at all {0}\n').syntax).toBeUndefined()
    expect(prepare('Open the address', { format: 'properties', targetLanguage: 'ca' }).restore(["Obre l'adreça"]).text).toBe("Obre l'adreça")
  })

  test('reports a malformed \\u escape without throwing', () => {
    expect(parse('a=\\u12\n').issues[0]?.code).toBe('FORMAT_SYNTAX')
  })

  test('refuses input over maxBytes with FORMAT_TOO_LARGE', () => {
    const p = parse('a=1234567890\n', { maxBytes: 5 })
    expect(p.issues[0]?.code).toBe('FORMAT_TOO_LARGE')
    expect(p.entries).toEqual([])
  })

  test.skipIf(!corpusAvailable)('reads the corpus escaped-space value of the Jenkins bundle', () => {
    const jenkins = corpusFixtures('properties').find((f) => f.name.startsWith('jenkins'))
    expect(jenkins).toBeDefined()
    const p = parse(jenkins!.bytes)
    expect(p.entries.some((e) => e.text.startsWith(' in workspace'))).toBe(true)
  })
})
