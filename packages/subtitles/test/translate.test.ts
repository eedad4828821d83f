import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  extractSubtitles,
  parseSubtitles,
  SubtitleError,
  translateSubtitles,
  type Segment,
  type SegmentPart,
  type SubtitleErrorCode,
  type TranslateSegments,
} from '@verso/subtitles'

const srt = (...cues: string[]) => cues.map((text, i) => `${i + 1}\n00:00:0${i},000 --> 00:00:0${i + 1},000\n${text}\n`).join('\n')

/** A fake translator that maps every text part through `fn` and keeps tokens in place. */
const fakeTranslator =
  (fn: (text: string) => string): TranslateSegments =>
  async (segments) =>
    segments.map((s): Segment => (typeof s === 'string' ? fn(s) : s.map((p) => (typeof p === 'string' ? fn(p) : p))))

/** A fake translator that answers each segment with fixed parts. */
const fakeFixedTranslator =
  (answer: (segment: Segment, index: number) => Segment): TranslateSegments =>
  async (segments) =>
    segments.map(answer)

const cueTexts = (content: string, format: 'srt' | 'vtt' = 'srt') => parseSubtitles(content, format).cues.map((c) => c.text)

describe('translateSubtitles', () => {
  test('calls the translator once for all cues', async () => {
    const calls: number[] = []
    const fakeCountingTranslator: TranslateSegments = async (segments) => {
      calls.push(segments.length)
      return segments
    }
    const result = await translateSubtitles(srt('a', 'b', 'c'), 'srt', fakeCountingTranslator)
    expect(calls).toEqual([3])
    expect(result.blocks).toBe(3)
  })

  test('makes no call for a file without cues', async () => {
    const calls: number[] = []
    const result = await translateSubtitles('WEBVTT\n\nNOTE nothing yet\n', 'vtt', async (s) => {
      calls.push(s.length)
      return s
    })
    expect(calls).toEqual([])
    expect(result).toEqual({ content: 'WEBVTT\n\nNOTE nothing yet\n', blocks: 0, warnings: [] })
  })

  test('translates a multi-line cue as one text and re-breaks it into the same number of lines', async () => {
    const input = srt('The quick brown fox\njumps.')
    const { segments } = extractSubtitles(input, 'srt')
    expect(segments).toEqual(['The quick brown fox jumps.'])
    const out = await translateSubtitles(input, 'srt', fakeTranslator(() => 'El rápido zorro marrón salta sobre el perro.'))
    expect(cueTexts(out.content)).toEqual(['El rápido zorro marrón\nsalta sobre el perro.'])
  })

  test('balances three lines by width', async () => {
    const input = srt('a\nb\nc')
    const out = await translateSubtitles(input, 'srt', fakeTranslator(() => 'one two three four five six seven eight nine'))
    expect(cueTexts(out.content)).toEqual(['one two three\nfour five six\nseven eight nine'])
  })

  test('breaks CJK text, which has no spaces, between characters', async () => {
    const out = await translateSubtitles(srt('Hello there\nmy friend'), 'srt', fakeTranslator(() => 'こんにちは友達よ'))
    expect(cueTexts(out.content)).toEqual(['こんにち\nは友達よ'])
  })

  test('writes fewer lines, never an empty one, when the translation has fewer words than lines', async () => {
    const out = await translateSubtitles(srt('Oh\nmy\ngod'), 'srt', fakeTranslator(() => 'Dios'))
    expect(cueTexts(out.content)).toEqual(['Dios'])
    expect(parseSubtitles(out.content, 'srt').cues.length).toBe(1)
  })

  test('keeps dialogue lines that start with a dash as separate lines', async () => {
    const input = srt('Why?\n- Now!')
    const { segments } = extractSubtitles(input, 'srt')
    expect(segments).toEqual([['Why?', { id: 'n1', kind: 'void' }, '- Now!']])
    const out = await translateSubtitles(input, 'srt', fakeTranslator((t) => (t === 'Why?' ? '¿Por qué exactamente?' : '- ¡Ahora!')))
    expect(cueTexts(out.content)).toEqual(['¿Por qué exactamente?\n- ¡Ahora!'])
  })

  test('keeps a line in another script on its own line: a bilingual cue\'s second language is not re-broken into the first', async () => {
    // pysrt's capability tester: "This should be an E with an accent: È" over "日本語" came back
    // "Esto tendría que ser un" over "E con un acento: È 日本語"
    const input = srt('This should be an E with an accent: È\n日本語', 'Thank you.\n谢谢。', 'Привет, <i>Анна</i>!\nHello, Anna!')
    const { segments } = extractSubtitles(input, 'srt')
    expect(segments).toEqual([
      ['This should be an E with an accent: È', { id: 'n1', kind: 'void' }, '日本語'],
      ['Thank you.', { id: 'n1', kind: 'void' }, '谢谢。'],
      ['Привет, ', { id: 't1', kind: 'open' }, 'Анна', { id: 't1', kind: 'close' }, '!', { id: 'n1', kind: 'void' }, 'Hello, Anna!'],
    ])
    const out = await translateSubtitles(input, 'srt', fakeTranslator((t) => (t.startsWith('This') ? 'Esto tendría que ser una E con un acento: È' : t)))
    expect(cueTexts(out.content)[0]).toEqual('Esto tendría que ser una E con un acento: È\n日本語')
    // one script over both lines, or a line without letters, is still one run
    expect(extractSubtitles(srt('Hello there\nmy friend', '日本語の\n字幕です', 'Look!\n123'), 'srt').segments).toEqual(['Hello there my friend', '日本語の 字幕です', 'Look! 123'])
  })

  test('keeps CRLF line endings and the BOM on translated cues', async () => {
    const input = '\uFEFF1\r\n00:00:01,000 --> 00:00:02,000\r\nOne two\r\nthree four\r\n\r\n2\r\n00:00:02,000 --> 00:00:03,000\r\nFive\r\n'
    const out = await translateSubtitles(input, 'srt', fakeTranslator((t) => t.toUpperCase()))
    expect(out.content).toBe('\uFEFF1\r\n00:00:01,000 --> 00:00:02,000\r\nONE TWO\r\nTHREE FOUR\r\n\r\n2\r\n00:00:02,000 --> 00:00:03,000\r\nFIVE\r\n')
  })

  test('keeps a missing final newline', async () => {
    const out = await translateSubtitles('WEBVTT\n\n00:01.000 --> 00:02.000\nHi', 'vtt', fakeTranslator(() => 'Hola'))
    expect(out.content).toBe('WEBVTT\n\n00:01.000 --> 00:02.000\nHola')
  })

  test('keeps the WEBVTT header line, identifiers, cue settings, NOTE, STYLE and REGION blocks as written', async () => {
    const input =
      'WEBVTT - Kind: captions \n\nREGION\nid:fred width:40%\n\nSTYLE\n::cue { color: red }\n\nNOTE keep me\n\nfirst\n00:00:01.000 --> 00:00:02.000 align:start position:10%\nHello <c.yellow>friend</c>\n'
    const out = await translateSubtitles(input, 'vtt', fakeTranslator((t) => t.toUpperCase()))
    expect(out.content).toBe(input.replace('Hello <c.yellow>friend</c>', 'HELLO <c.yellow>FRIEND</c>'))
  })

  test('turns {\\an8} into a void token and <i>…</i> into open and close tokens; one before the text stays out of the segment', () => {
    const { segments } = extractSubtitles(srt('{\\an8}<i>Top line</i> and <00:00:01.000>more'), 'srt')
    expect(segments).toEqual([
      [
        { id: 't2', kind: 'open' },
        'Top line',
        { id: 't2', kind: 'close' },
        ' and ',
        { id: 't3', kind: 'void' },
        'more',
      ],
    ])
  })

  test('ASS line breaks and hard spaces (\\N, \\n, \\h) are void tokens, so the words on either side stay words', async () => {
    // "I saw the big house\Nand the red car." came back "Vi la casa grande\Nand el coche rojo."
    const input = srt('I saw the big house\\Nand the red car.\\hThe\\hend.')
    const { segments } = extractSubtitles(input, 'srt')
    expect(segments).toEqual([['I saw the big house', { id: 't1', kind: 'void' }, 'and the red car.', { id: 't2', kind: 'void' }, 'The', { id: 't3', kind: 'void' }, 'end.']])
    const out = await translateSubtitles(input, 'srt', fakeTranslator((t) => t.toUpperCase()))
    expect(out.content).toBe(srt('I SAW THE BIG HOUSE\\NAND THE RED CAR.\\hTHE\\hEND.'))
  })

  test('pairs VTT voice, class, lang and ruby tags by name and leaves unclosed ones void', () => {
    const { segments } = extractSubtitles('WEBVTT\n\n00:01.000 --> 00:02.000\n<v Roger>Hi <c.loud>there</c> <lang en>you</lang> <ruby>漢<rt>kan</rt></ruby>\n', 'vtt')
    const tokens = (segments[0] as SegmentPart[]).filter((p) => typeof p !== 'string')
    // (the unclosed <v Roger> before the text, t1, stays out of the segment)
    expect(tokens).toEqual([
      { id: 't2', kind: 'open' },
      { id: 't2', kind: 'close' },
      { id: 't3', kind: 'open' },
      { id: 't3', kind: 'close' },
      { id: 't4', kind: 'open' },
      { id: 't5', kind: 'open' },
      { id: 't5', kind: 'close' },
      { id: 't4', kind: 'close' },
    ])
  })

  test('markup around a cue\'s whole text stays out of the segment, and around the translation, so added words fall inside it', async () => {
    // es→en "<i>¡No me digas eso!</i>" came back "You <i>do not say me this!</i>"; en→fr "Nous <font face=…>serons…"
    const input = srt('{\\an8}<font face="Arial"><i>We will be late again.</i></font>')
    expect(extractSubtitles(input, 'srt').segments).toEqual(['We will be late again.'])
    const out = await translateSubtitles(input, 'srt', fakeTranslator((t) => `NOUS ${t.toUpperCase()}`))
    expect(out.content).toBe(srt('{\\an8}<font face="Arial"><i>NOUS WE WILL BE LATE AGAIN.</i></font>'))
    // two lines each in its own pair are not one pair around the text
    expect(extractSubtitles(srt('<i>One.</i>\n<i>Two.</i>'), 'srt').segments[0]).toEqual([
      { id: 't1', kind: 'open' }, 'One.', { id: 't1', kind: 'close' }, { id: 'n1', kind: 'void' }, { id: 't2', kind: 'open' }, 'Two.', { id: 't2', kind: 'close' },
    ])
  })

  test('leaves text that only looks like markup as text', () => {
    const { segments } = extractSubtitles(srt('Greater than (<) and 2<3,5>1 {normal text}'), 'srt')
    expect(segments).toEqual(['Greater than (<) and 2<3,5>1 {normal text}'])
  })

  test('puts tags back where the translator moved them', async () => {
    const input = srt('The <b>red</b> car')
    const out = await translateSubtitles(
      input,
      'srt',
      fakeFixedTranslator(() => ['El coche ', { id: 't1', kind: 'open' }, 'rojo', { id: 't1', kind: 'close' }]),
    )
    expect(cueTexts(out.content)).toEqual(['El coche <b>rojo</b>'])
  })

  test('starts a new line run at markup on a line edge', async () => {
    const input = srt('<i>First line</i>\n<b>Second line</b>')
    const out = await translateSubtitles(input, 'srt', fakeTranslator((t) => `${t} plus several extra words`))
    expect(cueTexts(out.content)).toEqual(['<i>First line plus several extra words</i>\n<b>Second line plus several extra words</b>'])
  })

  describe('with a translator that breaks tokens', () => {
    const input = srt('{\\an8}Hello <i>big</i> <b>world</b>')
    const an8 = { id: 't1', kind: 'void' } as const
    const openI = { id: 't2', kind: 'open' } as const
    const closeI = { id: 't2', kind: 'close' } as const
    const openB = { id: 't3', kind: 'open' } as const
    const closeB = { id: 't3', kind: 'close' } as const

    test.each<[string, SegmentPart[], string]>([
      ['puts a lost close token and its open around the whole text', ['Hola ', openI, 'grande ', openB, 'mundo', closeB], '{\\an8}<i>Hola grande <b>mundo</b></i>'],
      ['drops duplicated tokens', [an8, an8, 'Hola ', openI, 'grande', closeI, closeI, ' ', openB, 'mundo', closeB], '{\\an8}Hola <i>grande</i> <b>mundo</b>'],
      ['drops tokens it never sent', [an8, { id: 'x9', kind: 'void' }, 'Hola ', openI, 'grande', closeI, ' ', openB, 'mundo', closeB], '{\\an8}Hola <i>grande</i> <b>mundo</b>'],
      ['puts a lost leading void token back at the start', ['Hola ', openI, 'grande', closeI, ' ', openB, 'mundo', closeB], '{\\an8}Hola <i>grande</i> <b>mundo</b>'],
      ['reorders a close token that came before its open', [an8, 'Hola ', closeI, 'grande', openI, ' ', openB, 'mundo', closeB], '{\\an8}<i>Hola grande <b>mundo</b></i>'],
      ['untangles crossing pairs', [an8, 'Hola ', openI, 'grande ', openB, 'mundo', closeI, closeB], '{\\an8}<i>Hola grande <b>mundo</b></i>'],
    ])('%s', async (_, answer, expected) => {
      const out = await translateSubtitles(input, 'srt', fakeFixedTranslator(() => answer))
      expect(cueTexts(out.content)).toEqual([expected])
    })
  })

  test('falls back to one run over all lines when break tokens are lost', async () => {
    const out = await translateSubtitles(srt('- Hi there\n- Bye now'), 'srt', fakeFixedTranslator(() => '- Hola amigo - Adiós ya'))
    expect(cueTexts(out.content)).toEqual(['- Hola amigo\n- Adiós ya'])
  })

  test('never writes a timing arrow inside cue text', async () => {
    const out = await translateSubtitles('WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n', 'vtt', fakeTranslator(() => 'a --> b'))
    expect(parseSubtitles(out.content, 'vtt').cues.map((c) => c.text)).toEqual(['a -> b'])
  })

  test('throws SUBTITLE_TRANSLATION_MISMATCH when the translator returns the wrong number of segments', async () => {
    const fakeShortTranslator: TranslateSegments = async (segments) => segments.slice(1)
    const error = await translateSubtitles(srt('a', 'b'), 'srt', fakeShortTranslator).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SubtitleError)
    expect((error as SubtitleError).code).toBe('SUBTITLE_TRANSLATION_MISMATCH')
  })

  test('throws SUBTITLE_TRANSLATION_MISMATCH for a segment that is neither text nor parts', () => {
    const { write } = extractSubtitles(srt('a'), 'srt')
    expect(() => write([42 as unknown as Segment])).toThrow(expect.objectContaining({ code: 'SUBTITLE_TRANSLATION_MISMATCH' }))
  })
})

