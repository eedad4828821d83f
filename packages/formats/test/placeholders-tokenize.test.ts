import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { tokenize } from '@verso/formats/placeholders'

describe('placeholders tokenize', () => {
  test('splits text into literal runs and the placeholders prepare protects', () => {
    const pieces = tokenize('Hello {name}, {{user}} has %d new ${folder} items in %{place} (%1$s)')
    expect(pieces.filter((p) => p.type === 'token').map((p) => p.raw)).toEqual(['{name}', '{{user}}', '%d', '${folder}', '%{place}', '%1$s'])
  })

  test('marks inline tags with their name and kind', () => {
    const pieces = tokenize('a <b>bold</b> word<br/>')
    expect(pieces.filter((p) => p.type === 'token').map((p) => (p.type === 'token' ? p.tag : undefined))).toEqual([
      { name: 'b', kind: 'open' },
      { name: 'b', kind: 'close' },
      { name: 'br', kind: 'void' },
    ])
  })

  test('gives the input back when its pieces are joined', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', '{', '}', '%', 'd', 's', '$', '<', '>', '/', 'b', '\n', '1') }), (text) => {
        expect(tokenize(text).map((p) => p.raw).join('')).toBe(text)
      }),
    )
  })
})
