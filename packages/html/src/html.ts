import { HtmlError } from './errors.js'
import { collectUnits } from './extract.js'
import { languageEdits, type TranslationLanguages } from './language.js'
import type { Segment, TranslateSegments } from './segment.js'
import { writeUnits } from './write.js'

export interface HtmlOptions {
  /**
   * Also translate the attributes people read: `alt`, `title`, `placeholder`,
   * `aria-label`, and `value` of `<input type=button|submit|reset>`.
   * Default: false (the spec's POST /v2/translate/html leaves attributes alone).
   */
  attributes?: boolean
  /**
   * Longest input accepted, in characters (Unicode code points, as JSON Schema's
   * `maxLength` counts them); longer throws `HTML_TOO_LARGE`. Default: 50_000.
   */
  maxLength?: number
}

export interface ExtractedHtml {
  /** What to translate, in document order. Empty: nothing to translate. */
  segments: Segment[]
  /**
   * The original string with each segment replaced by its translation (same order, same
   * count). Markup, whitespace around text and text left unchanged keep their bytes.
   * Given the `languages` of the translation, the `lang`/`xml:lang` attributes (and
   * `<meta http-equiv=content-language>`) of translated elements that name the source
   * language name the target instead, and their `dir` follows the target's direction.
   */
  write(translated: readonly Segment[], languages?: TranslationLanguages): string
}

const DEFAULT_MAX_LENGTH = 50_000

/** Parses once; returns the segments to translate and a writer. Never throws on malformed HTML. */
export function extractHtml(html: string, options: HtmlOptions = {}): ExtractedHtml {
  if (typeof html !== 'string') throw new HtmlError('HTML_INVALID_INPUT', `html must be a string, got ${typeof html}`)
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH
  if (!(maxLength >= 0)) throw new HtmlError('HTML_INVALID_INPUT', `maxLength must be a number ≥ 0, got ${maxLength}`)
  if (html.length > maxLength) {
    const length = codePoints(html, maxLength)
    if (length > maxLength) throw new HtmlError('HTML_TOO_LARGE', `html is over ${maxLength} characters (${length} counted)`)
  }
  const { units, marks } = collectUnits(html, options.attributes ?? false)
  return {
    segments: units.map((u) => u.segment),
    write: (translated, languages) => writeUnits(html, units, translated, languages ? languageEdits(marks, languages) : []),
  }
}

/** Counts code points, stopping soon after `limit`. */
function codePoints(s: string, limit: number): number {
  let n = 0
  for (let i = 0; i < s.length && n <= limit; i++, n++) {
    const c = s.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) i++
    }
  }
  return n
}

/**
 * Extracts, translates every segment in ONE call of `translate`, writes back. With
 * `options.languages`, the language attributes follow (see `ExtractedHtml.write`); a page with
 * nothing to translate comes back as it was.
 */
export async function translateHtml(
  html: string,
  translate: TranslateSegments,
  options: HtmlOptions & { languages?: TranslationLanguages } = {},
): Promise<{ html: string; segments: number }> {
  const { segments, write } = extractHtml(html, options)
  if (segments.length === 0) return { html, segments: 0 }
  const translated = await translate(segments)
  return { html: write(translated, options.languages), segments: segments.length }
}
