/** Shapes shared by the service, the drivers and the processing code. */

export type JobStatus = 'pending' | 'processing' | 'completed' | 'partial' | 'failed'
export type FileType = 'json' | 'yaml' | 'po' | 'properties' | 'strings' | 'xml'

/** Spec 2.4, with the spec's JSON field names (without translated_files). */
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
  /** Successful (key, target language) pairs: at most total_keys × target_languages.length. */
  translated_keys: number
  /** Failed (key, target language) pairs. */
  failed_keys: number
  error_message: string | null
  created_at: string
  updated_at: string
  completed_at: string | null
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
export interface StoredJob extends JobRecord {
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
>

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
  /** `done`: delete the row; else reschedule with the attempt count. False when the token is stale. */
  settleOutbox(id: string, leaseToken: string, result: { done: true } | { done: false; attempts: number; nextAt: number; error: string }): Promise<boolean>
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
