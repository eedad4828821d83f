/**
 * The memory keeps strings; segments are strings or parts lists. One deterministic text per
 * segment: a plain string is itself behind a `=` tag, a parts list is its JSON (which starts
 * with `[`), so no plain string can ever be read back as a parts list or collide with one.
 */
import type { InlineToken, Segment, SegmentPart } from '@verso/engine'

const PLAIN = '='

/** The memory's text for a segment; equal segments give equal texts. */
export function segmentText(segment: Segment): string {
  if (typeof segment === 'string') return PLAIN + segment
  return JSON.stringify(segment.map((part) => (typeof part === 'string' ? part : { id: part.id, kind: part.kind })))
}

/** The segment `segmentText` wrote. Throws a `TypeError` on a text it cannot have written (a corrupt memory row). */
export function parseSegmentText(text: string): Segment {
  if (text.startsWith(PLAIN)) return text.slice(PLAIN.length)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new TypeError(`Not a stored segment: ${JSON.stringify(text.slice(0, 40))}`, { cause: error })
  }
  if (!Array.isArray(parsed)) throw new TypeError(`Not a stored segment: ${JSON.stringify(text.slice(0, 40))}`)
  return parsed.map((part: unknown): SegmentPart => {
    if (typeof part === 'string') return part
    const token = part as Partial<InlineToken> | null
    if (token && typeof token.id === 'string' && (token.kind === 'open' || token.kind === 'close' || token.kind === 'void')) {
      return { id: token.id, kind: token.kind }
    }
    throw new TypeError(`Not a stored segment part: ${JSON.stringify(part)}`)
  })
}
