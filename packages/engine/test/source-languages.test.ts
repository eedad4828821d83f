import { afterAll, describe, expect, test } from 'vitest'
import { createEngine, decodeSegment, encodeSegment, type InlineToken } from '../src/index.js'
import { haveMode } from './real-apertium.js'

describe('French typography into other languages (simulated answers)', () => {
  test('the space French puts before "?", "!", ":", ";" and inside guillemets goes; into French it stays', () => {
    const source = 'Mot de passe oublié\u00A0? Nom\u202F: « Brouillon » !'
    const encoded = encodeSegment(source, false)
    const answer = encoded.stream.replace('Mot de passe oublié', 'Contraseña olvidada').replace('Nom', 'Nombre').replace('Brouillon', 'Borrador')
    expect(decodeSegment(answer, encoded, { source: 'fr', target: 'es' }).segment).toBe('Contraseña olvidada? Nombre: «Borrador»!')
    expect(decodeSegment(answer, encoded, { source: 'es', target: 'fr' }).segment).toBe('Contraseña olvidada\u00A0? Nombre\u202F: « Borrador » !')
  })

  test('a space before a placeholder\'s colon goes too, and a space the text needs stays', () => {
    const code: InlineToken = { id: 'name', kind: 'void' }
    const encoded = encodeSegment(['Bonjour ', code, ' !'], false)
    const decoded = decodeSegment(encoded.stream.replace('Bonjour', 'Hola'), encoded, { source: 'fr', target: 'es' }).segment
    expect(decoded).toEqual(['Hola ', code, '!'])
  })
})

describe('Spanish fragments into English (simulated answers)', () => {
  test('the "it" spa-eng adds before a modal goes when the source fragment opens in lower case; a sentence and an impersonal "it is" keep it', () => {
    const decode = (source: string, answer: string) => {
      const encoded = encodeSegment(source, false)
      return decodeSegment(answer, encoded, { source: 'es', target: 'en' }).segment
    }
    expect(decode('debe ser una fecha en el futuro', 'It must be a date in the future')).toBe('must be a date in the future')
    expect(decode('Debe ser una fecha.', 'It must be a date.')).toBe('It must be a date.')
    expect(decode('es necesario reiniciar', 'It is necessary to restart')).toBe('it is necessary to restart')
  })
})

