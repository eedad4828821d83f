/**
 * Java .properties files, read as `java.util.Properties.load` does: `=`, `:` or whitespace
 * separators, backslash line continuations, `\uXXXX` and `\t \n \r \f` escapes, `#`/`!` comments.
 *
 * Encoding: valid UTF-8 is UTF-8 (BOM kept); anything else is ISO-8859-1. On write, non-ASCII text
 * is written raw when the file already holds raw non-ASCII characters (and, for ISO-8859-1, the
 * character fits), else as `\uXXXX` escapes in the file's hex case.
 *
 * A translated value replaces the whole logical line's value. When every continuation of the
 * source value followed an escaped newline (`line one\n\` ⏎ `    line two`), the translation's
 * newlines are written the same way with the same indentation; otherwise it is one line.
 */
import type { Entry, Issue, Parsed, Translation, WriteOptions } from '../types.js'
import { resolveOptions, type ParseOptions } from '../shared/options.js'
import { applyEdits, encodeText, LineIndex, lineBreakOf, makeIssue, toBytes, type Edit } from '../shared/text.js'
import { flatMergeEdits, lineSpan, modelOf, remember, unreadable, type FlatModel, type Span } from '../shared/merge.js'

export type { ParseOptions }

interface Slot {
  key: string
  text: string
  /** Offsets of the value's source (continuations included, line break excluded). */
  start: number
  end: number
  /** The key touches the value with no separator (`key` alone on its line). */
  needsSeparator: boolean
  /** Continuations follow escaped newlines: `\n\` + break + `indent`. */
  newlineLayout?: { lineBreak: string; indent: string }
  /** The entry's lines with its comment block (see FlatModel.blocks). */
  block: Span
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** Parses a .properties file; never throws on bad input. */
export function parse(source: string | Uint8Array, options?: ParseOptions): Parsed {
  const opts = resolveOptions(options)
  const bytes = toBytes(source)
  const copy = () => bytes.slice()
  if (bytes.length > opts.maxBytes) {
    return {
      format: 'properties', encoding: 'utf-8', entries: [], write: copy, ...unreadable(copy),
      issues: [makeIssue('FORMAT_TOO_LARGE', `input is ${bytes.length} bytes; the limit is ${opts.maxBytes}`)],
    }
  }
  const hasBom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf
  let text: string
  let encoding: Parsed['encoding'] = 'utf-8'
  try {
    text = utf8.decode(hasBom ? bytes.subarray(3) : bytes)
  } catch {
    encoding = 'iso-8859-1'
    // TextDecoder('latin1') is windows-1252: map bytes one to one instead
    let s = ''
    for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.subarray(i, i + 8192))
    text = s
  }
  const bom = encoding === 'utf-8' && hasBom ? bytes.slice(0, 3) : new Uint8Array(0)
  const { slots, notes, issues } = scan(text)
  const lines = new LineIndex(text)
  const entries: Entry[] = slots.map((s, i) => {
    const p = lines.position(s.start)
    const entry: Entry = { key: s.key, text: s.text, translatable: s.text !== '', line: p.line, column: p.column }
    if (notes[i]) entry.note = notes[i]
    return entry
  })
  const byKey = new Map(slots.map((s) => [s.key, s]))
  const rawNonAscii = /[^\x00-\x7f]/.test(text)
  const escaped = /\\u[0-9a-fA-F]{4}/.exec(text)
  const style: EscapeStyle = {
    raw: rawNonAscii,
    latin1: encoding === 'iso-8859-1',
    upperHex: escaped !== null && /[A-F]/.test(escaped[0]) && !/[a-f]/.test(escaped[0]),
  }

  const valueEdits = (translations: ReadonlyMap<string, Translation>, _options?: WriteOptions, into?: FlatModel): Edit[] => {
    const escape = (into?.style as EscapeStyle | undefined) ?? style
    const edits: Edit[] = []
    for (const [key, translation] of translations) {
      const slot = byKey.get(key)
      if (!slot) continue
      const value = typeof translation === 'string' ? translation : translation.other ?? slot.text
      edits.push({ start: slot.start, end: slot.end, text: (slot.needsSeparator ? '=' : '') + escapeValue(value, escape, slot.newlineLayout) })
    }
    return edits
  }
  const finish = (edits: Edit[]): Uint8Array => (edits.length === 0 ? copy() : encodeText(applyEdits(text, edits), encoding, bom))
  const write = (translations: ReadonlyMap<string, Translation>, _options?: WriteOptions): Uint8Array => finish(valueEdits(translations))
  const model: FlatModel = {
    text,
    lineBreak: lineBreakOf(text),
    blocks: new Map(slots.map((s) => [s.key, s.block])),
    edits: valueEdits,
    style,
  }
  const parsed: Parsed = {
    format: 'properties', encoding, entries, issues, write,
    valueOf: (key) => {
      const slot = byKey.get(key)
      return slot && slot.text !== '' ? slot.text : undefined
    },
    merge: (source, values, options) => finish(flatMergeEdits(model, modelOf<FlatModel>(source, 'properties'), values, options)),
  }
  // every apostrophe doubled, even where no argument makes it necessary: each value goes through MessageFormat
  const texts = slots.map((s) => s.text)
  if (texts.some((t) => t.includes("''")) && !texts.some((t) => t.replace(/''/g, '').includes("'"))) parsed.syntax = 'java-messageformat'
  remember(parsed, model)
  return parsed
}

