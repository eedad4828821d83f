/**
 * eng-spa's and en-gl's transfers write "ser" before most adjectives, where Spanish and Galician
 * say a state with "estar": interface strings came back "Este elemento no es disponible", "La
 * carpeta es vacía", "Todo es bien", "¿Eres seguro?", gl "non é dispoñíbel", "O cartafol é
 * baleiro". When Spanish or Galician is the answer's language and the last hop came from English, a
 * form of "ser" right before an adjective that only ever names a state (available, empty, full,
 * busy, broken, connected, disconnected, open, dead, alive, tired, angry, worried, eng-spa's "a
 * punto" for ready, "en progreso", "en curso", "en pausa", "en línea"… for what is going on ("en
 * línea con", in line with, stays): "Pensé que eras muerto", "¿Eres a punto?", "La tienda es
 * abierta" → "estabas muerto", "¿Estás a punto?", "está abierta"; "bien"/"ben" and "mal" where they
 * end the clause: "es bien sabido" stays), with at most two adverbs between ("es actualmente no
 * disponible"), becomes the same form of "estar": "no está disponible", "está vacía", "Todo está
 * ben". "seguro" only after the first and second persons ("¿Estás seguro?"): "Es seguro" is also
 * "it is safe". Then "seguro" before the verb of wanting takes the "de que" the English left out
 * ("Are you sure you want to…?" came back "¿Eres seguro quieres…?", now "¿Estás seguro de que
 * quieres…?"). A question's "how" before a present of "ser" asks for a state too, and its "where"
 * for a place: "How are you?", "Where is my phone?" came back "¿Cómo eres?", "¿Dónde es mi
 * teléfono?", gl "Como es?"; now "¿Cómo estás?", "¿Dónde está mi teléfono?", "Como estás?". "where"
 * and a form of "ser" ending a clause is a place in a statement too ("Nobody knows where he is."
 * came back "Nadie sabe donde es.", now "donde está"; "donde es posible" keeps its "ser"). So does
 * where something is: a form of "ser" before an adverb of place or "en" and a determiner or "casa"
 * ("The file is in the folder", "I will be there" came back "El archivo es en la carpeta", "Seré
 * allí"; now "está", "Estaré"); "en sala 4", "de hecho" and Galician "son" (I am, they are) before
 * a place stay.
 */
import { mapText, type Segment } from '../segment.js'

interface Copula {
  /** Forms of "ser" and the same forms of "estar"; a pair where one form of "ser" is two persons (Galician "son": "estou", "están"). */
  readonly estar: Readonly<Record<string, string | readonly [singular: string, plural: string]>>
  /** The forms of the first and second persons, after which "seguro" is being sure. */
  readonly personal: ReadonlySet<string>
  /** Adjectives that only name a state, as a pattern. */
  readonly states: string
  /** Those of them that are a person's state (tired, dead), as a pattern of their starts: a form of two persons before them goes by the adjective's number (below). */
  readonly personStates?: string
  /** Where something is: an adverb of place, "en" and a determiner or "casa" (a thing's or a person's place: "El archivo está en la carpeta"). */
  readonly places: string
  /** "well" and "badly", states where they end the clause. */
  readonly wellOrBadly: string
  readonly adverbs: string
  /** Forms of "estar" before "seguro", and the verbs of wanting after it. */
  readonly sure: string
  readonly want: string
  /** The question's "how", after which a present of "ser" asks for a state ("How are you?"; "How was the trip?" is "fue"). */
  readonly how: string
  readonly howForms: readonly string[]
  /** The question's "where", after which a present of "ser" asks for a place ("Where is my phone?"). */
  readonly where: string
  /** "where" in any clause, after which "ser" ending the clause is a place ("I know where he is."). */
  readonly whereAny: string
}

const L = '\\p{L}\\p{M}\\p{N}'

