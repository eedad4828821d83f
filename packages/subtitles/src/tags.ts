import type { InlineToken, SegmentPart } from './types.js'

/**
 * Inline markup found in cue text:
 * - HTML-like tags (`<i>`, `</i>`, `<font color="red">`, `<c.yellow>`, `<v Roger>`, `<lang en>`, `<ruby>`, `<rt>`),
 * - WebVTT timestamp tags (`<00:00:01.000>`),
 * - ASS override blocks (`{\an8}`, `{\pos(142,120)}`, `{\i1}`),
 * - ASS line breaks and hard spaces (`\N`, `\n`, `\h`), which players that read ASS-style SRT
 *   (libass: VLC, mpv) render, and which sit between words without spaces: as text, "house\Nand"
 *   was one unknown word to the engine ("casa\Nand").
 * A `<` not followed by a letter (`2<3`, `(<)`) is text.
 */
export const TAG = /<\/?[A-Za-z][^<>\r\n]*>|<(?:\d+:)?\d{2}:\d{2}[.,]\d{3}>|\{\\[^{}\r\n]*\}|\\[Nnh]/g

const TAG_NAME = /^<(\/?)([A-Za-z][^\s.>/]*)/
const ALWAYS_VOID = new Set(['br', 'wbr', 'hr', 'img'])

/** What the writer needs to turn tokens back into the bytes they stand for. */
export interface TokenTable {
  /** `kind:id` → the raw markup. */
  readonly raw: Map<string, string>
  /** Ids of paired tags, in source order. */
  readonly pairs: string[]
  /** Ids of void tags (line-break tokens excluded), in source order. */
  readonly voids: string[]
  /** Void ids that stood before any text of the cue: a lost one goes back to the start. */
  readonly atStart: Set<string>
  /** Ids of the line-group break tokens, in order. */
  readonly breaks: string[]
}

export const key = (token: InlineToken) => `${token.kind}:${token.id}`

type Item = { type: 'text'; text: string } | { type: 'tag'; raw: string; name?: string; closing: boolean } | { type: 'break'; id: string }

/**
 * Turns the text groups of one cue into segment parts: markup becomes tokens (paired tags
 * `open`/`close`, everything unpaired or standalone `void`), groups are separated by
 * `void` break tokens `n1`, `n2`, ….
 */
export function tokenize(groups: readonly string[]): { parts: SegmentPart[]; table: TokenTable } {
  const items: Item[] = []
  groups.forEach((text, g) => {
    if (g > 0) items.push({ type: 'break', id: `n${g}` })
    let last = 0
    for (const match of text.matchAll(TAG)) {
      if (match.index > last) items.push({ type: 'text', text: text.slice(last, match.index) })
      const raw = match[0]
      const name = TAG_NAME.exec(raw)
      const closing = name?.[1] === '/'
      const selfClosing = raw.endsWith('/>')
      const tagName = name?.[2]?.toLowerCase()
      items.push({
        type: 'tag',
        raw,
        closing,
        ...(tagName !== undefined && !selfClosing && !ALWAYS_VOID.has(tagName) ? { name: tagName } : {}),
      })
      last = match.index + raw.length
    }
    if (last < text.length) items.push({ type: 'text', text: text.slice(last) })
  })

  // Pair tags by name with a stack; whatever stays unpaired is void (properly nested pairs only).
  const partner = new Map<number, number>()
  const stack: number[] = []
  items.forEach((item, index) => {
    if (item.type !== 'tag' || item.name === undefined) return
    if (!item.closing) {
      stack.push(index)
      return
    }
    for (let s = stack.length - 1; s >= 0; s--) {
      const open = items[stack[s]!] as { name?: string }
      if (open.name === item.name) {
        partner.set(stack[s]!, index)
        partner.set(index, stack[s]!)
        stack.length = s
        return
      }
    }
  })

  const table: TokenTable = { raw: new Map(), pairs: [], voids: [], atStart: new Set(), breaks: [] }
  const parts: SegmentPart[] = []
  const idOf = new Map<number, string>()
  let next = 1
  let seenText = false
  const pushText = (text: string) => {
    const lastPart = parts[parts.length - 1]
    if (typeof lastPart === 'string') parts[parts.length - 1] = lastPart + text
    else parts.push(text)
  }
  items.forEach((item, index) => {
    if (item.type === 'text') {
      pushText(item.text)
      if (item.text.trim() !== '') seenText = true
      return
    }
    if (item.type === 'break') {
      const token: InlineToken = { id: item.id, kind: 'void' }
      table.breaks.push(item.id)
      table.raw.set(key(token), '')
      parts.push(token)
      return
    }
    const other = partner.get(index)
    let token: InlineToken
    if (other === undefined) {
      token = { id: `t${next++}`, kind: 'void' }
      table.voids.push(token.id)
      if (!seenText) table.atStart.add(token.id)
    } else if (other > index) {
      token = { id: `t${next++}`, kind: 'open' }
      idOf.set(index, token.id)
      table.pairs.push(token.id)
    } else {
      token = { id: idOf.get(other)!, kind: 'close' }
    }
    table.raw.set(key(token), item.raw)
    parts.push(token)
  })
  return { parts, table }
}

