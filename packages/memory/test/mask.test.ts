import { describe, expect, test } from 'vitest'
import type { Segment } from '@verso/engine'
import { maskTerms } from '@verso/memory'
import { glossaryOf, wrapWords } from './support.js'

/** What a word-wrapping engine would make of a masked segment (tokens kept). */
function translate(segment: Segment): Segment {
  return typeof segment === 'string' ? wrapWords(segment) : segment.map((part) => (typeof part === 'string' ? wrapWords(part) : part))
}

const products = glossaryOf([
  { source: 'Verso', target: 'Verso' },
  { source: 'cloud', target: 'nube' },
  { source: 'machine', target: 'máquina' },
  { source: 'machine translation', target: 'traducción automática' },
  { source: 'e-mail', target: 'correo' },
  { source: 'C++', target: 'C++' },
])

describe('maskTerms', () => {
  test('keeps a do-not-translate brand and forces a term', () => {
    const masked = maskTerms('Verso makes cloud translation easy', products)
    expect(masked.terms).toBe(2)
    expect(masked.segment).toEqual([{ id: 'g1', kind: 'void' }, ' makes ', { id: 'g2', kind: 'void' }, ' translation easy'])
    expect(masked.restore(translate(masked.segment))).toBe('Verso [makes] nube [translation] [easy]')
  })

  test('gives an all-lowercase term the casing of its match', () => {
    const masked = maskTerms('Cloud first, CLOUD always, cloud everywhere', products)
    expect(masked.terms).toBe(3)
    expect(masked.restore(masked.segment)).toBe('Nube first, NUBE always, nube everywhere')
  })

  test('matches a term with an uppercase letter only in that casing', () => {
    expect(maskTerms('verso and VERSO', products).terms).toBe(0)
    expect(maskTerms('Verso', products).terms).toBe(1)
  })

  test('matches only at word boundaries', () => {
    for (const text of ['cloudy skies', 'a soundcloud', 'cloud9', 'cloud\u0301', 'emachine']) expect(maskTerms(text, products).terms, text).toBe(0)
    expect(maskTerms('(cloud)', products).restore(maskTerms('(cloud)', products).segment)).toBe('(nube)')
    expect(maskTerms('cloud-based', products).terms).toBe(1)
    // Characters outside the BMP: an emoji is no letter, a mathematical script letter is one.
    expect(maskTerms('😀cloud😀', products).restore(maskTerms('😀cloud😀', products).segment)).toBe('😀nube😀')
    expect(maskTerms('𝒳cloud', products).terms).toBe(0)
    expect(maskTerms('cloud𝒳', products).terms).toBe(0)
  })

  test('matches terms inside text written without spaces (Chinese, Japanese, Thai), never splitting a letter from its marks', () => {
    const glossary = glossaryOf([
      { source: '東京', target: 'Tokio' },
      { source: 'クラウド', target: 'nube' },
      { source: 'Verso', target: 'Verso' },
      { source: 'กรุงเทพ', target: 'Bangkok' },
    ])
    const restore = (text: string) => {
      const masked = maskTerms(text, glossary)
      return [masked.terms, masked.restore(masked.segment)]
    }
    expect(restore('我明天去東京。')).toEqual([1, '我明天去Tokio。'])
    expect(restore('東京のクラウドサービス')).toEqual([2, 'Tokioのnubeサービス'])
    // A Latin brand between ideographs, as Chinese and Japanese UI text writes it.
    expect(restore('使用Verso翻译')).toEqual([1, '使用Verso翻译'])
    // Thai: the term follows a tone mark (ที่) and is followed by a letter: both are boundaries.
    expect(restore('ไปที่กรุงเทพฯ')).toEqual([1, 'ไปที่Bangkokฯ'])
    // …but a match may not end before a combining mark of its last letter (กรุงเทพ + ็ would cut it in two).
    expect(maskTerms('กรุงเทพ\u0e47', glossary).terms).toBe(0)
    // A Latin word glued to Latin letters is still not a match.
    expect(maskTerms('Versoful', glossary).terms).toBe(0)
  })

  test('prefers the longest term at a position', () => {
    const masked = maskTerms('Machine translation beats a machine', products)
    expect(masked.terms).toBe(2)
    expect(masked.restore(masked.segment)).toBe('Traducción automática beats a máquina')
  })

  test('matches terms that start or end with punctuation', () => {
    const masked = maskTerms('Send an e-mail about C++ today', products)
    expect(masked.terms).toBe(2)
    expect(masked.restore(translate(masked.segment))).toBe('[Send] [an] correo [about] C++ [today]')
    expect(maskTerms('C++x', products).terms).toBe(0)
    expect(maskTerms('aC++', products).terms).toBe(0)
  })

  test('searches text parts only and picks token ids the segment does not use', () => {
    const segment: Segment = ['Open the ', { id: 'g1', kind: 'open' }, 'cloud', { id: 'g1', kind: 'close' }, ' console', { id: 'g3', kind: 'void' }, 'cloud']
    const masked = maskTerms(segment, products)
    expect(masked.terms).toBe(2)
    expect(masked.segment).toEqual([
      'Open the ',
      { id: 'g1', kind: 'open' },
      { id: 'g2', kind: 'void' },
      { id: 'g1', kind: 'close' },
      ' console',
      { id: 'g3', kind: 'void' },
      { id: 'g4', kind: 'void' },
    ])
    expect(masked.restore(translate(masked.segment))).toEqual([
      '[Open] [the] ',
      { id: 'g1', kind: 'open' },
      'nube',
      { id: 'g1', kind: 'close' },
      ' [console]',
      { id: 'g3', kind: 'void' },
      'nube',
    ])
  })

  test('does not match a term split by a token', () => {
    const segment: Segment = ['machine', { id: 'b', kind: 'void' }, ' translation']
    const masked = maskTerms(segment, products)
    expect(masked.terms).toBe(1)
    expect(masked.restore(masked.segment)).toEqual(['máquina', { id: 'b', kind: 'void' }, ' translation'])
  })

  test('restores where the engine moved the term', () => {
    const masked = maskTerms('the cloud server', products)
    const moved: Segment = ['el servidor ', { id: 'g1', kind: 'void' }]
    expect(masked.restore(moved)).toBe('el servidor nube')
  })

  test('leaves a segment without terms as it is', () => {
    const masked = maskTerms('Nothing here', products)
    expect(masked).toMatchObject({ segment: 'Nothing here', terms: 0 })
    expect(masked.restore('Nada aquí')).toBe('Nada aquí')
  })

  test('refuses a translation that lost or repeated a term token', () => {
    const masked = maskTerms('the cloud', products)
    expect(() => masked.restore('la')).toThrow(expect.objectContaining({ code: 'ENGINE_BAD_OUTPUT' }))
    expect(() => masked.restore(['la ', { id: 'g1', kind: 'void' }, { id: 'g1', kind: 'void' }])).toThrow(expect.objectContaining({ code: 'ENGINE_BAD_OUTPUT' }))
  })

  test('prefers an entry as written over another entry’s derived casing', () => {
    const glossary = glossaryOf([
      { source: 'apple', target: 'manzana' },
      { source: 'Apple', target: 'Apple' },
    ])
    const masked = maskTerms('Apple sells an apple', glossary)
    expect(masked.restore(masked.segment)).toBe('Apple sells an manzana')
  })

  test('masks 5 000 terms over 10 000 segments correctly', () => {
    const entries = Array.from({ length: 5000 }, (_, i) => ({ source: `term${i} word`, target: `T${i}` }))
    entries.push({ source: 'term', target: 'TERM-SHORT' })
    const glossary = glossaryOf(entries)
    const segments = Array.from({ length: 10_000 }, (_, i) => `Segment ${i} uses term${(i * 7) % 5000} word and term${i % 5000}x, then term alone.`)
    const restored = segments.map((segment) => {
      const masked = maskTerms(segment, glossary)
      return masked.restore(masked.segment)
    })
    for (const i of [0, 1, 4999, 5000, 9999]) {
      expect(restored[i]).toBe(`Segment ${i} uses T${(i * 7) % 5000} and term${i % 5000}x, then TERM-SHORT alone.`)
    }
  })
})
