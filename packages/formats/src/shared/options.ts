/** Options every codec's `parse` accepts. */
export interface ParseOptions {
  /**
   * Largest input accepted, in bytes; a larger one yields a `FORMAT_TOO_LARGE` issue and no entries.
   * Default: `DEFAULT_MAX_BYTES` (10 MiB plus 1 MiB of slack).
   */
  maxBytes?: number
  /**
   * Deepest nesting of objects/arrays/maps accepted; deeper input yields `FORMAT_TOO_DEEP`.
   * Default: `DEFAULT_MAX_DEPTH` (256).
   */
  maxDepth?: number
  /**
   * YAML only: how many nodes aliases may expand to in a document before `FORMAT_ALIAS_LIMIT` (counted, never expanded).
   * Default: 1000.
   */
  maxAliasCount?: number
  /**
   * JSON/YAML multi-locale files (top-level keys that are locale codes): the language whose
   * section is the source text (`en` matches `en`, else `en-US`, …). Default: the first section
   * with values of its own. A file with no section for the language gets a `FORMAT_UNSUPPORTED`
   * issue. Ignored by the other formats and by single-locale files.
   */
  sourceLanguage?: string
  /**
   * Files that hold every language (Xcode String Catalogs): the language whose values `valueOf`
   * reads and `merge` writes, so that the file can be its own target file. Ignored by the other formats.
   */
  targetLanguage?: string
}

/** 10 MiB plus 1 MiB of slack. */
export const DEFAULT_MAX_BYTES = 11 * 1024 * 1024
export const DEFAULT_MAX_DEPTH = 256
export const DEFAULT_MAX_ALIAS_COUNT = 1000

export function resolveOptions(options: ParseOptions | undefined): Required<Omit<ParseOptions, 'sourceLanguage' | 'targetLanguage'>> & Pick<ParseOptions, 'sourceLanguage' | 'targetLanguage'> {
  return {
    sourceLanguage: options?.sourceLanguage,
    targetLanguage: options?.targetLanguage,
    maxBytes: options?.maxBytes ?? DEFAULT_MAX_BYTES,
    maxDepth: options?.maxDepth ?? DEFAULT_MAX_DEPTH,
    maxAliasCount: options?.maxAliasCount ?? DEFAULT_MAX_ALIAS_COUNT,
  }
}