/** The common case, checked in one pass: every source token exactly once, pairs nested, breaks in order. */
function wellFormed(parts: readonly SegmentPart[], table: TokenTable): boolean {
  const stack: string[] = []
  const seen = new Set<string>()
  let nextBreak = 0
  for (const part of parts) {
    if (typeof part === 'string') continue
    const k = key(part)
    if (!table.raw.has(k) || seen.has(k)) return false
    seen.add(k)
    if (part.kind === 'open') stack.push(part.id)
    else if (part.kind === 'close') {
      if (stack.pop() !== part.id) return false
    } else if (table.breaks[nextBreak] === part.id) nextBreak++
    else if (table.breaks.includes(part.id)) return false
  }
  return stack.length === 0 && seen.size === table.raw.size
}

/**
 * Makes a translator's parts well-formed against the source tokens, deterministically:
 * unknown and duplicate tokens are dropped; a pair that lost a token, came back in the
 * wrong order or crosses another pair is put around the whole text (opens at the start in
 * source order, closes at the end in reverse); a lost void token goes back to the start
 * when it stood before the text (`{\an8}`), else to the end. Break tokens are kept as
 * found (the caller checks them).
 */
export function repair(parts: readonly SegmentPart[], table: TokenTable): SegmentPart[] {
  if (table.raw.size === 0) return parts.filter((part) => typeof part === 'string')
  if (wellFormed(parts, table)) return parts as SegmentPart[]
  const seen = new Set<string>()
  let kept: SegmentPart[] = []
  for (const part of parts) {
    if (typeof part === 'string') {
      kept.push(part)
      continue
    }
    const k = key(part)
    if (!table.raw.has(k) || seen.has(k)) continue
    seen.add(k)
    kept.push({ id: part.id, kind: part.kind })
  }

  const bad = new Set<string>()
  const indexOf = (id: string, kind: InlineToken['kind']) =>
    kept.findIndex((p) => typeof p !== 'string' && p.id === id && p.kind === kind)
  for (const id of table.pairs) {
    const open = indexOf(id, 'open')
    const close = indexOf(id, 'close')
    if (open < 0 || close < 0 || close < open) bad.add(id)
  }
  // Crossing pairs: the one whose close comes out of order is moved around the whole text.
  for (let round = 0; round <= table.pairs.length; round++) {
    const stack: string[] = []
    let crossing: string | undefined
    for (const part of kept) {
      if (typeof part === 'string' || part.kind === 'void' || bad.has(part.id)) continue
      if (part.kind === 'open') stack.push(part.id)
      else if (stack[stack.length - 1] === part.id) stack.pop()
      else {
        crossing = part.id
        break
      }
    }
    if (crossing === undefined) break
    bad.add(crossing)
  }
  kept = kept.filter((p) => typeof p === 'string' || !bad.has(p.id))

  const present = new Set(kept.flatMap((p) => (typeof p === 'string' ? [] : [key(p)])))
  const lostVoids = table.voids.filter((id) => !present.has(`void:${id}`))
  const wrapped = table.pairs.filter((id) => bad.has(id))
  // Void tokens on the edges (`{\an8}Hi`) stay outside the pairs put around the text.
  const isEdgeVoid = (p: SegmentPart | undefined) => p !== undefined && typeof p !== 'string' && p.kind === 'void' && !table.breaks.includes(p.id)
  let head = 0
  while (head < kept.length && isEdgeVoid(kept[head])) head++
  let tail = kept.length
  while (tail > head && isEdgeVoid(kept[tail - 1])) tail--
  const result: SegmentPart[] = [
    ...lostVoids.filter((id) => table.atStart.has(id)).map((id): InlineToken => ({ id, kind: 'void' })),
    ...kept.slice(0, head),
    ...wrapped.map((id): InlineToken => ({ id, kind: 'open' })),
    ...kept.slice(head, tail),
    ...wrapped.reverse().map((id): InlineToken => ({ id, kind: 'close' })),
    ...kept.slice(tail),
    ...lostVoids.filter((id) => !table.atStart.has(id)).map((id): InlineToken => ({ id, kind: 'void' })),
  ]
  return result
}
