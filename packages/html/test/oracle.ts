import { parse, parseFragment, type DefaultTreeAdapterTypes as T } from 'parse5'

import { namesItsSite } from '@verso/formats/placeholders'

const SKIPPED = new Set(['script', 'style', 'code', 'pre', 'textarea', 'template', 'noscript'])

/** A link that holds only its site's name (`<a href="http://jquery.com">jQuery</a>`) is a name, never translated. */
const namedSiteLink = (el: T.Element): boolean =>
  el.tagName === 'a' && el.childNodes.every((n) => n.nodeName === '#text') &&
  namesItsSite(el.childNodes.map((n) => (n as T.TextNode).value).join('').trim(), el.attrs.find((a) => a.name === 'href')?.value ?? '')

export interface Flat {
  /** Exact source bytes of every start tag, end tag, comment and doctype, in tree order. */
  markup: string[]
  /** Text node values, with whether they sit in content that is never translated. */
  texts: { value: string; skipped: boolean }[]
}

/** parse5 is the oracle here: both sides are parsed the same way and compared node by node. */
export function flatten(html: string): Flat {
  const loc = { sourceCodeLocationInfo: true }
  const root = /^\uFEFF?\s*(<!--[\s\S]*?-->\s*)*<(!doctype|html|head|body)/i.test(html) ? parse(html, loc) : parseFragment(html, loc)
  const flat: Flat = { markup: [], texts: [] }
  const slice = (l: { startOffset: number; endOffset: number } | undefined | null): void => {
    if (l) flat.markup.push(html.slice(l.startOffset, l.endOffset))
  }
  const walk = (node: T.ParentNode, skipped: boolean): void => {
    for (const child of node.childNodes) {
      if (child.nodeName === '#text') flat.texts.push({ value: (child as T.TextNode).value, skipped })
      else if (child.nodeName === '#comment' || child.nodeName === '#documentType') slice(child.sourceCodeLocation)
      else {
        const el = child as T.Element
        slice(el.sourceCodeLocation?.startTag)
        walk(el, skipped || SKIPPED.has(el.tagName) || namedSiteLink(el))
        slice(el.sourceCodeLocation?.endTag)
      }
    }
  }
  walk(root, false)
  return flat
}
