/**
 * Placeholder and ICU masking between the codecs and a translation engine: `prepare` turns a
 * value into segments where placeholders, inline tags and escapes are opaque tokens, and
 * ICU plural/select branches are segments of their own; `restore` rebuilds the value from
 * the engine's answers and reports lost or duplicated placeholders.
 */
import { parse as parseIcu, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import type { FormatId, MessageSyntax, PluralCategory } from '../types.js'
import { detectSyntax, ICU_HINT } from '../shared/syntax.js'
import { pluralCategories } from '../plurals/index.js'
import { findMnemonic, placeMnemonic, type MnemonicMarkers } from './mnemonics.js'
import { balanced, isDatePattern, isIconName, namesItsSite, tokenize, usesDollarPositions, withoutMarkupSyntax, type RawPiece, type TokenizeOptions } from './tokens.js'

/** The tokenizer `prepare` uses, for callers that mask text already split by another codec (HTML, subtitles). */
export { tokenize }
/** Whether a whole text is a date/time pattern (`MM/DD/YYYY`, `h:mm a`), or an icon font's name (`mdi-home`): data, not words. */
export { isDatePattern, isIconName }
/** Whether a link's words are the name of the site it points to (`Notion` → https://notion.so/): a name, kept as written. */
export { namesItsSite }
export type { RawPiece, TokenizeOptions }

/**
 * The engine's segment type (structurally identical to @verso/engine's; defined here so formats
 * stands alone). `number: true` marks a void token that stands for a count (`%d`, ICU's `#`,
 * `{count}`, a MediaWiki `PLURAL`'s `$1`): an engine may send a number in its place.
 */
export type SegmentPart = string | { id: string; kind: 'open' | 'close' | 'void'; number?: boolean }
export type Segment = string | readonly SegmentPart[]

export interface PrepareOptions {
  format: FormatId
  targetLanguage: string
  sourceLanguage?: string
  /**
   * Protect Laravel-style `:name` placeholders. Default: for `json` (Laravel's JSON language
   * files), where `The :attribute field is required.` is the convention; elsewhere a colon
   * before a word is left to the engine.
   */
  colonNames?: boolean
  /** Treat the value as ICU MessageFormat. Default: auto-detect ICU syntax (a `plural`, `select` or `selectordinal` argument that parses). */
  icu?: boolean
  /**
   * The runtime message syntax of the file, when it has one beyond the placeholders above
   * (`detectSyntax` tells it from the file's texts). `'vue-i18n'`: the plural separator `|` is
   * a token, and `@ { } |` in a translation are written as literal interpolations (`{'@'}`),
   * so a translation never makes a linked message or a placeholder vue-i18n's compiler rejects.
   * `'java-messageformat'` (.properties): every value is MessageFormat, so a translation's
   * apostrophes are doubled in values without arguments too. `'icu'` (formatjs, react-intl):
   * values without plural or select are ICU too, so an apostrophe of a translation right before
   * a placeholder or a tag is doubled (`d''<button>`; a single one would quote the tag).
   * `'flutter-icu'` (ARB): gen-l10n takes apostrophes as written, so plural and select branches
   * keep the translation's apostrophes single.
   */
  syntax?: MessageSyntax
  /**
   * Keyboard accelerators in short labels (`&File`, `E&xit`, GTK's `_Open`): the marker is taken
   * out before translating and put back on the translation (see ./mnemonics.ts). Default: `&` and
   * `_` for `po`, `&` for `properties` and `xml` (Qt, WinForms, SWT, KDE); none for JSON, YAML
   * and `.strings`, whose runtimes have no accelerators. `false`: markers are text.
   */
  mnemonics?: MnemonicMarkers | false
  /**
   * The text is one form of a plural (an Android `<item quantity>`, a gettext `msgstr[n]`, a
   * Rails `one:`/`other:`): its only printf or positional placeholder (`%s`, `%1$s`, `%@`, `{0}`,
   * `$1`) stands for the count, and is marked `number: true` as `%d` always is. Default false.
   */
  pluralForm?: boolean
}

export type { MessageSyntax, MnemonicMarkers }
export { detectSyntax }

export interface Prepared {
  /** Pieces to send to the engine, in order; empty when nothing is translatable (e.g. the value is only a placeholder). */
  segments: Segment[]
  /** Rebuild the value from the engine's answers (same length/order as segments). */
  restore(translated: readonly Segment[]): { text: string; problems: Problem[] }
}

export interface Problem {
  code: 'FORMAT_PLACEHOLDER_MISMATCH'
  message: string
}

type Token = Extract<RawPiece, { type: 'token' }> & { render?: () => string }
type Input = { type: 'text'; raw: string } | Token

interface Escaping {
  unescape(raw: string): string
  escape(text: string): string
  /** ICU: an apostrophe right before a placeholder or a tag would quote it (`l'{n}`, `d'<b>`), so it is doubled. */
  doubleBeforeSyntax?: boolean
}

type Part =
  | { kind: 'text'; raw: string; text: string }
  | { kind: 'token'; id: string; tokenKind: 'open' | 'close' | 'void'; render: () => string; blank: boolean; count: boolean }

interface Message {
  lead: string
  trail: string
  parts: Part[]
  segment: number | null
}

interface Context {
  segments: Segment[]
  /** Current restore answers (set during `restore`). */
  answers: readonly Segment[]
  problems: Problem[]
  tokenizeOptions: TokenizeOptions
  /** The file is Flutter's (syntax `flutter-icu`): ICU branches keep apostrophes as written. */
  flutter: boolean
  /** The arguments that hold a count where the message being built is: an ICU plural's, a MediaWiki PLURAL's (`$1`). */
  counts: string[]
}

/** printf integer conversions (`%d`, `%1$d`, `%ld`, `%llu`, `%(count)d`) and ICU's plural number `#`. */
const COUNT_TOKEN = /^(?:#|%(?:\d+\$)?[-+0' ]*\d*(?:hh|h|ll|l|q|j|z|t)?[diu]|%\([^)\n]+\)[-+0 ]*\d*[diu])$/
/** A named placeholder's name: `{name}`, `{{ name }}`, `%{name}`, `${name}`, `{name, number}`, `:name`, `<%= name %>`. */
const PLACEHOLDER_NAME = /^(?:\{\{\s*|%\{|\$\{|\{\s*|:|<%[=-]?\s*)([A-Za-z_][\w]*)\s*(,\s*number\b[^{}]*)?(?:\}\}|\}|-?%>)?$/
/** printf and positional placeholders that say nothing of what they hold: `%s`, `%1$s`, `%@`, `%1$@`, `{0}`, `$1`, Qt's `%1`. */
const POSITIONAL_ARGUMENT = /^(?:%(?:\d+\$)?[s@]|\{\d+\}|\$\d{1,2}|%\d{1,2})$/
/** Names that hold a count (`{count}`, `{n}`, `{fileCount}`, `{unread_count}`, `{total}`). */
const COUNT_NAME = /^(?:n|num|number|count|total|amount|quantity|qty)$|count$|_total$/i

/** Whether a void token's raw text stands for a number, where the message being built is. */
function isCount(ctx: Context, raw: string): boolean {
  if (COUNT_TOKEN.test(raw)) return true
  const named = PLACEHOLDER_NAME.exec(raw)
  if (named) return named[2] !== undefined || COUNT_NAME.test(named[1]!) || ctx.counts.includes(named[1]!)
  return ctx.counts.includes(raw)
}

const LETTER = /\p{L}/u

/**
 * HTML elements that start and end a block of text. In a value they separate sentences, as in
 * a page: `DON'T: <ul> <li>Start with “Photo of”</li> </ul> EXAMPLE: <ul> …` sent as one
 * segment let the engine read "screen readers EXAMPLE" as one noun phrase and move the list's
 * tags around it. Any other tag (`<a>`, `<b>`, react-intl's `<link>`) travels inside the sentence.
 */
const BLOCK_TAGS = new Set([
  'address', 'article', 'aside', 'blockquote', 'caption', 'dd', 'details', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header',
  'hr', 'legend', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'td',
  'tfoot', 'th', 'thead', 'tr', 'ul',
])

/**
 * Builds the messages of literal runs and ready-made tokens (one per run between block-level
 * tags, which are written back as they are), registering a segment for each that has words;
 * returns the renderer of them all.
 */
function messagesOf(ctx: Context, inputs: Input[], escaping: Escaping): () => string {
  const renders: Array<() => string> = []
  let run: Input[] = []
  const endRun = () => {
    if (run.length === 0) return
    const message = buildMessage(ctx, run, escaping)
    renders.push(() => renderMessage(ctx, message, escaping))
    run = []
  }
  for (const input of inputs) {
    for (const piece of input.type === 'token' ? [input] : tokenize(input.raw, ctx.tokenizeOptions)) {
      if (piece.type === 'token' && piece.tag && BLOCK_TAGS.has(piece.tag.name)) {
        endRun()
        const raw = piece.raw
        renders.push(() => raw)
      } else run.push(piece)
    }
  }
  endRun()
  return () => renders.map((render) => render()).join('')
}

/**
 * Elements whose content is code, not prose (`@verso/html`'s OPAQUE_INLINE): in a value the
 * element goes whole, tags and content, as one void token. Django's "…by running
 * <code>python manage.py startapp [app_label]</code>" came back "<code>pitón manage.py …" and
 * "<code>DEBUG = True</code>" as "<code>DEPURA = Cierto</code>".
 */
const OPAQUE_TAGS = new Set(['code', 'kbd', 'samp', 'script', 'style', 'textarea', 'svg', 'math', 'noscript', 'iframe', 'object'])

/** `pieces` with each opaque element, from its opening tag to its matching closing tag, as one token. */
function withOpaqueElementsWhole(pieces: Input[]): Input[] {
  if (!pieces.some((p) => p.type === 'token' && p.tag?.kind === 'open' && OPAQUE_TAGS.has(p.tag.name))) return pieces
  const out: Input[] = []
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i]!
    const name = p.type === 'token' && p.tag?.kind === 'open' && OPAQUE_TAGS.has(p.tag.name) ? p.tag.name : undefined
    let end = -1
    for (let j = i + 1, depth = 1; name !== undefined && j < pieces.length; j++) {
      const tag = pieces[j]!.type === 'token' ? (pieces[j] as Token).tag : undefined
      if (tag?.name === name && tag.kind !== 'void' && (depth += tag.kind === 'open' ? 1 : -1) === 0) { end = j; break }
    }
    // a piece written back by a function of its own (an ICU argument) keeps its own token
    if (end < 0 || pieces.slice(i, end + 1).some((q) => q.type === 'token' && (q as Token).render)) {
      out.push(p)
      continue
    }
    out.push({ type: 'token', raw: pieces.slice(i, end + 1).map((q) => q.raw).join('') })
    i = end
  }
  return out
}

/** Builds one message from text and token pieces, registering its segment if it has words. */
function buildMessage(ctx: Context, given: Input[], escaping: Escaping): Message {
  const pieces = withOpaqueElementsWhole(given)
  // pair open/close tags by name; unpaired ones become void tokens
  const pairOf = new Map<number, number>()
  const stack: Array<{ name: string; index: number }> = []
  pieces.forEach((p, i) => {
    if (p.type !== 'token' || !p.tag) return
    if (p.tag.kind === 'open') stack.push({ name: p.tag.name, index: i })
    else if (p.tag.kind === 'close') {
      const k = stack.map((s) => s.name).lastIndexOf(p.tag.name)
      if (k >= 0) {
        pairOf.set(stack[k]!.index, i)
        pairOf.set(i, stack[k]!.index)
        stack.length = k
      }
    }
  })
  const parts: Part[] = []
  const ids = new Map<number, string>()
  let next = 1
  pieces.forEach((p, i) => {
    if (p.type === 'text') {
      const last = parts[parts.length - 1]
      if (last?.kind === 'text') {
        last.raw += p.raw
        last.text = escaping.unescape(last.raw)
      } else parts.push({ kind: 'text', raw: p.raw, text: escaping.unescape(p.raw) })
      return
    }
    const partner = pairOf.get(i)
    let id = ids.get(i)
    if (!id) {
      id = String(next++)
      if (partner !== undefined) ids.set(partner, id)
    }
    const tokenKind = partner === undefined ? 'void' : partner > i ? 'open' : 'close'
    const raw = p.raw
    const render = (p as Token).render ?? (() => raw)
    const count = tokenKind === 'void' && !(p as Token).render && isCount(ctx, raw)
    parts.push({ kind: 'token', id, tokenKind, render, blank: !(p as Token).render && /^\s+$/.test(raw), count })
  })
  // leading and trailing white space (and line-break tokens) stay outside the segment
  let lead = ''
  let trail = ''
  for (;;) {
    const first = parts[0]
    if (!first) break
    const raw = first.kind === 'text' ? first.raw : first.blank ? first.render() : ''
    const ws = /^\s*/.exec(raw)![0]
    if (ws === '') break
    lead += ws
    if (ws === raw) parts.shift()
    else if (first.kind === 'text') {
      first.raw = first.raw.slice(ws.length)
      first.text = escaping.unescape(first.raw)
      break
    }
  }
  for (;;) {
    const last = parts[parts.length - 1]
    if (!last) break
    const raw = last.kind === 'text' ? last.raw : last.blank ? last.render() : ''
    const ws = /\s*$/.exec(raw)![0]
    if (ws === '') break
    trail = ws + trail
    if (ws === raw) parts.pop()
    else if (last.kind === 'text') {
      last.raw = last.raw.slice(0, last.raw.length - ws.length)
      last.text = escaping.unescape(last.raw)
      break
    }
  }
  const translatable = parts.some((p) => p.kind === 'text' && LETTER.test(p.text))
  const message: Message = { lead, trail, parts, segment: null }
  if (translatable) {
    message.segment = ctx.segments.length
    const onlyText = parts.length === 1 && parts[0]!.kind === 'text'
    ctx.segments.push(
      onlyText
        ? (parts[0] as { text: string }).text
        : parts.map((p) => (p.kind === 'text' ? p.text : p.count ? { id: p.id, kind: p.tokenKind, number: true as const } : { id: p.id, kind: p.tokenKind })),
    )
  }
  return message
}

function sameSegment(a: Segment | undefined, b: Segment): boolean {
  if (a === undefined) return false
  if (typeof a === 'string' || typeof b === 'string') return a === b
  if (a.length !== b.length) return false
  return a.every((p, i) => {
    const q = b[i]
    if (typeof p === 'string' || typeof q === 'string') return p === q
    return q !== undefined && p.id === q.id && p.kind === q.kind
  })
}

function renderMessage(ctx: Context, message: Message, escaping: Escaping): string {
  const original = message.segment === null ? undefined : ctx.segments[message.segment]
  const answer = message.segment === null ? undefined : ctx.answers[message.segment]
  if (original === undefined || answer === undefined || sameSegment(answer, original)) {
    return message.lead + message.parts.map((p) => (p.kind === 'text' ? p.raw : p.render())).join('') + message.trail
  }
  const tokens = new Map<string, Extract<Part, { kind: 'token' }>>()
  for (const p of message.parts) if (p.kind === 'token') tokens.set(`${p.tokenKind}:${p.id}`, p)
  const used = new Map<string, number>()
  let body = ''
  for (const part of typeof answer === 'string' ? [answer] : answer) {
    if (typeof part === 'string') {
      body += escaping.escape(part)
      continue
    }
    const key = `${part.kind}:${part.id}`
    const token = tokens.get(key)
    if (!token) {
      ctx.problems.push({ code: 'FORMAT_PLACEHOLDER_MISMATCH', message: `unknown placeholder ${part.kind} ${part.id} in the translation` })
      continue
    }
    if (part.kind === 'close' && !used.has(`open:${part.id}`)) {
      ctx.problems.push({ code: 'FORMAT_PLACEHOLDER_MISMATCH', message: `closing tag ${part.id} comes before its opening tag` })
    }
    used.set(key, (used.get(key) ?? 0) + 1)
    const rendered = token.render()
    if (escaping.doubleBeforeSyntax && /^[{<]/.test(rendered) && /(?<!')(?:'')*'$/.test(body)) body += "'"
    body += rendered
  }
  for (const [key, token] of tokens) {
    const n = used.get(key) ?? 0
    if (n === 0) ctx.problems.push({ code: 'FORMAT_PLACEHOLDER_MISMATCH', message: `placeholder ${JSON.stringify(token.render())} is missing from the translation` })
    else if (n > 1) ctx.problems.push({ code: 'FORMAT_PLACEHOLDER_MISMATCH', message: `placeholder ${JSON.stringify(token.render())} appears ${n} times in the translation` })
  }
  return message.lead + body + message.trail
}

const PLAIN: Escaping = { unescape: (s) => s, escape: (s) => s }

/** vue-i18n: its special characters in translated text become literal interpolations. */
const VUE: Escaping = { unescape: (s) => s, escape: (s) => s.replace(/[@{}|]/g, "{'$&'}") }

/** MessageFormat in .properties: `''` is an apostrophe when the value has no lone one. */
const DOUBLED_APOSTROPHES: Escaping = {
  unescape: (s) => s.replace(/''/g, "'"),
  escape: (s) => s.replace(/'/g, "''"),
}

/** ICU's quoting of literal text outside and inside a plural (where `#` is syntax too), built once. */
const ICU_OUTSIDE_PLURAL = icuEscaping(false)
const ICU_IN_PLURAL = icuEscaping(true)

/**
 * A message without plural or select in a file an ICU runtime reads (formatjs, react-intl):
 * read with ICU's quoting, written as the file writes apostrophes (single), doubled only where
 * a single one would start quoted text: before `{ } < >` in the text and before a placeholder or
 * a tag (French and Catalan elide: "d'<button>", "l'{count}").
 */
const ICU_SIMPLE: Escaping = {
  unescape: (raw) => ICU_OUTSIDE_PLURAL.unescape(raw),
  escape: (text) => text.replace(/'(?=[{}<>])/g, "''"),
  doubleBeforeSyntax: true,
}

/**
 * ICU as Flutter's gen-l10n reads it by default (`use-escaping: false`): an apostrophe is an
 * apostrophe, never quoting, and `''` would show as two; branches are written as translated.
 */
const FLUTTER_ICU: Escaping = { unescape: (raw) => raw, escape: (text) => text }

function icuEscaping(inPlural: boolean): Escaping {
  return {
    unescape(raw) {
      if (!raw.includes("'")) return raw
      let out = ''
      for (let i = 0; i < raw.length; i++) {
        const c = raw[i]!
        if (c !== "'") {
          out += c
          continue
        }
        const n = raw[i + 1]
        if (n === "'") {
          out += "'"
          i++
        } else if (n === '{' || n === '}' || n === '|' || (inPlural && n === '#')) {
          let j = i + 1
          for (; j < raw.length; j++) {
            if (raw[j] === "'") {
              if (raw[j + 1] === "'") {
                out += "'"
                j++
                continue
              }
              break
            }
            out += raw[j]
          }
          i = j
        } else out += "'"
      }
      return out
    },
    escape(text) {
      let out = text.replace(/'/g, "''").replace(/[{}|]/g, "'$&'")
      if (inPlural) out = out.replace(/#/g, "'#'")
      return out
    },
  }
}


/** Splits a value into segments for a translation engine; see the package README for what is protected. */
export function prepare(text: string, options: PrepareOptions): Prepared {
  const markers = options.mnemonics ?? DEFAULT_MNEMONICS[options.format]
  const mnemonic = markers ? findMnemonic(text, markers) : null
  if (mnemonic) {
    const label = prepareText(mnemonic.text, options)
    return {
      segments: label.segments,
      restore(translated) {
        const restored = label.restore(translated)
        return { text: placeMnemonic(restored.text, mnemonic), problems: restored.problems }
      },
    }
  }
  return prepareText(text, options)
}

const DEFAULT_MNEMONICS: Partial<Record<FormatId, MnemonicMarkers>> = { po: '&_', properties: '&', xml: '&' }

function prepareText(text: string, options: PrepareOptions): Prepared {
  const colonNames = options.colonNames ?? options.format === 'json'
  const vue = options.syntax === 'vue-i18n'
  // a form of `{{PLURAL:$2|…|$2 pages}}` is tokenized alone: whether `$N` are parameters is the whole value's
  const tokenizeOptions: TokenizeOptions = { colonNames, vuePipes: vue, dollarPositions: usesDollarPositions(text) }
  const ctx: Context = { segments: [], answers: [], problems: [], tokenizeOptions, flutter: options.syntax === 'flutter-icu', counts: [] }
  if (options.pluralForm) {
    // one form of a plural: its only argument-like placeholder is the count ("%s downloads finished")
    const positional = new Set(tokenize(text, tokenizeOptions).filter((piece) => piece.type === 'token' && POSITIONAL_ARGUMENT.test(piece.raw)).map((piece) => piece.raw))
    if (positional.size === 1) ctx.counts.push(...positional)
  }
  let render: () => string
  // ICU is read from the text with markup neutralised (same offsets): braces in a tag's attributes are not ICU
  const icuText = withoutMarkupSyntax(text)
  const useIcu = options.icu ?? (!vue && ICU_HINT.test(icuText))
  const icu = useIcu ? tryIcu(icuText) : null
  if (icu) {
    const top = icuMessage(ctx, text, icu, 0, text.length, false, options.targetLanguage)
    render = top
  } else {
    const apostrophes = options.format === 'properties' && (options.syntax === 'java-messageformat' || (text.includes("''") && !text.replace(/''/g, '').includes("'")))
    const escaping = apostrophes ? DOUBLED_APOSTROPHES : vue ? VUE : options.syntax === 'icu' ? ICU_SIMPLE : PLAIN
    const inputs: Input[] = CHOICE_HINT.test(text)
      ? choiceInputs(ctx, text)
      : MAGIC_WORD_HINT.test(text)
        ? magicWordInputs(ctx, text)
        : [{ type: 'text', raw: text }]
    render = messagesOf(ctx, inputs, escaping)
  }
  const segments = ctx.segments
  return {
    segments: [...segments],
    restore(translated) {
      ctx.problems = []
      ctx.answers = translated
      if (translated.length !== segments.length) {
        ctx.problems.push({ code: 'FORMAT_PLACEHOLDER_MISMATCH', message: `expected ${segments.length} translated segments, got ${translated.length}` })
      }
      const out = render()
      // a branch copied into several plural categories reports its problems once
      const seen = new Set<string>()
      const problems = ctx.problems.filter((p) => !seen.has(p.message) && seen.add(p.message))
      return { text: out, problems }
    },
  }
}

// ---- Java MessageFormat choice ------------------------------------------------------------

const CHOICE_HINT = /\{\s*\d+\s*,\s*choice\s*,/
const CHOICE_START = new RegExp(CHOICE_HINT.source, 'y')
/** One choice branch: its limit (`0`, `1.5`, `-\u221e`), the relation (`#`, `<` or `\u2264`), then its text. */
const CHOICE_BRANCH = /^(\s*(?:-?\u221e|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)\s*[#<\u2264])([\s\S]*)$/

/**
 * The value as literal runs and `{N,choice,…}` tokens whose branches are messages of their own
 * (registered as segments before the holding message, as ICU branches are). A choice whose
 * body holds an apostrophe (Java's two levels of quoting) or does not read as branches stays
 * one opaque token, as any other brace placeholder.
 */
function choiceInputs(ctx: Context, text: string): Input[] {
  const inputs: Input[] = []
  let from = 0
  // only brace groups at the top level: a choice inside another group stays part of that group's token
  for (let i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1)) {
    const length = balanced(text, i, Infinity)
    if (length === 0) break
    const end = i + length - 1
    CHOICE_START.lastIndex = i
    const start = CHOICE_START.exec(text)
    const render = start && choiceFormat(ctx, text.slice(i, i + start[0].length), text.slice(i + start[0].length, end))
    if (render) {
      if (i > from) inputs.push({ type: 'text', raw: text.slice(from, i) })
      inputs.push({ type: 'token', raw: text.slice(i, end + 1), render })
      from = end + 1
    }
    i = end
  }
  if (from < text.length) inputs.push({ type: 'text', raw: text.slice(from) })
  return inputs
}

/** Renders `head` + the translated branches of `body` + `}`; undefined when the body is outside what is translated. */
function choiceFormat(ctx: Context, head: string, body: string): (() => string) | undefined {
  if (body.includes("'")) return undefined
  const raws: string[] = []
  let depth = 0
  let at = 0
  for (let j = 0; j < body.length; j++) {
    const c = body[j]
    if (c === '{') depth++
    else if (c === '}') depth--
    else if (c === '|' && depth === 0) {
      raws.push(body.slice(at, j))
      at = j + 1
    }
  }
  raws.push(body.slice(at))
  const branches = raws.map((raw) => CHOICE_BRANCH.exec(raw))
  if (branches.some((b) => b === null)) return undefined
  const renders = branches.map((b) => {
    const [, limit, branchText] = b!
    // A branch's text is read by ChoiceFormat (`''` is an apostrophe, `'|'` a bar) and, when it
    // holds an argument, formatted again by MessageFormat (which halves apostrophes once more).
    const apostrophe = branchText!.includes('{') ? "''''" : "''"
    const escaping: Escaping = { unescape: (raw) => raw, escape: (t) => t.replace(/'/g, apostrophe).replace(/\|/g, "'|'") }
    const render = messagesOf(ctx, [{ type: 'text', raw: branchText! }], escaping)
    return () => limit! + render()
  })
  return () => head + renders.map((render) => render()).join('|') + '}'
}

// ---- MediaWiki PLURAL and GENDER --------------------------------------------------------------

const MAGIC_WORD_HINT = /\{\{\s*(?:PLURAL|GENDER)\s*:/i
/** The head of a magic word whose forms are text: `{{PLURAL:$1|`, `{{ gender: $2 |`. */
const MAGIC_WORD_HEAD = /^\{\{\s*(?:PLURAL|GENDER)\s*:[^|{}[\]]*\|/i
/** An explicit plural form's number (`0=`, `12 =`): kept as written. */
const EXPLICIT_FORM = /^\s*\d+\s*=/

/**
 * The value as literal runs and `{{PLURAL:$1|one|other}}` / `{{GENDER:$1|he|she|they}}` tokens
 * (MediaWiki, banana-i18n, jquery.i18n: Wikipedia's apps and Wikimedia's tools) whose forms
 * are messages of their own, registered before the holding message as choice and ICU branches
 * are. The number of forms stays the source's: these runtimes use the last form for the
 * categories a message does not give, so the translation is valid in every target. An explicit
 * form's number (`0=Today`) is kept; a magic word whose forms do not split cleanly (an
 * unbalanced brace or link) stays one opaque token, as `{{…}}` always was.
 */
function magicWordInputs(ctx: Context, text: string): Input[] {
  const inputs: Input[] = []
  let from = 0
  for (let i = text.indexOf('{{'); i >= 0; i = text.indexOf('{{', i + 1)) {
    const end = closingBraces(text, i)
    if (end < 0) break
    const head = MAGIC_WORD_HEAD.exec(text.slice(i, end))
    const render = head && magicWordForms(ctx, head[0], text.slice(i + head[0].length, end - 2))
    if (render) {
      if (i > from) inputs.push({ type: 'text', raw: text.slice(from, i) })
      inputs.push({ type: 'token', raw: text.slice(i, end), render })
      from = end
    }
    i = end - 1
  }
  if (from < text.length) inputs.push({ type: 'text', raw: text.slice(from) })
  return inputs
}

/** The end (after `}}`) of the `{{` at `i`, counting nested `{{ }}`; -1 when it is not closed. */
function closingBraces(text: string, i: number): number {
  let depth = 0
  for (let j = i; j < text.length - 1; j++) {
    if (text.startsWith('{{', j)) {
      depth++
      j++
    } else if (text.startsWith('}}', j)) {
      depth--
      j++
      if (depth === 0) return j + 1
    }
  }
  return -1
}

/** Renders `head` + the translated forms of `body` + `}}`; undefined when the forms do not split at top-level bars. */
function magicWordForms(ctx: Context, head: string, body: string): (() => string) | undefined {
  const forms: string[] = []
  let depth = 0
  let at = 0
  for (let j = 0; j < body.length; j++) {
    const pair = body.slice(j, j + 2)
    if (pair === '{{' || pair === '[[') {
      depth++
      j++
    } else if (pair === '}}' || pair === ']]') {
      depth--
      j++
    } else if (body[j] === '|' && depth === 0) {
      forms.push(body.slice(at, j))
      at = j + 1
    }
    if (depth < 0) return undefined
  }
  if (depth !== 0) return undefined
  forms.push(body.slice(at))
  // in a PLURAL's forms its parameter (`$1`) is the count
  const count = /^\{\{\s*PLURAL\s*:\s*([^|]*?)\s*\|$/i.exec(head)?.[1]
  if (count) ctx.counts.push(count)
  const renders = forms.map((form) => {
    const number = EXPLICIT_FORM.exec(form)?.[0] ?? ''
    const render = messagesOf(ctx, [{ type: 'text', raw: form.slice(number.length) }], PLAIN)
    return () => number + render()
  })
  if (count) ctx.counts.pop()
  return () => head + renders.map((render) => render()).join('|') + '}}'
}

function tryIcu(text: string): MessageFormatElement[] | null {
  try {
    return parseIcu(text, { captureLocation: true, ignoreTag: true, requiresOtherClause: false })
  } catch {
    return null
  }
}

const CATEGORIES = new Set<string>(['zero', 'one', 'two', 'few', 'many', 'other'])

/** Registers the message in text[start, end) made of `elements`; returns its renderer. */
function icuMessage(
  ctx: Context, text: string, elements: MessageFormatElement[], start: number, end: number, inPlural: boolean, target: string,
): () => string {
  const escaping = ctx.flutter ? FLUTTER_ICU : inPlural ? ICU_IN_PLURAL : ICU_OUTSIDE_PLURAL
  const inputs: Input[] = []
  let at = start
  for (const el of elements) {
    const loc = el.location
    if (!loc) continue
    const s = loc.start.offset
    const e = loc.end.offset
    if (s > at) inputs.push({ type: 'text', raw: text.slice(at, s) })
    const raw = text.slice(s, e)
    if (el.type === TYPE.literal) inputs.push({ type: 'text', raw })
    else if (el.type === TYPE.plural || el.type === TYPE.select) {
      const renderComplex = icuComplex(ctx, text, el, target)
      inputs.push({ type: 'token', raw, render: renderComplex })
    } else inputs.push({ type: 'token', raw })
    at = e
  }
  if (end > at) inputs.push({ type: 'text', raw: text.slice(at, end) })
  return messagesOf(ctx, inputs, escaping)
}

interface Branch {
  selector: string
  /** Raw text before the selector (after the previous branch). */
  before: string
  /** Raw text between the selector and `{`. */
  gap: string
  render: () => string
}

function icuComplex(ctx: Context, text: string, el: MessageFormatElement, target: string): () => string {
  if (el.type !== TYPE.plural && el.type !== TYPE.select) return () => ''
  const loc = el.location!
  const isPlural = el.type === TYPE.plural
  const branches: Branch[] = []
  let prevEnd = -1
  let head = ''
  // in a plural's branches its argument is a count: `{count}` there is `#`
  if (isPlural) ctx.counts.push(el.value)
  for (const [selector, option] of Object.entries(el.options)) {
    const oloc = option.location!
    const braceAt = oloc.start.offset
    let k = braceAt
    while (k > loc.start.offset && /\s/.test(text[k - 1]!)) k--
    const selectorStart = k - selector.length
    if (prevEnd < 0) {
      head = text.slice(loc.start.offset, selectorStart)
    }
    const before = prevEnd < 0 ? '' : text.slice(prevEnd, selectorStart)
    const render = icuMessage(ctx, text, option.value, braceAt + 1, oloc.end.offset - 1, isPlural, target)
    branches.push({ selector, before, gap: text.slice(k, braceAt), render })
    prevEnd = oloc.end.offset
  }
  if (isPlural) ctx.counts.pop()
  const tail = text.slice(prevEnd, loc.end.offset)
  return () => {
    let chosen: Array<Branch> = branches
    if (isPlural) {
      const targetCats = safeCategories(target, el.pluralType === 'ordinal' ? 'ordinal' : 'cardinal')
      const sourceCats = branches.filter((b) => CATEGORIES.has(b.selector)).map((b) => b.selector)
      const same = targetCats.length === sourceCats.length && targetCats.every((c) => sourceCats.includes(c))
      // a plural that only has `other` (besides =N) already covers every category
      const onlyOther = sourceCats.every((c) => c === 'other')
      if (!same && !onlyOther && targetCats.length > 0) {
        const other = branches.find((b) => b.selector === 'other') ?? branches.filter((b) => CATEGORIES.has(b.selector)).pop()
        // `zero` stays as an explicit branch does: Dart's intl (Flutter's ARB files) and Rails use it
        // for a count of 0 in every language, and a runtime whose language has no such category ignores it
        chosen = branches.filter((b) => !CATEGORIES.has(b.selector) || b.selector === 'zero' || targetCats.includes(b.selector as PluralCategory))
        if (other) {
          const missing = targetCats.filter((c) => !sourceCats.includes(c))
          const sep = other.before || branches[1]?.before || ' '
          const added = missing.map((c) => ({ selector: c, before: sep, gap: other.gap, render: other.render }))
          const otherIndex = chosen.findIndex((b) => b.selector === 'other')
          chosen = otherIndex < 0 ? [...chosen, ...added] : [...chosen.slice(0, otherIndex), ...added, ...chosen.slice(otherIndex)]
        }
      }
    }
    return head + chosen.map((b, i) => (i === 0 ? '' : b.before || ' ') + b.selector + b.gap + '{' + b.render() + '}').join('') + tail
  }
}

function safeCategories(lang: string, type: 'cardinal' | 'ordinal'): PluralCategory[] {
  try {
    return pluralCategories(lang, type)
  } catch {
    return []
  }
}
export { maskSegment, type MaskedSegment } from './mask-segment.js'
export { inventory } from './inventory.js'
export type { Inventory } from './inventory.js'
