/**
 * Xcode String Catalogs (`Localizable.xcstrings`, Xcode 15+): one JSON file holding every
 * language of an app. Read as plain JSON, its metadata was translated like text
 * (`"state" : "translated"`, `"sourceLanguage" : "en"`) and the translation replaced the source
 * language's values instead of adding a language.
 *
 * ```json
 * {
 *   "sourceLanguage" : "en",
 *   "strings" : {
 *     "Done" : { },                                    ← the key is the English text
 *     "greeting" : {
 *       "comment" : "Home screen title",               ← the note
 *       "localizations" : {
 *         "en" : { "stringUnit" : { "state" : "translated", "value" : "Hello, %@!" } }
 *       }
 *     },
 *     "%lld photos" : { "localizations" : { "en" : { "variations" : { "plural" : {
 *       "one" : { "stringUnit" : { … "value" : "%lld photo" } }, "other" : { … } } } } } },
 *     "CFBundleName" : { "shouldTranslate" : false }
 *   },
 *   "version" : "1.0"
 * }
 * ```
 *
 * Each string is an entry keyed by its catalog key; its text is the source language's value
 * (plural variations: a plural entry), or the key itself when the source language has no
 * localization. A translation is written as the target language's localization (replaced when
 * present, else inserted among the others in Xcode's alphabetical order), in the file's own
 * indentation and `" : "` spacing, with `"state" : "translated"`. Strings with
 * `"shouldTranslate" : false`, or whose source localization varies by something other than
 * plural (device, `substitutions`), or that Xcode marked `"extractionState" : "stale"` (no
 * longer in the code), are kept as they are.
 */
import type { Entry, PluralCategory, PluralForms, Translation } from '../types.js'
import type { Edit } from '../shared/text.js'
import { resolvePluralForms, isPluralCategory } from '../shared/plural.js'
import { objectMembers, type JsonMember } from './sections.js'

interface CatalogObject {
  /** Offset of `{` and of `}`. */
  open: number
  close: number
  members: JsonMember[]
}

interface CatalogString {
  entry: Entry
  /** The string's own object (`"key" : { … }`) and its `localizations` object, if any. */
  unit: CatalogObject
  localizations?: CatalogObject
}

export interface StringCatalog {
  sourceLanguage: string
  entries: Entry[]
  /** The value the catalog holds for `key` in `language` (plural: its forms); undefined when it has none. */
  valueIn(key: string, language: string): Translation | undefined
  /** The edits that put `translations` into the `targetLanguage` localization of each string. */
  edits(translations: ReadonlyMap<string, Translation>, targetLanguage: string, quote: (value: string) => string): Edit[]
}

