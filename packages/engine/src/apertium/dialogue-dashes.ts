/**
 * A dialogue turn's dash at a line's start goes to the engine as a token, not as a word.
 *
 * Apertium's taggers read a sentence after a dash (`^-<guio>$`) as they never read one at a
 * sentence's start: a subtitle's "- Come with me." came back "- Venido conmigo." (the
 * participle), "- I don't know." "- I no sabe.", "- Open the window." "- Abierto la ventana.",
 * "- Where I live." "- Donde Vivo.", ca "- Em segueix." for "- Follow me."; and the reading
 * hints that look for a sentence's start did not see one after it. As a token (a superblank
 * the taggers skip) the words after the dash are read as a sentence of their own: "- Venir
 * conmigo.", "- No sé.", "- Abrir la ventana.", ca "- Segueix-me.". The dash comes back with
 * the blanks after it as written. A dash is a turn's when it starts a line (after nothing but
 * blanks and tags, or a void token after a sentence's end: the line break a caller made a
 * token) and a blank or a word follows it: `- Hi.`, `–Really?`, `— ¿Sí?`; not `-5`,
 * `--verbose`, a hyphen inside a line.
 */
import type { InlineToken, Segment, SegmentPart } from '../segment.js'
import { cutIntoTokens, freshTokenIds, tokensAsText, type Cut } from './stream.js'

/** The dashes a turn opens with: hyphen-minus, hyphen, en dash, em dash. */
const DASH = '-\u2010\u2013\u2014'
/**
 * A dash at a line's start of a text part and the blanks after it, before a word, a quote, a
 * bracket or an opening mark (a number only after a blank: `-5` is a negative number).
 */
const LINE_START_DASH = new RegExp(`(?<=^|\\n)([ \\t]*)([${DASH}](?:[ \\t]+(?=[\\p{L}\\p{N}"'“‘«(\\[¿¡])|(?=[\\p{L}"'“‘«(\\[¿¡])))`, 'gu')
const ANY_DASH = new RegExp(`[${DASH}]`, 'u')
/** A text part that ends with a sentence's end mark (and what closes after it). */
const SENTENCE_END = /[.!?…:]["'”’»)\]]*[ \t]*$/u
/** A text part that leaves the next part at a line's start: nothing, or a line break and blanks. */
const ENDS_LINE = /(?:^|\n)[ \t]*$/u

export interface MaskedDialogueDashes {
  segment: Segment
  /** The translation with each dash token written back as the dash and blanks it stood for. */
  restore(translated: Segment): Segment
}

export function maskDialogueDashes(segment: Segment): MaskedDialogueDashes {
  const parts: readonly SegmentPart[] = typeof segment === 'string' ? [segment] : segment
  if (!parts.some((part) => typeof part === 'string' && ANY_DASH.test(part))) return { segment, restore: (t) => t }
  const fresh = freshTokenIds(parts)
  const cuts: Cut[] = []
  const dashes = new Map<string, { text: string; capital: boolean }>()
  // whether the parts before the current one end a line (tags between are no text); a void
  // token after a sentence's end is a line's end too (a subtitle's turns come as text parts with
  // the caller's line-break token between them: "- Come with me." ⏎ "- Where are we going?")
  let lineStart = true
  let endsSentence = false
  parts.forEach((part, k) => {
    if (typeof part !== 'string') {
      if (part.kind === 'void' && endsSentence) lineStart = true
      return
    }
    endsSentence = SENTENCE_END.test(part)
    for (const m of part.matchAll(LINE_START_DASH)) {
      if (m.index === 0 && !lineStart) continue
      const token: InlineToken = { id: fresh('dash'), kind: 'void' }
      const capital = /^[^\p{L}]*\p{Lu}/u.test(part.slice(m.index + m[0].length))
      dashes.set(token.id, { text: m[2]!, capital })
      cuts.push({ part: k, at: m.index + m[1]!.length, length: m[2]!.length, token })
    }
    lineStart = ENDS_LINE.test(lineStart ? part : `x${part}`)
  })
  if (cuts.length === 0) return { segment, restore: (t) => t }
  return {
    segment: cutIntoTokens(parts, cuts),
    restore: (translated) => tokensAsText(segment, withCapitals(translated, dashes), (token) => dashes.get(token.id)?.text),
  }
}

/**
 * The translation with the first letter after each dash in capitals where the source's was: a
 * pair may write the turn's first word as it does inside a sentence once the dash is a token
 * (en-eo "- mi ne scias." for "- I don't know.", eng-cat "- em recordes?").
 */
function withCapitals(translated: Segment, dashes: ReadonlyMap<string, { capital: boolean }>): Segment {
  if (typeof translated === 'string') return translated
  let pending = false
  return translated.map((part) => {
    if (typeof part !== 'string') {
      const dash = dashes.get(part.id)
      if (dash) pending = dash.capital
      return part
    }
    if (!pending || !/\p{L}/u.test(part)) return part
    pending = false
    return part.replace(/\p{L}/u, (letter) => letter.toUpperCase())
  })
}
