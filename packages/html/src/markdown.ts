/**
 * Markdown documents (a README, a docs page): the text of headings, paragraphs, list items,
 * block quotes and table cells is translated; code blocks, front matter data, link reference
 * definitions, HTML comments, list markers, quote markers, GitHub's alert markers
 * (`> [!NOTE]`), admonition fences (`:::tip`), template tags on lines of their own and
 * template code and comment blocks (`{% highlight %}`, `{% comment %}`, Hugo's
 * `{{< highlight >}}`), table rules and every line ending stay as written. Segments are the raw inline Markdown of each block (links, emphasis, code
 * spans, inline HTML): the caller masks them with `@verso/formats`' placeholder tokens, as the
 * server and the CLI do for HTML, so a link's destination and a code span never reach the
 * engine as words.
 *
 * A paragraph written over several lines is one segment, and its translation is wrapped at the
 * source's widest line (Markdown renders it alike either way; a wrapped source stays a wrapped
 * file to review); one that comes back unchanged keeps its lines.
 */
import { HtmlError } from './errors.js'
import { oneLine, readFrontMatter, writeScalar } from './front-matter.js'
import type { Segment } from './segment.js'
import type { FrontMatterUnit } from './units.js'
import { plainText } from './write.js'

export interface ExtractedMarkdown {
  /** What to translate, in document order. Empty: nothing to translate. */
  segments: Segment[]
  /** The document with each segment replaced by its translation (same order, same count). */
  write(translated: readonly Segment[]): string
}

/** A block's text: `[start, end)` of the source is replaced; `text` is what is sent. */
interface TextUnit {
  readonly kind: 'text'
  readonly start: number
  readonly end: number
  readonly text: string
  /**
   * A paragraph the source wrapped over lines: the column its longest line reaches, where its
   * first line's text starts, and what its next line wrote before its text (an indentation,
   * `> `). The translation is wrapped the same way.
   */
  readonly wrap?: { readonly width: number; readonly firstColumn: number; readonly indent: string; readonly lineBreak: string }
}

type Unit = TextUnit | FrontMatterUnit

