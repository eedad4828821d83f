/**
 * Segments ↔ the markup remote engines read. Inline tokens become numbered elements the
 * vendors keep in place and move with their words; the text around them is escaped. Two
 * dialects:
 *
 * - `xml` (DeepL `tag_handling=xml`, the LLM protocol): `<x1/>` for a standalone token,
 *   `<g2>…</g2>` for a paired one.
 * - `html` (Google `format=html`, LibreTranslate `format=html`): `<span translate="no"
 *   id="x1"></span>` for a standalone token (translate="no": nothing inside is translated),
 *   `<span id="g2">…</span>` for a paired one.
 *
 * Reading an answer back is strict: every token of the input exactly once, as the same kind,
 * a paired token's end after its start, nothing invented; otherwise ENGINE_BAD_OUTPUT. A
 * remote answer is never repaired (unlike Apertium's repairTokens): a placeholder that moved
 * into the wrong place would be written into a customer's file, so the segment fails instead.
 */
import { EngineError } from '../errors.js'
import type { InlineToken, Segment, SegmentPart } from '../segment.js'

export type MarkupDialect = 'xml' | 'html'

export interface EncodedMarkup {
  /** The text to send (already escaped), whitespace at both ends removed. */
  markup: string
  /** Number → token; numbers are per segment, 1-based, in input order. */
  tokens: Map<number, InlineToken>
  /** How each token was written: pairs that do not nest travel as two standalone tokens. */
  written: Map<number, 'pair' | 'void'>
  /** Whitespace taken off the ends, put back on the answer. */
  lead: string
  trail: string
  /** The input was a plain string: the answer is a plain string too. */
  plain: boolean
  /** Standalone element names used (`x1`…), for DeepL's ignore_tags. */
  voidNames: string[]
  /** The text parts unescaped, ends trimmed: what a plain-text call sends for a segment without tokens. */
  raw: string
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' }

export function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => ESCAPES[c]!)
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/** Undoes escaping as vendors do it: the five XML entities, &nbsp;, and numeric references. */
export function unescapeText(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,8});/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10)
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return NAMED[ref] ?? whole
  })
}

/** Whether a segment has anything to translate: a letter outside tokens (numbers and punctuation alone are not sent). */
export function hasWords(segment: Segment): boolean {
  const text = typeof segment === 'string' ? segment : segment.filter((p): p is string => typeof p === 'string').join('')
  return /\p{L}/u.test(text)
}

/** Whether the paired tokens of `parts` nest (XML can carry them as elements). */
function pairsNest(parts: readonly SegmentPart[]): boolean {
  const stack: string[] = []
  for (const part of parts) {
    if (typeof part === 'string' || part.kind === 'void') continue
    if (part.kind === 'open') stack.push(part.id)
    else if (stack.pop() !== part.id) return false
  }
  return stack.length === 0
}

export function encodeMarkup(segment: Segment, dialect: MarkupDialect): EncodedMarkup {
  const plain = typeof segment === 'string'
  const parts: SegmentPart[] = plain ? [segment] : [...segment]
  const tokens = new Map<number, InlineToken>()
  const written = new Map<number, 'pair' | 'void'>()
  const voidNames: string[] = []
  const numberOf = new Map<string, number>()
  const nest = pairsNest(parts)
  let lead = ''
  let trail = ''
  const first = parts[0]
  if (typeof first === 'string') {
    lead = /^\s*/u.exec(first)![0]
    parts[0] = first.slice(lead.length)
  }
  const lastIndex = parts.length - 1
  const last = parts[lastIndex]
  if (typeof last === 'string' && lastIndex >= 0) {
    trail = /\s*$/u.exec(last)![0]
    parts[lastIndex] = last.slice(0, last.length - trail.length)
  }
  let markup = ''
  let raw = ''
  for (const part of parts) {
    if (typeof part === 'string') {
      raw += part
      markup += escapeText(part)
      continue
    }
    const asVoid = part.kind === 'void' || !nest
    if (part.kind === 'close' && !asVoid) {
      const n = numberOf.get(part.id)!
      markup += dialect === 'xml' ? `</g${n}>` : '</span>'
      continue
    }
    const n = tokens.size + 1
    tokens.set(n, part)
    numberOf.set(part.id, n)
    written.set(n, asVoid ? 'void' : 'pair')
    if (asVoid) {
      voidNames.push(`x${n}`)
      markup += dialect === 'xml' ? `<x${n}/>` : `<span translate="no" id="x${n}"></span>`
    } else {
      markup += dialect === 'xml' ? `<g${n}>` : `<span id="g${n}">`
    }
  }
  return { markup, tokens, written, lead, trail, plain, voidNames, raw }
}

