import { createHash, randomUUID } from 'node:crypto'
import { setMaxListeners } from 'node:events'
import { JobError, isUnrecoverable } from './errors.js'
import { FILE_TYPES, versoFormats, type FormatsSeam, type ParsedFile } from './process/formats.js'
import { LeaseLost, countTranslatable, detectSource, normalLocale, parseTargetFile, parseUpload, processJob, type JobTranslator } from './process/i18n.js'
import { planLanguage, quoteLanguage, type LanguageQuote, type TargetFile } from './process/incremental.js'
import { glossaryMismatch, ledgerScope, memoryLookup, type Glossary, type MemoryTranslator } from './process/memory.js'
import { leaseQueue } from './queue/lease.js'
import type { FileStore, JobLogger, JobQueue, JobRecord, JobStore, JobWithFiles, LanguageProgress, OutboxInput, StoredJob, StoredLanguage, TranslatedFile } from './types.js'
import { fileKey, silentLogger, sourceKey, targetKey } from './types.js'
import { createOutbox } from './outbox.js'
import { contentTypeFor, downloadName } from './download.js'

export interface CreditsHook {
  /**
   * Reserves `amount` credits of the owner at job creation. With `idempotencyKey` (a job created
   * under an Idempotency-Key) the reservation is recorded under it: reserving again with the
   * key takes nothing (a creation re-run after a crash is not paid twice). `attempt` names the
   * run holding the key (its lease token), so a refund by a run that lost the key to another
   * gives back nothing of the reservation the other now holds.
   */
  reserve(ownerId: string, amount: number, options?: { idempotencyKey?: string; attempt?: string }): Promise<{ ok: true } | { ok: false; remaining: number; required: number }>
  /**
   * Gives credits back (failed keys, failed or deleted jobs). A throw is retried later (the
   * refund stays in the outbox); `refund.id` is the same on every retry of one refund, for a
   * hook that can drop duplicates.
   */
  refund(ownerId: string, amount: number, refund?: { id: string; jobId: string; idempotencyKey?: string; attempt?: string }): Promise<void>
}

/** How a job creation's reservation is keyed: its Idempotency-Key and the run holding it. */
type KeyedReservation = { idempotencyKey: string; attempt?: string }
function keyedReservation(key: string | undefined, attempt: string | undefined): KeyedReservation | undefined {
  if (key === undefined) return undefined
  return attempt === undefined ? { idempotencyKey: key } : { idempotencyKey: key, attempt }
}

export interface JobServiceOptions {
  store: JobStore
  files: FileStore
  /** Default: leaseQueue() over `store` (in-process consumers claiming from the store). */
  queue?: JobQueue
  translator: JobTranslator
  /** 1 credit per translatable key per target language, reserved at creation. Default: no credits. */
  credits?: CreditsHook
  /** Per-account webhook signing secret. Default: deliveries are not signed. */
  webhookSecret?: (ownerId: string) => Promise<string>
  /** Base of file_url links (`{alt_base_url}` of the spec), e.g. `https://api.example.com`. */
  publicBaseUrl: string
  /** Whether a language code is known (used with source `auto`). Default: translator-based pair checks only. */
  supportsLanguage?: (code: string) => boolean
  webhook?: {
    /** Base of the exponential retry backoff (delays base, 2×base, 4×base). Default: 1000. */
    backoffMs?: number
    /** Per attempt. Default: 10000. */
    timeoutMs?: number
    /** Retries after the first attempt. Default: 3. */
    retries?: number
    /** Allow deliveries to loopback/private/link-local addresses. Default: false. */
    allowPrivateNetworks?: boolean
    /** An extra trusted CA (PEM), added to Node's bundled roots. Default: none. */
    ca?: string | Buffer
  }
  worker?: {
    /** Jobs processed at once by this process. Default: 1. */
    concurrency?: number
    /** Lease on a claimed job, renewed every third of it; a crashed worker's job is claimed again after it. Default: 30000. */
    leaseMs?: number
    /** Segments per translator call. Default: 200. */
    batchSize?: number
    /** Target languages of one job processed side by side. Default: 3. */
    languageConcurrency?: number
    /** Processing attempts before a job fails (a crash counts as an attempt). Default: 5. */
    attempts?: number
    /** Base delay of job retries after an error. Default: 1000. */
    retryBackoffMs?: number
    /** Idle polling interval of the lease queue and the outbox loop. Default: 500. */
    pollMs?: number
    /** How often runnable jobs are handed to the queue again (covers a lost queue message). Default: 60000. */
    sweepMs?: number
  }
  /**
   * The translate-through layer of @verso/memory (`createMemoryTranslator`). With it, jobs read
   * and fill the account's translation memory (unless created with `useMemory: false`), enforce
   * glossaries, keep the per-document ledger and accept target files (incremental jobs). Without
   * it, segments go to `translator` and those options are refused. Default: none.
   */
  memory?: MemoryTranslator
  /** Codecs seam, for tests. Default: the codecs of @verso/formats. */
  formats?: FormatsSeam
  /**
   * Where what cannot be thrown to a caller is reported: lease renewals and queue errors,
   * webhooks out of retries, failed refunds, clean-up failures. Pino-compatible (the server
   * passes its pino logger). Default: silent.
   */
  logger?: JobLogger
  /**
   * Called when a job ends and after each webhook attempt (the server counts them in
   * /metrics). A throwing hook is logged and ignored. Default: none.
   */
  events?: JobEvents
}

