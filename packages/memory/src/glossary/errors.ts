/** Every code a `GlossaryError` can carry; the README's Errors table lists each one. */
export const glossaryErrorCodes = ['GLOSSARY_INVALID', 'GLOSSARY_TOO_LARGE', 'GLOSSARY_PAIR_MISMATCH'] as const

export type GlossaryErrorCode = (typeof glossaryErrorCodes)[number]

/**
 * A glossary the layer refuses: bad input (`GLOSSARY_INVALID`, `GLOSSARY_TOO_LARGE`; a 400 at
 * the HTTP layer) or a glossary used with another language pair (`GLOSSARY_PAIR_MISMATCH`).
 * The message names the field and, for an entry, its 1-based number or line.
 */
export class GlossaryError extends Error {
  override name = 'GlossaryError'
  constructor(
    readonly code: GlossaryErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options)
  }
}
