/**
 * Writing into the target locale's section of a multi-locale YAML file (`en:`, `es:`, `fr:` …
 * at the top level). The source section and every other section keep their bytes:
 *
 * - no section for the target: a copy of the source section (its comments and layout), with the
 *   translations spliced in and the locale key renamed, is inserted right after the source
 *   section. Anchors the copy defines are dropped (or renamed when the copy itself uses them),
 *   so `en-US: <<: *DEFAULT_EN` further down still merges the source section.
 * - a section for the target: its values are kept; keys of the source it lacks (looked up
 *   through merge keys too) are added at the end of the deepest block map they belong in.
 *   A key whose parent map the target only has through a merge key or an alias is not added:
 *   adding the parent would hide the merged values (YAML merges are shallow).
 */
import { isAlias, isMap, isScalar, isSeq, type Alias, type Pair, type Scalar, type YAMLMap } from 'yaml'
import type { Translation } from '../types.js'
import type { Edit, LineIndex } from '../shared/text.js'
import { applyEdits } from '../shared/text.js'
import { findSection } from '../shared/locales.js'
import { doubleQuoted, flowScalar, plainSafe, type ScalarStyle } from './scalar-style.js'

export interface Sections {
  pairs: Array<Pair<Scalar, unknown>>
  codes: string[]
  /** Index of the source section (-1: none). */
  source: number
}

export interface SectionContext {
  text: string
  lines: LineIndex
  lineBreak: string
  asciiOnly: boolean
  sections: Sections
  /** Edits of the source section's values (absolute offsets), as an in-place write would make them. */
  valueEdits: Edit[]
  /** Entry key of each scalar slot's node and each plural slot's map. */
  keyOf: Map<unknown, string>
  /** The plural forms to write for a plural map (target categories), in order. */
  pluralForms(map: YAMLMap, translation: Translation): Array<[string, string]>
  translations: ReadonlyMap<string, Translation>
  target: string
}

/** The edits that put the translations into the target's section; undefined when the target is the source section. */
export function sectionEdits(ctx: SectionContext): Edit[] | undefined {
  const { sections, target } = ctx
  if (sections.source < 0) return []
  const at = findSection(sections.codes, target)
  if (at === sections.source) return undefined
  return at < 0 ? insertSection(ctx) : fillSection(ctx, sections.pairs[at]!)
}

/** End offset of the last scalar, alias or key under `node` (the yaml readers disagree on where a map's range ends). */
function lastLeafEnd(node: unknown, fallback: number): number {
  if (isMap(node) || isSeq(node)) {
    let end = fallback
    for (const item of node.items as unknown[]) {
      if (isMap(node)) {
        const pair = item as Pair
        const keyEnd = (pair.key as Scalar | null)?.range?.[1] ?? end
        end = Math.max(end, lastLeafEnd(pair.value, keyEnd))
      } else end = Math.max(end, lastLeafEnd(item, end))
    }
    return end
  }
  const range = (node as { range?: [number, number, number] } | null)?.range
  return range ? Math.max(fallback, range[1]) : fallback
}

/** Offset just after the line that holds `offset - 1` (its line break included), or the text's end. */
function afterLine(ctx: SectionContext, offset: number): number {
  const line = ctx.lines.position(Math.max(0, offset - 1)).line
  const next = ctx.lines.lineStart(line + 1)
  return next > offset - 1 ? next : ctx.text.length
}

function anchorsUnder(node: unknown, out: Array<{ name: string; node: { range?: [number, number, number] | null } }>): void {
  if (!node || typeof node !== 'object') return
  const anchor = (node as { anchor?: string }).anchor
  if (anchor) out.push({ name: anchor, node: node as { range?: [number, number, number] } })
  if (isMap(node)) for (const pair of node.items) {
    anchorsUnder(pair.key, out)
    anchorsUnder(pair.value, out)
  }
  else if (isSeq(node)) for (const item of node.items) anchorsUnder(item, out)
}

