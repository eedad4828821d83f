import { tokenize } from './tokens.js'
import type { Segment, SegmentPart } from './index.js'

/** A segment of a codec that already split its input (HTML, subtitles), with placeholders in its text parts masked too. */
export interface MaskedSegment {
  segment: Segment
  restore(translated: Segment): Segment
}

/**
 * Masks the placeholders inside the text parts of `segment` as extra void tokens, with ids the
 * segment does not use. Line breaks stay text (they are the codec's layout, not placeholders);
 * a segment without placeholders is returned as it is.
 */
export function maskSegment(segment: Segment): MaskedSegment {
  const parts: readonly SegmentPart[] = typeof segment === 'string' ? [segment] : segment
  const taken = new Set(parts.flatMap((part) => (typeof part === 'string' ? [] : [part.id])))
  const raws = new Map<string, string>()
  let next = 0
  const freshId = () => {
    let id: string
    do id = `ph${++next}`
    while (taken.has(id))
    return id
  }
  const masked: SegmentPart[] = []
  for (const part of parts) {
    if (typeof part !== 'string') {
      masked.push(part)
      continue
    }
    for (const piece of tokenize(part)) {
      if (piece.type === 'text' || /^\s*$/.test(piece.raw)) {
        const last = masked[masked.length - 1]
        if (typeof last === 'string') masked[masked.length - 1] = last + piece.raw
        else masked.push(piece.raw)
        continue
      }
      const id = freshId()
      raws.set(id, piece.raw)
      masked.push({ id, kind: 'void' })
    }
  }
  if (raws.size === 0) return { segment, restore: (translated) => translated }
  return {
    segment: masked,
    restore(translated) {
      const out: SegmentPart[] = []
      for (const part of typeof translated === 'string' ? [translated] : translated) {
        const raw = typeof part === 'string' ? part : part.kind === 'void' ? raws.get(part.id) : undefined
        if (raw === undefined) {
          out.push(part)
          continue
        }
        const last = out[out.length - 1]
        if (typeof last === 'string') out[out.length - 1] = last + raw
        else out.push(raw)
      }
      return out.length === 1 && typeof out[0] === 'string' ? out[0] : out
    },
  }
}
