import { randomUUID } from 'node:crypto'
import { JobError } from '../errors.js'
import type { FileStore, JobStore, ProgressPatch, StoredJob, StoredLanguage } from '../types.js'
import { fileKey, ledgerSnapshotKey, sourceKey, targetKey } from '../types.js'
import type { FormatEntry, FormatsSeam, LoadedFormat, ParsedFile, PluralCategory, PluralForms, Prepared, Segment } from './formats.js'
import { planLanguage, sourceTextOf, type Decision, type LanguagePlan, type TargetFile } from './incremental.js'
import { ledgerScope, ledgerText, loadGlossary, memoryLookup, type LedgerEntry, type MemoryTranslator } from './memory.js'

/** What the job engine needs from a translator; @verso/engine's Engine satisfies it. */
export interface JobTranslator {
  supports(source: string, target: string): boolean
  detect(text: string): { language: string; confidence: number }
  /** Readies `detect` without holding the event loop (see @verso/engine's Engine); awaited before `auto` jobs detect. */
  prepareDetection?(): Promise<void>
  translateSettled(
    segments: readonly Segment[],
    pair: { source: string; target: string },
    /**
     * `context[i]` says where segment i comes from (`key: …`, and the file's comment for the
     * entry): translators that can use it (an LLM) do, the others ignore it.
     */
    options?: { context?: ReadonlyArray<string | undefined> },
  ): Promise<Array<{ segment: Segment } | { error: Error }>>
}

export interface ProcessContext {
  job: StoredJob
  leaseToken: string
  store: JobStore
  files: FileStore
  translator: JobTranslator
  formats: FormatsSeam
  /** The upload already parsed (by create, in this process). Default: read and parse it. */
  parsed?: ParsedFile
  /** Segments per translateSettled call. */
  batchSize: number
  /** Target languages processed side by side. Default: 1. */
  languageConcurrency?: number
  signal: AbortSignal
  /** The translate-through layer: when given, segments go through it (memory, glossary) and the ledger is kept. */
  memory?: MemoryTranslator | undefined
}

export interface ProcessResult {
  /** The source language (detected when the job said `auto`). */
  source: string
  /** Keys translated into every target language. */
  translated: number
  /** Keys that failed for at least one target language. */
  failed: number
  /** (key, language) pairs translated, reused or kept: with a value in the file. */
  translatedPairs: number
  /** (key, language) pairs an engine translated: the credits the job keeps. */
  chargedPairs: number
  /** Per target language, with the failed keys' indexes. */
  languages: Record<string, StoredLanguage>
  /** First failure reason, for the error message when every key failed. */
  firstProblem: string | null
}

/** Thrown when the lease was lost (another worker took over, or the job was deleted). */
export class LeaseLost extends Error {
  override name = 'LeaseLost'
}

const SAMPLE_CHARS = 2000

function describeIssues(parsed: ParsedFile): string {
  const shown = parsed.issues.slice(0, 3).map((issue) => `${issue.code} at ${issue.line}:${issue.column}: ${issue.message}`)
  const more = parsed.issues.length > 3 ? ` (and ${parsed.issues.length - 3} more)` : ''
  return `The file could not be processed: ${shown.join('; ')}${more}`
}

/**
 * Issues that mean the file as a whole was not understood: its entries would be a truncated
 * view and a written file would be broken. Others (a duplicate key, …) are reported by the
 * codec but the file is still translated.
 */
const FATAL = new Set(['FORMAT_SYNTAX', 'FORMAT_ENCODING', 'FORMAT_TOO_LARGE', 'FORMAT_TOO_DEEP', 'FORMAT_ALIAS_LIMIT', 'FORMAT_ENTITY_REFUSED', 'FORMAT_UNSUPPORTED'])

/**
 * Parses the upload: a file with a fatal issue, or with issues and no entries, is unrecoverable. Used at creation too.
 * A known source language (not `auto`) picks the source section of a multi-locale JSON/YAML file.
 */
