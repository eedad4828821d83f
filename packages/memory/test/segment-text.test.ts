import { describe, expect, test } from 'vitest'
import type { Segment } from '@verso/engine'
import { parseSegmentText, segmentText } from '@verso/memory'

describe('segmentText', () => {
  test('round-trips plain strings and parts lists', () => {
    const segments: Segment[] = ['', 'Hello', '["not parts"]', '=tagged', ['Hi ', { id: 'b', kind: 'open' }, 'there', { id: 'b', kind: 'close' }, { id: 'g1', kind: 'void' }], []]
    for (const segment of segments) expect(parseSegmentText(segmentText(segment))).toEqual(segment)
  })

  test('never gives a plain string the text of a parts list', () => {
    const parts: Segment = ['Hello']
    expect(segmentText(parts)).not.toBe(segmentText(segmentText(parts)))
    expect(parseSegmentText(segmentText(segmentText(parts)))).toBe(segmentText(parts))
  })

  test('is deterministic whatever extra fields or key order a token has', () => {
    const a = segmentText(['x', { kind: 'void', id: 't' } as never])
    const b = segmentText(['x', { id: 't', kind: 'void', extra: 1 } as never])
    expect(a).toBe(b)
  })

  test('refuses a text it cannot have written', () => {
    for (const text of ['plain', '{"a":1}', '[1]', '[{"id":"a","kind":"weird"}]']) expect(() => parseSegmentText(text), text).toThrow(TypeError)
  })
})
