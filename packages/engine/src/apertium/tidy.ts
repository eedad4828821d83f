/**
 * Undoes capitals Apertium adds where the source has none. Its structural transfer
 * capitalises the first word it believes starts a sentence: every text we send starts
 * after a sentence end, so a fragment comes back capitalised (`item` → `Elemento`), and a
 * word left to the default rule (an interjection, a dropped pronoun) moves that capital
 * into the middle (`Hello name, you have` → `Hola Nombre,  tienes`). Only what the engine
 * introduced is changed: a source that starts with a capital keeps it, and a source with
 * any capital inside a sentence (a name, an acronym) is left to the engine entirely. A word
 * the engine writes in capitals when the source has no word in capitals is recased the same
 * way (lowered, or capitalised where a capital belongs). The other way round, a source written
 * in capitals throughout comes back in capitals: the words the engine adds ("THE SOFTWARE IS"
 * → "El SOFTWARE ES") are its own lower case.
 */
import { textOf, type SegmentPart } from '../segment.js'

/**
 * Targets whose orthography writes common nouns, weekdays, months and nationalities in
 * lower case, so a capital inside a sentence that the source lacks is the engine's: the
 * Romance languages, Basque, Breton, Esperanto, the Scandinavian languages and the Cyrillic
 * ones (sv→is gave "Hitt Gamla húsið Liggur Nána fljótið."). Not Dutch or Afrikaans
 * (language and nationality names), Indonesian and Malay (weekdays, months), nor Polish,
 * Slovene, Silesian and Serbo-Croatian, whose nationality nouns take a capital ("Polak").
 */
const LOWER_CASE_ORTHOGRAPHY = new Set([
  'es', 'ca', 'fr', 'pt', 'it', 'gl', 'ro', 'eo', 'oc', 'an', 'ast', 'eu', 'br', 'sc', 'frp',
  'sv', 'da', 'nb', 'nn', 'is', 'ru', 'uk', 'be', 'bg', 'mk',
])

/**
 * Languages that capitalise the same words (names, nationality nouns, and for Dutch and
 * Afrikaans language names), whatever they do with the rest: between two of one group, a text
 * that starts in lower case has a first word in lower case in the other too (hbs→sl gave
 * "upozorenje: …" → "Opozorilo: …"). Only the first word of each sentence is recased between them.
 */
const SAME_CAPITALS = [['sl', 'sh', 'hr', 'sr', 'bs'], ['pl', 'szl'], ['id', 'ms'], ['nl', 'af']]

/** English words the target dictionary capitalises by itself; never lowered. */
const ENGLISH_CAPITALISED = new Set([
  'I', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday',
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
  'English', 'Spanish', 'Catalan', 'French', 'Portuguese', 'Italian', 'Romanian', 'Galician', 'Esperanto', 'Basque',
  'Occitan', 'Aragonese', 'Asturian', 'Breton', 'Welsh', 'Irish', 'German', 'Dutch', 'Swedish', 'Danish', 'Norwegian',
  'Icelandic', 'Russian', 'Ukrainian', 'Polish', 'Greek', 'Arabic', 'Chinese', 'Japanese', 'European', 'American',
  'Christmas', 'Easter', 'Internet',
])

const WORD = /[\p{L}\p{M}\p{N}]+/gu
/** A word of two or more letters, all capitals (`FRAMKVÆMIR`). */
const ALL_CAPS = /^\p{Lu}[\p{Lu}\p{M}]+$/u
const SENTENCE_END = /[.!?…。？！]/u
const TITLE_CASE = /^\p{Lu}[\p{Ll}\p{M}]*$/u
const STARTS_UPPER = /^\p{Lu}/u
const STARTS_LOWER = /^\p{Ll}/u
/** A lower-case letter followed by a capital within a word (`elZomi`, `iPhone`). */
const INNER_CAPITAL = /\p{Ll}\p{Lu}/u

interface Word {
  /** Index of the string part, and offset within it. */
  part: number
  at: number
  text: string
  /** First word of the text, or first after a sentence end or a line break. */
  initial: boolean
  first: boolean
  /** Which sentence of the text (counted by sentence ends and line breaks) it is in, from 0. */
  sentence: number
  /** Its place in that sentence, from 0. */
  place: number
}

