/**
 * One table from every package's error codes to HTTP statuses, and the spec's error bodies:
 * `{ "detail": … }` everywhere, `{ "error": … }` for the download operation.
 */
export type ErrorBodyField = 'detail' | 'error'

/** An error a route raises on purpose, with its status and the spec's body. */
export class HttpError extends Error {
  override name = 'HttpError'
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly bodyField: ErrorBodyField = 'detail',
  ) {
    super(message)
  }
}

/**
 * Status for each stable error code of the Verso packages (`test/error-table.test.ts` checks
 * that every code each package exports is here). 5xx are logged; a code missing here is a 500.
 */
export const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  ENGINE_UNSUPPORTED_LANGUAGE: 400,
  ENGINE_UNSUPPORTED_PAIR: 400,
  ENGINE_INVALID_SEGMENT: 400,
  ENGINE_INVALID_INPUT: 400,
  ENGINE_LIMIT_EXCEEDED: 400,
  ENGINE_UNAVAILABLE: 503,
  ENGINE_TIMEOUT: 503,
  ENGINE_CLOSED: 503,
  // The engine only aborts when the server asked it to (shutting down).
  ENGINE_ABORTED: 503,
  // A remote engine's rate limit or quota is the operator's, not the caller's: 503 (with
  // Retry-After when the engine gave one), never 429, which the spec reserves for the
  // caller's own 60/min limit, nor 402, which means the caller's credits ran out.
  ENGINE_RATE_LIMITED: 503,
  ENGINE_QUOTA_EXCEEDED: 503,
  // The engine answered, but with something unusable (malformed, tokens lost): a bad gateway.
  ENGINE_BAD_OUTPUT: 502,
  HTML_TOO_LARGE: 400,
  HTML_INVALID_INPUT: 400,
  // The translator broke its contract (segment count or shape): the server's fault, not the caller's.
  HTML_TOKEN_MISMATCH: 502,
  SUBTITLE_INVALID: 400,
  SUBTITLE_INVALID_TIMESTAMP: 400,
  SUBTITLE_EMPTY: 400,
  SUBTITLE_UNSUPPORTED_FORMAT: 400,
  SUBTITLE_TRANSLATION_MISMATCH: 502,
  SUBTITLE_UNKNOWN_CUE: 500,
  FORMAT_SYNTAX: 400,
  FORMAT_ENCODING: 400,
  FORMAT_TOO_LARGE: 413,
  FORMAT_TOO_DEEP: 400,
  FORMAT_ALIAS_LIMIT: 400,
  FORMAT_ENTITY_REFUSED: 400,
  FORMAT_DUPLICATE_KEY: 400,
  FORMAT_UNSUPPORTED: 400,
  FORMAT_PLACEHOLDER_MISMATCH: 502,
  GLOSSARY_INVALID: 400,
  GLOSSARY_TOO_LARGE: 400,
  // The routes check a glossary's pair before translating; the layer's own check is a backstop.
  GLOSSARY_PAIR_MISMATCH: 400,
  // A bad store option is a deployment error; a closed store means the server is shutting down.
  MEMORY_INVALID_OPTION: 500,
  MEMORY_CLOSED: 503,
  METERING_INVALID_INPUT: 400,
  METERING_ACCOUNT_NOT_FOUND: 404,
  METERING_DUPLICATE_EMAIL: 409,
  METERING_CLOSED: 503,
  JOB_NOT_FOUND: 404,
  JOB_UNSUPPORTED_FILE_TYPE: 400,
  JOB_FILE_TOO_LARGE: 413,
  JOB_EMPTY_FILE: 400,
  JOB_INVALID_LANGUAGE: 400,
  JOB_INVALID_WEBHOOK_URL: 400,
  JOB_INVALID_INPUT: 400,
  JOB_INSUFFICIENT_CREDITS: 402,
  JOB_LANGUAGE_NOT_IN_JOB: 404,
  JOB_FILE_NOT_READY: 404,
  JOB_CLOSED: 503,
  JOB_INVALID_TARGET_FILE: 400,
  JOB_GLOSSARY_NOT_FOUND: 404,
  JOB_GLOSSARY_MISMATCH: 400,
  // Raised inside the worker to fail a job; never reaches a route, mapped for completeness.
  JOB_UNRECOVERABLE: 500,
}

export function statusForCode(code: unknown): number | undefined {
  if (typeof code !== 'string') return undefined
  return STATUS_BY_CODE[code]
}

export function insufficientCredits(remaining: number, required: number): HttpError {
  return new HttpError(
    402,
    `Insufficient credits: ${remaining} credit${remaining === 1 ? '' : 's'} remaining, ${required} required. ` +
      'Please upgrade your plan or add credits to continue.',
  )
}
