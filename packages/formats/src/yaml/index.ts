/**
 * YAML i18n files (Rails, Discourse, Jekyll data) on eemeli/yaml's CST and node ranges.
 *
 * Keys are paths like JSON's (segments joined with '.', '.' and '\' escaped, sequence items by
 * index). A Rails-style file (one top-level key that is a language code, mapping to a map) leaves
 * that key out of entry keys (`en: {a: {b: x}}` → `a.b`), so keys match across languages; with
 * `targetLanguage`, `write` renames it. Aliases and merge keys (`<<: *EN`) are not entries: the
 * anchored value is translated once. Only the first document of a stream is read. A key given
 * twice is read as YAML loaders read it (the last one); a file YAML 1.2 refuses only for quoted
 * values' under-indented continuation lines is read as libyaml reads it (lenient.ts).
 */
import { Composer, Parser, isAlias, isMap, isPair, isScalar, isSeq, type Node, type Pair, type Scalar, type YAMLMap } from 'yaml'
import type { Entry, Issue, Parsed, Translation, WriteOptions } from '../types.js'
import { joinKey, lastOfEachKey, splitKey } from '../shared/keys.js'
import { resolveOptions, type ParseOptions } from '../shared/options.js'
import { isPluralKeySet, resolvePluralForms } from '../shared/plural.js'
import { areLocaleKeys, findSection, sourceCandidates } from '../shared/locales.js'
import { detectSyntax } from '../shared/syntax.js'
import { sectionEdits, type Sections } from './sections.js'
import { applyEdits, decodeUnicode, encodeText, LineIndex, lineBreakOf, makeIssue, type Edit } from '../shared/text.js'
import { maxCstDepth } from './depth.js'
import { readBlockYaml } from './block-reader.js'
import { indentQuotedContinuations } from './lenient.js'
import { modelOf, remember, unreadable } from '../shared/merge.js'
import { yamlMergeEdits, type YamlModel } from './merge.js'
import { doubleQuoted, flowScalar, foldedBlock, literalBlock, type BlockLayout, type ScalarStyle } from './scalar-style.js'

export type { ParseOptions }

interface ScalarSlot {
  key: string
  node: Scalar
  inFlow: boolean
  /** Offset of the map key this value belongs to, for the comment above it. */
  keyAt?: number
}
interface PluralSlot {
  key: string
  keyAt?: number
  map: YAMLMap
  members: Array<{ category: string; key: Scalar; value: Scalar }>
}
type Slot = ({ kind: 'scalar' } & ScalarSlot) | ({ kind: 'plural' } & PluralSlot)

const LOCALE = /^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/
const SYMBOL = /^:[A-Za-z_][A-Za-z0-9_]*[?!]?$/
/**
 * Plain scalars that YAML 1.1 (Ruby's Psych, which reads Rails locale files) resolves to a
 * timestamp or a number although the 1.2 core schema reads them as strings: `2001-01-01`,
 * `2001-12-14t21:59:43.10-05:00`, `1_000`, `0b1010`, `190:20:30`. They are data, not text.
 */