interface EscapeStyle {
  raw: boolean
  latin1: boolean
  upperHex: boolean
}

const isWs = (c: number) => c === 32 || c === 9 || c === 12

/** Escapes a value as `Properties.store` would, minimally (no escaping of `#`, `!`, `=`, `:`). */
export function escapeValue(value: string, style: EscapeStyle, layout?: { lineBreak: string; indent: string }): string {
  if (!/[\\\x00-\x1f\x7f\ud800-\udfff]/.test(value) && !/^[ =:]/.test(value)) {
    if (style.raw ? !(style.latin1 && /[^\x00-\xff]/.test(value)) : !/[^\x00-\x7f]/.test(value)) return value
  }
  let out = ''
  let lineStart = true
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i)
    if (c === 92) out += '\\\\'
    else if (c === 10) {
      out += '\\n'
      if (layout && i < value.length - 1) {
        out += `\\${layout.lineBreak}${layout.indent}`
        lineStart = true
        continue
      }
    } else if (c === 13) out += '\\r'
    else if (c === 9) out += '\\t'
    else if (c === 12) out += '\\f'
    else if (c === 32) out += lineStart ? '\\ ' : ' '
    else if ((c === 61 || c === 58) && i === 0) out += `\\${value[i]}`
    else if (c < 0x20 || c === 0x7f || (c >= 0xd800 && c <= 0xdfff && !pairedAt(value, i))) out += hex(c, style.upperHex)
    else if (c >= 0x80 && (!style.raw || (style.latin1 && c > 0xff))) {
      out += hex(c, style.upperHex)
      if (c >= 0xd800 && c <= 0xdbff) out += hex(value.charCodeAt(++i), style.upperHex)
    } else if (c >= 0xd800 && c <= 0xdbff) {
      out += value[i]! + value[i + 1]!
      i++
    } else out += value[i]
    lineStart = false
  }
  return out
}

function pairedAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i)
  if (c <= 0xdbff) {
    const d = s.charCodeAt(i + 1)
    return d >= 0xdc00 && d <= 0xdfff
  }
  const b = s.charCodeAt(i - 1)
  return b >= 0xd800 && b <= 0xdbff
}

function hex(code: number, upper: boolean): string {
  const h = code.toString(16).padStart(4, '0')
  return `\\u${upper ? h.toUpperCase() : h}`
}

