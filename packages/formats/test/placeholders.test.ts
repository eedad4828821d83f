import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { po as gettextPo } from 'gettext-parser'
import { parsePo, parseStrings, parseXml } from '@verso/formats'
import { prepare, type PrepareOptions, type Segment, type SegmentPart } from '@verso/formats/placeholders'
import { corpusFixtures } from './conformance.js'
import { corpusAvailable } from '../../../test-support/corpus.js'

const opts = (o: Partial<PrepareOptions> = {}): PrepareOptions => ({ format: 'json', targetLanguage: 'de', ...o })

/** Fake translator for plumbing tests: upper-cases text parts and keeps every token. */
const upper = (s: Segment): Segment => (typeof s === 'string' ? s.toUpperCase() : s.map((p) => (typeof p === 'string' ? p.toUpperCase() : p)))
const tokensOf = (s: Segment) => (typeof s === 'string' ? [] : s.filter((p): p is Exclude<SegmentPart, string> => typeof p !== 'string'))
const textOf = (s: Segment) => (typeof s === 'string' ? s : s.filter((p) => typeof p === 'string').join(''))


describe('placeholders prepare', () => {
  test('masks the README example as documented', () => {
    const p = prepare('Hello <b>%(name)s</b>!', { format: 'po', targetLanguage: 'es' })
    expect(p.segments).toEqual([['Hello ', { id: '1', kind: 'open' }, { id: '2', kind: 'void' }, { id: '1', kind: 'close' }, '!']])
    expect(p.restore([['¡Hola ', { id: '1', kind: 'open' }, { id: '2', kind: 'void' }, { id: '1', kind: 'close' }, '!']])).toEqual({
      text: '¡Hola <b>%(name)s</b>!',
      problems: [],
    })
  })

  const protectedCases: Array<[string, string]> = [
    // diaspora's javascript.en.yml: "There are <%= count %> known pods" came back "<%= cuenta %>"
    ['There are <%= count %> known pods.', '<%= count %>'],
    ['Hello <%- name %>!', '<%- name %>'],
    ['<% if (admin) { %>Delete<% } %>', '<% if (admin) { %>'],
    ['Hello {name}!', '{name}'],
    ['Hello {{name}}!', '{{name}}'],
    ['Hello {{ name }}!', '{{ name }}'],
    ['File {0} saved', '{0}'],
    ['{0,number,integer} builds', '{0,number,integer}'],
    ["There {0,choice,0#isn't any|1#is one} left", "{0,choice,0#isn't any|1#is one}"],
    ['Hello %s', '%s'],
    ['Got %d items', '%d'],
    ['Got %ld items', '%ld'],
    ['Got %lu items', '%lu'],
    ['Got %llu items', '%llu'],
    ['Moved %1$s to %2$s', '%1$s'],
    ['Open %1$@ now', '%1$@'],
    ['Open %@ now', '%@'],
    ['Done 100%% now', '%%'],
    ['Welcome %(user)s back', '%(user)s'],
    ['Took %(time).2fms total', '%(time).2fms'],
    ['Welcome %{user} back', '%{user}'],
    ['Welcome ${user} back', '${user}'],
    ['Welcome #{user} back', '#{user}'],
    ['See $t(common.more) now', '$t(common.more)'],
    ['You have [POST_COUNT] posts', '[POST_COUNT]'],
    ['Line one\\nline two', '\\n'],
    ['Line one\nline two', '\n'],
    ['Line one\r\nline two', '\r\n'],
    ['Break<br/>here', '<br/>'],
    ['Fish &amp; chips', '&amp;'],
    ['See https://example.org/a?b=%26u&c=1. Thanks', 'https://example.org/a?b=%26u&c=1'],
    ['Dated %b %d, %Y here', '%Y'],
    ['Keep <xliff:g id="count" example="3">%1$d</xliff:g> items', '<xliff:g id="count" example="3">%1$d</xliff:g>'],
    ['Hello %name%, you have %item_count% items', '%item_count%'],
    ['The :attribute field is required.', ':attribute'],
  ]
  for (const [text, token] of protectedCases) {
    test(`protects ${JSON.stringify(token)} as a token`, () => {
      const p = prepare(text, opts())
      expect(p.segments).toHaveLength(1)
      expect(textOf(p.segments[0]!)).not.toContain(token)
      expect(tokensOf(p.segments[0]!).length).toBeGreaterThan(0)
      expect(p.restore(p.segments)).toEqual({ text, problems: [] })
    })
  }

  describe('Java MessageFormat choice', () => {
    const text = 'There {0,choice,0#are no files|1#is one file|1<are {0,number,integer} files} left.'
    const v = { id: '1', kind: 'void' } as const

    test('sends each branch as a segment of its own, before the message that holds the choice', () => {
      const p = prepare(text, opts({ format: 'properties' }))
      expect(p.segments).toEqual(['are no files', 'is one file', ['are ', v, ' files'], ['There ', v, ' left.']])
      expect(p.restore(p.segments)).toEqual({ text, problems: [] })
    })

    test('writes the translated branches back with their limits', () => {
      const p = prepare(text, opts({ format: 'properties' }))
      const out = p.restore(['no hay archivos', 'hay un archivo', ['hay ', v, ' archivos'], ['Quedan ', v, '.']])
      expect(out).toEqual({ text: 'Quedan {0,choice,0#no hay archivos|1#hay un archivo|1<hay {0,number,integer} archivos}.', problems: [] })
    })

    test("quotes a translation's apostrophes and bars for ChoiceFormat (and once more in a branch with an argument)", () => {
      const p = prepare('{0,choice,0#none|1<{0} files}', opts({ format: 'properties' }))
      expect(p.segments).toEqual(['none', [v, ' files']])
      expect(p.restore(["l'un|l'autre", [v, " d'archives"]]).text).toBe("{0,choice,0#l''un'|'l''autre|1<{0} d''''archives}")
    })

    test('reports a branch translation that lost its argument', () => {
      const p = prepare(text, opts({ format: 'properties' }))
      const out = p.restore(['no hay archivos', 'hay un archivo', 'hay archivos', ['Quedan ', v, '.']])
      expect(out.problems.map((problem) => problem.code)).toEqual(['FORMAT_PLACEHOLDER_MISMATCH'])
    })

    test('keeps a choice whose body quotes with apostrophes, or that is not a choice, as one token', () => {
      for (const kept of ["{0,choice,0#isn''t any|1#is one} left", '{0,choice,zero#none} left', '{0,choice,0#a|1#b left', '{0,choice,x#{1,choice,0#a|1#b}} left', '{x {0,choice,0#a|1#b}} left']) {
        const p = prepare(`Files: ${kept}`, opts({ format: 'properties' }))
        expect(p.segments).toHaveLength(1)
        expect(p.restore(p.segments).text).toBe(`Files: ${kept}`)
      }
    })
  })

  test('marks the placeholders that stand for a number: printf integers, count names, ICU numbers; not names, strings or tags', () => {
    const marked = (text: string) => tokensOf(prepare(text, opts()).segments.at(-1)!).map((t) => t.number === true)
    expect(marked('%d files, %1$ld items, %(count)d rows, %s by %@')).toEqual([true, true, true, false, false])
    expect(marked('{count} new, {fileCount} files, {n} left, {unread_count} unread, {total} in all')).toEqual([true, true, true, true, true])
    expect(marked('{name} sent {{ count }} files to %{user} with ${total}')).toEqual([false, true, false, true])
    expect(marked('{size, number} bytes by {author}')).toEqual([true, false])
    expect(marked('<%= count %> pods by <%- name %>')).toEqual([true, false])
    expect(marked('<b>5</b> of {page}')).toEqual([false, false, false])
    // one form of a plural (Android <item quantity>, msgstr[n], Rails one:/other:): its only %s, {0} or $1 is the count
    const form = (text: string) => tokensOf(prepare(text, opts({ pluralForm: true })).segments.at(-1)!).map((t) => t.number === true)
    expect(form('%s downloads finished')).toEqual([true])
    expect(form('Deleted %1$s downloads')).toEqual([true])
    expect(form('{0} files')).toEqual([true])
    expect(form('%1$s and %2$s more')).toEqual([false, false])
    expect(marked('%s downloads finished')).toEqual([false])
    // inside a plural, its argument is a count whatever its name
    const p = prepare('{files, plural, one {{files} file} other {{files} files}}', opts())
    expect(p.segments.map((s) => tokensOf(s).map((t) => t.number === true))).toEqual([[true], [true]])
  })

  describe('MediaWiki messages (Wikipedia apps, banana-i18n, jquery.i18n)', () => {
    const v = (id: string) => ({ id, kind: 'void' }) as const

    test('$1, $2 are parameters in a message that has a $1; prices stay text', () => {
      // wikipedia-ios Localizable.strings: "Edited $1 days ago" came back "Editado $hace 1 días"
      expect(prepare('Edited $1 days ago', opts()).segments).toEqual([['Edited ', v('1'), ' days ago']])
      expect(prepare('From $1 to $2', opts()).segments).toEqual([['From ', v('1'), ' to ', v('2')]])
      for (const price of ['It costs $5 or $10', 'Only $10.99 today', 'Pay $1,000 now', 'Pay $1.50 now']) expect(prepare(price, opts()).segments).toEqual([price])
    })

    test('each PLURAL and GENDER form is a segment of its own; explicit numbers and the parameter are kept', () => {
      const text = '{{GENDER:$1|He|She}} read {{PLURAL:$2|0=nothing|one page|$2 pages}} today'
      const p = prepare(text, opts({ targetLanguage: 'es' }))
      // the PLURAL's parameter is a count in its forms
      expect(p.segments).toEqual(['He', 'She', 'nothing', 'one page', [{ ...v('1'), number: true }, ' pages'], [v('1'), ' read ', v('2'), ' today']])
      expect(p.restore(p.segments)).toEqual({ text, problems: [] })
      const out = p.restore(['Él', 'Ella', 'nada', 'una página', [v('1'), ' páginas'], [v('1'), ' leyó ', v('2'), ' hoy']])
      expect(out).toEqual({ text: '{{GENDER:$1|Él|Ella}} leyó {{PLURAL:$2|0=nada|una página|$2 páginas}} hoy', problems: [] })
    })

    test('a wiki link keeps its target; its label is translated', () => {
      const p = prepare('See [[Special:Preferences|your preferences]] or [[Help:Contents]].', opts())
      const link = { id: '1', kind: 'open' } as const
      const end = { id: '1', kind: 'close' } as const
      expect(p.segments).toEqual([['See ', link, 'your preferences', end, ' or ', v('2'), '.']])
      expect(p.restore([['Mira ', link, 'tus preferencias', end, ' o ', v('2'), '.']]).text).toBe('Mira [[Special:Preferences|tus preferencias]] o [[Help:Contents]].')
    })

    test('a magic word that does not split cleanly, or is not PLURAL or GENDER, stays one token', () => {
      for (const kept of ['{{PLURAL:$1|a [[b|c}}', '{{GRAMMAR:genitive|{{SITENAME}}}}', '{{SITENAME}}']) {
        const p = prepare(`Read ${kept} now`, opts())
        expect(p.segments).toEqual([['Read ', v('1'), ' now']])
        expect(p.restore(p.segments).text).toBe(`Read ${kept} now`)
      }
    })
  })

  test('reads a printf conversion followed by a percent sign as printf, not as a %name%', () => {
    const p = prepare('Progress %d% done', opts())
    expect(p.segments).toEqual([['Progress ', { id: '1', kind: 'void', number: true }, '% done']])
    expect(tokensOf(prepare('setting %s.%s is %d%s', opts()).segments[0]!)).toHaveLength(4)
  })

  test('protects Laravel :name placeholders in JSON only, and only at a word start', () => {
    const laravel = prepare('The :attribute must be at least :min characters.', opts())
    expect(laravel.segments).toEqual([['The ', { id: '1', kind: 'void' }, ' must be at least ', { id: '2', kind: 'void' }, ' characters.']])
    expect(laravel.restore([['Das Feld ', { id: '1', kind: 'void' }, ' braucht ', { id: '2', kind: 'void' }, ' Zeichen.']]).text).toBe('Das Feld :attribute braucht :min Zeichen.')
    expect(prepare('Note:this and 10:30 and a :) smile', opts()).segments).toEqual(['Note:this and 10:30 and a :) smile'])
    expect(prepare('The :attribute field', opts({ format: 'po' })).segments).toEqual(['The :attribute field'])
    expect(prepare('The :attribute field', opts({ format: 'po', colonNames: true })).segments[0]).toContainEqual({ id: '1', kind: 'void' })
  })

  test('turns paired tags into open/close tokens with one id and <br> into a void token', () => {
    const p = prepare('Click <a href="https://x.y/?a=1&b=2">here</a> or <bold>there</bold><br>', opts())
    expect(p.segments).toEqual([
      ['Click ', { id: '1', kind: 'open' }, 'here', { id: '1', kind: 'close' }, ' or ', { id: '2', kind: 'open' }, 'there', { id: '2', kind: 'close' }, { id: '3', kind: 'void' }],
    ])
  })

  test('an element whose content is code (<code>, <script> …) is one void token, its content kept as written', () => {
    // Django's django.po: "…by running <code>python manage.py startapp [app_label]</code>." came back "<code>pitón manage.py …"
    const source = 'Start by running <code>python manage.py startapp [app_label]</code>, with <b>your <code>DEBUG = True</code></b> file.'
    const p = prepare(source, opts({ format: 'po' }))
    expect(p.segments).toEqual([
      ['Start by running ', { id: '1', kind: 'void' }, ', with ', { id: '2', kind: 'open' }, 'your ', { id: '3', kind: 'void' }, { id: '2', kind: 'close' }, ' file.'],
    ])
    expect(p.restore(p.segments.map(upper)).text).toBe('START BY RUNNING <code>python manage.py startapp [app_label]</code>, WITH <b>YOUR <code>DEBUG = True</code></b> FILE.')
    // a key's name in a value too (Mastodon's en.json: "<kbd>Shift</kbd> + <kbd>Click</kbd>")
    const keys = prepare('Hold <kbd>Shift</kbd> and click.', { format: 'json', targetLanguage: 'es' })
    expect(keys.segments).toEqual([['Hold ', { id: '1', kind: 'void' }, ' and click.']])
    // nested code elements go as one; an unclosed one is a lone tag and the text after it is translated
    expect(prepare('a <code>b <code>c</code> d</code> e', opts()).segments).toEqual([['a ', { id: '1', kind: 'void' }, ' e']])
    expect(prepare('run <code>x y', opts()).segments).toEqual([['run ', { id: '1', kind: 'void' }, 'x y']])
  })

  test('treats <br></br> as an open/close pair', () => {
    const p = prepare('One<br></br>two', opts())
    expect(p.segments).toEqual([['One', { id: '1', kind: 'open' }, { id: '1', kind: 'close' }, 'two']])
  })

  test('returns no segment when the value is only placeholders, numbers or punctuation', () => {
    for (const text of ['%s', '{0}', '  {{count}} ', '42', '%1$s: %2$s', '', '<br/>']) {
      const p = prepare(text, opts())
      expect(p.segments).toEqual([])
      expect(p.restore([])).toEqual({ text, problems: [] })
    }
  })

  test('keeps leading and trailing white space outside the segment', () => {
    const p = prepare('  Hello world \n', opts())
    expect(p.segments).toEqual(['Hello world'])
    expect(p.restore(['Hallo Welt']).text).toBe('  Hallo Welt \n')
  })

  test('leaves "100% sure" and "a < b" as text', () => {
    expect(prepare('100% sure', opts()).segments).toEqual(['100% sure'])
    expect(prepare('if a < b then', opts()).segments).toEqual(['if a < b then'])
  })

  test('unescapes doubled apostrophes of MessageFormat in .properties and doubles them back', () => {
    const p = prepare("Can''t open {0}", opts({ format: 'properties' }))
    expect(p.segments).toEqual([["Can't open ", { id: '1', kind: 'void' }]])
    expect(p.restore([["L'ouverture de ", { id: '1', kind: 'void' }, " n'a pas marché"]]).text).toBe("L''ouverture de {0} n''a pas marché")
    expect(p.restore(p.segments).text).toBe("Can''t open {0}")
  })

  test('restores a translation made by a fake upper-casing translator with every token in place', () => {
    const text = 'Hi <b>%(name)s</b>, you have {{count}} new\nmessages'
    const p = prepare(text, opts())
    expect(p.restore(p.segments.map(upper))).toEqual({ text: 'HI <b>%(name)s</b>, YOU HAVE {{count}} NEW\nMESSAGES', problems: [] })
  })

  test('reports a lost, a duplicated and an unknown placeholder', () => {
    const p = prepare('Delete %s from %d', opts())
    const seg = p.segments[0] as SegmentPart[]
    expect(p.restore([seg.filter((x) => typeof x === 'string')]).problems.map((x) => x.code)).toEqual(['FORMAT_PLACEHOLDER_MISMATCH', 'FORMAT_PLACEHOLDER_MISMATCH'])
    expect(p.restore([[...seg, seg[1]!]]).problems).toHaveLength(1)
    expect(p.restore([[...seg, { id: '9', kind: 'void' }]]).problems).toHaveLength(1)
    expect(p.restore([]).problems).toHaveLength(1)
  })

  test('reports a closing tag moved before its opening tag', () => {
    const p = prepare('Say <b>hi</b> now', opts())
    const r = p.restore([['Sag ', { id: '1', kind: 'close' }, 'hallo', { id: '1', kind: 'open' }, ' jetzt']])
    expect(r.text).toBe('Sag </b>hallo<b> jetzt')
    expect(r.problems.map((x) => x.code)).toEqual(['FORMAT_PLACEHOLDER_MISMATCH'])
  })

  test('reports a segment that came back as plain text without its tokens', () => {
    const p = prepare('Delete %s now', opts())
    const r = p.restore(['Lösche jetzt'])
    expect(r.text).toBe('Lösche jetzt')
    expect(r.problems.map((x) => x.code)).toEqual(['FORMAT_PLACEHOLDER_MISMATCH'])
  })
})

