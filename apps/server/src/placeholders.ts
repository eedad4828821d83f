import type { Segment, SegmentPart } from '@verso/engine'
import { prepare, tokenize } from '@verso/formats/placeholders'

/**
 * Placeholder protection for the text endpoints, with the masking the file codecs use
 * (`@verso/formats/placeholders`): `{name}`, `{{user}}`, `${folder}`, `%{count}`, printf
 * (`%s`, `%1$s`, `%d`, `%.2f`), ICU arguments, inline tags … become inline tokens the engine
 * cannot touch, and are put back byte for byte after translation.
 */

const LETTER = /\p{L}/u

/** A text split for the engine; `segments` is empty when it has nothing to translate (no letter outside placeholders). */
export interface MaskedText {
  segments: Segment[]
  /** The text rebuilt from the engine's answers (same order as `segments`), and what did not fit. */
  restore(translated: readonly Segment[]): { text: string; problems: string[] }
}

/**
 * One text of `/v2/translate` or the batch. With `protect`, the text is prepared as the codecs
 * prepare a value (ICU branches are segments of their own and get the target's plural
 * categories); without it, the whole text is one plain segment, as prose needs.
 */
export function maskText(text: string, target: string, protect: boolean): MaskedText {
  if (!protect) {
    if (!LETTER.test(text)) return { segments: [], restore: () => ({ text, problems: [] }) }
    return {
      segments: [text],
      restore: ([segment = text]) => ({ text: typeof segment === 'string' ? segment : partsText(segment), problems: [] }),
    }
  }
  // 'po' is the codecs' neutral profile: no Laravel `:name` (a colon before a word is prose) and
  // no MessageFormat apostrophe doubling (that is a .properties convention).
  const prepared = prepare(text, { format: 'po', targetLanguage: target, colonNames: false })
  return {
    segments: prepared.segments,
    restore(translated) {
      const restored = prepared.restore(translated)
      return { text: restored.text, problems: restored.problems.map((problem) => problem.message) }
    },
  }
}

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

function partsText(parts: readonly SegmentPart[]): string {
  return parts.filter((part): part is string => typeof part === 'string').join('')
}

/** Whether a text has anything to detect a language from. */
export function hasLetters(text: string): boolean {
  return LETTER.test(text)
}
