/**
 * Apertium's Serbo-Croatian (hbs) reads the Latin alphabet only: Serbian written in Cyrillic, as
 * much of it is, came back untranslated, every word unknown ("Сачувај промене", "Датотека није
 * пронађена." into English). Before a route's first hop from hbs, Serbian Cyrillic goes into
 * Gaj's Latin alphabet, letter for letter (the two are one-to-one: "Sačuvaj promene",
 * "Datoteka nije pronađena." → "Save the changes", "The file has not been found."). The
 * digraph letters Љ, Њ, Џ are "Lj", "Nj", "Dž", and "LJ", "NJ", "DŽ" inside a word in capitals
 * ("ЉУБАВ" → "LJUBAV"). Other text (a Latin word, a Macedonian or Russian letter the Serbian
 * alphabet lacks, an inline token) is left as it is. Not for an answer in Cyrillic (hbs-mkd into
 * Macedonian): the words the pair does not know would come back in Latin letters among Cyrillic
 * ones, where untransliterated they come back as written.
 */
import { mapText, type Segment } from '../segment.js'

const LOWER: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', ђ: 'đ', е: 'e', ж: 'ž', з: 'z', и: 'i', ј: 'j', к: 'k', л: 'l', љ: 'lj', м: 'm',
  н: 'n', њ: 'nj', о: 'o', п: 'p', р: 'r', с: 's', т: 't', ћ: 'ć', у: 'u', ф: 'f', х: 'h', ц: 'c', ч: 'č', џ: 'dž', ш: 'š',
}

/** The Serbian Cyrillic letters, lower and upper case. */
const SERBIAN_CYRILLIC = /[абвгдђежзијклљмнњопрстћуфхцчџшАБВГДЂЕЖЗИЈКЛЉМНЊОПРСТЋУФХЦЧЏШ]/u
/** A capital letter, of any script. */
const CAPITAL = /\p{Lu}/u

function latin(text: string): string {
  if (!SERBIAN_CYRILLIC.test(text)) return text
  const chars = [...text]
  return chars.map((char, i) => {
    const lower = char.toLowerCase()
    const mapped = LOWER[lower]
    if (mapped === undefined) return char
    if (char === lower) return mapped
    // a capital: a digraph in capitals when a neighbouring letter of the word is a capital too
    const neighbourUpper = [chars[i - 1], chars[i + 1]].some((c) => c !== undefined && CAPITAL.test(c))
    return neighbourUpper ? mapped.toUpperCase() : mapped[0]!.toUpperCase() + mapped.slice(1)
  }).join('')
}

/** The segment with its Serbian Cyrillic in Latin letters; the same segment when it has none. */
export function withSerbianLatin(segment: Segment): Segment {
  return mapText(segment, latin)
}

/** Whether a mode reads Serbo-Croatian (`hbs-eng`, `hbs-mkd`, `hbs-slv`). */
export function readsSerboCroatian(modeName: string): boolean {
  return /^hbs(?:_[A-Z]+)?-/.test(modeName)
}

/** Targets written in Cyrillic, for which Serbian Cyrillic stays as written (see above). */
const CYRILLIC_TARGETS: ReadonlySet<string> = new Set(['mk', 'ru', 'uk', 'be', 'bg'])

/** Whether a language code's answers are written in Cyrillic. */
export function writesCyrillic(code: string): boolean {
  return CYRILLIC_TARGETS.has(code.split('-')[0]!)
}
