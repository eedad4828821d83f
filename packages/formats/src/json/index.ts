/**
 * JSON i18n files (nested or flat; i18next, ngx-translate, formatjs catalogs).
 *
 * Keys are paths: segments joined with '.', a segment's own '.' and '\' escaped as '\.' and '\\',
 * array items by index (`{"a":{"b.c":["x"]}}` → `a.b\.c.0`). An object whose keys are all CLDR
 * plural categories (with `other` and at least one more) is one plural entry, and so is a run of
 * i18next v4 suffix keys (`"item_one"`, `"item_other"` → entry `item`), written back with the
 * target language's categories (`item_few`, `item_many` for Russian).
 *
 * Two catalog conventions are recognised by their shape (`Parsed.dialect`), because their
 * metadata is not text and translating it breaks their tools:
 * - **ARB** (Flutter's gen-l10n, Dart `intl`): a top-level `@@locale`, or a `@key` object beside
 *   a `key` message. `@@…` members and `@key` objects (description, placeholders with their Dart
 *   `type` and `format`) are kept as they are; `@@locale` is written as the target language
 *   (gen-l10n refuses a file whose `@@locale` disagrees with its name); `@key.description` is
 *   the entry's `note`.
 * - **WebExtension** `messages.json` (Chrome, Firefox): every top-level member an object with a
 *   `message` string and nothing but `description` and `placeholders` beside it. Only `message`
 *   is translated; `description` is its `note`; `$NAME$` placeholders are protected tokens.
 * - **Xcode String Catalogs** (`.xcstrings`): every language in one file; see ./xcstrings.ts.
 */
import type { Entry, JsonDialect, Parsed, Translation, WriteOptions } from '../types.js'
import { FormatError } from '../types.js'
import type { ParseOptions } from '../shared/options.js'
import { resolveOptions } from '../shared/options.js'
import { resolvePluralForms } from '../shared/plural.js'
import { applyEdits, decodeUnicode, encodeText, LineIndex, lineBreakOf, type Edit } from '../shared/text.js'
import { scanJson, type JsonSlot } from './scanner.js'
import { detectSyntax } from '../shared/syntax.js'
import { areLocaleKeys, findSection, sourceCandidates } from '../shared/locales.js'
import { escapeSegment, splitKey } from '../shared/keys.js'
import { remember, modelOf, unreadable } from '../shared/merge.js'
import { jsonMergeEdits, type JsonModel } from './merge.js'
import { jsonSectionEdits, objectMembers, type JsonMember } from './sections.js'
import { readStringCatalog } from './xcstrings.js'

export type { ParseOptions }

