import type { FormatErrorCode } from './types.js'

/** Every code, for servers building their status table (the Record makes the compiler check the list is complete). */
const CODES: Record<FormatErrorCode, true> = {
  FORMAT_SYNTAX: true,
  FORMAT_ENCODING: true,
  FORMAT_TOO_LARGE: true,
  FORMAT_TOO_DEEP: true,
  FORMAT_ALIAS_LIMIT: true,
  FORMAT_ENTITY_REFUSED: true,
  FORMAT_DUPLICATE_KEY: true,
  FORMAT_UNSUPPORTED: true,
  FORMAT_PLACEHOLDER_MISMATCH: true,
}
export const formatErrorCodes = Object.keys(CODES) as readonly FormatErrorCode[]
