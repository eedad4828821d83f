/**
 * Turns a pair's `.mode` file (a shell pipeline with `$1`/`$2` placeholders) into the
 * null-flush pipeline the driver keeps warm, the way apertium-apy does: `-z` after each
 * stage's program (except the CG and tokeniser tools that do not take it), `$1` → `-g`
 * (unknown-word marks on), `$2` dropped. When the word-bound blank helpers of Apertium ≥ 3.8
 * are installed they are inserted as `apertium -f html` does (attach after the analyser,
 * detach before the generator), so inline tags move with their words.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, delimiter, dirname, join } from 'node:path'

const NO_FLUSH_FLAG = /^\s*(vislcg3|cg-mwesplit|hfst-tokeni[sz]e|divvun-suggest)\b/

/** An `lt-proc` stage given `flag` among its options (`-z -g`, `-N1 -g`, `-g -N 1`). */
const ltProcWith = (flag: string) => new RegExp(String.raw`^lt-proc\b(?=(?:\s+(?:-[A-Za-z0-9]+|\d+))*\s+${flag})`)
/** `lt-proc` with `-g`: a morphological generator, writing surface forms, or with `-b` lexical units for a later stage. */
const GENERATION = ltProcWith(String.raw`-g\b`)
const BILINGUAL_OUTPUT = ltProcWith(String.raw`-b\b`)
const FORM_LIMIT = ltProcWith(String.raw`-N\s*\d`)

/**
 * Whether a stage is the generator that writes the words users read. When a generation
 * dictionary has two surface forms for one analysis, `lt-proc -g` writes both, slash-separated:
 * eng-spa's "YouTube" came back "YouTube/Youtube", es-fr's "Inserta" "Insére/Insère".
 */
function writesSurfaceForms(stage: string): boolean {
  return GENERATION.test(stage) && !BILINGUAL_OUTPUT.test(stage)
}

/**
 * The stages of a mode file, each a shell command with `-z` added and placeholders filled. The
 * generator gets `-N 1` (the first surface form only), as nno-nob's own mode file has it; a
 * generator in `-b` mode keeps every form, since a later stage chooses among them (ita-cat,
 * swe-nno: `lt-proc -g -b` then a `cg-proc` grammar of preferences).
 */
export function parseModeStages(modeText: string): string[] {
  const text = modeText.trim()
  if (text === '') return []
  return text.split('|').map((stage) => {
    let cmd = stage.replace(/\$2/g, '').replace(/\$1/g, '-g').trim()
    if (!NO_FLUSH_FLAG.test(cmd)) cmd = cmd.replace(/^(\S+)/, '$1 -z')
    if (writesSurfaceForms(cmd) && !FORM_LIMIT.test(cmd)) cmd = cmd.replace(/\s-g\b/, ' -g -N 1')
    return cmd
  })
}

/**
 * Strips CG-3 dependency tags (`<#3→1>`) from a null-flushed stream. cg-proc prints them when
 * its grammar sets parents (of the installed pairs, hbs-mkd's does, for sentences its
 * dependency rules match); apertium-pretransfer then mangles those units
 * (`^star#2→3><adj>…`) and the bilingual lookup drops the whole text: the pipeline answers
 * nothing. `-0` reads NUL-separated records, `$|` flushes each one. perl, not `sed -u -z`:
 * sed's unbuffered input reads a byte per system call (2.7 s of system time for the 4.3 MB of
 * 10 000 bench sentences' chunks, against 0.03 s in all for perl, which reads what the pipe
 * holds and still answers each record as it comes).
 */
export const DEPENDENCY_TAG_FILTER = "perl -0 -pe 'BEGIN { $| = 1 } s/<#[0-9]*→[0-9]*>//g'"

/**
 * The verb of a relative clause right after its noun agrees with it: eng-spa's and eng-cat's
 * first transfers leave its person and number undetermined (`<PD><ND>`) and the second gives
 * it the third person singular, with no subject before it ("Files that have errors", "the
 * features which have been requested" came back "Archivos que tiene los errores", ca "que ja
 * ha estat demanat"). Between the two, the chunk after a noun chunk and its relative ("que",
 * adverbs between) takes the third person and the noun's number: "que tienen", "que ja han
 * estat". A verb whose English form says its person ("is") keeps it.
 */
const RELATIVE_AGREEMENT = String.raw`s/(\^[A-Za-z_]*<SN>(?:<[^>\$]*>)*<(sg|pl)>\{(?:[^\\\}]++|\\.)*+\}\$ \^(?:[A-Za-z_]*<REL>(?:<[^>\$]*>)*|default<default>(?=\{\^que<rel>)|cnj<cnjsub>(?=\{\^que<cnjsub>\$\}))\{(?:[^\\\}]++|\\.)*+\}\$ (?:\^adv<adv>\{(?:[^\\\}]++|\\.)*+\}\$ )*\^[A-Za-z_]*<(?:SV|Vcop)>(?:<[^>\$]*>)*?)<PD><ND>/$1<p3><$2>/g if index($_, "<PD><ND>") >= 0 && (index($_, "<REL>") >= 0 || index($_, "{^que<") >= 0);`

/**
 * eng-spa's first transfer gives a verb with an object pronoun of the first or second person
 * ("love you", "told me") that pronoun's person, and the second transfer keeps it over the
 * subject's: "I love you", "He loves you", "I told you", "Do you love me?" came back "Te
 * quieres", "Te quieres", "Te dijiste", "¿Me quiero?". Between the two, such a chunk's person
 * and number (the same person as its pronoun's) become undetermined (`<PD><ND>`), which the
 * second transfer fills from the subject, as it does for third-person pronouns: "Te quiero",
 * "Te quiere", "Te dije", "¿Me quieres?". The same program gives relative clauses their
 * agreement (RELATIVE_AGREEMENT).
 */
export const ENG_SPA_OBJECT_PERSON_FILTER = String.raw`perl -0 -pe 'BEGIN { $| = 1 } s/(\^[A-Za-z_]*<SV><vblex><[a-z]+>)<(p[12])><[A-Za-z]+>\{((?:\[\[[^\]]*\]\])?\^prpers<prn><pro><\2>)/$1<PD><ND>{$3/g if index($_, "<prn><pro><p") >= 0; ${RELATIVE_AGREEMENT}'`

/** eng-cat's first transfer gets the relative clauses' agreement alone. */
export const ENG_CAT_RELATIVE_AGREEMENT_FILTER = `perl -0 -pe 'BEGIN { $| = 1 } ${RELATIVE_AGREEMENT}'`

/** eng-spa's first transfer stage, after which ENG_SPA_OBJECT_PERSON_FILTER runs. */
const ENG_SPA_CHUNKER = /^apertium-transfer\b.*\/eng-spa\.t1x\.bin'?\s*$/
/** eng-cat's, after which ENG_CAT_RELATIVE_AGREEMENT_FILTER runs. */
const ENG_CAT_CHUNKER = /^apertium-transfer\b.*\/apertium-eng-cat\/eng-cat\.t1x\.bin'?\s*$/

/**
 * Words whose translation eng-spa's lexical selection chose in a sense no interface means (each
 * counted in the English corpus strings, 6 734, with the sense the rules chose), and the sense
 * they take: `[word, part of speech, translation, where]`, the first whose `where` holds (a
 * regular expression on the source lemma and tags of the word before, or of the word after, past
 * a determiner; none: always), the noun's gender where the dictionary has it wrong ("evento",
 * "lenguaje" are feminine there: "La evento nueva"), and `instead` where the dictionary gives
 * one translation only, which `as` replaces (a word the generator has).
 * The translation is one the bilingual dictionary gives for the word: "evento" where the rules
 * chose "caso" ("Calendar event" → "Caso de calendario"), "ahorrar" for "salvar" before "time"
 * ("Save time" → "Salva tiempo"), "idioma" for "lengua", "reproducir" for "tocar" (a media
 * player's "Play"), "conseguir" for "coger" (which some Spanish speakers read as vulgar)…
 */
type Senses = ReadonlyArray<readonly [word: string, pos: 'n' | 'vblex' | 'adj' | 'adv' | 'pr' | 'ij', as: string, where?: { after?: string; before?: string; gender?: 'm' | 'f'; instead?: boolean }]>

/** Nouns "free" before which means free of charge (es "gratuito", ca "gratuït"). */
const FREE_OF_CHARGE = '^(?:shipping|trial|plan|version|account|delivery|download|app|application|tier|edition|ticket|gift|sample|update|return|consultation|quote|course|ebook|estimate|month|week|day|game|access)<'

/** Where "history" is a record kept (a browser's, an order's), not the discipline: not after "natural", "world"… ("Museum of Natural History"). */
const HISTORY_AS_RECORD = '^(?!(?:natural|art|world|human|ancient|modern|medieval|family|medical|local|military|political|social|economic|american|european)<)'

/**
 * Where "host" is a machine, not who receives guests: after an initialism or a machine's word
 * ("SMTP Host", "remote host"), before a name, a port, an address ("Host name", "host and
 * port").
 */
const HOST_AS_MACHINE = { after: '^(?:\\*|(?:remote|local|virtual|database|proxy|target|web|mail|email|server|dns|ip|smtp|ldap|ftp|ssh|sql|docker)<)', before: '^(?:\\*|(?:name|port|address|header|key|url|machine|and|or)<)' }

/** Where a grid is an interface's (not after "power", "electric"…: a power grid). */
const GRID_NOT_POWER = '^(?!(?:power|electric|electrical|energy|national|smart)<)'

/** Contexts both pairs' senses share: a key pressed ("Press any key", "arrow key"), a key's use ("key combination"), a game played. */
const KEY_PRESSED = { after: '^(?:press|hit|arrow|enter|escape|esc|shift|modifier|hot|function|space|tab|delete|backspace|ctrl|alt|control|option|command|return|any)<' }
const KEY_IN_USE = { before: '^(?:combination|binding|shortcut|press|stroke)<' }
const A_GAME = { before: '^(?:game|match|sport|with)<' }
/** Nouns after a play that make it a playback ("Play count", "Play method", "Play queue"): not "time", a game's too. */
const PLAYBACK_HEAD = '^(?:count|counts|method|methods|mode|queue|history|button|speed|state|status|session|sessions|progress|position|request|requests|option|options|setting|settings|error|errors|statistic|statistics)<'
/** What a broadcast is, whose "live" is "as it happens" (not alive): TV, a stream, a channel, an event… */
const LIVE_BROADCAST_WORDS = ['tv', 'television', 'stream', 'streams', 'streaming', 'transmission', 'broadcast', 'broadcasts', 'event', 'events', 'video', 'videos', 'channel', 'channels', 'show', 'shows', 'feed', 'feeds', 'chat', 'coverage', 'preview', 'music', 'concert', 'concerts']
/** The senses' test on the unit after "live": one of LIVE_BROADCAST_WORDS. */
const LIVE_BROADCAST = `^(?:${LIVE_BROADCAST_WORDS.join('|')})<`
/** A record that is data kept, not a feat: not after "world", "personal", "track"… ("a world record"). */
const RECORD_AS_DATA = { after: '^(?!(?:world|personal|track|all-time|olympic|national|european|continental|club|career|season|school|speed|attendance|sales|guinness)<)' }

export const ENG_SPA_SENSES: Senses = [
  // what something leads to ("This may lead to data loss" came back "puede dirigir a", to direct;
  // "conducir", which the pivots read as "conduire", "conduzir", "condurre")
  ['lead', 'vblex', 'conducir', { before: '^to<', instead: true }],
  ['event', 'n', 'evento', { gender: 'm' }], // 61 "caso"
  // a show airs ("Aired {relativeTime}" came back "Aireado", ventilated), a path's slash is a bar
  // ("URL must not end in a trailing slash" came back "una cuchillada final", a stab)
  ['air', 'vblex', 'emitir', { instead: true }],
  ['slash', 'n', 'barra', { instead: true, gender: 'f' }],
  // a program's command ("Command palette", "Command not found" came back "Paleta de orden", "Orden no
  // encontrada")
  ['command', 'n', 'comando', { instead: true, gender: 'm' }],
  // a program, a command, a test is run, a job "now" or "again" ("Run the command", "Run Now"
  // came back "Correr el comando", "Correr Ahora")
  ['run', 'vblex', 'ejecutar', { before: '^(?:(?:command|script|program|programme|test|query|code|job|task|migration|scan|analysis|app|application|file|setup|installer|process|server|container|build|wizard|macro|function|tool|check)s?|now|again)<', instead: true }],
  // a function, a request returns what it gives back ("Returns a promise", "This function returns
  // the value" came back "Regresa una promesa", go back): "devolver" before an object (a noun, an
  // adjective, a number, a word the pair does not know, a value's name), "regresar" elsewhere
  // ("Return to the menu")
  ['return', 'vblex', 'devolver', { before: '^(?:\\*|[^<]*<(?:n|np|adj|num)>|(?:true|false|null|undefined|nothing|it|them|this|that|one|all|everything)<)' }],
  // a site's or an app's home page, screen, tab is its "inicio" ("Go to the home page", "Home screen" came
  // back "página de casa", "Pantalla de casa")
  ['home', 'n', 'inicio', { before: '^(?:page|screen|button|tab|feed|view)s?<', instead: true, gender: 'm' }],
  // an interface's grid is a "cuadrícula" ("Toggle grid", "Show grid" came back "… verja", a fence)
  ['grid', 'n', 'cuadrícula', { after: GRID_NOT_POWER, instead: true, gender: 'f' }],
  // a machine (HOST_AS_MACHINE) is a "servidor": "SMTP Host", "Host name" came back "Anfitrión SMTP", "Nombre anfitrión"
  ['host', 'n', 'servidor', { after: HOST_AS_MACHINE.after, instead: true, gender: 'm' }],
  ['host', 'n', 'servidor', { before: HOST_AS_MACHINE.before, instead: true, gender: 'm' }],
  // elsewhere "salvar" stays for save-sense.ts, which makes it "guardar" but where a life is saved
  ['save', 'vblex', 'ahorrar', { before: '^(?:time|money|energy|battery|power|space|bandwidth)<' }],
  ['language', 'n', 'lenguaje', { after: '^(?:programming|markup|query|scripting|formal|body)<', gender: 'm' }],
  ['language', 'n', 'idioma'], // 46 "lengua"
  ['play', 'vblex', 'jugar', A_GAME],
  ['play', 'vblex', 'reproducir'], // 39 "tocar"
  ['season', 'n', 'temporada'], // 36 "estación"
  ['key', 'n', 'tecla', KEY_PRESSED],
  ['key', 'n', 'tecla', KEY_IN_USE],
  ['key', 'n', 'clave'], // 34 "tono"
  ['extension', 'n', 'extensión'], // 32 "prórroga"
  ['reference', 'n', 'referencia'], // 32 "remisión"
  ['cancel', 'vblex', 'cancelar'], // 28 "anular"
  ['device', 'n', 'dispositivo'], // 27 "aparato"
  ['label', 'n', 'etiqueta', { after: '^(?!record<)' }], // 26 "sello"
  ['table', 'n', 'tabla'], // 20 "mesa"
  ['string', 'n', 'cadena'], // 19 "serie"
  ['support', 'n', 'apoyo', { after: '<det><pos>' }],
  ['support', 'n', 'soporte'], // 15 "apoyo"
  ['attachment', 'n', 'archivo adjunto'], // 15 "anexo"
  ['style', 'n', 'estilo'], // 12 "moda"
  ['position', 'n', 'puesto', { after: '^(?:job|open|vacant|management)<' }],
  ['position', 'n', 'posición'], // 12 "puesto"
  ['argument', 'n', 'argumento'], // 11 "riña"
  ['relate', 'vblex', 'relacionar'], // 11 "narrar"
  ['property', 'n', 'propiedad'], // 10 "hacienda"
  ['chart', 'n', 'gráfico'], // 8 "mapa"
  ['fix', 'vblex', 'arreglar'], // 8 "fijar"
  ['stop', 'n', 'parada'], // 8 "parón"
  ['picture', 'n', 'fotografía'], // 8 "cuadro"
  ['container', 'n', 'contenedor'], // 7 "envase"
  // a shop's order and its shipping ("Your order has been shipped", "Order history", "Free
  // shipping" came back "Tu orden ha sido embarcado", "Historia de orden", "Navío libre"; the
  // dictionary has one translation each): "pedido" after a possessive or before the words of an
  // order's page, "enviar", "envío"; "Sort order" keeps "orden"
  ['order', 'n', 'pedido', { after: '<det><pos>', instead: true, gender: 'm' }],
  ['order', 'n', 'pedido', { after: '^place<vblex>', instead: true, gender: 'm' }],
  ['order', 'n', 'pedido', { before: '^(?:history|number|status|detail|summary|confirmation|total|tracking)<', instead: true, gender: 'm' }],
  ['ship', 'vblex', 'enviar', { instead: true }],
  ['shipping', 'n', 'envío', { instead: true, gender: 'm' }],
  // thanks for something: "por" ("Thank you for your purchase!" came back "¡Gracias para tu
  // compra!"; the dictionary gives "para" and "durante" only)
  ['for', 'pr', 'por', { after: '^thank you<', instead: true }],
  // files dropped where they were dragged: "Drag and drop files here" came back "Arrastra y cae…"
  ['drop', 'vblex', 'soltar', { after: '^and<cnjcoo>' }],
  ['drop', 'vblex', 'soltar', { before: '<(?:n|np)>' }],
  // after a determiner, an adjective or a preposition only: elsewhere it is mostly the tagger's
  // noun for the verb ("but work with filters", "no longer work"), which "obra" reads as
  ['work', 'n', 'trabajo', { after: '<(?:det|adj|pr)>' }], // 7 "obra"
  // after "it", "that", "this", "not", or a question's "did" ("Did it work?" reads "it did
  // work?"); after a person, "trabajar" (the rules chose "obrar")
  ['work', 'vblex', 'funcionar', { after: '^prpers<prn><subj><p3><nt>|^(?:that|this)<|not<adv>$|^do<vbdo><past>' }], // "It does not work" came back "no obra"
  ['work', 'vblex', 'funcionar', { before: '^(?:correctly|properly|offline|online|fine|well|again)<' }],
  ['work', 'vblex', 'trabajar'],
  ['length', 'n', 'longitud'], // 7 "periodo"
  ['tip', 'n', 'consejo'], // 5 "punta"
  ['package', 'n', 'paquete'], // 5 "envase"
  ['attach', 'vblex', 'adjuntar'], // 4 "adosar"
  ['form', 'n', 'formulario', { before: '^(?!of<)' }], // 4 "forma"
  ['specific', 'adj', 'específico'], // 3 "concreto"
  ['processing', 'n', 'procesamiento'], // 3 "tramitación"
  ['properly', 'adv', 'correctamente'], // 3 "propiamente"
  ['transfer', 'n', 'transferencia'], // 47 "traslado"
  ['appear', 'vblex', 'parecer', { before: '^(?:to|that)<' }],
  ['appear', 'vblex', 'aparecer'], // 8 "parecer" ("The file appears in the list")
  ['look', 'n', 'aspecto'], // 7 "cariz"
  // "Something went wrong", "If anything goes wrong": "salir mal" (was "Algo fue mal")
  ['go', 'vblex', 'salir', { before: '^wrong<adv>', instead: true }],
  // the month before its day ("on March 3" came back "encima Marcha 3"; the dictionary has only "marcha")
  ['march', 'n', 'marzo', { before: '^[0-9]{1,2}<num>', instead: true, gender: 'm' }],
  ['get', 'vblex', 'llegar', { before: '^to<' }],
  ['get', 'vblex', 'conseguir'], // 40 "coger"
  // "afección" (an illness): "Add condition", "The conditions are not met." came back "Añade
  // afección", "Las afecciones…"; after "heart", "skin", "medical"… left to the rules
  ['condition', 'n', 'condición', { after: '^(?!(?:heart|skin|medical|health|mental|chronic)<)' }],
  ['article', 'n', 'artículo'], // "Share this article" came back "Comparte esta prenda" (a garment)
  ['size', 'n', 'tamaño', { instead: true, gender: 'm' }], // "File size" came back "Medida de archivo"
  ['reach', 'vblex', 'alcanzar'], // "You have reached the limit" came back "Has logrado el límite"
  // an interface's, not a restaurant's ("Open the View menu" came back "Abre la carta de
  // Vista"); the generator has no "menú" (SPANISH_CLAUSE_FILTER, POST_GENERATION_FILTER)
  ['menu', 'n', 'menú', { instead: true, gender: 'm' }],
  // a website's ("We use cookies" came back "Utilizamos galletas"); baked ones keep "galleta"
  ['cookie', 'n', 'cookie', { after: '^(?!(?:bake|eat|chocolate|chip|sugar|oatmeal|homemade|fortune)<)', instead: true, gender: 'f' }],
  // a disk, not a ride: "Connect a USB drive" came back "un paseo de USB"
  ['drive', 'n', 'unidad', { after: '^(?:usb|flash|external|network|shared|local|optical|cloud|removable|disk|thumb|pen)<' }],
  ['drive', 'n', 'unidad', { before: '^(?:letter|name|space|capacity)<' }],
  // what costs nothing: "Free shipping", "Start your free trial" came back "Envío libre", "tu
  // prueba libre" ("libre" stays for space, software, time)
  ['free', 'adj', 'gratuito', { before: FREE_OF_CHARGE }],
  // a tracker's or a support form's issue ("New issue", "Report an issue" came back "Asunto
  // nuevo", "Informar un asunto": a matter, a subject)
  ['issue', 'n', 'incidencia', { instead: true, gender: 'f' }],
  // a payment's or a memory card, a UI's card ("Add a new card" came back "Añadir una carta nueva")
  ['card', 'n', 'tarjeta', { after: '^(?!(?:playing|greeting|birthday|christmas|post|tarot)<)' }],
  // what users send about an app ("Send feedback" came back "Enviar retroalimentación")
  ['feedback', 'n', 'comentario', { instead: true, gender: 'm' }],
  // an app's privacy ("Privacy policy" came back "Política de intimidad"); the generator lacks "privacidad" (SPANISH_UNGENERATED)
  ['privacy', 'n', 'privacidad', { instead: true, gender: 'f' }],
  // a browser's, an order's, an account's history: "historial" ("Order history", "Clear history" came back "Historia de pedido", "Limpia historia")
  ['history', 'n', 'historial', { after: HISTORY_AS_RECORD, instead: true, gender: 'm' }],
  // an order placed, a bid, a call: "realizar" ("Place your order" came back "Colocar tu pedido")
  ['place', 'vblex', 'realizar', { before: '^(?:order|bid|call)<', instead: true }],
  // what an interface manages (settings, users, files): "gestionar" ("Manage users" came back
  // "Dirige usuarios"; the dictionary gives "dirigir" and "conseguir"), but "manage to" succeeds
  ['manage', 'vblex', 'conseguir', { before: '^to<' }],
  ['manage', 'vblex', 'gestionar', { instead: true }],
  // a list's sort ("Sort name", "Sort order" came back "Nombre de clase", "Orden de clase", a kind):
  // "clasificación"; a kind before "of" ("all sorts of things") keeps "clase"
  ['sort', 'n', 'clasificación', { before: '^(?!of<)', instead: true, gender: 'f' }],
  // what is advanced is "avanzado" ("Advanced settings" came back "Configuraciones adelantadas",
  // moved forward; the dictionary's adjective has no translation)
  ['advance', 'vblex', 'avanzar', { instead: true }],
  // an editor's crop, not a harvest ("Auto crop", "Crop area" came back "Cosecha automática", "Área de cosecha")
  ['crop', 'n', 'recorte', { instead: true, gender: 'm' }],
  // a broadcast as it happens ("Live TV", "Live broadcasts" came back "Televisión viva", "Emisiones vivas")
  ['live', 'adj', 'en directo', { before: LIVE_BROADCAST, instead: true }],
  // what users or critics give a film, an app ("Community rating", "Rating" came back "Índice
  // comunitario", "Índice"): "valoración"; an age rating is a "clasificación"
  ['rating', 'n', 'clasificación', { after: '^age<', instead: true, gender: 'f' }],
  ['rating', 'n', 'valoración', { instead: true, gender: 'f' }],
  // a media player's and a database's words: a record is data kept ("No records found", "DNS
  // record", "Delete this record" came back "Ningún récord encontrado", "Récord DNS"; a world's,
  // a personal record keep "récord"), a recording is sound or video kept ("Recording cancelled",
  // "No recordings available" came back "Registro cancelado", "Ningún registro disponible")
  ['record', 'n', 'registro', RECORD_AS_DATA],
  ['recording', 'n', 'grabación'],
  // a play is a playback before what counts, settles or shows it ("Play count", "Play method" came back "Cuenta de juego", "Método de juego")
  ['play', 'n', 'reproducción', { before: PLAYBACK_HEAD, instead: true, gender: 'f' }],
]

/**
 * The perl (a `BEGIN` and a pass over the record) that gives each word of `senses` its sense,
 * after a bilingual lookup: of the translations the dictionary gives, the rule's stays alone.
 */
/**
 * perl: the unit that ends right before offset `$at` of `$s` with blanks between (at least
 * one), or "" (`unitBefore($_, $-[0])`). Found from its end, and the string read through its
 * alias (`$_[0]`, no copy), so a rule that reads the unit before each match costs the unit's
 * length, not the record's.
 */
const UNIT_BEFORE_SUB = String.raw`sub unitBefore { my $at = $_[1]; my $e = $at; $e-- while $e > 0 && substr($_[0], $e - 1, 1) eq " "; return "" if $e == $at || $e < 2 || substr($_[0], $e - 1, 1) ne "\$"; my $b = rindex($_[0], "^", $e - 2); $b = rindex($_[0], "^", $b - 1) while $b > 0 && substr($_[0], $b - 1, 1) eq "\\"; return "" if $b < 0; my $u = substr($_[0], $b, $e - $b); $u =~ /\A\^(?:[^\\\$]|\\.)*\$\z/ ? $u : "" }`

function sensesProgram(senses: Senses): string {
  const byWord = new Map<string, string[]>()
  for (const [word, pos, as, where] of senses) {
    const key = `${word}<${pos}>`
    byWord.set(key, [...(byWord.get(key) ?? []), `[q{${as}}, q{${where?.after ?? ''}}, q{${where?.before ?? ''}}, q{${where?.gender ?? ''}}, ${where?.instead ? 1 : 0}]`])
  }
  const table = [...byWord].map(([key, rules]) => `q{${key}} => [${rules.join(', ')}]`).join(', ')
  // a literal alternation (each word and its capitalised form), which perl matches as a trie:
  // "[Ee]vent|…" took twice as long on records with none of the words
  const words = [...new Set(senses.map(([word]) => word))]
  const gate = [...words, ...words.map((word) => `${word[0]!.toUpperCase()}${word.slice(1)}`)].join('|')
  return [
    `BEGIN { $| = 1; %::SENSE = (${table}) }`,
    String.raw`sub source { $_[0] =~ /^\^((?:[^\\\/\$]|\\.)*)/ ? $1 : "" }`,
    // `instead`: the first translation's lemma replaced (an untranslatable one's "@" too), its
    // capital kept, a noun in the source's number (es-fr's "archives" is plural only)
    String.raw`sub capitalised { my $c = $_[0]; utf8::decode($c); $c =~ /^\p{Lu}/ }`,
    String.raw`sub prefer { my ($unit, $as, $gender, $instead) = @_; my ($source, @t) = split /\//, substr($unit, 1, -1); my @kept = grep { /^\Q$as\E</i } @t; if (!@kept && $instead) { my ($number) = $source =~ /<n>(?:<[^>]*>)*<(sg|pl)>/; @kept = map { my $r = $_; $r =~ s/^\@?([^<]+)/(capitalised($1) ? ucfirst $as : $as)/e; $r =~ s/<(?:sg|pl|sp)>$/<$number>/ if defined $number && $r =~ /<n>/; $r } @t[0 .. 0] } s/^([^<]*<n>)<(?:mf|m|f)>/$1<$gender>/ for $gender eq "" ? () : @kept; @kept ? "^" . join("/", $source, @kept) . "\$" : $unit }`,
    // a word is looked up in lower case, a Latin-1 capital too ("Échec"; perl reads bytes, where lc
    // lowers ASCII alone)
    // only the units of the table's words are rewritten, each with the units around it in the
    // record as it came ($record, read through sense's $_[1], never copied: the substitution's
    // offsets are its): the one before found from its end, the ones after read in a window (a
    // unit is far shorter); a regex over the record before and after each made a long text's
    // time grow with its square (3 500 words: 0.57 s in eng-spa's sense filter, 40 ms now)
    UNIT_BEFORE_SUB,
    String.raw`sub sense { my ($unit, $from, $to) = @_[0, 2, 3]; my ($word, $pos) = $unit =~ /^\^((?:[^\\<\/\$]|\\.)+)<([a-z]+)>[^\/\$]*\// or return $unit; my $key = lc $word; $key =~ s/^\xc3([\x80-\x9e])/"\xc3" . chr(ord($1) + 32)/e; my $rules = $::SENSE{"$key<$pos>"} or return $unit; my $prev = lc source(unitBefore($_[1], $from)); my $next = ""; if (substr($_[1], $to, 8000) =~ /\A +(\^(?:[^\\\$]|\\.)*\$)(?: +(\^(?:[^\\\$]|\\.)*\$))?/) { $next = lc source(index($1, "<det>") >= 0 && defined $2 ? $2 : $1) } for my $r (@$rules) { my ($as, $after, $before, $gender, $instead) = @$r; next if $after ne "" && $prev !~ /$after/ || $before ne "" && $next !~ /$before/; return prefer($unit, $as, $gender, $instead) } $unit }`,
    String.raw`if (/\^(?:${gate})</) { my $record = $_; s{(\^(?:${gate})<(?:[^\\\$]|\\.)*\$)}{sense($1, $record, $-[0], $+[0])}ge }`,
  ].join(' ')
}

/**
 * Nouns eng-spa translates in a sense no interface means, between its bilingual dictionary
 * (which gives every sense) and its lexical selection rules (which chose the wrong one):
 * - "date" is "cita" (an appointment, a romantic date) everywhere, even in "Date of birth",
 *   "Date format": "Start date", "Sort by date", "Invalid date" came back "Cita de inicio",
 *   "Clase por cita", "Cita incorrecta". "cita" goes unless the words around are a date's with
 *   someone: "first", "blind", "dinner"… before it, "on a", "have a" before it, "with" or
 *   "tonight" after it ("Our first date", "I have a date tonight", "We went on a date" keep it).
 * - "terms" is "plazos" (time limits): "Terms and Conditions", "Terms of Service", "Search
 *   terms" came back "Plazos y Afecciones", "Plazos de Servicio", "Plazos de búsqueda"; the
 *   plural is "términos" but after "payment", "delivery", "credit", "loan" ("Payment terms"
 *   keeps "Plazos de pago"; the singular keeps its rules: "Short term" "Plazo corto").
 * - "address" is "alocución" (a speech): "IP address", "Address" came back "Alocución de IP",
 *   "Alocución"; it is "dirección" but after "give", "deliver", "keynote", "inaugural"…
 * - "turn on", "turn off" (the verb, then the particle, or its object pronoun between) are
 *   "girar en", "girar de": "Turn on notifications", "Turn it off." came back "Gira en
 *   notificaciones", "Girarlo fuera."; now "Activa notificaciones", "Apagarlo." (the dictionary
 *   has no "desactivar").
 * - the words of `ENG_SPA_SENSES` (above) take the sense an interface means, "condition" among
 *   them.
 */
export const ENG_SPA_SENSE_FILTER = `perl -0 -pe '${sensesProgram(ENG_SPA_SENSES)} ` + String.raw`sub drop { my ($unit, $sense) = @_; $unit =~ s{/$sense<n>(?:<[^>\/\$]*>)*(?=[/\$])}{}g; $unit } sub dateSense { my ($before, $unit, $after) = @_; return $unit if $before =~ /\^(?:first|blind|second|third|last|dinner|hot|double|romantic|real|another)<[^\$]*\$ $/i || $before =~ /\^(?:on|have|had|has|having|got|get)<[^\$]*\$ \^a<[^\$]*\$ $/i || $after =~ /^ \^(?:with|tonight)</i; drop($unit, "[Cc]ita") } s{((?:\^[^\$]*\$ ){0,2})(\^[Dd]ate<n>[^\$]*/[Cc]ita<n>[^\$]*\$)((?: \^[^\$<]*<)?)}{$1 . dateSense($1, $2, $3) . $3}ge if index($_, "ate<n>") >= 0; s{((?:\^[^\$]*\$ )?)(\^[Tt]erm<n><pl>[^\$]*\$)}{my ($before, $unit) = ($1, $2); $before . ($before =~ /^\^(?:payment|delivery|credit|loan)</i ? $unit : drop($unit, "(?:[Pp]lazo|[Pp]eriodo)"))}ge if index($_, "erm<n><pl>") >= 0; s{((?:\^[^\$]*\$ ){0,2})(\^[Aa]ddress<n>[^\$]*\$)}{my ($before, $unit) = ($1, $2); $before . ($before =~ /\^(?:give|deliver|keynote|inaugural|opening|farewell)</i ? $unit : drop($unit, "[Aa]locución"))}ge if index($_, "ddress<n>") >= 0; s{\^([Tt]urn<vblex>[^/\$]*)/([Gg])irar(<vblex>[^/\$]*)[^\$]*\$((?: \^prpers<prn><obj>[^\$]*\$)?) \^(on|off)<(?:pr|adv)>/[^\$]*\$}{"^$1/" . ($2 eq "G" ? "A" : "a") . ($5 eq "on" ? "ctivar" : "pagar") . "$3\$$4"}ge if index($_, "urn<vblex>") >= 0'`

/** eng-spa's bilingual lookup, after which ENG_SPA_SENSE_FILTER runs. */
const ENG_SPA_BILINGUAL = /^lt-proc\b.*\s-b\s.*\/eng-spa\.autobil\.bin'?\s*$/

/**
 * eng-cat's words in a sense no interface means, as `ENG_SPA_SENSES` (the counts are the corpus
 * strings'): "account" is "relació" (a relationship) wherever its lexical rules do not choose,
 * which is everywhere ("Delete account", "Create an account" came back "Elimina relació", "Crea
 * una relació"), "compte" but before "of" (an account of the events is a narration); "link" is
 * "nexe", "event" "succés", "try" "tastar" (to taste: "Per favor tasta de bell nou")…
 */
export const ENG_CAT_SENSES: Senses = [
  ['account', 'n', 'compte', { before: '^(?!of<)' }], // 47 "relació"
  ['grid', 'n', 'quadrícula', { after: GRID_NOT_POWER }], // "reixat", a fence
  ['command', 'n', 'ordre'], // a program's, as Catalan interfaces write it (the dictionary's first; "comanda" is a purchase order)
  ['host', 'n', 'servidor', { after: HOST_AS_MACHINE.after, instead: true, gender: 'm' }],
  ['host', 'n', 'servidor', { before: HOST_AS_MACHINE.before, instead: true, gender: 'm' }],
  ['link', 'n', 'enllaç'], // 66 "nexe"
  ['event', 'n', 'esdeveniment'], // 60 "succés"
  ['play', 'vblex', 'jugar', A_GAME],
  ['play', 'vblex', 'reproduir'], // 41 "jugar"
  ['transfer', 'n', 'transferència'], // 39 "trasllat"
  ['run', 'vblex', 'executar'], // 37 "córrer"
  ['entry', 'n', 'entrada'], // 31 "ingrés"
  ['manage', 'vblex', 'gestionar'], // 31 "abastar"
  // a tracker's or a support form's issue ("New issue", "Report an issue" came back "Assumpte
  // nou", "Reporta un assumpte": a matter, a subject)
  ['issue', 'n', 'incidència', { instead: true, gender: 'f' }],
  // an app's privacy ("Privacy policy" came back "Política d'intimitat")
  ['privacy', 'n', 'privadesa', { instead: true, gender: 'f' }],
  // a browser's, an order's history: "historial" (was "història")
  ['history', 'n', 'historial', { after: HISTORY_AS_RECORD, instead: true, gender: 'm' }],
  ['key', 'n', 'tecla', KEY_PRESSED],
  ['key', 'n', 'tecla', KEY_IN_USE],
  ['season', 'n', 'temporada'], // 30 "estació"
  ['reference', 'n', 'referència'], // 29 "remissió"
  ['cancel', 'vblex', 'cancel·lar'], // 28 "anul·lar"
  ['try', 'vblex', 'provar'], // 28 "tastar"
  ['label', 'n', 'etiqueta'], // 26 "rètol"
  ['canvas', 'n', 'llenç'], // 23 "lona"
  // a software's release, after a determiner, an adjective, a number or a noun (not "drag, release when…", a mouse's)
  ['release', 'n', 'versió', { after: '^(?!press<).*<(?:det|adj|num|n|np)>' }], // 21 "emissió"
  ['original', 'adj', 'original'], // 15 "primigeni"
  ['memory', 'n', 'memòria'], // 15 "record"
  ['style', 'n', 'estil'], // 13 "moda"
  // "reset" read as "reestablish" (reading hints): the standard "restablir", not "reestablir"
  ['reestablish', 'vblex', 'restablir'],
  // thanks for something: "per", not "per a" ("Gràcies per a la vostra compra")
  ['for', 'pr', 'per', { after: '^thank you<' }],
  // a thing that works ("a plan that works" came back "que treballa")
  ['work', 'vblex', 'funcionar', { after: '^(?:that|this)<' }],
  ['drop', 'vblex', 'deixar# anar', { after: '^and<cnjcoo>' }],
  ['drop', 'vblex', 'deixar# anar', { before: '<(?:n|np)>' }],
  // the dictionary's only "reprendre" (to resume): "Restart the app" → "Reprèn l'aplicació"
  ['restart', 'vblex', 'reiniciar', { instead: true }],
  ['free', 'adj', 'gratuït', { before: FREE_OF_CHARGE }], // "Enviament lliure", "prova lliure"
  ['menu', 'n', 'menú', { instead: true, gender: 'm' }], // "Obre la carta de Vista"
  ['main', 'adj', 'principal'], // "The main menu" came back "El menú major"
  // data kept, sound or video kept (ENG_SPA_SENSES): "Cap rècord trobat", "Registre cancel·lat" were "record" and "recording"
  ['record', 'n', 'registre', RECORD_AS_DATA],
  ['recording', 'n', 'enregistrament'],
  ['play', 'n', 'reproducció', { before: PLAYBACK_HEAD, instead: true, gender: 'f' }], // "Recompte de joc" (ENG_SPA_SENSES)
  ['sort', 'n', 'classificació', { before: '^(?!of<)', instead: true, gender: 'f' }], // "La classe ordenar" (ENG_SPA_SENSES)
  ['crop', 'n', 'retall', { instead: true, gender: 'm' }], // "Cultiu automàtic" (ENG_SPA_SENSES)
  ['crop', 'vblex', 'retallar', { instead: true }], // "Talla imatge" (to cut)
  ['live', 'adj', 'en directe', { before: LIVE_BROADCAST, instead: true }], // "Viu televisió" (ENG_SPA_SENSES)
  ['rating', 'n', 'classificació', { after: '^age<', instead: true, gender: 'f' }],
  ['rating', 'n', 'valoració', { instead: true, gender: 'f' }], // "Índex comunitari" (ENG_SPA_SENSES)
]

/** After eng-cat's bilingual lookup: `ENG_CAT_SENSES`. */
export const ENG_CAT_SENSE_FILTER = `perl -0 -pe '${sensesProgram(ENG_CAT_SENSES)}'`

/**
 * eng-cat's bilingual lookups (eng-cat, its Valencian variants), after which ENG_CAT_SENSE_FILTER
 * runs; not cat-eng's, which the folder holds too (its senses are English words: they ran on
 * Catalan records for nothing).
 */
const ENG_CAT_BILINGUAL = /^lt-proc\b.*\s-b\s.*\/apertium-eng-cat\/eng-cat[^/']*\.autobil\.bin'?\s*$/

type Determiner = readonly [lemma: string, tags: string, gender?: 'mf']

/** A word-bound blank (`[[t:…]]`) before a unit, or none: after the transfers, the blanks attached to words stay with them (the filters below). */
const WORD_BOUND_BLANK = String.raw`(?:\[\[[^\]]*\]\])?`

/** `word` as a perl pattern whose first letter is either case (`habilitar` → `[Hh]abilitar`). */
function eitherCase(word: string): string {
  return `[${word[0]!.toUpperCase()}${word[0]}]${word.slice(1)}`
}

/** A target language's words for the clause filter below, as its generator takes them. */
interface ClauseWords {
  /** The adverb that negates a verb ("no", gl "non"). */
  readonly not: string
  /** The negative determiner's lemma, its tags before gender and number ("ninguno", "<det><ind>"), its one gender if it has one (Catalan's "cap": "mf"). */
  readonly noDeterminer: Determiner
  /** Negative pronouns ("nada", "nadie"): after their verb they want `not` before it. */
  readonly negativePronouns: readonly string[]
  /** The free-choice determiner the pair writes for English "any" ("cualquier"). */
  readonly anyDeterminer: string
  /** The pronoun the pair writes for English "anything" ("cualquier cosa"). */
  readonly anything: string
  /** "anything" after a negated verb ("nada<prn><tn><m><sg>") and in a question or an if-clause ("algo…"): lemma and tags. */
  readonly nothing: string
  readonly something: string
  /** "any" in a question or an if-clause: the determiner as `noDeterminer` ("alguno", "<det><qnt>"). */
  readonly someDeterminer: Determiner
  /** The conjunction "if" ("si", gl "se"). */
  readonly if: string
  /** The comparative's adverb ("más", gl "máis", ca "més"): "couldn't be happier" is a conditional. */
  readonly more: string
  /** How a past event is written: the preterite (`ifi`: "no pudimos", "fue eliminado") or Catalan's periphrasis (`anar`: "no vam poder", "va ser eliminat"). */
  readonly past: 'ifi' | 'anar'
  /** Whether the transfer wrote a past passive with "estar" (eng-spa: "El archivo estuvo eliminado"). */
  readonly passiveEstar?: boolean
  /** Whether the transfer wrote a progressive with "ser" (eng-spa "He sido buscándote", en-gl "Fun buscándote"), whose verb is "estar<vblex>". */
  readonly progressiveEstar?: boolean
  /** "while" and "when" before a gerund: the conjunctions the transfer wrote ("mientras", "cuando") and the units, lower case, that take their place before the infinitive ("a<pr>", "el<det><def><m><sg>": "al"). */
  readonly whileGerund: readonly [conjunctions: readonly string[], units: readonly string[]]
  /** "if" before a gerund: the conjunction the transfer wrote ("si") and the units before the infinitive ("en caso de"). */
  readonly ifGerund: readonly [conjunction: string, units: readonly string[]]
  /** The months' lemmas, January first, and the preposition "on" before a date ("en"): a date is written day, "de", month. */
  readonly months: readonly string[]
  readonly on: string
  /** The article before a date's day ("el<det><def><m><sg>"). */
  readonly dateArticle: string
  /** The verb the reading hints give "must not", "should" ("deber"), after which "ser"'s complement agrees with the subject (below); none for Catalan. */
  readonly owe?: string
  /** Nouns the generator lacks (eng-spa's "menú"): a plural one goes as its singular and an "s" after it, which the generator copies ("#menú" + "s"; POST_GENERATION_FILTER drops the mark). */
  readonly ungenerated?: readonly string[]
  /** Adjectives whose plural the generator misspells (eng-spa's "postals"): the singular and the plural's ending after it, which the generator copies ("postal" + "es"). */
  readonly misgeneratedPlurals?: ReadonlyArray<readonly [adjective: string, ending: string]>
  /** The third person's reflexive pronoun ("se<prn><pro><ref><p3><mf><sp>"), which makes a subjectless "could not" impersonal. */
  readonly reflexive: string
  /** Nouns of people, before which (and their determiner) a verb's object takes "a" (Spanish's personal "a", below), and the verbs whose object takes none. */
  readonly personalA?: { readonly persons: readonly string[]; readonly notAfter: readonly string[] }
  /**
   * Verbs whose object is the subject of an infinitive after it ("allow users to upload", "help
   * you to find"), which the transfers write with the purpose preposition (`purpose`: "para",
   * ca "per"): after `drop`'s the infinitive goes bare, after `asA`'s with "a"; a noun object
   * takes the personal "a" before it ("Permitir a los usuarios cargar", "te ayuda a encontrar").
   */
  readonly objectControl?: { readonly purpose: string; readonly drop: readonly string[]; readonly asA: readonly string[] }
}

/**
 * A perl sub: whether a record (after a bilingual lookup) is a label, at most four units and a
 * full stop (the encoder adds one to a text without), no other sentence end (a sentence's end
 * far from the last, both sides of a unit `^.<sent>/.<sent>$` being near, answers at once,
 * without a copy of a long record). unknownVerbsProgram's label tags need it in
 * the program, once.
 */
const LABEL_RECORD_SUB = String.raw`sub label { my $sent = index($_[0], "<sent>"); return 0 if $sent >= 0 && rindex($_[0], "<sent>") - $sent > 16; my ($record) = @_; $record =~ s{\^\.<sent>/\.<sent>\$(?:\[[^\]]*\]|[\s\0])*\z}{}; index($record, "<sent>") < 0 && ($record =~ tr/^//) <= 4 }`

/** English verbs of SPANISH_UNKNOWN_VERBS the generator lacks: SPA_ENG_SENSE_FILTER writes their forms, which POST_GENERATION_FILTER keeps. */
const ENGLISH_CONJUGATED = ['reload', 'disconnect', 'deselect', 'ungroup', 'uninstall']
/** A regular English verb's forms: the base, "-s", "-ed", "-ing". */
const englishForms = (verb: string): string[] => [verb, `${verb}s`, `${verb}ed`, `${verb}ing`]
/** English words spa-eng's generator lacks, but right as they are written (SPA_ENG_SENSE_FILTER's "must", "click", "default", "less than"…, ENGLISH_CONJUGATED's forms; POST_GENERATION_FILTER). */
const ENGLISH_UNGENERATED = ['genre', 'genres', 'subtitle', 'subtitles', 'must', 'click', 'clicks', 'clicked', 'clicking', 'default', 'less', 'than', 'greater', 'null', 'resume', 'API', 'reset', 'deletion', ...ENGLISH_CONJUGATED.flatMap(englishForms)]

/** Nouns the Spanish generator lacks, but right as they are written (SPANISH_CLAUSE_FILTER's `ungenerated`, POST_GENERATION_FILTER). */
const SPANISH_UNGENERATED = ['menú', 'privacidad']

/** Adjectives of several words the Spanish and Catalan generators lack, right as written (ENG_SPA_SENSES', ENG_CAT_SENSES' "en directo", "en directe"; POST_GENERATION_FILTER). */
const PHRASES_UNGENERATED = ['en directo', 'en directe']

/**
 * `word` as a perl pattern in a `-CSD` program, whose own text is read as bytes: non-ASCII
 * letters as `\x{…}`, the first letter either case (`menú` → `[Mm]en\x{fa}`).
 */
function charactersForPerl(word: string): string {
  const escaped = [...word].map((c) => (c.charCodeAt(0) < 128 ? c : `\\x{${c.codePointAt(0)!.toString(16)}}`))
  return `[${escaped[0]!.toUpperCase()}${escaped[0]}]${escaped.slice(1).join('')}`
}

/** Spanish nouns of people: a verb's object among them takes the personal "a" (SPANISH_CLAUSE_FILTER), which the hops out of Spanish into French, Portuguese, Italian drop again. */
const PERSONS = ['usuario', 'miembro', 'amigo', 'persona', 'contacto', 'administrador', 'cliente', 'colaborador', 'invitado', 'seguidor', 'participante', 'estudiante', 'empleado', 'autor', 'propietario', 'destinatario', 'moderador', 'jugador', 'compañero', 'visitante', 'suscriptor', 'desarrollador', 'editor', 'lector', 'equipo']

/**
 * Clauses the transfers of English into Spanish, Galician and Catalan get wrong, mended on what
 * they wrote (the units the generator takes): negative concord, a negated "could", a past
 * passive, a progressive. English says a negation once ("There are no items", "I can't find any
 * file", "There is nothing here"); these languages say it before the verb and again after it,
 * and their "cualquier" is "whichever", not "any". The pairs' transfer gets it right only in
 * some shapes: "Hay ningún elemento para mostrar", "Tienes ningún permiso para editar…", "Hay
 * nada aquí", "Tienes no mensajes nuevos", "No puedo encontrar cualquier archivo", "No tienes
 * cualesquier notificaciones", "No sé cualquier cosa", "¿Tienes cualquier archivo?", "Si tienes
 * cualesquier cuestiones" (and their gl and ca twins). Per clause, from the word back to its
 * verb (over infinitives, participles, gerunds, adverbs; the first finite verb):
 * - a negative determiner or pronoun after a verb with no negation before it (and its clitics)
 *   puts the negation there: "No hay ningún elemento", "No hay nada aquí";
 * - the negation the transfer put after the verb, before a noun, goes before it: "No tienes
 *   mensajes nuevos" (not before an adjective: there the verb is mostly a headline's noun the
 *   tagger misread, "Transfer Not Active" "Transfiere No Activo");
 * - "any" after a negated verb is the negative determiner before a singular noun ("No puedo
 *   encontrar ningún archivo"), nothing before a plural ("No tienes notificaciones"), and
 *   "anything" is "nada", a preposition between or not ("No coincidió con ningún documento");
 * - "any" in a question or in an if-clause is "alguno" before a singular, nothing before a
 *   plural, and "anything" "algo": "¿Tienes algún archivo?", "Si tienes preguntas".
 * A word bound to an inline tag (`[[t:…]]`) is never dropped. Everywhere else "cualquier" stays
 * ("Choose any file" → "Escoge cualquier archivo").
 * A negated "could" in a statement is the past it is in error messages ("We couldn't find that
 * page" → "No pudimos encontrar…", ca "No vam poder trobar…"; was "No podríamos…"), and a past
 * passive the copula's preterite ("El archivo fue eliminado", was "estuvo eliminado"), and "ser"
 * before a gerund "estar" ("He estado buscándote", was "He sido buscándote").
 */
function clauseFilter(words: ClauseWords): string {
  const { not, noDeterminer, negativePronouns, anyDeterminer, anything, nothing, something, someDeterminer, more, past, passiveEstar = false, progressiveEstar = false, whileGerund: [whileWords, whileUnits], ifGerund: [ifWord, ifUnits], months, on, owe, ungenerated = [], misgeneratedPlurals = [], objectControl, reflexive, personalA } = words
  const lemma = String.raw`(?:[^\\<\$]|\\.)*`
  const bound = WORD_BOUND_BLANK
  // units inside perl's double quotes, their `$` escaped
  const determiner = ([head, tags, only]: Determiner, gender: string) => String.raw`^${head}${tags}<${only ?? gender}><sg>\$`
  const pronoun = (unit: string) => String.raw`^${unit}\$`
  const article = words.dateArticle
  const units = (list: readonly string[], capital: boolean) => list.map((unit, i) => String.raw`^${i === 0 && capital ? unit[0]!.toUpperCase() + unit.slice(1) : unit}\$`).join(' ')
  // a notification's article, noun, participle… up to its sentence's end (below), searched for
  // at the record's start and after each sentence end
  const notified = String.raw`\^(${lemma})<det><def>(?:<[^>\$]*>)*\$ \^(${lemma})(<n>[^\$]*\$(?: \^${lemma}<pr>\$ \^${lemma}<n>[^\$]*\$)?(?: \^${lemma}<(?:adv|preadv)>\$)* \^${lemma}<vblex><pp>[^\$]*\$(?: \^${lemma}<adv>\$)*(?: \^${lemma}<pr>\$(?: \^${lemma}<det>[^\$]*\$)? \^${lemma}<n>[^\$]*\$)?)(?=\^[.!…]<sent>\$|(?:\[v:e\])?[\s\0]*\z)`
  // a subjectless "could not": the negation, then (ahead) the verb, where the reflexive goes
  // (below), at the record's start and after each sentence end
  const impersonal = String.raw`\^${eitherCase(not)}<adv>\$ )(?=${past === 'ifi' ? String.raw`\^poder<vbmod><ifi><p3><sg>\$` : String.raw`\^anar<vaux><p3><sg>\$ \^poder<vbmod><inf>\$`}(?! \^ser<vbser>))}{$1^${reflexive}\$ }`
  // bytes, not characters (no -CSD: decoding every record cost 2 µs of the filter's 2.5 where
  // nothing matched): the words here and the records are both UTF-8; only a first letter's case
  // is read as a character
  return `perl -0 -pe '${[
    String.raw`BEGIN { $| = 1 }`,
    // a noun and the adjective after it with no blank between: eng-spa's and en-gl's rule for a
    // determiner, a noun and two adjectives with a comma writes none ("A private, written
    // warning" came back "Un avisoprivado, escrito"); the generator glued them
    String.raw`s{(<n>(?:<[^>\$]*>)*\$)(?=${bound}\^${lemma}<adj>)}{$1 }g if index($_, "<adj>") >= 0;`,
    String.raw`sub lemma { $_[0] =~ /\^(${lemma})/ ? $1 : "" }`,
    // a finite verb (Catalan's past "va coincidir" is an auxiliary's); not a multiword's head with
    // its queue ("dar# las gracias por": "nada" is its object's)
    String.raw`sub finite { $_[0] =~ /<(?:vblex|vbser|vbhaver|vbmod)><(?:pri|pii|ifi|fti|cni|prs|pis)>|<vaux><p[123]>/ && index($_[0], "#") < 0 }`,
    String.raw`sub nonFinite { $_[0] =~ /^${bound}\^${lemma}<(?:vblex|vbser|vbhaver|vbmod)><(?:inf|ger|pp)>/ }`,
    String.raw`sub negation { lc(lemma($_[0])) eq "${not}" && $_[0] =~ /<adv>\$$/ }`,
    String.raw`sub adverb { $_[0] =~ /^${bound}\^${lemma}<(?:adv|preadv)>\$$/ && !negation($_[0]) }`,
    String.raw`sub clitic { $_[0] =~ /^${bound}\^${lemma}<prn><pro>/ }`,
    // the noun right after unit $i: its gender (m or f) and number, or nothing
    String.raw`sub noun { my ($p, $i) = @_; return () if $i + 2 >= @$p || $p->[$i + 1] !~ /^ +$/ || $p->[$i + 2] !~ /^${bound}\^${lemma}<n>(?:<(mf|m|f|nt)>)?(?:<[^>]*>)*?<(sg|pl|sp)>/; (($1 // "m") eq "f" ? "f" : "m", $2) }`,
    String.raw`sub question { my ($p, $i) = @_; for (my $s = $i + 2; $s < @$p; $s += 2) { return $p->[$s] =~ /^\^\?<sent>\$$/ if $p->[$s] =~ /<sent>\$$/ } 0 }`,
    // an if-clause: "si" before the verb, with at most a subject (determiners, nouns, adjectives, pronouns) between
    String.raw`sub ifClause { my ($p, $k) = @_; for (my ($s, $n) = ($k - 2, 0); $s >= 1 && $n < 5 && $p->[$s + 1] =~ /^ +$/; $s -= 2, $n++) { return 1 if lc(lemma($p->[$s])) eq "${words.if}" && $p->[$s] =~ /<cnj(?:adv|sub)>\$$/; return 0 if $p->[$s] !~ /^${bound}\^${lemma}<(?:det|n|np|adj|prn)>/ } 0 }`,
    // the unit $unit before unit $k, with the case of $k's first letter, which then loses it
    String.raw`sub before { my ($unit, $p, $k) = @_; my $word = $p->[$k]; utf8::decode($word); if ($word =~ s/^(${bound}\^)(\p{Lu})/$1\l$2/) { $unit = ucfirst $unit; utf8::encode($word); $p->[$k] = $word } $p->[$k] = "^$unit\$ " . $p->[$k] }`,
    String.raw`sub concord { my @p = split /(${bound}\^(?:[^\\\$]|\\.)*\$)/, $_[0], -1; my %negated; for (my $i = 1; $i < @p; $i += 2) {`,
    String.raw`my $w = $p[$i]; my $l = lc lemma($w);`,
    String.raw`my $kind = $w =~ /^${bound}\^${eitherCase(noDeterminer[0])}<det>/ || $w =~ /<prn>/ && grep({ $_ eq $l } qw(${negativePronouns.join(' ')})) ? "none" : $l eq "${anyDeterminer}" && $w =~ /<det>/ ? "any" : $l eq "${anything}" && $w =~ /<prn>/ ? "anything" : negation($w) && $i > 2 && $p[$i - 1] eq " " && finite($p[$i - 2]) && $i + 2 < @p && $p[$i + 1] eq " " && $p[$i + 2] =~ /^${bound}\^${lemma}<n>/ ? "after" : ""; next if !$kind;`,
    // the word's verb: the first finite one back, over non-finite verbs and adverbs (the
    // misplaced negation right after it), then the clitics before it ("any" also over a preposition: "No coincidió con ningún documento")
    String.raw`my $j = $i - 2; $j -= 2 if $kind =~ /^any/ && $j >= 1 && $p[$j + 1] eq " " && $p[$j] =~ /^${bound}\^${lemma}<pr>\$$/; if ($kind ne "after") { $j -= 2 while $j >= 1 && $p[$j + 1] =~ /^ +$/ && (nonFinite($p[$j]) || adverb($p[$j])) } next if $j < 1 || $p[$j + 1] !~ /^ +$/ || !finite($p[$j]);`,
    String.raw`my $k = $j; $k -= 2 while $k >= 3 && $p[$k - 1] =~ /^ +$/ && clitic($p[$k - 2]); my $negated = $negated{$k} || $k >= 3 && $p[$k - 1] =~ /^ +$/ && negation($p[$k - 2]);`,
    String.raw`if ($kind eq "none" || $kind eq "after") { next if $negated; ($p[$i], $p[$i + 1]) = ("", "") if $kind eq "after"; before("${not}<adv>", \@p, $k); $negated{$k} = 1; next }`,
    String.raw`next if !$negated && !question(\@p, $i) && !ifClause(\@p, $k); my $tag = $w =~ /^(\[\[[^\]]*\]\])/ ? $1 : "";`,
    String.raw`if ($kind eq "anything") { $p[$i] = $tag . ($negated ? "${pronoun(nothing)}" : "${pronoun(something)}"); next }`,
    String.raw`my ($gender, $number) = noun(\@p, $i); next if !defined $number;`,
    // before a plural, "any" is nothing ("No tienes notificaciones"), unless a tag holds it
    String.raw`if ($number eq "pl") { ($p[$i], $p[$i + 1]) = ("", "") if $tag eq ""; next }`,
    String.raw`$p[$i] = $tag . ($negated ? ($gender eq "f" ? "${determiner(noDeterminer, 'f')}" : "${determiner(noDeterminer, 'm')}") : ($gender eq "f" ? "${determiner(someDeterminer, 'f')}" : "${determiner(someDeterminer, 'm')}")) } join "", @p }`,
    String.raw`$_ = concord($_) if /\^(?:${[...negativePronouns, noDeterminer[0], anyDeterminer, anything].map(eitherCase).join('|')})<|<adv>\$ ${bound}\^${lemma}<n>/;`,
    // "could not" in a statement is a past ("We couldn't find that page", "Could not save the
    // file" came back "No podríamos encontrar…", "No podría guardar…": a conditional); not in a
    // question, an if-clause or before a comparative ("We couldn't be happier")
    String.raw`sub couldNot { my @p = split /(${bound}\^(?:[^\\\$]|\\.)*\$)/, $_[0], -1; for (my $i = 3; $i < @p; $i += 2) { next if $p[$i] !~ /^(${bound})\^poder<vbmod><cni>(<p[123]><(?:sg|pl)>)\$$/; my ($tag, $person) = ($1, $2); my $k = $i; $k -= 2 while $k >= 3 && $p[$k - 1] =~ /^ +$/ && clitic($p[$k - 2]); next if $k < 3 || $p[$k - 1] !~ /^ +$/ || !negation($p[$k - 2]) || question(\@p, $i) || ifClause(\@p, $k - 2); my $s = $i + 2; $s += 2 while $s < @p && $p[$s] !~ /<sent>\$$/ && lemma($p[$s]) !~ /^${eitherCase(more)}$/; next if $s < @p && $p[$s] !~ /<sent>\$$/; $p[$i] = ${past === 'ifi' ? String.raw`"$tag^poder<vbmod><ifi>$person\$"` : String.raw`"$tag^anar<vaux>$person\$ ^poder<vbmod><inf>\$"`} } join "", @p }`,
    String.raw`$_ = couldNot($_) if index($_, "poder<vbmod><cni>") >= 0;`,
    // and with no subject it is impersonal ("Could not load the file", "Failed to connect"
    // came back "No pudo cargar el archivo", gl "Non puido…", ca "No va poder…": it could not;
    // now "No se pudo cargar…", "Non se puido…", "No es va poder…"); not before a passive's
    // "ser" (the subject "it" left out: "It could not be saved" stays "No pudo ser guardado")
    String.raw`s{(\A(?:[^\\^]++|\\.)*+${impersonal} if index($_, "poder<vbmod>") >= 0;`,
    String.raw`s{(<sent>\$(?:[^\\^]++|\\.)*+${impersonal}g if index($_, "poder<vbmod>") >= 0;`,
    // a past passive is an event ("The file was deleted", "The files were successfully
    // uploaded" came back "El archivo estuvo eliminado", "Los archivos eran exitosamente
    // cargados", gl "eran con éxito cargado"): the copula's preterite ("fue eliminado", "fueron
    // exitosamente cargados", ca "van ser…"), the participle in its number. The imperfect only
    // before a manner adverb (after "were" alone the transfers chose the preterite or "estar")
    String.raw`sub manner { my $l = lemma($_[0]); $_[0] =~ /<adv>\$$/ && ($l =~ /ment[e]?$/ || $l =~ /\s\S*(?:xit|éxito)$/) }`,
    String.raw`sub passivePast { my @p = split /(${bound}\^(?:[^\\\$]|\\.)*\$)/, $_[0], -1; for (my $i = 1; $i + 2 < @p; $i += 2) { my ($tag, $copula, $person, $number) = $p[$i] =~ /^(${bound})\^(ser<vbser><pii>|estar<vblex><ifi>)(<p[123]>)<(sg|pl)>\$$/ or next; next if $copula =~ /^estar/ && !${passiveEstar ? 1 : 0}; my $k = $i + 2; my $adverbs = 0; while ($k < @p && $p[$k - 1] eq " " && manner($p[$k])) { $k += 2; $adverbs++ } next if $k >= @p || $p[$k - 1] ne " " || $p[$k] !~ /^${bound}\^${lemma}<vblex><pp>/ || $copula =~ /^ser/ && !$adverbs; $p[$k] =~ s/(<vblex><pp>(?:<(?:m|f|mf|nt)>)?)<(?:sg|pl|sp)>/$1<$number>/; $p[$i] = ${past === 'ifi' ? String.raw`"$tag^ser<vbser><ifi>$person<$number>\$"` : String.raw`"$tag^anar<vaux>$person<$number>\$ ^ser<vbser><inf>\$"`} } join "", @p }`,
    String.raw`$_ = passivePast($_) if index($_, "<vblex><pp>") >= 0 && (index($_, "<vbser><pii>") >= 0 || index($_, "estar<vblex><ifi>") >= 0);`,
    // "ser" before a gerund is "estar", the progressive ("I have been looking for you", "We have
    // been working on it" came back "He sido buscándote", "Hemos sido trabajando", gl "Fun
    // buscándote"; now "He estado…", "Estiven…")
    // a sentence that is a noun and its participle is a notification, which has no article
    // ("File deleted.", "Link copied!", "Message sent successfully.", "Message saved as draft"
    // came back "El archivo eliminado.", "¡El enlace copiado!", "El mensaje enviado
    // exitosamente.", "El mensaje guardado como borrador", gl "O ficheiro eliminado.", ca
    // "L'enllaç copiat!": the transfers give every subject one); the noun takes the article's
    // capital. Not where an inline tag holds the article
    String.raw`sub notification { my ($start, $article, $noun, $rest) = @_; return undef if $start =~ /\]\]\z/; if ($article =~ /^[A-Z]/) { utf8::decode($noun); $noun = ucfirst $noun; utf8::encode($noun) } "$start^$noun$rest" }`,
    // (the record's first sentence and each after a sentence end: two substitutions, as the
    // reading hints' openings, for perl to search for the literal)
    String.raw`s{\A((?:[^\\^]++|\\.)*+)${notified}}{notification($1, $2, $3, $4) // $&}e if index($_, "<vblex><pp>") >= 0 && index($_, "<det><def>") >= 0;`,
    String.raw`s{(<sent>\$ )${notified}}{notification($1, $2, $3, $4) // $&}ge if index($_, "<vblex><pp>") >= 0 && index($_, "<det><def>") >= 0;`,
    // a date is its day, "de" and its month, and "on" before it the article ("Your subscription
    // renews on March 3", "Published on May 5, 2024" came back "…renueva en marzo 3", "Publicado
    // en mayo 5, 2024", gl "en marzo 3", ca "en 5 de maig de 2024"; now "el 3 de marzo", "el 5 de
    // mayo de 2024", "o 3 de marzo", "el 5 de maig…"); the month in lower case (eng-spa's "Marzo")
    String.raw`sub date { my ($on, $month, $day, $year) = @_; my $lead = $on eq "" ? "" : ($on =~ /^[A-Z]/ ? "^\u${article}\$ " : "^${article}\$ "); $lead . "^$day<num>\$ ^de<pr>\$ ^\l$month<n><m><sg>\$" . ($year eq "" ? "" : " ^de<pr>\$ ^$year<num>\$") }`,
    String.raw`s{(?:\^(${eitherCase(on)})<pr>\$ )?\^(${months.map(eitherCase).join('|')})<n><m><sg>\$ \^([1-9]|[12][0-9]|3[01])<num>\$(?:\^,<cm>\$ \^([12][0-9]{3})<num>\$)?(?![^\$]*\$ ?\^de<pr>)}{date($1 // "", $2, $3, $4 // "")}ge if /<n><m><sg>\$ \^[0-9]{1,2}<num>/;`,
    String.raw`s{\^(${eitherCase(on)})<pr>\$ (\^(?:[1-9]|[12][0-9]|3[01])<num>\$ \^de<pr>\$) ?(\^(?:${months.map(eitherCase).join('|')})<n>)}{($1 =~ /^[A-Z]/ ? "^\u${article}\$ " : "^${article}\$ ") . "$2 $3"}ge if index($_, "<num>\$ ^de<pr>\$") >= 0;`,
    // after "deber" and "ser" or "estar", an adjective or a participle agrees with the clause's
    // subject, the noun before "deber" (past determiners, adjectives, adverbs; the head of "X de
    // Y"; the transfers gave it the masculine, en-gl the singular: "La contraseña no debe estar
    // vacío", gl "Os ficheiros non deberían ser eliminado"; now "vacía", "eliminados")
    ...(owe ? [
      String.raw`sub oweAgreement { my @p = split /(${bound}\^(?:[^\\\$]|\\.)*\$)/, $_[0], -1; for (my $i = 5; $i < @p; $i += 2) { next if $p[$i] !~ /^(${bound}\^${lemma}<(?:adj|vblex><pp)>(?:<[^>]*>)*?)<(?:m|f|mf|GD)><(?:sg|pl|sp|ND)>\$$/; my $head = $1; next if $p[$i - 1] ne " " || $p[$i - 2] !~ /^${bound}\^(?:ser<vbser>|estar<vblex>)<inf>\$$/ || $p[$i - 3] ne " " || $p[$i - 4] !~ /^${bound}\^${owe}<vblex><(?:pri|cni|pii|ifi|fti)>/; my $k = $i - 6; $k -= 2 while $k >= 1 && $p[$k + 1] eq " " && $p[$k] =~ /^${bound}\^(?:${not}<adv>|${lemma}<prn><pro>)/; my ($gender, $number); for (; $k >= 1 && $p[$k + 1] eq " "; $k -= 2) { last if $p[$k] !~ /<(?:n|adj|det|predet|adv|num|np)>/ || $p[$k] =~ /<(?:vblex|vbser|vbhaver|vbmod)>/; if ($p[$k] =~ /<n><(m|f)><(sg|pl)>/) { ($gender, $number) = ($1, $2); last } } next if !defined $gender; while (1) { my $j = $k - 2; $j -= 2 while $j >= 1 && $p[$j + 1] eq " " && $p[$j] =~ /<det>/; last if $j < 3 || $p[$j + 1] ne " " || $p[$j] !~ /^${bound}\^${lemma}<pr>\$$/; my $h = $j - 2; $h -= 2 while $h >= 1 && $p[$h + 1] eq " " && $p[$h] =~ /<adj>/; last if $h < 1 || $p[$h + 1] ne " " || $p[$h] !~ /<n><(m|f)><(sg|pl)>/; ($gender, $number, $k) = ($1, $2, $h) } $p[$i] = "$head<$gender><$number>\$" } join "", @p }`,
      String.raw`$_ = oweAgreement($_) if index($_, "^${owe}<vblex>") >= 0;`,
    ] : []),
    // a person a verb acts on takes "a" (Spanish: "Invite your team members", "Block this user",
    // "Contact the administrator" came back "Invitar tus miembros…", "Bloquear este usuario",
    // "Contactar el administrador"; now "Invitar a tus miembros…", "Bloquear a este usuario",
    // "Contactar al administrador"): after a verb, before a determiner (an adjective) and one of
    // `personalA`'s persons; not after its `notAfter` verbs: "tener", "haber", "ser", "estar"
    // ("Tienes 3 amigos"), "añadir",
    // "crear", "registrar", "necesitar" (an account made: "Añadir un usuario nuevo"), nor
    // "proporcionar", "introducir", "leer", whose "usuario" is mostly a modifier ("Provide a
    // valid user key" → "Proporciona un usuario válido o clave…"), nor a list's "mostrar",
    // "ver", "listar", "gestionar", "seleccionar" ("Mostrar tus usuarios bloqueados")
    ...(personalA ? [
      String.raw`BEGIN { %::NO_PERSONAL_A = map { $_ => 1 } qw(${personalA.notAfter.join(' ')}) }`,
      // from the literal "<vblex><" (perl's search), the verb's lemma read back from its "^"
      String.raw`s{<vblex><(?:inf|imp|pri|pii|ifi|fti|cni|prs|ger)>[^\$]*\$ (?=${bound}\^${lemma}<(?:det|predet)>[^\$]*\$ (?:${bound}\^${lemma}<adj>[^\$]*\$ )?${bound}\^(?:${personalA.persons.join('|')})<n>)}{my ($verb, $at) = ($&, $-[0]); my $start = rindex($_, "^", $at); $::NO_PERSONAL_A{lcfirst substr($_, $start + 1, $at - $start - 1)} ? $verb : "$verb^a<pr>\$ "}ge if index($_, "<det>") >= 0 && /(?:${personalA.persons.join('|')})<n>/;`,
    ] : []),
    // "allow", "help", "invite"… and an object before "to" and an infinitive: the object's
    // personal "a", the infinitive bare or after "a" (objectControl: "Allow users to upload
    // files", "This helps you to find files" came back "Permitir usuarios para cargar
    // archivos", "Esto te ayuda para encontrar archivos", ca "Permet usuaris per carregar", gl
    // "axúdate para atopar"; now "Permitir a usuarios cargar archivos", "te ayuda a encontrar",
    // "Permet a usuaris carregar", "axúdate a atopar"). An object is a noun or an unknown word,
    // after a determiner and an adjective or not, an adjective after it or not
    ...(objectControl ? [
      String.raw`BEGIN { %::CONTROL_DROP = map { $_ => 1 } qw(${objectControl.drop.join(' ')}) }`,
      String.raw`s{(\^(?:${[...objectControl.drop, ...objectControl.asA].map(eitherCase).join('|')})<vblex>[^\$]*\$ +)((?:${bound}\^a<pr>\$ )?)((?:${bound}\^${lemma}<(?:det|predet)>[^\$]*\$ )?(?:${bound}\^${lemma}<adj>[^\$]*\$ )?${bound}\^(?:\*${lemma}|${lemma}<(?:n|np)>[^\$]*)\$ (?:${bound}\^${lemma}<adj>[^\$]*\$ )?)?\^${objectControl.purpose}<pr>\$ (?=${bound}\^${lemma}<vblex><inf>)}{my ($verb, $a, $object) = ($1, $2, $3 // ""); $verb . ($object eq "" ? "" : ($a eq "" ? "^a<pr>\$ " : $a) . $object) . ($::CONTROL_DROP{lcfirst lemma($verb)} ? "" : "^a<pr>\$ ")}ge if index($_, "^${objectControl.purpose}<pr>") >= 0;`,
    ] : []),
    ...ungenerated.map((noun) => String.raw`s{(\^${eitherCase(noun)}<n><[mf]>)<pl>\$(?!\[\[/\]\])}{$1<sg>\$s}g if index($_, "${noun.slice(1)}<n>") >= 0;`),
    ...misgeneratedPlurals.map(([adjective, ending]) => String.raw`s{(\^${eitherCase(adjective)}<adj><mf>)<pl>\$(?!\[\[/\]\])}{$1<sg>\$${ending}}g if index($_, "${adjective.slice(1)}<adj>") >= 0;`),
    // "while" before a gerund is "al" and the infinitive ("Something went wrong while saving
    // the file", "Error while loading" came back "Algo salió mal mientras guardando el archivo",
    // "Error mientras cargando", gl "mentres cargando", ca "mentre desant": a gerund no
    // conjunction takes; now "al guardar…", "ao cargar", "en desar"); "when" too ("When adding
    // new text, …" came back "Cuando añadiendo texto nuevo", gl "Cando engadindo", ca "Quan
    // afegint"; now "Al añadir…", "Ao engadir…", "En afegir…")
    // and "if" "en caso de" ("If using Cloudflare, …", "(if using SSL)" came back "Si utilizando
    // Cloudflare", "si utilizando SSL", gl "Se utilizando", ca "Si utilitzant"; now "En caso de
    // utilizar…", "en caso de utilizar SSL", gl "En caso de utilizar", ca "En cas d'utilitzar")
    // where the gerund is the clause's subject, a finite verb after it, "if" stays before the
    // infinitive ("If disabling this setting doesn't fix it" → "Si desactivar esta configuración no
    // lo arregla"; the "when" of "when … is" too)
    ...[...whileWords.map((word) => [word, whileUnits] as const), [ifWord, ifUnits] as const].map(([whileWord, whileUnits]) => String.raw`s{(${bound})\^(${eitherCase(whileWord)})<cnjadv>\$ (${bound}\^${lemma}<vblex>)<ger>}{my ($tag, $word, $verb) = ($1, $2, $3); my $rest = substr($_, $+[0], 600); $rest =~ s/(?:<cm>|<sent>|<rpar>).*//s; $rest =~ /<(?:vblex|vbser|vbhaver|vbmod)><(?:pri|pii|ifi|fti|cni|prs|pis)>/ ? "$tag^$word<cnjadv>\$ $verb<inf>" : $tag . ($word =~ /^[A-Z]/ ? "${units(whileUnits, true)}" : "${units(whileUnits, false)}") . " $verb<inf>"}ge if index($_, "${whileWord.slice(1)}<cnjadv>") >= 0;`),
    // a product's name after "de" takes no article ("Configuraciones de notificación del Slack",
    // gl "…do Slack", ca "…del Pushbullet", where the transfer gave it the article a noun chain's
    // last noun takes): "de Slack"
    String.raw`s{(\^de<pr>\$ )\^(?:el|o)<det><def><[mf]><sg>\$ (${bound}\^@?[A-Z][^<\$]*<np><al>)}{$1$2}g if index($_, "<np><al>") >= 0;`,
    ...(progressiveEstar ? [String.raw`s{(${bound}\^)([Ss])er<vbser>((?:<[^>\$]*>)*\$ ${bound}\^${lemma}<vblex><ger>)}{$1 . ($2 eq "S" ? "E" : "e") . "star<vblex>$3"}ge if index($_, "<vblex><ger>") >= 0;`] : []),
  ].join(' ')}'`
}

export const SPANISH_CLAUSE_FILTER = clauseFilter({
  not: 'no', noDeterminer: ['ninguno', '<det><ind>'], negativePronouns: ['nada', 'nadie'], anyDeterminer: 'cualquier', anything: 'cualquier cosa',
  nothing: 'nada<prn><tn><m><sg>', something: 'algo<prn><tn><m><sg>', someDeterminer: ['alguno', '<det><qnt>'], if: 'si', more: 'más', past: 'ifi', passiveEstar: true, progressiveEstar: true,
  whileGerund: [['mientras', 'cuando'], ['a<pr>', 'el<det><def><m><sg>']], ifGerund: ['si', ['en<pr>', 'caso<n><m><sg>', 'de<pr>']],
  months: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'], on: 'en', dateArticle: 'el<det><def><m><sg>', owe: 'deber', ungenerated: SPANISH_UNGENERATED, misgeneratedPlurals: [['postal', 'es']], reflexive: 'se<prn><pro><ref><p3><mf><sp>',
  objectControl: { purpose: 'para', drop: ['permitir'], asA: ['ayudar', 'invitar', 'obligar', 'forzar', 'animar', 'enseñar'] },
  personalA: { persons: PERSONS, notAfter: ['tener', 'haber', 'ser', 'estar', 'añadir', 'crear', 'registrar', 'necesitar', 'proporcionar', 'introducir', 'leer', 'mostrar', 'ver', 'listar', 'gestionar', 'seleccionar'] },
})
export const GALICIAN_CLAUSE_FILTER = clauseFilter({
  objectControl: { purpose: 'para', drop: ['permitir'], asA: ['axudar', 'convidar', 'obrigar', 'forzar', 'animar', 'ensinar'] },
  not: 'non', noDeterminer: ['ningún', '<det><ind>'], negativePronouns: ['nada', 'ninguén'], anyDeterminer: 'calquera', anything: 'calquera cousa',
  nothing: 'nada<prn><tn><m><sg>', something: 'algo<prn><tn><m><sg>', someDeterminer: ['algún', '<det><qnt>'], if: 'se', more: 'máis', past: 'ifi', progressiveEstar: true,
  whileGerund: [['mentres', 'cando'], ['a<pr>', 'o<det><def><m><sg>']], ifGerund: ['se', ['en<pr>', 'caso<n><m><sg>', 'de<pr>']],
  months: ['xaneiro', 'febreiro', 'marzo', 'abril', 'maio', 'xuño', 'xullo', 'agosto', 'setembro', 'outubro', 'novembro', 'decembro'], on: 'en', dateArticle: 'o<det><def><m><sg>', owe: 'deber', reflexive: 'se<prn><pro><ref><p3><mf><sp>',
})
export const CATALAN_CLAUSE_FILTER = clauseFilter({
  objectControl: { purpose: 'per', drop: ['permetre'], asA: ['ajudar', 'convidar', 'obligar', 'forçar', 'animar', 'ensenyar'] },
  not: 'no', noDeterminer: ['cap', '<det><ind>', 'mf'], negativePronouns: ['res', 'ningú'], anyDeterminer: 'qualsevol', anything: 'qualsevol cosa',
  nothing: 'res<prn><tn><nt>', something: 'alguna cosa<prn><tn><nt><sg>', someDeterminer: ['algun', '<det><ind>'], if: 'si', more: 'més', past: 'anar',
  whileGerund: [['mentre', 'quan'], ['en<pr>']], ifGerund: ['si', ['en<pr>', 'cas<n><m><sg>', 'de<pr>']],
  months: ['gener', 'febrer', 'març', 'abril', 'maig', 'juny', 'juliol', 'agost', 'setembre', 'octubre', 'novembre', 'desembre'], on: 'en', dateArticle: 'el<det><def><m><sg>', reflexive: 'es<prn><pro><ref><p3><mf><sp>',
})

/** The last transfer stage of English into Spanish, Galician, Catalan (and its variants), after which the clause filters run. */
const ENG_SPA_POSTCHUNK = /^apertium-postchunk\b.*\/eng-spa\.t3x\.bin'?\s*$/
const EN_GL_POSTCHUNK = /^apertium-postchunk\b.*\/en-gl\.t3x\.bin'?\s*$/
const ENG_CAT_POSTCHUNK = /^apertium-postchunk\b.*\/apertium-eng-cat\/eng-cat\.t4x\.bin'?\s*$/

/**
 * The impersonal "se" of "no se pudo" (the clause filters' subjectless "could not") goes again
 * on the way into French and Italian, whose transfers wrote it as a reflexive ("Il ne s'a pas
 * pu copier", it "Non si ha potuto"); es-pt's "Não se pôde" keeps it. A perl statement for the
 * filters after the bilingual lookups of es-fr and spa-ita.
 */
const IMPERSONAL_SE_DROPPED = String.raw`s{\^se<prn><pro><ref><p3><mf><sp>/(?:se|si)<prn><pro><ref><p3><mf><sp>\$ (?=\^poder<vbmod>)}{}g if index($_, "^se<prn><pro><ref>") >= 0;`

/**
 * Words a Spanish analyser does not know and the units each stands for after the bilingual
 * lookup: the word's first letter (which may be a capital), the pattern of its forms after it,
 * and the units, `$C` before the target side's first letter (written in the Spanish word's case).
 */
type UnknownWords = ReadonlyArray<readonly [first: string, rest: string, units: string]>

/** Perl statements that replace each unknown unit of `words` (`^*palabra/*palabra$`) by its units. */
function unknownWordsProgram(words: UnknownWords): string {
  return words.map(([first, rest, units]) => {
    const perlUnits = units.replace(/\$(?!C)/g, '\\$').replace(/^\^./u, '^" . $1 . "').replace(/\$C(.)/u, (_, letter: string) => `" . ($1 eq "${first.toUpperCase()}" ? "${letter.toUpperCase()}" : "${letter}") . "`)
    // the words' longest literal start, for the gate: up to the pattern's first special character,
    // without the character a quantifier makes optional ("écroissante?" → "écroissant")
    const special = rest.search(/[[(?*+{|.]/u)
    const literal = special < 0 ? `${rest}/` : rest.slice(0, /[?*{]/u.test(rest[special]!) ? special - 1 : special)
    return String.raw`s{\^\*([${first.toUpperCase()}${first}])(?:${rest})/\*(?:[^\\\$]++|\\.)*+\$}{"${perlUnits}"}ge if index($_, "${literal}") >= 0;`
  }).join(' ')
}

/**
 * Spanish interface words spa-ita's analyser lacks (they came back as Spanish: "Habilitar
 * notifiche", "Cancelar petizione", "Copiare a portapapeles", "Muchos utenti"), as
 * ES_FR_UNKNOWN; "appunti", "molti", "repository" the Italian generator lacks too
 * (ITALIAN_UNGENERATED).
 */
const SPA_ITA_UNKNOWN: UnknownWords = [
  ['h', 'abilitar', '^habilitar<vblex><inf>/$Cabilitare<vblex><inf>$'],
  ['h', 'abilita', '^habilitar<vblex><pri><p3><sg>/$Cabilitare<vblex><pri><p3><sg>$'],
  ['h', 'abilitado', '^habilitar<vblex><pp><m><sg>/$Cabilitare<vblex><pp><m><sg>$'],
  ['h', 'abilitada', '^habilitar<vblex><pp><f><sg>/$Cabilitare<vblex><pp><f><sg>$'],
  ['h', 'abilitados', '^habilitar<vblex><pp><m><pl>/$Cabilitare<vblex><pp><m><pl>$'],
  ['h', 'abilitadas', '^habilitar<vblex><pp><f><pl>/$Cabilitare<vblex><pp><f><pl>$'],
  ['c', 'ancelar', '^cancelar<vblex><inf>/$Cannullare<vblex><inf>$'],
  ['c', 'ancela', '^cancelar<vblex><pri><p3><sg>/$Cannullare<vblex><pri><p3><sg>$'],
  ['c', 'ancelado', '^cancelar<vblex><pp><m><sg>/$Cannullare<vblex><pp><m><sg>$'],
  ['c', 'ancelada', '^cancelar<vblex><pp><f><sg>/$Cannullare<vblex><pp><f><sg>$'],
  // and its other forms eng-spa writes ("{jobname} canceled." → "{jobname} canceló", left in Spanish)
  ['c', 'ancelados', '^cancelar<vblex><pp><m><pl>/$Cannullare<vblex><pp><m><pl>$'],
  ['c', 'anceladas', '^cancelar<vblex><pp><f><pl>/$Cannullare<vblex><pp><f><pl>$'],
  ['c', 'anceló', '^cancelar<vblex><ifi><p3><sg>/$Cannullare<vblex><ifi><p3><sg>$'],
  ['c', 'ancelaron', '^cancelar<vblex><ifi><p3><pl>/$Cannullare<vblex><ifi><p3><pl>$'],
  ['c', 'ancelan', '^cancelar<vblex><pri><p3><pl>/$Cannullare<vblex><pri><p3><pl>$'],
  ['p', 'ortapapeles', '^portapapeles<n><m><pl>/$Cappunti<n><m><pl>$'],
  ['m', 'uchos', '^mucho<det><qnt><m><pl>/$Cmolti<det><qnt><m><pl>$'],
  ['m', 'uchas', '^mucho<det><qnt><f><pl>/$Cmolte<det><qnt><f><pl>$'],
  ['r', 'epositorio', '^repositorio<n><m><sg>/$Crepository<n><m><sg>$'],
  ['r', 'epositorios', '^repositorio<n><m><pl>/$Crepository<n><m><pl>$'],
  ['a', 'djunto', '^adjunto<n><m><sg>/$Callegato<n><m><sg>$'],
  ['a', 'djuntos', '^adjunto<n><m><pl>/$Callegato<n><m><pl>$'],
  ['e', 'ncriptación', '^encriptación<n><f><sg>/$Ccrittografia<n><f><sg>$'],
  ['n', 'egrita', '^negrita<n><f><sg>/$Cgrassetto<n><m><sg>$'],
  ['s', 'ilenciosamente', '^silenciosamente<adv>/$Csilenziosamente<adv>$'],
  ['i', 'nutilizable', '^inutilizable<adj><mf><sg>/$Cinutilizzabile<adj><mf><sg>$'],
  ['e', 'ncriptado', '^encriptado<adj><m><sg>/$Ccrittografato<adj><m><sg>$'],
  ['e', 'ncriptados', '^encriptado<adj><m><pl>/$Ccrittografati<adj><m><pl>$'],
  ['e', 'ncriptada', '^encriptado<adj><f><sg>/$Ccrittografata<adj><f><sg>$'],
  ['e', 'ncriptadas', '^encriptado<adj><f><pl>/$Ccrittografate<adj><f><pl>$'],
  // English "picker" goes as "selector" (STAND_INS): "Selector di colore" came back with the Spanish word
  ['s', 'elector', '^selector<n><m><sg>/$Cselettore<n><m><sg>$'],
  ['s', 'electores', '^selector<n><m><pl>/$Cselettori<n><m><pl>$'],
]
/** What SPA_ITA_UNKNOWN and SPA_ITA_SENSES write that the Italian generator lacks, right as written (its forms each). */
const ITALIAN_UNGENERATED = ['in attesa', 'appunti', 'molti', 'molte', 'repository', 'grassetto', 'file', 'nessun', 'nessuna', 'server', 'silenziosamente', 'crittografato', 'crittografati', 'crittografata', 'crittografate']

/** spa-ita's bilingual lookup, after which SPA_ITA_SENSE_FILTER runs. */
const SPA_ITA_BILINGUAL = /^lt-proc\b.*\s-b\s.*\/apertium-spa-ita\/spa-ita\.autobil\.bin'?\s*$/

/**
 * spa-ita's interface words in the interface's sense (its dictionary gives one each, which
 * `instead` replaces), as ES_FR_SENSES; English reaches Italian through Spanish: "Select
 * language", "Settings", "Save changes" came back "Selezionare idioma", "Configurazioni",
 * "Salvare cambi"; now "lingua", "Impostazioni", "modifiche". "archivo" is "file", which its
 * generator lacks (written as it is: ITALIAN_UNGENERATED); the words its analyser lacks
 * ("habilitar", "cancelar", "muchos"…) are SPA_ITA_UNKNOWN's.
 */
export const SPA_ITA_SENSES: Senses = [
  ['idioma', 'n', 'lingua', { instead: true, gender: 'f' }],
  // spa-ita's analyser reads "pendiente" as the noun alone (a slope, an earring: "Solicitudes
  // pendientes", "Está pendiente" came back "Richieste pendenze", "Stare orecchino")
  ['pendiente', 'n', 'in attesa', { instead: true }],
  ['configuración', 'n', 'impostazione', { instead: true, gender: 'f' }],
  ['ajuste', 'n', 'impostazione', { instead: true, gender: 'f' }],
  ['cambio', 'n', 'modifica', { instead: true, gender: 'f' }],
  // "file", which the generator lacks (ITALIAN_UNGENERATED): "archiviazione" is archiving
  ['archivo', 'n', 'file', { instead: true, gender: 'm' }],
  // the dictionary's "immagine" has no gender, which the generator needs ("L'immagine" came back "Il #immagine")
  ['imagen', 'n', 'immagine', { instead: true, gender: 'f' }],
  // a computer, not a servant ("Aggiungere Servo"); "server", which the generator lacks
  ['servidor', 'n', 'server', { instead: true, gender: 'm' }],
  // eng-spa's "issue" ("Report an issue" came back "Informare un'incidenza")
  ['incidencia', 'n', 'problema', { instead: true, gender: 'm' }],
  // a shop's order (eng-spa's "pedido")
  ['pedido', 'n', 'ordine', { instead: true, gender: 'm' }],
  ['equipo', 'n', 'squadra', { instead: true, gender: 'f' }],
]

/**
 * After spa-ita's bilingual lookup: `SPA_ITA_SENSES`, and the "que" of "tener que" gone: the
 * multiword comes out of the pretransfer as itself and its "que" again, which the transfer wrote
 * ("Tienes que guardar el archivo", eng-spa's "You must save the file", came back "Devi che
 * salvare…"; now "Devi salvare…").
 */
export const SPA_ITA_SENSE_FILTER = `perl -0 -pe '${sensesProgram(SPA_ITA_SENSES)} ${unknownWordsProgram(SPA_ITA_UNKNOWN)} ` + String.raw`s{(\^[Nn]inguno<det><ind><([mf])><sg>/)([Nn])essuno<det>}{$1 . $3 . ($2 eq "m" ? "essun" : "essuna") . "<det>"}ge if index($_, "inguno<det>") >= 0; ` + String.raw`s{(\^[Tt]ener\# que<vbmod>(?:[^\\\$]++|\\.)*+\$) \^que<cnjsub>/che<cnjsub>\$}{$1}g if index($_, "ener# que<vbmod>") >= 0; ` + IMPERSONAL_SE_DROPPED + `'`

/** es-fr's bilingual lookup, after which ES_FR_SENSE_FILTER runs. */
const ES_FR_BILINGUAL = /^lt-proc\b.*\s-b\s.*\/apertium-fr-es\/es-fr\.autobil\.bin'?\s*$/

/**
 * Spanish interface words es-fr translates in a sense no interface means (its dictionary gives
 * one translation each, which `instead` replaces), as `ENG_SPA_SENSES`; English reaches French
 * through Spanish, so "Delete file", "Save changes", "Language", "Copy link", "Notifications"
 * came back "Éliminer archives", "Garder changements", "Idiome", "Copier enlace", "Faire-part":
 * "archivo" is "fichier" (was "archives", plural only), "guardar" "enregistrer" (was "garder",
 * to keep), "eliminar" "supprimer", "idioma" "langue", "enlace" "lien" (unknown),
 * "notificación" "notification". Only words the French generator has ("télécharger",
 * "activer" it lacks).
 */
export const ES_FR_SENSES: Senses = [
  // a program's "comando" (English "command", ENG_SPA_SENSES) is a "commande", not a commando
  ['comando', 'n', 'commande', { instead: true, gender: 'f' }],
  ['archivo', 'n', 'fichier', { instead: true, gender: 'm' }],
  // "avanzar" is to advance ("Configuración avanzada", eng-spa's "Advanced settings", came back "Configuration devancée", outrun)
  ['avanzar', 'vblex', 'avancer', { instead: true }],
  // a film's, an app's "valoración" (eng-spa's "rating": "Community rating" came back "Estimation communautaire")
  ['valoración', 'n', 'note', { instead: true, gender: 'f' }],
  ['guardar', 'vblex', 'enregistrer', { instead: true }],
  ['eliminar', 'vblex', 'supprimer', { instead: true }],
  ['idioma', 'n', 'langue', { instead: true, gender: 'f' }],
  ['enlace', 'n', 'lien', { instead: true, gender: 'm' }],
  ['notificación', 'n', 'notification', { instead: true, gender: 'f' }],
  // "Algo salió mal" (eng-spa's "Something went wrong") came back "Quelque chose est sorti mal"
  ['salir', 'vblex', 'tourner', { before: '^mal<adv>', instead: true }],
  // eng-spa's "issue" ("Report an issue" came back "Informer une incidence")
  ['incidencia', 'n', 'problème', { instead: true, gender: 'm' }],
  // eng-spa's "successfully" ("Settings saved successfully" came back "… enregistrées heureusement", happily)
  ['exitosamente', 'adv', 'avec succès', { instead: true }],
  // an interface's "dirección" is an address, its "prueba" a test ("Dirección de correo", "notificación de prueba" came back "Direction de courrier", "notification de preuve")
  ['dirección', 'n', 'adresse', { instead: true, gender: 'f' }],
  ['prueba', 'n', 'test', { instead: true, gender: 'm' }],
  // a request's, a status's "pendiente" ("Solicitudes pendientes", "Pendiente" came back "Sollicitudes pendantes", "Pente")
  ['pendiente', 'adj', 'en attente', { instead: true }],
  // a mode ("Modo oscuro", eng-spa's "Dark mode", came back "Façon obscure")
  ['modo', 'n', 'mode', { instead: true, gender: 'm' }],
  // an app's privacy (the dictionary's "caractère privé")
  ['privacidad', 'n', 'confidentialité', { instead: true, gender: 'f' }],
  // a shop's order (eng-spa's "pedido")
  ['pedido', 'n', 'commande', { instead: true, gender: 'f' }],
  // an app's settings ("Ajustes" came back "Ajustages")
  ['ajuste', 'n', 'paramètre', { instead: true, gender: 'm' }],
]

/**
 * After es-fr's bilingual lookup: `ES_FR_SENSES`, and "al" before an infinitive read as the
 * gerund, which the transfer writes "en" and the participle: "Error al guardar el archivo",
 * "Al abrirlo" (what eng-spa writes for "while saving") came back "Erreur au enregistrer le
 * fichier", "À l'ouvrir"; now "Erreur en enregistrant le fichier", "En l'ouvrant". And "hacer
 * clic (en)" (eng-spa's "click") is "cliquer (sur)": "Faire clic dans le bouton" → "Cliquer sur
 * le bouton".
 */
/**
 * Spanish interface words es-fr's dictionaries lack, which eng-spa writes (they came back as
 * Spanish: "Valeur predeterminada", "Copier au portapapeles", "Exportar"). Words the French
 * generator lacks too ("presse-papiers", "exporter", "désactivé") go as the form itself, which
 * POST_GENERATION_FILTER writes without the generator's mark (FRENCH_UNGENERATED).
 */
const ES_FR_UNKNOWN: UnknownWords = [
  ['p', 'redeterminad[oa]s?', '^por<pr>/$Cpar<pr>$ ^defecto<n><m><sg>/défaut<n><m><sg>$'],
  ['p', 'ortapapeles', '^portapapeles<n><m><sg>/$Cpresse-papiers<n><m><sg>$'],
  ['m', 'anualmente', '^manualmente<adv>/$Cmanuellement<adv>$'],
  ['e', 'xportar', '^exportar<vblex><inf>/$Cexporter<vblex><inf>$'],
  ['d', 'esactivar', '^desactivar<vblex><inf>/$Cdésactiver<vblex><inf>$'],
  ['d', 'esactivado', '^desactivado<adj><m><sg>/$Cdésactivé<adj><m><sg>$'],
  ['d', 'esactivada', '^desactivada<adj><f><sg>/$Cdésactivée<adj><f><sg>$'],
  ['d', 'esactivados', '^desactivados<adj><m><pl>/$Cdésactivés<adj><m><pl>$'],
  ['d', 'esactivadas', '^desactivadas<adj><f><pl>/$Cdésactivées<adj><f><pl>$'],
  // and "deshabilitar", which Spanish sources write (left in Spanish: "est actuellement deshabilitado")
  ['d', 'eshabilitar', '^deshabilitar<vblex><inf>/$Cdésactiver<vblex><inf>$'],
  ['d', 'eshabilitado', '^deshabilitado<adj><m><sg>/$Cdésactivé<adj><m><sg>$'],
  ['d', 'eshabilitada', '^deshabilitada<adj><f><sg>/$Cdésactivée<adj><f><sg>$'],
  ['d', 'eshabilitados', '^deshabilitados<adj><m><pl>/$Cdésactivés<adj><m><pl>$'],
  ['d', 'eshabilitadas', '^deshabilitadas<adj><f><pl>/$Cdésactivées<adj><f><pl>$'],
  ['r', 'einicialización', '^reinicialización<n><f><sg>/$Créinitialisation<n><f><sg>$'],
  ['i', 'dentificador', '^identificador<n><m><sg>/$Cidentifiant<n><m><sg>$'],
  ['i', 'dentificadores', '^identificadores<n><m><pl>/$Cidentifiants<n><m><pl>$'],
  ['h', 'istorial', '^historial<n><m><sg>/$Chistorique<n><m><sg>$'],
  ['h', 'istoriales', '^historial<n><m><pl>/$Chistorique<n><m><pl>$'],
  ['s', 'elector', '^selector<n><m><sg>/$Csélecteur<n><m><sg>$'],
  ['s', 'electores', '^selector<n><m><pl>/$Csélecteurs<n><m><pl>$'],
]
/**
 * A regular French "-er" verb's forms by the tags es-fr's transfer gives (`stem` before the
 * endings; a stem in "g" keeps its "e" before "a" and "o": "téléchargeant", "téléchargeons").
 */
function frenchErForms(stem: string): Readonly<Record<string, string>> {
  const soft = stem.endsWith('g') ? 'e' : ''
  return {
    '<inf>': `${stem}er`, '<pp><m><sg>': `${stem}é`, '<pp><f><sg>': `${stem}ée`, '<pp><m><pl>': `${stem}és`, '<pp><f><pl>': `${stem}ées`,
    '<pri><p3><sg>': `${stem}e`, '<pri><p3><pl>': `${stem}ent`, '<pri><p2><sg>': `${stem}es`, '<imp><p2><sg>': `${stem}e`,
    '<pri><p1><pl>': `${stem}${soft}ons`, '<pri><p2><pl>': `${stem}ez`, '<imp><p2><pl>': `${stem}ez`, '<ger>': `${stem}${soft}ant`, '<fti><p3><sg>': `${stem}era`, '<fti><p3><pl>': `${stem}eront`,
  }
}

/**
 * Spanish verbs es-fr translates in a sense no interface means, with the French verb interfaces
 * write, which the French generator lacks: ES_FR_SENSE_FILTER writes the form the tags ask for
 * (FRENCH_UNGENERATED lists them); a form not listed keeps the dictionary's verb. "habilitar" is
 * "activer" ("Habilitar notificaciones" came back "Habiliter des notifications"), "descargar"
 * "télécharger" ("Descargar", eng-spa's "Download", came back "Décharger", to unload).
 */
const FRENCH_WRITTEN_VERBS: ReadonlyArray<readonly [spanish: string, forms: Readonly<Record<string, string>>]> = [
  ['habilitar', frenchErForms('activ')],
  ['descargar', frenchErForms('télécharg')],
]
/**
 * What ES_FR_UNKNOWN and FRENCH_WRITTEN_VERBS write that the French generator lacks, right as
 * written; and "commande", which ES_FR_SENSES writes feminine where es-fr's French dictionary has
 * it masculine (its plural then comes out in the singular: "des commande"; left so).
 */
const FRENCH_UNGENERATED = ['avec succès', 'en attente', 'comme', 'Comme', 'pourquoi', 'Pourquoi', ...new Set(FRENCH_WRITTEN_VERBS.flatMap(([, forms]) => Object.values(forms))), 'commande', 'sélecteur', 'sélecteurs', 'presse-papiers', 'manuellement', 'exporter', 'désactiver', 'désactivé', 'désactivée', 'désactivés', 'désactivées', 'réinitialisation', 'identifiant', 'identifiants']

export const ES_FR_SENSE_FILTER = `perl -0 -pe '${sensesProgram(ES_FR_SENSES)} ${unknownWordsProgram(ES_FR_UNKNOWN)} ` +
  // "por qué" is "pourquoi" (es-fr reads "por" and "qué": "¿Por qué no?" came back "Par qu'est-ce que
  // ne?"), "por qué no" before its question mark "pourquoi pas"; the generator writes "pourquoi"
  // as unknown (FRENCH_UNGENERATED)
  String.raw`s{\^([Pp])or<pr>/[Pp]ar<pr>\$ \^qué<prn><itg>[^\$]*\$( \^no<adv>/ne<adv>\$(?=\^\?))?}{"^$1" . "or qué<adv><itg>/" . ($1 eq "P" ? "P" : "p") . "ourquoi<adv><itg>\$" . (defined $2 ? " ^no<adv>/pas<adv>\$" : "")}ge if index($_, "or<pr>/") >= 0 && index($_, "^qué<prn><itg>") >= 0; ` +
  // FRENCH_WRITTEN_VERBS: the form of "activer", "télécharger" the tags ask for, written out
  `BEGIN { %::FRENCH_FORM = (${FRENCH_WRITTEN_VERBS.flatMap(([spanish, forms]) => Object.entries(forms).map(([tags, form]) => `"${spanish}${tags}" => "${form}"`)).join(', ')}) }` +
  String.raw` s{\^(${FRENCH_WRITTEN_VERBS.map(([spanish]) => eitherCase(spanish)).join('|')})<vblex>((?:<[^>\$]*>)+)/[^\$<]*<vblex>((?:<[^>\$]*>)+)\$}{my ($verb, $tags, $frTags) = ($1, $2, $3); my $form = $::FRENCH_FORM{lcfirst($verb) . $tags}; defined $form ? "^$verb<vblex>$tags/" . ($verb =~ /^[A-Z]/ ? ucfirst $form : $form) . "<vblex>$frTags\$" : $&}ge if ${FRENCH_WRITTEN_VERBS.map(([spanish]) => `index($_, "${spanish.slice(1)}<vblex>") >= 0`).join(' || ')}; ` +
  // the conjunction "como" is "comme" (the dictionary's "aussi bien que" is "tanto … como"'s):
  // "Como sabes, …", "Hazlo como quieras" came back "Aussi bien que tu sais", "…aussi bien que tu
  // veux"; the generator lacks it (FRENCH_UNGENERATED)
  String.raw`s{\^([Cc])omo<cnjadv>/[Aa]ussi bien que<cnjadv>\$}{my ($all, $c, $at) = ($&, $1, $-[0]); my $start = rindex($_, "<sent>", $at); substr($_, $start < 0 ? 0 : $start, $at - ($start < 0 ? 0 : $start)) =~ /\^[Tt]anto</ ? $all : "^$c" . "omo<cnjadv>/" . ($c eq "C" ? "C" : "c") . "omme<cnjadv>\$"}ge if index($_, "omo<cnjadv>") >= 0; ` +
  // a sentence's subjectless "No (se) pudo" before an infinitive (eng-spa's "Failed to", "Couldn't")
  // is "Impossible de" ("No se pudo recuperar la lista" came back "Il n'a pas pu récupérer…")
  String.raw`s{((?:\A|<sent>\$)(?:[^\\^]++|\\.)*+)\^([Nn])o<adv>/[^\$]*\$ (?:\^se<prn>[^\$]*\$ )?\^poder<vbmod><ifi><p3><sg>/[^\$]*\$ (?=\^[^\$<]*<vblex><inf>)}{my ($before, $n) = ($1, $2); $before . "^" . ($n eq "N" ? "I" : "i") . "mposible<adj><mf><sg>/" . ($n eq "N" ? "I" : "i") . "mpossible<adj><mf><sg>\$ ^de<pr>/de<pr>\$ "}ge if index($_, "^poder<vbmod><ifi><p3><sg>") >= 0; ` + String.raw`s{\^(A|a)<pr>/(?:À|à)<pr>\$ \^el<det><def><m><sg>/le<det><def><m><sg>\$ \^((?:[^\\<\$\/]|\\.)+)<vblex><inf>/((?:[^\\<\$\/]|\\.)+)<vblex><inf>\$}{my ($a, $source, $target) = ($1, $2, $3); $a eq "A" ? "^\u$source<vblex><ger>/\u$target<vblex><ger>\$" : "^$source<vblex><ger>/$target<vblex><ger>\$"}ge if index($_, "<pr>\$ ^el<det><def><m><sg>/le<det>") >= 0; ` + String.raw`s{\^([Hh]acer<vblex>[^/\$]*)/([Ff])aire(<vblex>[^/\$]*)\$ \^clic<n><m><sg>/clic<n><m><sg>\$( \^en<pr>/en<pr>\$)?}{"^$1/" . ($2 eq "F" ? "C" : "c") . "liquer$3\$" . (defined $4 ? " ^en<pr>/sur<pr>\$" : "")}ge if index($_, "^clic<n>") >= 0; ` + IMPERSONAL_SE_DROPPED + `'`

/** spa-eng's bilingual lookup, after which SPA_ENG_SENSE_FILTER runs. */
const SPA_ENG_BILINGUAL = /^lt-proc\b.*\s-b\s.*\/spa-eng\.autobil\.bin'?\s*$/

/**
 * Spanish words spa-eng translates in a sense no interface means, as `ENG_SPA_SENSES`: "archivo"
 * is "archive" ("El archivo no existe" → "The archive does not exist"; "file" is the
 * dictionary's other translation), "búsqueda" "research" (its only one: "No results for your
 * research"), "búsquedas" "researches"; "salir mal" "go wrong"; "historial", "dirección", "correo" a
 * history, an address, email.
 */
export const SPA_ENG_SENSES: Senses = [
  ['archivo', 'n', 'file'],
  ['búsqueda', 'n', 'search', { instead: true }],
  // an interface's "historial" is a history, "dirección" an address, "correo" email ("Historial
  // de búsqueda", "Dirección de correo" came back "Search record", "Post direction")
  ['historial', 'n', 'history', { instead: true }],
  ['dirección', 'n', 'address', { instead: true }],
  ['correo', 'n', 'email', { instead: true }],
  // "salir mal" (eng-spa's "go wrong") is "go wrong": "Algo salió mal" came back "Something exited badly"
  ['salir', 'vblex', 'go', { before: '^mal<adv>', instead: true }],
  ['mal', 'adv', 'wrong', { after: '^salir<vblex>', instead: true }],
  // an interface's request ("Solicitud pendiente" came back "Pending application")
  ['solicitud', 'n', 'request', { instead: true }],
  // a setting is enabled, anything else activated ("Activar notificaciones" came back "Actuate notifications")
  ['activar', 'vblex', 'enable', { before: '^(?:notificación|opción|modo|función|funcionalidad|ajuste|configuración|sonido|autenticación|caché|registro|sincronización|acceso|complemento|extensión|integración)<', instead: true }],
  ['activar', 'vblex', 'activate', { instead: true }],
  // an app's settings (the dictionary's "adjustment"), a tip (not a council)
  ['ajuste', 'n', 'setting', { instead: true }],
  ['consejo', 'n', 'tip', { instead: true }],
  // a summary ("Resumen" came back "Round-up"), a length (not a longitude), a currency (not a
  // coin), false (not a dud: "el valor falso")
  ['resumen', 'n', 'summary', { instead: true }],
  ['longitud', 'n', 'length', { instead: true }],
  ['moneda', 'n', 'currency', { instead: true }],
  ['falso', 'adj', 'false', { instead: true }],
  // a value is null ("debe ser nulo" came back "it must be invalid"); a download is resumed, not
  // restarted ("Reanudar" came back "Restart"; the generator lacks "resume": ENGLISH_UNGENERATED)
  ['nulo', 'adj', 'null', { instead: true }],
  ['reanudar', 'vblex', 'resume', { instead: true }],
  // a value provided, not catered ("Debe proveer una contraseña" came back "It must cater a password");
  // a request rejected, not refused
  ['proveer', 'vblex', 'provide', { instead: true }],
  ['rechazar', 'vblex', 'reject', { instead: true }],
  // a user, a file deleted (not eliminated); data, a page loaded, a file uploaded ("Imposible cargar
  // los datos" came back "…upload the data")
  ['eliminación', 'n', 'deletion', { instead: true }],
  ['cargar', 'vblex', 'upload', { before: '^(?:archivo|fichero|imagen|foto|documento|vídeo|video|adjunto)<' }],
  ['cargar', 'vblex', 'load', { instead: true }],
  // an interface's issues, comments, scores, what is dragged ("Las incidencias reciben nuevos
  // comentarios", "Puntuación de usuario", "Arrastra" came back "The incidences receive new
  // commentaries", "Punctuation of user", "It tugs")
  ['incidencia', 'n', 'issue', { instead: true }],
  ['comentario', 'n', 'comment', { instead: true }],
  ['puntuación', 'n', 'score', { instead: true }],
  ['arrastrar', 'vblex', 'drag', { instead: true }],
  // an interface searches ("Buscar", "Buscar películas" came back "Look for", "Look for films"):
  // for something, or alone before a sentence's end or a comma
  ['buscar', 'vblex', 'search', { before: '^(?:$|[.…!?:;,]<)', instead: true }],
  ['buscar', 'vblex', 'search# for', { instead: true }],
  // a media player's words (Jellyfin's Spanish strings: "Pista siguiente", "Detener", "Número de
  // canal", "Modo cine", "Borrar imagen" came back "Following clue", "Detain", "Number of canal",
  // "Way cinema", "Erase image"): a track, stop, a channel, a mode, delete
  ['pista', 'n', 'track'],
  ['detener', 'vblex', 'stop'],
  ['canal', 'n', 'channel'],
  ['modo', 'n', 'mode', { after: '^(?!de<)', instead: true }], // "de modo permanente" stays a way
  // an app's theme, light or dark ("Tema claro", "Modo claro" came back "Light subject", "Clear way")
  ['tema', 'n', 'theme', { instead: true }],
  ['claro', 'adj', 'light', { after: '^(?:modo|tema)<', instead: true }],
  ['borrar', 'vblex', 'delete', { instead: true }],
  // and its previous and next ("Pista anterior", "Pista siguiente" came back "Anterior clue",
  // "Following clue"); "lo siguiente" stays "the following"
  ['anterior', 'adj', 'previous'],
  ['siguiente', 'adj', 'next', { after: '^(?!lo<)', instead: true }],
]

/**
 * A perl statement for the sense filters into English (spa-eng, cat-eng): "iniciar/cerrar sesión"
 * (`start`, `end`, `session`, the `article` that may stand between) is "sign in/out", the added
 * word in the word-bound blank of the noun it replaces ("Debes iniciar sesión" came back "You have
 * to initiate session").
 */
function signInOutProgram({ start, end, session, article }: { start: string; end: string; session: string; article?: string }): string {
  const between = article === undefined ? '' : String.raw`(?:\^${article}/[^\$]*\$ )?`
  return String.raw`s{\^((?:${eitherCase(start)}|${eitherCase(end)})<vblex>((?:<[^>]*>)+))/[^\$]*\$ ${between}(${WORD_BOUND_BLANK})\^${eitherCase(session)}<n><f><sg>/[^\$]*\$}{my ($source, $tags, $blank) = ($1, $2, $3); my $in = lc($source) =~ /^${start}</; "^$source/" . ($source =~ /^[A-Z]/ ? "S" : "s") . "ign<vblex>$tags\$ $blank^${session}<pr>/" . ($in ? "in<pr>" : "out<adv>") . "\$"}ge if index($_, "${session.slice(1)}<n>") >= 0;`
}

/**
 * A perl statement for the sense filters into English (spa-eng, cat-eng): the pronominal
 * "producirse" (`reflexive`, the auxiliary `have`, the verb `produce`) is "occur", its subject
 * (a noun, its determiner and adjectives) first ("Se ha producido un error" came back "It has
 * produced an error"; now "An error has occurred").
 */
function occurProgram({ reflexive, have, produce }: { reflexive: string; have: string; produce: string }): string {
  return String.raw`s{\^[${reflexive[0]!.toUpperCase()}${reflexive[0]}]${reflexive.slice(1)}<prn><pro><ref>[^\$]*\$ ((?:\^${have}<vbhaver>[^\$]*\$ )?${WORD_BOUND_BLANK}\^${produce}<vblex>((?:<[^>]*>)+))/[^\$]*\$((?: ${WORD_BOUND_BLANK}\^[^\$]*<det>[^\$]*\$)? ${WORD_BOUND_BLANK}\^[^\$]*<n>[^\$]*\$(?: ${WORD_BOUND_BLANK}\^[^\$]*<adj>[^\$]*\$)*)?}{my ($verb, $tags, $subject) = ($1, $2, $3); defined $subject ? substr($subject, 1) . " $verb/occur<vblex>$tags\$" : "$verb/occur<vblex>$tags\$"}ge if index($_, "^${produce}<vblex>") >= 0;`
}

/**
 * Spanish interface verbs spa-eng's analyser lacks ("Recargar", "Desactivar", "Reiniciar" came
 * back in Spanish), regular "-ar" verbs read by their endings (SPANISH_AR_ENDINGS), with their
 * English verbs; those the English generator lacks (ENGLISH_CONJUGATED) written as their forms.
 */
const SPANISH_UNKNOWN_VERBS: ReadonlyArray<readonly [stem: string, english: string]> = [
  ['recarg', 'reload'], ['desactiv', 'disable'], ['reinici', 'restart'], ['desconect', 'disconnect'], ['deseleccion', 'deselect'], ['desagrup', 'ungroup'],
  ['renombr', 'rename'], ['desinstal', 'uninstall'],
]
const SPANISH_AR_ENDINGS: Readonly<Record<string, string>> = {
  ar: '<inf>', ado: '<pp><m><sg>', ada: '<pp><f><sg>', ados: '<pp><m><pl>', adas: '<pp><f><pl>', ando: '<ger>', a: '<pri><p3><sg>',
  as: '<pri><p2><sg>', an: '<pri><p3><pl>', amos: '<pri><p1><pl>', ad: '<imp><p2><pl>', ó: '<ifi><p3><sg>',
}

/**
 * After spa-eng's bilingual lookup: `SPA_ENG_SENSES`, and
 * - Spanish verbs its analyser lacks (SPANISH_UNKNOWN_VERBS: "Recargar la página", "Desactivar"
 *   came back "Recargar the page", "Desactivar"), those the generator lacks as their forms;
 * - "iniciar sesión", "cerrar sesión" inside a sentence are "sign in", "sign out" ("Debes
 *   iniciar sesión" came back "You have to initiate session"; opening one, the engine's sentence
 *   leads write them);
 * - "deber" in the present is "must": its "have to" made "No debe estar vacío" (must not) "It does
 *   not have to be empty" (need not); the generator lacks "must" in the present (ENGLISH_UNGENERATED);
 * - "hacer clic (en)" is "click (on)": "Haz clic en el botón" inside a sentence came back "do click in
 *   the button"; the generator lacks the verb, whose forms the filter writes (ENGLISH_UNGENERATED);
 * - "géneros" are a catalogue's genres, and one "género" de películas, series, música… ("Géneros
 *   de Películas" came back "Film genders"); a person's "género" stays "gender";
 * - "subtítulos" are subtitles, not the dictionary's "subheads" ("Editar subtítulos" came back
 *   "Edit subheads"; the generator lacks the word, written as the form: ENGLISH_UNGENERATED);
 * - "restablecer" as a command is "reset" ("Restablecer valores predeterminados" came back
 *   "Reestablish…"; the generator lacks "reset", written as the form: ENGLISH_UNGENERATED);
 * - "por defecto" (its capital kept: "Permisos por Defecto" came back "Permissions by Defect"),
 *   and "predeterminado" but after "ser", "haber" or "estar", are the adjective "default", which
 *   the transfer puts before the noun ("Servidor por defecto", "Valor predeterminado",
 *   "Restablecer predeterminado", "{name} (Predeterminado)" came back "Server by defect",
 *   "Predetermined value", "Reestablish predetermined", "(Predetermined)"; now "Default server",
 *   "Default value", "default", "(Default)");
 * - "producirse" is "occur", its subject before it ("Se ha producido un error" came back "It has
 *   produced an error"; now "An error has occurred");
 * - "no disponible" is "unavailable" ("Servicio no disponible" came back "Service no available");
 * - "cargando" is "loading" ("Cargando…" came back "Uploading…"; "cargar" stays "upload" elsewhere);
 * - comparisons as validation messages write them: "inferior a", "superior o igual a", "igual a",
 *   "(estar comprendido) entre X y Y" are "less than", "greater than or equal to", "equal to",
 *   "(be) between X and Y" ("debe ser inferior o igual a {value}" came back "it must be inferior or
 *   the same to {value}", "comprised among"); the generator lacks "less", "than", "greater" (ENGLISH_UNGENERATED);
 * - "pendiente de" before a noun is "pending" ("pendiente de aprobación" came back "pending of approval");
 * - "ningún" without a negation before it in its sentence is "no" ("Ningún resultado" came back "Any
 *   result"; "No hay ningún resultado" keeps "any");
 * - in a sentence that opens with a command, "su" is "your" ("Configure los ajustes de su
 *   servidor" came back "…of his server");
 * - "Imposible" (de) + infinitive opening a text is "Unable to" ("Imposible cargar los datos" came
 *   back "Impossible to upload the data"), elsewhere "impossible to";
 * - a label's "Ver" is "View" ("Ver detalles" came back "See details"); a password, a value, a
 *   setting are reset, not restarted;
 * - "Fallo al" + infinitive is "Failed to" ("Fallo al guardar los ajustes" came back "Failure when
 *   saving the settings"), "intentar" + infinitive "try to" ("Intentando conectar" came back
 *   "Trying connect").
 */
export const SPA_ENG_SENSE_FILTER = `perl -0 -pe '${LABEL_RECORD_SUB} ${sensesProgram(SPA_ENG_SENSES)} ${unknownVerbsProgram(SPANISH_UNKNOWN_VERBS, SPANISH_AR_ENDINGS, 'ar', ['a', '<imp><p2><sg>'])} ` + String.raw`s{/(${ENGLISH_CONJUGATED.flatMap((verb) => [verb, verb[0]!.toUpperCase() + verb.slice(1)]).join('|')})<vblex>((?:<[^>]*>)+)}{my ($verb, $tags) = ($1, $2); "/" . ($tags =~ /<ger>/ ? "$verb" . "ing" : $tags =~ /<(?:pp|ifi)>/ ? "$verb" . "ed" : $tags =~ /<pri><p3><sg>/ ? "$verb" . "s" : $verb) . "<vblex>$tags"}ge; ` + String.raw`s{\^[Pp]or<pr>/[^\$]*\$ ${WORD_BOUND_BLANK}\^([Dd])efecto<n><m><sg>/[^\$]*\$}{"^por defecto<adj><mf><sg>/" . ($1 eq "D" ? "D" : "d") . "efault<adj>\$"}ge if index($_, "efecto<n>") >= 0; s{((?:\A|\$)(?:[^\\^]++|\\.)*+)\^([Pp])redeterminar<vblex><pp>((?:<[^>]*>)*)/[^\$]*\$}{my ($all, $before, $p, $tags) = ($&, $1, $2, $3); my $unit = substr($_, 0, $-[0]) . $before; $unit =~ /<(?:vbser|vbhaver)>[^\$]*\$\s*\z|\^estar<[^\$]*\$\s*\z/ ? $all : "$before^predeterminado<adj>$tags/" . ($p eq "P" ? "D" : "d") . "efault<adj>\$"}ge if index($_, "redeterminar<vblex><pp>") >= 0; ` + occurProgram({ reflexive: 'se', have: 'haber', produce: 'producir' }) + String.raw` s{\^[Nn]o<adv>/[^\$]*\$ ${WORD_BOUND_BLANK}\^disponible<adj>((?:<[^>]*>)*)/[^\$]*\$}{^no disponible<adj>$1/unavailable<adj>\$}g if index($_, "^disponible<adj>") >= 0; s{\^([Cc])argar<vblex><ger>/[^\$]*\$}{"^$1argar<vblex><ger>/" . ($1 eq "C" ? "L" : "l") . "oad<vblex><ger>\$"}ge if index($_, "argar<vblex><ger>") >= 0; ` + String.raw`s{\^([Ii]nferior|[Ss]uperior)<adj>((?:<[^>]*>)*)/[^\$]*\$( ${WORD_BOUND_BLANK}\^o<cnjcoo>/[^\$]*\$ ${WORD_BOUND_BLANK}\^igual<(?:adj|adv)>[^\$]*\$)? \^a<pr>/[^\$]*\$}{my ($word, $tags, $orEqual) = ($1, $2, $3); "^$word<adj>$tags/" . ($word =~ /^[Ii]/ ? "less" : "greater") . "<adj>\$ ^a<pr>/than<pr>\$" . (defined $orEqual ? " ^o<cnjcoo>/or<cnjcoo>\$ ^igual<adj><mf><sg>/equal<adj>\$ ^a<pr>/to<pr>\$" : "")}ge if index($_, "nferior<adj>") >= 0 || index($_, "uperior<adj>") >= 0; s{\^([Ii])gual<(?:adj|adv)>[^\$]*\$ ${WORD_BOUND_BLANK}\^a<pr>/[^\$]*\$}{"^$1gual<adj><mf><sg>/" . ($1 eq "I" ? "E" : "e") . "qual<adj>\$ ^a<pr>/to<pr>\$"}ge if index($_, "gual<ad") >= 0; s{\^([Nn])inguno<det>((?:<[^>]*>)*)/([Aa])ny<det>((?:<[^>]*>)*)\$}{my ($n, $tags, $a, $anyTags) = ($1, $2, $3, $4); my $at = $-[0]; my $start = rindex($_, "<sent>\$", $at - 1); my $before = $start < 0 ? substr($_, 0, $at) : substr($_, $start + 7, $at - $start - 7); $before =~ /\^(?:[Nn]o|[Nn]unca|[Jj]amás|[Ss]in|[Nn]i)<(?:adv|pr|cnjcoo)>/ ? "^$n" . "inguno<det>$tags/$a" . "ny<det>$anyTags\$" : "^$n" . "inguno<det>$tags/" . ($a eq "A" ? "N" : "n") . "o<det>$anyTags\$"}ge if index($_, "inguno<det>") >= 0; s{\^([Ff])allo<n><m><sg>/[^\$]*\$ ${WORD_BOUND_BLANK}\^a<pr>/[^\$]*\$ ${WORD_BOUND_BLANK}\^el<det><def><m><sg>/[^\$]*\$ (?=\^[^\$<]*<vblex><inf>)}{"^$1allar<vblex><pp><m><sg>/" . ($1 eq "F" ? "F" : "f") . "ail<vblex><pp><m><sg>\$ ^a<pr>/to<pr>\$ "}ge if index($_, "allo<n>") >= 0; s{(\^[Ii]ntentar<vblex>[^\$]*\$ )(?=\^[^\$<]*<vblex><inf>)}{$1^a<pr>/to<pr>\$ }g if index($_, "ntentar<vblex>") >= 0; $_ = join "", map { /^\s*(?:\[[^\]]*\]\s*)*\^[^\$]*<vblex><imp><p2><sg>\// ? s{(\^suyo<det><pos>(?:<[^>]*>)*/)[^<\$]*(<det><pos>[^/\$]*)[^\$]*\$}{$1your$2\$}gr : $_ } split /(?<=<sent>\$)/ if index($_, "^suyo<det>") >= 0 && index($_, "<imp><p2><sg>/") >= 0; s{(\^pendiente<adj>[^\$]*\$) \^de<pr>/[^\$]*\$(?= ${WORD_BOUND_BLANK}\^[^\$<]*<n>)}{$1}g if index($_, "^pendiente<adj>") >= 0; s{\A([^\^]*\^[Vv]er<vblex><inf>/)([Ss])ee<vblex>}{$1 . ($2 eq "S" ? "V" : "v") . "iew<vblex>"}e if index($_, "er<vblex><inf>/") >= 0 && label($_); s{\^([Gg])[\xc3][\xa9]nero<n><m><(sg|pl)>/[^\$]*\$(?=((?: ${WORD_BOUND_BLANK}\^de<pr>/[^\$]*\$(?: ${WORD_BOUND_BLANK}\^[^\$]*<det>[^\$]*\$)?(?: ${WORD_BOUND_BLANK}\^\*[^\$]*\$)? ${WORD_BOUND_BLANK}\^(?:[Pp]el[\xc3][\xad]cula|[Ss]erie|[Mm][\xc3][\xba]sica|[Ll]ibro|[Jj]uego|[Cc]ine|[Aa]nime)<)?))}{$2 eq "pl" || $3 ne "" ? "^$1\xc3\xa9nero<n><m><$2>/" . ($1 eq "G" ? "G" : "g") . ($2 eq "pl" ? "enres" : "enre") . "<n><$2>\$" : $&}ge if index($_, "nero<n><m>") >= 0; s{\^([Ss])ubt[\xc3][\xad]tulo<n><m><(sg|pl)>/[^\$]*\$}{"^$1ubt\xc3\xadtulo<n><m><$2>/" . ($1 eq "S" ? "S" : "s") . ($2 eq "pl" ? "ubtitles" : "ubtitle") . "<n><$2>\$"}ge if index($_, "tulo<n><m>") >= 0; s{\^([Rr])establecer<vblex>(<(?:inf|imp)>(?:<[^>]*>)*)/[^\$]*\$}{"^$1establecer<vblex>$2/" . ($1 eq "R" ? "R" : "r") . "eset<vblex>$2\$"}ge if index($_, "establecer<vblex>") >= 0; s{/([Rr])estart(<vblex>[^\$]*\$ (?:\^[^\$]*<det>[^\$]*\$ )?${WORD_BOUND_BLANK}\^(?:contraseña|valor|ajuste|configuración|preferencia|filtro)<)}{"/" . ($1 eq "R" ? "R" : "r") . "eset$2"}ge if index($_, "estart<vblex>") >= 0; s{\A([^\^]*)\^[Ii]mposible<adj>((?:<[^>]*>)*)/[^\$]*\$ (?:${WORD_BOUND_BLANK}\^de<pr>/[^\$]*\$ )?(?=${WORD_BOUND_BLANK}\^[^\$<]*<vblex><inf>)}{$1^imposible<adj>$2/Unable<adj><sg>\$ ^a<pr>/to<pr>\$ }; s{(\^[Ii]mposible<adj>[^\$]*\$ )(?=${WORD_BOUND_BLANK}\^[^\$<]*<vblex><inf>)}{$1^a<pr>/to<pr>\$ }g if index($_, "mposible<adj>") >= 0; s{\^comprender<vblex><pp>[^\$]*\$ (?=\^entre<pr>)}{}g if index($_, "^comprender<vblex><pp>") >= 0; s{\^([Ee])ntre<pr>/[^\$]*\$(?=(?:[^\^]*\^(?![Yy]<cnjcoo>)[^\$]*\$){0,3}[^\^]*\^y<cnjcoo>)}{"^$1ntre<pr>/" . ($1 eq "E" ? "B" : "b") . "etween<pr>\$"}ge if index($_, "ntre<pr>") >= 0; ` + String.raw`s{\^([Dd])eber<vbmod>(<pri>(?:<[^>]*>)*)/[^\$]*\$}{"^$1eber<vbmod>$2/" . ($1 eq "D" ? "M" : "m") . "ust<vaux>$2\$"}ge if index($_, "eber<vbmod><pri>") >= 0; ` + String.raw`s{\^([Hh])acer<vblex>((?:<[^>]*>)+)/[^\$]*\$ (${WORD_BOUND_BLANK})\^clic<n>[^\$]*\$( ${WORD_BOUND_BLANK}\^en<pr>/[^\$]*\$)?}{my ($h, $tags, $blank, $on) = ($1, $2, $3, $4); my $form = $tags =~ /<pri><p3><sg>/ ? "clicks" : $tags =~ /<(?:ifi|pp)>/ ? "clicked" : $tags =~ /<ger>/ ? "clicking" : "click"; $blank . "^$h" . "acer<vblex>$tags/" . ($h eq "H" ? ucfirst $form : $form) . "<vblex>$tags\$" . (defined $on ? " ^en<pr>/on<pr>\$" : "")}ge if index($_, "^clic<n>") >= 0; ` + `${signInOutProgram({ start: 'iniciar', end: 'cerrar', session: 'sesión' })}'`

/** spa-eng's last transfer stage, after which SPA_ENG_CLAUSE_FILTER runs. */
const SPA_ENG_POSTCHUNK = /^apertium-postchunk\b.*\/spa-eng\.t3x\.bin'?\s*$/

/**
 * perl statements on English units after a transfer (spa-eng's, cat-eng's): a noun "of" a noun is
 * an English compound, and a product's name after "of" goes first (SPA_ENG_CLAUSE_FILTER says
 * which and which not). Each program that has them has them once (they define subs).
 */
const ENGLISH_COMPOUNDS: readonly string[] = [
  String.raw`sub quantity { lc($_[0]) =~ /^(?:number|amount|quantity|lot|lack|part|half|rest|majority|minority|thousand|million|hundred|dozen|couple|piece|bit|kind|sort|way|end|beginning|middle|top|bottom|side|front|back|edge|terms?|conditions?|start|series|variety|range)$/ }`,
  String.raw`sub compound { my ($whole, $noun, $initial, $rest, $number, $modifierInitial, $modifierRest) = @_; quantity($noun) || lc("$noun:$modifierInitial$modifierRest") =~ /^(?:table:contents?|point:view|proof:concept)$/ ? $whole : "^" . ($initial =~ /[A-Z]/ ? uc $modifierInitial : lc $modifierInitial) . "$modifierRest<n><sg>\$ ^" . lc($initial) . "$rest<n><$number>\$" }`,
  // a product's name after "of" (a word the analyser does not know, or a name that is no place's
  // nor person's) goes first, a noun between as the compound's modifier ("Ajustes de notificación
  // de Pushover", "Notificación de prueba de Telegram" came back "Settings of notification of
  // Pushover", "Notification of test of Telegram"; now "Pushover notification settings",
  // "Telegram test notification"); not a name glued to more ("Excalidraw+") nor followed by
  // another ("Rotten Tomatoes") or a noun
  String.raw`s{(?<!\^of<pr>\$ )(?<![^ \]])\^((\w)([\w ]*))<n><(sg|pl)>\$ \^of<pr>\$ (?:\^(\w)([\w ]*)<n><(?:sg|pl)>\$ \^of<pr>\$ )?(\^(?:\*[A-Z][\w.+-]*|[A-Z][\w.+-]*<np>(?!<(?:top|loc|ant|cog)>)(?:<[^>]*>)*)\$)(?![+\w])(?! \^(?:of<pr>|[^<\$]*<n>|\*?[A-Z]))}{my ($whole, $noun, $initial, $rest, $number, $modifierInitial, $modifierRest, $name) = ($&, $1, $2, $3, $4, $5, $6, $7); quantity($noun) ? $whole : defined $modifierInitial ? do { my $c = compound("", $noun, lc $initial, $rest, $number, $modifierInitial, $modifierRest); $c eq "" ? $whole : "$name $c" } : "$name ^" . lc($initial) . "$rest<n><$number>\$"}ge if index($_, "^of<pr>") >= 0;`,
  String.raw`s{(?<!\^of<pr>\$ )(?<![^ \]])\^((\w)([\w ]*))<n><(sg|pl)>\$ \^of<pr>\$ \^(\w)([\w ]*)<n><(?:sg|pl)>\$(?! \^of<pr>\$ (?!\^[^<\$]*<det>))}{compound($&, $1, $2, $3, $4, $5, $6)}ge if index($_, "^of<pr>") >= 0;`,
]

/**
 * After spa-eng's last transfer. Nouns: a noun of a noun without an article ("Fecha de inicio",
 * "Tipo de archivo", "Lista de episodios" came back "Date of start", "Type of file", "List of
 * episode") is an English compound, the second noun first and singular: "Start date", "File
 * type", "Episode list"; not after a quantity or a part ("Number of users", "Lack of memory",
 * "End of session"), in a chain ("Date of start of session"; "Error message of the server" is
 * one), nor "Terms of use", "of service", "Table of contents". "Please" before a command loses the comma.
 *
 * Questions into English: Spanish asks with the statement's order, and spa-eng's transfer kept
 * it ("¿Estás seguro?", "¿Quieres guardar los cambios?", "¿Olvidaste tu contraseña?", "¿Cómo
 * estás?" came back "You are sure?", "You want to save the changes?", "You forgot your
 * password?", "How you are?"). In a sentence that ends with "?" and opens with a subject
 * pronoun (after a question word or not) and a verb: "be", "have", a modal or "do" goes before
 * the pronoun ("Are you sure?", "Can you help me?", "How are you?"); another verb takes "do"
 * before the pronoun and goes in the infinitive ("Do you want to save the changes?", "Did you
 * forget your password?", "Does it work?"). After a question word, the "it" the transfer gave a
 * verb whose subject follows it goes ("¿Dónde está mi teléfono?" came back "Where is it my
 * telephone?", now "Where is my telephone?"). The sentence's capital goes with its first word.
 */
export const SPA_ENG_CLAUSE_FILTER = `perl -0 -pe '${[
  String.raw`BEGIN { $| = 1 }`,
  // "Por favor," before a command is "Please" without the comma ("Por favor, introduce tu
  // contraseña." came back "Please, enter your password.")
  String.raw`s{(\^[Pp]lease<adv>\$)\^,<cm>\$(?= \^[^<\$]*<vblex><(?:inf|imp)>)}{$1}g if index($_, "lease<adv>") >= 0;`,
  ...ENGLISH_COMPOUNDS,
  // a label that is a noun "of the" noun alone is a compound too ("Nombre de la tarea", "Ajustes del
  // usuario" came back "Name of the task", "Settings of the user")
  String.raw`s{\A([^\^]*)\^((\w)([\w ]*))<n><(sg|pl)>\$ \^of<pr>\$ \^the<det><def><(?:sg|pl)>\$ \^(\w)([\w ]*)<n><(?:sg|pl)>\$(?=(?:\^[.!?…]<sent>\$)?(?:\[[^\]]*\]|[\s\0])*\z)}{my ($before, @unit) = ($1, $&, $2, $3, $4, $5, $6, $7); $before . compound(substr($unit[0], length $before), @unit[1 .. 6])}e if index($_, "^the<det>") >= 0;`,
  String.raw`sub capital { my ($unit, $up) = @_; $unit =~ s/^(${WORD_BOUND_BLANK}\^)(\w)/$1 . ($up ? uc $2 : lc $2)/e; $unit }`,
  String.raw`sub ask { my ($p, $s, $e) = @_; my $k = $s; my $wh = $p->[$k] =~ /^${WORD_BOUND_BLANK}\^\w+<(?:adv|prn)><itg>/; if ($wh) { return if $p->[$k + 1] ne " "; $k += 2 } return if $k + 2 >= $e || $p->[$k + 1] ne " " || $p->[$k] !~ /^${WORD_BOUND_BLANK}\^[Pp]rpers<prn><subj>/; my $verb = $p->[$k + 2]; my $up = !$wh && $p->[$k] =~ /^${WORD_BOUND_BLANK}\^P/;`,
  String.raw`if ($wh && $p->[$k] =~ /<p3><nt>/ && $verb =~ /^${WORD_BOUND_BLANK}\^be<vbser>/ && $k + 4 < $e && $p->[$k + 3] eq " " && $p->[$k + 4] =~ /<(?:det|n|np)>/) { @$p[$k, $k + 1] = ("", ""); return }`,
  String.raw`if ($verb =~ /^${WORD_BOUND_BLANK}\^\w+<(?:vbser|vbhaver|vaux|vbdo)>/ || $verb =~ /<vbmod>/ && $verb !~ /\# to\$$/) { @$p[$k, $k + 2] = (capital($verb, $up), capital($p->[$k], 0)); return }`,
  String.raw`my ($bound, $lemma, $tag, $form, $person, $queue) = $verb =~ /^(${WORD_BOUND_BLANK})\^(\w+)<(vblex|vbmod)><(pres|pri|past)>((?:<[^>]*>)*?)((?:\# \w+)?)\$$/ or return; return if $tag eq "vbmod" && $queue eq ""; my $do = $form eq "past" ? "do<vbdo><past>" : $person =~ /<p3><sg>/ ? "do<vbdo><pri><p3><sg>" : "do<vbdo><pres>"; $p->[$k + 2] = "$bound^$lemma<$tag><inf>$queue\$"; $p->[$k] = capital("^$do\$", $up) . " " . capital($p->[$k], 0) }`,
  String.raw`sub questions { my @p = split /(${WORD_BOUND_BLANK}\^(?:[^\\\$]|\\.)*\$)/, $_[0], -1; my $s = 1; for (my $i = 1; $i < @p; $i += 2) { next if $p[$i] !~ /<sent>\$$/; ask(\@p, $s, $i) if $p[$i] =~ /^${WORD_BOUND_BLANK}\^\?<sent>\$$/; $s = $i + 2 } join "", @p }`,
  String.raw`$_ = questions($_) if index($_, "^?<sent>") >= 0;`,
].join(' ')}'`

/**
 * Marks a text whose answer is another hop's input, with that hop's target (`[r:en]`; engine.ts
 * writes it after the text of a route's hop that is not the last, when the hop's mode is one of
 * INTERMEDIATE_READERS): a filter that writes for the user writes for the next hop's analyser
 * then. A superblank, which every stage passes on and the decoder drops.
 */
export function intermediateHopMark(onward: string): string {
  return `[r:${onward}]`
}
/** The modes whose filters read intermediateHopMark; only they get it (other filters' rules read what ends a text). */
export const INTERMEDIATE_READERS: ReadonlySet<string> = new Set(['fr-es', 'ita-spa', 'pt-es'])

/** fr-es's lexical selection (after its bilingual lookup), after which FR_ES_FILTER runs. */
const FR_ES_LEXICAL_SELECTION = /^lrx-proc\b.*\/apertium-fr-es\/fr-es\.autolex\.bin'?\s*$/

/** French verbs whose compound tenses take "être" ("Une erreur est survenue"): intransitive, so "être" and their participle is never a passive nor a state. */
const FRENCH_BE_VERBS = ['aller', 'venir', 'arriver', 'partir', 'rester', 'tomber', 'naître', 'mourir', 'devenir', 'revenir', 'survenir', 'parvenir', 'intervenir', 'advenir', 'entrer', 'rentrer', 'sortir', 'retourner', 'repartir', 'décéder', 'apparaître']

/**
 * Where a sentence starts in a record (French, Catalan: the filters of fr-es and cat-eng): the
 * record's start (`[v:N]`) or a sentence's end, then blanks, an opening inline tag and a
 * word-bound blank's header.
 */
const SENTENCE_START = String.raw`(?:\A|\[v:[^\]]*\]|<sent>\$)(?:[ ]|\[t:\d+:o\])*(?:\[\[[^\]]*\]\])?`

/**
 * Before fr-es's tagger, readings it chose wrongly in interface text:
 * - "en attente" is the preposition and the noun ("Demande en attente", "Paiement en attente"
 *   came back "Pide atenta", the pronoun "en" and "attenter"); "permissions de" the noun and the
 *   preposition ("Les permissions d'utilisateur" came back "Permitir usuario", "permettre de");
 *   "est" in lower case the verb, not the noun (east);
 * - a label's first word that is a noun or a verb's present is the noun when a participle, an
 *   adjective, a noun, "de", "en" or "par" follows, or nothing ("Demande validée automatiquement",
 *   "Taille de la valeur" came back "Corta del valor",
 *   "Adresses e-mail valides" came back "Pida validada automáticamente", "Diriges e-mail
 *   válidos", the verb). A determiner or a pronoun after it keeps the command ("Demande une copie").
 */
export const FRENCH_READING_HINTS = `perl -0 -pe '${[
  'BEGIN { $| = 1 }',
  String.raw`s{(\^[Ee]n/)(?:[^\$]*?/)?([Ee]n<pr>)(?:/[^\$]*)?\$( +${WORD_BOUND_BLANK}\^attente/)[^\$]*?(attente<n><f><sg>)[^\$]*\$}{$1$2\$$3$4\$}g if index($_, "^attente/") >= 0;`,
  // "est" in lower case is "être", not the noun (east) ("La demande de {username} est en attente" came back "…este pendiente")
  String.raw`s{(\^est/)est<n><m><sg>/}{$1}g if index($_, "^est/est<n>") >= 0;`,
  // "permissions de/d'" is the noun and the preposition, not "permettre de"'s imperfect subjunctive ("Les permissions d'utilisateur" came back "Permitir usuario")
  String.raw`s{\^([Pp]ermissions) (d\x27|de)/[^\$]*<vblex><pis>[^\$]*\$}{^$1/permission<n><f><pl>\$ ^$2/de<pr>\$}g if index($_, "ermissions d") >= 0;`,
  String.raw`sub noun { my ($unit, $next) = @_; return $unit if index($unit, "<n>") < 0 || $unit !~ m{/[^/\$]*<vblex><(?:pri|prs|imp)>} || $next !~ m{^ *\^(?:de|d\x27|du|en|par)/(?:de|en|par)<pr>} && ($next =~ m{<(?:det|prn)>} || $next ne "" && $next !~ m{<(?:vblex><pp|adj|n)>|^ *\^[Ee]n/[Ee]n<pr>\$} && $next !~ m{<sent>}); $unit =~ s{/[^/\$]*<vblex><(?:pri|prs|imp)>[^/\$]*(?=[/\$])}{}g; $unit }`,
  String.raw`s{${SENTENCE_START}\K(\^[^\$]*\$)((?: +${WORD_BOUND_BLANK}\^[^\$]*\$)?)}{noun($1, $2) . $2}ge if index($_, "<vblex><pri>") >= 0 || index($_, "<vblex><imp>") >= 0;`,
].join(' ')}'`

/** fr-es's French analyser, after which FRENCH_READING_HINTS run. */
const FR_ES_ANALYSER = /^lt-proc\b[^|]*\/apertium-fr-es\/fr-es\.automorf\.bin'?\s*$/

/**
 * French interface verbs fr-es's analyser lacks ("Activer", "Connectez-vous", "Exporter",
 * "Réessayer", "Veuillez patienter" came back in French): a stem, its Spanish verb and a word
 * after it ("réessayer" is "intentar nuevamente"). Regular "-er" verbs, read by their endings
 * (FRENCH_ER_ENDINGS); "inclure" by its own (INCLURE_ENDINGS).
 */
const FRENCH_UNKNOWN_VERBS: ReadonlyArray<readonly [stem: string, spanish: string, after?: string]> = [
  ['activ', 'activar'], ['désactiv', 'desactivar'], ['connect', 'conectar'], ['déconnect', 'desconectar'],
  ['export', 'exportar'], ['réessay', 'intentar', 'nuevamente<adv>'], ['recharg', 'recargar'], ['redémarr', 'reiniciar'],
  ['déverrouill', 'desbloquear'], ['dégroup', 'desagrupar'], ['patient', 'esperar'], ['désélectionn', 'deseleccionar'],
]
/** A regular "-er" verb's endings and the tags of each (the present's second person plural is the mood rule's: FR_ES_FILTER). */
const FRENCH_ER_ENDINGS: Readonly<Record<string, string>> = {
  er: '<inf>', é: '<pp><m><sg>', ée: '<pp><f><sg>', és: '<pp><m><pl>', ées: '<pp><f><pl>', ez: '<pri><p2><pl>', e: '<pri><p3><sg>',
  es: '<pri><p2><sg>', ent: '<pri><p3><pl>', ons: '<pri><p1><pl>', ant: '<ger>',
}
const INCLURE_ENDINGS: Readonly<Record<string, string>> = {
  ure: '<inf>', us: '<pp><m><sp>', use: '<pp><f><sg>', uses: '<pp><f><pl>', ut: '<pri><p3><sg>', uez: '<pri><p2><pl>', uent: '<pri><p3><pl>', uant: '<ger>',
}


/**
 * Perl statements that give each unknown unit of a verb of `verbs` (`^*Connectez/*Connectez$`)
 * its units after a bilingual lookup: the stem's target verb with the tags of the form's ending;
 * `command`, the ending whose form opening a sentence is the command (Spanish "Recarga la
 * página"), its tags, and the tags it takes in a label (at most four words and a full stop, which
 * the encoder adds to a text without: Italian "Annulla", "Abilita notifiche" are Spanish
 * interfaces' "Cancelar", "Habilitar notificaciones"; the program needs LABEL_RECORD_SUB then).
 */
function unknownVerbsProgram(verbs: ReadonlyArray<readonly [stem: string, target: string, after?: string]>, endings: Readonly<Record<string, string>>, infinitive: string, command?: readonly [ending: string, tags: string, labelTags?: string]): string {
  const table = verbs.map(([stem, target, after]) => `q{${stem}} => [q{${target}}, q{${after ?? ''}}]`).join(', ')
  const endingTable = Object.entries(endings).map(([ending, tags]) => `q{${ending}} => q{${tags}}`).join(', ')
  const stems = verbs.flatMap(([stem]) => [stem, stem[0]!.toUpperCase() + stem.slice(1)]).join('|')
  // longest ending first: "ées" before "ée" before "é"
  const endingAlternation = Object.keys(endings).sort((a, b) => b.length - a.length).join('|')
  const name = `UV${infinitive}`
  // opening a sentence: nothing but blanks since the start, a sentence's end or a text's mark
  // (read from the last unit before: the record before each verb made a long text's time grow
  // with its square)
  const tags = command ? String.raw`$ending eq "${command[0]}" && do { my $last = rindex($_, "^", $-[0] - 1); $last < 0 || substr($_, $last, $-[0] - $last) =~ /(?:\[v:[^\]]*\]|<sent>\$)[^\^]*\z/ } ? ("${command[2] ?? ''}" ne "" && ::label($_) ? "${command[2] ?? ''}" : "${command[1]}") : $::${name}E{$ending}` : `$::${name}E{$ending}`
  return [
    `BEGIN { %::${name} = (${table}); %::${name}E = (${endingTable}) }`,
    // (the word after the verb in the verb's word-bound blank: "<em>réessayer</em>" → "<em>intentar nuevamente</em>")
    String.raw`s{(${WORD_BOUND_BLANK})\^\*(${stems})(${endingAlternation})/\*[^\$]*\$}{my ($blank, $stem, $ending) = ($1, $2, $3); my ($target, $after) = @{$::${name}{lcfirst $stem}}; my $tags = ${tags}; my $lemma = lcfirst($stem) . "${infinitive}"; "$blank^$lemma<vblex>$tags/" . ($stem =~ /^[A-Z]/ ? ucfirst $target : $target) . "<vblex>$tags\$" . ($after eq "" ? "" : " $blank^$lemma<adv>/$after\$")}ge if index($_, "^*") >= 0;`,
  ].join(' ')
}

/** Perl statements that write each SPANISH_CONJUGATED verb's form as its lemma (a form without an entry stays the infinitive). */
function spanishConjugatedProgram(): string {
  const table = SPANISH_CONJUGATED.flatMap((verb) => Object.entries(spanishArForms(verb)).map(([tags, form]) => `q{${verb}${tags}} => q{${form}}`)).join(', ')
  const gate = SPANISH_CONJUGATED.flatMap((verb) => [verb, verb[0]!.toUpperCase() + verb.slice(1)]).join('|')
  return [
    `BEGIN { %::ESFORM = (${table}) }`,
    String.raw`s{/(${gate})<vblex>((?:<[^>]*>)+)}{my ($verb, $tags) = ($1, $2); my $form = $::ESFORM{lcfirst($verb) . $tags} // lcfirst $verb; "/" . ($verb =~ /^[A-Z]/ ? ucfirst $form : $form) . "<vblex>$tags"}ge;`,
  ].join(' ')
}

/** What one connects to rather than signs in to: "se connecter au serveur" is "conectarse" (a lookahead after the verb's units). */
const CONNECTED_TO_A_MACHINE = String.raw`(?! \^à<pr>[^\$]*\$(?: \^[^\$]*<det>[^\$]*\$)? \^(?:serveur|base|réseau|service|API|internet|Internet|hôte|port|proxy|machine|appareil|périphérique|instance|ordinateur|Wi-Fi|wifi|Bluetooth|imprimante|routeur|VPN|point)<)`

/**
 * Spanish verbs FRENCH_UNKNOWN_VERBS writes that fr-es's generator lacks, regular "-ar" verbs:
 * the filter writes their forms itself (spanishArForms), which POST_GENERATION_FILTER keeps as
 * written (SPANISH_FORMS_FROM_FRENCH).
 */
const SPANISH_CONJUGATED = ['desactivar', 'desconectar', 'exportar', 'desagrupar', 'deseleccionar']

/** A regular Spanish "-ar" verb's forms, by the tags after `<vblex>`. */
function spanishArForms(infinitive: string): Record<string, string> {
  const stem = infinitive.slice(0, -2)
  return {
    '<inf>': infinitive, '<ger>': `${stem}ando`, '<pp><m><sg>': `${stem}ado`, '<pp><f><sg>': `${stem}ada`, '<pp><m><pl>': `${stem}ados`, '<pp><f><pl>': `${stem}adas`,
    '<imp><p2><sg>': `${stem}a`, '<imp><p2><pl>': `${stem}ad`, '<pri><p1><sg>': `${stem}o`, '<pri><p2><sg>': `${stem}as`, '<pri><p3><sg>': `${stem}a`,
    '<pri><p1><pl>': `${stem}amos`, '<pri><p2><pl>': `${stem}áis`, '<pri><p3><pl>': `${stem}an`,
  }
}

/**
 * French interface words fr-es's analyser lacks (they came back in French: "Chargement…",
 * "canevas", "manuellement", "Service indisponible"), as ES_FR_UNKNOWN: the word's first letter,
 * the rest of its forms, the units. Words the Spanish generator lacks ("lienzo", "diagrama",
 * "manualmente") go as the form itself, which POST_GENERATION_FILTER keeps (SPANISH_FORMS_FROM_FRENCH).
 */
const FR_ES_UNKNOWN: UnknownWords = [
  ['c', 'hargement', '^chargement<n><m><sg>/$Ccarga<n><f><sg>$'],
  ['c', 'anevas', '^canevas<n><m><sg>/$Clienzo<n><m><sg>$'],
  ['d', 'iagramme', '^diagramme<n><m><sg>/$Cdiagrama<n><m><sg>$'],
  ['d', 'iagrammes', '^diagramme<n><m><pl>/$Cdiagramas<n><m><pl>$'],
  ['s', 'ynchronisation', '^synchronisation<n><f><sg>/$Csincronización<n><f><sg>$'],
  ['c', 'hiffrement', '^chiffrement<n><m><sg>/$Ccifrado<n><m><sg>$'],
  ['s', 'électeur', '^sélecteur<n><m><sg>/$Cselector<n><m><sg>$'],
  ['s', 'électeurs', '^sélecteur<n><m><pl>/$Cselectores<n><m><pl>$'],
  ['r', 'éinitialisation', '^réinitialisation<n><f><sg>/$Crestablecimiento<n><m><sg>$'],
  ['r', 'edémarrage', '^redémarrage<n><m><sg>/$Creinicio<n><m><sg>$'],
  ['r', 'églage', '^réglage<n><m><sg>/$Cajuste<n><m><sg>$'],
  ['r', 'églages', '^réglage<n><m><pl>/$Cajuste<n><m><pl>$'],
  ['r', 'ecadrage', '^recadrage<n><m><sg>/$Crecorte<n><m><sg>$'],
  ['d', 'écroissant', '^décroissant<adj><mf><sg>/$Cdescendente<adj><mf><sg>$'],
  ['d', 'écroissante', '^décroissant<adj><mf><sg>/$Cdescendente<adj><mf><sg>$'],
  ['c', 'lore', '^clore<vblex><inf>/$Ccerrar<vblex><inf>$'],
  ['i', 'ndisponible', '^indisponible<adv>/$Cno<adv>$ ^indisponible<adj><mf><sg>/disponible<adj><mf><sg>$'],
  ['i', 'ndisponibles', '^indisponible<adv>/$Cno<adv>$ ^indisponible<adj><mf><pl>/disponible<adj><mf><pl>$'],
  ['m', 'anuellement', '^manuellement<adv>/$Cmanualmente<adv>$'],
  ['s', 'ilencieusement', '^silencieusement<adv>/$Csilenciosamente<adv>$'],
  ['h', 'orizontalement', '^horizontalement<adv>/$Chorizontalmente<adv>$'],
  ['v', 'erticalement', '^verticalement<adv>/$Cverticalmente<adv>$'],
  ['i', 'mplicite', '^implicite<adj><mf><sg>/$Cimplícito<adj><m><sg>$'],
  ['i', 'dentifiants', '^identifiant<n><m><pl>/$Cidentificadores<n><m><pl>$'],
]
/**
 * What FR_ES_UNKNOWN and FR_ES_FILTER write that the Spanish generator lacks, each form (and
 * SPANISH_CONJUGATED's), which POST_GENERATION_FILTER keeps as written.
 */
const SPANISH_FORMS_FROM_FRENCH = [
  'lienzo', 'diagrama', 'diagramas', 'sincronización', 'cifrado', 'selector', 'selectores', 'restablecimiento', 'reinicio', 'manualmente',
  'silenciosamente', 'horizontalmente', 'verticalmente', 'implícito', 'identificador', 'identificadores', 'clave', 'claves', 'nulo', 'nula', 'nulos', 'nulas', 'token', 'tokens', 'descendente', 'adiciones',
  ...new Set(SPANISH_CONJUGATED.flatMap((verb) => Object.values(spanishArForms(verb)))),
]

/** The parts of speech of a French verb's unit. */
const FR_VERB = String.raw`(?:vblex|vbmod|vbser|vbhaver)`

/**
 * French interface words fr-es translates in a sense no interface means, as `ENG_SPA_SENSES`:
 * "Demande en attente", "Paramètres enregistrés", "Échec de la connexion", "Tester",
 * "Supprimer", "Langue d'affichage", "Avancé" came back "Pide atenta", "Parámetros grabados",
 * "Fracaso de la conexión", "Testar", "Suprimir", "Lengua de marcador", "Adelantado". Only words
 * fr-es's Spanish generator has ("clave", "enlace", "caché" it lacks).
 */
export const FR_ES_SENSES: Senses = [
  ['demande', 'n', 'solicitud', { instead: true, gender: 'f' }],
  // a player's, a form's, a wizard's verbs and words (Jellyfin's French strings: "Arrêter",
  // "Reprendre", "Soumettre", "Guide de démarrage rapide" came back "Arrestar", "Retomar",
  // "Someter", "Guía de commienzo rápido", the dictionary's misspelling): stop, resume, submit, start
  ['arrêter', 'vblex', 'detener', { instead: true }],
  ['reprendre', 'vblex', 'reanudar', { instead: true }],
  ['soumettre', 'vblex', 'enviar', { instead: true }],
  ['démarrage', 'n', 'inicio', { instead: true, gender: 'm' }],
  // a series' season, and a season of the year, are a "temporada" ("demandes de saisons" came back "solicitudes de estaciones")
  ['saison', 'n', 'temporada', { instead: true, gender: 'f' }],
  // a dark mode, a dark theme ("Mode sombre" came back "Modo sombrío", gloomy)
  ['sombre', 'adj', 'oscuro', { instead: true }],
  // a recording is "grabar"; anything else an interface keeps is saved
  ['enregistrer', 'vblex', 'grabar', { before: '^(?:vidéo|audio|son|écran|appel|voix|émission|film)<' }],
  ['enregistrer', 'vblex', 'guardar', { instead: true }],
  // "salvaguardar" (to safeguard), which spa-eng does not know ("Paramètres sauvegardés" came back
  // "Ajustes salvaguardados", en "Settings salvaguardados")
  ['sauvegarder', 'vblex', 'guardar', { instead: true }],
  ['échec', 'n', 'error', { instead: true, gender: 'm' }],
  ['échouer', 'vblex', 'fallar', { instead: true }],
  ['tester', 'vblex', 'probar', { instead: true }],
  ['supprimer', 'vblex', 'eliminar', { instead: true }],
  ['afficher', 'vblex', 'mostrar', { instead: true }],
  ['langue', 'n', 'idioma', { instead: true, gender: 'm' }],
  ['avancer', 'vblex', 'avanzar', { instead: true }],
  ['fichier', 'n', 'archivo', { instead: true, gender: 'm' }],
  ['vraiment', 'adv', 'realmente', { instead: true }],
  ['devise', 'n', 'moneda', { instead: true, gender: 'f' }],
  ['survenir', 'vblex', 'ocurrir', { instead: true }],
  ['bonjour', 'ij', 'hola', { instead: true }],
  ['affichage', 'n', 'visualización', { instead: true, gender: 'f' }],
  // a computer's network and folder ("réseau Wi-Fi", "Sélectionner un dossier" came back "cobertura Wi-Fi", "dossier")
  ['réseau', 'n', 'red', { instead: true, gender: 'f' }],
  ['dossier', 'n', 'carpeta', { instead: true, gender: 'f' }],
  // a tip ("Astuce" came back "Astucia", cunning)
  ['astuce', 'n', 'consejo', { instead: true, gender: 'm' }],
  // an access token ("Jeton API" came back "Ficha API"), written as the form (the generator lacks it)
  ['jeton', 'n', 'token', { instead: true, gender: 'm' }],
  // "Annuler", "Rechercher", a search, a summary ("Anular", "Investigar", "Investigación", "Recopilación")
  ['annuler', 'vblex', 'cancelar', { instead: true }],
  ['rechercher', 'vblex', 'buscar', { instead: true }],
  ['recherche', 'n', 'búsqueda', { instead: true, gender: 'f' }],
  ['résumé', 'n', 'resumen', { instead: true, gender: 'm' }],
  // a deletion ("la suppression de l'utilisateur" came back "la supresión")
  ['suppression', 'n', 'eliminación', { instead: true, gender: 'f' }],
  // a host is a machine ("Hôte SMTP", "nom d'hôte" came back "Huésped SMTP", "nombre de huésped", en "guest")
  ['hôte', 'n', 'servidor', { instead: true, gender: 'm' }],
]

/**
 * After fr-es's lexical selection, French grammar its transfer gets wrong (and, commented where
 * they stand, interface senses and words, labels, "Veuillez", "se connecter"), each a perl statement:
 * - a verb in the second person plural without "vous" before it is a command ("Appuyez sur
 *   Entrée", "Enregistrez et quittez" came back "Pulsáis Entrada", "Grabad y abandonáis", the
 *   tagger's present), and with it the present ("Vous ne pouvez pas" came back the command);
 * - a question's inverted "-vous" is the subject, not an object pronoun: "Voulez-vous continuer
 *   ?", "Pouvez-vous réessayer ?" came back "¿Quered?" (the verb after it lost) and "¿Podeos…?";
 * - the compound tenses of the verbs that take "être" (FRENCH_BE_VERBS) and of pronominal verbs
 *   take "haber", the participle invariable: "Une erreur est survenue", "Il est arrivé", "Le
 *   fichier s'est ouvert" came back "Un error está acontecida", "Está llegado" (a state);
 * - "devoir" is "deber": its modal reading was "tener que", which made "ne doit pas être vide"
 *   (must not) "no tiene que ser vacío" (need not);
 * - "vous" is the user, "tú" as English into Spanish writes it, never "vosotros" (a plural only
 *   Spain uses): "Vous devez fournir", "votre compte", "pour vous" came back "Tenéis que
 *   proporcionar", "vuestra cuenta", "para vosotros"; now "Debes proporcionar", "tu cuenta", "para
 *   ti". A "vous" with "tous" or a number in its text stays "vosotros". On the way into English
 *   (intermediateHopMark) the verbs keep "vosotros", which keeps a command ("Créez", "Cread")
 *   apart from a description ("Crée", "Crea", which spa-eng reads "It creates"); its pronouns
 *   and possessives go as "tú" all the same (spa-eng read "vuestra cuenta" "yours account").
 *   Into Portuguese and Italian "tú" is right throughout ("Cria", "Crea"; from "Cread" es-pt
 *   wrote "Criem", spa-ita "Cread").
 */
export const FR_ES_FILTER = `perl -0 -pe '${[
  `$::toEnglish = index($_, "${intermediateHopMark('en')}") >= 0;`,
  unknownWordsProgram(FR_ES_UNKNOWN),
  // a "site" is a "sitio" in Spanish: the dictionary's "website" doubled "site web" ("Site web",
  // "Ce site est lent" came back "Website web", "Este website es lento"); on the way to English,
  // where "sitio" alone is a place, only before "web" ("Website"); not on the way to another
  // language (es-pt, spa-ita read "sitio" as "lugar", "posto")
  String.raw`s{(\^[Ss]ite<n>(?:<[^>\$]*>)*/)([Ww])ebsite(?=<n>(?:<[^>\$]*>)*\$( \^[Ww]eb<n>)?)}{(defined $3 && $::toEnglish) || index($_, "[r:") < 0 ? $1 . ($2 eq "W" ? "S" : "s") . "itio" : $&}ge if index($_, "ebsite<n>") >= 0;`,
  // "Chargement" opening a label is "Cargando", without the "de" after it ("Chargement des profils…" → "Cargando los perfiles…")
  String.raw`s{${SENTENCE_START}\K\^[Cc]hargement<n><m><sg>/([Cc])arga<n><f><sg>\$(?: \^de<pr>/de<pr>\$)?}{^chargement<vblex><ger>/$1argar<vblex><ger>\$}g if index($_, "hargement<n>") >= 0;`,
  // "fuseau horaire" (the analyser lacks "fuseau": "Fuseau horaire" came back "Fuseau horario")
  String.raw`s{\^\*([Ff])useau/\*[^\$]*\$ \^horaire<adj>[^\$]*\$}{"^fuseau<n><m><sg>/" . ($1 eq "F" ? "Z" : "z") . "ona<n><f><sg>\$ ^horaire<adj><mf><sg>/horario<adj><f><sg>\$"}ge if index($_, "useau/") >= 0;`,
  // "identifiant" after a determiner or opening a sentence is the noun ("un identifiant de discussion" came back "uno que identifica de discusión")
  // (the tagger read "un" before it as the numeral or the pronoun, the determiner here)
  String.raw`s{\^([Uu]n)<(?:num|prn)>(?:<tn>)?<m><sg>/[^\$]*\$ (?=\^[Ii]dentifier<vblex><(?:ger|ppres)>)}{^$1<det><ind><m><sg>/$1o<det><ind><m><sg>\$ }g if index($_, "dentifier<vblex>") >= 0;`,
  String.raw`s{(?:(<det>(?:<[^>]*>)*\$ )|${SENTENCE_START})\K\^([Ii])dentifier<vblex><(?:ger|ppres)>[^\$]*\$}{"^identifiant<n><m><sg>/$2" . "dentificador<n><m><sg>\$"}ge if index($_, "dentifier<vblex>") >= 0;`,
  unknownVerbsProgram(FRENCH_UNKNOWN_VERBS, FRENCH_ER_ENDINGS, 'er'),
  unknownVerbsProgram([['incl', 'incluir']], INCLURE_ENDINGS, 'ure'),
  sensesProgram(FR_ES_SENSES),
  // the Spanish generator writes the plural of "adición" in Galician ("Ajouts récents" came back
  // "Adicións recientes"): the form as written (SPANISH_FORMS_FROM_FRENCH)
  String.raw`s{(\^[Aa]jout<n><m><pl>/[Aa])dición(<n><f>)<pl>\$}{$1diciones$2<pl>\$}g if index($_, "jout<n><m><pl>") >= 0;`,
  // "Bonjour" as the tagger's noun ("Bonjour {name} !" came back "Saludo {name}!")
  String.raw`s{\^([Bb])onjour<n>[^\$]*\$}{"^$1onjour<ij>/" . ($1 eq "B" ? "H" : "h") . "ola<ij>\$"}ge if index($_, "onjour<n>") >= 0;`,
  // "paramètres" are an app's settings, "ajustes" ("Paramètres de notification" came back "Parámetros de notificación"); one "paramètre" stays a parameter
  String.raw`s{(\^[Pp]aramètre<n><m><pl>/)([Pp])arámetro(<n><m><pl>\$)}{$1 . ($2 eq "P" ? "A" : "a") . "juste$3"}ge if index($_, "aramètre<n><m><pl>") >= 0;`,
  // a key is "clave", which the generator lacks (written as the form), "mots-clés" "palabras clave" ("Clé API", "mots-clés" came back "Llave API", "palabras-llaves")
  String.raw`s{(\^[Mm]ot<n><m><pl>/[^\$]*\$)-\^clé<n><f><pl>/[^\$]*\$}{$1 ^clé<n><f><pl>/clave<n><f><sg>\$}g if index($_, "-^clé<n>") >= 0;`,
  String.raw`s{(\^[Cc]l(?:é|ef)<n><f><(sg|pl)>/)([Ll])lave<n><f><(?:sg|pl)>\$}{$1 . ($3 eq "L" ? "C" : "c") . ($2 eq "pl" ? "laves" : "lave") . "<n><f><$2>\$"}ge if index($_, "lave<n>") >= 0;`,
  // "Impossible de" + infinitive is "Imposible" + infinitive ("Impossible de charger les données" came back "Imposible de cargar")
  String.raw`s{(\^[Ii]mpossible<adj>[^\$]*\$ )${WORD_BOUND_BLANK}\^de<pr>/[^\$]*\$ (?=${WORD_BOUND_BLANK}\^[^\$<]*<vblex><inf>)}{$1}g if index($_, "mpossible<adj>") >= 0;`,
  // "avec succès" ("Paramètres enregistrés avec succès" came back "…con éxitos", the number left to the transfer)
  String.raw`s{\^([Aa])vec<pr>/[^\$]*\$ ${WORD_BOUND_BLANK}\^succès<n>[^\$]*\$}{"^$1vec succès<adv>/" . ($1 eq "A" ? "C" : "c") . "orrectamente<adv>\$"}ge if index($_, "^succès<n>") >= 0;`,
  // "en attente", which the tagger reads as the pronoun "en" and "attenter" ("Demande en attente" came back "Pide atenta")
  String.raw`s{\^([Ee])n<(?:prn|pr)>[^\$]*\$ ${WORD_BOUND_BLANK}\^attente(?:r<vblex>|<n>)[^\$]*\$}{"^$1n attente<adj>/" . ($1 eq "E" ? "P" : "p") . "endiente<adj><mf><sg>\$"}ge if index($_, "^attente") >= 0;`,
  // pending is a state: "être en attente" is "estar pendiente" (was "es pendiente")
  String.raw`s{\^(Ê|ê)tre<(?:vbser|vblex)>((?:<[^>]*>)+)/[Ss]er<(?:vbser|vblex)>(?:<[^>]*>)+\$(?= \^[Ee]n attente<adj>)}{"^$1tre<vbser>$2/estar<vblex>$2\$"}ge if index($_, "n attente<adj>") >= 0;`,
  // "valide", which the analyser knows only as "valider", after a noun, "être" or a negation is the adjective ("nom d'hôte valide", "n'est pas valide" came back "valida"), in the gender of the noun before it
  // ("valides" is only the present's second person)
  String.raw`sub valid { my ($before, $capital, $form) = @_; my ($gender) = $before =~ /.*\/[^\/\$<]*<n>(?:<acr>)?<(m|f)>/s; ($capital eq "V" ? "V" : "v") . "álido<adj><" . ($gender // "m") . "><" . ($form =~ /^pr[is]><p2/ ? "pl" : "sg") . ">" }`,
  String.raw`s{(?<=<n>|<vbser>|<adv>)((?:<[^>]*>)*\$ )\^([Vv])alider<vblex><((?:pri|prs|imp)><p[123])><sg>/[^\$]*\$}{"$1^$2alide<adj>/" . valid(substr($_, 0, $-[0]) . $1, $2, $3) . "\$"}ge if index($_, "alider<vblex>") >= 0;`,
  // "nul" after "être" is the adjective ("doit être nul" came back "debe ser ningún"), written as its form (the generator lacks "nulo")
  String.raw`s{(<vbser>(?:<[^>]*>)*\$ (?:\^pas<adv>/[^\$]*\$ )?)\^nul<det><ind><(m|f)><(sg|pl)>/[^\$]*\$}{$1 . "^nul<adj>/nul" . ($2 eq "f" ? "a" : "o") . ($3 eq "pl" ? "s" : "") . "<adj><$2><$3>\$"}ge if index($_, "^nul<det>") >= 0;`,
  // "cliquer" is "hacer clic" (the dictionary's "presionar" the generator lacks: "Cliquez ici" came back "Presionar aquí"), on something "en"
  String.raw`s{\^([Cc])liquer<vblex>((?:<[^>]*>)+)/[^\$]*\$( \^sur<pr>/[^\$]*\$)?}{"^$1liquer<vblex>$2/" . ($1 eq "C" ? "H" : "h") . "acer<vblex>$2\$ ^clic<n><m><sg>/clic<n><m><sg>\$" . (defined $3 ? " ^sur<pr>/en<pr>\$" : "")}ge if index($_, "liquer<vblex>") >= 0;`,
  // "Nous vous remercions": the first pronoun the subject, the second its object (the tagger read "Nous" as the object: "Nos tú enviaremos")
  String.raw`s{\^([Nn])ous<prn><(?:pro|tn)>[^\$]*\$ \^vous<prn><(?:pro|tn)>[^\$]*\$ (?=\^[^\$<]*<${FR_VERB}>(?:<[^>]*>)*<p1><pl>)}{"^$1ous<prn><tn><p1><mf><pl>/$1osotros<prn><tn><p1><mf><pl>\$ ^vous<prn><pro><p2><mf><pl>/os<prn><pro><p2><mf><pl>\$ "}ge if index($_, "ous<prn>") >= 0;`,
  // "vous" right before an infinitive is its pronoun (the tagger read the tonic before a verb it did not know: "Vous devez vous connecter" came back "Debes.")
  String.raw`s{\^([Vv])ous<prn><tn>[^\$]*\$ (?=\^[^\$<]*<vblex><inf>)}{^$1ous<prn><pro><p2><mf><pl>/os<prn><pro><p2><mf><pl>\$ }g if index($_, "ous<prn><tn>") >= 0;`,
  // "se connecter", "se déconnecter" (the pronoun before the verb or after a command) are "iniciar sesión", "cerrar sesión", as interfaces write them ("Connectez-vous pour continuer" → "Inicia sesión para continuar", not "Conéctate"), but to a machine ("Impossible de se connecter au serveur") they connect
  String.raw`sub session { my ($verb, $tags, $capital, $blank) = @_; my $out = $verb =~ /^[Dd]é/; "$blank^" . lc($verb) . "<vblex>$tags/" . ($capital ? ($out ? "C" : "I") : ($out ? "c" : "i")) . ($out ? "errar" : "niciar") . "<vblex>$tags\$ $blank^session<n><f><sg>/sesión<n><f><sg>\$" }`,
  String.raw`s{\^((?:[Vv]ous|[Tt]e|[Ss]e|[Mm]e|[Nn]ous)<prn><(?:pro|tn)>)[^\$]*\$ (${WORD_BOUND_BLANK})\^((?:dé)?connecter)<vblex>((?:<[^>]*>)+)/([^\$]*)\$${CONNECTED_TO_A_MACHINE}}{my ($pronoun, $blank, $verb, $tags, $target) = ($1, $2, $3, $4, $5); session($verb, $tags, "$pronoun$target" =~ /^[A-Z]/, $blank)}ge if index($_, "onnecter<vblex>") >= 0;`,
  String.raw`s{(${WORD_BOUND_BLANK})\^((?:dé)?connecter)<vblex>((?:<[^>]*>)+)/([^\$]*)\$[ -]${WORD_BOUND_BLANK}\^(?:vous|te|nous|toi|moi)<prn><(?:enc|pro|tn)>[^\$]*\$${CONNECTED_TO_A_MACHINE}}{my ($blank, $verb, $tags, $target) = ($1, $2, $3, $4); session($verb, $tags, $target =~ /^[A-Z]/, $blank)}ge if index($_, "onnecter<vblex>") >= 0;`,
  // "Veuillez" before an infinitive is "por favor" and the command ("Veuillez sélectionner…" came back "Quiere seleccionar…")
  String.raw`s{\^([Vv])ouloir<(?:vbmod|vblex)><imp><p2><pl>/[^\$]*\$ (${WORD_BOUND_BLANK}\^(?:[^/\$<]*<vblex><inf>/|\*)[^\$]*\$)}{my ($v, $next) = ($1, $2); $next =~ s/<vblex><inf>/<vblex><imp><p2><pl>/g; "^$v" . "euillez<pr>/" . ($v eq "V" ? "P" : "p") . "or<pr>\$ ^veuillez<n><m><sg>/favor<n><m><sg>\$^,<cm>/,<cm>\$ $next"}ge if index($_, "ouloir<vb") >= 0;`,
  // the mood of the verb of each unit in @$u before $k: the present after its subject "vous"
  // (pronouns, "ne" and adverbs between), a coordinated verb's after "et", "ou", else a command,
  // which after "ne" is the subjunctive ("Ne supprimez pas" came back "No elimina"; "No elimines"; into
  // English the command, which spa-eng reads "Do not delete", the subjunctive "You do not delete")
  String.raw`sub moodAt { my ($u, $k) = @_; my $not = 0; for (my $j = $k - 1; $j >= 0 && $j >= $k - 6; $j--) { my $x = $u->[$j]; return "pri" if $x =~ /^[Vv]ous<prn>/; return moodAt($u, $j) if $x =~ /^[^\/<]*<${FR_VERB}><(?:pri|imp)><p2><pl>\//; $not ||= $x =~ /^[Nn]e<adv>/; next if $x =~ /^(?:[Nn]e<adv>|[^\/<]*<(?:prn><pro|cnjcoo|adv)>)/; last } $not && !$::toEnglish ? "prs" : "imp" }`,
  String.raw`s{(\^[^/\$<]*<${FR_VERB}>)<(?:pri|imp)><p2><pl>(/[^/\$<]*<${FR_VERB}>)<(?:pri|imp)><p2><pl>\$(?! *${WORD_BOUND_BLANK}\^vous<prn><enc>)}{my ($source, $target) = ($1, $2); my $at = $-[0]; my $from = rindex($_, "<sent>\$", $at); $from = 0 if $from < 0; my @u = substr($_, $from, $at - $from) =~ /\^([^\$]*)\$/g; my $mood = moodAt(\@u, scalar @u); "$source<$mood><p2><pl>$target<$mood><p2><pl>\$"}ge if index($_, "<p2><pl>") >= 0;`,
  // a command's "-vous" the analyser did not join to a verb it lacks is its pronoun after it ("Connectez-vous à votre compte" came back "Conecta- a tu cuenta")
  String.raw`s{(<imp><p2><pl>\$)-(${WORD_BOUND_BLANK})\^([Vv]ous)<prn><(?:pro|tn)>[^\$]*\$}{$1 $2^$3<prn><enc><p2><mf><pl>/os<prn><enc><p2><mf><pl>\$}g if index($_, "<imp><p2><pl>\$-^") >= 0;`,
  // the question's mark must end the sentence of the verb: no other sentence end between them
  String.raw`s{(\^[^/\$<]*<${FR_VERB}>)<(?:imp|pri)><p2><pl>(/[^/\$<]*<${FR_VERB}>)<(?:imp|pri)><p2><pl>\$ *${WORD_BOUND_BLANK}\^vous<prn><enc>[^\$]*\$(?=(?:(?!<sent>)[\s\S])*\^\?<sent>)}{$1<pri><p2><pl>$2<pri><p2><pl>\$}g if index($_, "^?<sent>") >= 0;`,
  String.raw`sub invariable { my $unit = $_[0]; $unit =~ s{(/[^/\$<]*<vblex><pp>)(?:<[^>]*>)*}{$1<m><sg>}g; $unit }`,
  String.raw`s{(\^se<prn><pro><ref>[^\$]*\$ )?\^(Ê|ê)tre<vbser>((?:<[^>]*>)+)/[Ss]er<vbser>(?:<[^>]*>)+\$((?: ${WORD_BOUND_BLANK}\^[^\$<]*<adv>/[^\$]*\$)*) (${WORD_BOUND_BLANK}\^(?:${FRENCH_BE_VERBS.join('|')}|[^\$<]*(?=<vblex><pp>(?:<[^>]*>)*/[^\$]*\$)(?(1)|(?!)))<vblex><pp>[^\$]*\$)}{my ($reflexive, $e, $tags, $adverbs, $participle) = ($1, $2, $3, $4, $5); ($reflexive // "") . "^" . ($e eq "Ê" ? "A" : "a") . "voir<vbhaver>$tags/" . ($e eq "Ê" ? "H" : "h") . "aber<vbhaver>$tags\$ " . invariable($participle) . $adverbs}ge if index($_, "tre<vbser>") >= 0;`,
  String.raw`s{\^([Dd])evoir<vbmod>((?:<[^>]*>)+)/[^\$]*\$}{"^$1evoir<vblex>$2/" . ($1 eq "D" ? "D" : "d") . "eber<vblex>$2\$"}ge if index($_, "evoir<vbmod>") >= 0;`,
  // (an object pronoun's source side too: fr-es's transfer lost the infinitive after a modal and
  // "vous", "Vous devez vous inscrire" came back "Tenéis que.", and keeps it after "te")
  String.raw`sub tu { my ($source, $target, $afterPreposition) = @_; return "^$source/" . ($1 eq "V" ? "T" : "t") . ($afterPreposition ? "i" : "ú") . "<prn><tn><p2><mf><sg>\$" if $target =~ /^([Vv])osotros<prn><tn>/; if ($target =~ /^([Oo])s<prn><(pro|enc)>/) { my $te = ($1 eq "O" ? "T" : "t") . "e<prn><$2><p2><mf><sg>"; return "^$te/$te\$" } $target =~ s{<p2>((?:<[^>]*>)*)<pl>}{<p2>$1<sg>}g if !$::toEnglish; "^$source/$target\$" }`,
  // (a "vous" that is several people stays "vosotros": "Vous êtes tous invités", "Vous deux" came back "Eres todos invitados", "Te dos"; not "tous les", every)
  String.raw`$::plural = /\^tout<(?:predet|prn)>[^\$]*<pl>[^\$]*\$(?! (?:\[\[[^\]]*\]\])?\^[^\$<]*<det>)/ || /\^[Vv]ous<prn>[^\$]*\$ \^(?:deux|trois|quatre|cinq)<num>/;`,
  String.raw`s{((?:\^[^\$]*<pr>\$ )?)\^([^/\$]*<p2>(?:<[^>]*>)*<pl>[^/\$]*)/([^\$]*)\$}{$1 . tu($2, $3, $1 ne "")}ge if index($_, "<p2>") >= 0 && !$::plural;`,
  String.raw`s{/([Vv])uestro<det><pos><[^>]*>}{"/" . ($1 eq "V" ? "T" : "t") . "uyo<det><pos><mf>"}ge if index($_, "uestro<det>") >= 0 && !$::plural;`,
  spanishConjugatedProgram(),
].join(' ')}'`

/** ita-spa's Italian analyser, after which ITALIAN_READING_HINTS run, and its lexical selection, after which ITA_SPA_FILTER runs. */
const ITA_SPA_ANALYSER = /^lt-proc\b[^|]*\/apertium-spa-ita\/ita-spa\.automorf\.bin'?\s*$/
const ITA_SPA_LEXICAL_SELECTION = /^lrx-proc\b.*\/apertium-spa-ita\/ita-spa\.autolex\.bin'?\s*$/

/**
 * Before ita-spa's disambiguation, readings its analyser lacks: "salvate", "salvati" are also
 * "salvare"'s participle ("Impostazioni salvate", "Permessi salvati con successo" came back
 * "Impostaciones guardad", "Permitidos guárdate", a command), and "API" in capitals is the
 * initialism, not "ape"'s plural ("Token API" came back "Token Abejas").
 */
export const ITALIAN_READING_HINTS = `perl -0 -pe '${[
  'BEGIN { $| = 1 }',
  String.raw`s{\^([Ss]alvat([ei]))/[^\$]*\$}{"^$1/salvare<vblex><pp><" . ($2 eq "e" ? "f" : "m") . "><pl>\$"}ge if index($_, "alvat") >= 0;`,
  String.raw`s{\^API/[^\$]*\$}{^API/*API\$}g if index($_, "^API/") >= 0;`,
].join(' ')}'`

/**
 * Italian interface verbs ita-spa's analyser lacks ("Abilita notifiche", "Annulla",
 * "Riprova" came back in Italian), regular "-are" verbs read by their endings
 * (ITALIAN_ARE_ENDINGS), with their Spanish verbs ("riprovare" is "intentar nuevamente").
 */
const ITALIAN_UNKNOWN_VERBS: ReadonlyArray<readonly [stem: string, spanish: string, after?: string]> = [
  ['abilit', 'habilitar'], ['disabilit', 'deshabilitar'], ['annull', 'cancelar'], ['riprov', 'intentar', 'nuevamente<adv>'],
  ['reimpost', 'restablecer'], ['svuot', 'vaciar'], ['scansion', 'escanear'], ['ricaric', 'recargar'], ['segn', 'marcar'],
  ['resett', 'restablecer'],
]
/** A regular Italian "-are" verb's endings and their tags ("-ate" the feminine participle, as interfaces use it: "Notifiche abilitate"). */
const ITALIAN_ARE_ENDINGS: Readonly<Record<string, string>> = {
  are: '<inf>', ato: '<pp><m><sg>', ata: '<pp><f><sg>', ati: '<pp><m><pl>', ate: '<pp><f><pl>', ando: '<ger>', a: '<pri><p3><sg>',
  i: '<pri><p2><sg>', ano: '<pri><p3><pl>', iamo: '<pri><p1><pl>',
}
/** Italian interface words ita-spa's analyser lacks, as ES_FR_UNKNOWN. */
const ITA_SPA_UNKNOWN: UnknownWords = [
  ['a', 'ppunti', '^appunti<n><m><pl>/$Cportapapeles<n><m><sp>$'],
  ['n', 'essun', '^nessun<det><ind><m><sg>/$Cninguno<det><ind><m><sg>$'],
  ['c', 'aricamento', '^caricamento<n><m><sg>/$Ccarga<n><f><sg>$'],
  ['p', 'redefinito', '^predefinito<adj><m><sg>/$Cpredeterminado<adj><m><sg>$'],
  ['p', 'redefinita', '^predefinito<adj><f><sg>/$Cpredeterminado<adj><f><sg>$'],
  ['p', 'redefiniti', '^predefinito<adj><m><pl>/$Cpredeterminado<adj><m><pl>$'],
  ['p', 'redefinite', '^predefinito<adj><f><pl>/$Cpredeterminado<adj><f><pl>$'],
  ['d', 'ecrescente', '^decrescente<adj><mf><sg>/$Cdescendente<adj><mf><sg>$'],
  ['s', 'elettore', '^selettore<n><m><sg>/$Cselector<n><m><sg>$'],
  ['a', 'ccount', '^account<n><f><sg>/$Ccuenta<n><f><sg>$'],
  // a player's subtitles and a file's or an app's commands (Jellyfin's Italian strings kept them:
  // "Modificación los sottotitoli", "Rinomina", "Disinstalla", "Disconnetti"), a command's
  // infinitive as Spanish interfaces write it
  ['s', 'ottotitolo', '^sottotitolo<n><m><sg>/$Csubtítulo<n><m><sg>$'],
  ['s', 'ottotitoli', '^sottotitolo<n><m><pl>/$Csubtítulo<n><m><pl>$'],
  ['r', 'inomina', '^rinominare<vblex><inf>/$Crenombrar<vblex><inf>$'],
  ['d', 'isinstalla', '^disinstallare<vblex><inf>/$Cdesinstalar<vblex><inf>$'],
  ['d', 'isconnetti', '^disconnettere<vblex><inf>/$Cdesconectar<vblex><inf>$'],
]

/**
 * Italian interface words ita-spa translates in a sense no interface means: "Impostazioni"
 * (settings) came back "Impostaciones", "fornire" "abastecer", "Salva" "Salva" (to rescue).
 */
export const ITA_SPA_SENSES: Senses = [
  ['impostazione', 'n', 'ajuste', { instead: true, gender: 'm' }],
  // a player's track, next, previous, stop, resume ("Traccia Successiva", "Arresta Server",
  // "Riprendi" came back "Rastro Subsiguiente", "Arrestar Servidor", "Retomar")
  ['traccia', 'n', 'pista', { instead: true, gender: 'f' }],
  ['successivo', 'adj', 'siguiente', { instead: true }],
  ['precedente', 'adj', 'anterior', { instead: true }],
  ['arrestare', 'vblex', 'detener', { instead: true }],
  ['riprendere', 'vblex', 'reanudar', { instead: true }],
  ['fornire', 'vblex', 'proporcionar', { instead: true }],
  ['salvare', 'vblex', 'guardar', { instead: true }],
  // an interface's search, a user's report, a click ("Ricerca rapida", "Invia segnalazione",
  // "Clicca per copiare" came back "Investigación rápida", "Enviar señalización", "Clicar para
  // copiar", en "Fast investigation", "Send signage", "Clicar to copy")
  ['ricerca', 'n', 'búsqueda', { instead: true, gender: 'f' }],
  ['segnalazione', 'n', 'informe', { instead: true, gender: 'm' }],
  ['cliccare', 'vblex', 'pulsar', { instead: true }],
  // a network's port before its number, a protocol or "valida" ("Usa la porta 465", "Porta SMTP" came back "la puerta 465", en "the door 465")
  ['porta', 'n', 'puerto', { before: '^(?:[0-9]|\\*|valid)', instead: true, gender: 'm' }],
]

/**
 * After ita-spa's lexical selection: `ITA_SPA_SENSES`, ITA_SPA_UNKNOWN, the verbs of
 * ITALIAN_UNKNOWN_VERBS (one opening a sentence in the third person, the command: "Riprova più
 * tardi." → "Intenta nuevamente más tarde.", opening a label the infinitive: "Abilita notifiche"
 * → "Habilitar notificaciones"), and "andare storto" is "salir mal" ("Qualcosa è
 * andato storto" came back "Algo ha ido retorcido"; "Algo ha salido mal", en "Something has gone wrong").
 */
export const ITA_SPA_FILTER = `perl -0 -pe '${[
  `$::toEnglish = index($_, "${intermediateHopMark('en')}") >= 0;`,
  LABEL_RECORD_SUB,
  unknownWordsProgram(ITA_SPA_UNKNOWN),
  unknownVerbsProgram(ITALIAN_UNKNOWN_VERBS, ITALIAN_ARE_ENDINGS, 'are', ['a', '<imp><p2><sg>', '<inf>']),
  sensesProgram(ITA_SPA_SENSES),
  // a label opening with a verb in the present's second or third person singular (as the analyser reads Italian commands) is the infinitive ("Salva modifiche", "Esci" → "Guardar cambios", "Salir")
  String.raw`s{\A([^\^]*\^[^/\$<]*<vblex>)<pri><p[23]><sg>(/[^/\$<]*<vblex>)<pri><p[23]><sg>\$}{$1<inf>$2<inf>\$} if index($_, "<vblex><pri><p") >= 0 && label($_);`,
  // a noun right after a noun modifies it, Spanish "de" between ("Nome utente", "Profilo qualità", "Impostazioni account" came back "Nombre usuario", "Perfil calidad", "Ajustes cuenta"); not after or before "via" (the tagger's noun for the preposition), "web", nor after a colour, nor before an initialism, "manuale" (its adjective) or "push", nor "parola chiave" (a keyword)
  String.raw`s{(\^(?![Vv]ia<|[Ww]eb<|(?:[Vv]erde|[Rr]osso|[Bb]lu|[Gg]iallo|[Nn]ero|[Bb]ianco|[Gg]rigio|[Aa]rancione|[Vv]iola)<)([^\$<]*)<n>[^/\$]*/[^\$]*<n>[^\$]*\$ )(?=\^(?![A-Z]{2,}<|[Vv]ia<|[Ww]eb<|[Mm]anuale<|[Pp]ush<)([^\$<]*)<n>[^/\$]*/[^\$]*<n>[^\$]*\$)}{my ($unit, $first, $second) = ($1, $2, $3); $unit . (lc($first) =~ /^parol/ && lc($second) eq "chiave" ? "" : "^di<pr>/de<pr>\$ ")}ge if index($_, "<n>") >= 0;`,
  // on the way into English a command opening a sentence is "vosotros"'s, which spa-eng reads as one ("Intenta nuevamente…", the "tú" command, came back "It tries again…")
  String.raw`s{${SENTENCE_START}\K(\^[^/\$]*/[^/\$<]*<vblex>)<imp><p2><sg>}{$1<imp><p2><pl>}g if $::toEnglish;`,
  String.raw`s{\^andare<vblex>((?:<[^>]*>)+)/[^\$]*\$ ${WORD_BOUND_BLANK}\^sto(?:rto<adj>|rcere<vblex><pp>)[^\$]*\$}{^andare<vblex>$1/salir<vblex>$1\$ ^storto<adv>/mal<adv>\$}g if index($_, "^andare<vblex>") >= 0;`,
].join(' ')}'`

/** Word characters as the decoder's WORD_CHAR (stream.ts), in a perl character class. */
const PERL_WORD = String.raw`\p{L}\p{M}\p{N}_\x27\x{2019}-`

/** pt-es's Portuguese analyser, after which PORTUGUESE_READING_HINTS run, and its generator, after which PT_ES_GENERATED_FILTER runs. */
const PT_ES_ANALYSER = /^lt-proc\b[^|]*\/apertium-es-pt\/pt-es\.automorf\.bin'?\s*$/
const PT_ES_GENERATOR = /^lt-proc\b.*\s-g\b.*\/apertium-es-pt\/pt-es\.autogen\.bin'?\s*$/

/**
 * Before pt-es's tagger (its transfer looks words up itself, so what it translates is chosen
 * here, by the Portuguese word): "salvar" is "guardar" (a file is saved, not rescued: "Salvar
 * alterações" came back "Salvar cambios"), "via" before a word is the preposition, "por"
 * ("Notificação via web push" came back "Notificación veía web push", "ver"), "Dica" (a tip,
 * which the analyser lacks) "conselho".
 */
export const PORTUGUESE_READING_HINTS = `perl -0 -pe '${[
  'BEGIN { $| = 1 }',
  String.raw`s{(\^[Ss]alv[^/\$]*/)([^\$]*)\$}{my ($surface, $r) = ($1, $2); $r =~ s{(^|/)([Ss])alvar<vblex>}{$1 . ($2 eq "S" ? "G" : "g") . "uardar<vblex>"}ge; "$surface$r\$"}ge if index($_, "alvar<vblex>") >= 0;`,
  // and its short participle "salvo", "salvas" (which the analyser reads as the adjective "safe"
  // and "salvar"'s present) the participle of "guardar": "Configurações salvas", "foram salvas"
  // came back "Configuraciones salvas", en "Configurations save"
  String.raw`s{\^([Ss]alv([oa])(s?))/[^\$]*salvo<adj>[^\$]*\$}{"^$1/guardar<vblex><pp><" . ($2 eq "o" ? "m" : "f") . "><" . ($3 eq "s" ? "pl" : "sg") . ">\$"}ge if index($_, "salvo<adj>") >= 0;`,
  String.raw`s{\^([Vv])ia/[^\$]*\$(?= +(?:\[\[[^\]]*\]\])?\^)}{"^$1ia/" . ($1 eq "V" ? "P" : "p") . "or<pr>\$"}ge if index($_, "ia/via<n>") >= 0;`,
  String.raw`s{\^([Dd])ica/\*[^\$]*\$}{"^$1ica/" . ($1 eq "D" ? "C" : "c") . "onselho<n><m><sg>\$"}ge if index($_, "ica/*") >= 0;`,
  // a network's port ("porto", Spanish "puerto") before its number, a protocol or "válida",
  // masculine with its determiner and adjective: "A porta 587", "uma porta válida" came back
  // "La puerta 587", en "the door"; now "El puerto 587", "un puerto válido"
  String.raw`sub masculine { my ($surface, $rest) = $_[0] =~ /\A\^((?:[^\\\/\$]|\\.)*)\/(.*)\$\z/s or return $_[0]; my @kept = grep { /<(?:det|adj)>/ } split m{/}, $rest; s/<f>/<m>/ for @kept; @kept ? "^" . join("/", $surface, @kept) . "\$" : $_[0] }`,
  String.raw`s{((?:\^(?:[^\\\$]++|\\.)*+\$ )?)\^([Pp])orta(s?)/(?:[^\\\$]++|\\.)*+\$(?=( +(?:\[\[[^\]]*\]\])?\^(?:[0-9]|[A-Z]{2,}/|v\xc3\xa1lid)(?:[^\\\$]++|\\.)*+\$))}{my ($before, $p, $s, $after) = ($1, $2, $3, $4); ($before =~ /<det>[^\$]*<f>/ ? substr($before, 0, -1) =~ s/\A(.*)\z/masculine($1)/er . " " : $before) . "^$p" . "orta$s/$p" . "orto<n><m><" . ($s eq "s" ? "pl" : "sg") . ">\$"}ge if index($_, "orta") >= 0; s{(\^[Pp]ortas?/[Pp]orto<n><m>(?:<[^>]*>)*\$ )(\^v\xc3\xa1lid[^\$]*\$)}{$1 . masculine($2)}ge if index($_, "orto<n><m>") >= 0;`,
  // on the way to English (intermediateHopMark) "seu", "sua" are "teu", "tua", to French "vosso",
  // "vossa": an interface's "você" owns them, and Spanish "su" was en "his", fr "son" ("Sua
  // conta", "prover seu e-mail" came back "His account", "provide his email", "Son compte"; now
  // "Your account", "your email", "Votre compte")
  String.raw`s{(/)([Ss])eu(<(?:adj|det|prn)>(?:<tn>)?<pos>)}{$1 . ($::toFrench ? ($2 eq "S" ? "V" : "v") . "osso" : ($2 eq "S" ? "T" : "t") . "eu") . $3}ge if ($::toFrench = index($_, "${intermediateHopMark('fr')}") >= 0) || index($_, "${intermediateHopMark('en')}") >= 0;`,
].join(' ')}'`

/**
 * After pt-es's generator, words it has no better translation for: "senha" (a password) came
 * back "seña" (a sign), "deu errado" (went wrong) "dio errado"; now "contraseña", "salió mal".
 */
export const PT_ES_GENERATED_FILTER = `perl -CSD -0 -pe '${[
  'BEGIN { $| = 1 }',
  // (a -CSD program's own text is bytes: "ñ", "ó" as \x{…})
  String.raw`s{(?<![${PERL_WORD}])([Ss])e\x{f1}a(s?)(?![${PERL_WORD}])}{($1 eq "S" ? "C" : "c") . "ontrase\x{f1}a$2"}ge;`,
  String.raw`s{(?<![${PERL_WORD}])([Dd])io errad[oa](?![${PERL_WORD}])}{($1 eq "D" ? "S" : "s") . "ali\x{f3} mal"}ge; s{(?<![${PERL_WORD}])(ha|han|hab\x{ed}a) dado errad[oa](?![${PERL_WORD}])}{$1 salido mal}g;`,
].join(' ')}'`

/** cat-eng's lexical selection, after which CAT_ENG_FILTER runs. */
const CAT_ENG_LEXICAL_SELECTION = /^lrx-proc\b.*\/apertium-eng-cat\/cat-eng\.autolex\.bin'?\s*$/

/**
 * Catalan interface words cat-eng translates in a sense no interface means: "carregar" is to
 * load (not to debit), a "servei" a service (not a kick), "sol·licitar" and "sol·licitud" a
 * request ("Carregant…", "Serveis", "Sol·licitar" came back "Debiting…", "Kicks", "Solicit").
 */
export const CAT_ENG_SENSES: Senses = [
  ['carregar', 'vblex', 'load', { instead: true }],
  // a connection is tested, anything else tried ("Proveu la connexió" came back "You prove the connection")
  ['provar', 'vblex', 'test', { before: '^(?:connexió|configuració|notificació)<', instead: true }],
  ['provar', 'vblex', 'try', { instead: true }],
  ['servei', 'n', 'service', { instead: true }],
  ['sol·licitar', 'vblex', 'request', { instead: true }],
  ['sol·licitud', 'n', 'request', { instead: true }],
  // an interface's issue, a film's studio, a search, a start ("Mostra totes les incidències",
  // "Estudi TMDB", "Començar a escriure per a cercar" came back "Show all the incidences",
  // "Survey TMDB", "Commence at writing to seek")
  ['incidència', 'n', 'issue', { instead: true }],
  ['estudi', 'n', 'studio'],
  ['cercar', 'vblex', 'search'],
  ['començar', 'vblex', 'start'],
  // and what an interface does with them: send, delete, close, an account ("Envia la incidència",
  // "Suprimeix l'usuari", "Tanca", "compte de Plex" came back "Route…", "Suppress…", "Shut", "Plex bead")
  ['enviar', 'vblex', 'send'],
  ['suprimir', 'vblex', 'delete', { instead: true }],
  ['tancar', 'vblex', 'close'],
  ['compte', 'n', 'account'],
]

/**
 * After cat-eng's lexical selection: `CAT_ENG_SENSES`, and
 * - a verb in the second person plural opening a sentence is the command, as Catalan interfaces
 *   write instructions ("Proveu la connexió", "Inicieu sessió per continuar" came back "You prove
 *   the connection", "You induct session…"), and a label's verb in the third person singular too
 *   (the "tu" command: "Crea un usuari local", "Rebutja" came back "It creates a local user", "It
 *   rebuffs");
 * - "iniciar/tancar (la) sessió" are "sign in/out";
 * - "API" is the initialism, not celery;
 * - "produir-se" is "occur", its subject first ("S'ha produït un error" came back "It has produced
 *   an error").
 */
export const CAT_ENG_FILTER = `perl -0 -pe '${[
  LABEL_RECORD_SUB,
  sensesProgram(CAT_ENG_SENSES),
  String.raw`s{${SENTENCE_START}\K(\^[^/\$<]*<vblex>)<(?:pri|prs)><p2><pl>((?:/[^/\$<]*<vblex>(?:<[^>]*>)*?)<(?:pri|prs)><p2><pl>)*\$}{my $unit = $&; $unit =~ s{<(?:pri|prs)><p2><pl>}{<imp><p2><pl>}g; $unit}ge if index($_, "<p2><pl>") >= 0;`,
  String.raw`if (index($_, "<vblex><pri><p3><sg>") >= 0 && label($_)) { s{\A([^\^]*)(\^[^/\$<]*<vblex><pri><p3><sg>/[^\$]*\$)}{my ($before, $unit) = ($1, $2); $unit =~ s{<pri><p3><sg>}{<imp><p2><sg>}g; $before . $unit}e }`,
  signInOutProgram({ start: 'iniciar', end: 'tancar', session: 'sessió', article: 'el<det><def><f><sg>' }),
  String.raw`s{\^API<n>((?:<[^>]*>)*)/[^\$]*\$}{^API<n>$1/API<n><sg>\$}g if index($_, "^API<n>") >= 0;`,
  occurProgram({ reflexive: 'es', have: 'haver', produce: 'produir' }),
].join(' ')}'`

/** The Spanish analysers of es-pt (es-pt_BR too), after which SPANISH_COMMAND_HINTS run, of es-fr (SPANISH_FRENCH_COMMAND_HINTS), of spa-ita (SPA_ITA_COMMAND_HINTS) and of spa-eng (SPA_ENG_COMMAND_HINTS). */
const ES_PT_ANALYSER = /^lt-proc\b[^|]*\/apertium-es-pt\/es-pt\.automorf\.bin'?\s*$/
const ES_FR_ANALYSER = /^lt-proc\b[^|]*\/apertium-fr-es\/es-fr\.automorf\.bin'?\s*$/
const SPA_ENG_ANALYSER = /^lt-proc\b[^|]*\/apertium-eng-spa\/spa-eng\.automorf\.bin'?\s*$/
const SPA_ITA_ANALYSER = /^lt-proc\b[^|]*\/apertium-spa-ita\/spa-ita\.automorf\.bin'?\s*$/

/** The replacement of spanishCommandHints' substitutions that read a command: what comes before it, then command()'s answer or the two units as they were. */
const COMMAND_AT = String.raw`my ($before, $lu, $next) = ($1, $2, $3); my $command = command($lu, $next); $before . ($command // "$lu $next")`

/**
 * "Auto" before a hyphen is the prefix, kept as written (a word the pair does not know), for the
 * English hints and the Spanish ones: the hyphen is a unit of its own in English analyses
 * (`^-/-<guio>$`), a blank in es-fr's, behind a hyphen's blank (`[h:]`) where stream.ts put one.
 */
const AUTO_PREFIX = String.raw`s{\^([Aa]uto)/[^\$]*\$(?=(?:\[h:\])?(?:\^-/-<guio>\$|-))}{^$1/*$1\$}g if index($_, "uto/") >= 0;`

/**
 * A Spanish command opening a sentence (or after "Por favor,"), into French, Portuguese, Italian
 * and English: the "tú" imperative is the third person's present ("Añade", "Elimina", "Muestra",
 * "Muestra"'s pronominal "mostrarse" too), which the taggers of es-fr, es-pt, spa-ita and spa-eng
 * chose (spa-eng "Selecciona un idioma" → "It selects a language"), and English interface text
 * reaches the first three through eng-spa,
 * which writes commands so: "Add to cart", "Delete the file" came back fr "Il ajoute à char",
 * "Il élimine les archives", pt "Acrescenta…", it "Aggiunge…". A sentence's first word whose readings are that verb's
 * imperative and present, before a word that can be a determiner, a preposition, a noun or a
 * number and not an adverb, a conjunction or an auxiliary, or one the analyser does not know,
 * is the infinitive (one that can be a noun too, only before a word that can be a determiner
 * ("otra": "Prueba otra vez") or a plural, and not a verb: "Muestra notificaciones", not "Fecha
 * de entrega"), and the word after it its object, not a
 * verb ("Elimina archivo": "archivo" is also a form of "archivar"), as these languages'
 * interfaces write commands: "Ajouter à char", "Acrescentar…", "Aggiungere…". Before an adverb
 * or the end it is left to the tagger ("Funciona bien" is "It works well"); one that can be a
 * noun before a singular noun too ("Copia enlace" stays the tagger's "Il copie lien", "enlace"
 * a form of "enlazar" too: "Fecha límite" is a noun's).
 */
function spanishCommandHints({ presentAlone = false, english = false, passiveSe = english }: { presentAlone?: boolean; english?: boolean; passiveSe?: boolean } = {}): string {
  // a unit whose every reading is a verb and none a participle, and a person's noun (below)
  const verbUnit = String.raw`((?<![^ \]])\^(?:[^\\\$/]++|\\.)*+(?:/(?:[^\\\$/<]++|\\.)*+<vblex><(?:inf|imp|pri|pii|ifi|fti|cni|prs|ger)>(?:[^\\\$/]++|\\.)*+)+\$ )`
  const personUnit = String.raw`\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?(?:${PERSONS.join('|')})<n>`
  return `perl -0 -pe '${[
    String.raw`BEGIN { $| = 1 }`,
    // into English and French (passiveSe), a sentence that opens with the reflexive "se", a verb in
    // the third person's present or preterite and its subject (a noun, a determiner before it) is
    // the passive, as English and French say it: "Se requiere contraseña", "Se eliminó el
    // archivo", "Se guardaron los cambios" came back "It requires password", "It deleted the file", "They saved
    // the changes"; read as "Contraseña es requerida"…: "Password is required", "The file was
    // deleted", "The changes were saved". The noun's number is the verb's; what follows it is the
    // end, punctuation or a preposition
    ...(passiveSe ? [
      String.raw`sub passiveSe { my ($se, $verb, $det, $noun) = @_; my ($lemma, $tense, $number) = $verb =~ m{/((?:[^\\/<\$]|\\.)+)<vblex><(pri|ifi)><p3><(sg|pl)>} or return undef; my ($nounSurface, @n) = split m{/}, substr($noun, 1, -1); my @nouns = grep { /<n><[mf]>(?:<[^>]*>)*<\Q$number\E>/ } @n; return undef if !@nouns; my ($gender) = $nouns[0] =~ /<n><([mf])>/; my @d = (); if ($det ne "") { my ($detSurface, @r) = split m{/}, substr($det, 1, -1); my @dets = grep { /<det>/ } @r; return undef if !@dets; @d = ([$detSurface, @dets]) } my $capital = $se =~ /^S/; my @out = (@d, [$nounSurface, @nouns]); if ($capital) { $out[0][0] = ucfirst $out[0][0]; s/^(\w)/\u$1/ for @{$out[0]}[1 .. $#{$out[0]}] } my $be = { pri => { sg => "es", pl => "son" }, ifi => { sg => "fue", pl => "fueron" } }->{$tense}{$number}; join(" ", map({ "^" . join("/", @$_) . "\$" } @out), "^$be/ser<vbser><$tense><p3><$number>\$", "^$lemma/$lemma<vblex><pp><$gender><$number>\$") }`,
      String.raw`s{((?:\A|<sent>\$)\s*(?:\[v:\d+\]\s*)?)\^([Ss]e)/[^\$]*<prn><pro><ref>[^\$]*\$ (\^(?:[^\\\$]++|\\.)*+\$) (?:(\^(?:[^\\\$]++|\\.)*+\$) )?(\^(?:[^\\\$]++|\\.)*+\$)(?=\^[.!?]/|\^,/|\s*\[v:e\]|\s*\z| \^[^\$]*?<pr>)}{my ($all, $lead, $se, $verb, $det, $noun) = ($&, $1, $2, $3, $4 // "", $5); my $passive = passiveSe($se, $verb, $det, $noun); defined $passive ? $lead . $passive : $all}ge if index($_, "<prn><pro><ref>") >= 0;`,
    ] : []),
    // "comprueba", the command eng-spa writes for "check" ("Check the logs" → "Comprueba los
    // registros"), which es-fr's analyser lacks (fr "Comprueba les registres."; now "Vérifier les
    // registres."); the pairs that know it are left as they are
    String.raw`s{\^([Cc])omprueba/\*[Cc]omprueba\$}{^$1omprueba/$1omprobar<vblex><pri><p3><sg>/$1omprobar<vblex><imp><p2><sg>\$}g if index($_, "omprueba/*") >= 0;`,
    // "nada" before a verb is the pronoun, not "nadar" ("Nada pasó", eng-spa's "Nothing happened",
    // came back fr "Il nage il est passé")
    String.raw`s{(\^[Nn]ada/[^\$]*?)(?:/[Nn]adar<vblex>[^/\$]*)+(?=\$ \^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<vb)}{$1}g if index($_, "adar<vblex>") >= 0;`,
    // "así" is never "asir" (to seize: "es así" came back fr "il est j'ai pris")
    String.raw`s{(\^[Aa]sí/[^\$]*?)/[Aa]sir<vblex>[^/\$]*}{$1}g if index($_, "sir<vblex>") >= 0;`,
    // and "Como" is never the Italian town ("Como sabes, …" came back fr "Côme tu sais")
    String.raw`s{(\^Como/[^\$]*?)/Como<np><loc>}{$1}g if index($_, "/Como<np><loc>") >= 0;`,
    // "Auto" before a hyphen (eng-spa keeps English "Auto-Approve"'s: "Auto-Aprobar"), not a
    // court's act: fr "Acte-Approuver"
    AUTO_PREFIX,
    // a sentence's first word that is a person's name (or another name, not a place's) and a
    // common word is the word: es-fr read a label's "Rojo" (en→es's "Red") as the surname,
    // "Comando" as a name, and left them untranslated; now "Rouge", "Commande"
    String.raw`s{((?:\A|<sent>\$)(?:[^\\^]++|\\.)*+\^(?:[^\\\$/]++|\\.)*+)/(?:[^\\\$/<]++|\\.)*+<np><(?:ant|al)>(?:<[^>\$]*>)*(?=/)}{$1}g if index($_, "<np><") >= 0;`,
    String.raw`sub command { my ($lu, $next) = @_; my ($surface, @r) = split /\//, substr($lu, 1, -1); my ($verb) = map { /^((?:[^<\\]|\\.)*)<vblex>${presentAlone ? '<pri><p3><sg>' : '<imp><p2><sg>'}$/ ? $1 : () } @r; return undef if !defined $verb || !grep({ $_ eq "$verb<vblex><pri><p3><sg>" } @r) || grep { !/^\Q$verb\E(?:se<vblex><pron>|<vblex>)<(?:pri><p3|imp><p2)><sg>$/ && !/^(?:[^<\\]|\\.)*<n>/ && !/^(?!\Q$verb\E<)(?:[^<\\]|\\.)*<vblex><(?:prs><p[13]|imp><p3)><sg>$/ } @r; my (undef, @n) = split /\//, substr($next, 1, -1); return undef if !@n || $n[0] !~ /^\*/ && (!grep({ /^(?:[^<\\]|\\.)*<(?:det|predet|pr|n|np|num)>/ } @n) || grep { /^(?:[^<\\]|\\.)*<(?:adv|preadv|cnjadv|cnjsub|cnjcoo|rel|vbser|vbhaver|vbmod)>/ } @n); return undef if grep({ /^(?:[^<\\]|\\.)*<n>/ } @r) && (!grep({ /<det>|<n>(?:<[^>]*>)*<pl>/ } @n) || grep { /<vblex>/ } @n); my ($word) = split /\//, substr($next, 1, -1); my @objects = grep { !/^(?:[^<\\]|\\.)*<vblex>/ } @n; "^$surface/$verb<vblex><inf>\$ " . (@objects && @objects < @n ? "^" . join("/", $word, @objects) . "\$" : $next) }`,
    String.raw`s{(\A(?:[^\\^]++|\\.)*+|<sent>\$(?:[^\\^]++|\\.)*+|[Ff]avor<adv>\$\^,/,<cm>\$ )(\^(?:[^\\\$]++|\\.)*+\$) (\^(?:[^\\\$]++|\\.)*+\$)}{${COMMAND_AT}}ge if index($_, "${presentAlone ? '<pri><p3><sg>' : '<imp><p2><sg>'}") >= 0;`,
    // and after a sentence's opening clause and its comma, a condition, a time, a purpose or a
    // sequence's adverb: documentation's steps, and eng-spa's (ENGLISH_READING_HINTS' `instruction`):
    // "Para instalar, ejecuta lo siguiente", "Primero, comprueba los registros" came back fr
    // "Pour installer, il exécute…", "D'abord, il vérifie…"; now "exécuter", "vérifier" (a
    // "por favor" between: "Si falla, por favor, abre una incidencia")
    String.raw`s{((?:\A|<sent>\$)(?:[^\\^]++|\\.)*+\^(?:[Ss]i|[Cc]uando|[Pp]ara|[Uu]na vez|[Aa]ntes|[Dd]espués|[Aa]l|[Pp]rimero|[Ll]uego|[Ee]ntonces|[Ff]inalmente|[Pp]or último|[Tt]ambién|[Aa]hora|[Oo]pcionalmente|[Aa]lternativamente|[Aa]demás)/(?:[^\\\$]++|\\.)*+\$(?:(?!\^,/|<sent>\$)(?:[^\\]|\\.))*+\^,/,<cm>\$(?:[^\\^]++|\\.)*+(?:\^por(?: |/(?:[^\\\$]++|\\.)*+\$ \^)favor/(?:[^\\\$]++|\\.)*+\$\^,/,<cm>\$(?:[^\\^]++|\\.)*+)?)(\^(?:[^\\\$]++|\\.)*+\$) (\^(?:[^\\\$]++|\\.)*+\$)}{${COMMAND_AT}}ge if index($_, ",<cm>") >= 0 && index($_, "${presentAlone ? '<pri><p3><sg>' : '<imp><p2><sg>'}") >= 0;`,
    // after a sentence's first word that can only be an infinitive, a word that can be a noun
    // is that noun, the infinitive's object, not a verb (eng-spa writes labels so: "Copiar
    // enlace" came back fr "Copier il raccorde", "enlace" a form of "enlazar"; now "Copier lien")
    // es-fr's analyser has "enlace" only as a form of "enlazar" ("el enlace" came back "le
    // raccorde"), es-fr's and spa-ita's "pedido" only as "pedir"'s participle (an order after a
    // determiner, a preposition or an infinitive: "Historial de pedido" came back "Historique de
    // demandé"; "Pedido" alone stays "Requested"), spa-ita's "equipo" only as "equipar"
    // ("Invitar a tu equipo" came back "Invitare a vostro equipaggio"), spa-eng's "ajustes" only as
    // "ajustar"'s subjunctive (an app's settings: "Ajustes de notificación" came back "Adjust of
    // notification"); the noun gets its reading, which ES_FR_SENSES, SPA_ITA_SENSES and
    // SPA_ENG_SENSES translate "lien", "commande", "ordine", "squadra", "setting"
    String.raw`sub withNoun { my ($word, $noun, $plural, $r) = @_; $r =~ /<n>/ ? "^$word/$r\$" : "^$word/$noun<n><m><" . ($plural ? "pl" : "sg") . ">/$r\$" }`,
    String.raw`s{\^(([Ee]nlace|[Ee]quipo|[Aa]juste)(s?))/((?:[^\\\$]++|\\.)*+)\$}{withNoun($1, $2, $3, $4)}ge if index($_, "nlace") >= 0 || index($_, "quipo") >= 0 || index($_, "juste") >= 0;`,
    String.raw`s{(\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<(?:det|pr|vblex><inf)>(?:[^\\\$]++|\\.)*+\$ )\^(pedido(s?))/((?:[^\\\$]++|\\.)*+)\$}{my ($before, $word, $plural, $r) = ($1, $2, $3, $4); $before . withNoun($word, "pedido", $plural, $r)}ge if index($_, "pedido") >= 0;`,
    String.raw`sub infinitiveObject { my ($next) = @_; my ($word, @n) = split /\//, substr($next, 1, -1); my @objects = grep { !/^(?:[^<\\]|\\.)*<vblex>/ } @n; @objects && @objects < @n && grep({ /^(?:[^<\\]|\\.)*<n>/ } @objects) ? "^" . join("/", $word, @objects) . "\$" : $next }`,
    String.raw`s{((?:\A|<sent>\$)(?:[^\\^]++|\\.)*+\^(?:[^\\\$/]++|\\.)*+(?:/(?:[^\\\$/<]++|\\.)*+<vblex><inf>)+\$ )(\^(?:[^\\\$]++|\\.)*+\$)}{$1 . infinitiveObject($2)}ge if index($_, "<vblex><inf>\$ ") >= 0;`,
    // Spanish's personal "a" (SPANISH_CLAUSE_FILTER writes it: "Bloquear a este usuario",
    // "Contactar al administrador") goes: French, Portuguese, Italian have none ("Bloquer à cet
    // utilisateur" → "Bloquer cet utilisateur"); only after a word that can only be a verb and
    // not a participle, as SPANISH_CLAUSE_FILTER writes it ("información de cuenta al usuario",
    // "asignados al usuario" are a dative's)
    String.raw`s{${verbUnit}\^a/a<pr>\$ (?=\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<(?:det|predet)>(?:[^\\\$]++|\\.)*+\$ (?:\^(?:[^\\\$]++|\\.)*+\$ )?${personUnit})}{$1}g if index($_, "^a/a<pr>\$") >= 0;`,
    String.raw`s{${verbUnit}\^al/a<pr>\+el<det><def><m><sg>\$(?= ${personUnit})}{$1^el/el<det><def><m><sg>\$}g if index($_, "^al/a<pr>+el") >= 0;`,
    // "de pago" after the nouns of a payment's page is "of payment", not the adjective "paid"
    // ("Método de pago" came back fr "Méthode payant"; "Contenido de pago" stays paid content)
    String.raw`s{(\^(?:[Mm]étodo|[Ff]orma|[Mm]edio|[Ii]nformación|[Dd]atos|[Dd]etalles|[Hh]istorial|[Pp]roceso|[Pp]asarela|[Pp]lataforma|[Oo]pciones|[Ee]rror|[Cc]onfirmación|[Ee]stado)s?/(?:[^\\\$]++|\\.)*+\$ )\^de pago/de pago<adj><mf><sp>\$}{$1^de/de<pr>\$ ^pago/pago<n><m><sg>\$}g if index($_, "^de pago/") >= 0;`,
    // after "más", "tarde" is the adverb ("Inténtalo más tarde" came back fr "plus soir", the
    // evening); after a preposition, a word that can be a noun and else only a finite verb or a
    // participle is the noun ("Método de pago", "sobre privacidad", "Historial de pedido" came
    // back fr "Méthode payant", pt "sobre intimidem", a subjunctive, fr "Historique de demandé")
    String.raw`s{(\^[Mm]ás/(?:[^\\\$]++|\\.)*+\$ \^tarde/)(?:[^\\\$]++|\\.)*+\$}{$1tarde<adv>\$}g if index($_, "^tarde/") >= 0;`,
    // a unit whose readings are a noun's and else only verb forms matching $forms, as the noun
    String.raw`sub nounOnly { my ($surface, $r, $forms) = @_; my @r = split /\//, $r; my @n = grep { /^(?:[^<\\]|\\.)*<n>/ } @r; @n && @n < @r && !grep({ !/^(?:[^<\\]|\\.)*<(?:n>|vblex><$forms)/ } @r) ? "^$surface/" . join("/", @n) . "\$" : "^$surface/$r\$" }`,
    String.raw`s{(\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$/<]++|\\.)*+<pr>\$ )\^((?:[^\\\$/]++|\\.)*+)/((?:[^\\\$]++|\\.)*+)\$}{$1 . nounOnly($2, $3, qr/(?:pri|prs|imp|ifi|pii|fti|cni|pp)/)}ge if index($_, "<pr>\$ ") >= 0;`,
    // a word that can be a noun, or else only a subjunctive or a formal imperative, is the noun
    // after a determiner, and first in a sentence unless a determiner or a pronoun follows
    // ("Clave API", "La clave API", eng-spa's "API key", came back pt "Finque API", "Finque-a
    // API", "clavar"'s imperative and subjunctive; "Toque el botón" stays)
    String.raw`s{((?:\A|<sent>\$)(?:[^\\^]++|\\.)*+)\^((?:[^\\\$/]++|\\.)*+)/((?:[^\\\$]++|\\.)*+)\$(?= \^(?:[^\\\$/]++|\\.)*+/(?![^\$]*<(?:det|prn)>))}{$1 . nounOnly($2, $3, qr/(?:prs|imp><p3)/)}ge if index($_, "<prs>") >= 0;`,
    String.raw`s{(\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<det>(?:[^\\\$]++|\\.)*+\$ )\^((?:[^\\\$/]++|\\.)*+)/((?:[^\\\$]++|\\.)*+)\$}{$1 . nounOnly($2, $3, qr/(?:prs|imp><p3)/)}ge if index($_, "<prs>") >= 0;`,
    // "para" is never "parir"'s subjunctive (to give birth), which spa-ita's tagger chose before
    // an infinitive and everywhere else: "Para continuar, inicia sesión", "Es para ti" (eng-spa's
    // "To continue, sign in", "It is for you") came back it "Partorisca continuare…", "È
    // partorisca te" (211 of 2 862 corpus strings into Italian had it); inside a sentence it is
    // the preposition and not "parar" either ("Ningún resultado para "{query}"" came back it
    // "…ritrovato ferma"); opening one, "parar" stays ("Para la descarga": stop it)
    String.raw`s{((?:\A|<sent>\$)(?:[^\\^]++|\\.)*+)?\^([Pp]ara)/((?:[^\\\$]++|\\.)*+)\$}{my ($before, $para, $r) = ($1, $2, $3); $r =~ s{/[Pp]arir<vblex><prs><p[13]><sg>}{}g; $r =~ s{/[Pp]arar<vblex>[^/]*}{}g if !defined $before && $r =~ /<pr>/; ($before // "") . "^$para/$r\$"}ge if index($_, "ara/") >= 0;`,
    // "ID" in capitals is an identifier, not "id" (go!, ir's imperative): "ID de usuario" came
    // back it "ANDATE di utente", fr "ALLEZ", pt "VÃO"
    String.raw`s{\^ID/(?:[^\\\$]++|\\.)*+\$}{^ID/*ID\$}g if index($_, "^ID/") >= 0;`,
    // into English, a verb opening a sentence whose readings are only the formal command and the
    // subjunctive is the command ("Haga clic en el usuario", "Intente de nuevo" came back "It
    // click on the user", "It tries again")
    ...(english ? [
      String.raw`sub formal { my ($surface, $r) = @_; my @r = split /\//, $r; my ($verb, $category) = map { /^((?:[^<\\]|\\.)*)<(vblex|vbser)><imp><p3><sg>$/ ? ($1, $2) : () } @r; return "^$surface/$r\$" if !defined $verb || grep { !/^\Q$verb\E<$category><(?:prs><p[13]|imp><p3)><sg>$/ } @r; "^$surface/$verb<$category><imp><p2><sg>\$" }`,
      String.raw`s{((?:\A|<sent>\$)(?:[^\\^]++|\\.)*+)\^((?:[^\\\$/]++|\\.)*+)/((?:[^\\\$]++|\\.)*+)\$}{my ($before, $surface, $r) = ($1, $2, $3); $before . formal($surface, $r)}ge if index($_, "<imp><p3><sg>") >= 0;`,
    ] : []),
    // into English, "Intenta" opening a sentence before an infinitive is the command ("Intenta
    // guardar de nuevo" came back "It tries to save again")
    ...(english ? [String.raw`s{((?:\A|<sent>\$)(?:[^\\^]++|\\.)*+\^[Ii]ntenta/)(?:[^\\\$]++|\\.)*+\$(?= \^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<vblex><inf>)}{$1intentar<vblex><imp><p2><sg>\$}g if index($_, "ntenta/") >= 0;`] : []),
    // "pendiente" not after a determiner (the slope, the earring) is the adjective: "está
    // pendiente de validación", a status's "Pendiente", "Estado: pendiente" came back en "is
    // validation slope", "Slope", "State: slope"
    String.raw`s{((?:\A|(\^(?:[^\\\$]++|\\.)*+\$))(?:[^\\^]++|\\.)*+\^[Pp]endientes?/)((?:[^\\\$]++|\\.)*+)\$}{my ($before, $previous, $r) = ($1, $2, $3); my @adj = grep { /<adj>/ } split /\//, $r; $before . (@adj && !(defined $previous && $previous =~ /<det>/) ? join("/", @adj) : $r) . "\$"}ge if index($_, "endiente") >= 0;`,
    // "Bienvenido" opening a sentence is the greeting, not a man's name ("Bienvenido a Overseerr"
    // came back en "Bienvenido to Overseerr")
    String.raw`s{(\^[Bb]ienvenid[oa]s?/(?:[^\\\$/]++|\\.)*+)/[^/\$]*<np>[^/\$]*}{$1}g if index($_, "ienvenid") >= 0;`,
    // "mal" right after a word that can be a verb is the adverb: es-pt's tagger chose the
    // adjective ("Algo salió mal", "Lo hice mal" came back "Algo saiu mau", "Fiz-o mau"; now
    // "saiu mal")
    // (not into English: "está mal" is "is wrong", not "is badly")
    ...(english ? [] : [String.raw`s{(\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<vb(?:lex|ser|haver)>(?:[^\\\$]++|\\.)*+\$ \^[Mm]al/)(?:[^\\\$]++|\\.)*+\$}{$1mal<adv>\$}g if index($_, "/mal<adj>") >= 0;`]),
    // into English, an initialism after a word that can be a noun (and else only an adjective or
    // a verb: "este" is also "east") goes before it, the word that noun ("Clave API", "Archivo
    // PDF", "Servidor SMTP" came back "Key API", "I file PDF", "Server SMTP"; now "API Key", "PDF
    // file", "SMTP Server"), in lower case where it opened the sentence; so does a name the
    // analyser does not know and a number with a unit's capitals ("Servidor Radarr", "Servidor
    // 4K" came back "Server Radarr", "Server 4K"), not a Spanish participle or adverb it lacks
    // ("Petición Fallida")
    ...(english ? [
      String.raw`s{(?<![^ \]])\^((?:[^\\\$/]++|\\.)*+)/((?:[^\\\$]++|\\.)*+)\$ (\^(?:[A-Z]{2,5}|(?![A-Za-z0-9]*(?:ad[oa]s?|id[oa]s?|mente|ción|ciones)/)[A-Z][a-z]+[A-Za-z0-9]*)/(?:\*[A-Za-z0-9]+|[A-Z]{2,5}<n><acr>(?:[^\\\$]++|\\.)*+)\$|\^[0-9]+/[0-9]+<num>\$\^[A-Z]{1,3}/\*[A-Z]{1,3}\$)}{my ($surface, $r, $initialism, $at) = ($1, $2, $3, $-[0]); my $last = rindex($_, "^", $at - 1); $last = rindex($_, "^", $last - 1) while $last > 0 && substr($_, $last - 1, 1) eq "\\"; my $opens = $last < 0 || substr($_, $last, $at - $last) =~ /\A\^(?:[^\\\$]|\\.)*<sent>\$(?:[^\\^]++|\\.)*+\z/; my @r = split /\//, $r; my @n = grep { /^(?:[^<\\]|\\.)*<n>/ } @r; @n = () if grep { !/^(?:[^<\\]|\\.)*<(?:n|adj|vblex)>/ } @r; if (@n && $opens && $surface =~ /^[A-Z][a-z]*$/) { s/^([A-Z])/\l$1/ for $surface, @n } @n ? "$initialism ^$surface/" . join("/", @n) . "\$" : "^$surface/$r\$ $initialism"}ge if /\^[A-Z]{2,5}\// || /\^[A-Z][a-z][A-Za-z0-9]*\/\*|<num>\$\^[A-Z]{1,3}\/\*/;`,
    ] : []),
  ].join(' ')}'`
}
export const SPANISH_COMMAND_HINTS = spanishCommandHints()
/** es-fr's: SPANISH_COMMAND_HINTS and the reflexive passive ("Se requiere contraseña" came back "Il se requiert mot de passe"; es-pt's "Requer-se" is right). */
export const SPANISH_FRENCH_COMMAND_HINTS = spanishCommandHints({ passiveSe: true })
/** spa-ita's: its analyser reads some imperatives only as the present ("Añade"), which is enough there. */
export const SPA_ITA_COMMAND_HINTS = spanishCommandHints({ presentAlone: true })
/** spa-eng's: and an initialism after a noun goes before it. */
export const SPA_ENG_COMMAND_HINTS = spanishCommandHints({ english: true })

/** en-eo's last transfer stage, after which EN_EO_PARTICIPLE_AGREEMENT runs. */
const EN_EO_POSTCHUNK = /^apertium-postchunk\b.*\/en-eo\.t3x\.bin'?\s*$/

/**
 * en-eo's transfer writes a participle with no number or case, which the generator's
 * participles have none of either: "dividita" for every "shared" ("You can view shared files",
 * "Settings saved.", "The files were deleted." came back "vidi dividita dosierojn",
 * "Konfiguracioj savita", "La dosieroj estis forigita"). Esperanto's participles agree as its
 * adjectives do; the endings go as text right after the unit, which the generator copies: a
 * participle before a noun takes its number and case ("dividitajn dosierojn"), one after a
 * plural noun or pronoun in the nominative, or after "esti" (adverbs between) that follows one,
 * the plural ("Konfiguracioj savitaj", "La dosieroj estis forigitaj", "Ili estis forigitaj").
 */
export const EN_EO_PARTICIPLE_AGREEMENT = `perl -0 -pe '${[
  'BEGIN { $| = 1 }',
  String.raw`s{(\^(?:[^\\\$<]++|\\.)*+<vblex><pp>\$)(?= (?:\[\[[^\]]*\]\])?\^(?:[^\\\$<]++|\\.)*+<n>(?:<[^>]*>)*?<(sg|pl)><(nom|acc)>\$)}{$1 . ($2 eq "pl" ? "j" : "") . ($3 eq "acc" ? "n" : "")}ge if index($_, "<vblex><pp>") >= 0;`,
  String.raw`s{(<(?:n|prn)>(?:<[^>]*>)*<pl>(?:<[^>]*>)*<nom>\$(?: (?:\[\[[^\]]*\]\])?\^(?:[^\\\$<]++|\\.)*+<adv>\$)*(?: (?:\[\[[^\]]*\]\])?\^esti<vbser>(?:<[^>]*>)*\$(?: (?:\[\[[^\]]*\]\])?\^(?:[^\\\$<]++|\\.)*+<adv>\$)*)? (?:\[\[[^\]]*\]\])?\^(?:[^\\\$<]++|\\.)*+<vblex><pp>\$)(?![jn]|(?: (?:\[\[[^\]]*\]\])?\^(?:[^\\\$<]++|\\.)*+<n>))}{$1j}g if index($_, "<vblex><pp>") >= 0;`,
].join(' ')}'`

/** A pair's stage and the filter that follows it: its data's gaps, mended between two stages. */
const FILTERS_AFTER: ReadonlyArray<readonly [stage: RegExp, filter: string]> = [
  [ENG_SPA_BILINGUAL, ENG_SPA_SENSE_FILTER],
  [ENG_SPA_CHUNKER, ENG_SPA_OBJECT_PERSON_FILTER],
  [ENG_CAT_CHUNKER, ENG_CAT_RELATIVE_AGREEMENT_FILTER],
  [ENG_CAT_BILINGUAL, ENG_CAT_SENSE_FILTER],
  [ENG_SPA_POSTCHUNK, SPANISH_CLAUSE_FILTER],
  [EN_GL_POSTCHUNK, GALICIAN_CLAUSE_FILTER],
  [ENG_CAT_POSTCHUNK, CATALAN_CLAUSE_FILTER],
  [ES_PT_ANALYSER, SPANISH_COMMAND_HINTS],
  [ES_FR_ANALYSER, SPANISH_FRENCH_COMMAND_HINTS],
  [SPA_ENG_ANALYSER, SPA_ENG_COMMAND_HINTS],
  [SPA_ITA_ANALYSER, SPA_ITA_COMMAND_HINTS],
  [SPA_ITA_BILINGUAL, SPA_ITA_SENSE_FILTER],
  [ES_FR_BILINGUAL, ES_FR_SENSE_FILTER],
  [SPA_ENG_BILINGUAL, SPA_ENG_SENSE_FILTER],
  [FR_ES_LEXICAL_SELECTION, FR_ES_FILTER],
  [FR_ES_ANALYSER, FRENCH_READING_HINTS],
  [ITA_SPA_ANALYSER, ITALIAN_READING_HINTS],
  [PT_ES_ANALYSER, PORTUGUESE_READING_HINTS],
  [CAT_ENG_LEXICAL_SELECTION, CAT_ENG_FILTER],
  [PT_ES_GENERATOR, PT_ES_GENERATED_FILTER],
  [ITA_SPA_LEXICAL_SELECTION, ITA_SPA_FILTER],
  [SPA_ENG_POSTCHUNK, SPA_ENG_CLAUSE_FILTER],
  [EN_EO_POSTCHUNK, EN_EO_PARTICIPLE_AGREEMENT],
]

/**
 * The stages of a warm pipeline, each a shell command. `setsDependencies(grammar)` tells
 * whether a cg-proc stage's grammar prints dependency tags (then the filter follows it).
 */
export function buildPipelineStages(modeText: string, wordBound: boolean, setsDependencies: (grammar: string) => boolean = () => false): string[] {
  const stages = parseModeStages(modeText).flatMap((stage) => {
    const filter = FILTERS_AFTER.find(([after]) => after.test(stage))?.[1]
    if (filter) return [stage, filter]
    const grammar = /^cg-proc\b.*?\s'?([^'\s]+\.bin)'?\s*$/.exec(stage)?.[1]
    return grammar && setsDependencies(grammar) ? [stage, DEPENDENCY_TAG_FILTER] : [stage]
  })
  if (stages.length === 0) throw new Error('empty mode file')
  if (wordBound && stages.length > 1) {
    const generator = stages.findIndex((s, i) => i > 0 && GENERATION.test(s))
    const detachAt = generator > 0 ? generator : stages.length - 1
    stages.splice(detachAt, 0, 'apertium-wblank-detach')
    stages.splice(1, 0, 'apertium-wblank-attach')
  }
  const engCatGenerator = stages.findIndex((s, i) => i > 0 && GENERATION.test(s) && ENG_CAT_GENERATOR.test(s))
  if (engCatGenerator > 0) stages.splice(engCatGenerator, 0, CAT_ENG_GENERATOR.test(stages[engCatGenerator]!) ? CAT_ENG_QUEUE_AND_COMPOUND_FILTER : INVARIABLE_QUEUE_FILTER)
  return stages
}

/**
 * A multiword noun's invariable part (`^política<n><f><sg># de privadesa$`) written after the
 * unit as text (`^política<n><f><sg>$ de privadesa`), for eng-cat's generators: its bilingual
 * dictionary has multiword nouns its generator lacks, which came out as the head alone with a
 * mark ("Privacy Policy" → "#Política", the words "de privadesa" lost). The queue never
 * inflects, and a noun's head generates alone. Nouns only: a verb's head need not ("haver# de"
 * is "ha de", "hauria de"; "haver" alone came out uninflected).
 */
export const INVARIABLE_QUEUE_FILTER = String.raw`perl -0 -pe 'BEGIN { $| = 1 } s{\^((?:[^\\\$#<]++|\\.)*+)(<n>(?:<[^>\$]*>)*)# ((?:[^\\\$]++|\\.)*+)\$}{^$1$2\$ $3}g if index($_, "# ") >= 0'`

/**
 * cat-eng's (English units): INVARIABLE_QUEUE_FILTER and ENGLISH_COMPOUNDS in one program, the
 * stage cat-eng had before its generator ("Usuari de Plex", "Nom de l'usuari de Discord" came back
 * "User of Plex", …; now "Plex user"). One process, not one more.
 */
export const CAT_ENG_QUEUE_AND_COMPOUND_FILTER = `${INVARIABLE_QUEUE_FILTER.slice(0, -1)}; ${ENGLISH_COMPOUNDS.join(' ')}'`

/** cat-eng's generators (into English), whose filter is CAT_ENG_QUEUE_AND_COMPOUND_FILTER. */
const CAT_ENG_GENERATOR = /\/cat-eng[^/']*\.autogen\.bin'?\s*$/

/** eng-cat's generators (eng-cat, its Valencian variants), before which INVARIABLE_QUEUE_FILTER runs. */
const ENG_CAT_GENERATOR = /\/apertium-eng-cat\/[^/']*\.autogen\.bin'?\s*$/

export function readModeStages(modeFile: string, wordBound: boolean, disambiguation: Disambiguation = 'tagger'): string[] {
  const stages = withEnglishReadingHints(withPostGenerationFilter(buildPipelineStages(repairDataPaths(readFileSync(modeFile, 'utf8')).text, wordBound, grammarSetsDependencies)))
  return disambiguation === 'first-reading' ? stages.map((stage) => (TAGGER.test(stage) ? FIRST_READING : stage)) : stages
}

/** An inline token's superblank (stream.ts): `[t:3:o]`. */
const PERL_TOKEN = String.raw`\[t:\d+:[ocv]\]`

/**
 * Runs right before the post-generator (`lt-proc -p`), whose rules rewrite a `~` word with the
 * start of the next one (elisions and contractions: Catalan "~de Ubuntu" → "d'Ubuntu", "~de
 * ~el llibre" → "del llibre"). Three things kept them from working on Verso's stream:
 *
 * 1. The generator's marks. A word that starts with a mark (`*Ubuntu` unknown, `#casa` not
 *    generated) matches no rule, so French, Catalan and Occitan lost their elisions before every
 *    unknown word: es→ca "Actualizaciones de Ubuntu" came back "Actualitzacions de Ubuntu"
 *    where `apertium -u` writes "d'Ubuntu", en→ca "el Ubuntu" for "l'Ubuntu". Each mark moves
 *    behind its word (and behind the `[[/]]` of a word-bound blank that closes it) as
 *    `[v:u:N]`, N the word's length in characters (escapes not counted); the decoder
 *    (stream.ts) lists the N characters before it as the unknown word (an elision joins it to
 *    the word before: `d'Ubuntu`). A mark escaped as the source's own (`\*`) stays.
 * 2. A sheltered character of the source (`*`, `#`, `@`: `[x:#]`) between a `~` word and the
 *    next went behind the rewritten words too ("de *Andorra*" → "d'Andorra **", "de #Ubuntu" →
 *    "d'Ubuntu #"). That `~` is dropped: no rewrite across the character, as `apertium` does
 *    with it in the text ("de *Andorra*", "de #Ubuntu"). So is a `~` before a placeholder
 *    (`[t:N:v]`, a word of the text): en→ca "Browse posts from {name} in {tag}" came back "des
 *    d'en {name} {tag}", the preposition of the placeholder contracted with the word after it;
 *    and a lower-case `~` word before an acronym spelt like an article (OS, LA, UN, EL …):
 *    en→gl "OS Name" came back "Nome dOS", "de" contracted with "OS" as with "os". (Before
 *    other acronyms the rewrite is right: ca "d'IP", "l'HTML".)
 * 3. Word-bound blanks: a `~` word followed by a word in a word-bound blank comes out of the
 *    post-generator inside that blank, with the tags of both, whether a rule applied or not:
 *    en→ca "the <b>Save</b> button" gave "<b>el Salva</b> botó", "Read the <em>user guide</em>"
 *    "<em>la guia d'usuari</em>". A `~` word outside any gets an empty one (`[[]]~la[[/]]`) and
 *    each blank's header its number (`[[t:1]]` → `[[t:1; w:2]]`); a merged header keeps them in
 *    order (`[[t:0; w:1; t:0; t:1; w:2]]el Salva[[/]]`), and the decoder gives each word its own
 *    blank's tags again when the words are as many as the blanks ("el <b>Salva</b>", "la
 *    <em>guia"), splits an elision after its apostrophe ("d'<b>Ajustos</b>"), and gives a
 *    contraction the union ("<a>nel tasto</a>").
 *
 * Left as the post-generator writes it: an inline tag (not word-bound: pairs whose transfer
 * looks words up itself, es-pt, es-gl…) opening between a `~` word and the next goes behind
 * the rewritten words (es→pt "de <b>el libro</b>" → "do <b> livro</b>"; the decoder drops the
 * space after the tag). Moving it before the `~` word was tried: right where a rule applies
 * ("<b>do livro</b>"), but wherever none does the tag took in the word before it (a link "de
 * <a>Ubuntu</a>" became "<a>de Ubuntu</a>").
 *
 * perl reading UTF-8 (sed's classes end a Devanagari word at its virama: `\p{M}`); perl is in
 * every Debian system (perl-base). One process more per pipeline: ×0.991 req/s at 64
 * connections, ×1.001 at 16 (BENCHMARKS.md, "No full stops before a text").
 */
export const POST_GENERATION_FILTER = `perl -CSD -0 -pe '${[
  'BEGIN { $| = 1 } my $n = 0;',
  String.raw`s{(?<!\]\])(?<!\\)(~[${PERL_WORD}]+)(?= +\[\[(?!/))}{"[[]]" . $1 . "[[/]]"}ge;`,
  String.raw`s{\[\[(?!/\]\])((?:\\.|[^\]\\])*)\]\]}{"[[$1; w:" . ++$n . "]]"}ge;`,
  String.raw`s{(?<!\\)~(?=[${PERL_WORD}]+ +(?:${PERL_TOKEN})*\[x:|[${PERL_WORD}]+ +(?:\[t:\d+:[oc]\])*\[t:\d+:v\]|\p{Ll}[${PERL_WORD}]* +(?:\[t:\d+:[oc]\])*(?:OS|AS|EL|LA|LAS|LO|LOS|LES|UN|UNA|UNS|UNAS)(?![${PERL_WORD}]))}{}g;`,
  // eng-spa's transfer writes "lo sentir" ("I'm sorry", the multiword "be sorry") as two units
  // with no blank between, which the generator glues: "Losiento", "Losentimos"
  String.raw`s{(?<![${PERL_WORD}])([Ll])o(sient(?:o|es|e|en)|sentimos|sentís)(?![${PERL_WORD}])}{$1o $2}g if index($_, "osient") >= 0 || index($_, "osentí") >= 0 || index($_, "osentimos") >= 0;`,
  // the Spanish generators (one dictionary for every pair into Spanish) write the first person
  // plural of "mostrar" and "demostrar" with the stem of the singular: "We show you" came back
  // "Te muestramos"; now "Te mostramos"
  String.raw`s{(?<![${PERL_WORD}])([Mm]|[Dd]em)uestramos(?![${PERL_WORD}])}{$1ostramos}g if index($_, "uestramos") >= 0;`,
  // "#prpers" is no word: a pronoun the generator could not write, under the name the
  // dictionaries give every personal pronoun (en-gl "We'd love your help" → "Encantaría #prpers a
  // vosa axuda"); it goes, and the space left beside it collapses with the other
  String.raw`s{(?<!\\)#prpers(?![${PERL_WORD}])}{}g;`,
  // a word the Spanish, French, Italian or English generator lacks but is right as written
  // (SPANISH_UNGENERATED, which SPANISH_CLAUSE_FILTER writes so; SPANISH_FORMS_FROM_FRENCH, FR_ES_FILTER's; FRENCH_UNGENERATED and
  // ITALIAN_UNGENERATED, ES_FR_UNKNOWN's and SPA_ITA_UNKNOWN's; ENGLISH_UNGENERATED, SPA_ENG_SENSE_FILTER's):
  // no mark, not reported as unknown
  String.raw`s{(?<!\\)#(?=(?:${[...SPANISH_UNGENERATED, ...PHRASES_UNGENERATED, ...SPANISH_FORMS_FROM_FRENCH, ...FRENCH_UNGENERATED, ...ITALIAN_UNGENERATED, ...ENGLISH_UNGENERATED].map(charactersForPerl).join('|')})s?(?![${PERL_WORD}]))}{}g if index($_, "#") >= 0;`,
  String.raw`s{(?<!\\)[*#]((?:\\[${PERL_WORD}]|[${PERL_WORD}])+)(\[\[/\]\])?}{my ($w, $end) = ($1, $2 // ""); (my $plain = $w) =~ s/\\(.)/$1/g; "$w$end\[v:u:" . length($plain) . "]"}ge`,
].join(' ')}'`

/**
 * The stages with POST_GENERATION_FILTER right before the post-generator, where the stream is
 * text: some modes generate lexical units (`lt-proc -g -b`) for a constraint grammar to choose
 * among (ita-cat, swe-nno…), or transliterate after the generator (spa-cat's `lt-proc -x`), so
 * "right after the generator" would put the marker inside a unit.
 */
export function withPostGenerationFilter(stages: readonly string[]): string[] {
  const postGenerator = stages.findIndex((stage, i) => i > 0 && /^lt-proc -z -p\b/.test(stage))
  if (postGenerator < 0) return [...stages]
  return [...stages.slice(0, postGenerator), POST_GENERATION_FILTER, ...stages.slice(postGenerator)]
}

/** A lexical unit of the stream, `^surface/reading/…$`, escapes respected (for the perl below). */
const UNIT = String.raw`\^(?:[^\\\$]++|\\.)*+\$`

/** A lookahead: the next unit, after a space, has an infinitive reading of one of `categories` (`vblex`, `vbser`… without "vb": `lex|ser`). */
function infinitiveNext(categories: string): string {
  return String.raw`(?= \^(?:[^\\\$<]++|\\.|<(?!vb(?:${categories})><inf>))*+<vb(?:${categories})><inf>)`
}

/** What stands between two units: blanks, superblanks, escapes. */
const BLANK = String.raw`(?:[^\\^]++|\\.)*+`
/** Products' names the analysers read as common words ("Androide", "Discordia", "Crom"), kept as written where not opening a sentence. */
const PRODUCT_NAMES = ['Android', 'Discord', 'Telegram', 'Chrome', 'Firefox', 'Safari', 'Spotify', 'Slack', 'WhatsApp', 'Apple', 'Steam'].join('|')
/** Names that are common words in Title Case labels too ("Windows", "Word"), kept only after a preposition or a conjunction. */
const PRODUCT_NAMES_AFTER_PREPOSITION = ['Windows', 'Word', 'Signal', 'Edge', 'Office', 'Teams', 'Outlook', 'Excel', 'Zoom', 'Matrix', 'Element', 'Notion'].join('|')
/** A number in a reading hint's record, or a placeholder (a superblank) standing for one, with the space before it. */
const LENGTH_COUNT = String.raw` (?:\^[0-9]+/[0-9]+<num>\$|\[t:\d+:v\])`

/**
 * Narrows the readings of seventeen kinds of English word before the tagger chooses, where the
 * taggers of eng-spa, en-gl and en-eo choose wrong on interface strings (eng-cat's and
 * eng-hbs's constraint grammars get some of them right; they get the same hints):
 *
 * 1. **An imperative at the start of a sentence**, before a determiner or an object pronoun:
 *    "Show your posts" came back "Espectáculo vuestros postes" (the noun), "Focus the button"
 *    "Foco el botón", "Open the file" "Obert el fitxer" (the adjective), "Update your server"
 *    "Actualización vuestro servidor". A first word with an infinitive reading whose other
 *    readings are nouns (proper ones too: "Read" is a surname, "Set" a god), adjectives or
 *    forms of the same verb, followed by a word that can only be a determiner, a possessive or
 *    an object pronoun, keeps its infinitive, present and imperative readings and the tagger
 *    or grammar chooses among them: "Asomar vuestros postes", "Enfocar el botón", "Obre el
 *    fitxer", as interface translations into these languages have them (en-eo keeps the
 *    infinitive alone, EN_EO_READING_HINTS: "Elekti novan pasvorton", not "Elektas"). "Show",
 *    "Hide" and "Use" are commands before a noun or an adjective too: Transmission's "Show
 *    Toolbar", Etar's "Hide controls", Overseerr's "Use SSL" came back "Barra de herramientas
 *    del espectáculo", "Controles de escondrijo", "SSL de uso" (gl), now "Asoma…", "Esconde
 *    controles", "Utiliza SSL" (corpus: 202 lines, es, gl, ca, eo, all better; "Show notes"
 *    would be a command too). So is a label's verb starting a text before its object, one to
 *    four nouns and adjectives ending in a noun, then the end or a preposition and no finite
 *    verb (LABEL_COMMANDS, LABEL_MODIFIERS: "Copy link", "Change password", "Clear history",
 *    "Open file in new tab", "Export data as CSV" came back "Enlace de copia", "Contraseña de
 *    cambio", "Historia clara", "Archivo abierto…", "Dato de exportación…", eo "Forigas
 *    dosieron"; now "Copia enlace", "Cambia contraseña", "Limpia historia", "Abre archivo…",
 *    "Exporta dato…", "Forigi dosieron"), unless the two words make a heading ("Search
 *    results", "Download speed", "Change log", "Download folder": LABEL_HEADS and the lists
 *    beside it; an -ing word only after start and stop: "Stop recording", not "Download
 *    running"). Corpus: 747 lines changed, es, gl, ca, eo; worse: "Request Pending Approval"
 *    (a notification's name) → "Pide Aprobación Pendiente", eo "Decline request" →
 *    "Malpliiĝi Peton" (the dictionary's sense). So is any such verb before a tag or quotes
 *    that open words (a UI label in bold, a link: "Open **Settings**" came back
 *    "Configuraciones **abiertas**", "Try <button>reloading…" eo "Provo", "Run 'make'" "'Marca'
 *    corrida"), not a placeholder
 *    ("Anchor '%s' not found" keeps its noun); press, click, tap, hit, select and choose before
 *    a capitalised word, a key or a button's name ("Press Esc to cancel" came back "Prensa
 *    Esc…"); those and a button's verbs (open, delete, use, install…) before a placeholder or a
 *    key combination ("Use Cmd+K", "Delete {name}?", "Use %{x}" came back "Uso…", "Eliminación
 *    {name}"). A noun cannot stand
 *    there before a determiner; a preposition can ("Like the previous version"), and "Found"
 *    is also the past of "find", so a word with any other reading is left to the tagger, as
 *    is a next word that can be a subject or a reflexive ("People you may know", "Describe
 *    yourself"), but for "it", before which the command keeps its imperative or else its
 *    infinitive ("Set it to None", "Turn it off" came back "Lo puso a…", "Turno él fuera", now
 *    "Ponerlo a…", "Girarlo fuera"; eo "Fiksita ĝin" → "Fiksi ĝin"). So is such a verb before the
 *    preposition or particle it takes as a command (PHRASAL_COMMANDS: "Switch to", "Check for",
 *    "Remove from"), and a phrasal verb the analyser reads as one unit ("Come back"), when no
 *    verb that can only be finite follows in the sentence ("Move to trash failed" keeps its
 *    noun): AntennaPod's, IINA's, Redmine's "Switch to audio only", "Move to Trash", "Check for
 *    updates" came back "Cambio a…", "Movimiento a Basura", "Control para actualizaciones", now
 *    "Cambia a…", "Mueve a Basura", "Comprueba…" (eo "Aldonas atendovicon" → "Aldoni…"). After
 *    move, scroll, jump, skip, return, navigate, send, bring or back, the sentence's last word
 *    after "to" is a noun ("Move to top" came back "Mueve para coronar", gl now "Move a parte
 *    superior"). eng-spa's "go", "come", "make", "say", "have"… (whose Spanish imperative is not
 *    the third person: "Go to…" came back "Va a…") keep their infinitive alone: "Ir a…".
 *    A key's name after press or hit (and after "and", "or" following one) is kept as written,
 *    an unknown word: "Press Enter to send", "Press Shift and Tab" came back "Pulsa Introduce…",
 *    "Pulsa Turno y Tabulador", "Press Space" "Pulsa Espacial" (KEY_NAMES); and press, hit,
 *    click or tap before a key or a placeholder is the verb wherever it stands ("Double-click or
 *    press {{shortcut}}", "Then press Enter." came back "o prensa…", "Entonces prensa Enter.").
 *    Corpus: 145 lines changed, es, gl, ca, eo; worse or no better: es "Move to top" → "Mueve a
 *    copa", "Turn off…" → "Gira fuera…" (was "Turno fuera…"), "Go ahead and start without
 *    me." → "Ir adelante…" (was "Va adelante…").
 * 2. **"Don't" before a verb**, starting a sentence that is not a question: eng-spa, en-gl and
 *    en-eo wrote the third person ("Don't show again" → "No asoma otra vez", "Non mostra outra
 *    vez", "ne montras denove"; "Don't close the window" → "No cierra la ventana"). It goes as
 *    "not" alone, and the verb comes out in the infinitive, as interface texts have it: "No
 *    asomar otra vez", "No cerrar la ventana". A question keeps it ("Don't have an account
 *    yet?" is "you"), and so does a sentence with a comma: en-gl's transfer then lost the
 *    next clause's pronoun ("Don't worry, we will fix it." → "Non preocuparse, arranxaremos
 *    #prpers"). eng-cat, whose analyser has the imperative reading, writes "No mostreu" already.
 * 3. **A preposition before a placeholder, a name or a number**: "Last post on {date}" came
 *    back "Último poste encima {date}" (on as an adverb), "Muted until {until}" "hasta que
 *    {until}" (a conjunction), "Popular on Paris" "Popular encima París". A word with a
 *    preposition reading whose other readings are adverbs or conjunctions keeps its
 *    preposition readings when a placeholder (a `[t:N:v]` superblank) follows it or the next
 *    word can only be a proper noun or a number, or a capitalised word the analyser does not
 *    know after "on", "in", "at"… (a product, a place: "Play on Plex", "in Tautulli" came back
 *    ca "damunt Plex", "dins Tautulli"; not "since", "below": "Since Overseerr has…" is the
 *    conjunction, "the below APIs" no place); a word without conjunction readings too
 *    before a personal pronoun in the object case that no verb follows ("They were right about
 *    you." came back "Eran bien aproximadamente te", now "sobre ti"; "Before you go" keeps
 *    its conjunction). "about" is the preposition before a word that can only be a noun, a
 *    determiner, an adjective, a name or an -ing form, or before a question word, a tag opening
 *    between ("Learn more about privacy", "Tell me about your day", "Read more about how it
 *    works" came back "aproximadamente intimidad", "aproximadamente tu día", now "sobre…"); "It
 *    is about to start" keeps its adverb.
 * 4. **A participle before a noun**: a word that can be a past or a participle, between a
 *    determiner or a number (or a sentence's start) and a word that can only be a noun or a verb,
 *    keeps its participle readings and the next word its noun readings ("¿Eliminar el seleccionó
 *    elementos?" → "los elementos seleccionados"). So does one after a sentence's first word that
 *    can be a command, which is then the command (a word that can only be a noun or that verb; not
 *    "pause", whose verb the dictionaries translate "parar"): Transmission's "Remove selected
 *    transfers", Redmine's "Show completed versions" came back "Saca seleccionó traslados",
 *    "Espectáculo completó versiones"; now "Saca traslados seleccionados", "Muestra versiones
 *    completadas" (corpus: with "latest" and "later" below, 105 lines, es, gl, ca, eo; worse: "Link
 *    copied issue" → "Enlaza asunto copiado"). So does one after a verb (a word that can only be a
 *    verb, or a verb after "to", "want to", a modal): Excalidraw's "you can create labelled
 *    arrows", "To view shared files" came back "crear etiquetó flechas", "A la vista compartió
 *    archivos"; now "crear flechas etiquetadas", "Para ver archivos compartidos". A word that can
 *    only be the participle goes the same way ("Show hidden files" came back "El espectáculo
 *    escondido archiva"; now "Mostrar archivos escondidos"). "latest" is the most recent, not the
 *    latest in time ("la versión más tardía" → "más reciente"), and "later" before no noun the
 *    adverb ("más tardío en…" → "más tarde en…").
 * 5. **An initialism**: two or three capitals in a text with lower-case words, whose other
 *    readings are nouns or verbs, keep their acronym readings or go unknown ("PIN" → "ALFILER",
 *    "WAR" → "GUERRA"); so does one read only as a Roman numeral of a hundred or more ("CLI",
 *    "CD", "MD" came back "Cli", "Cd": an acronym; "II", "XIV" stay numerals).
 * 6. **A progress label**: a sentence's first -ing word, with noun or adjective readings too,
 *    keeps its verb readings before an ellipsis, a number, a determiner or a preposition other
 *    than "of" ("Exporting 3 of 5" → "Exportador 3 de 5", now "Exportando").
 * 7. **"as"** after a command or a participle, or before a past participle, is the preposition,
 *    and the participle is not a past ("Mark as played" → "Mark como tocó", now "Marca como
 *    tocado"; "Message saved as draft" → "salvado tan borrador", now "salvado como borrador");
 *    a command before "as" keeps its verb readings (rule 1).
 * 8. **A participle after "be" or "have"**: a word that can be a past or a participle (or an
 *    adjective, en-eo), after a form of "be" or "have" with only adverbs and single spaces
 *    between, loses its past readings: "has been successfully confirmed" came back "ha sido
 *    exitosamente confirmó", "is being removed" "está siendo sacó", "is already registered" "es
 *    ya registró"; now "confirmada", "sacado", "registrado" (corpus: 64 output lines, es (27)
 *    and gl (26) all better, eo 1 better, ca 7 better and 3 worse: "que pot ser mostrat" → "es
 *    pot mostrar allò"). Without adverbs between, the taggers mostly chose the participle. So
 *    does one right after "not" ("Page not found", "Files not deleted"), and "found" there and
 *    in a headline (rule 10) is the participle of "find", not the verb "to found", whose
 *    readings kept it out of these rules: "Page not found", "Issue was not found" came back eo
 *    "Paĝo ne fondi", es "no fue fundar", now "ne trovita", "no fue encontrado" (corpus: about
 *    45 lines, all better but es/gl "Pillow not found - copying image files", as wrong as
 *    before and reordered). Elsewhere "found" keeps every reading: without the verb "to found"
 *    its readings are another ambiguity class, and the taggers chose the past where they had
 *    chosen the participle ("config value found;" → eo "trovis").
 * 9. **"does"** is the verb: en-gl's analyser also reads it as the plural of "doe", and its
 *    tagger chose that wherever the tagger was fresh ("The specified directory does not
 *    exist." → "As cervas de directorio especificadas non existen."; the class is one the
 *    tagger was not trained with, and Debian's tagger chose otherwise only once it had
 *    narrowed its open class, native/tagger-open-class.c). A unit with an auxiliary "do"
 *    reading loses its noun readings: "O directorio especificado non existe." (corpus: 48 en-gl
 *    lines, 47 better, one as wrong as before).
 * 10. **A headline's verb**: one to four words that can be nouns or adjectives (and verbs: no
 *    other readings), or names (a proper noun, a word the analyser does not know: "Tautulli
 *    settings", "Plex connection") beside at least one such noun, start a sentence, then a word
 *    that can be a past or a participle, then the end, a preposition, an adverb or "as" (no
 *    object): the verb is the participle and the words before it nouns; "No", "All", "Some",
 *    "Every"… may come first ("No results found", "All changes saved" came back "Ningún resultado
 *    encontró", "Todos los cambios salvaron"; not "The": "The door opened." is "La puerta abrió.").
 *    K-9 Mail's "Address copied to clipboard", Redmine's "Issue added", Overseerr's "User deleted
 *    successfully!" came back "La alocución copió a portapapeles", "El asunto añadió", "El usuario
 *    eliminó exitosamente"; now "copiada", "añadido", "eliminado" (eo "Uzanto forigita", ca
 *    "L'usuari eliminat"). A count may open it, a number or a placeholder: AntennaPod's "%d
 *    episodes added to queue", Transmission's "%lu Torrents Selected" came back "%d episodios
 *    añadieron a queue", "%lu Torrentes Seleccionaron", now "añadidos", "Seleccionados" (corpus: 65
 *    lines, es, gl, ca, eo). Verbs that take no object are left alone ("Export failed" is "La
 *    exportación falló"; fail, succeed, occur, happen, crash, exit, appear, disappear, arrive, die,
 *    and verbs a subtitle's or a story's "Dad left early." uses without an object: leave, return,
 *    sleep, laugh, cry, smile, wait, walk, live, stay, talk, agree, sit, stand, call, work), and so
 *    is a past followed by an object ("User deleted files." stays "El usuario eliminó archivos.").
 *    Corpus: about 250 lines changed, all but a handful better; worse: eo participles that do not
 *    agree ("Fiksoj savita"), gl "Pondo actualizado" → "Poñente actualizado". The names and the
 *    four words: 108 lines of es, ca, gl, eo and 81 through Spanish better ("Configuraciones de
 *    Tautulli guardadas"), but es "Clave nueva API generado" (the unknown "API" makes it masculine)
 *    and eo's number. Right after a noun, fail, succeed, occur, happen, crash, exit, appear,
 *    disappear, arrive and expire are the past (after a subject pronoun too: "What happened?" came
 *    back "¿Qué pasado?"), which the taggers did not always choose: "An error occurred while…",
 *    "Sync failed" came back "Un error ocurrido mientras…", eo "Samtempigo malsukcesita"; now
 *    "ocurrió", "malsukcesis" (corpus: 86 lines es, gl, ca, eo, all better).
 * 11. **"when"** in a statement is the conjunction: eng-spa wrote the interrogative ("Send
 *    notifications when users submit requests" → "Envía notificaciones cuándo los usuarios…",
 *    en-eo put the clause's subject in the accusative: "kiam aliajn uzantojn submetiĝas"). In a
 *    sentence that ends with "?", before "to" or after a verb that asks or decides (know, ask,
 *    choose, decide, select…: "I don't know when it happened" is "cuándo") it is left to the
 *    tagger. Corpus: 131 lines changed, es about 90 "cuándo" → "cuando", eo 23 (accusatives
 *    gone: "kiam aliaj uzantoj"), ca 10, gl 5; worse: es and gl "when checked" → "cuando
 *    comprobó", ca "utilitzat quan" → "va utilitzar quan".
 * 12. **"Let's"** is the subject "we": the analysers split it into "Let" and a genitive or "is"
 *    ("Let's go" → "Dejado es va", en-gl "Deixado é vai", en-eo "Lasita-a iri"), and as "we"
 *    the verb after it is the first person plural: "Vamos", "Imos", "Ni iras" (corpus: 6 lines,
 *    all better: "Let's draw your diagram" → "Diseñamos tu esquema"). eng-cat's analyser reads
 *    it whole and writes "Deixa'ns anar".
 * 13. **"No."** is "no" and a full stop, not the abbreviation of "number", unless a number
 *    follows ("No. 5"): every text gets a full stop, so eng-spa and eng-cat answered the "No"
 *    button "Núm" (AntennaPod, Etar, IINA, Redmine, Overseerr's "=0 {No}"), "Responded no."
 *    "Núm. respondido" (corpus: 15 lines, all better).
 * 14. **A button's one word**: a text of a single word that is one of the verbs buttons are
 *    labelled with (open, close, save, delete, share, print, search, filter, sort, cancel,
 *    download, export…) keeps its imperative readings where the analyser has them (eng-cat:
 *    "Obre", "Tanca"), else its infinitive ("Abrir", "Compartir", gl "Pechar", eo "Malfermi");
 *    they came back "Abierto", "Acción", "Cercano", eo "Turniro". Only those verbs: a field's
 *    or a column's label is a noun, and with every verb "Name", "Type", "Date", "Light" went
 *    "Nombrar", "Escribir", "Datar", "Encender". Corpus: 405 lines changed, es, gl, ca, eo.
 * 15. **A subject pronoun before a verb** (I, we, they, he, she): the verb is finite, its past
 *    and not its participle, its present and not its infinitive, unless the pronoun follows an
 *    auxiliary ("How do I change…", "Can we go?"); "I" is the pronoun, not the Roman numeral,
 *    unless a noun or a number comes before it ("World War I"). Subtitles' "- I know.", "I said
 *    no.", "I do it every day." came back "- I sabe.", "I dicho no.", "loHago todos los días";
 *    now "- Sé.", "Dije no.", "Lo hago todos los días." (corpus: 5 lines; better: ca "coses
 *    mirar" → "coses miro" 3, eo "Ni fari" → "Ni faras"; worse: ca "Et vam apostar" → "Vam
 *    apostar").
 * 16. **"do" as the main verb**: a unit with auxiliary and main-verb readings of "do" loses the
 *    auxiliary's unless "not" or a verb follows it with only a subject between (pronouns,
 *    determiners, nouns, names, adjectives, adverbs: "Did the upload finish?"). The auxiliary
 *    translates to nothing: "I did it." came back "Yo él.", "We did everything." "Nosotros
 *    todo.", "He did what he had to do." "Él qué tuvo que hacer."; now "Lo hice.", "Hicimos
 *    todo.", "Hizo qué tuvo que hacer." (corpus: no line changed).
 * 17. **A question's "be" before its pronoun and a gerund** goes after the pronoun, the one
 *    reordering here: the transfers read "are you doing" as "be" itself and "you are doing" as
 *    the progressive. Subtitles' "What are you doing?", "Are you coming?" came back "¿Qué eres
 *    haciendo?", "¿Eres viniendo?", ca "T'és venint?"; now "¿Qué estás haciendo?", "¿Estás
 *    viniendo?", "Estàs venint?" (corpus: one ca line, better).
 * 18. **A label's command** (`labelInfinitives`: eng-spa, en-gl, en-eo) is the infinitive, as
 *    these languages label buttons and menus: a short text of one sentence without an article,
 *    a pronoun, a "please" or a finite verb loses its first word's present reading ("Select
 *    all", "Copy link" came back "Selecciona todo", "Copia enlace", and through Spanish fr "Il
 *    sélectionne tout"; now "Seleccionar todo", "Copiar enlace", "Sélectionner tout"; corpus:
 *    735 es and 714 gl lines, the first word's form).
 * 19. **"Align left"**: "left" or "right" ending a clause after "align" is the side ("Alinea
 *    dejó" → "Alinear a la izquierda").
 *
 * Runs right after the analyser (before word-bound blanks are attached), in the modes whose
 * analyser is English (`eng-….automorf.bin`, `en-….automorf.bin`). Substitutions find the
 * candidates of rules 1–3, 5, 7 and 9, escapes respected, and only those units are read
 * reading by reading (a sentence's end is looked for only after a "Don't"); rules 4, 6, 8, 10
 * and 11 cut a record into units only when it holds a participle or a gerund reading or a
 * "when"; rules 15 and 16 look for their words before reading any unit. About 21.5 µs per
 * record on 20 000 distinct bench sentences on one machine, 3.5 µs more than before rules 8–14
 * and eng-spa's senses (medians of 9 alternated runs: 0.43 s against 0.36 s for the 20 000; a
 * first version that cut every record into units cost 67 µs and 8–12 % of the pipeline's CPU);
 * on another, rules 15, 16 and rule 3's pronouns took it from 15.5 to 16.7 µs (BENCHMARKS.md).
 */
/**
 * A verb and the preposition or particle after which, starting a sentence with no finite verb
 * later, it is a command (rule 1): "Switch to dark mode", "Check for updates", "Move to trash"
 * came back "Cambio a modo oscuro", "Control para actualizaciones", "Movimiento a basura".
 * Pairs and not verbs: the same words before other prepositions are headings' nouns ("Support
 * for PDF files", "Access to the camera", "Changes to the terms").
 */
/** Verbs whose "to" is a destination ("Save to file", "Move to trash"): toPlace in englishReadingHints. */
const DESTINATION_VERBS = ['save', 'export', 'send', 'move', 'copy', 'add', 'upload', 'download', 'import', 'return', 'switch', 'jump', 'navigate', 'pin', 'post', 'publish', 'sync', 'append', 'attach', 'convert', 'restore', 'push', 'transfer', 'change', 'revert', 'forward', 'redirect', 'write', 'print', 'share', 'link', 'subscribe', 'invite', 'connect', 'apply', 'assign', 'install', 'deploy', 'migrate']

const PHRASAL_COMMANDS = [
  ...['go', 'switch', 'move', 'return', 'reply', 'jump', 'skip', 'scroll', 'navigate', 'add', 'save', 'export', 'copy', 'send', 'upload', 'reset', 'restore', 'connect', 'subscribe', 'listen', 'respond', 'convert', 'pin', 'proceed', 'head', 'bring', 'post', 'publish', 'push', 'invite', 'apply', 'talk', 'write', 'zoom', 'update'].map((verb) => `${verb}:to`),
  ...['check', 'search', 'look', 'wait', 'ask', 'pay', 'vote', 'register', 'scan', 'listen'].map((verb) => `${verb}:for`),
  ...['import', 'download', 'remove', 'delete', 'unsubscribe', 'choose', 'select', 'restore', 'pick', 'play'].map((verb) => `${verb}:from`),
  ...['share', 'open', 'continue', 'reply', 'replace', 'fill', 'sync', 'connect', 'login', 'come', 'go', 'stay'].map((verb) => `${verb}:with`),
  ...['open', 'view', 'edit', 'show', 'play'].map((verb) => `${verb}:in`),
  ...['share', 'send'].map((verb) => `${verb}:via`),
  ...['share', 'post', 'publish'].map((verb) => `${verb}:on`),
  ...['turn:on', 'turn:off', 'zoom:in', 'zoom:out', 'scroll:up', 'scroll:down', 'swipe:up', 'swipe:down', 'drag:and', 'move:up', 'move:down', 'move:into', 'learn:about', 'read:about', 'learn:more', 'read:more', 'see:more', 'show:more', 'load:more', 'view:more', 'find:out', 'show:less', 'view:less', 'see:less', 'view:all', 'see:all', 'show:all', 'select:all', 'expand:all', 'collapse:all', 'clear:all', 'mark:all', 'delete:all', 'remove:all', 'sort:by', 'filter:by', 'group:by', 'order:by', 'type:to', 'tap:to', 'swipe:to', 'drag:to', 'pull:to', 'hover:to', 'tell:about', 'think:about', 'click:on', 'tap:on', 'click:here', 'tap:here', 'focus:on', 'agree:to', 'go:back', 'go:home', 'go:away', 'go:ahead', 'come:back', 'come:here', 'come:home', 'get:back', 'get:started', 'hold:on'],
]

/**
 * Verbs a label starts with before its object, a bare noun (rule 1): "Copy link", "Change
 * password", "Clear history", "Open file", "Export data" came back "Enlace de copia",
 * "Contraseña de cambio", "Historia clara", "Archivo abierto", "Dato de exportación" (the noun,
 * the adjective). The same two words can be a heading, the verb's noun before the noun it
 * modifies ("Search results", "Download speed", "Change log"): the verbs whose nouns make such
 * headings (LABEL_MODIFIERS) are commands only before a noun that is not one of LABEL_HEADS
 * (nor, after a verb that moves data, a place: "Download folder"; "Open folder" is a command);
 * the others (LABEL_COMMANDS), whose nouns rarely do, before any noun but a button's, a key's
 * ("Delete key", "Cancel button"). LABEL_COMPOUNDS are headings whatever the lists say.
 */
const LABEL_COMMANDS = [
  'open', 'close', 'clear', 'copy', 'change', 'edit', 'delete', 'remove', 'add', 'create', 'rename', 'reset', 'restore', 'manage',
  'enable', 'disable', 'select', 'choose', 'configure', 'customize', 'verify', 'activate', 'deactivate', 'attach',
  'insert', 'replace', 'translate', 'pin', 'unpin', 'subscribe', 'unsubscribe', 'connect', 'disconnect', 'approve', 'reject',
  'accept', 'decline', 'submit', 'find', 'cancel', 'install', 'uninstall', 'unblock', 'unmute', 'unlock', 'unarchive', 'omit', 'invite',
  'send', 'save', 'mute', 'grant', 'revoke', 'place',
  // an editor's ("Paste styles", "Increase font size", "Crop image" came back "Estilos de paté",
  // "Tamaño de fuente del aumento", it "Immagine di raccolto")
  'paste', 'increase', 'decrease', 'duplicate', 'crop', 'rotate', 'flip',
  // a player's or a server's forced actions ("Force HTTP playback", "Force transcode" came back
  // "Reproducción de HTTP de la fuerza", "Fuerza transcode")
  'force',
]
const LABEL_MODIFIERS = [
  'search', 'download', 'upload', 'export', 'import', 'print', 'update', 'share', 'record', 'play', 'start', 'stop', 'lock', 'view',
  'report', 'request', 'scan', 'watch', 'follow', 'join', 'block', 'publish', 'synchronize', 'archive', 'contact',
  'run', 'finish',
]
/** Nouns a LABEL_MODIFIERS verb's noun modifies in a heading ("Search results", "Upload limit", "Play count"). */
const LABEL_HEADS = [
  'history', 'result', 'speed', 'limit', 'option', 'preview', 'log', 'mode', 'setting', 'preference', 'size', 'status', 'type',
  'format', 'progress', 'queue', 'date', 'time', 'count', 'rate', 'error', 'dialog', 'menu', 'bar', 'toolbar', 'icon', 'box',
  'field', 'sheet', 'price', 'engine', 'term', 'query', 'page', 'screen', 'manager', 'job', 'label', 'panel', 'permission', 'policy',
  'timeout', 'header', 'body', 'quality', 'summary', 'method', 'process', 'wizard', 'area', 'section', 'tool', 'level', 'point',
  'state', 'script', 'statistic', 'duration', 'interval', 'frequency', 'parameter', 'filter', 'link', 'request', 'notification',
  'scope', 'center', 'centre',
]
/** Nouns every label verb's noun modifies: "Delete key", "Cancel button", "Copy editor", "Open source". */
const BUTTON_HEADS = ['button', 'key', 'editor', 'source', 'shortcut']
/** Places after a verb that moves data, where the label names the place: "Download folder", "Export location". */
const PLACE_HEADS = ['folder', 'directory', 'location', 'path', 'destination', 'server']
const DATA_VERBS = ['download', 'upload', 'export', 'import', 'save', 'install', 'synchronize', 'record', 'scan', 'print', 'archive']
/** Verb and noun pairs that are headings although the lists above would make them commands. */
const LABEL_COMPOUNDS = ['change:log', 'change:history', 'change:request', 'edit:mode', 'edit:history', 'invite:link', 'invite:code', 'open:issue', 'select:box', 'select:menu', 'select:list', 'block:list', 'watch:list', 'contact:information', 'contact:info', 'contact:detail', 'contact:form', 'contact:person', 'contact:list', 'contact:name', 'contact:email', 'contact:address', 'contact:number', 'contact:page', 'place:holder', 'place:name', 'place:type']

/** Keys' names as keyboards and instructions write them. */
const KEY_NAMES = 'Enter|Return|Shift|Escape|Esc|Delete|Del|Insert|Ins|Home|End|Backspace|Tab|Space|Spacebar|Ctrl|Control|Alt|Option|Cmd|Command|Fn|PageUp|PageDown'

/** Words that open a subordinate clause, whose subject comes next (the hints' clause rules). */
const CLAUSE_OPENERS = String.raw`[Ww]hen|[Ii]f|[Oo]nce|[Uu]ntil|[Uu]nless|[Bb]efore|[Aa]fter|[Bb]ecause|[Ww]henever`
/**
 * A condition the analysers read as one adverb ("If possible", "If necessary") or that a phrase
 * stand-in made one ("Where possible" as "If possible", or "Where" read as "If" where the
 * analyser has no multiword): a clause that opens a sentence as "If it
 * fails" does ("If possible, use the API" came back "Si es posible, uso el API").
 */
const CONDITION_ADVERBS = String.raw`(?:[Ii]f|[Ww]hen|[Ww]here|[Ww]herever) (?:possible|necessary|needed|applicable|required)|[Ww]here(?:ver)?(?=/[Ii]f<)`

/** A finite verb's reading, in the hints (a clause's verb after its subject pronoun). */
const FINITE_READING = String.raw`<(?:vblex><(?:pres|past|pri)|vbmod|vaux|(?:vbser|vbhaver|vbdo)><(?:pres|past|pri|pii))>`

/**
 * Verbs whose object is an infinitive with "to" ("I forgot to save", "Remember to update"), whose
 * Spanish, Galician and Catalan verbs take the bare infinitive: `toInfinitives`. Not "try" in
 * es and ca (their rules read "tried to" as "intentar", and without "to" as "probar"), nor the
 * verbs whose Romance ones take "a" ("start to", "learn to", "help to": "empezar a").
 */
const TO_INFINITIVE_VERBS = ['need', 'forget', 'remember', 'decide', 'hope', 'prefer', 'plan', 'choose', 'promise', 'expect', 'wish', 'deserve', 'intend', 'love', 'like', 'hate']

/** Verbs whose clause may go after their object pronoun without "that" ("She told me you were coming"), where `thatAfter` is set. */
const TELLING_VERBS = ['tell', 'tells', 'told', 'remind', 'reminds', 'reminded', 'promise', 'promised', 'warn', 'warned', 'assure', 'assured', 'show', 'showed']

/** Verbs whose clause may go without "that" ("I think you are right"): `thatAfter`. */
const THINKING_VERBS = ['think', 'thinks', 'thought', 'know', 'knows', 'knew', 'hope', 'hopes', 'hoped', 'guess', 'believe', 'believes', 'believed', 'say', 'says', 'said', 'feel', 'felt', 'suppose', 'realise', 'realize', 'realised', 'realized', 'wish', 'promise', 'promised', 'remember', 'understand', 'agree', 'bet']

/**
 * Verbs whose "failed to" is something that did not happen to its subject (englishReadingHints'
 * failedAsCould): "Settings failed to save" is "could not be saved".
 */
const FAILED_PASSIVES = 'save|send|load|delete|update|create|add|remove|upload|download|fetch|retrieve|import|export|copy|sync|apply|process|generate|install|verify|parse|submit|publish|restore|reset|change|edit|register|approve|decline|deliver|store|read|write|refresh|render|start|stop|restart|open|close|connect|disconnect|attach|detach|mount|unmount|cancel|enable|disable|move|rename|share|print|convert|encrypt|decrypt|compile|build|deploy|schedule|archive'

const lowerFirst = (text: string): string => text.replace(/^./, (c) => c.toLowerCase())

/**
 * A word of one part of speech read as another word of it, whose translation is the right one:
 * `[lemma, tag, as]`; with `'before-noun'`, only where the next word can be a noun (an
 * adjective before the noun it qualifies); with `'after-possessive'`, only right after a
 * possessive (the word's first reading).
 */
type Sense = readonly [string, 'n' | 'vblex' | 'adj', string, ('before-noun' | 'after-possessive' | undefined)?]

interface HintOptions {
  /** Whether a word after "this", "these" that can be a noun is one, as after "a", "the" (not en-eo, whose tagger then read "this command starts" as "komandaj komencoj"). */
  nounsAfterThis?: boolean
  /**
   * "ascending", "descending" as the adjectives (a sort order) but before an object or a
   * preposition, "descending" read as `descendingAs` (an adjective the pair's dictionary
   * translates "descending": eng-spa's and eng-cat's have "downward" alone). Pairs whose
   * dictionaries have them.
   */
  sortOrders?: { descendingAs: string }
  /** Whether a plural noun after "all" takes "the" (eng-cat: "tots els fitxers", not "tots arxiven"; below). */
  theAfterAll?: boolean
  /** Words read as other words of the same part of speech, whose translation is the interface's. */
  senses?: readonly Sense[]
  /** Verbs whose command keeps its infinitive alone (the target's imperative is not the present the transfer writes). */
  infinitiveCommands?: readonly string[]
  /** Whether a command before an object pronoun keeps its infinitive alone (its imperative where the analyser has one). */
  infinitiveBeforePronouns?: boolean
  /** Verbs whose separable multiwords ("Let me know") go as their three words: the pair has no translation for them. */
  separate?: readonly string[]
  /** Verbs whose sense (`senses`) takes a preposition before its object: `[verb, preposition]`, "match" → "coincide with". */
  prepositions?: ReadonlyArray<readonly [verb: string, preposition: string]>
  /** A verb and its preposition before an object, read as a verb that takes the object directly: `[verb, preposition, as]`, "agree to" → "accept". */
  phrasalSenses?: ReadonlyArray<readonly [verb: string, preposition: string, as: string]>
  /** Whether "required" after "is" is "mandatory" ending its clause, "necessary" before "for" (below). */
  requiredAsMandatory?: boolean
  /** Whether a relative clause without "that" gets one (below): not for en-eo, whose "that" is "ke", not "kiun". */
  zeroRelatives?: boolean
  /** Verbs "turn on" and "turn off" are read as (below): the pair's "girar en", "virar en", "turni sur" are a rotation. */
  turn?: { readonly on?: string; readonly off?: string }
  /** Whether a question's "did" goes after its subject pronoun, as a modal does (below). */
  pastQuestions?: boolean
  /** The verbs ("think", "hope", "know"…) between which and a clause with a pronoun subject "that" goes (below). */
  thatAfter?: readonly string[]
  /** Whether "wrong" after "go" is read as "badly" (below). */
  goWrong?: boolean
  /** Whether a question's "be" goes after its subject pronoun before an adjective or a participle (below). */
  beQuestions?: boolean
  /** Whether "must not" and "should not" are read as "do not owe" and "would not owe" (below): the pair's "must" is "tener que", whose negation lifts the obligation. */
  prohibitions?: boolean
  /** Verbs whose "to" before an infinitive goes (below): the pair's transfer wrote it as a purpose, "para", "per". */
  toInfinitives?: readonly string[]
  /** Verbs the pair's analyser reads only as nouns (eng-spa's "paste") that get their infinitive and present readings (below), and their imperative with `imperatives`. */
  verbReadings?: readonly string[]
  /** Whether the pair's analyser has imperative readings (eng-cat's), which `verbReadings` then adds too. */
  imperatives?: boolean
  /** Whether "mean to" before a verb is read as "want to", the analyser's multiword (below). */
  meanTo?: boolean
  /** Whether "Are you sure" before a clause is read as "you are sure that" (below). */
  sureClauses?: boolean
  /** Whether an initialism the analyser does not know goes after the noun it modifies ("API key" → "key API", below). */
  initialismsAfterNouns?: boolean
  /** Whether "log in", "sign out"… after "to", a modal or "not" are read as "initiate session", "close session" (below). */
  sessionCommands?: boolean
  /** Whether "invalid" right after a form of "be" is read as "not valid" (below). */
  invalidAsNotValid?: boolean
  /** Whether "data" is read as the plural it is in the target (below). */
  pluralData?: boolean
  /** Whether the verb "resume", which the analyser does not know, is read as "continue" (below). */
  resumeAsContinue?: boolean
  /** Whether "click" (a noun only to the analyser) as a command before its object is read as "do click on" (below). */
  clickCommands?: boolean
  /** Whether `prepositions` apply to a gerund too (below). */
  gerundPrepositions?: boolean
  /** The analyser's reading of "Could" ("Can<vaux><past>"), as which a sentence's "Failed" before "to" and a verb is read, and a subject's "failed to" (its present, "cannot", "fail to"; below). */
  failedAsCould?: string
  /** The units the analyser gives "for the last time", which a sentence's "Last" before a participle becomes after it (below). */
  lastTime?: string
  /** Whether a label's opening verb is the infinitive and never the present (below): Spanish, Galician and Esperanto label buttons and menus so. */
  labelInfinitives?: boolean
  /**
   * Whether a capitalised word the analyser does not know before a noun is read as a product's
   * name (below): eng-spa and en-gl put it after the noun with "de"; eng-cat's tagger then read
   * the noun after it as a verb ("Pushover test notification" → "Pushover tastar la notificació"),
   * en-eo keeps it before.
   */
  productNames?: boolean
  /**
   * The reading a command after a sentence's opening clause keeps (below): the present, which
   * eng-spa and en-gl write as the "tú" imperative ("ejecuta", "comprueba"), or eng-cat's
   * imperative; unset (en-eo), the command's readings, of which its tagger chose the infinitive.
   */
  instruction?: 'pres' | 'imp'
  /** Whether "live" before a broadcast (LIVE_BROADCAST) is the adjective: eng-cat's analyser has only the verb, its dictionary the adjective. */
  liveBroadcasts?: boolean
}

/** The subject "you", a unit the hints put before a question's verb when the question leaves it out. */
const YOU_SUBJECT = String.raw`^you/prpers<prn><subj><p2><mf><sp>\$`

function englishReadingHints(commandForms: string, { liveBroadcasts = false, nounsAfterThis = true, sortOrders, theAfterAll = false, senses = [], infinitiveCommands = [], infinitiveBeforePronouns = false, separate = [], prepositions = [], phrasalSenses = [], requiredAsMandatory = false, zeroRelatives = false, turn = {}, pastQuestions = false, thatAfter = [], goWrong = false, beQuestions = false, prohibitions = false, toInfinitives = [], verbReadings = [], imperatives = false, meanTo = false, sureClauses = false, initialismsAfterNouns = false, sessionCommands = false, invalidAsNotValid = false, pluralData = false, resumeAsContinue = false, clickCommands = false, gerundPrepositions = false, failedAsCould, lastTime, labelInfinitives = false, productNames = false, instruction }: HintOptions = {}): string {
  return `perl -0 -pe '${[
    String.raw`BEGIN { $| = 1; $::COMMAND = qr/<vblex><(?:${commandForms})>/; %::PHRASAL = map { $_ => 1 } qw(${PHRASAL_COMMANDS.join(' ')}); %::INFINITIVE = map { $_ => 1 } qw(${infinitiveCommands.join(' ')}); $::PRONOUN_INFINITIVE = ${infinitiveBeforePronouns ? 1 : 0}; @::COMMAND_FORMS = qw(${commandForms.split('|').filter((form) => form !== 'imp' || imperatives).join(' ')}) }`,
    String.raw`BEGIN { %::LABEL_COMMAND = map { $_ => 1 } qw(${LABEL_COMMANDS.join(' ')}); %::LABEL_MODIFIER = map { $_ => 1 } qw(${LABEL_MODIFIERS.join(' ')}); %::LABEL_HEAD = map { $_ => 1 } qw(${LABEL_HEADS.join(' ')}); %::BUTTON_HEAD = map { $_ => 1 } qw(${BUTTON_HEADS.join(' ')}); %::PLACE_HEAD = map { $_ => 1 } qw(${PLACE_HEADS.join(' ')}); %::DATA_VERB = map { $_ => 1 } qw(${DATA_VERBS.join(' ')}); %::LABEL_COMPOUND = map { $_ => 1 } qw(${LABEL_COMPOUNDS.join(' ')}) }`,
    // first: an interface verb the analyser reads only as a noun gets its verb readings, which the
    // bilingual dictionary translates ("Paste", "Copy and paste the link" came back "Paté",
    // "Copia y paté el enlace"; now "Pegar", "Copia y pega…"), or a sense below does ("reset")
    ...verbReadings.map((verb) => String.raw`s{\^(${verb[0]!.toUpperCase()}|${verb[0]!})(${verb.slice(1)})/[${verb[0]!.toUpperCase()}${verb[0]!}]${verb.slice(1)}<n><sg>\$}{^$1$2/$1$2<n><sg>/${verb}<vblex><inf>/${verb}<vblex><pres>${imperatives ? `/${verb}<vblex><imp>` : ''}\$}g if index($_, "${verb.slice(1)}/") >= 0;`),
    String.raw`sub readings { my @f = (""); while ($_[0] =~ /\G(\\.|\/|[^\\\/]+)/gs) { if ($1 eq "/") { push @f, "" } else { $f[-1] .= $1 } } @f }`,
    UNIT_BEFORE_SUB,
    // before the rules that read commands and labels: "billing" before a noun or alone is the
    // noun, read as "turnover" (es "facturación", ca "facturació"; "Billing history" came back
    // "Enunciando historia", "bill"'s gerund), and
    // "invite" before a link's or a code's noun is "invitation" ("Copy invite link" came back
    // "La copia invita enlace"; now "Copiar enlace de invitación")
    String.raw`s{\^([Bb])illing/(?:[^\\\$]++|\\.)*+\$(?=(?: \^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$<]++|\\.)*+<n>|(?:[^\\^]|\\.)*+\z|\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<sent>\$(?:[^\\^]|\\.)*+\z))}{^$1illing/turnover<n><sg>\$}g if index($_, "illing/") >= 0;`,
    String.raw`s{\^([Ii])nvite/(?:[^\\\$]++|\\.)*+\$(?= \^(?:links?|codes?|emails?|tokens?|urls?|URLs?|messages?)/)}{^$1nvite/invitation<n><sg>\$}g if index($_, "nvite/") >= 0;`,
    String.raw`sub tag { $_[0] =~ /^(?:\\.|[^<\\])*<([^>]+)>/ ? $1 : "" }`,
    // a unit of its surface and readings; with none left (a rule's filter that kept nothing) the
    // word goes as one the analyser does not know: a unit without readings ("^grouped$") made
    // eng-cat's tagger die on the whole text
    String.raw`sub unit { my $surface = shift; "^" . join("/", $surface, @_ ? @_ : "*$surface") . "\$" }`,
    // "that", the conjunction, and a pronoun as the subject alone (a relative or a reported
    // clause that went without "that"), or nothing where the pronoun has no subject reading
    String.raw`sub thatSubject { my ($surface, @r) = @_; my @subject = grep { /<subj>/ && !/\+/ } @r; @subject ? "^that/that<cnjsub>\$ " . unit($surface, @subject) : "" }`,
    // a unit without its readings of one part of speech, unless that leaves none or removes none
    // (the unit is copied first: a caller's $1, which readings' own matches overwrite)
    String.raw`sub withoutTag { my ($lu, $tag) = @_; my ($surface, @r) = readings(substr($lu, 1, -1)); my @kept = grep { tag($_) ne $tag } @r; !@kept || @kept == @r ? $lu : unit($surface, @kept) }`,
    // whether unit $i of a record cut into units (blanks at even places) starts its sentence: the
    // record's first (only the text's marker before it) or the one after a sentence end
    String.raw`sub opensSentence { my ($p, $i) = @_; $i == 1 ? $p->[0] =~ /^\s*(?:\[v:\d+\])?\s*$/ : $p->[$i - 1] =~ /^\s*$/ && index($p->[$i - 2], "<sent>") >= 0 }`,
    String.raw`sub statement { substr($_, $_[0]) =~ /\^((?:[^\\\/\$]++|\\.)*+)\/(?:[^\\\$]|\\.)*?<(sent|cm)>/ && $2 eq "sent" && $1 ne "?" }`,
    String.raw`sub negation { my ($lu, $next, $end) = @_; return $lu if index($next, "<vblex><inf>") < 0 || !statement($end); my ($surface) = readings(substr($lu, 1, -1)); unit($surface, "not<adv>") }`,
    // whether a verb that can only be finite (a past, a third person, "is", "can") follows in
    // the sentence from $at: then a first word before a preposition is its subject ("Move to
    // trash failed", "Access to the server is denied"), not a command
    String.raw`sub finiteLater { my $rest = substr($_, $_[0]); while ($rest =~ /\G${BLANK}(${UNIT})/gc) { my $unit = $1; my (undef, @r) = readings(substr($unit, 1, -1)); return 0 if grep { tag($_) eq "sent" } @r; return 1 if @r && !grep { tag($_) !~ /^(?:vblex|vbser|vbhaver|vbmod|vaux)$/ || /<inf>/ || /\+/ } @r } 0 }`,
    // whether a label verb's noun $n makes a heading with it ("Search results"), not its object
    String.raw`sub labelHead { my ($v, $n) = @_; $::BUTTON_HEAD{$n} || $::LABEL_COMPOUND{"$v:$n"} || $::LABEL_MODIFIER{$v} && $::LABEL_HEAD{$n} || $::DATA_VERB{$v} && $::PLACE_HEAD{$n} }`,
    // a word of a label's object after verb $v: 2 for a noun (or a word the analyser does not
    // know, an initialism or in lower case, a term: "Copy URL", "Clear cache"; capitalised, a
    // name, 1, as an adjective before its noun: "Open Plex settings", not "Grant Thompson"; "Request
    // Overrides" is a heading's title case, "Download canceled" a status), 1 for an adjective, 0 for
    // anything else or a noun that makes a heading with $v; an -ing word only after start and stop ("Stop recording"; "Download running" is a
    // status)
    String.raw`sub labelWord { my ($u, $v) = @_; my (undef, @r) = readings(substr($u, 1, -1)); return 2 if @r == 1 && $r[0] =~ /^\*(?:[A-Z]+|[a-z]+)$/ && $r[0] !~ /(?:ed|ing)$/; return 1 if @r == 1 && ($r[0] =~ /^\*[A-Z][a-z]+(?:[A-Z][a-z]+)*[0-9]*$/ || tag($r[0]) eq "np"); return 0 if !@r || grep { tag($_) !~ /^(?:n|adj|vblex)$/ || /\+/ || /<ger>/ && $v !~ /^(?:start|stop)$/ } @r; my @n = map { /^((?:\\.|[^<\\])*)<n>/ ? lc $1 : () } @r; return 0 if grep { labelHead($v, $_) } @n; @n ? 2 : grep({ tag($_) eq "adj" } @r) ? 1 : 0 }`,
    // whether the verb $v starting a text is a label's command before its object, $next and up to
    // three words more ending in a noun, then the text's end or a preposition and no finite verb
    // ("Copy link", "Change profile picture", "Export data to CSV"; not "Search results")
    String.raw`sub labelObject { my ($v, $next, $end) = @_; $v = lc $v; return 0 if !$::LABEL_COMMAND{$v} && !$::LABEL_MODIFIER{$v}; my $last = labelWord($next, $v); return 0 if !$last; my @p = split /(${UNIT})/, substr($_, $end), -1; for (my $i = 1; $i < @p; $i += 2) { return $last == 2 && $p[$i - 1] eq "" && $i + 2 >= @p && $p[-1] =~ /^\s*(?:\[v:e\])?[\s\0]*$/ if $p[$i] =~ /^\^(?:\.|…|:)\/[^\\\$]*<sent>\$$/; return 0 if $p[$i - 1] ne " "; my (undef, @q) = readings(substr($p[$i], 1, -1)); return $last == 2 && !finiteLater($end + length(join "", @p[0 .. $i - 1])) if grep({ tag($_) eq "pr" } @q) && !grep { tag($_) !~ /^(?:pr|preadv|cnjadv|cnjsub|cnjcoo|adv)$/ } @q; return 0 if $i > 5; $last = labelWord($p[$i], $v); return 0 if !$last } $last == 2 && $p[-1] =~ /^\s*(?:\[v:e\])?[\s\0]*$/ }`,
    // a text's first unit and the next: the first is a label's command before its object (the
    // next, then a noun and not a verb where it can be a noun: "Change transfer settings" came
    // back ca "Canvia transfereix…"; a participle stays one) or whatever command() makes of it
    String.raw`sub opening { my ($lu, $next, $end, $between, $start) = @_; my ($verb) = $lu =~ /\/((?:\\.|[^<\\\/])*)<vblex><inf>/; my $label = defined $verb && $start =~ /^\s*(?:\[v:\d+\])?\s*$/ && $between eq " " && labelObject($verb, $next, $end); command($lu, $next, $end, $between, $label) . $between . ($label && $next =~ /<n>/ ? withoutTag($next, "vblex") : $next) }`,
    String.raw`sub command { my ($lu, $next, $end, $between, $label) = @_; return negation($lu, $next, $end) if $lu =~ /^\^(?:[^\\\/]|\\.)*\/do<vbdo><pres>\+not<adv>\$$/i; return $lu if index($lu, "<vblex><inf>") < 0; my ($surface, @r) = readings(substr($lu, 1, -1)); my ($following, @n) = readings(substr($next, 1, -1)); my ($verb) = map { /^((?:\\.|[^<\\])*)<vblex><inf>/ } @r; return $lu if !defined $verb || grep { tag($_) !~ /^(?:n|np|adj|vblex|adv)$/ || /\+/ || tag($_) eq "vblex" && index($_, "$verb<") != 0 } @r; return $lu if !$label && grep { tag($_) eq "adv" } @r; my $objectFirst = $label || $verb =~ /^(?:show|hide|use)$/i && (grep({ tag($_) =~ /^(?:n|adj)$/ } @n) || @n == 1 && $n[0] =~ /^\*/) || ($between // "") =~ /\[\[t:\d+\]\]|\[t:\d+:o\]/ && $between !~ /:v\]/ || $verb =~ /^(?:press|click|tap|hit|select|choose)$/i && $following =~ /^[A-Z]/ || ($between // "") =~ /\[t:\d+:v\]/ && $verb =~ /^(?:press|click|tap|hit|select|choose|use|run|enter|open|close|save|delete|remove|add|edit|copy|share|print|search|download|upload|install|uninstall|enable|disable|rename|restore|import|export|connect|disconnect|block|unblock|mute|unmute|subscribe|unsubscribe|follow|unfollow|reset|send|visit|view|play|pause|stop|start|launch|update|upgrade)$/i; my $phrasal = !$objectFirst && (($between // "") eq " " && $::PHRASAL{lc "$verb:$following"} || ($between // "") =~ /^ ?$/ && $r[0] =~ /#/) && !finiteLater($end); return $lu if lc($following) ne "as" && !$objectFirst && !$phrasal && grep { !(tag($_) =~ /^(?:det|predet|prn)$/ || /<pos>/) || /<ref>/ || /<subj>/ && !/<p3><nt>/ } @n; my @command = grep { /$::COMMAND/ } @r; @command = grep { /<vblex><inf>/ } @r if $::INFINITIVE{lc $verb} && $r[0] !~ /#/; if (!$objectFirst && (grep({ /<subj><p3><nt>/ } @n) || $::PRONOUN_INFINITIVE && @n && !grep({ !/<prn><obj>/ } @n))) { my @imp = grep { /<vblex><imp>/ } @r; @command = @imp ? @imp : grep { /<vblex><inf>/ } @r } unit($surface, @command) }`,
    String.raw`sub preposition { my ($lu, $blank, $next, $end) = @_; return $lu if $lu !~ /<(?:adv|cnjadv|cnjsub|preadv)>/; my ($surface, @r) = readings(substr($lu, 1, -1)); return $lu if grep { tag($_) !~ /^(?:pr|adv|cnjadv|cnjsub|preadv)$/ || /\+/ } @r; unless ($blank =~ /\[t:\d+:v\]/) { return $lu unless defined $next; my (undef, @n) = readings(substr($next, 1, -1)); my $object = index($next, "/prpers<prn>") >= 0 && $blank =~ /^ +$/ && !grep({ tag($_) =~ /^(?:cnjadv|cnjsub)$/ } @r) && @n && !grep({ tag($_) ne "prn" || !/^prpers/ } @n) && grep({ /<obj>/ } @n) && substr($_, $end + length($blank) + length($next)) !~ /^${BLANK}\^(?:[^\\\$<]++|\\.|<(?!vb(?:lex|ser|haver|mod)>))*+<vb(?:lex|ser|haver|mod)>/; my $topic = lc($surface) eq "about" && $blank =~ /^ (?:\[\[t:\d+\]\]|\[t:\d+:o\])*$/ && @n && ($next =~ /^\^(?:[Hh]ow|[Ww]hat|[Ww]hy|[Ww]here|[Ww]hich|[Ww]ho|[Ww]hether)\// || !grep { tag($_) !~ /^(?:n|det|adj|np|vblex)$/ || tag($_) eq "vblex" && !/<(?:ger|pprs|subs)>/ || /\+/ } @n); my $place = lc($surface) =~ /^(?:on|in|at|inside|within|across|through)$/; return $lu if !$object && !$topic && grep { tag($_) !~ /^(?:np|num)$/ && !($place && /^\*[A-Z]/) } @n } unit($surface, grep { tag($_) eq "pr" } @r) }`,
    // whether unit $i of a record cut into units follows a form of "be" or "have", with only
    // adverbs ("successfully", "not yet") and single spaces between
    String.raw`sub afterBeOrHave { my ($p, $i) = @_; for ($i -= 2; $i >= 1 && $p->[$i + 1] =~ /^ +$/; $i -= 2) { my (undef, @r) = readings(substr($p->[$i], 1, -1)); return 1 if grep { /<vb(?:ser|haver)>/ } @r; return 0 if !@r || grep { tag($_) !~ /^(?:adv|preadv|cnjadv)$/ || /\+/ } @r } 0 }`,
    // the first unit of the subject when unit $i of a record cut into units is the verb of a
    // headline, else 0: one to four words that can be nouns or adjectives, or names beside one
    // (headlineNoun: 1 a noun, 2 a name), start the sentence before it ("Address copied",
    // "Download history deleted", "Tautulli settings saved", "Web push notification settings saved"),
    // and what follows it is the text's or the sentence's end, a preposition, an adverb or "as"
    // (no object); never for verbs that take no object ("Export failed" is "falló"). A count may
    // come first, a number or a placeholder ("3 files deleted", "{count} items selected")
    String.raw`sub nounish { my (undef, @r) = readings(substr($_[0], 1, -1)); @r && grep({ tag($_) =~ /^(?:n|adj)$/ } @r) && !grep { tag($_) !~ /^(?:n|vblex|adj)$/ || /\+/ } @r }`,
    String.raw`sub headlineNoun { return 1 if nounish($_[0]); my (undef, @r) = readings(substr($_[0], 1, -1)); @r == 1 && $r[0] =~ /^\*/ || grep({ tag($_) eq "np" } @r) && !grep { tag($_) !~ /^(?:n|np|adj|vblex)$/ || /\+/ } @r ? 2 : 0 }`,
    String.raw`sub headline { my ($p, $i, @r) = @_; return 0 if grep { /^(?:fail|succeed|occur|happen|crash|exit|appear|disappear|arrive|die|leave|return|sleep|laugh|cry|smile|wait|walk|live|stay|talk|agree|sit|stand|call|work)</i } @r; my ($start, $nouns, $names) = (undef, 0, 0); for (my $s = $i - 2; $s >= 1 && $p->[$s + 1] =~ /^ +$/; $s -= 2) { my $kind = headlineNoun($p->[$s]); if ($kind) { last if ++$nouns > 4; $names++ if $kind == 2; if ($nouns > $names && opensSentence($p, $s) || $s == 1 && $p->[0] =~ /^\s*(?:\[v:\d+\])?\s*\[t:\d+:v\] $/) { $start = $s; last } next } $start = $s if $nouns > $names && ($p->[$s] =~ /^\^(?:[Nn]o|[Aa]ll|[Ss]ome|[Ee]very|[Mm]any|[Ss]everal|[Bb]oth|[Ff]ew)\// || $p->[$s] =~ /^\^[0-9][^\/]*\/[^\$]*<num>[^\$]*\$$/) && opensSentence($p, $s); last } return 0 if !defined $start; return $start if $i + 2 >= @$p; my ($after, @n) = readings(substr($p->[$i + 2], 1, -1)); return $start if $p->[$i + 1] eq "" && grep { tag($_) eq "sent" } @n; return 0 if $p->[$i + 1] !~ /^ +$/; (lc($after) eq "as" || @n && !grep({ tag($_) !~ /^(?:pr|adv|preadv|cnjadv)$/ || /\+/ } @n)) ? $start : 0 }`,
    String.raw`sub participle { my @p = split /(${UNIT})/, $_[0], -1; for (my $i = 1; $i < @p; $i += 2) { next if index($p[$i], "<vblex><pp>") < 0; my ($surface, @r) = readings(substr($p[$i], 1, -1)); @r = grep { !/^found<vblex><(?:inf|pres)>/i } @r if grep { /^find<vblex><pp>/i } @r; next if grep { !(/<vblex><(?:past|pp)>/ || tag($_) eq "adj") || /\+/ } @r; if ($i > 1 && $p[$i - 1] eq " " && grep({ /^(?:fail|succeed|occur|happen|crash|exit|appear|disappear|arrive|expire)<vblex><past>/i } @r) && (nounish($p[$i - 2]) || $p[$i - 2] =~ /<prn>/ && $p[$i - 2] !~ /<(?:obj|pos)>/)) { $p[$i] = unit($surface, grep { !/<vblex><pp>/ } @r); next } my $subject = headline(\@p, $i, @r); if ($subject) { for (my $j = $subject; $j < $i; $j += 2) { $p[$j] = withoutTag($p[$j], "vblex") } } if ($subject || afterBeOrHave(\@p, $i) || $i > 1 && $p[$i - 1] eq " " && $p[$i - 2] =~ /^\^[Nn]ot\/not<adv>\$$/) { $p[$i] = unit($surface, grep { !/<vblex><past>/ } @r); next } next if $i + 2 >= @p || $p[$i + 1] !~ /^ +$/ || grep { tag($_) eq "adj" } @r; my ($noun, @n) = readings(substr($p[$i + 2], 1, -1)); my @nouns = grep { tag($_) eq "n" && !/\+/ } @n; next if !@nouns || grep { tag($_) !~ /^(?:n|vblex)$/ } @n; my $command = $i > 1 && $p[$i - 1] =~ /^ +$/ && index($p[$i - 2], "<vblex><inf>") >= 0 && opensSentence(\@p, $i - 2); my $opens = $command || opensSentence(\@p, $i) || $i > 1 && $p[$i - 1] =~ /^ +$/ && $p[$i - 2] !~ /<(?:rel|cnjsub)>/ && grep { tag($_) =~ /^(?:det|num)$/ } readings(substr($p[$i - 2], 1, -1)); my ($verb, @v) = $i > 1 && $p[$i - 1] =~ /^ +$/ ? readings(substr($p[$i - 2], 1, -1)) : (); if (!$opens && @v && !grep { tag($_) !~ /^(?:vblex|n)$/ || /\+/ || /<(?:pp|ger|pprs)>/ } @v) { my $afterTo = $i > 3 && $p[$i - 3] =~ /^ +$/ && $p[$i - 4] =~ /^\^(?:[Tt]o\/(?:[^\\\$]|\\.)*?[Tt]o<pr>|(?:[^\\\$]|\\.)*?(?:\# to|<vbmod>|<vaux>)(?:[^\\\$]|\\.)*\$$)/; if (!grep({ tag($_) eq "n" } @v) || $afterTo && grep({ /<vblex><inf>/ } @v)) { $opens = 1; $p[$i - 2] = unit($verb, grep { tag($_) eq "vblex" } @v) } } next if !$opens; if ($command && $p[$i - 2] !~ /<adj>/ && $p[$i - 2] !~ /^\^[Pp]ause\//) { my ($first, @f) = readings(substr($p[$i - 2], 1, -1)); my @c = grep { /$::COMMAND/ } @f; $p[$i - 2] = unit($first, @c) if @c && !grep { tag($_) !~ /^(?:n|vblex)$/ || /\+/ } @f } $p[$i] = unit($surface, grep { /<vblex><pp>/ } @r); $p[$i + 2] = unit($noun, @nouns) } join "", @p }`,
    // A subject pronoun (I, we, they, he, she) before a verb: the verb is finite, a past, not a
    // participle, a present, not an infinitive ("I said no." came back "I dicho no.", "- I
    // know." "- I sabe", "I do it" "loHago"), unless a question put the subject after an
    // auxiliary ("How do I change…", "Can we go?"). "I" is the pronoun, not the Roman numeral,
    // unless a noun or a number comes before it ("World War I", "Chapter I is"). Before the
    // participle rules, which read a numeral as a determiner
    String.raw`sub subjectVerb { my ($before, $lu, $space, $next) = @_; my ($surface, @r) = readings(substr($lu, 1, -1)); my @prn = grep { tag($_) eq "prn" && /<subj>/ } @r; my (undef, @n) = readings(substr($next, 1, -1)); my (undef, @b) = $before eq "" ? () : readings(substr($before, 1, -2)); return "$before$lu$space$next" if !@prn || !grep({ /<vblex><(?:pres|past|pri)>|<(?:vbser|vbhaver|vbmod|vbdo|vaux)>/ && !/\+/ } @n) || @prn < @r && grep { tag($_) =~ /^(?:n|np|num|adj)$/ } @b; $lu = unit($surface, @prn); return "$before$lu$space$next" if grep { /<(?:vbdo|vbmod|vbser|vbhaver|vaux)>/ } @b; my ($verb) = readings(substr($next, 1, -1)); my @kept = grep { !/<vblex><pp>/ } @n; @kept = @n if !grep { /<vblex><past>/ } @kept; my @finite = grep { !/<vblex><(?:inf|imp)>/ } @kept; @kept = @finite if grep { /<vblex><pres>/ } @finite; $next = unit($verb, @kept) if @kept < @n; "$before$lu$space$next" }`,
    String.raw`s{(${UNIT} )?(\^(?:I|[WwHh]e|[Tt]hey|[Ss]he)/(?:[^\\\$]++|\\.)*+\$)( )(${UNIT})}{subjectVerb($1 // "", $2, $3, $4)}ge if /\^(?:I|[WwHh]e|[Tt]hey|[Ss]he)\//;`,
    // a question's "be" before its pronoun and a gerund goes after the pronoun: the transfers
    // read "are you doing" as "be" itself and "you are doing" as the progressive ("What are you
    // doing?" came back "¿Qué eres haciendo?", "Are you coming?" "¿Eres viniendo?"; now "¿Qué
    // estás haciendo?", "¿Estás viniendo?")
    String.raw`s{(\^(?:[Aa]re|[Ii]s|[Aa]m|[Ww]ere|[Ww]as)/(?:[^\\\$]++|\\.)*+\$)( )(\^(?:you|he|she|it|we|they|I)/(?:[^\\\$<]++|\\.|<(?!subj>))*+<subj>(?:[^\\\$]++|\\.)*+\$)(?= \^(?:[^\\\$<]++|\\.|<(?!vblex><ger>))*+<vblex><ger>)}{withoutTag($3, "num") . $2 . $1}ge if index($_, "<vblex><ger>") >= 0 && index($_, "^?/") >= 0;`,
    // and before an adjective or a participle ending the question (es, gl, ca), as a modal
    // goes: "Are you sure?", "Are you ready?", "Is it ready?" came back ca "T'és segur?", "T'és
    // llest?", es "¿Eres a punto?", "¿Es a punto?"; "you are ready?" reads "Ets segur?",
    // "¿Estás a punto?" (not before more words: "Are you sure you want to…" is eng-spa's own)
    ...(beQuestions ? [String.raw`s{(\^(?:[Aa]re|[Ii]s|[Aa]m|[Ww]ere|[Ww]as)/(?:[^\\\$]++|\\.)*+\$)( )(\^(?:you|he|she|it|we|they|I)/(?:[^\\\$<]++|\\.|<(?!subj>))*+<subj>(?:[^\\\$]++|\\.)*+\$)(?= \^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?(?:<adj>|<vblex><pp>)(?:[^\\\$]++|\\.)*+\$\^\?/)}{modalAfter($1, $2, withoutTag($3, "num"), qr/<vbser>/)}ge if index($_, "^?/") >= 0;`] : []),
    // a question's modal before its subject pronoun and a verb goes after the pronoun: the
    // transfers have no rule for the inversion ("Can you help me?", "What can I do?" came back
    // "¿Puede me ayudas?", eo "Povas vin helpas min?", gl "Pode axúdasme?"), and read "you can
    // help me?" right: "¿Me puedes ayudar?", "Vi povas helpi min?", "Podes axudarme?"; the
    // sentence's capital goes with its first word, and "I" inside it writes no capital (ca "El
    // que Puc fer?")
    String.raw`sub modalAfter { my ($modal, $space, $subject, $as) = @_; $as //= qr/<(?:vaux|vbmod)>/; my ($surface, @r) = readings(substr($modal, 1, -1)); my @m = grep { /$as/ } @r; my ($pronoun, @p) = readings(substr($subject, 1, -1)); my @subj = grep { /<subj>/ } @p; return "$modal$space$subject" if !@m || !@subj; if ($surface =~ /^[A-Z]/) { $surface = lcfirst $surface; @m = map { lcfirst } @m; $pronoun = ucfirst $pronoun } elsif ($pronoun eq "I") { $pronoun = "i" } unit($pronoun, @subj) . $space . unit($surface, @m) }`,
    String.raw`s{(\^(?:[Cc]an|[Cc]ould|[Ww]ill|[Ww]ould|[Ss]hould|[Mm]ay|[Mm]ight|[Mm]ust|[Ss]hall)/(?:[^\\\$]++|\\.)*+\$)( )(\^(?:you|I|we|they|he|she|it)/(?:[^\\\$]++|\\.)*+\$)${infinitiveNext('lex|ser|haver')}}{modalAfter($1, $2, $3)}ge if index($_, "^?/") >= 0 && (index($_, "<vaux>") >= 0 || index($_, "<vbmod>") >= 0);`,
    // so does "did" (es, gl, ca): the transfers read "Did you see that?", "Why didn't you call
    // me?" in the present ("¿Ves aquello?", "¿Por qué no me llamas?", ca "Veure allò?") and "you
    // did see that?" in the past: "¿Viste aquello?", "¿Por qué no me llamaste?", "Vas veure
    // allò?" (en-eo wrote its emphatic "ja": "Vi ja vidis tion?")
    ...(pastQuestions ? [
      String.raw`s{(\^(?:[Dd]id|[Dd]idn\x27t)/(?:[^\\\$]++|\\.)*+\$)( )(\^(?:you|I|we|they|he|she|it)/(?:[^\\\$]++|\\.)*+\$)${infinitiveNext('lex|ser|haver')}}{modalAfter($1, $2, $3, qr/<vbdo><past>/)}ge if index($_, "^?/") >= 0 && index($_, "<vbdo><past>") >= 0;`,
    ] : []),
    // so does a perfect's "have" (every pair): "Have you seen it?", "What have you done?" came
    // back "¿Te tiene visto lo?", gl "Tente visto o?", ca "Ha tu vist el?", eo "Havas vin
    // vidita ĝin?"; "you have seen it?" reads "¿Lo has visto?", "L'has vist?", "Vi vidis ĝin?"
    String.raw`s{(\^(?:[Hh]ave|[Hh]as|[Hh]aven\x27t|[Hh]asn\x27t)/(?:[^\\\$]++|\\.)*+\$)( )(\^(?:you|I|we|they|he|she|it)/(?:[^\\\$]++|\\.)*+\$)(?= (?:\^(?:not|already|ever|never|just|yet|really)/(?:[^\\\$]++|\\.)*+\$ )?\^(?:[^\\\$<]++|\\.|<(?!(?:vblex|vbser)><pp>))*+<(?:vblex|vbser)><pp>)}{modalAfter($1, $2, $3, qr/<vbhaver>/)}ge if index($_, "^?/") >= 0 && index($_, "<vbhaver>") >= 0;`,
    // "have" before a number, a determiner, a noun, an adjective or "one", "some", "nothing"
    // (adverbs between; no reading a participle or a personal pronoun) is the
    // verb, not the perfect's auxiliary, which eng-spa's and en-gl's taggers chose before "at
    // least" ("The password must have at least 8 characters", "It has at least one" came back
    // "tiene que haber al menos…", "Ha al menos uno")
    String.raw`sub haveMain { my ($lu, $at) = @_; my $rest = substr($_, $at); while ($rest =~ /\G${BLANK}(${UNIT})/gc) { my $unit = $1; my (undef, @r) = readings(substr($unit, 1, -1)); return $lu if !@r; next if !grep { tag($_) !~ /^(?:adv|preadv)$/ || /\+/ } @r; return $lu if grep { /<(?:vblex|vbser)><pp>|\+|<prn><(?:subj|obj)>/ } @r; return grep({ tag($_) =~ /^(?:det|num|n|adj|predet)$/ || /<prn><tn>/ } @r) ? withoutTag($lu, "vbhaver") : $lu } $lu }`,
    String.raw`s{(\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<vbhaver>(?:[^\\\$]++|\\.)*+\$)}{haveMain($1, $+[0])}ge if index($_, "<vbhaver>") >= 0 && index($_, "<vblex>") >= 0;`,
    // "be" a number of characters "long" is "have" them (every pair): "Your password must be at
    // least 8 characters long" came back "tiene que ser al menos 8 caracteres mucho tiempo", ca
    // "…llarg", eo "…longa"; now "tiene que tener al menos 8 caracteres". The number may be a
    // placeholder, or two ("between 3 and 20")
    String.raw`s{(\^(?:[^\\\$/]++|\\.)*+/)be<vbser>((?:<[^>\/\$]*>)*)(?:/(?:[^\\\$]++|\\.)*+)?\$((?: \^(?:at least|at most|exactly|only|up to|between|no more than|no less than|less than|more than|fewer than|no|more|less|fewer|than|under|over)/(?:[^\\\$]++|\\.)*+\$)*${LENGTH_COUNT}(?: \^(?:and|to)/(?:[^\\\$]++|\\.)*+\$${LENGTH_COUNT})? \^(?:characters|digits|letters|symbols|bytes|words|chars|numbers|character|digit)/(?:[^\\\$]++|\\.)*+\$) \^long/(?:[^\\\$]++|\\.)*+\$}{$1have<vblex>$2\$$3}g if index($_, "^long/") >= 0;`,
    // a question that opens with a past before "your" leaves its subject out ("Forgot your
    // password?", "Lost your phone?"): it is "you", which the transfers read as the third
    // person without it ("¿Olvidó tu contraseña?", ca "Va oblidar la vostra contrasenya?"); the
    // subject goes in before the verb ("¿Olvidaste tu contraseña?", "Vas oblidar…")
    String.raw`sub pastQuestion { my ($verb) = @_; my (undef, @r) = readings(substr($verb, 1, -1)); @r && !grep({ !/<vblex><(?:past|pp)>/ || /\+/ } @r) && grep { /<vblex><past>/ } @r }`,
    String.raw`s{\A(\s*(?:\[v:\d+\])?\s*)(${UNIT})(?= \^[Yy]our/)}{pastQuestion($2) ? "$1${YOU_SUBJECT} $2" : "$1$2"}e if index($_, "our/") >= 0 && /\^\?\/\?<sent>\$(?:\[v:e\])?[\s\0]*\z/;`,
    // and one that opens with a verb a person has or does ("Need help?", "Already have an account?",
    // "Don't have an account?", "Forgot password?", "Want to learn more?", the analyser's "Want to"): "you" too ("¿Ayuda de
    // necesidad?", "¿Ya tener una cuenta?", "¿No tiene una cuenta?" came back; now "¿Necesitas
    // ayuda?", "¿Ya tienes una cuenta?", "¿No tienes una cuenta?"), the verb's capital the
    // sentence's; not before a subject of its own ("Have you seen it?", "Don't you know?")
    String.raw`s{\A(\s*(?:\[v:\d+\])?\s*)(\^(?:[Nn]eed(?: to)?|[Ww]ant(?: to)?|[Hh]ave|[Aa]lready|[Ss]till|[Dd]on\x27t|[Dd]idn\x27t|[Ff]orgot)/(?:[^\\\$]++|\\.)*+\$)(?= \^(?!(?:you|I|we|they|he|she|it)/))}{my ($lead, $verb) = ($1, $2); $verb =~ s{(\^|/)([A-Z])}{$1 . lc $2}ge; "$lead${YOU_SUBJECT} $verb"}e if /\^\?\/\?<sent>\$(?:\[v:e\])?[\s\0]*\z/;`,
    String.raw`$_ = participle($_) if index($_, "<vblex><pp>") >= 0;`,
    // a capital "A" that is a letter, not the article: a range's end ("A-Z", "(Z-A)": an article
    // is never right before a hyphen or after one), or, past the sentence's start, a label no
    // noun phrase follows ("Option A or option B", "Press A to jump", "Plan A"). They came back
    // "(Z-Un)", "Opción Un", "Pulsar Un", fr "(À-z)" (eng-spa's analyser knows "A-Z" as an
    // acronym, generated "A-z"); now the letter as written, reported as a word not translated
    // (records with an "A" past a sentence's end or glued to a unit alone: every "A" opening a
    // sentence cost the split)
    String.raw`sub letterLabels { my @p = split /(${UNIT})/, $_[0], -1; for (my $i = 1; $i < @p; $i += 2) { if ($p[$i] =~ /^\^([A-Z]-[A-Z])\/[^\$]*<acr>/) { $p[$i] = "^$1/*$1\$"; next } next if $p[$i] !~ /^\^A\/[Aa]<det><ind><sg>\$$/; my $hyphen = $i + 2 < @p && $p[$i + 1] eq "" && index($p[$i + 2], "<guio>") >= 0 || $i > 1 && $p[$i - 1] eq "" && index($p[$i - 2], "<guio>") >= 0; if (!$hyphen) { next if opensSentence(\@p, $i) || $i + 2 < @p && $p[$i + 1] !~ /^ *$/; my (undef, @next) = $i + 2 < @p && $p[$i + 1] ne "" ? readings(substr($p[$i + 2], 1, -1)) : (); next if grep { tag($_) =~ /^(?:n|np|adj|num|adv|preadv|vblex|det)$/ || /^\*/ } @next } $p[$i] = "^A/*A\$" } join "", @p }`,
    String.raw`$_ = letterLabels($_) if index($_, "<acr>") >= 0 || index($_, "^A/") >= 0 && /(?<!<sent>)\$ \^A\/|\$\^A\/|\^A\/(?:[^\\\$]++|\\.)*+\$\^/;`,
    // "Ascending", "Descending" name a sort order ("Popularity Descending", "Title (A-Z)
    // Ascending", "in descending order"): the adjective, but before what a verb takes (an
    // object, "from", "into"…). The taggers chose the verb: "La popularidad que Desciende",
    // "Título (A-Z) Ascendiendo", ca "Descendir popularitats"; now "La popularidad descendente".
    // The word before it that can be a noun is the noun: the sort key ("Rating Ascending" became
    // "Valorando" without)
    ...(sortOrders ? [String.raw`s{((?:\^(?:[^\\\$]++|\\.)*+\$ )?)\^(([Aa])scending|([Dd])escending)/(?:[^\\\$]++|\\.)*+\$(?! \^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<(?:det|prn|pr)>)}{my ($before, $word, $ascending, $d) = ($1, $2, $3, $4); ($before eq "" ? "" : onlyWith(substr($before, 0, -1), qr/^[^<]*<n>/) . " ") . "^$word/" . (defined $ascending ? $word : ($d eq "D" ? "${sortOrders.descendingAs.replace(/^./, (c) => c.toUpperCase())}" : "${sortOrders.descendingAs}")) . "<adj>\$"}ge if index($_, "scending/") >= 0;`] : []),
    // a clause without "that" after "think", "hope", "know"…, its subject a pronoun and a finite
    // verb next, gets "that" (the conjunction), the pronoun the subject: "I think you are right",
    // "I hope you like it" came back ca "Et penso és dret", "Espero tu com ell", gl "Pénsote ten
    // razón", eo "Mi pensas vin estas ĝusta"; now "Penso que ets…", gl "Penso que tes razón",
    // eo "Mi pensas ke vi estas ĝusta"
    ...(thatAfter.length > 0 ? [
      // lower case only: a text opening with the verb dropped its subject ("Hope you like it."),
      // which the tagger read as a noun or a name ("Hope que te gusta")
      String.raw`s{(\^(?:${thatAfter.join('|')})/(?:[^\\\$]++|\\.)*+\$ )\^(I|you|we|they|he|she|it)/((?:[^\\\$]++|\\.)*+)\$(?= \^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?${FINITE_READING})}{my ($verb, $pronoun, $r) = ($1, $2, $3); my (undef, @r) = readings("x/$r"); my $that = thatSubject($pronoun, @r); $that ne "" ? $verb . $that : $&}ge if index($_, "<subj>") >= 0;`,
      // and after "tell", "remind", "promise"… and their object pronoun ("She told me you were
      // coming" came back "Me dijo venías", now "Me dijo que venías")
      String.raw`s{(\^(?:${TELLING_VERBS.join('|')})/(?:[^\\\$]++|\\.)*+\$ \^(?:me|you|him|her|us|them)/(?:[^\\\$]++|\\.)*+\$ )\^(I|you|we|they|he|she|it)/((?:[^\\\$]++|\\.)*+)\$(?= \^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?${FINITE_READING})}{my ($verb, $pronoun, $r) = ($1, $2, $3); my (undef, @r) = readings("x/$r"); my $that = thatSubject($pronoun, @r); $that ne "" ? $verb . $that : $&}ge if index($_, "<subj>") >= 0;`,
    ] : []),
    // a relative clause without "that" after a noun, its subject a pronoun and a finite verb
    // next ("The page you are looking for does not exist", "The file you selected is too
    // large", "Is there anything I can do?") came back "La página estás buscando no existe",
    // "El archivo seleccionaste…", "¿Hay algo puedo hacer?": "that" goes before the pronoun,
    // as the conjunction (the relative reading makes "you" the object: "que te está buscando"),
    // and the pronoun is the subject: "La página que estás buscando…", "El archivo que
    // seleccionaste…", "¿Hay algo que puedo hacer?". The noun has a determiner, a number or an
    // adjective before it, or only a noun's readings, or is "everything", "anything"…; not after
    // an opening preposition ("In this section you will learn"), nor "way" ("This way you can")
    ...(zeroRelatives ? [
      String.raw`sub zeroRelative { my @p = split /(${UNIT})/, $_[0], -1; for (my $i = 3; $i + 2 < @p; $i += 2) { next if $p[$i - 1] ne " " || $p[$i + 1] ne " "; my ($surface, @r) = readings(substr($p[$i], 1, -1)); next if $surface !~ /^(?:I|[Yy]ou|[Ww]e|[Tt]hey|[Hh]e|[Ss]he)$/; my $that = thatSubject($surface, @r); next if $that eq ""; my (undef, @v) = readings(substr($p[$i + 2], 1, -1)); next if !grep { /${FINITE_READING}/ && !/\+/ } @v; my ($noun, @n) = readings(substr($p[$i - 2], 1, -1)); my $s = $i - 2; if ($noun !~ /^(?:every|any|some|no)(?:thing|one|body)$/i) { next if lc $noun eq "way" || !grep({ tag($_) eq "n" } @n) || grep { tag($_) !~ /^(?:n|vblex|adj)$/ || /\+/ } @n; my $modified = !grep { tag($_) ne "n" } @n; while ($s >= 3 && $p[$s - 1] eq " ") { my (undef, @q) = readings(substr($p[$s - 2], 1, -1)); last if !@q || grep({ /\+/ } @q) || !grep({ tag($_) =~ /^(?:det|predet|adj|num)$/ } @q) && grep { tag($_) ne "n" } @q; $modified = 1; $s -= 2 } next if !$modified } if ($s >= 3 && $p[$s - 1] eq " ") { my (undef, @b) = readings(substr($p[$s - 2], 1, -1)); next if grep({ tag($_) eq "pr" } @b) && ($s - 2 == 1 ? $p[0] =~ /^\s*(?:\[v:\d+\])?\s*$/ : $p[$s - 3] =~ /^\s*$/ && $p[$s - 4] =~ /<(?:sent|cm)>\$$/) } $p[$i] = $that } join "", @p }`,
      String.raw`$_ = zeroRelative($_) if index($_, "<prn><subj>") >= 0;`,
    ] : []),
    String.raw`sub pastParticiple { my ($lu) = @_; my ($surface, @r) = readings(substr($lu, 1, -1)); return $lu if !grep { /<vblex><pp>/ } @r or grep { tag($_) ne "vblex" || /\+/ } @r; unit($surface, grep { /<vblex><pp>/ } @r) }`,
    String.raw`sub verbOnly { my (undef, @r) = readings(substr($_[0], 1, -1)); @r && !grep { !/<vblex><(?:inf|pres|imp|pp)>/ || /\+/ } @r }`,
    String.raw`sub asWord { my ($before, $as, $space, $after) = @_; my $participle = $after eq "" ? "" : pastParticiple($after); return "$as$space$after" if $participle eq $after && !verbOnly($before); my ($surface, @r) = readings(substr($as, 1, -1)); my @pr = grep { tag($_) eq "pr" } @r; (@pr ? unit($surface, @pr) : $as) . $space . $participle }`,
    String.raw`sub gerund { my @p = split /(${UNIT})/, $_[0], -1; for (my $i = 1; $i < @p; $i += 2) { next if index($p[$i], "<vblex><ger>") < 0; next if !opensSentence(\@p, $i); my ($surface, @r) = readings(substr($p[$i], 1, -1)); my @verb = grep { tag($_) eq "vblex" && !/\+/ } @r; next if !@verb || @verb == @r || grep { tag($_) !~ /^(?:vblex|n|adj)$/ } @r; my $rest = join "", @p[$i + 1 .. $#p]; my $progress = $rest =~ /^(?:…|(?:\^\.\/\.<sent>\$){3})\s*(?:\[v:e\])?[\s\0]*$/; if (!$progress) { next if $i + 2 >= @p || $p[$i + 1] !~ /^ +$/; my ($next, @n) = readings(substr($p[$i + 2], 1, -1)); next if !@n || lc($next) eq "of" || grep { tag($_) !~ /^(?:num|det|pr|prn)$/ || /<subj>/ } @n } $p[$i] = unit($surface, @verb) } join "", @p }`,
    String.raw`$_ = gerund($_) if index($_, "<vblex><ger>") >= 0;`,
    // "when" inside a statement is the conjunction, not the interrogative ("cuándo"), except
    // before "to" or after a verb that asks or decides ("Choose when to sync", "know when")
    String.raw`sub whenConjunction { my @p = split /(${UNIT})/, $_[0], -1; for (my $i = 1; $i < @p; $i += 2) { next if $p[$i] !~ /^\^[Ww]hen\//; my ($surface, @r) = readings(substr($p[$i], 1, -1)); my @c = grep { tag($_) eq "cnjadv" } @r; next if !@c || @c == @r; my $k = $i + 2; $k += 2 while $k < @p && $p[$k] !~ /<sent>\$$/; next if $k < @p && $p[$k] =~ /^\^\?\//; if ($i + 2 < @p) { my ($next) = readings(substr($p[$i + 2], 1, -1)); next if lc($next) eq "to" } if ($i > 1) { my (undef, @before) = readings(substr($p[$i - 2], 1, -1)); next if grep { /^(?:know|ask|decide|choose|select|determine|specify|configure|control|tell|remember|wonder|see|check|schedule|set)</i } @before } $p[$i] = unit($surface, @c) } join "", @p }`,
    String.raw`$_ = whenConjunction($_) if index($_, "^when/") >= 0 || index($_, "^When/") >= 0;`,
    String.raw`sub initialism { my ($surface, $r) = @_; my (undef, @r) = readings("x/$r"); return unit($surface, "*$surface") if $surface =~ /[CDM]/ && $surface =~ /^[IVXLCDM]+$/ && !grep { tag($_) ne "num" } @r; my @acr = grep { /<acr>/ } @r; my @words = grep { !/<acr>/ } @r; return "^$surface/$r\$" if !grep { tag($_) eq "n" } @words or grep { tag($_) !~ /^(?:n|vblex|np)$/ || /\+/ } @words; @acr ? unit($surface, @acr) : unit($surface, "*$surface") }`,
    String.raw`s{\^([A-Z]{2,3})/((?:[^\\\$]++|\\.)*+)\$}{initialism($1, $2)}ge if /\^[A-Z]{2,3}\// && /\^[^\/\$]*[a-z]/;`,
    // a text of one word that is one of the verbs buttons are labelled with is a command ("Open",
    // "Share", "Print", "Clear" came back "Abierto", "Acción", "Huella", "Claro"): its imperative
    // where the analyser has one (eng-cat: "Obre"), else its infinitive ("Abrir", "Compartir",
    // "Imprimir"). Only these verbs: a field's or a column's label is a noun ("Name", "Type",
    // "Date", "Light" went "Nombrar", "Escribir", "Datar", "Encender" when every verb was). A
    // menu's "About" is the preposition and a wizard's "Next" the adjective ("Aproximadamente",
    // "Luego" → "Sobre", "Próximo"). A media player's "Play", "Stop" (were "Juego", "Parada"),
    // capitalised as buttons are: a lone "play" is a count's noun (ICU's "one {play}"). A record
    // of one word and its full stop holds two units:
    // counted first (tr), it costs nothing on the others
    String.raw`sub commandOf { my ($lu, $not) = @_; my ($surface, @r) = readings(substr($lu, 1, -1)); return $lu if !grep({ /<vblex><inf>/ } @r) || grep({ tag($_) !~ /^(?:n|adj|vblex)$/ || /$not/ } @r); my @l = grep { /<vblex><imp>/ } @r; @l = grep { /<vblex><inf>/ } @r if !@l; unit($surface, @l) }`,
    String.raw`sub label { my ($lu) = @_; my ($surface, @r) = readings(substr($lu, 1, -1)); my @as = grep { lc $surface eq "about" && tag($_) eq "pr" || lc $surface eq "next" && tag($_) eq "adj" } @r; return unit($surface, @as) if @as; return $lu if $surface =~ /^(?:play|stop)$/; return $lu if $r[0] !~ /^(?:open|close|clear|save|play|stop|finish|delete|remove|add|edit|copy|cut|paste|share|print|search|filter|sort|refresh|reload|retry|skip|continue|submit|send|cancel|undo|redo|expand|collapse|hide|show|rename|restore|download|upload|install|uninstall|enable|disable|confirm|apply|reset|block|unblock|mute|unmute|import|export|browse|select|duplicate|subscribe|unsubscribe|unfollow|zoom|connect|disconnect|sync|change|vibrate|update|synchroni[sz]e|omit|reply)</i; commandOf($lu, qr/\+/) }`,
    String.raw`s{\A(\s*(?:\[v:\d+\])?)(${UNIT})(?=\^\./\.<sent>\$\[v:e\][\s\0]*\z)}{$1 . label($2)}e if tr/^// == 2;`,
    // and a button's verb before "Now", "Again", "More", "Less", "Later", "Anyway" (which no noun
    // takes as a label): "Request More", "Run Now", "Scan Now" came back "Petición Más",
    // "Corrido Ahora", "Escáner Ahora", eo "Provo Denove"; now "Pedir Más", "Ejecutar Ahora"…
    // (commandOf, as label: a phrasal verb's unit, "Come back later", is the command rules' own)
        String.raw`s{\A(\s*(?:\[v:\d+\])?)(${UNIT})(?= \^(?:[Nn]ow|NOW|[Aa]gain|AGAIN|[Mm]ore|MORE|[Ll]ess|LESS|[Ll]ater|LATER|[Aa]nyway)/(?:[^\\\$]++|\\.)*+\$\^\./\.<sent>\$\[v:e\][\s\0]*\z)}{$1 . commandOf($2, qr/\+|#/)}e if tr/^// == 3;`,
    // "No." is "no" and a full stop, not the abbreviation of "number", unless a number follows
    // ("No. 5"): eng-spa and eng-cat answered "No" (to which a full stop goes) "Núm", "I said no."
    // "Dije núm."
    String.raw`s{\^([Nn]o)\./([Nn]o)\.<n><sg>\$(?! ?\^[0-9])}{"^$1/$2<adv>\$^./.<sent>\$"}ge if index($_, "o./") >= 0;`,
    // "Let's" is "we": the analysers split it into "Let" and a genitive or "is" ("Let's go" →
    // "Dejado es va", en-gl "Deixado é vai"); as the subject "we", the verb after it is the
    // first person plural: "Vamos", "Imos", en-eo "ni iras" (eng-cat's analyser reads it whole)
    String.raw`s{\^([Ll])et/(?:[^\\\$]++|\\.)*+\$ ?\^\x27s/(?:[^\\\$]++|\\.)*+\$}{"^$1et\x27s/prpers<prn><subj><p1><mf><pl>\$"}ge if index($_, "et/") >= 0;`,
    // a key's name after press or hit (and after "and", "or" following one) is a name, kept as
    // written: "Press Enter to send", "Press Shift and Tab" came back "Pulsa Introduce…", "Pulsa
    // Turno y Tabulador", "Press Space to pause." "Pulsa Espacial…"
    String.raw`if (index($_, "ress/") >= 0 || index($_, "^hit/") >= 0 || index($_, "^Hit/") >= 0) { s{(\^(?:[Pp]ress|[Hh]it)/(?:[^\\\$]++|\\.)*+\$ )\^(${KEY_NAMES})/(?:[^\\\$]++|\\.)*+\$}{$1^$2/*$2\$}g; 1 while s{(/\*(?:${KEY_NAMES})\$ \^(?:and|or)/(?:[^\\\$]++|\\.)*+\$ )\^(${KEY_NAMES})/(?!\*)(?:[^\\\$]++|\\.)*+\$}{$1^$2/*$2\$}g }`,
    // press, hit, click or tap before a key's name or a placeholder (a key combination) is the
    // verb wherever it stands: "Then press Enter.", "To save, press Ctrl+S." came back "Entonces
    // prensa Enter.", "Para salvar, prensa…" (the noun)
    // "any key" after press or hit is the noun ("Press any key to continue" came back "Prensa
    // cualquier clave de continuar", the key an adjective; now "Pulsa cualquier tecla…")
    String.raw`s{(\^(?:[Pp]ress|[Hh]it)/(?:[^\\\$]++|\\.)*+\$ \^any/(?:[^\\\$]++|\\.)*+\$ \^key/)(?:[^\\\$]++|\\.)*+\$}{$1key<n><sg>\$}g if index($_, "^any/") >= 0;`,
    String.raw`s{(\^(?:[Pp]ress|[Hh]it|[Cc]lick|[Tt]ap)/(?:[^\\\$]++|\\.)*+\$)(?=( (?:\[t:\d+:v\]|\^(?:${KEY_NAMES})/\*|\^any/(?:[^\\\$]++|\\.)*+\$ \^key/key<n>)))}{withoutTag($1, "n")}ge if index($_, "ress/") >= 0 || index($_, "it/") >= 0 || index($_, "lick/") >= 0 || index($_, "ap/") >= 0;`,
    // a word in capitals after "type" or "enter" is what to type, kept as written, and "type" the
    // verb ("Type DELETE to confirm" came back "El tipo ELIMINA para confirmar"; now "Escribe
    // DELETE para confirmar")
    String.raw`s{\^([Tt]ype|[Ee]nter)/((?:[^\\\$]++|\\.)*+)\$ \^([A-Z]{2,})/(?:[^\\\$]++|\\.)*+\$}{my ($verb, $r, $word) = ($1, $2, $3); my @v = grep { tag($_) eq "vblex" } readings("x/$r"); (@v ? unit($verb, @v) : "^$verb/$r\$") . " ^$word/*$word\$"}ge if /\^(?:[Tt]ype|[Ee]nter)\/[^\$]*\$ \^[A-Z]{2,}\//;`,
    // a separable multiword the pair cannot translate ("Let me know": en-gl wrote "@Let me", the
    // "know" lost) as its three words, the verb, its object pronoun, and the infinitive after it
    String.raw`sub separated { my ($lu) = @_; my ($surface, @r) = readings(substr($lu, 1, -1)); my @w = split / /, $surface; return $lu if @w != 3 || $r[0] !~ /^((?:\\.|[^<\\])*)<vblex><sep><[^>]*>\+(prpers<prn><obj>(?:<[^>]+>)*)# ([a-z]+)$/; "^$w[0]/$1<vblex><inf>/$1<vblex><pres>\$ ^$w[1]/$2\$ ^$w[2]/$3<vblex><inf>\$" }`,
    ...separate.map((verb) => String.raw`s{(\^[${verb[0]!.toUpperCase()}${verb[0]!}]${verb.slice(1)} [a-z]+ [a-z]+/(?:[^\\\$]++|\\.)*+\$)}{separated($1)}ge if index($_, "${verb.slice(1)} ") >= 0;`),
    // after "let" and its object pronoun the verb is the infinitive, and a pronoun after it its
    // object ("Let me help you", "Let me know", "Let him go" came back "Dejarme ayuda tú", ca
    // "Deixa'm sap", gl "Déixalle vai": the noun "help", the present, "you" the subject; now
    // "Dejarme ayudarte", "Deixa'm saber", "Déixao ir"); "lets you" too, "you" the object ("It
    // lets you choose a color" came back "Deja escoges un color"; now "Te deja escoger…")
    String.raw`sub onlyWith { my ($lu, $re) = @_; my ($surface, @r) = readings(substr($lu, 1, -1)); my @kept = grep { /$re/ } @r; @kept && @kept < @r ? unit($surface, @kept) : $lu }`,
    String.raw`s{(\^[Ll]ets?/(?:[^\\\$]++|\\.)*+\$ )(\^(?:me|us|him|her|them|it|you)/(?:[^\\\$]++|\\.)*+\$)( )(\^(?:[^\\\$]++|\\.)*+\$)((?: \^(?:you|him|her|them|it|me|us)/(?:[^\\\$]++|\\.)*+\$)?)}{my ($let, $who, $space, $verb, $object) = ($1, $2, $3, $4, $5); $let . onlyWith($who, qr/<obj>/) . $space . onlyWith($verb, qr/<vb(?:lex|ser|haver)><inf>/) . ($object eq "" ? "" : " " . onlyWith(substr($object, 1), qr/<obj>/))}ge if index($_, "et/") >= 0 || index($_, "ets/") >= 0;`,
    // "data" is plural (es, gl, ca "datos", "dades"; the taggers chose the singular: "Your data
    // is safe", "The app will use less data" came back "Tu dato es seguro", "menos dato", ca
    // "La vostra dada"), and its verb right after it the plural's ("Tus datos son seguros")
    ...(pluralData ? [
      String.raw`sub pluralVerb { my ($lu) = @_; my ($surface, @r) = readings(substr($lu, 1, -1)); my %seen; my @p = grep { !$seen{$_}++ } map { my $r = $_; $r =~ s/<(?:pri|pres)><p3><sg>$/<pres>/; $r =~ s/<past><p[13]><sg>$/<past>/; $r } @r; unit($surface, @p) }`,
      String.raw`s{\^([Dd]ata)/[Dd]ata<n><sg>/([Dd]ata)<n><pl>\$(?:( )(${UNIT}))?}{my ($surface, $lemma, $space, $next) = ($1, $2, $3, $4); "^$surface/$lemma<n><pl>\$" . (defined $next ? $space . ($next =~ /<vb(?:ser|haver|lex|mod)><(?:pri|pres|past)><p[13]><sg>/ ? pluralVerb($next) : $next) : "")}ge if index($_, "ata<n><sg>/") >= 0;`,
    ] : []),
    // the verb "resume" (eng-spa's analyser does not know it) is "continue": "Resume the
    // download", "Downloads resumed" came back "Resume la descarga", "Descargas resumed"; now
    // "Continuar la descarga". After a determiner it is a résumé, and stays
    ...(resumeAsContinue ? [
      String.raw`sub resumed { my ($before, $surface, $ending) = @_; my (undef, @b) = defined $before ? readings(substr($before, 1, -1)) : (); return undef if grep { /<det>/ } @b; my $c = $surface =~ /^R/ ? "Continu" : "continu"; my %forms = (e => ["e<vblex><inf>", "e<vblex><pres>"], es => ["e<vblex><pri><p3><sg>"], ed => ["e<vblex><past>", "e<vblex><pp>"], ing => ["e<vblex><ger>", "e<vblex><pprs>", "e<vblex><subs>"]); unit($surface, map { "$c$_" } @{$forms{$ending}}) }`,
      String.raw`s{(?:(${UNIT})( ))?\^([Rr]esum(e|es|ed|ing))/\*[Rr]esum(?:e|es|ed|ing)\$}{my ($before, $space, $surface, $ending) = ($1, $2, $3, $4); ($before // "") . ($space // "") . (resumed($before, $surface, $ending) // "^$surface/*$surface\$")}ge if index($_, "esum") >= 0;`,
    ] : []),
    // "click" as a command before its object ("on" or not) is "do click on" (eng-spa, whose
    // analyser has the noun only: "Click the button below", "please click Save", "to click the
    // link" came back "Clic el botón abajo", "por favor, clic Guarda", "para clic el enlace";
    // now "Hacer clic en el botón abajo", "hacer clic en Guardar"): opening a sentence, after
    // "Please" (the lead's mark), "to", a modal, "and" or "or"; before a determiner, a name or a
    // capitalised word (a button's), and before "to" without "on" ("Hacer clic para…")
    ...(clickCommands ? [
      String.raw`sub clickOn { my ($click, $next) = @_; my ($word, @n) = readings(substr($next, 1, -1)); my $to = lc $word eq "to"; return undef if !$to && !(grep({ /<(?:det|np|predet)>/ } @n) || $word =~ /^[A-Z]/ && $word ne "I"); my $do = $click =~ /^C/ ? "Do" : "do"; "^$click/$do<vblex><inf>\$ ^click/click<n><sg>\$ " . ($to ? "" : "^on/on<pr>\$ ") }`,
      String.raw`s{((?:\A|<sent>\$|\[p:\d+\])${BLANK})\^([Cc]lick)/[Cc]lick<n><sg>\$ (?:\^on/(?:[^\\\$]++|\\.)*+\$ )?(?=(${UNIT}))}{my ($before, $click, $next) = ($1, $2, $3); my $on = clickOn($click, $next); defined $on ? "$before$on" : $&}ge if index($_, "lick/") >= 0;`,
      String.raw`s{(${UNIT} )\^(click)/click<n><sg>\$ (?:\^on/(?:[^\\\$]++|\\.)*+\$ )?(?=(${UNIT}))}{my ($before, $click, $next) = ($1, $2, $3); my (undef, @b) = readings(substr($before, 1, -2)); my $on = grep({ /<(?:vbmod|vaux)>|# to$|^to<pr>|^(?:and|or)<cnjcoo>/ } @b) ? clickOn($click, $next) : undef; defined $on ? "$before$on" : $&}ge if index($_, "^click/") >= 0;`,
    ] : []),
    // a sentence's "Failed to" and a verb is "Could not" (es, gl, ca: "Failed to load the file"
    // came back "Fallado para cargar el archivo", ca "Fallat per carregar"; now "No se pudo
    // cargar el archivo", "No es va poder carregar", the clause filters' impersonal "could not";
    // en-eo's "Malsukcesis ŝargi" was right)
    ...(failedAsCould ? [String.raw`s{((?:\A|<sent>\$)${BLANK})\^([Ff]ailed)/(?:[^\\\$]++|\\.)*+\$ \^to/(?:[^\\\$]|\\.)*?to<pr>(?:[^\\\$]++|\\.)*+\$ (${UNIT})}{my ($before, $failed, $verb) = ($1, $2, $3); my $infinitive = infinitiveOnly($verb); defined $infinitive ? "$before^$failed/${failedAsCould}\$ ^not/not<adv>\$ $infinitive" : $&}ge if index($_, "ailed/") >= 0;`] : []),
    // an -ing word opening a sentence whose "is" (or "was") follows its object is the subject,
    // the infinitive ("Deleting a user is permanent", "Importing Plex users is not required"
    // came back "Eliminando a un usuario es permanente", "Usuarios de Plex importador no es
    // obligatorios", eo "Foriganta uzanton estas…"; now "Eliminar un usuario es permanente",
    // "Importar usuarios de Plex…", "Forigi uzanton…"). Up to five words between, none a verb,
    // the last a noun ("Considering the example, this is…" keeps its gerund)
    String.raw`s{((?:\A|<sent>\$)\s*(?:\[v:\d+\]\s*)?)(\^[A-Za-z]+ing/(?:[^\\\$]++|\\.)*+\$)(?=((?: \^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]++|\\.)*+\$){1,5}) \^(?:is|was)/be<vbser>)}{my ($lead, $ing, $between) = ($1, $2, $3); my $words = join "", map { my (undef, @r) = readings($_); grep({ tag($_) =~ /^(?:vblex|vbser|vbhaver|vaux|vbmod|cnjsub|cnjcoo|rel|sent|cm)$/ && !/<(?:pp|ger)>/ } @r) && !grep({ tag($_) =~ /^(?:n|det|adj|np)$/ } @r) ? "v" : "" } $between =~ /\^((?:[^\\\$]++|\\.)*+)\$/g; my ($last) = $between =~ /\^((?:[^\\\$]++|\\.)*+)\$\z/; my (undef, @l) = readings($last); my $noun = grep({ tag($_) =~ /^(?:n|np)$/ || /^\*/ } @l) && !grep({ tag($_) eq "prn" } @l); $lead . ($words eq "" && $noun && index($ing, "<vblex><ger>") >= 0 ? onlyWith($ing, qr/<vblex><ger>/) =~ s{<vblex><ger>}{<vblex><inf>}gr : $ing)}ge if index($_, "<vblex><ger>") >= 0 && /\^(?:is|was)\/be<vbser>/;`,
    // a list's commands opening a sentence before "by" (and "sort" before "in", as in "in
    // descending order") are the verbs, their plural object between too: "Sort in descending
    // order", "Sort by name", "Search by title", "Sort accounts by" came back "Clase en orden
    // descendente", ca "Classe de nom", "Búsqueda por título", "Cuentas de clase por"
    String.raw`s{((?:\A|<sent>\$)\s*(?:\[v:\d+\]\s*)?)(\^(?:[Ss]ort|[Ff]ilter|[Ss]earch|[Gg]roup)/(?:[^\\\$]++|\\.)*+\$)(?=(?: \^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<n><pl>(?:[^\\\$]++|\\.)*+\$)? \^(?:by(?: [^\/\$]*)?/|according to/|in/(?=(?:[^\\\$]++|\\.)*+\$ \^(?:ascending|descending|alphabetical|reverse|chronological)/)))}{$1 . onlyWith($2, qr/<vblex>/)}ge if /\^(?:[Ss]ort|[Ff]ilter|[Ss]earch|[Gg]roup)\// && /\$ \^(?:by|in|according to)[\/ ]/;`,
    // capitals written as one word are one word: en-gl's analyser cut "STARTTLS" into "START"
    // and "TLS" ("Use STARTTLS if available" came back "Utilizar TLSde INICIO se dispoñíbel");
    // units with no blank between whose surfaces are all capitals (and digits) go as the one
    // word the analyser does not know, as the other analysers read it
    String.raw`s{(?:\^[A-Z][A-Z0-9]*/(?:[^\\\$]++|\\.)*+\$){2,}}{my $word = join "", $& =~ /\^([A-Z0-9]+)\//g; "^$word/*$word\$"}ge if /\$\^[A-Z0-9]+\//;`,
    // after "all" (eng-cat: "theAfterAll"), a word that can be a plural noun or a verb is the
    // noun, with "the" between, as Catalan says it: its taggers read "Delete all files", "Show All
    // Requests" as "Elimina tots arxiven", "Mostra Tots Demanen"; now "Elimina tots els fitxers",
    // "Mostra Totes les Sol·licituds". A sentence's "All" only before a word that can only be a
    // verb, or the end ("All works fine" keeps "Tot")
    ...(theAfterAll ? [String.raw`s{((?:\A\s*(?:\[v:\d+\])?\s*|<sent>\$\s*)?)(\^[Aa]ll/(?:[^\\\$]|\\.)*?<predet>(?:[^\\\$]++|\\.)*+\$ )(\^(?:[^\\\$]++|\\.)*+\$)(?=((?: ${UNIT})?))}{my ($lead, $all, $unit, $after) = ($1, $2, $3, $4); my (undef, @r) = readings(substr($unit, 1, -1)); my (undef, @a) = $after eq "" ? () : readings(substr($after, 2, -1)); my $noun = grep({ /<n>(?:<[^>]*>)*<pl>/ } @r) && !grep({ tag($_) !~ /^(?:n|vblex)$/ || /\+/ } @r) && ($lead eq "" || !@a || !grep { tag($_) !~ /^(?:sent|vblex|vbser|vbhaver|vaux|vbmod)$/ } @a); $lead . $all . ($noun ? "^the/the<det><def><sp>\$ " . onlyWith($unit, qr/<n>/) : $unit)}ge if index($_, "ll/") >= 0;`] : []),
    // a word that is a plural noun or a verb ("needs", "shows", "uses") after a determiner's
    // singular noun, or the base of one ("need") after a plural noun opening the sentence, is
    // the verb when an object or "to" and a verb follows: "The user needs to log in", "Your
    // password needs a number", "Users need to sign in" came back "Las necesidades de usuario
    // para iniciar sesión", "Tus necesidades de contraseña…", "Necesidad de usuarios para…",
    // eo "La uzantaj bezonoj ensaluti"; now "El usuario necesita iniciar sesión"… Not before a
    // noun ("the user groups page" is a noun's compound). "log", "sign" after "to" are verbs
    // the session commands (below) read later
    String.raw`sub verbAfterNoun { my ($noun, $word, $next, $after, $plural) = @_; my (undef, @n) = readings(substr($noun, 1, -1)); return undef if !grep({ tag($_) eq "n" && ($plural ? /<pl>/ : /<sg>/) } @n) || grep { tag($_) !~ /^(?:n|adj|np)$/ } @n; my ($surface, @w) = readings(substr($word, 1, -1)); my @verb = grep { $plural ? /<vblex><pres>$/ : /<vblex><pr[ie]s?><p3><sg>/ } @w; return undef if !@verb || !grep({ tag($_) eq "n" } @w) || grep { tag($_) !~ /^(?:n|vblex)$/ || /\+/ } @w; my ($ns, @x) = readings(substr($next, 1, -1)); my $object = grep({ tag($_) =~ /^(?:det|num|predet)$/ || /^prpers<prn><obj>/ } @x) && !grep({ tag($_) =~ /^(?:n|vblex|adj)$/ } @x); my ($as, @a) = $after eq "" ? ("") : readings(substr($after, 1, -1)); my $to = lc $ns eq "to" && (grep({ /<vb(?:lex|ser|haver)><inf>/ } @a) || $as =~ /^(?:log|sign)$/i); $object || $to ? unit($surface, @verb) : undef }`,
    String.raw`s{(<det>(?:[^\\\$]++|\\.)*+\$ )(\^(?:[^\\\$/]++|\\.)*+/(?=[^\$]*<n>)(?:[^\\\$]++|\\.)*+\$) (\^(?:[^\\\$/]++|\\.)*+/(?=[^\$]*<n>)(?=[^\$]*<vblex><pr[ie]s?><p3><sg>)(?:[^\\\$]++|\\.)*+\$)(?= (${UNIT})(?: (${UNIT}))?)}{my ($all, $det, $noun, $word, $next, $after) = ($&, $1, $2, $3, $4, $5 // ""); my $verb = verbAfterNoun($noun, $word, $next, $after, 0); defined $verb ? "$det$noun $verb" : $all}ge if index($_, "<p3><sg>") >= 0;`,
    String.raw`s{\A(\s*(?:\[v:\d+\])?\s*)(${UNIT}) (${UNIT})(?= (${UNIT})(?: (${UNIT}))?)}{my ($all, $lead, $noun, $word, $next, $after) = ($&, $1, $2, $3, $4, $5 // ""); my $verb = verbAfterNoun($noun, $word, $next, $after, 1); defined $verb ? "$lead$noun $verb" : $all}e if index($_, "<n><pl>") >= 0;`,
    // after a subject, "failed to", "fail(s) to" and a verb are "could not", "cannot" ("Discord
    // test notification failed to send.", "when media requests fail to be added" came back
    // "falló para enviar", "fallan para ser añadidos", ca "van fallar per desar"); a verb a
    // thing undergoes (FAILED_PASSIVES) with no object after it is the passive, the subject
    // what it happened to ("Settings failed to save." → "Las configuraciones no pudieron ser
    // guardadas", ca "No es van poder desar…"); other verbs stay ("The server failed to respond"
    // → "no pudo responder"). Not after an auxiliary ("has failed to")
    ...(failedAsCould ? [
      String.raw`sub failedTo { my ($subject, $tense, $verb, $after) = @_; my (undef, @s) = readings(substr($subject, 1, -1)); return undef if !@s || !grep({ tag($_) =~ /^(?:n|np)$/ || /^\*/ || /<prn><subj>/ } @s) || grep { /<v(?:bser|bhaver|aux|bmod|bdo)>|<adv>/ } @s; my $infinitive = infinitiveOnly($verb); return undef if !defined $infinitive; my $could = "^could/" . ($tense eq "past" ? "${lowerFirst(failedAsCould)}" : "${lowerFirst(failedAsCould).replace('<past>', '<pres>')}") . "\$ ^not/not<adv>\$ "; my ($surface, @v) = readings(substr($verb, 1, -1)); my ($lemma) = map { /^((?:[^<\\]|\\.)*)<vblex><inf>/ ? $1 : () } @v; my (undef, @n) = $after eq "" ? () : readings(substr($after, 1, -1)); my $passive = defined $lemma && $lemma =~ /^(?:${FAILED_PASSIVES})$/i && (!@n || grep { tag($_) =~ /^(?:sent|pr|cm)$/ } @n); $passive ? "$subject $could^be/be<vbser><inf>\$ ^$surface/$lemma<vblex><pp>\$" : "$subject $could$infinitive" }`,
      String.raw`s{(${UNIT}) \^[Ff]ail(?:ed|s)?/((?:[^\\\$]++|\\.)*+)\$ \^to/(?:[^\\\$]|\\.)*?to<pr>(?:[^\\\$]++|\\.)*+\$ (${UNIT})(?= ?(${UNIT})|)}{my ($all, $subject, $fail, $verb, $after) = ($&, $1, $2, $3, $4 // ""); my $done = failedTo($subject, $fail =~ /<vblex><past>/ ? "past" : "pres", $verb, $after); defined $done ? $done : $all}ge if index($_, "ail") >= 0 && index($_, "^to/") >= 0;`,
    ] : []),
    // a sentence's "Last" before a participle is "for the last time" after it (es, ca: "Last
    // updated yesterday" came back "Último actualizado ayer"; now "Actualizado por última vez ayer")
    ...(lastTime ? [String.raw`sub lastDone { my ($surface, $readings) = @_; my (undef, @pp) = readings("x/$readings"); @pp = grep { /<vblex><pp>/ && !/\+/ } @pp; return undef if !@pp; s/^(\w)/\u$1/ for @pp; unit($surface, @pp) . " ${lastTime.replace(/\$/g, '\\$')}" }`,
      String.raw`s{((?:\A|<sent>\$)${BLANK})\^Last/(?:[^\\\$]++|\\.)*+\$ \^((?:[^\\\$/]++|\\.)*+)/((?:[^\\\$]++|\\.)*+)\$}{my ($before, $surface, $readings) = ($1, $2, $3); my $done = lastDone($surface, $readings); defined $done ? "$before$done" : $&}ge if index($_, "^Last/") >= 0;`] : []),
    // "invalid" right after a form of "be" is "not valid" (eng-spa, whose "invalid" is "nulo":
    // "The URL is invalid", "This email address is invalid" came back "El URL es nulo", "…es
    // nula"; now "no es válido", "no es válida")
    ...(invalidAsNotValid ? [String.raw`s{(\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<vbser>(?:[^\\\$]++|\\.)*+\$ )\^([Ii]nvalid)/(?:[^\\\$]++|\\.)*+\$}{$1^not/not<adv>\$ ^$2/valid<adj>\$}g if index($_, "nvalid/") >= 0;`] : []),
    // after "allow" or "permit" and an object pronoun, "to" before a verb goes (es, gl, ca: "This
    // allows you to sort your files" came back "Esto te permite para ordenar…", ca "et permet
    // per ordenar"; now "te permite ordenar"); a noun object keeps it (Spanish wants "a" then)
    String.raw`s{(\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?(?:allow|permit)<vblex>(?:[^\\\$]++|\\.)*+\$ )(\^(?:you|me|us|him|her|them)/(?:[^\\\$]++|\\.)*+\$ )(\^to/(?:[^\\\$]|\\.)*?to<pr>(?:[^\\\$]++|\\.)*+\$ )(${UNIT})(?=(?: (${UNIT}))?)}{my ($allow, $who, $to, $verb, $after) = ($1, $2, $3, $4, $5); my $infinitive = infinitiveOnly($verb, $after); defined $infinitive ? $allow . onlyWith(substr($who, 0, -1), qr/<obj>/) . " $infinitive" : "$allow$who$to$verb"}ge if index($_, "^to/") >= 0 && /(?:allow|permit)<vblex>/i;`,
    // "on" between a noun of writing or advice ("instructions", "details", "guide", "tips") and
    // "how", "what", "why", "whether" or a gerund is "about" (es, gl, ca "sobre", eo "pri"):
    // "instructions on how to install", "more details on configuring" came back "instrucciones en
    // cómo instalar", "detalles encima configurando"; now "instrucciones sobre cómo instalar",
    // "detalles sobre configurar". Not after a verb ("depends on what you need")
    String.raw`s{(\^(?:[Ii]nstructions?|[Dd]etails?|[Ii]nformation|[Ii]nfo|[Gg]uidance|[Gg]uides?|[Tt]ips|[Aa]dvice|[Dd]ocumentation|[Dd]ocs|[Nn]otes|[Tt]utorials?|[Hh]elp|[Qq]uestions?|[Ff]eedback|[Ii]deas|[Tt]houghts|[Aa]rticles?|[Ss]ections?|[Ee]xamples?)/(?:[^\\\$]++|\\.)*+\$ \^on)/(?:[^\\\$]++|\\.)*+\$(?= \^(?:(?:how|what|why|whether)/|(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<vblex><ger>))}{$1/about<pr>\$}g if index($_, "^on/") >= 0;`,
    // a capitalised word right after a given name (a unit the analyser reads only as names, one
    // of them a given name's) is a surname: the name's readings where it has some (eng-cat's
    // "Chambers"), else a word the pair does not know, kept as it is. A contributors' table's
    // "Sean Chambers", "Joseph Risk", "Mary Baker" came back "Sean Cuartos", "Joseph Riesgo",
    // "Mary Panadero", ca "Joseph Arrisca", "John Ferrer"; not after a name that is also a word
    // ("Grant Permissions", "Mark Down"), nor a verb that can only be finite ("Sean Is Here")
    String.raw`sub surname { my ($name, $space, $unit) = @_; my ($surface, @r) = readings(substr($unit, 1, -1)); return undef if $surface !~ /^[A-Z][a-z]+$/ || grep { /<(?:vbser|vbhaver|vbmod|vbdo|vaux)>|<vblex><(?:pri|past)>/ } @r; my @np = grep { tag($_) eq "np" } @r; return undef if @np == @r; $name . $space . (@np ? unit($surface, @np) : "^$surface/*$surface\$") }`,
    String.raw`s{(\^(?:[^\\\$/]++|\\.)*+(?:/(?:[^\\\$/<]++|\\.)*+<np>(?:[^\\\$/]++|\\.)*+)++\$)( )(\^[A-Z][a-z]+/(?:[^\\\$]++|\\.)*+\$)}{my ($name, $space, $unit) = ($1, $2, $3); ($name =~ /<np><ant>/ ? surname($name, $space, $unit) : undef) // "$name$space$unit"}ge if index($_, "<np><ant>") >= 0;`,
    // "be used to" before a verb is a passive and a purpose, not a habit: "This API can be used
    // to show the toast", "It is used to get the files" came back "puede soler mostrar", "suele
    // conseguir", ca "pot ser solgut mostrar"; now "puede ser utilizado para mostrar", ca "pot ser
    // utilitzat per mostrar". The analysers' multiword ("is used to", eng-cat's "used to" after
    // "be") goes as three words; before a gerund or a noun it is the habit ("I am used to working")
    String.raw`s{\^((?:[^\\\$/ ]++|\\.)*+) used to/([Bb])e<vblex>((?:<[^>\$]*>)*)\# used to\$${infinitiveNext('lex|ser')}}{^$1/$2e<vbser>$3\$ ^used/use<vblex><pp>\$ ^to/to<pr>\$}g if index($_, " used to/") >= 0;`,
    String.raw`s{\^used to/use<vblex><pp>\# to\$${infinitiveNext('lex|ser')}}{^used/use<vblex><pp>\$ ^to/to<pr>\$}g if index($_, "^used to/use<vblex><pp># to\$") >= 0;`,
    // "below" between a determiner and a noun is "following" ("Follow the below steps", "the
    // below examples" came back "Seguir el bajo pasos", ca "el sota passos", eo "la sub paŝoj";
    // now "los pasos siguientes", "els passos següents", "la sekvantajn paŝojn")
    String.raw`s{(\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<det>(?:[^\\\$]++|\\.)*+\$ )\^(below)/(?:[^\\\$]++|\\.)*+\$(?= \^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$/<]++|\\.)*+<n>)}{$1^$2/following<adj>\$}g if index($_, "^below/") >= 0;`,
    // a word right after "a", "an", "the", "this" or "these" that can be a noun of its number is
    // not a finite or bare verb ("This works for me" keeps its verb): the taggers read "a promise
    // which resolves", "a filter which removes" as the verb ("Regresa un prometer cuál resuelve",
    // "un filtrar"; now "una promesa", "un filtro"). A participle, a gerund and an adjective stay
    // ("a used car", "a running process")
    // (the pattern opens on the literal "<det><" so that perl looks for it, not at every "/", and
    // reads the next unit's readings only when it has a noun's and a verb's)
    String.raw`s{(<det><(?:(?<=/[Aa]<det><)ind|(?<=/[Aa]n<det><)ind|(?<=/[Tt]he<det><)def${nounsAfterThis ? '|(?<=/[Tt]his<det><)dem' : ''})>((?:<[^>\$/]*>)*)(?:[^\\\$]++|\\.)*+\$ \^(?:[^\\\$/]++|\\.)*+/)(?=[^\$]*?<n>)(?=[^\$]*?<vblex><(?:inf|pres|imp|past|pri)>)((?:[^\\\$]++|\\.)*+)\$}{my ($before, $number, $r) = ($1, $2, $3); my @r = split /\//, $r; my @keep = grep { !/<vblex><(?:inf|pres|imp|past|pri)>/ } @r; my $agrees = $number =~ /<sg>/ ? qr/<n>(?:<[^>]*>)*<s[gp]>/ : $number =~ /<pl>/ ? qr/<n>(?:<[^>]*>)*<(?:pl|sp)>/ : qr/<n>/; $before . (@keep < @r && grep({ $_ =~ $agrees } @keep) ? join("/", @keep) : $r) . "\$"}ge if index($_, "<vblex>") >= 0;`,
    // a personal pronoun between a relative (a unit that can only be one) and a verb is the
    // relative clause's subject, and the verb its finite verb: "the man who you saw", "the file
    // which you want" came back "que te vio", "que te querer"; now "que viste", "que quieres".
    // Where a form is one verb's past and another's present ("saw", "found", "fell"), the past:
    // with the subject alone the taggers chose "to saw" ("que sierras"). A modal stays a modal
    // ("which you can import", ca "que pots", not "enllaunes"; es "que puedes", was "que te
    // puede"), and eng-spa's "will", an infinitive there, too ("que necesitarás", was "que te
    // necesitará")
    String.raw`sub clauseVerb { my ($surface, @r) = readings(substr($_[0], 1, -1)); my @finite = grep { /<v(?:blex|bmod|aux|bser|bhaver|bdo)><(?:pres|past|pri)>|<vaux><inf>/ } @r; my %present = map { (lc((split /</)[0]) => 1) } grep { /<vblex><pres>/ } @finite; my @pastOfAnother = grep { /<vblex><past>/ && !$present{lc((split /</)[0])} } @finite; @pastOfAnother && %present ? unit($surface, @pastOfAnother) : @finite < @r ? unit($surface, @finite) : $_[0] }`,
    String.raw`s{(\^(?:[^\\\$/]++|\\.)*+(?:/(?:[^\\\$/<]++|\\.)*+(?:<[^>\$]*>)*?<rel>(?:[^\\\$/]++|\\.)*+)++\$ )(\^(?:[^\\\$]++|\\.)*+\$) (\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<(?:v(?:blex|aux|bmod)><(?:pres|past|pri)|vaux><inf)>(?:[^\\\$]++|\\.)*+\$)}{my ($all, $before, $lu, $verb) = ($&, $1, $2, $3); $lu =~ m{/(?!prpers<prn>)} ? $all : $before . onlyWith($lu, qr/^prpers<prn><subj>/) . " " . clauseVerb($verb)}ge if index($_, "<rel>") >= 0 && index($_, "prpers<prn><obj>") >= 0;`,
    // "by" before a gerund says how: the gerund alone ("You can add them by pressing the button"
    // came back "Les puedes añadir por pulsar el botón", ca "per prémer"; now "pulsando", ca
    // "prement"), its verb's readings, with the capital of a "By" that opened the sentence. Not
    // after a word that can be a noun, where the transfer makes a gerund a relative clause ("the
    // angle by holding" would be "el ángulo que aguanta"), nor after "start", "begin" ("empieza por")
    // (the pattern opens on "^by/" so that perl looks for it; the unit before is read in the code,
    // back from the match to the last "^", so that a long text's many "by"s do not each read all
    // the text before them)
    String.raw`s{\^([Bb])y/(?:[^\\\$]++|\\.)*+\$ \^((?:[^\\\$/]++|\\.)*+)/((?:[^\\\$]++|\\.)*+)\$}{my ($all, $at, $b, $surface, $r) = ($&, $-[0], $1, $2, $3); my @ger = grep { /<vblex><ger>/ } split /\//, $r; my $last = $at > 0 ? rindex($_, "^", $at - 1) : -1; my $opens = $last < 0 || index(substr($_, $last, $at - $last), "<sent>\$") >= 0; $last = rindex($_, "^", $last - 1) while !$opens && $last > 0 && substr($_, $last - 1, 1) eq "\\"; my ($previous) = $opens ? () : substr($_, $last, $at - $last) =~ /\A(\^(?:[^\\\$]|\\.)*\$)[^\^]*\z/; @ger && ($opens || (defined $previous && $previous !~ /<(?:n|np)>|[Ss]tart<|[Bb]egin<|\# started/)) ? "^" . ($b eq "B" ? ucfirst $surface : $surface) . "/" . join("/", map { $b eq "B" ? ucfirst : $_ } @ger) . "\$" : $all}ge if index($_, "y/") >= 0 && index($_, "<vblex><ger>") >= 0;`,
    // "will be" before a gerund is the future of its verb: the transfers wrote "be" as the copula
    // and the gerund as an infinitive ("We'll be adding these features", "It will be working soon"
    // came back "Seremos añadir…", "Será trabajar pronto", ca "Serem afegir"; now "Añadiremos…",
    // "Trabajará pronto"). "will not be" the transfers read ("No estarás utilizándolo")
    String.raw`s{((?:/|\+)will<(?:vaux|vbmod)><(?:inf|pres)>\$ )\^be/be<vbser><inf>\$ \^((?:[^\\\$/]++|\\.)*+)/((?:[^\\\$]++|\\.)*+)\$}{my ($all, $will, $surface, $r) = ($&, $1, $2, $3); my @inf = map { s/<vblex><ger>$/<vblex><inf>/r } grep { /<vblex><ger>$/ } split /\//, $r; @inf ? "$will^$surface/" . join("/", @inf) . "\$" : $all}ge if index($_, "\$ ^be/be<vbser><inf>\$ ") >= 0 && index($_, "will<v") >= 0;`,
    // "like" before a preposition or an opening quote (a tag pair: quotes.ts) is the preposition,
    // "as" ("named volumes like in the example below", 'prepositions like "from"' came back
    // "volúmenes les gusta en el ejemplo", "a preposiciones les gusta"; now "como en el ejemplo",
    // "como"); not after a subject ("I", "we": "you", "it" may be objects), "to", "not" or a modal
    // ("I like in summer…", "would like in")
    String.raw`s{((?:\A|(\^(?:[^\\\$]++|\\.)*+\$))(?:[^\\^]++|\\.)*+)\^([Ll]ike)/((?:[^\\\$]++|\\.)*+)\$(?= (?:\^(?:in|on|at|with|for|from|before|after|during|inside)/(?:[^\\\$]|\\.)*?<pr>|"|\xE2\x80\x9C|\[\[t:\d+\]\]|\[t:\d+:o\]))}{my ($all, $before, $previous, $like, $r) = ($&, $1, $2 // "", $3, $4); !($previous =~ /<prn><subj>/ && $previous !~ /<prn><obj>/) && $previous !~ /\/to<pr>|<vaux>|<vbmod>|not<adv>|<vbdo>/ ? $before . onlyWith("^$like/$r\$", qr/<pr>$/) : $all}ge if index($_, "ike/") >= 0 && index($_, "ike<pr>") >= 0;`,
    // "Auto" before a hyphen, not a car ("Auto-Approve 4K Movies" came back "Coche-Aprobar…", fr
    // "Voiture-Approuver")
    AUTO_PREFIX,
    // "bit" after a number is the unit, not "bite"'s past ("Enable 10-bit hardware decoding",
    // "64-bit version" came back "10-mordió descodificación", "64-mordió versión"): after a
    // space the noun ("8 bits por muestra"), after a hyphen kept as written, the compound's
    // ("versión 64-bit": as a noun, the transfers moved it and glued the blanks, "Versiónde64 bits")
    String.raw`s{(<num>\$ )\^(bits?)/(?:[^\\\$]++|\\.)*+\$}{"$1^$2/bit<n><" . ($2 eq "bits" ? "pl" : "sg") . ">\$"}ge if index($_, "^bit") >= 0;`,
    String.raw`s{(<num>\$\^-/-<guio>\$)\^(bits?)/(?:[^\\\$]++|\\.)*+\$}{$1^$2/*$2\$}g if index($_, "^bit") >= 0;`,
    // "live" before a broadcast (LIVE_BROADCAST) is the adjective, which eng-cat's analyser
    // lacks ("Live TV" came back "Viu televisió", it lives; the senses make it "en directe")
    ...(liveBroadcasts ? [String.raw`s{\^([Ll])ive/(?:[^\\\$]++|\\.)*+\$(?= \^(?:${LIVE_BROADCAST_WORDS.join('|')})/)}{"^$1ive/" . ($1 eq "L" ? "L" : "l") . "ive<adj>\$"}gie if index(lc $_, "^live/") >= 0;`] : []),
    // and a setting's "Auto", alone or before a noun, is automatic ("Auto", "Auto mode", "Set to
    // Auto" came back "Coche", "Modo de coche", "Puesto a Coche"; now "Automático", "Modo
    // automático"): not after a determiner ("My auto is red", a car)
    String.raw`s{(?<!<det>\$ )(?<!<pos>\$ )(?<!<sp>\$ )(?<!<sg>\$ )(?<!<pl>\$ )\^([Aa])uto/[Aa]uto<n><sg>\$(?=(?:\[[^\]]*\])*(?: \^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<n>|\^[.!?]/|[\s\0]*\z))}{"^$1uto/" . ($1 eq "A" ? "A" : "a") . "utomatic<adj>\$"}ge if index($_, "uto/") >= 0;`,
    // a sentence's first word that can be a noun and a verb, before "on", "in", "with", "via" and
    // a name or a determiner, is the command: a button's "Play on Plex", "Watch on YouTube" came
    // back "Juego en Plex", "Reloj en YouTube"; now "Reproducir en Plex", "Mirar en YouTube" (not
    // "Help", whose noun is the label: "Help on topics")
    // (a sub and two substitutions, one at the record's start and one after each "<sent>$", so that
    // perl finds where to try: one alternation of the two made it try every position, 10 µs a record)
    String.raw`sub buttonCommand { my ($all, $before, $surface, $r) = @_; my $lu = "^$surface/$r\$"; $lu =~ /<n>/ ? $before . onlyWith($lu, qr/<vblex><(?:inf|pres|imp)>$/) : $all }`,
    String.raw`s{\A(${BLANK})\^((?!Help/|help/)(?:[^\\\$/]++|\\.)*+)/((?:[^\\\$]++|\\.)*+)\$(?= \^(?:on|in|with|via)/(?:[^\\\$]|\\.)*?<pr>(?:[^\\\$]++|\\.)*+\$ \^(?:[A-Z]|(?:[^\\\$/]++|\\.)*+/(?:\*|(?:[^\\\$]|\\.)*?<det>)))}{buttonCommand($&, $1, $2, $3)}e if index($_, "<vblex><inf>") >= 0 && /\$ \^(?:on|in|with|via)\//;`,
    String.raw`s{(<sent>\$${BLANK})\^((?!Help/|help/)(?:[^\\\$/]++|\\.)*+)/((?:[^\\\$]++|\\.)*+)\$(?= \^(?:on|in|with|via)/(?:[^\\\$]|\\.)*?<pr>(?:[^\\\$]++|\\.)*+\$ \^(?:[A-Z]|(?:[^\\\$/]++|\\.)*+/(?:\*|(?:[^\\\$]|\\.)*?<det>)))}{buttonCommand($&, $1, $2, $3)}ge if index($_, "<vblex><inf>") >= 0 && /\$ \^(?:on|in|with|via)\//;`,
    // a "port" is a machine's, not a ship's left side: the adjective goes ("Port" came back "Portuario")
    String.raw`s{(\^[Pp]ort/)[Pp]ort<adj>/}{$1}g if index($_, "ort<adj>/") >= 0;`,
    // a question word that opens a sentence ending with "?" asks: eng-cat's tagger read it as the
    // relative ("What happened?", "What do you want?" came back "El que va passar?", "El que
    // voler?"; now "Què va passar?"), and eng-spa's after a dialogue's dash before it went as a
    // token (dialogue-dashes.ts: "- Where are you going?" came back "- ¿Donde estás yendo?")
    String.raw`s{((?:\A|<sent>\$)${BLANK}\^(?:[Ww]here|[Ww]hat|[Ww]ho|[Ww]hen|[Ww]hy|[Hh]ow|[Ww]hich)/)((?:[^\\\$]++|\\.)*+)\$(?=(?:(?!<sent>\$)(?:[^\\]|\\.))*+(?<=\^\?/\?)<sent>\$)}{my ($before, $r) = ($1, $2); my @r = grep { /<itg>/ } split /\//, $r; $before . (@r ? join("/", @r) : $r) . "\$"}ge if index($_, "?<sent>") >= 0;`,
    // "home" after a verb of going is a destination, "to home" (es, gl "a casa", ca "a casa"):
    // "I'm going home", "Go home", "I came home late" came back "Estoy yendo casa", "Ir casa",
    // "Vine en casa tarde"; now "Estoy yendo a casa", "Ir a casa", "Vine a casa tarde"
    String.raw`s{(\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?(?:go|come|get|head|return|walk|drive|fly|hurry|ride|run|rush|travel)<vblex>(?:[^\\\$]++|\\.)*+\$ )\^home/(?:[^\\\$]++|\\.)*+\$}{$1^to/to<pr>\$ ^home/home<n><sg>\$}gi if index($_, "^home/") >= 0;`,
    // "must" before a verb (adverbs between) is the modal, not the noun ("Everyone who downloads
    // must also upload" came back "…descarga el mosto también carga", grape juice)
    String.raw`s{\^([Mm]ust)/((?:[^\\\$]++|\\.)*+)\$(?=((?: \^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$<]++|\\.)*+<adv>\$)*) (${UNIT}))}{my ($must, $readings, $verb) = ($1, $2, $4); $verb =~ /<vb(?:lex|ser|haver)><inf>/ ? onlyWith("^$must/$readings\$", qr/<vaux>/) : "^$must/$readings\$"}ge if index($_, "ust/") >= 0 && index($_, "ust<n>") >= 0;`,
    // "log in", "sign in", "login" after "to", a modal, "not", "and" or "or" are "initiate session",
    // "log out", "sign out" "close session" (es, gl, ca): the analysers read "log" as the noun
    // only, "sign in" as a sign's place ("You have to log in", "Click to sign in", "I want to
    // login" came back "Tienes que registro en", ca "signar dins", "Vull login"; now "Tienes que
    // iniciar sesión", "per iniciar sessió", "Quiero iniciar sesión"). Not before a determiner
    // or a noun ("sign in the box"), nor "login" after a bare "to", "and" or "or" ("Proceed to
    // login" is a page, "Name, email or login" a field); a sentence's first "Log in" is a lead
    // (stream.ts)
    ...(sessionCommands ? [
      // "log in" as "initiate session", "sign out" as "close session"
      String.raw`sub session { my ($verb, $particle) = @_; my $as = lc($particle) =~ /^(?:in|on)$/ ? "initiate" : "close"; $as = ucfirst $as if $verb =~ /^[A-Z]/; "^$verb/$as<vblex><inf>\$ ^$particle/session<n><sg>\$" }`,
      String.raw`sub sessionCommand { my ($before, $space, $verb, $particle, $next, $oneWord) = @_; my (undef, @b) = readings(substr($before, 1, -1)); return undef if !grep { /<(?:vbmod|vaux|vbdo)>|# to$|^not<adv>|^(?:and|or)<cnjcoo>/ && (!$oneWord || !/<cnjcoo>/) || /^to<pr>/ && !$oneWord } @b; my (undef, @n) = defined $next ? readings(substr($next, 1, -1)) : (); return undef if grep { /<(?:det|n|np)>/ } @n; $before . $space . session($verb, $particle) }`,
      String.raw`s{(${UNIT})( )\^([Ll]og|[Ss]ign)/(?:[^\\\$]++|\\.)*+\$ \^([Ii]n|[Oo]n|[Oo]ut|[Oo]ff)/(?:[^\\\$]++|\\.)*+\$(?=${BLANK}(${UNIT})?)}{my ($before, $space, $verb, $particle, $next) = ($1, $2, $3, $4, $5); sessionCommand($before, $space, $verb, $particle, $next, 0) // $&}ge if /\^[LlSs](?:og|ign)\/(?:[^\\\$]++|\\.)*+\$ \^(?:[Ii]n|[Oo]n|[Oo]ut|[Oo]ff)\//;`,
      String.raw`s{(${UNIT})( )\^([Ll]og)(in|out)/\*[Ll]og(?:in|out)\$(?=${BLANK}(${UNIT})?)}{my ($before, $space, $verb, $particle, $next) = ($1, $2, $3, $4, $5); sessionCommand($before, $space, $verb . $particle, $particle, $next, 1) // $&}ge if /\^[Ll]og(?:in|out)\/\*/;`,
      // and opening a sentence (inside a tag, where stream.ts's leads do not go: "<a>Sign in</a> to
      // continue" came back "<a>Signo en</a> para continuar")
      String.raw`s{((?:\A|<sent>\$)${BLANK})\^([Ll]og|[Ss]ign)/(?:[^\\\$]++|\\.)*+\$ \^([Ii]n|[Oo]n|[Oo]ut|[Oo]ff)/(?:[^\\\$]++|\\.)*+\$(?!${BLANK}\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<(?:det|n|np)>)}{$1 . session($2, $3)}ge if /\^[LlSs](?:og|ign)\/(?:[^\\\$]++|\\.)*+\$ \^(?:[Ii]n|[Oo]n|[Oo]ut|[Oo]ff)\//;`,
    ] : []),
    // an initialism the analyser does not know before a noun it modifies goes after it, read as
    // the noun (eng-spa, eng-cat): "Enter your API key", "Scan the QR code", "Upload a CSV file"
    // came back "Introduce tu API clave", "el QR código", "un CSV archivo", ca "el vostre API
    // clau"; the transfers keep an unknown word where it stands, and en-gl already writes "chave
    // de API". Not before a third person ("API returns…"), nor where another noun or an unknown
    // word follows ("API key field", "TMDB Genre ID"), nor bound to a word by a slash ("PNG/SVG
    // file", "LDAP Account/Password")
    ...(initialismsAfterNouns ? [
      String.raw`sub initialismAfter { my ($initialism, $noun, $after) = @_; my (undef, @r) = readings(substr($noun, 1, -1)); return undef if !grep({ tag($_) eq "n" } @r) || grep { tag($_) !~ /^(?:n|adj|vblex)$/ || /\+/ || /<vblex><(?:pri|past|pp|ger)>|<p3>/ } @r; my (undef, @a) = defined $after ? readings(substr($after, 1, -1)) : (); return undef if grep { tag($_) eq "n" || /^\*/ } @a; onlyWith($noun, qr/<n>/) . " " . $initialism }`,
      String.raw`s{(?<![^\s\]])(\^([A-Z][A-Z0-9]{1,5})/\*\2\$) (${UNIT})(?!\\/)(?=(?: (${UNIT}))?)}{my ($initialism, $noun, $after) = ($1, $3, $4); initialismAfter($initialism, $noun, $after) // "$initialism $noun"}ge if /\^[A-Z][A-Z0-9]{1,5}\/\*/;`,
    ] : []),
    // "wait for" an object is "wait" it (esperar, atendi take it directly: "We are waiting for
    // you", "Wait for me" came back "Somos esperando a ti", "Espera para mí", eo "Atendi por
    // mi"; now "Estamos esperándote", "Espérame"…); not before "to" ("Wait for it to finish"),
    // nor the noun ("the wait for"). eng-spa's analyser reads "waiting for" as one preposition
    String.raw`s{\^([Ww])aiting for/waiting for<pr>\$}{^$1aiting/wait<vblex><ger>\$ ^for/for<pr>\$}g if index($_, "aiting for/") >= 0;`,
    String.raw`sub waitFor { my ($wait, $at, $from) = @_; my $rest = substr($_, $at); return undef if $from >= 2 && substr($_, $from - 2, 2) eq "\$ " && index(unitBefore($_, $from), "<det>") >= 0 || $rest !~ /\A \^(?:[^\\\$]|\\.)*?\/(?:[^\\\$]|\\.)*?<(?:det|prn|n|np|num)>/ || $rest =~ /\A(?:(?!<(?:sent|cm)>).)*? \^to\/to<pr>\$ \^(?:[^\\\$]|\\.)*<vblex><inf>/s; my ($surface, @r) = readings(substr($wait, 1, -1)); my @v = grep { /^wait<vblex><(?:inf|pres|imp|past|pp|ger|pri)>/i } @r; @v ? unit($surface, @v) : undef }`,
    String.raw`s{(\^[Ww]ait(?:s|ed|ing)?/(?:[^\\\$]++|\\.)*+\$) \^for/(?:[^\\\$]++|\\.)*+\$}{waitFor($1, $+[0], $-[0]) // $&}ge if index($_, "ait") >= 0 && index($_, "^for/") >= 0;`,
    // a word that can be an infinitive (and else only a noun, an adjective or another form of a
    // verb) as the infinitive alone, or undef where it cannot be one; "have" is the auxiliary
    // only before a participle ($after, the next unit: "need to have 1 result" came back
    // "Necesitas haber…")
    String.raw`sub infinitiveOnly { my ($lu, $after) = @_; my ($surface, @r) = readings(substr($lu, 1, -1)); my @inf = grep { /<vb(?:lex|ser|haver)><inf>/ } @r; return undef if !@inf || grep { tag($_) !~ /^(?:n|np|adj|vblex|vbser|vbhaver)$/ || /\+/ } @r; if (grep({ /<vbhaver>/ } @inf) && grep({ /<vblex>/ } @inf)) { my $perfect = ($after // "") =~ /<vblex><pp>/; @inf = grep { $perfect ? /<vbhaver>/ : !/<vbhaver>/ } @inf } @inf == @r ? $lu : unit($surface, @inf) }`,
    // "mean to" before a verb is an intention, read as "want to" (the analysers' multiword, whose
    // verb the rule below makes the infinitive): "I didn't mean to hurt you" came back "No
    // signifiqué para dolerte", now "No te quise doler". Not before an object ("What does it
    // mean to you?") nor ending its clause ("I didn't mean to.": the transfers write "did not
    // want to" in the present, "No quiero")
    ...(meanTo ? [
      String.raw`sub meanTo { my ($surface, $r) = @_; my (undef, @r) = readings("x/$r"); my @w = map { /^mean<vblex>(<(?:inf|pres|past|pp|pri)>(?:<[^>]*>)*)$/i ? "want<vbmod>$1# to" : () } @r; @w ? unit("$surface to", @w) : undef }`,
      String.raw`s{\^([Mm]ean|[Mm]eant|[Mm]eans)/((?:[^\\\$]++|\\.)*+)\$ \^to/to<pr>\$${infinitiveNext('lex|ser|haver')}}{meanTo($1, $2) // $&}ge if index($_, "ean") >= 0 && index($_, "^to/") >= 0;`,
    ] : []),
    // after a modal the analyser reads with its "to" ("have to", "want to", "has to"), the verb
    // is the infinitive: "You have to pay.", "I want to play." came back "Tienes que paga.",
    // "Quiero juego." (the noun); now "Tienes que pagar.", "Quiero reproducir". Not after a
    // verb's multiword with "to" ("add to": "Add to queue" is the noun)
    String.raw`s{(\^(?:[^\\\$]++|\\.)*+(?<=\# to)\$ )(${UNIT})(?=(?: (${UNIT}))?)}{my ($modal, $verb, $after) = ($1, $2, $3); $modal =~ /<vbmod>/ ? $modal . (infinitiveOnly($verb, $after) // $verb) : "$modal$verb"}ge if index($_, "# to\$") >= 0;`,
    // after a modal ("can", "should", "will", "cannot", "won't"; eng-cat's "can" is a vbmod) or "do not", "don't", with up to
    // two adverbs between ("just", "automatically", "also"), a word that can be an infinitive is
    // that infinitive: the taggers read "run" there as the participle ("You can just run:", "It
    // should automatically run with a Git hook" came back "puedes sólo corrido", "Tiene que
    // automáticamente corrido"; now "puedes sólo correr", "…ejecutarse…")
    String.raw`sub modalVerb { my ($modal, $adverbs) = @_; return 0 if $modal !~ /<(?:vaux|vbmod)>/ && $modal !~ /<vbdo>(?:[^\\\$]|\\.)*\+not<adv>/ && !($modal =~ /<vbdo>/ && $adverbs =~ /\A\^not\/not<adv>\$/); for my $a ($adverbs =~ /(${UNIT})/g) { my (undef, @r) = readings(substr($a, 1, -1)); return 0 if !grep({ tag($_) eq "adv" } @r) || grep { /\+/ } @r } 1 }`,
    String.raw`s{(\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$<]++|\\.|<(?!(?:vaux|vbmod|vbdo)>))*+<(?:vaux|vbmod|vbdo)>(?:[^\\\$]++|\\.)*+\$ )((?:\^(?:[^\\\$/]++|\\.)*+(?:/(?:[^\\\$/<]++|\\.)*+<(?:adv|adj|preadv)>(?:[^\\\$/]++|\\.)*+)++\$ ){0,2})(${UNIT})(?=(?: (${UNIT}))?)}{my ($modal, $adverbs, $verb, $after) = ($1, $2, $3, $4); modalVerb($modal, $adverbs) ? $modal . $adverbs . (infinitiveOnly($verb, $after) // $verb) : "$modal$adverbs$verb"}ge if index($_, "<vaux>") >= 0 || index($_, "<vbmod>") >= 0 || index($_, "<vbdo>") >= 0;`,
    // after "to", a word that can be an infinitive before a determiner, a possessive or an object
    // pronoun is that infinitive (objectNext copies its argument first: a capture variable passed
    // in would change under readings' own matches) ("We sent you a link to reset your password", "Click the link to
    // reset your password" came back "un enlace a reinicialización tu contraseña", the noun)
    String.raw`sub objectNext { my ($unit) = @_; my (undef, @n) = readings(substr($unit, 1, -1)); @n && !grep { !(tag($_) =~ /^(?:det|predet)$/ || /<pos>/ || /<prn><obj>/) || /<subj>/ } @n }`,
    String.raw`s{(\^to/(?:[^\\\$]|\\.)*?to<pr>(?:[^\\\$]++|\\.)*+\$ )(\^(?:[^\\\$<]++|\\.|<(?!vblex><inf>))*+<vblex><inf>(?:[^\\\$]++|\\.)*+\$)(?= (${UNIT}))}{my ($to, $verb, $next) = ($1, $2, $3); $to . (objectNext($next) ? infinitiveOnly($verb, $next) // $verb : $verb)}ge if index($_, "^to/") >= 0;`,
    // "to" after a verb whose object is an infinitive ("need to", "forget to", "remember to")
    // goes, and the next word is that infinitive: the transfers read "to" there as a purpose
    // ("I forgot to save.", "Remember to save your work", "You don't need to answer." came back
    // "Olvidé para guardar.", "Recuerda para guardar…", "No necesitas para contestar.", ca
    // "Vaig oblidar per desar"); now "Olvidé guardar.", "No necesitas contestar.", "Vaig oblidar
    // desar". A verb that can be a noun only after a subject, an auxiliary or "not", or opening
    // its sentence ("There is no need to worry", "a plan to grow" keep their "to")
    ...(toInfinitives.length > 0 ? [
      String.raw`sub toComplements { my @p = split /(${UNIT})/, $_[0], -1; for (my $i = 3; $i + 2 < @p; $i += 2) { next if $p[$i] !~ /^\^to\/(?:[^\\\$]|\\.)*?to<pr>/ || $p[$i - 1] ne " " || $p[$i + 1] ne " "; my (undef, @v) = readings(substr($p[$i - 2], 1, -1)); next if !grep { /^(?:${toInfinitives.join('|')})<vblex>/i } @v; if (grep { tag($_) eq "n" } @v) { my (undef, @b) = $i >= 5 && $p[$i - 3] eq " " ? readings(substr($p[$i - 4], 1, -1)) : (); next if !opensSentence(\@p, $i - 2) && !grep { /<subj>|<vaux>|<vbmod>|<vbdo>|^not<adv>/ } @b } my $infinitive = infinitiveOnly($p[$i + 2], $i + 4 < @p && $p[$i + 3] eq " " ? $p[$i + 4] : undef); next if !defined $infinitive || $infinitive =~ /<vbhaver>/; @p[$i, $i + 1, $i + 2] = ("", "", $infinitive) } join "", @p }`,
      String.raw`$_ = toComplements($_) if index($_, "^to/") >= 0 && /\/(?i:${toInfinitives.join('|')})<vblex>/;`,
    ] : []),
    // after a verb that takes a destination, anywhere, "to" and a word that is only a noun or a
    // verb is the noun when it ends the clause: "Save to file", "Export to Link", "Copy link to
    // object" came back "Guardar para archivar", "Exportar para Enlazar" (fr "Enregistrer pour
    // archiver"), "Copiar enlace para objetar"; "Click to play" keeps its verb, and so does "Go to
    // sleep" ("go" is not such a verb). A sentence's first movement command before "to" and any
    // last word is the statement further on ("Move to top", "Skip to content")
    String.raw`sub toPlace { my @p = split /(${UNIT})/, $_[0], -1; for (my $i = 3; $i + 2 < @p; $i += 2) { next if $p[$i] !~ /^\^to\/(?:[^\\\$]|\\.)*?to<pr>/ || $p[$i - 1] ne " " || $p[$i + 1] ne " "; my (undef, @v) = readings(substr($p[$i - 2], 1, -1)); next if !grep { /^(?:${DESTINATION_VERBS.join('|')})<vblex>/i } @v; my ($surface, @r) = readings(substr($p[$i + 2], 1, -1)); next if !grep({ tag($_) eq "n" } @r) || !grep({ tag($_) eq "vblex" } @r) || grep { tag($_) !~ /^(?:n|vblex)$/ || /\+/ } @r; next if $i + 4 < @p && $p[$i + 4] !~ /^\^(?:[^\\\/\$]|\\.)*\/(?:[^\\\$]|\\.)*<(?:sent|cm|lpar|rpar)>|^\^(?:and|or)\//; $p[$i + 2] = unit($surface, grep { tag($_) eq "n" } @r) } join "", @p }`,
    String.raw`$_ = toPlace($_) if index($_, "^to/") >= 0 && /\/(?i:${DESTINATION_VERBS.join('|')})<vblex>/;`,
    // "make sure" before a clause is "ensure" it ("Make sure you have a stable connection", "Make
    // sure the file exists" came back "Marca seguro tienes…", "Marca seguro el archivo…"; now
    // "Asegura que tienes…", "Asegura que el archivo existe"), "that" given where the clause
    // has none, the conjunction where it has one, and before "all" ("This function will make
    // sure all properties are set" came back "hará seguro todas…"); not before "to" or "of"
    // ("Make sure to save" is left)
    // a question word before "to" and a verb asks for the infinitive (es, gl, ca: "how to install",
    // "what to do", "where to save the file" came back "cómo para instalar", "qué para hacer",
    // "dónde para guardar", ca "com per instal·lar"; now "cómo instalar", "qué hacer"); en-eo
    // wrote "kiel instali" already. Not "who" ("who to credit": the transfers then conjugated)
    String.raw`s{(\^(?:[Hh]ow|[Ww]hat|[Ww]here|[Ww]hen|[Ww]hich|[Ww]hether)/(?:[^\\\$]++|\\.)*+\$ )(\^to/(?:[^\\\$]|\\.)*?to<pr>(?:[^\\\$]++|\\.)*+\$ )(${UNIT})(?=(?: (${UNIT}))?)}{my ($wh, $to, $verb, $after) = ($1, $2, $3, $4); my $infinitive = infinitiveOnly(withoutTag($verb, "vbdo"), $after); defined $infinitive ? onlyWith(substr($wh, 0, -1), qr/<itg>/) . " $infinitive" : "$wh$to$verb"}ge if index($_, "^to/") >= 0;`,
    String.raw`sub makeSure { my ($make, $next) = @_; my ($word, @n) = readings(substr($next, 1, -1)); return undef if $word =~ /^(?:to|of)$/i || !@n || !grep { /<(?:prn><subj>|det>|predet>|n>|np>|cnjsub>)/ } @n; my $as = $make =~ /^M/ ? "Ensure" : "ensure"; unit("$make sure", map { "$as<vblex><$_>" } @::COMMAND_FORMS) . " " . (lc $word eq "that" ? "^$word/that<cnjsub>\$" : "^that/that<cnjsub>\$ " . onlyWith($next, qr/<prn><subj>/)) }`,
    String.raw`s{\^([Mm]ake)/(?:[^\\\$]++|\\.)*+\$ \^sure/(?:[^\\\$]++|\\.)*+\$ (\^(?:[^\\\$]++|\\.)*+\$)}{my ($make, $next) = ($1, $2); makeSure($make, $next) // $&}ge if index($_, "ake/") >= 0 && index($_, "^sure/") >= 0;`,
    // "Thanks for" opening a sentence is the interjection and "for" (the analysers' multiword is
    // the verb: "Thanks for your help" came back "Da las gracias por tu ayuda")
    String.raw`s{((?:\A|<sent>\$)${BLANK})\^(Thanks) for/[Tt]hank<vblex><pri><p3><sg>\# for\$}{$1^$2/Thank you<ij>\$ ^for/for<pr>\$}g if index($_, "^Thanks for/") >= 0;`,
    // "you" right before a modal is its subject, not its object ("…sure you want to delete…"
    // came back ca "et vol eliminar", it wants you)
    String.raw`s{(\^[Yy]ou/(?:[^\\\$]++|\\.)*+\$)(?= \^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$/]++|\\.)*?<(?:vbmod|vaux)>(?:[^\\\$]++|\\.)*+\$)}{onlyWith($1, qr/<subj>/)}ge if index($_, "ou/") >= 0 && (index($_, "<vbmod>") >= 0 || index($_, "<vaux>") >= 0);`,
    // "Are you sure" before a clause with a pronoun subject is "you are sure that" (eng-cat: "Are
    // you sure you want to delete this item?" came back "T'és segur et vol eliminar…?", now
    // "Ets segur que vols eliminar…?"); the sentence's capital goes with "you"
    ...(sureClauses ? [String.raw`s{\^([Aa])re/(?:[^\\\$]++|\\.)*+\$ \^you/(?:[^\\\$]++|\\.)*+\$ \^sure/(?:[^\\\$]++|\\.)*+\$ (?=\^(?:you|I|we|they|he|she|it)/)}{($1 eq "A" ? "^You/Prpers" : "^you/prpers") . "<prn><subj><p2><mf><sp>\$ ^are/be<vbser><pres>\$ ^sure/sure<adj><sint>\$ ^that/that<cnjsub>\$ "}ge if index($_, "re/") >= 0 && index($_, "^sure/") >= 0;`] : []),
    // a product's name is a name: "Download for Android", "Available for Windows", "Join us on
    // Discord", "Export to Word" came back "para Androide", "para Ventanas", "encima Discordia",
    // "a Palabra" (ca "Finestres", "Poma", "Crom"); read as a proper noun, which the bilingual
    // dictionaries mostly do not have, it stays as written (and may be reported as a word not
    // translated).
    // Names that are also common words ("Windows", "Word", "Signal"…) only after a preposition
    // or a conjunction (a Title Case label's "Close All Windows" keeps its windows). A name the
    // analyser does not know stays unknown (as a proper noun it changed how the words after it
    // were tagged: ca "Slack notificació de prova" came back "Slack tasta la notificació")
    String.raw`s{\^(${PRODUCT_NAMES})/(?!\*)(?:[^\\\$]++|\\.)*+\$}{^$1/$1<np><al><sg>\$}g if /\^(?:${PRODUCT_NAMES})\//;`,
    String.raw`s{(\^(?:for|on|in|with|to|from|and|or|via|as|using|into)/(?:[^\\\$]++|\\.)*+\$ )\^(${PRODUCT_NAMES_AFTER_PREPOSITION})/(?!\*)(?:[^\\\$]++|\\.)*+\$}{$1^$2/$2<np><al><sg>\$}g if /\^(?:${PRODUCT_NAMES_AFTER_PREPOSITION})\//;`,
    // "ago" after a placeholder (a time: "Sent {time} ago") goes before it, where the targets
    // say it ("Enviado {time} hace" → "Enviado hace {time}", gl "hai {time}"; eng-cat writes no
    // "fa" for an "ago" without its complement either way)
    String.raw`s{ (\[t:\d+:v\]) (\^ago/(?:[^\\\$]++|\\.)*+\$)}{ $2 $1}g if index($_, "^ago/") >= 0;`,
    // "in the main" before a noun is a place's words, not the analysers' multiword adverb ("in
    // general"): "in the main window" came back "en general ventana", ca "en general finestra"
    String.raw`s{\^([Ii]n) (the) (main)/(?:[^\\\$]++|\\.)*+\$(?= \^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$<]++|\\.)*+<n>)}{^$1/in<pr>\$ ^$2/the<det><def><sp>\$ ^$3/main<adj>\$}g if index($_, "n the main/") >= 0;`,
    // "on" before a bare noun or a question word is the preposition, not the adverb the taggers
    // chose ("Play on phone", "Select on canvas", "a blog post on how…" came back "Juego encima
    // teléfono", "encima tela", "encima cómo", ca "damunt"); not after a verb it makes a phrasal
    // one with ("turn on", "log on", "carry on"…, read back from the word before), nor before a
    // determiner (left to the tagger)
    String.raw`s{\^([Oo]n)/(?:on<adv>/on<pr>|on<pr>/on<adv>)\$(?= \^(?:(?:how|when|what|whether|where)/|(?:[^\\\$/]++|\\.)*+/(?:[^\\\$<]++|\\.)*+<n><(?:sg|pl)>(?:/(?:[^\\\$<]++|\\.)*+<(?:n|vblex)>(?:[^\\\$/]++|\\.)*+)*\$))}{my ($whole, $on, $at) = ($&, $1, $-[0]); my $start = $at > 0 ? rindex($_, "^", $at - 1) : -1; my $before = $start >= 0 ? substr($_, $start, $at - $start) : ""; $before =~ /^\^(?:[Tt]urn|[Ss]witch|[Ll]og|[Ss]ign|[Cc]arry|[Kk]eep|[Hh]old|[Pp]ut|[Tt]ry|[Gg]o|[Cc]ome|[Mm]ove|[Gg]et|[Ll]ight|[Ss]tay|[Hh]ang|[Ww]ork|[Gg]oing|[Cc]atch)\/(?:[^\\\$]++|\\.)*+\$ $/ ? $whole : "^$on/on<pr>\$"}ge if index($_, "on<adv>") >= 0;`,
    // "on" before a month's name and a day is the preposition (eng-spa's tagger chose the adverb:
    // "renews on March 3" came back "renueva encima…"); the clause filters write the date
    String.raw`s{\^([Oo]n)/(?:[^\\\$]++|\\.)*+\$(?= \^(?:January|February|March|April|May|June|July|August|September|October|November|December)/(?:[^\\\$]++|\\.)*+\$ \^[0-9]{1,2}/)}{^$1/on<pr>\$}g if /\^[Oo]n\//;`,
    // a sentence's "Do not" is its "Don't" (the command below): "Do not close this window", "Do
    // not share your password" came back "No cierra esta ventana", "No comparte…", ca "No
    // proper…", eo "Ne fermas…" (the third person), where "Don't close" read "No cerrar…"
    String.raw`sub doNot { my ($do, $not) = @_; my ($surface, @r) = readings(substr($do, 1, -1)); unit("$surface $not", map { "$_+not<adv>" } grep { /<vbdo>/ && !/\+/ } @r) }`,
    String.raw`s{((?:\A|<sent>\$)(?:[^\\^]++|\\.)*+)(\^[Dd]o/(?:[^\\\$]|\\.)*?<vbdo><pres>(?:[^\\\$]++|\\.)*+\$) \^(not)/not<adv>\$}{my ($blank, $do, $not) = ($1, $2, $3); $blank . doNot($do, $not)}ge if index($_, "o<vbdo><pres>") >= 0;`,
    // "must not" and "should not" forbid ("You must not share your password", "You should not do
    // that" came back "No tienes que compartir…", "No tendrías que hacer…", gl "Non tes que…":
    // no obligation, as "don't have to"); read as "do not owe" and "would not owe", the pairs'
    // "deber": "No debes compartir…", "No deberías hacer…", "Non debes…". Not in a question
    // ("Shouldn't you be…?") nor before a perfect ("should not have come": the transfers then
    // wrote "deberías ha venido"); eng-spa's and en-gl's analysers split "mustn't" into three
    // tokens
    ...(prohibitions ? [
      String.raw`sub prohibition { my ($owe, $space, $verb, $end) = @_; return $owe if $verb eq ""; return undef if $verb =~ /<vbhaver>/ && substr($_, $end) =~ /\A \^(?:[^\\\$\/]++|\\.)*+\/(?:[^\\\$]|\\.)*?<vblex><pp>/; $owe . $space . (infinitiveOnly($verb) // $verb) }`,
      String.raw`sub mustNot { my ($must, $readings) = @_; return undef if defined $readings && $readings !~ /(?:^|\/)must<vaux>/i; "^" . ($must =~ /^M/ ? "Do" : "do") . "/do<vbdo><pres>\$ ^not/not<adv>\$ ^$must/owe<vblex><inf>\$" }`,
      String.raw`s{\^([Mm]ust)/((?:[^\\\$]++|\\.)*+)\$ \^not/not<adv>\$(?! \^(?:you|I|we|they|he|she|it)/)( ?)((?:${UNIT})?)}{my ($space, $verb) = ($3, $4); my $owe = mustNot($1, $2); (defined $owe ? prohibition($owe, $space, $verb, $+[0]) : undef) // $&}ge if index($_, "ust/") >= 0;`,
      String.raw`s{\^([Mm]ust)n/\*[Mm]ustn\$\^\x27/\x27<apos>\$\^t/\*t\$(?! \^(?:you|I|we|they|he|she|it)/)( ?)((?:${UNIT})?)}{prohibition(mustNot($1, undef), $2, $3, $+[0]) // $&}ge if index($_, "ustn/") >= 0;`,
      String.raw`s{\^([Ss]hould)/[Ss]hould<vaux><inf>\$ \^not/not<adv>\$(?! \^(?:you|I|we|they|he|she|it)/)( ?)((?:${UNIT})?)}{prohibition("^$1/would<vaux><inf>\$ ^not/not<adv>\$ ^owe/owe<vblex><inf>\$", $2, $3, $+[0]) // $&}ge if index($_, "hould/") >= 0;`,
      // and "should" alone advises: "deber"'s conditional ("You should update the app", "It
      // should work now" came back "Tendrías que actualizar…", "Tendría que…"; now
      // "Deberías actualizar…"), before an infinitive but a perfect's (what follows "deber ser"
      // agrees in the clause filters)
      String.raw`s{\^([Ss]hould)/[Ss]hould<vaux><inf>\$( )(${UNIT})}{my ($whole, $should, $space, $verb, $end) = ($&, $1, $2, $3, $+[0]); ($verb =~ /<vb(?:lex|ser|haver)><inf>/ ? prohibition("^$should/would<vaux><inf>\$ ^owe/owe<vblex><inf>\$", $space, $verb, $end) : undef) // $whole}ge if index($_, "hould/") >= 0;`,
      String.raw`s{\^([Ss]houldn\x27t)/[Ss]hould<vaux><inf>\+not<adv>\$(?! \^(?:you|I|we|they|he|she|it)/)( ?)((?:${UNIT})?)}{prohibition("^$1/would<vaux><inf>+not<adv>\$ ^owe/owe<vblex><inf>\$", $2, $3, $+[0]) // $&}ge if index($_, "houldn") >= 0;`,
    ] : []),
    // the record's first unit and the unit after each sentence end: two substitutions, since an
    // alternation with \A keeps perl from searching for the literal `<sent>$` (on 20 000 bench
    // sentences: 0.04 s for the two, 0.17 s for one with the alternation)
    String.raw`s{\A(${BLANK})(${UNIT})(${BLANK})(${UNIT})}{$1 . opening($2, $4, $+[0], $3, $1)}e;`,
    String.raw`s{<sent>\$(${BLANK})(${UNIT})(${BLANK})(${UNIT})}{"<sent>\$" . $1 . command($2, $4, $+[0], $3) . $3 . $4}ge;`,
    // and the unit after a sentence's opening clause and its comma: a condition, a time, a purpose
    // ("If it fails,", "Once installed,", "To install,") or a sequence's adverb ("First,", "Then,"):
    // documentation's steps ("To install, run the following:", "First, check the Overseerr logs"
    // came back "Para instalar, corrido el siguiente:", "Primero, control los registros"; now
    // "…, ejecuta el siguiente:", "Primero, comprueba los registros"). command() leaves a unit
    // that is not a verb before its object ("If enabled, users can…"). A command keeps
    // the pair's `instruction` reading (the tagger chose the infinitive once the noun went: "Para
    // añadir un idioma, abrir una incidencia"; now "abre")
    String.raw`sub clauseCommand { my ($lu, $next, $end, $between) = @_; my $c = command($lu, $next, $end, $between); ${instruction ? `my (undef, @r) = readings(substr($lu, 1, -1)); $c = onlyWith($c, qr/<vblex><${instruction}>/) if $c ne $lu || @r && !grep { tag($_) ne "vblex" || /\\+/ } @r;` : ''} $c }`,
    String.raw`s{((?:\A|<sent>\$)${BLANK}(?:\^(?:${CLAUSE_OPENERS}|[Tt]o|${CONDITION_ADVERBS})/(?:[^\\\$]++|\\.)*+\$(?:(?!\^,/|<sent>\$)(?:[^\\]|\\.))*+|\^(?:[Ff]irst|[Ss]econd|[Tt]hird|[Tt]hen|[Nn]ext|[Ff]inally|[Ll]astly|[Aa]lso|[Nn]ow|[Aa]lternatively|[Oo]ptionally|[Oo]therwise|[Aa]fterwards|[Ss]imilarly|[Aa]dditionally)/(?:[^\\\$]++|\\.)*+\$)\^,/,<cm>\$)(${BLANK})(${UNIT})(${BLANK})(${UNIT})}{$1 . $2 . clauseCommand($3, $5, $+[0], $4) . $4 . $5}ge if index($_, ",<cm>") >= 0;`,
    // a label's opening verb is the infinitive, as Spanish, Galician and Esperanto interfaces
    // write buttons and menus, never the present ("Select all", "Configure", "Copy link" came
    // back "Selecciona todo", "Configura", "Copia enlace", eo "Vicigas", which also reached
    // French, Portuguese and Italian through Spanish as a third person: "Il sélectionne tout",
    // "Il configure"; now "Seleccionar todo", "Configurar", "Copiar enlace", "Vicigi"). A label:
    // one sentence of up to seven words ending in a full stop (every text gets one) or an
    // ellipsis, without an article, a possessive, a demonstrative or a personal pronoun ("Select
    // a file to upload" is an instruction: "Selecciona un archivo…"), a "please" (stream.ts's
    // lead), a comma, an auxiliary, a form of "be" or "have", a subordinating conjunction or a
    // verb that can only be finite ("Download failed"). Only the present reading goes: where the
    // tagger chose a noun ("Search results", "Archive") it still does
    ...(labelInfinitives ? [
      String.raw`sub labelRecord { return 0 if index($_, "[p:") >= 0; my @p = split /(${UNIT})/, $_, -1; my $words = 0; for (my $i = 1; $i < @p; $i += 2) { my ($surface, @r) = readings(substr($p[$i], 1, -1)); return $i + 2 >= @p && $surface =~ /^(?:\.|…)$/ if grep { tag($_) eq "sent" } @r; return 0 if ++$words > 7 || !@r || grep({ tag($_) =~ /^(?:cm|vbmod|vaux|vbser|vbhaver|vbdo|cnjsub|rel)$/ || /<subj>/ } @r) || !grep({ tag($_) !~ /^(?:det|prn)$/ || /<(?:qnt|tn)>/ } @r) || $i > 1 && !grep({ !/${FINITE_READING}/ || /\+/ } @r) } 0 }`,
      String.raw`sub labelInfinitive { my ($lu) = @_; my ($surface, @r) = readings(substr($lu, 1, -1)); return $lu if !grep({ /<vblex><inf>/ } @r) || !grep({ /<vblex><pres>/ } @r) || grep({ tag($_) !~ /^(?:n|adj|vblex)$/ || /\+/ || tag($_) eq "vblex" && !/<vblex><(?:inf|pres|imp)>/ } @r) || !labelRecord(); unit($surface, grep { !/<vblex><(?:pres|imp)>/ } @r) }`,
      // counted first: a record of more than seven words and its end is no label
      String.raw`s{\A(${BLANK})(\^(?:[^\\\$<]++|\\.|<(?!vblex><pres>))*+<vblex><pres>(?:[^\\\$]++|\\.)*+\$)}{$1 . labelInfinitive($2)}e if tr/^// <= 8;`,
    ] : []),
    // and the unit after a comma and the mark of "please" (stream.ts's lead): "If you have any
    // questions, please contact our support team" came back "…, por favor, contacto nuestro
    // equipo" (the noun)
    String.raw`s{(<cm>\$ *\[p:\d+\]${BLANK})(${UNIT})(${BLANK})(${UNIT})}{$1 . command($2, $4, $+[0], $3) . $3 . $4}ge if index($_, "[p:") >= 0;`,
    // "Learn more" opening a sentence, before its end, "about" or a token, is "More information",
    // as interfaces write it ("Learn more" came back "Aprender más", ca "Aprèn més"; now "Más
    // información", "Més informació", gl "Máis información"), inside a link too
    String.raw`s{((?:\A|<sent>\$)${BLANK})\^([Ll])earn/(?:[^\\\$]++|\\.)*+\$ \^more/(?:[^\\\$]++|\\.)*+\$(?=\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<sent>\$| \^about/|(?:[^\\^]|\\.)*?(?:\[t:\d+:[ocv]\]|\[\[/\]\]|\[v:e\]))}{$1 . "^" . $2 . "earn/" . ($2 eq "L" ? "More" : "more") . "<det><qnt><sp>\$ ^more/information<n><sg>\$"}ge if index($_, "earn/") >= 0 && index($_, "^more/") >= 0;`,
    // "all of" before a determiner or a possessive is "all" ("all of your data" came back "todo
    // de tus datos"; now "todos tus datos")
    String.raw`s{(\^[Aa]ll/(?:[^\\\$]++|\\.)*+\$) \^of/(?:[^\\\$]++|\\.)*+\$(?= \^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<det>)}{$1}g if index($_, "ll/") >= 0 && index($_, "^of/") >= 0;`,
    // "Get notified" opening a sentence is "receive notifications" ("Get notified when other
    // users comment" came back "Consigue notificado cuando…", ca "Rep notificat", eo "Akiras
    // sciigita"; now "Recibe notificaciones cuando…", "Rep notificacions")
    String.raw`s{((?:\A|<sent>\$)${BLANK})\^([Gg])et/((?:[^\\\$]++|\\.)*+)\$ \^notified/(?:[^\\\$]++|\\.)*+\$}{my ($whole, $before, $g, $r) = ($&, $1, $2, $3); my @v = map { /$::COMMAND/ && /^[Gg]et(<vblex><(?:inf|pres|imp)>)$/ ? ($g eq "G" ? "Receive" : "receive") . $1 : () } split /\//, $r; @v ? "$before^" . $g . "et/" . join("/", @v) . "\$ ^notified/notification<n><pl>\$" : $whole}ge if index($_, "et/") >= 0 && index($_, "^notified/") >= 0;`,
    // "left" and "right" ending a clause right after a form of "align" are the sides, the
    // analysers' multiword "to the left" ("Align left", "Text aligned right" came back "Alinea
    // dejó", "El texto alineó bien"; now "Alinear a la izquierda", "alineó a la derecha"); before
    // a noun they stay ("aligned left column")
    String.raw`s{(\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?[Aa]lign<vblex>(?:[^\\\$]++|\\.)*+\$ )\^((?:[Ll]eft|[Rr]ight))/(?:[^\\\$]++|\\.)*+\$(?=\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<(?:sent|cm)>\$)}{my ($align, $side) = ($1, lc $2); "$align^$side/to the $side<adv>\$"}ge if index($_, "lign<vblex>") >= 0;`,
    // "Only" opening a sentence is the adverb ("Only admins can edit this page", "Only PNG files
    // are supported" came back "Único admins puede…", ca "Fitxers de PNG únic…"; now "Sólo…")
    String.raw`s{((?:\A|<sent>\$)${BLANK})(\^Only/(?:[^\\\$]++|\\.)*+\$)}{$1 . onlyWith($2, qr/<adv>/)}ge if index($_, "^Only/") >= 0;`,
    // after "that", "this", "it" or "who", a word that can be a plural noun or a verb's third
    // person is the verb: a singular demonstrative takes no plural ("Choose a plan that works for
    // you", "This works for me" came back "un plan que obras", "Estos trabajos para mí")
    String.raw`sub thirdPerson { my ($lu) = @_; my ($surface, @r) = readings(substr($lu, 1, -1)); return $lu if !grep({ /<vblex><pr(?:i|es)><p3><sg>/ } @r) || grep { !/<n><pl>|<vblex><pr(?:i|es)><p3><sg>/ || /\+/ } @r; unit($surface, grep { /<vblex>/ } @r) }`,
    String.raw`s{(\^(?:[Tt]hat|[Tt]his|[Ii]t|[Ww]ho)/(?:[^\\\$]++|\\.)*+\$ )(\^(?:[^\\\$<]++|\\.|<(?!vblex><pr))*+<vblex><pr(?:[^\\\$]++|\\.)*+\$)}{$1 . thirdPerson($2)}ge if /\^(?:[Tt]hat|[Tt]his|[Ii]t|[Ww]ho)\//;`,
    // and so is one after a subordinate clause's subject, a determiner (an adjective) and a
    // singular noun ("We will notify you when your order ships", "when my download finishes",
    // "how often the app checks for…" came back "cuando tus barcos de pedido", "mis llegadas de
    // descarga", "los controles de aplicación"; now "cuando tu pedido envía", "mi descarga
    // acaba", "la aplicación comprueba"); not before "be", "have" or a modal ("when your media
    // requests are approved")
    String.raw`s{(\^(?:${CLAUSE_OPENERS}|[Ww]hether|often)/(?:[^\\\$]++|\\.)*+\$ \^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<det>(?:[^\\\$]++|\\.)*+\$ (?:\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<adj>(?:[^\\\$]++|\\.)*+\$ )?\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$<]++|\\.)*+<n><sg>(?:[^\\\$]++|\\.)*+\$ )(\^(?:[^\\\$<]++|\\.|<(?!n><pl>))*+<n><pl>(?:[^\\\$]++|\\.)*+\$)(?! \^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<(?:vbser|vbhaver|vbmod|vaux)>)}{$1 . thirdPerson($2)}ge if index($_, "<n><pl>") >= 0 && /\^(?:${CLAUSE_OPENERS}|[Ww]hether|often)\//;`,
    // and after a plural subject, a word that can be a verb's base form is that verb ("Get
    // notified when other users comment on issues", "if files change" came back "cuando otro
    // comentario de usuarios", "si archivos cambio"; now "cuando otros usuarios comentan")
    String.raw`sub baseFormVerb { my ($lu) = @_; my ($surface, @r) = readings(substr($lu, 1, -1)); return $lu if !grep({ /<vblex><pres>/ } @r) || grep { !/<n><sg>|<vblex><(?:pres|inf|imp)>/ || /\+/ } @r; unit($surface, grep { /<vblex><pres>/ } @r) }`,
    String.raw`s{(\^(?:${CLAUSE_OPENERS})/(?:[^\\\$]++|\\.)*+\$ (?:\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<det>(?:[^\\\$]++|\\.)*+\$ )?(?:\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<adj>(?:[^\\\$]++|\\.)*+\$ )?\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$<]++|\\.)*+<n><pl>(?:[^\\\$]++|\\.)*+\$ )(\^(?:[^\\\$<]++|\\.|<(?!vblex><pres>))*+<vblex><pres>(?:[^\\\$]++|\\.)*+\$)}{$1 . baseFormVerb($2)}ge if index($_, "<n><pl>") >= 0 && /\^(?:${CLAUSE_OPENERS})\//;`,
    // so is a sentence's first word before its object (a determiner, a possessive, an object
    // pronoun): a setting's description says what it does ("Shows a preview of the message",
    // "Hides the toolbar when scrolling" came back "Espectáculos un preestreno…", "Escondrijos
    // el toolbar…"; now "Muestra un preestreno…", "Esconde…")
    String.raw`s{\A(${BLANK})(\^(?:[^\\\$<]++|\\.|<(?!n><pl>))*+<n><pl>(?:[^\\\$]++|\\.)*+\$)(?= (${UNIT}))}{$1 . (objectNext($3) ? thirdPerson($2) : $2)}e if index($_, "<n><pl>") >= 0 && index($_, "><p3><sg>") >= 0;`,
    String.raw`s{(<sent>\$${BLANK})(\^(?:[^\\\$<]++|\\.|<(?!n><pl>))*+<n><pl>(?:[^\\\$]++|\\.)*+\$)(?= (${UNIT}))}{$1 . (objectNext($3) ? thirdPerson($2) : $2)}ge if index($_, "<n><pl>") >= 0 && index($_, "><p3><sg>") >= 0;`,
    // two commands joined by "and" opening a sentence, the second before its object (a
    // determiner, a possessive, an object pronoun) or the first read as a command above: both
    // are commands, in the same form, the imperative where the analyser has one, else the
    // present where the pair writes it as one, else the infinitive ("Copy and paste the link",
    // "Save and close the document", "Drag and drop files here" came back "Copia y paté el
    // enlace", "Guarda y cerrar…", ca "Desa i proper…", "Arrastra y archivos de gota aquí"; now
    // "Copia y pega el enlace", "Guarda y cierra…", "Desa i tanca…", "Arrastra y suelta
    // archivos aquí"). Not two nouns ("Name and address", "Date and time": no object follows)
    String.raw`sub coordinated { my ($first, $and, $second, $after) = @_; my ($s1, @r1) = readings(substr($first, 1, -1)); my ($s2, @r2) = readings(substr($second, 1, -1)); my $kept = "$first $and $second"; for my $r (\@r1, \@r2) { return $kept if !grep({ /<vblex><inf>/ } @$r) || grep { tag($_) !~ /^(?:n|adj|vblex)$/ || /\+/ } @$r } my (undef, @a) = $after eq "" ? () : readings(substr($after, 1, -1)); my $object = @a && !grep { !(tag($_) =~ /^(?:det|predet)$/ || /<pos>/ || /<prn><obj>/) || /<subj>/ } @a; return $kept if !$object && grep { tag($_) ne "vblex" } @r1; my @verbs = map { /^((?:\\.|[^<\\])*)<vblex><inf>/ ? lc $1 : () } @r1, @r2; for my $form ("imp", "pres", "inf") { next if $form ne "inf" && ("<vblex><$form>" !~ $::COMMAND || grep { $::INFINITIVE{$_} } @verbs); my @f1 = grep { /<vblex><$form>/ } @r1; my @f2 = grep { /<vblex><$form>/ } @r2; return unit($s1, @f1) . " $and " . unit($s2, @f2) if @f1 && @f2 } $kept }`,
    String.raw`s{\A(${BLANK})(${UNIT}) (\^and/(?:[^\\\$]++|\\.)*+\$) (${UNIT})(?: (${UNIT}))?}{my ($blank, $v1, $and, $v2, $after) = ($1, $2, $3, $4, $5 // ""); $blank . coordinated($v1, $and, $v2, $after) . ($after eq "" ? "" : " $after")}e if index($_, "^and/") >= 0;`,
    String.raw`s{(<sent>\$${BLANK})(${UNIT}) (\^and/(?:[^\\\$]++|\\.)*+\$) (${UNIT})(?: (${UNIT}))?}{my ($blank, $v1, $and, $v2, $after) = ($1, $2, $3, $4, $5 // ""); $blank . coordinated($v1, $and, $v2, $after) . ($after eq "" ? "" : " $after")}ge if index($_, "^and/") >= 0;`,
    // a word that can be a noun or a verb after the numeral "one" is the noun ("Enter at least
    // one number", "Choose one color" came back "al menos uno numera", ca "Tria un acoloreix");
    // not after a determiner or "which" ("Which one works?"), nor a verb alone ("as one grouped
    // item": the noun's readings were none)
    String.raw`sub oneNoun { my ($before, $one, $word) = @_; my ($surface, @r) = readings(substr($word, 1, -1)); return "$before$one$word" if $before =~ /^\^(?:[Tt]he|[Tt]his|[Tt]hat|[Ww]hich|[Ee]ach|[Ee]very|[Aa]ny|[Nn]o)\// || !grep({ tag($_) eq "vblex" } @r) || !grep({ tag($_) eq "n" } @r) || grep { tag($_) !~ /^(?:n|vblex)$/ || /\+/ } @r; "$before$one" . unit($surface, grep { tag($_) eq "n" } @r) }`,
    String.raw`s{((?:${UNIT} )?)(\^[Oo]ne/(?:[^\\\$]|\\.)*?<num>(?:[^\\\$]++|\\.)*+\$ )(${UNIT})}{oneNoun($1, $2, $3)}ge if index($_, "^one/") >= 0 || index($_, "^One/") >= 0;`,
    String.raw`s{(\^(?:[^\\\$<]++|\\.|<(?!pr>))*+<pr>(?:[^\\\$]++|\\.)*+\$)(?=(${BLANK})(${UNIT})?)}{preposition($1, $2, $3, $+[0])}ge;`,
    // "do" is the main verb, not the auxiliary, unless "not" or a verb follows it with at most a
    // subject between (pronouns, determiners, nouns, names, adjectives, adverbs: "Did the upload
    // finish?"): "I did it." came back "Yo él.", "We did everything." "Nosotros todo.", "Who did
    // this?" "¿Quién esto?", "He did what he had to do." "Él qué tuvo que hacer." (the
    // auxiliary's translation is nothing)
    String.raw`sub mainDo { my ($lu, $at) = @_; my $rest = substr($_, $at); while ($rest =~ /\G${BLANK}(${UNIT})/gc) { my $unit = $1; my (undef, @r) = readings(substr($unit, 1, -1)); return $lu if grep { /<(?:vblex|vbser|vbhaver|vbmod)><inf>|^not<adv>/ } @r; last if !@r || grep { !/^\*/ && tag($_) !~ /^(?:prn|det|n|np|adj|adv|preadv|num)$/ || /\+/ } @r } withoutTag($lu, "vbdo") }`,
    // one pass over the units that can be "do": never the plural of "doe" (rule 9), the main
    // verb where no verb follows (rule 16)
    String.raw`s{(\^(?:[^\\\$<]++|\\.|<(?!vbdo>))*+<vbdo>(?:[^\\\$]++|\\.)*+\$)}{mainDo(withoutTag($1, "n"), $+[0])}ge if index($_, "<vbdo>") >= 0;`,
    // a capitalised word the analyser does not know before a noun is a product's name, which the
    // transfer puts after the noun with "de" as it does a name it knows ("Plex settings", "Open
    // Tautulli settings" came back "Plex configuraciones", "Abierto Tautulli configuraciones", as
    // "Google settings" came back "Configuraciones de Google"); it stays unknown to the bilingual
    // dictionary, whose mark the decoder removes and reports. Not a word that looks like a
    // participle, a gerund, an adverb or a verb undoing something ("Cached images", "Upcoming
    // Movies", "Ungroup selection": words the analyser lacks), nor a subject before a word that can
    // be its verb ("Etar needs permissions")
    ...(productNames ? [String.raw`s{\^((?!(?:Un|De|Dis)[a-z])[A-Z][a-z]+(?:[A-Z][a-z]+)*[0-9]*(?<!ed)(?<!ing)(?<!ly))/\*\1\$(?= ${WORD_BOUND_BLANK}\^(?:[^\\\$/]++|\\.)*+/(?:(?:[^\\\$]++|\\.)*?/)?(?:[^\\\$/<]++|\\.)*+<n>)(?! ${WORD_BOUND_BLANK}\^(?:[^\\\$]|\\.)*?<(?:vblex><pri><p3>|vbser|vbhaver|vbmod))}{^$1/$1<np><al><sg>\$}g if index($_, "/*") >= 0;`] : []),
    // a label of an adverb and a verb's -ed form, ending its sentence, is a participle, a state
    // ("Recently Added", "Successfully saved" came back "Recientemente Añadió", "Exitosamente
    // guardó", a past with no subject); "He recently added a file" keeps its past
    // (the unit copied first: a caller's $2, which readings' own matches overwrite)
    String.raw`sub participleOnly { my $lu = $_[0]; my ($surface, @r) = readings(substr($lu, 1, -1)); my @pp = grep { /<vblex><pp>/ } @r; !@pp || grep({ tag($_) ne "vblex" } @r) ? $lu : unit($surface, @pp) }`,
    String.raw`s{((?:\A|<sent>\$)${BLANK}\^(?:[^\\\$/]++|\\.)*+(?:/(?:[^\\\$/<]++|\\.)*+<adv>)+\$ )(${UNIT})(?=${BLANK}(?:\^[.!…]/|\z))}{$1 . participleOnly($2)}ge if index($_, "<adv>\$ ") >= 0 && index($_, "<vblex><pp>") >= 0;`,
    // "host" before a name, a port, an address is the machine, a noun ("Host name" came back
    // "Nombre anfitrión", the adjective; ENG_SPA_SENSES' HOST_AS_MACHINE makes it "servidor")
    String.raw`s{(\^[Hh]ost/(?:[^\\\$]++|\\.)*+\$)(?= \^(?:name|names|port|ports|address|addresses|key|keys)/)}{withoutTag($1, "adj")}ge if index($_, "ost/") >= 0;`,
    // a place a command moves to, the last word after "to": a noun, not an infinitive ("Move to
    // top", "Skip to content", "Send to back" came back "Mueve para coronar", "Skip para
    // contentar", eo "Sendi subteni")
    String.raw`s{((?:\A|<sent>\$)${BLANK}\^(?:[Mm]ove|[Ss]croll|[Jj]ump|[Ss]kip|[Rr]eturn|[Nn]avigate|[Ss]end|[Bb]ring|[Bb]ack)/(?:[^\\\$]++|\\.)*+\$ \^to/to<pr>\$ )(${UNIT})(?=${BLANK}(?:\^[.!…]/|\z))}{$1 . withoutTag($2, "vblex")}ge if index($_, "^to/") >= 0;`,
    String.raw`s{(${UNIT})( +)(\^[Aa]s/(?:[^\\\$]++|\\.)*+\$)(?:( +)(${UNIT}))?}{$1 . $2 . asWord($1, $3, $4 // "", $5 // "")}ge if index($_, "^as/") >= 0 || index($_, "^As/") >= 0;`,
    // "any" before a noun is the determiner, before "of" the pronoun, not the degree of a
    // comparison ("any longer"): "There aren't any items", "any of the terms below" came back
    // "No hay muy elementos", gl "Non hai moi elementos", "muy de los plazos abajo"
    String.raw`sub anyDeterminer { my ($any, $next) = @_; my ($word, @n) = readings(substr($next, 1, -1)); my $of = lc $word eq "of"; return $any if !$of && (!grep({ tag($_) eq "n" } @n) || grep { /<(?:comp|sup)>/ } @n); my ($surface, @r) = readings(substr($any, 1, -1)); my @d = grep { tag($_) eq ($of ? "prn" : "det") } @r; @d ? unit($surface, @d) : $any }`,
    String.raw`s{(\^[Aa]ny/(?:[^\\\$]++|\\.)*+\$)(?=( )(${UNIT}))}{anyDeterminer($1, $3)}ge if index($_, "ny/") >= 0;`,
    // a question opening with "is there", "are there" asks whether there is: the words in the
    // order the pairs' rules for "there is" know ("Are there any updates?", "Is there a
    // problem?" came back "¿Es allí cualesquier actualizaciones?", "¿Es allí un problema?"; now
    // "¿Hay actualizaciones?", "¿Hay un problema?")
    String.raw`sub question { substr($_, $_[0]) =~ /\^((?:[^\\\/\$]++|\\.)*+)\/(?:[^\\\$]|\\.)*?<sent>/ && $1 eq "?" }`,
    String.raw`sub existential { my ($opening, $verb, $there, $at) = @_; return "$opening$verb $there" if !question($at); my ($surface, @r) = readings(substr($verb, 1, -1)); my ($word, @t) = readings(substr($there, 1, -1)); if ($surface =~ /^[A-Z]/) { ($surface, $word) = (lcfirst $surface, ucfirst $word); @r = map { lcfirst } @r; @t = map { ucfirst } @t } $opening . unit($word, @t) . " " . unit($surface, @r) }`,
    String.raw`s{(\A${BLANK}|<sent>\$${BLANK})(\^(?:[Ii]s|[Aa]re|[Ww]as|[Ww]ere)/(?:[^\\\$]++|\\.)*+\$) (\^there/there<adv>\$)}{existential($1, $2, $3, $+[0])}ge if index($_, "^there/there<adv>") >= 0;`,
    // "most" (or the analyser's "the most") before a word that can only be an adjective or a
    // participle is its degree, not "the majority", and the participle no past ("Most popular",
    // "Most viewed" came back "La mayoría de popular", "La mayoría vio"; now "Más popular", "Más
    // visto")
    String.raw`sub mostDegree { my ($most, $space, $next) = @_; my ($surface, @n) = readings(substr($next, 1, -1)); return "$most$space$next" if !@n || grep { !(tag($_) eq "adj" || /<vblex><(?:pp|past)>/) || /\+/ } @n; my @pp = grep { !/<vblex><past>/ } @n; my ($word, @m) = readings(substr($most, 1, -1)); my @degree = grep { !/^(?:the )?most<(?:det|prn)>/i } @m; (@degree ? unit($word, @degree) : $most) . $space . unit($surface, @pp) }`,
    String.raw`s{(\^(?:[Tt]he )?[Mm]ost/(?:[^\\\$]++|\\.)*+\$)( )(${UNIT})}{mostDegree($1, $2, $3)}ge if index($_, "ost/") >= 0;`,
    // "okay" after a form of "be" (and its subject, in a question), ending the sentence, is the
    // adverb "fine": the dictionaries have it as an interjection or not at all ("Are you okay?",
    // "It's okay." came back "¿Eres vale?", "Es vale.", gl "É okay"; now "¿Estás bien?", "Está
    // bien.", "Está ben."); not "OK", a button's name
    String.raw`s{((?:\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<vbser>(?:[^\\\$]++|\\.)*+\$)(?: \^(?:you|we|they|he|she|it|I)/(?:[^\\\$]++|\\.)*+\$)? )\^([Oo](?:kay|k))/(?:[^\\\$]++|\\.)*+\$(?=\^[.!?]/)}{$1^$2/fine<adv>\$}g if index($_, "kay/") >= 0 || index($_, "ok/") >= 0 || index($_, "Ok/") >= 0;`,
    // "going on" with no object is happening, not going onto ("What's going on?", "What is going
    // on here?" came back "¿Qué está yendo en?", ca "El que està continuant aquí?"; now "¿Qué
    // está pasando?", "està passant")
    String.raw`s{\^([Gg]oing on)/(?:[^\\\$]++|\\.)*+\$(?=(?: \^(?:here|there|now|again)/(?:[^\\\$]++|\\.)*+\$)?(?: \^with/|\^[?.!]/))}{^$1/happen<vblex><ger>\$}g if index($_, "oing on/") >= 0;`,
    // "latest" is the most recent, not the latest in time ("the latest version" came back "la
    // versión más tardía", now "más reciente"); "later" before no noun is the adverb ("You can
    // change this later in Settings" came back "más tardío en…")
    String.raw`s{/([Ll])ate<adj><sint><sup>(?=[/\$])}{"/" . ($1 eq "L" ? "R" : "r") . "ecent<adj><sup>"}ge if index($_, "ate<adj><sint><sup>") >= 0;`,
    String.raw`s{(\^[Ll]ater/)([Ll]ater<adv>)/[Ll]ate<adj><sint><comp>\$(?! \^(?:[^\\\$<]++|\\.|<(?!n>))*+<n>)}{$1$2\$}g if index($_, "ate<adj><sint><comp>") >= 0;`,
    // a verb whose sense takes a preposition, before an object that opens with a determiner or
    // is a pronoun (not a number: "Matched %d subtitles" takes no "with"), not after a word
    // that can only be a determiner (a noun's place) nor as a gerund but with
    // `gerundPrepositions` (eng-cat then lost the relative clause; eng-spa and en-gl write
    // one: "results matching your search" came back "resultados que coinciden tu búsqueda", now
    // "…con tu búsqueda"): the verb, and the preposition before the object ("No results match
    // your search" would come back "Ningún resultado coincide tu búsqueda", now "coincide con…")
    String.raw`sub withPreposition { my ($lu, $space, $preposition, $at) = @_; return "$lu$space" if ${gerundPrepositions ? '' : String.raw`$lu =~ /<(?:ger|pprs)>/ || `}$at >= 2 && substr($_, $at - 2, 2) eq "\$ " && do { my $before = unitBefore($_, $at); my (undef, @r) = readings(substr($before, 1, -1)); @r && !grep { tag($_) ne "det" } @r }; withoutTag(withoutTag($lu, "n"), "np") . "$space^$preposition/$preposition<pr>\$ " }`,
    ...prepositions.map(([verb, preposition]) =>
      String.raw`s{(\^(?:[^\\\$]|\\.)*?/${verb}<vblex>(?:[^\\\$]++|\\.)*+\$)( )(?=\^(?:[^\\\$/]++|\\.)*+/(?:(?:[^\\\$/<]++|\\.)*+<(?:det|predet|prn><tn|prn><dem)>|prpers<prn><obj>)(?:[^\\\$/]++|\\.)*+(?:/(?:(?:[^\\\$/<]++|\\.)*+<(?:det|predet|prn><tn|prn><dem)>|prpers<prn><obj>)(?:[^\\\$/]++|\\.)*+)*\$)}{withPreposition($1, $2, "${preposition}", $-[0])}gei if index(lc $_, "/${verb}<vblex>") >= 0;`),
    // a verb and its preposition before an object, a word that can be a determiner, a noun or a
    // name (not only a verb: "agree to disagree"), the two units or the analyser's multiword ("agree
    // to" as one), read as a verb without it ("you agree to our Terms" came back "apalabras
    // nuestros Plazos", ca "aparaules"; now "aceptas…", "acceptes…")
    String.raw`sub phrasalSense { my ($lu, $space, $to, $verb, $preposition, $as) = @_; my ($surface, @r) = readings(substr($lu, 1, -1)); @r = grep { /^$verb<vblex>/i && ($to ne "" ? !/#/ : /# $preposition$/) } @r; return "$lu$space$to" if !@r; for (@r) { s/# $preposition$//; s{^(\w)\w*}{($1 eq uc $1 ? ucfirst $as : $as)}e } unit($surface, @r) . $space }`,
    ...phrasalSenses.map(([verb, preposition, as]) =>
      String.raw`s{(\^(?:[^\\\$]|\\.)*?/${verb}<vblex>(?:[^\\\$]++|\\.)*+\$)( )((?:\^${preposition}/(?:[^\\\$]|\\.)*?${preposition}<pr>(?:[^\\\$]++|\\.)*+\$ )?)(?=\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<(?:det|predet|n|np|prn><tn|prn><dem)>)}{phrasalSense($1, $2, $3, "${verb}", "${preposition}", "${as}")}gei if index(lc $_, "/${verb}<vblex>") >= 0;`),
    // "required" after a form of "be" (a thing's, not a person's: "You are not required to" is
    // obliged) is "mandatory" where its clause ends, "necessary" before "for": "This field is
    // required.", "An update is required for this feature." came back "Este campo está
    // requerido.", "Una actualización está requerida para…"; now "Este campo es obligatorio.",
    // "Una actualización es necesaria para…". Not before "to": the pairs read an adjective and
    // "to" as the impersonal "es obligatoria de continuar"
    ...(requiredAsMandatory ? [
      String.raw`sub required { my ($before, $be, $between, $surface, $readings, $blank, $next) = @_; my $kept = "$before$be$between^$surface/$readings\$"; return $kept if $before =~ /\/[Pp]rpers<prn>/ || $readings !~ /^require<vblex><pp>(?:\/require<vblex><past>)?$|^require<vblex><past>\/require<vblex><pp>$/; my $ends = !defined $next ? $blank =~ /^\s*(?:\[v:e\])?[\s\0]*$/ : $blank eq "" && $next =~ /<(?:sent|cm)>\$$/; my $purpose = defined $next && $blank eq " " && $next =~ /^\^for\/(?:[^\\\$]|\\.)*<pr>/; return $kept if !$ends && !$purpose; "$before$be$between^$surface/" . ($ends ? "mandatory" : "necessary") . "<adj>\$" }`,
      String.raw`s{((?:\^(?:[^\\\$]++|\\.)*+\$ )?)(\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<vbser>(?:[^\\\$]++|\\.)*+\$ )((?:\^(?:not|also|still|always|usually)/(?:[^\\\$]++|\\.)*+\$ )?)\^([Rr]equired)/((?:[^\\\$]++|\\.)*+)\$(?=(${BLANK})(${UNIT})?)}{required($1, $2, $3, $4, $5, $6, $7)}ge if index($_, "equired/require<vblex>") >= 0;`,
    ] : []),
    // "turn on", "turn off" (the verb and its particle, or the analyser's multiword "turn# off")
    // read as one verb: en-gl's "Turn on notifications" came back "Vira en notificacións", en-eo's
    // "Turni sur sciigoj"; now "Habilita notificacións", "Aktivigi sciigojn"
    ...(turn.on || turn.off ? [
      String.raw`sub turned { my ($surface, $readings, $particle) = @_; my $as = $particle eq "on" ? "${turn.on ?? ''}" : "${turn.off ?? ''}"; my (undef, @r) = readings("x/$readings"); @r = grep { /^turn<vblex>/i && (!/#/ || /# $particle$/) } @r; return undef if $as eq "" || !@r; for (@r) { s/# $particle$//; s/<sep>//; s{^(\w)\w*}{($1 eq uc $1 ? ucfirst $as : $as)}e } unit($surface, @r) }`,
      String.raw`s{\^([Tt]urn)/((?:[^\\\$]++|\\.)*+)\$ \^(on|off)/(?:[^\\\$]++|\\.)*+\$}{turned("$1 $3", $2, $3) // $&}ge if index($_, "urn/") >= 0;`,
      String.raw`s{\^([Tt]urn (on|off))/((?:[^\\\$]++|\\.)*+)\$}{turned($1, $3, $2) // $&}ge if index($_, "urn o") >= 0;`,
    ] : []),
    // "wrong" after "go" is "badly" (eng-cat): "Something went wrong", "If anything goes wrong"
    // came back "Alguna cosa va anar injustícia", "va incorrecte"; now "va anar malament", "va
    // malament"
    ...(goWrong ? [String.raw`s{(\^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?go<vblex>(?:[^\\\$]++|\\.)*+\$ )\^([Ww]rong)/(?:[^\\\$]++|\\.)*+\$}{$1^$2/badly<adv>\$}g if index($_, "rong/") >= 0;`] : []),
    // last, after the rules that look at the words' own lemmas; not in a multiword ("show# up"
    // is "aparecer")
    ...senses.map(([lemma, tag, sense, where]) => where === 'after-possessive'
      ? String.raw`s{(<det><pos>(?:<[^>\/\$]*>)*\$ \^(?:[^\\\$/]++|\\.)*+/)(${lemma[0]!.toUpperCase()}|${lemma[0]!})${lemma.slice(1)}(?=<${tag}>)}{$1 . ($2 eq "${lemma[0]!.toUpperCase()}" ? "${sense[0]!.toUpperCase()}${sense.slice(1)}" : "${sense}")}ge if index($_, "${lemma.slice(1)}<${tag}>") >= 0;`
      : String.raw`s{(?<=/)(${lemma[0]!.toUpperCase()}|${lemma[0]!})${lemma.slice(1)}(?=<${tag}>(?:<[^>\/\$]*>)*${where === 'before-noun' ? String.raw`(?:/(?:[^\\\$]++|\\.)*+)?\$ \^(?:[^\\\$<]++|\\.|<(?!n>))*+<n>` : String.raw`[\/\$]`})}{$1 eq "${lemma[0]!.toUpperCase()}" ? "${sense[0]!.toUpperCase()}${sense.slice(1)}" : "${sense}"}ge if index($_, "${lemma.slice(1)}<${tag}>") >= 0;`),
  ].join(' ')}'`
}

/**
 * The verb "clear" read as "clean" (es, gl, ca, eo): an interface clears a history, a cache, a
 * search, which the dictionaries' "aclarar", "aclarir" (to clarify) do not ("Clear history" →
 * "Aclara historia"); "Limpia historial", "Neteja", "Purigi" are what interfaces write. Not
 * eng-hbs's, whose dictionary has no "clean".
 */
const CLEAR_AS_CLEAN: Sense = ['clear', 'vblex', 'clean']

/**
 * The adjective "full" before a noun read as "complete" (es, gl, ca): "Enter your full name",
 * "Read the full article", "Full screen" came back "tu nombre lleno", "la prenda llena", gl
 * "nome cheo", ca "nom ple" (filled up); forms write "nombre completo", "pantalla completa",
 * "nome completo", "nom complet". After "is" it keeps "lleno" ("The disk is full").
 */
const FULL_AS_COMPLETE: Sense = ['full', 'adj', 'complete', 'before-noun']

/**
 * The verb "match" read as "coincide" (es, gl, ca): "Passwords do not match" came back "Las
 * contraseñas no emparejan", gl "non emparellan", ca "no fan joc" (to pair up, to go
 * together); "no coinciden", "non coinciden", "no coincideixen" are what forms write. The noun
 * keeps its senses.
 */
const MATCH_AS_COINCIDE: Sense = ['match', 'vblex', 'coincide']
/**
 * The adjective "invalid" read as "incorrect" (gl, ca): "Invalid email address", "The value is
 * invalid" came back "Enderezo … nulo", "El valor és nul" (null, void); forms write "incorrecto",
 * "incorrecte". eng-spa has no "incorrect": its "wrong" before a noun ("Dirección de correo
 * electrónico incorrecta"; after "is" it wrote "es mal").
 */
const INVALID_AS_INCORRECT: Sense = ['invalid', 'adj', 'incorrect']

/**
 * The noun "fault" after a possessive read as "blame" (es, ca): "It's not your fault", "It's my
 * fault" came back "No es tu falta", ca "És la meva falla"; now "culpa". "A fault", "Segmentation
 * fault" keep theirs; en-gl already wrote "culpa".
 */
const FAULT_AS_BLAME: Sense = ['fault', 'n', 'blame', 'after-possessive']
const INVALID_AS_WRONG: Sense = ['invalid', 'adj', 'wrong', 'before-noun']

/**
 * The verb "allow" read as "permit" (es, gl): "Allow notifications", "Uploads are not allowed"
 * came back "Deja notificaciones", "no es dejado", gl "Deixa" (to let, to leave); "Permite
 * notificaciones", "no está permitido" are what settings write. eng-cat already wrote "Permet".
 */
const ALLOW_AS_PERMIT: Sense = ['allow', 'vblex', 'permit']

/**
 * The verb "reset" (which eng-spa's and eng-cat's analysers read only as a noun: "Reset
 * password" came back "Contraseña de reinicialización", ca "Contrasenya de reinicialització")
 * read as "reestablish", the dictionaries' "restablecer", "restablir": "Restablece contraseña",
 * "Restableix contrasenya". en-gl's analyser does not know it (STAND_INS).
 */
const RESET_AS_REESTABLISH: Sense = ['reset', 'vblex', 'reestablish']

/** …with "with" before its object: "No results match your search" → "Ningún resultado coincide con tu búsqueda". */
const MATCH_WITH = ['match', 'with'] as const

/**
 * "agree to" before an object read as "accept" (es, gl, ca): "By continuing, you agree to our
 * Terms" came back "apalabras nuestros Plazos", gl "estás de acordo aos", ca "aparaules"; "aceptas",
 * "aceptas", "acceptes" are what sign-up pages write.
 */
const AGREE_TO_AS_ACCEPT = ['agree', 'to', 'accept'] as const

/** "check for" before an object read as "search" (es, gl, ca): "Check for updates" came back "Comprueba para actualizaciones", now "Busca actualizaciones". */
const CHECK_FOR_AS_SEARCH = ['check', 'for', 'search'] as const

/** "access" with "to" before a determined object (es, gl, ca): "to access this page" came back "acceder esta página", now "acceder a esta página". */
const ACCESS_TO = ['access', 'to'] as const

/** The reading hints above, a command keeping its infinitive, present and imperative readings (rule 1). */
export const ENGLISH_READING_HINTS = englishReadingHints('inf|pres|imp')

/**
 * en-eo's: a command keeps its infinitive (and imperative) readings only. Its tagger chose the
 * present among them ("Choose a new password" → "Elektas novan pasvorton", "Check your
 * settings" → "Kontrolas viajn fiksojn"), which Esperanto reads as a statement; interface
 * translations into Esperanto write the infinitive: "Elekti novan pasvorton". (eng-spa's present
 * is the "tú" imperative, "Asoma", so the others keep it.) Words in a sense no interface means,
 * read as words whose translation is the interface's: the noun "setting" as "configuration"
 * ("Settings" came back "Fiksoj", fixings; now "Konfiguracioj"), the verb "run" as "execute"
 * ("Run the command" → "Kuri la komandon", to run on legs; now "Efektivigi…"), the noun
 * "property" as "attribute" ("Properties" → "Nemoveblaĵoj", real estate; now "Ecoj"), and "turn
 * on" as "activate" ("Turni sur sciigoj" → "Aktivigi sciigojn").
 */
export const EN_EO_READING_HINTS = englishReadingHints('inf|imp', {
  nounsAfterThis: false,
  labelInfinitives: true,
  senses: [CLEAR_AS_CLEAN, ['setting', 'n', 'configuration'], ['run', 'vblex', 'execute'], ['property', 'n', 'attribute']],
  turn: { on: 'activate' },
  thatAfter: THINKING_VERBS,
})

/**
 * eng-spa's: words its dictionary gives in a sense no interface means, read as words whose
 * translation is the interface's: the verb "show" as "display" ("mostrar"; the dictionary's
 * "asomar" is to peek out: "Show your posts" → "Asomar vuestros postes", "It shows the file" →
 * "Asoma la lima"), and the nouns "file" as "archive" ("archivo"; the dictionary's "lima" is
 * the tool), "setting" as "configuration" ("configuración"; "encuadre" is a camera's framing)
 * and "post" as "publication" ("publicación"; "poste" is a pole). The other part of speech
 * keeps its sense ("TV show" → "Espectáculo de televisión"), and so does a multiword verb ("show
 * up" → "aparecer"). A command keeps its infinitive alone where the present eng-spa's transfer
 * writes is not the "tú" imperative: for verbs whose Spanish imperative is irregular ("Go to…"
 * came back "Va a…", now "Ir a…") and before an object pronoun, whose person the transfer gave
 * the verb ("Remember me", "Follow us", "Help me" came back "Me recuerdo", "Nos sigo", "Me
 * ayudo"; now "Recordarme", "Seguirnos", "Ayudarme"). "View" is one of those verbs: its "Ve
 * perfil" is also "go" ("Ver perfil"; gl and ca the same: "Ver", "Veure", not ca's "Veges").
 * So is "drop", whose "soltar" (ENG_SPA_SENSES) the generator has only in the infinitive
 * ("Arrastrar y soltar archivos aquí"). Its analyser reads "paste" only as a noun ("Paté"): the
 * verb's readings are added ("Pegar").
 */
export const ENG_SPA_READING_HINTS = englishReadingHints('inf|pres|imp', {
  sortOrders: { descendingAs: 'downward' },
  productNames: true,
  senses: [
    CLEAR_AS_CLEAN,
    FULL_AS_COMPLETE,
    MATCH_AS_COINCIDE,
    INVALID_AS_WRONG,
    FAULT_AS_BLAME,
    ['show', 'vblex', 'display'],
    ['file', 'n', 'archive'],
    ['setting', 'n', 'configuration'],
    ['post', 'n', 'publication'],
    ALLOW_AS_PERMIT,
    RESET_AS_REESTABLISH,
  ],
  infinitiveCommands: ['go', 'come', 'make', 'do', 'put', 'set', 'say', 'tell', 'have', 'keep', 'be', 'view', 'drop'],
  infinitiveBeforePronouns: true,
  prepositions: [MATCH_WITH, ACCESS_TO],
  phrasalSenses: [AGREE_TO_AS_ACCEPT, CHECK_FOR_AS_SEARCH],
  requiredAsMandatory: true,
  zeroRelatives: true,
  pastQuestions: true,
  beQuestions: true,
  prohibitions: true,
  toInfinitives: TO_INFINITIVE_VERBS,
  verbReadings: ['paste', 'reset'],
  meanTo: true,
  initialismsAfterNouns: true,
  sessionCommands: true,
  invalidAsNotValid: true,
  pluralData: true,
  resumeAsContinue: true,
  clickCommands: true,
  gerundPrepositions: true,
  failedAsCould: 'Can<vaux><past>',
  lastTime: '^last/for the last time<adv>$',
  labelInfinitives: true,
  instruction: 'pres',
  // eng-spa writes "que" after "think" and "believe" itself ("that" made it "Creo que que")
  thatAfter: THINKING_VERBS.filter((verb) => !/^(?:think|thinks|thought|believe|believes|believed)$/.test(verb)),
})

/**
 * en-gl's: "let" with its object and "know" ("Let me know", "Let us know what you think") goes
 * as three words: its dictionary has no translation for the multiword its analyser reads, and
 * the transfer wrote "@Let me" ("Let me se necesitas axuda."), the "know" lost; now "Déixame
 * saber se necesitas axuda.". The noun "setting" is read as "configuration" ("Settings",
 * "Language settings" came back "Colocacións", "Colocacións de lingua"; now "Configuracións"),
 * the verb "run" as "execute" ("Run the command" → "Correr a orde"; now "Executar…"), "turn on"
 * as "enable" ("Vira en notificacións" → "Habilita notificacións").
 */
export const EN_GL_READING_HINTS = englishReadingHints('inf|pres|imp', { sortOrders: { descendingAs: 'descending' }, instruction: 'pres', productNames: true, labelInfinitives: true, sessionCommands: true, pluralData: true, gerundPrepositions: true, failedAsCould: 'Can<vaux><past>', senses: [CLEAR_AS_CLEAN, FULL_AS_COMPLETE, MATCH_AS_COINCIDE, INVALID_AS_INCORRECT, ALLOW_AS_PERMIT, ['setting', 'n', 'configuration'], ['run', 'vblex', 'execute']], prepositions: [MATCH_WITH, ACCESS_TO], phrasalSenses: [AGREE_TO_AS_ACCEPT, CHECK_FOR_AS_SEARCH], infinitiveCommands: ['view'], separate: ['let'], requiredAsMandatory: true, zeroRelatives: true, turn: { on: 'enable' }, pastQuestions: true, thatAfter: THINKING_VERBS, beQuestions: true, prohibitions: true, toInfinitives: [...TO_INFINITIVE_VERBS.filter((verb) => !/^(?:love|like|hate)$/.test(verb)), 'try'], meanTo: true })

/** eng-cat's: the reading hints with the verbs "clear" and "match" read as "clean" and "coincide". */
export const ENG_CAT_READING_HINTS = englishReadingHints('inf|pres|imp', { liveBroadcasts: true, theAfterAll: true, sortOrders: { descendingAs: 'downward' }, instruction: 'imp', initialismsAfterNouns: true, sessionCommands: true, pluralData: true, failedAsCould: 'can<vbmod><past>', lastTime: '^last/for the last time<adv>$', senses: [CLEAR_AS_CLEAN, FULL_AS_COMPLETE, MATCH_AS_COINCIDE, INVALID_AS_INCORRECT, FAULT_AS_BLAME, RESET_AS_REESTABLISH], verbReadings: ['reset'], imperatives: true, meanTo: true, sureClauses: true, prepositions: [MATCH_WITH, ACCESS_TO], phrasalSenses: [AGREE_TO_AS_ACCEPT, CHECK_FOR_AS_SEARCH], infinitiveCommands: ['view'], requiredAsMandatory: true, zeroRelatives: true, pastQuestions: true, thatAfter: THINKING_VERBS, goWrong: true, beQuestions: true, toInfinitives: TO_INFINITIVE_VERBS })

/** The first stage of a mode whose analyser is English: eng-spa, en-gl, en-eo, eng-cat, eng-hbs. */
const ENGLISH_ANALYSER = /^lt-proc\b[^|]*\/en(?:g)?-[^/']*\.automorf\.bin'?\s*$/

/** The stages with ENGLISH_READING_HINTS (en-eo's and eng-spa's own) right after an English analyser; other stages as they are. */
export function withEnglishReadingHints(stages: readonly string[]): string[] {
  if (stages.length < 2 || !ENGLISH_ANALYSER.test(stages[0]!)) return [...stages]
  const hints = /\/en-eo\.automorf\.bin\b/.test(stages[0]!) ? EN_EO_READING_HINTS : /\/eng-spa\.automorf\.bin\b/.test(stages[0]!) ? ENG_SPA_READING_HINTS : /\/en-gl\.automorf\.bin\b/.test(stages[0]!) ? EN_GL_READING_HINTS : /\/eng-cat\.automorf\.bin\b/.test(stages[0]!) ? ENG_CAT_READING_HINTS : ENGLISH_READING_HINTS
  // the stand-ins' substitutions go first in the same perl program: one process more per
  // pipeline would cost throughput
  const standIns = standInSubstitutions(stages)
  return [stages[0]!, standIns ? hints.replace(/^perl -0 -pe '/, () => `perl -0 -pe '${standIns} `) : hints, ...stages.slice(1)]
}

/**
 * Interface words some English dictionaries lack, each with a word they have whose translation
 * is the interface's: eng-spa had no "skip", "refresh", "sync", "username", "playback",
 * "default" ("Skip" came back "Skip", "*Default Valor"), en-gl no "app" nor "upload" ("Upload
 * a file" → "Upload un ficheiro"; "Cargar un ficheiro", as eng-spa's "Cargar") nor "reset"
 * ("Reset contrasinal" → "Restaurar contrasinal"), eng-spa and eng-cat no "anymore" ("No te quiero
 * anymore"; as "more": "No te quiero más"), eng-spa, eng-cat and en-gl no "reload" ("Reload
 * the page" → "Reload la página"; as "update": "Actualizar la página"); "Omitir",
 * "Actualizar", "Sincroniza", "nombre de usuario", "reproducción", "Valor predeterminado" are
 * what Spanish interfaces write. Form by form (the stand-in's inflection matches; "reset" is
 * also a past and a participle, read as the command it mostly is: "Password reset" comes back
 * "O contrasinal restaura").
 */
const STAND_INS: ReadonlyArray<readonly [unknown: string, standIn: string, only?: 'vblex' | 'n']> = [
  ['skip', 'omit'], ['skips', 'omits'], ['skipped', 'omitted'], ['skipping', 'omitting'],
  ['refresh', 'update'], ['refreshes', 'updates'], ['refreshed', 'updated'], ['refreshing', 'updating'],
  ['reload', 'update'], ['reloads', 'updates'], ['reloaded', 'updated'], ['reloading', 'updating'],
  ['sync', 'synchronize'], ['syncs', 'synchronizes'], ['synced', 'synchronized'], ['syncing', 'synchronizing'],
  ['username', 'user name'], ['usernames', 'user names'],
  ['playback', 'reproduction'],
  ['default', 'predetermined'],
  ['app', 'application'], ['apps', 'applications'],
  ['upload', 'load'], ['uploads', 'loads'], ['uploaded', 'loaded'], ['uploading', 'loading'],
  ['reset', 'restore'], ['resets', 'restores'], ['resetting', 'restoring'],
  ['anymore', 'more'],
  // a lock, an account, a plan's features: "Unlock all features", "Upgrade to Pro" came back
  // "Unlock todas las características", "Upgrade a Pro"; now "Desbloquea…", "Actualiza a Pro"
  ['unlock', 'unblock'], ['unlocks', 'unblocks'], ['unlocked', 'unblocked'], ['unlocking', 'unblocking'],
  ['upgrade', 'update'], ['upgrades', 'updates'], ['upgraded', 'updated'], ['upgrading', 'updating'],
  // "Toggle grid" came back "Toggle verja"; Spanish, Catalan, Galician interfaces write "Alternar".
  // The verb's readings only: "alternate" is also an adjective, which en-eo read a label's first
  // word as ("Sinsekva videbleco", successive visibility)
  // "Color picker" came back "Picker de color" (a harvester): a selector
  ['picker', 'selector'],
  // a developer's "render" (eng-spa does not know it: "Si tú render él") shows something (the
  // verb's readings: "display" is a noun too, "exposición"); "click"'s
  // forms (eng-spa knows the noun alone: "por clicking el botón") are presses ("pulsando")
  ['render', 'display', 'vblex'], ['renders', 'displays', 'vblex'], ['rendered', 'displayed', 'vblex'], ['rendering', 'displaying', 'vblex'],
  ['clicking', 'pressing'], ['clicked', 'pressed'],
  ['toggle', 'alternate', 'vblex'], ['toggles', 'alternates', 'vblex'], ['toggled', 'alternated', 'vblex'], ['toggling', 'alternating', 'vblex'],
  // data fetched is retrieved ("Overseerr fetches watch history data", "Failed to fetch" came back
  // "Overseerr fetches Datos…", "No se pudo fetch")
  ['fetch', 'retrieve', 'vblex'], ['fetches', 'retrieves', 'vblex'], ['fetched', 'retrieved', 'vblex'], ['fetching', 'retrieving', 'vblex'],
  // a developer's parsing and docs ("which parses the data", "the docs" came back "cuál parses",
  // "el docs"): analysing, documentation; British spellings the analysers lack ("Customise" came
  // back gl, eo "Customise")
  ['parse', 'analyse', 'vblex'], ['parses', 'analyses', 'vblex'], ['parsed', 'analysed', 'vblex'], ['parsing', 'analysing', 'vblex'],
  ['parser', 'analyser'], ['parsers', 'analysers'],
  ['docs', 'documentation'],
  ['customise', 'customize'], ['customises', 'customizes'], ['customised', 'customized'], ['customising', 'customizing'],
  // a video's subtitles (eng-spa does not know the word: "Subtitles loading…", "Unable to load
  // subtitle" came back "Subtitles cargando…", "Incapaz de cargar subtitle"): its dictionary's
  // "subhead" is "subtítulo"
  ['subtitle', 'subhead'], ['subtitles', 'subheads'],
  // a player's playlists (no pair knows the word: "Playlists", "Automatic playlist" came back as
  // written): "listas de reproducción", ca "llistes de reproducció", eo "reproduktadaj listoj"; and
  // its queue, which eng-spa does not know ("Añadir a queue"): the noun "tail", "cola" as Spanish
  // players write it
  ['playlist', 'reproduction list'], ['playlists', 'reproduction lists'],
  ['queue', 'tail', 'n'], ['queues', 'tails', 'n'],
  // settings' words some pairs lack (eng-spa, en-gl and eng-cat more than en-eo; Jellyfin's and
  // Overseerr's strings held "Playback info", "Streaming quality", "Setup", "Fallback font",
  // "Upcoming episodes", "Runtime", "Backdrop" as written): their synonyms' "Información de
  // reproducción", "Calidad de transmisión", "Configuración", "Fuente de reserva", "Episodios
  // próximos", "Tiempo de ejecución", "Fondo". Not "login", which the session commands read
  // as a verb where it is one ("Quiero iniciar sesión"; a stand-in goes first)
  ['info', 'information'], ['streaming', 'transmission'],
  ['setup', 'configuration'], ['setups', 'configurations'], ['fallback', 'reserve', 'n'], ['fallbacks', 'reserves', 'n'], ['upcoming', 'forthcoming'],
  ['runtime', 'execution time'], ['runtimes', 'execution times'], ['backdrop', 'background'], ['backdrops', 'backgrounds'],
  // eng-spa and en-gl lack "deletion" ("Confirm file deletion" came back "Confirmar archivo deletion")
  ['deletion', 'elimination'], ['deletions', 'eliminations'],
]

/**
 * English phrases of documentation prose (READMEs, guides) that the pairs translate word by word,
 * each read as words the pair translates in the phrase's sense, whatever the analyser made of it
 * (two units, or one multiword unit: en-gl's and eng-cat's "Check out"). Found on overseerr's
 * and excalidraw's documentation (MIT): "Check out our documentation", "Please refer to the
 * Traefik documentation", "reach out to us", "Be sure to follow", "your existing services" came
 * back "Control fuera de nuestra documentación", "Por favor, refiere a…", "alcanzar fuera a
 * nosotros", "Ser seguro para seguir", "tus servicios de existir"; now "Consultar nuestra
 * documentación", "consultar la documentación de Traefik", "Contactarnos", "Recordar seguir",
 * "tus servicios existentes". A stand-in "a|b" takes the readings of both words ("set up" is also
 * a participle: "Once set up" → "Una vez configurado"). `object`: only before an object (a
 * determiner, a noun, a name, an adjective, an object pronoun or an unknown word: a shop's "Check
 * out" button is to pay), and not after "a" or "the"; `command`: only opening a sentence or after
 * "please" (or the lead stream.ts made of it: "…, please refer to") ("It refers to the port" keeps its verb); `relative`: only right after a unit that
 * can only be a noun, or one that can be after "a", "an" or "the". "watch<vblex>": the stand-in's verb readings alone ("that<rel>": its
 * relative's). `except`: the pairs (by analyser) whose own translation of the phrase is the better one.
 */
const PHRASE_STAND_INS: ReadonlyArray<readonly [phrase: string, standIn: string, context?: 'object' | 'command' | 'relative', except?: readonly string[]]> = [
  ['check out', 'consult', 'object'],
  ['refer to', 'consult', 'command'],
  ['reach out to', 'contact'], ['reached out to', 'contacted'], ['reaching out to', 'contacting'],
  ['reach out', 'contact'], ['reached out', 'contacted'], ['reaching out', 'contacting'],
  // not en-eo, whose own "instali" (install) and "esti certe" beat "formi" (form) and "memoras" (remembers)
  ['set up', 'configure|configured', undefined, ['en-eo']], ['sets up', 'configures', undefined, ['en-eo']], ['setting up', 'configuring', undefined, ['en-eo']],
  ['be sure to', 'remember to', undefined, ['en-eo']], ['make sure to', 'remember to', undefined, ['en-eo']],
  ['existing', 'existent'],
  // "which" after a noun is its relative, as "that" is, and "who" its own relative: the taggers
  // read them as the question word
  // ("a promise which resolves", "the user which owns the file" came back "un prometer cuál
  // resuelve", "El usuario qué posee", ca "quins posseeixen": eng-cat's analyser has no relative
  // "which"); now "una promesa que resuelve", "El usuario que posee", "que posseeix"
  ['which', 'that<rel>', 'relative'], ['who', 'who<rel>', 'relative'],
  // documentation's conditions: "Where possible, use the API" came back "Dónde posible, uso el
  // API" (the question word); "if possible" reads as the condition it is ("Si es posible, …")
  ['where possible', 'if possible'], ['wherever possible', 'if possible'], ['where necessary', 'if necessary'],
  // (not "where appropriate", which eng-spa's analyser reads as one adverb, "cuando proceda")
  ['where needed', 'if needed'], ['where applicable', 'if applicable'],
  // and dialogue's (subtitles): "Thank you so much", "I'll be right back", "Look at me", "Stay here"
  // came back "Gracias tanto", "Seré derecho atrás", "Aspecto en mí", "Estancia aquí"; now "Muchas
  // gracias", "Volveré pronto", "Mirarme", "Quedar aquí"
  ['thank you so much', 'thank you very much'], ['thanks so much', 'thank you very much'], ['thanks a lot', 'thank you very much'],
  ['be right back', 'come back soon'],
  // the verb's readings alone ("take a look at the resources" came back "toma un reloj los
  // recursos", the noun "watch"); "take a look at" and "have a look at" watch too
  ['take a look at', 'watch<vblex>', 'object'], ['have a look at', 'watch<vblex>', 'object'],
  ['look at', 'watch<vblex>', 'object'], ['looking at', 'watching<vblex>', 'object'], ['looked at', 'watched<vblex>', 'object'],
  ['stay here', 'remain here'], ['stay there', 'remain there'],
  // "Nice to meet you", "What time is it?", "Hurry up!" came back "Niza para cumplirte", gl "Niza
  // para coñecerte", "¿Qué tiempo es?", "¡Prisa arriba!"; now "Encantado de conocerte", "Feliz
  // de coñecerte", "¿Qué hora es?", "¡Prisa!" (eng-cat's "Encantat de conèixer-te" was right)
  ['nice to meet you', 'delighted to know you', undefined, ['en-eo', 'en-gl', 'eng-cat']], ['nice to meet you', 'glad to meet you', undefined, ['en-eo', 'eng-spa', 'eng-cat']],
  ['what time is it', 'what hour is it', undefined, ['en-eo']],
  ['hurry up', 'hurry'],
  // a form's "Zip code" (came back "Código de cremallera", ca "Codi de cremallera", eo "Zipa Kodo"): a postal code
  // ("Zip Code" too; not "ZIP code", whose capitals the stand-in would carry: "código Postal")
  ['zip code', 'postal code'], ['zip codes', 'postal codes'], ['zip Code', 'postal code'], ['zip Codes', 'postal codes'],
  // a dialog's "Got it" (came back "Conseguido lo", ca "Rebut el"): understood, "Entendido", "Entès"
  ['got it', 'understood', 'command'],
  // "try out" is trying ("You can try it out here", "Try out the new editor" came back "Lo puedes
  // probar fuera aquí", "Prueba fuera del editor nuevo", gl "tentalo fóra de aquí")
  ['try it out', 'try it'], ['try them out', 'try them'], ['try out', 'try'], ['tries out', 'tries'], ['tried out', 'tried'], ['trying out', 'trying'],
  // "by default" is the noun "defecto" ("This setting is enabled by default" came back "por
  // predeterminó", the past of "to default", ca "per predeterminat"; now "por defecto", "per defecte")
  ['by default', 'by defect', undefined, ['en-eo']],
  // en-eo: a list ordered, filtered, grouped "by" something is "laŭ" it, which en-eo writes for
  // "according to" ("Sort by date", "Filter by status" came back "Ordigi de dato", "Filtri de
  // statuso"); the other pairs' "por", "per" are right
  ...(['sort', 'filter', 'group', 'order', 'search'] as const).map((verb) => [`${verb} by`, `${verb} according to`, undefined, ['eng-spa', 'eng-cat', 'en-gl', 'eng-hbs']] as const),
  // "Let us know on Discord", "let me know if…" came back "dejado nos saber", "Dejarme saber" (eng-spa
  // only: ca "deixa'ns saber", gl "déixame saber" are right, eo "diri nin" is not)
  ['let us know', 'tell us', undefined, ['en-eo', 'en-gl', 'eng-cat']], ['let me know', 'tell me', undefined, ['en-eo', 'en-gl', 'eng-cat']],
]

/** Each pair's stand-in substitutions, by analyser and bilingual dictionary: read once per process. */
const standInsByPair = new Map<string, string | null>()

/**
 * perl substitutions that give an English word the pair's analyser does not know (`^Skip/*Skip$`)
 * the readings of its stand-in (STAND_INS), read from this pair's own analyser and kept only
 * where its bilingual dictionary translates every one of them: a pair that knows the word, or
 * lacks the stand-in, is left as it is. Null when no stand-in serves the pair (or the stages
 * name no analyser and bilingual dictionary to read). They run before the reading hints, so that
 * a stand-in command is read as one ("Skip this step" → "Omitir este paso").
 * PHRASE_STAND_INS go the same way, each its own substitution.
 */
function standInSubstitutions(stages: readonly string[]): string | null {
  const analyser = /'([^']+\.automorf\.bin)'/.exec(stages[0]!)?.[1]
  const bidix = stages.map((stage) => /'([^']+\.autobil\.bin)'/.exec(stage)?.[1]).find((path) => path !== undefined)
  if (!analyser || !bidix) return null
  const key = `${analyser}\0${bidix}`
  if (!standInsByPair.has(key)) standInsByPair.set(key, readStandIns(analyser, bidix))
  return standInsByPair.get(key)!
}

/**
 * The substitutions for one pair: two `lt-proc` runs, a line per stand-in, the analyser's and
 * then the bilingual dictionary's. A failure of either throws (the supervisor reports it as the
 * pipeline's start failing): the pipeline runs the same programs on the same files.
 */
function readStandIns(analyser: string, bidix: string): string | null {
  // the words' stand-ins, then the phrases' ("configure|configured": a line per word)
  // ("watch<vblex>": the word's readings of that part of speech alone)
  const phraseWords = PHRASE_STAND_INS.map(([, standIn]) => standIn.split('|').map((word) => /^([^<]*)(?:<(\w+)>)?$/.exec(word)!.slice(1) as [string, string | undefined]))
  const lines = [...STAND_INS.map(([, standIn]) => standIn), ...phraseWords.flat().map(([word]) => word)]
  const analysed = execFileSync('lt-proc', [analyser], { input: lines.join('\n') + '\n', encoding: 'utf8', timeout: 10_000 }).split('\n')
  // each line's units and their readings; none where the analyser does not know a word of it
  // (a phrase's stand-in may be fewer units than words: the analyser's multiwords, "come back")
  const unitsOf = (line: number, only?: string, multiwords = false): string[][] | null => {
    const units = analysed[line]?.match(/\^[^$]*\$/g) ?? []
    const words = lines[line]!.split(' ').length
    if (units.length === 0 || (multiwords ? units.length > words : units.length !== words) || units.some((unit) => unit.includes('/*'))) return null
    const kept = units.map((unit) => unit.slice(1, -1).split('/').slice(1).filter((reading) => only === undefined || reading.includes(`<${only}>`)))
    return kept.some((unit) => unit.length === 0) ? null : kept
  }
  const readings = STAND_INS.map(([, , only], i) => unitsOf(i, only)?.map((unit) => unit.join('/')) ?? null)
  let line = STAND_INS.length
  const phraseReadings = phraseWords.map((words) => {
    // the words of "a|b" are one unit each: their readings go together
    const each = words.map(([, only]) => unitsOf(line++, only, true))
    if (each.some((units) => units === null)) return null
    return words.length === 1 ? each[0]!.map((unit) => unit.join('/')) : [[...new Set(each.flatMap((units) => units![0]!))].join('/')]
  })
  // the bilingual dictionary reads one reading per unit, as the tagger leaves them, a multiword's
  // invariable part before its tags, as apertium-pretransfer leaves it ("come# back<vblex><inf>")
  const lookups = [...readings, ...phraseReadings].map((r) => (r ?? []).flatMap((unit) => unit.split('/').map((reading) => `^${reading.replace(/^([^<#]*)((?:<[^>]*>)+)(# .*)$/, '$1$3$2')}$`)).join(' '))
  const translated = execFileSync('lt-proc', ['-b', bidix], { input: lookups.join('\n') + '\n', encoding: 'utf8', timeout: 10_000 }).split('\n')
  // every reading translated: none marked untranslatable (@)
  const serves = (units: string[] | null, i: number): units is string[] => units !== null && !/\/@/.test(translated[i] ?? '/@')
  const substitutions: string[] = []
  STAND_INS.forEach(([unknown, standIn], i) => {
    const units = readings[i]!
    if (!serves(units, i)) return
    const words = standIn.split(' ')
    for (const capital of [false, true]) {
      // the analyser gives a capitalised word's lemma its capital: so does a one-word stand-in's
      // unit; a phrase's goes in lower case, surface and lemma, for the transfer moves its words
      // ("Add to Playlist" came back "Añadir a lista de Reproducción") and the text's first letter
      // keeps its capital anyway ("Listas de reproducción")
      const form = capital ? unknown[0]!.toUpperCase() + unknown.slice(1) : unknown
      const oneWord = words.length === 1
      const replacement = standInUnits(units, (k) => (k === 0 ? (oneWord ? form : unknown) : words[k]!), capital && oneWord)
      // q{} quotes without interpolating: analyses hold no braces, quotes or backslashes
      if (!/[{}'\\]/.test(replacement)) substitutions.push(`q{${form}} => q{${replacement}}`)
    }
  })
  const phrases = PHRASE_STAND_INS.flatMap(([phrase, , context, except], i) => {
    const units = phraseReadings[i]!
    if (!serves(units, STAND_INS.length + i) || except?.some((pair) => analyser.includes(`/${pair}.`))) return []
    const words = phrase.split(' ')
    // the first unit's surface is the phrase's first words, each other unit's one of its last
    const surface = (k: number, capital: boolean) => {
      const own = k === 0 ? words.slice(0, words.length - units.length + 1).join(' ') : words[words.length - units.length + k]!
      return capital && k === 0 ? own[0]!.toUpperCase() + own.slice(1) : own
    }
    const [lower, upper] = [false, true].map((capital) => standInUnits(units, (k) => surface(k, capital), capital))
    if (/[{}'\\]/.test(lower! + upper!)) return []
    // each word after the first starts a unit of its own or goes on a multiword unit's surface
    const first = `\\^([${words[0]![0]!.toUpperCase()}${words[0]![0]}])${words[0]!.slice(1)}`
    const pattern = first + words.slice(1).map((word) => String.raw`(?:/(?:[^\\\$]++|\\.)*+\$ \^| )${word}`).join('') + String.raw`/(?:[^\\\$]++|\\.)*+\$`
    // a verb before its object not after "a" or "the" ("A look at the past": a noun's)
    const before = context === 'command' ? String.raw`((?:\A|<sent>\$|\[p:\d+\])${BLANK}|\^[Pp]lease/(?:[^\\\$]++|\\.)*+\$ )` : context === 'relative' ? String.raw`((?:/(?:[Aa]n?<det><ind>|[Tt]he<det><def>)(?:<[^>\$]*>)*\$ \^(?:[^\\\$/]++|\\.)*+/(?:[^\\\$]|\\.)*?<n>(?:[^\\\$]++|\\.)*+|\^(?:[^\\\$/]++|\\.)*+(?:/(?:[^\\\$/<]++|\\.)*+<n>(?:[^\\\$/]++|\\.)*+)++)\$ )` : context === 'object' ? String.raw`()(?<!/[Aa]<det><ind><sg>\$ )(?<!/[Tt]he<det><def><sp>\$ )` : '()'
    const after = context === 'object' ? String.raw`(?= \^(?:[^\\\$/]++|\\.)*+/(?:\*|(?:[^\\\$]|\\.)*?<(?:det|predet|n|np|adj|prn><tn|prn><dem|prn><obj)>))` : ''
    // gated on the first word without its letter of either case and the last word before its
    // readings (a unit's or a multiword's surface end): each substitution scans the record, and
    // a single common word let most records through (20 µs a bench sentence for the twenty)
    const gates = words.length === 1 ? [`${words[0]!.slice(1)}/`] : [words[0]!.slice(1), `${words[words.length - 1]!}/`]
    return [String.raw`s{${before}${pattern}${after}}{$1 . ($2 eq "${words[0]![0]!.toUpperCase()}" ? q{${upper}} : q{${lower}})}ge if ${gates.map((gate) => `index($_, "${gate}") >= 0`).join(' && ')};`]
  })
  // one substitution over the unknown words of a record that has one, the stand-ins looked up
  // by name (36 substitutions, one per form, cost 5 µs a record on the corpus's strings); not a
  // handle or a tag (`@username`, `#sync`: the source's sheltered sigil before it)
  const words = substitutions.length > 0 ? String.raw`BEGIN { %::STAND_IN = (${substitutions.join(', ')}) } s{(?<!\[x:[@#]\])\^([A-Za-z]+)/\*\1\$}{$::STAND_IN{$1} // $&}ge if index($_, "/*") >= 0;` : ''
  // the phrases' substitutions behind one scan for their last words
  const lastWords = [...new Set(PHRASE_STAND_INS.map(([phrase]) => phrase.split(' ').at(-1)!))].join('|')
  const phraseBlock = phrases.length > 0 ? `if (/(?:${lastWords})\\//) { ${phrases.join(' ')} }` : ''
  return words || phraseBlock ? [words, phraseBlock].filter((statement) => statement !== '').join(' ') : null
}

/** A stand-in's units (`^surface/reading/reading$ …`), its readings' lemmas capitalised for a capitalised source word. */
function standInUnits(units: readonly string[], surface: (k: number) => string, capital: boolean): string {
  return units.map((r, k) => `^${surface(k)}/${capital && k === 0 ? r.replace(/(^|\/)(\p{Ll})/gu, (_, slash: string, c: string) => slash + c.toUpperCase()) : r}$`).join(' ')
}

/**
 * `tagger`: the mode's part-of-speech tagger chooses among a word's readings; `first-reading`:
 * its first remaining reading is taken instead (for taggers that crash, below).
 */
export type Disambiguation = 'tagger' | 'first-reading'

/** `apertium-tagger -g`: tagging with a trained model, HMM or perceptron (the `.prob` says which). */
const TAGGER = /^apertium-tagger -z -g\b/

/**
 * Keeps the first reading of each lexical unit (`^surface/r1/r2$` → `^r1$`, as the tagger
 * writes its choice), escapes (`\/`, `\$`) respected. Why: the perceptron taggers of Debian's
 * apertium-rus-ukr (both directions) and of rus-bel crash (SIGSEGV in the feature program's
 * stack machine, SIGABRT) on every text in which a word still has two readings after the
 * constraint grammar: a third of 200 Russian and Ukrainian interface and CLDR strings (65, 66
 * and 66 of 200) had no translation at all. A worse choice of reading for the few ambiguous
 * words beats no translation; on a text without ambiguity the tagger's output is this one.
 */
export const FIRST_READING = "sed -u -E -z 's/\\^((\\\\.|[^/$\\\\^])*)\\/((\\\\.|[^/$\\\\^])*)(\\/(\\\\.|[^/$\\\\^])*)*\\$/^\\3$/g'"

/** The smallest ambiguous input: one word with two readings, then a sentence end. */
const AMBIGUOUS_PROBE = '^x/x<n>/x<adj>$^./.<sent>$\0'
const CRASH_SIGNALS = new Set(['SIGSEGV', 'SIGABRT', 'SIGBUS', 'SIGFPE', 'SIGILL'])
const taggerProbes = new Map<string, boolean>()
/**
 * Whether a tagger stage (`ModeTraits.taggerStage`) dies on {@link AMBIGUOUS_PROBE}: then it
 * can tag no text with an ambiguous word, and the pipeline runs the first-reading filter in its
 * place from the start instead of restarting its stages twice for every such text. Of Debian's
 * 115 modes with a tagger, exactly rus-ukr, ukr-rus and rus-bel die on it (measured; rus-ukr's
 * tagger died on each of 40 real strings that kept an ambiguous word and on none of 60 that did
 * not). Runs the stage once per stage command and process (a few ms); a tagger that cannot
 * start or exits with an error counts as not crashing (the pipeline then reports its own
 * failure).
 */
export function taggerCrashesOnAmbiguity(taggerStage: string): boolean {
  let crashes = taggerProbes.get(taggerStage)
  if (crashes === undefined) {
    const probe = spawnSync('sh', ['-c', `exec ${taggerStage}`], { input: AMBIGUOUS_PROBE, stdio: ['pipe', 'ignore', 'ignore'], timeout: 10_000 })
    crashes = probe.signal !== null && CRASH_SIGNALS.has(probe.signal)
    taggerProbes.set(taggerStage, crashes)
  }
  return crashes
}

/** A pair's data folder, `apertium-eo-ca`: its two language parts. */
const PAIR_FOLDER = /^apertium-([^-/]+)-([^-/]+)$/

/**
 * A mode file's data paths (the quoted absolute ones), each made to exist where it can.
 * Debian's apertium-eo-ca and apertium-eo-es install their data under
 * `/usr/share/apertium/apertium-ca-eo/` and `…/apertium-es-eo/`, while their `ca-eo.mode` and
 * `es-eo.mode` point at `apertium-eo-ca/` and `apertium-eo-es/`: every ca→eo and es→eo text
 * failed with "can't stat file". A quoted path that does not exist is looked for in the folder
 * of the same pair named the other way round; `missing` lists the paths found in neither (the
 * direction cannot run: readModesFolder leaves it out).
 */
export function repairDataPaths(modeText: string, exists: (path: string) => boolean = existsSync): { text: string; missing: string[] } {
  const missing: string[] = []
  const text = modeText.replace(/'(\/[^']+)'/g, (quoted, path: string) => {
    if (exists(path)) return quoted
    const folder = dirname(path)
    const pair = PAIR_FOLDER.exec(basename(folder))
    const swapped = pair ? join(dirname(folder), `apertium-${pair[2]}-${pair[1]}`, path.slice(folder.length + 1)) : null
    if (swapped && exists(swapped)) return `'${swapped}'`
    missing.push(path)
    return quoted
  })
  return { text, missing }
}

const dependencyGrammars = new Map<string, boolean>()
/**
 * Whether a compiled CG-3 grammar has dependency rules (SETPARENT/SETCHILD), read from its
 * text form (`vislcg3 --grammar-out`, ~30 ms, once per grammar and process). A grammar that
 * cannot be read counts as without: the pipeline is then built as the mode file says.
 */
export function grammarSetsDependencies(grammar: string): boolean {
  let known = dependencyGrammars.get(grammar)
  if (known === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'verso-cg-'))
    try {
      const out = join(dir, 'grammar.txt')
      execFileSync('vislcg3', ['-g', grammar, '--grammar-out', out], { stdio: ['ignore', 'ignore', 'ignore'], timeout: 10_000 })
      known = /^\s*(SETPARENT|SETCHILD)\b/m.test(readFileSync(out, 'utf8'))
    } catch {
      known = false
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    dependencyGrammars.set(grammar, known)
  }
  return known
}

export interface ModeTraits {
  /**
   * Word-bound blanks survive the mode: only when the bilingual lookup is a stage of its own
   * (`lt-proc -b`). Pairs whose `apertium-transfer` does the lookup itself (es-pt, ro-es,
   * es-gl, en-eo…) leak raw lexical units (`@^rojo`) for word-bound words.
   */
  wordBound: boolean
  /**
   * The mode's tagger stage (`apertium-tagger -z -g …`) as it runs, or null: only a mode with
   * one has a `first-reading` variant that differs from it.
   */
  taggerStage: string | null
}

/** What a pipeline decides from its mode's text before it starts. */
export function modeTraits(modeText: string): ModeTraits {
  const stages = parseModeStages(modeText)
  return {
    wordBound: stages.some((stage) => /^lt-proc -z (-[a-z] )*-b\b/.test(stage)),
    taggerStage: stages.find((stage) => TAGGER.test(stage)) ?? null,
  }
}

/**
 * `modeTraits` of a mode file, read once, its data paths repaired (so the tagger stage can be
 * probed as it will run); an unreadable file has neither (the supervisor reports it on start).
 */
export function readModeTraits(modeFile: string): ModeTraits {
  try {
    return modeTraits(repairDataPaths(readFileSync(modeFile, 'utf8')).text)
  } catch {
    return { wordBound: false, taggerStage: null }
  }
}

let wblankCache: boolean | undefined
/** Whether Apertium's word-bound blank helpers are on PATH. */
export function hasWordBoundBlanks(): boolean {
  if (wblankCache === undefined) {
    wblankCache = ['apertium-wblank-attach', 'apertium-wblank-detach'].every((bin) => onPath(bin))
  }
  return wblankCache
}

function onPath(bin: string): boolean {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue
    try {
      accessSync(join(dir, bin), constants.X_OK)
      return true
    } catch {
      // not here
    }
  }
  return false
}
