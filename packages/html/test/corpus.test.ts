import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { extractHtml, translateHtml } from '@verso/html'
import { fakeTranslator, identity, reverseWords, upperCase } from './fake-translators.js'
import { flatten } from './oracle.js'
import { corpusAvailable, corpusDir } from '../../../test-support/corpus.js'

const dir = corpusDir('html')
const files = corpusAvailable ? readdirSync(dir).filter((f) => f.endsWith('.html')) : []
const read = (f: string): string => readFileSync(join(dir, f), 'utf8')

describe.skipIf(!corpusAvailable)('corpus', () => {
  test('has the three corpus files', () => {
    expect(files.length).toBeGreaterThanOrEqual(3)
  })

  for (const file of files) {
    describe(file, () => {
      test('writes the input back byte-identical through an identity fake translator', async () => {
        const html = read(file)
        const fake = fakeTranslator(identity)
        const out = await translateHtml(html, fake)
        expect(out.segments).toBeGreaterThan(0)
        expect(out.html).toBe(html)
      })

      test('changes only text with an upper-casing fake translator: every tag, comment and skipped text keeps its bytes', async () => {
        const html = read(file)
        const out = await translateHtml(html, fakeTranslator(upperCase))
        expect(out.html).not.toBe(html)
        const before = flatten(html)
        const after = flatten(out.html)
        expect(after.markup).toEqual(before.markup)
        expect(after.texts.length).toBe(before.texts.length)
        after.texts.forEach((t, i) => {
          const b = before.texts[i]!
          expect(t.skipped).toBe(b.skipped)
          expect(t.value).toBe(b.skipped ? b.value : b.value.toUpperCase())
        })
      })

      test('changes only text with a letter-reversing fake translator, attributes included when asked', async () => {
        const html = read(file)
        const fake = fakeTranslator(reverseWords)
        const out = await translateHtml(html, fake, { attributes: true })
        const before = flatten(html)
        const after = flatten(out.html)
        expect(after.markup.length).toBe(before.markup.length)
        // Tags differ at most inside alt/title/… values: compare them with those values masked.
        const mask = (tag: string): string => tag.replace(/\b(alt|title|placeholder|aria-label)=("[^"]*"|'[^']*')/g, '$1=…')
        expect(after.markup.map(mask)).toEqual(before.markup.map(mask))
        const reverse = (s: string): string => s.replace(/\p{L}+/gu, (w) => [...w].reverse().join(''))
        after.texts.forEach((t, i) => {
          const b = before.texts[i]!
          expect(t.value).toBe(b.skipped ? b.value : reverse(b.value))
        })
      })

      test('writes every segment once and the same segments on a second write', () => {
        const html = read(file)
        const { segments, write } = extractHtml(html)
        const upper = segments.map(upperCase)
        expect(write(upper)).toBe(write(upper))
        expect(write(segments)).toBe(html)
      })
    })
  }
})
