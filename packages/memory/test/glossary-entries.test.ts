import { describe, expect, test } from 'vitest'
import { GlossaryError, MAX_GLOSSARY_ENTRIES, MAX_GLOSSARY_NAME_LENGTH, MAX_TERM_LENGTH, parseGlossaryEntries, validateGlossary } from '@verso/memory'

/** The GlossaryError a call throws (fails the test when it throws nothing or something else). */
function thrown(run: () => unknown): GlossaryError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(GlossaryError)
    return error as GlossaryError
  }
  throw new Error('expected a GlossaryError')
}

const valid = { name: 'Product terms', source_language: 'en', target_language: 'es', entries: [{ source: 'cloud', target: 'nube' }] }

describe('parseGlossaryEntries (CSV)', () => {
  test('reads source,target rows', () => {
    expect(parseGlossaryEntries('cloud,nube\nVerso,Verso\n', 'csv')).toEqual([
      { source: 'cloud', target: 'nube' },
      { source: 'Verso', target: 'Verso' },
    ])
  })

  test('reads RFC 4180 quoted fields with commas and doubled quotes', () => {
    expect(parseGlossaryEntries('"cloud, public","nube ""pública"""\n"plain",simple', 'csv')).toEqual([
      { source: 'cloud, public', target: 'nube "pública"' },
      { source: 'plain', target: 'simple' },
    ])
  })

  test('takes a quote inside an unquoted field literally', () => {
    expect(parseGlossaryEntries('5" screen,pantalla de 5"', 'csv')).toEqual([{ source: '5" screen', target: 'pantalla de 5"' }])
  })

  test("reads DeepL's four-column rows with the glossary's languages", () => {
    const text = 'cloud,nube,en,es\nserver,servidor,EN,ES\n'
    expect(parseGlossaryEntries(text, 'csv', { source_language: 'en', target_language: 'es' })).toEqual([
      { source: 'cloud', target: 'nube' },
      { source: 'server', target: 'servidor' },
    ])
  })

  test('refuses a four-column row naming another language, with its line', () => {
    const error = thrown(() => parseGlossaryEntries('cloud,nube,en,es\nserver,servidor,en,fr', 'csv', { source_language: 'en', target_language: 'es' }))
    expect(error.code).toBe('GLOSSARY_INVALID')
    expect(error.message).toContain('line 2')
    expect(error.message).toContain('target_lang')
  })

  test('strips a BOM and accepts CRLF, CR and blank lines', () => {
    expect(parseGlossaryEntries('\uFEFFcloud,nube\r\n\r\nserver,servidor\rdata,datos\r\n', 'csv')).toEqual([
      { source: 'cloud', target: 'nube' },
      { source: 'server', target: 'servidor' },
      { source: 'data', target: 'datos' },
    ])
  })

  test('refuses an unterminated quote, naming the line it opened on', () => {
    const error = thrown(() => parseGlossaryEntries('cloud,nube\n"server,servidor\ndata,datos', 'csv'))
    expect(error.code).toBe('GLOSSARY_INVALID')
    expect(error.message).toMatch(/^line 2: .*never closed/)
  })

  test('refuses text after a closing quote', () => {
    const error = thrown(() => parseGlossaryEntries('"cloud"x,nube', 'csv'))
    expect(error.code).toBe('GLOSSARY_INVALID')
    expect(error.message).toMatch(/^line 1: /)
  })

  test('refuses a row with a wrong column count, with its line', () => {
    for (const row of ['cloud', 'cloud,nube,en', 'cloud,nube,en,es,0.9']) {
      const error = thrown(() => parseGlossaryEntries(`server,servidor\n\n${row}\n`, 'csv'))
      expect(error.code).toBe('GLOSSARY_INVALID')
      expect(error.message).toMatch(/^line 3: expected 2 columns .* found \d/)
    }
  })

  test('counts lines inside a quoted multi-line field', () => {
    // The first row's term holds a line break (refused), so the count is checked on the next row.
    const error = thrown(() => parseGlossaryEntries('a,b\n"x\r\ny",z,w\n', 'csv'))
    expect(error.message).toMatch(/^line 2: expected 2 columns/)
  })

  test('names the line of a bad term', () => {
    const error = thrown(() => parseGlossaryEntries('cloud,nube\nserver ,servidor', 'csv'))
    expect(error.code).toBe('GLOSSARY_INVALID')
    expect(error.message).toBe('line 2: source: has leading or trailing whitespace')
  })

  test('names both lines of a duplicate source term', () => {
    const error = thrown(() => parseGlossaryEntries('cloud,nube\nserver,servidor\ncloud,nubes', 'csv'))
    expect(error.message).toBe('line 3: source term "cloud" is already defined by line 1')
  })

  test('gives no entries for an empty file', () => {
    expect(parseGlossaryEntries('', 'csv')).toEqual([])
    expect(parseGlossaryEntries('\uFEFF\r\n', 'csv')).toEqual([])
  })

  test('refuses an unknown format', () => {
    expect(thrown(() => parseGlossaryEntries('a,b', 'xml' as 'csv')).message).toMatch(/^entries_format: /)
  })
})

