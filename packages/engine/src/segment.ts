/**
 * What every translator takes and gives back: text with opaque inline tokens.
 *
 * A segment is either a plain string or a list of parts. A part is plain text (no
 * escaping of any kind: the translator escapes what its engine needs) or an inline token
 * standing for something the translator must not touch: a placeholder (`{name}`, `%1$s`),
 * an inline tag (`<b>` … `</b>`), a line break the caller will restore. Tokens are opaque:
 * the translator sees only their id and kind.
 *
 * Guarantee of every translator: each token of the input comes back exactly once, with
 * the same id and kind; a `close` token comes after the `open` token with the same id;
 * tokens may move with the words they belong to (`The <b>red</b> car` →
 * `El coche <b>rojo</b>`).
 */
export type Segment = string | readonly SegmentPart[]

export type SegmentPart = string | InlineToken

export interface InlineToken {
  /** Unique within its segment; `open` and `close` of one tag share it. */
  readonly id: string
  /** `open`/`close`: a paired inline tag around words; `void`: a standalone token. */
  readonly kind: 'open' | 'close' | 'void'
  /**
   * A void token that stands for a number (a count: `%d`, ICU's `#`, `{count}`). A translator
   * may send a number in its place, so that the words around it are translated as they are
   * around a number ("{n} days ago" → "hace {n} días"); it still comes back as the token.
   */
  readonly number?: boolean
}

export function isInlineToken(part: SegmentPart): part is InlineToken {
  return typeof part !== 'string'
}

/** The segment's text parts joined (tokens left out), `separator` between two parts. */
export function textOf(segment: Segment, separator = ''): string {
  return typeof segment === 'string' ? segment : segment.filter((part): part is string => typeof part === 'string').join(separator)
}

/** `segment` with `change` applied to each of its text parts; tokens untouched, a string stays a string. */
export function mapText(segment: Segment, change: (text: string) => string): Segment {
  return typeof segment === 'string' ? change(segment) : segment.map((part) => (typeof part === 'string' ? change(part) : part))
}
