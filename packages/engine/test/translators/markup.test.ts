import { describe, expect, test } from 'vitest'
import { canonicalLanguageCode, decodeMarkup, encodeMarkup, EngineError, type InlineToken, type Segment } from '@verso/engine'

const open = (id: string): InlineToken => ({ id, kind: 'open' })
const close = (id: string): InlineToken => ({ id, kind: 'close' })
const ph = (id: string): InlineToken => ({ id, kind: 'void' })
const code = (result: Segment | EngineError) => (result instanceof EngineError ? result.code : 'ok')

describe('markup', () => {
  test('numbers tokens in input order and escapes the text around them', () => {
    const xml = encodeMarkup(['a < b & ', open('b'), 'c > d', close('b'), ph('n')], 'xml')
    expect(xml.markup).toBe('a &lt; b &amp; <g1>c &gt; d</g1><x2/>')
    expect(xml.voidNames).toEqual(['x2'])
    expect(encodeMarkup(['Hi ', ph('n'), ' ', open('a'), 'there', close('a')], 'html').markup).toBe('Hi <span translate="no" id="x1"></span> <span id="g2">there</span>')
  })

  test('reads tokens back where the engine moved them and unescapes the text', () => {
    const input: Segment = ['The ', open('b'), 'red', close('b'), ' car ', ph('n')]
    const enc = encodeMarkup(input, 'xml')
    expect(decodeMarkup('<x2/> Das <g1>rote</g1> Auto &amp; &#39;mehr&#x27;', enc, 'xml')).toEqual([ph('n'), ' Das ', open('b'), 'rote', close('b'), " Auto & 'mehr'"])
    const html = encodeMarkup(input, 'html')
    expect(decodeMarkup('Das <span id="g1">rote</span> Auto <span translate="no" id="x2"></span>', html, 'html')).toEqual(['Das ', open('b'), 'rote', close('b'), ' Auto ', ph('n')])
  })

  test('refuses an answer that drops, doubles, invents or breaks tokens', () => {
    const enc = encodeMarkup(['Hello ', ph('n'), ' ', open('b'), 'you', close('b')], 'xml')
    expect(code(decodeMarkup('Hallo <g2>du</g2>', enc, 'xml'))).toBe('ENGINE_BAD_OUTPUT')
    expect(code(decodeMarkup('Hallo <x1/><x1/> <g2>du</g2>', enc, 'xml'))).toBe('ENGINE_BAD_OUTPUT')
    expect(code(decodeMarkup('Hallo <x1/> <x3/> <g2>du</g2>', enc, 'xml'))).toBe('ENGINE_BAD_OUTPUT')
    expect(code(decodeMarkup('Hallo <x1/> <g2>du', enc, 'xml'))).toBe('ENGINE_BAD_OUTPUT')
    expect(code(decodeMarkup('Hallo <x1/> <b>du</b>', enc, 'xml'))).toBe('ENGINE_BAD_OUTPUT')
    expect(code(decodeMarkup('Hallo <x1/> <g2/>', enc, 'xml'))).toBe('ENGINE_BAD_OUTPUT')
    expect(code(decodeMarkup(42, enc, 'xml'))).toBe('ENGINE_BAD_OUTPUT')
    expect(code(decodeMarkup('Hallo <x1/> <g2>du</g2>', enc, 'xml'))).toBe('ok')
  })

  test('sends pairs that do not nest as standalone tokens and checks a close still follows its open', () => {
    const input: Segment = [open('a'), 'one ', open('b'), 'two', close('a'), ' three', close('b')]
    const enc = encodeMarkup(input, 'xml')
    expect(enc.markup).toBe('<x1/>one <x2/>two<x3/> three<x4/>')
    expect(decodeMarkup('<x1/>eins <x2/>zwei<x3/> drei<x4/>', enc, 'xml')).toEqual([open('a'), 'eins ', open('b'), 'zwei', close('a'), ' drei', close('b')])
    expect(code(decodeMarkup('<x3/>eins <x2/>zwei<x1/> drei<x4/>', enc, 'xml'))).toBe('ENGINE_BAD_OUTPUT')
  })

  test('gives a string for a string and puts the outer whitespace back', () => {
    const enc = encodeMarkup('  Hello\n', 'xml')
    expect(enc.markup).toBe('Hello')
    expect(decodeMarkup('Hallo', enc, 'xml')).toBe('  Hallo\n')
    expect(code(decodeMarkup('Hallo <x1/>', enc, 'xml'))).toBe('ENGINE_BAD_OUTPUT')
  })
})

describe('language codes', () => {
  test('canonicalises case, separators, script subtags and deprecated codes', () => {
    expect(['EN', 'en_gb', 'PT-br', 'zh-hans', 'ZH-HANT', 'sr-latn', 'es-419', 'iw', 'no'].map(canonicalLanguageCode)).toEqual(['en', 'en-GB', 'pt-BR', 'zh-CN', 'zh-TW', 'sr-Latn', 'es-419', 'he', 'nb'])
  })
})
