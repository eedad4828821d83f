/**
 * Incremental updates of JSON files (`Parsed.merge`): the target's values replaced as `write`
 * does, and the source's members the target lacks inserted into the same object beside the
 * sibling they follow in the source, with the target's separators, colons and indentation.
 */
import { FormatError, type PluralCategory, type PluralForms, type Translation, type WriteOptions } from '../types.js'
import type { Edit } from '../shared/text.js'
import { joinKey } from '../shared/keys.js'
import { resolvePluralForms } from '../shared/plural.js'
import type { JsonSlot } from './scanner.js'
import { liveMembers, objectMembers, valueEnd, type JsonMember } from './sections.js'
import { refuseUnplaced } from '../shared/merge.js'

/** What a parsed JSON file keeps for merging. */
export interface JsonModel {
  text: string
  lineBreak: string
  slots: ReadonlyMap<string, JsonSlot>
  multiLocale: boolean
  /** False when the scanner stopped at a syntax error or too deep a nesting: no tree to insert into. */
  wellFormed: boolean
  quote(value: string): string
  /** The edits `write` makes in place (single-locale). */
  valueEdits(translations: ReadonlyMap<string, Translation>, options?: WriteOptions): Edit[]
}

const SUFFIX_PLURAL = /^(.+)_(zero|one|two|few|many|other)$/

const firstNonSpace = (text: string) => {
  let i = 0
  while (i < text.length && /\s/.test(text[i]!)) i++
  return i
}

const leadOf = (text: string, at: number): string | undefined => {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1
  const lead = text.slice(lineStart, at)
  return /^[ \t]*$/.test(lead) ? lead : undefined
}