/** Parses a JSON file; never throws on bad input (problems are `issues`). */
export function parse(source: string | Uint8Array, options?: ParseOptions): Parsed {
  const opts = resolveOptions(options)
  const src = decodeUnicode(source, opts.maxBytes)
  const original = src.bytes
  if (src.issue) {
    const copy = () => original.slice()
    return { format: 'json', encoding: src.encoding, entries: [], issues: [src.issue], write: copy, ...unreadable(copy) }
  }
  const text = src.text
  const scanned = scanJson(text, opts.maxDepth)
  const issues = scanned.issues
  let slots = scanned.slots
  /** Every section's slots, keyed with their section segment (a multi-locale file read for a target). */
  const allSlots = new Map(scanned.slots.map((s) => [s.key, s]))
  const lines = new LineIndex(text)
  const sections = issues.length === 0 ? localeSections(text, opts.sourceLanguage) : undefined
  if (sections) {
    if (sections.source < 0) {
      issues.push({ code: 'FORMAT_UNSUPPORTED', message: `no section for the source language ${opts.sourceLanguage} (sections: ${sections.members.map((m) => m.name).join(', ')})`, line: 1, column: 1 })
      slots = []
    } else {
      // the source section's values are the entries, keyed without the section's segment
      const prefix = `${escapeSegment(sections.members[sections.source]!.name)}.`
      slots = slots.filter((s) => s.key.startsWith(prefix)).map((s) => ({ ...s, key: s.key.slice(prefix.length) }))
    }
  }
  // an Xcode String Catalog holds every language: its own reader and writer (./xcstrings.ts)
  const catalog = sections || issues.length > 0 ? undefined : readStringCatalog(text, (offset) => lines.position(offset))
  const dialect = catalog ? 'xcstrings' : sections ? undefined : dialectOf(slots)
  const byKey = new Map<string, JsonSlot>(slots.map((s) => [s.key, s]))
  const entries: Entry[] = catalog ? catalog.entries : slots.map((s) => {
    const p = lines.position(s.start)
    const entry: Entry = {
      key: s.key,
      text: s.text,
      translatable: s.isString && (s.plural ? s.plural.members.some((m) => m.text !== '') : s.text !== '') && (!dialect || isMessage(dialect, s.key)),
      line: p.line,
      column: p.column,
    }
    if (s.plural) entry.plural = Object.fromEntries(s.plural.members.map((m) => [m.category, m.text]))
    if (dialect && entry.translatable) {
      const description = byKey.get(descriptionKey(dialect, s.key))
      if (description?.isString && description.text !== '') entry.note = description.text
    }
    return entry
  })
  const style = escapeStyleOf(text)

  const valueEdits = (translations: ReadonlyMap<string, Translation>, writeOptions?: WriteOptions): Edit[] => {
    const edits: Edit[] = []
    const ownLocale = dialect === 'arb' ? byKey.get(ARB_LOCALE) : undefined
    if (ownLocale?.isString && writeOptions?.targetLanguage) {
      const locale = arbLocale(writeOptions.targetLanguage, ownLocale.text)
      if (locale !== ownLocale.text) edits.push({ start: ownLocale.start, end: ownLocale.end, text: quote(locale, style) })
    }
    for (const [key, translation] of translations) {
      const slot = byKey.get(key)
      if (!slot || !slot.isString) continue
      if (slot.plural) edits.push(pluralEdit(text, slot, translation, writeOptions?.targetLanguage, style))
      else {
        const value = typeof translation === 'string' ? translation : translation.other ?? slot.text
        // an unchanged value keeps its bytes (its escapes, `\u00e9` or `\/`)
        if (value === slot.text) continue
        edits.push({ start: slot.start, end: slot.end, text: quote(value, style) })
      }
    }
    return edits
  }
  const finish = (edits: Edit[]): Uint8Array => (edits.length === 0 ? original.slice() : encodeText(applyEdits(text, edits), src.encoding, src.bom))
  /** The edits of `write`. */
  const writeEdits = (translations: ReadonlyMap<string, Translation>, writeOptions?: WriteOptions): Edit[] => {
    // a catalog gets the target language's localizations; without a target, the source's are replaced
    if (catalog) return catalog.edits(translations, writeOptions?.targetLanguage ?? catalog.sourceLanguage, (value) => quote(value, style))
    const edits = valueEdits(translations, writeOptions)
    const target = writeOptions?.targetLanguage
    if (sections && sections.source >= 0 && target !== undefined) {
      const placed = jsonSectionEdits({
        text, lineBreak: lineBreakOf(text), sections: sections.members, source: sections.source, valueEdits: edits,
        slots: byKey, translations, target, quote: (value) => quote(value, style),
        pluralForms: (slot, translation) => resolvePluralForms(Object.fromEntries(slot.plural!.members.map((m) => [m.category, m.text])), translation, target),
      })
      if (placed !== undefined) return placed
    }
    return edits
  }
  const write = (translations: ReadonlyMap<string, Translation>, writeOptions?: WriteOptions): Uint8Array => finish(writeEdits(translations, writeOptions))

  /** The slot of `key` in the section of `language` of a multi-locale file. */
  const sectionSlot = (key: string, language: string): JsonSlot | undefined => {
    const at = sections ? findSection(sections.members.map((m) => m.name), language) : -1
    return at < 0 ? undefined : allSlots.get(`${escapeSegment(sections!.members[at]!.name)}.${key}`)
  }
  const sectionValue = (key: string, language: string): Translation | undefined => {
    const slot = sectionSlot(key, language)
    if (!slot || !slot.isString || !byKey.get(key)?.isString) return undefined
    if (slot.plural) return slot.plural.members.some((m) => m.text !== '') ? Object.fromEntries(slot.plural.members.map((m) => [m.category, m.text])) : undefined
    return slot.text === '' ? undefined : slot.text
  }
  /** Edits replacing, in the target's section, the string values of keys it already has (plurals are kept). */
  const sectionReplacements = (values: ReadonlyMap<string, Translation>, language: string): Edit[] => {
    const edits: Edit[] = []
    for (const [key, translation] of values) {
      const slot = sectionSlot(key, language)
      if (!slot || !slot.isString || slot.plural) continue
      const value = typeof translation === 'string' ? translation : translation.other ?? slot.text
      if (value !== slot.text) edits.push({ start: slot.start, end: slot.end, text: quote(value, style) })
    }
    return edits
  }
  const model: JsonModel = {
    text, lineBreak: lineBreakOf(text), slots: byKey, multiLocale: sections !== undefined || catalog !== undefined,
    wellFormed: !issues.some((i) => i.code === 'FORMAT_SYNTAX' || i.code === 'FORMAT_TOO_DEEP'),
    quote: (value) => quote(value, style), valueEdits,
  }
  const result: Parsed = {
    format: 'json', encoding: src.encoding, entries, issues, write,
    valueOf: (key) => {
      // a multi-locale file read for a target language holds that section's values
      if (sections && opts.targetLanguage) return sectionValue(key, opts.targetLanguage)
      if (catalog) {
        // a catalog read for a target language holds that language's values; else its source's
        if (opts.targetLanguage) return catalog.valueIn(key, opts.targetLanguage)
        const entry = catalog.entries.find((e) => e.key === key)
        return entry?.translatable ? (entry.plural ?? entry.text) : undefined
      }
      const slot = byKey.get(key)
      if (!slot || !slot.isString) return undefined
      if (slot.plural) {
        return slot.plural.members.some((m) => m.text !== '') ? Object.fromEntries(slot.plural.members.map((m) => [m.category, m.text])) : undefined
      }
      return slot.text === '' ? undefined : slot.text
    },
    merge: (source, values, options) => {
      if (catalog) {
        // a catalog is its own target file: the values go into the target's localizations of its strings
        const missing = [...values.keys()].filter((key) => !catalog.entries.some((e) => e.key === key))
        if (missing.length > 0) throw new FormatError('FORMAT_UNSUPPORTED', `cannot insert ${missing.join(', ')}: a String Catalog is updated only for the strings it has`)
        const target = options?.targetLanguage ?? opts.targetLanguage
        if (!target) throw new FormatError('FORMAT_UNSUPPORTED', 'merging into a String Catalog needs the target language')
        return finish(catalog.edits(values, target, (value) => quote(value, style)))
      }
      const sourceModel = modelOf<JsonModel>(source, 'json')
      if (sections && sourceModel.text === text && options?.targetLanguage) {
        // the file is its own target file: missing keys are added to the target's section as
        // `write` adds them, and the values given for keys the section has replace them
        const replaced = sectionReplacements(values, options.targetLanguage)
        return finish([...writeEdits(values, options), ...replaced])
      }
      return finish(jsonMergeEdits(model, sourceModel, values, options))
    },
  }
  remember(result, model)
  const syntax = detectSyntax(entries.map((e) => e.text), dialect)
  if (syntax) result.syntax = syntax
  if (dialect) result.dialect = dialect
  if (sections && sections.source >= 0) {
    const codes = sections.members.map((m) => m.name)
    result.locales = { sections: codes, source: codes[sections.source]! }
  }
  return result
}

