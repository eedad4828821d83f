export type MemoryStoreErrorCode = 'MEMORY_INVALID_OPTION' | 'MEMORY_CLOSED'

/** Every code a store throws, for the README's Errors table and the server's status map. */
export const memoryStoreErrorCodes: readonly MemoryStoreErrorCode[] = ['MEMORY_INVALID_OPTION', 'MEMORY_CLOSED']

/**
 * A misuse of a store: a bad driver option (thrown by the factory) or a call after `close()`.
 * A database that fails (unreachable, disk full) rejects with the driver's own error instead.
 */
export class MemoryStoreError extends Error {
  override name = 'MemoryStoreError'
  constructor(
    readonly code: MemoryStoreErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options)
  }
}