/** Words of the string parts; tokens separate words and do not end sentences. */
function words(parts: readonly SegmentPart[]): Word[] {
  const out: Word[] = []
  let initial = true
  let sentence = 0
  let place = 0
  parts.forEach((part, index) => {
    if (typeof part !== 'string') return
    let last = 0
    for (const match of part.matchAll(WORD)) {
      const between = part.slice(last, match.index)
      if (SENTENCE_END.test(between) || between.includes('\n')) initial = true
      if (initial && out.length > 0) sentence++
      if (initial) place = 0
      out.push({ part: index, at: match.index, text: match[0], initial, first: out.length === 0, sentence, place: place++ })
      initial = false
      last = match.index + match[0].length
    }
    const rest = part.slice(last)
    if (SENTENCE_END.test(rest) || rest.includes('\n')) initial = true
  })
  return out
}

/** Whether parts `0 … end - 1` hold no word: white space, punctuation and tags only, no placeholder or other void token. */
function nothingBefore(parts: readonly SegmentPart[], end: number): boolean {
  for (let k = 0; k < end; k++) {
    const part = parts[k]!
    if (typeof part === 'string' ? /[\p{L}\p{N}]/u.test(part) : part.kind === 'void') return false
  }
  return true
}

/**
 * Whether `word` is the first thing of the parts: nothing but white space, punctuation and tags
 * before it (a subtitle's `<i>¡No me digas eso!</i>`), no placeholder or other void token.
 */
function startsText(parts: readonly SegmentPart[], word: Word): boolean {
  return nothingBefore(parts, word.part) && !/[\p{L}\p{N}]/u.test((parts[word.part] as string).slice(0, word.at))
}

/** White space and what opens a sentence (¿ ¡, quotes, brackets) before its first word. */
const SENTENCE_OPENING = /[\s¿¡"'“‘«„(\[]*$/u
const ENDS_SENTENCE = /[.!?…。？！][)\]"'’”»]*$/u

/**
 * The tokens (their kinds and ids) that stand between a sentence end and `word`, which starts a
 * later sentence; null when a word, or the start of the text, comes before it instead.
 */
function tokensAfterSentenceEnd(parts: readonly SegmentPart[], word: Word): string | null {
  let between = ''
  let text = (parts[word.part] as string).slice(0, word.at)
  for (let k = word.part; ; ) {
    const opening = SENTENCE_OPENING.exec(text)!
    const rest = text.slice(0, opening.index)
    if (rest !== '') return ENDS_SENTENCE.test(rest) || opening[0].includes('\n') ? between : null
    if (opening[0].includes('\n')) return between
    let part: SegmentPart | undefined
    while (typeof (part = parts[--k]) === 'object') between = `${part.kind}:${part.id} ${between}`
    if (part === undefined) return null
    text = part
  }
}

/**
 * Subject pronouns a transfer adds from a language that leaves them out (Spanish, Catalan,
 * Italian, Portuguese into English or French), written in lower case before the verb that took
 * the source's capital: es→en "JUAN: ¿Vienes o no?" came back "JUAN: you Come or no?", es→fr
 * "JUAN: tu Viens ou ne?".
 */
const ADDED_PRONOUNS: Record<string, RegExp> = {
  en: /^(?:you|he|she|it|we|they)$/,
  fr: /^(?:je|j|tu|il|elle|on|nous|vous|ils|elles)$/,
}

/**
 * Gives the capital back to the added pronoun: "you Come" → "You come", where the pronoun opens
 * its clause (the text's start, after a sentence end, a colon or opening punctuation) and the
 * verb is a word the source does not spell so (not a name).
 */