export interface JobEvents {
  jobFinished?(status: 'completed' | 'partial' | 'failed'): void
  webhookAttempt?(outcome: 'delivered' | 'retry' | 'failed'): void
}

export interface CreateJobInput {
  ownerId: string
  filename: string
  bytes: Uint8Array
  /** Default: 'auto'. */
  sourceLanguage?: string
  targetLanguages: string[]
  webhookUrl?: string
  /**
   * The request's Idempotency-Key (as scoped by the caller). The job id is derived from
   * (ownerId, key), so creating again with the key answers the job created before, and the
   * reservation is keyed (see CreditsHook.reserve). Default: none (a random id).
   */
  idempotencyKey?: string
  /** The run holding `idempotencyKey` (the caller's lease token), passed with the keyed reservation and its refund. Default: none. */
  idempotencyAttempt?: string
  /** Read and fill the account's translation memory. Default: true. */
  useMemory?: boolean
  /** A glossary of the owner whose terms every segment keeps (its pair must be the job's). Default: none. */
  glossaryId?: string
  /**
   * Current translations of the file, one per target language at most (an incremental job):
   * human edits in them are kept, only new keys and keys whose source changed are translated,
   * and the result is the target file with those entries changed or inserted. Same file type
   * as `filename`; needs `memory`. Default: none.
   */
  targetFiles?: Array<{ language: string; filename: string; bytes: Uint8Array }>
}

/** What a job would do and cost (`dry_run`): nothing is stored or charged. */
export interface JobQuote {
  total_keys: number
  /** Per target language; `keys_to_translate` go to an engine (1 credit each). */
  languages: Record<string, LanguageQuote>
  /** Σ keys_to_translate: the credits the job would reserve. */
  credits: number
}

