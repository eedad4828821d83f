import { parse, parseFragment, type DefaultTreeAdapterTypes as T } from 'parse5'
import { namesItsSite } from '@verso/formats/placeholders'
import {
  BUTTON_INPUT_TYPES,
  TRANSLATABLE_META,
  INLINE,
  OPAQUE_BLOCK,
  OPAQUE_INLINE,
  RCDATA,
  TRANSLATABLE_ATTRIBUTES,
  VOID,
  VOID_INLINE,
} from './elements.js'
import { blankFrontMatter, readFrontMatter } from './front-matter.js'
import { attrValue, languageMark, type LanguageMark } from './language.js'
import { buildRun, isSpace, LETTER } from './run.js'
import type { AttrUnit, Item, RunUnit, Unit } from './units.js'

/** Something in a text node's raw bytes the tokenizer would have read as markup. */
const MARKUP = /<[a-zA-Z/!?]/
const MARKUP_PIECE = /<!--[\s\S]*?(?:--!?>|$)|<[a-zA-Z/!?][^>]*>?/g
const DOCUMENT_START = /^<(?:!doctype|html|head|body)[\t\n\f\r />]/i

/** True when the input, after a BOM, whitespace and comments, opens with a doctype, <html>, <head> or <body>. */
export function isDocument(html: string): boolean {
  let i = html.charCodeAt(0) === 0xfeff ? 1 : 0
  for (;;) {
    while (i < html.length && isSpace(html.charCodeAt(i))) i++
    if (!html.startsWith('<!--', i)) break
    const end = html.indexOf('-->', i + 4)
    if (end < 0) return false
    i = end + 3
  }
  return DOCUMENT_START.test(html.slice(i, i + 10))
}

/**
 * Walks the parse5 tree and collects runs (sentences with inline tokens) and, when asked,
 * translatable attributes; and the language attributes of elements whose content is
 * translated. Every unit refers to byte ranges of the original string; a node without a
 * source location (implied by the parser) or whose bytes are not where the tree puts them
 * is left alone.
 */
export function collectUnits(source: string, attributes: boolean): { units: Unit[]; marks: LanguageMark[] } {
  // a page's front matter is data for its generator: parsed as white space, its readable values units of their own
  const frontMatter = readFrontMatter(source)
  const html = frontMatter ? blankFrontMatter(source, frontMatter) : source
  const root = isDocument(html)
    ? parse(html, { sourceCodeLocationInfo: true })
    : parseFragment(html, { sourceCodeLocationInfo: true })
  const c = new Collector(html, attributes)
  c.walk(root)
  c.barrier()
  return { units: [...(frontMatter?.units ?? []), ...c.finish()], marks: c.marks }
}

class Collector {
  private items: Item[] = []
  private readonly runs: RunUnit[] = []
  private readonly attrs: AttrUnit[] = []
  /** Language attributes (`lang`, `dir`…) of the elements whose content is translated. */
  readonly marks: LanguageMark[] = []
  /** Start-tag offsets already used: parse5 clones formatting elements with the same location. */
  private readonly claimed = new Set<number>()

  constructor(
    private readonly source: string,
    private readonly attributes: boolean,
  ) {}

  /** Pending work, last first: a node to visit, or what to do after an element's children. */
  private readonly stack: ({ node: T.ChildNode; parent: T.ParentNode } | (() => void))[] = []

  /** Visits the tree depth-first without recursion (nesting may be thousands deep). */
  walk(root: T.ParentNode): void {
    this.children(root)
    for (let job = this.stack.pop(); job; job = this.stack.pop()) {
      if (typeof job === 'function') job()
      else this.node(job.node, job.parent)
    }
  }

  private children(node: T.ParentNode): void {
    const kids = node.childNodes
    for (let i = kids.length - 1; i >= 0; i--) this.stack.push({ node: kids[i]!, parent: node })
  }

  barrier(): void {
    if (this.items.length > 0) {
      const items = this.items
      this.items = []
      const run = buildRun(items, this.source)
      if (run) this.runs.push(run)
    }
  }

