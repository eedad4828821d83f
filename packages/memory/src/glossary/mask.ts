/**
 * Glossary terms enforced by masking, so they hold with every engine: each term found in a
 * segment becomes an opaque `void` token the engine must carry through untouched, and the
 * token is turned back into the term's target afterwards. Nothing about the glossary is sent.
 */
import { EngineError, type Segment, type SegmentPart } from '@verso/engine'
import type { Glossary, GlossaryEntry } from '../types.js'

export interface MaskedSegment {
  /** The segment with each matched term replaced by a `void` token (`g1`, `g2`…); the input itself when no term matched. */
  segment: Segment
  /**
   * The translation of `segment` with the term tokens turned back into the terms' targets, merged
   * into the neighbouring text (a plain string when no other token remains). Throws
   * `EngineError('ENGINE_BAD_OUTPUT')` when the translation lost or repeated a term token.
   */
  restore(translated: Segment): Segment
  /** How many terms were masked. */
  terms: number
}

/**
 * Masks the glossary's terms in a segment. Matching is case-aware at word boundaries: a term
 * with an uppercase letter matches only that casing; an all-lowercase term also matches its
 * Capitalised and ALL-CAPS forms, and its target takes the same casing. A match is neither
 * preceded nor followed by a letter, digit or combining mark; the longest term wins at each
 * position, left to right, without overlaps; only text parts are searched (never across tokens).
 * Scripts written without spaces between words (Han, kana, Thai, Lao, Khmer, Myanmar, Tibetan)
 * have no word boundaries to find, so each of their letters (with its combining marks) counts
 * as a word of its own and a term in them matches wherever its characters appear (`東京` in
 * `我明天去東京。`). Inflected forms are not matched.
 */
export function maskTerms(segment: Segment, glossary: Glossary): MaskedSegment {
  const matcher = matcherFor(glossary)
  const parts: readonly SegmentPart[] = typeof segment === 'string' ? [segment] : segment
  const used = new Set<string>()
  for (const part of parts) if (typeof part !== 'string') used.add(part.id)

  const targets = new Map<string, string>()
  let counter = 0
  const nextId = (): string => {
    let id: string
    do id = `g${++counter}`
    while (used.has(id))
    return id
  }

  const masked: SegmentPart[] = []
  for (const part of parts) {
    if (typeof part !== 'string') {
      masked.push(part)
      continue
    }
    let position = 0
    for (const match of matcher.find(part)) {
      if (match.start > position) masked.push(part.slice(position, match.start))
      const id = nextId()
      masked.push({ id, kind: 'void' })
      targets.set(id, match.target)
      position = match.end
    }
    if (position < part.length) masked.push(part.slice(position))
  }

  if (targets.size === 0) return { segment, restore: (translated) => translated, terms: 0 }
  return { segment: masked, restore: (translated) => restoreTerms(translated, targets), terms: targets.size }
}

/** True when the segment's text parts hold a letter: otherwise there is nothing for an engine to translate. */
export function hasLetter(segment: Segment): boolean {
  if (typeof segment === 'string') return LETTER.test(segment)
  return segment.some((part) => typeof part === 'string' && LETTER.test(part))
}

function restoreTerms(translated: Segment, targets: ReadonlyMap<string, string>): Segment {
  if (typeof translated === 'string') {
    throw new EngineError('ENGINE_BAD_OUTPUT', `The translation lost ${targets.size} glossary term token(s)`)
  }
  const restored: SegmentPart[] = []
  let found = 0
  const appendText = (text: string): void => {
    if (text === '') return
    const last = restored.length - 1
    if (typeof restored[last] === 'string') restored[last] += text
    else restored.push(text)
  }
  for (const part of translated) {
    if (typeof part === 'string') appendText(part)
    else if (targets.has(part.id) && part.kind === 'void') {
      found++
      appendText(targets.get(part.id)!)
    } else restored.push(part)
  }
  if (found !== targets.size) {
    throw new EngineError('ENGINE_BAD_OUTPUT', `The translation has ${found} glossary term token(s) where ${targets.size} were sent`)
  }
  if (restored.every((part): part is string => typeof part === 'string')) return restored.join('')
  return restored
}

const LETTER = /\p{L}/u
const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u
/** A letter of a script that does not separate words with spaces (combining marks excluded: they stay with their letter). */
const UNSPACED_LETTER = /^(?!\p{M})[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}\u30fc]$/u
const MARK = /^\p{M}$/u

interface Variant {
  /** The form looked for in the text. */
  text: string
  /** What replaces it, cased like `text`. */
  target: string
}

interface Match {
  start: number
  end: number
  target: string
}

/**
 * Every matchable form of a glossary's terms, indexed by its first word (or first character
 * when it starts with punctuation). A match can only begin where a word begins and its first
 * word must be that whole word, so one map lookup per word of the text finds the few
 * candidates to compare: the cost grows with the text, not with the number of terms.
 */
class TermMatcher {
  private readonly byFirstWord = new Map<string, Variant[]>()

