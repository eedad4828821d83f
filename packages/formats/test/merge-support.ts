/** Helpers of the incremental-update (`merge`) tests. */
import { expect } from 'vitest'

const dec = new TextDecoder('utf-8', { ignoreBOM: true })
export const text = (bytes: Uint8Array) => dec.decode(bytes)
export const bytes = (s: string) => new TextEncoder().encode(s)

/**
 * The lines `after` adds to `before`, checking that every line of `before` is still there in
 * order (a pure insertion diff). Line endings count: `\r\n` lines are compared with their `\r`.
 */
export function insertedLines(before: string, after: string): string[] {
  const old = before.split('\n')
  const added: string[] = []
  let j = 0
  for (const line of after.split('\n')) {
    if (j < old.length && line === old[j]) j++
    else added.push(line)
  }
  expect(j, `original lines kept in order (stopped at ${JSON.stringify(old[j])})`).toBe(old.length)
  return added
}
