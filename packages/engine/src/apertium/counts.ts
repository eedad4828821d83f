/**
 * A placeholder that stands for a number goes to Apertium as a number.
 *
 * Sent as a blank, a count is not part of the sentence the transfer reads: "Edited {n} days
 * ago" came back "Editó {n} hace días" (eng-spa), "Deleted {n} items" → "Elements {n} eliminats"
 * (eng-cat), "Only {n} seconds left" → "Los {n} segundos únicos dejaron"; with a number there
 * the same rules answer "Editado hace 5 días", "Elements eliminats"… as they do for any text
 * with a number in it. The caller marks such tokens (`number: true`: `%d`, ICU's `#`, `{count}`,
 * a MediaWiki `PLURAL`'s `$1`); each goes as a digit the text does not already hold as a number,
 * and the token replaces that number in the answer. An answer where a digit is not found exactly
 * once is no use: `restore` says so and the segment goes again with its tokens as blanks.
 */
import type { InlineToken, Segment, SegmentPart } from '../segment.js'
import { mergeText } from './stream.js'

/** Stand-in numbers, plural in every language Apertium translates ("1" and "2" are not). */
const STAND_INS = ['5', '7', '8', '9', '6', '11', '12', '13', '14', '15', '16', '17', '18', '19', '20']

/** A whole number in a text: not part of a longer number, a decimal or a thousands group. */
const numberAt = (digits: string): RegExp => new RegExp(`(?<![\\d.,])${digits}(?![\\d]|[.,]\\d)`, 'gu')

export interface MaskedCounts {
  segment: Segment
  /** How many tokens went as numbers (0: `segment` is the input). */
  count: number
  /** The translation with each stand-in number replaced by its token, or null when one is not found exactly once. */
  restore(translated: Segment): Segment | null
}

export function maskCounts(segment: Segment): MaskedCounts {
  if (typeof segment === 'string' || !segment.some((part) => typeof part !== 'string' && part.kind === 'void' && part.number === true)) {
    return { segment, count: 0, restore: (t) => t }
  }
  const text = segment.filter((part): part is string => typeof part === 'string').join('')
  const free = STAND_INS.filter((digits) => !numberAt(digits).test(text))
  const byNumber = new Map<string, InlineToken>()
  const sent: SegmentPart[] = segment.map((part) => {
    if (typeof part === 'string' || part.kind !== 'void' || part.number !== true) return part
    const digits = free[byNumber.size]
    if (digits === undefined) return part // more counts than stand-ins: the rest go as blanks
    byNumber.set(digits, part)
    return digits
  })
  if (byNumber.size === 0) return { segment, count: 0, restore: (t) => t }
  return {
    segment: mergeText(sent),
    count: byNumber.size,
    restore(translated) {
      const parts = typeof translated === 'string' ? [translated] : translated
      const answer = parts.filter((part): part is string => typeof part === 'string').join('\u0000')
      for (const digits of byNumber.keys()) if ((answer.match(numberAt(digits)) ?? []).length !== 1) return null
      const out: SegmentPart[] = []
      for (const part of parts) {
        if (typeof part !== 'string') {
          out.push(part)
          continue
        }
        let rest = part
        for (;;) {
          let first: { at: number; digits: string } | undefined
          for (const digits of byNumber.keys()) {
            const match = numberAt(digits).exec(rest)
            if (match && (first === undefined || match.index < first.at)) first = { at: match.index, digits }
          }
          if (!first) break
          out.push(rest.slice(0, first.at), byNumber.get(first.digits)!)
          rest = rest.slice(first.at + first.digits.length)
        }
        out.push(rest)
      }
      return mergeText(out)
    },
  }
}
