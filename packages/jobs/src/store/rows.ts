import type { FileType, JobStatus, StoredFile, StoredJob, StoredLanguage, WebhookDelivery } from '../types.js'

/** Column list shared by the SQL drivers (same names, same meaning). */
export interface JobRow {
  id: string
  owner_id: string
  status: string
  original_filename: string
  file_type: string
  source_language: string
  target_languages: string
  total_keys: number | string
  translated_keys: number | string
  failed_keys: number | string
  error_message: string | null
  created_at: string
  updated_at: string
  completed_at: string | null
  webhook_url: string | null
  credits_reserved: number | string
  attempts: number | string
  lease_token: string | null
  lease_until: number | string | null
  run_at: number | string
  /** JSON of StoredJob.languages; null before the first progress report. */
  languages: string | null
  /** JSON of StoredJob.webhook; null until the job ends with a webhook. */
  webhook: string | null
  /** JSON of the job's memory options (`JobOptions`); null in records written before incremental jobs. */
  job_options: string | null
}

/** What `job_options` holds. */
interface JobOptions {
  use_memory: boolean
  glossary_id: string | null
  target_files: string[]
}

export function jobOptionsColumn(job: Partial<JobOptions>): string {
  const options: JobOptions = { use_memory: job.use_memory ?? true, glossary_id: job.glossary_id ?? null, target_files: job.target_files ?? [] }
  return JSON.stringify(options)
}

/** Columns added after the first release: drivers add them to existing tables at start-up. */
export const ADDED_JOB_COLUMNS = ['languages', 'webhook', 'job_options'] as const

export function jobFromRow(row: JobRow): StoredJob {
  const options = row.job_options ? (JSON.parse(row.job_options) as Partial<JobOptions>) : {}
  return {
    id: row.id,
    job_id: row.id,
    status: row.status as JobStatus,
    original_filename: row.original_filename,
    file_type: row.file_type as FileType,
    source_language: row.source_language,
    target_languages: JSON.parse(row.target_languages) as string[],
    total_keys: Number(row.total_keys),
    translated_keys: Number(row.translated_keys),
    failed_keys: Number(row.failed_keys),
    error_message: row.error_message,
    created_at: row.created_at,
    updated_at: row.updated_at,
    completed_at: row.completed_at,
    owner_id: row.owner_id,
    webhook_url: row.webhook_url,
    credits_reserved: Number(row.credits_reserved),
    attempts: Number(row.attempts),
    lease_token: row.lease_token,
    lease_until: row.lease_until === null ? null : Number(row.lease_until),
    run_at: Number(row.run_at),
    languages: row.languages ? (JSON.parse(row.languages) as Record<string, StoredLanguage>) : {},
    webhook: row.webhook ? (JSON.parse(row.webhook) as WebhookDelivery) : null,
    use_memory: options.use_memory ?? true,
    glossary_id: options.glossary_id ?? null,
    target_files: options.target_files ?? [],
  }
}

export interface FileRow {
  id: string
  job_id: string
  language_code: string
  file_size: number | string
  created_at: string
  translated: number | string
  failed: number | string
  encoding: string
}

export function fileFromRow(row: FileRow): StoredFile {
  return {
    id: row.id,
    job_id: row.job_id,
    language_code: row.language_code,
    file_size: Number(row.file_size),
    created_at: row.created_at,
    translated: Number(row.translated),
    failed: Number(row.failed),
    encoding: row.encoding,
  }
}
