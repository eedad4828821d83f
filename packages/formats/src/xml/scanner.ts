/**
 * A small positional XML scanner: elements with their byte ranges, text, comments and CDATA.
 * No DTD processing and no entity expansion: a DOCTYPE that declares entities is refused,
 * and only the five predefined entities and character references are decoded.
 */
import type { Issue } from '../types.js'

export interface XmlElement {
  type: 'element'
  name: string
  attrs: Map<string, string>
  /** Offset of `<`. */
  start: number
  /** Offset after the start tag's `>`. */
  openEnd: number
  /** Offset of the end tag's `<` (== openEnd for a self-closing element). */
  closeStart: number
  /** Offset after the end tag. */
  end: number
  selfClosing: boolean
  children: XmlNode[]
}

export type XmlNode =
  | XmlElement
  | { type: 'text'; start: number; end: number }
  | { type: 'comment'; start: number; end: number; text: string }
  | { type: 'cdata'; start: number; end: number }

export interface ScanResult {
  root: XmlElement | null
  /** Nodes before the root (comments, processing instructions are skipped). */
  refused: boolean
}

const NAME = /[A-Za-z_:][\w:.-]*/y
const ATTR = /\s+([A-Za-z_:][\w:.-]*)\s*=\s*("[^"<]*"|'[^'<]*')/y

export function decodeEntities(raw: string, report?: (message: string, index: number) => void): string {
  if (!raw.includes('&')) return raw
  return raw.replace(/&(#[0-9]{1,7}|#x[0-9a-fA-F]{1,6}|[A-Za-z][\w.-]*);?/g, (m, name: string, index: number) => {
    if (!m.endsWith(';')) {
      report?.('"&" not starting an entity', index)
      return m
    }
    if (name[0] === '#') {
      const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
      if (code > 0x10ffff || code === 0) {
        report?.(`invalid character reference ${m}`, index)
        return m
      }
      return String.fromCodePoint(code)
    }
    switch (name) {
      case 'amp': return '&'
      case 'lt': return '<'
      case 'gt': return '>'
      case 'quot': return '"'
      case 'apos': return "'"
      default:
        report?.(`undefined entity ${m}`, index)
        return m
    }
  })
}

export function scanXml(
  text: string,
  options: { maxDepth: number; report: (code: Issue['code'], message: string, offset: number) => void },
): ScanResult {
  const { report } = options
  const doc: XmlElement = { type: 'element', name: '#document', attrs: new Map(), start: 0, openEnd: 0, closeStart: text.length, end: text.length, selfClosing: false, children: [] }
  const stack: XmlElement[] = [doc]
  let i = 0
  const top = () => stack[stack.length - 1]!
  while (i < text.length) {
    const lt = text.indexOf('<', i)
    if (lt < 0 || lt > i) {
      const end = lt < 0 ? text.length : lt
      if (stack.length === 1 && text.slice(i, end).trim() !== '') report('FORMAT_SYNTAX', 'text outside the root element', i)
      top().children.push({ type: 'text', start: i, end })
      i = end
      continue
    }
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2)
      if (end < 0) return fail('unterminated processing instruction', i)
      i = end + 2
    } else if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4)
      if (end < 0) return fail('unterminated comment', i)
      top().children.push({ type: 'comment', start: i, end: end + 3, text: text.slice(i + 4, end).trim() })
      i = end + 3
    } else if (text.startsWith('<![CDATA[', i)) {
      const end = text.indexOf(']]>', i + 9)
      if (end < 0) return fail('unterminated CDATA section', i)
      top().children.push({ type: 'cdata', start: i, end: end + 3 })
      i = end + 3
    } else if (text.startsWith('<!DOCTYPE', i) || text.startsWith('<!doctype', i)) {
      const end = doctypeEnd(text, i)
      const body = text.slice(i, end < 0 ? text.length : end)
      if (/<!ENTITY/i.test(body)) {
        report('FORMAT_ENTITY_REFUSED', 'DOCTYPE with entity declarations refused (no DTD processing)', i)
        return { root: null, refused: true }
      }
      if (end < 0) return fail('unterminated DOCTYPE', i)
      i = end
    } else if (text[i + 1] === '/') {
      NAME.lastIndex = i + 2
      const m = NAME.exec(text)
      const close = text.indexOf('>', i)
      if (!m || close < 0 || text.slice(NAME.lastIndex, close).trim() !== '') return fail('malformed end tag', i)
      const el = top()
      if (stack.length === 1 || el.name !== m[0]) return fail(`unexpected </${m[0]}>`, i)
      el.closeStart = i
      el.end = close + 1
      stack.pop()
      i = close + 1
    } else {
      NAME.lastIndex = i + 1
      const m = NAME.exec(text)
      if (!m) return fail('"<" not starting a tag', i)
      const el: XmlElement = { type: 'element', name: m[0], attrs: new Map(), start: i, openEnd: 0, closeStart: 0, end: 0, selfClosing: false, children: [] }
      let j = NAME.lastIndex
      for (;;) {
        ATTR.lastIndex = j
        const a = ATTR.exec(text)
        if (!a) break
        el.attrs.set(a[1]!, decodeEntities(a[2]!.slice(1, -1)))
        j = ATTR.lastIndex
      }
      while (j < text.length && /\s/.test(text[j]!)) j++
      if (text.startsWith('/>', j)) {
        el.selfClosing = true
        el.openEnd = el.closeStart = el.end = j + 2
      } else if (text[j] === '>') {
        el.openEnd = j + 1
      } else return fail(`malformed start tag <${m[0]}>`, j)
      if (stack.length === 1 && doc.children.some((c) => c.type === 'element')) return fail('more than one root element', i)
      top().children.push(el)
      if (!el.selfClosing) {
        if (stack.length > options.maxDepth) {
          report('FORMAT_TOO_DEEP', `elements nested deeper than ${options.maxDepth}`, i)
          return { root: null, refused: true }
        }
        stack.push(el)
      }
      i = el.openEnd
    }
  }
  if (stack.length > 1) report('FORMAT_SYNTAX', `<${top().name}> is not closed`, text.length)
  return { root: rootOf(), refused: false }

  function rootOf(): XmlElement | null {
    return (doc.children.find((c) => c.type === 'element') as XmlElement | undefined) ?? null
  }
  function fail(message: string, offset: number): ScanResult {
    report('FORMAT_SYNTAX', message, offset)
    // elements completed before the problem stay usable
    return { root: rootOf(), refused: false }
  }
}

function doctypeEnd(text: string, start: number): number {
  let inSubset = false
  for (let j = start; j < text.length; j++) {
    const c = text[j]
    if (c === '[') inSubset = true
    else if (c === ']') inSubset = false
    else if (c === '>' && !inSubset) return j + 1
  }
  return -1
}
