/**
 * The bilingual dictionaries of eng-spa and en-gl have "your" only as the plural, informal
 * possessive (Spanish "vuestro", Galician "voso"), while their "you" is the singular "tú"/"ti":
 * every interface string came back mixing the two ("Tienes que confirmar vuestra dirección",
 * "Tes que confirmar o voso enderezo", "la vuestra" for "yours"). When Spanish or Galician is
 * the answer's language and the last hop came from English, the plural possessive becomes the
 * singular one, as interface translations that say "tú"/"ti" have it: Spanish "vuestro(s)/
 * vuestra(s)" → "tu(s)", and after an article "tuyo(s)/tuya(s)" ("la tuya"); Galician
 * "voso/vosa/vosos/vosas" → "teu/túa/teus/túas" (its article stays: "o teu enderezo", "é o
 * teu"). Not when the language is a step towards another one: there the plural becomes the
 * target's plural possessive, "votre", which French interfaces use.
 */
import { mapText, type Segment } from '../segment.js'

const NOT_WORD_BEFORE = '(?<![\\p{L}\\p{M}\\p{N}])'
const NOT_WORD_AFTER = '(?![\\p{L}\\p{M}\\p{N}])'

/** "la vuestra", "los vuestros", "lo vuestro": the Spanish possessive pronoun after its article. */
const SPANISH_PRONOUN = new RegExp(`${NOT_WORD_BEFORE}((?:[Ee]l|[Ll]os|[Ll]o|[Ll]as|[Ll]a)\\s+)vuestr(o|a)(s?)${NOT_WORD_AFTER}`, 'gu')
/** "vuestra cuenta": the Spanish determiner. */
const SPANISH_DETERMINER = new RegExp(`${NOT_WORD_BEFORE}([Vv])uestr[oa](s?)${NOT_WORD_AFTER}`, 'gu')
/** Galician's plural possessive, determiner and pronoun alike ("o voso enderezo", "é o voso"). */
const GALICIAN = new RegExp(`${NOT_WORD_BEFORE}([Vv])os(o|a)(s?)${NOT_WORD_AFTER}`, 'gu')

function spanish(text: string): string {
  if (!text.includes('uestr')) return text
  return text.replace(SPANISH_PRONOUN, (_, article: string, ending: string, plural: string) => `${article}tuy${ending}${plural}`)
    .replace(SPANISH_DETERMINER, (_, v: string, plural: string) => `${v === 'V' ? 'T' : 't'}u${plural}`)
}

function galician(text: string): string {
  if (!/[Vv]os[oa]/.test(text)) return text
  return text.replace(GALICIAN, (_, v: string, ending: string, plural: string) => `${v === 'V' ? 'T' : 't'}${ending === 'o' ? 'eu' : 'úa'}${plural}`)
}

/** The targets whose answers from English get the singular possessive, and how. */
const BY_TARGET: ReadonlyMap<string, (text: string) => string> = new Map([['es', spanish], ['gl', galician]])

/**
 * `segment`, the last hop's answer from English into Spanish or Galician, with "your" as the
 * singular possessive ("tu", "teu"); tokens untouched; other hops as they are.
 */
export function withInformalPossessives(segment: Segment, source: string, target: string): Segment {
  const singular = source === 'en' ? BY_TARGET.get(target) : undefined
  return singular ? mapText(segment, singular) : segment
}
