/**
 * Incremental jobs: which keys of a language need an engine, given the uploaded target file,
 * the document's ledger (what Verso last wrote into it) and the memory. The worker and the
 * quote (`dry_run`) share this code, so a quote is what the job then charges.
 */
import type { FormatEntry, LoadedFormat, MessageSyntax, ParsedFile, PluralCategory, PluralForms, Segment } from './formats.js'
import type { FileType } from '../types.js'
import { ledgerText, type LedgerEntry, type MemoryLookup } from './memory.js'

/** What happens to one source key in one language. */
export type Decision =
  /** Sent through the memory/engine (the target file lacks it, its source changed, or there is no target file). */
  | 'translate'
  /** The target file holds Verso's own value for the unchanged source text: kept, counted reused, not charged. */
  | 'own'
  /** The target file holds a human edit: kept byte for byte, counted kept, not charged. */
  | 'kept'

export interface LanguagePlan {
  /** By index into the translatable entries. */
  decisions: Decision[]
  /** Kept human edits whose source text changed since the ledger's row was written. */
  needsReview: string[]
  /** The ledger as read (rows of the source's keys). */
  ledger: Map<string, LedgerEntry>
}

/** A target file as the job reads it (`valueOf`, `merge`). */
export type TargetFile = ParsedFile

/** The text the ledger keeps as `sourceText` for an entry: its text, or its plural forms as JSON. */
export function sourceTextOf(entry: FormatEntry): string {
  return entry.plural && Object.keys(entry.plural).length > 0 ? ledgerText(entry.plural) : entry.text
}

function hasValue(value: string | PluralForms | undefined): value is string | PluralForms {
  if (value === undefined) return false
  if (typeof value === 'string') return value !== ''
  return Object.values(value).some((form) => form !== undefined && form !== '')
}

export interface UnitContext {
  codec: LoadedFormat
  fileType: FileType
  syntax?: MessageSyntax | undefined
  source: string
  target: string
}

/**
 * What the memory alone gives for each entry: `value` when every segment of every form is
 * stored (and restores cleanly), with how many segments that took. Entries with no segment
 * (nothing to translate) get no value: they go to `translate` as before.
 */
export async function memoryValues(entries: readonly FormatEntry[], context: UnitContext, lookup: MemoryLookup): Promise<Array<string | PluralForms | undefined>> {
  const prepareOptions = {
    format: context.fileType,
    targetLanguage: context.target,
    sourceLanguage: context.source,
    ...(context.syntax ? { syntax: context.syntax } : {}),
  }
  const unique: Segment[] = []
  const index = new Map<string, number>()
  const refer = (segment: Segment) => {
    const key = typeof segment === 'string' ? `s${segment}` : `a${JSON.stringify(segment)}`
    let at = index.get(key)
    if (at === undefined) {
      at = unique.length
      unique.push(segment)
      index.set(key, at)
    }
    return at
  }
  type Prepared = ReturnType<LoadedFormat['prepare']>
  const plans = entries.map((entry) => {
    try {
      const forms = new Map<PluralCategory | undefined, { prepared: Prepared; refs: number[] }>()
      let mapping: Record<string, PluralCategory> | undefined
      // prepared as the job prepares them (process/i18n.ts), so the memory is read under the same segments
      const add = (form: PluralCategory | undefined, text: string) => {
        const prepared = context.codec.prepare(text, form === undefined ? prepareOptions : { ...prepareOptions, pluralForm: true })
        forms.set(form, { prepared, refs: prepared.segments.map(refer) })
      }
      if (entry.plural && Object.keys(entry.plural).length > 0) {
        mapping = context.codec.mapPluralForms(entry.plural, context.source, context.target)
        for (const form of new Set(Object.values(mapping))) add(form, entry.plural[form] ?? entry.text)
      } else {
        add(undefined, entry.text)
      }
      return { forms, mapping }
    } catch {
      // An entry prepare refuses is failed by the worker; the memory has nothing for it.
      return null
    }
  })
  const found = unique.length > 0 ? await lookup(unique) : []
  return plans.map((plan) => {
    if (!plan) return undefined
    const texts = new Map<PluralCategory | undefined, string>()
    let segments = 0
    for (const [form, { prepared, refs }] of plan.forms) {
      const translated: Segment[] = []
      for (const ref of refs) {
        const segment = found[ref]
        if (segment === undefined) return undefined
        translated.push(segment)
      }
      segments += refs.length
      const restored = prepared.restore(translated)
      if (restored.problems.length > 0) return undefined
      texts.set(form, restored.text)
    }
    if (segments === 0) return undefined
    if (!plan.mapping) return texts.get(undefined)
    const forms: PluralForms = {}
    for (const [category, from] of Object.entries(plan.mapping)) forms[category as PluralCategory] = texts.get(from)!
    return forms
  })
}