function movePronounCapitals(result: SegmentPart[], sourceWords: readonly Word[], language: string): void {
  const pronoun = ADDED_PRONOUNS[language]
  if (!pronoun) return
  const spelled = new Set(sourceWords.map((w) => w.text))
  result.forEach((part, index) => {
    if (typeof part !== 'string') return
    result[index] = part.replace(/(^|[.!?…:;¿¡"“«(\n]\s*)(\p{Ll}+)(['’]?\s*)(\p{Lu}\p{Ll}+)/gu, (all, before: string, word: string, space: string, verb: string) => {
      const clauseStart = before !== '' || nothingBefore(result, index)
      if (!clauseStart || !pronoun.test(word) || spelled.has(verb) || spelled.has(word)) return all
      return before + word[0]!.toLocaleUpperCase(language) + word.slice(1) + space + verb.toLocaleLowerCase(language)
    })
  })
}

/** A language code's language, lower case (`pt-BR` → `pt`); empty for none. */
export function languageOf(code: string | undefined): string {
  return (code ?? '').toLowerCase().split(/[-_]/)[0]!
}

/** Whether the text parts have letters, a word of two or more of them, and not one lower-case letter. */
function inCapitals(parts: readonly SegmentPart[]): boolean {
  const text = textOf(parts, ' ')
  return !/\p{Ll}/u.test(text) && words(parts).some((word) => ALL_CAPS.test(word.text))
}

/**
 * `output` with the capitals the engine introduced lowered, judged against `source` (the
 * text the hop was given). Lowers the first word when the source starts in lower case (and a
 * later sentence's first word when the source's is in lower case, the answer having as many
 * sentences), and words inside a sentence when the source has no capital inside a sentence; only
 * title-case words (`Elemento`, not `McDonald`), and words in capitals when the source has
 * none (`FRAMKVÆMIR` → `framkvæmir`, or `Framkvæmir` where a capital belongs). A source
 * written in capitals throughout gets an output in capitals, whatever the target. Applies to targets written
 * with lower-case common nouns and, for English, not to words its dictionary capitalises;
 * between two languages of one {@link SAME_CAPITALS} group (`sourceLanguage` given), to the
 * first word of each sentence only. Bracketed asides the source writes in capitals (`(SIGHS)`)
 * come back in capitals, and a pronoun the transfer adds takes the capital of the verb after it.
 */
export function tidyCase(output: readonly SegmentPart[], source: readonly SegmentPart[], target: string | undefined, sourceLanguage?: string): SegmentPart[] {
  return withAsidesInCapitals(tidyWordCase(output, source, target, sourceLanguage), source, target)
}

/** A bracketed aside: `(SIGHS)`, `[DOOR SLAMS]`, within one text part. */
const ASIDE = /\([^()\n]{1,80}\)|\[[^[\]\n]{1,80}\]/gu

/**
 * Asides the source writes in capitals come back in capitals: subtitles for the deaf and
 * hard of hearing write sounds so ("(SIGHS) I don't know." came back "(Suspiros) no sé."), and
 * the engine writes the words of a sentence in its own case. Only when the answer has as many
 * asides as the source, matched in order.
 */
function withAsidesInCapitals(output: SegmentPart[], source: readonly SegmentPart[], target: string | undefined): SegmentPart[] {
  const asides = (parts: readonly SegmentPart[]) => parts.flatMap((part, index) => (typeof part === 'string' ? [...part.matchAll(ASIDE)].map((m) => ({ index, at: m.index, text: m[0] })) : []))
  const inSource = asides(source)
  if (!inSource.some((aside) => inCapitals([aside.text]))) return output
  const inOutput = asides(output)
  if (inOutput.length !== inSource.length) return output
  const language = languageOf(target) || undefined
  inOutput.forEach((aside, k) => {
    // an acronym the engine kept and inflected ("(HTML)" → eo "(HTMLaj)") is no aside in capitals
    if (!inCapitals([inSource[k]!.text]) || (inSource[k]!.text.match(/\p{Lu}{2,}/gu) ?? []).some((word) => aside.text.includes(word))) return
    const part = output[aside.index] as string
    output[aside.index] = part.slice(0, aside.at) + aside.text.toLocaleUpperCase(language) + part.slice(aside.at + aside.text.length)
  })
  return output
}

function tidyWordCase(output: readonly SegmentPart[], source: readonly SegmentPart[], target: string | undefined, sourceLanguage?: string): SegmentPart[] {
  const language = languageOf(target)
  // a source in capitals throughout (a licence's disclaimer, a warning) stays in capitals: the
  // engine writes the words it adds in lower case ("THE SOFTWARE IS PROVIDED" → "El SOFTWARE ES")
  if (inCapitals(source)) return output.map((part) => (typeof part === 'string' ? part.toLocaleUpperCase(language || undefined) : part))
  const english = language === 'en'
  const everyWord = english || LOWER_CASE_ORTHOGRAPHY.has(language)
  const from = languageOf(sourceLanguage)
  const firstWordOnly = !everyWord && SAME_CAPITALS.some((group) => group.includes(language) && group.includes(from))
  if (!everyWord && !firstWordOnly) return [...output]
  const sourceWords = words(source)
  const firstSource = sourceWords[0]
  if (!firstSource) return [...output]
  const result = [...output]
  const replace = (word: Word, text: string) => {
    const part = result[word.part] as string
    result[word.part] = part.slice(0, word.at) + text + part.slice(word.at + word.text.length)
  }
  movePronounCapitals(result, sourceWords, language)
  // A text that starts with a capital starts with one in the target too: a word the transfer
  // moved to the front from inside keeps its lower case ("Alare's alarm will…" → eng-cat
  // "l'alarma de Alare…", en-gl "a alarma de Alare…"); a word written in mixed case ("iPhone de
  // Apple") is left as it is
  const firstOutput = words(output)[0]
  if (firstOutput && STARTS_UPPER.test(firstSource.text) && startsText(source, firstSource) && STARTS_LOWER.test(firstOutput.text) && !/\p{Lu}/u.test(firstOutput.text) && startsText(output, firstOutput)) {
    replace(firstOutput, firstOutput.text[0]!.toLocaleUpperCase(language || undefined) + firstOutput.text.slice(1))
  }
  // So does each later sentence, when the answer has as many and the same tokens (none, or the
  // line breaks of a file's value) stand between the sentence end and the first word: a dropped
  // first word takes the transfer's capital with it ("It is disabled. Do you want it?" → ca
  // "Està desactivat. el vols?"); a sentence the answer starts with a placeholder the source had
  // later ("Copied %s files" → "%s archivos copiados") is left alone
  const lastSource = sourceWords[sourceWords.length - 1]!
  if (lastSource.sentence > 0) {
    const answerWords = words(result)
    if (answerWords.at(-1)?.sentence === lastSource.sentence) {
      const sourceInitials = new Map(sourceWords.filter((w) => w.initial && !w.first && STARTS_UPPER.test(w.text)).map((w) => [w.sentence, w]))
      for (const word of answerWords) {
        const sourceWord = word.initial && !word.first ? sourceInitials.get(word.sentence) : undefined
        if (!sourceWord || !STARTS_LOWER.test(word.text) || /\p{Lu}/u.test(word.text)) continue
        const between = tokensAfterSentenceEnd(result, word)
        if (between !== null && between === tokensAfterSentenceEnd(source, sourceWord)) {
          replace(word, word.text[0]!.toLocaleUpperCase(language || undefined) + word.text.slice(1))
        }
      }
    }
  }
  // A capital inside a word, when no source word has one (iPhone, eBay), is the engine's: en-eo
  // glues a prefix before the word that took the source's capital ("Zoom out", "Find out more"
  // came back "elZomi", "elTrovi pli"). It goes to the word's start where the text or a
  // sentence starts with a capital in the source, else away.
  if (!sourceWords.some((w) => INNER_CAPITAL.test(w.text))) {
    for (const word of words(result).reverse()) {
      if (!STARTS_LOWER.test(word.text) || !INNER_CAPITAL.test(word.text)) continue
      const lowered = word.text.toLocaleLowerCase(language || undefined)
      const capital = word.first ? STARTS_UPPER.test(firstSource.text) : word.initial && sourceWords.some((w) => w.initial && w.sentence === word.sentence && STARTS_UPPER.test(w.text))
      replace(word, capital ? lowered[0]!.toLocaleUpperCase(language || undefined) + lowered.slice(1) : lowered)
    }
  }
  // only words that start with a capital can change (most answers hold one or two)
  // the answer's words once, after that: the steps below change case only, never positions
  const outputWords = words(result)
  const capitalised = outputWords.filter((w) => STARTS_UPPER.test(w.text))
  if (capitalised.length === 0) return result
  const lowerStart = STARTS_LOWER.test(firstSource.text)
  // A word written with its capital as in the source is a name the engine kept, wherever it
  // stands ("John's files" → "Los archivos de John"; it came back "de john" when the source's only
  // capital was its first word). An English title ("Page Not Found") has capitals inside its
  // sentence, so its capitals stay the engine's ("La página No Encontrada"): lowering them lowered
  // the names the dictionary knows too ("la unión europea", ca "els estats units").
  const sourceSpellings = new Set(sourceWords.filter((w) => STARTS_UPPER.test(w.text)).map((w) => w.text))
  // Sentences are judged one by one when the answer has as many as the source: a month or a
  // name inside one sentence ("…as of 21st July 2025. NewPipe replaced…") does not keep the
  // capital the transfer gave the word after another sentence's unknown first word ("NewPipe
  // Reemplazó"); otherwise the text is judged whole.
  const sentencesAlike = sourceWords[sourceWords.length - 1]!.sentence === (outputWords.at(-1)?.sentence ?? -1)
  const sentencesWithCapitalInside = new Set(sourceWords.filter((w) => !w.initial && STARTS_UPPER.test(w.text)).map((w) => w.sentence))
  const capitalInside = (word: Word) => (sentencesAlike ? sentencesWithCapitalInside.has(word.sentence) : sentencesWithCapitalInside.size > 0)
  /** Whether a word in capitals is the engine's; what it needs of the source is read once, on the first such word. */
  let capsOfEngine: ((word: Word) => boolean) | undefined
  const engineCaps = (word: Word) => {
    if (!capsOfEngine) {
      const capsInSource = sourceWords.some((w) => ALL_CAPS.test(w.text))
      // a short source word the engine wrote in capitals (an acronym its dictionary knows:
      // bbc → BBC) stays; a longer one is the post-chunk's too ("saknar" came back "SAKNAR")
      const acronyms = new Set(sourceWords.filter((w) => w.text.length <= 4).map((w) => w.text.toLocaleLowerCase(language)))
      capsOfEngine = (w) => !capsInSource && !acronyms.has(w.text.toLocaleLowerCase(language))
    }
    return capsOfEngine(word)
  }
  // The transfer capitalises the first word it translates in a sentence: after a first word it
  // kept as written (an unknown one, a brand: "NewPipe replaced…", "Override the…") that is the
  // second word ("NewPipe Reemplazó", "Override La alocución"), whatever else the sentence holds.
  const keptFirst = (word: Word): boolean => {
    if (word.place !== 1 || !everyWord || (!sentencesAlike && word.sentence !== 0)) return false
    const before = outputWords.find((w) => w.sentence === word.sentence && w.place === 0)
    const source = sourceWords.filter((w) => w.sentence === word.sentence)
    return before !== undefined && source[0]?.text === before.text && STARTS_LOWER.test(source[1]?.text ?? '')
  }
  // A sentence whose first word the source writes in lower case starts with a placeholder or a
  // quote of one ("Unable to change field name. \"%0\" already in use."): the transfer still
  // capitalised the word after it ("\"%0\" Ya en uso"). Judged like the text's first word, when
  // the answer has as many sentences.
  const lowerInitials = new Set(sentencesAlike ? sourceWords.filter((w) => w.initial && !w.first && STARTS_LOWER.test(w.text)).map((w) => w.sentence) : [])
  for (const word of capitalised.reverse()) {
    const lower = word.first ? lowerStart : word.initial ? lowerInitials.has(word.sentence) : everyWord && (!capitalInside(word) || keptFirst(word))
    if (everyWord && ALL_CAPS.test(word.text) && engineCaps(word)) {
      // sv→is's post-chunk writes some chunks' first word in capitals ("utför en
      // sammanslagning" → "FRAMKVÆMIR einn", "Huset är stort." → "Húsið ER stórt."): with no
      // word in capitals in the source, the capitals are the engine's
      const lowered = word.text.toLocaleLowerCase(language)
      replace(word, lower ? lowered : word.text[0]! + lowered.slice(1))
      continue
    }
    if (!lower || !TITLE_CASE.test(word.text)) continue
    if (english && ENGLISH_CAPITALISED.has(word.text)) continue
    if (sourceSpellings.has(word.text)) continue
    replace(word, word.text[0]!.toLocaleLowerCase(language) + word.text.slice(1))
  }
  return result
}
