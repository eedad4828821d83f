/** Every code a `MeteringError` can carry; the README's Errors table lists each one. */
export const meteringErrorCodes = [
  'METERING_INVALID_INPUT',
  'METERING_DUPLICATE_EMAIL',
  'METERING_ACCOUNT_NOT_FOUND',
  'METERING_CLOSED',
] as const

export type MeteringErrorCode = (typeof meteringErrorCodes)[number]

/** The one error class of `@verso/metering`: misuse and state errors, told apart by `code`. */
export class MeteringError extends Error {
  override name = 'MeteringError'
  constructor(
    readonly code: MeteringErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options)
  }
}
