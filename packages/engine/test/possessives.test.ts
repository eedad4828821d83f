import { describe, expect, test } from 'vitest'
import type { InlineToken } from '@verso/engine'
import { withInformalPossessives } from '../src/apertium/possessives.js'
import { englishEngine, haveApertium, haveMode } from './real-apertium.js'

describe('withInformalPossessives', () => {
  test('"vuestro" before a noun is "tu", "tus" in the plural, with the capital it had', () => {
    expect(withInformalPossessives('Vuestra cuenta está cerrada. Comprobar vuestros encuadres y vuestras limas.', 'en', 'es'))
      .toBe('Tu cuenta está cerrada. Comprobar tus encuadres y tus limas.')
  })

  test('after an article it is the pronoun: "la tuya", "los tuyos", "lo tuyo"', () => {
    expect(withInformalPossessives('Esta lima es la vuestra; los vuestros y lo vuestro', 'en', 'es')).toBe('Esta lima es la tuya; los tuyos y lo tuyo')
  })

  test('Galician "voso/vosa/vosos/vosas" is "teu/túa/teus/túas", its article kept', () => {
    expect(withInformalPossessives('A vosa conta é pechada. Control as vosas colocacións e os vosos ficheiros. Este é o voso.', 'en', 'gl'))
      .toBe('A túa conta é pechada. Control as túas colocacións e os teus ficheiros. Este é o teu.')
  })

  test('only the last hop from English into Spanish or Galician: Spanish from Catalan, Catalan from English are left alone', () => {
    for (const [source, target, text] of [['ca', 'es', 'vuestra cuenta'], ['en', 'ca', 'la vostra relació'], ['es', 'gl', 'a vosa conta']] as const) {
      expect(withInformalPossessives(text, source, target)).toBe(text)
    }
  })

  test('other words and tokens are left alone', () => {
    const bold: InlineToken = { id: 'b', kind: 'open' }
    const end: InlineToken = { id: 'b', kind: 'close' }
    expect(withInformalPossessives(['Nuestra cuenta y ', bold, 'vuestra', end, ' clave'], 'en', 'es')).toEqual(['Nuestra cuenta y ', bold, 'tu', end, ' clave'])
    expect(withInformalPossessives('Vuestrax', 'en', 'es')).toBe('Vuestrax')
  })
})

describe.skipIf(!haveApertium)('through Apertium', () => {
  const { en } = englishEngine()

  test('en→es says "tu" with "tú": "Tienes que confirmar tu dirección", not "vuestra"', async () => {
    expect(await en(['You have to confirm your email address.', 'This file is yours.'])).toEqual(['Tienes que confirmar tu dirección de correo electrónico.', 'Este archivo es el tuyo.'])
  })

  test.skipIf(!haveMode('en-gl'))('en→gl says "teu" with "ti": "Tes que confirmar o teu enderezo"', async () => {
    expect(await en(['You have to confirm your address.', 'Your account is locked.'], 'gl')).toEqual(['Tes que confirmar o teu enderezo.', 'A túa conta é pechada.'])
  })

  test.skipIf(!haveMode('fr-es') && !haveMode('es-fr'))('Spanish on the way to French keeps the plural: "votre", as French interfaces write it', async () => {
    const [french] = await en(['Confirm your email address.'], 'fr')
    expect(french).toMatch(/votre/)
  })
})
