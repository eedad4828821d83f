import { afterAll, describe, expect, test } from 'vitest'
import { createEngine, type InlineToken } from '../src/index.js'
import { maskDialogueDashes } from '../src/apertium/dialogue-dashes.js'
import { haveMode } from './real-apertium.js'

const dash = (id = 'dash'): InlineToken => ({ id, kind: 'void' })

describe('a dialogue turn\'s dash goes as a token', () => {
  test('a dash at a line\'s start and the blanks after it become a token; the line\'s words stay text', () => {
    expect(maskDialogueDashes('- Come with me.').segment).toEqual([dash(), 'Come with me.'])
    expect(maskDialogueDashes('- Who is it?\n– It\'s me.').segment).toEqual([dash(), 'Who is it?\n', dash('_dash'), 'It\'s me.'])
    expect(maskDialogueDashes('—¿Dónde vas?').segment).toEqual([dash(), '¿Dónde vas?'])
    // blanks before the dash stay text
    expect(maskDialogueDashes('  - Run!').segment).toEqual(['  ', dash(), 'Run!'])
  })

  test('a hyphen inside a line, a negative number, an option and a dash before nothing are text', () => {
    for (const text of ['Well-known - and loved', '-5 degrees', '--verbose mode', '- ', 'Wait -- what?', 'A\n-'] as const) {
      expect(maskDialogueDashes(text).segment).toBe(text)
    }
  })

  test('a dash after a void token that follows a sentence\'s end is a turn\'s (a subtitle\'s line break as the caller\'s token); after a word it is not', () => {
    const br: InlineToken = { id: 'br', kind: 'void' }
    expect(maskDialogueDashes(['- Come with me.', br, '- Where are we going?']).segment).toEqual([dash(), 'Come with me.', br, dash('_dash'), 'Where are we going?'])
    expect(maskDialogueDashes(['Hello ', br, '- world']).segment).toEqual(['Hello ', br, '- world'])
  })

  test('a dash after a tag that opens the line is a turn\'s; one after text the tag follows is not', () => {
    const i: InlineToken = { id: 'i', kind: 'open' }
    const iClose: InlineToken = { id: 'i', kind: 'close' }
    expect(maskDialogueDashes([i, '- Stop!', iClose]).segment).toEqual([i, dash(), 'Stop!', iClose])
    expect(maskDialogueDashes(['Say ', i, '- no', iClose]).segment).toEqual(['Say ', i, '- no', iClose])
    expect(maskDialogueDashes(['Hi.\n', i, '- Stop!', iClose]).segment).toEqual(['Hi.\n', i, dash(), 'Stop!', iClose])
  })

  test('restore writes each dash back as written and gives a turn\'s first letter the source\'s capital', () => {
    const masked = maskDialogueDashes('-  Who?\n— no.')
    expect(masked.restore([dash(), 'qui?\n', dash('_dash'), 'no.'])).toBe('-  Qui?\n— no.')
    expect(masked.restore([dash(), '¿quién?\n', dash('_dash'), 'no.'])).toBe('-  ¿Quién?\n— no.')
  })
})

describe.skipIf(!haveMode('eng-spa'))('dialogue through Apertium', () => {
  const engine = createEngine({ cacheSize: 0 })
  afterAll(() => engine.close())
  const into = async (target: string, texts: string[]) => (await engine.translate(texts, { source: 'en', target })).map((t) => t.segment)

  test('a turn after a dash is read as the sentence it is (it came back "- Venido conmigo.", "- I no sabe.", "- Abierto la ventana.")', async () => {
    expect(await into('es', ['- Come with me.', '- I don\'t know.', '- Open the window.\n- Close your eyes.', '- Where I live.']))
      .toEqual(['- Venir conmigo.', '- No sé.', '- Abrir la ventana.\n- Cerrar tus ojos.', '- Dónde vivo.'])
  })

  test.skipIf(!haveMode('eng-cat'))('Catalan commands after a dash are imperatives (it came back "- Em segueix.", "- Obert la finestra.")', async () => {
    expect(await into('ca', ['- Follow me.', '- Open the window.'])).toEqual(['- Segueix-me.', '- Obre la finestra.'])
  })

  test.skipIf(!haveMode('en-eo'))('a turn\'s first word keeps its capital where the pair writes it in lower case after a token (en-eo "- mi ne scias.")', async () => {
    expect(await into('eo', ['- I don\'t know.', '- Read the letter.'])).toEqual(['- Mi ne scias.', '- Legi la leteron.'])
  })
})