const FENCE = /^( {0,3})(`{3,}|~{3,})/
const BLANK = /^[ \t]*$/
const ATX_HEADING = /^( {0,3}#{1,6})(?:[ \t]+|$)/
const CLOSING_HASHES = /[ \t]+#+[ \t]*$/
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/
const LINK_DEFINITION = /^ {0,3}\[[^\]\n]+\]:[ \t]*\S/
const QUOTE_PREFIX = /^(?: {0,3}>[ \t]?)+/
const LIST_MARKER = /^([ \t]*)(?:[-*+]|\d{1,9}[.)])(?:[ \t]+(?:\[[ xX]\][ \t]+)?|$)/
const TABLE_RULE = /^[ \t]*\|?[ \t]*:?-{1,}:?[ \t]*(?:\|[ \t]*:?-{1,}:?[ \t]*)+\|?[ \t]*$|^[ \t]*\|[ \t]*:?-{1,}:?[ \t]*\|?[ \t]*$/
const HTML_COMMENT_START = /^ {0,3}<!--/
const INDENTED_CODE = /^(?: {4}|\t)/
/** GitHub's alert marker, alone on a quote's first line: `> [!NOTE]`, `> [!WARNING]`. */
const ALERT_MARKER = /^[ \t]*\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*$/i
/**
 * A container directive's fence (Docusaurus, VitePress, remark-directive admonitions):
 * `:::tip`, `:::note Pro tip`, `:::`. The marker and its type are syntax; a title after them is
 * text.
 */
const DIRECTIVE = /^( {0,3}:{3,}[ \t]*(?:[\w-]+(?:\{[^}\n]*\})?)?[ \t]*)(.*)$/
/** A raw HTML block kept as written to its end tag: `<pre>`, `<script>`, `<style>`, `<textarea>` (CommonMark's first kind). */
const RAW_HTML_START = /^ {0,3}<(pre|script|style|textarea)(?=[\s>]|$)/i
/**
 * A line that opens an HTML block of CommonMark's sixth kind (`<details>`, `<div align="center">`,
 * `<p>`, `<table>`…): its lines are translated one by one, never joined, so the block keeps
 * its lines (`<summary>` and `<details>` stayed on lines of their own).
 */
const HTML_BLOCK_START = /^ {0,3}<\/?(?:address|article|aside|blockquote|body|caption|center|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|head|header|hr|html|legend|li|link|main|menu|nav|ol|optgroup|option|p|picture|section|source|summary|table|tbody|td|tfoot|th|thead|title|tr|ul)(?=[\s/>]|$)/i
/** A line that is one whole open or closing tag and nothing else (CommonMark's seventh kind: `<audio id="a">`, `<MyComponent />`): it starts an HTML block where no paragraph is open. */
const HTML_TAG_LINE = /^ {0,3}(?:<[A-Za-z][\w-]*(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*\/?>|<\/[A-Za-z][\w-]*\s*>)[ \t]*$/
/**
 * A template block whose content is code or for editors, kept as written to its end tag (the
 * engine read Jekyll's `gem "minima"` as words: `"mínimos" de gema`): Liquid's and Eleventy's
 * `{% highlight ruby %}…{% endhighlight %}`, `{% raw %}`, `{% comment %}`, Hugo's
 * `{{< highlight go >}}…{{< /highlight >}}`.
 */
const TEMPLATE_BLOCK_START = /^[ \t]*\{%-?\s*(highlight|raw|comment)\b[^%]*-?%\}|^[ \t]*\{\{[<%]\s*(highlight)\b.*?[>%]\}\}/
/**
 * A line of template tags and output only (`{% if site.show_excerpts %}`, `{% endif %}`,
 * `{{ content }}`, `{{< figure src="a.png" >}}`): kept as written, and it ends a paragraph, so
 * that it keeps its line (it was joined to the paragraph after it and wrapped with it).
 */
const TEMPLATE_LINE = /^[ \t]*(?:(?:\{%.*?%\}|\{\{.*?\}\})[ \t]*)+$/
/** A line ending in a hard break: two spaces or a backslash before the line break. */
const HARD_BREAK = / {2,}$|\\$/
const LETTER = /\p{L}/u

const DEFAULT_MAX_LENGTH = 200_000

/** Reads the blocks once; returns the segments to translate and a writer. Never throws on any Markdown. */
export function extractMarkdown(markdown: string, options: { maxLength?: number } = {}): ExtractedMarkdown {
  if (typeof markdown !== 'string') throw new HtmlError('HTML_INVALID_INPUT', `markdown must be a string, got ${typeof markdown}`)
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH
  if (markdown.length > maxLength) throw new HtmlError('HTML_TOO_LARGE', `markdown is over ${maxLength} characters`)
  const units = readUnits(markdown)
  return {
    segments: units.map((unit) => (unit.kind === 'text' ? unit.text : unit.segment)),
    write(translated) {
      if (!Array.isArray(translated) || translated.length !== units.length) {
        throw new HtmlError('HTML_TOKEN_MISMATCH', `expected ${units.length} translated segments, got ${Array.isArray(translated) ? translated.length : typeof translated}`)
      }
      let out = ''
      let pos = 0
      units.forEach((unit, i) => {
        const text = plainText(translated[i])
        const original = unit.kind === 'text' ? unit.text : unit.value
        out += markdown.slice(pos, unit.start)
        if (text === original) out += markdown.slice(unit.start, unit.end)
        else if (unit.kind === 'text') out += unit.wrap ? wrapped(oneLine(text), unit.wrap) : oneLine(text)
        else out += writeScalar(text, unit)
        pos = unit.end
      })
      return out + markdown.slice(pos)
    },
  }
}

/**
 * A word that would start a block at a line's start (a list item, a heading, a quote, a fence,
 * a table row, HTML, a setext underline): a line break never goes before it.
 */
const BLOCK_START_WORD = /^(?:[-+*]|\d{1,9}[.)]|#{1,6}|>|=+|`{3,}|~{3,}|\||<)/

/**
 * A paragraph's translation wrapped as its source was: lines up to the source's widest column,
 * broken at spaces outside code spans and link labels (`[NPM Install Size]`), never before a
 * word that would start a block; each line after the first written after the source's
 * continuation indent. A word longer than the width has a line of its own.
 */
function wrapped(text: string, wrap: NonNullable<TextUnit['wrap']>): string {
  const words: string[] = []
  let inCode = false
  let brackets = 0
  for (const piece of text.split(' ')) {
    if (inCode || brackets > 0 || (words.length > 0 && BLOCK_START_WORD.test(piece))) words[words.length - 1] += ` ${piece}`
    else words.push(piece)
    for (const c of piece) {
      if (c === '`') inCode = !inCode
      else if (!inCode && c === '[') brackets++
      else if (!inCode && c === ']') brackets = Math.max(0, brackets - 1)
    }
  }
  const lines: string[] = []
  let current = ''
  let column = wrap.firstColumn
  for (const word of words) {
    if (current !== '' && column + current.length + 1 + word.length > wrap.width) {
      lines.push(current)
      current = word
      column = wrap.indent.length
    } else current = current === '' ? word : `${current} ${word}`
  }
  lines.push(current)
  return lines.join(`${wrap.lineBreak}${wrap.indent}`)
}

