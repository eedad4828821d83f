/**
 * eng-spa's bilingual dictionary has "your" only as "vuestro" (the plural, informal "you"),
 * while its "you" is "tú": every interface string came back mixing the two ("Tienes que
 * confirmar vuestra dirección", "Vuestra cuenta está cerrada", "la vuestra" for "yours"). When
 * Spanish is the answer's language, "vuestro(s)/vuestra(s)" becomes "tu(s)", and after an
 * article "tuyo(s)/tuya(s)" ("la tuya"), as interface translations that say "tú" have them.
 * Not when Spanish is a step towards another language: there "vuestro" becomes the target's
 * plural possessive ("votre"), which French interfaces use.
 */
import type { Segment } from '../segment.js'

/** "la vuestra", "los vuestros", "lo vuestro": the possessive pronoun after its article. */
const PRONOUN = /(?<![\p{L}\p{M}\p{N}])((?:[Ee]l|[Ll]os|[Ll]o|[Ll]as|[Ll]a)\s+)vuestr(o|a)(s?)(?![\p{L}\p{M}\p{N}])/gu
/** "vuestra cuenta": the determiner. */
const DETERMINER = /(?<![\p{L}\p{M}\p{N}])([Vv])uestr[oa](s?)(?![\p{L}\p{M}\p{N}])/gu

function informal(text: string): string {
  if (!text.includes('uestr')) return text
  return text.replace(PRONOUN, (_, article: string, ending: string, plural: string) => `${article}tuy${ending}${plural}`)
    .replace(DETERMINER, (_, v: string, plural: string) => `${v === 'V' ? 'T' : 't'}u${plural}`)
}

/** `segment` (eng-spa's answer) with "your" as "tu", "yours" as "tuyo"; tokens untouched. */
export function withInformalPossessives(segment: Segment): Segment {
  if (typeof segment === 'string') return informal(segment)
  return segment.map((part) => (typeof part === 'string' ? informal(part) : part))
}
