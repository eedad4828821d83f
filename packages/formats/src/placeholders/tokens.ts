/**
 * The plain tokenizer: splits text into literal runs and protected tokens (placeholders,
 * inline tags, escapes). Every character belongs to exactly one piece, so joining the
 * pieces' raw text gives the input back.
 */

export type RawPiece =
  | { type: 'text'; raw: string }
  | { type: 'token'; raw: string; tag?: { name: string; kind: 'open' | 'close' | 'void' } }

const PRINTF = /%(?:\d+\$)?[-+#0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|q|j|z|t|I64|I32)?[diouxXeEfFgGaAcCsSpn@]/y
const STRFTIME = /%[-_0^#]?[aAbBcCdDeFgGhHIjklmMnpPrRsStTuUVwWxXyYzZ]/y
const PY_NAMED = /%\([^)\n]{1,64}\)[-+#0 ]*(?:\d+|\*)?(?:\.(?:\d+|\*))?[diouxXeEfFgGcrsa]/y
const RUBY_NAMED = /%<\w{1,64}>[-+#0 ]*\d*(?:\.\d+)?[diouxXeEfFgGcs]/y
const XLIFF = /<xliff:g\b[^>]*?(?:\/>|>[\s\S]*?<\/xliff:g\s*>)/iy
/** An Apple `.stringsdict` variable in a format key: `%#@files@`, `%1$#@count@` (printf would stop at `%#@`). */
const APPLE_VARIABLE = /%(?:\d+\$)?#@[A-Za-z_][A-Za-z0-9_]{0,63}@/y
const COMMENT = /<!--[\s\S]*?-->/y
/** A tag name: HTML/XML names, and react-i18next's numbered `<0>…</0>` (Trans components). */
const TAG_NAME = String.raw`([A-Za-z][\w:.-]*|\d{1,3})`
/**
 * An attribute value, quoted as the host format writes it inside a value: `"…"`, `'…'`,
 * MessageFormat's doubled apostrophes (`''…''` in .properties), backslash-escaped quotes
 * (`\"…\"` in Android strings and CDATA, `\'…\'`), or unquoted.
 */
const ATTR_VALUE = String.raw`(?:''(?:[^'\n]|'(?!'))*''|"[^"]*"|'[^']*'|\\"(?:[^"\\\n]|\\[^"])*\\"|\\'(?:[^'\\\n]|\\[^'])*\\'|[^\s>"'\\]+)`
const CLOSE_TAG = new RegExp(String.raw`<\/${TAG_NAME}\s*>`, 'y')
const OPEN_TAG = new RegExp(String.raw`<${TAG_NAME}(?:\s+[^\s=>/"'\\]+(?:\s*=\s*${ATTR_VALUE})?)*\s*(\/?)>`, 'y')
const ENTITY = /&(?:[A-Za-z][A-Za-z0-9]{1,31}|#\d{1,7}|#[xX][0-9A-Fa-f]{1,6});/y
const BRACKET = /\[[A-Z][A-Z0-9_]+\]/y
const ESCAPE = /\\[nrt]/y
const RUBY_INTERP = /#\{[^{}\n]{1,200}\}/y
const URL = /https?:\/\/[^\s<>"'{}\\]+/y
const I18NEXT_NESTING = /\$t\([^()\n]{1,200}\)/y
const DOUBLE_BRACE = /\{\{[^{}]{0,200}\}\}/y
/**
 * WebExtension (Chrome, Firefox) named placeholders: `$COUNT$`, `$user_name$` in a
 * `messages.json` message. Prose writes no word between two dollar signs without spaces.
 */
const DOLLAR_NAME = /\$[A-Za-z_][A-Za-z0-9_@]{0,63}\$/y
/** Symfony's `%name%`; `%d%` and other printf conversions followed by a percent sign are printf. */
const PERCENT_NAME = /%[A-Za-z_][A-Za-z0-9_]{0,63}%(?![A-Za-z0-9_])/y
/** Laravel's `:name`, when the format uses it: not after a word character or another colon. */
const COLON_NAME = /:[A-Za-z_][A-Za-z0-9_]{0,63}/y
/**
 * Emoji shortcodes of GitHub, Slack, Discord and Mattermost: `:smile:`, `:white_check_mark:`,
 * `:+1:`, `:skin-tone-2:`; lower case, with a letter (`:30:` in `10:30:00` is a time). Prose
 * writes no word between two colons without spaces, so they are protected everywhere.
 */
const SHORTCODE = /:(?:[a-z0-9_+-]{0,63}[a-z][a-z0-9_+-]{0,63}|[+-]1):/y
const WORD_CHAR = /[\p{L}\p{N}_]/u
/** An e-mail address around an `@`: the local part before it, a dotted domain after it. */
const EMAIL_LOCAL = /[A-Za-z0-9._%+-]/
const EMAIL_DOMAIN = /@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,63}(?![A-Za-z0-9-])/y
/**
 * A path or a chat command: `/settings/profile`, `/help`, `/api/v2/users`. Not after a word,
 * a digit or another slash (`and/or`, `km/h`, `1/2`, `//`), never before a space (`either / or`).
 */
const PATH = /\/[A-Za-z0-9_~%.-]*[A-Za-z0-9_~%-](?:\/[A-Za-z0-9_~%.-]*)*/y
/** A snake_case identifier (`user_name`, `MAX_RETRIES`, `api_v2_key`): prose writes no underscore inside a word. */
const SNAKE_TAIL = /_[A-Za-z0-9]+(?:_[A-Za-z0-9]+)*/y
const ALNUM = /[A-Za-z0-9]/

/**
 * Date and time patterns (Unicode/ICU, Java, moment, date-fns): a text made only of pattern
 * fields (`MM/DD/YYYY`, `h:mm a`, `dddd, MMMM Do YYYY`, `yyyy-MM-dd'T'HH:mm`) is data for a
 * date formatter, not words: an engine turned `h:mm a` into `h:mm un` and dropped `Do`.
 */
const DATE_FIELD = /^(?:G{1,5}|y{1,5}|Y{1,5}|u{1,5}|Q{1,5}|q{1,5}|M{1,5}|L{1,5}|w{1,2}|W|d{1,4}|D{1,4}|Do|E{1,6}|e{1,6}|c{1,5}|a{1,5}|A|h{1,2}|H{1,2}|k{1,2}|K{1,2}|m{1,2}|s{1,2}|S{1,9}|X{1,5}|x{1,5}|Z{1,5}|z{1,4}|O|v|V)$/
const DATE_PATTERN_CHARS = /^[A-Za-z0-9\s/.,:;\-–()[\]'|]+$/

export function isDatePattern(text: string): boolean {
  if (text.length > 80 || !DATE_PATTERN_CHARS.test(text)) return false
  const runs = text.replace(/'[^'\n]*'/g, ' ').match(/[A-Za-z]+/g) ?? []
  if (runs.length === 0 || !runs.every((run) => DATE_FIELD.test(run))) return false
  const repeated = runs.filter((run) => run.length >= 2 && run !== 'Do')
  return runs.length >= 2 ? repeated.length > 0 : repeated.some((run) => run.length >= 3)
}

/**
 * vue-i18n linked messages: `@:key`, `@.modifier:key`, `@:(key)`, `@:{'key'}`. A trailing
 * full stop is left out (it ends the sentence more often than the key).
 */
const VUE_LINKED = /@(?:\.[A-Za-z]+)?:(?:\([^()\s]{1,200}\)|\{[^{}\n]{1,200}\}|[\w$-]+(?:\.[\w$-]+)*)/y
/** vue-i18n literal interpolation: `{'@'}`, `{'{'}`, `{ '|' }` (not after an apostrophe: `'{'x'}'` is ICU quoting). */
const VUE_LITERAL = /^\s*'[^'\n]*'\s*$/
/** vue-i18n's plural separator, with the white space around it. */
const VUE_PIPE = /[ \t]*\|[ \t]*/y

export interface TokenizeOptions {
  /** Protect Laravel-style `:name` placeholders. */
  colonNames?: boolean
  /** vue-i18n: the plural separator `|` is a token too. */
  vuePipes?: boolean
}

function at(re: RegExp, text: string, i: number): RegExpExecArray | null {
  re.lastIndex = i
  return re.exec(text)
}

/**
 * The text with ICU's syntax characters (`{`, `}`, `'`) inside inline tags and comments turned
 * into `_`, same length, so that a message parser reads the markup as text: an Angular XLIFF
 * `<x id="ICU" equiv-text="{gender, select, …}"/>` is a tag, not a select argument, and an
 * `equiv-text="{{ count }}"` inside a plural branch does not make the message unreadable.
 */
export function withoutMarkupSyntax(text: string): string {
  if (!text.includes('<')) return text
  let out = ''
  let pos = 0
  for (let i = text.indexOf('<'); i >= 0; i = text.indexOf('<', i + 1)) {
    if (i < pos) continue
    const m = at(XLIFF, text, i) ?? at(COMMENT, text, i) ?? at(CLOSE_TAG, text, i) ?? at(OPEN_TAG, text, i)
    if (!m) continue
    out += text.slice(pos, i) + m[0].replace(/[{}']/g, '_')
    pos = i + m[0].length
  }
  return out + text.slice(pos)
}

/** Length of a balanced `{…}` group starting at `i` (within `limit` characters), or 0. */
export function balanced(text: string, i: number, limit = 2000): number {
  let depth = 0
  for (let j = i; j < text.length && j - i < limit; j++) {
    const c = text[j]
    if (c === '{') depth++
    else if (c === '}') {
      depth--
      if (depth === 0) return j - i + 1
    }
  }
  return 0
}

function matchAt(text: string, i: number, options: TokenizeOptions, textStart: number): (RawPiece & { back?: number }) | null {
  const c = text[i]
  let m: RegExpExecArray | null
  switch (c) {
    case '<': {
      if ((m = at(XLIFF, text, i))) return { type: 'token', raw: m[0] }
      if ((m = at(COMMENT, text, i))) return { type: 'token', raw: m[0] }
      if ((m = at(CLOSE_TAG, text, i))) return { type: 'token', raw: m[0], tag: { name: m[1]!.toLowerCase(), kind: 'close' } }
      if ((m = at(OPEN_TAG, text, i))) {
        return { type: 'token', raw: m[0], tag: { name: m[1]!.toLowerCase(), kind: m[2] ? 'void' : 'open' } }
      }
      return null
    }
    case '{': {
      if ((m = at(DOUBLE_BRACE, text, i))) return { type: 'token', raw: m[0] }
      const n = balanced(text, i)
      if (n === 0) return null
      const inner = text.slice(i + 1, i + n - 1)
      if (inner === '' || /^\s*[\w.:!#$@-]/.test(inner) || (VUE_LITERAL.test(inner) && text[i - 1] !== "'")) return { type: 'token', raw: text.slice(i, i + n) }
      return null
    }
    case '$': {
      if ((m = at(I18NEXT_NESTING, text, i))) return { type: 'token', raw: m[0] }
      if ((m = at(DOLLAR_NAME, text, i))) return { type: 'token', raw: m[0] }
      if (text[i + 1] !== '{') return null
      const n = balanced(text, i + 1)
      return n > 0 ? { type: 'token', raw: text.slice(i, i + 1 + n) } : null
    }
    case '%': {
      if (text[i + 1] === '%') return { type: 'token', raw: '%%' }
      if ((m = at(APPLE_VARIABLE, text, i))) return { type: 'token', raw: m[0] }
      if (text[i + 1] === '{') {
        const n = balanced(text, i + 1, 200)
        return n > 0 ? { type: 'token', raw: text.slice(i, i + 1 + n) } : null
      }
      if ((m = at(PERCENT_NAME, text, i)) && at(PRINTF, text, i)?.[0].length !== m[0].length - 1) return { type: 'token', raw: m[0] }
      if ((m = at(PY_NAMED, text, i)) || (m = at(RUBY_NAMED, text, i)) || (m = at(PRINTF, text, i)) || (m = at(STRFTIME, text, i))) {
        return { type: 'token', raw: m[0] }
      }
      return null
    }
    case '#':
      return (m = at(RUBY_INTERP, text, i)) ? { type: 'token', raw: m[0] } : null
    case '&':
      return (m = at(ENTITY, text, i)) ? { type: 'token', raw: m[0] } : null
    case '[':
      return (m = at(BRACKET, text, i)) ? { type: 'token', raw: m[0] } : null
    case '\\':
      return (m = at(ESCAPE, text, i)) ? { type: 'token', raw: m[0] } : null
    case 'h': {
      if (!(m = at(URL, text, i))) return null
      const url = m[0].replace(/[.,;:!?)\]]+$/, '')
      return url.length > 8 ? { type: 'token', raw: url } : null
    }
    case ':': {
      if (i > 0 && WORD_CHAR.test(text[i - 1]!)) return null
      // A shortcode may follow another (`:wave::skin-tone-2:`), never run into a word.
      if ((m = at(SHORTCODE, text, i)) && !WORD_CHAR.test(text[i + m[0].length] ?? '')) return { type: 'token', raw: m[0] }
      if (!options.colonNames || (i > 0 && text[i - 1] === ':')) return null
      return (m = at(COLON_NAME, text, i)) ? { type: 'token', raw: m[0] } : null
    }
    case '@': {
      if ((m = at(VUE_LINKED, text, i))) return { type: 'token', raw: m[0].replace(/\.+$/, '') }
      let start = i
      while (start > textStart && EMAIL_LOCAL.test(text[start - 1]!)) start--
      if (start === i || (start > 0 && WORD_CHAR.test(text[start - 1]!)) || !(m = at(EMAIL_DOMAIN, text, i))) return null
      return { type: 'token', raw: text.slice(start, i) + m[0], back: i - start }
    }
    case '/': {
      if (i > 0 && (WORD_CHAR.test(text[i - 1]!) || /[/:.\\]/.test(text[i - 1]!))) return null
      if (!(m = at(PATH, text, i))) return null
      const path = m[0].replace(/\.+$/, '')
      return WORD_CHAR.test(text[i + path.length] ?? '') ? null : { type: 'token', raw: path }
    }
    case '_': {
      let start = i
      while (start > textStart && ALNUM.test(text[start - 1]!)) start--
      if (start === i || (start > 0 && WORD_CHAR.test(text[start - 1]!))) return null
      if (!(m = at(SNAKE_TAIL, text, i)) || WORD_CHAR.test(text[i + m[0].length] ?? '')) return null
      return { type: 'token', raw: text.slice(start, i) + m[0], back: i - start }
    }
    case '|':
    case ' ':
    case '\t':
      return options.vuePipes && (m = at(VUE_PIPE, text, i)) && m[0].includes('|') ? { type: 'token', raw: m[0] } : null
    case '\r':
      return text[i + 1] === '\n' ? { type: 'token', raw: '\r\n' } : { type: 'token', raw: '\r' }
    case '\n':
      return { type: 'token', raw: '\n' }
    default:
      return null
  }
}

const TRIGGER = /[<{$%#&[\\\r\n:@/_]|https?:\/\/|[ \t]*\|/g

/** Splits `text` into literal runs and tokens. */
export function tokenize(text: string, options: TokenizeOptions = {}): RawPiece[] {
  if (isDatePattern(text.trim())) return [{ type: 'token', raw: text }]
  const out: RawPiece[] = []
  let textStart = 0
  TRIGGER.lastIndex = 0
  let m: RegExpExecArray | null
  while ((m = TRIGGER.exec(text))) {
    const at = m.index
    const found = matchAt(text, at, options, textStart)
    if (!found) continue
    // an e-mail address or an identifier starts before the character that gave it away
    const { back = 0, ...token } = found
    const i = at - back
    if (i > textStart) out.push({ type: 'text', raw: text.slice(textStart, i) })
    out.push(token)
    textStart = i + token.raw.length
    TRIGGER.lastIndex = textStart
  }
  if (textStart < text.length) out.push({ type: 'text', raw: text.slice(textStart) })
  return out
}