function aliasesUnder(node: unknown, out: Alias[]): void {
  if (isAlias(node)) out.push(node)
  else if (isMap(node)) for (const pair of node.items) aliasesUnder(pair.value, out)
  else if (isSeq(node)) for (const item of node.items) aliasesUnder(item, out)
}

function insertSection(ctx: SectionContext): Edit[] {
  const { text, sections } = ctx
  const pair = sections.pairs[sections.source]!
  const key = pair.key
  const start = ctx.lines.lineStart(ctx.lines.position(key.range![0]).line)
  const end = afterLine(ctx, lastLeafEnd(pair.value, key.range![1]))
  const local: Edit[] = ctx.valueEdits.filter((e) => e.start >= start && e.end <= end).map((e) => ({ ...e, start: e.start - start, end: e.end - start }))
  const keyStyle = (key.type ?? 'PLAIN') as ScalarStyle
  local.push({ start: key.range![0] - start, end: key.range![1] - start, text: flowScalar(ctx.target, keyStyle, false, false) })
  // anchors the copy defines: dropped, or renamed when the copy uses them itself
  const anchors: Parameters<typeof anchorsUnder>[1] = []
  anchorsUnder(pair.value, anchors)
  const aliases: Alias[] = []
  aliasesUnder(pair.value, aliases)
  const suffix = ctx.target.replace(/[^A-Za-z0-9]/g, '_')
  for (const { name, node } of anchors) {
    const nodeStart = node.range?.[0]
    if (nodeStart === undefined) continue
    const pos = text.lastIndexOf(`&${name}`, nodeStart)
    if (pos < start || pos < key.range![0]) continue
    const used = aliases.filter((a) => a.source === name && a.range![0] > pos)
    if (used.length === 0) {
      const from = text[pos - 1] === ' ' ? pos - 1 : pos
      local.push({ start: from - start, end: pos + 1 + name.length - start, text: '' })
    } else {
      const renamed = `${name}_${suffix}`
      local.push({ start: pos - start, end: pos + 1 + name.length - start, text: `&${renamed}` })
      for (const alias of used) local.push({ start: alias.range![0] - start, end: alias.range![1] - start, text: `*${renamed}` })
    }
  }
  let copy = applyEdits(text.slice(start, end), local)
  let prefix = ''
  if (end === text.length && !text.endsWith('\n')) {
    prefix = ctx.lineBreak
    copy = copy.replace(/\r?\n$/, '')
  }
  return [{ start: end, end, text: prefix + copy }]
}

/** Anchored nodes by name, in document order, to resolve aliases (the last definition before the alias wins). */
function anchorTable(ctx: SectionContext): Map<string, Array<{ at: number; node: unknown }>> {
  const table = new Map<string, Array<{ at: number; node: unknown }>>()
  const found: Parameters<typeof anchorsUnder>[1] = []
  for (const pair of ctx.sections.pairs) anchorsUnder(pair.value, found)
  for (const { name, node } of found) {
    const list = table.get(name) ?? []
    list.push({ at: node.range?.[0] ?? 0, node })
    table.set(name, list)
  }
  return table
}