/** Reads a String Catalog; undefined when the text does not have its shape. */
export function readStringCatalog(text: string, position: (offset: number) => { line: number; column: number }): StringCatalog | undefined {
  const root = objectAt(text, skipWs(text, 0))
  if (!root) return undefined
  const member = (o: CatalogObject, name: string) => o.members.find((m) => m.name === name)
  const sourceMember = member(root, 'sourceLanguage')
  const stringsMember = member(root, 'strings')
  if (!sourceMember || !stringsMember || !member(root, 'version') || text[sourceMember.valueStart] !== '"') return undefined
  const strings = objectAt(text, stringsMember.valueStart)
  if (!strings) return undefined
  const sourceLanguage = JSON.parse(text.slice(sourceMember.valueStart, sourceMember.valueEnd)) as string
  const stringValue = (m: JsonMember | undefined): string | undefined =>
    m && text[m.valueStart] === '"' ? (JSON.parse(text.slice(m.valueStart, m.valueEnd)) as string) : undefined
  /** `{ "stringUnit" : { "value" : … } }` → the value. */
  const unitValue = (m: JsonMember | undefined): string | undefined => {
    const o = m && objectAt(text, m.valueStart)
    const unit = o && objectAt(text, member(o, 'stringUnit')?.valueStart ?? -1)
    return unit ? stringValue(member(unit, 'value')) : undefined
  }

  /** A localization's value: its `stringUnit`, or its plural variations' forms. */
  const localizationValue = (localization: JsonMember | undefined): Translation | undefined => {
    const own = localization && objectAt(text, localization.valueStart)
    if (!own) return undefined
    const variations = objectAt(text, member(own, 'variations')?.valueStart ?? -1)
    const pluralObject = variations && objectAt(text, member(variations, 'plural')?.valueStart ?? -1)
    if (!pluralObject) return unitValue(localization)
    const forms: PluralForms = {}
    for (const form of pluralObject.members) {
      const value = unitValue(form)
      if (isPluralCategory(form.name) && value !== undefined) forms[form.name as PluralCategory] = value
    }
    return Object.keys(forms).length > 0 ? forms : undefined
  }

  const catalog: CatalogString[] = []
  for (const s of strings.members) {
    const unit = objectAt(text, s.valueStart)
    if (!unit) return undefined
    const localizationsMember = member(unit, 'localizations')
    const localizations = localizationsMember ? objectAt(text, localizationsMember.valueStart) : undefined
    if (localizationsMember && !localizations) return undefined
    const ownMember = localizations && member(localizations, sourceLanguage)
    const own = ownMember ? objectAt(text, ownMember.valueStart) : undefined
    let entryText: string | undefined = s.name
    let plural: PluralForms | undefined
    if (own) {
      const variations = objectAt(text, member(own, 'variations')?.valueStart ?? -1)
      const pluralObject = variations && objectAt(text, member(variations, 'plural')?.valueStart ?? -1)
      if (variations && pluralObject && variations.members.length === 1 && !member(own, 'substitutions')) {
        plural = {}
        for (const form of pluralObject.members) {
          const value = unitValue(form)
          if (isPluralCategory(form.name) && value !== undefined) plural[form.name as PluralCategory] = value
        }
        entryText = plural.other ?? Object.values(plural)[0]
      } else entryText = variations || member(own, 'substitutions') ? undefined : unitValue(ownMember)
    }
    const shouldTranslateMember = member(unit, 'shouldTranslate')
    // a stale string is no longer in the code (Xcode keeps it until someone removes it): not worth a credit
    const shouldTranslate = !(shouldTranslateMember && text.startsWith('false', shouldTranslateMember.valueStart)) && stringValue(member(unit, 'extractionState')) !== 'stale'
    const p = position(s.keyStart)
    const entry: Entry = {
      key: s.name,
      text: entryText ?? '',
      translatable: shouldTranslate && entryText !== undefined && entryText.trim() !== '',
      line: p.line,
      column: p.column,
    }
    if (plural && Object.keys(plural).length > 0) entry.plural = plural
    const comment = stringValue(member(unit, 'comment'))
    if (comment) entry.note = comment
    catalog.push({ entry, unit, ...(localizations ? { localizations } : {}) })
  }

  const layout = layoutOf(text, root)
  const byKey = new Map(catalog.map((c) => [c.entry.key, c]))
  return {
    sourceLanguage,
    entries: catalog.map((c) => c.entry),
    valueIn(key, language) {
      const c = byKey.get(key)
      if (!c || !c.entry.translatable) return undefined
      const value = localizationValue(c.localizations?.members.find((m) => m.name === language))
      return typeof value === 'string' && value.trim() === '' ? undefined : value
    },
    edits(translations, targetLanguage, quote) {
      const edits: Edit[] = []
      for (const c of catalog) {
        const translation = translations.get(c.entry.key)
        if (translation === undefined || !c.entry.translatable) continue
        const localization = (indent: string) => renderLocalization(c.entry, translation, targetLanguage, indent, layout, quote)
        const unitIndent = lineIndent(text, c.unit.open)
        if (c.localizations) {
          const locIndent = lineIndent(text, c.localizations.open) + layout.unit
          edits.push(insertMember(text, c.localizations, targetLanguage, (indent) => localization(indent), locIndent, layout, quote))
        } else {
          const memberIndent = unitIndent + layout.unit
          const body = (indent: string) => `{${layout.lineBreak}${indent}${layout.unit}${quote(targetLanguage)}${layout.colon}${localization(indent + layout.unit)}${layout.lineBreak}${indent}}`
          edits.push(insertMember(text, c.unit, 'localizations', body, memberIndent, layout, quote))
        }
      }
      return edits
    },
  }
}

