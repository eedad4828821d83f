import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { extractSubtitles, parseSubtitles, translateSubtitles, type Segment, type SegmentPart, type SubtitleFormat } from '@verso/subtitles'
import { corpusAvailable, corpusDir } from '../../../test-support/corpus.js'

const corpus = (format: SubtitleFormat) =>
  corpusAvailable
    ? readdirSync(corpusDir(format))
        .filter((name) => name.endsWith(`.${format}`))
        .sort()
        .map((name) => ({ name, content: readFileSync(join(corpusDir(format), name), 'utf8') }))
    : []

describe('SRT read as ffmpeg and ExoPlayer read it (issue 12)', () => {
  test.each<[string, string, number, number]>([
    ['three-digit seconds', '1\n00:00:010,000 --> 00:00:013,567\nHi\n', 10_000, 13_567],
    ['missing hours (ExoPlayer)', '1\n00:10,000 --> 00:13,500\nHi\n', 10_000, 13_500],
    ['"." before milliseconds', '1\n00:00:10.000 --> 00:00:13.500\nHi\n', 10_000, 13_500],
    ['spaces after separators and around the arrow (ffmpeg)', '1\n00: 00: 10, 000   -->00:00:13,500  \nHi\n', 10_000, 13_500],
    ['no index line', '00:00:10,000 --> 00:00:13,500\nHi\n', 10_000, 13_500],
    ['a BOM and CRLF', '\uFEFF1\r\n00:00:10,000 --> 00:00:13,500\r\nHi\r\n', 10_000, 13_500],
  ])('reads %s', (_, content, start, end) => {
    const { cues, issues } = parseSubtitles(content, 'srt')
    expect(issues).toEqual([])
    expect(cues).toMatchObject([{ start, end, text: 'Hi' }])
  })

  test.each<[string, string]>([
    ['fields out of range', '99:99:99.999 --> 99:99:99.999'],
    ['an end before the start', '00:00:05,000 --> 00:00:01,000'],
    ['a broken end time', '00:00:05,000 --> 00:00:0x'],
  ])('keeps a cue with %s as written and reports it as a warning', async (_, timing) => {
    const srt = `1\n00:00:01,000 --> 00:00:02,000\nOne\n\n2\n${timing}\nTwo\n\n3\n00:00:06,000 --> 00:00:07,000\nThree\n`
    const result = await translateSubtitles(srt, 'srt', async (segments) => segments.map((s) => (s as string).toUpperCase()))
    expect(result.content).toBe(srt.replace('One', 'ONE').replace('Three', 'THREE'))
    expect(result.blocks).toBe(2)
    expect(result.warnings).toMatchObject([{ code: 'SUBTITLE_INVALID_TIMESTAMP', line: 6 }])
  })
})

describe('WebVTT read by the W3C parser algorithm (issue 12)', () => {
  test('ignores a block whose first line is "STYLE here" (not a style sheet, not a cue) without a warning', () => {
    const vtt = 'WEBVTT\n\nSTYLE here\n\n00:01.000 --> 00:02.000\nHi\n'
    const { segments, warnings } = extractSubtitles(vtt, 'vtt')
    expect(segments).toEqual(['Hi'])
    expect(warnings).toEqual([])
  })

  test('reads "STYLE here" above a timing line as the cue identifier, as the algorithm does', () => {
    const { cues } = parseSubtitles('WEBVTT\n\nSTYLE here\n00:01.000 --> 00:02.000\nHi\n', 'vtt')
    expect(cues).toMatchObject([{ identifier: 'STYLE here', text: 'Hi' }])
  })

  test('reads settings written right after the end time, as the algorithm (and Firefox) does; a fourth fraction digit is no setting', () => {
    // mozilla/vtt.js tests/file-layout/no-space-cue-times-cue-settings.vtt
    const { cues, issues } = parseSubtitles('WEBVTT\n\n00:00.000 --> 00:01.000line:40% size:40%\ncue text\n', 'vtt')
    expect(issues).toEqual([])
    expect(cues).toMatchObject([{ start: 0, end: 1000, settings: 'line:40% size:40%', text: 'cue text' }])
    expect(parseSubtitles('WEBVTT\n\n00:00.000 --> 00:01.0001\ncue text\n', 'vtt').issues).toMatchObject([{ code: 'SUBTITLE_INVALID_TIMESTAMP', line: 3 }])
  })

  test('a header with white space before WEBVTT is refused, and the message shows that white space', () => {
    // mozilla/vtt.js tests/file-layout/bom-tab-webvtt.vtt: players refuse it too
    expect(() => extractSubtitles('\tWEBVTT\n\n00:00.000 --> 00:02.000\ntext\n', 'vtt')).toThrow('found "\\tWEBVTT"')
  })

  test('ends a block at a line with --> on its third line or later, which starts the next cue', () => {
    const { cues, issues } = parseSubtitles('WEBVTT\n\nsome\nwords\n00:01.000 --> 00:02.000\nHi\n', 'vtt')
    expect(cues.map((c) => c.text)).toEqual(['Hi'])
    expect(issues).toMatchObject([{ code: 'SUBTITLE_INVALID', line: 3 }])
  })

  test('keeps a text block after a cue, which players ignore, as written and reports it', () => {
    const vtt = 'WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n\nstray text\n'
    const { segments, warnings } = extractSubtitles(vtt, 'vtt')
    expect(segments).toEqual(['Hi'])
    expect(warnings).toMatchObject([{ code: 'SUBTITLE_INVALID', line: 6 }])
  })

  test('throws when nothing is readable: no header, or no cue and a problem', () => {
    expect(() => extractSubtitles('00:01.000 --> 00:02.000\nHi\n', 'vtt')).toThrow(expect.objectContaining({ code: 'SUBTITLE_INVALID' }))
    expect(() => extractSubtitles('WEBVTT\n\n00:99.000 --> 00:02.000\nHi\n', 'vtt')).toThrow(expect.objectContaining({ code: 'SUBTITLE_INVALID_TIMESTAMP', line: 3 }))
  })
})