  private push(item: Item): void {
    const last = this.items[this.items.length - 1]
    if (last && last.end !== item.start) this.barrier()
    this.items.push(item)
  }

  private node(node: T.ChildNode, parent: T.ParentNode): void {
    if (node.nodeName === '#text') return this.text(node as T.TextNode, parent)
    if (node.nodeName === '#comment') {
      const loc = node.sourceCodeLocation
      if (loc) this.push({ kind: 'void', start: loc.startOffset, end: loc.endOffset })
      else this.barrier()
      return
    }
    if (node.nodeName === '#documentType') return this.barrier()
    this.element(node as T.Element)
  }

  private text(node: T.TextNode, parent: T.ParentNode): void {
    const loc = node.sourceCodeLocation
    if (!loc) return this.barrier()
    const raw = this.source.slice(loc.startOffset, loc.endOffset)
    const rcdata = 'tagName' in parent && RCDATA.has(parent.tagName)
    if (rcdata || !MARKUP.test(raw)) {
      this.push({ kind: 'text', start: loc.startOffset, end: loc.endOffset, value: node.value })
      return
    }
    // parse5 merged characters from both sides of markup it dropped (a stray end tag,
    // text after </html>, foster-parented table text) into one node: split the bytes back.
    const items = splitMergedText(raw, loc.startOffset, node.value)
    if (!items) return this.barrier()
    for (const item of items) this.push(item)
  }

  private element(el: T.Element): void {
    const loc = el.sourceCodeLocation
    const startTag = loc?.startTag
    const located = !!loc && !!startTag && !this.claimed.has(startTag.startOffset)
    if (located) this.claimed.add(startTag!.startOffset)
    const name = el.tagName
    const inlineLevel = INLINE.has(name) || VOID_INLINE.has(name) || OPAQUE_INLINE.has(name)

    if (isNoTranslate(el) || OPAQUE_INLINE.has(name) || OPAQUE_BLOCK.has(name) || isNamedSiteLink(el)) {
      // Content never translated; inside a sentence the whole element is one token.
      const end = VOID.has(name) ? startTag?.endOffset : loc?.endTag?.endOffset
      if (located && inlineLevel && end !== undefined) this.push({ kind: 'void', start: startTag!.startOffset, end })
      else this.barrier()
      return
    }
    if (located && this.attributes) this.collectAttrs(el)
    const mark = located ? languageMark(el, this.source) : null
    if (mark) this.marks.push(mark)

    if (VOID_INLINE.has(name)) {
      if (located) this.push({ kind: 'void', start: startTag!.startOffset, end: startTag!.endOffset })
      else this.barrier()
      return
    }
    if (INLINE.has(name)) {
      if (located) this.push({ kind: 'open', start: startTag!.startOffset, end: startTag!.endOffset, el })
      else this.barrier()
      const endTag = loc?.endTag
      this.stack.push(() => {
        if (located && endTag) this.push({ kind: 'close', start: endTag.startOffset, end: endTag.endOffset, el })
        else if (!located) this.barrier()
      })
      this.children(el)
      return
    }
    this.barrier()
    this.stack.push(() => this.barrier())
    this.children(el)
  }

  private collectAttrs(el: T.Element): void {
    const locs = el.sourceCodeLocation?.attrs
    if (!locs) return
    const valueOf = (name: string) => (el.attrs.find((a) => a.name === name)?.value ?? '').trim().toLowerCase()
    const isButton = el.tagName === 'input' && BUTTON_INPUT_TYPES.has(valueOf('type'))
    const isReadMeta = el.tagName === 'meta' && (TRANSLATABLE_META.has(valueOf('name')) || TRANSLATABLE_META.has(valueOf('property')))
    for (const attr of el.attrs) {
      if (attr.namespace) continue
      if (!TRANSLATABLE_ATTRIBUTES.has(attr.name) && !(isButton && attr.name === 'value') && !(isReadMeta && attr.name === 'content')) continue
      if (!LETTER.test(attr.value)) continue
      const loc = locs[attr.name]
      if (!loc) continue
      const unit = attrUnit(this.source, attr.name, attr.value, loc.startOffset, loc.endOffset)
      if (unit) this.attrs.push(unit)
    }
  }

