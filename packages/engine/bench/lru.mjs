// What a `set` costs the engine's LRU (src/cache.ts) once it is full, against the eviction it
// replaced (the first key deleted on every insertion over capacity): 10 000 entries, 380 000
// distinct keys shaped like the engine's cache keys, three rounds alternated. Not part of
// `npm run bench`; by hand after building: node packages/engine/bench/lru.mjs
import { createLru } from '../dist/index.js'

const CAPACITY = 10_000
/** The eviction before 2026-11-24: one key per insertion over capacity. */
function evictingOneBySet(capacity) {
  const map = new Map()
  return {
    set(key, value) {
      map.delete(key)
      map.set(key, value)
      while (map.size > capacity) map.delete(map.keys().next().value)
    },
  }
}
const keys = Array.from({ length: 400_000 }, (_, i) => `The tired doctor number ${i} opens the white door.\u0000en\u0000es`)
const results = { current: [], oneBySet: [] }
for (let round = 0; round < 3; round++) {
  for (const [name, make] of [['current', createLru], ['oneBySet', evictingOneBySet]]) {
    const lru = make(CAPACITY)
    for (let i = 0; i < 2 * CAPACITY; i++) lru.set(keys[i], i)
    const started = performance.now()
    for (let i = 2 * CAPACITY; i < keys.length; i++) lru.set(keys[i], i)
    const usPerSet = ((performance.now() - started) * 1000) / (keys.length - 2 * CAPACITY)
    results[name].push(usPerSet)
    console.log(`round ${round + 1}: ${name === 'current' ? 'batched eviction (src/cache.ts)' : 'one key per set (before)'}: ${usPerSet.toFixed(3)} µs per set`)
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[1]
console.log(`median: batched ${median(results.current).toFixed(3)} µs, one per set ${median(results.oneBySet).toFixed(3)} µs per set`)