export async function parseUpload(
  formats: FormatsSeam,
  job: Pick<StoredJob, 'file_type'> & Partial<Pick<StoredJob, 'source_language'>>,
  bytes: Uint8Array,
): Promise<ParsedFile> {
  let parsed: ParsedFile
  const sourceLanguage = job.source_language && job.source_language !== 'auto' ? job.source_language : undefined
  try {
    parsed = (await formats.load(job.file_type)).parse(bytes, sourceLanguage ? { sourceLanguage } : undefined)
  } catch (error) {
    throw new JobError('JOB_UNRECOVERABLE', `The file could not be read: ${(error as Error).message}`, { cause: error })
  }
  if (parsed.issues.length > 0 && (parsed.entries.length === 0 || parsed.issues.some((issue) => FATAL.has(issue.code)))) {
    throw new JobError('JOB_UNRECOVERABLE', describeIssues(parsed))
  }
  return parsed
}

/**
 * The source language of `auto` jobs, detected from a sample of the file's texts (after the
 * translator has readied its detection without holding the event loop).
 */
export async function detectSource(translator: Pick<JobTranslator, 'detect' | 'prepareDetection'>, entries: readonly FormatEntry[]): Promise<string> {
  await translator.prepareDetection?.()
  let sample = ''
  for (const entry of entries) {
    if (sample.length >= SAMPLE_CHARS) break
    sample += `${entry.text}\n`
  }
  const detected = sample.trim() === '' ? null : translator.detect(sample.slice(0, SAMPLE_CHARS * 2))
  if (!detected || !detected.language || detected.language === 'auto' || detected.language === 'und') {
    throw new JobError('JOB_UNRECOVERABLE', 'The source language could not be detected; set source_language.')
  }
  return detected.language
}

/**
 * Parses an uploaded target file: it must be of the job's file type (the caller checks the
 * name), parse without a fatal issue, and not be a multi-locale file, unless it is the job's own
 * upload (`own`: a multi-locale file is the target file of the sections it has).
 */
export function parseTargetFile(codec: LoadedFormat, bytes: Uint8Array, code: string, options: { sourceLanguage?: string; own?: boolean } = {}): TargetFile {
  let parsed: ParsedFile
  try {
    // a file holding every language (String Catalog, multi-locale JSON/YAML) is read as this one's file
    const sourceLanguage = options.sourceLanguage && options.sourceLanguage !== 'auto' ? options.sourceLanguage : undefined
    parsed = codec.parse(bytes, { targetLanguage: code, ...(sourceLanguage ? { sourceLanguage } : {}) }) as ParsedFile
  } catch (error) {
    throw new JobError('JOB_INVALID_TARGET_FILE', `The target file for '${code}' could not be read: ${(error as Error).message}`, { cause: error })
  }
  if (parsed.locales && !options.own) {
    throw new JobError('JOB_INVALID_TARGET_FILE', `The target file for '${code}' is a multi-locale file: incremental jobs do not support multi-locale JSON/YAML files.`)
  }
  const fatal = parsed.issues.filter((issue) => FATAL.has(issue.code))
  if (fatal.length > 0) {
    throw new JobError('JOB_INVALID_TARGET_FILE', `The target file for '${code}' ${describeIssues({ ...parsed, issues: fatal } as ParsedFile).replace('The file ', '')}`)
  }
  return parsed
}

export function countTranslatable(parsed: ParsedFile): number {
  return parsed.entries.reduce((n, entry) => n + (entry.translatable ? 1 : 0), 0)
}

/** A locale code as the codecs compare section names: `pt_BR`, `pt-br` and `pt-BR` are `pt-br`. */
export function normalLocale(code: string): string {
  return code.trim().replace(/_/g, '-').toLowerCase()
}

function segmentKey(segment: Segment): string {
  return typeof segment === 'string' ? `s${segment}` : `a${JSON.stringify(segment)}`
}

/** A segment back from the translator: `reused` when the memory answered it (no engine called). */
type SegmentResult = { segment: Segment; reused: boolean } | { error: Error }

interface Unit {
  prepared: Prepared
  /** Index into the unique segment list of each prepared segment. */
  refs: number[]
  /** Restored text or the problem, once all its segments are back (shared by every key with this text). */
  result?: { text: string; reused: boolean } | { problem: string }
}

