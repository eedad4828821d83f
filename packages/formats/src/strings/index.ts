/**
 * Apple `.strings` codec (`"key" = "value";` with `/* *\/` and `//` comments), UTF-8 or
 * UTF-16 with its BOM kept. Values are spliced back at the offsets read, so every other
 * byte stays as it was.
 */
import { FormatError, type Entry, type Issue, type Parsed, type Translation, type WriteOptions } from '../types.js'
import type { ParseOptions } from '../shared/options.js'
import { decodeSource, detectEol, LineIndex, writeEdits, type Edit } from './source-text.js'
import { flatMergeEdits, lineSpan, modelOf, remember, type FlatModel, type Span } from '../shared/merge.js'

export type StringsParseOptions = ParseOptions

interface Slot {
  entry: Entry
  /** Value ranges of this key (the first occurrence and any duplicates), quotes included. */
  ranges: Array<{ start: number; end: number }>
  /** The entry's lines with its comment block (see FlatModel.blocks). */
  block: Span
}

const UNQUOTED = /[A-Za-z0-9_$+/:.-]/

function unescapeStrings(raw: string): string {
  if (!raw.includes('\\')) return raw
  return raw.replace(/\\(?:[Uu]([0-9a-fA-F]{4})|([0-7]{1,3})|([\s\S]))/g, (_m, hex?: string, oct?: string, c?: string) => {
    if (hex) return String.fromCharCode(parseInt(hex, 16))
    if (oct) return String.fromCharCode(parseInt(oct, 8))
    switch (c) {
      case 'n': return '\n'
      case 't': return '\t'
      case 'r': return '\r'
      case 'a': return '\x07'
      case 'b': return '\b'
      case 'f': return '\f'
      case 'v': return '\v'
      default: return c ?? ''
    }
  })
}

function escapeStrings(text: string): string {
  return text.replace(/[\\"\n\t\r\x00-\x1f\x7f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, (c) => {
    switch (c) {
      case '\\': return '\\\\'
      case '"': return '\\"'
      case '\n': return '\\n'
      case '\t': return '\\t'
      case '\r': return '\\r'
      default: return `\\U${c.charCodeAt(0).toString(16).padStart(4, '0')}`
    }
  })
}

