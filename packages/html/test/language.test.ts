import { describe, expect, test } from 'vitest'
import { extractHtml, translateHtml } from '@verso/html'
import { fakeTranslator, identity, tok, upperCase } from './fake-translators.js'

const esEn = { source: 'en', target: 'es' }

describe('write › language attributes follow the translation', () => {
  test('rewrites <html lang> naming the source language, in any case and region, to the target', () => {
    const html = '<!doctype html><html lang="EN-us"><head><title>Home</title></head><body><p>Hello</p></body></html>'
    const { segments, write } = extractHtml(html)
    expect(write(segments.map(upperCase), esEn)).toBe(
      '<!doctype html><html lang="es"><head><title>HOME</title></head><body><p>HELLO</p></body></html>',
    )
  })

  test('leaves every byte alone without the languages, as before', () => {
    const html = '<html lang="en"><body><p>Hello</p></body></html>'
    const { segments, write } = extractHtml(html)
    expect(write(segments.map(identity))).toBe(html)
  })

  test('keeps a lang naming another language: a French quotation in an English page stays fr', () => {
    const html = '<p lang=en-GB>He said <q lang="fr">bonjour</q> and left.</p>'
    const { segments, write } = extractHtml(html)
    expect(segments).toEqual([['He said ', tok('1', 'open'), 'bonjour', tok('1', 'close'), ' and left.']])
    expect(write([['Dijo ', tok('1', 'open'), 'bonjour', tok('1', 'close'), ' y se fue.']], esEn)).toBe(
      '<p lang=es>Dijo <q lang="fr">bonjour</q> y se fue.</p>',
    )
  })

  test('rewrites a lang inside an inline tag the translator moved, and xml:lang beside it', () => {
    const html = '<p>The <span lang="en" xml:lang="en" class="x">red</span> car</p>'
    const { write } = extractHtml(html)
    expect(write([['El coche ', tok('1', 'open'), 'rojo', tok('1', 'close')]], esEn)).toBe(
      '<p>El coche <span lang="es" xml:lang="es" class="x">rojo</span></p>',
    )
  })

  test('adds dir="rtl" for a right-to-left target and flips an explicit dir="ltr"', () => {
    const html = '<html lang="en"><body><div lang="en" dir="ltr"><p>Hello</p></div><p dir="auto" lang="en">Hi</p></body></html>'
    const { segments, write } = extractHtml(html)
    expect(write(segments.map(upperCase), { source: 'en', target: 'ur' })).toBe(
      '<html lang="ur" dir="rtl"><body><div lang="ur" dir="rtl"><p>HELLO</p></div><p dir="auto" lang="ur">HI</p></body></html>',
    )
  })

  test('sets dir back to ltr when translating out of a right-to-left language', () => {
    const html = '<html lang="ur" dir="rtl"><body><p>سلام</p></body></html>'
    const { segments, write } = extractHtml(html)
    expect(write(segments.map(identity), { source: 'ur', target: 'hi' })).toBe('<html lang="hi" dir="ltr"><body><p>سلام</p></body></html>')
  })

  test('rewrites <meta http-equiv=content-language>, not other meta content', () => {
    const html = '<html><head><meta http-equiv="Content-Language" content="en"><meta name="description" content="en"></head><body><p>Hi</p></body></html>'
    const { segments, write } = extractHtml(html)
    expect(write(segments.map(identity), esEn)).toBe(
      '<html><head><meta http-equiv="Content-Language" content="es"><meta name="description" content="en"></head><body><p>Hi</p></body></html>',
    )
  })

  test('leaves the lang of content that is not translated (translate="no", code) as written', () => {
    const html = '<p>Run <code lang="en">ls</code> or <span translate="no" lang="en">Verso</span> now</p>'
    const { segments, write } = extractHtml(html)
    expect(write(segments.map(upperCase), esEn)).toBe(
      '<p>RUN <code lang="en">ls</code> OR <span translate="no" lang="en">Verso</span> NOW</p>',
    )
  })

  test('changes nothing when source and target share their primary language', () => {
    const html = '<html lang="pt"><body><p>Olá</p></body></html>'
    const { segments, write } = extractHtml(html)
    expect(write(segments.map(identity), { source: 'pt', target: 'pt-BR' })).toBe(html)
  })

  test('translateHtml passes the languages on, and leaves a page with nothing to translate as it was', async () => {
    const page = '<html lang="en"><body><p>Hello</p></body></html>'
    expect((await translateHtml(page, fakeTranslator(upperCase), { languages: esEn })).html).toBe(
      '<html lang="es"><body><p>HELLO</p></body></html>',
    )
    const empty = '<html lang="en"><body><p>123</p></body></html>'
    expect((await translateHtml(empty, fakeTranslator(upperCase), { languages: esEn })).html).toBe(empty)
  })
})