describe.skipIf(!haveMode('fr-es'))('French interface strings into Spanish (real Apertium, fr-es)', () => {
  const engine = createEngine({ cacheSize: 0 })
  afterAll(() => engine.close())
  const fr = async (texts: string[], target = 'es') => (await engine.translate(texts, { source: 'fr', target })).map((t) => t.segment)

  test('a player\'s and a form\'s verbs: "arrêter" is stop, "reprendre" resume, "soumettre" submit, a "démarrage" a start (the dictionary misspelt "commienzo"), a "saison" a "temporada", "sombre" dark', async () => {
    // Jellyfin's French strings came back "Arrestar", "Retomar", "Someter", "Guía de commienzo rápido"
    expect(await fr(['Arrêter', 'Reprendre', 'Soumettre', 'Guide de démarrage rapide', 'Toutes les saisons', 'Mode sombre'])).toEqual(['Detener', 'Reanudar', 'Enviar', 'Guía de inicio rápido', 'Todas las temporadas', 'Modo oscuro'])
    expect(await fr(['Arrêter', 'Reprendre'], 'en')).toEqual(['Stop', 'Resume'])
  })

  test('"vous" is "tú" (but several people): a command without "vous" before it, the present with it, its possessives and pronouns', async () => {
    expect(await fr([
      'Configurez votre compte et vos paramètres.',
      'Appuyez sur Entrée',
      'Enregistrez et quittez',
      'Vous ne pouvez pas modifier vos propres permissions.',
      'Pour vous aider',
      'Nous vous enverrons un e-mail.',
      'Ne supprimez pas ce fichier.',
      'Vous devez vous inscrire.',
      'Vous êtes tous invités.',
    ])).toEqual([
      'Configura tu cuenta y tus ajustes.',
      'Pulsa Entrada',
      'Guarda y abandona',
      'No puedes modificar tus propios permisos.',
      'Para ayudarte',
      'Te enviaremos un e-mail.',
      'No elimines este archivo.',
      'Debes inscribirte.',
      // several people stay "vosotros"
      'Sois todos invitados.',
    ])
  })

  test('inside inline tags too: the words a rule adds go in the tag of the word they come from', async () => {
    const b: InlineToken = { id: 'b', kind: 'open' }
    const bClose: InlineToken = { id: 'b', kind: 'close' }
    const em: InlineToken = { id: 'em', kind: 'open' }
    const emClose: InlineToken = { id: 'em', kind: 'close' }
    const out = (await engine.translate([[b, 'Connectez-vous', bClose, ' pour continuer.'], ['Veuillez ', em, 'réessayer', emClose, ' plus tard.']], { source: 'fr', target: 'es' })).map((t) => t.segment)
    expect(out).toEqual([[b, 'Inicia sesión', bClose, ' para continuar.'], ['Por favor, ', em, 'intenta nuevamente', emClose, ' más tarde.']])
  })

  test('a question\'s inverted "-vous" is its subject; "Veuillez" is "por favor" and the command', async () => {
    expect(await fr(['Voulez-vous continuer ?', 'Pouvez-vous réessayer ?', 'Veuillez sélectionner au moins un élément.'])).toEqual([
      '¿Quieres continuar?',
      '¿Puedes intentar nuevamente?',
      'Por favor, selecciona al menos un elemento.',
    ])
  })

  test('verbs that take "être" and pronominal verbs take "haber" in compound tenses; "devoir" is "deber", its negation a prohibition', async () => {
    expect(await fr([
      'Une erreur est survenue.',
      'Le fichier s\'est ouvert.',
      'Le message n\'est pas encore arrivé.',
      'L\'URL de base ne doit pas se terminer par une barre oblique',
    ])).toEqual([
      'Un error ha ocurrido.',
      'El archivo se ha abierto.',
      'El mensaje no ha llegado todavía.',
      'La URL de base no debe terminarse por una barra oblique',
    ])
  })

  test('interface words in the interface\'s sense; "valide" the adjective, "en attente" pending, a label\'s first word the noun', async () => {
    expect(await fr([
      'Demande en attente de validation',
      'Paramètres enregistrés avec succès !',
      'Paramètres sauvegardés avec succès !',
      'Échec de la connexion.',
      'Langue d\'affichage',
      'doit être une URL valide',
      'Bonjour {name} !',
      'Cliquez sur le bouton.',
      'Adresses e-mail',
      'Demande une copie',
      'Taille de la valeur',
      'Paramètres de notification',
      'Astuce',
      'Les permissions d\'utilisateur ont été enregistrées.',
      'Recherche par mots-clés',
      'Clés privées',
      'Annuler la demande',
      'ne doit pas être nul',
      'Votre demande est en attente.',
      'Vous devez fournir un jeton d\'accès',
    ])).toEqual([
      'Solicitud pendiente de validación',
      '¡Ajustes guardados correctamente!',
      '¡Ajustes guardados correctamente!',
      'Error de la conexión.',
      'Idioma de visualización',
      'debe ser una URL válida',
      'Hola {name}!',
      'Haz clic en el botón.',
      'Direcciones e-mail',
      'Pide una copia',
      'Tamaño del valor',
      'Ajustes de notificación',
      'Consejo',
      'Los permisos de usuario han sido guardados.',
      'Búsqueda por palabras clave',
      'Claves privadas',
      'Cancelar la solicitud',
      'no debe ser nulo',
      'Tu solicitud está pendiente.',
      'Debes proporcionar un token de acceso',
    ])
  })

  test('interface words fr-es lacks are Spanish and not reported unknown; "se connecter" signs in, to a machine it connects', async () => {
    const texts = ['Activer les notifications', 'Exporter l\'image', 'Réessayer', 'Les notifications sont désactivées.', 'Connectez-vous pour continuer', 'Se déconnecter', 'Impossible de se connecter au serveur.', 'Chargement des profils…', 'Fuseau horaire', 'Service indisponible', 'Vous devez fournir un identifiant', 'Ajustez manuellement le canevas.', 'Veuillez sélectionner un élément.', 'Popularité décroissante', 'Clore le problème']
    const translations = await engine.translate(texts, { source: 'fr', target: 'es' })
    expect(translations.map((t) => t.segment)).toEqual([
      'Activar las notificaciones',
      'Exportar la imagen',
      'Intentar nuevamente',
      'Las notificaciones están desactivadas.',
      'Inicia sesión para continuar',
      'Cerrar sesión',
      'Imposible de conectarse al servidor.',
      'Cargando los perfiles…',
      'Zona horaria',
      'Servicio no disponible',
      'Debes proporcionar un identificador',
      'Ajusta manualmente el lienzo.',
      'Por favor, selecciona un elemento.',
      'Popularidad descendente',
      'Cerrar el problema',
    ])
    expect(translations.flatMap((t) => t.unknownWords)).toEqual([])
  })
})