function fillSection(ctx: SectionContext, targetPair: Pair<Scalar, unknown>): Edit[] {
  const anchors = anchorTable(ctx)
  const resolve = (node: unknown): unknown => {
    for (let hops = 0; isAlias(node) && hops < 20; hops++) {
      const at = node.range![0]
      const list = anchors.get(node.source) ?? []
      node = [...list].reverse().find((a) => a.at < at)?.node ?? list[0]?.node
    }
    return node
  }
  /** The value of `segment` in `map`: its own member, else one from its merge keys. */
  const lookup = (map: YAMLMap, segment: string): { node: unknown; own: boolean } | undefined => {
    for (const pair of map.items) if (isScalar(pair.key) && String(pair.key.value) === segment && pair.key.value !== '<<') return { node: pair.value, own: true }
    for (const pair of map.items) {
      if (!(isScalar(pair.key) && pair.key.value === '<<')) continue
      const sources = isSeq(pair.value) ? pair.value.items : [pair.value]
      for (const source of sources) {
        const merged = resolve(source)
        if (isMap(merged)) {
          const found = lookup(merged, segment)
          if (found) return { node: found.node, own: false }
        }
      }
    }
    return undefined
  }

  const source = ctx.sections.pairs[ctx.sections.source]!
  const step = indentStep(ctx, source.value)
  const inserts: Edit[] = []

  const fill = (src: YAMLMap, tgt: YAMLMap) => {
    const missing: Array<Pair> = []
    for (const pair of src.items) {
      if (!isScalar(pair.key) || pair.key.value === '<<') continue
      const segment = String(pair.key.value)
      const found = lookup(tgt, segment)
      if (!found) {
        missing.push(pair)
        continue
      }
      const srcChild = resolve(pair.value)
      const tgtChild = found.node
      // only an own block map of the target can take new members (see the module comment)
      if (found.own && isMap(srcChild) && !ctx.keyOf.has(srcChild) && isMap(tgtChild) && !tgtChild.flow && tgtChild.items.length > 0) fill(srcChild, tgtChild)
    }
    if (missing.length === 0 || tgt.flow || tgt.items.length === 0) return
    const column = ctx.lines.position(tgt.items[0]!.key ? (tgt.items[0]!.key as Scalar).range![0] : tgt.range![0]).column - 1
    const end = afterLine(ctx, lastLeafEnd(tgt, tgt.range![0]))
    const lines = missing.flatMap((pair) => renderPair(ctx, pair, column, step))
    const prefix = end === ctx.text.length && !ctx.text.endsWith('\n') ? ctx.lineBreak : ''
    inserts.push({ start: end, end, text: prefix + lines.join(ctx.lineBreak) + (prefix ? '' : ctx.lineBreak) })
  }

  const srcMap = resolve(source.value)
  const tgtValue = targetPair.value
  if (!isMap(srcMap)) return []
  if (isMap(tgtValue) && !tgtValue.flow && tgtValue.items.length > 0) fill(srcMap, tgtValue)
  else if (isScalar(tgtValue) && tgtValue.value === null && tgtValue.range![0] === tgtValue.range![1]) {
    // `es:` with nothing under it: the whole source section's members go there
    const lines = srcMap.items.filter((p) => !(isScalar(p.key) && p.key.value === '<<')).flatMap((pair) => renderPair(ctx, pair, step, step))
    const end = afterLine(ctx, targetPair.key.range![1])
    const prefix = end === ctx.text.length && !ctx.text.endsWith('\n') ? ctx.lineBreak : ''
    inserts.push({ start: end, end, text: prefix + lines.join(ctx.lineBreak) + (prefix ? '' : ctx.lineBreak) })
  }
  // an inner map's new members come right after its last line, before its parent's (fill pushes inner maps first)
  return inserts
}

/** Indentation step of the file: how far the source section's first nested map is indented past its parent. */
function indentStep(ctx: SectionContext, node: unknown): number {
  if (isMap(node) && node.items.length > 0) {
    const first = node.items[0]!.key as Scalar | null
    if (first?.range) {
      const column = ctx.lines.position(first.range[0]).column - 1
      for (const pair of node.items) {
        if (isMap(pair.value) && !pair.value.flow && pair.value.items.length > 0) {
          const inner = (pair.value.items[0]!.key as Scalar | null)?.range
          if (inner) {
            const step = ctx.lines.position(inner[0]).column - 1 - column
            if (step > 0) return step
          }
        }
      }
      if (column > 0) return column
    }
  }
  return 2
}

function keyText(segment: string): string {
  return plainSafe(segment, false) ? segment : flowScalar(segment, 'QUOTE_SINGLE', false, false)
}

