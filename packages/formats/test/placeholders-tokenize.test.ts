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

  test('protects emoji shortcodes (GitHub, Slack), never a time, a word before a colon or a Laravel name outside its formats', () => {
    const tokens = (text: string, options = {}) => tokenize(text, options).filter((p) => p.type === 'token').map((p) => p.raw)
    expect(tokens('Nice work :tada: :+1: :white_check_mark:')).toEqual([':tada:', ':+1:', ':white_check_mark:'])
    expect(tokens(':wave::skin-tone-2: hi')).toEqual([':wave:', ':skin-tone-2:'])
    expect(tokens('Starts at 10:30:00, ratio 3:2:1')).toEqual([])
    expect(tokens('Note:see:below and Error:missing: file')).toEqual([])
    expect(tokens('Welcome, :name.')).toEqual([])
    expect(tokens('Welcome, :name.', { colonNames: true })).toEqual([':name'])
    expect(tokens(':smile:s and :Smile:')).toEqual([])
  })

  test('gives the input back when its pieces are joined', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', '{', '}', '%', 'd', 's', '$', '<', '>', '/', 'b', '\n', '1') }), (text) => {
        expect(tokenize(text).map((p) => p.raw).join('')).toBe(text)
      }),
    )
  })
})
