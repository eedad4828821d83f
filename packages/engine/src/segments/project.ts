/**
 * Tags put back on a translation made without them. Apertium carries a tag on the word it
 * wraps (a word-bound blank), but a rule that reads several words as one ("Failed to" → "No
 * se pudo", "Sign in" → "Iniciar sesión", a noun compound "User Score" → "Marcador de
 * usuario") no longer sees them as one when a tag wraps one of them: "<b>Failed</b> to edit"
 * came back "<b>Fallado</b> para editar" where the plain text says "No se pudo editar". So a
 * segment with tag pairs also goes without them (engine.ts), and each pair goes around the
 * words it wraps in the tagged answer, found in the plain answer; when one cannot be placed
 * there the tagged answer stands.
 */
import type { InlineToken, Segment, SegmentPart } from '../segment.js'

/** First private-use character standing for a void token in the flattened text. */
const VOID_BASE = 0xe000
const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u
/** A text holding one already could not be told from a void token. */
const PRIVATE_USE = /[\u{E000}-\u{F8FF}]/u

/**
 * `source` without its tag pairs (void tokens stay), or null when it has none, or when a tag
 * sits between two letters or digits ("<b>H</b>ello", "m<sup>2</sup>"): without it the
 * pieces would read as one word, or two words would become one.
 */
export function withoutPairs(source: Segment): SegmentPart[] | null {
  if (typeof source === 'string' || !source.some((part) => typeof part !== 'string' && part.kind !== 'void')) return null
  const out: SegmentPart[] = []
  let before = ''
  for (const [index, part] of source.entries()) {
    if (typeof part === 'string') {
      if (typeof out[out.length - 1] === 'string') out[out.length - 1] += part
      else out.push(part)
      if (part !== '') before = part
      continue
    }
    if (part.kind === 'void') {
      out.push(part)
      before = ''
      continue
    }
    const after = nextText(source, index)
    if (WORD_CHAR.test(before.slice(-1)) && WORD_CHAR.test(after.slice(0, 1))) return null
  }
  return out
}

/**
 * The pair around all of `segment`'s words, with the blanks outside it and what it wraps, or
 * null when there is none. Its inside goes as a segment of its own (a string when it holds no
 * token).
 */
export function outerPair(segment: Segment): { before: string[]; open: InlineToken; inside: Segment; close: InlineToken; after: string[] } | null {
  if (typeof segment === 'string') return null
  let first = 0
  while (first < segment.length && typeof segment[first] === 'string' && (segment[first] as string).trim() === '') first++
  let last = segment.length - 1
  while (last > first && typeof segment[last] === 'string' && (segment[last] as string).trim() === '') last--
  const open = segment[first]
  const close = segment[last]
  if (open === undefined || close === undefined || typeof open === 'string' || typeof close === 'string' || open.kind !== 'open' || close.kind !== 'close' || close.id !== open.id) return null
  // the same id twice would be a malformed segment; its first close must be the last part
  if (segment.findIndex((part) => typeof part !== 'string' && part.kind === 'close' && part.id === open.id) !== last) return null
  const inner = segment.slice(first + 1, last)
  const inside: Segment = inner.every((part) => typeof part === 'string') ? inner.join('') : inner
  return { before: segment.slice(0, first) as string[], open, inside, close, after: segment.slice(last + 1) as string[] }
}

function nextText(parts: readonly SegmentPart[], index: number): string {
  for (let i = index + 1; i < parts.length; i++) {
    const part = parts[i]!
    if (typeof part === 'string') {
      if (part !== '') return part
    } else if (part.kind === 'void') return ''
  }
  return ''
}

interface Flat {
  /** The text with each void token as one private-use character. */
  text: string
  voids: Map<string, InlineToken>
}

interface Pair {
  open: InlineToken
  close: InlineToken
  /** Span of its words in the tagged answer's flat text, then in the plain one's. */
  start: number
  end: number
  /** Source order of the opens, for pairs wrapping the same words. */
  order: number
}

/**
 * The plain answer with the tagged answer's pairs around the same words. A pair's words are
 * looked for as they are (case aside): found once, or as often as in the tagged answer (the
 * same occurrence), or beside the same word; else the two answers' words are aligned
 * (alignedSpan). Null when a pair cannot be placed so, when two pairs would overlap or nest
 * otherwise than in the tagged answer, or when a pair wraps nothing but blanks. The plain
 * answer's text is kept as it is: only tokens are added.
 */
