/**
 * Quotation marks travel as a tag pair around the words they quote, not as text.
 *
 * Apertium's analysers read a straight quote before a word as part of it: `Click 'Save' to
 * continue` came back `Clic ave' para continuar` (eng-spa took `'S` for the genitive), `Show
 * 'Next' and 'Similar' videos` → `… y esimilar' vídeos`, and the closing `’` of `‘Save’` comes back
 * straight. Sent as an open/close pair around the quoted words, the quote stays around their
 * translation, as an HTML `<q>` does: `El clic 'Salva' para continuar`, `… y vídeos 'Similares'`.
 *
 * A quote opens after the start of the text (or of a tag), a blank, an opening bracket or a
 * dash, before something that is not a blank; it closes after something that is not a blank,
 * before the end (of the text or of a tag), a blank or punctuation. An apostrophe inside a word (`don't`, `NewPipe's`) is neither; a
 * closing one with no opener (`the users' files`) or an opener never closed (`the '90s`) stays
 * text. Pairs never cross the caller's tag pairs.
 */
import type { InlineToken, Segment, SegmentPart } from '../segment.js'
import { cutIntoTokens, freshTokenIds, tokensAsText, type Cut } from './stream.js'

/** Each quotation mark and the mark that closes it; a straight quote closes itself. */
const CLOSING: Readonly<Record<string, string>> = { "'": "'", '"': '"', '‘': '’', '“': '”' }
const OPENERS = new Set(Object.keys(CLOSING))
const CLOSERS = new Set(Object.values(CLOSING))

const BLANK = /\s/u
/** What a quote may follow to open: nothing, a blank, an opening bracket, a dash. */
const BEFORE_OPENING = /[\s([{\-–—/]/u
/** What a quote may precede to close: nothing, a blank, punctuation, a closing bracket, a dash. */
const AFTER_CLOSING = /[\s.,;:!?…)\]}\-–—/]/u

/** The character or token before or after a position across parts, or nothing at the ends. */
type Neighbour = { kind: 'text'; char: string } | { kind: 'token'; token: InlineToken } | { kind: 'none' }

interface Mark {
  part: number
  at: number
  char: string
}

export interface MaskedQuotes {
  segment: Segment
  /** The translation with each quote token written back as the mark it stood for. */
  restore(translated: Segment): Segment
  /** How many pairs were masked (0: `segment` is the input itself). */
  pairs: number
}

export function maskQuotes(segment: Segment): MaskedQuotes {
  const parts: readonly SegmentPart[] = typeof segment === 'string' ? [segment] : segment
  if (!parts.some((part) => typeof part === 'string' && /['"‘“]/u.test(part))) return { segment, restore: (t) => t, pairs: 0 }

  const neighbour = (part: number, at: number, step: 1 | -1): Neighbour => {
    let k = part
    let i = at + step
    for (;;) {
      const current = parts[k]
      if (current === undefined) return { kind: 'none' }
      if (typeof current !== 'string') return { kind: 'token', token: current }
      if (i >= 0 && i < current.length) return { kind: 'text', char: current[i]! }
      k += step
      const next = parts[k]
      if (next === undefined) return { kind: 'none' }
      if (typeof next !== 'string') return { kind: 'token', token: next }
      i = step === 1 ? 0 : next.length - 1
      if (next.length === 0) continue
      return { kind: 'text', char: next[i]! }
    }
  }

  // A tag's open reads as the start of a text, its close as the end; a placeholder as a word.
  const canOpen = (part: number, at: number): boolean => {
    const before = neighbour(part, at, -1)
    const after = neighbour(part, at, 1)
    const opensAfter =
      before.kind === 'none' || (before.kind === 'token' && before.token.kind === 'open') || (before.kind === 'text' && BEFORE_OPENING.test(before.char))
    return opensAfter && (after.kind === 'token' || (after.kind === 'text' && !BLANK.test(after.char)))
  }
  const canClose = (part: number, at: number): boolean => {
    const before = neighbour(part, at, -1)
    const after = neighbour(part, at, 1)
    const closesBefore = (before.kind === 'token' && before.token.kind !== 'open') || (before.kind === 'text' && !BLANK.test(before.char))
    const closesBeforeThat =
      after.kind === 'none' || (after.kind === 'token' && after.token.kind === 'close') || (after.kind === 'text' && AFTER_CLOSING.test(after.char))
    return closesBefore && closesBeforeThat
  }

  // One stack for quotes and the caller's tags: a quote pairs with the innermost open quote of
  // its kind above the innermost open tag; the quotes a tag's close leaves open stay text.
  const stack: Array<{ tag: true } | { tag: false; mark: Mark }> = []
  const pairs: Array<[Mark, Mark]> = []
  parts.forEach((part, k) => {
    if (typeof part !== 'string') {
      if (part.kind === 'open') stack.push({ tag: true })
      else if (part.kind === 'close') {
        while (stack.length > 0 && !stack.pop()!.tag) {
          // an unclosed quote inside the tag: text
        }
      }
      return
    }
    for (let at = 0; at < part.length; at++) {
      const char = part[at]!
      if (!OPENERS.has(char) && !CLOSERS.has(char)) continue
      if (CLOSERS.has(char) && canClose(k, at)) {
        let depth = stack.length - 1
        while (depth >= 0) {
          const entry = stack[depth]!
          if (entry.tag || CLOSING[entry.mark.char] === char) break
          depth--
        }
        const entry = stack[depth]
        if (entry && !entry.tag) {
          stack.length = depth // quotes opened inside this pair and never closed stay text
          pairs.push([entry.mark, { part: k, at, char }])
          continue
        }
      }
      if (OPENERS.has(char) && canOpen(k, at)) stack.push({ tag: false, mark: { part: k, at, char } })
    }
  })
  if (pairs.length === 0) return { segment, restore: (t) => t, pairs: 0 }

  const freshId = freshTokenIds(parts)
  const marks = new Map<string, { open: string; close: string }>()
  const cuts: Cut[] = []
  pairs.forEach(([open, close], n) => {
    const id = freshId(`quote${n}`)
    marks.set(id, { open: open.char, close: close.char })
    cuts.push({ part: open.part, at: open.at, length: 1, token: { id, kind: 'open' } })
    cuts.push({ part: close.part, at: close.at, length: 1, token: { id, kind: 'close' } })
  })
  return {
    segment: cutIntoTokens(parts, cuts),
    pairs: pairs.length,
    restore: (translated) => tokensAsText(segment, translated, (token) => {
      const mark = marks.get(token.id)
      return mark && (token.kind === 'open' ? mark.open : mark.close)
    }),
  }
}
