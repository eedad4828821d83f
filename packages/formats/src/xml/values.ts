/**
 * Element content in and out of the XML codec: Android's escapes and quoting, and a translation
 * encoded in the style of the value it replaces (CDATA, Android-quoted, plain), its inline
 * markup written back as elements only where the source had those elements.
 */

export interface Value {
  /** Content range (between the start tag's `>` and the end tag's `<`). */
  start: number
  end: number
  /** How the content was written: whole CDATA section, Android-quoted, or plain. */
  style: 'cdata' | 'quoted' | 'plain'
  /**
   * The start and end tags of the value's child elements, as written. A tag in a translation is
   * written as markup only when it is one of these; any other (markup the source wrote escaped,
   * `&lt;a href=\"…\"&gt;`) is escaped again, so it stays text as it was.
   */
  elementTags?: ReadonlySet<string>
}

/**
 * Resolves Android string escapes and drops unescaped double quotes (they only keep white
 * space); a run of unquoted white space becomes one NUL mark, resolved by the caller.
 */
export function unescapeAndroid(s: string, quote: { open: boolean }, out: Array<string | null>): void {
  let run = ''
  const flush = () => {
    if (run !== '') out.push(run)
    run = ''
  }
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!
    if (c === '"') {
      quote.open = !quote.open
      continue
    }
    if (!quote.open && (c === ' ' || c === '\t' || c === '\n' || c === '\r')) {
      flush()
      if (out[out.length - 1] !== null) out.push(null)
      continue
    }
    if (c !== '\\' || i + 1 >= s.length) {
      run += c
      continue
    }
    const n = s[++i]!
    if (n === 'n') run += '\n'
    else if (n === 't') run += '\t'
    else if (n === 'u' && /^[0-9a-fA-F]{4}$/.test(s.slice(i + 1, i + 5))) {
      run += String.fromCharCode(parseInt(s.slice(i + 1, i + 5), 16))
      i += 4
    } else run += n
  }
  flush()
}

const TAG = /<xliff:g\b[^>]*?(?:\/>|>[\s\S]*?<\/xliff:g\s*>)|<\/?[A-Za-z][\w:.-]*(?:\s+[^\s=>/"']+(?:\s*=\s*(?:"[^"<]*"|'[^'<]*'))?)*\s*\/?>/g

/** Splits a translation into balanced markup (kept) and text (escaped). */
function splitMarkup(t: string): Array<{ markup: boolean; s: string }> {
  const found: Array<{ start: number; end: number; name: string; kind: 'open' | 'close' | 'void' }> = []
  for (const m of t.matchAll(TAG)) {
    const s = m[0]
    const name = /^<\/?([\w:.-]+)/.exec(s)?.[1] ?? ''
    const kind = s.startsWith('<xliff:g') || s.endsWith('/>') ? 'void' : s.startsWith('</') ? 'close' : 'open'
    found.push({ start: m.index, end: m.index + s.length, name, kind })
  }
  const keep = new Set<number>()
  const stack: number[] = []
  found.forEach((f, i) => {
    if (f.kind === 'void') keep.add(i)
    else if (f.kind === 'open') stack.push(i)
    else {
      const k = stack.map((j) => found[j]!.name).lastIndexOf(f.name)
      if (k >= 0) {
        keep.add(stack[k]!).add(i)
        stack.length = k
      }
    }
  })
  const out: Array<{ markup: boolean; s: string }> = []
  let at = 0
  found.forEach((f, i) => {
    if (!keep.has(i)) return
    if (f.start > at) out.push({ markup: false, s: t.slice(at, f.start) })
    out.push({ markup: true, s: t.slice(f.start, f.end) })
    at = f.end
  })
  if (at < t.length) out.push({ markup: false, s: t.slice(at) })
  return out
}

function escapeXmlText(s: string): string {
  return s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'))
}

function escapeAndroid(s: string, first: boolean): string {
  let out = ''
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!
    const code = c.charCodeAt(0)
    if (c === '\\') out += '\\\\'
    else if (c === '"') out += '\\"'
    else if (c === "'") out += "\\'"
    else if (c === '\n') out += '\\n'
    else if (c === '\t') out += '\\t'
    else if ((c === '@' || c === '?') && first && i === 0) out += `\\${c}`
    else if (c === '\r') out += '\\u000d'
    else if (code < 0x20 || code === 0x7f || code === 0xfffe || code === 0xffff) out += `\\u${code.toString(16).padStart(4, '0')}`
    else if (code >= 0xd800 && code <= 0xdbff && /[\udc00-\udfff]/.test(s[i + 1] ?? '')) out += c + s[++i]
    else if (code >= 0xd800 && code <= 0xdfff) out += `\\u${code.toString(16)}`
    else out += c
  }
  return out
}

export function escapeXmlAttribute(s: string): string {
  return escapeXmlText(s).replace(/"/g, '&quot;')
}

/**
 * Encodes a translation as element content in the style of the value it replaces. `inline`:
 * (XLIFF) tags the source value had as elements are written as markup, like Android's.
 */
export function encodeValue(t: string, style: Value['style'], android: boolean, elementTags: ReadonlySet<string> = new Set(), inline = false): string {
  if (style === 'cdata') return `<![CDATA[${t.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`
  const isElement = (markup: string) => elementTags.has(/^<xliff:g\b[^>]*>/.exec(markup)?.[0] ?? markup)
  if (!android) {
    const escape = (s: string) => escapeXmlText(s).replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\r]/g, (c) => `&#${c.charCodeAt(0)};`)
    if (!inline || elementTags.size === 0) return escape(t)
    return splitMarkup(t).map((p) => (p.markup && isElement(p.s) ? p.s : escape(p.s))).join('')
  }
  const body = splitMarkup(t)
    .map((p, i) => (p.markup && isElement(p.s) ? p.s : escapeXmlText(escapeAndroid(p.s, i === 0))))
    .join('')
  // Android collapses white space outside double quotes
  const needsQuotes = style === 'quoted' || /^ | $| {2}/.test(t)
  return needsQuotes ? `"${body}"` : body
}
