/** PO string literal escapes (C-style, as gettext writes them). */

const UNESCAPE: Record<string, string> = {
  n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\', a: '\x07', b: '\b', f: '\f', v: '\v', '?': '?', "'": "'",
}

export function unescapePo(raw: string): string {
  if (!raw.includes('\\')) return raw
  return raw.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_m, e: string) => {
    if (e[0] === 'x') return String.fromCharCode(parseInt(e.slice(1), 16))
    if (/^[0-7]/.test(e)) return String.fromCharCode(parseInt(e, 8))
    return UNESCAPE[e] ?? e
  })
}

export function escapePo(text: string): string {
  return text.replace(/[\\"\x00-\x1f\x7f]/g, (c) => {
    switch (c) {
      case '\\': return '\\\\'
      case '"': return '\\"'
      case '\n': return '\\n'
      case '\t': return '\\t'
      case '\r': return '\\r'
      case '\x07': return '\\a'
      case '\b': return '\\b'
      case '\f': return '\\f'
      case '\v': return '\\v'
      default: return `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`
    }
  })
}

export interface LayoutOptions {
  /** Whether the file wraps long or multi-line strings as `""` + continuation lines. */
  wrap: boolean
  /** Length of `msgstr ` / `msgstr[0] ` before the string. */
  prefixLength: number
  eol: string
  /** Default: 79 (gettext's). */
  width?: number
}

/**
 * Formats a value as a PO string (one or more quoted lines). In wrapping files a value
 * with an inner line break or one too wide for one line becomes `""` followed by lines
 * broken after each `\n` and at spaces, as `msgmerge` does.
 */
export function formatPoString(value: string, layout: LayoutOptions): string {
  const escaped = escapePo(value)
  const width = layout.width ?? 79
  const inner = value.indexOf('\n')
  const multiLine = inner >= 0 && inner < value.length - 1
  if (!layout.wrap || (!multiLine && layout.prefixLength + escaped.length + 2 <= width)) return `"${escaped}"`
  const lines: string[] = []
  for (const chunk of escaped.split(/(?<=\\n)/)) {
    let rest = chunk
    while (rest.length + 2 > width) {
      let cut = rest.lastIndexOf(' ', width - 3)
      if (cut <= 0) cut = rest.indexOf(' ', width - 3)
      if (cut <= 0 || cut >= rest.length - 1) break
      // never split an escape sequence: a cut right after a lone backslash moves on
      let end = cut + 1
      while (end < rest.length && countTrailingBackslashes(rest.slice(0, end)) % 2 === 1) end++
      lines.push(rest.slice(0, end))
      rest = rest.slice(end)
    }
    if (rest.length > 0) lines.push(rest)
  }
  return ['""', ...lines.map((l) => `"${l}"`)].join(layout.eol)
}

function countTrailingBackslashes(s: string): number {
  let n = 0
  for (let i = s.length - 1; i >= 0 && s[i] === '\\'; i--) n++
  return n
}