/**
 * Decides, per key, between translating, keeping Verso's own value and keeping a human edit:
 * - no value in the target file (absent or empty) → translate;
 * - the ledger's value: equal → Verso's own (kept when the source is unchanged, else translate);
 *   different → a human edit, kept, and listed for review when the source changed;
 * - no ledger row: equal to the memory's translation of the current text → Verso's own; else a
 *   human edit (a memory that is not read, `use_memory=false`, knows nothing: kept).
 */
export async function planLanguage(input: {
  entries: readonly FormatEntry[]
  targetFile: TargetFile
  ledger: Map<string, LedgerEntry>
  context: UnitContext
  lookup?: MemoryLookup | undefined
}): Promise<LanguagePlan> {
  const { entries, targetFile, ledger } = input
  const decisions: Decision[] = new Array<Decision>(entries.length)
  const needsReview: string[] = []
  const unknown: number[] = []
  const values: Array<string | PluralForms | undefined> = new Array(entries.length)
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!
    const value = targetFile.valueOf(entry.key)
    if (!hasValue(value)) {
      decisions[i] = 'translate'
      continue
    }
    values[i] = value
    const row = ledger.get(entry.key)
    const sourceChanged = row !== undefined && row.sourceText !== sourceTextOf(entry)
    if (row && row.value === ledgerText(value)) {
      decisions[i] = sourceChanged ? 'translate' : 'own'
    } else if (row) {
      decisions[i] = 'kept'
      if (sourceChanged) needsReview.push(entry.key)
    } else {
      unknown.push(i)
    }
  }
  if (unknown.length > 0) {
    const fromMemory = input.lookup ? await memoryValues(unknown.map((i) => entries[i]!), input.context, input.lookup) : []
    unknown.forEach((i, n) => {
      const remembered = fromMemory[n]
      decisions[i] = remembered !== undefined && ledgerText(remembered) === ledgerText(values[i]!) ? 'own' : 'kept'
    })
  }
  return { decisions, needsReview, ledger }
}

/** The quote of one language: keys an engine translates (the credits), keys reused, kept, to review. */
export interface LanguageQuote {
  keys_to_translate: number
  reused_keys: number
  kept_keys: number
  needs_review: string[]
}

/**
 * Counts a language as the worker will: `translate` keys whose every segment the memory holds
 * are reused (free), the others cost one credit each; `own` keys are reused, `kept` keys kept.
 */
export async function quoteLanguage(input: {
  entries: readonly FormatEntry[]
  plan?: LanguagePlan | undefined
  context: UnitContext
  lookup?: MemoryLookup | undefined
}): Promise<LanguageQuote> {
  const { entries, plan } = input
  const toTranslate: FormatEntry[] = []
  let reused = 0
  let kept = 0
  for (let i = 0; i < entries.length; i++) {
    const decision = plan?.decisions[i] ?? 'translate'
    if (decision === 'own') reused++
    else if (decision === 'kept') kept++
    else toTranslate.push(entries[i]!)
  }
  let fromMemory = 0
  if (input.lookup && toTranslate.length > 0) {
    fromMemory = (await memoryValues(toTranslate, input.context, input.lookup)).filter((value) => value !== undefined).length
  }
  return { keys_to_translate: toTranslate.length - fromMemory, reused_keys: reused + fromMemory, kept_keys: kept, needs_review: plan ? [...plan.needsReview] : [] }
}
