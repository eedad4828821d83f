import { describe, expect, test } from 'vitest'
import { countSubtitleBlocks, extractSubtitles, parseSubtitles, SubtitleError, type SubtitleFormat } from '@verso/subtitles'

function thrown(fn: () => unknown): SubtitleError {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(SubtitleError)
    return error as SubtitleError
  }
  throw new Error('expected a SubtitleError')
}

describe('parseSubtitles', () => {
  test('reads index, timing in milliseconds, text lines and the cue line number of an SRT file', () => {
    const { cues, issues } = parseSubtitles('1\n00:00:01,000 --> 00:00:02,500\nHello\nworld\n\n2\n01:02:03,004 --> 01:02:04,000\nBye\n', 'srt')
    expect(issues).toEqual([])
    expect(cues).toEqual([
      { index: '1', start: 1000, end: 2500, text: 'Hello\nworld', line: 1 },
      { index: '2', start: 3723004, end: 3724000, text: 'Bye', line: 6 },
    ])
  })

  test('reads WebVTT identifiers, cue settings and timestamps without hours', () => {
    const vtt = 'WEBVTT - a title\nKind: captions\n\nNOTE a note\n\nintro\n00:01.000 --> 00:02.000 align:start position:10%\n<v Roger>Hi\n'
    const { cues, issues } = parseSubtitles(vtt, 'vtt')
    expect(issues).toEqual([])
    expect(cues).toEqual([{ identifier: 'intro', start: 1000, end: 2000, settings: 'align:start position:10%', text: '<v Roger>Hi', line: 6 }])
  })

  test('tolerates SRT without index lines, extra blank lines, trailing whitespace and "." before milliseconds', () => {
    const srt = '\n\n00:00:01.000 --> 00:00:02.000  \nOne  \n\n\n\n2  \n00:00:03,5 --> 00:00:04\nTwo\n\n\n'
    const { cues, issues } = parseSubtitles(srt, 'srt')
    expect(issues).toEqual([])
    expect(cues.map((c) => [c.index, c.start, c.end, c.text])).toEqual([
      [undefined, 1000, 2000, 'One  '],
      ['2', 3500, 4000, 'Two'],
    ])
  })

  test('starts a new cue at a timing line when the blank line between cues is missing', () => {
    const { cues, issues } = parseSubtitles('1\n00:00:01,000 --> 00:00:02,000\nOne\n2\n00:00:03,000 --> 00:00:04,000\nTwo\n', 'srt')
    expect(issues).toEqual([])
    expect(cues.map((c) => [c.index, c.text])).toEqual([
      ['1', 'One'],
      ['2', 'Two'],
    ])
  })

  test('reads a text block after a cue as more text of that cue', () => {
    const { cues, issues } = parseSubtitles('1\n00:00:01,000 --> 00:00:02,000\nOne\n\nstill one', 'srt')
    expect(issues).toEqual([])
    expect(cues.map((c) => c.text)).toEqual(['One\n\nstill one'])
  })

  test('ends such a text block at a timing line that follows without a blank line', () => {
    const { cues, issues } = parseSubtitles('1\n00:00:01,000 --> 00:00:02,000\nOne\n\nstill one\n2\n00:00:03,000 --> 00:00:04,000\nTwo', 'srt')
    expect(issues).toEqual([])
    expect(cues.map((c) => [c.index, c.text])).toEqual([
      ['1', 'One\n\nstill one'],
      ['2', 'Two'],
    ])
  })

  test('reads a cue without text', () => {
    const { cues, issues } = parseSubtitles('WEBVTT\n\n00:01.000 --> 00:02.000\n\n00:03.000 --> 00:04.000\nTwo', 'vtt')
    expect(issues).toEqual([])
    expect(cues.map((c) => c.text)).toEqual(['', 'Two'])
  })

  test.each<[string, SubtitleFormat, string, number]>([
    ['empty content', 'srt', '', 1],
    ['blank content', 'vtt', ' \n\n', 1],
    ['a BOM alone', 'srt', '\uFEFF', 1],
  ])('reports %s as SUBTITLE_EMPTY', (_, format, content, line) => {
    const { issues, cues } = parseSubtitles(content, format)
    expect(cues).toEqual([])
    expect(issues).toMatchObject([{ code: 'SUBTITLE_EMPTY', line, column: 1 }])
  })

  test.each<[string, SubtitleFormat, string, string, number]>([
    ['prose as SRT', 'srt', 'It was a bright cold day in April.\nThe clocks were striking thirteen.\n', 'SUBTITLE_INVALID', 1],
    ['prose as WebVTT', 'vtt', 'It was a bright cold day in April.\n', 'SUBTITLE_INVALID', 1],
    ['JSON as SRT', 'srt', '{\n  "text": "hello"\n}\n', 'SUBTITLE_INVALID', 1],
    ['an SRT file sent as WebVTT', 'vtt', '1\n00:00:01,000 --> 00:00:02,000\nHi\n', 'SUBTITLE_INVALID', 1],
    ['a WebVTT file sent as SRT', 'srt', 'WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n', 'SUBTITLE_INVALID', 1],
    ['prose after the WebVTT header', 'vtt', 'WEBVTT\n\nJust some words.\n', 'SUBTITLE_INVALID', 3],
    ['a truncated timestamp', 'srt', '1\n00:00:01,000 --> 00:00:02,000\nOk\n\n2\n00:00:03,000 --> 00:00:0\nCut', 'SUBTITLE_INVALID_TIMESTAMP', 6],
    ['a timing line cut before the arrow', 'srt', '1\n00:00:01,000 -->\nHi\n', 'SUBTITLE_INVALID_TIMESTAMP', 2],
    ['an SRT number with no timing line', 'srt', '1\n00:00:01,000 --> 00:00:02,000\nOk\n\n2\n', 'SUBTITLE_INVALID', 6],
    ['an SRT number followed by text', 'srt', '1\nHello there\n', 'SUBTITLE_INVALID', 2],
    ['WebVTT timestamps without milliseconds', 'vtt', 'WEBVTT\n\n00:01 --> 00:02\nHi\n', 'SUBTITLE_INVALID_TIMESTAMP', 3],
  ])('reports %s as an issue with its line', (_, format, content, code, line) => {
    const { issues } = parseSubtitles(content, format)
    expect(issues[0]).toMatchObject({ code, line, column: 1 })
    expect(issues[0]!.message).toMatch(new RegExp(`^line ${line}: `))
  })

  test('says what was expected where an SRT timestamp is broken', () => {
    const { issues } = parseSubtitles('1\n00:00:01,000 --> 00:00:02,000\nOk\n\n2\n00:00:03,000 --> 00:00:0x\n', 'srt')
    expect(issues[0]!.message).toContain('expected a timestamp line like 00:00:01,000 --> 00:00:02,000')
  })

  test('keeps reading after a broken block and reports every one', () => {
    const srt = '1\n00:00:01,000 --> bad\nA\n\n2\n00:00:03,000 --> 00:00:04,000\nB\n\n3\n00:00:05;000 --> 00:00:06,000\nC\n'
    const { cues, issues } = parseSubtitles(srt, 'srt')
    expect(cues.map((c) => c.text)).toEqual(['B'])
    expect(issues.map((i) => [i.code, i.line])).toEqual([
      ['SUBTITLE_INVALID_TIMESTAMP', 2],
      ['SUBTITLE_INVALID_TIMESTAMP', 10],
    ])
  })

  test('throws SUBTITLE_UNSUPPORTED_FORMAT for a format it does not know', () => {
    expect(thrown(() => parseSubtitles('x', 'ass' as SubtitleFormat)).code).toBe('SUBTITLE_UNSUPPORTED_FORMAT')
  })

  test('writes new text for chosen cues and leaves every other byte alone', () => {
    const srt = '\uFEFF1\r\n00:00:01,000 --> 00:00:02,000\r\nHello\r\nworld\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nBye'
    const parsed = parseSubtitles(srt, 'srt')
    expect(parsed.write(new Map())).toBe(srt)
    expect(parsed.write(new Map([[0, 'Hola\n\nmundo']]))).toBe(
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,000\r\nHola\r\nmundo\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nBye',
    )
    expect(parsed.write(new Map([[1, 'Adiós']]))).toBe(srt.replace('Bye', 'Adiós'))
  })

  test('throws SUBTITLE_UNKNOWN_CUE when writing a cue position the file does not have', () => {
    const parsed = parseSubtitles('00:00:01,000 --> 00:00:02,000\nHi\n', 'srt')
    expect(thrown(() => parsed.write(new Map([[3, 'x']]))).code).toBe('SUBTITLE_UNKNOWN_CUE')
  })
})

