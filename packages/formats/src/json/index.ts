/**
 * JSON i18n files (nested or flat; i18next, ngx-translate, formatjs catalogs).
 *
 * Keys are paths: segments joined with '.', a segment's own '.' and '\' escaped as '\.' and '\\',
 * array items by index (`{"a":{"b.c":["x"]}}` → `a.b\.c.0`). An object whose keys are all CLDR
 * plural categories (with `other` and at least one more) is one plural entry, and so is a run of
 * i18next v4 suffix keys (`"item_one"`, `"item_other"` → entry `item`), written back with the
 * target language's categories (`item_few`, `item_many` for Russian).
 */
import type { Entry, Parsed, Translation, WriteOptions } from '../types.js'
import type { ParseOptions } from '../shared/options.js'
import { resolveOptions } from '../shared/options.js'
import { resolvePluralForms } from '../shared/plural.js'
import { applyEdits, decodeUnicode, encodeText, LineIndex, type Edit } from '../shared/text.js'
import { scanJson, type JsonSlot } from './scanner.js'
import { detectSyntax } from '../shared/syntax.js'

export type { ParseOptions }

/** Parses a JSON file; never throws on bad input (problems are `issues`). */
export function parse(source: string | Uint8Array, options?: ParseOptions): Parsed {
  const opts = resolveOptions(options)
  const src = decodeUnicode(source, opts.maxBytes)
  const original = src.bytes
  if (src.issue) {
    return { format: 'json', encoding: src.encoding, entries: [], issues: [src.issue], write: () => original.slice() }
  }
  const text = src.text
  const { slots, issues } = scanJson(text, opts.maxDepth)
  const lines = new LineIndex(text)
  const entries: Entry[] = slots.map((s) => {
    const p = lines.position(s.start)
    const entry: Entry = {
      key: s.key,
      text: s.text,
      translatable: s.isString && (s.plural ? s.plural.members.some((m) => m.text !== '') : s.text !== ''),
      line: p.line,
      column: p.column,
    }
    if (s.plural) entry.plural = Object.fromEntries(s.plural.members.map((m) => [m.category, m.text]))
    return entry
  })
  const byKey = new Map<string, JsonSlot>(slots.map((s) => [s.key, s]))
  const style = escapeStyleOf(text)

  const write = (translations: ReadonlyMap<string, Translation>, writeOptions?: WriteOptions): Uint8Array => {
    const edits: Edit[] = []
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
    if (edits.length === 0) return original.slice()
    return encodeText(applyEdits(text, edits), src.encoding, src.bom)
  }
  const result: Parsed = { format: 'json', encoding: src.encoding, entries, issues, write }
  const syntax = detectSyntax(entries.map((e) => e.text))
  if (syntax) result.syntax = syntax
  return result
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
