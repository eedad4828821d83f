/**
 * A fast reader for the block-style YAML that localization files are written in. It produces the
 * same nodes (eemeli/yaml's `Scalar`, `YAMLMap`, `YAMLSeq`, `Pair`, with the same values, styles
 * and ranges) that yaml's Parser + Composer would, in one pass over the lines and without a CST:
 * on a 10 MB Rails file, about a quarter of the library's time (BENCHMARKS.md).
 *
 * It reads a deliberately small subset: block maps and sequences (including the zero-indented
 * `- item` lists Psych writes under a key), plain, single- and double-quoted scalars (also
 * after the non-specific tag `! ` older Psych versions wrote), `|`/`>` block scalars with clip
 * or strip chomping, one-line flow sequences and maps of scalars (`[Sunday, ~, :year]`,
 * `{one: x, other: "y"}`), anchors on values and aliases to earlier anchors (so merge keys),
 * comments and one leading `---`, with LF or CRLF line breaks. Anything else (other tags,
 * nested or multi-line flow collections, explicit keys, anchored keys, `+` chomping,
 * indentation indicators, tabs, lone CRs or mixed line breaks, several documents, anything
 * malformed) makes it return `undefined`, and
 * the caller parses with the yaml library, which also reports the errors. So this reader never
 * decides what is an error; it only recognizes input it is sure about. The differential test
 * (test/yaml-block-reader.test.ts) checks it against the library on the corpus, on hand-written
 * edge cases and on generated documents, each also with CRLF breaks.
 */
