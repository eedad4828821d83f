import { SubtitleError, type SubtitleErrorCode, type SubtitleIssue } from './errors.js'
import { isBlank, splitLines, type SourceLine } from './lines.js'
import { EXAMPLE, hasArrow, parseTiming } from './timestamp.js'
import type { Cue, SubtitleFormat } from './types.js'

/** A cue with the source positions the writers splice at. */
export interface LocatedCue {
  readonly cue: Cue
  /** Index (into `lines`) of the timing line. */
  readonly timingLine: number
  /** Text lines, `lines[firstText..lastText]`; blank lines inside (a tolerated SRT quirk) included. */
  firstText: number
  lastText: number
}

export interface SubtitleDocument {
  readonly content: string
  readonly format: SubtitleFormat
  readonly lines: readonly SourceLine[]
  readonly cues: LocatedCue[]
  readonly issues: SubtitleIssue[]
}

const DIGITS = /^\s*\d+\s*$/
const VTT_HEADER = /^WEBVTT(?:[ \t].*)?$/
/** Blocks that are not cues by design: comments, style sheets, region definitions (and `STYLE here`, ignored alike). */
const VTT_METADATA = /^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/

function excerpt(text: string, trim = true): string {
  const trimmed = trim ? text.trim() : text
  return JSON.stringify(trimmed.length > 40 ? `${trimmed.slice(0, 40)}…` : trimmed)
}

/**
 * Reads the block structure of `content`; never throws on bad input. WebVTT follows the
 * W3C parser algorithm (a block is a cue when its first or second line holds `-->`; any
 * other block is ignored, as players ignore it); SRT is read as ffmpeg and ExoPlayer read
 * it. What cannot be read is an issue and stays as written.
 */
export function readDocument(content: string, format: SubtitleFormat): SubtitleDocument {
  if (format !== 'srt' && format !== 'vtt') {
    throw new SubtitleError('SUBTITLE_UNSUPPORTED_FORMAT', `unsupported subtitle format ${JSON.stringify(format)}: expected "srt" or "vtt"`)
  }
  const lines = splitLines(content)
  const doc: SubtitleDocument = { content, format, lines, cues: [], issues: [] }
  const issue = (code: SubtitleErrorCode, at: number, message: string) => {
    const line = lines[at]?.number ?? lines.length + 1
    doc.issues.push({ code, message: `line ${line}: ${message}`, line, column: 1 })
  }
  const n = lines.length
  const blank = (i: number) => i >= n || isBlank(lines[i]!.text)
  const example = EXAMPLE[format]
  const expectTiming = `expected a timestamp line like ${example}`

  if (lines.every((l) => isBlank(l.text))) {
    issue('SUBTITLE_EMPTY', 0, `expected ${format === 'vtt' ? 'a "WEBVTT" header' : 'subtitle blocks'}, found no content`)
    return doc
  }

  /** Reads the timing line at `timingAt` into a cue whose text runs to `textEnd` (exclusive); false on a bad timing. */
  const addCue = (blockStart: number, label: string | undefined, timingAt: number, textEnd: number): LocatedCue | undefined => {
    const timingText = lines[timingAt]!.text
    const timing = parseTiming(timingText, format)
    if (timing === undefined || timing === 'not-a-time' || timing.end < timing.start) {
      const why =
        timing === undefined ? expectTiming : timing === 'not-a-time' ? 'expected times whose minutes and seconds run from 00 to 59' : 'expected an end time at or after the start time'
      issue('SUBTITLE_INVALID_TIMESTAMP', timingAt, `${why}, found ${excerpt(timingText)}; the cue is kept as written, untranslated`)
      return undefined
    }
    const cue: Cue = { start: timing.start, end: timing.end, text: '', line: lines[blockStart]!.number }
    if (label !== undefined) {
      if (format === 'srt') cue.index = label.trim()
      else cue.identifier = label
    }
    if (timing.settings !== undefined) cue.settings = timing.settings
    const located: LocatedCue = { cue, timingLine: timingAt, firstText: timingAt + 1, lastText: textEnd - 1 }
    doc.cues.push(located)
    return located
  }

  if (format === 'vtt') readVtt()
  else readSrt()

  function readVtt(): void {
    if (!VTT_HEADER.test(lines[0]!.text)) {
      issue('SUBTITLE_INVALID', 0, `expected "WEBVTT" as the first line of a WebVTT file, found ${excerpt(lines[0]!.text, false)}`)
      return
    }
    // Header lines run to the first blank line (a timing line there starts a cue).
    let i = 1
    while (!blank(i) && !hasArrow(lines[i]!.text)) i++
    while (i < n) {
      if (blank(i)) {
        i++
        continue
      }
      const first = lines[i]!.text
      let timingAt: number
      let label: string | undefined
      if (hasArrow(first)) timingAt = i
      else if (!blank(i + 1) && hasArrow(lines[i + 1]!.text)) {
        label = first
        timingAt = i + 1
      } else {
        // Not a cue: up to a blank line or a line with `-->` (which starts the next block).
        let j = i + 1
        while (!blank(j) && !hasArrow(lines[j]!.text)) j++
        if (!VTT_METADATA.test(first)) {
          issue('SUBTITLE_INVALID', i, `expected a cue (a timestamp line like ${example}) or a NOTE, STYLE or REGION block, found ${excerpt(first)}; WebVTT players ignore this block, it is kept as written`)
        }
        i = j
        continue
      }
      // Cue text runs to a blank line or a line with `-->`.
      let j = timingAt + 1
      while (!blank(j) && !hasArrow(lines[j]!.text)) j++
      addCue(i, label, timingAt, j)
      i = j
    }
  }

  function readSrt(): void {
    if (/^WEBVTT(?:[ \t]|$)/.test(lines[0]!.text)) {
      issue('SUBTITLE_INVALID', 0, 'found a "WEBVTT" header: this is a WebVTT file, send it with format "vtt"')
      return
    }
    /** Skips to the next blank line, after a problem. */
    const skipBlock = () => {
      while (!blank(i)) i++
    }
    // The cue a text block without a timing line continues (SRT files in the wild put blank lines inside cues).
    let previous: LocatedCue | undefined
    let i = 0
    while (i < n) {
      if (blank(i)) {
        i++
        continue
      }
      const text = lines[i]!.text
      const blockStart = i
      let label: string | undefined
      let timingAt: number
      if (hasArrow(text)) {
        timingAt = i
      } else if (!blank(i + 1) && hasArrow(lines[i + 1]!.text)) {
        label = text
        timingAt = i + 1
      } else if (DIGITS.test(text) && (blank(i + 1) || !previous)) {
        issue('SUBTITLE_INVALID', i + 1, `${expectTiming} after the subtitle number ${text.trim()}; the block is kept as written, untranslated`)
        skipBlock()
        previous = undefined
        continue
      } else if (previous) {
        // A text block after a cue, with no timing line: more text of that cue (up to a timing
        // line, or a number above one, which starts the next cue).
        let j = i
        while (!blank(j) && !hasArrow(lines[j]!.text)) j++
        if (!blank(j) && DIGITS.test(lines[j - 1]!.text)) j--
        previous.lastText = j - 1
        i = j
        continue
      } else {
        issue('SUBTITLE_INVALID', i, `expected a subtitle number or a timestamp line like ${example}, found ${excerpt(text)}; the block is kept as written, untranslated`)
        skipBlock()
        continue
      }
      // Text runs to a blank line; a timing line (or a number above one) starts the next cue.
      let j = timingAt + 1
      while (!blank(j)) {
        const line = lines[j]!.text
        if (hasArrow(line)) break
        if (DIGITS.test(line) && !blank(j + 1) && hasArrow(lines[j + 1]!.text)) break
        j++
      }
      const located = addCue(blockStart, label, timingAt, j)
      if (!located) {
        i = timingAt
        skipBlock()
        previous = undefined
        continue
      }
      previous = located
      i = j
    }
  }

  // Cue.text follows the text lines, continuation blocks included.
  for (const located of doc.cues) {
    located.cue.text = lines
      .slice(located.firstText, located.lastText + 1)
      .map((l) => l.text)
      .join('\n')
  }
  return doc
}