/** Parses a `.strings` file. Never throws: problems come back as `issues`. */
export function parse(source: string | Uint8Array, options?: StringsParseOptions): Parsed {
  const src = decodeSource(source, { maxBytes: options?.maxBytes })
  const text = src.text
  const issues: Issue[] = [...src.issues]
  const lines = new LineIndex(text)
  const slots: Slot[] = []
  const byKey = new Map<string, Slot>()
  const report = (code: Issue['code'], message: string, offset: number) => {
    if (issues.length < 200) issues.push({ code, message, ...lines.position(offset) })
  }

  let i = 0
  let comments: Array<{ start: number; end: number; text: string }> = []

  /** Skips white space and comments; comments are collected for notes. */
  const skip = (): boolean => {
    for (;;) {
      while (i < text.length && /\s/.test(text[i]!)) i++
      if (text.startsWith('/*', i)) {
        const end = text.indexOf('*/', i + 2)
        if (end < 0) {
          report('FORMAT_SYNTAX', 'unterminated comment', i)
          i = text.length
          return false
        }
        const body = text.slice(i + 2, end).split('\n').map((l) => l.trim()).join('\n').trim()
        comments.push({ start: i, end: end + 2, text: body })
        i = end + 2
      } else if (text.startsWith('//', i)) {
        let end = text.indexOf('\n', i)
        if (end < 0) end = text.length
        comments.push({ start: i, end, text: text.slice(i + 2, end).trim() })
        i = end
      } else return true
    }
  }

  /** Reads a quoted or unquoted string at `i`. */
  const readString = (): { start: number; end: number; value: string } | null => {
    const start = i
    if (text[i] === '"') {
      let j = i + 1
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1
      if (j >= text.length) {
        report('FORMAT_SYNTAX', 'unterminated string', start)
        i = text.length
        return null
      }
      i = j + 1
      return { start, end: i, value: unescapeStrings(text.slice(start + 1, j)) }
    }
    while (i < text.length && UNQUOTED.test(text[i]!)) i++
    if (i === start) return null
    return { start, end: i, value: text.slice(start, i) }
  }

  /** Start of the comment run `noteFor` reads (the key's own start when there is none). */
  let noteStart = 0
  /** End of the previous entry (after its `;`). */
  let previousEnd = 0
  const noteFor = (keyStart: number): string | undefined => {
    const run: string[] = []
    noteStart = keyStart
    let next = keyStart
    for (let k = comments.length - 1; k >= 0; k--) {
      const c = comments[k]!
      const between = text.slice(c.end, next)
      if ((between.match(/\n/g)?.length ?? 0) > 1) break
      run.unshift(c.text)
      next = c.start
      noteStart = c.start
    }
    return run.length > 0 ? run.join('\n') : undefined
  }

  const recover = () => {
    const semi = text.indexOf(';', i)
    const nl = text.indexOf('\n', i)
    const stops = [semi >= 0 ? semi + 1 : -1, nl >= 0 ? nl + 1 : -1].filter((x) => x > 0)
    i = stops.length > 0 ? Math.min(...stops) : text.length
  }

  while (src.usable && i < text.length) {
    if (!skip() || i >= text.length) break
    const keyStart = i
    const key = readString()
    if (!key) {
      if (i >= text.length) break // unterminated string, already reported
      report('FORMAT_SYNTAX', `unexpected ${JSON.stringify(text[i])}`, i)
      i++
      recover()
      comments = []
      continue
    }
    const note = noteFor(keyStart)
    const blockStart = noteStart
    comments = []
    skip()
    if (text[i] !== '=') {
      report('FORMAT_SYNTAX', 'expected "="', i)
      recover()
      continue
    }
    i++
    skip()
    const valueAt = i
    const value = readString()
    if (!value) {
      if (i >= text.length && valueAt < text.length) break // unterminated string, already reported
      report('FORMAT_SYNTAX', 'expected a string value', valueAt)
      recover()
      continue
    }
    skip()
    if (text[i] === ';') i++
    else report('FORMAT_SYNTAX', 'expected ";"', i)
    comments = []
    const existing = byKey.get(key.value)
    if (existing) {
      // later duplicates stay out of the entries but get the same translation (the last one wins at run time)
      report('FORMAT_DUPLICATE_KEY', `duplicate key ${JSON.stringify(key.value)}`, keyStart)
      existing.ranges.push({ start: value.start, end: value.end })
      continue
    }
    const pos = lines.position(value.start)
    const entry: Entry = { key: key.value, text: value.value, translatable: value.value.trim() !== '', line: pos.line, column: pos.column }
    if (note !== undefined) entry.note = note
    // a comment trailing the previous entry's line is not this entry's: the block starts on a line of its own
    const ownLine = text.lastIndexOf('\n', blockStart - 1) + 1 >= previousEnd ? blockStart : keyStart
    const slot: Slot = { entry, ranges: [{ start: value.start, end: value.end }], block: lineSpan(text, ownLine, i) }
    previousEnd = i
    byKey.set(key.value, slot)
    slots.push(slot)
  }

  const valueEdits = (translations: ReadonlyMap<string, Translation>): Edit[] => {
    const edits: Edit[] = []
    for (const [key, translation] of translations) {
      const slot = byKey.get(key)
      if (!slot) continue
      const value = typeof translation === 'string' ? translation : (translation.other ?? slot.entry.text)
      for (const r of slot.ranges) edits.push({ start: r.start, end: r.end, text: `"${escapeStrings(value)}"` })
    }
    return edits
  }
  const write = (translations: ReadonlyMap<string, Translation>, _options?: WriteOptions): Uint8Array => writeEdits(src, valueEdits(translations))
  const model: FlatModel = { text, lineBreak: detectEol(text), blocks: new Map(slots.map((s) => [s.entry.key, s.block])), edits: valueEdits }
  const parsed: Parsed = {
    format: 'strings', encoding: src.encoding, entries: slots.map((s) => s.entry), issues, write,
    valueOf: (key) => {
      const entry = byKey.get(key)?.entry
      return entry?.translatable ? entry.text : undefined
    },
    merge: (source, values, options) => {
      if (!src.usable && values.size > 0) throw new FormatError('FORMAT_UNSUPPORTED', 'cannot merge into a file that could not be read (see its issues)')
      return writeEdits(src, flatMergeEdits(model, modelOf<FlatModel>(source, 'strings'), values, options))
    },
  }
  remember(parsed, model)
  return parsed
}
