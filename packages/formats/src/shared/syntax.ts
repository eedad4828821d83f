/**
 * Telling a file's runtime message syntax from its texts. Kept apart from the placeholder
 * module so the JSON and YAML codecs can say it without loading the ICU parser.
 */
import type { MessageSyntax } from '../types.js'

/** vue-i18n's own syntax in a value: a linked message (`@:key`, `@.lower:key`) or a literal interpolation (`{'@'}`). */
const VUE_HINT = /@(?:\.[A-Za-z]+)?:[\w({$-]|\{\s*'[^'\n]*'\s*\}/

/** An ICU plural, select or selectordinal argument's start (`{count, plural,`). */
export const ICU_HINT = /\{\s*[\w$.-]+\s*,\s*(?:plural|select|selectordinal)\s*,/

/**
 * `'vue-i18n'` when a value uses vue-i18n's linked messages or literal interpolation;
 * `'flutter-icu'` for a Flutter ARB file (`dialect: 'arb'`): ICU read by gen-l10n, which by
 * default takes apostrophes as written; `'icu'` when a value has an ICU plural or select, so the
 * file's messages are read by an ICU runtime (formatjs, react-intl) where `'{` and `'<` start
 * quoted text; else undefined (plain placeholders; ICU is still recognised value by value).
 */
export function detectSyntax(texts: Iterable<string>, dialect?: string): MessageSyntax | undefined {
  let icu = false
  for (const text of texts) {
    if (VUE_HINT.test(text)) return 'vue-i18n'
    icu ||= ICU_HINT.test(text)
  }
  if (dialect === 'arb') return 'flutter-icu'
  return icu ? 'icu' : undefined
}
