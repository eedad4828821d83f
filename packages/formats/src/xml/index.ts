/**
 * XML codec: Android resources (`<string>`, `<plurals>`, `<string-array>`), .NET resources
 * (`.resx`: `<data name>` strings; type names, typed values and designer metadata kept), XLIFF
 * 1.2 and 2.0 and Qt Linguist `.ts` (a unit's `<source>` is the text, its translation goes into
 * `<target>` / `<translation>`), Apple `.stringsdict` (plural variables) and, for any other root
 * element, generic XML whose leaf elements' text is the value (key = element path).
 * Positional: values are spliced back, other bytes stay as they were.
 */
import type { Entry, Issue, Parsed, PluralCategory, PluralForms, Translation, WriteOptions, XmlDialect } from '../types.js'
import { DEFAULT_MAX_DEPTH, type ParseOptions } from '../shared/options.js'
import { decodeSource, detectEol, LineIndex, writeEdits, type Edit } from '../strings/source-text.js'
import { pickPluralForm, pluralCategories } from '../plurals/index.js'
import { decodeEntities, scanXml, type XmlElement, type XmlNode } from './scanner.js'
import { flatMergeEdits, lineSpan, modelOf, remember, type FlatModel } from '../shared/merge.js'
import { FormatError } from '../types.js'
import { isResx, isStringsdict } from './dialects.js'
import { declaredLanguageEdits, qtEdits, readQt, readResx, readStringsdict, readXliff, stringsdictFormEdits, type Reader, type Slot } from './readers.js'
import { encodeValue, unescapeAndroid, type Value } from './values.js'

export type XmlParseOptions = ParseOptions

const CLDR: readonly PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other']


