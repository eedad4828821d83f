/** A small LRU map: a Map keeps insertion order, so the first key is the least recently used. */
export interface Lru<V> {
  get(key: string): V | undefined
  set(key: string, value: V): void
  readonly size: number
}

export function createLru<V>(capacity: number): Lru<V> {
  const map = new Map<string, V>()
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
      while (map.size > capacity) map.delete(map.keys().next().value!)
    },
    get size() {
      return map.size
    },
  }
}
