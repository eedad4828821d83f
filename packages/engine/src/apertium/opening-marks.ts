/**
 * Spanish and Asturian open a question with ¿ and an exclamation with ¡; Apertium translates
 * the words and keeps the source's punctuation, so every question of an English UI came back
 * without its opening mark ("Forgot your password?" → "Olvidó vuestra contraseña?", Jellyfin's
 * "Are you sure you wish to continue?" → "Eres seguro deseas continuar?"). The mark goes where
 * the question or exclamation starts: the sentence's start, after what comes before its words
 * (a dialogue dash, a bracketed aside, a speaker's name or a short label: "- ¡Ahora!", "JOHN:
 * ¿Quién es?"), inside a tag that holds the whole question, or after a comma that introduces an
 * interrogative word ("Si no, ¿qué haces?") or a question tag ("Empieza a las 9:30, ¿verdad?").
 * A sentence that has its mark already is left alone.
 */
import type { InlineToken, Segment, SegmentPart } from '../segment.js'
import { languageOf } from './tidy.js'

/** Targets whose questions and exclamations open with an inverted mark. */
const TARGETS = new Set(['es', 'ast'])

/** A private-use character per token while the text is read as one string. */
const TOKEN_BASE = 0xe000
const TOKEN = /[\uE000-\uF8FF]/u

/**
 * Where a sentence ends: after its punctuation and what closes after it (quotes, brackets,
 * tokens), before a blank, or before text that follows a token with no blank (a line break or a
 * `<br/>` the codec made a token: Qt's "…has been received.\nDo you want to create this
 * group?" got its ¿ before "Una petición"). A line break alone ends none: a subtitle's line
 * breaks inside one; nor does an abbreviation's full stop (`a.m.`, `p. ej.`, `etc.`) before a
 * word in lower case ("a las 9:30 a.m. en la sala 4B, ¿bien?" had its ¿ after "a.m."); a
 * sentence may start in lower case otherwise (a subtitle's "... eres un hombre enfermo!").
 */
const SENTENCE_END = /(?<=[.!?…][)\]"'’”»\uE000-\uF8FF]*)(?<!(?:^|[\s(])(?:\p{L}\.){2,}|\b(?:etc|aprox|approx|núm|pág|vs|ej|sr|sra|dr|dra)\.)(?=\s)|(?<=(?:^|[\s(])(?:\p{L}\.){2,}|\b(?:etc|aprox|approx|núm|pág|vs|ej|sr|sra|dr|dra)\.)(?=\s+(?:[^\s\p{Ll}]|$))|(?<=[.!?…][)\]"'’”»\uE000-\uF8FF]*[\uE000-\uF8FF])(?=[^\s\uE000-\uF8FF])/u

/** Interrogative and exclamative words that start the question after a lead-in clause. */
const WH_AFTER_COMMA = /,\s+(?=(?:qué|quién|quiénes|cómo|cuándo|dónde|adónde|por qué|cuál|cuáles|cuánto|cuánta|cuántos|cuántas)(?![\p{L}]))/giu
/** A question tag after a statement: "…en la sala 4B, ¿bien?", "Llegaremos tarde, ¿no?" (English "right?", "won't we?"). */
const TAG_AFTER_COMMA = /,\s+(?=(?:no|verdad|vale|eh|sí|cierto|bien|de acuerdo)\s*[?!]+[)\]"'’”»\uE000-\uF8FF]*\s*$)/iu

/** A dialogue turn's dash at a line start: `- Wait for me!`, `–Really?` (not `-5`, not `--`). */
const DIALOGUE_DASH = /^[-\u2010\u2013\u2014](?=[\s\p{L}"'(\[])\s*/u
/** A bracketed aside before the words: a subtitle's `[door creaks]`, `(laughs)`, a label's `(Optional)`, with the tokens around it. */
const ASIDE = /^[\uE000-\uF8FF]*(?:\[[^\]\n]*\]|\([^)\n]*\))[\uE000-\uF8FF]*\s*/u
/** A speaker's name or a label of at most three words before a colon: `JOHN:`, `Nota:`, `Pregunta 2:`. */
const LABEL = /^[^\s:]+(?:\s+[^\s:]+){0,2}:\s+(?=\p{L})/u

/**
 * Where the question or exclamation of a sentence starts, from its first character: after a
 * dialogue dash ("- ¡Espera!", not "¡- Espera!"), a bracketed aside ("[la puerta cruje] ¿Quién
 * es?"), a speaker's name or a short label ("JOHN: ¿Quién es?", "Nota: ¿estás seguro?"), a lone
 * tag against the first word (`<v Mary>¡Para!`), and inside a tag that holds the whole question
 * (`<font>¿Dónde?</font>`, not `¿<font>…`).
 */
