import { describe, expect, test } from 'vitest'
import type { InlineToken } from '@verso/engine'
import { withInformalPossessives } from '../src/apertium/possessives.js'
import { englishEngine, haveApertium, haveMode } from './real-apertium.js'

describe('withInformalPossessives', () => {
  test('"vuestro" before a noun is "tu", "tus" in the plural, with the capital it had', () => {
    expect(withInformalPossessives('Vuestra cuenta está cerrada. Comprobar vuestros encuadres y vuestras limas.'))
      .toBe('Tu cuenta está cerrada. Comprobar tus encuadres y tus limas.')
  })

  test('after an article it is the pronoun: "la tuya", "los tuyos", "lo tuyo"', () => {
    expect(withInformalPossessives('Esta lima es la vuestra; los vuestros y lo vuestro')).toBe('Esta lima es la tuya; los tuyos y lo tuyo')
  })

  test('other words and tokens are left alone', () => {
    const bold: InlineToken = { id: 'b', kind: 'open' }
    const end: InlineToken = { id: 'b', kind: 'close' }
    expect(withInformalPossessives(['Nuestra cuenta y ', bold, 'vuestra', end, ' clave'])).toEqual(['Nuestra cuenta y ', bold, 'tu', end, ' clave'])
    expect(withInformalPossessives('Vuestrax')).toBe('Vuestrax')
  })
})

describe.skipIf(!haveApertium)('through Apertium', () => {
  const { en } = englishEngine()

  test('en→es says "tu" with "tú": "Tienes que confirmar tu dirección", not "vuestra"', async () => {
    expect(await en(['You have to confirm your email address.', 'This file is yours.'])).toEqual(['Tienes que confirmar tu dirección de correo electrónico.', 'Esta lima es la tuya.'])
  })

  test.skipIf(!haveMode('fr-es') && !haveMode('es-fr'))('Spanish on the way to French keeps the plural: "votre", as French interfaces write it', async () => {
    const [french] = await en(['Confirm your email address.'], 'fr')
    expect(french).toMatch(/votre/)
  })
})
