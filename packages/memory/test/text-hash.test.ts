import { describe, expect, test } from 'vitest'
import { hashOfText, normaliseText, textHash } from '../src/store/schema.js'

describe('hashOfText', () => {
  test('is the SHA-256 of the NFC form: a composed and a decomposed é hash alike', () => {
    const composed = 'Caf\u00e9 ouvert'
    const decomposed = 'Cafe\u0301 ouvert'
    expect(hashOfText(composed)).toBe(textHash(normaliseText(composed)))
    expect(hashOfText(decomposed)).toBe(hashOfText(composed))
    expect(hashOfText(composed)).toMatch(/^[0-9a-f]{64}$/)
  })

  test('stays right past the texts it remembers (5 000 distinct texts, asked twice)', () => {
    const texts = Array.from({ length: 5000 }, (_, i) => `Sentence number ${i} of the run.`)
    const first = texts.map(hashOfText)
    const second = texts.map(hashOfText)
    expect(second).toEqual(first)
    expect(first.every((hash, i) => hash === textHash(texts[i]!))).toBe(true)
    expect(new Set(first).size).toBe(5000)
  })

  test('hashes a long text (not remembered) the same way', () => {
    const long = 'Un texte plus long. '.repeat(40)
    expect(hashOfText(long)).toBe(textHash(normaliseText(long)))
    expect(hashOfText(long)).toBe(hashOfText(long))
  })
})
