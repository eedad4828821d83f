/** Every code a `SubtitleError` or an issue can carry. */
export type SubtitleErrorCode =
  | 'SUBTITLE_EMPTY'
  | 'SUBTITLE_INVALID'
  | 'SUBTITLE_INVALID_TIMESTAMP'
  | 'SUBTITLE_UNSUPPORTED_FORMAT'
  | 'SUBTITLE_TRANSLATION_MISMATCH'
  | 'SUBTITLE_UNKNOWN_CUE'

/** Every code, for servers building their status table (the Record makes the compiler check the list is complete). */
const CODES: Record<SubtitleErrorCode, true> = {
  SUBTITLE_EMPTY: true,
  SUBTITLE_INVALID: true,
  SUBTITLE_INVALID_TIMESTAMP: true,
  SUBTITLE_UNSUPPORTED_FORMAT: true,
  SUBTITLE_TRANSLATION_MISMATCH: true,
  SUBTITLE_UNKNOWN_CUE: true,
}
export const subtitleErrorCodes = Object.keys(CODES) as readonly SubtitleErrorCode[]

/** The one error class of `@verso/subtitles`; `code` is stable, `line` is 1-based when known. */
export class SubtitleError extends Error {
  override name = 'SubtitleError'
  readonly code: SubtitleErrorCode
  readonly line?: number

  constructor(code: SubtitleErrorCode, message: string, options?: ErrorOptions & { line?: number }) {
    super(message, options)
    this.code = code
    if (options?.line !== undefined) this.line = options.line
  }
}

/** A problem found while parsing: data, not a crash. `line` and `column` are 1-based. */
export interface SubtitleIssue {
  code: SubtitleErrorCode
  message: string
  line: number
  column: number
}