describe('round trip', () => {
  const word = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }).map((s) => s.replace(/[\s<>{}\\-]/gu, 'x'))
  const tag = fc.constantFrom('<i>', '</i>', '<b>', '</b>', '{\\an8}', '<font color="red">', '</font>', '<00:00:01.000>', '<v Bob>', '<c.x>', '</c>')
  const line = fc.array(fc.oneof({ weight: 4, arbitrary: word }, { weight: 1, arbitrary: tag }), { minLength: 1, maxLength: 6 }).map((parts) => parts.join(' '))
  const cue = fc.array(line, { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n'))

  test('cue text with arbitrary unicode and tags comes back byte-identical through the identity translator', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(cue, { minLength: 1, maxLength: 5 }), fc.constantFrom('\n', '\r\n'), fc.constantFrom('srt', 'vtt'), async (texts, eol, format) => {
        const body = texts
          .map((t, i) => `${format === 'srt' ? `${i + 1}${eol}` : ''}00:00:0${i}${format === 'srt' ? ',' : '.'}000 --> 00:00:0${i + 1}${format === 'srt' ? ',' : '.'}000${eol}${t.replaceAll('\n', eol)}${eol}`)
          .join(eol)
        const content = format === 'vtt' ? `WEBVTT${eol}${eol}${body}` : body
        const parsed = parseSubtitles(content, format)
        expect(parsed.issues).toEqual([])
        expect(parsed.cues.map((c) => c.text)).toEqual(texts)
        const result = await translateSubtitles(content, format, async (s) => structuredClone(s) as Segment[])
        expect(result.content).toBe(content)
        expect(result.blocks).toBe(texts.length)
      }),
      { numRuns: 150 },
    )
  })

  test('a fake uppercasing translator keeps every tag and the line count of cues with arbitrary text', async () => {
    await fc.assert(
      fc.asyncProperty(cue, async (text) => {
        const content = `1\n00:00:01,000 --> 00:00:02,000\n${text}\n`
        const out = await translateSubtitles(content, 'srt', fakeTranslator((t) => t.toUpperCase()))
        const [translated] = cueTexts(out.content)
        const TAG = /<\/?[A-Za-z][^<>\r\n]*>|<(?:\d+:)?\d{2}:\d{2}[.,]\d{3}>|\{\\[^{}\r\n]*\}/g
        expect((translated!.match(TAG) ?? []).sort()).toEqual((text.match(TAG) ?? []).sort())
        expect(translated!.split('\n').length).toBeLessThanOrEqual(text.split('\n').length)
      }),
      { numRuns: 150 },
    )
  })
})

