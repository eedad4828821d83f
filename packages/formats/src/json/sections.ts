/**
 * Multi-locale JSON files (`{"en": {…}, "es": {…}}`): the members of objects with their
 * offsets, found by a small string-aware walk over text the scanner already accepted, and the
 * edits that put translations into the target locale's section (see the YAML counterpart,
 * src/yaml/sections.ts: a missing section is a copy of the source's inserted after it; an
 * existing one keeps its values and gets the keys it lacks).
 */
import type { PluralCategory, Translation } from '../types.js'
import type { Edit } from '../shared/text.js'
import { applyEdits } from '../shared/text.js'
import { findSection } from '../shared/locales.js'
import { escapeSegment, lastOfEachKey } from '../shared/keys.js'
import type { JsonSlot } from './scanner.js'

export interface JsonMember {
  name: string
  keyStart: number
  valueStart: number
  valueEnd: number
}

/** End of the JSON value starting at `i` (text is valid JSON). */
export function valueEnd(text: string, i: number): number {
  const c = text[i]
  if (c === '"') {
    for (let j = i + 1; j < text.length; j++) {
      if (text[j] === '\\') j++
      else if (text[j] === '"') return j + 1
    }
    return text.length
  }
  if (c === '{' || c === '[') {
    let depth = 0
    for (let j = i; j < text.length; j++) {
      const d = text[j]
      if (d === '"') j = valueEnd(text, j) - 1
      else if (d === '{' || d === '[') depth++
      else if (d === '}' || d === ']') {
        depth--
        if (depth === 0) return j + 1
      }
    }
    return text.length
  }
  const m = /^[^\s,}\]]+/.exec(text.slice(i, i + 64))
  return i + (m ? m[0].length : 0)
}

const skipWs = (text: string, i: number) => {
  while (i < text.length && /\s/.test(text[i]!)) i++
  return i
}

/**
 * The members of the object whose `{` is at `open`, and the offset of its `}`. With `accept`,
 * the walk stops (null) at the first member it refuses, before reading that member's value.
 */
export function objectMembers(text: string, open: number): { members: JsonMember[]; close: number }
export function objectMembers(text: string, open: number, accept: (name: string, valueStart: number) => boolean): { members: JsonMember[]; close: number } | null
export function objectMembers(text: string, open: number, accept?: (name: string, valueStart: number) => boolean): { members: JsonMember[]; close: number } | null {
  const members: JsonMember[] = []
  let i = skipWs(text, open + 1)
  while (i < text.length && text[i] !== '}') {
    const keyStart = i
    const keyEnd = valueEnd(text, i)
    const name = JSON.parse(text.slice(keyStart, keyEnd)) as string
    i = skipWs(text, keyEnd) + 1 // ':'
    const valueStart = skipWs(text, i)
    if (accept && !accept(name, valueStart)) return null
    const end = valueEnd(text, valueStart)
    members.push({ name, keyStart, valueStart, valueEnd: end })
    i = skipWs(text, end)
    if (text[i] === ',') i = skipWs(text, i + 1)
  }
  return { members, close: i }
}

/** The members without the earlier ones of a name given twice: JSON.parse keeps the last. */
export function liveMembers(members: JsonMember[]): JsonMember[] {
  return lastOfEachKey(members, (m) => m.name)
}

export interface JsonSectionContext {
  text: string
  lineBreak: string
  sections: JsonMember[]
  source: number
  /** Edits of the source section's values (absolute offsets), as an in-place write would make them. */
  valueEdits: Edit[]
  /** Slots of the source section by their entry key (section segment left out). */
  slots: ReadonlyMap<string, JsonSlot>
  translations: ReadonlyMap<string, Translation>
  target: string
  quote(value: string): string
  pluralForms(slot: JsonSlot, translation: Translation): Array<[PluralCategory, string]>
}

/** Edits that put the translations into the target's section; undefined when the target is the source section. */
export function jsonSectionEdits(ctx: JsonSectionContext): Edit[] | undefined {
  const at = findSection(ctx.sections.map((s) => s.name), ctx.target)
  if (at === ctx.source) return undefined
  const source = ctx.sections[ctx.source]!
  if (at < 0) {
    // the copy of the source section, after it, with the separator the file uses between sections
    const local = ctx.valueEdits
      .filter((e) => e.start >= source.valueStart && e.end <= source.valueEnd)
      .map((e) => ({ ...e, start: e.start - source.valueStart, end: e.end - source.valueStart }))
    const copy = applyEdits(ctx.text.slice(source.valueStart, source.valueEnd), local)
    const next = ctx.sections[1]!
    const prev = ctx.sections[0]!
    const between = ctx.text.slice(prev.valueEnd, next.keyStart)
    const sep = between.slice(between.indexOf(',') + 1)
    const colon = ctx.text.slice(valueEnd(ctx.text, source.keyStart), source.valueStart)
    return [{ start: source.valueEnd, end: source.valueEnd, text: `,${sep}${ctx.quote(ctx.target)}${colon}${copy}` }]
  }
  return fillObject(ctx, source.valueStart, ctx.sections[at]!.valueStart, null)
}

