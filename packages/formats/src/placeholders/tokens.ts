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
/** ERB, EJS, Underscore and Lodash templates: `<%= count %>`, `<%- name %>`, `<% if (x) { %>`. */
const ERB = /<%[=-]?[^%]{0,200}?[-]?%>/y
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
/**
 * Home Assistant's references to another string: `[%key:common::config_flow::data::password%]`,
 * resolved when the integration's translations are built; an engine turned `common` and
 * `password` into `común` and `contraseña`, so the reference no longer resolved.
 */
const KEY_REFERENCE = /\[%key:[^%\]\s]{1,300}%\]/y
/**
 * A Markdown link's label start, when the rest of the link follows on the line: `[` of
 * `[documentation]({more_info_url})`, `![alt](logo.png)`. The label is text; the link is a pair.
 */
const MARKDOWN_LINK_OPEN = /!?\[(?=[^[\]\n]{1,300}\](?:\((?:[^\s()]|\([^\s()]{0,200}\)){1,500}(?:[ \t]+(?:"[^"\n]{0,300}"|'[^'\n]{0,300}'))?\)|\[[^[\]\n]{1,100}\]))/y
/**
 * A Markdown link's end with its destination: `](#code)`, `]({url}#code)`, `](./setup.md)`, an
 * address with parentheses in it (`](https://en.wikipedia.org/wiki/Lisp_(programming_language))`)
 * and a title after it (`](https://example.com "Open the guide")`, kept as written, as HTML's
 * title attributes are by default: it was read as words of the sentence around the link), or
 * its reference label, `][npm-url]`. The destination is an address, never words: `[Learn
 * more.]({url}#code)` came back `#código`, `[…][npm-version-image]` `[npm-versión-imagen]`.
 */
/**
 * A Markdown link whose label is its site's name: `[Notion](https://notion.so/)`, `[HackerRank](https://www.hackerrank.com/)`
 * (see {@link namesItsSite}). A name, never words: a README's "Who uses it" list came back `[Idea](https://notion.so/)`.
 */
const MARKDOWN_NAMED_LINK = /!?\[([^[\]\n]{1,100})\]\((https?:\/\/[^\s()]{1,500})\)/y

/**
 * Whether a link's label is the name of the site it points to: the label, without case, spaces,
 * dots, hyphens and underscores, is the host's registrable name (`notion` of notion.so,
 * `hackerrank` of www.hackerrank.com, `bbc` of bbc.co.uk), not a subdomain ("[Docs](https://docs.example.com)"
 * and "[Documentation](https://example.com/documentation)" are words).
 */
export function namesItsSite(label: string, url: string): boolean {
  const host = /^https?:\/\/(?:[^/?#@]*@)?([^/:?#]+)/i.exec(url)?.[1]?.toLowerCase()
  if (!host || /^[0-9.]+$/.test(host)) return false
  const parts = host.split('.')
  if (parts.length < 2) return false
  // a two-letter country suffix after a short second-level one (co.uk, com.br) leaves the name before them
  const name = parts.length >= 3 && parts[parts.length - 1]!.length === 2 && parts[parts.length - 2]!.length <= 3 ? parts[parts.length - 3]! : parts[parts.length - 2]!
  const normalized = label.toLowerCase().replace(/[\s._-]/g, '')
  return normalized.length > 1 && normalized === name.replace(/-/g, '')
}

const MARKDOWN_LINK_CLOSE = /\](?:\((?:[^\s()]|\([^\s()]{0,200}\)){1,500}(?:[ \t]+(?:"[^"\n]{0,300}"|'[^'\n]{0,300}'))?\)|\[[^[\]\n]{1,100}\])/y
/**
 * A collapsed reference link, `[Code of Conduct][]`: its text is the label a definition
 * elsewhere in the document is found by, so it stays whole (translated, the link broke).
 */
const MARKDOWN_COLLAPSED_REFERENCE = /!?\[[^[\]\n]{1,100}\]\[\]/y
/** A MediaWiki link's start: `[[Target` and, when the link has a label, the bar (captured). */
const WIKILINK = /\[\[[^[\]{}|\n]{1,200}(\|?)/y
const ESCAPE = /\\[nrt]/y
const RUBY_INTERP = /#\{[^{}\n]{1,200}\}/y
/**
 * A URL of any scheme from its `://` on: `https://…`, `ftp://…`, an app's own
 * `homeassistant://…`, `file:///…`, and a scheme on its own (`'http://'`, which an engine split
 * into `'http:'//`). The scheme before it is found by walking back from the colon.
 */
const URL_REST = /:\/\/[^\s<>"'{}\\]*/y
const URL_SCHEME_CHAR = /[A-Za-z0-9+.-]/
/**
 * A Markdown code span: `` `None` ``, `` `mqtt` ``, `` `git pull --rebase` ``. Code, never words:
 * Home Assistant's "Leave empty to set it to `None`" came back "`Ninguno`". GNU's old quoting
 * (`` `file' ``) is not a span: an apostrophe before a space shows one. Nor is a run between two
 * spans' backticks: a span's code neither starts nor ends with a space.
 */
const CODE_SPAN = /`(?=\S)[^`\n]{1,200}(?<=\S)`/y
const I18NEXT_NESTING = /\$t\([^()\n]{1,200}\)/y
const DOUBLE_BRACE = /\{\{[^{}]{0,200}\}\}/y
/**
 * A template engine's tag or comment (Jinja, Django, Liquid, Twig, Nunjucks): `{% if user %}`,
 * `{%- endfor -%}`, `{# note #}`. Email templates and Jekyll pages hold them between their
 * words; an engine read `{% if user %}` as "if" and "user" ("{% si usuario %}").
 */
const TEMPLATE_TAG = /\{%[^%]{0,500}?%\}|\{#[^#]{0,500}?#\}/y
/**
 * WebExtension (Chrome, Firefox) named placeholders: `$COUNT$`, `$user_name$` in a
 * `messages.json` message. Prose writes no word between two dollar signs without spaces.
 */
const DOLLAR_NAME = /\$[A-Za-z_][A-Za-z0-9_@]{0,63}\$/y
/**
 * MediaWiki, banana-i18n and jquery.i18n positional parameters: `$1`, `$2` (Wikipedia's apps,
 * every Wikimedia tool), in a text that has a `$1` (TokenizeOptions' `dollarPositions`). Not an
 * amount: `$10.99` and `$1,000` stay text.
 */
const DOLLAR_POSITION = /\$\d{1,2}(?![\d]|[.,]\d)/y
/**
 * Numbered arguments without a conversion: Qt's `QString::arg` (`%1`…`%99`), KDE's i18n,
 * Windows' FormatMessage, JabRef's `%0`. Checked after printf, so `%5d` and `%1$s` stay printf;
 * prose writes a percent sign after a number, not before one (`50%`, `10 %`). A value that
 * quoted one came back mangled: JabRef's `Added group \"%0\".` → `Grupo añadido %"0".`.
 */
const PERCENT_POSITION = /%\d{1,2}(?!\d)/y
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
/**
 * An Android resource reference: `@string/app_name`, `@android:string/ok`, `@color/accent`.
 * A value made of one is resolved by Android, and one inside prose is an identifier the text
 * shows as it is: NewPipe's `retry with @string/msg_threads = 1` came back `@sèrie/msg_threads`.
 */
const ANDROID_REFERENCE = /@(?:[a-z][\w.]*:)?(?:string|plurals|array|color|drawable|dimen|style|id|integer|bool|layout|menu|mipmap|raw|xml|anim|animator|attr|font|fraction|interpolator|transition)\/[A-Za-z_][\w.]*/y
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
 * A setting written as an assignment: `DEBUG=True`, `NODE_ENV=production`, `lang=en`, from a
 * command line or a configuration file. Prose puts spaces around an equals sign; an engine
 * turned Django's "More information is available with DEBUG=True." into "DEPURAR=Cierto".
 * The value runs to a space, a quote, a bracket or a comma, without a final full stop.
 */
const ASSIGNED_VALUE = /[^\s<>"'{}()[\]=,;]+/y
const ASSIGNMENT_NAME_CHAR = /[A-Za-z0-9_.-]/

/**
 * A command-line option: `--help`, `--write-all`, `--doc-version=1.0` (lower case, not where a
 * line or a sentence starts, where subtitles write an interruption: "--and then he left"); with one hyphen
 * (`-D`, `-rf`) only before the word "option", "flag", "switch", "argument" or "parameter", since
 * a dialogue dash comes right before a word too ("-I know."). Not after a word character or
 * another hyphen (`e-mail`, `well-known`, `x--y`): an engine turned Sphinx's "used when --full
 * is given" into "--ple" and "-A option argument" into "-Un argument".
 */
const OPTION = /--[a-z][a-z0-9_-]*|-[A-Za-z][A-Za-z0-9]{0,15}(?= (?:option|flag|switch|argument|parameter)s?\b)/y

/**
 * A key combination: `Ctrl+Shift+P`, `Alt+F4`, `Cmd+K`, `Shift+Tab`, `Ctrl + C`: a modifier, a
 * plus sign and keys. Key names, never words: "Press Ctrl+Shift+P" came back "Ctrl+Turno+P". Found
 * from its first `+`, the modifier before it by walking back.
 */
const MODIFIER = String.raw`(?:Ctrl|Control|Shift|Alt|AltGr|Option|Opt|Cmd|Command|Meta|Super|Win|Fn|⌘|⇧|⌥|⌃)`
const MODIFIER_BEFORE = new RegExp(String.raw`${MODIFIER} ?$`)
const KEY_CHORD = new RegExp(String.raw`(?:${MODIFIER} ?\+ ?)+(?:${MODIFIER}|F\d{1,2}|Tab|Enter|Return|Esc|Escape|Space|Delete|Del|Backspace|Home|End|PageUp|PageDown|PgUp|PgDn|Insert|Ins|Up|Down|Left|Right|Plus|Minus|Click|[A-Za-z0-9]|[-=[\];',./\\])(?![A-Za-z0-9])`, 'y')

/** Length of the `=value` at `eq` (the equals sign) of an assignment, or 0. */
function assignedValueLength(text: string, eq: number): number {
  const m = at(ASSIGNED_VALUE, text, eq + 1)
  const value = m ? m[0].replace(/[.:!?]+$/, '') : ''
  return value === '' || WORD_CHAR.test(text[eq + 1 + value.length] ?? '') ? 0 : 1 + value.length
}
/**
 * A file name's extension: `subscriptions.csv`, `archive.tar.gz`, `IMG_0001.JPG`, `Node.js`.
 * Only extensions of this list, in lower or upper case, after a name without spaces: prose
 * writes a space after a full stop, and a missing one (`it.So`) is not a file.
 */
const FILE_EXTENSIONS = new Set(
  ('csv tsv json jsonl xml yaml yml toml ini cfg conf txt log md rst pdf doc docx xls xlsx ppt pptx odt ods odp rtf epub ' +
    'html htm css scss sass js mjs cjs jsx tsx ts vue php py rb java kt swift cpp hpp cs sh bat ps1 sql db sqlite ' +
    'zip rar 7z tar gz tgz bz2 xz zst dmg iso apk aab ipa exe msi deb rpm jar war dll ' +
    'png jpg jpeg gif svg webp bmp ico tif tiff heic avif mp3 mp4 m4a m4v wav ogg opus flac aac mkv webm mov avi wmv ' +
    'srt vtt po pot mo xlf xliff arb strings stringsdict resx properties ttf otf woff woff2 pem crt p12 pfx ovpn torrent ics vcf kml gpx opml').split(' '),
)
const EXTENSIONS = /(?:\.[A-Za-z0-9]{1,11})+/y
/** A dot file or a bare extension after a space: `.gitignore`, `.env`, `the .zip file`, `.NET`. */
const DOT_NAME = /\.[A-Za-z0-9][A-Za-z0-9_-]{0,31}/y
const NAME_CHAR = /[\p{L}\p{N}_-]/u

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
 * An icon font's name as a whole value: `mdi-home`, `fa-solid`, `bi-house-door`, `ri-home-line`
 * (Material Design Icons, Font Awesome, Bootstrap, Remix, Boxicons, Tabler, Line Awesome,
 * Unicons, Ionicons): menus in localization files carry them beside their labels, and an engine
 * translated the words after the prefix (`mdi-home` → `mdi-casa`). Only a whole value: `bi-weekly`
 * in a sentence is English.
 */
const ICON_NAME = /^(?:mdi|fa|fas|far|fab|fal|fad|bi|ri|bx|bxs|bxl|ti|tabler|la|las|lar|lab|uil|ion|icon|icons|glyphicon|octicon|lni|feather)-[a-z0-9]+(?:-[a-z0-9]+)*$/

export function isIconName(text: string): boolean {
  return ICON_NAME.test(text)
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
  /**
   * MediaWiki positional parameters `$1`, `$2` are tokens. Default: when the text has a `$1`
   * (messages number their parameters from 1), so that prices (`$5 or $10`) stay text.
   */
  dollarPositions?: boolean
}

/** A `$1` that is a parameter, not the start of an amount: what makes `$N` parameters the text's convention. */
const FIRST_DOLLAR_POSITION = /\$1(?![\d]|[.,]\d)/

/** Whether `text` numbers parameters MediaWiki's way (see TokenizeOptions' `dollarPositions`). */
export function usesDollarPositions(text: string): boolean {
  return FIRST_DOLLAR_POSITION.test(text)
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
      if ((m = at(ERB, text, i))) return { type: 'token', raw: m[0] }
      if ((m = at(CLOSE_TAG, text, i))) return { type: 'token', raw: m[0], tag: { name: m[1]!.toLowerCase(), kind: 'close' } }
      if ((m = at(OPEN_TAG, text, i))) {
        return { type: 'token', raw: m[0], tag: { name: m[1]!.toLowerCase(), kind: m[2] ? 'void' : 'open' } }
      }
      return null
    }
    case '{': {
      if ((m = at(DOUBLE_BRACE, text, i)) || (m = at(TEMPLATE_TAG, text, i))) return { type: 'token', raw: m[0] }
      const n = balanced(text, i)
      if (n === 0) return null
      const inner = text.slice(i + 1, i + n - 1)
      // double braces around double braces: MediaWiki's `{{GRAMMAR:genitive|{{SITENAME}}}}`
      if (text[i + 1] === '{' && text[i + n - 2] === '}') return { type: 'token', raw: text.slice(i, i + n) }
      if (inner === '' || /^\s*[\w.:!#$@-]/.test(inner) || (VUE_LITERAL.test(inner) && text[i - 1] !== "'")) return { type: 'token', raw: text.slice(i, i + n) }
      return null
    }
    case '$': {
      if ((m = at(I18NEXT_NESTING, text, i))) return { type: 'token', raw: m[0] }
      if ((m = at(DOLLAR_NAME, text, i))) return { type: 'token', raw: m[0] }
      if (options.dollarPositions && (m = at(DOLLAR_POSITION, text, i))) return { type: 'token', raw: m[0] }
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
      if ((m = at(PY_NAMED, text, i)) || (m = at(RUBY_NAMED, text, i)) || (m = at(PRINTF, text, i)) || (m = at(STRFTIME, text, i)) || (m = at(PERCENT_POSITION, text, i))) {
        return { type: 'token', raw: m[0] }
      }
      return null
    }
    case '`':
      return (m = at(CODE_SPAN, text, i)) && !/'\s/.test(m[0]) ? { type: 'token', raw: m[0] } : null
    case '#':
      return (m = at(RUBY_INTERP, text, i)) ? { type: 'token', raw: m[0] } : null
    case '&':
      return (m = at(ENTITY, text, i)) ? { type: 'token', raw: m[0] } : null
    case '[': {
      if ((m = at(WIKILINK, text, i))) {
        // `[[Special:Preferences|preferences]]`: the target is a token, the label is text
        if (m[1] === '|') return text.indexOf(']]', i + m[0].length) > 0 ? { type: 'token', raw: m[0], tag: { name: '[[', kind: 'open' } } : null
        return text.startsWith(']]', i + m[0].length) ? { type: 'token', raw: `${m[0]}]]` } : null
      }
      if ((m = at(KEY_REFERENCE, text, i))) return { type: 'token', raw: m[0] }
      // an image's `!` goes with its bracket
      const bang = text[i - 1] === '!' && i > textStart ? 1 : 0
      if ((m = at(MARKDOWN_COLLAPSED_REFERENCE, text, i - bang))) return { type: 'token', raw: m[0], back: bang }
      if ((m = at(MARKDOWN_NAMED_LINK, text, i - bang)) && namesItsSite(m[1]!, m[2]!)) return { type: 'token', raw: m[0], back: bang }
      if ((m = at(MARKDOWN_LINK_OPEN, text, i - bang))) return { type: 'token', raw: m[0], tag: { name: '](', kind: 'open' }, back: bang }
      return (m = at(BRACKET, text, i)) ? { type: 'token', raw: m[0] } : null
    }
    case ']':
      if ((m = at(MARKDOWN_LINK_CLOSE, text, i))) return { type: 'token', raw: m[0], tag: { name: '](', kind: 'close' } }
      return text.startsWith(']]', i) ? { type: 'token', raw: ']]', tag: { name: '[[', kind: 'close' } } : null
    case '\\':
      return (m = at(ESCAPE, text, i)) ? { type: 'token', raw: m[0] } : null
    case ':': {
      if ((m = at(URL_REST, text, i))) {
        let start = i
        while (start > textStart && URL_SCHEME_CHAR.test(text[start - 1]!)) start--
        while (start < i && !/[A-Za-z]/.test(text[start]!)) start++
        if (start === i || (start > 0 && WORD_CHAR.test(text[start - 1]!))) return null
        return { type: 'token', raw: text.slice(start, i) + m[0].replace(/[.,;:!?)\]]+$/, ''), back: i - start }
      }
      if (i > 0 && WORD_CHAR.test(text[i - 1]!)) return null
      // A shortcode may follow another (`:wave::skin-tone-2:`), never run into a word.
      if ((m = at(SHORTCODE, text, i)) && !WORD_CHAR.test(text[i + m[0].length] ?? '')) return { type: 'token', raw: m[0] }
      if (!options.colonNames || (i > 0 && text[i - 1] === ':')) return null
      return (m = at(COLON_NAME, text, i)) ? { type: 'token', raw: m[0] } : null
    }
    case '@': {
      if ((m = at(VUE_LINKED, text, i))) return { type: 'token', raw: m[0].replace(/\.+$/, '') }
      if ((i === 0 || !WORD_CHAR.test(text[i - 1]!)) && (m = at(ANDROID_REFERENCE, text, i))) return { type: 'token', raw: m[0].replace(/\.+$/, '') }
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
      if (!(m = at(SNAKE_TAIL, text, i))) return null
      const end = i + m[0].length
      // a snake_case file name: `IMG_0001.JPG`, `user_data.csv`
      const file = text[end] === '.' ? fileName(text, end, start) : null
      if (file) return { ...file, back: i - start }
      if (WORD_CHAR.test(text[end] ?? '')) return null
      // `NODE_ENV=production`: the assignment is one token
      const assigned = text[end] === '=' ? assignedValueLength(text, end) : 0
      return { type: 'token', raw: text.slice(start, end + assigned), back: i - start }
    }
    case '-': {
      if ((i > 0 && /[\p{L}\p{N}_-]/u.test(text[i - 1]!)) || !(m = at(OPTION, text, i)) || WORD_CHAR.test(text[i + m[0].length] ?? '')) return null
      if (m[0][1] === '-' && (i === 0 || /(?:\n|[.!?…]\s+)$/u.test(text.slice(Math.max(0, i - 8), i)))) return null
      const option = m[0].replace(/-+$/, '')
      const assigned = text[i + option.length] === '=' ? assignedValueLength(text, i + option.length) : 0
      return { type: 'token', raw: text.slice(i, i + option.length + assigned) }
    }
    case '=': {
      let start = i
      while (start > textStart && ASSIGNMENT_NAME_CHAR.test(text[start - 1]!)) start--
      if (start === i || !/[A-Za-z_]/.test(text[start]!) || (start > 0 && /[\p{L}\p{N}_/:@\\]/u.test(text[start - 1]!))) return null
      const assigned = assignedValueLength(text, i)
      return assigned === 0 ? null : { type: 'token', raw: text.slice(start, i + assigned), back: i - start }
    }
    case '.':
      return fileName(text, i, textStart) ?? dottedName(text, i, textStart)
    case '+': {
      const head = MODIFIER_BEFORE.exec(text.slice(Math.max(textStart, i - 7), i))
      const start = head ? i - head[0].length : i
      if (!head || (start > 0 && WORD_CHAR.test(text[start - 1]!)) || !(m = at(KEY_CHORD, text, start))) return null
      return { type: 'token', raw: m[0], back: i - start }
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

/**
 * A file name (`export.csv`, `archive.tar.gz`) or an extension on its own (`the .zip file`,
 * `.gitignore`) at the `.` at `i`, with the relative path before it (`data/export.csv`): an
 * engine read "the downloaded .zip file" as a sentence end and "zip" as a word (".Lima de
 * cremallera"). Not after another dot or an `@` (URLs and e-mail addresses are tokens of their
 * own), and never running into a word.
 */
function fileName(text: string, i: number, textStart: number): (RawPiece & { back?: number }) | null {
  let start = i
  // a relative path ending in the file name is one token too: `subscriptions/subscriptions.csv`
  while (start > textStart && (NAME_CHAR.test(text[start - 1]!) || (text[start - 1] === '/' && NAME_CHAR.test(text[start - 2] ?? '')))) start--
  if (start > 0 && /[.@/\\:\p{L}\p{N}_-]/u.test(text[start - 1]!)) return null
  if (start === i) {
    const m = at(DOT_NAME, text, i)
    if (!m || !/[A-Za-z]/.test(m[0]) || NAME_CHAR.test(text[i + m[0].length] ?? '') || text[i + m[0].length] === '.') return null
    return { type: 'token', raw: m[0] }
  }
  const m = at(EXTENSIONS, text, i)
  if (!m) return null
  // the longest run of listed extensions: `archive.tar.gz`, not the `.` that ends a sentence after it
  let end = i
  for (const ext of m[0].slice(1).split('.')) {
    if (!FILE_EXTENSIONS.has(ext.toLowerCase()) || (ext !== ext.toLowerCase() && ext !== ext.toUpperCase())) break
    end += ext.length + 1
  }
  if (end === i || /[\p{L}\p{N}_@+-]/u.test(text[end] ?? '') || (text[end] === '.' && /[A-Za-z0-9]/.test(text[end + 1] ?? ''))) return null
  return { type: 'token', raw: text.slice(start, end), back: i - start }
}

const DOTTED_NAME = /[A-Za-z_$][\w$-]*(?:\.[A-Za-z_$][\w$-]*)+/y

/**
 * A dotted name at the `.` at `i`: a setting, a flag, a key or a property path
 * (`dom.events.asyncClipboard.clipboardItem`, `settings.general.theme`, `window.location`,
 * `www.example.org`): an engine translated "dom.events…" as "dom.Casos…". Every part has two
 * characters or more (`e.g.`, `U.S.A.` stay text), and a part after a dot starts in lower case
 * unless there are three parts or more (`done.You` is a missing space). An e-mail address's
 * local part is left to the address.
 */
function dottedName(text: string, i: number, textStart: number): (RawPiece & { back?: number }) | null {
  let start = i
  while (start > textStart && /[\w$-]/.test(text[start - 1]!)) start--
  if (start === i || (start > 0 && /[.@/\\\p{L}\p{N}]/u.test(text[start - 1]!))) return null
  const m = at(DOTTED_NAME, text, start)
  if (!m || start + m[0].length <= i) return null
  const end = start + m[0].length
  if (/[\p{L}\p{N}_@+]/u.test(text[end] ?? '') || (text[end] === '.' && /[\p{L}\p{N}]/u.test(text[end + 1] ?? ''))) return null
  const parts = m[0].split('.')
  if (parts.some((part) => part.length < 2)) return null
  if (parts.length === 2 && !/^[a-z_$]/.test(parts[1]!)) return null
  return { type: 'token', raw: m[0], back: i - start }
}

const TRIGGER = /[<{$%#&`*~+[\\\r\n:@/_.=-]|\][\](\[]|[ \t]*\|/g

/**
 * Markdown emphasis: `**bold**`, `*italic*`, `__bold__`, `_italic_`, `~~struck~~`, on one line, not
 * inside a word. Its markers are a pair of tags, like `<b>…</b>`: as punctuation, "Open
 * **Settings** and…" came back "Configuraciones **abiertas** y…". An underscore pair holds words
 * with a space or a capital (`__init__`, `_id_` are names); `5 * 3 * 2` has spaces inside.
 */
const EMPHASIS = /(?<![\p{L}\p{N}*_~\\])(\*\*|__|~~|\*|_)(?=[^\s*_~])([^\n]*?[^\s\\*_~])\1(?![\p{L}\p{N}*_~])/gu

/** Where the text's emphasis markers are, by offset. */
function emphasisMarkers(text: string): Map<number, RawPiece & { back?: number }> {
  const markers = new Map<number, RawPiece & { back?: number }>()
  if (!/[*_~]/.test(text)) return markers
  for (const m of text.matchAll(EMPHASIS)) {
    const [all, marker, content] = m as unknown as [string, string, string]
    if (marker[0] === '_' && !/\s|^\p{Lu}/u.test(content)) continue
    markers.set(m.index, { type: 'token', raw: marker, tag: { name: marker, kind: 'open' } })
    markers.set(m.index + all.length - marker.length, { type: 'token', raw: marker, tag: { name: marker, kind: 'close' } })
  }
  return markers
}

/** Splits `text` into literal runs and tokens. */
export function tokenize(text: string, given: TokenizeOptions = {}): RawPiece[] {
  if (isDatePattern(text.trim()) || isIconName(text.trim())) return [{ type: 'token', raw: text }]
  const options = given.dollarPositions === undefined ? { ...given, dollarPositions: usesDollarPositions(text) } : given
  const out: RawPiece[] = []
  const emphasis = emphasisMarkers(text)
  let textStart = 0
  TRIGGER.lastIndex = 0
  let m: RegExpExecArray | null
  while ((m = TRIGGER.exec(text))) {
    const at = m.index
    const found = emphasis.get(at) ?? matchAt(text, at, options, textStart)
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