const SPANISH: Copula = {
  estar: {
    soy: 'estoy', eres: 'estás', es: 'está', somos: 'estamos', sois: 'estáis', son: 'están',
    era: 'estaba', eras: 'estabas', éramos: 'estábamos', erais: 'estabais', eran: 'estaban',
    seré: 'estaré', serás: 'estarás', será: 'estará', seremos: 'estaremos', seréis: 'estaréis', serán: 'estarán',
    sea: 'esté', seas: 'estés', seamos: 'estemos', seáis: 'estéis', sean: 'estén',
    ser: 'estar',
  },
  personal: new Set(['soy', 'eres', 'somos', 'sois', 'eras', 'éramos', 'erais', 'seré', 'serás', 'seremos', 'seréis', 'seas', 'seamos', 'seáis']),
  states: '(?:disponibles?|vac[ií][oa]s?|llen[oa]s?|ocupad[oa]s?|rot[oa]s?|conectad[oa]s?|desconectad[oa]s?|abiert[oa]s?|muert[oa]s?|viv[oa]s?|cansad[oa]s?|enojad[oa]s?|enfadad[oa]s?|preocupad[oa]s?|a punto|on-line|en\\s+(?:progreso|curso|marcha|pausa|línea(?!\\s+con\\b)|espera|uso|ejecución|mantenimiento))',
  places: '(?:aquí|allí|allá|ahí|acá|en\\s+(?:casa|el|la|los|las|un|una|unos|unas|mis?|tus?|sus?|nuestr[oa]s?|vuestr[oa]s?|est[ea]s?|es[ea]s?|aquel|aquella))',
  wellOrBadly: '(?:bien|mal)',
  adverbs: `(?:[${L}]+mente|ya|ahora|casi|todavía|aún|muy|demasiado|tan|no)`,
  sure: '(?:[Ee]st(?:oy|ás|á|amos|áis|án|aba|abas|ábamos|aban))',
  want: '(?:quier|quer|dese)',
  how: '(?<![\\p{L}\\p{M}\\p{N}])[Cc]ómo',
  howForms: ['soy', 'eres', 'es', 'somos', 'sois', 'son'],
  where: '(?<![\\p{L}\\p{M}\\p{N}])[Dd]ónde',
  whereAny: '(?<![\\p{L}\\p{M}\\p{N}])[Dd][oó]nde',
}

const GALICIAN: Copula = {
  estar: {
    es: 'estás', é: 'está', somos: 'estamos', sodes: 'estades', son: ['estou', 'están'],
    era: 'estaba', eras: 'estabas', eramos: 'estabamos', erades: 'estabades', eran: 'estaban',
    serei: 'estarei', serás: 'estarás', será: 'estará', seremos: 'estaremos', seredes: 'estaredes', serán: 'estarán',
    sexa: 'estea', sexas: 'esteas', sexamos: 'esteamos', sexades: 'esteades', sexan: 'estean',
    ser: 'estar',
  },
  personal: new Set(['es', 'son', 'somos', 'sodes', 'eras', 'eramos', 'erades', 'serei', 'serás', 'seremos', 'seredes', 'sexas', 'sexamos', 'sexades']),
  states: '(?:dispoñ[ií]be(?:l|is)|dispoñibles?|baleir[oa]s?|che[oa]s?|ocupad[oa]s?|rot[oa]s?|conectad[oa]s?|desconectad[oa]s?|abert[oa]s?|mort[oa]s?|viv[oa]s?|cans[oa]s?|cansad[oa]s?|enfadad[oa]s?|preocupad[oa]s?|a punto|en\\s+(?:progreso|curso|marcha|pausa|liña(?!\\s+con\\b)|espera|uso|execución|mantemento))',
  personStates: '(?:cans|preocupad|enfadad|mort|viv)',
  places: '(?:aquí|alí|aí|acolá|en\\s+casa|n(?:o|a|os|as|un|unha)|en\\s+(?:meu|miña|teu|túa|seu|súa|noso|nosa|este|esta|ese|esa))',
  wellOrBadly: '(?:ben|mal)',
  adverbs: `(?:[${L}]+mente|xa|agora|case|aínda|moi|demasiado|tan|non)`,
  sure: '(?:[Ee]st(?:ou|ás|á|amos|ades|án|aba|abas|abamos|aban))',
  want: '(?:quer|quix|dese)',
  how: '(?:^|(?<=[.!?]\\s))[Cc]omo',
  howForms: ['es', 'é', 'somos', 'sodes'],
  where: '(?:^|(?<=[.!?]\\s))[Oo]nde',
  whereAny: '(?<![\\p{L}\\p{M}\\p{N}])[Oo]nde',
}

