import { describe, expect, test } from 'vitest'
import { withInterfaceSave } from '../src/apertium/save-sense.js'
import { englishEngine, haveApertium } from './real-apertium.js'

describe('"guardar", "gardar", "desar" for "save" in answers from English', () => {
  test('the forms of "salvar" become the forms of "guardar" when the source says "save"', () => {
    expect(withInterfaceSave('Salva cambios. El mensaje salvado; salvando, salvó, salvarán.', 'Save changes. The message saved; saving, saved, will save.', 'en', 'es'))
      .toBe('Guarda cambios. El mensaje guardado; guardando, guardó, guardarán.')
    // a word that ends like a pronoun is no pronoun ("favoritos", "permisos")
    expect(withInterfaceSave('Exporta favoritos salvados, permisos salvados.', 'Export saved favorites, saved permissions.', 'en', 'es')).toBe('Exporta favoritos guardados, permisos guardados.')
  })

  test('a person or a life saved, "salvo", and a source without "save" keep "salvar"', () => {
    const kept = 'Me salvaste. La salvó. Me ha salvado. Sálvame, salvarnos. Salvaste mi vida. Salvar vidas. Todos salvo uno.'
    expect(withInterfaceSave(kept, 'You saved me. He saved her. He has saved me. Save me, save us. You saved my life. Save lives. All save one.', 'en', 'es')).toBe(kept)
    expect(withInterfaceSave('Salva el mundo.', 'Rescue the world.', 'en', 'es')).toBe('Salva el mundo.')
  })

  test('Galician "gardar" and Catalan "desar" likewise', () => {
    expect(withInterfaceSave('A mensaxe salvada. Salva cambios. Salvaches a miña vida. Salvoume.', 'Message saved. Save changes. You saved my life. He saved me.', 'en', 'gl'))
      .toBe('A mensaxe gardada. Garda cambios. Salvaches a miña vida. Salvoume.')
    expect(withInterfaceSave("El missatge va salvar. Salvant... Canvis salvats. Em va salvar. M'has salvat.", 'Message saved. Saving... Changes saved. He saved me. You saved me.', 'en', 'ca'))
      .toBe("El missatge va desar. Desant... Canvis desats. Em va salvar. M'has salvat.")
  })

  test('only the last hop from English into Spanish, Galician or Catalan; tokens untouched', () => {
    expect(withInterfaceSave('Salvar.', 'Save.', 'en', 'pt')).toBe('Salvar.')
    expect(withInterfaceSave('Salvar.', 'Save.', 'fr', 'es')).toBe('Salvar.')
    const token = { id: '1', kind: 'void' } as const
    expect(withInterfaceSave(['Salva ', token, '.'], ['Save ', token, '.'], 'en', 'es')).toEqual(['Guarda ', token, '.'])
  })
})

describe.skipIf(!haveApertium)('"guardar" for "save" through Apertium', () => {
  const { en } = englishEngine()

  test('"Save changes", "Message saved as draft" (eng-spa); "You saved my life." keeps "salvar"', async () => {
    // interface strings came back "Salva cambios", "El mensaje salvado como borrador"
    expect(await en(['Save changes', 'Message saved as draft', 'You saved my life.'])).toEqual(['Guarda cambios', 'El mensaje guardado como borrador', 'Salvaste mi vida.'])
  })
})
