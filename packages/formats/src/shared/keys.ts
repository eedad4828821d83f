/**
 * Entry keys of tree-shaped formats (JSON, YAML): the path of keys joined with '.', where a
 * segment's own '\' and '.' are escaped as '\\' and '\.'; array items use their index.
 * `{"a": {"b.c": [ "x" ]}}` → `a.b\.c.0`.
 */
export function escapeSegment(segment: string): string {
  return /[.\\]/.test(segment) ? segment.replace(/[.\\]/g, (c) => `\\${c}`) : segment
}

/**
 * The items without the earlier ones of a key given twice, in their order: JSON.parse, YAML
 * loaders and java.util.Properties keep the last value of a repeated key.
 */
export function lastOfEachKey<T>(items: readonly T[], keyOf: (item: T) => unknown): T[] {
  const last = new Map<unknown, number>()
  items.forEach((item, i) => last.set(keyOf(item), i))
  return items.filter((item, i) => last.get(keyOf(item)) === i)
}

export function joinKey(prefix: string | null, segment: string): string {
  return prefix === null ? escapeSegment(segment) : `${prefix}.${escapeSegment(segment)}`
}

/** Splits a key made by `joinKey` back into its segments. */
export function splitKey(key: string): string[] {
  const out: string[] = []
  let cur = ''
  for (let i = 0; i < key.length; i++) {
    const c = key[i]!
    if (c === '\\' && i + 1 < key.length) cur += key[++i]
    else if (c === '.') {
      out.push(cur)
      cur = ''
    } else cur += c
  }
  out.push(cur)
  return out
}