interface Line {
  /** Offset of the line's first character, and of its end (before the line break). */
  readonly start: number
  readonly end: number
  readonly text: string
}

function linesOf(text: string): Line[] {
  const lines: Line[] = []
  const re = /[^\r\n]*(?:\r\n|\r|\n|$)/g
  for (let m = re.exec(text); m && m[0] !== ''; m = re.exec(text)) {
    const body = m[0].replace(/(?:\r\n|\r|\n)$/, '')
    lines.push({ start: m.index, end: m.index + body.length, text: body })
  }
  return lines
}

/** The blocks' units, in document order: a state machine over the lines (code fence, comment, paragraph, table). */
function readUnits(markdown: string): Unit[] {
  const units: Unit[] = []
  const frontMatter = readFrontMatter(markdown)
  if (frontMatter) units.push(...frontMatter.units)
  const lines = linesOf(markdown).filter((line) => !frontMatter || line.start >= frontMatter.end)
  /** An open paragraph: where its text starts, the text so far, where its last line ends, and how its lines were wrapped. */
  let paragraph: { start: number; end: number; text: string; firstColumn: number; width: number; indent?: string; lineBreak?: string } | null = null
  let fence: { marker: string; length: number } | null = null
  let inComment = false
  /** The end tag that closes the block kept as written the lines are in (a raw HTML block's `</pre>`, a template block's `{% endhighlight %}`), or null. */
  let keptUntil: RegExp | null = null
  /** Inside an HTML block (until a blank line): each line a segment of its own. */
  let inHtmlBlock = false
  let previousBlank = true
  /** The content column of the list item the lines belong to, or -1 outside a list. */
  let listContent = -1

  const endParagraph = () => {
    const p: typeof paragraph = paragraph
    if (p && LETTER.test(p.text)) {
      const wrap = p.indent === undefined ? undefined : { width: p.width, firstColumn: p.firstColumn, indent: p.indent, lineBreak: p.lineBreak! }
      units.push({ kind: 'text', start: p.start, end: p.end, text: p.text, ...(wrap ? { wrap } : {}) })
    }
    paragraph = null
  }
  /** A block's text on one line: its range after `prefix` characters, trailing spaces and a hard break left out. */
  const startText = (line: Line, prefix: number, text = line.text.slice(prefix)) => {
    const body = text.replace(/[ \t]+$/, '').replace(/\\$/, '')
    const leading = /^[ \t]*/.exec(body)![0].length
    paragraph = { start: line.start + prefix + leading, end: line.start + prefix + body.length, text: body.slice(leading), firstColumn: prefix + leading, width: line.text.trimEnd().length }
    if (HARD_BREAK.test(text)) endParagraph()
  }

  lines.forEach((line, index) => {
    const text = line.text
    if (fence) {
      const close = FENCE.exec(text)
      if (close && close[2]![0] === fence.marker && close[2]!.length >= fence.length && BLANK.test(text.slice(close[0].length))) fence = null
      previousBlank = false
      return
    }
    if (inComment) {
      if (text.includes('-->')) inComment = false
      return
    }
    if (keptUntil) {
      if (keptUntil.test(text)) keptUntil = null
      return
    }
    if (BLANK.test(text)) {
      endParagraph()
      previousBlank = true
      inHtmlBlock = false
      return
    }
    const raw = RAW_HTML_START.exec(text)
    if (raw) {
      endParagraph()
      const end = new RegExp(`</${raw[1]}\\s*>`, 'i')
      if (!end.test(text)) keptUntil = end
      previousBlank = false
      return
    }
    const template = TEMPLATE_BLOCK_START.exec(text)
    if (template) {
      endParagraph()
      const end = template[1] ? new RegExp(`\\{%-?\\s*end${template[1]}\\s*-?%\\}`) : /\{\{[<%]\s*\/highlight\s*[>%]\}\}/
      if (!end.test(text.slice(template[0].length))) keptUntil = end
      previousBlank = false
      return
    }
    if (TEMPLATE_LINE.test(text)) {
      endParagraph()
      previousBlank = false
      return
    }
    if (inHtmlBlock || HTML_BLOCK_START.test(text) || (!paragraph && HTML_TAG_LINE.test(text))) {
      endParagraph()
      inHtmlBlock = true
      previousBlank = false
      startText(line, 0)
      endParagraph()
      return
    }
    const indent = /^[ \t]*/.exec(text)![0].replace(/\t/g, '    ').length
    // code: indented four columns past where a paragraph could start (the list item's content, if any)
    if (!paragraph && previousBlank && INDENTED_CODE.test(text) && (listContent < 0 || indent >= listContent + 4)) {
      previousBlank = false
      return
    }
    if (listContent >= 0 && previousBlank && indent < listContent && !LIST_MARKER.test(text)) listContent = -1
    previousBlank = false
    const fenceOpen = FENCE.exec(text)
    if (fenceOpen && !(fenceOpen[2]![0] === '`' && text.slice(fenceOpen[0].length).includes('`'))) {
      endParagraph()
      fence = { marker: fenceOpen[2]![0]!, length: fenceOpen[2]!.length }
      return
    }
    if (HTML_COMMENT_START.test(text)) {
      endParagraph()
      if (!text.includes('-->')) inComment = true
      return
    }
    if (THEMATIC_BREAK.test(text) || (paragraph && SETEXT_UNDERLINE.test(text)) || LINK_DEFINITION.test(text) || TABLE_RULE.test(text)) {
      endParagraph()
      return
    }
    // a table row: a line with a bar beside a rule line (the header above one, the body below)
    if (text.includes('|') && (TABLE_RULE.test(lines[index + 1]?.text ?? '') || tableBody(lines, index))) {
      endParagraph()
      units.push(...tableCells(line))
      return
    }
    const directive = DIRECTIVE.exec(text)
    if (directive) {
      endParagraph()
      if (LETTER.test(directive[2]!)) startText(line, directive[1]!.length)
      endParagraph()
      return
    }
    const quote = QUOTE_PREFIX.exec(text)?.[0].length ?? 0
    const rest = text.slice(quote)
    if (quote > 0 && ALERT_MARKER.test(rest)) {
      endParagraph()
      return
    }
    const heading = ATX_HEADING.exec(rest)
    if (heading) {
      endParagraph()
      const content = rest.slice(heading[0].length).replace(CLOSING_HASHES, '')
      if (LETTER.test(content)) {
        const start = line.start + quote + heading[0].length
        units.push({ kind: 'text', start, end: start + content.trimEnd().length, text: content.trimEnd() })
      }
      return
    }
    const item = LIST_MARKER.exec(rest)
    if (item) {
      endParagraph()
      listContent = quote + item[0].length
      startText(line, quote + item[0].length)
      return
    }
    if (paragraph) {
      const body = rest.replace(/[ \t]+$/, '').replace(/\\$/, '')
      const current: NonNullable<typeof paragraph> = paragraph
      current.text += ` ${body.trim()}`
      current.end = line.start + quote + body.length
      current.width = Math.max(current.width, text.trimEnd().length)
      if (current.indent === undefined) {
        current.indent = text.slice(0, quote + /^[ \t]*/.exec(rest)![0].length)
        current.lineBreak = markdown.slice(lines[index - 1]!.end, line.start)
      }
      if (HARD_BREAK.test(rest)) endParagraph()
      return
    }
    startText(line, quote)
  })
  endParagraph()
  return units
}

/** Whether the line at `index` follows a table's rule, through other rows. */
function tableBody(lines: readonly Line[], index: number): boolean {
  for (let k = index - 1; k >= 0; k--) {
    const text = lines[k]!.text
    if (TABLE_RULE.test(text)) return true
    if (!text.includes('|') || BLANK.test(text)) return false
  }
  return false
}

/** The cells of a table row with words in them: bars escaped (`\|`) or inside a code span are text. */
function tableCells(line: Line): TextUnit[] {
  const cells: TextUnit[] = []
  const text = line.text
  let cellStart = 0
  let inCode = false
  const addCell = (from: number, to: number) => {
    const raw = text.slice(from, to)
    const lead = /^\s*/.exec(raw)![0].length
    const body = raw.trim()
    if (LETTER.test(body)) cells.push({ kind: 'text', start: line.start + from + lead, end: line.start + from + lead + body.length, text: body })
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '\\') i++
    else if (c === '`') inCode = !inCode
    else if (c === '|' && !inCode) {
      addCell(cellStart, i)
      cellStart = i + 1
    }
  }
  addCell(cellStart, text.length)
  return cells
}
