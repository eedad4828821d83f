export { JobError, jobErrorCodes } from './errors.js'
export type { JobErrorCode } from './errors.js'
export { createJobService, MAX_FILE_BYTES, MAX_TARGETS } from './service.js'
export { silentLogger } from './types.js'
export type { CreateJobInput, CreditsHook, JobEvents, DownloadedFile, JobQuote, JobService, JobServiceOptions } from './service.js'
export type { LanguageQuote } from './process/incremental.js'
export type { JobTranslator } from './process/i18n.js'
export { versoFormats } from './process/formats.js'
export type { FormatEntry, FormatIssue, FormatsSeam, LoadedFormat, ParsedFile, PluralForms, Prepared, Segment, Translation } from './process/formats.js'
export { jobsFromEnv } from './env.js'
export type { JobDrivers } from './env.js'
export { sqliteJobStore } from './store/sqlite.js'
export type { SqliteJobStoreOptions } from './store/sqlite.js'
export { postgresJobStore } from './store/postgres.js'
export type { PostgresJobStoreOptions } from './store/postgres.js'
export { fsFileStore } from './files/fs.js'
export type { FsFileStoreOptions } from './files/fs.js'
export { postgresFileStore } from './files/postgres.js'
export type { PostgresFileStoreOptions } from './files/postgres.js'
export { leaseQueue } from './queue/lease.js'
export type { LeaseQueueOptions } from './queue/lease.js'
export { bullmqQueue } from './queue/bullmq.js'
export type { BullmqQueueOptions } from './queue/bullmq.js'
export { verifyWebhookSignature, signWebhook } from './webhook/signature.js'
export { checkWebhookTarget, isForbiddenAddress } from './webhook/ssrf.js'
export { runWorker } from './worker.js'
export type {
  Claim,
  FileStore,
  FileType,
  JobLogger,
  JobQueue,
  JobRecord,
  LanguageProgress,
  JobStatus,
  JobStore,
  JobWithFiles,
  NewJob,
  Outcome,
  OutboxInput,
  OutboxRow,
  ProgressPatch,
  QueueHandler,
  StoredFile,
  StoredJob,
  StoredLanguage,
  TranslatedFile,
  WebhookDelivery,
} from './types.js'
