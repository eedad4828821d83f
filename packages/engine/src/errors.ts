/** Every code an {@link EngineError} can carry; the server maps them to HTTP statuses. */
export type EngineErrorCode =
  /** A language code the installed engine does not know. */
  | 'ENGINE_UNSUPPORTED_LANGUAGE'
  /** Both languages are known but no route (direct or one pivot) joins them. */
  | 'ENGINE_UNSUPPORTED_PAIR'
  /** Apertium is missing, or a pipeline cannot start or keeps dying. */
  | 'ENGINE_UNAVAILABLE'
  /** A pipeline stopped answering; it was restarted and the retry timed out too. */
  | 'ENGINE_TIMEOUT'
  /** The engine was closed before or while translating. */
  | 'ENGINE_CLOSED'
  /** A segment is malformed: unbalanced or duplicated inline tokens, bad token ids. */
  | 'ENGINE_INVALID_SEGMENT'
  /** Misuse: empty text for detection, 'auto' as a translation source, bad options. */
  | 'ENGINE_INVALID_INPUT'
  /**
   * A segment whose cost in Apertium would be pathological: more inline tokens than
   * MAX_INLINE_TOKENS, or nested deeper than MAX_INLINE_DEPTH. Refused before any pipeline.
   */
  | 'ENGINE_LIMIT_EXCEEDED'
  /** The caller's AbortSignal fired; `cause` is the signal's reason. */
  | 'ENGINE_ABORTED'

export class EngineError extends Error {
  override name = 'EngineError'
  constructor(
    readonly code: EngineErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options)
  }
}

/** Every code, for tests and for servers building their status table. */
export const engineErrorCodes: readonly EngineErrorCode[] = [
  'ENGINE_UNSUPPORTED_LANGUAGE',
  'ENGINE_UNSUPPORTED_PAIR',
  'ENGINE_UNAVAILABLE',
  'ENGINE_TIMEOUT',
  'ENGINE_CLOSED',
  'ENGINE_INVALID_SEGMENT',
  'ENGINE_INVALID_INPUT',
  'ENGINE_LIMIT_EXCEEDED',
  'ENGINE_ABORTED',
]