interface Plan {
  key: string
  /** One unit for a plain entry; for a plural entry one per source form used, with its category. */
  units: Array<{ form: PluralCategory | undefined; unit: Unit }>
  /** Plural entries: target category → source category. */
  mapping?: Record<string, PluralCategory>
  /** A failure found while preparing. */
  problem?: string
  /** Incremental languages: the target file's value is kept (Verso's own or a human edit); nothing is translated. */
  keep?: Exclude<Decision, 'translate'>
  /** Largest segment index this entry needs + 1 (0: needs none). */
  needs: number
}

/** `reused` when every segment came from the memory (a unit without segments is not: nothing was looked up). */
function restoreUnit(unit: Unit, results: readonly SegmentResult[]): { text: string; reused: boolean } | { problem: string } {
  const segments: Segment[] = []
  let reused = unit.refs.length > 0
  for (const ref of unit.refs) {
    const result = results[ref]!
    if ('error' in result) return { problem: result.error.message }
    segments.push(result.segment)
    reused &&= result.reused
  }
  const restored = unit.prepared.restore(segments)
  if (restored.problems.length > 0) return { problem: restored.problems.map((p) => `${p.code} ${p.message}`).join('; ') }
  return { text: restored.text, reused }
}

/**
 * The i18n handler: parse, detect the source if needed, then per target language mask,
 * dedupe, translate in batches, restore and write the file. Languages whose file already
 * exists (a previous attempt got that far) are not done again.
 */
