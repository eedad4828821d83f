import type { SubtitleFormat } from './types.js'

export interface Timing {
  start: number
  end: number
  settings?: string
}

// SRT: hours required; `,` or `.` before 1–3 fraction digits, fraction optional (`00:00:04`).
const SRT_TIME = String.raw`(\d+):(\d{2}):(\d{2})(?:[,.](\d{1,3}))?`
// WebVTT: hours optional; fraction required (`.` by the spec, `,` tolerated).
const VTT_TIME = String.raw`(?:(\d+):)?(\d{2}):(\d{2})[.,](\d{1,3})`

const SRT_LINE = new RegExp(String.raw`^\s*${SRT_TIME}\s*-->\s*${SRT_TIME}(?:\s+(.*?))?\s*$`)
// Spaces around the arrow are tolerated missing (`00:01.000-->00:02.000`).
const VTT_LINE = new RegExp(String.raw`^\s*${VTT_TIME}\s*-->\s*${VTT_TIME}(?:\s+(.*?))?\s*$`)

export const EXAMPLE: Record<SubtitleFormat, string> = {
  srt: '00:00:01,000 --> 00:00:02,000',
  vtt: '00:00:01.000 --> 00:00:02.000',
}

/** A line that claims to be a timing line (it has the arrow). */
export function hasArrow(text: string): boolean {
  return text.includes('-->')
}

function ms(h: string | undefined, m: string, s: string, f: string | undefined): number {
  // A fraction is a decimal fraction of a second: `,1` is 100 ms, `,12` 120 ms.
  const frac = f === undefined ? 0 : Number(f.padEnd(3, '0'))
  return ((Number(h ?? 0) * 60 + Number(m)) * 60 + Number(s)) * 1000 + frac
}

/** Parses a timing line; `undefined` when it is not one. */
export function parseTiming(text: string, format: SubtitleFormat): Timing | undefined {
  const match = format === 'srt' ? SRT_LINE.exec(text) : VTT_LINE.exec(text)
  if (!match) return undefined
  const g = match.slice(1)
  const timing: Timing = { start: ms(g[0], g[1]!, g[2]!, g[3]), end: ms(g[4], g[5]!, g[6]!, g[7]) }
  if (g[8]) timing.settings = g[8]
  return timing
}
