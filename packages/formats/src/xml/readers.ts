/**
 * The XML catalog dialects: how each reads its entries (.resx, .stringsdict, Qt Linguist,
 * XLIFF) and how a translation is written back where the format wants it. The parser
 * (./index.ts) hands each reader its positional helpers; the shape tests are ./dialects.ts.
 */
import type { Entry, PluralCategory, PluralForms, Translation, XmlDialect } from '../types.js'
import { detectEol, type Edit } from '../strings/source-text.js'
import { pickPluralForm, qtNumerusCategories } from '../plurals/index.js'
import { resolvePluralForms } from '../shared/plural.js'
import { lineSpan, type Span } from '../shared/merge.js'
import { normalizeLocale } from '../shared/locales.js'
import type { XmlElement } from './scanner.js'
import { isResxString, plistDict, plistPairs, plistText } from './dialects.js'
import { encodeValue, escapeXmlAttribute, type Value } from './values.js'

const CLDR: readonly PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other']

/** What the parser knows of one entry: where its value is, and how the dialect writes it. */
export interface Slot {
  entry: Entry
  android: boolean
  value?: Value
  /**
   * XLIFF: where the translation goes (the `<target>`'s content, or a new `<target>` inserted
   * after `</source>` at `insertAt` on a line of its own indented as the source), and what the
   * target holds now (`valueOf`). The value's child elements are inline codes, kept as markup.
   */
  xliff?: { target?: Value; emptyTarget?: { start: number; end: number }; insertAt: number; indent: string; held?: string }
  /**
   * Qt Linguist: the message's `<translation>` element (its start tag rewritten without
   * `type="unfinished"`), and for a numerus message its `<numerusform>`s.
   */
  qt?: { translation: XmlElement; numerusforms?: XmlElement[]; held?: string }
  /** `.stringsdict` plural variable: its `<key>category</key><string>…</string>` pairs, in file order. */
  forms?: Array<{ category: PluralCategory; key: XmlElement; value: Value; end: number }>
  /** <plurals>: the items by quantity, and the element holding them. */
  items?: Array<{ quantity: string; el: XmlElement; value: Value }>
  container?: XmlElement
  /** Android `<string>`/`<plurals>`: the element's lines with its comments (see FlatModel.blocks). */
  block?: Span
}

/** The parser's positional helpers, over the file's text. */
export interface Reader {
  text: string
  complete(el: XmlElement): boolean
  /** An element's decoded content, markup of its child elements kept as written. */
  readValue(el: XmlElement, android: boolean): { text: string; value: Value }
  childElements(el: XmlElement, name: string): XmlElement[]
  entryAt(key: string, text: string, offset: number, translatable: boolean): Entry
  add(slot: Slot, at: number): void
}

/** .NET resources: each string `<data>` an entry (see the formats README). */
export function readResx(reader: Reader, root: XmlElement): void {
  const { text, complete, readValue, entryAt, add } = reader
  // .NET resources: only `<data name>` values are messages. A generic reading translated the
  // reader's type name (`System.Resources.ResXResourceReader` → `Sistema.Recursos…`, which
  // .NET then cannot load) and typed values (`System.Drawing.Color` "Blue" → "Azul").
  for (const el of root.children) {
    if (el.type !== 'element' || el.name !== 'data' || !complete(el)) continue
    const name = el.attrs.get('name')
    const valueEl = el.children.find((c): c is XmlElement => c.type === 'element' && c.name === 'value')
    if (name === undefined || !valueEl || !complete(valueEl) || valueEl.selfClosing) continue
    const { text: t, value } = readValue(valueEl, false)
    const entry = entryAt(name, t, value.start, isResxString(name, el))
    const commentEl = el.children.find((c): c is XmlElement => c.type === 'element' && c.name === 'comment')
    if (commentEl && complete(commentEl) && !commentEl.selfClosing) {
      const note = readValue(commentEl, false).text.trim()
      if (note !== '') entry.note = note
    }
    add({ entry, android: false, value, block: lineSpan(text, el.start, el.end) }, el.start)
  }
}

