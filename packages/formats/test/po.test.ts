import fc from 'fast-check'
import { po as gettextPo } from 'gettext-parser'
import { describe, expect, test } from 'vitest'
import { parse } from '@verso/formats/po'
import { gettextPluralForms } from '@verso/formats/plurals'
import type { Entry, Parsed, PluralForms, Translation } from '@verso/formats'
import { corpusFixtures, inline, randomBytes, testCodec } from './conformance.js'
import { corpusAvailable } from '../../../test-support/corpus.js'

const dec = new TextDecoder()
const fixtures = corpusFixtures('po')
const oracle = (bytes: Uint8Array) => gettextPo.parse(Buffer.from(bytes))

/** Every translatable entry, "translated" by a fake translator that prefixes the text. */
function translateAll(bytes: Uint8Array, target?: string) {
  const parsed = parse(bytes)
  const translations = new Map<string, Translation>()
  for (const e of parsed.entries) {
    if (!e.translatable) continue
    translations.set(e.key, e.plural ? { one: `«${e.plural.one}»`, few: '«few»', many: '«many»', other: `«${e.plural.other}»` } : `«${e.text}»`)
  }
  return { parsed, translations, out: parsed.write(translations, target ? { targetLanguage: target } : {}) }
}

function oracleMsgstr(bytes: Uint8Array): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const [ctx, group] of Object.entries(oracle(bytes).translations) as Array<[string, Record<string, { msgstr: string[] }>]>) {
    for (const [id, t] of Object.entries(group)) if (id !== '') out.set(ctx ? `${ctx}\u0004${id}` : id, t.msgstr)
  }
  return out
}

/**
 * A PO entry's `text` is its msgid, and a translation lands in msgstr, which the entry
 * model does not show. The shared conformance suite reads translations back from `text`,
 * so it runs on this view: the same parse, with each entry's text (and plural forms) taken
 * from its msgstr as gettext-parser reads it.
 */
function msgstrView(source: string | Uint8Array, options?: unknown): Parsed {
  const parsed = parse(source, options as never)
  let translations: Record<string, Record<string, { msgstr: string[] }>>
  let language = ''
  try {
    const read = gettextPo.parse(Buffer.from(source))
    translations = read.translations as typeof translations
    language = read.headers['Language'] ?? ''
  } catch {
    return parsed
  }
  const categories = gettextPluralForms(language || 'en').categories
  const entries = parsed.entries.map((e): Entry => {
    const msgid = e.plural ? e.plural.one! : e.text
    const found = translations[e.context ?? '']?.[msgid]
    if (!found || !e.translatable) return e
    if (!e.plural) return { ...e, text: found.msgstr[0] ?? '' }
    const plural: PluralForms = {}
    categories.forEach((c, i) => (plural[c] = found.msgstr[i] ?? ''))
    return { ...e, plural, text: plural.other ?? '' }
  })
  return { ...parsed, entries }
}

testCodec('po (msgstr view)', msgstrView, [
  ...corpusFixtures('po'),
  inline('crlf.po', 'msgid ""\r\nmsgstr ""\r\n"Language: de\\n"\r\n"Content-Type: text/plain; charset=UTF-8\\n"\r\n\r\n# note\r\nmsgid "a"\r\nmsgstr "b"\r\n\r\nmsgctxt "c"\r\nmsgid ""\r\n"x\\n"\r\n"y"\r\nmsgstr ""\r\n'),
], {
  // gettext-parser, the oracle, reads only \n \t \r \" \\ escapes; UTF-8 cannot hold lone surrogates
  textFilter: (t) => !/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]/.test(t),
})

