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
import { mergeText } from './stream.js'

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

  const taken = new Set(parts.filter((p): p is InlineToken => typeof p !== 'string').map((token) => token.id))
  const marks = new Map<string, { open: string; close: string }>()
  // each masked mark, by part and offset: the token that replaces it
  const cuts = new Map<number, Map<number, InlineToken>>()
  const cut = (mark: Mark, token: InlineToken): void => {
    if (!cuts.has(mark.part)) cuts.set(mark.part, new Map())
    cuts.get(mark.part)!.set(mark.at, token)
  }
  pairs.forEach(([open, close], n) => {
    let id = `quote${n}`
    while (taken.has(id)) id = `_${id}`
    taken.add(id)
    marks.set(id, { open: open.char, close: close.char })
    cut(open, { id, kind: 'open' })
    cut(close, { id, kind: 'close' })
  })
  const out: SegmentPart[] = []
  parts.forEach((part, k) => {
    const here = cuts.get(k)
    if (!here) return void out.push(part)
    const text = part as string
    let from = 0
    for (const at of [...here.keys()].sort((a, b) => a - b)) {
      out.push(text.slice(from, at), here.get(at)!)
      from = at + 1
    }
    out.push(text.slice(from))
  })

  return {
    segment: mergeText(out),
    pairs: pairs.length,
    restore(translated) {
      const restored = mergeText(
        (typeof translated === 'string' ? [translated] : translated).map((part) => {
          if (typeof part === 'string') return part
          const mark = marks.get(part.id)
          if (!mark) return part
          return part.kind === 'open' ? mark.open : mark.close
        }),
      )
      return typeof segment === 'string' ? restored.map((part) => (typeof part === 'string' ? part : '')).join('') : restored
    },
  }
}