/** A UUID (v4-shaped: version and variant bits set) from sha256(ownerId, key): the same job id on every retry. */
export function jobIdForKey(ownerId: string, key: string): string {
  const b = createHash('sha256').update(`${ownerId}\n${key}`).digest().subarray(0, 16)
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const hex = b.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export interface DownloadedFile {
  filename: string
  contentType: string
  bytes: Uint8Array
}

export interface JobService {
  create(input: CreateJobInput): Promise<JobRecord>
  /** The quote of `create(input)` without creating anything: the same checks and errors, nothing stored or charged, no engine called. */
  quote(input: CreateJobInput): Promise<JobQuote>
  list(ownerId: string): Promise<JobRecord[]>
  get(ownerId: string, id: string): Promise<JobWithFiles | null>
  download(ownerId: string, id: string, languageCode: string): Promise<DownloadedFile | null>
  delete(ownerId: string, id: string): Promise<'deleted' | 'not_found' | 'forbidden'>
  /** Starts this process's job consumers and the webhook/refund delivery loop. */
  startWorker(): void
  /** Delivers what is due now (webhooks, refunds) and returns; for processes that run no worker, and tests. */
  drainOutbox(): Promise<void>
  close(): Promise<void>
}

export const MAX_FILE_BYTES = 10 * 1024 * 1024
export const MAX_TARGETS = 50
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const LANGUAGE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/

/** (key, language) pairs an engine translated so far: the credits a job keeps (reused and kept keys are free). */
export function chargedPairs(job: StoredJob): number {
  return Object.values(job.languages).reduce((sum, language) => sum + (language.charged_keys ?? language.translated_keys), 0)
}

function publicLanguages(job: StoredJob): Record<string, LanguageProgress> {
  const out: Record<string, LanguageProgress> = {}
  for (const code of job.target_languages) {
    const language = job.languages[code]
    out[code] = language
      ? {
          translated_keys: language.translated_keys,
          failed_keys: language.failed_keys,
          status: language.status,
          reused_keys: language.reused_keys ?? 0,
          kept_keys: language.kept_keys ?? 0,
          needs_review: [...(language.needs_review ?? [])],
        }
      : { translated_keys: 0, failed_keys: 0, status: 'pending', reused_keys: 0, kept_keys: 0, needs_review: [] }
  }
  return out
}

/** The public record; `webhook` is shown for a job that has a webhook_url (not inside the webhook's own body). */
export function toRecord(job: StoredJob, options: { webhook?: boolean } = {}): JobRecord {
  const languages = publicLanguages(job)
  const sum = (field: 'reused_keys' | 'kept_keys') => Object.values(languages).reduce((n, language) => n + language[field], 0)
  return {
    id: job.id,
    job_id: job.id,
    status: job.status,
    original_filename: job.original_filename,
    file_type: job.file_type,
    source_language: job.source_language,
    target_languages: [...job.target_languages],
    total_keys: job.total_keys,
    translated_keys: job.translated_keys,
    failed_keys: job.failed_keys,
    error_message: job.error_message,
    created_at: job.created_at,
    updated_at: job.updated_at,
    completed_at: job.completed_at,
    languages,
    use_memory: job.use_memory,
    glossary_id: job.glossary_id,
    reused_keys: sum('reused_keys'),
    kept_keys: sum('kept_keys'),
    ...(options.webhook !== false && job.webhook_url ? { webhook: job.webhook } : {}),
  }
}

export function createJobService(options: JobServiceOptions): JobService {
  const { store, files, translator, credits } = options
  const logger = options.logger ?? silentLogger
  const queue = options.queue ?? leaseQueue({ pollMs: options.worker?.pollMs ?? 500, logger })
  const formats = options.formats ?? versoFormats()
  const base = options.publicBaseUrl.replace(/\/+$/, '')
  const concurrency = Math.max(1, options.worker?.concurrency ?? 1)
  const leaseMs = options.worker?.leaseMs ?? 30_000
  const batchSize = Math.max(1, options.worker?.batchSize ?? 200)
  const languageConcurrency = Math.max(1, options.worker?.languageConcurrency ?? 3)
  const maxAttempts = Math.max(1, options.worker?.attempts ?? 5)
  const retryBackoffMs = options.worker?.retryBackoffMs ?? 1000
  const pollMs = options.worker?.pollMs ?? 500
  const sweepMs = options.worker?.sweepMs ?? 60_000
  const hook = {
    backoffMs: options.webhook?.backoffMs ?? 1000,
    timeoutMs: options.webhook?.timeoutMs ?? 10_000,
    retries: options.webhook?.retries ?? 3,
    allowPrivateNetworks: options.webhook?.allowPrivateNetworks ?? false,
    ca: options.webhook?.ca,
  }

  let closed = false
  let working = false
  let recentParse: { id: string; parsed: ParsedFile } | undefined
  const running = new Set<AbortController>()
  const timers = new Set<NodeJS.Timeout>()
  const outbox = createOutbox({
    store, credits, webhookSecret: options.webhookSecret, webhook: hook, pollMs, logger,
    onWebhookAttempt: (outcome) => notify(() => options.events?.webhookAttempt?.(outcome)),
  })

  const fileUrl = (jobId: string, code: string) => `${base}/v2/translate/i18n/jobs/${jobId}/download/?language_code=${encodeURIComponent(code)}`
  const translatedFiles = async (jobId: string): Promise<TranslatedFile[]> =>
    (await store.files(jobId)).map((file) => ({
      id: file.id,
      language_code: file.language_code,
      file_url: fileUrl(jobId, file.language_code),
      file_size: file.file_size,
      created_at: file.created_at,
    }))

  const supported = (code: string) => (options.supportsLanguage ? options.supportsLanguage(code) : true)

  /** The extension's file type, or undefined. */
  function fileTypeOf(filename: string): JobRecord['file_type'] | undefined {
    const name = filename.split(/[\\/]/).pop() ?? ''
    const dot = name.lastIndexOf('.')
    const extension = dot >= 0 ? name.slice(dot + 1).toLowerCase() : ''
    return Object.hasOwn(FILE_TYPES, extension) ? FILE_TYPES[extension]! : undefined
  }

  /** The memory options of `create`/`quote`, checked without I/O. */
  function validateIncremental(input: CreateJobInput, fileType: JobRecord['file_type'], targets: string[]): void {
    if (input.useMemory !== undefined && typeof input.useMemory !== 'boolean') throw new JobError('JOB_INVALID_INPUT', 'useMemory must be true or false.')
    if (input.glossaryId !== undefined) {
      if (typeof input.glossaryId !== 'string' || !UUID.test(input.glossaryId)) {
        throw new JobError('JOB_GLOSSARY_NOT_FOUND', `Glossary ${String(input.glossaryId)} not found.`)
      }
      if (!options.memory) throw new JobError('JOB_INVALID_INPUT', 'Glossaries need the translation memory, which this server does not have.')
    }
    const targetFiles = input.targetFiles ?? []
    if (!Array.isArray(targetFiles)) throw new JobError('JOB_INVALID_INPUT', 'targetFiles must be a list.')
    if (targetFiles.length > 0 && !options.memory) {
      throw new JobError('JOB_INVALID_INPUT', 'Target files (incremental jobs) need the translation memory, which this server does not have.')
    }
    const seen = new Set<string>()
    for (const file of targetFiles) {
      if (!file || typeof file.language !== 'string' || typeof file.filename !== 'string' || !(file.bytes instanceof Uint8Array)) {
        throw new JobError('JOB_INVALID_INPUT', 'Each target file needs a language, a filename and bytes.')
      }
      if (!targets.includes(file.language)) {
        throw new JobError('JOB_INVALID_TARGET_FILE', `A target file is given for '${file.language}', which is not one of the target languages (${targets.join(', ')}).`)
      }
      if (seen.has(file.language)) throw new JobError('JOB_INVALID_TARGET_FILE', `Two target files are given for '${file.language}'.`)
      seen.add(file.language)
      if (fileTypeOf(file.filename) !== fileType) {
        throw new JobError('JOB_INVALID_TARGET_FILE', `The target file for '${file.language}' (${file.filename}) is not a ${fileType} file like the source.`)
      }
      if (file.bytes.byteLength === 0) throw new JobError('JOB_INVALID_TARGET_FILE', `The target file for '${file.language}' is empty.`)
      if (file.bytes.byteLength > MAX_FILE_BYTES) throw new JobError('JOB_FILE_TOO_LARGE', `The target file for '${file.language}' is larger than 10 MB.`)
    }
  }

  function validate(input: CreateJobInput): { fileType: JobRecord['file_type']; source: string; targets: string[]; webhookUrl: string | null } {
    if (closed) throw new JobError('JOB_CLOSED', 'The job service is closed.')
    if (!input || typeof input.ownerId !== 'string' || input.ownerId === '') throw new JobError('JOB_INVALID_INPUT', 'ownerId is required.')
    if (typeof input.filename !== 'string' || !(input.bytes instanceof Uint8Array)) {
      throw new JobError('JOB_INVALID_INPUT', 'filename and bytes are required.')
    }
    const fileType = fileTypeOf(input.filename)
    if (!fileType) {
      const name = input.filename.split(/[\\/]/).pop() ?? ''
      const dot = name.lastIndexOf('.')
      const extension = dot >= 0 ? name.slice(dot + 1).toLowerCase() : ''
      throw new JobError(
        'JOB_UNSUPPORTED_FILE_TYPE',
        `Unsupported file type${extension ? ` '.${extension}'` : ''}: use .json, .arb, .xcstrings, .yaml, .yml, .po, .pot, .properties, .strings, .stringsdict, .xml, .resx, .resw, .xlf, .xliff or .ts (Qt Linguist).`,
      )
    }
    if (input.bytes.byteLength === 0) throw new JobError('JOB_EMPTY_FILE', 'The file is empty.')
    if (input.bytes.byteLength > MAX_FILE_BYTES) throw new JobError('JOB_FILE_TOO_LARGE', 'The file is larger than 10 MB.')

    const source = input.sourceLanguage === undefined || input.sourceLanguage === '' ? 'auto' : input.sourceLanguage
    if (typeof source !== 'string' || (source !== 'auto' && (!LANGUAGE.test(source) || !supported(source)))) {
      throw new JobError('JOB_INVALID_LANGUAGE', `Unsupported source language '${String(source)}'.`)
    }
    const targets = input.targetLanguages
    if (!Array.isArray(targets) || targets.length < 1 || targets.length > MAX_TARGETS) {
      throw new JobError('JOB_INVALID_LANGUAGE', `Give 1 to ${MAX_TARGETS} target languages.`)
    }
    const seen = new Set<string>()
    for (const target of targets) {
      if (typeof target !== 'string' || target === 'auto' || !LANGUAGE.test(target) || !supported(target)) {
        throw new JobError('JOB_INVALID_LANGUAGE', `Unsupported target language '${String(target)}'.`)
      }
      if (seen.has(target)) throw new JobError('JOB_INVALID_LANGUAGE', `Target language '${target}' is listed twice.`)
      seen.add(target)
      if (source !== 'auto' && source !== target && !translator.supports(source, target)) {
        throw new JobError('JOB_INVALID_LANGUAGE', `Translation from '${source}' to '${target}' is not supported.`)
      }
    }
    let webhookUrl: string | null = null
    if (input.webhookUrl !== undefined && input.webhookUrl !== '') {
      let url: URL | undefined
      try {
        url = typeof input.webhookUrl === 'string' && input.webhookUrl.length <= 2048 ? new URL(input.webhookUrl) : undefined
      } catch {
        url = undefined
      }
      if (!url || url.protocol !== 'https:' || url.hostname === '') {
        throw new JobError('JOB_INVALID_WEBHOOK_URL', 'webhook_url must be a valid https:// URL.')
      }
      webhookUrl = url.href
    }
    validateIncremental(input, fileType, targets)
    return { fileType, source, targets: [...targets], webhookUrl }
  }

  interface Assessment {
    parsed: ParsedFile | undefined
    totalKeys: number
    targetFiles: Map<string, TargetFile>
    /** Undefined when the upload cannot be parsed (the job then fails; nothing is reserved). */
    quote: JobQuote | undefined
  }

  /**
   * Reads the upload, the target files and the glossary, and quotes the job: the work
   * `create` reserves credits for and `quote` answers with. The quote reads the ledger and the
   * memory (never an engine) exactly as the worker will classify keys.
   */
  async function assess(
    input: CreateJobInput,
    checked: { fileType: JobRecord['file_type']; source: string; targets: string[] },
    purpose: 'create' | 'quote',
    uploaded?: ParsedFile,
  ): Promise<Assessment> {
    const { fileType, targets } = checked
    let glossary: Glossary | null = null
    if (input.glossaryId !== undefined) {
      glossary = await options.memory!.store.getGlossary(input.ownerId, input.glossaryId)
      if (!glossary) throw new JobError('JOB_GLOSSARY_NOT_FOUND', `Glossary ${input.glossaryId} not found.`)
      const mismatch = glossaryMismatch(glossary, checked.source, targets)
      if (mismatch) throw new JobError('JOB_GLOSSARY_MISMATCH', mismatch)
    }
    let parsed: ParsedFile | undefined = uploaded
    try {
      parsed ??= await parseUpload(formats, { file_type: fileType, source_language: checked.source }, input.bytes)
    } catch (error) {
      // An unreadable file still makes a job; the worker fails it with the reason. A quote says why.
      if (!isUnrecoverable(error)) throw error
      if (purpose === 'quote') throw new JobError('JOB_INVALID_INPUT', (error as Error).message, { cause: error })
    }
    const targetFiles = new Map<string, TargetFile>()
    if ((input.targetFiles ?? []).length > 0) {
      if (parsed?.locales && input.targetFiles!.some((file) => file.bytes !== input.bytes)) {
        throw new JobError('JOB_INVALID_TARGET_FILE', 'The file is a multi-locale file: incremental jobs (target files) do not support multi-locale JSON/YAML files.')
      }
      const codec = await formats.load(fileType)
      for (const file of input.targetFiles!) {
        targetFiles.set(file.language, parseTargetFile(codec, file.bytes, file.language, { sourceLanguage: checked.source, own: file.bytes === input.bytes }))
      }
    }
    if (!parsed) return { parsed, totalKeys: 0, targetFiles, quote: undefined }
    const totalKeys = countTranslatable(parsed)
    const everything = (): JobQuote => ({
      total_keys: totalKeys,
      languages: Object.fromEntries(targets.map((code) => [code, { keys_to_translate: totalKeys, reused_keys: 0, kept_keys: 0, needs_review: [] }])),
      credits: totalKeys * targets.length,
    })
    if (!options.memory || (input.useMemory === false && targetFiles.size === 0)) return { parsed, totalKeys, targetFiles, quote: everything() }

    const entries = parsed.entries.filter((entry) => entry.translatable)
    let source = checked.source
    if (source === 'auto') {
      try {
        source = await detectSource(translator, entries)
      } catch (error) {
        // The worker fails such a job (and refunds it all); a quote cannot be made without a source.
        if (purpose === 'quote') throw new JobError('JOB_INVALID_LANGUAGE', (error as Error).message, { cause: error })
        return { parsed, totalKeys, targetFiles, quote: everything() }
      }
      if (glossary && glossaryMismatch(glossary, source, targets)) {
        if (purpose === 'quote') throw new JobError('JOB_GLOSSARY_MISMATCH', glossaryMismatch(glossary, source, targets)!)
        return { parsed, totalKeys, targetFiles, quote: everything() }
      }
    }
    const memory = options.memory
    const codec = await formats.load(fileType)
    const languages: Record<string, LanguageQuote> = {}
    for (const target of targets) {
      if (target === source || !translator.supports(source, target)) {
        languages[target] = { keys_to_translate: totalKeys, reused_keys: 0, kept_keys: 0, needs_review: [] }
        continue
      }
      const context = { codec, fileType, syntax: parsed.syntax, source, target }
      const lookup = input.useMemory === false ? undefined : memoryLookup(memory, { accountId: input.ownerId, source, target, glossary })
      const targetFile = targetFiles.get(target)
      const plan = targetFile
        ? await planLanguage({
            entries,
            targetFile,
            ledger: await memory.store.ledger(ledgerScope({ owner_id: input.ownerId, original_filename: input.filename }, source, target), entries.map((entry) => entry.key)),
            context,
            lookup,
          })
        : undefined
      languages[target] = await quoteLanguage({ entries, plan, context, lookup })
    }
    const quote = { total_keys: totalKeys, languages, credits: Object.values(languages).reduce((n, language) => n + language.keys_to_translate, 0) }
    return { parsed, totalKeys, targetFiles, quote }
  }

  /**
   * A file that already holds translations of the job's languages is its own target file for
   * them, unless one was given, so the job keeps those translations (a translator's work) and
   * translates (and charges) only what is still untranslated, as an incremental job does:
   * a bilingual file (XLIFF, Qt `.ts`, a PO catalog) for the one target language it declares, an Xcode String
   * Catalog (every language in one file) for every target, a multi-locale JSON/YAML file for the
   * targets it has a section of. An XML upload is parsed here only when its first bytes name it
   * XLIFF or Qt.
   */
  async function withOwnTranslations(
    input: CreateJobInput,
    checked: { fileType: JobRecord['file_type']; source: string; targets: string[] },
  ): Promise<{ input: CreateJobInput; parsed?: ParsedFile }> {
    const { fileType, targets } = checked
    const head = new TextDecoder().decode(input.bytes.subarray(0, 4096))
    const bilingual = (fileType === 'xml' && /<(?:xliff|TS)[\s>]/.test(head)) || fileType === 'po'
    if (!options.memory || (fileType !== 'json' && fileType !== 'yaml' && !bilingual)) return { input }
    let parsed: ParsedFile
    try {
      parsed = await parseUpload(formats, { file_type: fileType, source_language: checked.source }, input.bytes)
    } catch {
      return { input } // assess reads it again and says why it cannot be read
    }
    // Angular's messages.de.xlf often declares no target-language: its name says it
    const holdsTranslations = parsed.entries.some((entry) => parsed.valueOf(entry.key) !== undefined)
    const declared = parsed.targetLanguage ?? (bilingual && holdsTranslations ? languageInFilename(input.filename) : undefined)
    const sections = parsed.locales?.sections.map(normalLocale)
    const own =
      parsed.dialect === 'xcstrings' ? targets
      : sections ? targets.filter((target) => sections.includes(normalLocale(target)) && normalLocale(target) !== normalLocale(parsed.locales!.source))
      : declared === undefined ? []
      : targets.filter((target) => sameLanguage(target, declared))
    const given = new Set((input.targetFiles ?? []).map((file) => file.language))
    const added = own.filter((language) => !given.has(language)).map((language) => ({ language, filename: input.filename, bytes: input.bytes }))
    return { input: added.length === 0 ? input : { ...input, targetFiles: [...(input.targetFiles ?? []), ...added] }, parsed }
  }

  async function create(given: CreateJobInput): Promise<JobRecord> {
    const { fileType, source, targets, webhookUrl } = validate(given)
    const { input, parsed: uploaded } = await withOwnTranslations(given, { fileType, source, targets })
    const key = input.idempotencyKey
    if (key !== undefined && (typeof key !== 'string' || key === '')) throw new JobError('JOB_INVALID_INPUT', 'idempotencyKey must be a non-empty string')
    const id = key === undefined ? randomUUID() : jobIdForKey(input.ownerId, key)
    if (key !== undefined) {
      // Created before under the key (a crash before the answer): the same job, nothing reserved again.
      const existing = await store.get(id)
      if (existing && existing.owner_id === input.ownerId) return toRecord(existing)
    }
    const { parsed, totalKeys, quote } = await assess(input, { fileType, source, targets }, 'create', uploaded)
    // Only what the quote sends to an engine is reserved; the rest of the refund path is unchanged.
    const required = credits && quote ? quote.credits : 0
    if (credits && required > 0) {
      const reservation = await credits.reserve(input.ownerId, required, keyedReservation(key, input.idempotencyAttempt))
      if (!reservation.ok) {
        throw new JobError(
          'JOB_INSUFFICIENT_CREDITS',
          `Not enough credits: ${reservation.remaining} remaining, ${reservation.required} required to translate ${totalKeys} keys into ${targets.length} language${targets.length === 1 ? '' : 's'}.`,
          { remaining: reservation.remaining, required: reservation.required },
        )
      }
    }
    let job: StoredJob
    try {
      await files.put(sourceKey(id), input.bytes)
      for (const file of input.targetFiles ?? []) await files.put(targetKey(id, file.language), file.bytes)
      job = await store.add({
        id,
        owner_id: input.ownerId,
        original_filename: input.filename,
        file_type: fileType,
        source_language: source,
        target_languages: targets,
        total_keys: totalKeys,
        webhook_url: webhookUrl,
        credits_reserved: required,
        created_at: new Date().toISOString(),
        use_memory: input.useMemory ?? true,
        glossary_id: input.glossaryId ?? null,
        target_files: (input.targetFiles ?? []).map((file) => file.language),
      })
    } catch (error) {
      await files.removeJob(id).catch((cleanup: unknown) => logger.warn({ err: cleanup, job_id: id }, 'jobs: removing the upload of a job that was not created failed'))
      if (credits && required > 0) await refundNow(input.ownerId, id, required, keyedReservation(key, input.idempotencyAttempt))
      throw error
    }
    // Keep the parse for this process's worker, if it runs one (one slot: the newest upload).
    if (parsed && working) recentParse = { id, parsed }
    await queue.enqueue(id).catch((error: unknown) => {
      // The job is durable in the store; the start-up/periodic sweep hands it to the queue again.
      logger.warn({ err: error, job_id: id }, 'jobs: enqueue failed; the sweep will pick the job up')
    })
    return toRecord(job)
  }

  async function owned(ownerId: string, id: string): Promise<StoredJob | null> {
    if (typeof id !== 'string' || !UUID.test(id)) return null
    const job = await store.get(id)
    return job && job.owner_id === ownerId ? job : null
  }

  /**
   * A refund outside a store transaction (the job was never stored): paid now, or, when the hook
   * fails, queued in the outbox to be retried; only when both fail is it lost, and then logged
   * with everything needed to pay it by hand.
   */
  async function refundNow(ownerId: string, jobId: string, amount: number, keyed: KeyedReservation | undefined): Promise<void> {
    const refundId = randomUUID()
    try {
      // Keyed: the reservation's record is forgotten too, so a retry under the key reserves again.
      await credits!.refund(ownerId, amount, { id: refundId, jobId, ...keyed })
      return
    } catch (error) {
      logger.warn({ err: error, job_id: jobId, owner_id: ownerId, amount }, 'jobs: refund failed; queued for retry')
    }
    try {
      await store.addOutbox({ id: refundId, kind: 'refund', owner_id: ownerId, job_id: jobId, payload: JSON.stringify({ amount, ...keyed }), next_at: Date.now() + hook.backoffMs })
    } catch (error) {
      logger.error({ err: error, job_id: jobId, owner_id: ownerId, amount }, 'jobs: REFUND LOST: neither paid nor queued; pay it by hand')
    }
  }

  function refundRow(job: StoredJob, amount: number): OutboxInput[] {
    if (!credits || amount <= 0) return []
    return [{ id: randomUUID(), kind: 'refund', owner_id: job.owner_id, job_id: job.id, payload: JSON.stringify({ amount }), next_at: Date.now() }]
  }

  // ---- worker ----

  async function handle(jobId: string | null): Promise<'done' | 'busy' | 'idle'> {
    if (closed) return 'idle'
    const claim = await store.claim(leaseMs, jobId ? { id: jobId } : undefined)
    if (!claim) {
      if (!jobId) return 'idle'
      const job = await store.get(jobId)
      if (!job) return 'done'
      if (job.status === 'processing' || (job.status === 'pending' && job.run_at > Date.now())) return 'busy'
      return 'done'
    }
    const { job, leaseToken } = claim
    const controller = new AbortController()
    // The signal goes with every engine call of the job (through the memory layer), and an
    // engine listens once per segment in flight: many listeners on it are expected.
    setMaxListeners(0, controller.signal)
    running.add(controller)
    const renewal = setInterval(() => {
      store.renew(job.id, leaseToken, leaseMs).then(
        (ok) => {
          if (!ok) controller.abort()
        },
        // The next renewal tries again; if none succeeds the lease runs out and another worker takes the job.
        (error: unknown) => logger.warn({ err: error, job_id: job.id }, 'jobs: lease renewal failed'),
      )
    }, Math.max(50, Math.floor(leaseMs / 3)))
    try {
      if (job.attempts > maxAttempts) {
        throw new JobError('JOB_UNRECOVERABLE', `The job was started ${maxAttempts} times without finishing.`)
      }
      const parsed = recentParse?.id === job.id ? recentParse.parsed : undefined
      if (parsed) recentParse = undefined
      const result = await processJob({
        parsed, job, leaseToken, store, files, translator, formats, batchSize, languageConcurrency, signal: controller.signal,
        memory: options.memory,
      })
      const status = result.failed === 0 ? 'completed' : result.translatedPairs === 0 ? 'failed' : 'partial'
      await end(job, leaseToken, {
        status,
        translated: result.translated,
        failed: result.failed,
        chargedPairs: result.chargedPairs,
        languages: result.languages,
        error: status === 'failed' ? `No key could be translated: ${result.firstProblem ?? 'unknown error'}` : null,
      })
    } catch (error) {
      if (error instanceof LeaseLost || controller.signal.aborted) {
        if (closed) {
          // Shutting down: hand the job back at once instead of waiting for the lease to run out.
          const handedBack = await store
            .finish(job.id, leaseToken, { kind: 'retry', runAt: Date.now(), error_message: null, now: new Date().toISOString() })
            .catch((failure: unknown) => {
              logger.warn({ err: failure, job_id: job.id }, 'jobs: handing the job back at shutdown failed; it is claimed again when its lease runs out')
              return false
            })
          // A new queue entry (the current one is still ours), so another worker takes it now.
          if (handedBack) {
            await queue.enqueue(job.id, 1).catch((failure: unknown) => logger.warn({ err: failure, job_id: job.id }, 'jobs: enqueue failed; the sweep will pick the job up'))
          }
        } else if (!(await store.get(job.id))) {
          await files.removeJob(job.id).catch((failure: unknown) => logger.warn({ err: failure, job_id: job.id }, 'jobs: removing the files of a deleted job failed'))
        }
      } else if (isUnrecoverable(error) || job.attempts >= maxAttempts) {
        if (!isUnrecoverable(error)) logger.error({ err: error, job_id: job.id, attempts: job.attempts }, 'jobs: job failed after its last attempt')
        await end(job, leaseToken, { status: 'failed', translated: 0, failed: 0, chargedPairs: 0, error: (error as Error).message || String(error) })
      } else {
        logger.warn({ err: error, job_id: job.id, attempts: job.attempts }, 'jobs: attempt failed; retrying')
        const delay = retryBackoffMs * 2 ** (job.attempts - 1)
        const ok = await store.finish(job.id, leaseToken, {
          kind: 'retry',
          runAt: Date.now() + delay,
          error_message: (error as Error).message || String(error),
          now: new Date().toISOString(),
        })
        if (ok) await queue.enqueue(job.id, delay).catch((failure: unknown) => logger.warn({ err: failure, job_id: job.id }, 'jobs: enqueue failed; the sweep will pick the job up'))
      }
    } finally {
      clearInterval(renewal)
      running.delete(controller)
    }
    return 'done'
  }

  async function end(
    job: StoredJob,
    leaseToken: string,
    result: {
      status: 'completed' | 'partial' | 'failed'
      /** Keys translated into every target / failed for at least one. */
      translated: number
      failed: number
      /** (key, language) pairs an engine translated: the credits kept (never more than reserved). */
      chargedPairs: number
      /** Default (a job that failed as a whole): every language failed. */
      languages?: Record<string, StoredLanguage>
      error: string | null
    },
  ): Promise<void> {
    const now = new Date().toISOString()
    const current = (await store.get(job.id)) ?? job
    const failedJob = result.status === 'failed'
    const translated = failedJob ? 0 : result.translated
    const failed = failedJob ? Math.max(result.failed, current.total_keys) : result.failed
    const languages: Record<string, StoredLanguage> = {}
    for (const code of current.target_languages) {
      languages[code] = failedJob
        ? { translated_keys: 0, failed_keys: current.total_keys, status: 'failed' }
        : (result.languages?.[code] ?? { translated_keys: 0, failed_keys: current.total_keys, status: 'failed' })
    }
    const ended: StoredJob = { ...current, status: result.status, translated_keys: translated, failed_keys: failed, languages, error_message: result.error, updated_at: now, completed_at: now }
    const record = toRecord(ended, { webhook: false })
    const rows = refundRow(current, failedJob ? current.credits_reserved : current.credits_reserved - result.chargedPairs)
    if (current.webhook_url) {
      const body = {
        event: 'i18n_translation.completed',
        job_id: job.id,
        status: result.status,
        job: record,
        translated_files: failedJob ? [] : await translatedFiles(job.id),
        completed_at: now,
      }
      rows.push({
        id: randomUUID(),
        kind: 'webhook',
        owner_id: current.owner_id,
        job_id: job.id,
        payload: JSON.stringify({ url: current.webhook_url, body: JSON.stringify(body) }),
        next_at: Date.now(),
      })
    }
    const ok = await store.finish(job.id, leaseToken, {
      kind: 'finished',
      status: result.status,
      translated_keys: translated,
      failed_keys: failed,
      languages,
      ...(current.webhook_url ? { webhook: { state: 'pending' as const, attempts: 0, last_error: null } } : {}),
      error_message: result.error,
      now,
      outbox: rows,
      dropFiles: failedJob,
    })
    if (ok) notify(() => options.events?.jobFinished?.(result.status))
    if (ok && rows.length > 0) outbox.wake()
  }

  /** Runs an event hook; its failure is the observer's, never the job's. */
  function notify(call: () => void): void {
    try {
      call()
    } catch (error) {
      logger.warn({ err: error }, 'jobs: an event hook threw')
    }
  }

  async function sweep(): Promise<void> {
    try {
      for (const id of await store.runnable()) await queue.enqueue(id)
    } catch (error) {
      logger.warn({ err: error }, 'jobs: sweep failed; it runs again after sweepMs')
    }
  }

  return {
    create,
    async quote(given) {
      const { fileType, source, targets } = validate(given)
      const { input, parsed } = await withOwnTranslations(given, { fileType, source, targets })
      const { quote } = await assess(input, { fileType, source, targets }, 'quote', parsed)
      return quote!
    },
    async list(ownerId) {
      return (await store.list(ownerId)).map((job) => toRecord(job))
    },
    async get(ownerId, id) {
      const job = await owned(ownerId, id)
      if (!job) return null
      return { ...toRecord(job), translated_files: job.status === 'failed' ? [] : await translatedFiles(job.id) }
    },
    async download(ownerId, id, languageCode) {
      const job = await owned(ownerId, id)
      if (!job) return null
      if (!job.target_languages.includes(languageCode)) {
        throw new JobError('JOB_LANGUAGE_NOT_IN_JOB', `The job has no target language '${String(languageCode)}'.`)
      }
      const listed = (await store.files(job.id)).find((file) => file.language_code === languageCode)
      const bytes = listed && job.status !== 'failed' ? await files.get(fileKey(job.id, languageCode)) : null
      if (!listed || !bytes) throw new JobError('JOB_FILE_NOT_READY', `The '${languageCode}' file is not ready (job ${job.status}).`)
      return { filename: downloadName(job.original_filename, languageCode), contentType: contentTypeFor(job.file_type, listed.encoding), bytes }
    },
    async delete(ownerId, id) {
      if (typeof id !== 'string' || !UUID.test(id)) return 'not_found'
      const existing = await store.get(id)
      if (!existing) return 'not_found'
      if (existing.owner_id !== ownerId) return 'forbidden'
      const removed = await store.remove(id, (job) =>
        job.status === 'pending' || job.status === 'processing' ? refundRow(job, job.credits_reserved - chargedPairs(job)) : [],
      )
      if (!removed) return 'not_found'
      await files.removeJob(id)
      // The refund goes out through the outbox loop (this process's, or any worker's).
      outbox.wake()
      return 'deleted'
    },
    startWorker() {
      if (working || closed) return
      working = true
      queue.start(handle, { concurrency })
      outbox.start(2)
      void sweep()
      const timer = setInterval(() => void sweep(), sweepMs)
      timer.unref()
      timers.add(timer)
    },
    drainOutbox: () => outbox.drain(),
    async close() {
      if (closed) return
      closed = true
      working = false
      recentParse = undefined
      for (const timer of timers) clearInterval(timer)
      for (const controller of running) controller.abort()
      await Promise.all([queue.stop(), outbox.stop()])
      await queue.close()
      await store.close()
      await files.close()
    },
  }
}

/**
 * Whether a language a file declares (`es_ES`, `pt-BR`, `es`) is a job's target: the same code,
 * or the same language where one of the two names no region.
 */
function sameLanguage(target: string, declared: string): boolean {
  const a = normalLocale(target)
  const b = normalLocale(declared)
  if (a === b) return true
  const [baseA, ...restA] = a.split('-')
  const [baseB, ...restB] = b.split('-')
  return baseA === baseB && (restA.length === 0 || restB.length === 0)
}

/** The language a bilingual file's name ends with: `messages.de.xlf`, `app_pt_BR.ts`, `es.po`. */
function languageInFilename(filename: string): string | undefined {
  return /(?:^|[/._-])([a-z]{2,3}(?:[-_][A-Za-z]{2,4})?)\.(?:xlf|xliff|ts|po)$/i.exec(filename)?.[1]
}
