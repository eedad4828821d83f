/**
 * eng-spa's transfer writes "ser" before most adjectives, where Spanish says a state with
 * "estar": interface strings came back "Este elemento no es disponible", "La carpeta es vacía",
 * "Todo es bien", "El servidor es ocupado", "¿Eres seguro?". When Spanish is the answer's
 * language and the last hop came from English, a form of "ser" right before an adjective that
 * only ever names a state (disponible, vacío, lleno, ocupado, roto, conectado, desconectado;
 * "bien" and "mal" where they end the clause: "es bien sabido" stays), with at most two
 * adverbs between ("es actualmente no disponible"), becomes the same form of "estar": "no está
 * disponible", "está vacía", "Todo está bien". "seguro" only after the first and second persons
 * ("¿Estás seguro?"): "Es seguro" is also "it is safe". Then "seguro" before "quieres" takes
 * the "de que" the English left out ("Are you sure you want to…?" came back "¿Eres seguro
 * quieres…?", now "¿Estás seguro de que quieres…?").
 */
import type { Segment } from '../segment.js'

/** Forms of "ser" and the same forms of "estar". */
const ESTAR: Readonly<Record<string, string>> = {
  soy: 'estoy', eres: 'estás', es: 'está', somos: 'estamos', sois: 'estáis', son: 'están',
  era: 'estaba', eras: 'estabas', éramos: 'estábamos', erais: 'estabais', eran: 'estaban',
  seré: 'estaré', serás: 'estarás', será: 'estará', seremos: 'estaremos', seréis: 'estaréis', serán: 'estarán',
  sea: 'esté', seas: 'estés', seamos: 'estemos', seáis: 'estéis', sean: 'estén',
  ser: 'estar',
}
/** The first and second persons, after which "seguro" is being sure. */
const PERSONAL = new Set(['soy', 'eres', 'somos', 'sois', 'era', 'eras', 'éramos', 'erais', 'seré', 'serás', 'seremos', 'seréis', 'seas', 'seamos', 'seáis'])

const L = '\\p{L}\\p{M}\\p{N}'
const STATE = '(?:disponibles?|vac[ií][oa]s?|llen[oa]s?|ocupad[oa]s?|rot[oa]s?|conectad[oa]s?|desconectad[oa]s?)'
const ADVERB = `(?:[${L}]+mente|ya|todavía|aún|muy|demasiado|tan|no)`
const COPULA = new RegExp(
  `(?<![${L}])(${Object.keys(ESTAR).map((form) => `[${form[0]!.toUpperCase()}${form[0]}]${form.slice(1)}`).join('|')})(\\s+(?:${ADVERB}\\s+){0,2})(${STATE}(?![${L}])|(?:bien|mal)(?=\\s*(?:[.,;:!?)…]|$|\\s+y\\s))|segur[oa]s?(?![${L}]))`,
  'gu',
)

/**
 * "sure" before a clause without "that" ("Are you sure you want to…?"): the transfer wrote no
 * conjunction, "¿Estás seguro quieres eliminar…?"; Spanish needs "de que" before the verb of wanting.
 */
const SURE_THAT = new RegExp(`(?<![${L}])((?:[Ee]st(?:oy|ás|á|amos|áis|án|aba|abas|ábamos|aban))\\s+segur[oa]s?)(\\s+)(?=(?:quier|quer|dese)[${L}]*(?![${L}]))`, 'gu')

function spanish(text: string): string {
  if (!/[Ee]s|[Ss]o[ny]|[Ee]r[ae]|[Ss]e[ar]/.test(text)) return text
  return text.replace(COPULA, (all, verb: string, between: string, state: string) => {
    const lower = verb.toLowerCase()
    const estar = ESTAR[lower]
    if (!estar || (/^segur/.test(state) && !PERSONAL.has(lower))) return all
    return (verb[0] === verb[0]!.toUpperCase() ? estar[0]!.toUpperCase() + estar.slice(1) : estar) + between + state
  }).replace(SURE_THAT, '$1 de que$2')
}

/** `segment`, the last hop's answer from English into Spanish, with "estar" for states; tokens untouched; other answers as they are. */
export function withStateCopula(segment: Segment, source: string, target: string): Segment {
  if (source !== 'en' || target !== 'es') return segment
  if (typeof segment === 'string') return spanish(segment)
  return segment.map((part) => (typeof part === 'string' ? spanish(part) : part))
}
