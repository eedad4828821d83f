/**
 * Incremental updates of YAML files (`Parsed.merge`): the target's values replaced as `write`
 * does, and the source's keys the target lacks inserted into the same block map after the
 * sibling they follow in the source (before the next one when none precedes), as new lines in
 * the target's indentation; missing parent maps are created the same way.
 */
import { isMap, isScalar, type Pair, type Scalar, type YAMLMap } from 'yaml'
import { FormatError, type PluralForms, type Translation, type WriteOptions } from '../types.js'
import type { Edit } from '../shared/text.js'
import { joinKey, lastOfEachKey } from '../shared/keys.js'
import { resolvePluralForms } from '../shared/plural.js'
import { flowScalar, type ScalarStyle } from './scalar-style.js'
import { refuseUnplaced } from '../shared/merge.js'

/** What a parsed YAML file keeps for merging. */
export interface YamlModel {
  text: string
  lineBreak: string
  asciiOnly: boolean
  multiLocale: boolean
  /** False when the file had syntax errors: its tree is a guess, not a place to insert into. */
  wellFormed: boolean
  /** The map holding the entries (under the language key of a Rails-style file); undefined when the root is not a map. */
  entryRoot: YAMLMap | undefined
  /** A Rails-style file's language key (`en` of `en: {…}`). */
  localeKey?: string
  /** Entry keys of scalar slots, and plural slots with their source forms. */
  has(key: string): boolean
  pluralOf(key: string): PluralForms | undefined
  isText(key: string): boolean
  /** The edits `write` makes in place (single-locale, language key untouched). */
  valueEdits(translations: ReadonlyMap<string, Translation>, options?: WriteOptions): Edit[]
}

const segmentOf = (pair: Pair): string | undefined => (isScalar(pair.key) ? String(pair.key.value) : undefined)
/** A map's pairs without the earlier ones of a key given twice: YAML loaders read the last. */
const livePairs = (map: YAMLMap): Pair[] => lastOfEachKey(map.items as Pair[], segmentOf)

const lineStartOf = (text: string, offset: number) => text.lastIndexOf('\n', offset - 1) + 1

/** End of the last line holding content of `pair` (line break excluded). */
function pairEnd(text: string, pair: Pair): number {
  const node = (pair.value ?? pair.key) as { range?: [number, number, number] } | null
  let end = node?.range?.[1] ?? (pair.key as Scalar).range![1]
  while (end > 0 && /\s/.test(text[end - 1]!)) end--
  const lb = text.indexOf('\n', end)
  if (lb < 0) return text.length
  return text[lb - 1] === '\r' ? lb - 1 : lb
}

/** Start of the line of `pair`'s key, or of the comment lines right above it (they belong to it). */
function pairStart(text: string, pair: Pair): number {
  const keyAt = (pair.key as Scalar).range![0]
  let start = lineStartOf(text, keyAt)
  const column = keyAt - start
  while (start > 0) {
    const prev = lineStartOf(text, start - 1)
    const line = text.slice(prev, start - 1).replace(/\r$/, '')
    const lead = /^ */.exec(line)![0].length
    if (line[lead] !== '#' || lead > column) break
    start = prev
  }
  return start
}