export function jsonMergeEdits(target: JsonModel, source: JsonModel, values: ReadonlyMap<string, Translation>, options?: WriteOptions): Edit[] {
  if (target.multiLocale || source.multiLocale) {
    throw new FormatError('FORMAT_UNSUPPORTED', 'incremental updates of multi-locale JSON files are not supported')
  }
  const present = new Map([...values].filter(([key]) => target.slots.has(key)))
  const edits = present.size > 0 ? target.valueEdits(present, options) : []
  if (values.size === present.size) return edits
  const srcRoot = firstNonSpace(source.text)
  const tgtRoot = firstNonSpace(target.text)
  const needsInsert = (key: string) => !target.slots.has(key) && source.slots.get(key)?.isString === true
  if (!target.wellFormed || !source.wellFormed || source.text[srcRoot] !== '{' || target.text[tgtRoot] !== '{') {
    // no object tree to place new members in (a syntax error, an array at the root)
    refuseUnplaced(values, [], needsInsert)
    return edits
  }
  const { text, lineBreak: lb } = target
  const rootMembers = objectMembers(text, tgtRoot).members
  const unit = (rootMembers[0] && leadOf(text, rootMembers[0].keyStart)) || '  '
  const firstColon = rootMembers[0] ? text.slice(valueEnd(text, rootMembers[0].keyStart), rootMembers[0].valueStart) : ': '
  const colon = firstColon.includes('\n') ? ': ' : firstColon
  const language = options?.targetLanguage
  /** Keys of `values` written into new members (an abandoned array takes its items back out). */
  const placed: string[] = []

  /** A source value as new JSON at `indent` holding only the keys of `values`; undefined when it has none. */
  const render = (member: JsonMember, key: string, indent: string): string | undefined => {
    const slot = source.slots.get(key)
    if (slot) {
      const translation = values.get(key)
      if (translation === undefined || !slot.isString) return undefined
      placed.push(key)
      if (slot.plural) {
        const forms = resolvePluralForms(Object.fromEntries(slot.plural.members.map((m) => [m.category, m.text])) as PluralForms, translation, language)
        const inner = indent + unit
        return `{${lb}${forms.map(([c, v]) => `${inner}${target.quote(c)}${colon}${target.quote(v)}`).join(`,${lb}`)}${lb}${indent}}`
      }
      return target.quote(typeof translation === 'string' ? translation : translation.other ?? slot.text)
    }
    const c = source.text[member.valueStart]
    if (c === '{') {
      const inner = indent + unit
      const body = renderMembers(member.valueStart, key, inner)
      return body.length === 0 ? undefined : `{${lb}${inner}${body.join(`,${lb}${inner}`)}${lb}${indent}}`
    }
    if (c === '[') {
      // an array is inserted whole or not at all (a half array would shift the indexes)
      const items: string[] = []
      const mark = placed.length
      const inner = indent + unit
      let i = member.valueStart + 1
      for (let n = 0; ; n++) {
        while (/\s|,/.test(source.text[i] ?? '')) i++
        if (i >= source.text.length || source.text[i] === ']') break
        const end = valueEnd(source.text, i)
        const item = render({ name: String(n), keyStart: i, valueStart: i, valueEnd: end }, `${key}.${n}`, inner)
        if (item === undefined) {
          placed.length = mark
          return undefined
        }
        items.push(item)
        i = end
      }
      return items.length === 0 ? undefined : `[${lb}${inner}${items.join(`,${lb}${inner}`)}${lb}${indent}]`
    }
    return undefined
  }

  /** The members of the source object at `open` rendered for insertion, i18next suffix plurals in the target's categories. */
  function renderMembers(open: number, prefix: string | null, indent: string, skip?: (name: string) => boolean): string[] {
    const out: string[] = []
    const done = new Set<string>()
    for (const m of liveMembers(objectMembers(source.text, open).members)) {
      if (skip?.(m.name)) continue
      const rendered = renderMember(m, prefix, indent, done)
      if (rendered) out.push(...rendered)
    }
    return out
  }

  function renderMember(m: JsonMember, prefix: string | null, indent: string, done: Set<string>): string[] | undefined {
    const suffix = SUFFIX_PLURAL.exec(m.name)
    const suffixSlot = suffix ? source.slots.get(joinKey(prefix, suffix[1]!)) : undefined
    if (suffix && suffixSlot?.plural?.keyPrefix !== undefined) {
      const base = suffix[1]!
      if (done.has(base)) return undefined
      done.add(base)
      const key = joinKey(prefix, base)
      const translation = values.get(key)
      if (translation === undefined || target.slots.has(key)) return undefined
      placed.push(key)
      const forms = resolvePluralForms(Object.fromEntries(suffixSlot.plural.members.map((p) => [p.category, p.text])), translation, language)
      return forms.map(([c, v]: [PluralCategory, string]) => `${target.quote(`${base}_${c}`)}${colon}${target.quote(v)}`)
    }
    const value = render(m, joinKey(prefix, m.name), indent)
    return value === undefined ? undefined : [`${target.quote(m.name)}${colon}${value}`]
  }

  /** Inserts into the target object at `tgtOpen` what the source object at `srcOpen` has and it lacks, recursively. */
  const mergeObject = (srcOpen: number, tgtOpen: number, prefix: string | null): void => {
    const src = liveMembers(objectMembers(source.text, srcOpen).members)
    const tgt = objectMembers(text, tgtOpen)
    const have = new Map(tgt.members.map((m) => [m.name, m]))
    const ownIndent = /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', tgtOpen - 1) + 1))![0]
    const first = tgt.members[0]
    const indent = (first && leadOf(text, first.keyStart)) ?? (first ? '' : ownIndent + unit)
    const sep = tgt.members.length >= 2
      ? text.slice(tgt.members[0]!.valueEnd, tgt.members[1]!.keyStart)
      : first && leadOf(text, first.keyStart) !== undefined ? `,${lb}${indent}` : first ? ', ' : `,${lb}${indent}`
    const groups = new Map<string, { anchor: JsonMember | undefined; before: boolean; members: string[] }>()
    const done = new Set<string>()
    src.forEach((m, i) => {
      const key = joinKey(prefix, m.name)
      const existing = have.get(m.name)
      if (existing) {
        if (source.text[m.valueStart] === '{' && text[existing.valueStart] === '{' && !source.slots.get(key)?.plural) {
          mergeObject(m.valueStart, existing.valueStart, key)
        }
        return
      }
      const rendered = renderMember(m, prefix, indent, done)
      if (!rendered) return
      let anchor: JsonMember | undefined
      let before = false
      for (let j = i - 1; j >= 0 && !anchor; j--) anchor = have.get(src[j]!.name)
      for (let j = i + 1; j < src.length && !anchor; j++) {
        anchor = have.get(src[j]!.name)
        before = anchor !== undefined
      }
      if (!anchor && tgt.members.length > 0) anchor = tgt.members[tgt.members.length - 1]
      const id = `${before ? '<' : '>'}${anchor?.keyStart ?? -1}`
      let group = groups.get(id)
      if (!group) groups.set(id, (group = { anchor, before, members: [] }))
      group.members.push(...rendered)
    })
    for (const { anchor, before, members } of groups.values()) {
      if (!anchor) {
        // an empty object: its members in the file's indentation style
        edits.push({ start: tgtOpen + 1, end: tgt.close, text: `${lb}${indent}${members.join(`,${lb}${indent}`)}${lb}${ownIndent}` })
      } else if (before) {
        edits.push({ start: anchor.keyStart, end: anchor.keyStart, text: members.map((m) => m + sep).join('') })
      } else {
        edits.push({ start: anchor.valueEnd, end: anchor.valueEnd, text: members.map((m) => sep + m).join('') })
      }
    }
  }
  mergeObject(srcRoot, tgtRoot, null)
  refuseUnplaced(values, placed, needsInsert)
  return edits
}