describe('parseGlossaryEntries (TSV)', () => {
  test('reads source<TAB>target rows with commas and quotes kept as text', () => {
    expect(parseGlossaryEntries('\uFEFFcloud, public\t"nube"\r\nserver\tservidor\n\n', 'tsv')).toEqual([
      { source: 'cloud, public', target: '"nube"' },
      { source: 'server', target: 'servidor' },
    ])
  })

  test('refuses a row without exactly one tab, with its line', () => {
    for (const row of ['cloud nube', 'cloud\tnube\tnubes']) {
      const error = thrown(() => parseGlossaryEntries(`server\tservidor\n${row}`, 'tsv'))
      expect(error.code).toBe('GLOSSARY_INVALID')
      expect(error.message).toMatch(/^line 2: expected 2 columns/)
    }
  })

  test('refuses more than the entry limit', () => {
    const text = Array.from({ length: MAX_GLOSSARY_ENTRIES + 1 }, (_, i) => `term${i}\tt${i}`).join('\n')
    expect(thrown(() => parseGlossaryEntries(text, 'tsv')).code).toBe('GLOSSARY_TOO_LARGE')
  })
})

describe('validateGlossary', () => {
  test('returns the checked glossary without extra fields', () => {
    expect(validateGlossary({ ...valid, extra: 1, entries: [{ source: 'cloud', target: 'nube', weight: 2 }] })).toEqual(valid)
  })

  test('reads entries given as CSV or TSV text with entries_format', () => {
    expect(validateGlossary({ ...valid, entries: 'cloud,nube,en,es', entries_format: 'csv' }).entries).toEqual([{ source: 'cloud', target: 'nube' }])
    expect(validateGlossary({ ...valid, entries: 'cloud\tnube', entries_format: 'tsv' }).entries).toEqual([{ source: 'cloud', target: 'nube' }])
    expect(thrown(() => validateGlossary({ ...valid, entries: 'cloud,nube,en,fr', entries_format: 'csv' })).message).toMatch(/^line 1: target_lang/)
    expect(thrown(() => validateGlossary({ ...valid, entries: 'cloud,nube' })).message).toMatch(/^entries_format: /)
  })

  test('accepts the limits exactly', () => {
    const name = 'n'.repeat(MAX_GLOSSARY_NAME_LENGTH)
    const term = 'é'.repeat(MAX_TERM_LENGTH)
    const entries = Array.from({ length: MAX_GLOSSARY_ENTRIES }, (_, i) => ({ source: i === 0 ? term : `t${i}`, target: term }))
    expect(validateGlossary({ ...valid, name, entries }).entries).toHaveLength(MAX_GLOSSARY_ENTRIES)
  })

  test.each([
    ['not an object', null, 'GLOSSARY_INVALID', /^glossary: /],
    ['a list', [valid], 'GLOSSARY_INVALID', /^glossary: /],
    ['a missing name', { ...valid, name: undefined }, 'GLOSSARY_INVALID', /^name: missing/],
    ['a name that is not a string', { ...valid, name: 3 }, 'GLOSSARY_INVALID', /^name: expected a string/],
    ['an empty name', { ...valid, name: '  ' }, 'GLOSSARY_INVALID', /^name: is empty/],
    ['a name over the limit', { ...valid, name: 'n'.repeat(MAX_GLOSSARY_NAME_LENGTH + 1) }, 'GLOSSARY_INVALID', /^name: longer than 100/],
    ['a name with a line break', { ...valid, name: 'a\nb' }, 'GLOSSARY_INVALID', /^name: contains a control character/],
    ['a missing source language', { ...valid, source_language: undefined }, 'GLOSSARY_INVALID', /^source_language: missing/],
    ['an empty target language', { ...valid, target_language: '' }, 'GLOSSARY_INVALID', /^target_language: is empty/],
    ['a target language that is not a string', { ...valid, target_language: 7 }, 'GLOSSARY_INVALID', /^target_language: expected a string/],
    ['missing entries', { ...valid, entries: undefined }, 'GLOSSARY_INVALID', /^entries: missing/],
    ['no entries', { ...valid, entries: [] }, 'GLOSSARY_INVALID', /^entries: a glossary needs at least one entry/],
    ['no entries in a file', { ...valid, entries: '\n', entries_format: 'tsv' }, 'GLOSSARY_INVALID', /^entries: a glossary needs at least one entry/],
    ['entries of the wrong type', { ...valid, entries: 5 }, 'GLOSSARY_INVALID', /^entries: expected/],
    ['an entry that is not an object', { ...valid, entries: [valid.entries[0], 'x'] }, 'GLOSSARY_INVALID', /^entry 2: expected an object/],
    ['an entry without a target', { ...valid, entries: [{ source: 'a' }] }, 'GLOSSARY_INVALID', /^entry 1: target must be a string/],
    ['an empty source term', { ...valid, entries: [{ source: '', target: 'a' }] }, 'GLOSSARY_INVALID', /^entry 1: source: is empty/],
    ['a term over the limit', { ...valid, entries: [valid.entries[0], { source: 'a', target: 'x'.repeat(MAX_TERM_LENGTH + 1) }] }, 'GLOSSARY_INVALID', /^entry 2: target: longer than 200/],
    ['leading whitespace', { ...valid, entries: [{ source: ' cloud', target: 'nube' }] }, 'GLOSSARY_INVALID', /^entry 1: source: has leading or trailing whitespace/],
    ['trailing no-break space', { ...valid, entries: [{ source: 'cloud', target: 'nube\u00A0' }] }, 'GLOSSARY_INVALID', /^entry 1: target: has leading or trailing whitespace/],
    ['a tab inside a term', { ...valid, entries: [{ source: 'a\tb', target: 'c' }] }, 'GLOSSARY_INVALID', /^entry 1: source: contains a control character/],
    ['a C1 control character', { ...valid, entries: [{ source: 'a\u0085b', target: 'c' }] }, 'GLOSSARY_INVALID', /^entry 1: source: contains a control character/],
    ['a line separator', { ...valid, entries: [{ source: 'a', target: 'b\u2028c' }] }, 'GLOSSARY_INVALID', /^entry 1: target: contains a control character or a line break/],
    ['a duplicate source term', { ...valid, entries: [{ source: 'a', target: 'b' }, { source: 'A', target: 'B' }, { source: 'a', target: 'c' }] }, 'GLOSSARY_INVALID', /^entry 3: source term "a" is already defined by entry 1/],
    ['too many entries', { ...valid, entries: Array.from({ length: MAX_GLOSSARY_ENTRIES + 1 }, (_, i) => ({ source: `t${i}`, target: 'x' })) }, 'GLOSSARY_TOO_LARGE', /^entries: 5001 entries; a glossary has at most 5000/],
  ])('refuses %s', (_, input, code, message) => {
    const error = thrown(() => validateGlossary(input))
    expect(error.code).toBe(code)
    expect(error.message).toMatch(message)
  })
})