/** Lines of a source member written as new YAML at `column`, with the translations in. */
function renderPair(ctx: SectionContext, pair: Pair, column: number, step: number): string[] {
  const pad = ' '.repeat(column)
  const key = keyText(String((pair.key as Scalar).value))
  const value = pair.value
  const inline = renderInline(ctx, value)
  if (inline !== undefined) return [`${pad}${key}:${inline === '' ? '' : ` ${inline}`}`]
  if (isMap(value)) {
    const key0 = ctx.keyOf.get(value)
    if (key0 !== undefined) {
      const translation = ctx.translations.get(key0)
      const members = value.items.map((p) => [String((p.key as Scalar).value), p.value as Scalar] as const)
      const forms = translation !== undefined ? ctx.pluralForms(value, translation) : members.map(([c, v]) => [c, String(v.value)] as [string, string])
      const like = members[0]![1]
      return [`${pad}${key}:`, ...forms.map(([c, t]) => `${pad}${' '.repeat(step)}${c}: ${scalarText(ctx, t, like)}`)]
    }
    return [`${pad}${key}:`, ...value.items.flatMap((p) => (isScalar(p.key) && p.key.value === '<<' ? [`${pad}${' '.repeat(step)}<<: ${ctx.text.slice(...rangeOf(p.value))}`] : renderPair(ctx, p, column + step, step)))]
  }
  if (isSeq(value)) {
    const out = [`${pad}${key}:`]
    for (const item of value.items) {
      const one = renderInline(ctx, item)
      if (one !== undefined) out.push(`${pad}${' '.repeat(step)}- ${one}`)
      else if (isMap(item)) {
        out.push(`${pad}${' '.repeat(step)}-`)
        for (const p of item.items) out.push(...renderPair(ctx, p, column + 2 * step, step))
      }
    }
    return out
  }
  return [`${pad}${key}:`]
}

function rangeOf(node: unknown): [number, number] {
  const range = (node as { range?: [number, number, number] }).range!
  return [range[0], range[1]]
}

/** A node written on its key's line, or undefined for a map or sequence that needs lines of its own. */
function renderInline(ctx: SectionContext, node: unknown): string | undefined {
  if (node === null || node === undefined) return ''
  if (isAlias(node)) return `*${node.source}`
  if (isScalar(node)) {
    const key = ctx.keyOf.get(node)
    const translation = key === undefined ? undefined : ctx.translations.get(key)
    if (translation !== undefined && typeof node.value === 'string') {
      const t = typeof translation === 'string' ? translation : translation.other ?? node.value
      return scalarText(ctx, t, node)
    }
    const raw = ctx.text.slice(...rangeOf(node))
    if (node.type === 'BLOCK_FOLDED' || node.type === 'BLOCK_LITERAL' || /[\r\n]/.test(raw)) {
      return node.value === null ? '' : doubleQuoted(String(node.value), ctx.asciiOnly)
    }
    return raw
  }
  // a flow collection with nothing translated in it (`order: [:year, :month, :day]`) is copied as written
  if ((isMap(node) || isSeq(node)) && node.flow) {
    const raw = ctx.text.slice(...rangeOf(node))
    const touched = ctx.valueEdits.some((e) => e.start >= rangeOf(node)[0] && e.end <= rangeOf(node)[1])
    if (!touched && !/[\r\n]/.test(raw)) return raw
  }
  return undefined
}

/** A new value in the quoting of the value it translates (flow styles only: block scalars become double-quoted). */
function scalarText(ctx: SectionContext, value: string, like: Scalar): string {
  const style = (like.type ?? 'PLAIN') as ScalarStyle
  const flow: ScalarStyle = style === 'BLOCK_FOLDED' || style === 'BLOCK_LITERAL' ? 'QUOTE_DOUBLE' : style
  return flowScalar(value, flow, false, ctx.asciiOnly)
}
