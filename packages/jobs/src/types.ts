/** Shapes shared by the service, the drivers and the processing code. */

/**
 * Where @verso/jobs reports what it cannot throw to a caller (a failed lease renewal, a queue
 * connection error, a webhook out of retries, a refund that failed): pino's call shape, so a
 * pino logger (or fastify's `app.log`) can be passed as it is. Default: silent.
 */
export interface JobLogger {
  error(object: Record<string, unknown>, message: string): void
  warn(object: Record<string, unknown>, message: string): void
  info(object: Record<string, unknown>, message: string): void
}

export const silentLogger: JobLogger = { error() {}, warn() {}, info() {} }

export type JobStatus = 'pending' | 'processing' | 'completed' | 'partial' | 'failed'
export type FileType = 'json' | 'yaml' | 'po' | 'properties' | 'strings' | 'xml'

/** Where one target language of a job stands (Verso extension of spec 2.4, in `languages`). */
export interface LanguageProgress {
  /** Keys translated into this language. */
  translated_keys: number
  /** Keys that failed for this language (their value in its file stays the source text). */
  failed_keys: number
  /** `pending` (not started), `processing`, then `completed`, `partial` (some keys failed) or `failed` (all did, or the job failed). */
  status: JobStatus
  /**
   * Keys of translated_keys that cost nothing: every segment came from the translation memory,
   * or the uploaded target file holds Verso's own earlier value for the unchanged source text.
   */
  reused_keys: number
  /** Keys of translated_keys whose value in the uploaded target file is a human edit, kept byte for byte. */
  kept_keys: number
  /** Kept human edits whose source text changed since Verso last translated them: a human should look again. */
  needs_review: string[]
}

/** Delivery of the job's webhook (Verso extension of spec 2.4): shown once the job has ended, when it has a webhook_url. */
export interface WebhookDelivery {
  /** `pending` while attempts remain, `delivered` on a 2xx, `failed` when retries ran out or the address was refused. */
  state: 'pending' | 'delivered' | 'failed'
  /** Attempts made so far. */
  attempts: number
  /** Why the last attempt failed, or null. */
  last_error: string | null
}

/** Spec 2.4, with the spec's JSON field names (without translated_files), plus Verso's `languages` and `webhook`. */
export interface JobRecord {
  id: string
  job_id: string
  status: JobStatus
  original_filename: string
  file_type: FileType
  source_language: string
  target_languages: string[]
  /** Translatable keys in the file. */
  total_keys: number
  /** Keys translated into every target language. */
  translated_keys: number
  /** Keys that failed for at least one target language; translated_keys + failed_keys = total_keys once the job ended. */
  failed_keys: number
  error_message: string | null
  created_at: string
  updated_at: string
  completed_at: string | null
  /** Per target language, in target_languages order. */
  languages: Record<string, LanguageProgress>
  /** Whether the job reads and fills the account's translation memory (Verso extension; default true). */
  use_memory: boolean
  /** The glossary whose terms the job enforces, or null. */
  glossary_id: string | null
  /** Σ over languages of `languages[code].reused_keys`: (key, language) pairs that cost nothing. */
  reused_keys: number
  /** Σ over languages of `languages[code].kept_keys`: (key, language) pairs kept as human edits. */
  kept_keys: number
  /** Present when the job has a webhook_url: null until the job ends, then the delivery's state. */
  webhook?: WebhookDelivery | null
}

/**
 * What the store keeps per target language: the public counts plus the indexes (into the
 * file's translatable entries) of the keys that failed, so a resumed job can count keys again.
 */
export interface StoredLanguage extends Omit<LanguageProgress, 'reused_keys' | 'kept_keys' | 'needs_review'> {
  failed_indexes?: number[]
  /** Absent in records written before incremental jobs: 0 / []. */
  reused_keys?: number
  kept_keys?: number
  needs_review?: string[]
  /** Keys sent to an engine and translated: the credits this language keeps (absent in older records: translated_keys). */
  charged_keys?: number
}