/** Splits text into logical lines and reads keys and values, Java's way. */
function scan(text: string): { slots: Slot[]; notes: Array<string | undefined>; issues: Issue[] } {
  const slots: Slot[] = []
  const notes: Array<string | undefined> = []
  const issues: Issue[] = []
  /** Index in `slots` of each key's latest occurrence, and the occurrences a later one replaced. */
  const latest = new Map<string, { index: number; keyAt: number }>()
  const replaced = new Set<number>()
  let lines: LineIndex | undefined
  const report = (code: Issue['code'], message: string, offset: number) => {
    const p = (lines ??= new LineIndex(text)).position(offset)
    issues.push(makeIssue(code, message, p.line, p.column))
  }
  const n = text.length
  let pos = 0
  let comment: string[] = []
  let commentStart = 0
  /** End of the natural line starting at `from` (offset of its line break or n). */
  const eol = (from: number) => {
    let i = from
    while (i < n) {
      const c = text.charCodeAt(i)
      if (c === 10 || c === 13) break
      i++
    }
    return i
  }
  const breakLength = (at: number) => (text.charCodeAt(at) === 13 && text.charCodeAt(at + 1) === 10 ? 2 : at < n ? 1 : 0)

  while (pos < n) {
    let i = pos
    while (i < n && isWs(text.charCodeAt(i))) i++
    const end = eol(i)
    if (i === end) {
      // blank line: ends a comment block
      comment = []
      pos = end + breakLength(end)
      continue
    }
    const first = text[i]
    if (first === '#' || first === '!') {
      if (comment.length === 0) commentStart = pos
      comment.push(text.slice(i + 1, end).replace(/^[ \t]/, ''))
      pos = end + breakLength(end)
      continue
    }
    // a logical line: read the key
    let key = ''
    let cursor = i
    let lineEnd = end
    const readChar = (): { ch: string; escaped: boolean } | undefined => {
      // handles escapes and continuations; returns undefined at the logical line's end
      while (true) {
        if (cursor >= lineEnd) return undefined
        const c = text[cursor]!
        if (c !== '\\') {
          cursor++
          return { ch: c, escaped: false }
        }
        if (cursor + 1 >= lineEnd) {
          // continuation: a backslash at the end of the natural line
          if (lineEnd >= n) {
            cursor = lineEnd
            return undefined
          }
          let next = lineEnd + breakLength(lineEnd)
          while (next < n && isWs(text.charCodeAt(next))) next++
          lineEnd = eol(next)
          cursor = next
          continue
        }
        const e = text[cursor + 1]!
        cursor += 2
        switch (e) {
          case 't': return { ch: '\t', escaped: true }
          case 'n': return { ch: '\n', escaped: true }
          case 'r': return { ch: '\r', escaped: true }
          case 'f': return { ch: '\f', escaped: true }
          case 'u': {
            const h = text.slice(cursor, cursor + 4)
            if (/^[0-9a-fA-F]{4}$/.test(h)) {
              cursor += 4
              return { ch: String.fromCharCode(parseInt(h, 16)), escaped: true }
            }
            report('FORMAT_SYNTAX', 'malformed \\uXXXX escape', cursor - 2)
            return { ch: 'u', escaped: true }
          }
          default: return { ch: e, escaped: true }
        }
      }
    }
    let sepFound = false
    let keyEnd = cursor
    while (true) {
      const before = cursor
      const r = readChar()
      if (!r) {
        keyEnd = cursor
        break
      }
      if (!r.escaped && (r.ch === '=' || r.ch === ':')) {
        keyEnd = before
        sepFound = true
        break
      }
      if (!r.escaped && (r.ch === ' ' || r.ch === '\t' || r.ch === '\f')) {
        keyEnd = before
        break
      }
      key += r.ch
    }
    // skip whitespace, then at most one '=' or ':' (when not already found), then whitespace
    const skipWs = () => {
      while (true) {
        while (cursor < lineEnd && isWs(text.charCodeAt(cursor))) cursor++
        // a continuation right here also counts as whitespace
        if (cursor === lineEnd - 1 && text[cursor] === '\\' && lineEnd < n && !endsEscaped(text, cursor)) {
          let next = lineEnd + breakLength(lineEnd)
          while (next < n && isWs(text.charCodeAt(next))) next++
          lineEnd = eol(next)
          cursor = next
          continue
        }
        break
      }
    }
    skipWs()
    if (!sepFound && cursor < lineEnd && (text[cursor] === '=' || text[cursor] === ':')) {
      cursor++
      skipWs()
    }
    const valueStart = cursor
    let value = ''
    let breaks = 0
    let newlineBreaks = 0
    let indent: string | undefined
    let lineBreak = '\n'
    while (true) {
      // fast path: copy the run up to the next backslash on this natural line
      let j = cursor
      while (j < lineEnd && text.charCodeAt(j) !== 92) j++
      if (j > cursor) {
        value += text.slice(cursor, j)
        cursor = j
      }
      if (cursor >= lineEnd) break
      const natural = lineEnd
      const r = readChar()
      if (lineEnd !== natural) {
        breaks++
        if (value.endsWith('\n')) newlineBreaks++
        if (indent === undefined) {
          lineBreak = text.slice(natural, natural + breakLength(natural))
          let s = natural + breakLength(natural)
          const from = s
          while (s < n && isWs(text.charCodeAt(s))) s++
          indent = text.slice(from, s)
        }
      }
      if (!r) break
      value += r.ch
    }
    const valueEnd = lineEnd
    const block = lineSpan(text, comment.length > 0 ? commentStart : pos, valueEnd)
    const slot: Slot = { key, text: value, start: valueStart, end: valueEnd, needsSeparator: valueStart === keyEnd && !sepFound, block }
    if (breaks > 0 && breaks === newlineBreaks) slot.newlineLayout = { lineBreak, indent: indent ?? '' }
    const earlier = latest.get(key)
    if (earlier !== undefined) {
      // java.util.Properties keeps the last value of a key given twice: the earlier line stays as it is
      report('FORMAT_DUPLICATE_KEY', `duplicate key ${JSON.stringify(key)}: the last one is read, as java.util.Properties does; this earlier one is kept as it is`, earlier.keyAt)
      replaced.add(earlier.index)
    }
    latest.set(key, { index: slots.length, keyAt: i })
    slots.push(slot)
    notes.push(comment.length > 0 ? comment.join('\n') : undefined)
    comment = []
    pos = lineEnd + breakLength(lineEnd)
  }
  if (replaced.size === 0) return { slots, notes, issues }
  const live = (_: unknown, index: number) => !replaced.has(index)
  return { slots: slots.filter(live), notes: notes.filter(live), issues }
}

/** True when the backslash at `at` is itself escaped (preceded by an odd run of backslashes). */
function endsEscaped(text: string, at: number): boolean {
  let k = 0
  while (at - 1 - k >= 0 && text[at - 1 - k] === '\\') k++
  return k % 2 === 1
}