  /** Orders units by position, drops any whose bytes overlap another's, nests attributes in tokens. */
  finish(): Unit[] {
    const runs = this.runs.slice().sort((a, b) => a.start - b.start)
    const keep = runs.map(() => true)
    const maxEnd: number[] = []
    runs.forEach((run, i) => {
      if (i > 0 && run.start < maxEnd[i - 1]!) keep[i] = keep[i - 1] = false
      maxEnd.push(Math.max(run.end, i > 0 ? maxEnd[i - 1]! : 0))
    })
    const units: Unit[] = runs.filter((_, i) => keep[i])
    for (const attr of this.attrs) {
      // The last run starting at or before the attribute, then any earlier one reaching past it.
      let lo = 0
      let hi = runs.length - 1
      let at = -1
      while (lo <= hi) {
        const mid = (lo + hi) >> 1
        if (runs[mid]!.start <= attr.start) {
          at = mid
          lo = mid + 1
        } else hi = mid - 1
      }
      let home: RunUnit | null = null
      let clash = false
      for (let k = at; k >= 0 && maxEnd[k]! > attr.start; k--) {
        const run = runs[k]!
        if (run.end <= attr.start) continue
        if (keep[k] && attr.end <= run.end) home = run
        else clash = true
      }
      if (at + 1 < runs.length && runs[at + 1]!.start < attr.end) clash = true
      if (clash) continue
      if (!home) {
        units.push(attr)
        continue
      }
      const token = home.tokens.find((t) => attr.start >= t.start && attr.end <= t.end)
      if (!token) continue
      token.attrs.push(attr)
      units.push(attr)
    }
    return units.sort((a, b) => a.start - b.start)
  }
}

function isNoTranslate(el: T.Element): boolean {
  for (const attr of el.attrs) {
    if (attr.name === 'translate' && attr.value.trim().toLowerCase() === 'no') return true
    if (attr.name === 'class' && attr.value.split(/[\t\n\f\r ]+/).includes('notranslate')) return true
  }
  return false
}

/**
 * A link whose only content is its site's name, `<a href="https://notion.so/">Notion</a>`: a
 * name, kept as written like translate="no" content (a "Who uses it" list came back "Idea").
 * The same rule as a Markdown link's (`[Notion](https://notion.so/)`) in @verso/formats.
 */
function isNamedSiteLink(el: T.Element): boolean {
  if (el.tagName !== 'a') return false
  const href = el.attrs.find((attr) => attr.name === 'href')?.value.trim()
  if (!href || el.childNodes.length === 0 || !el.childNodes.every((n) => n.nodeName === '#text')) return false
  const label = el.childNodes.map((n) => (n as T.TextNode).value).join('').trim()
  return namesItsSite(label, href)
}

function attrUnit(source: string, name: string, value: string, start: number, end: number): AttrUnit | null {
  const raw = attrValue(source, name, value, start, end)
  return raw && { kind: 'attr', ...raw, segment: value }
}

/** Splits the raw bytes of a merged text node into text and markup; null if they do not add up to `value`. */
function splitMergedText(raw: string, offset: number, value: string): Item[] | null {
  const items: Item[] = []
  let pos = 0
  let decoded = ''
  const addText = (to: number): void => {
    if (to <= pos) return
    const text = decode(raw.slice(pos, to))
    decoded += text
    items.push({ kind: 'text', start: offset + pos, end: offset + to, value: text })
  }
  for (const m of raw.matchAll(MARKUP_PIECE)) {
    addText(m.index)
    items.push({ kind: 'void', start: offset + m.index, end: offset + m.index + m[0].length })
    pos = m.index + m[0].length
  }
  addText(raw.length)
  return decoded === value ? items : null
}

/** Decodes character references of markup-free text the way the tree builder did. */
function decode(text: string): string {
  if (!/[&\r\0]/.test(text)) return text
  let out = ''
  for (const n of parseFragment(text).childNodes) if (n.nodeName === '#text') out += (n as T.TextNode).value
  return out
}
