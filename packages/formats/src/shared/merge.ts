/**
 * Incremental updates (`Parsed.merge`): the pieces every codec shares. A codec remembers what
 * merging needs about a parsed file (its text, where each entry sits, the edits `write` would
 * make) beside the public `Parsed` object, so `target.merge(source, …)` can read the source's
 * internals without widening the public type. The line-oriented codecs (properties, .strings,
 * PO, Android XML) place new entries with `flatMergeEdits`; JSON and YAML walk their own trees.
 */
import { FormatError, type FormatId, type Parsed, type Translation, type WriteOptions } from '../types.js'
import { applyEdits, type Edit } from './text.js'

const models = new WeakMap<Parsed, { format: FormatId; model: unknown }>()

/** Attaches a codec's merge model to the `Parsed` it belongs to. */
export function remember<M>(parsed: Parsed, model: M): void {
  models.set(parsed, { format: parsed.format, model })
}

/**
 * The model of a `source` passed to `merge`: throws FORMAT_UNSUPPORTED when it is another
 * format (or an object this package did not parse).
 */
export function modelOf<M>(source: Parsed, format: FormatId): M {
  const found = models.get(source)
  if (!found || found.format !== format) {
    throw new FormatError('FORMAT_UNSUPPORTED', `merge needs a ${format} source; got ${found?.format ?? source?.format ?? 'an unknown object'}`)
  }
  return found.model as M
}

/** A range of a text: [start, end). */
export interface Span {
  start: number
  end: number
}

/** What a line-oriented codec knows about one parsed file. */
export interface FlatModel {
  text: string
  /** The file's line break, for lines inserted where no sibling shows one. */
  lineBreak: string
  /**
   * Each entry's block, in file order: from the start of its first line (its comment block's,
   * when it has one) to the end of its last line, line break excluded.
   */
  blocks: ReadonlyMap<string, Span>
  /** True for every key `edits` can replace; default: the keys of `blocks`. */
  has?(key: string): boolean
  /**
   * The edits `write` makes for these translations; with `into`, the edit texts are escaped and
   * encoded for that file (a block copied from the source into the target takes the target's
   * escaping, e.g. raw `é` or `\u00e9` in .properties).
   */
  edits(translations: ReadonlyMap<string, Translation>, options?: WriteOptions, into?: FlatModel): Edit[]
  /** The codec's escaping style, read by another file's `edits(…, into)`. */
  style?: unknown
  /**
   * Where entries go when no sibling is there to follow or precede (before `</resources>` in
   * Android XML), with the indentation they take. Default: the end of the text, no indentation.
   */
  end?: { offset: number; indent: string }
  /** PO: entries are separated by a blank line. */
  blankLineBetween?: boolean
}

/** From the start of the line holding `start` to the end of the line holding `end` (break excluded). */
export function lineSpan(text: string, start: number, end: number): Span {
  const from = text.lastIndexOf('\n', start - 1) + 1
  let to = text.indexOf('\n', Math.max(end - 1, from))
  if (to < 0) to = text.length
  else if (to > 0 && text[to - 1] === '\r') to--
  return { start: from, end: Math.max(to, end) }
}

const indentAt = (text: string, lineStart: number) => /^[ \t]*/.exec(text.slice(lineStart, lineStart + 200))![0]

/** The line break after offset `end` (the end of a line), or `fallback` at the end of the text. */
function breakAfter(text: string, end: number, fallback: string): string {
  if (text.startsWith('\r\n', end)) return '\r\n'
  if (text[end] === '\n') return '\n'
  return fallback
}

/**
 * A source entry's block with the translation in, as lines without the block's indentation:
 * the source's own bytes with the edits `write` makes inside the block. Undefined when `write`
 * would not translate the entry (translatable="false", a PO header): copying it would put the
 * source text into the translation.
 */
export function translatedBlock(source: FlatModel, key: string, translation: Translation, options: WriteOptions | undefined, into: FlatModel): string[] | undefined {
  const span = source.blocks.get(key)!
  const inside = source
    .edits(new Map([[key, translation]]), options, into)
    .filter((e) => e.start >= span.start && e.end <= span.end)
    .map((e) => ({ ...e, start: e.start - span.start, end: e.end - span.start }))
  if (inside.length === 0) return undefined
  const block = applyEdits(source.text.slice(span.start, span.end), inside)
  const indent = indentAt(block, 0)
  return block.split(/\r?\n/).map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
}

