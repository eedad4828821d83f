/**
 * The one interface every translator implements, embedded (Apertium) or remote (DeepL,
 * Google, LibreTranslate, an OpenAI-compatible LLM). Like unstorage's drivers: a plain object
 * from a factory; the vendor's codes, limits and error mapping stay inside it. Retries,
 * fallback and circuit breaking are not a translator's business: the router does them once.
 */
import type { EngineError } from '../errors.js'
import type { Segment } from '../segment.js'

export type TranslatorId = 'apertium' | 'deepl' | 'google' | 'libretranslate' | 'openai'

/** Public BCP 47 codes (`en`, `pt-BR`, `zh-CN`). */
export interface Pair {
  source: string
  target: string
}

export interface LanguageSet {
  /** Codes the translator reads, BCP 47. */
  sources: string[]
  /** Codes the translator writes, BCP 47. */
  targets: string[]
}

export interface TranslateOptions {
  /** Aborts the outbound call; the translator answers ENGINE_ABORTED for every segment. */
  signal: AbortSignal
  /**
   * One note per segment (same index) that helps the engine and is not translated: for i18n
   * jobs, the entry's key and the file's comment. Engines without a context field ignore it.
   */
  context?: ReadonlyArray<string | undefined>
  /** DeepL's formality, passed through where the target supports it. Default: engine's default */
  formality?: 'more' | 'less' | 'prefer_more' | 'prefer_less'
}

/** The translation of one segment, with what the engine said about it. */
export interface TranslatedSegment {
  segment: Segment
  /** Words the engine did not know (Apertium marks them); empty for remote engines. */
  unknownWords?: string[]
  /** Languages passed through, e.g. `['en', 'es', 'fr']` for an Apertium pivot. */
  route?: string[]
}

export interface Translator {
  readonly id: TranslatorId
  /**
   * What the translator translates, BCP 47: read from the vendor's languages endpoint on
   * first call, cached, refreshed after `languagesTtlMs`; a failed refresh keeps the last
   * known list (a failed first read rejects with the vendor's error code).
   */
  languages(): Promise<LanguageSet>
  /**
   * Whether this translator serves source → target itself (directly, or through its own
   * pivots for Apertium), from the lists it last read: false before languages() first
   * succeeded. Codes are matched case-insensitively; a regional source reads as its base.
   */
  supports(pair: Pair): boolean
  /**
   * One answer per segment, same order: the translation, every inline token of the input
   * exactly once (same id and kind, close after open), or the EngineError that segment got.
   * Never rejects for a vendor error; rejects only for misuse.
   */
  translate(segments: readonly Segment[], pair: Pair, options: TranslateOptions): Promise<Array<TranslatedSegment | EngineError>>
  /**
   * What the translator's answers for a pair are made of, where it can tell: Apertium's route
   * revision (Verso's translation code and the pairs' data), an LLM's endpoint, model and
   * prompt. A translation memory files translations under it, so it stops serving them once
   * that changes. Absent (or null) for vendors whose models change without notice (DeepL,
   * Google, LibreTranslate): their answers are filed under the engine's name alone.
   */
  revision?(pair: Pair): string | null
  /** The vendor's own language detection, where it has one (Google, LibreTranslate). */
  detect?(text: string, options: { signal: AbortSignal }): Promise<{ language: string; confidence: number } | null>
  /** Stops what the translator runs (Apertium pipelines); remote ones have nothing to stop. */
  close?(): Promise<void>
}

/** Whether an answer is an error rather than a translation. */
export function isEngineErrorResult(value: TranslatedSegment | EngineError): value is EngineError {
  return value instanceof Error
}