const TAG = /<(\/?)([A-Za-z][A-Za-z0-9]*)((?:\s+[A-Za-z_:][-A-Za-z0-9_:.]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*(\/?)>/g

function attribute(attrs: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attrs)
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined
}

function bad(message: string): EngineError {
  return new EngineError('ENGINE_BAD_OUTPUT', message)
}

/**
 * Reads an engine's answer back into a segment of the input's shape, or ENGINE_BAD_OUTPUT.
 * A string input gives a string (the answer must then hold no element at all).
 */
export function decodeMarkup(answer: unknown, encoded: EncodedMarkup, dialect: MarkupDialect): Segment | EngineError {
  if (typeof answer !== 'string') return bad('the engine returned no text for a segment')
  const out: SegmentPart[] = []
  const seen = new Set<number>()
  const open: Array<number | null> = [] // html: null for a span that is not ours (refused below)
  let text = ''
  let cursor = 0
  const flush = () => {
    if (text !== '') out.push(unescapeText(text))
    text = ''
  }
  const take = (n: number, kind: 'void' | 'open' | 'close'): EngineError | null => {
    const token = encoded.tokens.get(n)
    if (!token) return bad(`the engine invented inline element ${n}`)
    const shape = encoded.written.get(n)!
    if (kind === 'void') {
      if (seen.has(n)) return bad(`inline element ${n} came back twice`)
      seen.add(n)
      if (shape === 'void') {
        flush()
        out.push(token)
        return null
      }
      return bad(`paired inline element ${n} came back empty-standalone`)
    }
    if (shape !== 'pair') return bad(`standalone inline element ${n} came back as a pair`)
    flush()
    if (kind === 'open') {
      if (seen.has(n)) return bad(`inline element ${n} came back twice`)
      seen.add(n)
      out.push(token)
    } else {
      out.push({ id: token.id, kind: 'close' })
    }
    return null
  }
  TAG.lastIndex = 0
  for (let match = TAG.exec(answer); match; match = TAG.exec(answer)) {
    text += answer.slice(cursor, match.index)
    cursor = match.index + match[0].length
    const [, slash, name, attrs = '', selfClose] = match
    let error: EngineError | null = null
    if (dialect === 'xml') {
      const m = /^([xg])([0-9]{1,4})$/.exec(name!)
      if (!m) return bad(`the engine added markup <${slash}${name}>`)
      const n = Number(m[2])
      if (m[1] === 'x') {
        if (slash) continue // <x1></x1> written long-hand: the start already counted it
        error = take(n, 'void')
      } else if (selfClose) {
        error = bad(`paired inline element ${n} came back empty`)
      } else if (slash) {
        if (open.pop() !== n) return bad(`inline element ${n} closed out of order`)
        error = take(n, 'close')
      } else {
        open.push(n)
        error = take(n, 'open')
      }
    } else {
      if (name!.toLowerCase() !== 'span') return bad(`the engine added markup <${slash}${name}>`)
      if (slash) {
        const n = open.pop()
        if (n === undefined) return bad('the engine closed a span it never opened')
        if (n === null) return bad('the engine added a span')
        if (encoded.written.get(n) === 'pair') error = take(n, 'close')
        continue
      }
      const id = attribute(attrs, 'id') ?? ''
      const m = /^([xg])([0-9]{1,4})$/.exec(id)
      if (!m) return bad('the engine added a span')
      const n = Number(m[2])
      if (m[1] === 'x') {
        error = take(n, 'void')
        if (!selfClose) open.push(n)
      } else {
        if (selfClose) return bad(`paired inline element ${n} came back empty`)
        open.push(n)
        error = take(n, 'open')
      }
    }
    if (error) return error
  }
  text += answer.slice(cursor)
  if (/<\/?[A-Za-z]/.test(text)) return bad('the answer holds broken markup')
  if (open.length > 0) return bad('the answer leaves an inline element open')
  flush()
  if (seen.size !== encoded.tokens.size) {
    const missing = [...encoded.tokens.keys()].filter((n) => !seen.has(n))
    return bad(`the engine dropped inline element${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`)
  }
  // Tokens written as standalone because their pair did not nest: the close must follow the open.
  const position = new Map<string, number>()
  out.forEach((part, i) => {
    if (typeof part !== 'string') position.set(`${part.kind}:${part.id}`, i)
  })
  for (const token of encoded.tokens.values()) {
    if (token.kind === 'close' && (position.get(`close:${token.id}`) ?? -1) < (position.get(`open:${token.id}`) ?? 0)) {
      return bad(`inline element ${token.id} now closes before it opens`)
    }
  }
  return assemble(out, encoded)
}

function assemble(parts: SegmentPart[], encoded: EncodedMarkup): Segment {
  if (encoded.plain) return encoded.lead + parts.join('') + encoded.trail
  const result: SegmentPart[] = []
  for (const part of parts) {
    const previous = result[result.length - 1]
    if (typeof part === 'string' && typeof previous === 'string') result[result.length - 1] = previous + part
    else result.push(part)
  }
  if (encoded.lead !== '') {
    if (typeof result[0] === 'string') result[0] = encoded.lead + result[0]
    else result.unshift(encoded.lead)
  }
  if (encoded.trail !== '') {
    const i = result.length - 1
    if (typeof result[i] === 'string') result[i] = (result[i] as string) + encoded.trail
    else result.push(encoded.trail)
  }
  return result.filter((part) => part !== '')
}

/** A format=text answer: the text as Google wrote it, the segment's outer whitespace put back. */
export function plainAnswer(text: unknown, encoded: EncodedMarkup): Segment | EngineError {
  if (typeof text !== 'string') return new EngineError('ENGINE_BAD_OUTPUT', 'the engine returned no text for a segment')
  const whole = encoded.lead + text + encoded.trail
  return encoded.plain ? whole : [whole]
}
