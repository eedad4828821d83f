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
  /** A remote engine answered 429 (or its equivalent); `retryAfterMs` says when to try again, when it said. */
  | 'ENGINE_RATE_LIMITED'
  /** A remote engine's quota or budget is spent (DeepL 456, Google daily limit, OpenAI insufficient_quota). */
  | 'ENGINE_QUOTA_EXCEEDED'
  /** A remote engine answered, but not with a usable translation: malformed or truncated body, tokens dropped or invented, items missing. */
  | 'ENGINE_BAD_OUTPUT'

export interface EngineErrorOptions extends ErrorOptions {
  /** For ENGINE_RATE_LIMITED (and 503s that said so): the wait the engine asked for, in ms. */
  retryAfterMs?: number
  /** The translator the error came from (`deepl`, `apertium`…), when known. */
  engine?: string
}

export class EngineError extends Error {
  override name = 'EngineError'
  /** The wait the remote engine asked for (Retry-After), in ms; undefined when it said nothing. */
  readonly retryAfterMs?: number
  /** The translator the error came from, when known. */
  readonly engine?: string
  constructor(
    readonly code: EngineErrorCode,
    message: string,
    options?: EngineErrorOptions,
  ) {
    super(message, options)
    if (options?.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs
    if (options?.engine !== undefined) this.engine = options.engine
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
  'ENGINE_RATE_LIMITED',
  'ENGINE_QUOTA_EXCEEDED',
  'ENGINE_BAD_OUTPUT',
]