describe.skipIf(!haveMode('fr-es') || !haveMode('spa-eng'))('French into English and Portuguese through Spanish (real Apertium)', () => {
  const engine = createEngine({ cacheSize: 0 })
  afterAll(() => engine.close())
  const fr = async (texts: string[], target: string) => (await engine.translate(texts, { source: 'fr', target })).map((t) => t.segment)

  test('into English a command stays a command (the Spanish between keeps "vosotros"), a possessive "your", "se connecter" "sign in"', async () => {
    expect(await fr([
      'Créez une intégration de webhook dans votre serveur',
      'Utilisez votre compte Plex',
      'Ne supprimez pas ce fichier.',
      'Connectez-vous pour continuer',
      'Mot de passe oublié ?',
      'doit être une date dans le futur',
      'Impossible de charger les données.',
    ], 'en')).toEqual([
      'Create an integration of webhook in your server',
      'Use your Plex account',
      'Do not delete this file.',
      'Sign in to continue',
      'Password forgotten?',
      // Hibernate's English message, word for word
      'must be a date in the future',
      'Unable to load the data.',
    ])
  })

  test('a host is a server ("Huésped"), additions are "adiciones" (the generator wrote Galician "adicións"), through Spanish into English too', async () => {
    expect(await fr(['Hôte SMTP', "Nom d'hôte ou adresse IP", 'Ajouts récents'], 'es')).toEqual(['Servidor SMTP', 'Nombre de servidor o dirección IP', 'Adiciones recientes'])
    expect(await fr(['Hôte SMTP', 'Ajouts récents'], 'en')).toEqual(['SMTP Server', 'Recent additions'])
  })

  test('a "site" is a "sitio" in Spanish, a website in English: "site web" once ("Site web" came back "Website web")', async () => {
    expect(await fr(['Site web', 'Ce site est lent.'], 'es')).toEqual(['Sitio web', 'Este sitio es lento.'])
    expect(await fr(['Site web', 'Ce site est lent.'], 'en')).toEqual(['Website', 'This website is slow.'])
  })

  test.skipIf(!haveMode('es-pt'))('into Portuguese the Spanish between says "tú" ("Cria", "teu"), not "vosotros" ("Criem", "vosso")', async () => {
    // (the command itself the infinitive, as into Portuguese every Spanish "tú" command opening a sentence)
    expect(await fr(['Créez une intégration de webhook dans votre serveur'], 'pt')).toEqual(['Criar uma integração de webhook em teu servidor'])
  })
})

