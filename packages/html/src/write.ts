import { decodeHTML } from 'entities'
import { writeScalar } from './front-matter.js'
import { HtmlError } from './errors.js'
import type { AttrUnit, RunUnit, Token, Unit } from './units.js'
import { nestLike } from '@verso/engine/segments'
import type { Edit } from './language.js'
import type { Segment } from './segment.js'

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\u00a0': '&nbsp;' }

/**
 * The characters a document writes as character references, each with the reference it uses
 * (`—` → `&mdash;`, `©` → `&#169;`), so that translated text writes them the same way: a page
 * in ISO-8859-1 or ASCII that spells its dashes `&mdash;` cannot hold a raw `—`, and a reviewer
 * diffing the translation sees the source's spelling. A character the document also writes as
 * itself is left raw, and `& < > U+00A0` always get `encodeText`'s escapes.
 */
export interface References {
  spelling: ReadonlyMap<string, string>
  pattern: RegExp | undefined
}

const REFERENCE = /&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g
const NO_REFERENCES: References = { spelling: new Map(), pattern: undefined }

export function referencesOf(source: string): References {
  if (!source.includes('&')) return NO_REFERENCES
  const spelling = new Map<string, string>()
  for (const [reference] of source.matchAll(REFERENCE)) {
    const char = decodeHTML(reference)
    // one character (a code point), not one `encodeText` escapes anyway
    if (char === reference || [...char].length !== 1 || char in TEXT_ESCAPES || char === '"' || char === "'" || spelling.has(char)) continue
    spelling.set(char, reference)
  }
  if (spelling.size === 0) return NO_REFERENCES
  // one pass over the document, whatever the number of distinct references (each `includes` would be another)
  for (const char of source) if (spelling.has(char)) spelling.delete(char)
  if (spelling.size === 0) return NO_REFERENCES
  const alternatives = [...spelling.keys()].map((c) => c.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&'))
  return { spelling, pattern: new RegExp(alternatives.join('|'), 'gu') }
}

/**
 * Escapes translated text for an HTML text position: `&`, `<`, `>` and U+00A0 (as `&nbsp;`),
 * and the characters `references` says the document writes as references.
 */
export function encodeText(text: string, references: References = NO_REFERENCES): string {
  return spell(text.replace(/[&<>\u00a0]/g, (c) => TEXT_ESCAPES[c]!), references)
}

/** `text` (already escaped) with the characters `references` names written as the document writes them. */
function spell(text: string, references: References): string {
  return references.pattern ? text.replace(references.pattern, (c) => references.spelling.get(c)!) : text
}

/** Escapes a translated attribute value for its quote (an unquoted value gets double quotes). */
function encodeAttr(text: string, quote: string, references: References): string {
  const q = quote || '"'
  const body = text.replace(/[&<>\u00a0"']/g, (c) =>
    c === '"' ? (q === '"' ? '&quot;' : c) : c === "'" ? (q === "'" ? '&#39;' : c) : TEXT_ESCAPES[c]!,
  )
  const spelled = spell(body, references)
  return quote ? spelled : `"${spelled}"`
}

/**
 * Splices the translated segments into the original string at the units' offsets, and
 * applies `edits` (sorted, inside markup: the language attributes) to the bytes copied.
 */
export function writeUnits(source: string, units: readonly Unit[], translated: readonly Segment[], edits: readonly Edit[] = []): string {
  if (!Array.isArray(translated) || translated.length !== units.length) {
    throw new HtmlError(
      'HTML_TOKEN_MISMATCH',
      `expected ${units.length} translated segments, got ${Array.isArray(translated) ? translated.length : typeof translated}`,
    )
  }
  const copy = edits.length === 0 ? (from: number, to: number) => source.slice(from, to) : copyWithEdits(source, edits)
  const references = referencesOf(source)
  const attrText = new Map<AttrUnit, string>()
  units.forEach((unit, i) => {
    if (unit.kind === 'attr') attrText.set(unit, renderAttr(source, unit, translated[i], references))
  })
  const renderToken = (t: Token): string => {
    let out = ''
    let pos = t.start
    for (const attr of t.attrs) {
      out += copy(pos, attr.start) + attrText.get(attr)!
      pos = attr.end
    }
    return out + copy(pos, t.end)
  }

  let out = ''
  let pos = 0
  let nestedUntil = -1
  units.forEach((unit, i) => {
    if (unit.kind === 'front-matter') {
      const text = plainText(translated[i])
      out += copy(pos, unit.start) + (text === unit.value ? source.slice(unit.start, unit.end) : writeScalar(text, unit))
      pos = unit.end
      return
    }
    if (unit.kind === 'attr') {
      if (unit.start < nestedUntil) return // inside a run's token: rendered with it
      out += copy(pos, unit.start) + attrText.get(unit)!
      pos = unit.end
      return
    }
    out += copy(pos, unit.start) + renderRun(source, unit, translated[i], renderToken, references)
    pos = unit.end
    nestedUntil = unit.end
  })
  return out + copy(pos, source.length)
}

/**
 * A copier of source ranges that applies the edits falling inside them. Ranges are copied
 * out of order (the translator moves tokens), so each copy finds its first edit by bisection;
 * an insertion at `p` belongs to the range that copies the byte at `p`.
 */
function copyWithEdits(source: string, edits: readonly Edit[]): (from: number, to: number) => string {
  return (from, to) => {
    let lo = 0
    let hi = edits.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (edits[mid]!.start < from) lo = mid + 1
      else hi = mid
    }
    let out = ''
    let pos = from
    for (let k = lo; k < edits.length && edits[k]!.start < to && edits[k]!.end <= to; k++) {
      const edit = edits[k]!
      out += source.slice(pos, edit.start) + edit.text
      pos = edit.end
    }
    return out + source.slice(pos, to)
  }
}

function renderAttr(source: string, unit: AttrUnit, segment: Segment | undefined, references: References): string {
  const text = plainText(segment)
  return text === unit.value ? source.slice(unit.start, unit.end) : encodeAttr(text, unit.quote, references)
}

/** A segment's text (an attribute's, a front matter value's, a Markdown block's); tokens are ignored. */
export function plainText(segment: Segment | undefined): string {
  if (typeof segment === 'string') return segment
  if (!Array.isArray(segment)) throw notASegment(segment)
  return segment.filter((p): p is string => typeof p === 'string').join('')
}

function notASegment(value: unknown): HtmlError {
  return new HtmlError('HTML_TOKEN_MISMATCH', `translator returned a ${typeof value} where a segment was expected`)
}

type Piece = string | Token

function renderRun(
  source: string,
  run: RunUnit,
  segment: Segment | undefined,
  renderToken: (t: Token) => string,
  references: References,
): string {
  // Tokens nested as in the source: an element inside another stays inside it.
  const pieces = nestLike(run.tokens, repair(run.tokens, segment)) as Piece[]
  const sameOrder =
    pieces.filter((p) => typeof p !== 'string').length === run.tokens.length &&
    pieces.filter((p): p is Token => typeof p !== 'string').every((t, i) => t === run.tokens[i])
  // The parser turned CRLF into LF; translated text gets the run's line ends back.
  const crlf = source.slice(run.start, run.end).includes('\r\n')
  let out = ''
  let slot = 0
  let text = ''
  const flush = (): void => {
    const original = run.slots[slot]
    // Text the translator left as it was keeps its bytes (entities as written).
    if (sameOrder && original && original.text === text) out += source.slice(original.start, original.end)
    else out += crlf ? encodeText(text, references).replace(/\r?\n/g, '\r\n') : encodeText(text, references)
    text = ''
  }
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      text += piece
      continue
    }
    flush()
    slot++
    out += renderToken(piece)
  }
  flush()
  return out
}

