/**
 * Telling a file's runtime message syntax from its texts. Kept apart from the placeholder
 * module so the JSON and YAML codecs can say it without loading the ICU parser.
 */
import type { MessageSyntax } from '../types.js'

/** vue-i18n's own syntax in a value: a linked message (`@:key`, `@.lower:key`) or a literal interpolation (`{'@'}`). */
const VUE_HINT = /@(?:\.[A-Za-z]+)?:[\w({$-]|\{\s*'[^'\n]*'\s*\}/

/**
 * `'vue-i18n'` when a value uses vue-i18n's linked messages or literal interpolation, else
 * undefined (plain placeholders; ICU is recognised value by value).
 */
export function detectSyntax(texts: Iterable<string>): MessageSyntax | undefined {
  for (const text of texts) if (VUE_HINT.test(text)) return 'vue-i18n'
  return undefined
}
