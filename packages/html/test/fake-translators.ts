import type { Segment, SegmentPart, TranslateSegments } from '@verso/html'

/** Applies `fn` to every text part, keeping tokens where they are. */
export function mapText(segment: Segment, fn: (text: string) => string): Segment {
  return typeof segment === 'string' ? fn(segment) : segment.map((p) => (typeof p === 'string' ? fn(p) : p))
}

/** A fake translator built from a per-segment function; it records every batch it receives. */
export function fakeTranslator(fn: (segment: Segment) => Segment): TranslateSegments & { calls: Segment[][] } {
  const calls: Segment[][] = []
  const translate = async (segments: readonly Segment[]): Promise<readonly Segment[]> => {
    calls.push(structuredClone([...segments]))
    return segments.map(fn)
  }
  return Object.assign(translate, { calls })
}

export const identity = (s: Segment): Segment => s
export const upperCase = (s: Segment): Segment => mapText(s, (t) => t.toUpperCase())
/** Reverses the letters of each word. */
export const reverseWords = (s: Segment): Segment =>
  mapText(s, (t) => t.replace(/\p{L}+/gu, (w) => [...w].reverse().join('')))

/** Every text part of the received segments, concatenated: what the engine would see. */
export function sentText(calls: Segment[][]): string {
  return calls
    .flat()
    .map((s) => (typeof s === 'string' ? s : s.filter((p): p is string => typeof p === 'string').join('')))
    .join('\n')
}

export const tok = (id: string, kind: 'open' | 'close' | 'void'): SegmentPart => ({ id, kind })