interface Layout {
  /** One level of indentation, the `" : "` between a name and its value, the line break. */
  unit: string
  colon: string
  lineBreak: string
}

function layoutOf(text: string, root: CatalogObject): Layout {
  const first = root.members[0]
  const lineBreak = text.includes('\r\n') ? '\r\n' : '\n'
  if (!first) return { unit: '  ', colon: ' : ', lineBreak }
  const colon = text.slice(text.indexOf('"', first.keyStart + 1) + 1, first.valueStart)
  const unit = lineIndent(text, first.keyStart).slice(lineIndent(text, root.open).length)
  return { unit: unit === '' ? '  ' : unit, colon: /^\s*:\s*$/.test(colon) && !colon.includes('\n') ? colon : ' : ', lineBreak }
}

/** `{ "stringUnit" : … }` or `{ "variations" : { "plural" : … } }` for the target, its `{` on the member's line. */
function renderLocalization(entry: Entry, translation: Translation, target: string, indent: string, layout: Layout, quote: (value: string) => string): string {
  const { unit, colon, lineBreak: nl } = layout
  const stringUnit = (value: string, at: string) =>
    `{${nl}${at}${unit}"stringUnit"${colon}{${nl}${at}${unit}${unit}"state"${colon}"translated",${nl}${at}${unit}${unit}"value"${colon}${quote(value)}${nl}${at}${unit}}${nl}${at}}`
  if (!entry.plural) {
    const value = typeof translation === 'string' ? translation : (translation.other ?? entry.text)
    return stringUnit(value, indent)
  }
  const forms = resolvePluralForms(entry.plural, translation, target)
  const at = indent + unit + unit + unit
  const body = forms.map(([category, value]) => `${at}${quote(category)}${colon}${stringUnit(value, at)}`).join(`,${nl}`)
  return `{${nl}${indent}${unit}"variations"${colon}{${nl}${indent}${unit}${unit}"plural"${colon}{${nl}${body}${nl}${indent}${unit}${unit}}${nl}${indent}${unit}}${nl}${indent}}`
}

/**
 * The edit that sets member `name` of `object` to `value(indent)`: its value replaced when the
 * member exists, else a member inserted in alphabetical order (as Xcode writes them) on a line
 * of its own at `indent`.
 */
function insertMember(text: string, object: CatalogObject, name: string, value: (indent: string) => string, indent: string, layout: Layout, quote: (value: string) => string): Edit {
  const existing = object.members.find((m) => m.name === name)
  if (existing) return { start: existing.valueStart, end: existing.valueEnd, text: value(lineIndent(text, existing.keyStart)) }
  const member = `${quote(name)}${layout.colon}${value(indent)}`
  if (object.members.length === 0) {
    const closeIndent = indent.slice(0, Math.max(0, indent.length - layout.unit.length))
    return { start: object.open, end: object.close + 1, text: `{${layout.lineBreak}${indent}${member}${layout.lineBreak}${closeIndent}}` }
  }
  const next = object.members.find((m) => m.name > name)
  if (next) return { start: next.keyStart, end: next.keyStart, text: `${member},${layout.lineBreak}${lineIndent(text, next.keyStart)}` }
  const last = object.members[object.members.length - 1]!
  return { start: last.valueEnd, end: last.valueEnd, text: `,${layout.lineBreak}${lineIndent(text, last.keyStart)}${member}` }
}

function objectAt(text: string, at: number): CatalogObject | undefined {
  if (at < 0 || text[at] !== '{') return undefined
  const { members, close } = objectMembers(text, at)
  return { open: at, close, members }
}

function skipWs(text: string, i: number): number {
  while (i < text.length && /\s/.test(text[i]!)) i++
  return i
}

/** The white space that starts the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1
  return /^[ \t]*/.exec(text.slice(start, offset))![0]
}