describe('parseSubtitles on arbitrary input', () => {
  const fragment = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 12 }),
    fc.constantFrom('\n', '\r\n', '\r', '\n\n', 'WEBVTT', 'NOTE ', 'STYLE', '-->', ' --> ', '00:00:01,000', '00:01.000', '12', '<i>', '</i>', '{\\an8}', '\uFEFF'),
  )
  const anyText = fc.array(fragment, { maxLength: 30 }).map((parts) => parts.join(''))

  test('never throws, and text that parses cleanly comes back byte-identical through the identity translator', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, fc.constantFrom('srt', 'vtt'), async (content, format) => {
        const parsed = parseSubtitles(content, format)
        for (const issue of parsed.issues) expect(issue.line).toBeGreaterThanOrEqual(1)
        expect(parsed.write(new Map(parsed.cues.map((c, i) => [i, c.text])))).toBe(content)
        if (parsed.issues.length === 0 || parsed.cues.length > 0) {
          // Readable: blocks it could not read are warnings and stay as written.
          const result = await translateSubtitles(content, format, async (s) => s)
          expect(result.content).toBe(content)
          expect(result.warnings).toEqual(parsed.issues)
        } else {
          await expect(translateSubtitles(content, format, async (s) => s)).rejects.toBeInstanceOf(SubtitleError)
        }
      }),
      { numRuns: 300 },
    )
  })
})