describe.skipIf(!haveMode('spa-eng'))('Spanish into English: "deber", sessions, clicks, defaults, settings, comparisons, names after nouns, verbs spa-eng lacks, formal commands (real Apertium, spa-eng)', () => {
  const engine = createEngine({ cacheSize: 0 })
  afterAll(() => engine.close())

  test('the rules read words inside inline tags too, and a merged word keeps its tag ("Haz <b>clic</b>" came back "…button.<b></b>")', async () => {
    const b: InlineToken = { id: 'b', kind: 'open' }
    const bClose: InlineToken = { id: 'b', kind: 'close' }
    const out = (await engine.translate([['Servidor ', b, 'por defecto', bClose], ['Haz ', b, 'clic', bClose, ' en el botón.'], ['Debes ', b, 'iniciar sesión', bClose, ' para continuar.'], ['Se ha producido un ', b, 'error', bClose, '.']], { source: 'es', target: 'en' })).map((t) => t.segment)
    expect(out).toEqual([[b, 'Default', bClose, ' server'], [b, 'Click', bClose, ' on the button.'], ['You must ', b, 'sign in', bClose, ' to continue.'], ['An ', b, 'error', bClose, ' has occurred.']])
  })

  test('a sentence opening with the reflexive "se", a verb in the third person and its subject noun is the English passive; "se" before an infinitive or no noun stays', async () => {
    // came back "It requires password", "It deleted the file", "They saved the changes"
    const texts = ['Se requiere contraseña', 'Se eliminó el archivo.', 'Se guardaron los cambios.', 'Se requiere una contraseña para continuar.', 'Se fue a casa.']
    expect((await engine.translate(texts, { source: 'es', target: 'en' })).map((t) => t.segment))
      .toEqual(['Password is required', 'The file was deleted.', 'The changes were saved.', 'A password is required to continue.', 'It went home.'])
    // French too (es-fr came back "Il se requiert mot de passe", "Il s'a supprimé le fichier"); Portuguese's own "Requer-se" stays
    if (haveMode('es-fr')) expect((await engine.translate(['Se requiere contraseña', 'Se eliminó el archivo.'], { source: 'es', target: 'fr' })).map((t) => t.segment)).toEqual(['Mot de passe est requis', 'Le fichier a été supprimé.'])
    if (haveMode('es-pt')) expect((await engine.translate(['Se requiere contraseña'], { source: 'es', target: 'pt' })).map((t) => t.segment)).toEqual(['Requer-se senha'])
  })

  test('a catalogue\'s "géneros" are genres, and one "género" de películas, series…; a person\'s "género" stays "gender"', async () => {
    // came back "Film genders", "Genders", "Gender of TMDB films"
    const texts = ['Géneros de Películas', 'Géneros', 'Género de películas TMDB', 'Selecciona tu género.']
    expect((await engine.translate(texts, { source: 'es', target: 'en' })).map((t) => t.segment)).toEqual(['Film genres', 'Genres', 'Genre of TMDB films', 'Select your gender.'])
  })

  test('"predeterminado" is "default" (not after "ser", "haber", "estar"), "por Defecto" too in Title Case; a command\'s "restablecer" is "reset"', async () => {
    // came back "Predetermined", "{name} (Predetermined)", "Permissions by Defect", "Reestablish zoom"
    const texts = ['Predeterminado', '{name} (Predeterminado)', 'Permisos por Defecto', 'Restablecer zoom', 'Restablece la contraseña.', 'El valor ha sido predeterminado.']
    expect((await engine.translate(texts, { source: 'es', target: 'en' })).map((t) => t.segment))
      .toEqual(['Default', '{name} (Default)', 'Default permissions', 'Reset zoom', 'Reset the password.', 'The value has been predetermined.'])
  })

  test('an interface\'s issues, comments, scores, what is dragged, and searches (for something, or alone)', async () => {
    const texts = ['Envía notificaciones cuando las incidencias reciben nuevos comentarios.', 'Puntuación de usuario de TMDB', 'Arrastrar para mover', 'Buscar', 'Buscar películas', 'Buscar, filtrar y ordenar']
    expect((await engine.translate(texts, { source: 'es', target: 'en' })).map((t) => t.segment)).toEqual(['Send notifications when the issues receive new comments.', 'TMDB user score', 'Drag to move', 'Search', 'Search for films', 'Search, filter and order'])
  })

  test('a product\'s name after "de" goes first, with a noun between as the modifier; places, people and quantities stay after "of"', async () => {
    const texts = ['¡Los ajustes de notificación de Pushover se guardaron con éxito!', 'Enviando notificación de prueba de Telegram…', 'Ajustes de Plex', 'Error de sintaxis de Mermaid', 'Universidad de Madrid', 'Perfil de Juan', 'Número de usuarios de Plex', 'Puntuación de Rotten Tomatoes', 'Guarda la escena en tu espacio de trabajo de Excalidraw+.']
    expect((await engine.translate(texts, { source: 'es', target: 'en' })).map((t) => t.segment)).toEqual([
      'The Pushover notification settings saved successfully!', 'Sending Telegram test notification…', 'Plex settings', 'Mermaid syntax error',
      'University of Madrid', 'Profile of Juan', 'Number of users of Plex', 'Score of Rotten Tomatoes', 'Save the scene in your space of work of Excalidraw+.',
    ])
  })

  test('"deber" is "must" (its negation a prohibition), "iniciar sesión" "sign in", "hacer clic" "click", "solicitud" a request, "activar" a setting "enable"', async () => {
    const texts = ['No debe estar vacío.', 'Debes seleccionar un perfil.', 'Debes iniciar sesión.', 'Para continuar, haz clic aquí.', 'El usuario hace clic en el enlace.', 'Solicitud pendiente', 'Activar notificaciones', 'Activar la cuenta', 'Servidor por defecto', 'Valor predeterminado', 'Se ha producido un error inesperado.', 'Ajustes de notificación', 'Servicio no disponible', 'Cargando…', 'Consejo', 'Resumen', 'Debe ser inferior o igual a 5.', 'Debe ser superior a 0.', 'El tamaño debe estar comprendido entre 1 y 10.', 'Ningún resultado', 'No hay ningún resultado.', 'Debe ser nulo.', 'Fallo al guardar los ajustes.', 'Intentando conectar con Plex…', 'Error. Intenta recargar la página.', 'Reanudar', 'Editar Servidor Radarr', 'Servidor 4K', 'Bienvenido a Overseerr', 'Recargando…', 'Desactivar notificaciones', 'Haga clic en el usuario.', 'Configure los ajustes de su servidor.', 'Intente de nuevo.', 'Tu solicitud está pendiente de aprobación.', 'Nombre de la tarea', 'El nombre de la tarea es largo.', 'Cerrar Sesión', 'Ver detalles', 'Quiero ver la película.', 'Reiniciar contraseña', 'Reiniciar el servidor', 'Rechazado', 'Imposible cargar los datos.', 'Cargar archivo', 'La eliminación del usuario']
    const translations = await engine.translate(texts, { source: 'es', target: 'en' })
    expect(translations.map((t) => t.segment)).toEqual([
      'It must not be empty.',
      'You must select a profile.',
      'You must sign in.',
      'To continue, click here.',
      'The user clicks on the link.',
      'Pending request',
      'Enable notifications',
      'Activate the account',
      'Default server',
      'Default value',
      'An unexpected error has occurred.',
      'Notification settings',
      'Unavailable service',
      'Loading…',
      'Tip',
      'Summary',
      'It must be less than or equal to 5.',
      'It must be greater than 0.',
      'The size must be between 1 and 10.',
      'No result',
      'There is not any result.',
      'It must be null.',
      'Failed to save the settings.',
      'Trying to connect with Plex…',
      'Error. Try to reload the page.',
      'Resume',
      'Edit Radarr Server',
      '4K server',
      'Welcome to Overseerr',
      'Reloading…',
      'Disable notifications',
      'Click on the user.',
      'Configure the settings of your server.',
      'Try again.',
      'Your request is pending approval.',
      'Task name',
      'The name of the task is long.',
      'Sign out',
      'View details',
      'I want to see the film.',
      'Reset password',
      'Restart the server',
      'Rejected',
      'Unable to load the data.',
      'Upload file',
      'The deletion of the user',
    ])
    // only the names (and 4K's unit) are unknown: the verbs spa-eng lacks are not
    expect(translations.flatMap((t) => t.unknownWords)).toEqual(['Plex', 'Radarr', 'K', 'Overseerr'])
  })
})

