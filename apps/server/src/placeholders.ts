import type { Segment, SegmentPart } from '@verso/engine'
import { prepare } from '@verso/formats/placeholders'

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

function partsText(parts: readonly SegmentPart[]): string {
  return parts.filter((part): part is string => typeof part === 'string').join('')
}

/** Whether a text has anything to detect a language from. */
export function hasLetters(text: string): boolean {
  return LETTER.test(text)
}