/** Parses Android resources, a dialect (resx, XLIFF, Qt, stringsdict) or generic XML. Never throws: problems come back as `issues`. */
export function parse(source: string | Uint8Array, options?: XmlParseOptions): Parsed {
  const src = decodeSource(source, { maxBytes: options?.maxBytes, latin1Fallback: declaresLatin1(source) })
  const text = src.text
  const issues: Issue[] = [...src.issues]
  const lines = new LineIndex(text)
  const report = (code: Issue['code'], message: string, offset: number) => {
    if (issues.length < 200) issues.push({ code, message, ...lines.position(offset) })
  }
  const slots: Slot[] = []
  const byKey = new Map<string, Slot>()
  const add = (slot: Slot, at: number) => {
    if (byKey.has(slot.entry.key)) return report('FORMAT_DUPLICATE_KEY', `duplicate key ${JSON.stringify(slot.entry.key)}`, at)
    byKey.set(slot.entry.key, slot)
    slots.push(slot)
  }

  /** XLIFF and Qt: the target language the file declares. */
  let declaredTarget: string | undefined
  /** XLIFF: the element holding the last unit read (a 1.2 `<body>` or `<group>`, a 2.0 `<file>`). */
  let unitContainer: XmlElement | null = null
  const scan = src.usable
    ? scanXml(text, { maxDepth: options?.maxDepth ?? DEFAULT_MAX_DEPTH, report })
    : { root: null, refused: true }
  const root = scan.root
  /** The catalog convention a non-Android root follows, by its shape. */
  const dialect: XmlDialect | undefined =
    !root ? undefined : root.name === 'xliff' ? 'xliff' : root.name === 'TS' ? 'qt' : isStringsdict(text, root) ? 'stringsdict' : isResx(root) ? 'resx' : undefined
  const complete = (el: XmlElement) => el.end > 0

  /** Decoded value of an element's content; markup of child elements is kept as written. */
  const readValue = (el: XmlElement, android: boolean): { text: string; value: Value } => {
    const start = el.openEnd
    const end = el.selfClosing ? el.openEnd : el.closeStart
    const inner = el.children.filter((c) => !(c.type === 'text' && text.slice(c.start, c.end).trim() === ''))
    if (inner.length === 1 && inner[0]!.type === 'cdata') {
      const c = inner[0]!
      return { text: text.slice(c.start + 9, c.end - 3), value: { start, end, style: 'cdata' } }
    }
    const out: Array<string | null> = [] // null: a run of unquoted white space
    const quote = { open: false }
    const elementTags = new Set<string>()
    const decodeText = (raw: string, at: number) =>
      decodeEntities(raw, (m, index) => report('FORMAT_SYNTAX', m, at + index))
    const walk = (nodes: XmlNode[]) => {
      for (const n of nodes) {
        if (n.type === 'text') {
          const decoded = decodeText(text.slice(n.start, n.end), n.start)
          if (android) unescapeAndroid(decoded, quote, out)
          else out.push(decoded)
        } else if (n.type === 'cdata') out.push(text.slice(n.start + 9, n.end - 3))
        else if (n.type === 'comment') continue
        else {
          const open = text.slice(n.start, n.openEnd)
          out.push(open)
          elementTags.add(open)
          walk(n.children)
          if (!n.selfClosing) {
            const close = text.slice(n.closeStart, n.end)
            out.push(close)
            elementTags.add(close)
          }
        }
      }
    }
    walk(el.children)
    // Android trims unquoted white space at both ends and collapses the runs inside to one space
    const kept = out.filter((p) => p !== '')
    while (kept[0] === null) kept.shift()
    while (kept.length > 0 && kept[kept.length - 1] === null) kept.pop()
    const decoded = kept.filter((p, i) => !(p === null && kept[i - 1] === null)).map((p) => p ?? ' ').join('')
    const raw = text.slice(start, end)
    const style = android && /^\s*"[\s\S]*"\s*$/.test(raw) ? 'quoted' : 'plain'
    return { text: decoded, value: { start, end, style, elementTags } }
  }

  /** The complete child elements of `el` named `name`, in order. */
  const childElements = (el: XmlElement, name: string): XmlElement[] =>
    el.children.filter((c): c is XmlElement => c.type === 'element' && c.name === name && complete(c))

  const entryAt = (key: string, t: string, offset: number, translatable: boolean): Entry => {
    const pos = lines.position(offset)
    return { key, text: t, translatable: translatable && t.trim() !== '', line: pos.line, column: pos.column }
  }
  const reader: Reader = { text, complete, readValue, childElements, entryAt, add }

  if (root && root.name === 'resources') {
    let note: string[] = []
    let noteStart = 0
    for (const child of root.children) {
      if (child.type === 'comment') {
        if (note.length === 0) noteStart = child.start
        note.push(child.text)
        continue
      }
      if (child.type === 'text') {
        if ((text.slice(child.start, child.end).match(/\n/g)?.length ?? 0) > 1) note = []
        continue
      }
      if (child.type !== 'element') continue
      const el = child
      const comment = note.length > 0 ? note.join('\n') : undefined
      const block = lineSpan(text, comment !== undefined ? noteStart : el.start, el.end)
      note = []
      if (!complete(el)) continue
      const name = el.attrs.get('name')
      if (name === undefined) continue
      const translatable = el.attrs.get('translatable') !== 'false'
      const product = el.attrs.get('product')
      const key = product ? `${name}#${product}` : name
      if (el.name === 'string') {
        const { text: t, value } = readValue(el, true)
        const entry = entryAt(key, t, value.start, translatable)
        if (product) entry.context = product
        if (comment) entry.note = comment
        add({ entry, android: true, value, block }, el.start)
      } else if (el.name === 'plurals') {
        const items: NonNullable<Slot['items']> = []
        const plural: PluralForms = {}
        for (const item of el.children) {
          if (item.type !== 'element' || item.name !== 'item' || !complete(item)) continue
          const quantity = item.attrs.get('quantity')
          if (!quantity || !CLDR.includes(quantity as PluralCategory)) continue
          const { text: t, value } = readValue(item, true)
          items.push({ quantity, el: item, value })
          plural[quantity as PluralCategory] = t
        }
        if (items.length === 0) continue
        const t = plural.other ?? plural[items[items.length - 1]!.quantity as PluralCategory] ?? ''
        const entry = entryAt(key, t, items[0]!.value.start, translatable)
        entry.plural = plural
        if (comment) entry.note = comment
        add({ entry, android: true, items, container: el, block }, el.start)
      } else if (el.name === 'string-array') {
        let index = 0
        for (const item of el.children) {
          if (item.type !== 'element' || item.name !== 'item') continue
          const i = index++
          if (!complete(item)) continue
          const { text: t, value } = readValue(item, true)
          const entry = entryAt(`${key}[${i}]`, t, value.start, translatable && item.attrs.get('translatable') !== 'false')
          if (comment) entry.note = comment
          add({ entry, android: true, value }, item.start)
        }
      }
    }
  } else if (root && dialect === 'resx') {
    readResx(reader, root)
  } else if (root && dialect === 'stringsdict') {
    readStringsdict(reader, root)
  } else if (root && dialect === 'qt') {
    declaredTarget = readQt(reader, root, options?.sourceLanguage)
  } else if (root && dialect === 'xliff') {
    const units = readXliff(reader, root)
    declaredTarget = units.declaredTarget
    unitContainer = units.unitContainer
  } else if (root) {
    const visit = (el: XmlElement, path: string) => {
      const elements = el.children.filter((c): c is XmlElement => c.type === 'element')
      if (elements.length === 0) {
        if (!complete(el) || el.selfClosing) return
        const { text: t, value } = readValue(el, false)
        add({ entry: entryAt(path, t, value.start, true), android: false, value }, el.start)
        return
      }
      const count = new Map<string, number>()
      for (const c of elements) count.set(c.name, (count.get(c.name) ?? 0) + 1)
      const seen = new Map<string, number>()
      for (const c of elements) {
        const n = (seen.get(c.name) ?? 0) + 1
        seen.set(c.name, n)
        visit(c, `${path}/${c.name}${(count.get(c.name) ?? 0) > 1 ? `[${n}]` : ''}`)
      }
    }
    visit(root, root.name)
  } else if (src.usable && !scan.refused && issues.length === 0 && text.trim() !== '') {
    report('FORMAT_SYNTAX', 'no root element', 0)
  }

  /** In an ISO-8859-1 file, characters beyond Latin-1 become character references (outside CDATA). */
  const fitFor = (encoding: Parsed['encoding']) => (s: string): string =>
    encoding !== 'iso-8859-1' || s.startsWith('<![CDATA[') ? s : s.replace(/[^\x00-\xff]/gu, (c) => `&#${c.codePointAt(0)};`)

  const valueEdits = (translations: ReadonlyMap<string, Translation>, writeOptions?: WriteOptions, into?: FlatModel): Edit[] => {
    const fit = fitFor((into?.style as Parsed['encoding'] | undefined) ?? src.encoding)
    const edits: Edit[] = []
    for (const [key, translation] of translations) {
      const slot = byKey.get(key)
      if (!slot || !slot.entry.translatable) continue
      if (slot.items && slot.container) edits.push(...pluralEdits(slot, translation, writeOptions?.targetLanguage, fit))
      else if (slot.forms) edits.push(...stringsdictFormEdits(text, slot, translation, writeOptions?.targetLanguage, fit))
      else if (slot.qt) edits.push(...qtEdits(text, slot, translation, fit, writeOptions?.targetLanguage))
      else if (slot.xliff && slot.value) {
        const t = typeof translation === 'string' ? translation : (pickPluralForm(translation, 'other') ?? slot.entry.text)
        // inline codes (<x/>, <g>, <ph/>, <pc>) the source has stay markup; the rest is text
        const { target, emptyTarget, insertAt, indent } = slot.xliff
        const body = fit(encodeValue(t, target?.style ?? slot.value.style, false, slot.value.elementTags, true))
        if (target) edits.push({ start: target.start, end: target.end, text: body })
        else if (emptyTarget) edits.push({ start: emptyTarget.start, end: emptyTarget.end, text: `<target>${body}</target>` })
        else edits.push({ start: insertAt, end: insertAt, text: `${indent ? detectEol(text) + indent : ''}<target>${body}</target>` })
      } else if (slot.value) {
        const t = typeof translation === 'string' ? translation : (pickPluralForm(translation, 'other') ?? slot.entry.text)
        // an unchanged value keeps its bytes (re-encoded, `@string/name` would come back `\@string/name`, which Android reads as text)
        if (t === slot.entry.text) continue
        edits.push({ start: slot.value.start, end: slot.value.end, text: fit(encodeValue(t, slot.value.style, slot.android, slot.value.elementTags)) })
      }
    }
    return edits
  }
  const write = (translations: ReadonlyMap<string, Translation>, writeOptions?: WriteOptions): Uint8Array =>
    writeEdits(src, [...valueEdits(translations, writeOptions), ...declaredLanguageEdits(text, root, dialect, writeOptions?.targetLanguage)].sort((a, b) => a.start - b.start))




  const pluralEdits = (slot: Slot, translation: Translation, target: string | undefined, fit: (s: string) => string): Edit[] => {
    const items = slot.items!
    const forms: PluralForms = typeof translation === 'string' ? Object.fromEntries(items.map((i) => [i.quantity, translation])) : translation
    const categories = target
      ? pluralCategories(target)
      : CLDR.filter((c) => forms[c] !== undefined)
    const texts = categories.map((c) => [c, pickPluralForm(forms, c) ?? ''] as const)
    const same = texts.length === items.length && texts.every(([c], i) => items[i]!.quantity === c)
    if (same) return items.map((item, i) => ({ start: item.value.start, end: item.value.end, text: fit(encodeValue(texts[i]![1], item.value.style, true, item.value.elementTags)) }))
    const first = items[0]!.el
    const last = items[items.length - 1]!.el
    const sep = items.length > 1
      ? text.slice(items[0]!.el.end, items[1]!.el.start)
      : '\n' + (/[ \t]*$/.exec(text.slice(0, first.start))?.[0] ?? '')
    const style = items[0]!.value.style === 'quoted' ? 'quoted' : 'plain'
    const elementTags = new Set(items.flatMap((item) => [...(item.value.elementTags ?? [])]))
    const out = texts.map(([c, t]) => `<item quantity="${c}">${encodeValue(t, style, true, elementTags)}</item>`).join(sep.trim() === '' ? sep : '\n')
    return [{ start: first.start, end: last.end, text: fit(out) }]
  }

  const model: FlatModel = {
    text, lineBreak: detectEol(text), edits: valueEdits, style: src.encoding,
    has: (key) => byKey.has(key),
    blocks: new Map(slots.filter((s) => s.block).map((s) => [s.entry.key, s.block!])),
  }
  // Android's and .NET's entries are siblings under the root, XLIFF's units under their file
  // (1.2: its body): a missing one goes before that element's end tag
  const container = root && (root.name === 'resources' || dialect === 'resx') ? root : unitContainer
  if (container && container.end > 0 && !container.selfClosing) {
    const lineStart = text.lastIndexOf('\n', container.closeStart - 1) + 1
    const firstChild = container.children.find((c): c is XmlElement => c.type === 'element')
    const childLine = firstChild ? text.slice(text.lastIndexOf('\n', firstChild.start - 1) + 1, firstChild.start) : ''
    model.end = {
      offset: text.slice(lineStart, container.closeStart).trim() === '' ? lineStart : container.closeStart,
      indent: /^[ \t]*$/.test(childLine) && childLine !== '' ? childLine : '    ',
    }
  }
  const parsed: Parsed = {
    format: 'xml', encoding: src.encoding, entries: slots.map((s) => s.entry), issues, write,
    ...(dialect ? { dialect } : {}),
    ...(declaredTarget ? { targetLanguage: declaredTarget } : {}),
    valueOf: (key) => {
      const slot = byKey.get(key)
      // XLIFF is bilingual: what this file holds as a translation is the target, not the source
      if (slot?.xliff) return slot.entry.translatable ? slot.xliff.held : undefined
      if (slot?.qt) return slot.entry.translatable ? slot.qt.held : undefined
      return slot?.entry.translatable ? (slot.entry.plural ?? slot.entry.text) : undefined
    },
    merge: (source, values, options) => {
      if (!src.usable && values.size > 0) throw new FormatError('FORMAT_UNSUPPORTED', 'cannot merge into a file that could not be read (see its issues)')
      const sourceModel = modelOf<FlatModel>(source, 'xml')
      const missing = [...values.keys()].filter((k) => !byKey.has(k) && sourceModel.has!(k))
      const placeable = (k: string) => model.end !== undefined && sourceModel.blocks.has(k)
      if (missing.some((k) => !placeable(k))) {
        // generic XML paths and string-array items would need their parent elements: refused rather than dropped
        throw new FormatError('FORMAT_UNSUPPORTED', `cannot insert ${missing.filter((k) => !placeable(k)).join(', ')}: only Android <string> and <plurals>, .NET <data> and XLIFF units are inserted`)
      }
      return writeEdits(src, flatMergeEdits(model, sourceModel, values, options))
    },
  }
  remember(parsed, model)
  return parsed
}

/** True when the bytes declare ISO-8859-1 in the XML declaration (used only if they are not UTF-8). */
function declaresLatin1(source: string | Uint8Array): boolean {
  if (typeof source === 'string') return false
  const head = new TextDecoder('latin1').decode(source.subarray(0, 200))
  return /^<\?xml[^>]*encoding=["'](iso-8859-1|latin-?1)["']/i.test(head)
}
