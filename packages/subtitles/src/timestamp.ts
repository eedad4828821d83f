import type { SubtitleFormat } from './types.js'

export interface Timing {
  start: number
  end: number
  settings?: string
}

/**
 * SRT, read as ffmpeg and ExoPlayer read it: hours optional (ExoPlayer), any number of
 * digits per field (`00:00:013,567` is 13.567 s), `,` or `.` before the fraction, fraction
 * optional, spaces after a separator (ffmpeg's `%d` skips them).
 */
const SRT_TIME = String.raw`(?:(\d+)[ \t]*:[ \t]*)?(\d+)[ \t]*:[ \t]*(\d+)(?:[,.][ \t]*(\d+))?`
/** WebVTT: hours optional; fraction required (`.` by the spec, `,` and 1–3 digits tolerated). */
const VTT_TIME = String.raw`(?:(\d+):)?(\d{1,2}):(\d{1,2})[.,](\d{1,3})`

const SRT_LINE = new RegExp(String.raw`^\s*${SRT_TIME}\s*-->\s*${SRT_TIME}(?:\s+(.*?))?\s*$`)
// Spaces around the arrow may be missing (`00:01.000-->00:02.000`), and so may the space before
// the settings: the algorithm's timestamp ends after its fraction, and what follows is the
// settings (`00:01.000line:40%`, read so by Firefox's vtt.js). A digit there is a fraction too
// long, not a setting.
const VTT_LINE = new RegExp(String.raw`^\s*${VTT_TIME}\s*-->\s*${VTT_TIME}(?:(?:\s+|(?=[^\s\d]))(.*?))?\s*$`)

export const EXAMPLE: Record<SubtitleFormat, string> = {
  srt: '00:00:01,000 --> 00:00:02,000',
  vtt: '00:00:01.000 --> 00:00:02.000',
}

/** A line that claims to be a timing line (it has the arrow). */
export function hasArrow(text: string): boolean {
  return text.includes('-->')
}

/** Milliseconds, or `undefined` when minutes or seconds are not below 60 (`99:99:99.999` is not a time). */
function ms(h: string | undefined, m: string, s: string, f: string | undefined): number | undefined {
  if (Number(m) > 59 || Number(s) > 59) return undefined
  // A fraction is a decimal fraction of a second: `,1` is 100 ms, `,12` 120 ms, `,1234` 123 ms.
  const frac = f === undefined ? 0 : Number(f.slice(0, 3).padEnd(3, '0'))
  return ((Number(h ?? 0) * 60 + Number(m)) * 60 + Number(s)) * 1000 + frac
}

/**
 * Parses a timing line: the timing, `'not-a-time'` when it has the shape but a field is out
 * of range, or `undefined` when it is not a timing line.
 */
export function parseTiming(text: string, format: SubtitleFormat): Timing | 'not-a-time' | undefined {
  const match = format === 'srt' ? SRT_LINE.exec(text) : VTT_LINE.exec(text)
  if (!match) return undefined
  const g = match.slice(1)
  const start = ms(g[0], g[1]!, g[2]!, g[3])
  const end = ms(g[4], g[5]!, g[6]!, g[7])
  if (start === undefined || end === undefined) return 'not-a-time'
  const timing: Timing = { start, end }
  if (g[8]) timing.settings = g[8]
  return timing
}