describe('placeholders ICU', () => {
  const plural = 'You have {count, plural, =0 {no messages} one {# message} other {# <b>new</b> messages}} from {name}.'

  test('makes the literal text of each branch its own segment and keeps # as a token that stands for a number', () => {
    const p = prepare(plural, opts())
    expect(p.segments).toEqual([
      'no messages',
      [{ id: '1', kind: 'void', number: true }, ' message'],
      [{ id: '1', kind: 'void', number: true }, ' ', { id: '2', kind: 'open' }, 'new', { id: '2', kind: 'close' }, ' messages'],
      ['You have ', { id: '1', kind: 'void' }, ' from ', { id: '2', kind: 'void' }, '.'],
    ])
    expect(p.restore(p.segments)).toEqual({ text: plural, problems: [] })
  })

  test('restores branches translated by a fake upper-casing translator', () => {
    const p = prepare(plural, opts())
    expect(p.restore(p.segments.map(upper)).text).toBe(
      'YOU HAVE {count, plural, =0 {NO MESSAGES} one {# MESSAGE} other {# <b>NEW</b> MESSAGES}} FROM {name}.',
    )
  })

  test('writes the target language categories: missing ones from other, absent ones dropped, =0 kept', () => {
    const ru = prepare(plural, opts({ targetLanguage: 'ru' }))
    expect(ru.restore(ru.segments).text).toBe(
      'You have {count, plural, =0 {no messages} one {# message} few {# <b>new</b> messages} many {# <b>new</b> messages} other {# <b>new</b> messages}} from {name}.',
    )
    const ja = prepare(plural, opts({ targetLanguage: 'ja' }))
    expect(ja.restore(ja.segments).text).toBe('You have {count, plural, =0 {no messages} other {# <b>new</b> messages}} from {name}.')
  })

  test('keeps a zero branch the source has, beside the target categories (Flutter ARB: Dart intl uses it for 0 in every language)', () => {
    // Anx Reader's lib/l10n/app_en.arb
    const text = '{count, plural, zero{No books read} one{1 book read} other{{count} books read} }'
    const es = prepare(text, opts({ targetLanguage: 'es' }))
    expect(es.restore(es.segments).text).toBe('{count, plural, zero{No books read} one{1 book read} many{{count} books read} other{{count} books read} }')
    const ja = prepare(text, opts({ targetLanguage: 'ja' }))
    expect(ja.restore(ja.segments).text).toBe('{count, plural, zero{No books read} other{{count} books read} }')
  })

  test('leaves a plural that has only other (and =N) with its branches', () => {
    const text = '{n, plural, =0 {No} other {<strong>#</strong>}} left'
    const p = prepare(text, opts({ targetLanguage: 'ru' }))
    expect(p.restore(p.segments).text).toBe(text)
  })

  test('uses ordinal categories for selectordinal', () => {
    const text = '{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} place'
    const fr = prepare(text, opts({ targetLanguage: 'fr' }))
    expect(fr.restore(fr.segments).text).toBe('{n, selectordinal, one {#st} other {#th}} place')
  })

  test('translates select branches and keeps their keywords', () => {
    const text = '{gender, select, female {She replied} male {He replied} other {They replied}}'
    const p = prepare(text, opts())
    expect(p.segments).toEqual(['She replied', 'He replied', 'They replied'])
    expect(p.restore(['Sie antwortete', 'Er antwortete', 'Sie antworteten']).text).toBe(
      '{gender, select, female {Sie antwortete} male {Er antwortete} other {Sie antworteten}}',
    )
  })

  test('handles nested arguments like other {{requestCount} 4K Requests}', () => {
    const text = '{requestCount, plural, one {{requestCount} 4K Request} other {{requestCount} 4K Requests}}'
    const p = prepare(text, opts())
    expect(p.segments).toEqual([[{ id: '1', kind: 'void', number: true }, ' 4K Request'], [{ id: '1', kind: 'void', number: true }, ' 4K Requests']])
    expect(p.restore(p.segments.map(upper)).text).toBe('{requestCount, plural, one {{requestCount} 4K REQUEST} other {{requestCount} 4K REQUESTS}}')
  })

  test("unescapes ICU apostrophes in segments and escapes the translation's", () => {
    const text = "{n, plural, one {It''s # '{'file'}'} other {They''re #}}"
    const p = prepare(text, opts())
    expect(p.segments[0]).toEqual(["It's ", { id: '1', kind: 'void', number: true }, ' {file}'])
    expect(p.restore(p.segments).text).toBe(text)
    expect(p.restore([["C'est ", { id: '1', kind: 'void' }], p.segments[1]!]).text).toBe("{n, plural, one {C''est #} other {They''re #}}")
  })

  test('treats ICU as plain text with icu: false', () => {
    const p = prepare('{n, plural, one {# file} other {# files}}', opts({ icu: false }))
    expect(p.segments).toEqual([])
  })

  test('falls back to plain masking when the ICU does not parse', () => {
    const p = prepare('{n, plural, one {# file} other {# files}', opts())
    expect(p.restore(p.segments).text).toBe('{n, plural, one {# file} other {# files}')
  })
})