export async function processJob(ctx: ProcessContext): Promise<ProcessResult> {
  const { job, store, files, translator, formats, leaseToken, signal } = ctx
  const check = () => {
    if (signal.aborted) throw new LeaseLost('lease lost')
  }
  let parsed = ctx.parsed
  if (!parsed) {
    const bytes = await files.get(sourceKey(job.id))
    if (!bytes) throw new JobError('JOB_UNRECOVERABLE', 'The uploaded file is missing.')
    parsed = await parseUpload(formats, job, bytes)
  } else if (parsed.locales && job.source_language !== 'auto' && normalLocale(parsed.locales.source) !== normalLocale(job.source_language)) {
    // Multi-locale file (formats): parsed at creation without the source language, so its entries
    // may be another locale's section; read it again with the job's source.
    const bytes = await files.get(sourceKey(job.id))
    if (!bytes) throw new JobError('JOB_UNRECOVERABLE', 'The uploaded file is missing.')
    parsed = await parseUpload(formats, job, bytes)
  }
  const codec: LoadedFormat = await formats.load(job.file_type)
  const entries = parsed.entries.filter((entry) => entry.translatable)
  // formats: the file's message syntax (vue-i18n) shapes what prepare protects and escapes
  const syntax = parsed.syntax

  const source = job.source_language === 'auto' ? await detectSource(translator, entries) : job.source_language
  const memory = ctx.memory
  const glossary = await loadGlossary(memory, job, { source, targets: job.target_languages })

  const done = new Map((await store.files(job.id)).map((file) => [file.language_code, file]))
  // Key-level counts (spec 2.4): a key is translated once it is translated into every target
  // language, failed as soon as one language fails it. Per language, the counts are its own.
  const targetCount = job.target_languages.length
  const languagesOk = new Uint16Array(entries.length)
  const keyFailed = new Uint8Array(entries.length)
  let keysTranslated = 0
  let keysFailed = 0
  let translatedPairs = 0
  let chargedPairs = 0
  const keyOk = (index: number) => {
    translatedPairs++
    if (++languagesOk[index]! === targetCount) keysTranslated++
  }
  const keyFails = (index: number) => {
    if (keyFailed[index]) return
    keyFailed[index] = 1
    keysFailed++
  }
  const languages: Record<string, StoredLanguage> = {}
  let firstProblem: string | null = null
  const todo: string[] = []
  for (const target of job.target_languages) {
    const file = done.get(target)
    const earlier = job.languages[target]
    // A language finished by an earlier attempt counts again from its recorded failed keys;
    // without that record (a job from an older version) it is done again.
    if (file && earlier?.failed_indexes && (await files.get(fileKey(job.id, target)))) {
      const failedHere = new Set(earlier.failed_indexes)
      for (let index = 0; index < entries.length; index++) {
        if (failedHere.has(index)) keyFails(index)
        else keyOk(index)
      }
      chargedPairs += earlier.charged_keys ?? earlier.translated_keys
      languages[target] = earlier
    } else {
      languages[target] = { translated_keys: 0, failed_keys: 0, status: 'pending', reused_keys: 0, kept_keys: 0, needs_review: [], charged_keys: 0 }
      todo.push(target)
    }
  }
  // Progress writes go one after another, so counts never go backwards.
  let writes: Promise<void> = Promise.resolve()
  const report = (extra: Partial<ProgressPatch> = {}): Promise<void> => {
    const patch: ProgressPatch = {
      translated_keys: keysTranslated,
      failed_keys: keysFailed,
      languages: structuredClone(languages),
      now: new Date().toISOString(),
      ...extra,
    }
    writes = writes.then(async () => {
      if (!(await store.progress(job.id, leaseToken, patch))) throw new LeaseLost('lease lost')
    })
    return writes
  }
  await report({ source_language: source })

  // The target files of incremental languages, parsed once per job run.
  const targetFiles = new Map<string, TargetFile>()
  const loadTargetFile = async (target: string): Promise<TargetFile | undefined> => {
    if (!job.target_files.includes(target)) return undefined
    if (!memory) throw new JobError('JOB_UNRECOVERABLE', 'The job has target files but this server has no translation memory (ledger) configured.')
    const bytes = await files.get(targetKey(job.id, target))
    if (!bytes) throw new JobError('JOB_UNRECOVERABLE', `The uploaded target file for '${target}' is missing.`)
    // a multi-locale target file passed creation's checks only as the job's own upload
    const parsedTarget = parseTargetFile(codec, bytes, target, { sourceLanguage: source, own: true })
    targetFiles.set(target, parsedTarget)
    return parsedTarget
  }

  /**
   * The ledger rows this language is classified against. The first attempt saves them next to
   * the job's files before anything is written, so an attempt that takes the job over after a
   * crash (when this language's file and ledger rows may already be written) classifies every
   * key the same way instead of taking Verso's fresh values for human edits.
   */
  const ledgerFor = async (target: string): Promise<Map<string, LedgerEntry>> => {
    const saved = await files.get(ledgerSnapshotKey(job.id, target))
    if (saved) return new Map((JSON.parse(new TextDecoder().decode(saved)) as LedgerEntry[]).map((row) => [row.key, row]))
    const rows = await memory!.store.ledger(ledgerScope(job, source, target), entries.map((entry) => entry.key))
    await files.put(ledgerSnapshotKey(job.id, target), new TextEncoder().encode(JSON.stringify([...rows.values()])))
    return rows
  }

  const runTarget = async (target: string): Promise<void> => {
    check()
    const counts: StoredLanguage = { translated_keys: 0, failed_keys: 0, status: 'processing', reused_keys: 0, kept_keys: 0, needs_review: [], charged_keys: 0 }
    languages[target] = counts
    const failedIndexes: number[] = []
    const translations = new Map<string, string | PluralForms>()
    /** What the ledger records once the file is written: every key Verso translated or kept as its own. */
    const ledgerRows: LedgerEntry[] = []
    /**
     * `copied`: a value with nothing for an engine (only placeholders, a date pattern, an icon
     * name) is written as it is; it counts as translated and costs nothing.
     */
    const ok = (index: number, how: 'engine' | 'reused' | 'kept' | 'copied') => {
      counts.translated_keys++
      if (how === 'engine') counts.charged_keys!++
      else if (how === 'reused') counts.reused_keys!++
      else if (how === 'kept') counts.kept_keys!++
      if (how === 'engine') chargedPairs++
      keyOk(index)
    }
    const fail = (index: number, reason: string) => {
      counts.failed_keys++
      failedIndexes.push(index)
      keyFails(index)
      firstProblem ??= reason
    }

    let targetFile: TargetFile | undefined
    let languagePlan: LanguagePlan | undefined
    if (target === source) {
      // Nothing to translate: the file is written with its values unchanged, every key counted as translated.
      for (let i = 0; i < entries.length; i++) ok(i, 'engine')
    } else if (!translator.supports(source, target)) {
      for (let i = 0; i < entries.length; i++) fail(i, `No translator for ${source} → ${target}.`)
    } else {
      targetFile = await loadTargetFile(target)
      const context = { codec, fileType: job.file_type, syntax, source, target }
      if (targetFile) {
        const lookup = job.use_memory ? memoryLookup(memory!, { accountId: job.owner_id, source, target, glossary }) : undefined
        languagePlan = await planLanguage({ entries, targetFile, ledger: await ledgerFor(target), context, lookup })
        counts.needs_review = [...languagePlan.needsReview]
        check()
      }
      const unique: Segment[] = []
      // where each unique segment was first met: the entry's key and comment, for translators that use context
      const contexts: Array<string | undefined> = []
      let currentContext: string | undefined
      const index = new Map<string, number>()
      const plans: Plan[] = []
      const refer = (segments: Segment[]) =>
        segments.map((segment) => {
          const k = segmentKey(segment)
          let at = index.get(k)
          if (at === undefined) {
            at = unique.length
            unique.push(segment)
            contexts.push(currentContext)
            index.set(k, at)
          }
          return at
        })
      // Equal source texts are prepared, restored and translated once per target.
      const byText = new Map<string, Unit>()
      const unitFor = (text: string, pluralForm = false): Unit => {
        const key = `${pluralForm ? 'p' : 's'}${text}`
        let unit = byText.get(key)
        if (!unit) {
          const prepared = codec.prepare(text, { format: job.file_type, targetLanguage: target, sourceLanguage: source, ...(syntax ? { syntax } : {}), ...(pluralForm ? { pluralForm } : {}) })
          unit = { prepared, refs: refer(prepared.segments) }
          byText.set(key, unit)
        }
        return unit
      }
      for (let i = 0; i < entries.length; i++) {
        const entry = entries[i]!
        const plan: Plan = { key: entry.key, units: [], needs: 0 }
        const decision = languagePlan?.decisions[i] ?? 'translate'
        if (decision !== 'translate') {
          plan.keep = decision
          plans.push(plan)
          continue
        }
        currentContext = entry.note ? `key: ${entry.key}\nnote: ${entry.note}` : `key: ${entry.key}`
        try {
          if (entry.plural && Object.keys(entry.plural).length > 0) {
            const forms = entry.plural
            plan.mapping = codec.mapPluralForms(forms, source, target)
            for (const form of new Set(Object.values(plan.mapping))) {
              plan.units.push({ form, unit: unitFor(forms[form] ?? entry.text, true) })
            }
          } else {
            plan.units.push({ form: undefined, unit: unitFor(entry.text) })
          }
        } catch (error) {
          plan.problem = `${entry.key}: ${(error as Error).message}`
        }
        for (const { unit } of plan.units) for (const ref of unit.refs) plan.needs = Math.max(plan.needs, ref + 1)
        plans.push(plan)
      }

      const results: SegmentResult[] = []
      let next = 0
      // Keys whose segments are all back are restored as soon as their batch returns.
      const settle = (upTo: number) => {
        while (next < plans.length && plans[next]!.needs <= upTo) {
          // Plans are in entry order: a plan's index is its key's.
          const index = next
          const plan = plans[next++]!
          const entry = entries[index]!
          if (plan.keep) {
            const value = targetFile!.valueOf(entry.key)!
            if (plan.keep === 'own') ledgerRows.push({ key: entry.key, sourceText: sourceTextOf(entry), value: ledgerText(value) })
            else {
              // A human edit keeps its ledger row (Verso's value) with the current source text, so
              // needs_review is reported once per source change.
              const row = languagePlan?.ledger.get(entry.key)
              if (row) ledgerRows.push({ key: entry.key, sourceText: sourceTextOf(entry), value: row.value })
            }
            ok(index, plan.keep === 'own' ? 'reused' : 'kept')
            continue
          }
          if (plan.problem) {
            fail(index, plan.problem)
            continue
          }
          const texts = new Map<PluralCategory | undefined, string>()
          let problem: string | null = null
          let reused = true
          for (const { form, unit } of plan.units) {
            const result = (unit.result ??= restoreUnit(unit, results))
            if ('problem' in result) {
              problem = `${plan.key}: ${result.problem}`
              break
            }
            reused &&= result.reused
            texts.set(form, result.text)
          }
          if (problem) {
            fail(index, problem)
            continue
          }
          let value: string | PluralForms
          if (plan.mapping) {
            const forms: PluralForms = {}
            for (const [category, from] of Object.entries(plan.mapping)) forms[category as PluralCategory] = texts.get(from)!
            value = forms
          } else {
            value = texts.get(undefined)!
          }
          translations.set(plan.key, value)
          ledgerRows.push({ key: entry.key, sourceText: sourceTextOf(entry), value: ledgerText(value) })
          ok(index, plan.units.every(({ unit }) => unit.refs.length === 0) ? 'copied' : reused ? 'reused' : 'engine')
        }
      }
      settle(0)
      const pair = { source, target }
      for (let start = 0; start < unique.length; start += ctx.batchSize) {
        check()
        const chunk = unique.slice(start, start + ctx.batchSize)
        const context = contexts.slice(start, start + ctx.batchSize)
        // A throw here (the whole call failed, not one segment) fails the attempt; the job is retried.
        const settled: SegmentResult[] = memory
          ? (
              await memory.translateSettled(chunk, pair, {
                accountId: job.owner_id,
                useMemory: job.use_memory,
                glossary,
                origin: { via: 'job', jobId: job.id },
                context,
                signal,
              })
            ).map((result) => ('error' in result ? result : { segment: result.segment, reused: result.reused }))
          : (await translator.translateSettled(chunk, pair, { context })).map((result) =>
              'error' in result ? result : { segment: result.segment, reused: false },
            )
        for (let i = 0; i < chunk.length; i++) results.push(settled[i] ?? { error: new Error('The translator returned no result.') })
        settle(results.length)
        check()
        // Not awaited here: a failed write also rejects `writes`, which processJob awaits before returning.
        void report().catch(() => undefined)
      }
      settle(results.length)
    }

    check()
    // An incremental language: the uploaded target file with only the translated keys changed
    // or inserted; otherwise the source file with the translations spliced in.
    let out: Uint8Array
    try {
      out = targetFile ? targetFile.merge(parsed, translations, { targetLanguage: target }) : parsed.write(translations, { targetLanguage: target })
    } catch (error) {
      // The codec refusing these files (FORMAT_UNSUPPORTED, …) does the same on every attempt.
      throw new JobError('JOB_UNRECOVERABLE', `The '${target}' file could not be written: ${(error as Error).message}`, { cause: error })
    }
    await files.put(fileKey(job.id, target), out)
    check()
    // After the file: a crash in between leaves the ledger as it was, and the re-run (same
    // snapshot, see ledgerFor) writes the same file and these rows again.
    if (memory && target !== source && ledgerRows.length > 0) await memory.store.record(ledgerScope(job, source, target), ledgerRows)
    check()
    counts.status = counts.failed_keys === 0 ? 'completed' : counts.translated_keys === 0 ? 'failed' : 'partial'
    counts.failed_indexes = failedIndexes
    const stamp = new Date().toISOString()
    await report({
      file: {
        id: randomUUID(),
        job_id: job.id,
        language_code: target,
        file_size: out.byteLength,
        created_at: stamp,
        translated: counts.translated_keys,
        failed: counts.failed_keys,
        encoding: parsed.encoding,
      },
    })
  }

  // Languages run side by side (up to languageConcurrency), so codec work for one overlaps
  // the engine's work for another.
  let cursor = 0
  let stop: unknown
  const lane = async () => {
    while (cursor < todo.length && stop === undefined) {
      const target = todo[cursor++]!
      try {
        await runTarget(target)
      } catch (error) {
        stop ??= error
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(ctx.languageConcurrency ?? 1, todo.length)) }, lane))
  await writes.catch((error: unknown) => {
    stop ??= error
  })
  if (stop !== undefined) throw stop
  return { source, translated: keysTranslated, failed: keysFailed, translatedPairs, chargedPairs, languages, firstProblem }
}
