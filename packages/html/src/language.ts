import type { DefaultTreeAdapterTypes as T } from 'parse5'

/**
 * Where a document says what language it is in. A page translated from English keeps
 * `<html lang="en">` unless something rewrites it, and screen readers then read the Spanish
 * text with English pronunciation; an Urdu page keeps `dir="ltr"` and lays out backwards.
 */

/** An attribute value's raw bytes `[start, end)` between its quotes, and its decoded value. */
export interface AttrValue {
  readonly start: number
  readonly end: number
  readonly value: string
}

/** The language attributes of one element whose content is translated. */
export interface LanguageMark {
  /** `lang` and `xml:lang` values, and the `content` of `<meta http-equiv=content-language>`. */
  readonly languages: AttrValue[]
  /** The element's `dir` value, if it has one. */
  readonly dir: AttrValue | null
  /** Just after the last language attribute: where a missing `dir="rtl"` is inserted. */
  readonly insertAt: number
}

/** A replacement of source bytes `[start, end)` (an insertion when they are equal). */
export interface Edit {
  readonly start: number
  readonly end: number
  readonly text: string
}

/** The source and target languages of a translation, as BCP 47 codes. */
export interface TranslationLanguages {
  readonly source: string
  readonly target: string
}

/** Reads an element's language attributes; null when it declares no language. */
export function languageMark(el: T.Element, source: string): LanguageMark | null {
  const locs = el.sourceCodeLocation?.attrs
  if (!locs) return null
  const languages: AttrValue[] = []
  let insertAt = -1
  let dir: AttrValue | null = null
  const isContentLanguage =
    el.tagName === 'meta' && el.attrs.some((a) => a.name === 'http-equiv' && a.value.trim().toLowerCase() === 'content-language')
  for (const attr of el.attrs) {
    const loc = locs[attr.name]
    if (!loc) continue
    const isLanguage = attr.name === 'lang' || attr.name === 'xml:lang' || (isContentLanguage && attr.name === 'content')
    if (!isLanguage && attr.name !== 'dir') continue
    const value = attrValue(source, attr.name, attr.value, loc.startOffset, loc.endOffset)
    if (!value) continue
    if (attr.name === 'dir') dir = value
    else {
      languages.push(value)
      insertAt = Math.max(insertAt, loc.endOffset)
    }
  }
  return languages.length > 0 ? { languages, dir, insertAt } : null
}

/**
 * The edits that make the marks say the target language: a value whose primary subtag is the
 * source's (`en`, `en-US`, `EN` for source `en`) becomes the target code; another language
 * (a French quotation in an English page, `lang="fr"`) is left as written. On an element
 * whose language changed, `dir="ltr"`/`dir="rtl"` follows the target's direction, and
 * `dir="rtl"` is added when the target is written right to left and the element had no `dir`.
 */
export function languageEdits(marks: readonly LanguageMark[], { source, target }: TranslationLanguages): Edit[] {
  const from = primarySubtag(source)
  if (from === '' || from === primarySubtag(target)) return []
  const direction = isRightToLeft(target) ? 'rtl' : 'ltr'
  const edits: Edit[] = []
  for (const mark of marks) {
    const rewritten = mark.languages.filter((v) => primarySubtag(v.value) === from)
    if (rewritten.length === 0) continue
    for (const v of rewritten) edits.push({ start: v.start, end: v.end, text: target })
    const dir = mark.dir?.value.trim().toLowerCase()
    if (mark.dir && (dir === 'ltr' || dir === 'rtl') && dir !== direction) {
      edits.push({ start: mark.dir.start, end: mark.dir.end, text: direction })
    } else if (!mark.dir && direction === 'rtl') {
      edits.push({ start: mark.insertAt, end: mark.insertAt, text: ' dir="rtl"' })
    }
  }
  return edits.sort((a, b) => a.start - b.start || a.end - b.end)
}

function primarySubtag(code: string): string {
  return code.trim().split(/[-_]/)[0]!.toLowerCase()
}

/** Scripts written right to left, as BCP 47 script subtags. */
const RTL_SCRIPTS = new Set(['arab', 'hebr', 'thaa', 'syrc', 'nkoo', 'adlm', 'rohg', 'mand', 'samr', 'mend'])
/** Languages whose usual script is written right to left (Unicode CLDR's likely scripts). */
const RTL_LANGUAGES = new Set([
  'ar', 'arc', 'azb', 'bal', 'bqi', 'ckb', 'dv', 'fa', 'glk', 'he', 'iw', 'ji', 'khw', 'ks', 'lrc', 'mzn',
  'nqo', 'pnb', 'prs', 'ps', 'sd', 'skr', 'syr', 'ug', 'ur', 'yi',
])

/** True for a language written right to left: an explicit script (`pa-Arab`) decides, else the language. */
export function isRightToLeft(code: string): boolean {
  const subtags = code.trim().toLowerCase().split(/[-_]/)
  const script = subtags.slice(1).find((s) => s.length === 4 && /^[a-z]{4}$/.test(s))
  return script ? RTL_SCRIPTS.has(script) : RTL_LANGUAGES.has(subtags[0]!)
}

/** The raw value range of `name=value` at `[start, end)`; null when it has no value. */
export function attrValue(source: string, name: string, value: string, start: number, end: number): (AttrValue & { quote: string }) | null {
  const raw = source.slice(start, end)
  const eq = /^[\t\n\f\r ]*=[\t\n\f\r ]*/.exec(raw.slice(name.length))
  if (!eq) return null
  const at = name.length + eq[0].length
  const q = raw[at]
  if (q === '"' || q === "'") {
    if (raw.length < at + 2 || raw[raw.length - 1] !== q) return null
    return { start: start + at + 1, end: end - 1, quote: q, value }
  }
  return { start: start + at, end, quote: '', value }
}