/** The terminator to use after text line `k` of a cue (its own, else the timing line's, else `\n`). */
export function eolFor(doc: SubtitleDocument, located: LocatedCue, k: number): string {
  const own = doc.lines[located.firstText + k]
  if (own && own.eol && located.firstText + k <= located.lastText) return own.eol
  return doc.lines[located.timingLine]!.eol || '\n'
}

/**
 * Replaces the text of cues with new lines (no blank line is ever written inside a cue:
 * it would end the cue). Everything else is copied byte for byte.
 */
export function spliceCues(doc: SubtitleDocument, replacements: ReadonlyMap<number, readonly string[]>): string {
  const positions = [...replacements.keys()].sort((a, b) => a - b)
  let out = ''
  let cursor = 0
  for (const position of positions) {
    const located = doc.cues[position]!
    const newLines = replacements.get(position)!
    let from: number
    let to: number
    let prefix = ''
    if (located.lastText >= located.firstText) {
      from = doc.lines[located.firstText]!.start
      to = doc.lines[located.lastText]!.end
    } else {
      if (newLines.length === 0) continue
      const timing = doc.lines[located.timingLine]!
      from = to = timing.end
      prefix = timing.eol || '\n'
    }
    let replacement = prefix
    newLines.forEach((line, k) => {
      replacement += k === 0 ? line : eolFor(doc, located, k - 1) + line
    })
    out += doc.content.slice(cursor, from) + replacement
    cursor = to
  }
  return out + doc.content.slice(cursor)
}

/** Parses a subtitle file. Never throws on bad input: problems are `issues`. */
export function parseSubtitles(
  content: string,
  format: SubtitleFormat,
): {
  cues: Cue[]
  issues: SubtitleIssue[]
  /** Replaces the text of the cues at the given positions (`\n` separates lines); all else stays byte-identical. */
  write(translatedTexts: ReadonlyMap<number, string>): string
} {
  const doc = readDocument(String(content ?? ''), format)
  return {
    cues: doc.cues.map((c) => c.cue),
    issues: doc.issues,
    write(translatedTexts) {
      const replacements = new Map<number, string[]>()
      for (const [position, text] of translatedTexts) {
        const located = doc.cues[position]
        if (!located) {
          throw new SubtitleError('SUBTITLE_UNKNOWN_CUE', `no cue at position ${position}: the file has ${doc.cues.length} cues`)
        }
        if (text === located.cue.text) continue
        replacements.set(
          position,
          String(text)
            .split(/\r\n|\r|\n/)
            .filter((line) => !isBlank(line)),
        )
      }
      return spliceCues(doc, replacements)
    },
  }
}

/**
 * Whether a document can be translated: it has content, a WebVTT header when it is WebVTT,
 * and at least one cue unless it has no problem at all (a WebVTT file of NOTE blocks).
 * Throws the first issue as a `SubtitleError` when it cannot; returns the issues of the
 * blocks kept as written (warnings) when it can.
 */
export function readableIssues(doc: SubtitleDocument): SubtitleIssue[] {
  const first = doc.issues[0]
  if (first && doc.cues.length === 0) throw new SubtitleError(first.code, first.message, { line: first.line })
  return [...doc.issues]
}