describe.skipIf(!haveMode('ita-spa'))('Italian interface strings into Spanish and English (real Apertium, ita-spa)', () => {
  const engine = createEngine({ cacheSize: 0 })
  afterAll(() => engine.close())

  test('a player\'s words: "traccia" a track, "successivo" next, "arrestare" stop, "riprendere" resume; "sottotitoli", "Rinomina", "Disinstalla", which the analyser lacks, subtitles and the commands', async () => {
    // Jellyfin's Italian strings came back "Rastro Subsiguiente", "Arrestar Servidor", "Retomar", "Sottotitoli", "Rinomina", "Disinstalla"
    expect((await engine.translate(['Traccia Successiva', 'Arresta Server', 'Riprendi', 'Sottotitoli', 'Rinomina', 'Disinstalla'], { source: 'it', target: 'es' })).map((t) => t.segment))
      .toEqual(['Pista Siguiente', 'Detener Servidor', 'Reanudar', 'Subtítulos', 'Renombrar', 'Desinstalar'])
  })

  test('a network\'s "porta" before its number, a protocol or "valida" is a port ("puerto"); a door stays', async () => {
    // came back "la puerta 465", "Puerta SMTP", en "the door 465"
    const texts = ['Usa la porta 465', 'Porta SMTP', 'Devi fornire una porta valida', 'Chiudi la porta.']
    expect((await engine.translate(texts, { source: 'it', target: 'es' })).map((t) => t.segment)).toEqual(['Usar el puerto 465', 'Puerto SMTP', 'Debes proporcionar un puerto válido', 'Cerrar la puerta.'])
    expect((await engine.translate(['Porta SMTP'], { source: 'it', target: 'en' })).map((t) => t.segment)).toEqual(['SMTP Port'])
  })

  test('a search is a "búsqueda", a report an "informe", a click a press, "resettare" "restablecer" (they came back "Investigación", "Señalización", "Clicar", "Resetta")', async () => {
    const texts = ['Risultati della ricerca', 'Invia segnalazione', 'Clicca per copiare', 'Resetta Filtri Attivi']
    expect((await engine.translate(texts, { source: 'it', target: 'es' })).map((t) => t.segment)).toEqual(['Resultados de la búsqueda', 'Enviar informe', 'Pulsar para copiar', 'Restablecer Filtros Activos'])
    expect((await engine.translate(texts.slice(0, 3), { source: 'it', target: 'en' })).map((t) => t.segment)).toEqual(['Search results', 'Send report', 'Press to copy'])
  })

  test('settings are "ajustes", "salvate" the participle, "API" the initialism, "andare storto" "salir mal", a noun after a noun "de" it; a label\'s verb the infinitive', async () => {
    const texts = ['Impostazioni salvate con successo!', 'Permessi salvati con successo!', 'Token API applicazione', 'Qualcosa è andato storto.', 'È necessario fornire una password', 'Salva Modifiche', 'Esci', 'Il server funziona.', 'Il tuo nome o nome utente', 'Notifiche via e-mail']
    expect((await engine.translate(texts, { source: 'it', target: 'es' })).map((t) => t.segment)).toEqual([
      '¡Ajustes guardados exitosamente!',
      '¡Permisos guardados exitosamente!',
      'Token API aplicación',
      'Algo ha salido mal.',
      'Es necesario proporcionar una contraseña',
      'Guardar Modificaciones',
      'Salir',
      'El servidor funciona.',
      'Tu nombre o nombre de usuario',
      'Notificaciones vía e-mail',
    ])
  })

  test('interface words ita-spa lacks are Spanish and not reported unknown; a command opening a sentence stays one, a label\'s is the infinitive', async () => {
    const texts = ['Abilita notifiche', 'Notifiche abilitate', 'Annulla', 'Riprova', 'Copia negli appunti', 'Server predefinito', 'Nessun risultato', 'Errore. Riprova più tardi, per favore.']
    const translations = await engine.translate(texts, { source: 'it', target: 'es' })
    expect(translations.map((t) => t.segment)).toEqual([
      'Habilitar notificaciones',
      'Notificaciones habilitadas',
      'Cancelar',
      'Intentar nuevamente',
      'Copia en los portapapeles',
      'Servidor predeterminado',
      'Ningún resultado',
      'Error. Intenta nuevamente más tarde, por favor.',
    ])
    expect(translations.flatMap((t) => t.unknownWords)).toEqual([])
    // into English a command inside a text stays a command (the Spanish between says "vosotros")
    expect((await engine.translate(['Annulla', 'Impostazioni salvate con successo!', 'Errore. Riprova a salvare il file adesso, per favore.'], { source: 'it', target: 'en' })).map((t) => t.segment)).toEqual(['Cancel', 'Settings saved successfully!', 'Error. Try again to save the file now, please.'])
  })
})

