import fc from 'fast-check'
import { parseFragment, type DefaultTreeAdapterTypes as T } from 'parse5'
import { describe, expect, test } from 'vitest'
import { extractHtml, translateHtml } from '@verso/html'
import { fakeTranslator, identity, mapText, upperCase } from './fake-translators.js'
import { flatten } from './oracle.js'

/** Pieces random HTML is made of: markup, entities, markup characters, unicode. */
const piece = fc.constantFrom(
  '<p>', '</p>', '<b>', '</b>', '<i class="x">', '</i>', '<br>', '<img alt="a">', '<div>', '</div>', '<code>', '</code>',
  '<!-- c -->', '<!--', '-->', '<script>', '</script>', '<table>', '<tr>', '<td>', '</', '<', '>', '&', '&amp;', '&lt;',
  '&nbsp;', '&#169;', '&eacute;', '&bogus;', '"', "'", '=', ' ', '\n', '\r\n', '\t', 'a', 'word', 'Ünïcödé', 'ß', '漢字',
  '😀', '\u00a0', '\u200b', 'text here',
)
const randomHtml = fc.array(piece, { maxLength: 40 }).map((a) => a.join(''))

/** Random text with markup characters and unicode, not markup. */
const randomText = fc.string({
  unit: fc.oneof(fc.constantFrom('<', '>', '&', '"', "'", ' ', '\u00a0', '&amp;', 'é', '😀', '漢'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })),
  maxLength: 60,
})

const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function textOf(html: string): string {
  const all: string[] = []
  const walk = (n: T.ParentNode): void => {
    for (const c of n.childNodes) {
      if (c.nodeName === '#text') all.push((c as T.TextNode).value)
      else if ('childNodes' in c) walk(c)
    }
  }
  walk(parseFragment(html))
  return all.join('')
}

describe('translateHtml › properties', () => {
  test('writes random HTML with <>&"\' and unicode back unchanged through an identity fake translator', async () => {
    await fc.assert(
      fc.asyncProperty(randomHtml, async (html) => {
        expect((await translateHtml(html, fakeTranslator(identity), { attributes: true })).html).toBe(html)
      }),
      { numRuns: 300 },
    )
  })

  test('never throws on arbitrary UTF-16 strings (lone surrogates, NUL, controls) and writes them back unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 80 }), fc.string({ unit: 'binary-ascii', maxLength: 80 }), async (a, b) => {
        const html = `${a}<p title="${b}">${b}${a}</p>`
        expect((await translateHtml(html, fakeTranslator(identity), { attributes: true })).html).toBe(html)
        await translateHtml(html, fakeTranslator(upperCase), { attributes: true })
      }),
      { numRuns: 300 },
    )
  })

  test('keeps every tag and comment of random HTML byte-identical through an upper-casing fake translator, and text upper-cased or untouched', async () => {
    await fc.assert(
      fc.asyncProperty(randomHtml, async (html) => {
        const out = await translateHtml(html, fakeTranslator(upperCase))
        const before = flatten(html)
        const after = flatten(out.html)
        expect(after.markup).toEqual(before.markup)
        expect(after.texts.length).toBe(before.texts.length)
        after.texts.forEach((t, i) => expect([before.texts[i]!.value, before.texts[i]!.value.toUpperCase()]).toContain(t.value))
      }),
      { numRuns: 300 },
    )
  })

  test('sends random text decoded and writes the translation so that it decodes to exactly what the fake translator returned', async () => {
    await fc.assert(
      fc.asyncProperty(randomText, async (text) => {
        const html = `<p>${escapeText(text)}</p>`
        const { segments, write } = extractHtml(html)
        expect(write(segments)).toBe(html)
        const suffix = '<&>"\' ü\u00a0'
        const translated = segments.map((s) => mapText(s, (t) => t + suffix))
        const out = write(translated)
        if (segments.length === 0) expect(out).toBe(html)
        else expect(textOf(out)).toBe(textOf(html).replace(/[^\t\n\f\r ](?=[\t\n\f\r ]*$)/u, (c) => c + suffix))
      }),
      { numRuns: 300 },
    )
  })
})
