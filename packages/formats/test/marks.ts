import type { Parsed, Translation } from '@verso/formats'

/**
 * A "translation" of every translatable entry: its text wrapped in «», a plural entry form by
 * form, so that a test sees where each value went and that nothing else moved.
 */
export function markAll(parsed: Parsed): Map<string, Translation> {
  return new Map(
    parsed.entries
      .filter((e) => e.translatable)
      .map((e) => [e.key, e.plural ? Object.fromEntries(Object.entries(e.plural).map(([category, text]) => [category, `«${text}»`])) : `«${e.text}»`]),
  )
}