export function projectPairs(tagged: Segment, plain: Segment): SegmentPart[] | null {
  if (typeof tagged === 'string') return null
  const voidChars = new Map<string, string>()
  const charOf = (token: InlineToken) => {
    let char = voidChars.get(token.id)
    if (char === undefined) {
      char = String.fromCharCode(VOID_BASE + voidChars.size)
      voidChars.set(token.id, char)
    }
    return char
  }
  const plainFlat = flatten(typeof plain === 'string' ? [plain] : plain, charOf)
  if (!plainFlat || tagged.some((part) => typeof part === 'string' && PRIVATE_USE.test(part))) return null

  let taggedText = ''
  const opened = new Map<string, { open: InlineToken; start: number; order: number }>()
  const pairs: Pair[] = []
  for (const part of tagged) {
    if (typeof part === 'string') taggedText += part
    else if (part.kind === 'void') taggedText += charOf(part)
    else if (part.kind === 'open') opened.set(part.id, { open: part, start: taggedText.length, order: opened.size + pairs.length })
    else {
      const open = opened.get(part.id)
      if (!open) return null
      opened.delete(part.id)
      pairs.push({ open: open.open, close: part, start: open.start, end: taggedText.length, order: open.order })
    }
  }
  if (opened.size > 0 || pairs.length === 0) return null

  const taggedLower = lowerSameLength(taggedText)
  const plainLower = lowerSameLength(plainFlat.text)
  if (taggedLower === null || plainLower === null) return null
  let alignment: Alignment | null | undefined
  const projected: Pair[] = []
  for (const pair of pairs) {
    const raw = taggedText.slice(pair.start, pair.end)
    const words = raw.trim()
    if (words === '') return null
    const start = pair.start + (raw.length - raw.trimStart().length)
    const needle = taggedLower.slice(start, start + words.length)
    const inTagged = occurrences(taggedLower, needle)
    const inPlain = occurrences(plainLower, needle)
    let span: { start: number; end: number } | null = null
    if (inPlain.length === 1) span = { start: inPlain[0]!, end: inPlain[0]! + words.length }
    else if (inPlain.length > 1 && inPlain.length === inTagged.length) {
      const at = inPlain[inTagged.indexOf(start)]!
      span = { start: at, end: at + words.length }
    }
    if (!span && inPlain.length > 1) {
      // the one with the same neighbouring words, the next one weighing more (a preposition or
      // an article goes with the word after it: "Syntax error <b>of</b> Mermaid" in "Error of
      // syntax of Mermaid" is the second "of")
      const previous = wordBefore(taggedLower, start)
      const next = wordAfter(taggedLower, start + words.length)
      const score = (at: number) => (next !== '' && wordAfter(plainLower, at + words.length) === next ? 2 : 0) + (previous !== '' && wordBefore(plainLower, at) === previous ? 1 : 0)
      const scores = inPlain.map(score)
      const best = Math.max(...scores)
      if (best > 0 && scores.filter((value) => value === best).length === 1) {
        const at = inPlain[scores.indexOf(best)]!
        span = { start: at, end: at + words.length }
      }
    }
    if (!span) {
      if (alignment === undefined) alignment = align(taggedLower, plainLower)
      span = alignment && alignedSpan(alignment, start, start + words.length)
    }
    if (!span) return null
    projected.push({ ...pair, ...span })
  }
  if (!nestsAsBefore(pairs, projected)) return null
  return rebuild(plainFlat, projected)
}

/** Words, single marks and void characters, with their places; blanks are left out. */
interface Token {
  start: number
  end: number
  text: string
}

interface Alignment {
  tagged: Token[]
  plain: Token[]
  /** For each tagged token, the plain token it is the same word as (a longest common subsequence), or -1. */
  match: number[]
}

/** The most words of a gap the pair shares with other words, on the tagged side and on the plain side, that it still takes whole. */
const SHARED_GAP_TAGGED = 2
const SHARED_GAP_PLAIN = 3

/** Two forms of one word, as far as a projection needs: the same first four letters at least, and more than half of the shorter. */
function shareStem(a: string, b: string): boolean {
  let common = 0
  while (common < a.length && common < b.length && a[common] === b[common]) common++
  return common >= 4 && common * 2 > Math.min(a.length, b.length)
}