const YAML11_DATA = /^(?:\d{4}-\d\d?-\d\d?(?:(?:[Tt]|[ \t]+)\d\d?:\d\d:\d\d(?:\.\d*)?(?:[ \t]*(?:Z|[-+]\d\d?(?::\d\d)?))?)?|[-+]?(?:0b[01_]+|0x[0-9a-fA-F_]+|0[0-7_]+|[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?|(?:[0-9][0-9_]*)?\.[0-9_]+(?:[eE][-+]?[0-9]+)?|[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?))$/
/** Rails' `date.order` items: read as symbols (`:year` or `year`); a translation makes Rails raise. */
const DATE_PART = /^:?(?:year|month|day)$/

/** Parses a YAML file; never throws on bad input. */
export function parse(source: string | Uint8Array, options?: ParseOptions): Parsed {
  const opts = resolveOptions(options)
  const src = decodeUnicode(source, opts.maxBytes)
  const original = src.bytes
  const copy = () => original.slice()
  const fail = (issues: Issue[]): Parsed => ({ format: 'yaml', encoding: src.encoding, entries: [], issues, write: copy, ...unreadable(copy) })
  if (src.issue) return fail([src.issue])
  let read = readTree(src.text, opts.maxDepth)
  if (read.issues.some((issue) => issue.code === 'FORMAT_SYNTAX')) {
    // a quoted value whose continuation lines Psych reads and YAML 1.2 refuses (lenient.ts)
    const indented = indentQuotedContinuations(src.text)
    const again = indented === undefined ? undefined : readTree(indented, opts.maxDepth)
    if (again && !again.fatal && !again.issues.some((issue) => issue.code === 'FORMAT_SYNTAX')) read = again
  }
  if (read.fatal) return fail(read.issues)
  const { text, lines, contents } = read
  const issues = read.issues
  const at = (offset: number) => lines.position(offset)
  const issueAt = (code: Issue['code'], message: string, offset: number) => {
    const p = at(offset)
    return makeIssue(code, message, p.line, p.column)
  }

  const slots: Slot[] = []
  /** Scalars that are data although they are strings (Rails `date.order` items). */
  const data = new Set<Scalar>()
  const anchorCost = new Map<string, number>()
  let aliasLimitHit = false
  let localeKey: Scalar | undefined

  /** False while walking sections of a multi-locale file that are not the source: aliases are counted, nothing is an entry. */
  let collect = true
  const walk = (node: unknown, prefix: string | null, inFlow: boolean, depth: number, keyAt?: number): number => {
    if (depth > opts.maxDepth) return 0
    let cost = 0
    if (isAlias(node)) {
      cost = 1 + (anchorCost.get(node.source) ?? 0)
      if (cost > opts.maxAliasCount) aliasLimitHit = true
      return cost
    }
    if (isScalar(node)) {
      if (collect) slots.push({ kind: 'scalar', key: prefix ?? '', node, inFlow, keyAt })
    } else if (isMap(node)) {
      const flow = inFlow || Boolean(node.flow)
      const plural = pluralMembers(node)
      if (plural && !anyAnchored(node)) {
        if (collect) slots.push({ kind: 'plural', key: prefix ?? '', map: node, members: plural, keyAt })
      } else {
        const items = node.items
        const segmentAt = (k: unknown) => (isScalar(k) ? String(k.value) : k && typeof k === 'object' && 'range' in k ? text.slice((k as Node).range![0], (k as Node).range![1]) : '')
        // YAML loaders (Psych, PyYAML, the yaml library's toJS) keep the last value of a key
        // given twice: that one is the entry, an earlier one is dead text and stays as it is
        const live = new Set(lastOfEachKey(items, (pair) => segmentAt(pair.key)))
        for (let i = 0; i < items.length; i++) {
          const pair = items[i]!
          const k = pair.key
          if (isScalar(k) && k.value === '<<' && (isAlias(pair.value) || isSeq(pair.value))) {
            // merge key: the merged values are entries where their anchor is
            cost += walk(pair.value, null, flow, depth + 1) // counts alias expansion only (aliases are not entries)
            continue
          }
          const segment = segmentAt(k)
          if (!live.has(pair)) {
            issues.push(issueAt('FORMAT_DUPLICATE_KEY', `duplicate key ${JSON.stringify(segment)}: the last one is read, as YAML loaders do; this one is kept as it is`, isScalar(k) ? k.range![0] : node.range![0]))
            const collecting = collect
            collect = false // its aliases still count towards the expansion limit
            cost += walk(pair.value, null, flow, depth + 1)
            collect = collecting
            continue
          }
          cost += walk(pair.value, joinKey(prefix, segment), flow, depth + 1, isScalar(k) ? k.range![0] : undefined)
        }
      }
    } else if (isSeq(node)) {
      const flow = inFlow || Boolean(node.flow)
      const items = node.items
      if (items.length > 0 && items.every((item) => isScalar(item) && typeof item.value === 'string' && DATE_PART.test(item.value))) {
        for (const item of items) data.add(item as Scalar)
      }
      for (let i = 0; i < items.length; i++) cost += walk(items[i], joinKey(prefix, String(i)), flow, depth + 1)
    }
    const anchor = (node as { anchor?: string } | null)?.anchor
    if (anchor) anchorCost.set(anchor, cost)
    return cost
  }

  const root = contents
  let sections: Sections | undefined
  if (isMap(root) && root.items.length > 1) {
    const keys = root.items.map((pair) => (isScalar(pair.key) && typeof pair.key.value === 'string' ? pair.key.value : ''))
    if (root.items.every((pair) => isScalar(pair.key) && (isMap(pair.value) || isAlias(pair.value) || (isScalar(pair.value) && pair.value.value === null))) && areLocaleKeys(keys)) {
      const pairs = root.items as Array<Pair<Scalar, unknown>>
      const own = (i: number) => isMap(pairs[i]!.value) && (pairs[i]!.value as YAMLMap).items.some((p) => !(isScalar(p.key) && p.key.value === '<<'))
      const wanted = opts.sourceLanguage && opts.sourceLanguage !== 'auto' ? opts.sourceLanguage : undefined
      const candidates = wanted ? sourceCandidates(keys, wanted) : keys.map((_, i) => i)
      const source = candidates.find(own) ?? candidates[0]
      sections = { pairs, codes: keys, source: source ?? -1 }
      if (source === undefined) {
        issues.push(issueAt('FORMAT_UNSUPPORTED', `no section for the source language ${wanted} (sections: ${keys.join(', ')})`, root.range![0]))
      }
      pairs.forEach((pair, i) => {
        collect = i === source
        walk(pair.value, null, false, 1)
      })
      collect = true
    }
  }
  if (!sections && isMap(root) && root.items.length === 1 && isPair(root.items[0])) {
    const pair = root.items[0]
    if (isScalar(pair.key) && typeof pair.key.value === 'string' && LOCALE.test(pair.key.value) && isMap(pair.value)) {
      localeKey = pair.key
      walk(pair.value, null, false, 1)
    }
  }
  if (!localeKey && !sections) walk(root, null, false, 0)
  if (aliasLimitHit) issues.push(makeIssue('FORMAT_ALIAS_LIMIT', `aliases expand to more than ${opts.maxAliasCount} nodes`))

  // Notes come from the text around an entry rather than from where the yaml library attaches
  // comments, so that both readers (block-reader.ts and the library) give the same notes: the
  // comment lines directly above the key (no blank line between, not indented past the key),
  // else a comment after the value on its last line.
  const commentAbove = (keyAt: number | undefined): string | undefined => {
    if (keyAt === undefined) return undefined
    const { line, column } = at(keyAt)
    const found: string[] = []
    for (let l = line - 1; l >= 1; l--) {
      const start = lines.lineStart(l)
      const end = lines.lineStart(l + 1) - 1
      let i = start
      while (text.charCodeAt(i) === 32) i++
      if (text[i] !== '#' || i - start > column - 1) break
      found.push(text.slice(i + 1, text[end - 1] === '\r' ? end - 1 : end).trim())
    }
    const note = found.reverse().join('\n').trim()
    return note === '' ? undefined : note
  }
  const commentAfter = (node: Scalar): string | undefined => {
    if (node.type === 'BLOCK_FOLDED' || node.type === 'BLOCK_LITERAL') return undefined
    const end = node.range![1]
    const m = /^[ \t]+#([^\r\n]*)/.exec(text.slice(end, end + 1024))
    return m?.[1]!.trim() || undefined
  }

  const entries: Entry[] = slots.map((slot) => {
    if (slot.kind === 'plural') {
      const forms = Object.fromEntries(slot.members.map((m) => [m.category, String(m.value.value)]))
      const p = at(slot.members[0]!.key.range![0])
      const entry: Entry = { key: slot.key, text: forms.other ?? '', plural: forms, translatable: Object.values(forms).some((v) => v !== ''), line: p.line, column: p.column }
      const n = commentAbove(slot.keyAt)
      if (n) entry.note = n
      return entry
    }
    const v = slot.node.value
    const isText = typeof v === 'string' && !(slot.node.type === 'PLAIN' && (SYMBOL.test(v) || YAML11_DATA.test(v))) && !data.has(slot.node)
    const p = at(slot.node.range![0])
    const entry: Entry = {
      key: slot.key,
      text: typeof v === 'string' ? v : text.slice(slot.node.range![0], slot.node.range![1]),
      translatable: isText && v !== '',
      line: p.line,
      column: p.column,
    }
    const n = commentAbove(slot.keyAt) ?? commentAfter(slot.node)
    if (n) entry.note = n
    return entry
  })
  const byKey = new Map<string, Slot>()
  for (const slot of slots) byKey.set(slot.key, slot)
  const asciiOnly = !/[^\x00-\x7e]/.test(text) && /\\[uUx][0-9a-fA-F]{2}/.test(text)
  const lineBreak = lineBreakOf(text)

  const indentOfLine = (offset: number) => {
    const start = lines.lineStart(at(offset).line)
    let i = start
    while (text[i] === ' ') i++
    return text.slice(start, i)
  }
  const blockLayout = (node: Scalar): BlockLayout => {
    const [start, end] = node.range!
    const headerEnd = text.indexOf('\n', start)
    const content = headerEnd < 0 || headerEnd >= end ? '' : text.slice(headerEnd + 1, end)
    const firstLine = content.split('\n').find((l) => l.trim() !== '')
    const indent = firstLine !== undefined ? /^ */.exec(firstLine)![0] : `${indentOfLine(start)}  `
    return { indent, lineBreak, endsWithBreak: text[end - 1] === '\n' }
  }
  const styled = (value: string, node: Scalar, inFlow: boolean): string => {
    const type = (node.type ?? 'PLAIN') as ScalarStyle
    if (type === 'BLOCK_FOLDED' || type === 'BLOCK_LITERAL') {
      const layout = blockLayout(node)
      const block = (type === 'BLOCK_FOLDED' ? foldedBlock(value, layout) : undefined) ?? literalBlock(value, layout)
      if (block !== undefined && !(asciiOnly && /[^\x00-\x7e]/.test(value))) return block
      return doubleQuoted(value, asciiOnly) + (layout.endsWithBreak ? lineBreak : '')
    }
    return flowScalar(value, type, inFlow, asciiOnly)
  }

  let keyOf: Map<unknown, string> | undefined
  /** Entry key of each slot's node (scalar) or map (plural), for writing into another locale's section. */
  const slotKeys = () => (keyOf ??= new Map(slots.map((s) => [s.kind === 'scalar' ? s.node : s.map, s.key] as const)))

  const valueEdits = (translations: ReadonlyMap<string, Translation>, writeOptions?: WriteOptions): Edit[] => {
    const edits: Edit[] = []
    for (const [key, translation] of translations) {
      const slot = byKey.get(key)
      if (!slot) continue
      if (slot.kind === 'scalar') {
        if (typeof slot.node.value !== 'string') continue
        const value = typeof translation === 'string' ? translation : translation.other ?? String(slot.node.value)
        // an unchanged value keeps its bytes (a re-styled `2001-01-01` would come back quoted)
        if (value === slot.node.value) continue
        edits.push({ start: slot.node.range![0], end: slot.node.range![1], text: styled(value, slot.node, slot.inFlow) })
      } else edits.push(pluralEdit(slot, translation, writeOptions?.targetLanguage))
    }
    return edits
  }
  const write = (translations: ReadonlyMap<string, Translation>, writeOptions?: WriteOptions): Uint8Array => {
    const edits = writeEdits(translations, writeOptions)
    if (edits.length === 0) return original.slice()
    return encodeText(applyEdits(text, edits), src.encoding, src.bom)
  }
  /** The edits of `write`. */
  const writeEdits = (translations: ReadonlyMap<string, Translation>, writeOptions?: WriteOptions): Edit[] => {
    const edits = valueEdits(translations, writeOptions)
    const target = writeOptions?.targetLanguage
    if (sections && target !== undefined) {
      const placed = sectionEdits({
        text, lines, lineBreak, asciiOnly, sections, valueEdits: edits, translations, target,
        keyOf: slotKeys(),
        pluralForms: (map, translation) => {
          const slot = slots.find((s) => s.kind === 'plural' && s.map === map) as PluralSlot | undefined
          const source = Object.fromEntries((slot?.members ?? []).map((m) => [m.category, String(m.value.value)]))
          return resolvePluralForms(source, translation, target)
        },
      })
      if (placed !== undefined) return placed
    }
    if (target !== undefined && localeKey && target !== localeKey.value) {
      const keyStyle = (localeKey.type ?? 'PLAIN') as ScalarStyle
      edits.push({ start: localeKey.range![0], end: localeKey.range![1], text: flowScalar(target, keyStyle, false, false) })
    }
    return edits
  }

  function pluralEdit(slot: PluralSlot, translation: Translation, targetLanguage: string | undefined): Edit {
    const source = Object.fromEntries(slot.members.map((m) => [m.category, String(m.value.value)]))
    const forms = resolvePluralForms(source, translation, targetLanguage)
    const first = slot.members[0]!
    const last = slot.members[slot.members.length - 1]!
    const colon = text.slice(first.key.range![1], first.value.range![0])
    let separator = slot.members[1] ? text.slice(first.value.range![1], slot.members[1].key.range![0]) : ', '
    if (separator.includes('#') || separator.trim() !== (slot.map.flow ? ',' : '')) {
      separator = slot.map.flow ? ', ' : lineBreak + indentOfLine(first.key.range![0])
    }
    const inFlow = Boolean(slot.map.flow)
    const body = forms.map(([category, value]) => {
      const like = slot.members.find((m) => m.category === category)?.value ?? first.value
      return `${category}${colon}${flowScalar(value, (like.type ?? 'PLAIN') as ScalarStyle, inFlow, asciiOnly)}`
    })
    return { start: first.key.range![0], end: last.value.range![1], text: body.join(separator) }
  }

  const entryByKey = new Map(entries.map((e) => [e.key, e]))
  const entryRoot = localeKey ? (root as YAMLMap).items[0]!.value : root
  const model: YamlModel = {
    text, lineBreak, asciiOnly, multiLocale: sections !== undefined,
    wellFormed: !issues.some((i) => i.code === 'FORMAT_SYNTAX' || i.code === 'FORMAT_TOO_DEEP'),
    entryRoot: isMap(entryRoot) ? entryRoot : undefined,
    localeKey: localeKey ? String(localeKey.value) : undefined,
    has: (key) => byKey.has(key),
    pluralOf: (key) => entryByKey.get(key)?.plural,
    isText: (key) => entryByKey.get(key)?.translatable === true,
    valueEdits,
  }
  /** The node of `key` in the section of `language` of a multi-locale file, and whether it is in a flow collection. */
  const sectionNode = (key: string, language: string): { node: unknown; inFlow: boolean } | undefined => {
    const at = sections ? findSection(sections.codes, language) : -1
    if (at < 0 || at === sections!.source) return undefined
    let node: unknown = sections!.pairs[at]!.value
    let inFlow = false
    for (const segment of splitKey(key)) {
      if (isMap(node)) {
        inFlow ||= node.flow === true
        node = node.items.findLast((pair) => isScalar(pair.key) && String(pair.key.value) === segment)?.value
      } else if (isSeq(node)) {
        inFlow ||= node.flow === true
        node = node.items[Number(segment)]
      } else return undefined
    }
    return node === undefined ? undefined : { node, inFlow }
  }
  const sectionValue = (key: string, language: string): Translation | undefined => {
    if (!entryByKey.get(key)?.translatable) return undefined
    const node = sectionNode(key, language)?.node
    if (isScalar(node)) return typeof node.value === 'string' && node.value !== '' ? node.value : undefined
    if (!isMap(node)) return undefined
    const forms = Object.fromEntries(node.items.filter((p) => isScalar(p.key) && isScalar(p.value) && typeof p.value.value === 'string').map((p) => [String((p.key as Scalar).value), String((p.value as Scalar).value)]))
    return isPluralKeySet(Object.keys(forms)) ? forms : undefined
  }
  /** Edits replacing, in the target's section, the string scalars of keys it already has (plurals are kept). */
  const sectionReplacements = (values: ReadonlyMap<string, Translation>, language: string): Edit[] => {
    const edits: Edit[] = []
    for (const [key, translation] of values) {
      const found = sectionNode(key, language)
      if (!found || !isScalar(found.node) || typeof found.node.value !== 'string' || !found.node.range) continue
      const value = typeof translation === 'string' ? translation : translation.other ?? found.node.value
      if (value !== found.node.value) edits.push({ start: found.node.range[0], end: found.node.range[1], text: styled(value, found.node, found.inFlow) })
    }
    return edits
  }

  const result: Parsed = {
    format: 'yaml', encoding: src.encoding, entries, issues, write,
    valueOf: (key) => {
      // a multi-locale file read for a target language holds that section's values
      if (sections && opts.targetLanguage) return sectionValue(key, opts.targetLanguage)
      const entry = entryByKey.get(key)
      return entry?.translatable ? (entry.plural ?? entry.text) : undefined
    },
    merge: (mergeSource, values, mergeOptions) => {
      const sourceModel = modelOf<YamlModel>(mergeSource, 'yaml')
      let edits: Edit[]
      if (sections && sourceModel.text === text && mergeOptions?.targetLanguage) {
        // the file is its own target file: missing keys are added to the target's section as
        // `write` adds them, and the values given for keys the section has replace them
        edits = [...writeEdits(values, mergeOptions), ...sectionReplacements(values, mergeOptions.targetLanguage)]
      } else edits = yamlMergeEdits(model, sourceModel, values, mergeOptions)
      return edits.length === 0 ? original.slice() : encodeText(applyEdits(text, edits), src.encoding, src.bom)
    },
  }
  remember(result, model)
  if (sections && sections.source >= 0) result.locales = { sections: [...sections.codes], source: sections.codes[sections.source]! }
  const syntax = detectSyntax(entries.map((e) => e.text))
  if (syntax) result.syntax = syntax
  return result
}

interface Tree {
  text: string
  lines: LineIndex
  /** The first document's root node (null for an empty stream). */
  contents: unknown
  issues: Issue[]
  /** The text could not be read at all (`issues` says why). */
  fatal: boolean
}

/** The node tree of `text`: from the fast block reader when it can, else from the yaml library, with its errors. */
function readTree(text: string, maxDepth: number): Tree {
  const lines = new LineIndex(text)
  const issues: Issue[] = []
  const tree = (contents: unknown, fatal = false): Tree => ({ text, lines, contents, issues, fatal })
  const issueAt = (code: Issue['code'], message: string, offset: number) => {
    const p = lines.position(offset)
    return makeIssue(code, message, p.line, p.column)
  }
  const block = readBlockYaml(text, maxDepth)
  if (block) return tree(block.contents)
  try {
    const tokens = withPlainEnv(() => Array.from(new Parser().parse(text)))
    const depth = maxCstDepth(tokens, maxDepth)
    if (depth.tooDeep) {
      issues.push(issueAt('FORMAT_TOO_DEEP', `nesting deeper than ${maxDepth}`, depth.offset))
      return tree(null, true)
    }
    const docs = Array.from(new Composer({ uniqueKeys: false, prettyErrors: false }).compose(tokens))
    if (docs.length > 1) issues.push(issueAt('FORMAT_UNSUPPORTED', 'only the first YAML document is translated', docs[1]!.range[0]))
    for (const d of docs) {
      for (const e of d.errors) issues.push(issueAt('FORMAT_SYNTAX', e.message.split('\n')[0]!, e.pos[0]))
    }
    // an empty stream (nothing but comments) has no entries, but merges can still fill it
    return tree(docs[0]?.contents ?? null)
  } catch (error) {
    const tooDeep = error instanceof RangeError
    issues.push(makeIssue(tooDeep ? 'FORMAT_TOO_DEEP' : 'FORMAT_SYNTAX', tooDeep ? 'nesting too deep' : String((error as Error)?.message ?? error)))
    return tree(null, true)
  }
}

/**
 * Runs `fn` with `process.env` replaced by a plain empty object. eemeli/yaml's Parser reads
 * `process.env.LOG_TOKENS` once per lexical token, and Node's `process.env` is a host object
 * whose every read calls into C++ (≈30% of parsing time on a 10 MB file). When LOG_TOKENS is set,
 * or `process.env` cannot be replaced, `fn` runs as it is. Synchronous only: nothing else can
 * observe the swap, and `finally` restores the original object.
 */
function withPlainEnv<T>(fn: () => T): T {
  const proc = (globalThis as { process?: { env?: unknown } }).process
  const descriptor = proc ? Object.getOwnPropertyDescriptor(proc, 'env') : undefined
  if (!proc || !descriptor || !('value' in descriptor) || !descriptor.writable) return fn()
  const env = descriptor.value as Record<string, string | undefined> | undefined
  if (!env || typeof env !== 'object' || env.LOG_TOKENS) return fn()
  try {
    proc.env = {}
    if (proc.env === env) return fn()
  } catch {
    return fn()
  }
  try {
    return fn()
  } finally {
    proc.env = env
  }
}

/** The members of a plural map (keys exactly CLDR categories, flow-scalar string values), else undefined. */
function pluralMembers(map: YAMLMap): PluralSlot['members'] | undefined {
  const members: PluralSlot['members'] = []
  for (const pair of map.items) {
    const k = pair.key
    const v = pair.value
    if (!isScalar(k) || typeof k.value !== 'string' || k.type !== 'PLAIN' || !isScalar(v) || typeof v.value !== 'string') return undefined
    if (v.type === 'BLOCK_FOLDED' || v.type === 'BLOCK_LITERAL') return undefined
    members.push({ category: k.value, key: k, value: v })
  }
  return isPluralKeySet(members.map((m) => m.category)) && new Set(members.map((m) => m.category)).size === members.length ? members : undefined
}

function anyAnchored(map: YAMLMap): boolean {
  return map.items.some((p) => (isScalar(p.value) && p.value.anchor) || (isScalar(p.key) && p.key.anchor))
}
