/**
 * The job engine's side of @verso/memory: the memory read without translating (quotes, and
 * telling Verso's earlier values from human edits in an uploaded target file) and the ledger
 * of what Verso wrote into each document.
 */
import { glossaryLanguageCovers, maskTerms, parseSegmentText, segmentText, type Glossary, type LedgerEntry, type LedgerScope, type MemoryTranslator, type Segment } from '@verso/memory'
import { JobError } from '../errors.js'
import type { PluralForms } from './formats.js'

export type { Glossary, LedgerEntry, LedgerScope, MemoryTranslator }

/**
 * The memory's translations of `segments` (undefined: not stored), looked up exactly as the
 * translate-through layer files them (glossary terms masked, the same scope), without calling
 * an engine.
 */
export type MemoryLookup = (segments: readonly Segment[]) => Promise<Array<Segment | undefined>>

export function memoryLookup(
  memory: MemoryTranslator,
  scope: { accountId: string; source: string; target: string; glossary: Glossary | null },
): MemoryLookup {
  const pair = { source: scope.source, target: scope.target }
  const memoryScope = { accountId: scope.accountId, ...pair, engine: memory.engineKey(pair), glossary: scope.glossary?.glossary_id ?? '' }
  return async (segments) => {
    const masked = segments.map((segment) => (scope.glossary ? maskTerms(segment, scope.glossary) : { segment, restore: (s: Segment) => s }))
    const found = await memory.store.lookup(memoryScope, masked.map((m) => segmentText(m.segment)))
    return masked.map((m, i) => {
      if (found[i] === undefined) return undefined
      try {
        return m.restore(parseSegmentText(found[i]!))
      } catch {
        // A row the layer would not serve either (unreadable, a term token lost): the layer
        // translates such a segment again, so it is not in the memory for a quote.
        return undefined
      }
    })
  }
}

/** The ledger is keyed by the upload's file name, per account and pair. */
export function ledgerScope(job: { owner_id: string; original_filename: string }, source: string, target: string): LedgerScope {
  return { accountId: job.owner_id, document: job.original_filename, source, target }
}

const CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const

/** A value as the ledger keeps it: the text, or a plural's forms as JSON in CLDR category order. */
export function ledgerText(value: string | PluralForms): string {
  if (typeof value === 'string') return value
  const ordered: PluralForms = {}
  for (const category of CATEGORIES) if (value[category] !== undefined) ordered[category] = value[category]
  return JSON.stringify(ordered)
}

/**
 * The job's glossary, loaded when the job runs (glossaries are immutable, so this is the one
 * chosen at creation, unless it was deleted meanwhile: then the job fails).
 */
export async function loadGlossary(
  memory: MemoryTranslator | undefined,
  job: { owner_id: string; glossary_id: string | null },
  pair: { source: string; targets: readonly string[] },
): Promise<Glossary | null> {
  if (!job.glossary_id) return null
  if (!memory) throw new JobError('JOB_UNRECOVERABLE', 'The job uses a glossary but this server has no translation memory configured.')
  const glossary = await memory.store.getGlossary(job.owner_id, job.glossary_id)
  if (!glossary) throw new JobError('JOB_UNRECOVERABLE', `The glossary ${job.glossary_id} was deleted after the job was created.`)
  const mismatch = glossaryMismatch(glossary, pair.source, pair.targets)
  if (mismatch) throw new JobError('JOB_UNRECOVERABLE', mismatch)
  return glossary
}

/**
 * Why the glossary cannot serve the job's pair(s), or null, by the rule the translate-through
 * layer applies (glossaryLanguageCovers: a language's glossary serves its variants too).
 * `source` 'auto' is not checked.
 */
export function glossaryMismatch(glossary: Glossary | { glossary_id: string; source_language: string; target_language: string }, source: string, targets: readonly string[]): string | null {
  if (source !== 'auto' && !glossaryLanguageCovers(glossary.source_language, source)) {
    return `The glossary ${glossary.glossary_id} is for ${glossary.source_language} → ${glossary.target_language}, but the job's source language is ${source}.`
  }
  const other = targets.find((target) => !glossaryLanguageCovers(glossary.target_language, target))
  if (other !== undefined) {
    return `The glossary ${glossary.glossary_id} is for ${glossary.source_language} → ${glossary.target_language}; it cannot be used for the target language ${other}.`
  }
  return null
}