/** Apple `.stringsdict`: plural variables and format keys with words. */
export function readStringsdict(reader: Reader, root: XmlElement): void {
  const { text, complete, readValue, entryAt, add } = reader
  // Apple's plural rules: per string, a format key (`%#@files@ selected`) and per variable the
  // forms by CLDR category. A generic reading translated the plist's <key> names
  // (NSStringFormatSpecTypeKey) and type values (NSStringPluralRuleType, `d`), which Foundation then ignores.
  for (const { name, value: unit } of plistPairs(text, plistDict(root)!)) {
    if (unit.name !== 'dict') continue
    for (const { name: member, key, value } of plistPairs(text, unit)) {
      if (member === 'NSStringLocalizedFormatKey' && value.name === 'string' && complete(value) && !value.selfClosing) {
        const { text: t, value: v } = readValue(value, false)
        // a format key that is only variables (`%#@files@`) has nothing to translate
        const words = t.replace(/%(?:\d+\$)?#@[A-Za-z_][A-Za-z0-9_]*@/g, '').replace(/%(?:\d+\$)?[-+#0 ]*\d*(?:\.\d+)?(?:ll|l|h|q|z|t|j)?[@dDiuUxXoOfeEgGcCsSpaA]/g, '')
        add({ entry: entryAt(name, t, v.start, /\p{L}/u.test(words)), android: false, value: v }, key.start)
      } else if (value.name === 'dict') {
        const pairs = plistPairs(text, value)
        const rule = pairs.find((p) => p.name === 'NSStringFormatSpecTypeKey')
        if (!rule || plistText(text, rule.value) !== 'NSStringPluralRuleType') continue
        const forms: NonNullable<Slot['forms']> = []
        const plural: PluralForms = {}
        for (const p of pairs) {
          if (!CLDR.includes(p.name as PluralCategory) || p.value.name !== 'string' || !complete(p.value) || p.value.selfClosing) continue
          const { text: t, value: v } = readValue(p.value, false)
          forms.push({ category: p.name as PluralCategory, key: p.key, value: v, end: p.value.end })
          plural[p.name as PluralCategory] = t
        }
        if (forms.length === 0) continue
        const entry = entryAt(`${name}/${member}`, plural.other ?? plural[forms[forms.length - 1]!.category]!, forms[0]!.value.start, true)
        entry.plural = plural
        add({ entry, android: false, forms }, key.start)
      }
    }
  }
}

/**
 * Qt Linguist: every message; returns the language the file declares. A file in the source
 * language (its `language` is its `sourcelanguage`, or the `sourceLanguage` the caller gives:
 * the `app_en.ts` Qt projects keep for English plurals) holds that language's own text: a
 * translation that is there is the text to translate, and a numerus message's forms are a plural
 * entry (`%n file` / `%n files`) in Qt's order for that language.
 */
export function readQt(reader: Reader, root: XmlElement, sourceLanguage?: string): string | undefined {
  const { readValue, childElements, entryAt, add } = reader
  const declaredTarget = root.attrs.get('language')?.trim().replace(/_/g, '-') || undefined
  const declaredSource = root.attrs.get('sourcelanguage')?.trim() || sourceLanguage
  const ownLanguage = declaredTarget !== undefined && declaredSource !== undefined && declaredSource !== 'auto' && normalizeLocale(declaredTarget) === normalizeLocale(declaredSource)
  // the file's own language's numerus forms, in Qt's order, for reading its plurals
  const ownCategories = ownLanguage ? qtNumerusCategories(declaredTarget!) : []
  // Qt Linguist: messages by context; the key is the context and the source (and the
  // disambiguating comment), as lupdate and lrelease match them
  for (const context of childElements(root, 'context')) {
    const contextName = childElements(context, 'name').map((n) => readValue(n, false).text).join('')
    for (const message of childElements(context, 'message')) {
      const sourceEl = childElements(message, 'source')[0]
      const translation = childElements(message, 'translation')[0]
      if (!sourceEl || sourceEl.selfClosing || !translation) continue
      const { text: t, value } = readValue(sourceEl, false)
      const comment = childElements(message, 'comment').map((c) => readValue(c, false).text).join('')
      const state = translation.attrs.get('type')
      const numerus = message.attrs.get('numerus') === 'yes'
      const numerusforms = numerus ? childElements(translation, 'numerusform') : undefined
      const formTexts = numerusforms?.map((f) => readValue(f, false).text)
      const held = formTexts ? formTexts.find((f) => f.trim() !== '') : translation.selfClosing ? undefined : readValue(translation, false).text
      // the key stays the source's: lrelease matches on it
      const ownText = ownLanguage && held?.trim() ? held : undefined
      const entry = entryAt(`${contextName}/${t}${comment ? `#${comment}` : ''}`, ownText ?? t, value.start, state !== 'vanished' && state !== 'obsolete')
      if (ownLanguage && formTexts && formTexts.length > 1 && formTexts.every((f) => f.trim() !== '')) {
        if (ownCategories.length === formTexts.length) {
          entry.plural = Object.fromEntries(ownCategories.map((c, i) => [c, formTexts[i]!]))
          entry.text = entry.plural.other ?? formTexts[formTexts.length - 1]!
        }
      }
      const notes = [...childElements(message, 'extracomment'), ...childElements(message, 'comment')].map((c) => readValue(c, false).text.trim()).filter(Boolean)
      if (notes.length > 0) entry.note = notes.join('\n')
      add({ entry, android: false, value, qt: { translation, ...(numerusforms ? { numerusforms } : {}), ...(held?.trim() ? { held } : {}) } }, message.start)
    }
  }
  return declaredTarget
}

/** XLIFF 1.2 and 2.0: every unit; returns the declared target language and the element holding the units. */
export function readXliff(reader: Reader, root: XmlElement): { declaredTarget: string | undefined; unitContainer: XmlElement | null } {
  const { text, complete, readValue, childElements, entryAt, add } = reader
  let unitContainer: XmlElement | null = null
  const version2 = (root.attrs.get('version') ?? '').trim().startsWith('2')
  const firstFile = root.children.find((c): c is XmlElement => c.type === 'element' && c.name === 'file')
  const declaredTarget = (version2 ? root.attrs.get('trgLang') : firstFile?.attrs.get('target-language'))?.trim() || undefined
  const declaredSource = (version2 ? root.attrs.get('srcLang') : firstFile?.attrs.get('source-language'))?.trim() || undefined
  // Symfony's files (XliffFileDumper): `<source>` is the message's key and `<target>` its text;
  // the source language's own file says so by naming one language twice. Its targets are the
  // text to translate, and translations go into them as in any XLIFF file.
  const keyed = declaredSource !== undefined && declaredTarget !== undefined && normalizeLocale(declaredSource) === normalizeLocale(declaredTarget)
  // a unit's whole element is the block a merge copies into a translation that lacks it
  const readUnit = (key: string, holder: XmlElement, translatable: boolean, notes: string[], unit: XmlElement | null) => {
    const sourceEl = childElements(holder, 'source')[0]
    if (!sourceEl || sourceEl.selfClosing) return
    let { text: t, value } = readValue(sourceEl, false)
    const targetEl = childElements(holder, 'target')[0]
    if (keyed && targetEl && !targetEl.selfClosing) {
      const own = readValue(targetEl, false)
      if (own.text.trim() !== '') ({ text: t, value } = own)
    }
    const entry = entryAt(key, t, value.start, translatable)
    if (notes.length > 0) entry.note = notes.join('\n')
    const lineStart = text.lastIndexOf('\n', sourceEl.start - 1) + 1
    const before = text.slice(lineStart, sourceEl.start)
    const slot: Slot = { entry, android: false, value, xliff: { insertAt: sourceEl.end, indent: /^[ \t]*$/.test(before) ? before : '' } }
    if (unit) slot.block = lineSpan(text, unit.start, unit.end)
    if (targetEl?.selfClosing) slot.xliff!.emptyTarget = { start: targetEl.start, end: targetEl.end }
    else if (targetEl) {
      const held = readValue(targetEl, false)
      slot.xliff!.target = held.value
      if (held.text.trim() !== '') slot.xliff!.held = held.text
    }
    add(slot, holder.start)
  }
  // notes for the translator; 2.0's source locations are not
  const noteTexts = (el: XmlElement): string[] =>
    childElements(el, 'note').filter((n) => n.attrs.get('category') !== 'location').map((n) => readValue(n, false).text.trim()).filter((n) => n !== '')
  const visit = (el: XmlElement) => {
    for (const c of el.children) {
      if (c.type !== 'element' || !complete(c)) continue
      const id = c.attrs.get('id')
      if (!version2 && c.name === 'trans-unit' && id !== undefined) {
        unitContainer = el
        readUnit(id, c, c.attrs.get('translate') !== 'no', noteTexts(c), c)
      } else if (version2 && c.name === 'unit' && id !== undefined) {
        unitContainer = el
        const notes = childElements(c, 'notes').flatMap(noteTexts)
        const segments = childElements(c, 'segment')
        segments.forEach((segment, i) =>
          readUnit(segments.length > 1 ? `${id}[${segment.attrs.get('id') ?? i + 1}]` : id, segment, c.attrs.get('translate') !== 'no', notes, segments.length === 1 ? c : null),
        )
      } else if (c.name !== 'source' && c.name !== 'target') visit(c)
    }
  }
  visit(root)
  return { declaredTarget, unitContainer }
}

/**
 * A Qt message's translation, marked finished (lrelease -nounfinished, which projects use,
 * leaves unfinished ones out). A numerus message gets the translation in each of the
 * `<numerusform>`s Qt wants for the target language (`qtNumerusCategories`: three for Serbian,
 * where an English file has two; without a target, as many as the file has, one when there are
 * none): the source's own `%n file(s)` style in each, a plural translation's form for each.
 */
export function qtEdits(text: string, slot: Slot, translation: Translation, fit: (s: string) => string, targetLanguage?: string): Edit[] {
  const { translation: el, numerusforms } = slot.qt!
  const encode = (value: string) => fit(encodeValue(value, slot.value!.style, false, slot.value!.elementTags, true))
  const t = typeof translation === 'string' ? translation : (pickPluralForm(translation, 'other') ?? slot.entry.text)
  const startTag = text.slice(el.start, el.openEnd).replace(/\s+type\s*=\s*(["'])unfinished\1/, '').replace(/\s*\/>$/, '>')
  if (!numerusforms) return [{ start: el.start, end: el.end, text: `${startTag}${encode(t)}</translation>` }]
  const categories = targetLanguage ? qtNumerusCategories(targetLanguage) : numerusforms.map((_, i) => (i === 0 ? 'one' : 'other') as PluralCategory)
  const bodies = (categories.length > 0 ? categories : ['other' as PluralCategory]).map((c) => encode(typeof translation === 'string' ? t : (pickPluralForm(translation, c) ?? t)))
  if (numerusforms.length === bodies.length) {
    const edits: Edit[] = [{ start: el.start, end: el.openEnd, text: startTag }]
    numerusforms.forEach((form, i) => {
      edits.push(form.selfClosing ? { start: form.start, end: form.end, text: `<numerusform>${bodies[i]}</numerusform>` } : { start: form.openEnd, end: form.closeStart, text: bodies[i]! })
    })
    return edits
  }
  // another count than the file's: the forms are written anew, laid out as the first one was
  const first = numerusforms[0]
  const last = numerusforms[numerusforms.length - 1]
  const lead = first ? text.slice(el.openEnd, first.start) : ''
  const trail = last ? text.slice(last.end, el.selfClosing ? el.end : el.closeStart) : ''
  const forms = bodies.map((body) => `<numerusform>${body}</numerusform>`).join(lead || '')
  return [{ start: el.start, end: el.end, text: `${startTag}${lead}${forms}${trail}</translation>` }]
}

/**
 * A `.stringsdict` variable's forms for the target: each existing pair's string replaced when the
 * categories are the same; otherwise the new pairs take the first pair's place (its indentation,
 * one pair per line as Xcode writes them) and the other pairs go, with the space before them.
 */
export function stringsdictFormEdits(text: string, slot: Slot, translation: Translation, target: string | undefined, fit: (s: string) => string): Edit[] {
  const forms = slot.forms!
  const source = slot.entry.plural!
  const texts = resolvePluralForms(source, translation, target)
  const same = texts.length === forms.length && texts.every(([c], i) => forms[i]!.category === c)
  if (same) return forms.map((f, i) => ({ start: f.value.start, end: f.value.end, text: fit(encodeValue(texts[i]![1], f.value.style, false)) }))
  const first = forms[0]!
  const indent = /[ \t]*$/.exec(text.slice(0, first.key.start))![0]
  const between = text.slice(first.key.end, text.lastIndexOf('<', first.value.start))
  const lineBreak = detectEol(text)
  const pairs = texts.map(([c, t]) => `<key>${c}</key>${between}<string>${fit(encodeValue(t, 'plain', false))}</string>`).join(lineBreak + indent)
  const edits: Edit[] = [{ start: first.key.start, end: first.end, text: pairs }]
  for (const f of forms.slice(1)) {
    const lineStart = text.lastIndexOf('\n', f.key.start - 1)
    const before = text.slice(lineStart + 1, f.key.start)
    edits.push({ start: /^[ \t]*$/.test(before) && lineStart >= 0 ? lineStart : f.key.start, end: f.end, text: '' })
  }
  return edits
}

/**
 * The file names its target language: XLIFF's `target-language` on each 1.2 `<file>`, `trgLang`
 * on the 2.0 root; Qt's `language` on `<TS>` (in Qt's `pt_BR` form).
 */
export function declaredLanguageEdits(text: string, root: XmlElement | null, dialect: XmlDialect | undefined, targetLanguage: string | undefined): Edit[] {
  if (!targetLanguage || !root || (dialect !== 'xliff' && dialect !== 'qt')) return []
  if (dialect === 'qt') targetLanguage = targetLanguage.replace(/-/g, '_')
  const version2 = (root.attrs.get('version') ?? '').trim().startsWith('2')
  const holders = version2 || dialect === 'qt' ? [root] : root.children.filter((c): c is XmlElement => c.type === 'element' && c.name === 'file')
  const attribute = dialect === 'qt' ? 'language' : version2 ? 'trgLang' : 'target-language'
  const edits: Edit[] = []
  for (const el of holders) {
    const tag = text.slice(el.start, el.openEnd)
    const existing = new RegExp(`\\s${attribute}\\s*=\\s*("[^"]*"|'[^']*')`).exec(tag)
    if (existing) {
      const valueStart = el.start + existing.index + existing[0].length - existing[1]!.length + 1
      edits.push({ start: valueStart, end: valueStart + existing[1]!.length - 2, text: escapeXmlAttribute(targetLanguage) })
    } else {
      const at = el.openEnd - (tag.endsWith('/>') ? 2 : 1)
      edits.push({ start: at, end: at, text: ` ${attribute}="${escapeXmlAttribute(targetLanguage)}"` })
    }
  }
  return edits
}