describe('extractSubtitles', () => {
  test('throws the first issue as a SubtitleError with code and line when nothing is readable', () => {
    const error = thrown(() => extractSubtitles('1\n00:00:03,000 --> 00:00:0x\nCut\n', 'srt'))
    expect(error.code).toBe('SUBTITLE_INVALID_TIMESTAMP')
    expect(error.line).toBe(2)
    expect(thrown(() => extractSubtitles('', 'vtt')).code).toBe('SUBTITLE_EMPTY')
    expect(thrown(() => extractSubtitles('{"a": 1}', 'srt')).code).toBe('SUBTITLE_INVALID')
    expect(thrown(() => extractSubtitles('WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n', 'srt')).code).toBe('SUBTITLE_INVALID')
  })

  test('issue 12: keeps a cue it cannot read as written and reports it, translating the rest', () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000\nOk\n\n2\n00:00:03,000 --> 00:00:0\nCut\n'
    const { blocks, segments, warnings, write } = extractSubtitles(srt, 'srt')
    expect(blocks).toBe(1)
    expect(segments).toEqual(['Ok'])
    expect(warnings).toMatchObject([{ code: 'SUBTITLE_INVALID_TIMESTAMP', line: 6, column: 1 }])
    expect(write(['Vale'])).toBe(srt.replace('Ok', 'Vale'))
  })
})

describe('countSubtitleBlocks', () => {
  test('counts cue blocks without translating', () => {
    expect(countSubtitleBlocks('WEBVTT\n\nNOTE x\n\n00:01.000 --> 00:02.000\nA\n\n00:02.000 --> 00:03.000\nB\nB2\n', 'vtt')).toBe(2)
    expect(countSubtitleBlocks('WEBVTT\n', 'vtt')).toBe(0)
  })

  test('throws SubtitleError on content that is not a subtitle file', () => {
    expect(thrown(() => countSubtitleBlocks('just prose', 'srt')).code).toBe('SUBTITLE_INVALID')
  })
})
