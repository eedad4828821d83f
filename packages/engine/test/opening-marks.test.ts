import { afterAll, describe, expect, test } from 'vitest'
import { createEngine, withOpeningMarks, type InlineToken } from '@verso/engine'
import { englishEngine, haveApertium, haveMode } from './real-apertium.js'


describe('withOpeningMarks', () => {
  test('into a language other than Spanish and Asturian the inverted marks a pair kept go', () => {
    expect(withOpeningMarks('¡Utente creato con successo! ¿Stai sicuro?', 'it')).toBe('Utente creato con successo! Stai sicuro?')
    const link: InlineToken = { id: 'a', kind: 'open' }
    expect(withOpeningMarks(['¡ ', link, 'Fatto!'], 'it')).toEqual(['', link, 'Fatto!'])
    expect(withOpeningMarks('Done!', 'en')).toBe('Done!')
  })

  test('a Spanish question or exclamation opens with ¿ or ¡ at its start', () => {
    expect(withOpeningMarks('Olvidó vuestra contraseña?', 'es')).toBe('¿Olvidó vuestra contraseña?')
    expect(withOpeningMarks('Hecho!', 'es')).toBe('¡Hecho!')
    expect(withOpeningMarks('¡Hola! Qué tal? Bien.', 'es')).toBe('¡Hola! ¿Qué tal? Bien.')
    expect(withOpeningMarks('Versión 3.5 disponible?', 'es')).toBe('¿Versión 3.5 disponible?')
    expect(withOpeningMarks('Uno.\nDos?', 'ast')).toBe('Uno.\n¿Dos?')
  })

  test('after a lead-in clause the mark opens the question at its interrogative word, or at a question tag', () => {
    expect(withOpeningMarks('Si lo sabías, por qué no me lo dijiste?', 'es')).toBe('Si lo sabías, ¿por qué no me lo dijiste?')
    expect(withOpeningMarks('Llegaremos tarde otra vez, no?', 'es')).toBe('Llegaremos tarde otra vez, ¿no?')
    expect(withOpeningMarks('La reunión empieza a las 9:30, verdad?', 'es')).toBe('La reunión empieza a las 9:30, ¿verdad?')
    // a name after the comma is the one asked (a vocative), not a tag
    expect(withOpeningMarks('Quieres guardar, Juan?', 'es')).toBe('¿Quieres guardar, Juan?')
  })

  test('an abbreviation\'s full stop before a word in lower case ends no sentence', () => {
    // "The meeting starts at 9:30 a.m. in room 4B, right?" had its ¿ after "a.m."
    expect(withOpeningMarks('Empieza a las 9:30 a.m. en la sala 4B?', 'es')).toBe('¿Empieza a las 9:30 a.m. en la sala 4B?')
    expect(withOpeningMarks('Hecho. Seguimos?', 'es')).toBe('Hecho. ¿Seguimos?')
    // any other full stop ends its sentence, whatever the case after it (a subtitle's "Bien. no te cansas nunca?")
    expect(withOpeningMarks('Bien. no te cansas nunca?', 'es')).toBe('Bien. ¿no te cansas nunca?')
  })

  test('a sentence that has its mark, a line break inside a sentence, a URL query and other targets are left alone', () => {
    for (const text of ['¿Ya está?', 'Ver https://x.org/?a=1 ahora', 'Todo bien']) expect(withOpeningMarks(text, 'es')).toBe(text)
    expect(withOpeningMarks('Estás\nseguro?', 'es')).toBe('¿Estás\nseguro?')
    expect(withOpeningMarks('Fet!', 'ca')).toBe('Fet!')
  })

  test('a question mark that ends no word (a listed character) opens nothing; one blank before it, as French writes it, does', () => {
    // Nextcloud's "Forbidden characters: / \\ < > : \" | ? *" came back "¿Caracteres prohibidos: …"
    expect(withOpeningMarks('Caracteres prohibidos: / \\ < > : " | ? *', 'es')).toBe('Caracteres prohibidos: / \\ < > : " | ? *')
    expect(withOpeningMarks('Estás seguro ?', 'es')).toBe('¿Estás seguro ?')
  })

  test('tokens keep their places, and the mark goes before a tag that opens the sentence', () => {
    const b: InlineToken = { id: 'b', kind: 'open' }
    const bc: InlineToken = { id: 'b', kind: 'close' }
    expect(withOpeningMarks([b, 'Eliminar', bc, ' esto?'], 'es')).toEqual(['¿', b, 'Eliminar', bc, ' esto?'])
  })

  test('a sentence that follows a line-break token with no blank opens with its mark', () => {
    // keepassxc_en.ts: "…has been received.\nDo you want to create this group?" (the line break a token) got its ¿ at the start
    const br: InlineToken = { id: 'br', kind: 'void' }
    expect(withOpeningMarks(['Una petición ha sido recibida.', br, 'Quieres crear este grupo?', br], 'es'))
      .toEqual(['Una petición ha sido recibida.', br, '¿Quieres crear este grupo?', br])
    // a token inside a sentence, with no sentence end before it, ends nothing
    expect(withOpeningMarks(['Quieres', br, 'crear este grupo?'], 'es')).toEqual(['¿Quieres', br, 'crear este grupo?'])
  })

  test('the mark opens the words, after a dialogue dash, a bracketed aside or a speaker’s name or a short label', () => {
    // Elephants Dream's captions: "- Now!" came back "¡- Ahora!"; a speaker's "JOHN: Who is there?" "¿JOHN: Quién…"
    expect(withOpeningMarks('- Ahora!', 'es')).toBe('- ¡Ahora!')
    expect(withOpeningMarks('Voy a casa.\n–Espera!', 'es')).toBe('Voy a casa.\n–¡Espera!')
    expect(withOpeningMarks('[la puerta cruje] Quién es?', 'es')).toBe('[la puerta cruje] ¿Quién es?')
    expect(withOpeningMarks('(Opcional) Cuál es tu nombre?', 'es')).toBe('(Opcional) ¿Cuál es tu nombre?')
    expect(withOpeningMarks('JOHN: Quién es?', 'es')).toBe('JOHN: ¿Quién es?')
    expect(withOpeningMarks('Nota: estás seguro?', 'es')).toBe('Nota: ¿estás seguro?')
    // a longer clause before the colon is part of the question, and a negative number is no dash
    expect(withOpeningMarks('Quieres borrar estos cuatro archivos: fotos y vídeos?', 'es')).toBe('¿Quieres borrar estos cuatro archivos: fotos y vídeos?')
    expect(withOpeningMarks('-5 grados?', 'es')).toBe('¿-5 grados?')
    // an aside or a label with nothing after it is the question itself
    expect(withOpeningMarks('(Opcional)?', 'es')).toBe('¿(Opcional)?')
  })

  test('the mark goes inside a tag that holds the whole question, before one that closes inside it', () => {
    // a subtitle's <font color>Where are you going?</font> came back "¿<font …>Dónde…?</font>"
    const font: InlineToken = { id: 'f', kind: 'open' }
    const fontEnd: InlineToken = { id: 'f', kind: 'close' }
    expect(withOpeningMarks([font, 'Dónde vas?', fontEnd], 'es')).toEqual([font, '¿Dónde vas?', fontEnd])
    const i: InlineToken = { id: 'i', kind: 'open' }
    const iEnd: InlineToken = { id: 'i', kind: 'close' }
    const br: InlineToken = { id: 'n1', kind: 'void' }
    expect(withOpeningMarks([i, '[la puerta cruje]', iEnd, br, 'JOHN: Quién es?'], 'es')).toEqual([i, '[la puerta cruje]', iEnd, br, 'JOHN: ¿Quién es?'])

    // a WebVTT voice left open (<v.loud Mary>Stop!) is markup against the word; a placeholder is a word of its own
    const voice: InlineToken = { id: 'v', kind: 'void' }
    expect(withOpeningMarks([voice, 'Para! Vuelve aquí!'], 'es')).toEqual([voice, '¡Para! ¡Vuelve aquí!'])
    const name: InlineToken = { id: '1', kind: 'void' }
    expect(withOpeningMarks([name, ' está aquí?'], 'es')).toEqual(['¿', name, ' está aquí?'])
  })

  test('text holding private-use characters (icon glyphs) is left alone', () => {
    expect(withOpeningMarks('\uE001 Listo?', 'es')).toBe('\uE001 Listo?')
  })
})