  constructor(entries: readonly GlossaryEntry[]) {
    const variants = new Map<string, string>()
    // Terms as written first: an entry spelled `Cloud` wins over `cloud`'s Capitalised form.
    for (const { source, target } of entries) if (!variants.has(source)) variants.set(source, target)
    for (const { source, target } of entries) {
      if (source !== source.toLowerCase()) continue
      const capitalised = capitalise(source)
      if (!variants.has(capitalised)) variants.set(capitalised, capitalise(target))
      const upper = source.toUpperCase()
      if (!variants.has(upper)) variants.set(upper, target.toUpperCase())
    }
    for (const [text, target] of variants) {
      const key = firstKey(text, 0)
      const list = this.byFirstWord.get(key)
      if (list) list.push({ text, target })
      else this.byFirstWord.set(key, [{ text, target }])
    }
    for (const list of this.byFirstWord.values()) list.sort((a, b) => b.text.length - a.text.length)
  }

  find(text: string): Match[] {
    const matches: Match[] = []
    let i = 0
    while (i < text.length) {
      const key = firstKey(text, i)
      // Inside a word no match may start; at punctuation one may only when no word precedes it.
      const mayStart = i === 0 || !isWordChar(text, previousIndex(text, i)) || unspacedBoundary(text, i)
      const match = mayStart ? this.matchAt(text, i, key) : undefined
      if (match) {
        matches.push(match)
        i = match.end
      } else {
        i += key.length
      }
    }
    return matches
  }

  private matchAt(text: string, start: number, key: string): Match | undefined {
    const candidates = this.byFirstWord.get(key)
    if (!candidates) return undefined
    for (const candidate of candidates) {
      if (!text.startsWith(candidate.text, start)) continue
      const end = start + candidate.text.length
      if (end < text.length && isWordChar(text, end) && !unspacedBoundary(text, end)) continue
      return { start, end, target: candidate.target }
    }
    return undefined
  }
}

/** The whole word starting at `index`, or the one character there when it is not a word character. */
function firstKey(text: string, index: number): string {
  const first = charLength(text, index)
  if (!isWordChar(text, index)) return text.slice(index, index + first)
  let end = index + first
  while (end < text.length && isWordChar(text, end) && !unspacedBoundary(text, end)) end += charLength(text, end)
  return text.slice(index, end)
}

function isWordChar(text: string, index: number): boolean {
  const code = text.charCodeAt(index)
  // ASCII fast path: most text is mostly ASCII.
  if (code < 0x80) return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)
  return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(index)!))
}

/**
 * True when `index` falls between two words of an unspaced script (or between such a word and
 * a word of another script), though both characters are word characters: either side is a
 * letter of an unspaced script and the character at `index` is not a combining mark.
 */
function unspacedBoundary(text: string, index: number): boolean {
  if (index === 0 || index >= text.length) return true
  const code = text.charCodeAt(index)
  const before = text.charCodeAt(index - 1)
  // ASCII fast path: no unspaced script below U+0080.
  if (code < 0x80 && before < 0x80) return false
  const char = String.fromCodePoint(text.codePointAt(index)!)
  if (MARK.test(char)) return false
  const previous = String.fromCodePoint(text.codePointAt(previousIndex(text, index))!)
  return UNSPACED_LETTER.test(char) || UNSPACED_LETTER.test(previous)
}

function charLength(text: string, index: number): number {
  const code = text.codePointAt(index)!
  return code > 0xffff ? 2 : 1
}

function previousIndex(text: string, index: number): number {
  const code = text.charCodeAt(index - 1)
  return code >= 0xdc00 && code <= 0xdfff && index >= 2 ? index - 2 : index - 1
}

/** The first letter in upper case (`e-mail` → `E-mail`, `.net` → `.Net`). */
function capitalise(term: string): string {
  const match = /\p{L}/u.exec(term)
  if (!match) return term
  const letter = String.fromCodePoint(term.codePointAt(match.index)!)
  return term.slice(0, match.index) + letter.toUpperCase() + term.slice(match.index + letter.length)
}

// Glossaries are immutable, so a glossary id names one set of entries for good: its matcher is
// built once. Bounded, so a server cycling through many glossaries keeps only the recent ones.
const MATCHER_CACHE_SIZE = 64
const matchers = new Map<string, { entries: number; matcher: TermMatcher }>()

function matcherFor(glossary: Glossary): TermMatcher {
  const id = glossary.glossary_id
  const cached = id ? matchers.get(id) : undefined
  if (cached && cached.entries === glossary.entries.length) {
    // Re-insert: Map keeps insertion order, so the first key is the least recently used.
    matchers.delete(id)
    matchers.set(id, cached)
    return cached.matcher
  }
  const matcher = new TermMatcher(glossary.entries)
  if (id) {
    matchers.set(id, { entries: glossary.entries.length, matcher })
    if (matchers.size > MATCHER_CACHE_SIZE) matchers.delete(matchers.keys().next().value!)
  }
  return matcher
}
