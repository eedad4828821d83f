import { describe, expect, test } from 'vitest'
import { glossaryCoversPair, glossaryLanguageCovers } from '@verso/memory'

describe('which requests a glossary serves', () => {
  test.each([
    ['pt', 'pt', true],
    ['pt', 'pt-BR', true],
    ['PT', 'pt_br', true],
    ['en', 'en-US', true],
    ['ca', 'ca-valencia', true],
    ['pt-BR', 'pt-BR', true],
    ['pt-br', 'PT-BR', true],
    ['pt-BR', 'pt', false],
    ['pt-BR', 'pt-PT', false],
    ['pt', 'ptx', false],
    ['nb', 'nn', false],
  ])('a %s glossary language covers %s: %s', (glossary, language, covers) => {
    expect(glossaryLanguageCovers(glossary, language)).toBe(covers)
  })

  test('a pair is served when both its languages are covered', () => {
    const enPt = { source_language: 'en', target_language: 'pt' }
    expect(glossaryCoversPair(enPt, { source: 'en-US', target: 'pt-BR' })).toBe(true)
    expect(glossaryCoversPair(enPt, { source: 'es', target: 'pt' })).toBe(false)
    expect(glossaryCoversPair(enPt, { source: 'pt', target: 'en' })).toBe(false)
  })
})