describe('po codec on the corpus', () => {
  test.skipIf(!corpusAvailable)('has the corpus files', () => {
    expect(fixtures.map((f) => f.name)).toEqual(['django-debug-toolbar-de.po', 'gnome-clocks-fr.po', 'sphinx.pot'])
  })
  for (const f of fixtures) {
    describe(f.name, () => {
      test('writes the file back byte for byte when nothing is translated', () => {
        const p = parse(f.bytes)
        expect(p.issues).toEqual([])
        expect(Buffer.from(p.write(new Map())).equals(Buffer.from(f.bytes))).toBe(true)
      })

      test('reads the same msgids, contexts and plurals as gettext-parser', () => {
        const p = parse(f.bytes)
        const expected = oracleMsgstr(f.bytes)
        const keys = p.entries.filter((e) => e.translatable).map((e) => e.key)
        expect(new Set(keys)).toEqual(new Set(expected.keys()))
        const o = oracle(f.bytes).translations
        for (const e of p.entries.filter((x) => x.translatable)) {
          const t = o[e.context ?? '']![e.key.split('\u0004').pop()!]!
          expect(e.plural ? e.plural.other : e.text).toBe(t.msgid_plural ?? t.msgid)
          if (e.plural) expect(e.plural.one).toBe(t.msgid)
          expect(e.flags ?? []).toEqual((t.comments?.flag ?? '').split(',').map((s: string) => s.trim()).filter(Boolean))
        }
      })

      test('writes translations gettext-parser reads back as msgstr (fake translator adds «»)', () => {
        const { parsed, out } = translateAll(f.bytes)
        const got = oracleMsgstr(out)
        for (const e of parsed.entries.filter((x) => x.translatable)) {
          if (e.plural) expect(got.get(e.key)).toEqual([`«${e.plural.one}»`, `«${e.plural.other}»`])
          else expect(got.get(e.key)).toEqual([`«${e.text}»`])
        }
        const again = parse(out)
        expect(again.issues).toEqual([])
        expect(again.entries.map((e) => e.key)).toEqual(parsed.entries.map((e) => e.key))
      })

      test('writes plural msgstr[n] in the target language order and sets the header (ru)', () => {
        const { parsed, out } = translateAll(f.bytes, 'ru')
        const o = oracle(out)
        expect(o.headers['Language']).toBe('ru')
        expect(o.headers['Plural-Forms']).toMatch(/^nplurals=3; plural=\(n%10==1/)
        const got = oracleMsgstr(out)
        for (const e of parsed.entries.filter((x) => x.plural)) expect(got.get(e.key)).toEqual([`«${e.plural!.one}»`, '«few»', '«many»'])
      })

      test('changes only the msgstr of the one entry it translates', () => {
        const p = parse(f.bytes)
        const e = p.entries.filter((x) => x.translatable && !x.plural)[7]!
        const out = dec.decode(p.write(new Map([[e.key, 'Eins']])))
        const src = dec.decode(f.bytes)
        let start = 0
        while (src[start] === out[start]) start++
        let tail = 0
        while (tail < src.length - start && src[src.length - 1 - tail] === out[out.length - 1 - tail]) tail++
        expect(src.slice(0, start).split('\n').length).toBeGreaterThanOrEqual(e.line)
        expect(src.length - tail - start).toBeLessThan(e.text.length * 2 + 10)
      })

      test('never throws on truncated input and writes it back unchanged', () => {
        const n = f.bytes.length
        for (const cut of [0, 1, 7, n >> 3, n >> 2, n >> 1, (n * 3) >> 2, n - 1]) {
          const bytes = f.bytes.slice(0, cut)
          const p = parse(bytes)
          expect(Array.isArray(p.issues)).toBe(true)
          expect(Buffer.from(p.write(new Map())).equals(Buffer.from(bytes))).toBe(true)
        }
      })
    })
  }
})

describe('po codec', () => {
  const sample = [
    '# translator note',
    '#. extracted note',
    '#: src/a.c:1 src/b.c:2',
    '#, fuzzy, c-format',
    'msgctxt "menu"',
    'msgid "Open %s"',
    'msgstr ""',
    '',
    'msgid "One file"',
    'msgid_plural "%d files"',
    'msgstr[0] ""',
    'msgstr[1] ""',
    '',
    '#~ msgid "Old"',
    '#~ msgstr "Alt"',
    '',
  ].join('\n')

  test('reads context, notes, references, flags and plurals; obsolete entries are not entries', () => {
    const p = parse(sample)
    expect(p.issues).toEqual([])
    expect(p.entries).toHaveLength(2)
    expect(p.entries[0]).toMatchObject({
      key: 'menu\u0004Open %s', text: 'Open %s', context: 'menu', note: 'translator note\nextracted note',
      references: ['src/a.c:1', 'src/b.c:2'], flags: ['fuzzy', 'c-format'], translatable: true, line: 6, column: 7,
    })
    expect(p.entries[1]).toMatchObject({ key: 'One file', text: '%d files', plural: { one: 'One file', other: '%d files' } })
  })

  test('keeps the fuzzy flag when it writes a translation', () => {
    const out = dec.decode(parse(sample).write(new Map([['menu\u0004Open %s', 'Abrir %s']])))
    expect(out).toContain('#, fuzzy, c-format\nmsgctxt "menu"\nmsgid "Open %s"\nmsgstr "Abrir %s"\n')
  })

  test('fills a POT header with the target Language and Plural-Forms and leaves it untranslatable', () => {
    const pot = 'msgid ""\nmsgstr ""\n"Language: \\n"\n"Content-Type: text/plain; charset=CHARSET\\n"\n"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"\n\nmsgid "Hi"\nmsgstr ""\n'
    const p = parse(pot)
    expect(p.entries[0]).toMatchObject({ key: '', translatable: false })
    const out = dec.decode(p.write(new Map([['Hi', 'Hola']]), { targetLanguage: 'pt-BR' }))
    expect(out).toBe('msgid ""\nmsgstr ""\n"Language: pt_BR\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\nmsgid "Hi"\nmsgstr "Hola"\n')
  })

  test('fills an xgettext template header as msginit --no-translator does: not fuzzy, revision date, no translator or team', () => {
    const header = (fuzzy: string) =>
      `# SOME DESCRIPTIVE TITLE.\n${fuzzy}msgid ""\nmsgstr ""\n"Project-Id-Version: PACKAGE VERSION\\n"\n"POT-Creation-Date: 2026-11-20 10:00+0000\\n"\n` +
      '"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n"\n"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n"\n"Language-Team: LANGUAGE <LL@li.org>\\n"\n"Language: \\n"\n' +
      '"Content-Type: text/plain; charset=CHARSET\\n"\n"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"\n\nmsgid "Hi"\nmsgstr ""\n'
    const out = dec.decode(parse(header('#, fuzzy\n')).write(new Map([['Hi', 'Hola']]), { targetLanguage: 'es' }))
    expect(out).toBe(
      '# SOME DESCRIPTIVE TITLE.\nmsgid ""\nmsgstr ""\n"Project-Id-Version: PACKAGE VERSION\\n"\n"POT-Creation-Date: 2026-11-20 10:00+0000\\n"\n' +
        '"PO-Revision-Date: 2026-11-20 10:00+0000\\n"\n"Last-Translator: Automatically generated\\n"\n"Language-Team: none\\n"\n"Language: es\\n"\n' +
        '"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\nmsgid "Hi"\nmsgstr "Hola"\n',
    )
    // another flag on the line stays
    expect(dec.decode(parse(header('#, fuzzy, no-wrap\n')).write(new Map(), { targetLanguage: 'es' }))).toMatch(/^# SOME DESCRIPTIVE TITLE\.\n#, no-wrap\nmsgid ""/)
    // a translator's file keeps its header as it is
    const po = 'msgid ""\nmsgstr ""\n"PO-Revision-Date: 2026-01-02 10:00+0100\\n"\n"Last-Translator: Ana <ana@example.org>\\n"\n"Language: es\\n"\n\nmsgid "Hi"\nmsgstr ""\n'
    expect(dec.decode(parse(po).write(new Map(), { targetLanguage: 'es' }))).toContain('"Last-Translator: Ana <ana@example.org>\\n"\n"Language: es\\n"')
  })

  test('rewrites a one-line header as one string per field when it sets the language', () => {
    const po = 'msgid ""\nmsgstr "Language: de\\nMIME-Version: 1.0\\n"\n\nmsgid "Hi"\nmsgstr ""\n'
    const out = dec.decode(parse(po).write(new Map(), { targetLanguage: 'ru' }))
    expect(out).toBe('msgid ""\nmsgstr ""\n"Language: ru\\n"\n"MIME-Version: 1.0\\n"\n"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"\n\nmsgid "Hi"\nmsgstr ""\n')
  })

  test('adds Language and Plural-Forms to a header that lacks them', () => {
    const po = 'msgid ""\nmsgstr ""\n"MIME-Version: 1.0\\n"\n\nmsgid "Hi"\nmsgstr ""\n'
    const out = dec.decode(parse(po).write(new Map(), { targetLanguage: 'ja' }))
    expect(out).toBe('msgid ""\nmsgstr ""\n"MIME-Version: 1.0\\n"\n"Language: ja\\n"\n"Plural-Forms: nplurals=1; plural=0;\\n"\n\nmsgid "Hi"\nmsgstr ""\n')
  })

  test('writes plural forms in the order of the target formula (ar: six forms)', () => {
    const out = parse(sample).write(new Map([['One file', { zero: 'z', one: 'o', two: 't', few: 'f', many: 'm', other: 'x' }]]), { targetLanguage: 'ar' })
    expect(dec.decode(out)).toContain('msgstr[0] "z"\nmsgstr[1] "o"\nmsgstr[2] "t"\nmsgstr[3] "f"\nmsgstr[4] "m"\nmsgstr[5] "x"\n')
  })

  test('fills a target category missing from the translation from other', () => {
    const out = parse(sample).write(new Map([['One file', { one: 'uno', other: 'varios' }]]), { targetLanguage: 'pl' })
    expect(dec.decode(out)).toContain('msgstr[0] "uno"\nmsgstr[1] "varios"\nmsgstr[2] "varios"\n')
  })

  test('wraps a multi-line translation as "" plus continuation lines in a file that wraps', () => {
    const po = 'msgid ""\n"Long line one\\n"\n"line two"\nmsgstr ""\n'
    const out = dec.decode(parse(po).write(new Map([['Long line one\nline two', 'Linea uno\nlinea "dos"']])))
    expect(out).toBe('msgid ""\n"Long line one\\n"\n"line two"\nmsgstr ""\n"Linea uno\\n"\n"linea \\"dos\\""\n')
    expect(parse(out).entries[0]?.text).toBe('Long line one\nline two')
  })

  test('breaks only after line breaks in a file that does not wrap at a width', () => {
    const long = 'word '.repeat(30).trim()
    const po = `msgid ""\n"a\\n"\n"b"\nmsgstr ""\n\nmsgid "${long}"\nmsgstr ""\n`
    const out = dec.decode(parse(po).write(new Map([[long, `${long}\n${long}`]])))
    expect(out).toBe(`msgid ""\n"a\\n"\n"b"\nmsgstr ""\n\nmsgid "${long}"\nmsgstr ""\n"${long}\\n"\n"${long}"\n`)
  })

  test('wraps a long translation at 79 columns in a file that wraps at a width', () => {
    const po = 'msgid ""\n"Some long text that was wrapped "\n"at a width"\nmsgstr ""\n'
    const long = 'word '.repeat(30).trim()
    const out = dec.decode(parse(po).write(new Map([['Some long text that was wrapped at a width', long]])))
    const lines = out.split('\n').slice(4, -1)
    expect(out.split('\n')[3]).toBe('msgstr ""')
    expect(lines.every((l) => l.length <= 79)).toBe(true)
    expect(lines.map((l) => l.slice(1, -1)).join('')).toBe(long)
  })

  test('keeps CRLF line endings in the lines it writes', () => {
    const po = 'msgid ""\r\n"a\\n"\r\n"b"\r\nmsgstr ""\r\n'
    const out = dec.decode(parse(po).write(new Map([['a\nb', 'x\ny']])))
    expect(out).toBe('msgid ""\r\n"a\\n"\r\n"b"\r\nmsgstr ""\r\n"x\\n"\r\n"y"\r\n')
  })

  test('reports syntax problems with line and column and keeps the entries it could read', () => {
    const p = parse('msgid "a"\nmsgstr "b"\n\nbogus line\nmsgid "c\nmsgstr "d"\n\nmsgid "e"\n')
    expect(p.entries.map((e) => e.key)).toEqual(['a', 'c'])
    expect(p.issues.map((i) => [i.code, i.line, i.column])).toEqual([
      ['FORMAT_SYNTAX', 4, 1],
      ['FORMAT_SYNTAX', 5, 7],
      ['FORMAT_SYNTAX', 8, 1],
    ])
  })

  test('reports a duplicate msgid once and keeps the first', () => {
    const p = parse('msgid "a"\nmsgstr "1"\n\nmsgid "a"\nmsgstr "2"\n')
    expect(p.entries).toHaveLength(1)
    expect(p.issues.map((i) => i.code)).toEqual(['FORMAT_DUPLICATE_KEY'])
  })

  test('refuses input over maxBytes with FORMAT_TOO_LARGE', () => {
    const p = parse(new Uint8Array(2000).fill(0x41), { maxBytes: 1000 })
    expect(p.issues.map((i) => i.code)).toEqual(['FORMAT_TOO_LARGE'])
    expect(p.entries).toEqual([])
  })

  test('reports binary garbage and invalid UTF-8 as FORMAT_ENCODING without throwing', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const bytes = randomBytes(seed, 500)
      const p = parse(bytes)
      expect(p.issues.length).toBeGreaterThan(0)
      expect(Buffer.from(p.write(new Map())).equals(Buffer.from(bytes))).toBe(true)
    }
    expect(parse(Uint8Array.of(0x6d, 0x73, 0x67, 0xff, 0x0a)).issues[0]?.code).toBe('FORMAT_ENCODING')
  })

  test('writes control characters as octal escapes it reads back', () => {
    const p = parse('msgid "a"\nmsgstr ""\n')
    const out = p.write(new Map([['a', 'x\u0000\u000e7\u0007']]))
    expect(dec.decode(out)).toBe('msgid "a"\nmsgstr "x\\000\\0167\\a"\n')
    expect(parse(out).issues).toEqual([])
  })

  test('reads a Latin-1 file that declares its charset and writes it back in Latin-1', () => {
    const text = 'msgid ""\nmsgstr "Content-Type: text/plain; charset=ISO-8859-1\\n"\n\nmsgid "caf\u00e9"\nmsgstr ""\n'
    const bytes = Uint8Array.from([...text].map((c) => c.charCodeAt(0)))
    const p = parse(bytes)
    expect(p.encoding).toBe('iso-8859-1')
    expect(p.entries[1]?.text).toBe('caf\u00e9')
    const out = p.write(new Map([['caf\u00e9', 'th\u00e9']]))
    expect(Array.from(out.slice(-6))).toEqual([0x22, 0x74, 0x68, 0xe9, 0x22, 0x0a])
  })

  test('reads UTF-16 without a BOM and writes it back in the same encoding', () => {
    const bytes = new Uint8Array(Buffer.from('msgid "a"\nmsgstr ""\n', 'utf16le'))
    const p = parse(bytes)
    expect(p.encoding).toBe('utf-16le')
    expect(p.entries.map((e) => e.key)).toEqual(['a'])
    expect(Buffer.from(p.write(new Map([['a', 'b']]))).toString('utf16le')).toBe('msgid "a"\nmsgstr "b"\n')
  })

  test('writes arbitrary text that gettext-parser reads back exactly (escaping round trip)', () => {
    const po = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "a"\nmsgstr ""\n\nmsgid ""\n"long\\n"\n"b"\nmsgstr ""\n'
    const p = parse(po)
    const tricky = fc.constantFrom('"', '\\', '\n', '\r\n', '\t', '#', ' ', 'é', '😀', '%s', 'msgstr "x"', 'a'.repeat(90), 'word ')
    // gettext-parser, the oracle, reads only \n \t \r \" \\ escapes; UTF-8 cannot hold lone surrogates
    const lone = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]/
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.array(tricky, { maxLength: 12 }).map((a) => a.join(''))).filter((t) => !lone.test(t) && !t.includes('\0'))
    fc.assert(
      fc.property(text, text, (x, y) => {
        const out = p.write(new Map([['a', x], ['long\nb', y]]))
        const again = parse(out)
        expect(again.issues).toEqual([])
        const got = oracleMsgstr(out)
        expect(got.get('a')).toEqual([x])
        expect(got.get('long\nb')).toEqual([y])
      }),
      { numRuns: 200, seed: 3 },
    )
  })
})
