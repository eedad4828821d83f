/**
 * How the XML codec tells a catalog convention by its shape (`Parsed.dialect`): Apple's
 * `.stringsdict` plists and .NET's `.resx` resources, and what in them is a message.
 */
import type { XmlElement } from './scanner.js'

/** The `<dict>` under a `<plist>` root. */
export function plistDict(root: XmlElement): XmlElement | undefined {
  return root.children.find((c): c is XmlElement => c.type === 'element' && c.name === 'dict')
}

/** A plist `<dict>`'s `<key>` / value pairs, in order. */
export function plistPairs(text: string, dict: XmlElement): Array<{ name: string; key: XmlElement; value: XmlElement }> {
  const elements = dict.children.filter((c): c is XmlElement => c.type === 'element')
  const pairs: Array<{ name: string; key: XmlElement; value: XmlElement }> = []
  for (let i = 0; i + 1 < elements.length; i++) {
    const key = elements[i]!
    if (key.name !== 'key') continue
    pairs.push({ name: plistText(text, key), key, value: elements[i + 1]! })
    i++
  }
  return pairs
}

/** The text of a `<key>` or `<string>` holding an identifier (no markup, no entities). */
export function plistText(text: string, el: XmlElement): string {
  return el.children.map((c) => (c.type === 'text' ? text.slice(c.start, c.end) : '')).join('').trim()
}

/**
 * An Apple `.stringsdict`: a `<plist>` whose strings hold an `NSStringLocalizedFormatKey`.
 */
export function isStringsdict(text: string, root: XmlElement): boolean {
  if (root.name !== 'plist') return false
  const dict = plistDict(root)
  return !!dict && plistPairs(text, dict).some(({ value }) => value.name === 'dict' && plistPairs(text, value).some((p) => p.name === 'NSStringLocalizedFormatKey'))
}

/**
 * A .NET resource file: root `<root>` holding `<resheader>` or `<data name>` elements with a
 * `<value>` (the ResX schema; Visual Studio writes the headers, hand-written files may not).
 */
export function isResx(root: XmlElement): boolean {
  if (root.name !== 'root') return false
  return root.children.some(
    (c) => c.type === 'element' && (c.name === 'resheader' || (c.name === 'data' && c.attrs.has('name') && c.children.some((v) => v.type === 'element' && v.name === 'value'))),
  )
}

/**
 * A `<data>` whose value is a message: no `type` other than a string, no `mimetype`
 * (serialised objects, images), and not the WinForms designer's own records (`>>button1.Name`,
 * `>>button1.Type`, whose values are identifiers and type names).
 */
export function isResxString(name: string, el: XmlElement): boolean {
  const type = el.attrs.get('type')
  if (type !== undefined && !/^System\.String\b/.test(type.trim())) return false
  return !el.attrs.has('mimetype') && !name.startsWith('>>')
}
