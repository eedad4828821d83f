import { describe, expect, test } from 'vitest'
import { withStateCopula } from '../src/apertium/state-copula.js'
import { englishEngine, haveApertium } from './real-apertium.js'

describe('"estar" for states in answers from English into Spanish and Galician', () => {
  test('a form of "ser" before an adjective of state becomes the same form of "estar", its capital and the adverbs between kept', () => {
    expect(withStateCopula('Este elemento no es disponible. Las carpetas son vacías.', 'en', 'es')).toBe('Este elemento no está disponible. Las carpetas están vacías.')
    expect(withStateCopula('Es actualmente no disponible; era llena, será ocupada, sean rotos.', 'en', 'es')).toBe('Está actualmente no disponible; estaba llena, estará ocupada, estén rotos.')
    expect(withStateCopula('Todo es bien. ¿Es mal, y ahora?', 'en', 'es')).toBe('Todo está bien. ¿Está mal, y ahora?')
    expect(withStateCopula('¿Eres seguro? Soy segura.', 'en', 'es')).toBe('¿Estás seguro? Estoy segura.')
    // and "de que" before the verb of wanting the English clause had without "that"
    expect(withStateCopula('¿Eres seguro quieres salir? ¿Estáis seguras deseáis borrarlo? Está seguro queda.', 'en', 'es')).toBe('¿Estás seguro de que quieres salir? ¿Estáis seguras de que deseáis borrarlo? Está seguro queda.')
  })

  test('"ser" stays where it says what something is: "bien" before more words, "seguro" in the third person, other adjectives', () => {
    const kept = 'Es bien sabido. Es seguro. Son seguras. Es grande. Es código abierto. Fue eliminado. Eso es disponibilidad.'
    expect(withStateCopula(kept, 'en', 'es')).toBe(kept)
  })

  test('a person\'s or a place\'s state too: dead, alive, tired, angry, worried, open, eng-spa\'s "a punto" (ready)', () => {
    // subtitles' "I thought you were dead.", "Are you ready?", "The store is open." came back "eras muerto", "¿Eres a punto?", "es abierta"
    expect(withStateCopula('Pensé que eras muerto. ¿Eres a punto? La tienda es abierta. ¿Eres vivo? Soy cansada. Es enojado.', 'en', 'es'))
      .toBe('Pensé que estabas muerto. ¿Estás a punto? La tienda está abierta. ¿Estás vivo? Estoy cansada. Está enojado.')
    // Galician "son" by the adjective's number there: "Son canso" is "I am tired", "Son cansos" they are
    expect(withStateCopula('Son canso. Son cansos. Es morto?', 'en', 'gl')).toBe('Estou canso. Están cansos. Estás morto?')
  })

  test('what is going on takes "estar": "en progreso", "en curso", "en uso", "en línea", "on-line", with "ahora" between too', () => {
    // Excalidraw's "Live-collaboration session is now in progress.", Overseerr's "…is already in use by another user." came back "es ahora en progreso", "es ya en uso"
    expect(withStateCopula('La sesión es ahora en progreso. La dirección es ya en uso. El servidor es on-line. Son en pausa.', 'en', 'es'))
      .toBe('La sesión está ahora en progreso. La dirección está ya en uso. El servidor está on-line. Están en pausa.')
    expect(withStateCopula('A sesión é agora en progreso. O enderezo é xa en uso.', 'en', 'gl')).toBe('A sesión está agora en progreso. O enderezo está xa en uso.')
    // what something is stays
    expect(withStateCopula('Es un progreso. Es en línea con el plan.', 'en', 'es')).toBe('Es un progreso. Es en línea con el plan.')
  })

  test('Galician too: "é dispoñíbel" → "está dispoñíbel"; "son" is "estou" before "seguro", else "están"', () => {
    expect(withStateCopula('Este elemento non é dispoñíbel. O cartafol é baleiro. Todo é ben. Es seguro?', 'en', 'gl')).toBe('Este elemento non está dispoñíbel. O cartafol está baleiro. Todo está ben. Estás seguro?')
    expect(withStateCopula('Son seguro. Os ficheiros non son dispoñíbeis. Son seguros. Es seguro queres saír?', 'en', 'gl')).toBe('Estou seguro. Os ficheiros non están dispoñíbeis. Son seguros. Estás seguro de que queres saír?')
    // the transfer's adjective in the singular after a plural subject: still "están"
    expect(withStateCopula('Os contidos son abertamente dispoñíbel.', 'en', 'gl')).toBe('Os contidos están abertamente dispoñíbel.')
  })

  test('where something is takes "estar": an adverb of place, "en" and a determiner or "casa"; "de hecho", "en sala" and Galician "son" stay', () => {
    expect(withStateCopula('Soy aquí. Seré allí. El archivo es en la carpeta. Somos en casa. El usuario es en una llamada.', 'en', 'es'))
      .toBe('Estoy aquí. Estaré allí. El archivo está en la carpeta. Estamos en casa. El usuario está en una llamada.')
    const kept = 'Es de hecho fácil. La reunión es en sala 4. Es en realidad fácil.'
    expect(withStateCopula(kept, 'en', 'es')).toBe(kept)
    expect(withStateCopula('O ficheiro é no cartafol. Serei alí. Son aquí.', 'en', 'gl')).toBe('O ficheiro está no cartafol. Estarei alí. Son aquí.')
  })

  test('a question\'s "how" before a present of "ser" asks for a state: "¿Cómo eres?" → "¿Cómo estás?"', () => {
    // subtitles' "How are you?", "How is your mother?" came back "¿Cómo eres?", "¿Cómo es tu madre?"
    expect(withStateCopula('¿Cómo eres? ¿Y cómo es tu madre?', 'en', 'es')).toBe('¿Cómo estás? ¿Y cómo está tu madre?')
    expect(withStateCopula('Como es? Ola. Como é a túa nai?', 'en', 'gl')).toBe('Como estás? Ola. Como está a túa nai?')
    // not a past ("How was the trip?" is what it was like), not outside a question, not Galician's two-person "son"
    const kept = ['¿Cómo era el viaje?', 'Sé cómo es.', 'Aquello es cómo él es.']
    for (const text of kept) expect(withStateCopula(text, 'en', 'es')).toBe(text)
    expect(withStateCopula('Como son?', 'en', 'gl')).toBe('Como son?')
  })

  test('a question\'s "where" before a present of "ser" asks for a place: "¿Dónde es mi teléfono?" → "¿Dónde está…?"', () => {
    expect(withStateCopula('¿Dónde eres? ¿Dónde es mi teléfono?', 'en', 'es')).toBe('¿Dónde estás? ¿Dónde está mi teléfono?')
    expect(withStateCopula('Onde é o ficheiro?', 'en', 'gl')).toBe('Onde está o ficheiro?')
    // outside a question only where the clause ends (below): "donde es posible" says what it is
    expect(withStateCopula('Sé donde es posible.', 'en', 'es')).toBe('Sé donde es posible.')
  })

  test('"where" and a form of "ser" ending a clause is a place in a statement too; "donde es posible" keeps "ser"', () => {
    // "Nobody knows where he is.", "I do not know where they are." came back "Nadie sabe donde es.", "No sé donde son."
    expect(withStateCopula('Nadie sabe donde es. No sé dónde son, ni donde eran.', 'en', 'es')).toBe('Nadie sabe donde está. No sé dónde están, ni donde eran.')
    expect(withStateCopula('Esto es donde es posible.', 'en', 'es')).toBe('Esto es donde es posible.')
    expect(withStateCopula('Ninguén sabe onde é.', 'en', 'gl')).toBe('Ninguén sabe onde está.')
  })

  test('only the last hop from English into Spanish or Galician; tokens untouched', () => {
    expect(withStateCopula('É vazio.', 'en', 'pt')).toBe('É vazio.')
    expect(withStateCopula('Es vacío.', 'fr', 'es')).toBe('Es vacío.')
    const token = { id: '1', kind: 'void' } as const
    expect(withStateCopula(['El archivo ', token, ' es vacío.'], 'en', 'es')).toEqual(['El archivo ', token, ' está vacío.'])
  })
})

describe.skipIf(!haveApertium)('"estar" for states through Apertium', () => {
  const { en } = englishEngine()

  test('"is not available", "is empty", "Are you sure?" (eng-spa)', async () => {
    // interface strings came back "no es disponible", "es vacía", "¿Eres seguro?"
    expect(await en(['This item is not available.', 'The folder is empty.', 'Are you sure you want to quit?', 'It is well known.'])).toEqual(['Este elemento no está disponible.', 'La carpeta está vacía.', '¿Estás seguro de que quieres dejar?', 'Es bien sabido.'])
  })

  test('"is in the folder", "I will be there" (eng-spa)', async () => {
    // came back "El archivo es en la carpeta.", "Seré allí."
    expect(await en(['The file is in the folder.', 'I will be there.', 'User is in a voice call'])).toEqual(['El archivo está en la carpeta.', 'Estaré allí.', 'El usuario está en una llamada de voz'])
  })
})
