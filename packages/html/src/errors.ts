export type HtmlErrorCode =
  /** The input is longer than `maxLength` (Default: 50 000 characters). */
  | 'HTML_TOO_LARGE'
  /** The translator returned the wrong number of segments, or a value that is not a segment. */
  | 'HTML_TOKEN_MISMATCH'
  /** The input is not a string, or an option is out of range. */
  | 'HTML_INVALID_INPUT'

/** Every code, for servers building their status table (the Record makes the compiler check the list is complete). */
const CODES: Record<HtmlErrorCode, true> = { HTML_TOO_LARGE: true, HTML_TOKEN_MISMATCH: true, HTML_INVALID_INPUT: true }
export const htmlErrorCodes = Object.keys(CODES) as readonly HtmlErrorCode[]

/** Thrown for misuse and for a translator that broke its contract; never for malformed HTML. */
export class HtmlError extends Error {
  override name = 'HtmlError'
  constructor(
    readonly code: HtmlErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options)
  }
}
