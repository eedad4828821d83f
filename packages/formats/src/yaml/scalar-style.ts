/**
 * Writing a text as a YAML scalar in a given style, or the nearest safe one:
 * plain → single-quoted → double-quoted; folded (`>`) → literal (`|`) → double-quoted.
 * Every result re-parses (YAML 1.2 core schema, and YAML 1.1 booleans are avoided) to the text.
 */

export type ScalarStyle = 'PLAIN' | 'QUOTE_SINGLE' | 'QUOTE_DOUBLE' | 'BLOCK_LITERAL' | 'BLOCK_FOLDED'

/** Values a plain scalar must not look like: null, booleans (1.2 and 1.1), numbers, timestamps. */
const RESERVED = /^(?:~|null|true|false|yes|no|on|off|y|n|[-+]?\.?inf(?:inity)?|\.?nan|<<|=)$/i
const NUMBERISH = /^[-+]?(?:[0-9][0-9_,:]*(?:\.[0-9_]*)?|\.[0-9_]+)(?:[eE][-+]?[0-9]+)?$|^[-+]?0[xob][0-9a-fA-F_]+$|^\d{4}-\d\d?-\d\d?/
const UNPRINTABLE = /[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff]/

export function plainSafe(s: string, inFlow: boolean): boolean {
  if (s === '' || s.trim() !== s || /[\t\n\r]/.test(s) || UNPRINTABLE.test(s)) return false
  if (/^[-?:,[\]{}#&*!|>'"%@`.]/.test(s)) return false
  if (s.includes(': ') || s.includes(' #') || s.endsWith(':')) return false
  if (inFlow && /[,[\]{}]/.test(s)) return false
  return !RESERVED.test(s) && !NUMBERISH.test(s)
}

export function singleQuoted(s: string): string | undefined {
  if (UNPRINTABLE.test(s) || s.includes('\t')) return undefined
  return `'${s.replace(/'/g, "''")}'`
}

const hex = (c: number, width: 2 | 4 | 8) => c.toString(16).toUpperCase().padStart(width, '0')

export function doubleQuoted(s: string, asciiOnly = false): string {
  if (!(asciiOnly ? /["\\\x00-\x1f\x7f-\uffff]/ : /["\\\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff]/).test(s)) return `"${s}"`
  let out = '"'
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 34) out += '\\"'
    else if (c === 92) out += '\\\\'
    else if (c === 10) out += '\\n'
    else if (c === 9) out += '\\t'
    else if (c === 13) out += '\\r'
    else if (c === 0) out += '\\0'
    else if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) out += `\\x${hex(c, 2)}`
    else if (c === 0x2028 || c === 0x2029 || c === 0xfeff) out += `\\u${hex(c, 4)}`
    else if (c >= 0xd800 && c <= 0xdfff) {
      const d = s.charCodeAt(i + 1)
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        out += asciiOnly ? `\\U${hex(s.codePointAt(i)!, 8)}` : s[i]! + s[i + 1]!
        i++
      } else out += `\\u${hex(c, 4)}`
    } else if (c > 0x7e && asciiOnly) out += `\\u${hex(c, 4)}`
    else out += s[i]
  }
  return `${out}"`
}

export interface BlockLayout {
  /** Indentation of content lines. */
  indent: string
  lineBreak: string
  /** The original block ended with a line break (it nearly always does). */
  endsWithBreak: boolean
}

/** A literal block (`|`, `|-`), or undefined when the text cannot be one exactly. */
export function literalBlock(s: string, layout: BlockLayout): string | undefined {
  if (s === '' || UNPRINTABLE.test(s.replace(/\n/g, '')) || s.endsWith('\n\n') || s.includes('\r')) return undefined
  const clip = s.endsWith('\n')
  const lines = (clip ? s.slice(0, -1) : s).split('\n')
  const firstContent = lines.find((l) => l.trim() !== '')
  if (firstContent === undefined || /^[ \t]/.test(firstContent)) return undefined
  // a line of only spaces before the first content line would set the indentation
  if (lines.some((l) => l !== '' && l.trim() === '')) return undefined
  const body = lines.map((l) => (l === '' ? '' : layout.indent + l)).join(layout.lineBreak)
  return `|${clip ? '' : '-'}${layout.lineBreak}${body}${layout.endsWithBreak ? layout.lineBreak : ''}`
}

/** A folded block (`>`, `>-`) for one-line text, wrapped at single spaces near 80 columns. */
export function foldedBlock(s: string, layout: BlockLayout): string | undefined {
  const clip = s.endsWith('\n')
  const line = clip ? s.slice(0, -1) : s
  if (line === '' || line.includes('\n') || line.trim() !== line || UNPRINTABLE.test(line) || line.includes('\t')) return undefined
  const width = Math.max(40, 80 - layout.indent.length)
  const parts: string[] = []
  let rest = line
  while (rest.length > width) {
    // break at a single space (non-space on both sides): folding turns that break back into the space
    let at = -1
    for (let i = width; i > 0; i--) {
      if (rest[i] === ' ' && rest[i - 1] !== ' ' && rest[i + 1] !== ' ' && rest[i + 1] !== undefined) {
        at = i
        break
      }
    }
    if (at < 0) break
    parts.push(rest.slice(0, at))
    rest = rest.slice(at + 1)
  }
  parts.push(rest)
  const body = parts.map((p) => layout.indent + p).join(layout.lineBreak)
  return `>${clip ? '' : '-'}${layout.lineBreak}${body}${layout.endsWithBreak ? layout.lineBreak : ''}`
}

/** The text as a flow scalar in `style`, or the nearest safe flow style. */
export function flowScalar(s: string, style: ScalarStyle, inFlow: boolean, asciiOnly: boolean): string {
  if (style === 'PLAIN' && plainSafe(s, inFlow) && !(asciiOnly && /[^\x00-\x7e]/.test(s))) return s
  if ((style === 'PLAIN' || style === 'QUOTE_SINGLE') && !(asciiOnly && /[^\x00-\x7e]/.test(s))) {
    const q = singleQuoted(s)
    if (q !== undefined) return q
  }
  return doubleQuoted(s, asciiOnly)
}
