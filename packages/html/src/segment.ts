/**
 * The translator contract, structurally identical to `@verso/engine`'s (defined here so
 * `@verso/html` stands alone). A segment is a plain string or a list of parts; a part is
 * text (real characters, no HTML escaping) or an opaque inline token.
 */
export type Segment = string | readonly SegmentPart[]

export type SegmentPart = string | InlineToken

export interface InlineToken {
  /** Unique within its segment; `open` and `close` of one tag share it. */
  readonly id: string
  /** `open`/`close`: a paired inline tag around words; `void`: a standalone token. */
  readonly kind: 'open' | 'close' | 'void'
}

/** Translates a batch of segments; returns one segment per input, same order, every token intact. */
export type TranslateSegments = (segments: readonly Segment[]) => Promise<readonly Segment[]>
