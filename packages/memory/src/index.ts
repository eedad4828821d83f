export type * from './types.js'
export { memoryStoreErrorCodes, MemoryStoreError } from './store/errors.js'
export type { MemoryStoreErrorCode } from './store/errors.js'
export { memoryStoreFromEnv } from './store/env.js'
export { postgresMemoryStore } from './store/postgres.js'
export type { PostgresMemoryStoreOptions } from './store/postgres.js'
export { sqliteMemoryStore } from './store/sqlite.js'
export type { SqliteMemoryStoreOptions } from './store/sqlite.js'
export { GlossaryError, glossaryErrorCodes } from './glossary/errors.js'
export type { GlossaryErrorCode } from './glossary/errors.js'
export {
  parseGlossaryEntries,
  validateGlossary,
  MAX_GLOSSARY_ENTRIES,
  MAX_GLOSSARY_NAME_LENGTH,
  MAX_TERM_LENGTH,
} from './glossary/entries.js'
export type { GlossaryEntriesFormat, GlossaryInput, ParseGlossaryEntriesOptions } from './glossary/entries.js'
export { maskTerms } from './glossary/mask.js'
export { glossaryCoversPair, glossaryLanguageCovers } from './glossary/pair.js'
export type { MaskedSegment } from './glossary/mask.js'
export { segmentText, parseSegmentText } from './segment-text.js'
export { createMemoryTranslator } from './translator.js'
export type { CreateMemoryTranslatorOptions, MemoryLogger } from './translator.js'