const ARB_LOCALE = '@@locale'
const WEBEXTENSION_MEMBERS = new Set(['message', 'description', 'placeholders'])

/** The catalog convention of a single-locale file's values, by their keys (see the module comment). */
function dialectOf(slots: readonly JsonSlot[]): JsonDialect | undefined {
  if (slots.length === 0) return undefined
  const paths = slots.map((s) => splitKey(s.key))
  const topLevel = new Set(paths.map((p) => p[0]!))
  const isArb = slots.some((s, i) => {
    const path = paths[i]!
    if (path.length === 1) return path[0] === ARB_LOCALE && s.isString
    return path[0]!.startsWith('@') && !path[0]!.startsWith('@@') && topLevel.has(path[0]!.slice(1))
  })
  if (isArb) return 'arb'
  const messages = new Set<string>()
  for (let i = 0; i < slots.length; i++) {
    const path = paths[i]!
    if (path.length < 2 || !WEBEXTENSION_MEMBERS.has(path[1]!)) return undefined
    if (path[1] === 'message') {
      if (path.length !== 2 || !slots[i]!.isString) return undefined
      messages.add(path[0]!)
    }
  }
  return [...topLevel].every((name) => messages.has(name)) ? 'webextension' : undefined
}

function isMessage(dialect: JsonDialect, key: string): boolean {
  if (dialect === 'arb') return !key.startsWith('@')
  const path = splitKey(key)
  return path.length === 2 && path[1] === 'message'
}

/** Where a message's description is: `@key.description` (ARB), `key.description` (WebExtension). */
function descriptionKey(dialect: JsonDialect, key: string): string {
  return dialect === 'arb' ? `@${key}.description` : `${splitKey(key)[0]!}.description`
}

/**
 * The target language as an ARB locale: Dart writes `pt_BR` and `zh_Hant_TW`; a file that wrote
 * its own with hyphens gets hyphens.
 */
function arbLocale(target: string, own: string): string {
  return own.includes('-') ? target.replace(/_/g, '-') : target.replace(/-/g, '_')
}

