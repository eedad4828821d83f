import { describe, expect, test } from 'vitest'
import { createLru } from '../src/cache.js'

describe('createLru', () => {
  test('never holds more than its capacity, and after going over holds at least capacity minus a sixteenth', () => {
    const lru = createLru<number>(160)
    for (let i = 0; i < 1000; i++) {
      lru.set(`k${i}`, i)
      expect(lru.size).toBeLessThanOrEqual(160)
      if (i >= 160) expect(lru.size).toBeGreaterThanOrEqual(160 - 10)
    }
  })

  test('evicts the least recently used first: a get makes an entry recent again', () => {
    const lru = createLru<number>(16)
    for (let i = 0; i < 16; i++) lru.set(`k${i}`, i)
    expect(lru.get('k0')).toBe(0)
    lru.set('k16', 16) // over: k1 (now the oldest) goes, k0 stays
    expect(lru.get('k1')).toBeUndefined()
    expect(lru.get('k0')).toBe(0)
    expect(lru.get('k16')).toBe(16)
    for (let i = 2; i < 16; i++) expect(lru.get(`k${i}`)).toBe(i)
  })

  test('setting a key again replaces its value without growing', () => {
    const lru = createLru<string>(4)
    lru.set('a', 'one')
    lru.set('a', 'two')
    expect(lru.size).toBe(1)
    expect(lru.get('a')).toBe('two')
  })

  test('capacity 1 keeps the last entry set; capacity 0 keeps nothing', () => {
    const one = createLru<number>(1)
    one.set('a', 1)
    one.set('b', 2)
    expect([one.size, one.get('a'), one.get('b')]).toEqual([1, undefined, 2])
    const none = createLru<number>(0)
    none.set('a', 1)
    expect([none.size, none.get('a')]).toEqual([0, undefined])
  })
})