/**
 * The edits of a merge into a line-oriented file: values of the keys it has replaced as `write`
 * would, and the source's blocks of the keys it lacks inserted after the nearest preceding
 * source entry it has, else before the nearest following one, else at the end.
 */
export function flatMergeEdits(
  target: FlatModel,
  source: FlatModel,
  values: ReadonlyMap<string, Translation>,
  options?: WriteOptions,
): Edit[] {
  const has = (model: FlatModel, key: string) => (model.has ? model.has(key) : model.blocks.has(key))
  const present = new Map([...values].filter(([key]) => has(target, key)))
  const edits = present.size > 0 ? target.edits(present, options) : []
  const order = [...source.blocks.keys()]
  type Group = { anchor: string | null; before: boolean; blocks: string[][] }
  const groups = new Map<string, Group>()
  order.forEach((key, i) => {
    const translation = values.get(key)
    if (translation === undefined || has(target, key)) return
    let anchor: string | null = null
    let before = false
    for (let j = i - 1; j >= 0 && anchor === null; j--) if (target.blocks.has(order[j]!)) anchor = order[j]!
    for (let j = i + 1; j < order.length && anchor === null; j++) {
      if (target.blocks.has(order[j]!)) {
        anchor = order[j]!
        before = true
      }
    }
    const block = translatedBlock(source, key, translation, options, target)
    if (!block) return
    const id = `${before ? '<' : '>'}${anchor ?? ''}`
    let group = groups.get(id)
    if (!group) groups.set(id, (group = { anchor, before, blocks: [] }))
    group.blocks.push(block)
  })
  const { text } = target
  const gap = (lb: string) => (target.blankLineBetween ? lb : '')
  for (const group of groups.values()) {
    if (group.anchor === null) {
      const end = target.end ?? { offset: text.length, indent: '' }
      const lb = target.lineBreak
      const atLineStart = end.offset === 0 || text[end.offset - 1] === '\n'
      const body = group.blocks.map((lines) => lines.map((l) => (l === '' ? '' : end.indent + l)).join(lb))
      const empty = text.slice(0, end.offset).trim() === ''
      const joined = body.join(lb + gap(lb))
      edits.push({
        start: end.offset,
        end: end.offset,
        text: atLineStart ? `${empty ? '' : gap(lb)}${joined}${lb}` : `${lb}${gap(lb)}${joined}`,
      })
      continue
    }
    const span = target.blocks.get(group.anchor)!
    const indent = indentAt(text, span.start)
    if (group.before) {
      const lb = breakAfter(text, span.end, target.lineBreak)
      const body = group.blocks.map((lines) => lines.map((l) => (l === '' ? '' : indent + l)).join(lb) + lb + gap(lb))
      // the anchor's own indentation stays on its line: the new lines go before it
      edits.push({ start: span.start, end: span.start, text: body.join('') })
    } else {
      const lb = breakAfter(text, span.end, target.lineBreak)
      const body = group.blocks.map((lines) => lb + gap(lb) + lines.map((l) => (l === '' ? '' : indent + l)).join(lb))
      edits.push({ start: span.end, end: span.end, text: body.join('') })
    }
  }
  return edits
}

/** `valueOf` and `merge` of a file that could not be read at all (too large, undecodable). */
export function unreadable(bytes: () => Uint8Array): Pick<Parsed, 'valueOf' | 'merge'> {
  return {
    valueOf: () => undefined,
    merge: (_source, values) => {
      if (values.size === 0) return bytes()
      throw new FormatError('FORMAT_UNSUPPORTED', 'cannot merge into a file that could not be read (see its issues)')
    },
  }
}

/**
 * Throws FORMAT_UNSUPPORTED when a key of `values` that has to be inserted (`needsInsert`) was not
 * placed anywhere (a sequence item, a parent the target holds as a scalar): a merge that dropped
 * it would lose a translation without a word.
 */
export function refuseUnplaced(values: ReadonlyMap<string, Translation>, placed: readonly string[], needsInsert: (key: string) => boolean): void {
  const done = new Set(placed)
  const lost = [...values.keys()].filter((key) => !done.has(key) && needsInsert(key))
  if (lost.length > 0) {
    throw new FormatError('FORMAT_UNSUPPORTED', `cannot insert ${lost.slice(0, 5).join(', ')}${lost.length > 5 ? ` and ${lost.length - 5} more` : ''}: no place for them in the target (a sequence, or a parent the target holds as a value)`)
  }
}