describe.skipIf(!haveMode('pt-es'))('Portuguese interface strings into Spanish and English (real Apertium, pt-es)', () => {
  const engine = createEngine({ cacheSize: 0 })
  afterAll(() => engine.close())

  test('a network\'s "porta" before its number, a protocol or "válida" is a port, masculine with its determiner and adjective; a door stays', async () => {
    // came back "una puerta válida", "La puerta 587", en "a valid door"
    const texts = ['Você deve prover uma porta válida', 'A porta 587', 'Porta SMTP', 'Feche a porta.']
    expect((await engine.translate(texts, { source: 'pt', target: 'es' })).map((t) => t.segment)).toEqual(['Usted debe proveer un puerto válido', 'El puerto 587', 'Puerto SMTP', 'Cierre la puerta.'])
    expect((await engine.translate(['Você deve prover uma porta válida'], { source: 'pt', target: 'en' })).map((t) => t.segment)).toEqual(['You must provide a valid port'])
  })

  test('"senha" is a password, "salvar" saves, "deu errado" went wrong, "via" is "por", "Dica" a tip', async () => {
    const texts = ['Algo deu errado ao salvar senha.', 'As senhas não coincidem', 'Notificação via web push', 'Dica', 'Salvar Alterações']
    expect((await engine.translate(texts, { source: 'pt', target: 'es' })).map((t) => t.segment)).toEqual([
      'Algo salió mal al guardar contraseña.',
      'Las contraseñas no coinciden',
      'Notificación por web push',
      'Consejo',
      'Guardar Alteraciones',
    ])
    expect((await engine.translate(['Algo deu errado ao salvar senha.', 'Você deve prover uma nova senha'], { source: 'pt', target: 'en' })).map((t) => t.segment)).toEqual([
      'Something went wrong when saving password.',
      'You must provide a new password',
    ])
  })

  test('"salvas", "salvo" are saved, not safe; "seu", "sua" are "your" in English, "votre" in French ("His account", "Son compte")', async () => {
    const texts = ['Configurações salvas com sucesso!', 'O arquivo foi salvo.', 'Sua conta', 'Você deve prover sua senha atual']
    expect((await engine.translate(texts.slice(0, 2), { source: 'pt', target: 'es' })).map((t) => t.segment)).toEqual(['¡Configuraciones guardadas con éxito!', 'El archivo fue guardado.'])
    expect((await engine.translate(texts, { source: 'pt', target: 'en' })).map((t) => t.segment)).toEqual([
      'Configurations saved successfully!', 'The file was saved.', 'Your account', 'You must provide your current password',
    ])
    if (haveMode('es-fr')) expect((await engine.translate(['Sua conta'], { source: 'pt', target: 'fr' })).map((t) => t.segment)).toEqual(['Votre compte'])
  })
})