describe.skipIf(!haveApertium)('opening marks through Apertium', () => {
  const { en } = englishEngine()

  test('an English question comes back with ¿ in Spanish, not in Catalan', async () => {
    // wikipedia-ios "Forgot your password?" came back "Olvidó vuestra contraseña?" (and "tu" since possessives.ts, "Olvidaste" since the reading hints' subject)
    expect(await en(['Forgot your password?'])).toEqual(['¿Olvidaste tu contraseña?'])
    // a subtitle's dialogue turn: "- Wait for me!" came back "¡- Espera para mí!" ("Esperarme" since "wait for" reads as "wait")
    expect(await en(['- Wait for me!'])).toEqual(['- ¡Esperarme!'])
    const [ca] = await en(['Forgot your password?'], 'ca')
    expect(ca).not.toContain('¿')
  })
})

describe.skipIf(!haveMode('spa-ita'))('Spanish into Italian (real Apertium, spa-ita)', () => {
  const engine = createEngine({ cacheSize: 0 })
  afterAll(() => engine.close())

  test('the Spanish source\'s ¡ and ¿ do not reach Italian (spa-ita kept them)', async () => {
    const out = (await engine.translate(['¡Usuario creado con éxito!', '¿Estás seguro?'], { source: 'es', target: 'it' })).map((t) => t.segment)
    expect(out).toEqual(['Utente creato con successo!', 'Stai sicuro?'])
  })
})