/**
 * Maps the translator's parts back to this run's tokens, repairing deterministically:
 * unknown and repeated tokens are dropped, a close whose open is not the innermost open tag
 * is dropped, an open left unclosed is closed at the end, a pair that is missing entirely
 * wraps the whole text, a missing void token goes at the end. Text is always kept.
 */
function repair(tokens: readonly Token[], segment: Segment | undefined): Piece[] {
  if (typeof segment === 'string') segment = [segment]
  if (!Array.isArray(segment)) throw notASegment(segment)
  const byKey = new Map<string, Token>()
  for (const t of tokens) byKey.set(`${t.kind}\u0000${t.id}`, t)
  const used = new Set<Token>()
  const stack: string[] = []
  const out: Piece[] = []
  for (const part of segment as readonly unknown[]) {
    if (typeof part === 'string') {
      out.push(part)
      continue
    }
    if (!part || typeof part !== 'object') continue
    const { id, kind } = part as { id?: unknown; kind?: unknown }
    const token = byKey.get(`${String(kind)}\u0000${String(id)}`)
    if (!token || used.has(token)) continue
    if (token.kind === 'close') {
      if (stack[stack.length - 1] !== token.id) continue
      stack.pop()
    } else if (token.kind === 'open') stack.push(token.id)
    used.add(token)
    out.push(token)
  }
  const find = (kind: Token['kind'], id: string): Token => byKey.get(`${kind}\u0000${id}`)!
  while (stack.length > 0) {
    const close = find('close', stack.pop()!)
    used.add(close)
    out.push(close)
  }
  const opens: Token[] = []
  const closes: Token[] = []
  const voids: Token[] = []
  for (const t of tokens) {
    if (used.has(t)) continue
    if (t.kind === 'open') {
      opens.push(t)
      closes.unshift(find('close', t.id))
    } else if (t.kind === 'void') voids.push(t)
  }
  return [...opens, ...out, ...closes, ...voids]
}