/** Spec 2.5. */
export interface TranslatedFile {
  id: string
  language_code: string
  file_url: string
  file_size: number
  created_at: string
}

export interface JobWithFiles extends JobRecord {
  translated_files: TranslatedFile[]
}

/** A job as the store keeps it: the public record plus what the engine needs. */
export interface StoredJob extends Omit<JobRecord, 'languages' | 'webhook' | 'reused_keys' | 'kept_keys'> {
  /** Per target language; a language not yet reported is absent. */
  languages: Record<string, StoredLanguage>
  webhook: WebhookDelivery | null
  owner_id: string
  webhook_url: string | null
  /** Credits reserved at creation (keys × targets when a credits hook is configured, else 0). */
  credits_reserved: number
  /** Processing attempts started so far. */
  attempts: number
  lease_token: string | null
  /** Epoch ms; the lease is free once this has passed. */
  lease_until: number | null
  /** Epoch ms before which the job is not claimed (retry backoff). */
  run_at: number
  /** Target languages for which a target file was uploaded (stored under `targetKey(id, code)`): incremental languages. */
  target_files: string[]
}

export type NewJob = Pick<
  StoredJob,
  | 'id'
  | 'owner_id'
  | 'original_filename'
  | 'file_type'
  | 'source_language'
  | 'target_languages'
  | 'total_keys'
  | 'webhook_url'
  | 'credits_reserved'
  | 'created_at'
> &
  /** Default: use_memory true, no glossary, no target files. */
  Partial<Pick<StoredJob, 'use_memory' | 'glossary_id' | 'target_files'>>

/** Metadata of one translated file; the bytes live in the FileStore under `fileKey(job_id, language_code)`. */
export interface StoredFile {
  id: string
  job_id: string
  language_code: string
  file_size: number
  created_at: string
  /** Keys of this language translated / failed (so a resumed job can add them up again). */
  translated: number
  failed: number
  /** Character encoding of the file (the upload's): `utf-8`, `utf-16le`, `utf-16be`, `iso-8859-1`. */
  encoding: string
}

export interface Claim {
  job: StoredJob
  leaseToken: string
}

/** A durable side effect written in the same transaction as the change that causes it. */
export interface OutboxInput {
  id: string
  kind: 'webhook' | 'refund'
  owner_id: string
  job_id: string
  /** webhook: the JSON body (plus url, see OutboxPayload); refund: `{"amount":n}`. */
  payload: string
  /** Epoch ms. */
  next_at: number
}

export interface OutboxRow extends OutboxInput {
  attempts: number
  lease_token: string
}

export type Outcome =
  | {
      kind: 'finished'
      status: 'completed' | 'partial' | 'failed'
      translated_keys: number
      failed_keys: number
      /** Default: the languages as last reported. */
      languages?: Record<string, StoredLanguage>
      /** Set when the job has a webhook (its delivery starts `pending`). */
      webhook?: WebhookDelivery
      error_message: string | null
      /** ISO time stamped as updated_at and completed_at. */
      now: string
      outbox: OutboxInput[]
      /** Forget translated file metadata (a failed job lists no files). */
      dropFiles?: boolean
    }
  | {
      kind: 'retry'
      /** Epoch ms of the next attempt. */
      runAt: number
      error_message: string | null
      now: string
    }

export interface ProgressPatch {
  translated_keys: number
  failed_keys: number
  /** Every target language's progress so far. Default: unchanged. */
  languages?: Record<string, StoredLanguage>
  source_language?: string
  /** Upserted by (job_id, language_code): a re-run keeps the first id and created_at. */
  file?: Omit<StoredFile, 'id' | 'created_at'> & { id: string; created_at: string }
  now: string
}

/**
 * Job records, translated-file metadata and the outbox. Drivers: `sqliteJobStore` (default),
 * `postgresJobStore`; one conformance suite runs against both.
 */
