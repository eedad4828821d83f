import type { DefaultTreeAdapterTypes as T } from 'parse5'
import type { Segment, SegmentPart } from './segment.js'
import type { Item, RunUnit, Slot, Token } from './units.js'

export const LETTER = /\p{L}/u

/** Turns a contiguous list of items into a run: pairs tokens, trims the edges, builds the segment. */
export function buildRun(items: Item[], source: string): RunUnit | null {
  if (!items.some((i) => i.kind === 'text' && LETTER.test(i.value))) return null

  // An open or close whose partner is not in this run is a standalone token.
  const opened = new Set<T.Element>()
  const paired = new Set<T.Element>()
  for (const i of items) {
    if (i.kind === 'open') opened.add(i.el)
    else if (i.kind === 'close' && opened.has(i.el)) paired.add(i.el)
  }
  const list: Item[] = []
  for (const i of items) {
    const prev = list[list.length - 1]
    if (i.kind === 'close' && prev?.kind === 'open' && prev.el === i.el) {
      // An empty element (`<strong id="x"></strong>`) is one standalone token.
      list[list.length - 1] = { kind: 'void', start: prev.start, end: i.end }
    } else if ((i.kind === 'open' || i.kind === 'close') && !paired.has(i.el)) {
      list.push({ kind: 'void', start: i.start, end: i.end })
    } else list.push(i)
  }

  // Leave whitespace, standalone tokens and a tag pair wrapping everything outside.
  let a = 0
  let b = list.length - 1
  const blank = (i: Item): boolean => i.kind === 'void' || (i.kind === 'text' && !/[^\t\n\f\r ]/.test(i.value))
  for (;;) {
    while (a <= b && blank(list[a]!)) a++
    while (b >= a && blank(list[b]!)) b--
    const first = list[a]!
    const last = list[b]!
    if (a < b && first.kind === 'open' && last.kind === 'close' && first.el === last.el) {
      a++
      b--
      continue
    }
    break
  }

  const tokens: Token[] = []
  const slots: Slot[] = []
  const ids = new Map<T.Element, string>()
  let lastId = 0
  let slotStart = -1
  let slotText = ''
  let start = 0
  let end = 0
  for (let k = a; k <= b; k++) {
    const item = list[k]!
    let s = item.start
    let e = item.end
    if (item.kind === 'text') {
      let value = item.value
      if (k === a || k === b) {
        const cut = trimEdges(source.slice(item.start, item.end), item.value, k === a, k === b)
        s += cut.lead
        e -= cut.trail
        value = cut.value
      }
      if (slotStart < 0) slotStart = s
      slotText += value
    } else {
      if (slotStart < 0) slotStart = s
      slots.push({ text: slotText, start: slotStart, end: s })
      slotText = ''
      slotStart = e
      let id: string
      if (item.kind === 'close') id = ids.get(item.el)!
      else {
        id = String(++lastId)
        if (item.kind === 'open') ids.set(item.el, id)
      }
      tokens.push({ id, kind: item.kind, start: item.start, end: item.end, attrs: [] })
    }
    if (k === a) start = s
    if (k === b) end = e
  }
  slots.push({ text: slotText, start: slotStart, end })

  let segment: Segment
  if (tokens.length === 0) segment = slots[0]!.text
  else {
    const parts: SegmentPart[] = []
    slots.forEach((slot, i) => {
      if (slot.text) parts.push(slot.text)
      const t = tokens[i]
      if (t) parts.push({ id: t.id, kind: t.kind })
    })
    segment = parts
  }
  return { kind: 'run', start, end, tokens, slots, segment }
}

/**
 * Cuts literal leading/trailing whitespace of a text item, keeping raw and decoded text in
 * step: literal whitespace is the same in both, except CR/CRLF, which the parser made LF.
 */
function trimEdges(raw: string, decoded: string, lead: boolean, trail: boolean): { lead: number; trail: number; value: string } {
  let value = decoded
  let leadRaw = 0
  let trailRaw = 0
  if (lead) {
    const ws = raw.slice(0, leadingSpace(raw))
    const norm = ws.replace(/\r\n?/g, '\n')
    if (value.startsWith(norm)) {
      leadRaw = ws.length
      value = value.slice(norm.length)
    }
  }
  if (trail) {
    const ws = raw.slice(Math.max(leadRaw, trailingSpace(raw)))
    const norm = ws.replace(/\r\n?/g, '\n')
    if (value.endsWith(norm)) {
      trailRaw = ws.length
      value = value.slice(0, value.length - norm.length)
    }
  }
  return { lead: leadRaw, trail: trailRaw, value }
}

export const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 12 || c === 13

/** Length of the leading ASCII whitespace. */
function leadingSpace(s: string): number {
  let i = 0
  while (i < s.length && isSpace(s.charCodeAt(i))) i++
  return i
}

/** Index where the trailing ASCII whitespace starts. */
function trailingSpace(s: string): number {
  let i = s.length
  while (i > 0 && isSpace(s.charCodeAt(i - 1))) i--
  return i
}
