export type JobErrorCode =
  | 'JOB_NOT_FOUND'
  | 'JOB_UNSUPPORTED_FILE_TYPE'
  | 'JOB_FILE_TOO_LARGE'
  | 'JOB_EMPTY_FILE'
  | 'JOB_INVALID_LANGUAGE'
  | 'JOB_INVALID_WEBHOOK_URL'
  | 'JOB_INSUFFICIENT_CREDITS'
  | 'JOB_UNRECOVERABLE'
  | 'JOB_LANGUAGE_NOT_IN_JOB'
  | 'JOB_FILE_NOT_READY'
  | 'JOB_INVALID_INPUT'
  | 'JOB_CLOSED'
  | 'JOB_INVALID_TARGET_FILE'
  | 'JOB_GLOSSARY_NOT_FOUND'
  | 'JOB_GLOSSARY_MISMATCH'

/** Every code, for servers building their status table (the Record makes the compiler check the list is complete). */
const CODES: Record<JobErrorCode, true> = {
  JOB_NOT_FOUND: true,
  JOB_UNSUPPORTED_FILE_TYPE: true,
  JOB_FILE_TOO_LARGE: true,
  JOB_EMPTY_FILE: true,
  JOB_INVALID_LANGUAGE: true,
  JOB_INVALID_WEBHOOK_URL: true,
  JOB_INSUFFICIENT_CREDITS: true,
  JOB_UNRECOVERABLE: true,
  JOB_LANGUAGE_NOT_IN_JOB: true,
  JOB_FILE_NOT_READY: true,
  JOB_INVALID_INPUT: true,
  JOB_CLOSED: true,
  JOB_INVALID_TARGET_FILE: true,
  JOB_GLOSSARY_NOT_FOUND: true,
  JOB_GLOSSARY_MISMATCH: true,
}
export const jobErrorCodes = Object.keys(CODES) as readonly JobErrorCode[]

/** Every error @verso/jobs throws. `remaining`/`required` are set on JOB_INSUFFICIENT_CREDITS. */
export class JobError extends Error {
  override name = 'JobError'
  remaining?: number
  required?: number
  constructor(
    readonly code: JobErrorCode,
    message: string,
    options?: ErrorOptions & { remaining?: number; required?: number },
  ) {
    super(message, options)
    if (options?.remaining !== undefined) this.remaining = options.remaining
    if (options?.required !== undefined) this.required = options.required
  }
}

export function isUnrecoverable(error: unknown): boolean {
  return error instanceof JobError && error.code === 'JOB_UNRECOVERABLE'
}