/** Longer texts are left to the tagged answer: the alignment's table grows with the product of the two lengths. */
const MAX_ALIGNED_TOKENS = 600

function tokenize(text: string): Token[] {
  return [...text.matchAll(/[\p{L}\p{M}\p{N}]+|\S/gu)].map((m) => ({ start: m.index!, end: m.index! + m[0].length, text: m[0] }))
}

function align(taggedLower: string, plainLower: string): Alignment | null {
  const tagged = tokenize(taggedLower)
  const plain = tokenize(plainLower)
  if (tagged.length > MAX_ALIGNED_TOKENS || plain.length > MAX_ALIGNED_TOKENS) return null
  const width = plain.length + 1
  // lengths[i * width + j]: the longest common subsequence of tagged[i..] and plain[j..]
  const lengths = new Uint16Array((tagged.length + 1) * width)
  for (let i = tagged.length - 1; i >= 0; i--) {
    for (let j = plain.length - 1; j >= 0; j--) {
      lengths[i * width + j] = tagged[i]!.text === plain[j]!.text ? lengths[(i + 1) * width + j + 1]! + 1 : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!)
    }
  }
  const match = new Array<number>(tagged.length).fill(-1)
  for (let i = 0, j = 0; i < tagged.length && j < plain.length; ) {
    if (tagged[i]!.text === plain[j]!.text && lengths[i * width + j] === lengths[(i + 1) * width + j + 1]! + 1) match[i++] = j++
    else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) i++
    else j++
  }
  return { tagged, plain, match }
}

/**
 * Where the tagged answer's words from `start` to `end` are in the plain answer: from the
 * first to the last of them the alignment matched, widened over the plain words between
 * them and their matched neighbours outside when only the pair's words lie between those on
 * the tagged side ("¡<b>La contraseña</b> guardó…" → "¡<b>Contraseña</b> guardada…", "¿<b>Eres</b>
 * seguro?" → "¿<b>Estás</b> seguro?"); when it matched none of them and they share their gap
 * with other words, that gap if short (see below), else null.
 */
function alignedSpan(alignment: Alignment, start: number, end: number): { start: number; end: number } | null {
  const { tagged, plain, match } = alignment
  const first = tagged.findIndex((token) => token.start >= start)
  let last = -1
  for (let i = tagged.length - 1; i >= 0; i--) if (tagged[i]!.end <= end) { last = i; break }
  if (first < 0 || last < first) return null
  let before = first - 1
  while (before >= 0 && match[before] === -1) before--
  let after = last + 1
  while (after < tagged.length && match[after] === -1) after++
  const inside: number[] = []
  for (let i = first; i <= last; i++) if (match[i] !== -1) inside.push(match[i]!)
  // the plain words between the matched neighbours, when nothing but the pair's words lies between them
  const leftOpen = before === first - 1
  const rightOpen = after === last + 1
  let from: number
  let to: number
  if (inside.length > 0) {
    // widened only over a gap that holds some of the pair's words on the tagged side: the
    // plain words of an empty one came from outside the pair ("Liberar <b>la fecha</b> que"
    // against "Fecha de emisión que": "de emisión" is "Release")
    from = leftOpen && match[first] === -1 ? (before >= 0 ? match[before]! + 1 : 0) : inside[0]!
    to = rightOpen && match[last] === -1 ? (after < tagged.length ? match[after]! - 1 : plain.length - 1) : inside[inside.length - 1]!
  } else {
    from = before >= 0 ? match[before]! + 1 : 0
    to = after < tagged.length ? match[after]! - 1 : plain.length - 1
    // a gap the pair shares with other words: a short one, where a rule read two words as one,
    // goes whole to the pair ("<b>Fallado</b> para editar" against "No se pudo editar": "<b>No se
    // pudo</b> editar"); in a longer one the words moved ("otro <b>comentario</b> de usuarios"
    // against "otros usuarios comentan")
    if ((!leftOpen || !rightOpen) && (after - before - 1 > SHARED_GAP_TAGGED || to - from + 1 > SHARED_GAP_PLAIN)) return null
    // a wider gap may hold words of the source's other words too: when some of its words
    // share a stem with the pair's, the pair takes those ("actualizó" against "de incidencia
    // actualizado")
    const stems = tagged.slice(first, last + 1).map((token) => token.text)
    const akin: number[] = []
    for (let j = from; j <= to; j++) if (stems.some((stem) => shareStem(stem, plain[j]!.text))) akin.push(j)
    if (to > from && akin.length > 0) {
      from = akin[0]!
      to = akin[akin.length - 1]!
    }
  }
  if (to < from) return null
  return { start: plain[from]!.start, end: plain[to]!.end }
}

