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

interface Readable {
  issues: unknown[]
  entries: Array<{ key: string }>
  valueOf(key: string): unknown
}

/**
 * The merged file parses cleanly and holds exactly the target's values with `values` over them,
 * plus the `inserted` keys: every key's `valueOf` checked, none missing, none extra.
 */
export function expectMergedValues(merged: Readable, target: Readable, values: ReadonlyMap<string, unknown>, inserted: readonly string[]): void {
  expect(merged.issues).toEqual([])
  const want = new Map<string, unknown>()
  for (const { key } of target.entries) want.set(key, values.get(key) ?? target.valueOf(key))
  for (const key of inserted) want.set(key, values.get(key))
  const got = new Map<string, unknown>(merged.entries.map(({ key }) => [key, merged.valueOf(key)]))
  expect(got).toEqual(want)
}