describe('placeholders restore', () => {
  const tokenArb = fc.constantFrom(
    '{name}', '{{count}}', '{{ n }}', '{0}', '{0,number,integer}', '%s', '%d', '%1$s', '%@', '%%', '%(x)s', '%{y}', '${z}',
    '<b>', '</b>', '<br/>', '<a href="u">', '</a>', '\\n', '\n', '&amp;', '[POST_COUNT]', "''", "'", ' ', '  ', '#', '{', '}', '<', '%',
    '{n, plural, one {# x} other {# xs}}', '{g, select, a {A} other {B}}',
    '{0,choice,0#no files|1#one file|1<{0,number} files}', '{1,choice,-\u221e<less|0\u2264 none}', '{0,choice,0#',
  )
  const wordArb = fc.constantFrom('Hello', 'world', 'é', '😀', 'a', '.', ',', 'Zoë', '42')
  const textArb = fc.array(fc.oneof(tokenArb, wordArb, fc.string({ maxLength: 6 })), { maxLength: 12 }).map((a) => a.join(''))

  test('gives the original text back byte for byte from unmodified segments (property)', () => {
    fc.assert(
      fc.property(textArb, fc.constantFrom<PrepareOptions['format']>('json', 'properties', 'po', 'xml'), (text, format) => {
        const p = prepare(text, { format, targetLanguage: 'en' })
        const r = p.restore(p.segments)
        expect(r.text).toBe(text)
        expect(r.problems).toEqual([])
      }),
      { numRuns: 400, seed: 7 },
    )
  })

  test('keeps every token through a fake upper-casing translator (property)', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        const p = prepare(text, { format: 'json', targetLanguage: 'en', icu: false })
        expect(p.restore(p.segments.map(upper)).problems).toEqual([])
      }),
      { numRuns: 300, seed: 11 },
    )
  })
})

