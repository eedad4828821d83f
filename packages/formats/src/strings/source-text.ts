/**
 * Decoding input bytes to text (with the encoding and BOM remembered), positions, and
 * splicing edits back. Shared by the PO, .strings and XML codecs.
 */
import type { Issue, Parsed } from '../types.js'
import { DEFAULT_MAX_BYTES } from '../shared/options.js'

export type Encoding = Parsed['encoding']

export interface SourceText {
  /** Decoded text without the BOM. */
  text: string
  encoding: Encoding
  bom: boolean
  /** The input bytes (null when the input was a string). */
  bytes: Uint8Array | null
  issues: Issue[]
  /** False when the input is refused as a whole (too large, binary): no entries. */
  usable: boolean
}

export interface DecodeOptions {
  maxBytes?: number
  /** Decode invalid UTF-8 as ISO-8859-1 instead of reporting FORMAT_ENCODING (PO with a Latin-1 charset). */
  latin1Fallback?: boolean
}

function looksUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes.length < 4 || bytes.length % 2 !== 0) return null
  const n = Math.min(bytes.length, 4096)
  let evenZero = 0
  let oddZero = 0
  for (let i = 0; i + 1 < n; i += 2) {
    if (bytes[i] === 0) evenZero++
    if (bytes[i + 1] === 0) oddZero++
  }
  const pairs = n / 2
  if (oddZero > pairs * 0.4 && evenZero < pairs * 0.05) return 'utf-16le'
  if (evenZero > pairs * 0.4 && oddZero < pairs * 0.05) return 'utf-16be'
  return null
}

function decodeUtf16(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be'): { text: string; ok: boolean } {
  const body = bytes.length % 2 === 0 ? bytes : bytes.subarray(0, bytes.length - 1)
  const text = new TextDecoder(encoding, { ignoreBOM: true }).decode(body)
  return { text, ok: body.length === bytes.length && !text.includes('\uFFFD') }
}

function issue(code: Issue['code'], message: string, line = 1, column = 1): Issue {
  return { code, message, line, column }
}

/** Decodes `source`; never throws. */
export function decodeSource(source: string | Uint8Array, options: DecodeOptions = {}): SourceText {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  if (typeof source === 'string') {
    const tooLarge = source.length > maxBytes
    const bom = source.charCodeAt(0) === 0xfeff
    return {
      text: tooLarge ? '' : bom ? source.slice(1) : source,
      encoding: 'utf-8',
      bom,
      bytes: null,
      issues: tooLarge ? [issue('FORMAT_TOO_LARGE', `input is larger than ${maxBytes} bytes`)] : [],
      usable: !tooLarge,
    }
  }
  const bytes = source
  const base = { bytes, issues: [] as Issue[] }
  if (bytes.length > maxBytes) {
    return {
      ...base, text: '', encoding: 'utf-8', bom: false, usable: false,
      issues: [issue('FORMAT_TOO_LARGE', `input is ${bytes.length} bytes, more than ${maxBytes}`)],
    }
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    const { text, ok } = decodeUtf16(bytes.subarray(2), 'utf-16le')
    if (!ok) base.issues.push(issue('FORMAT_ENCODING', 'invalid UTF-16LE'))
    return { ...base, text, encoding: 'utf-16le', bom: true, usable: true }
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const { text, ok } = decodeUtf16(bytes.subarray(2), 'utf-16be')
    if (!ok) base.issues.push(issue('FORMAT_ENCODING', 'invalid UTF-16BE'))
    return { ...base, text, encoding: 'utf-16be', bom: true, usable: true }
  }
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf
  const body = bom ? bytes.subarray(3) : bytes
  if (!bom) {
    const utf16 = looksUtf16(bytes)
    if (utf16) {
      const { text, ok } = decodeUtf16(bytes, utf16)
      if (!ok) base.issues.push(issue('FORMAT_ENCODING', `invalid ${utf16.toUpperCase()}`))
      return { ...base, text, encoding: utf16, bom: false, usable: true }
    }
  }
  let text: string
  let encoding: Encoding = 'utf-8'
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body)
  } catch {
    if (options.latin1Fallback) {
      text = latin1Decode(body)
      encoding = 'iso-8859-1'
    } else {
      text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(body)
      const at = text.indexOf('\uFFFD')
      const pos = positionOf(text, Math.max(0, at))
      base.issues.push(issue('FORMAT_ENCODING', 'input is not valid UTF-8', pos.line, pos.column))
    }
  }
  const nul = text.indexOf('\u0000')
  if (nul >= 0) {
    const pos = positionOf(text, nul)
    base.issues.push(issue('FORMAT_ENCODING', 'binary content (NUL byte) in a text file', pos.line, pos.column))
    return { ...base, text: '', encoding, bom, usable: false }
  }
  return { ...base, text, encoding, bom, usable: true }
}

function latin1Decode(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192))
  return out
}

/** Encodes `text` back in the encoding (and with the BOM) it came in. */
export function encodeText(text: string, encoding: Encoding, bom: boolean): Uint8Array {
  switch (encoding) {
    case 'utf-16le': {
      const body = Buffer.from(text, 'utf16le')
      return concat(bom ? Uint8Array.of(0xff, 0xfe) : new Uint8Array(0), body)
    }
    case 'utf-16be': {
      const body = Buffer.from(text, 'utf16le')
      body.swap16()
      return concat(bom ? Uint8Array.of(0xfe, 0xff) : new Uint8Array(0), body)
    }
    case 'iso-8859-1': {
      const out = new Uint8Array(text.length)
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i)
        out[i] = c < 256 ? c : 0x3f
      }
      return out
    }
    default: {
      const body = new TextEncoder().encode(text)
      return concat(bom ? Uint8Array.of(0xef, 0xbb, 0xbf) : new Uint8Array(0), body)
    }
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length)
  out.set(a, 0)
  out.set(b, a.length)
  return out
}

export interface Edit {
  start: number
  end: number
  text: string
}

/**
 * Applies non-overlapping edits to `source.text` and encodes the result; with no edits
 * returns a copy of the input bytes, so untouched files come back byte for byte.
 */
export function writeEdits(source: SourceText, edits: Edit[]): Uint8Array {
  const real = edits.filter((e) => source.text.slice(e.start, e.end) !== e.text)
  if (real.length === 0) {
    if (source.bytes) return source.bytes.slice()
    return encodeText(source.text, source.encoding, source.bom)
  }
  real.sort((a, b) => a.start - b.start)
  let out = ''
  let at = 0
  for (const e of real) {
    if (e.start < at) continue // overlapping edit: the first one wins
    out += source.text.slice(at, e.start) + e.text
    at = e.end
  }
  out += source.text.slice(at)
  return encodeText(out, source.encoding, source.bom)
}

/** 1-based line and column (in UTF-16 code units) of offsets in a text. */
export class LineIndex {
  private readonly starts: number[] = [0]
  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1)
  }
  position(offset: number): { line: number; column: number } {
    let lo = 0
    let hi = this.starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if ((this.starts[mid] ?? 0) <= offset) lo = mid
      else hi = mid - 1
    }
    return { line: lo + 1, column: offset - (this.starts[lo] ?? 0) + 1 }
  }
}

function positionOf(text: string, offset: number): { line: number; column: number } {
  return new LineIndex(text.slice(0, offset + 1)).position(offset)
}

/** The file's line ending: CRLF when its first line break is one. */
export function detectEol(text: string): string {
  const i = text.indexOf('\n')
  return i > 0 && text[i - 1] === '\r' ? '\r\n' : '\n'
}
