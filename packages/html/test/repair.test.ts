import { describe, expect, test } from 'vitest'
import { extractHtml, HtmlError, translateHtml, type Segment } from '@verso/html'
import { fakeTranslator, tok } from './fake-translators.js'
import { flatten } from './oracle.js'

const html = '<p>The <b>red</b> car <i>is</i> fast<br>today.</p>'
// segment: ['The ', o1, 'red', c1, ' car ', o2, 'is', c2, ' fast', v3, 'today.']

function writeOne(parts: Segment): string {
  return extractHtml(html).write([parts])
}

/** The same tags, in any order: markup bytes sorted. */
const tagsOf = (s: string): string[] => flatten(s).markup.slice().sort()

describe('write › token repair', () => {
  test('extracts the expected tokens for the repair cases', () => {
    expect(extractHtml(html).segments).toEqual([
      ['The ', tok('1', 'open'), 'red', tok('1', 'close'), ' car ', tok('2', 'open'), 'is', tok('2', 'close'), ' fast', tok('3', 'void'), 'today.'],
    ])
  })

  test('closes an open tag whose close token went missing at the end of the text', () => {
    const out = writeOne(['El ', tok('1', 'open'), 'coche rojo ', tok('2', 'open'), 'es', tok('2', 'close'), ' rápido', tok('3', 'void'), 'hoy.'])
    expect(out).toBe('<p>El <b>coche rojo <i>es</i> rápido<br>hoy.</b></p>')
  })

  test('drops duplicated and unknown tokens', () => {
    const out = writeOne([
      tok('1', 'open'), 'El', tok('1', 'close'), tok('1', 'close'), ' coche ', tok('9', 'void'), tok('1', 'open'),
      tok('2', 'open'), 'es', tok('2', 'close'), tok('3', 'void'), tok('3', 'void'), 'hoy.',
    ])
    expect(out).toBe('<p><b>El</b> coche <i>es</i><br>hoy.</p>')
  })

  test('wraps the whole text in a tag pair the translator lost entirely and appends a lost void token', () => {
    const out = writeOne(['El coche rojo es rápido hoy.'])
    expect(out).toBe('<p><b><i>El coche rojo es rápido hoy.</i></b><br></p>')
  })

  test('drops a close token that would cross another tag and closes it in nesting order', () => {
    const out = writeOne([tok('1', 'open'), 'El ', tok('2', 'open'), 'coche', tok('1', 'close'), ' es', tok('2', 'close'), tok('3', 'void'), 'hoy.'])
    expect(out).toBe('<p><b>El <i>coche es</i><br>hoy.</b></p>')
  })

  test('drops a close token that comes before its open', () => {
    const out = writeOne([tok('1', 'close'), 'El ', tok('1', 'open'), 'coche', ' es', tok('2', 'open'), tok('2', 'close'), tok('3', 'void'), 'hoy.'])
    expect(out).toBe('<p>El <b>coche es<i></i><br>hoy.</b></p>')
  })

  test('ignores parts that are neither text nor tokens', () => {
    const out = writeOne([42, null, 'El coche', { id: 1 }] as unknown as Segment)
    expect(out).toBe('<p><b><i>El coche</i></b><br></p>')
  })

  test('always writes back the same set of tags, whatever the translator does with the tokens', () => {
    const { segments } = extractHtml(html)
    const parts = segments[0] as readonly (string | { id: string; kind: 'open' | 'close' | 'void' })[]
    const variants: Segment[] = [
      [...parts].reverse(),
      parts.filter((p) => typeof p === 'string'),
      [...parts, ...parts],
      parts.filter((p) => typeof p !== 'string'),
      'solo texto',
    ]
    for (const v of variants) expect(tagsOf(writeOne(v))).toEqual(tagsOf(html))
  })
})

describe('write › segment count', () => {
  test('throws HTML_TOKEN_MISMATCH when the translator returns too few or too many segments', async () => {
    const { write } = extractHtml('<p>One</p><p>Two</p>')
    expect(() => write(['Uno'])).toThrow(HtmlError)
    expect(() => write(['Uno'])).toThrow(expect.objectContaining({ code: 'HTML_TOKEN_MISMATCH' }))
    expect(() => write(['Uno', 'Dos', 'Tres'])).toThrow(expect.objectContaining({ code: 'HTML_TOKEN_MISMATCH' }))
    const short = fakeTranslator(() => 'x')
    const shortBatch = Object.assign(async (s: readonly Segment[]) => (await short(s)).slice(1), {})
    await expect(translateHtml('<p>One</p><p>Two</p>', shortBatch)).rejects.toMatchObject({ code: 'HTML_TOKEN_MISMATCH' })
  })

  test('throws HTML_TOKEN_MISMATCH for a result that is not a list or holds a non-segment', () => {
    const { write } = extractHtml('<p>One</p><p title="t">Two</p>', { attributes: true })
    expect(() => write('Uno' as unknown as Segment[])).toThrow(expect.objectContaining({ code: 'HTML_TOKEN_MISMATCH' }))
    expect(() => write(['Uno', 7, 'Dos'] as unknown as Segment[])).toThrow(expect.objectContaining({ code: 'HTML_TOKEN_MISMATCH' }))
    expect(() => write([null, 'T', 'Dos'] as unknown as Segment[])).toThrow(expect.objectContaining({ code: 'HTML_TOKEN_MISMATCH' }))
  })

  test('passes an error thrown by the translator through unchanged', async () => {
    const boom = new Error('engine down')
    await expect(translateHtml('<p>One</p>', async () => Promise.reject(boom))).rejects.toBe(boom)
  })
})