export function yamlMergeEdits(target: YamlModel, source: YamlModel, values: ReadonlyMap<string, Translation>, options?: WriteOptions): Edit[] {
  if (target.multiLocale || source.multiLocale) {
    throw new FormatError('FORMAT_UNSUPPORTED', 'incremental updates of multi-locale YAML files are not supported')
  }
  const present = new Map([...values].filter(([key]) => target.has(key)))
  const edits = present.size > 0 ? target.valueEdits(present, options) : []
  if (values.size === present.size) return edits
  const needsInsert = (key: string) => !target.has(key) && source.isText(key)
  const { text, lineBreak: lb } = target
  const blank = text.trim() === ''
  if (!source.entryRoot || !target.wellFormed || !source.wellFormed || (!target.entryRoot && !blank)) {
    // no map to place new keys in (a syntax error, a scalar or sequence at the root)
    refuseUnplaced(values, [], needsInsert)
    return edits
  }
  const firstKey = target.entryRoot?.items[0]?.key as Scalar | undefined
  const rootIndent = firstKey?.range ? firstKey.range[0] - lineStartOf(text, firstKey.range[0]) : 0
  const nested = (target.entryRoot?.items ?? []).map((p) => p.value).find((v): v is YAMLMap => isMap(v) && !v.flow && v.items.length > 0)
  const nestedKey = nested?.items[0]?.key as Scalar | undefined
  const nestedIndent = nestedKey?.range ? nestedKey.range[0] - lineStartOf(text, nestedKey.range[0]) : -1
  const unit = ' '.repeat(nestedIndent > rootIndent ? nestedIndent - rootIndent : 2)
  /** A value in the quoting of the source scalar it translates (block scalars become flow ones). */
  /** Keys of `values` written into new lines. */
  const placed: string[] = []
  const scalar = (value: string, like?: unknown) => {
    const type = isScalar(like) ? like.type : undefined
    const style: ScalarStyle = type === 'QUOTE_DOUBLE' || type === 'QUOTE_SINGLE' ? type : 'PLAIN'
    return flowScalar(value, style, false, target.asciiOnly)
  }

  /** Lines (relative indentation) of a source pair holding only keys of `values`; undefined when it has none. */
  const render = (pair: Pair, key: string): string[] | undefined => {
    const keyText = source.text.slice((pair.key as Scalar).range![0], (pair.key as Scalar).range![1])
    const plural = source.pluralOf(key)
    const translation = values.get(key)
    if (plural) {
      if (translation === undefined) return undefined
      placed.push(key)
      const forms = resolvePluralForms(plural, translation, options?.targetLanguage)
      const members = isMap(pair.value) ? (pair.value.items as Pair[]) : []
      const like = (c: string) => (members.find((p) => segmentOf(p) === c) ?? members.find((p) => segmentOf(p) === 'other'))?.value
      return [`${keyText}:`, ...forms.map(([c, v]) => `${unit}${c}: ${scalar(v, like(c))}`)]
    }
    if (source.has(key)) {
      if (translation === undefined || !source.isText(key)) return undefined
      placed.push(key)
      return [`${keyText}: ${scalar(typeof translation === 'string' ? translation : translation.other ?? '', pair.value)}`]
    }
    if (!isMap(pair.value)) return undefined // sequences are inserted whole by no one: a half sequence would shift indexes
    const body = livePairs(pair.value).flatMap((child) => {
      const segment = segmentOf(child)
      return segment === undefined ? [] : (render(child, joinKey(key, segment)) ?? [])
    })
    return body.length === 0 ? undefined : [`${keyText}:`, ...body.map((l) => unit + l)]
  }

  const mergeMap = (src: YAMLMap, tgt: YAMLMap, prefix: string | null): void => {
    const have = new Map<string, Pair>()
    for (const p of tgt.items as Pair[]) {
      const s = segmentOf(p)
      if (s !== undefined) have.set(s, p) // the last of a key given twice is the one YAML loaders read
    }
    const first = (tgt.items[0]?.key as Scalar | undefined)?.range?.[0]
    const indent = first === undefined ? '' : ' '.repeat(first - lineStartOf(text, first))
    const groups = new Map<string, { anchor: Pair; before: boolean; lines: string[] }>()
    const order = livePairs(src)
    order.forEach((pair, i) => {
      const segment = segmentOf(pair)
      if (segment === undefined || segment === '<<') return
      const key = joinKey(prefix, segment)
      const existing = have.get(segment)
      if (existing) {
        if (isMap(pair.value) && isMap(existing.value) && !source.pluralOf(key)) mergeMap(pair.value, existing.value, key)
        return
      }
      const lines = render(pair, key)
      if (!lines) return
      if (tgt.flow || tgt.items.length === 0) {
        throw new FormatError('FORMAT_UNSUPPORTED', `cannot insert ${key}: its parent is a flow or empty map in the target`)
      }
      let anchor: Pair | undefined
      let before = false
      for (let j = i - 1; j >= 0 && !anchor; j--) anchor = have.get(segmentOf(order[j]!) ?? '\u0000')
      for (let j = i + 1; j < order.length && !anchor; j++) {
        anchor = have.get(segmentOf(order[j]!) ?? '\u0000')
        before = anchor !== undefined
      }
      if (!anchor) anchor = [...have.values()].pop()
      if (!anchor) throw new FormatError('FORMAT_UNSUPPORTED', `cannot insert ${key}: its parent map in the target has no plain keys`)
      const id = `${before ? '<' : '>'}${(anchor.key as Scalar).range![0]}`
      let group = groups.get(id)
      if (!group) groups.set(id, (group = { anchor, before, lines: [] }))
      group.lines.push(...lines)
    })
    for (const { anchor, before, lines } of groups.values()) {
      if (before) {
        const at = pairStart(text, anchor)
        const lbHere = text.slice(text.indexOf('\n', at) - 1, text.indexOf('\n', at) + 1) === '\r\n' ? '\r\n' : lb
        edits.push({ start: at, end: at, text: lines.map((l) => indent + l + lbHere).join('') })
      } else {
        const at = pairEnd(text, anchor)
        const lbHere = text.startsWith('\r\n', at) ? '\r\n' : text[at] === '\n' ? '\n' : lb
        edits.push({ start: at, end: at, text: lines.map((l) => lbHere + indent + l).join('') })
      }
    }
  }
  if (!target.entryRoot) {
    // an empty file: the entries at the top (under the target language for a Rails-style source)
    const lines = livePairs(source.entryRoot).flatMap((pair) => {
      const segment = segmentOf(pair)
      return segment === undefined || segment === '<<' ? [] : (render(pair, segment) ?? [])
    })
    const language = source.localeKey !== undefined ? (options?.targetLanguage ?? source.localeKey) : undefined
    const body = language !== undefined ? [`${scalar(language)}:`, ...lines.map((l) => unit + l)] : lines
    if (lines.length > 0) edits.push({ start: text.length, end: text.length, text: body.map((l) => l + lb).join('') })
  } else mergeMap(source.entryRoot, target.entryRoot, null)
  refuseUnplaced(values, placed, needsInsert)
  return edits
}
