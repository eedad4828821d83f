import type { WindowCounter } from './index.js'

/** One process's counters; expired windows are swept at most once per window. */
export function memoryCounter(windowMs: number): WindowCounter {
  const windows = new Map<string, { resetAt: number; count: number }>()
  let nextSweep = 0

  return {
    async increment(id, resetAt, now) {
      if (now >= nextSweep) {
        for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key)
        nextSweep = now + windowMs
      }
      const window = windows.get(id)
      if (window && window.resetAt === resetAt) return ++window.count
      windows.set(id, { resetAt, count: 1 })
      return 1
    },
    async close() {
      windows.clear()
    },
  }
}
