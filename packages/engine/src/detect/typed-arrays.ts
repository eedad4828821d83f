/** Growable typed-array storage, for the detector's compact tables (lexicon.ts, ngram-model.ts). */

/** `array` when it holds `needed` elements, else a copy with at least twice its capacity. */
export function grown<T extends Int32Array | Uint32Array | Uint8Array | Float32Array>(array: T, needed: number): T {
  if (needed <= array.length) return array
  const bigger = new (array.constructor as new (n: number) => T)(Math.max(needed, array.length * 2))
  bigger.set(array)
  return bigger
}