/** Rewrites every SRT timestamp `HH:MM:SS,mmm` the way sloppy tools write it. */
function sloppy(content: string): string {
  return content.replace(/(\d{2}):(\d{2}):(\d{2}),(\d{3})/g, (_, h: string, m: string, s: string, f: string) =>
    h === '00' ? `${m}:0${s}.${f}` : `${h}:${m}:0${s} ,${f}`,
  )
}

describe.skipIf(!corpusAvailable)('real files with the quirks players accept', () => {
  test.each(corpus('srt').filter((f) => /\d{2}:\d{2}:\d{2},\d{3}/.test(f.content)))('$name reads the same with sloppy timestamps', ({ content }) => {
    const clean = parseSubtitles(content, 'srt')
    const rewritten = parseSubtitles(sloppy(content), 'srt')
    expect(rewritten.issues).toEqual(clean.issues)
    expect(rewritten.cues.map((c) => [c.start, c.end, c.text])).toEqual(clean.cues.map((c) => [c.start, c.end, c.text]))
  })

  test.each(corpus('vtt'))('$name reads the same with a "STYLE here" block after the header', ({ content }) => {
    const clean = parseSubtitles(content, 'vtt')
    const header = /^(?:\uFEFF)?WEBVTT[^\r\n]*(\r?\n)/.exec(content)!
    const withBlock = content.slice(0, header[0].length) + `${header[1]}STYLE here${header[1]}` + content.slice(header[0].length)
    const extra = parseSubtitles(withBlock, 'vtt')
    expect(extra.issues).toEqual([])
    expect(extra.cues.map((c) => c.text)).toEqual(clean.cues.map((c) => c.text))
  })
})

describe('nesting of cue tags (issue 12)', () => {
  /** Ancestors of each uniquely named tag (`<t3>`), asserting the tags are well nested. */
  const ancestry = (text: string) => {
    const stack: string[] = []
    const out = new Map<string, string[]>()
    for (const [, closing, name] of text.matchAll(/<(\/?)(t\d+)>/g)) {
      if (closing) {
        expect(stack.pop()).toBe(name)
        continue
      }
      out.set(name!, [...stack])
      stack.push(name!)
    }
    expect(stack).toEqual([])
    return out
  }

  test('keeps every tag inside the tag it was in, well nested, whatever order the translator returns', async () => {
    const item = fc.constantFrom('open', 'close', '{\\an8}', 'word ', 'red ', 'Hi')
    // Well-nested cue text with uniquely named tags: a close always ends the innermost open tag.
    const cueText = fc.array(item, { minLength: 1, maxLength: 16 }).map((items) => {
      const open: string[] = []
      let text = ''
      let next = 0
      for (const it of items) {
        if (it === 'open') { const name = `t${next++}`; text += `<${name}>`; open.push(name) }
        else if (it === 'close') { if (open.length > 0) text += `x</${open.pop()}>` }
        else text += it
      }
      while (open.length > 0) text += `y</${open.pop()}>`
      return text
    })
    await fc.assert(
      fc.asyncProperty(cueText, fc.array(fc.nat(), { maxLength: 20 }), async (text, seeds) => {
        const srt = `1\n00:00:01,000 --> 00:00:02,000\n${text} end\n`
        const { segments } = extractSubtitles(srt, 'srt')
        const source = segments[0]!
        if (typeof source === 'string') return
        const shuffled: SegmentPart[] = [...source]
        seeds.forEach((seed, k) => {
          const [moved] = shuffled.splice(seed % shuffled.length, 1)
          shuffled.splice((seed + k) % (shuffled.length + 1), 0, moved!)
        })
        const out = await translateSubtitles(srt, 'srt', async () => [shuffled as Segment])
        const before = ancestry(text)
        const after = ancestry(parseSubtitles(out.content, 'srt').cues[0]!.text)
        expect([...after.keys()].sort()).toEqual([...before.keys()].sort())
        for (const [name, chain] of before) {
          const parent = chain[chain.length - 1]
          if (parent !== undefined) expect(after.get(name)).toContain(parent)
        }
      }),
      { numRuns: 300 },
    )
  })
})
