/**
 * The translator contract, structurally identical to `@verso/engine`'s (defined here so
 * `@verso/subtitles` stands alone). A segment is a plain string or a list of parts; a part
 * is text or an opaque inline token the translator must return once, unchanged.
 */
export type Segment = string | readonly SegmentPart[]

export type SegmentPart = string | InlineToken

export interface InlineToken {
  /** Unique within its segment; `open` and `close` of one tag share it. */
  readonly id: string
  /** `open`/`close`: a paired inline tag around words; `void`: a standalone token. */
  readonly kind: 'open' | 'close' | 'void'
}

/** Translates a batch of segments; returns one segment per input, same order. */
export type TranslateSegments = (segments: readonly Segment[]) => Promise<readonly Segment[]>

export type SubtitleFormat = 'srt' | 'vtt'

/** One cue as written in the file. */
export interface Cue {
  /** SRT: the counter line above the timing line, as written (trimmed). */
  index?: string
  /** WebVTT: the cue identifier line, as written. */
  identifier?: string
  /** Milliseconds. */
  start: number
  end: number
  /** What follows the end time on the timing line: VTT cue settings, SRT coordinates. */
  settings?: string
  /** The text lines joined with `\n`, raw, tags included. */
  text: string
  /** 1-based line of the cue's first line (index or identifier when present). */
  line: number
}
