import { describe, expect, test } from 'vitest'
import { extractHtml, HtmlError, translateHtml } from '@verso/html'
import { fakeTranslator, identity, upperCase } from './fake-translators.js'
import { flatten } from './oracle.js'

const MALFORMED: Record<string, string> = {
  'unclosed tags': '<div><p>First paragraph<p>Second <b>bold text<i>and italic</div>',
  'stray end tags': '<p>Before</div> after</span> end</p></p></b>',
  'a div inside a p': '<p>Outer text<div>Inner block</div>trailing</p>',
  'missing <html>': '<head><title>Title here</title></head><body><p>Body here</p>',
  'misnested inline tags': '<p>Start <b>bold <i>both</b> italic</i> end</p>',
  'a table with stray text': '<table>Loose words<tr><td>Cell words</td>Also loose</tr></table>',
  'text after </html>': '<!DOCTYPE html><html><body><p>Inside</p></body></html>Outside words',
  'an unclosed comment': '<p>Visible words</p><!-- never closed <p>hidden',
  'an unclosed attribute quote': '<p title="oops>Some words</p><p>More words</p>',
  'a lone <': '<p>a < b and c > d</p>',
  'a bare ampersand': '<p>Salt & pepper &amp more &unknown; stuff</p>',
  'only an end tag': '</div>',
  'nested formatting reconstructed across blocks': '<b>Bold<p>Para one</b>text</p>',
  'a stray </br>': '<p>Line one</br>Line two</p>',
  'a NUL and CRLF': '<p>Line\r\none\u0000 two</p>',
  'a BOM': '\uFEFF<!doctype html><p>With a BOM</p>',
  'an unclosed code element': '<p>Run <code>npm test</p><p>Next paragraph</p>',
  'an unclosed script': '<p>Words</p><script>var a = "<p>not text</p>"',
}


describe('translateHtml › malformed HTML', () => {
  for (const [name, html] of Object.entries(MALFORMED)) {
    test(`does not crash on ${name}, writes it back byte-identical with an identity fake translator and changes only letters with an upper-casing one`, async () => {
      const same = await translateHtml(html, fakeTranslator(identity))
      expect(same.html).toBe(html)
      const upper = await translateHtml(html, fakeTranslator(upperCase))
      // parse5 as the oracle: same tags and comments byte for byte, text upper-cased or, where
      // never translated (skipped content, or bytes the parser moved), unchanged.
      const before = flatten(html)
      const after = flatten(upper.html)
      expect(after.markup).toEqual(before.markup)
      expect(after.texts.length).toBe(before.texts.length)
      after.texts.forEach((t, i) => {
        const b = before.texts[i]!
        expect([b.value, b.value.toUpperCase()]).toContain(t.value)
        if (b.skipped) expect(t.value).toBe(b.value)
      })
    })
  }

  test('translates the text of unclosed paragraphs and keeps the implied structure untouched', async () => {
    const out = await translateHtml(MALFORMED['unclosed tags']!, fakeTranslator(upperCase))
    expect(out.html).toBe('<div><p>FIRST PARAGRAPH<p>SECOND <b>BOLD TEXT<i>AND ITALIC</div>')
  })

  test('translates text around a stray end tag and keeps the stray tag where it was', async () => {
    const out = await translateHtml(MALFORMED['stray end tags']!, fakeTranslator(upperCase))
    expect(out.html).toBe('<p>BEFORE</div> AFTER</span> END</p></p></b>')
  })

  test('translates text on both sides of a <div> that closed a <p>', async () => {
    const out = await translateHtml(MALFORMED['a div inside a p']!, fakeTranslator(upperCase))
    expect(out.html).toBe('<p>OUTER TEXT<div>INNER BLOCK</div>TRAILING</p>')
  })

  test('leaves the content of an unclosed code element untranslated, like the paragraph the parser reopens it in', async () => {
    // The parser reconstructs the open <code> (a formatting element) inside the next <p>,
    // so a browser shows "Next paragraph" as code too.
    const fake = fakeTranslator(upperCase)
    const out = await translateHtml(MALFORMED['an unclosed code element']!, fake)
    expect(JSON.stringify(fake.calls)).not.toMatch(/npm|Next/)
    expect(out.html).toBe('<p>RUN <code>npm test</p><p>Next paragraph</p>')
  })

  test('escapes a lone < and a bare & of translated text and keeps CRLF line ends', async () => {
    const out = await translateHtml('<p>a < b & c\r\nd</p>', fakeTranslator(upperCase))
    expect(out.html).toBe('<p>A &lt; B &amp; C\r\nD</p>')
  })

  test('never sends the content of an unclosed script or comment', async () => {
    const fake = fakeTranslator(upperCase)
    await translateHtml(MALFORMED['an unclosed script']! + MALFORMED['an unclosed comment']!, fake)
    expect(JSON.stringify(fake.calls)).not.toMatch(/not text|hidden/)
  })
})

describe('extractHtml › deep and odd input', () => {
  test('handles 8 000 nested elements without overflowing the stack', async () => {
    const html = `${'<div>'.repeat(4_000)}${'<span>'.repeat(4_000)}Deep text`
    const out = await translateHtml(html, fakeTranslator(upperCase))
    expect(out.html).toBe(html.replace('Deep text', 'DEEP TEXT'))
  })

  test('splits text merged across thousands of stray end tags back into one segment with void tokens', () => {
    const html = `<p>${'ab</x>'.repeat(3_000)}</p>`
    const { segments, write } = extractHtml(html)
    expect(segments).toHaveLength(1)
    expect(write(segments)).toBe(html)
    expect(write(segments.map(upperCase))).toBe(html.replaceAll('ab', 'AB'))
  })
})

describe('extractHtml › limits', () => {
  test('accepts exactly 50 000 characters', () => {
    const html = `<p>${'word '.repeat(9_998)}</p>`.padEnd(50_000, ' ')
    expect(html.length).toBe(50_000)
    expect(extractHtml(html).segments).toHaveLength(1)
  })

  test('throws HTML_TOO_LARGE above 50 000 characters', () => {
    const html = 'a'.repeat(50_001)
    expect(() => extractHtml(html)).toThrow(HtmlError)
    expect(() => extractHtml(html)).toThrow(expect.objectContaining({ code: 'HTML_TOO_LARGE' }))
  })

  test('counts characters as code points, so 50 000 emoji pass and 50 001 do not', () => {
    expect(extractHtml('😀'.repeat(50_000)).segments).toEqual([])
    expect(() => extractHtml('😀'.repeat(50_001))).toThrow(expect.objectContaining({ code: 'HTML_TOO_LARGE' }))
  })

  test('takes another limit from maxLength', async () => {
    expect(extractHtml('<p>abc</p>', { maxLength: 10 }).segments).toEqual(['abc'])
    await expect(translateHtml('<p>abcd</p>', fakeTranslator(identity), { maxLength: 10 })).rejects.toMatchObject({
      code: 'HTML_TOO_LARGE',
    })
  })

  test('throws HTML_INVALID_INPUT for input that is not a string', () => {
    expect(() => extractHtml(42 as unknown as string)).toThrow(expect.objectContaining({ code: 'HTML_INVALID_INPUT' }))
    expect(() => extractHtml('x', { maxLength: Number.NaN })).toThrow(expect.objectContaining({ code: 'HTML_INVALID_INPUT' }))
  })
})