interface Compiled {
  readonly copula: Copula
  readonly pattern: RegExp
  readonly sureThat: RegExp
  readonly howIs: RegExp
  readonly whereIs: RegExp
  readonly personState: RegExp | null
  readonly placeAt: RegExp
}

/** Words as a pattern's alternatives, each with or without its capital: `[Ee]s|[Ss]on`. */
function capitalized(words: readonly string[]): string {
  return words.map((word) => `[${word[0]!.toUpperCase()}${word[0]}]${word.slice(1)}`).join('|')
}

function compile(copula: Copula): Compiled {
  const forms = capitalized(Object.keys(copula.estar))
  return {
    copula,
    pattern: new RegExp(
      `(?<![${L}])(${forms})(\\s+(?:${copula.adverbs}\\s+){0,2})(${copula.states}(?![${L}])|${copula.places}(?![${L}])|${copula.wellOrBadly}(?=\\s*(?:[.,;:!?)…]|$|\\s+[ye]\\s))|segur[oa]s?(?![${L}]))`,
      'gu',
    ),
    sureThat: new RegExp(`(?<![${L}])(${copula.sure}\\s+segur[oa]s?)(\\s+)(?=${copula.want}[${L}]*(?![${L}]))`, 'gu'),
    personState: copula.personStates ? new RegExp(`^${copula.personStates}`, 'u') : null,
    placeAt: new RegExp(`^${copula.places}`, 'u'),
    // a question only: "Cómo es" outside one is "the way it is"
    howIs: new RegExp(`(${copula.how}|${copula.where})(\\s+)(${capitalized(copula.howForms)})(?![${L}])(?=[^.!?]*\\?)`, 'gu'),
    // "where" and a form of "ser" ending the clause: a place, in a statement too ("Nadie sabe
    // donde es." → "donde está")
    whereIs: new RegExp(`(${copula.whereAny})(\\s+)(${capitalized(copula.howForms)})(?=\\s*(?:[.,;:!?…]|$))`, 'gu'),
  }
}

const BY_TARGET: ReadonlyMap<string, Compiled> = new Map([['es', compile(SPANISH)], ['gl', compile(GALICIAN)]])

function withEstar(text: string, { copula, pattern, sureThat, howIs, whereIs, personState, placeAt }: Compiled): string {
  return text.replace(pattern, (all, verb: string, between: string, state: string) => {
    const lower = verb.toLowerCase()
    const estar = copula.estar[lower]
    if (!estar || (/^segur/.test(state) && !copula.personal.has(lower))) return all
    // a place after a form of two persons (Galician "son": "I am here", "they are here") is left as it is
    if (typeof estar !== 'string' && placeAt.test(state)) return all
    // a form that is two persons (Galician "son", "I am" and "they are"): the first before
    // "seguro" in the singular ("Son seguro." → "Estou seguro."; "Son seguros" is "they are
    // safe"), else the third: the transfer's adjective does not always agree ("os contidos son
    // dispoñíbel"), and a thing is available more often than a speaker; a person's state ("Son
    // canso": tired, worried, angry, dead, alive) goes by its adjective's number
    let form: string
    if (typeof estar === 'string') form = estar
    else if (personState?.test(state)) form = /s$/.test(state) ? estar[1] : estar[0]
    else if (!/^segur/.test(state)) form = estar[1]
    else if (/s$/.test(state)) return all
    else form = estar[0]
    return (verb[0] === verb[0]!.toUpperCase() ? form[0]!.toUpperCase() + form.slice(1) : form) + between + state
  }).replace(sureThat, '$1 de que$2').replace(howIs, toEstar).replace(whereIs, toEstar)
  function toEstar(all: string, how: string, space: string, verb: string): string {
    const estar = copula.estar[verb.toLowerCase()]
    return typeof estar === 'string' ? how + space + estar : all
  }
}

/**
 * `segment`, the last hop's answer from English into Spanish or Galician, with "estar" for
 * states; tokens untouched; other answers as they are.
 */
export function withStateCopula(segment: Segment, source: string, target: string): Segment {
  const compiled = source === 'en' ? BY_TARGET.get(target) : undefined
  return compiled ? mapText(segment, (text) => withEstar(text, compiled)) : segment
}