describe('README', () => {
  test('its usage example gives the output it shows', async () => {
    const srt = '1\n00:00:01,000 --> 00:00:03,000\nThe <i>quick</i> brown fox\njumps over the lazy dog.\n'
    const seen: (readonly Segment[])[] = []
    const { content, blocks } = await translateSubtitles(srt, 'srt', async (segments) => {
      seen.push(segments)
      return segments.map(() => ['El zorro marrón ', { id: 't1', kind: 'open' }, 'rápido', { id: 't1', kind: 'close' }, ' salta sobre el perro perezoso.'])
    })
    expect(seen).toEqual([[['The ', { id: 't1', kind: 'open' }, 'quick', { id: 't1', kind: 'close' }, ' brown fox jumps over the lazy dog.']]])
    expect(content).toBe('1\n00:00:01,000 --> 00:00:03,000\nEl zorro marrón <i>rápido</i> salta\nsobre el perro perezoso.\n')
    expect(blocks).toBe(1)
  })

  test('lists every error code in its Errors table', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    const source = readFileSync(new URL('../src/errors.ts', import.meta.url), 'utf8')
    const codes = [...source.matchAll(/'(SUBTITLE_[A-Z_]+)'/g)].map((m) => m[1] as SubtitleErrorCode)
    expect(codes.length).toBeGreaterThan(0)
    for (const code of codes) expect(readme).toMatch(new RegExp(`^\\|\\s*\`${code}\``, 'm'))
  })
})
