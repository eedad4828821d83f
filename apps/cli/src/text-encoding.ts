/**
 * Reading and writing the text of HTML pages and subtitle files, which come in whatever encoding
 * their tools saved them in: Windows subtitle editors save "Unicode" as UTF-16 with a BOM, and
 * older subtitles are Windows-1252 or ISO-8859-x with nothing in the file to say so. Nothing is
 * guessed: a BOM, valid UTF-8, an HTML page's declared charset or `--encoding` decides, and a
 * file none of them explains is refused, naming the first line that is not UTF-8 (decoding it
 * as UTF-8 anyway wrote U+FFFD for every accented letter: 782 of them in a French subtitle).
 * A translation is written back in its source's encoding (BOM included) where that encoding
 * holds it; see {@link encodeDocumentText} for where it does not.
 */
import iconv from 'iconv-lite'
import type { FileKind } from './files.js'
import { CliError } from './translator.js'

export interface DocumentText {
  /** The decoded text; a BOM stays in it as U+FEFF, so the writers keep it. */
  text: string
  /** The encoding it was read in, as iconv-lite names it (`utf-8`, `utf-16le`, `windows-1252`…). */
  encoding: string
}

/** BOMs, longest first: UTF-32LE's starts with UTF-16LE's. */
const BOMS: Array<[number[], string]> = [
  [[0xff, 0xfe, 0x00, 0x00], 'utf-32le'],
  [[0x00, 0x00, 0xfe, 0xff], 'utf-32be'],
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
]

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/**
 * The text of an HTML or subtitle file: by its BOM; for a page, by the charset it declares (a
 * browser reads it so, whatever its bytes); else as UTF-8 when it is; else in `declared` (the
 * user's `--encoding`). Throws CliError('FILE') for an unknown encoding or bytes none of these
 * explain.
 */
export function decodeDocumentText(bytes: Uint8Array, kind: FileKind, declared?: string): DocumentText {
  const bom = BOMS.find(([mark]) => mark.every((byte, i) => bytes[i] === byte))
  if (bom) return { text: iconv.decode(Buffer.from(bytes), bom[1], { stripBOM: false }), encoding: bom[1] }
  // a label the page declares that no decoder knows is ignored, as browsers ignore it
  const pageCharset = kind.kind === 'html' ? declaredCharset(bytes) : undefined
  if (pageCharset && iconv.encodingExists(pageCharset) && canonical(pageCharset) !== 'utf-8') return decodeIn(bytes, pageCharset)
  try {
    return { text: STRICT_UTF8.decode(bytes), encoding: 'utf-8' }
  } catch {
    // not UTF-8: in the encoding the user named
  }
  if (declared) return decodeIn(bytes, declared)
  throw new CliError(
    'FILE',
    `line ${firstLineNotUtf8(bytes)} is not UTF-8 and the file does not say which encoding it is in; ` +
      `give it with --encoding (e.g. --encoding windows-1252) or save the file as UTF-8`,
  )
}

function decodeIn(bytes: Uint8Array, name: string): DocumentText {
  if (!iconv.encodingExists(name)) throw new CliError('FILE', `unknown encoding "${name}" (--encoding)`)
  const encoding = canonical(name)
  return { text: iconv.decode(Buffer.from(bytes), encoding), encoding }
}

/**
 * The bytes of a translation in its source's encoding. A translation the encoding cannot hold
 * (Russian into a Windows-1252 page) is written with numeric character references in HTML,
 * which every encoding can carry, and as UTF-8 with a BOM in subtitles, which have no
 * references; `note` then says so.
 */
export function encodeDocumentText(text: string, source: DocumentText, kind: FileKind): { bytes: Uint8Array; note?: string } {
  const encoding = source.encoding
  if (encoding.startsWith('utf-')) return { bytes: iconv.encode(text, encoding) }
  const missing = charactersNotIn(text, encoding)
  if (missing.size === 0) return { bytes: iconv.encode(text, encoding) }
  if (kind.kind === 'html') {
    let referenced = ''
    for (const ch of text) referenced += missing.has(ch) ? `&#x${ch.codePointAt(0)!.toString(16).toUpperCase()};` : ch
    return { bytes: iconv.encode(referenced, encoding), note: `characters ${encoding} cannot hold written as character references` }
  }
  return {
    bytes: iconv.encode(text.startsWith('\uFEFF') ? text : `\uFEFF${text}`, 'utf-8'),
    note: `written as UTF-8: ${encoding} cannot hold ${[...missing].slice(0, 5).join(' ')}`,
  }
}

/** The characters of `text` that do not survive a round trip through `encoding`. */
function charactersNotIn(text: string, encoding: string): Set<string> {
  const missing = new Set<string>()
  const checked = new Set<string>()
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80 || checked.has(ch)) continue
    checked.add(ch)
    if (iconv.decode(iconv.encode(ch, encoding), encoding) !== ch) missing.add(ch)
  }
  return missing
}

function canonical(name: string): string {
  const lower = name.trim().toLowerCase()
  // WHATWG (and so every browser) reads a page labelled Latin-1 as Windows-1252, its superset
  return lower === 'iso-8859-1' || lower === 'latin1' || lower === 'us-ascii' || lower === 'ascii' ? 'windows-1252' : lower.replace(/^utf8$/, 'utf-8')
}

/**
 * The charset an HTML page declares in its first 1 024 bytes, as the HTML standard's prescan
 * finds it: `<meta charset="…">` or `<meta http-equiv="Content-Type" content="…; charset=…">`.
 */
function declaredCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1')
  for (const meta of head.matchAll(/<meta\b[^>]*>/gi)) {
    const charset = /\bcharset\s*=\s*["']?\s*([\w.:-]+)/i.exec(meta[0])
    if (charset) return charset[1]
  }
  return undefined
}

/** The 1-based number of the first line that is not valid UTF-8. */
function firstLineNotUtf8(bytes: Uint8Array): number {
  let line = 1
  let start = 0
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && bytes[i] !== 0x0a) continue
    try {
      STRICT_UTF8.decode(bytes.subarray(start, i))
    } catch {
      return line
    }
    line++
    start = i + 1
  }
  return line
}