import { Alias, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml'

type Node = Scalar | YAMLMap | YAMLSeq | Alias

/** Signals input outside the subset; caught once at the top. */
class Unsupported extends Error {}
const unsupported = (): never => {
  throw new Unsupported()
}

// Characters that never appear in the subset: C0 controls other than LF and CR, tab (YAML's
// indentation rules for tabs are subtle), DEL, BOM.
const OUTSIDE_SUBSET = /[\x00-\x09\x0b\x0c\x0e-\x1f\x7f\ufeff]/
const DOCUMENT_MARKER = /^(?:---|\.\.\.)(?:[ \n]|$)/
// The YAML 1.2 core schema's non-string plain scalars (the yaml library's default schema).
const CORE_NULL = /^(?:~|[Nn]ull|NULL)?$/
const CORE_BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/
const CORE_NUMBER = /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/
// A plain scalar may not start with an indicator (`-`, `?`, `:` only when followed by a space).
const PLAIN_START_FORBIDDEN = new Set(Array.from(',[]{}#&*!|>\'"%@`'))
const DOUBLE_QUOTE_ESCAPES: Record<string, string> = {
  '0': '\0', a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v',
  N: '\u0085', _: '\u00a0', L: '\u2028', P: '\u2029', ' ': ' ', '"': '"', '/': '/', '\\': '\\',
}
const HEX_ESCAPE_LENGTH: Record<string, number> = { x: 2, u: 4, U: 8 }

/**
 * Reads `text` (already decoded, no BOM) into the document's root node, `null` for a document
 * without content, or `undefined` when the text is outside the subset described above.
 * Collections deeper than `maxDepth` are outside the subset too (the library reports them).
 */
export function readBlockYaml(text: string, maxDepth: number): { contents: Node | null } | undefined {
  if (OUTSIDE_SUBSET.test(text)) return undefined
  // CRLF files (every line break CRLF, no other CR) are read with each CR seen as a space: offsets
  // stay the same, a space before a line break is never part of a value, and the few places
  // where it would count (empty values, block scalar lines) ask `crlf`
  const crlf = text.includes('\r')
  if (crlf && (/\r(?!\n)|[^\r]\n|^\n/.test(text))) return undefined
  try {
    return new BlockReader(crlf ? text.replaceAll('\r', ' ') : text, maxDepth, crlf).document()
  } catch (error) {
    if (error instanceof Unsupported) return undefined
    throw error
  }
}

class BlockReader {
  /** Start of the current line. */
  private pos = 0
  /** Anchors defined so far (an alias must follow its anchor's node). */
  private readonly anchors = new Set<string>()

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
    private readonly crlf: boolean,
  ) {}

  document(): { contents: Node | null } {
    while (this.pos < this.text.length && this.isBlankOrComment(this.pos)) this.nextLine()
    if (this.pos < this.text.length && this.text.startsWith('---', this.pos)) {
      const rest = this.restOfLine(this.pos + 3)
      if (rest !== '' && !/^ +(?:#.*)?$/.test(rest)) unsupported()
      this.nextLine()
      this.skipBlankAndCommentLines()
    }
    if (this.pos >= this.text.length) {
      if (this.pos > 0) unsupported() // `---` and nothing else: the library makes an empty scalar of it
      return { contents: null }
    }
    if (this.indentAt(this.pos) !== 0) unsupported()
    const contents = this.collection(0, -1, 1)
    this.skipBlankAndCommentLines()
    if (this.pos < this.text.length) unsupported() // more documents, or text after the root
    return { contents }
  }

  // ---- lines -------------------------------------------------------------------------------

  private lineEnd(from: number): number {
    const end = this.text.indexOf('\n', from)
    return end < 0 ? this.text.length : end
  }

  private restOfLine(from: number): string {
    return this.text.slice(from, this.lineEnd(from))
  }

  private nextLine(): void {
    const end = this.lineEnd(this.pos)
    this.pos = end < this.text.length ? end + 1 : end
  }

  private indentAt(lineStart: number): number {
    let i = lineStart
    while (this.text.charCodeAt(i) === 32) i++
    return i - lineStart
  }

  /** Whether the line at `lineStart` is empty, spaces only, or a comment. */
  private isBlankOrComment(lineStart: number): boolean {
    const first = lineStart + this.indentAt(lineStart)
    return first >= this.text.length || this.text[first] === '\n' || this.text[first] === '#'
  }

  private skipBlankAndCommentLines(): void {
    while (this.pos < this.text.length && this.isBlankOrComment(this.pos)) this.nextLine()
    if (this.pos < this.text.length && DOCUMENT_MARKER.test(this.text.slice(this.pos, this.pos + 4))) unsupported()
  }

  /** `at`, or the CR's offset when `at` is the LF of a CRLF (where the library puts an empty value). */
  private beforeCr(at: number): number {
    return this.crlf && this.text[at] === '\n' ? at - 1 : at
  }

  /** Skips spaces from `from`; the offset of the first other character. */
  private skipSpaces(from: number): number {
    while (this.text.charCodeAt(from) === 32) from++
    return from
  }

  /** Whether `at` is the end of the line's content: line break, end of text, or a ` #` comment. */
  private atLineEnd(at: number): boolean {
    const c = this.text[at]
    return c === undefined || c === '\n' || (c === '#' && (at === 0 || this.text[at - 1] === ' ' || this.text[at - 1] === '\n'))
  }

  /** After a value: only spaces and an optional comment may follow on its line; moves to the next line. */
  private finishLine(at: number): void {
    const after = this.skipSpaces(at)
    if (!this.atLineEnd(after) || (after === at && this.text[at] === '#')) unsupported()
    this.pos = at
    this.nextLine()
  }

  // ---- collections -------------------------------------------------------------------------

  /**
   * The block collection starting at the current line, whose items are at `indent`; the first
   * item may start mid-line at `firstAt` (a compact map in a sequence item).
   */
  private collection(indent: number, firstAt: number, depth: number): YAMLMap | YAMLSeq {
    if (depth > this.maxDepth) unsupported()
    const start = firstAt >= 0 ? firstAt : this.pos + indent
    return this.isSequenceItem(start) ? this.sequence(indent, depth) : this.map(indent, firstAt, depth)
  }

  private isSequenceItem(at: number): boolean {
    const next = this.text[at + 1]
    return this.text[at] === '-' && (next === ' ' || next === '\n' || next === undefined)
  }

  private map(indent: number, firstAt: number, depth: number): YAMLMap {
    const map = new YAMLMap()
    let at = firstAt >= 0 ? firstAt : this.pos + indent
    const start = at
    for (;;) {
      const key = this.implicitKey(at) ?? unsupported()
      const value = this.valueAfterIndicator(this.skipSpaces(key.colon + 1), indent, false, depth + 1)
      map.items.push(new Pair(key.node, value))
      this.skipBlankAndCommentLines()
      if (this.pos >= this.text.length) break
      const next = this.indentAt(this.pos)
      if (next < indent) break
      if (next > indent) unsupported()
      at = this.pos + indent
      if (this.isSequenceItem(at)) {
        // a `- ` at the map's own indentation only belongs to a zero-indented sequence value,
        // which nodeOnNextLines consumed; here it would be a syntax error
        unsupported()
      }
    }
    map.range = [start, this.pos, this.pos]
    return map
  }

  private sequence(indent: number, depth: number): YAMLSeq {
    const seq = new YAMLSeq()
    const start = this.pos + indent
    for (;;) {
      seq.items.push(this.valueAfterIndicator(this.skipSpaces(this.pos + indent + 1), indent, true, depth + 1))
      this.skipBlankAndCommentLines()
      if (this.pos >= this.text.length) break
      const next = this.indentAt(this.pos)
      if (next < indent || (next === indent && !this.isSequenceItem(this.pos + indent))) break
      if (next > indent) unsupported()
    }
    seq.range = [start, this.pos, this.pos]
    return seq
  }

  /**
   * The node after a key's `:` or an item's `-` (and their spaces), starting at `at`, with an
   * optional `&anchor`: a value on the same line, an `*alias`, a compact map (in a sequence),
   * or a collection on the following lines. `parentIndent` is the indentation of the
   * collection the node belongs to.
   */
  private valueAfterIndicator(at: number, parentIndent: number, inSequence: boolean, depth: number): Node {
    const text = this.text
    let anchor: string | undefined
    if (text[at] === '&') {
      const end = this.nameEnd(at + 1)
      anchor = text.slice(at + 1, end)
      if (anchor === '' || anchor.endsWith(':') || !this.separatesValue(end)) unsupported()
      at = this.skipSpaces(end)
    }
    // `! 'text'`: the non-specific tag older Psych versions wrote before strings (rails-i18n
    // files still carry it); it only makes a plain scalar a string. On scalars only.
    let nonSpecificTag = false
    if (text[at] === '!' && text[at + 1] === ' ' && anchor === undefined) {
      at = this.skipSpaces(at + 1)
      const c = text[at]
      if (this.atLineEnd(at) || '|>[{&*!'.includes(c!) || (inSequence && (this.isSequenceItem(at) || this.implicitKey(at)))) unsupported()
      nonSpecificTag = true
    }
    let node: Node
    if (nonSpecificTag) {
      node = this.inlineNode(at, parentIndent, depth)
      node.tag = '!'
      if (node instanceof Scalar && node.type === 'PLAIN' && typeof node.value !== 'string') {
        node.value = text.slice(node.range![0], node.range![1]) // one line: a non-string value is never folded
      }
    } else if (this.atLineEnd(at)) {
      this.nextLine()
      // a map's value may be a sequence at the map's own indentation, as Psych writes them
      node = this.nodeOnNextLines(parentIndent, !inSequence, this.beforeCr(at), depth)
    } else if (anchor !== undefined && (text[at] === '&' || text[at] === '*' || (inSequence && this.implicitKey(at)))) {
      return unsupported() // two properties, an anchored alias, or an anchor before a compact map's first key
    } else if (text[at] === '*') {
      node = this.alias(at)
    } else if (inSequence && this.isSequenceItem(at)) {
      return unsupported() // `- - x`
    } else if (inSequence && this.implicitKey(at)) {
      node = this.collection(at - this.pos, at, depth)
    } else {
      node = this.inlineNode(at, parentIndent, depth)
    }
    if (anchor !== undefined) {
      // registered after the node, so an alias inside it (a recursive alias) is left to the library
      node.anchor = anchor
      this.anchors.add(anchor)
    }
    return node
  }

  /** The end of an anchor or alias name starting at `from`: up to white space or a flow indicator. */
  private nameEnd(from: number): number {
    let i = from
    while (i < this.text.length && !' \n,[]{}'.includes(this.text[i]!)) i++
    return i
  }

  /** `*name`, which must name an anchor defined before it. */
  private alias(at: number): Alias {
    const end = this.nameEnd(at + 1)
    const name = this.text.slice(at + 1, end)
    if (!this.anchors.has(name)) unsupported()
    const node = new Alias(name)
    node.range = [at, end, end]
    this.finishLine(end)
    return node
  }

  /**
   * The value of a key or sequence item whose own line ended after the indicator: a collection
   * on the following lines, or an empty (null) scalar at `emptyAt`.
   */
  private nodeOnNextLines(parentIndent: number, zeroIndentedSequence: boolean, emptyAt: number, depth: number): Node {
    const resume = this.pos
    this.skipBlankAndCommentLines()
    if (this.pos < this.text.length) {
      const indent = this.indentAt(this.pos)
      if (indent > parentIndent) return this.collectionOrUnsupported(indent, depth)
      if (zeroIndentedSequence && indent === parentIndent && this.isSequenceItem(this.pos + indent)) return this.sequence(indent, depth)
    }
    this.pos = resume
    return plainScalar(null, emptyAt, emptyAt)
  }

  private collectionOrUnsupported(indent: number, depth: number): Node {
    const at = this.pos + indent
    if (!this.isSequenceItem(at) && !this.implicitKey(at)) unsupported() // e.g. a scalar on its own line
    return this.collection(indent, -1, depth)
  }

  /**
   * A key at `at` followed by `:` and a space or line end, on one line; undefined when the line
   * does not start with such a key.
   */
  private implicitKey(at: number): { node: Scalar; colon: number } | undefined {
    const text = this.text
    const c = text[at]
    if (c === '"' || c === "'") {
      const quoted = c === '"' ? this.doubleQuoted(at, -1, true) : this.singleQuoted(at, -1, true)
      if (!quoted) return undefined
      const colon = this.skipSpaces(quoted.node.range![1])
      if (text[colon] !== ':' || !this.separatesValue(colon + 1)) return undefined
      return { node: quoted.node, colon }
    }
    if (c === undefined || c === '\n' || c === ' ' || c === '#' || this.isSequenceItem(at)) return undefined
    const end = this.lineEnd(at)
    let colon = -1
    for (let i = at; i < end; i++) {
      const ch = text.charCodeAt(i)
      if (ch === 58 /* : */ && this.separatesValue(i + 1)) {
        colon = i
        break
      }
      if (ch === 35 /* # */ && text.charCodeAt(i - 1) === 32) return undefined
    }
    if (colon < 0) return undefined
    let keyEnd = colon
    while (text.charCodeAt(keyEnd - 1) === 32) keyEnd--
    const source = text.slice(at, keyEnd)
    if (!isPlainStart(source) || typeof plainValue(source) !== 'string') unsupported() // keys like `1:` or `null:`
    if (keyEnd - at > 1024) unsupported()
    return { node: plainScalar(source, at, keyEnd), colon }
  }

  private separatesValue(at: number): boolean {
    const c = this.text[at]
    return c === ' ' || c === '\n' || c === undefined
  }

  // ---- scalars -----------------------------------------------------------------------------

  /** A value that starts on the current line at `at`, in a collection whose items are at `parentIndent`. */
  private inlineNode(at: number, parentIndent: number, depth: number): Node {
    const c = this.text[at]!
    if (c === '"' || c === "'") {
      const quoted = c === '"' ? this.doubleQuoted(at, parentIndent, false) : this.singleQuoted(at, parentIndent, false)
      if (!quoted) return unsupported()
      this.finishLine(quoted.node.range![1])
      return quoted.node
    }
    if (c === '|' || c === '>') return this.blockScalar(at, parentIndent)
    if (c === '[') {
      if (depth > this.maxDepth) unsupported()
      return this.flowSequence(at)
    }
    if (c === '{') {
      if (depth > this.maxDepth) unsupported()
      return this.flowMap(at)
    }
    if (!isPlainStart(this.text.slice(at, at + 2))) unsupported()
    return this.plainInBlock(at, parentIndent)
  }

  /** A plain scalar, possibly continued on more-indented lines (folded into one value). */
  private plainInBlock(at: number, parentIndent: number): Scalar {
    const text = this.text
    const first = this.plainLine(at)
    let value = first.source
    let end = first.end
    let commented = first.commented
    this.pos = at
    this.nextLine()
    // continuation lines: more indented than the parent, not comments; blank lines between them
    // fold to line breaks; a comment ends the scalar
    while (!commented) {
      let probe = this.pos
      let blanks = 0
      while (probe < text.length) {
        const indent = this.indentAt(probe)
        const c = text[probe + indent]
        if (c !== '\n' && c !== undefined) break
        blanks++
        probe = probe + indent + 1
      }
      if (probe >= text.length) break
      const indent = this.indentAt(probe)
      if (indent <= parentIndent || text[probe + indent] === '#') break
      if (DOCUMENT_MARKER.test(text.slice(probe, probe + 4))) unsupported()
      if (!isPlainStart(text.slice(probe + indent, probe + indent + 2))) unsupported()
      const line = this.plainLine(probe + indent)
      commented = line.commented
      value += blanks === 0 ? ` ${line.source}` : '\n'.repeat(blanks) + line.source
      end = line.end
      this.pos = probe
      this.nextLine()
    }
    return plainScalar(plainValue(value), at, end)
  }

  /** One line of a plain scalar from `at`: its text up to a comment or the line end, trimmed. */
  private plainLine(at: number): { source: string; end: number; commented: boolean } {
    const text = this.text
    const lineEnd = this.lineEnd(at)
    let end = lineEnd
    let commented = false
    for (let i = at; i < lineEnd; i++) {
      const ch = text.charCodeAt(i)
      if (ch === 35 /* # */ && text.charCodeAt(i - 1) === 32) {
        end = i
        commented = true
        break
      }
      if (ch === 58 /* : */ && (i + 1 === lineEnd || text.charCodeAt(i + 1) === 32)) unsupported() // a nested key
    }
    while (text.charCodeAt(end - 1) === 32) end--
    return { source: text.slice(at, end), end, commented }
  }

  /**
   * A double-quoted scalar from `at`. On one line only when `oneLine` (keys); otherwise it may
   * continue on lines more indented than `parentIndent` (without escapes: multi-line escapes
   * are left to the library).
   */
  private doubleQuoted(at: number, parentIndent: number, oneLine: boolean): { node: Scalar } | undefined {
    const text = this.text
    let value = ''
    let i = at + 1
    let chunk = i
    for (;;) {
      const ch = text[i]
      if (ch === undefined) return undefined
      if (ch === '"') break
      if (ch === '\n') return oneLine ? undefined : this.multiLineQuoted(at, parentIndent, '"')
      if (ch === '\\') {
        value += text.slice(chunk, i)
        const code = text[i + 1]
        if (code === undefined) return undefined
        const simple = DOUBLE_QUOTE_ESCAPES[code]
        if (simple !== undefined) {
          value += simple
          i += 2
        } else if (HEX_ESCAPE_LENGTH[code] !== undefined) {
          const length = HEX_ESCAPE_LENGTH[code]!
          const hex = text.slice(i + 2, i + 2 + length)
          if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== length) return undefined
          const point = parseInt(hex, 16)
          if (point > 0x10ffff) return undefined
          value += String.fromCodePoint(point)
          i += 2 + length
        } else return undefined
        chunk = i
        continue
      }
      i++
    }
    value += text.slice(chunk, i)
    return { node: quotedScalar(value, 'QUOTE_DOUBLE', at, i + 1) }
  }

  private singleQuoted(at: number, parentIndent: number, oneLine: boolean): { node: Scalar } | undefined {
    const text = this.text
    let i = at + 1
    let escaped = false
    for (;;) {
      const ch = text[i]
      if (ch === undefined) return undefined
      if (ch === '\n') return oneLine ? undefined : this.multiLineQuoted(at, parentIndent, "'")
      if (ch === "'") {
        if (text[i + 1] !== "'") break
        escaped = true
        i += 2
        continue
      }
      i++
    }
    const raw = text.slice(at + 1, i)
    return { node: quotedScalar(escaped ? raw.replaceAll("''", "'") : raw, 'QUOTE_SINGLE', at, i + 1) }
  }

  /** A quoted scalar over several lines, folded: one line break is a space, n empty lines are n breaks. */
  private multiLineQuoted(at: number, parentIndent: number, quote: '"' | "'"): { node: Scalar } | undefined {
    const text = this.text
    let close = -1
    for (let i = at + 1; i < text.length; i++) {
      const ch = text[i]
      if (quote === '"' && ch === '\\') return undefined
      if (ch === quote) {
        if (quote === "'" && text[i + 1] === "'") {
          i++
          continue
        }
        close = i
        break
      }
    }
    if (close < 0) return undefined
    const lines = text.slice(at + 1, close).split('\n')
    // every continuation line must be indented past the parent and must not look like a document marker
    let lineStart = this.lineEnd(at) + 1
    for (let n = 1; n < lines.length; n++) {
      const line = lines[n]!
      if (line.trim() !== '' && this.indentAt(lineStart) <= parentIndent) return undefined
      if (DOCUMENT_MARKER.test(line.slice(0, 4))) return undefined
      lineStart += line.length + 1
    }
    let value = lines[0]!.replace(/ +$/, '')
    let blanks = 0
    for (let n = 1; n < lines.length; n++) {
      const last = n === lines.length - 1
      const line = last ? lines[n]!.replace(/^ +/, '') : lines[n]!.trim()
      if (line === '' && !last) {
        blanks++
        continue
      }
      value += blanks === 0 ? ' ' : '\n'.repeat(blanks)
      value += line
      blanks = 0
    }
    if (quote === "'") value = value.replaceAll("''", "'")
    return { node: quotedScalar(value, quote === '"' ? 'QUOTE_DOUBLE' : 'QUOTE_SINGLE', at, close + 1) }
  }

  /** `|`, `|-`, `>` or `>-` with its content lines, which are more indented than `parentIndent`. */
  private blockScalar(at: number, parentIndent: number): Scalar {
    const text = this.text
    const folded = text[at] === '>'
    const strip = text[at + 1] === '-'
    const headerEnd = at + (strip ? 2 : 1)
    const afterHeader = this.skipSpaces(headerEnd)
    if (!this.atLineEnd(afterHeader) || (afterHeader === headerEnd && text[afterHeader] === '#')) unsupported()
    this.pos = at
    this.nextLine()
    const lines: string[] = []
    let contentIndent = -1
    let leadingBlankIndent = 0
    let end = this.pos // after the last content line's break
    while (this.pos < text.length) {
      let indent = this.indentAt(this.pos)
      let lineEnd = this.lineEnd(this.pos)
      if (this.crlf && lineEnd < text.length) lineEnd-- // the CR, seen as a space
      const blank = this.pos + indent >= lineEnd
      if (blank) {
        indent = lineEnd - this.pos
        if (contentIndent < 0) leadingBlankIndent = Math.max(leadingBlankIndent, indent)
        else if (indent > contentIndent) unsupported() // a blank line whose extra spaces are content
        lines.push('')
        this.nextLine()
        continue
      }
      if (contentIndent < 0) {
        if (indent <= parentIndent) break
        contentIndent = indent
      } else if (indent < contentIndent) break
      if (DOCUMENT_MARKER.test(text.slice(this.pos, this.pos + 4))) unsupported()
      lines.push(text.slice(this.pos + contentIndent, lineEnd))
      this.nextLine()
      end = this.pos
    }
    if (contentIndent < 0 || leadingBlankIndent > contentIndent) unsupported() // empty, or leading blank lines indented past the content
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop()
    // the position of the next line is where this scalar's trailing blank lines began
    this.pos = end
    let value = folded ? foldLines(lines) : lines.join('\n')
    if (!strip) value += '\n'
    const node = new Scalar(value)
    node.type = folded ? 'BLOCK_FOLDED' : 'BLOCK_LITERAL'
    node.range = [at, end, end]
    return node
  }

  /**
   * `{one: "%{count} item", other: items}` on one line: scalar keys and values, each key followed
   * by `: `. Keys without values, `key:value` without a space, comments and nesting are left to
   * the library.
   */
  private flowMap(at: number): YAMLMap {
    const map = new YAMLMap()
    return this.flowCollection(at, map, '}', (from) => {
      const key = this.flowScalar(from, true)
      const colon = this.skipSpaces(key.range![1])
      if (this.text[colon] !== ':' || this.text[colon + 1] !== ' ') unsupported()
      const value = this.flowScalar(this.skipSpaces(colon + 1), false)
      map.items.push(new Pair(key, value))
      return value.range![1]
    })
  }

  /** `[a, 'b', "c", ~]` on one line: scalars only. */
  private flowSequence(at: number): YAMLSeq {
    const seq = new YAMLSeq()
    return this.flowCollection(at, seq, ']', (from) => {
      const node = this.flowScalar(from, false)
      seq.items.push(node)
      return node.range![1]
    })
  }

  /**
   * The one-line flow collection opening at `at` and closed by `close`: `readItem` reads the item
   * starting at its offset into `collection` and returns where the item ends; items are separated
   * by commas, and a trailing comma is left to the library.
   */
  private flowCollection<C extends YAMLMap | YAMLSeq>(at: number, collection: C, close: '}' | ']', readItem: (from: number) => number): C {
    const text = this.text
    collection.flow = true
    let i = this.skipSpaces(at + 1)
    if (text[i] !== close) {
      for (;;) {
        i = this.skipSpaces(readItem(i))
        if (text[i] === close) break
        if (text[i] !== ',') unsupported()
        i = this.skipSpaces(i + 1)
        if (text[i] === close) unsupported()
      }
    }
    collection.range = [at, i + 1, i + 1]
    this.finishLine(i + 1)
    return collection
  }

  /**
   * A quoted or plain scalar inside a one-line flow collection, starting at `at`. A plain one
   * ends before `,`, a bracket or brace, or (for a key) `:`; one holding `:` or `#`, or running
   * to the end of the line, is left to the library (their flow-context rules are subtle).
   */
  private flowScalar(at: number, isKey: boolean): Scalar {
    const text = this.text
    const c = text[at]
    if (c === '"' || c === "'") return (c === '"' ? this.doubleQuoted(at, -1, true) : this.singleQuoted(at, -1, true))?.node ?? unsupported()
    let i = at
    while (i < text.length && !',[]{}#:\n'.includes(text[i]!)) i++
    if (text[i] === '#' || text[i] === '\n' || i >= text.length || (text[i] === ':' && !isKey)) unsupported()
    let end = i
    while (text.charCodeAt(end - 1) === 32) end--
    const source = text.slice(at, end)
    if (source === '' || !isPlainStart(source)) unsupported()
    return plainScalar(plainValue(source), at, end)
  }
}

/** Whether `source` may start a plain scalar (YAML 1.2 ns-plain-first, block context). */
function isPlainStart(source: string): boolean {
  const c = source[0]
  if (c === undefined || PLAIN_START_FORBIDDEN.has(c)) return false
  if (c === '-' || c === '?' || c === ':') {
    const next = source[1]
    return next !== undefined && next !== ' ' && next !== '\n'
  }
  return true
}

/** A plain scalar's value under the core schema: a string, or a non-string stand-in. */
function plainValue(source: string): string | number | boolean | null {
  if (CORE_NULL.test(source)) return null
  if (CORE_BOOL.test(source)) return source[0] === 't' || source[0] === 'T'
  if (CORE_NUMBER.test(source)) return Number(source)
  return source
}

function plainScalar(value: ReturnType<typeof plainValue>, start: number, end: number): Scalar {
  const node = new Scalar(value)
  node.type = 'PLAIN'
  node.range = [start, end, end]
  return node
}

function quotedScalar(value: string, type: 'QUOTE_DOUBLE' | 'QUOTE_SINGLE', start: number, end: number): Scalar {
  const node = new Scalar(value)
  node.type = type
  node.range = [start, end, end]
  return node
}

/**
 * Folds the content lines of a `>` block scalar: a single line break between two lines that do
 * not start with a space becomes a space; breaks around empty or more-indented lines are kept.
 */
function foldLines(lines: string[]): string {
  let out = ''
  let breaks = 0
  let previousMoreIndented = false
  let started = false
  for (const line of lines) {
    if (line === '') {
      breaks++
      continue
    }
    const moreIndented = line[0] === ' '
    if (!started) out += '\n'.repeat(breaks)
    else if (!moreIndented && !previousMoreIndented) out += breaks === 0 ? ' ' : '\n'.repeat(breaks)
    else out += '\n'.repeat(breaks + 1)
    out += line
    started = true
    breaks = 0
    previousMoreIndented = moreIndented
  }
  return out
}
