/** One physical line of the source: `text` excludes the terminator, `eol` is `\r\n`, `\n`, `\r` or `''` at EOF. */
export interface SourceLine {
  /** Offset of the first character (after a BOM on line 1). */
  readonly start: number
  /** Offset just past the last character, before the terminator. */
  readonly end: number
  readonly text: string
  readonly eol: string
  /** 1-based. */
  readonly number: number
}

/** Splits `content` into lines, keeping each terminator, skipping a leading BOM. */
export function splitLines(content: string): SourceLine[] {
  const lines: SourceLine[] = []
  let pos = content.charCodeAt(0) === 0xfeff ? 1 : 0
  const length = content.length
  while (pos < length) {
    let i = pos
    while (i < length) {
      const c = content.charCodeAt(i)
      if (c === 10 || c === 13) break
      i++
    }
    let eol = ''
    if (i < length) eol = content.charCodeAt(i) === 13 && content.charCodeAt(i + 1) === 10 ? '\r\n' : content[i]!
    lines.push({ start: pos, end: i, text: content.slice(pos, i), eol, number: lines.length + 1 })
    pos = i + eol.length
  }
  return lines
}

const BLANK = /^\s*$/

export function isBlank(text: string): boolean {
  return BLANK.test(text)
}