const LOCALE_SHAPE = /^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/

/**
 * The top-level sections of a multi-locale file (every member of the root object a locale code
 * holding an object) and the source one (-1: none for `sourceLanguage`); undefined for any other file.
 */
function localeSections(text: string, sourceLanguage: string | undefined): { members: JsonMember[]; source: number } | undefined {
  let open = 0
  while (open < text.length && /\s/.test(text[open]!)) open++
  if (text[open] !== '{') return undefined
  const found = objectMembers(text, open, (name, valueStart) => LOCALE_SHAPE.test(name) && text[valueStart] === '{')
  if (!found || !areLocaleKeys(found.members.map((m) => m.name))) return undefined
  const codes = found.members.map((m) => m.name)
  const own = (i: number) => /^\{\s*"/.test(text.slice(found.members[i]!.valueStart, found.members[i]!.valueStart + 200))
  const wanted = sourceLanguage && sourceLanguage !== 'auto' ? sourceLanguage : undefined
  const candidates = wanted ? sourceCandidates(codes, wanted) : codes.map((_, i) => i)
  return { members: found.members, source: candidates.find(own) ?? candidates[0] ?? -1 }
}

interface EscapeStyle {
  /** The file writes non-ASCII as \uXXXX escapes (and has no raw non-ASCII). */
  asciiOnly: boolean
  upperHex: boolean
}

function escapeStyleOf(text: string): EscapeStyle {
  const raw = /[^\x00-\x7f]/.test(text)
  const escaped = /\\u(?!00[0-7][0-9a-fA-F])[0-9a-fA-F]{4}/.exec(text)
  return { asciiOnly: !raw && escaped !== null, upperHex: escaped !== null && /[A-F]/.test(escaped[0]) && !/[a-f]/.test(escaped[0]) }
}

const NEEDS_ESCAPE = /["\\\x00-\x1f\ud800-\udfff]/
const NEEDS_ESCAPE_ASCII = /["\\\x00-\x1f\x7f-\uffff]/

const hex4 = (code: number, upper: boolean) => {
  const h = code.toString(16).padStart(4, '0')
  return `\\u${upper ? h.toUpperCase() : h}`
}

/**
 * Minimal JSON escaping: quote, backslash and control characters; lone surrogates as \u escapes
 * (so any JS string survives); non-ASCII as \u escapes only in a file written that way.
 */
export function quote(value: string, style: EscapeStyle = { asciiOnly: false, upperHex: false }): string {
  if (!(style.asciiOnly ? NEEDS_ESCAPE_ASCII : NEEDS_ESCAPE).test(value)) return `"${value}"`
  let out = '"'
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i)
    if (c === 34) out += '\\"'
    else if (c === 92) out += '\\\\'
    else if (c < 0x20) {
      out += c === 10 ? '\\n' : c === 13 ? '\\r' : c === 9 ? '\\t' : c === 8 ? '\\b' : c === 12 ? '\\f' : hex4(c, style.upperHex)
    } else if (c >= 0xd800 && c <= 0xdfff) {
      const next = value.charCodeAt(i + 1)
      const paired = c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff
      if (paired && !style.asciiOnly) {
        out += value[i]! + value[i + 1]!
        i++
      } else if (paired) {
        out += hex4(c, style.upperHex) + hex4(next, style.upperHex)
        i++
      } else out += hex4(c, style.upperHex)
    } else if (c >= 0x7f && style.asciiOnly) out += hex4(c, style.upperHex)
    else out += value[i]
  }
  return `${out}"`
}

/** Rewrites a plural object's members for the forms to write, keeping its layout. */
function pluralEdit(text: string, slot: JsonSlot, translation: Translation, target: string | undefined, style: EscapeStyle): Edit {
  const map = slot.plural!
  const source = Object.fromEntries(map.members.map((m) => [m.category, m.text]))
  const forms = resolvePluralForms(source, translation, target)
  const first = map.members[0]!
  const last = map.members[map.members.length - 1]!
  // layout: `"key"<colon>` as the first member writes it, and the separator between members
  const colon = text.slice(text.indexOf('"', first.keyStart + 1) + 1, first.valueStart)
  const second = map.members[1]
  const separator = second ? text.slice(text.lastIndexOf(',', second.keyStart), second.keyStart) : ', '
  const prefix = map.keyPrefix ?? ''
  const body = forms.map(([cat, value]) => `${quote(prefix + cat, style)}${colon}${quote(value, style)}`).join(separator)
  return { start: first.keyStart, end: last.valueEnd, text: body }
}
