/**
 * The contract of @verso/memory: the stores (one interface, `sqliteMemoryStore` and
 * `postgresMemoryStore` drivers, one conformance suite), glossaries, and the translate-through
 * layer the server's text endpoints and the job engine share.
 */
import type { Segment, SegmentPart } from '@verso/engine'

export type { Segment, SegmentPart }

/**
 * What one stored translation is filed under. `text` is normalised by the store (Unicode NFC;
 * nothing else: spaces and case are part of the text). `engine` is the engine that would
 * translate the pair and, where it can tell, its revision (`apertium@3f2a…`, `openai@…`,
 * `deepl`; see `engineKey`): a memory filled by one engine, or by an earlier version of it, is
 * not served for another. `glossary` is the glossary id used ('' for none); glossaries are
 * immutable, so the id is their version.
 */
export interface MemoryScope {
  accountId: string
  source: string
  target: string
  engine: string
  glossary: string
}

/** Where a stored translation came from: the endpoint (`translate`, `batch`, `html`, `markdown`, `subtitles`, `job`) and, for jobs, the job id. */
export interface Origin {
  via: 'translate' | 'batch' | 'html' | 'markdown' | 'subtitles' | 'job'
  jobId?: string
}

/**
 * One key of one document as Verso last wrote it into a target language: the source text it
 * translated and the value it wrote (a plural's forms as JSON). Incremental jobs compare the
 * uploaded target file against it to tell Verso's values from human edits.
 */
export interface LedgerEntry {
  key: string
  sourceText: string
  value: string
}

/** Names the ledger of one document: the source file's name, per account and language pair. */
export interface LedgerScope {
  accountId: string
  document: string
  source: string
  target: string
}

export interface GlossaryEntry {
  source: string
  /** Equal to `source`: a do-not-translate term. */
  target: string
}

export interface GlossaryInfo {
  glossary_id: string
  name: string
  source_language: string
  target_language: string
  entry_count: number
  /** ISO 8601. */
  creation_time: string
}

export interface Glossary extends GlossaryInfo {
  entries: GlossaryEntry[]
}

/**
 * Persistence. Segments arrive already serialised to strings by the caller (`segmentText`):
 * the store only keeps strings. Lookups of many texts are one round trip.
 */
export interface MemoryStore {
  /** Stored translations of `texts` in `scope`, by index (undefined: not stored). */
  lookup(scope: MemoryScope, texts: readonly string[]): Promise<Array<string | undefined>>
  /** Stores translations (a text already stored keeps its first translation). */
  remember(scope: MemoryScope, pairs: ReadonlyArray<{ text: string; translation: string }>, origin: Origin): Promise<void>
  /** Deletes the account's translations and ledgers (not its glossaries); the number of translations deleted. */
  clear(accountId: string): Promise<number>

  /** The ledger entries of `keys` (all of them when omitted). */
  ledger(scope: LedgerScope, keys?: readonly string[]): Promise<Map<string, LedgerEntry>>
  /** Upserts ledger entries by key. */
  record(scope: LedgerScope, entries: readonly LedgerEntry[]): Promise<void>

  /** Validated input (see `parseGlossaryEntries`, limits); returns the stored glossary with a fresh id. */
  createGlossary(accountId: string, input: { name: string; source_language: string; target_language: string; entries: GlossaryEntry[] }): Promise<Glossary>
  /** Newest first, without entries. */
  listGlossaries(accountId: string): Promise<GlossaryInfo[]>
  /** null when it does not exist or belongs to another account. */
  getGlossary(accountId: string, glossaryId: string): Promise<Glossary | null>
  /** false when it does not exist or belongs to another account. */
  deleteGlossary(accountId: string, glossaryId: string): Promise<boolean>

  close(): Promise<void>
}

/** What the layer needs from an engine: @verso/engine's Engine and RoutedEngine satisfy it. */
export interface SegmentTranslator {
  translateSettled(
    segments: readonly Segment[],
    pair: { source: string; target: string },
    options?: { signal?: AbortSignal; context?: ReadonlyArray<string | undefined> },
  ): Promise<Array<{ segment: Segment; engine?: string; unknownWords?: string[]; route?: string[] } | { error: Error }>>
}

export interface RememberOptions {
  accountId: string
  /** false (`use_memory=false`): the memory is neither read nor written. */
  useMemory: boolean
  /** Its terms are masked in every segment and come back as the glossary's targets. Its pair must be the call's. */
  glossary?: Glossary | null
  origin: Origin
  context?: ReadonlyArray<string | undefined>
  signal?: AbortSignal
}

/** Per segment: from the memory (`reused`, no engine called), from the engine, or the engine's error. */
export type Remembered =
  | { segment: Segment; reused: true; engine: string }
  | { segment: Segment; reused: false; engine: string; unknownWords: string[]; route: string[] }
  | { error: Error }

/**
 * The translate-through layer: glossary terms masked, the memory read, the engine called for
 * the rest only (each distinct text once), new translations stored, terms restored.
 */
export interface MemoryTranslator {
  translateSettled(segments: readonly Segment[], pair: { source: string; target: string }, options: RememberOptions): Promise<Remembered[]>
  /** Like translateSettled, but rejects with the first error. */
  translate(segments: readonly Segment[], pair: { source: string; target: string }, options: RememberOptions): Promise<Array<Exclude<Remembered, { error: Error }>>>
  /**
   * What the pair's translations are filed under (the scope's `engine`): `engineFor(pair)`,
   * then `@` and `revisionFor(pair)` when that gives one. Readers of the store that do not
   * translate (a job's quote) look up with it.
   */
  engineKey(pair: { source: string; target: string }): string
  store: MemoryStore
}

export interface MemoryTranslatorOptions {
  translator: SegmentTranslator
  store: MemoryStore
  /** The engine that serves a pair (the memory scope's `engine`), e.g. the routed engine's first choice; 'apertium' for the embedded engine. */
  engineFor(pair: { source: string; target: string }): string
  /**
   * The revision of what that engine answers for a pair (@verso/engine's `revision`: Verso's
   * translation code and the Apertium data, an LLM's model), or null when it cannot tell. A
   * translation stored under one revision is not served under another, so an upgrade is not
   * hidden behind the older engine's answers. Default: none (translations are filed under the
   * engine's name alone).
   */
  revisionFor?(pair: { source: string; target: string }): string | null
}
