/**
 * Pages as static-site generators read them (fixture test/fixtures/real-world/jekyll-page.html,
 * SOURCES.md): front matter is data. Translated as text, `layout: page` came back `diseño:
 * page` and Jekyll found no layout. (Liquid and Jinja tags are tokens of `@verso/formats`'
 * placeholder masking, which the server and the CLI apply to a page's segments.)
 */
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { extractHtml, translateHtml } from '@verso/html'
import { fakeTranslator, sentText, upperCase } from './fake-translators.js'

const page = readFileSync(new URL('./fixtures/real-world/jekyll-page.html', import.meta.url), 'utf8')
const frontMatterOf = (html: string) => html.slice(0, html.indexOf('\n---\n', 4) + 5)

describe('front matter (Jekyll, Hugo, Eleventy pages)', () => {
  test('the front matter is kept byte for byte except its readable values, translated in their own quoting', async () => {
    const out = await translateHtml(page, fakeTranslator(upperCase))
    expect(frontMatterOf(out.html)).toBe(
      frontMatterOf(page)
        .replace('title: Getting started', 'title: GETTING STARTED')
        .replace('subtitle: "Install it: the short way"', 'subtitle: "INSTALL IT: THE SHORT WAY"')
        .replace("description: 'A page''s first steps'", "description: 'A PAGE''S FIRST STEPS'"),
    )
  })

  test('a translation that a plain value would misread is written in double quotes', async () => {
    const colon = (s: unknown) => (typeof s === 'string' ? `${s}: ¿qué es?` : s) as never
    const out = await translateHtml('---\ntitle: Start\n---\n<p>x</p>', fakeTranslator(colon))
    expect(out.html).toBe('---\ntitle: "Start: ¿qué es?"\n---\n<p>x: ¿qué es?</p>')
  })

  test('nothing of the front matter but its readable values reaches the engine; the HTML after it is read as before', async () => {
    const fake = fakeTranslator(upperCase)
    const out = await translateHtml(page, fake)
    const sent = sentText(fake.calls)
    for (const data of ['layout', 'permalink', 'nav_order', 'install, guide', 'folded']) expect(sent).not.toContain(data)
    expect(sent).toContain('Getting started')
    expect(out.html.slice(frontMatterOf(page).length)).toBe((await translateHtml(page.slice(frontMatterOf(page).length), fakeTranslator(upperCase))).html)
  })

  test('TOML front matter (Hugo) too; a page without front matter and a rule inside a page are left to HTML', () => {
    const hugo = extractHtml('+++\ntitle = "Welcome"\ndraft = false\n+++\n<p>Hi there</p>')
    expect(hugo.segments).toEqual(['Welcome', 'Hi there'])
    expect(hugo.write(['Bienvenido', 'Hola'])).toBe('+++\ntitle = "Bienvenido"\ndraft = false\n+++\n<p>Hola</p>')
    // Windows line ends
    const crlf = extractHtml('---\r\ntitle: Welcome\r\nlayout: page\r\n---\r\n<p>Hi there</p>')
    expect(crlf.segments).toEqual(['Welcome', 'Hi there'])
    expect(crlf.write(['Bienvenido', 'Hola'])).toBe('---\r\ntitle: Bienvenido\r\nlayout: page\r\n---\r\n<p>Hola</p>')
    expect(extractHtml('<p>Intro</p>\n---\ntitle: Not data\n---\n').segments).toEqual(['Intro', '---\ntitle: Not data\n---'])
  })
})