describe.skipIf(!haveMode('cat-eng'))('Catalan interface strings into English (real Apertium, cat-eng)', () => {
  const engine = createEngine({ cacheSize: 0 })
  afterAll(() => engine.close())

  test('an instruction in the second person plural and a label\'s verb are commands; "sessió", "carregar", "sol·licitud", "API", "produir-se" as interfaces mean them', async () => {
    const texts = ['Proveu la connexió per carregar les carpetes', 'Inicieu sessió per continuar', 'Tanca la sessió', 'Crea un usuari local', 'Rebutja', 'Sol·licituds', 'Serveis', 'Carregant…', "S'ha produït un error en desar els permisos.", "S'ha generat una clau API nova.", 'Concedeix permís per sol·licitar contingut.']
    expect((await engine.translate(texts, { source: 'ca', target: 'en' })).map((t) => t.segment)).toEqual([
      'Test the connection to load the folders',
      'Sign in to continue',
      'Sign out',
      'Create a local user',
      'Rebuff',
      'Requests',
      'Services',
      'Loading…',
      'An error has occurred at saving the permissions.',
      // the impersonal "se" stays "it" and the adjective after the noun (left as they were); "API" no longer "CELERY"
      'It has generated a key new API.',
      'It concedes permission to request content.',
    ])
  })

  test('an issue, a studio, a search, an account; send, delete, close (they came back "incidence", "Survey", "Seek", "bead", "Route", "Suppress", "Shut")', async () => {
    const texts = ['Mostra totes les incidències', 'Estudis', 'Cerqueu Pel·lícules i Sèries', 'Utilitzeu el vostre compte de Plex', 'Envia la incidència', "Suprimeix l'usuari", 'Tanca la incidència']
    expect((await engine.translate(texts, { source: 'ca', target: 'en' })).map((t) => t.segment)).toEqual([
      'Show all the issues', 'Studios', 'Search Films and Series', 'Utilise your Plex account', 'Send the issue', 'Delete the user', 'Close the issue',
    ])
  })

  test('a noun "de" a noun is an English compound, a product\'s name after "de" goes first (the Spanish route\'s statements, in the stage before the generator)', async () => {
    const texts = ['Usuari de Plex', 'Perfil de qualitat', 'Sol·licituds de pel·lícules']
    expect((await engine.translate(texts, { source: 'ca', target: 'en' })).map((t) => t.segment)).toEqual(['Plex user', 'Quality profile', 'Film requests'])
  })
})
