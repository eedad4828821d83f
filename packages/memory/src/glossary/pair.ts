/**
 * Which requests a glossary serves. A glossary's language covers the same code and that
 * code's regional variants, as DeepL's glossaries do (an EN→PT glossary serves EN→PT-BR and
 * EN→PT-PT): `pt` covers `pt-BR`, `en` covers `en-US`. A variant's glossary serves only that
 * variant (`pt-BR` does not cover `pt` or `pt-PT`: its terms are the variant's). Codes compare
 * case-insensitively, `_` as `-`.
 */
export function glossaryLanguageCovers(glossaryLanguage: string, language: string): boolean {
  const g = normal(glossaryLanguage)
  const l = normal(language)
  return g === l || l.startsWith(`${g}-`)
}

/** Whether a glossary serves the pair: its source covers the pair's source and its target the pair's target. */
export function glossaryCoversPair(
  glossary: { source_language: string; target_language: string },
  pair: { source: string; target: string },
): boolean {
  return glossaryLanguageCovers(glossary.source_language, pair.source) && glossaryLanguageCovers(glossary.target_language, pair.target)
}

const normal = (code: string) => code.toLowerCase().replace(/_/g, '-')