function questionStart(sentence: string, start: number, endAt: number, tokens: readonly InlineToken[]): number {
  let at = start
  for (;;) {
    const rest = sentence.slice(at, endAt)
    const skip = DIALOGUE_DASH.exec(rest)?.[0] ?? ASIDE.exec(rest)?.[0] ?? LABEL.exec(rest)?.[0] ?? openingTagAround(sentence, at, endAt, tokens) ?? markupBeforeWord(sentence, at, tokens)
    // what is skipped leaves words to mark
    if (!skip || !/[\p{L}\p{N}]/u.test(sentence.slice(at + skip.length, endAt))) return at
    at += skip.length
  }
}

/**
 * The character of a lone tag at `at` written against the word after it: a WebVTT voice left
 * open (`<v.loud Mary>Stop!`), an SRT position (`{\an8}Where?`). A placeholder is a word of the
 * sentence and stands apart from the next one (`{name} is here?`).
 */
function markupBeforeWord(sentence: string, at: number, tokens: readonly InlineToken[]): string | undefined {
  const token = tokens[sentence.charCodeAt(at) - TOKEN_BASE]
  return token?.kind === 'void' && /\p{L}/u.test(sentence[at + 1] ?? '') ? sentence[at] : undefined
}

/** The character of an opening tag at `at` whose closing tag comes after the sentence's end mark. */
function openingTagAround(sentence: string, at: number, endAt: number, tokens: readonly InlineToken[]): string | undefined {
  const code = sentence.charCodeAt(at) - TOKEN_BASE
  const token = tokens[code]
  if (!token || token.kind !== 'open') return undefined
  const close = tokens.findIndex((t) => t.id === token.id && t.kind === 'close')
  return close >= 0 && sentence.indexOf(String.fromCharCode(TOKEN_BASE + close)) >= endAt ? sentence[at] : undefined
}

export function withOpeningMarks(segment: Segment, target: string): Segment {
  if (!TARGETS.has(languageOf(target))) return withoutOpeningMarks(segment)
  const parts: readonly SegmentPart[] = typeof segment === 'string' ? [segment] : segment
  const tokens: InlineToken[] = []
  // a text that holds private-use characters itself (an icon font's glyphs) is left alone
  if (parts.some((part) => typeof part === 'string' && TOKEN.test(part))) return segment
  const text = parts.map((part) => (typeof part === 'string' ? part : String.fromCharCode(TOKEN_BASE + tokens.push(part) - 1))).join('')
  if (!/[?!]/.test(text) || tokens.length > 0x18ff) return segment
  let out = ''
  for (const sentence of text.split(SENTENCE_END)) {
    // the mark ends a word (or a quote, a bracket, a token), with at most one blank before it as
    // French writes it: a "?" among listed characters is none (Nextcloud's "Forbidden
    // characters: / \\ < > : \" | ? *" came back "¿Caracteres prohibidos: … | ? *")
    const endMatch = /(?<=[\p{L}\p{N}\p{M}\uE000-\uF8FF)\]"'’”»]\s?)[.!?…]+(?=[)\]"'’”»\uE000-\uF8FF]*\s*$)/u.exec(sentence)
    const end = endMatch?.[0] ?? ''
    const mark = end.includes('?') ? '¿' : end.includes('!') ? '¡' : ''
    const start = sentence.search(/[^\s]/u)
    if (mark === '' || start < 0 || sentence.includes(mark) || !/[\p{L}\p{N}\uE000-\uF8FF]/u.test(sentence)) {
      out += sentence
      continue
    }
    let at = questionStart(sentence, start, endMatch!.index, tokens)
    for (const comma of sentence.matchAll(WH_AFTER_COMMA)) if (comma.index >= at) at = comma.index + comma[0].length
    const tag = TAG_AFTER_COMMA.exec(sentence)
    if (tag && tag.index >= at) at = tag.index + tag[0].length
    out += sentence.slice(0, at) + mark + sentence.slice(at)
  }
  if (out === text) return segment
  const rebuilt: SegmentPart[] = []
  let run = ''
  for (const char of out) {
    if (TOKEN.test(char) && char.charCodeAt(0) - TOKEN_BASE < tokens.length) {
      if (run !== '') rebuilt.push(run)
      run = ''
      rebuilt.push(tokens[char.charCodeAt(0) - TOKEN_BASE]!)
    } else run += char
  }
  if (run !== '') rebuilt.push(run)
  return typeof segment === 'string' ? out : rebuilt
}

/**
 * Into any other language the inverted marks go: spa-ita keeps the Spanish source's ("¡Usuario
 * creado con éxito!", "¿Estás seguro?" came back "¡Utente creato con successo!", "¿Stai
 * sicuro?"; es-fr, es-pt, spa-cat, spa-eng… drop them themselves). A mark with its blank after it.
 */
function withoutOpeningMarks(segment: Segment): Segment {
  if (typeof segment === 'string') return segment.includes('¡') || segment.includes('¿') ? segment.replace(INVERTED_MARK, '') : segment
  return segment.some((part) => typeof part === 'string' && (part.includes('¡') || part.includes('¿'))) ? segment.map((part) => (typeof part === 'string' ? part.replace(INVERTED_MARK, '') : part)) : segment
}
const INVERTED_MARK = /[¡¿][ \t]?/gu