function flatten(parts: readonly SegmentPart[], charOf: (token: InlineToken) => string): Flat | null {
  let text = ''
  const voids = new Map<string, InlineToken>()
  for (const part of parts) {
    if (typeof part === 'string') {
      if (PRIVATE_USE.test(part)) return null
      text += part
    } else if (part.kind !== 'void') return null
    else {
      const char = charOf(part)
      if (voids.has(char)) return null
      voids.set(char, part)
      text += char
    }
  }
  return { text, voids }
}

function wordBefore(text: string, at: number): string {
  return /([\p{L}\p{M}\p{N}]+)[^\p{L}\p{M}\p{N}]*$/u.exec(text.slice(0, at))?.[1] ?? ''
}

function wordAfter(text: string, at: number): string {
  return /^[^\p{L}\p{M}\p{N}]*([\p{L}\p{M}\p{N}]+)/u.exec(text.slice(at))?.[1] ?? ''
}

/** Lower case, or null when that would change the length ("İ"): spans are shared between the two. */
function lowerSameLength(text: string): string | null {
  const lower = text.toLowerCase()
  return lower.length === text.length ? lower : null
}

/** Where `needle` starts in `text` as whole words: no letter or digit glued to either end. */
function occurrences(text: string, needle: string): number[] {
  const found: number[] = []
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    const before = text[at - 1] ?? ''
    const after = text[at + needle.length] ?? ''
    if (WORD_CHAR.test(needle[0]!) && WORD_CHAR.test(before)) continue
    if (WORD_CHAR.test(needle[needle.length - 1]!) && WORD_CHAR.test(after)) continue
    found.push(at)
  }
  return found
}

/**
 * Each two pairs relate as they did in the tagged answer: one inside the other (the same
 * one), or apart in the same order. Pairs wrapping the same words relate as they were opened.
 */
function nestsAsBefore(before: readonly Pair[], after: readonly Pair[]): boolean {
  const relation = (a: Pair, b: Pair): string => {
    if (a.end <= b.start) return 'before'
    if (b.end <= a.start) return 'after'
    if (a.start === b.start && a.end === b.end) return a.order < b.order ? 'contains' : 'inside'
    if (a.start <= b.start && b.end <= a.end) return 'contains'
    if (b.start <= a.start && a.end <= b.end) return 'inside'
    return 'overlaps'
  }
  for (let i = 0; i < before.length; i++) {
    for (let j = i + 1; j < before.length; j++) {
      const was = relation(before[i]!, before[j]!)
      if (was === 'overlaps' || relation(after[i]!, after[j]!) !== was) return false
    }
  }
  return true
}

function rebuild(plain: Flat, pairs: readonly Pair[]): SegmentPart[] {
  const out: SegmentPart[] = []
  let text = ''
  const flush = () => {
    if (text !== '') out.push(text)
    text = ''
  }
  for (let at = 0; at <= plain.text.length; at++) {
    // closes first, the inner (later opened) before the outer; then opens, the outer first
    const closing = pairs.filter((pair) => pair.end === at).sort((a, b) => b.start - a.start || b.order - a.order)
    const opening = pairs.filter((pair) => pair.start === at).sort((a, b) => b.end - a.end || a.order - b.order)
    if (closing.length + opening.length > 0) flush()
    for (const pair of closing) out.push(pair.close)
    for (const pair of opening) out.push(pair.open)
    if (at === plain.text.length) break
    const char = plain.text[at]!
    const token = plain.voids.get(char)
    if (token) {
      flush()
      out.push(token)
    } else text += char
  }
  flush()
  return out
}

/** Whether two answers say the same, tag pairs and runs of blanks aside (void tokens count). */
export function sameWords(a: Segment, b: Segment): boolean {
  const words = (segment: Segment) =>
    (typeof segment === 'string' ? [segment] : segment)
      .map((part) => (typeof part === 'string' ? part : part.kind === 'void' ? `\u0000${part.id}\u0000` : ''))
      .join('')
      .replace(/\s+/g, ' ')
      .trim()
  return words(a) === words(b)
}
