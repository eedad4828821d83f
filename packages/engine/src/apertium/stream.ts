/**
 * Apertium's stream format, done in TypeScript instead of with deformatter and reformatter
 * processes: plain text is escaped, inline tokens become word-bound blanks (`[[t:0]]word[[/]]`,
 * which move with their words through transfer) or superblanks (`[t:0:v]`, which keep their
 * place), and the output is parsed back into segment parts with the unknown-word marks removed.
 */
import { EngineError } from '../errors.js'
import { textOf, type InlineToken, type Segment, type SegmentPart } from '../segment.js'
import { nestLike } from '../segments/index.js'
import { languageOf, tidyCase } from './tidy.js'

/** Characters with a meaning in Apertium's stream; plain text escapes them with `\`. */
const SPECIAL = new Set(['[', ']', '^', '$', '/', '\\', '{', '}', '@', '<', '>'])
/**
 * Characters that survive escaping badly: `~` is eaten by the post-generator, and a literal
 * `*`, `#` or `@` would read as an engine mark on the way back (the generator writes the
 * `@` of a word transfer could not handle as `\@`, the same bytes as an escaped literal).
 * They travel in a superblank of their own (`[x:~]`), which passes through untouched, so
 * every mark in an answer is the engine's.
 */
const SHELTERED = new Set(['~', '*', '#', '@'])
/**
 * A run of two or more whitespace characters in the source travels in a superblank
 * (`[x:  ]`): a run of plain whitespace in the answer is then the engine's (a dropped word
 * leaves its blanks on both sides: `texto,  necesitarás`) and collapses to one character.
 * So does any space that is not a plain one (no-break, thin, narrow no-break, ideographic):
 * as text, the engine wrote its own space beside it ("first.&nbsp;It takes" → "primero.&nbsp;
 * Toma"); sheltered, it comes back alone where the source had it.
 */
const SHELTERED_RUN = /^(?:[ \t\r\n\u00A0\u2000-\u200A\u202F\u205F\u3000]{2,}|[\u00A0\u2000-\u200A\u202F\u205F\u3000])$/
/**
 * What plain text changes on its way into the stream: whitespace runs, special spaces and
 * sheltered characters (superblanks), special characters (escaped) and NUL (a space); every
 * other character goes as it is. One `replace` over the text instead of a step per character.
 */