/** Adds to the target object at `tgtOpen` the members of the source object at `srcOpen` it lacks, recursively. */
function fillObject(ctx: JsonSectionContext, srcOpen: number, tgtOpen: number, prefix: string | null): Edit[] {
  const { text } = ctx
  if (text[srcOpen] !== '{' || text[tgtOpen] !== '{') return []
  const sourceMembers = liveMembers(objectMembers(text, srcOpen).members)
  const tgt = objectMembers(text, tgtOpen)
  const have = new Set(tgt.members.map((m) => m.name))
  const edits: Edit[] = []
  const added: string[] = []
  const indent = memberIndent(ctx, tgtOpen, tgt.members)
  const unit = indentUnit(ctx, srcOpen, sourceMembers)
  const keyOf = (name: string) => (prefix === null ? escapeSegment(name) : `${prefix}.${escapeSegment(name)}`)
  const done = new Set<string>()
  for (const member of sourceMembers) {
    const key = keyOf(member.name)
    // i18next suffix plurals: the run is one slot keyed by its base
    const suffix = /^(.+)_(zero|one|two|few|many|other)$/.exec(member.name)
    const suffixSlot = suffix ? ctx.slots.get(keyOf(suffix[1]!)) : undefined
    if (suffixSlot?.plural?.keyPrefix !== undefined) {
      const base = suffix![1]!
      if (done.has(base)) continue
      done.add(base)
      if (tgt.members.some((m) => m.name.startsWith(`${base}_`))) continue
      const translation = ctx.translations.get(keyOf(base))
      const forms = translation !== undefined ? ctx.pluralForms(suffixSlot, translation) : suffixSlot.plural.members.map((m) => [m.category, m.text] as [PluralCategory, string])
      for (const [category, value] of forms) added.push(`${ctx.quote(`${base}_${category}`)}: ${ctx.quote(value)}`)
      continue
    }
    if (have.has(member.name)) {
      const inTarget = tgt.members.find((m) => m.name === member.name)!
      if (!ctx.slots.get(key)?.plural) edits.push(...fillObject(ctx, member.valueStart, inTarget.valueStart, key))
      continue
    }
    added.push(`${ctx.quote(member.name)}: ${render(ctx, member, key, indent, unit)}`)
  }
  if (added.length === 0) return edits
  const sep = `${ctx.lineBreak}${indent}`
  const last = tgt.members[tgt.members.length - 1]
  if (last) edits.push({ start: last.valueEnd, end: last.valueEnd, text: `,${sep}${added.join(`,${sep}`)}` })
  else edits.push({ start: tgtOpen + 1, end: tgtOpen + 1, text: `${sep}${added.join(`,${sep}`)}${ctx.lineBreak}${indent.slice(unit.length)}` })
  return edits
}

/** Indentation of an object's members (from its first member's line), or one unit past the object's own line. */
function memberIndent(ctx: JsonSectionContext, open: number, members: JsonMember[]): string {
  const first = members[0]
  if (first) {
    const lineStart = ctx.text.lastIndexOf('\n', first.keyStart) + 1
    const lead = ctx.text.slice(lineStart, first.keyStart)
    if (/^[ \t]*$/.test(lead)) return lead
  }
  const lineStart = ctx.text.lastIndexOf('\n', open) + 1
  return `${/^[ \t]*/.exec(ctx.text.slice(lineStart))![0]}  `
}

function indentUnit(ctx: JsonSectionContext, open: number, members: JsonMember[]): string {
  const lineStart = ctx.text.lastIndexOf('\n', open) + 1
  const outer = /^[ \t]*/.exec(ctx.text.slice(lineStart))![0]
  const inner = memberIndent(ctx, open, members)
  return inner.length > outer.length ? inner.slice(outer.length) : '  '
}

/** A source value written as new JSON at `indent`, with the translations in. */
function render(ctx: JsonSectionContext, member: JsonMember, key: string, indent: string, unit: string): string {
  const { text } = ctx
  const slot = ctx.slots.get(key)
  const translation = ctx.translations.get(key)
  if (slot?.plural && slot.plural.keyPrefix === undefined) {
    const forms = translation !== undefined ? ctx.pluralForms(slot, translation) : slot.plural.members.map((m) => [m.category, m.text] as [PluralCategory, string])
    const inner = `${indent}${unit}`
    return `{${ctx.lineBreak}${forms.map(([c, v]) => `${inner}${ctx.quote(c)}: ${ctx.quote(v)}`).join(`,${ctx.lineBreak}`)}${ctx.lineBreak}${indent}}`
  }
  if (slot && slot.isString && translation !== undefined) {
    return ctx.quote(typeof translation === 'string' ? translation : translation.other ?? slot.text)
  }
  const c = text[member.valueStart]
  if (c === '{') {
    const { members } = objectMembers(text, member.valueStart)
    if (members.length === 0) return '{}'
    const inner = `${indent}${unit}`
    const body = members.map((m) => `${inner}${ctx.quote(m.name)}: ${render(ctx, m, `${key}.${escapeSegment(m.name)}`, inner, unit)}`)
    return `{${ctx.lineBreak}${body.join(`,${ctx.lineBreak}`)}${ctx.lineBreak}${indent}}`
  }
  if (c === '[') {
    const items: Array<{ start: number; end: number }> = []
    let i = skipWs(text, member.valueStart + 1)
    while (i < text.length && text[i] !== ']') {
      const end = valueEnd(text, i)
      items.push({ start: i, end })
      i = skipWs(text, end)
      if (text[i] === ',') i = skipWs(text, i + 1)
    }
    if (items.length === 0) return '[]'
    const inner = `${indent}${unit}`
    const body = items.map((item, n) => `${inner}${render(ctx, { name: String(n), keyStart: item.start, valueStart: item.start, valueEnd: item.end }, `${key}.${n}`, inner, unit)}`)
    return `[${ctx.lineBreak}${body.join(`,${ctx.lineBreak}`)}${ctx.lineBreak}${indent}]`
  }
  return text.slice(member.valueStart, member.valueEnd)
}