describe('placeholders with the codecs on the corpus', () => {
  const placeholders = (s: string) => (s.match(/%\([\w.]+\)[-+ #0-9.]*[a-z]|%\d+\$[@a-z]|%l{0,2}[@dsu]|%%|\{[\w.]*\}|\{\{[^}]*\}\}|<[^<>]+>/g) ?? []).sort()
  const codecs = [
    ['po', parsePo],
    ['strings', parseStrings],
    ['xml', parseXml],
  ] as const

  for (const [format, parse] of codecs) {
    test.skipIf(!corpusAvailable)(`keeps every placeholder of the ${format} corpus through a fake upper-casing translator and the codec`, () => {
      let translated = 0
      for (const fixture of corpusFixtures(format)) {
        const parsed = parse(fixture.bytes)
        const expected = new Map<string, string>()
        for (const entry of parsed.entries) {
          if (!entry.translatable || entry.plural) continue
          const p = prepare(entry.text, { format, targetLanguage: 'es' })
          const restored = p.restore(p.segments.map(upper))
          expect(restored.problems).toEqual([])
          expect(placeholders(restored.text)).toEqual(placeholders(entry.text))
          expected.set(entry.key, restored.text)
        }
        translated += expected.size
        const out = parsed.write(expected, { targetLanguage: 'es' })
        if (format === 'po') {
          const got = gettextPo.parse(Buffer.from(out)).translations
          for (const entry of parsed.entries) {
            if (!expected.has(entry.key)) continue
            expect(got[entry.context ?? '']![entry.key.split('\u0004').pop()!]!.msgstr).toEqual([expected.get(entry.key)])
          }
        } else {
          const again = new Map(parse(out).entries.map((e) => [e.key, e.text]))
          for (const [key, text] of expected) expect(again.get(key)).toBe(text)
        }
      }
      expect(translated).toBeGreaterThan(100)
    })
  }
})