const STREAM_TEXT_CHANGE = /[ \t\r\n\u00A0\u2000-\u200A\u202F\u205F\u3000]{2,}|[\u00A0\u2000-\u200A\u202F\u205F\u3000~*#@[\]^$/\\{}<>\0]/g
function streamTextFor(match: string): string {
  if (SHELTERED.has(match) || SHELTERED_RUN.test(match)) return `[x:${match}]`
  if (match === '\0') return ' '
  return '\\' + match // one of SPECIAL
}
const IS_WHITESPACE = /^[ \t\r\n]$/
const WORD_CHAR = /[\p{L}\p{M}\p{N}_'’-]/u
/** The superblank mode.ts's POST_GENERATION_FILTER writes after a word the generator marked, with its length. */
const MARKED_WORD_END = /^v:u:(\d+)$/
const HAS_WORD = /[\p{L}\p{N}]/u
const FINAL_PUNCTUATION = /[.!?…。？！]$/u

/** Escapes plain text for Apertium's stream format (backslash before each special character). */
export function escapeStream(text: string): string {
  let out = ''
  for (const ch of text) {
    if (SPECIAL.has(ch)) out += '\\' + ch
    else if (ch === '\0') out += ' '
    else out += ch
  }
  return out
}

/**
 * Undoes {@link escapeStream} on text that holds no blanks: a backslash makes the next
 * character literal. Superblanks and word-bound blanks are parsed by the decoder instead.
 */
export function unescapeStream(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (ch === '\\' && i + 1 < text.length) {
      out += text[i + 1]
      i++
    } else out += ch
  }
  return out
}

/** A segment ready for a pipeline, and what is needed to turn the answer back into parts. */
export interface EncodedSegment {
  /** Whether some open/close pair went as a word-bound blank. */
  readonly wordBound: boolean
  /** Stream text for the pipeline; empty when the segment has nothing to translate. */
  readonly stream: string
  readonly tokens: readonly InlineToken[]
  readonly lead: string
  readonly trail: string
  readonly addedStop: boolean
  /** The segment as given, returned unchanged when there is nothing to translate. */
  readonly original: Segment
  /** Indexes (into `tokens`) of void tokens that went as a stand-in word (see {@link EncodeOptions}). */
  readonly standIns: ReadonlySet<number>
  /** The stand-in word those tokens went as. */
  readonly standIn: string
  /** How many sentence-initial interjections went as a superblank, and what each word comes back as (see EncodeOptions' `leads`). */
  readonly polite: number
  readonly leads: Readonly<Record<string, string>>
  /** The path separators (` > `, with their spaces) that went as barriers, in order (see {@link EncodeOptions}). */
  readonly separators: readonly string[]
}

/** A possessive `'s` (or `’s`) right at the start of a text: the token before it is its owner. */
const POSSESSIVE_AFTER_TOKEN = /^['’]s(?![\p{L}\p{M}\p{N}_])/u

/**
 * A verb in the past with its object right after a token that starts a sentence: the token is
 * its subject ("{name} followed you", "%{username} assigned you", "{name} replied to your
 * post"). Sent as a blank, the tagger reads the verb as a participle (eng-spa "Seguido te",
 * "Respondido a vuestro poste"; en-gl "Atribuído te"; en-eo "sekvita vin"); after a name, as the
 * past it is (eng-spa "Mary respondió a vuestro poste", eng-cat "Mary et va seguir", en-eo
 * "Mary sekvis vin"; eng-spa's "Mary te seguiste" has its own agreement fault). A verb without
 * an object after it stays a participle ("{file} deleted", "%s copied to clipboard"), and a
 * preposition counts only before "you"/"your".
 */
const PAST_WITH_OBJECT_AFTER_TOKEN =
  /^ (?:[a-z]{2,}ed|left|sent|made|gave|took|wrote|found|began|won|lost|brought|built|bought|sold|chose|held|kept|met|paid|told|threw) ((?:to|on|in|with|for|at) (?:you|your)|the|a|an|your|his|her|their|its|my|our|you|me|him|them|us|this|these|those)(?![\p{L}\p{M}\p{N}_'’-])/u
/** An object pronoun of the first or second person. */
const FIRST_OR_SECOND_PERSON = /^(?:me|you|us)$/u
/** Text before a token that leaves it at the start of a sentence: nothing, or a sentence end and a blank. */
const SENTENCE_START_BEFORE = /(?:^|[.!?…]\s+)$/u

/**
 * A word followed by a possessive `'s`, outside any tag pair: a name or a noun that owns
 * something ("Alare's alarm", Keycloak's "your passkey's label", eng-cat "passkeyha rètol").
 */
const OWNER = /(?<![\p{L}\p{M}\p{N}_])(\p{L}[\p{L}\p{M}\p{N}]*)(?=['’]s(?![\p{L}\p{M}\p{N}_]))/gu
/**
 * Words whose `'s` is "is", "has" or "us", never a genitive: eng-cat reports "What's changed" as
 * "@What és canviat", and sent again with "What" as an owner it came back "Whatha canviat".
 */
const CONTRACTED = new Set(['what', 'that', 'it', 'there', 'here', 'who', 'where', 'how', 'when', 'why', 'let', 'he', 'she', 'this', 'everything', 'everyone', 'nothing', 'something', 'someone', 'nobody', 'somebody', 'everybody'])

/** The owners (see OWNER) in a segment's text outside tag pairs: each with the index of its part. */
function* topLevelOwners(parts: readonly SegmentPart[]): Generator<{ part: number; match: RegExpMatchArray }> {
  let depth = 0
  for (const [k, part] of parts.entries()) {
    if (typeof part !== 'string') depth += part.kind === 'open' ? 1 : part.kind === 'close' ? -1 : 0
    else if (depth === 0) for (const match of part.matchAll(OWNER)) yield { part: k, match }
  }
}

/** The owners of a segment's top-level text that the engine reported as unknown words. */
export function unknownOwners(segment: Segment, unknownWords: readonly string[]): Set<string> {
  const owners = new Set<string>()
  if (unknownWords.length === 0) return owners
  // eng-cat glues the genitive to an unknown owner ("Alare's" → unknown "Alareha")
  for (const { match } of topLevelOwners(typeof segment === 'string' ? [segment] : segment)) {
    if (!CONTRACTED.has(match[1]!.toLowerCase()) && unknownWords.some((word) => word.startsWith(match[1]!))) owners.add(match[1]!)
  }
  return owners
}

/**
 * The segment with each occurrence of `owners` (outside tag pairs) as a void token of its own,
 * so the encoder sends it as the possessive's stand-in; `restore` writes the words back.
 */
export function maskOwners(segment: Segment, owners: ReadonlySet<string>): { segment: Segment; restore(translated: Segment): Segment } {
  const parts = typeof segment === 'string' ? [segment] : segment
  const freshId = freshTokenIds(parts)
  const words = new Map<string, string>()
  const cuts: Cut[] = []
  for (const { part, match } of topLevelOwners(parts)) {
    if (!owners.has(match[1]!)) continue
    const id = freshId(`owner${words.size}`)
    words.set(id, match[1]!)
    cuts.push({ part, at: match.index!, length: match[1]!.length, token: { id, kind: 'void' } })
  }
  return {
    segment: cutIntoTokens(parts, cuts),
    restore: (translated) => tokensAsText(segment, translated, (token) => words.get(token.id)),
  }
}

/** A stretch of a segment's text (part, offset, length) to be replaced by a token. */
export interface Cut {
  part: number
  at: number
  length: number
  token: InlineToken
}

/** Ids for new tokens of `parts`: `base`, or `_base`, `__base`… when a token of the parts or an earlier call has it. */
export function freshTokenIds(parts: readonly SegmentPart[]): (base: string) => string {
  const taken = new Set(parts.filter((part): part is InlineToken => typeof part !== 'string').map((token) => token.id))
  return (base) => {
    let id = base
    while (taken.has(id)) id = `_${id}`
    taken.add(id)
    return id
  }
}

/** The parts with each cut's text replaced by its token (cuts in any order, never overlapping), text merged. */
export function cutIntoTokens(parts: readonly SegmentPart[], cuts: readonly Cut[]): SegmentPart[] {
  const byPart = new Map<number, Cut[]>()
  for (const cut of cuts) byPart.set(cut.part, [...(byPart.get(cut.part) ?? []), cut])
  const out: SegmentPart[] = []
  parts.forEach((part, k) => {
    const here = byPart.get(k)
    if (!here) return void out.push(part)
    const text = part as string
    let from = 0
    for (const { at, length, token } of here.sort((a, b) => a.at - b.at)) {
      out.push(text.slice(from, at), token)
      from = at + length
    }
    out.push(text.slice(from))
  })
  return mergeText(out)
}

/** `translated` with each token `textFor` knows written back as its text; a string when `original` was one. */
export function tokensAsText(original: Segment, translated: Segment, textFor: (token: InlineToken) => string | undefined): Segment {
  const restored = mergeText((typeof translated === 'string' ? [translated] : translated).map((part) => (typeof part === 'string' ? part : (textFor(part) ?? part))))
  return typeof original === 'string' ? textOf(restored) : restored
}

/**
 * The segment with each placeholder that a tag pair wraps alone and that owns something
 * (`<b>{name}</b>'s profile`) as one void token, so that it goes as the possessive's stand-in
 * like a bare placeholder; sent as written, the pair and its placeholder were blanks before
 * `'s`, which the analyser read as "is" ("<b>{name}</b> es perfil", eng-cat "ha perfil"). `restore`
 * writes the pair and its placeholder back in the token's place. null when there is none.
 */
export function maskWrappedOwners(segment: Segment): { segment: Segment; restore(translated: Segment): Segment } | null {
  return maskGroups(segment, 'wrapped', (parts, k) => {
    const [open, inner, close, after] = [parts[k], parts[k + 1], parts[k + 2], parts[k + 3]]
    const wraps =
      typeof open === 'object' && open.kind === 'open' && typeof inner === 'object' && inner.kind === 'void' &&
      typeof close === 'object' && close.kind === 'close' && close.id === open.id && typeof after === 'string' && POSSESSIVE_AFTER_TOKEN.test(after)
    return wraps ? { before: [], group: [open, inner, close] } : null
  })
}

/** An `@` or `#` that ends a text right before a placeholder, not glued to a word before it (`user@{domain}` is an address). */
const SIGIL_BEFORE_TOKEN = /(?<![\p{L}\p{M}\p{N}_.@#])[@#]$/u

/**
 * The segment with each `@` or `#` written right before a placeholder (`@{name}`, `#{hashtag}`:
 * Mastodon's handles and hashtags) and that placeholder as one void token, so the two move
 * together: sent apart, the sigil kept its place while the transfer moved the placeholder
 * (en→ca "Share @{name}'s profile" came back "Comparteix @el perfil de {name}", en→eo
 * "Interŝanĝado @laprofilo de {name}"). `restore` writes the sigil and the placeholder back.
 * null when there is none.
 */
export function maskSigils(segment: Segment): { segment: Segment; restore(translated: Segment): Segment } | null {
  return maskGroups(segment, 'sigil', (parts, k) => {
    const [part, next] = [parts[k], parts[k + 1]]
    if (typeof part !== 'string' || typeof next !== 'object' || next.kind !== 'void' || !SIGIL_BEFORE_TOKEN.test(part)) return null
    return { before: [part.slice(0, -1)], group: [part.slice(-1), next] }
  })
}

/**
 * The segment with each of `letters` (single capital letters a hop before left untranslated:
 * "Plan A", "(Z-A)") that stands alone, no letter or digit beside it, as a void token, for the
 * next hop of a route: the letter a hop from English kept is a word the next hop's analyser may
 * know ("A" is Spanish's preposition: es-fr wrote "Plan À", "(Z-À)"). `restore` writes each
 * letter back; the answer has the input's shape. null when none is there.
 */
export function maskLetters(segment: Segment, letters: readonly string[]): { segment: Segment; restore(translated: Segment): Segment } | null {
  const single = letters.filter((letter) => /^\p{Lu}$/u.test(letter))
  if (single.length === 0) return null
  const alone = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])([${single.join('')}])(?![\\p{L}\\p{M}\\p{N}])`, 'u')
  // each letter a part of its own (split keeps what the pattern captures at odd places)
  const parts: SegmentPart[] = []
  const isLetter = new Set<number>()
  for (const part of typeof segment === 'string' ? [segment] : segment) {
    if (typeof part !== 'string') {
      parts.push(part)
      continue
    }
    part.split(alone).forEach((piece, k) => {
      if (k % 2 === 1) isLetter.add(parts.length)
      parts.push(piece)
    })
  }
  if (isLetter.size === 0) return null
  const masked = maskGroups(parts, 'letter', (_, k) => (isLetter.has(k) ? { before: [], group: [parts[k]!] } : null))
  if (!masked) return null
  return {
    segment: masked.segment,
    restore(translated) {
      const restored = masked.restore(translated)
      return typeof segment === 'string' && typeof restored !== 'string' && restored.every((part) => typeof part === 'string') ? restored.join('') : restored
    },
  }
}

/**
 * What maskWrappedOwners and maskSigils share: the segment with each run of parts that `match`
 * finds at a part (`group`, one part for each of the segment's from there; `before`, text that
 * stays ahead of it) as one
 * void token `base0`, `base1`… (ids the segment does not use), and `restore`, which writes each
 * run back in its token's place. null when `match` finds none, or for a plain string.
 */
function maskGroups(
  segment: Segment,
  base: string,
  match: (parts: readonly SegmentPart[], k: number) => { before: SegmentPart[]; group: SegmentPart[] } | null,
): { segment: Segment; restore(translated: Segment): Segment } | null {
  if (typeof segment === 'string') return null
  const freshId = freshTokenIds(segment)
  const groups = new Map<string, readonly SegmentPart[]>()
  const out: SegmentPart[] = []
  for (let k = 0; k < segment.length; k++) {
    const found = match(segment, k)
    if (!found) {
      out.push(segment[k]!)
      continue
    }
    const id = freshId(`${base}${groups.size}`)
    groups.set(id, found.group)
    out.push(...found.before, { id, kind: 'void' })
    // a group stands for as many parts of the segment as it has (a sigil's text part gave its last character)
    k += found.group.length - 1
  }
  if (groups.size === 0) return null
  const restore = (translated: Segment): Segment =>
    typeof translated === 'string' ? translated : mergeText(translated.flatMap((part) => (typeof part === 'string' ? [part] : (groups.get(part.id) ?? [part]))))
  return { segment: mergeText(out), restore }
}

/** Whether a segment sent with stand-ins came back with each of them where it can be found. */
function standInsOf(atoms: readonly Atom[], encoded: EncodedSegment): boolean {
  if (encoded.wordBound) return [...encoded.standIns].every((id) => atoms.some((atom) => atom.type === 'word' && atom.ids.includes(id)))
  return atoms.filter((atom) => atom.type === 'text').reduce((n, atom) => n + wordCount(atom.text, encoded.standIn), 0) === 1
}

/** Options of {@link encodeSegment}. */
export interface EncodeOptions {
  /**
   * A proper noun the source language's analyser knows, sent in place of a void token followed
   * by a possessive `'s`, or that starts a sentence as the subject of a verb in the past with an
   * object ({@link PAST_WITH_OBJECT_AFTER_TOKEN}). Sent as a blank, `{name}'s archetype` reads
   * as "is archetype" (en→es "{name}es arquetipo", en→ca "{user}ha quadre"); as a name, the
   * transfer moves it as the owner it is ("el arquetipo de Mary"), and the decoder puts the
   * token back where the name came out. With `wordBound` every such token goes as the name in a word-bound blank that
   * says which token it is; without, the name goes as plain text, for one token of a segment
   * whose text does not hold the name already. When the answer has lost a stand-in,
   * {@link decodeSegment} says so (`standInLost`): send the segment again without. Default none.
   */
  possessiveStandIn?: string
  /**
   * Whether the stand-in also goes for a void token that starts a sentence as the subject of a
   * verb in the past with an object ({@link PAST_WITH_OBJECT_AFTER_TOKEN}): for any object, or
   * only for one that is not "me", "you" or "us", where the pair's transfer takes the verb's
   * person from such a pronoun (eng-spa "Mary followed you" → "Mary te seguiste", "sent me" →
   * "me envié"). Default none: only possessives.
   */
  pastSubjects?: 'any-object' | 'third-person-object'
  /**
   * A hyphen between two letters goes between two blanks (`well[h:]-[h:]known`), which a
   * transfer rule that reorders the compound writes where the source had none; they come back
   * as {@link HYPHEN_MARK} for {@link withHyphenBlanks} to judge. Default false.
   */
  hyphenBlanks?: boolean
  /**
   * The target's words for sentence-initial interjections the transfer mistranslates, by the
   * English word (`{ Please: 'por favor', Sorry: 'lo sentimos' }`): such a word goes as a
   * superblank and comes back as them where the engine put the blank, followed by a comma when a
   * word follows. eng-spa and en-gl translate the politeness word as the verb ("Please wait." →
   * "Complacer espera.", "Compracer esperar."), eng-spa, eng-cat and en-eo "Sorry" as the
   * adjective ("Triste, algo fue mal.", "Trist, …", "Mizera, …"); what follows is translated as it
   * is ("Por favor, espera.", "Lo sentimos, algo fue mal."). Default none.
   */
  leads?: Readonly<Record<string, string>>
  /**
   * A path separator between words (`Settings > Content > Default country`, `File → Save`,
   * `Home | About`) goes as a superblank followed by a semicolon, which every pair's transfer
   * treats as a boundary, and comes back as written. Sent as text, the transfer reordered
   * words across it: eng-spa "Open Settings > Content > Content of main page" → "Contenido de >
   * Contenido > de Encuadres abierto de página principal"; with the barrier, "Configuraciones
   * abiertas > Contenido > Contenido de página principal". When the answer lost a semicolon,
   * {@link decodeSegment} says so (`standInLost`). Default false.
   */
  separatorBarriers?: boolean
}

/**
 * A path separator between two words, with the blanks around it (captured, for `split`): ` > `,
 * ` → `, ` | `; and the ` + ` of a key combination, which the transfer read as a conjunction and
 * turned round (Mastodon's "<kbd>Shift</kbd> + <kbd>Click</kbd>" → "<kbd>Clic</kbd> + de
 * <kbd>Turno</kbd>").
 */
const PATH_SEPARATOR = /(?<=\S|^)([ \t]+[>→▸▶|⇒❯+][ \t]+)(?=\S|$)/u
/** What a separator's superblank (`[s:]`) decodes to before the separator is written back. */
const SEPARATOR_MARK = '\u0003'

/**
 * The words an interjection may be followed by without a comma, where it is not any word: "Sorry
 * we could not…", "Sorry for the delay", never "Sorry state of affairs" (the adjective).
 */
const LEAD_CONTINUATION: Readonly<Record<string, string>> = {
  Sorry: '(?:we|I|you|but|for|to|about|that|this|it|there|something|nothing|no)(?![\\p{L}])',
  // "Lo sentimos mucho", "Lo sentimos por…": only before a comma or an end mark
  'Lo sentimos': '(?!)',
  // "Welcome back to …" is left to the engine, and its Spanish
  'Welcome back': '(?!)',
  'Bienvenido de nuevo': '(?!)',
  // "Don't worry about it" too
  "Don't worry": '(?!)',
}

/**
 * Leads that are a command, not an interjection: no comma is written after them, and the word
 * after keeps its case ("Sign in with your account" → "Iniciar sesión con vuestra cuenta").
 */
const PHRASE_LEADS = new Set(['Sign in', 'Sign out', 'Log in', 'Log out', 'Sign up', 'Iniciar sesión', 'Inicia sesión', 'Cerrar sesión', 'Haz clic', 'Haz clic aquí', 'Click here', 'Más información'])

/** Interjections that are one after a comma too, in lower case: "Wait, please.", "…, please ignore this email.", "Hello {name}, welcome back!" */
const AFTER_COMMA = new Set(['Please', 'Por favor', 'Welcome back'])

/**
 * One of `words` starting a sentence (or, for AFTER_COMMA words, in lower case after a comma),
 * followed by a word (its comma and blanks taken with it; without a comma, a word of its
 * LEAD_CONTINUATION), by `!` `.` `…` or by the end of the part (a token follows); `words` gives
 * the index in `words` of each capture group.
 */
function sentenceLead(words: readonly string[]): LeadPattern {
  // a lead travels as `[p:N]`, N its index (decodeSuperblankText)
  if (words.length > MAX_SENTENCE_LEADS) throw new Error(`at most ${MAX_SENTENCE_LEADS} sentence leads per direction, got ${words.length}`)
  const alternatives: string[] = []
  const groups: number[] = []
  // a lead of two or three words ("Por favor", "Lo sentimos") matches with any blanks between
  // them, its apostrophe either one ("Don't worry", "Don’t worry")
  const plains = words.map((word) => word.replace(/[^\p{L}' ]/gu, '').trim())
  const apostrophes = (pattern: string) => pattern.replace(/'/g, "['’]")
  plains.forEach((plain, n) => {
    const bare = LEAD_CONTINUATION[plain] ?? '\\p{L}'
    // a part that ends after the word is followed by a token: "Please <b>click here</b>", "Please {name}, wait"
    // …or by the end of the text: a title "Welcome back"; a command keeps the comma after it
    const after = PHRASE_LEADS.has(plain)
      ? `(?:\\s+(?=\\p{L})|(?=[!.…,;:?])|\\s+$|$)`
      : `(?:,\\s+(?=\\p{L})|\\s+(?=${bare})|(?=[!.…])|,?\\s+$|$)`
    // its later words in either case: a Title Case button's "Sign Out", "Log In" (came back
    // "Signo Fuera", "Registro En" where "Sign out" was "Cerrar sesión")
    const spaced = apostrophes(plain.split(/ +/).map((word, k) => (k === 0 ? word : `[${word[0]!.toUpperCase()}${word[0]!.toLowerCase()}]${word.slice(1)}`)).join('\\s+'))
    const lowered = spaced[0]!.toLowerCase() + spaced.slice(1)
    // after a sentence end and a blank, or a run of blanks the encoder sheltered ("code.  Please
    // enter", Keycloak's two spaces between sentences, came back "Complacer introducir")
    alternatives.push(`(?<=^|[.!?…]\\s+|[.!?…]\\[x:\\s+\\])(${spaced})${after}`)
    groups.push(n)
    if (PHRASE_LEADS.has(plain)) {
      // a command after "Please", which starts its clause too: "Please sign in again" came back
      // "Por favor, signo en otra vez"
      alternatives.push(`(?<=(?:^|[.!?…,]\\s+|[.!?…]\\[x:\\s+\\])[Pp]lease\\s+)(${lowered})${after}`)
      groups.push(n)
    }
    if (AFTER_COMMA.has(plain)) {
      alternatives.push(`(?<=,\\s+)(${lowered})${after}`)
      groups.push(n)
    }
  })
  // the pattern's lookbehinds cost about 0.25 µs per lead word on every text: a text holding no
  // lead's first word (most) is not searched
  const firstWords = [...new Set(plains.map((plain) => apostrophes(plain.split(' ')[0]!)))]
  return { pattern: new RegExp(alternatives.join('|'), 'gu'), words: groups, quick: new RegExp(firstWords.join('|'), 'iu') }
}
interface LeadPattern {
  pattern: RegExp
  words: number[]
  /** Whether a text can hold a lead at all: one of their first words, in any case. */
  quick: RegExp
}
const LEAD_PATTERNS = new Map<string, LeadPattern>()
/** sentenceLead(words), built once per table of interjections. */
function leadPatternFor(words: readonly string[]): LeadPattern {
  const key = words.join('|')
  let found = LEAD_PATTERNS.get(key)
  if (!found) LEAD_PATTERNS.set(key, (found = sentenceLead(words)))
  return found
}
/**
 * What an interjection's superblank (`[p:N]`) decodes to before it is written out: this, then
 * the character LEAD_INDEX_BASE + N, a circled or parenthesised number (①…⒛): a number, which
 * the text's capitalisation treats as the sentence's first word as it did an ASCII digit, but no
 * ASCII digit, which a following number would join.
 */
const POLITE_MARK = '\u0002'
const LEAD_INDEX_BASE = 0x2460
/** ① (0x2460) to ⒛ (0x249B): the index characters the patterns below take. */
const MAX_SENTENCE_LEADS = 60

/** What a hyphen's blank (`[h:]`) decodes to: a control character no text sent here holds. */
export const HYPHEN_MARK = '\u0001'
const HYPHEN_IN_WORD = /(?<=\p{L})-(?=\p{L})/gu
const HYPHEN_IN_WORD_ONCE = /(?<=\p{L})-(?=\p{L})/u

/** Whether a segment's text has a hyphen between two letters (`well-known`, `open-source`). */
export function hasHyphenBetweenLetters(segment: Segment): boolean {
  return HYPHEN_IN_WORD_ONCE.test(textOf(segment))
}

/**
 * Chooses between a segment's plain answer and its answer with hyphen blanks (see
 * `hyphenBlanks`): the latter, with each mark a space between two words and nothing next to a
 * hyphen or a space, when removing its marks gives the plain answer, so the only difference is
 * where the engine glued words; otherwise the plain answer (the split changed the words).
 */
export function withHyphenBlanks(plain: Decoded, blanked: Decoded): Decoded {
  const parts = (segment: Segment): readonly SegmentPart[] => (typeof segment === 'string' ? [segment] : segment)
  const glued = parts(blanked.segment).map((part) => (typeof part === 'string' ? part.replaceAll(HYPHEN_MARK, '') : part))
  if (JSON.stringify(glued) !== JSON.stringify(parts(plain.segment))) return plain
  // a mark beside a tag reads the character across it: "peticiones\u0001de\u0001" + `'` + "origen
  // mismo" + `'` (eng-spa's "for 'same-origin' requests") is "peticiones de 'origen mismo'"
  const list = parts(blanked.segment)
  const across = (index: number, step: 1 | -1): string => {
    for (let k = index + step; k >= 0 && k < list.length; k += step) {
      const part = list[k]!
      if (typeof part === 'string') return step === 1 ? (part[0] ?? '') : (part.at(-1) ?? '')
    }
    return ''
  }
  const spaced = list.map((part, index) =>
    typeof part === 'string'
      ? part.replace(/\u0001+/gu, (marks, at: number, text: string) => {
        const before = at === 0 ? across(index, -1) : text[at - 1]!
        const after = at + marks.length === text.length ? across(index, 1) : text[at + marks.length]!
        return WORD_CHAR_BEFORE_AFTER.test(before) && WORD_CHAR_BEFORE_AFTER.test(after) ? ' ' : ''
      })
      : part,
  )
  return { ...blanked, segment: typeof blanked.segment === 'string' ? (spaced[0] as string) : spaced }
}
const WORD_CHAR_BEFORE_AFTER = /^[\p{L}\p{M}\p{N}]$/u


/**
 * Most inline tokens open at once in one segment. Apertium's cost grows faster than linearly
 * with nesting when the nested tags hold words (eng-spa, a word at each level: 400 levels
 * 0.17 s, 800 levels 1.2 s, 1 600 levels 4.6 s; 3 000 over 20 s), while the HTML of the corpus
 * nests inline tags 2 deep at most. 64 levels around 1 500 words measured 0.2 s.
 */
export const MAX_INLINE_DEPTH = 32
/**
 * Most inline tokens (open, close and void) in one segment: 0.1–0.3 ms of pipeline time each
 * (eng-spa: 2 000 tokens in pairs 0.16 s, 6 000 0.57 s; 3 000 void tokens 0.96 s), holding
 * the other texts of the flush back meanwhile; the corpus has at most 9 in a segment.
 */
export const MAX_INLINE_TOKENS = 1000

/**
 * Throws ENGINE_INVALID_SEGMENT unless every token is well-formed, unique and balanced, and
 * ENGINE_LIMIT_EXCEEDED when the segment has more than {@link MAX_INLINE_TOKENS} tokens or
 * more than {@link MAX_INLINE_DEPTH} open at once.
 */
export function validateSegment(segment: Segment): void {
  if (typeof segment === 'string') return
  if (!Array.isArray(segment)) throw new EngineError('ENGINE_INVALID_SEGMENT', 'A segment is a string or an array of parts')
  const open = new Set<string>()
  const seen = new Set<string>()
  let tokens = 0
  for (const part of segment as readonly unknown[]) {
    if (typeof part === 'string') continue
    if (++tokens > MAX_INLINE_TOKENS) {
      throw new EngineError('ENGINE_LIMIT_EXCEEDED', `A segment has more than ${MAX_INLINE_TOKENS} inline tokens (tags)`)
    }
    const token = part as Partial<InlineToken> | null
    if (!token || typeof token !== 'object' || typeof token.id !== 'string' || token.id === '') {
      throw new EngineError('ENGINE_INVALID_SEGMENT', 'A segment part is a string or an inline token with a non-empty id')
    }
    const { id, kind } = token
    if (kind === 'void') {
      if (seen.has(id)) throw new EngineError('ENGINE_INVALID_SEGMENT', `Token id "${id}" is used twice`)
      seen.add(id)
    } else if (kind === 'open') {
      if (seen.has(id)) throw new EngineError('ENGINE_INVALID_SEGMENT', `Token id "${id}" is used twice`)
      seen.add(id)
      open.add(id)
      if (open.size > MAX_INLINE_DEPTH) {
        throw new EngineError('ENGINE_LIMIT_EXCEEDED', `Inline tokens (tags) nest more than ${MAX_INLINE_DEPTH} deep in a segment`)
      }
    } else if (kind === 'close') {
      if (!open.has(id)) throw new EngineError('ENGINE_INVALID_SEGMENT', `Close token "${id}" has no open token before it`)
      open.delete(id)
    } else {
      throw new EngineError('ENGINE_INVALID_SEGMENT', `Token "${id}" has an unknown kind`)
    }
  }
  if (open.size > 0) {
    throw new EngineError('ENGINE_INVALID_SEGMENT', `Open token "${[...open][0]}" is never closed`)
  }
}


/**
 * Encodes a (validated) segment. Open/close pairs around words become word-bound blanks when
 * `wordBound` is on and the pairs nest properly; everything else becomes superblanks in place.
 */
export function encodeSegment(segment: Segment, wordBound: boolean, options: EncodeOptions = {}): EncodedSegment {
  const parts: SegmentPart[] = typeof segment === 'string' ? [segment] : [...segment]
  const tokens = parts.filter((p): p is InlineToken => typeof p !== 'string')
  const text = textOf(parts)
  const standIn = options.possessiveStandIn ?? ''
  const hyphenBlanks = (options.hyphenBlanks ?? false) && !text.includes(HYPHEN_MARK)
  const leads = options.leads && !text.includes(POLITE_MARK) ? options.leads : {}
  const leadWords = Object.keys(leads)
  const leadTable = leadWords.length === 0 ? null : leadPatternFor(leadWords)
  const leadPattern = leadTable && leadTable.quick.test(text) ? leadTable : null
  let polite = 0
  const separatorBarriers = (options.separatorBarriers ?? false) && !text.includes(SEPARATOR_MARK)
  const separators: string[] = []
  const standIns = new Set<number>()
  const empty: EncodedSegment = { wordBound: false, stream: '', tokens, lead: '', trail: '', addedStop: false, original: segment, standIns, standIn, polite: 0, leads: {}, separators }
  if (!HAS_WORD.test(text)) return empty

  // Leading and trailing whitespace stay with the caller, not with Apertium.
  let lead = ''
  let trail = ''
  if (typeof parts[0] === 'string') {
    lead = /^\s*/u.exec(parts[0])![0]
    parts[0] = parts[0].slice(lead.length)
  }
  const last = parts.length - 1
  if (typeof parts[last] === 'string') {
    trail = /\s*$/u.exec(parts[last] as string)![0]
    parts[last] = (parts[last] as string).slice(0, (parts[last] as string).length - trail.length)
  }

  // Which pairs may be word-bound: properly nested, with a word inside.
  const index = new Map<string, number>()
  tokens.forEach((t, i) => { if (t.kind !== 'close') index.set(t.id, i) })
  const bound = new Set<string>()
  if (wordBound) {
    const stack: Array<{ id: string; text: string }> = []
    let nested = true
    for (const part of parts) {
      if (typeof part === 'string') {
        for (const frame of stack) frame.text += part
      } else if (part.kind === 'open') {
        stack.push({ id: part.id, text: '' })
      } else if (part.kind === 'close') {
        const frame = stack.pop()
        if (!frame || frame.id !== part.id) { nested = false; break }
        if (HAS_WORD.test(frame.text)) bound.add(part.id)
      }
    }
    if (!nested) bound.clear()
  }

  let stream = ''
  // word-bound blanks do not nest: a stand-in goes only where no bound pair is open
  let boundOpen = 0
  // a plain name is found again by its text, so the text must not hold it already (read once, when needed)
  let nameFree: boolean | undefined
  const standInFits = () => standIn !== '' && (wordBound || (nameFree ??= wordCount(text, standIn) === 0))
  const pastSubjects = options.pastSubjects
  const subjectOfPast = (k: number, next: string): boolean => {
    const before = parts[k - 1]
    if (pastSubjects === undefined || !(before === undefined || (typeof before === 'string' && SENTENCE_START_BEFORE.test(before)))) return false
    const object = PAST_WITH_OBJECT_AFTER_TOKEN.exec(next)?.[1]
    return object !== undefined && (pastSubjects === 'any-object' || !FIRST_OR_SECOND_PERSON.test(object))
  }
  // whether the text so far is empty or ends a sentence: a "Please" at a part's start starts one then
  let sentenceStart = true
  // inline tags open around the part: a lead inside one goes as words (its superblank came back
  // outside the tag, which kept none of them: "<a>Learn more</a>" → "Más información <a></a>")
  let tagsOpen = 0
  parts.forEach((part, k) => {
    if (typeof part !== 'string') tagsOpen += part.kind === 'open' ? 1 : part.kind === 'close' ? -1 : 0
    if (typeof part === 'string') {
      const escape = (piece: string): string => piece.replace(STREAM_TEXT_CHANGE, streamTextFor)
      let text = separatorBarriers
        ? part.split(PATH_SEPARATOR).map((piece, n) => (n % 2 === 0 ? escape(piece) : (separators.push(piece), '[s:];'))).join('')
        : escape(part)
      if (hyphenBlanks) text = text.replace(HYPHEN_IN_WORD, '[h:]-[h:]')
      if (leadPattern && tagsOpen === 0) {
        const startsSentence = sentenceStart
        text = text.replace(leadPattern.pattern, (lead: string, ...groups: unknown[]) => {
          const at = groups[leadPattern.words.length] as number
          const sentenceInitial = /^\p{Lu}/u.test(lead)
          if (at === 0 && sentenceInitial && !startsSentence) return lead
          polite++
          return `[p:${leadPattern.words[groups.findIndex((group) => group !== undefined)]}]`
        })
        if (part.trim() !== '') sentenceStart = /[.!?…]\s*$/u.test(part)
      }
      stream += text
      return
    }
    const i = index.get(part.id)!
    const next = parts[k + 1]
    if (bound.has(part.id)) {
      boundOpen += part.kind === 'open' ? 1 : -1
      stream += part.kind === 'open' ? `[[t:${i}]]` : '[[/]]'
    } else if (part.kind === 'void' && boundOpen === 0 && typeof next === 'string' && (POSSESSIVE_AFTER_TOKEN.test(next) || subjectOfPast(k, next)) && (wordBound || standIns.size === 0) && standInFits()) {
      standIns.add(i)
      stream += wordBound ? `[[t:${i}]]${standIn}[[/]]` : standIn
    } else stream += `[t:${i}:${part.kind === 'open' ? 'o' : part.kind === 'close' ? 'c' : 'v'}]`
  })
  // Apertium drops or mistranslates the end of a text without a sentence end; like
  // transfuse, add a full stop and take it off again.
  const addedStop = !FINAL_PUNCTUATION.test(textOf(parts).trimEnd())
  if (addedStop) stream += '.'
  return { wordBound: bound.size > 0 || (wordBound && standIns.size > 0), stream, tokens, lead, trail, addedStop, original: segment, standIns, standIn, polite, leads, separators }
}

type Atom =
  | { type: 'text'; text: string }
  | { type: 'word'; text: string; ids: number[] }
  | { type: 'token'; index: number; kind: 'o' | 'c' | 'v' }

/**
 * Reads one unit of pipeline output (between the sync markers) into atoms. Engine marks
 * (`*word` unknown, `#word` not generated, `@word` or `\\@word` not transferred) are removed
 * and their words collected; a literal `*`, `#`, `@` of the source came back sheltered.
 * Plain whitespace runs (the engine's) collapse to one character; sheltered runs (the
 * source's) come back as written, without engine whitespace next to them.
 */
function parseOutput(raw: string, unknown: string[], flags: { leaked: boolean }): Atom[] {
  const atoms: Atom[] = []
  const innerTokens: Atom[] = []
  let text = ''
  let mark: string | null = null
  let markWord = ''
  /** What the text ends with: engine whitespace, a sheltered whitespace run, or anything else. */
  let tail: 'plain' | 'sheltered' | 'other' = 'other'
  // a hyphen right after a marked word is the text's ("*A-*Z", "A-[v:u:2]Z": the word is "A")
  const noteUnknown = (word: string) => {
    const bare = word.replace(/-+$/, '')
    if (bare !== '' && !unknown.includes(bare)) unknown.push(bare)
  }
  const endMark = () => {
    if (mark !== null) noteUnknown(markWord)
    mark = null
    markWord = ''
  }
  const pushText = () => {
    if (text !== '') atoms.push({ type: 'text', text })
    text = ''
    tail = 'other'
  }
  const addChar = (ch: string) => {
    if (IS_WHITESPACE.test(ch)) {
      if (tail === 'sheltered') return
      if (tail === 'plain') {
        // Keep a line break over a space when the engine doubled them.
        if (ch === '\n') text = text.slice(0, -1) + ch
        return
      }
      tail = 'plain'
    } else tail = 'other'
    text += ch
  }
  const addSheltered = (content: string) => {
    const value = decodeSuperblankText(content)
    if (value === '') return
    if (SHELTERED_RUN.test(value)) {
      if (tail === 'plain') text = text.slice(0, -1)
      tail = 'sheltered'
    } else tail = 'other'
    text += value
  }
  // `[v:u:N]` follows a word the generator marked (mode.ts, POST_GENERATION_FILTER): the word
  // is the last N characters before it, as far as they are word characters (a word-bound
  // word's marker follows its `[[/]]`: that word is the last atom; a rule of the
  // post-generator can leave a blank and a token between the word and its marker)
  const noteMarkedWordBefore = (content: string): boolean => {
    const length = MARKED_WORD_END.exec(content)
    if (!length) return false
    const last = atoms.findLast((atom): atom is Exclude<Atom, { type: 'token' }> => atom.type !== 'token')
    const before = (text !== '' ? text : (last?.text ?? '')).trimEnd()
    let k = before.length
    for (let n = Number(length[1]); n > 0 && k > 0; n--) {
      const pair = k > 1 && /[\uDC00-\uDFFF]/.test(before[k - 1]!) && /[\uD800-\uDBFF]/.test(before[k - 2]!)
      const ch = pair ? before.slice(k - 2, k) : before[k - 1]!
      if (!WORD_CHAR.test(ch)) break
      k -= ch.length
    }
    noteUnknown(before.slice(k))
    return true
  }
  // Reads plain stream text from i up to (not including) a `[`; returns the new index.
  const readText = (from: number, stopAtWordBoundEnd: boolean): number => {
    let i = from
    while (i < raw.length) {
      const ch = raw[i]!
      if (ch === '[') {
        if (!stopAtWordBoundEnd || raw.startsWith('[[/]]', i)) break
        // A superblank inside a word-bound word: a token goes just before the word.
        const end = findBlankEnd(raw, i)
        const content = raw.slice(i + 1, end)
        const token = /^t:(\d+):([ocv])$/.exec(content)
        if (token) innerTokens.push({ type: 'token', index: Number(token[1]), kind: token[2] as 'o' | 'c' | 'v' })
        else if (!noteMarkedWordBefore(content)) addSheltered(content)
        i = end + 1
        continue
      }
      if (ch === '\\' && raw[i + 1] === '@') {
        // The generator writes the mark of an untransferred word escaped.
        endMark()
        mark = '@'
        i += 2
        continue
      }
      if (ch === '\\' && i + 1 < raw.length) {
        const next = raw[i + 1]!
        if (mark !== null && WORD_CHAR.test(next)) markWord += next
        else endMark()
        addChar(next)
        i += 2
        continue
      }
      if (ch === '^' || ch === '$') flags.leaked = true
      if (ch === '*' || ch === '#' || ch === '@') {
        endMark()
        mark = ch
        i++
        continue
      }
      if (mark !== null) {
        if (WORD_CHAR.test(ch)) markWord += ch
        else endMark()
      }
      addChar(ch)
      i++
    }
    return i
  }

  let i = 0
  while (i < raw.length) {
    i = readText(i, false)
    if (i >= raw.length) break
    endMark()
    if (raw.startsWith('[[', i)) {
      const close = raw.indexOf(']]', i + 2)
      if (close < 0) { text += raw.slice(i); i = raw.length; break }
      const header = raw.slice(i + 2, close)
      if (header === '/') { i = close + 2; continue } // stray end of a word-bound blank
      pushText()
      i = readText(close + 2, true)
      endMark()
      const word = text
      text = ''
      tail = 'other'
      if (raw.startsWith('[[/]]', i)) i += 5
      atoms.push(...innerTokens.splice(0))
      atoms.push(...wordBoundAtoms(header, word))
      continue
    }
    const end = findBlankEnd(raw, i)
    const content = raw.slice(i + 1, end)
    i = end + 1
    const token = /^t:(\d+):([ocv])$/.exec(content)
    if (token) {
      pushText()
      atoms.push({ type: 'token', index: Number(token[1]), kind: token[2] as 'o' | 'c' | 'v' })
    } else if (!noteMarkedWordBefore(content)) {
      addSheltered(content)
    }
  }
  endMark()
  pushText()
  return atoms
}

/**
 * The atoms of one word-bound blank: its text with the tags (`t:N`) its header names. The
 * post-generator merges a `~` word's blank with the next word's (mode.ts,
 * POST_GENERATION_FILTER: each blank numbered `w:N`, their headers kept in order): when the
 * text has as many words as the header has numbered blanks, each word gets the tags of its own
 * blank ("el Salva" → "el", "<b>Salva</b>"); an elision that joined two is split after its
 * apostrophe ("d'", "<b>Ajustos</b>"); otherwise a rule joined them ("del llibre") and the text
 * carries every tag.
 */
function wordBoundAtoms(header: string, text: string): Atom[] {
  const ids: number[] = []
  const groups: number[][] = []
  let current: number[] = []
  for (const entry of header.split(';')) {
    const tag = /^\s*t:(\d+)\s*$/.exec(entry)
    if (tag) {
      ids.push(Number(tag[1]))
      current.push(Number(tag[1]))
    } else if (/^\s*w:\d+\s*$/.test(entry)) {
      groups.push(current)
      current = []
    }
  }
  const pieces = text.split(/(\s+)/)
  if (groups.length === 2 && pieces.length === 1) {
    // an elision joined the two words ("~de Ajustos" → "d'Ajustos"): the elided word keeps its
    // own blank's tags, so a tag around the second word stays around it ("d'<b>Ajustos</b>")
    const elided = ELIDED.exec(text)?.[0]
    if (elided && elided.length < text.length) {
      return [{ type: 'word', text: elided, ids: [...new Set(groups[0])] }, { type: 'word', text: text.slice(elided.length), ids: [...new Set(groups[1])] }]
    }
  }
  if (groups.length < 2 || pieces.length !== 2 * groups.length - 1 || pieces.some((piece) => piece === '')) return [{ type: 'word', text, ids }]
  return pieces.map((piece, k): Atom => (k % 2 === 0 ? { type: 'word', text: piece, ids: [...new Set(groups[k / 2])] } : { type: 'text', text: piece }))
}

/** An elided word at the start of a joined one: "d'", "l'", "dell'", "qu'". */
const ELIDED = /^\p{L}{1,5}['’]/u

function findBlankEnd(raw: string, start: number): number {
  for (let i = start + 1; i < raw.length; i++) {
    if (raw[i] === '\\') { i++; continue }
    if (raw[i] === ']') return i
  }
  return raw.length
}

function decodeSuperblankText(content: string): string {
  const sheltered = /^x:([^]|[ \t\r\n\u00A0\u2000-\u200A\u202F\u205F\u3000]{2,})$/u.exec(content)
  if (sheltered) return sheltered[1]!
  if (content === 'h:') return HYPHEN_MARK
  const lead = /^p:(\d{1,2})$/.exec(content)
  if (lead) return POLITE_MARK + String.fromCharCode(LEAD_INDEX_BASE + Number(lead[1]))
  if (content === 's:') return SEPARATOR_MARK
  return '' // our own markers, or an empty blank
}

/**
 * Writes each interjection mark as the target's words (in lower case after a comma): before a
 * word with a comma, the word in lower case unless it is spelt so in the source (a name):
 * "[p:0]Espera." → "Por favor, espera."; before punctuation as they are: "[p:1]! Ningún
 * resultado." → "Lo sentimos! Ningún resultado.", "Espera, [p:0]." → "Espera, por favor.".
 */
function writePoliteLeads(parts: SegmentPart[], leads: Readonly<Record<string, string>>, source: readonly SegmentPart[]): void {
  const sourceText = textOf(source)
  const words = Object.values(leads).map((lead) => lead[0]!.toLocaleUpperCase() + lead.slice(1))
  const phrases = Object.keys(leads).map((key) => PHRASE_LEADS.has(key))
  parts.forEach((part, k) => {
    if (typeof part !== 'string' || !part.includes(POLITE_MARK)) return
    parts[k] = part.replace(/\u0002([\u2460-\u249B])\s*(?:(\p{L}[\p{L}\p{M}]*)|(?=[!.…?,;:]))?/gu, (_, n: string, word: string | undefined, at: number, whole: string) => {
      const index = n.charCodeAt(0) - LEAD_INDEX_BASE
      const capitalised = words[index] ?? ''
      // after a comma, after another interjection ("Sorry, please try…") or after a word (a
      // command after the engine's own "please": ca "Per favor inicia la sessió"), in lower case
      const lead = capitalised !== '' && /(?:,|\u0002[\u2460-\u249B]|[\p{L}\p{M}\p{N}])\s*$/u.test(whole.slice(0, at)) ? capitalised[0]!.toLocaleLowerCase() + capitalised.slice(1) : capitalised
      const rest = whole.slice(at + _.length)
      if (word === undefined) {
        // before punctuation, or ending the text (a title: "Welcome back")
        if (/^[!.…?,;:]/u.test(rest) || (rest.trim() === '' && k === parts.length - 1)) return lead + rest.slice(rest.trimEnd().length)
        // a command, before a token: no comma after it ("Iniciar sesión <b>aquí</b>")
        if (phrases[index]) return `${lead} `
        // before another interjection, or at the end of the part before a token ("Por favor, <b>haz clic</b>")
        return rest.startsWith(POLITE_MARK) || (rest === '' && k < parts.length - 1) ? `${lead}, ` : `${lead} `
      }
      // not English "I" ("Lo sentimos, no puedo" → "Sorry, I can not")
      const lowered = TITLE_WORD.test(word) && word !== 'I' && !new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, 'u').test(sourceText) ? word[0]!.toLocaleLowerCase() + word.slice(1) : word
      return phrases[index] ? `${lead} ${lowered}` : `${lead}, ${lowered}`
    })
  })
}
const TITLE_WORD = /^\p{Lu}[\p{Ll}\p{M}]*$/u

/** Writes each separator mark back as its separator, in order, in place of the engine's blanks around it. */
function writeSeparators(parts: SegmentPart[], separators: readonly string[]): void {
  let n = 0
  parts.forEach((part, k) => {
    if (typeof part === 'string' && part.includes(SEPARATOR_MARK)) parts[k] = part.replace(/[ \t]*\u0003[ \t]*/gu, () => separators[n++] ?? ' ')
  })
}

/** Removes the full stop {@link encodeSegment} added, if it came back at the end. */
function removeAddedStop(atoms: Atom[]): void {
  for (let k = atoms.length - 1; k >= 0; k--) {
    const atom = atoms[k]!
    if (atom.type === 'token') continue
    if (atom.type === 'text' && atom.text.trim() === '') continue
    const trimmed = atom.text.trimEnd()
    if (trimmed.endsWith('.')) atom.text = trimmed.slice(0, -1) + atom.text.slice(trimmed.length)
    return
  }
}

/**
 * Puts each stand-in's void token back in place of the name it went as. A word-bound blank can
 * come back holding more than the name (eng-cat binds the preposition to it: "de Mary"), so the
 * token replaces the name within it, or the blank's last word when a generator changed the name
 * (eng-hbs writes "Marica"); a name the generator marked is not an unknown word of the text. A
 * plain stand-in is the one occurrence of the name in the text (see {@link standInsOf}).
 */
function withStandInsReplaced(atoms: Atom[], encoded: EncodedSegment, unknownWords: string[]): Atom[] {
  const out: Atom[] = []
  const plainIndex = encoded.wordBound ? -1 : [...encoded.standIns][0]!
  for (const atom of atoms) {
    if (atom.type === 'text' && plainIndex >= 0) {
      const at = wordIndex(atom.text, encoded.standIn)
      if (at < 0) out.push(atom)
      else {
        const before = atom.text.slice(0, at)
        const after = atom.text.slice(at + encoded.standIn.length)
        if (before !== '') out.push({ type: 'text', text: before })
        out.push({ type: 'token', index: plainIndex, kind: 'v' })
        if (after !== '') out.push({ type: 'text', text: after })
      }
      continue
    }
    const ids = atom.type === 'word' ? atom.ids.filter((id) => encoded.standIns.has(id)) : []
    if (atom.type !== 'word' || ids.length === 0) {
      out.push(atom)
      continue
    }
    const rest = atom.ids.filter((id) => !encoded.standIns.has(id))
    const piece = (text: string): Atom[] => (text === '' ? [] : rest.length > 0 ? [{ type: 'word', text, ids: rest }] : [{ type: 'text', text }])
    let text = atom.text
    for (const id of ids) {
      let at = wordIndex(text, encoded.standIn)
      let length = encoded.standIn.length
      if (at < 0) {
        const last = /\S+$/u.exec(text)
        at = last ? last.index : text.length
        length = last ? last[0].length : 0
        const word = text.slice(at, at + length)
        const k = unknownWords.indexOf(word)
        if (k >= 0) unknownWords.splice(k, 1)
      }
      out.push(...piece(text.slice(0, at)), { type: 'token', index: id, kind: 'v' })
      text = text.slice(at + length)
    }
    out.push(...piece(text))
  }
  return out
}

/** Where `word` stands in `text` as a whole word, from `from`, or -1. */
function wordIndex(text: string, word: string, from = 0): number {
  for (let at = text.indexOf(word, from); at >= 0; at = text.indexOf(word, at + 1)) {
    const before = text[at - 1]
    const after = text[at + word.length]
    if ((before === undefined || !WORD_CHAR.test(before)) && (after === undefined || !WORD_CHAR.test(after))) return at
  }
  return -1
}

/** How many times `word` stands in `text` as a whole word. */
function wordCount(text: string, word: string): number {
  let n = 0
  for (let at = wordIndex(text, word); at >= 0; at = wordIndex(text, word, at + word.length)) n++
  return n
}

/**
 * The source as the engine read it, for the tidy steps that judge the answer against it: a
 * stand-in's token is its name for the capitals (`{name}'s archetype` starts with a name, so "El
 * arquetipo de {name}" keeps its capital), and its `'s` is gone for the spaces (the engine
 * consumed it; the space it writes after the owner is its own).
 */
function sourceAsSent(source: readonly SegmentPart[], encoded: EncodedSegment): { forCase: SegmentPart[]; forSpaces: SegmentPart[] } {
  const standInTokens = new Set([...encoded.standIns].map((index) => encoded.tokens[index]))
  const forCase: SegmentPart[] = []
  const forSpaces: SegmentPart[] = []
  source.forEach((part, k) => {
    const before = source[k - 1]
    const owned = typeof part === 'string' && before !== undefined && typeof before !== 'string' && standInTokens.has(before)
    forCase.push(typeof part !== 'string' && standInTokens.has(part) ? encoded.standIn : part)
    forSpaces.push(owned ? (part as string).replace(POSSESSIVE_AFTER_TOKEN, '') : part)
  })
  return { forCase, forSpaces }
}

/** Result of decoding one unit: parts with every input token exactly once, and unknown words. */
export interface Decoded {
  readonly segment: Segment
  readonly unknownWords: string[]
  /**
   * The answer held raw lexical units (an unescaped `^` or `$`): a pipeline stage could not
   * handle the input (seen with word-bound blanks in some pairs). The text is not trustworthy.
   */
  readonly leaked: boolean
  /**
   * A stand-in (EncodeOptions' `possessiveStandIn`, `leads` or `separatorBarriers`) is not where it can be found
   * in the answer: the segment is returned as given, to be sent again without stand-ins.
   */
  readonly standInLost?: boolean
}

/** Options of {@link decodeSegment}. */
export interface DecodeOptions {
  /**
   * The hop's target language: capitals the engine put where the source has none are
   * lowered for targets written with lower-case common nouns (and English, except the
   * words its dictionary capitalises). Default: undefined (capitals kept as answered).
   */
  target?: string
  /** The hop's source language: between languages that capitalise the same words (sl and sh…), the first word is recased too. Default: undefined */
  source?: string
}

/**
 * Turns a pipeline's answer for one encoded segment back into a segment of the same shape:
 * every input token once, nested as in the input; engine marks removed (their words in
 * `unknownWords`); whitespace runs and capitals the engine introduced undone.
 */
export function decodeSegment(raw: string, encoded: EncodedSegment, options: DecodeOptions = {}): Decoded {
  if (encoded.stream === '') return { segment: encoded.original, unknownWords: [], leaked: false }
  const unknownWords: string[] = []
  const flags = { leaked: false }
  if (encoded.separators.length > 0) {
    // each separator's barrier semicolon must follow its superblank, as sent (inside a
    // word-bound pair it comes back as a word of its own: `[s:][[t:0; w:2]];[[/]]`)
    let barriers = 0
    raw = raw.replace(/\[s:\]\s*(?:\[\[[^\]]*\]\];\[\[\/\]\]|;)/g, () => (barriers++, '[s:]'))
    if (barriers !== encoded.separators.length) return { segment: encoded.original, unknownWords: [], leaked: false, standInLost: true }
  }
  let atoms = parseOutput(raw, unknownWords, flags)
  if (encoded.polite > 0 && atoms.reduce((n, atom) => n + (atom.type === 'token' ? 0 : atom.text.split(POLITE_MARK).length - 1), 0) !== encoded.polite) {
    return { segment: encoded.original, unknownWords: [], leaked: flags.leaked, standInLost: true }
  }
  if (encoded.standIns.size > 0) {
    if (!standInsOf(atoms, encoded)) return { segment: encoded.original, unknownWords: [], leaked: flags.leaked, standInLost: true }
    atoms = withStandInsReplaced(atoms, encoded, unknownWords)
  }
  if (encoded.addedStop) removeAddedStop(atoms)
  const tokens = encoded.tokens
  const tokenOf = (index: number): InlineToken | undefined => tokens[index]

  // Spans of word-bound pairs over atom positions, widened until they nest.
  const spans = new Map<number, [number, number]>()
  atoms.forEach((atom, pos) => {
    if (atom.type !== 'word') return
    for (const id of atom.ids) {
      const span = spans.get(id)
      if (span) span[1] = pos
      else spans.set(id, [pos, pos])
    }
  })
  let changed = true
  while (changed) {
    changed = false
    for (const a of spans.values()) {
      for (const b of spans.values()) {
        if (a !== b && a[0] < b[0] && b[0] <= a[1] && a[1] < b[1]) { a[1] = b[1]; changed = true }
      }
    }
  }
  const opensAt = new Map<number, number[]>()
  const closesAt = new Map<number, number[]>()
  for (const [id, [start, end]] of spans) {
    if (!opensAt.has(start)) opensAt.set(start, [])
    opensAt.get(start)!.push(id)
    if (!closesAt.has(end)) closesAt.set(end, [])
    closesAt.get(end)!.push(id)
  }
  const outer = (a: number, b: number) => {
    const [sa, ea] = spans.get(a)!
    const [sb, eb] = spans.get(b)!
    return sa - sb || eb - ea || a - b
  }

  const out: SegmentPart[] = []
  const closeIndex = (openIndex: number): InlineToken | undefined => {
    const open = tokenOf(openIndex)
    return open ? tokens.find((t) => t.kind === 'close' && t.id === open.id) : undefined
  }
  atoms.forEach((atom, pos) => {
    for (const id of (opensAt.get(pos) ?? []).sort(outer)) {
      const t = tokenOf(id)
      if (t) out.push(t)
    }
    if (atom.type === 'token') {
      const t = atom.kind === 'c' ? closeIndex(atom.index) : tokenOf(atom.index)
      if (t && t.kind[0] === atom.kind) out.push(t)
    } else out.push(atom.text)
    for (const id of (closesAt.get(pos) ?? []).sort(outer).reverse()) {
      const t = closeIndex(id)
      if (t) out.push(t)
    }
  })

  const sourceParts = typeof encoded.original === 'string' ? [encoded.original] : encoded.original
  const { forCase, forSpaces } = encoded.standIns.size > 0 ? sourceAsSent(sourceParts, encoded) : { forCase: sourceParts, forSpaces: sourceParts }
  const tidied = tidySpaceAroundPunctuation(tidySpaceAfterTokens(tidyCase(nestLike(sourceParts, repairTokens(out, tokens)), forCase, options.target, options.source), forSpaces), sourceParts)
  const repaired = withoutAddedSubject(fromFrenchTypography(options.source, options.target) ? withoutFrenchSpaces(tidied) : tidied, sourceParts, options)
  // Whitespace at the ends is the caller's.
  const first = repaired[0]
  if (typeof first === 'string') repaired[0] = first.trimStart()
  const lastIndex = repaired.length - 1
  const last = repaired[lastIndex]
  if (typeof last === 'string') repaired[lastIndex] = last.trimEnd()
  if (encoded.polite > 0) writePoliteLeads(repaired, encoded.leads, sourceParts)
  if (encoded.separators.length > 0) writeSeparators(repaired, encoded.separators)
  const withEnds: SegmentPart[] = [encoded.lead, ...repaired, encoded.trail]
  const merged = mergeText(withEnds)
  if (typeof encoded.original === 'string') return { segment: textOf(merged), unknownWords, leaked: flags.leaked }
  return { segment: merged, unknownWords, leaked: flags.leaked }
}

/**
 * Makes any list of parts honour the guarantee for `tokens` (the input's tokens, in order):
 * unknown and repeated tokens are dropped, a close before its open is dropped, and every
 * missing token is appended at the end in input order.
 */
export function repairTokens(parts: readonly SegmentPart[], tokens: readonly InlineToken[]): SegmentPart[] {
  const key = (t: InlineToken) => `${t.kind}\u0000${t.id}`
  const wanted = new Map(tokens.map((t) => [key(t), t]))
  const placed = new Set<string>()
  const out: SegmentPart[] = []
  // the text on both sides of a repeated or unknown token joins with one blank between: en-eo
  // writes some superblanks twice ("the [t:0:v] branch of" → "la [t:0:v] filion [t:0:v]  de"),
  // which left "filion  de" and a value ending "profilon "; a close moved to the end leaves its
  // text as it is
  let dropped = false
  for (const part of parts) {
    if (typeof part === 'string') {
      const before = out[out.length - 1]
      if (dropped && typeof before === 'string' && /\s$/u.test(before)) out[out.length - 1] = before + part.trimStart()
      else out.push(part)
      dropped = false
      continue
    }
    const k = key(part)
    const original = wanted.get(k)
    dropped = original === undefined || placed.has(k)
    if (original === undefined || dropped || (part.kind === 'close' && !placed.has(`open\u0000${part.id}`))) continue
    placed.add(k)
    out.push(original)
  }
  for (const t of tokens) {
    if (!placed.has(key(t))) { placed.add(key(t)); out.push(t) }
  }
  return out
}

/**
 * Spaces the engine leaves after an opening or void token where the source had none. A
 * post-generator rule that joins the word before an opening tag with the first word inside
 * it (es→pt "de <b>el libro</b>": "~de o" → "do") writes the tag between two spaces, "do
 * <b> livro</b>"; a word the engine drops right after a token leaves its blank behind
 * (en→es "<v Roger>We are" → "<v Roger> Somos", the pronoun dropped). The space after such a
 * token goes where the source had none after it and the token starts the text or the text
 * before it already ends in one. The engine also writes a space after a sentence's end, so a
 * line break the source glued between two sentences came back with one ("It is
 * done.<br/>You can go." → "Está hecho.<br/> Puedes ir."): after a token that the source
 * too had right after punctuation, the space goes when the text before it ends in punctuation.
 * A run of tokens counts as one: what decides is the text before the run (Android's "…is
 * disabled.\n\nDo you want…", each `\n` a token, came back "…inutilizado.\n\n ¿Quieres…").
 */
function tidySpaceAfterTokens(parts: SegmentPart[], source: readonly SegmentPart[]): SegmentPart[] {
  const spacedInSource = new Set<string>()
  const afterPunctuationInSource = new Set<string>()
  source.forEach((part, i) => {
    const next = source[i + 1]
    if (typeof part === 'string' || part.kind === 'close') return
    // a comma after the token that the engine dropped leaves the blank that followed it ("via
    // <code>stdout</code>, or in" → en-eo "tra <code>stdout</code> aŭ en")
    if (typeof next !== 'string' || /^(?:\s|[,;:]\s)/u.test(next)) spacedInSource.add(`${part.kind}\u0000${part.id}`)
    const before = textBeforeTokens(source, i)
    if (typeof before === 'string' && GLUED_PUNCTUATION.test(before)) afterPunctuationInSource.add(`${part.kind}\u0000${part.id}`)
  })
  return parts.map((part, i) => {
    const token = parts[i - 1]
    if (typeof part !== 'string' || typeof token === 'string' || token === undefined || token.kind === 'close') return part
    const key = `${token.kind}\u0000${token.id}`
    if (spacedInSource.has(key) || !/^\s/u.test(part)) return part
    const beforeToken = textBeforeTokens(parts, i - 1)
    const startsText = beforeToken === undefined || beforeToken === ''
    if (startsText || /\s$/u.test(beforeToken)) return part.trimStart()
    return afterPunctuationInSource.has(key) && GLUED_PUNCTUATION.test(beforeToken) ? part.trimStart() : part
  })
}

/** The text before the run of tokens that ends at `parts[index]`; undefined when the run starts the parts. */
function textBeforeTokens(parts: readonly SegmentPart[], index: number): string | undefined {
  for (let k = index - 1; k >= 0; k--) {
    const part = parts[k]!
    if (typeof part === 'string') return part
  }
  return undefined
}

/**
 * Spaces the engine puts before a full stop, a comma, a closing parenthesis, a question or an
 * exclamation mark. Its transfer moves blanks: eng-spa writes "It is a temporary problem.
 * Please go." as "Es un problema provisional . Complacer ir." and "We're sorry, but" as
 * "Losentimos , pero"; en-eo wrote "…reopen the '%{value}' project?" as "…projekton ?". Where the
 * source has none before that mark, none is kept after a word; a source that has one ("costs
 * .5", "Hello , world", French "le projet ?") keeps the engine's as it is. (Apertium writes no
 * French space before "?" itself: es→fr "le projet?".)
 * The same goes for a space after an opening bracket, where a word the engine dropped left its
 * blank: Django's "…at most %(max)d characters (it has %(length)d)." → "( tiene %(length)d)".
 */
function tidySpaceAroundPunctuation(parts: SegmentPart[], source: readonly SegmentPart[]): SegmentPart[] {
  const sourceText = source.filter((part): part is string => typeof part === 'string').join('\u0000')
  const marks = ['.', ',', ')', '?', '!'].filter((mark) => !sourceText.includes(` ${mark}`) && !sourceText.includes(`\t${mark}`) && !sourceText.includes(`\n${mark}`)).join('')
  const tidied = marks === '' ? parts : withoutSpaceBefore(parts, marks)
  return tidied.some((part) => typeof part === 'string' && (part.includes('( ') || part.includes('[ '))) ? withoutSpaceAfterOpening(tidied, sourceText) : tidied
}

function withoutSpaceBefore(parts: SegmentPart[], marks: string): SegmentPart[] {
  let spaceBefore = SPACE_BEFORE.get(marks)
  if (!spaceBefore) SPACE_BEFORE.set(marks, (spaceBefore = new RegExp(`(?<=[\\p{L}\\p{M}\\p{N}])[ \\t]+(?=[${marks.replace(/[.)]/g, '\\$&')}](?:[\\s)]|$))`, 'gu')))
  return parts.map((part) => (typeof part === 'string' && (part.includes(' ') || part.includes('\t')) ? part.replace(spaceBefore, '') : part))
}

/** Blanks after `(` and `[` before a word, for each bracket the source never writes a blank after. */
function withoutSpaceAfterOpening(parts: SegmentPart[], sourceText: string): SegmentPart[] {
  const brackets = ['(', '['].filter((mark) => !new RegExp(`\\${mark}[ \\t]`).test(sourceText))
  if (brackets.length === 0) return parts
  const spaceAfter = new RegExp(`(?<=[${brackets.map((mark) => `\\${mark}`).join('')}])[ \\t]+(?=[\\p{L}\\p{M}\\p{N}])`, 'gu')
  return parts.map((part) => (typeof part === 'string' ? part.replace(spaceAfter, '') : part))
}
/**
 * French writes a space before "?", "!", ":" and ";" and inside guillemets ("Mot de passe
 * oublié ?", "« Brouillon »"), often a no-break or narrow one; no other target does, and the
 * engine keeps the source's blanks, so fr→es gave "¿Contraseña olvidada ?" and fr→en (through
 * Spanish) "Password forgotten ?". From French into any other language those spaces go.
 */
function fromFrenchTypography(source: string | undefined, target: string | undefined): boolean {
  return source !== undefined && FRENCH.has(languageOf(source)) && !FRENCH.has(languageOf(target))
}
const FRENCH = new Set(['fr', 'fra'])
/**
 * The blanks French puts before its high punctuation (the mark followed by a blank, a closing
 * mark or the end of the text part; at a part's start, after a placeholder) and inside guillemets.
 */
const FRENCH_SPACE = /(?:(?<=\S)|^)[ \u00A0\u202F]+(?=[?!:;»](?:[\s"'”’»)\]?!]|$))|(?<=«)[ \u00A0\u202F]+(?=\S)/gu

function withoutFrenchSpaces(parts: SegmentPart[]): SegmentPart[] {
  return parts.map((part) => (typeof part === 'string' ? part.replace(FRENCH_SPACE, '') : part))
}

/**
 * Spanish drops a verb's subject and spa-eng writes one, "it" for the third person: a fragment
 * the source starts in lower case, a validation message ("debe ser una fecha en el futuro",
 * Hibernate's French "doit être une date dans le futur" through Spanish), came back "it must be a
 * date in the future"; English writes such a fragment without ("must be a date in the future").
 * Only "it" before a modal opening the answer of a fragment that opens in lower case: Spanish
 * has no word that "it" translates there (an impersonal "it is necessary" keeps it).
 */
function withoutAddedSubject(parts: SegmentPart[], source: readonly SegmentPart[], options: DecodeOptions): SegmentPart[] {
  const first = parts[0]
  if (typeof first !== 'string' || !ADDED_SUBJECT.test(first) || languageOf(options.source) !== 'es' || languageOf(options.target) !== 'en') return parts
  const sourceFirst = source[0]
  if (typeof sourceFirst !== 'string' || !/^\s*\p{Ll}/u.test(sourceFirst)) return parts
  return [first.slice(3), ...parts.slice(1)]
}

const ADDED_SUBJECT = /^it (?=(?:must|can|cannot|could|should|may|might|will|would|has to|does not)\b)/u

/** The pattern of `withoutSpaceBefore` for each set of marks (31 at most), built once. */
const SPACE_BEFORE = new Map<string, RegExp>()

/** A text that ends in punctuation with no space after it. */
const GLUED_PUNCTUATION = /[.!?…:;,]$/u

export function mergeText(parts: readonly SegmentPart[]): SegmentPart[] {
  const out: SegmentPart[] = []
  for (const part of parts) {
    if (typeof part === 'string') {
      if (part === '') continue
      const prev = out[out.length - 1]
      if (typeof prev === 'string') out[out.length - 1] = prev + part
      else out.push(part)
    } else out.push(part)
  }
  return out
}
