import type { FormatErrorCode, Issue, Parsed } from '../types.js'

/** Decoded input: the text without its BOM, plus what `write` needs to produce the same bytes. */
export interface Source {
  /** The original bytes, returned as they are when nothing is translated. */
  bytes: Uint8Array
  /** The decoded text, BOM removed. Empty when the bytes could not be decoded. */
  text: string
  encoding: Parsed['encoding']
  /** The BOM bytes as found (empty when none). */
  bom: Uint8Array
  /** Set when the bytes could not be decoded (FORMAT_ENCODING) or are too large (FORMAT_TOO_LARGE). */
  issue?: Issue
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
const encoder = new TextEncoder()

export function toBytes(source: string | Uint8Array): Uint8Array {
  return typeof source === 'string' ? encoder.encode(source) : source
}

export function makeIssue(code: FormatErrorCode, message: string, line = 1, column = 1): Issue {
  return { code, message, line, column }
}

/**
 * Decodes UTF-8 (BOM tolerated) or UTF-16 with a BOM. Invalid bytes give a FORMAT_ENCODING issue and
 * empty text; input larger than `maxBytes` gives FORMAT_TOO_LARGE without being decoded.
 */
export function decodeUnicode(source: string | Uint8Array, maxBytes: number): Source {
  const bytes = toBytes(source)
  if (bytes.length > maxBytes) {
    return {
      bytes, text: '', encoding: 'utf-8', bom: new Uint8Array(0),
      issue: makeIssue('FORMAT_TOO_LARGE', `input is ${bytes.length} bytes; the limit is ${maxBytes}`),
    }
  }
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    const encoding = bytes[0] === 0xff ? 'utf-16le' : 'utf-16be'
    const bom = bytes.slice(0, 2)
    try {
      if ((bytes.length & 1) !== 0) throw new Error('odd length')
      const text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes.subarray(2))
      return { bytes, text, encoding, bom }
    } catch {
      return { bytes, text: '', encoding, bom, issue: makeIssue('FORMAT_ENCODING', `invalid ${encoding.toUpperCase()} input`) }
    }
  }
  const hasBom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf
  const bom = hasBom ? bytes.slice(0, 3) : new Uint8Array(0)
  try {
    return { bytes, text: utf8.decode(hasBom ? bytes.subarray(3) : bytes), encoding: 'utf-8', bom }
  } catch {
    const at = firstInvalidUtf8(bytes)
    return {
      bytes, text: '', encoding: 'utf-8', bom,
      issue: makeIssue('FORMAT_ENCODING', `invalid UTF-8 at byte ${at}`, at.line, at.column),
    }
  }
}

/** Locates the first invalid UTF-8 sequence (line/column counted in the valid prefix). */
function firstInvalidUtf8(bytes: Uint8Array): { line: number; column: number; toString(): string } {
  let i = 0
  const n = bytes.length
  while (i < n) {
    const b = bytes[i]!
    let need = 0
    let min = 0
    if (b < 0x80) { i++; continue }
    else if (b >= 0xc2 && b <= 0xdf) { need = 1; min = 0x80 }
    else if (b >= 0xe0 && b <= 0xef) { need = 2; min = 0x800 }
    else if (b >= 0xf0 && b <= 0xf4) { need = 3; min = 0x10000 }
    else break
    if (i + need >= n) break
    let cp = b & (0x3f >> need)
    let ok = true
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k]
      if (c === undefined || (c & 0xc0) !== 0x80) { ok = false; break }
      cp = (cp << 6) | (c & 0x3f)
    }
    if (!ok || cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) break
    i += need + 1
  }
  const prefix = new TextDecoder('utf-8').decode(bytes.subarray(0, i))
  const pos = new LineIndex(prefix).position(prefix.length)
  return { ...pos, toString: () => String(i) }
}

/** Encodes text in the source's encoding, BOM first. */
export function encodeText(text: string, encoding: Parsed['encoding'], bom: Uint8Array): Uint8Array {
  let body: Uint8Array
  if (encoding === 'utf-8') body = encoder.encode(text)
  else if (encoding === 'iso-8859-1') {
    body = new Uint8Array(text.length)
    for (let i = 0; i < text.length; i++) body[i] = text.charCodeAt(i) & 0xff
  } else {
    body = new Uint8Array(text.length * 2)
    const le = encoding === 'utf-16le'
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i)
      body[2 * i + (le ? 0 : 1)] = c & 0xff
      body[2 * i + (le ? 1 : 0)] = c >> 8
    }
  }
  if (bom.length === 0) return body
  const out = new Uint8Array(bom.length + body.length)
  out.set(bom, 0)
  out.set(body, bom.length)
  return out
}

/** 1-based line/column of offsets in a text (columns in UTF-16 code units). */
export class LineIndex {
  private readonly starts: number[] = [0]
  constructor(text: string) {
    let i = text.indexOf('\n')
    while (i >= 0) {
      this.starts.push(i + 1)
      i = text.indexOf('\n', i + 1)
    }
  }
  position(offset: number): { line: number; column: number } {
    let lo = 0
    let hi = this.starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (this.starts[mid]! <= offset) lo = mid
      else hi = mid - 1
    }
    return { line: lo + 1, column: offset - this.starts[lo]! + 1 }
  }
  lineStart(line: number): number {
    return this.starts[Math.min(Math.max(line, 1), this.starts.length) - 1]!
  }
}

/** A replacement of text[start, end) (jsonc-parser's `{offset, length, content}`). */
export interface Edit {
  start: number
  end: number
  text: string
}

/** Applies non-overlapping edits; overlapping ones (a bug) keep the first. */
export function applyEdits(text: string, edits: Edit[]): string {
  if (edits.length === 0) return text
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end)
  const parts: string[] = []
  let at = 0
  for (const e of sorted) {
    if (e.start < at) continue
    parts.push(text.slice(at, e.start), e.text)
    at = e.end
  }
  parts.push(text.slice(at))
  return parts.join('')
}

/** The line break a text mostly uses. */
export function lineBreakOf(text: string): '\n' | '\r\n' {
  const lf = text.indexOf('\n')
  return lf > 0 && text.charCodeAt(lf - 1) === 13 ? '\r\n' : '\n'
}