export interface JobStore {
  /** Idempotent on id: adding an existing id returns the stored job unchanged. */
  add(job: NewJob): Promise<StoredJob>
  get(id: string): Promise<StoredJob | null>
  /** Newest first. */
  list(ownerId: string): Promise<StoredJob[]>
  /**
   * Claims a pending job whose run_at has passed, or a processing job whose lease expired
   * (a crashed worker's), oldest first; with `id`, only that job. Sets status processing,
   * a fresh lease token, lease_until = now + leaseMs and attempts + 1.
   */
  claim(leaseMs: number, options?: { id?: string }): Promise<Claim | null>
  /** Extends the lease; false when the token is no longer the job's (lost the lease, deleted). */
  renew(id: string, leaseToken: string, leaseMs: number): Promise<boolean>
  /** Writes progress under the lease; false when the token is stale. */
  progress(id: string, leaseToken: string, patch: ProgressPatch): Promise<boolean>
  /** Ends the job (or schedules a retry) under the lease, writing outbox rows atomically; false when stale. */
  finish(id: string, leaseToken: string, outcome: Outcome): Promise<boolean>
  files(jobId: string): Promise<StoredFile[]>
  /** Deletes the job and its file metadata; `outbox(job)` rows are written in the same transaction. */
  remove(id: string, outbox?: (job: StoredJob) => OutboxInput[]): Promise<StoredJob | null>
  /** Ids of jobs a worker could claim now (pending, or processing with an expired lease). */
  runnable(): Promise<string[]>
  addOutbox(row: OutboxInput): Promise<void>
  /** Leases the next due outbox row. */
  claimOutbox(leaseMs: number): Promise<OutboxRow | null>
  /**
   * `done`: delete the row; else reschedule with the attempt count. With `webhook`, the row's
   * job records that delivery state in the same transaction. False when the token is stale.
   */
  settleOutbox(
    id: string,
    leaseToken: string,
    result: ({ done: true } | { done: false; attempts: number; nextAt: number; error: string }) & { webhook?: WebhookDelivery },
  ): Promise<boolean>
  /** Epoch ms of the earliest outbox row, or null when empty. */
  nextOutboxAt(): Promise<number | null>
  close(): Promise<void>
}

/** Uploaded and translated file bytes. Writes are atomic and idempotent per key. */
export interface FileStore {
  put(key: string, bytes: Uint8Array): Promise<void>
  get(key: string): Promise<Uint8Array | null>
  /** Deletes every file of a job. */
  removeJob(jobId: string): Promise<void>
  close(): Promise<void>
}

export const sourceKey = (jobId: string): string => `${jobId}/source`
export const fileKey = (jobId: string, languageCode: string): string => `${jobId}/out-${languageCode}`
/** The uploaded target file of one language (incremental jobs). */
export const targetKey = (jobId: string, languageCode: string): string => `${jobId}/target-${languageCode}`
/** The ledger of one language as the job's first attempt read it, so a re-run classifies keys the same way. */
export const ledgerSnapshotKey = (jobId: string, languageCode: string): string => `${jobId}/ledger-${languageCode}`

/** Runs `handler(jobId)` for queued jobs. `leaseQueue` (default, over the store) or `bullmqQueue`. */
export interface JobQueue {
  /** Makes the job known to the consumers, after `delayMs` (the lease queue only wakes idle consumers). */
  enqueue(jobId: string, delayMs?: number): Promise<void>
  /** Starts consuming; `handler` claims the job in the store itself. */
  start(handler: QueueHandler, options: { concurrency: number }): void
  /** Stops consuming and waits for running handlers. */
  stop(): Promise<void>
  close(): Promise<void>
}

/** Returns 'done' when the job needs no more work from this delivery, 'busy' when another worker holds it. */
export type QueueHandler = (jobId: string | null) => Promise<'done' | 'busy' | 'idle'>
