import { randomUUID } from 'node:crypto'
import { JobError } from '../errors.js'
import type { FileStore, JobStore, ProgressPatch, StoredJob, StoredLanguage } from '../types.js'
import { fileKey, sourceKey } from '../types.js'
import type { FormatsSeam, LoadedFormat, ParsedFile, PluralCategory, PluralForms, Prepared, Segment } from './formats.js'

/** What the job engine needs from a translator; @verso/engine's Engine satisfies it. */
export interface JobTranslator {
  supports(source: string, target: string): boolean
  detect(text: string): { language: string; confidence: number }
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
}

export interface ProcessResult {
  /** The source language (detected when the job said `auto`). */
  source: string
  /** Keys translated into every target language. */
  translated: number
  /** Keys that failed for at least one target language. */
  failed: number
  /** (key, language) pairs translated: the credits the job keeps. */
  translatedPairs: number
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

export function countTranslatable(parsed: ParsedFile): number {
  return parsed.entries.reduce((n, entry) => n + (entry.translatable ? 1 : 0), 0)
}

/** `pt_BR`, `pt-br` and `pt-BR` name the same section of a multi-locale file. */
function sameLocale(a: string, b: string): boolean {
  return a.replace(/_/g, '-').toLowerCase() === b.replace(/_/g, '-').toLowerCase()
}

function segmentKey(segment: Segment): string {
  return typeof segment === 'string' ? `s${segment}` : `a${JSON.stringify(segment)}`
}

interface Unit {
  prepared: Prepared
  /** Index into the unique segment list of each prepared segment. */
  refs: number[]
  /** Restored text or the problem, once all its segments are back (shared by every key with this text). */
  result?: { text: string } | { problem: string }
}

interface Plan {
  key: string
  /** One unit for a plain entry; for a plural entry one per source form used, with its category. */
  units: Array<{ form: PluralCategory | undefined; unit: Unit }>
  /** Plural entries: target category → source category. */
  mapping?: Record<string, PluralCategory>
  /** A failure found while preparing. */
  problem?: string
  /** Largest segment index this entry needs + 1 (0: needs none). */
  needs: number
}

function restoreUnit(unit: Unit, results: ReadonlyArray<{ segment: Segment } | { error: Error }>): { text: string } | { problem: string } {
  const segments: Segment[] = []
  for (const ref of unit.refs) {
    const result = results[ref]!
    if ('error' in result) return { problem: result.error.message }
    segments.push(result.segment)
  }
  const restored = unit.prepared.restore(segments)
  if (restored.problems.length > 0) return { problem: restored.problems.map((p) => `${p.code} ${p.message}`).join('; ') }
  return { text: restored.text }
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
  } else if (parsed.locales && job.source_language !== 'auto' && !sameLocale(parsed.locales.source, job.source_language)) {
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

  let source = job.source_language
  if (source === 'auto') {
    let sample = ''
    for (const entry of entries) {
      if (sample.length >= SAMPLE_CHARS) break
      sample += `${entry.text}\n`
    }
    const detected = sample.trim() === '' ? null : translator.detect(sample.slice(0, SAMPLE_CHARS * 2))
    if (!detected || !detected.language || detected.language === 'auto' || detected.language === 'und') {
      throw new JobError('JOB_UNRECOVERABLE', 'The source language could not be detected; set source_language.')
    }
    source = detected.language
  }

  const done = new Map((await store.files(job.id)).map((file) => [file.language_code, file]))
  // Key-level counts (spec 2.4): a key is translated once it is translated into every target
  // language, failed as soon as one language fails it. Per language, the counts are its own.
  const targetCount = job.target_languages.length
  const languagesOk = new Uint16Array(entries.length)
  const keyFailed = new Uint8Array(entries.length)
  let keysTranslated = 0
  let keysFailed = 0
  let translatedPairs = 0
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
      languages[target] = earlier
    } else {
      languages[target] = { translated_keys: 0, failed_keys: 0, status: 'pending' }
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

  const runTarget = async (target: string): Promise<void> => {
    check()
    const counts: StoredLanguage = { translated_keys: 0, failed_keys: 0, status: 'processing' }
    languages[target] = counts
    const failedIndexes: number[] = []
    const translations = new Map<string, string | PluralForms>()
    const ok = (index: number) => {
      counts.translated_keys++
      keyOk(index)
    }
    const fail = (index: number, reason: string) => {
      counts.failed_keys++
      failedIndexes.push(index)
      keyFails(index)
      firstProblem ??= reason
    }

    if (target === source) {
      // Nothing to translate: the file is written with its values unchanged, every key counted as translated.
      for (let i = 0; i < entries.length; i++) ok(i)
    } else if (!translator.supports(source, target)) {
      for (let i = 0; i < entries.length; i++) fail(i, `No translator for ${source} → ${target}.`)
    } else {
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
      const unitFor = (text: string): Unit => {
        let unit = byText.get(text)
        if (!unit) {
          const prepared = codec.prepare(text, { format: job.file_type, targetLanguage: target, sourceLanguage: source, ...(syntax ? { syntax } : {}) })
          unit = { prepared, refs: refer(prepared.segments) }
          byText.set(text, unit)
        }
        return unit
      }
      for (const entry of entries) {
        const plan: Plan = { key: entry.key, units: [], needs: 0 }
        currentContext = entry.note ? `key: ${entry.key}\nnote: ${entry.note}` : `key: ${entry.key}`
        try {
          if (entry.plural && Object.keys(entry.plural).length > 0) {
            const forms = entry.plural
            plan.mapping = codec.mapPluralForms(forms, source, target)
            for (const form of new Set(Object.values(plan.mapping))) {
              plan.units.push({ form, unit: unitFor(forms[form] ?? entry.text) })
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

      const results: Array<{ segment: Segment } | { error: Error }> = []
      let next = 0
      // Keys whose segments are all back are restored as soon as their batch returns.
      const settle = (upTo: number) => {
        while (next < plans.length && plans[next]!.needs <= upTo) {
          // Plans are in entry order: a plan's index is its key's.
          const index = next
          const plan = plans[next++]!
          if (plan.problem) {
            fail(index, plan.problem)
            continue
          }
          const texts = new Map<PluralCategory | undefined, string>()
          let problem: string | null = null
          for (const { form, unit } of plan.units) {
            const result = (unit.result ??= restoreUnit(unit, results))
            if ('problem' in result) {
              problem = `${plan.key}: ${result.problem}`
              break
            }
            texts.set(form, result.text)
          }
          if (problem) {
            fail(index, problem)
            continue
          }
          if (plan.mapping) {
            const forms: PluralForms = {}
            for (const [category, from] of Object.entries(plan.mapping)) forms[category as PluralCategory] = texts.get(from)!
            translations.set(plan.key, forms)
          } else {
            translations.set(plan.key, texts.get(undefined)!)
          }
          ok(index)
        }
      }
      settle(0)
      for (let start = 0; start < unique.length; start += ctx.batchSize) {
        check()
        const chunk = unique.slice(start, start + ctx.batchSize)
        // A throw here (the whole call failed, not one segment) fails the attempt; the job is retried.
        const settled = await translator.translateSettled(chunk, { source, target }, { context: contexts.slice(start, start + ctx.batchSize) })
        for (let i = 0; i < chunk.length; i++) results.push(settled[i] ?? { error: new Error('The translator returned no result.') })
        settle(results.length)
        check()
        // Not awaited here: a failed write also rejects `writes`, which processJob awaits before returning.
        void report().catch(() => undefined)
      }
      settle(results.length)
    }

    check()
    const out = parsed.write(translations, { targetLanguage: target })
    await files.put(fileKey(job.id, target), out)
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
  return { source, translated: keysTranslated, failed: keysFailed, translatedPairs, languages, firstProblem }
}
