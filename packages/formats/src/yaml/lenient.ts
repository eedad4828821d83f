/**
 * Quoted scalars the way libyaml reads them. Ruby's Psych and PyYAML (both libyaml) read a
 * double- or single-quoted value whose continuation lines sit at or left of its key's column:
 *
 *     not_found:
 *       message_html: "<b>Please try again</b>
 *       <p>This might be a temporary problem…</p>"
 *
 * YAML 1.2 wants those lines indented past the key (yaml-test-suite QB6E), and eemeli/yaml
 * refuses the file ("Missing closing "quote"). Rails apps ship such files (Open Food Network's
 * `config/locales/en.yml`), so a file Rails reads must not be a 400 here.
 *
 * Folding drops a continuation line's leading white space, so indenting those lines changes no
 * value in either reading: `indentQuotedContinuations` returns the text with each such line
 * indented to the key's column + 2, which both libyaml and YAML 1.2 parsers read as libyaml read
 * the original. Like libyaml, it gives up on a `---` or `...` at the start of a line inside the
 * quotes, and it leaves block scalars (`|`, `>`) and flow collections alone.
 */

/** A line that starts a quoted value: indentation, `- ` items, an optional key and `:`, then the quote. */
const QUOTED_VALUE = /^( *)((?:- +)*)(?:("(?:[^"\\\n]|\\.)*"|'(?:[^'\n]|'')*'|[^\s#'"?:,[\]{}&*!|>%@`-][^#\n]*?|-[^\s#\n]+?)[ \t]*:[ \t]+)?(?:&[^\s]+[ \t]+)?(["'])/
/** A value that is a block scalar header: `key: |`, `- >-`, `key: |2+ # note`. */
const BLOCK_SCALAR = /^( *)((?:- +)*)(?:[^#\n]*?:[ \t]+)?(?:&[^\s]+[ \t]+)?[|>][-+0-9]*[ \t]*(?:#.*)?$/
const DOCUMENT_MARKER = /^(?:---|\.\.\.)(?:[ \t\r\n]|$)/

/** Offset of the quote that closes the scalar opened at `open`, or -1. */
function closingQuote(text: string, open: number): number {
  const quote = text[open]
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i]
    if (quote === '"' && c === '\\') i++
    else if (c === quote) {
      if (quote === "'" && text[i + 1] === "'") i++
      else return i
    }
  }
  return -1
}

/** The text with under-indented continuation lines of quoted scalars indented, or undefined when none needed it. */
export function indentQuotedContinuations(text: string): string | undefined {
  const out: string[] = []
  let changed = false
  let pos = 0
  /** Lines at or below this indentation end a block scalar being skipped; -1 when none. */
  let blockIndent = -1
  while (pos < text.length) {
    const lineEnd = text.indexOf('\n', pos)
    const next = lineEnd < 0 ? text.length : lineEnd + 1
    const line = text.slice(pos, lineEnd < 0 ? text.length : lineEnd).replace(/\r$/, '')
    const indent = /^ */.exec(line)![0].length
    if (blockIndent >= 0) {
      if (line.trim() === '' || indent > blockIndent) {
        out.push(text.slice(pos, next))
        pos = next
        continue
      }
      blockIndent = -1
    }
    const block = BLOCK_SCALAR.exec(line)
    if (block) {
      blockIndent = block[1]!.length + block[2]!.length
      out.push(text.slice(pos, next))
      pos = next
      continue
    }
    const m = QUOTED_VALUE.exec(line)
    if (!m) {
      out.push(text.slice(pos, next))
      pos = next
      continue
    }
    const open = pos + m[0].length - 1
    const close = closingQuote(text, open)
    if (close < 0) return undefined
    const closeLineEnd = text.indexOf('\n', close)
    const end = closeLineEnd < 0 ? text.length : closeLineEnd + 1
    if (close < next) {
      out.push(text.slice(pos, next))
      pos = next
      continue
    }
    // the scalar spans lines: its continuation lines must be indented past the key's column
    const want = ' '.repeat(m[1]!.length + m[2]!.length + 2)
    const keyColumn = m[1]!.length + m[2]!.length
    out.push(text.slice(pos, next))
    for (let at = next; at < end; ) {
      const e = text.indexOf('\n', at)
      const after = e < 0 || e >= end ? end : e + 1
      const rest = text.slice(at, after)
      if (DOCUMENT_MARKER.test(rest)) return undefined
      const lead = /^[ \t]*/.exec(rest)![0]
      const blank = rest.slice(lead.length).replace(/\r?\n$/, '') === ''
      if (!blank && !lead.includes('\t') && lead.length <= keyColumn) {
        out.push(want + rest.slice(lead.length))
        changed = true
      } else out.push(rest)
      at = after
    }
    pos = end
  }
  return changed ? out.join('') : undefined
}
