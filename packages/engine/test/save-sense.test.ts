import { describe, expect, test } from 'vitest'
import { withInterfaceVerbs } from '../src/apertium/save-sense.js'
import { englishEngine, haveApertium } from './real-apertium.js'

describe('"guardar", "gardar", "desar" for "save" in answers from English', () => {
  test('the forms of "salvar" become the forms of "guardar" when the source says "save"', () => {
    expect(withInterfaceVerbs('Salva cambios. El mensaje salvado; salvando, salvó, salvarán.', 'Save changes. The message saved; saving, saved, will save.', 'en', 'es'))
      .toBe('Guarda cambios. El mensaje guardado; guardando, guardó, guardarán.')
    // a word that ends like a pronoun is no pronoun ("favoritos", "permisos")
    expect(withInterfaceVerbs('Exporta favoritos salvados, permisos salvados.', 'Export saved favorites, saved permissions.', 'en', 'es')).toBe('Exporta favoritos guardados, permisos guardados.')
  })

  test('a person or a life saved, "salvo", and a source without "save" keep "salvar"', () => {
    const kept = 'Me salvaste. La salvó. Me ha salvado. Sálvame, salvarnos. Salvaste mi vida. Salvar vidas. Todos salvo uno.'
    expect(withInterfaceVerbs(kept, 'You saved me. He saved her. He has saved me. Save me, save us. You saved my life. Save lives. All save one.', 'en', 'es')).toBe(kept)
    expect(withInterfaceVerbs('Salva el mundo.', 'Rescue the world.', 'en', 'es')).toBe('Salva el mundo.')
  })

  test('Galician "gardar" and Catalan "desar" likewise', () => {
    expect(withInterfaceVerbs('A mensaxe salvada. Salva cambios. Salvaches a miña vida. Salvoume.', 'Message saved. Save changes. You saved my life. He saved me.', 'en', 'gl'))
      .toBe('A mensaxe gardada. Garda cambios. Salvaches a miña vida. Salvoume.')
    expect(withInterfaceVerbs("El missatge va salvar. Salvant... Canvis salvats. Em va salvar. M'has salvat.", 'Message saved. Saving... Changes saved. He saved me. You saved me.', 'en', 'ca'))
      .toBe("El missatge va desar. Desant... Canvis desats. Em va salvar. M'has salvat.")
  })

  test('a capitalised form after a word that is also a pronoun is a label (ca "el" before "Salva")', () => {
    expect(withInterfaceVerbs('Fes clic el Salva botó. El salva.', 'Click the Save button. He saves him.', 'en', 'ca')).toBe('Fes clic el Desa botó. El salva.')
  })

  test('only the last hop from English into Spanish, Galician or Catalan; tokens untouched', () => {
    expect(withInterfaceVerbs('Salvar.', 'Save.', 'en', 'pt')).toBe('Salvar.')
    expect(withInterfaceVerbs('Salvar.', 'Save.', 'fr', 'es')).toBe('Salvar.')
    const token = { id: '1', kind: 'void' } as const
    expect(withInterfaceVerbs(['Salva ', token, '.'], ['Save ', token, '.'], 'en', 'es')).toEqual(['Guarda ', token, '.'])
  })
})

describe('"desactivar" for "disable" in answers from English (es, gl)', () => {
  test('the forms of "inutilizar", gl "imposibilitar", and the adjective "discapacitado" become those of "desactivar" when the source says "disable"', () => {
    expect(withInterfaceVerbs('Inutiliza notificaciones. Discapacitado. Las notificaciones están inutilizadas; inutilice, inutilizando.', 'Disable notifications. Disabled. Notifications are disabled; disable, disabling.', 'en', 'es'))
      .toBe('Desactiva notificaciones. Desactivado. Las notificaciones están desactivadas; desactive, desactivando.')
    expect(withInterfaceVerbs('Imposibilita notificacións. Discapacitado.', 'Disable notifications. Disabled.', 'en', 'gl')).toBe('Desactiva notificacións. Desactivado.')
  })

  test('"restart": the forms of "retomar" become those of "reiniciar", but before a hop into Italian, whose pair has no "reiniciar"', () => {
    expect(withInterfaceVerbs('Retoma la aplicación. Después de que retomas.', 'Restart the app. After you restart.', 'en', 'es')).toBe('Reinicia la aplicación. Después de que reinicias.')
    expect(withInterfaceVerbs('Retoma la aplicación.', 'Restart the app.', 'en', 'es', 'fr')).toBe('Reinicia la aplicación.')
    expect(withInterfaceVerbs('Retoma la aplicación.', 'Restart the app.', 'en', 'es', 'it')).toBe('Retoma la aplicación.')
    expect(withInterfaceVerbs('Retoma la lectura.', 'Resume reading.', 'en', 'es')).toBe('Retoma la lectura.')
  })

  test('a disabled person keeps "discapacitado"; a source without "disable" keeps all', () => {
    const kept = 'Acceso para discapacitados. Personas discapacitadas. Discapacitados personas.'
    expect(withInterfaceVerbs(kept, 'Access for the disabled. Disabled people. Disabled persons.', 'en', 'es')).toBe(kept)
    expect(withInterfaceVerbs('Inutiliza el arma.', 'Render the weapon useless.', 'en', 'es')).toBe('Inutiliza el arma.')
  })
})

describe.skipIf(!haveApertium)('"guardar" for "save", "desactivar" for "disable" through Apertium', () => {
  const { en } = englishEngine()

  test('"Save changes", "Message saved as draft" (eng-spa); "You saved my life." keeps "salvar"', async () => {
    // interface strings came back "Salva cambios", "El mensaje salvado como borrador"
    expect(await en(['Save changes', 'Message saved as draft', 'You saved my life.'])).toEqual(['Guardar cambios', 'Mensaje guardado como borrador', 'Salvaste mi vida.'])
  })

  test('"Disable notifications", "Disabled" (eng-spa); "disabled people" keeps "discapacitadas"', async () => {
    // came back "Inutiliza notificaciones", "Discapacitado"
    expect(await en(['Disable notifications', 'Disabled', 'Notifications are disabled.', 'Access for disabled people'])).toEqual(['Desactivar notificaciones', 'Desactivado', 'Las notificaciones están desactivadas.', 'Acceso para personas discapacitadas'])
  })

  test('"Restart the app", "after you restart the app" are "reiniciar" (eng-spa), in the form the generator wrote for "retomar"; "resume" (unknown to the analyser) is "continue"', async () => {
    // came back "Retoma la aplicación", "después de que retomas la aplicación"
    expect(await en(['Restart the app', 'Changes will take effect after you restart the app.', 'Restarting...', 'Resume the download']))
      .toEqual(['Reiniciar la aplicación', 'Los cambios tomarán efecto después de que reinicias la aplicación.', 'Reiniciando...', 'Continuar la descarga'])
  })
})
