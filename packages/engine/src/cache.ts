/** A small LRU map: a Map keeps insertion order, so the first key is the least recently used. */
export interface Lru<V> {
  get(key: string): V | undefined
  set(key: string, value: V): void
  readonly size: number
}

/**
 * Holds at most `capacity` entries. When a `set` goes over, the least recently used entries
 * go in one batch down to `capacity` minus a sixteenth, not one per `set`: V8 leaves a deleted
 * Map entry in place until the table is rebuilt, and `keys().next()` walks over every one of
 * them, so evicting the first key on every insertion cost 4.2 µs per `set` at 10 000 entries
 * against 0.09 µs in batches (BENCHMARKS.md, "The LRU's eviction").
 */
export function createLru<V>(capacity: number): Lru<V> {
  const map = new Map<string, V>()
  const batch = Math.max(1, Math.ceil(capacity / 16))
  return {
    get(key) {
      const value = map.get(key)
      if (value !== undefined) {
        map.delete(key)
        map.set(key, value)
      }
      return value
    },
    set(key, value) {
      if (capacity <= 0) return
      map.delete(key)
      map.set(key, value)
      if (map.size <= capacity) return
      let evict = Math.min(map.size - capacity + batch - 1, map.size - 1)
      for (const oldest of map.keys()) {
        if (evict-- <= 0) break
        map.delete(oldest)
      }
    },
    get size() {
      return map.size
    },
  }
}
