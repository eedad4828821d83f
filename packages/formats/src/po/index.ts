/**
 * gettext PO/POT codec: a positional parser that records where every msgstr sits, so a
 * write splices translations in and leaves every other byte as it was.
 */
import type { Entry, Issue, Parsed, PluralCategory, PluralForms, Translation, WriteOptions } from '../types.js'
import type { ParseOptions } from '../shared/options.js'
import { decodeSource, detectEol, LineIndex, writeEdits, type Edit } from '../strings/source-text.js'
import { gettextPluralForms, pickPluralForm, pluralFormsHeader, type GettextPluralForms } from '../plurals/index.js'
import { formatPoString, unescapePo } from './escape.js'
import { flatMergeEdits, lineSpan, modelOf, remember, type FlatModel, type Span } from '../shared/merge.js'
import { FormatError } from '../types.js'

export type PoParseOptions = ParseOptions

interface PoString {
  /** Offset of the first opening quote. */
  start: number
  /** Offset after the last closing quote. */
  end: number
  value: string
  pieces: Array<{ start: number; end: number; value: string }>
}

interface Field {
  keyword: string
  index: number | null
  /** Offset of the start of the keyword. */
  keywordStart: number
  str: PoString
}

interface Block {
  translator: string[]
  extracted: string[]
  references: string[]
  flags: string[]
  fields: Field[]
  /** Offset of the block's first line (comment or keyword); null until one is read. */
  start: number | null
}

interface Located {
  entry: Entry
  msgstr: Field[]
  multiLine: boolean
  /** The entry's lines with its comments (see FlatModel.blocks). */
  block: Span
}

const KEYWORD = /^(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])?(?=[\s"]|$)/

function emptyBlock(): Block {
  return { translator: [], extracted: [], references: [], flags: [], fields: [], start: null }
}

/** Parses a PO or POT file. Never throws: problems come back as `issues`. */
export function parse(source: string | Uint8Array, options?: PoParseOptions): Parsed {
  const src = decodeSource(source, { maxBytes: options?.maxBytes, latin1Fallback: declaresLatin1(source) })
  const text = src.text
  const issues: Issue[] = [...src.issues]
  const lines = new LineIndex(text)
  const eol = detectEol(text)
  const located: Located[] = []
  const byKey = new Map<string, Located>()
  let header: Located | null = null
  /** The file continues strings on following lines (after `\n` at least). */
  let wraps = false
  /** …and also breaks long lines at a width (not only after `\n`). */
  let wrapsAtWidth = false

  const report = (code: Issue['code'], message: string, offset: number) => {
    if (issues.length < 200) issues.push({ code, message, ...lines.position(offset) })
  }

  let block = emptyBlock()
  let current: Field | null = null

  const finish = () => {
    const b = block
    block = emptyBlock()
    current = null
    if (b.fields.length === 0) return
    const get = (k: string) => b.fields.find((f) => f.keyword === k)
    const msgid = get('msgid')
    const msgctxt = get('msgctxt')
    const plural = get('msgid_plural')
    const msgstr = b.fields.filter((f) => f.keyword === 'msgstr')
    const first = b.fields[0]!
    if (!msgid) return report('FORMAT_SYNTAX', 'entry without msgid', first.keywordStart)
    if (msgstr.length === 0) return report('FORMAT_SYNTAX', 'entry without msgstr', msgid.keywordStart)
    for (const f of b.fields) {
      if (f.str.pieces.length < 2) continue
      wraps = true
      if (f.str.pieces.some((p, i) => i > 0 && i < f.str.pieces.length - 1 && !p.value.endsWith('\n'))) wrapsAtWidth = true
    }
    const isHeader = msgid.str.value === '' && !msgctxt
    const key = msgctxt ? `${msgctxt.str.value}\u0004${msgid.str.value}` : msgid.str.value
    const note = [...b.translator, ...b.extracted].join('\n')
    const pos = lines.position(msgid.str.start)
    const entry: Entry = {
      key,
      text: plural ? plural.str.value : msgid.str.value,
      translatable: !isHeader,
      line: pos.line,
      column: pos.column,
    }
    if (msgctxt) entry.context = msgctxt.str.value
    if (note) entry.note = note
    if (plural) entry.plural = { one: msgid.str.value, other: plural.str.value }
    if (b.flags.length > 0) entry.flags = b.flags
    if (b.references.length > 0) entry.references = b.references
    if (!isHeader && msgstr.some((f) => f.str.value !== '')) entry.translations = msgstr.map((f) => f.str.value)
    const last = b.fields[b.fields.length - 1]!
    const loc: Located = { entry, msgstr, multiLine: msgid.str.pieces.length > 1, block: lineSpan(text, b.start ?? first.keywordStart, last.str.end) }
    if (byKey.has(key)) return report('FORMAT_DUPLICATE_KEY', `duplicate entry ${JSON.stringify(key)}`, msgid.keywordStart)
    byKey.set(key, loc)
    located.push(loc)
    if (isHeader && !header) header = loc
  }

  /** Reads the quoted string at `at` on the line ending at `lineEnd`; returns its piece. */
  const readString = (at: number, lineEnd: number) => {
    let i = at + 1
    while (i < lineEnd && text[i] !== '"') i += text[i] === '\\' ? 2 : 1
    if (i >= lineEnd) {
      report('FORMAT_SYNTAX', 'unterminated string', at)
      const raw = text.slice(at + 1, lineEnd)
      return { start: at, end: lineEnd, value: unescapePo(raw) }
    }
    const rest = text.slice(i + 1, lineEnd)
    if (rest.trim() !== '') report('FORMAT_SYNTAX', 'unexpected text after a string', i + 1)
    return { start: at, end: i + 1, value: unescapePo(text.slice(at + 1, i)) }
  }

  let offset = 0
  while (src.usable && offset < text.length) {
    let lineEnd = text.indexOf('\n', offset)
    if (lineEnd < 0) lineEnd = text.length
    const contentEnd = lineEnd > offset && text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd
    const line = text.slice(offset, contentEnd)
    const indent = line.length - line.trimStart().length
    const trimmed = line.trimStart()
    const at = offset + indent
    if (trimmed === '') {
      if (block.fields.length > 0) finish()
    } else if (trimmed.startsWith('#')) {
      if (block.fields.length > 0) finish()
      block.start ??= offset
      const kind = trimmed[1]
      if (kind === '~' || kind === '|') {
        // obsolete entries and previous-msgid comments are not entries; comments before them belong to them
        if (kind === '~') block = emptyBlock()
        else block.start ??= offset
      } else if (kind === ',') {
        block.flags.push(...trimmed.slice(2).split(',').map((f) => f.trim()).filter(Boolean))
      } else if (kind === '.') {
        block.extracted.push(trimmed.slice(2).replace(/^ /, ''))
      } else if (kind === ':') {
        block.references.push(...trimmed.slice(2).trim().split(/\s+/).filter(Boolean))
      } else {
        block.translator.push(trimmed.slice(1).replace(/^ /, ''))
      }
    } else if (trimmed.startsWith('"')) {
      if (!current) {
        report('FORMAT_SYNTAX', 'string outside an entry', at)
      } else {
        const piece = readString(at, contentEnd)
        const f: Field = current
        f.str.pieces.push(piece)
        f.str.end = piece.end
        f.str.value += piece.value
      }
    } else {
      const m = KEYWORD.exec(trimmed)
      if (!m) {
        report('FORMAT_SYNTAX', `unexpected line ${JSON.stringify(trimmed.slice(0, 40))}`, at)
        current = null
      } else {
        const keyword = m[1]!
        const has = (k: string) => block.fields.some((f) => f.keyword === k)
        if ((keyword === 'msgctxt' && (has('msgid') || has('msgctxt'))) || (keyword === 'msgid' && has('msgid'))) {
          finish()
        }
        const q = text.indexOf('"', at + m[0].length)
        if (q < 0 || q >= contentEnd || text.slice(at + m[0].length, q).trim() !== '') {
          report('FORMAT_SYNTAX', `${keyword} without a string`, at)
          current = null
        } else {
          const piece = readString(q, contentEnd)
          current = {
            keyword,
            index: m[2] === undefined ? null : Number(m[2]),
            keywordStart: at,
            str: { start: piece.start, end: piece.end, value: piece.value, pieces: [piece] },
          }
          block.start ??= offset
          block.fields.push(current)
        }
      }
    }
    offset = lineEnd + 1
  }
  finish()

  const headerValue = (header as Located | null)?.msgstr[0]?.str.value ?? ''
  const fileLanguage = /^Language:[ \t]*(\S*)/m.exec(headerValue)?.[1] ?? ''
  const fileNplurals = Number(/nplurals\s*=\s*(\d+)/.exec(headerValue)?.[1] ?? '0')

  /** The edits `write` makes to entries (the header's Language and Plural-Forms are `write`'s alone). */
  const entryEdits = (translations: ReadonlyMap<string, Translation>, writeOptions?: WriteOptions): Edit[] => {
    const edits: Edit[] = []
    const target = writeOptions?.targetLanguage
    const forms: GettextPluralForms = target
      ? gettextPluralForms(target)
      : fileLanguage
        ? gettextPluralForms(fileLanguage)
        : fileNplurals === 1
          ? gettextPluralForms('ja')
          : gettextPluralForms('en')
    for (const [key, value] of translations) {
      const loc = byKey.get(key)
      if (!loc || !loc.entry.translatable) continue // unknown keys and the header are ignored, as in every codec
      if (loc.entry.plural) edits.push(...pluralEdit(loc, value, forms))
      else edits.push(stringEdit(loc.msgstr[0]!, asString(value), loc.multiLine))
    }
    return edits
  }
  const write = (translations: ReadonlyMap<string, Translation>, writeOptions?: WriteOptions): Uint8Array => {
    const edits = entryEdits(translations, writeOptions)
    const target = writeOptions?.targetLanguage
    const h = header as Located | null
    if (target && h) edits.push(...headerEdits(h.msgstr[0]!, target), ...templateFuzzyEdits(h))
    return writeEdits(src, edits)
  }

  const layout = (field: Field, multiLine: boolean) => ({
    wrap: wraps || multiLine,
    width: wrapsAtWidth || !wraps ? 79 : Infinity,
    prefixLength: field.str.start - field.keywordStart,
    eol,
  })

  const stringEdit = (field: Field, value: string, multiLine: boolean): Edit => ({
    start: field.str.start,
    end: field.str.end,
    text: formatPoString(value, layout(field, multiLine || field.str.pieces.length > 1)),
  })

  const pluralEdit = (loc: Located, value: Translation, forms: GettextPluralForms): Edit[] => {
    const texts = forms.categories.map((c: PluralCategory) =>
      typeof value === 'string' ? value : (pickPluralForm(value, c) ?? ''),
    )
    const existing = loc.msgstr
    const sameShape = existing.length === texts.length && existing.every((f, i) => f.index === i)
    if (sameShape) return existing.map((f, i) => stringEdit(f, texts[i]!, loc.multiLine))
    const first = existing[0]!
    const last = existing[existing.length - 1]!
    const indent = text.slice(text.lastIndexOf('\n', first.keywordStart) + 1, first.keywordStart)
    const out = texts.map((t, i) => {
      const prefix = `msgstr[${i}] `
      return prefix + formatPoString(t, { wrap: wraps || loc.multiLine, prefixLength: prefix.length, eol, width: wrapsAtWidth || !wraps ? 79 : Infinity })
    })
    return [{ start: first.keywordStart, end: last.str.end, text: out.join(eol + indent) }]
  }

  const headerEdits = (field: Field, target: string): Edit[] => {
    const language = target.replace(/-/g, '_')
    // a template's default values, filled as `msginit --no-translator` fills them (a machine made
    // the file): the revision date is the template's creation date, no translator, no team
    const created = /^POT-Creation-Date:[ \t]*(.+)$/m.exec(field.str.value)?.[1]?.trim()
    const wanted: Array<[RegExp, string, string]> = [
      [/^Language:.*$/, `Language: ${language}\n`, 'Language'],
      [/^Plural-Forms:.*$/, `Plural-Forms: ${pluralFormsHeader(target)}\n`, 'Plural-Forms'],
      [/^Content-Type:.*charset=CHARSET.*$/, 'Content-Type: text/plain; charset=UTF-8\n', 'Content-Type'],
      ...(created ? [[/^PO-Revision-Date:[ \t]*YEAR-MO-DA HO:MI\+ZONE[ \t]*$/, `PO-Revision-Date: ${created}\n`, 'PO-Revision-Date'] as [RegExp, string, string]] : []),
      [/^Last-Translator:[ \t]*FULL NAME <EMAIL@ADDRESS>[ \t]*$/, 'Last-Translator: Automatically generated\n', 'Last-Translator'],
      [/^Language-Team:[ \t]*LANGUAGE <LL@li\.org>[ \t]*$/, 'Language-Team: none\n', 'Language-Team'],
    ]
    // only Language and Plural-Forms are added when missing; the others are replaced where they are
    const addedWhenMissing = new Set(['Language', 'Plural-Forms'])
    const edits: Edit[] = []
    const pieces = field.str.pieces
    const piecewise = pieces.every((p, i) => (i === 0 && p.value === '') || /^[^\n]*\n$/.test(p.value))
    if (piecewise) {
      for (const [pattern, replacement, name] of wanted) {
        const piece = pieces.find((p) => pattern.test(p.value.replace(/\n$/, '')))
        if (piece) edits.push({ start: piece.start, end: piece.end, text: formatPoString(replacement, { wrap: false, prefixLength: 0, eol }) })
        else if (addedWhenMissing.has(name)) {
          const last = pieces[pieces.length - 1]!
          const indent = text.slice(text.lastIndexOf('\n', last.start) + 1, last.start)
          edits.push({ start: last.end, end: last.end, text: eol + indent + formatPoString(replacement, { wrap: false, prefixLength: 0, eol }) })
        }
      }
      // two insertions at the same point: merge them so both survive
      const merged = new Map<number, Edit>()
      for (const e of edits) {
        const prev = merged.get(e.start)
        if (prev && prev.start === prev.end && e.start === e.end) prev.text += e.text
        else merged.set(e.start, { ...e })
      }
      return [...merged.values()]
    }
    let value = field.str.value
    for (const [pattern, replacement, name] of wanted) {
      const lines = value.split('\n')
      const i = lines.findIndex((l) => pattern.test(l))
      if (i >= 0) lines[i] = replacement.slice(0, -1)
      else if (addedWhenMissing.has(name)) lines.splice(lines.length - 1, 0, replacement.slice(0, -1))
      value = lines.join('\n')
    }
    // one string per header field, never wrapped at a width
    return [{ start: field.str.start, end: field.str.end, text: formatPoString(value, { wrap: true, prefixLength: 0, eol, width: Infinity }) }]
  }

  /**
   * A template's header is marked fuzzy until someone fills it (xgettext writes it so); the
   * translation's header is filled, so, as `msginit` does, the mark goes: the `#, fuzzy` line, or
   * `fuzzy` from a line of several flags. Only for a template's header (its PO-Revision-Date the
   * default), never for a translator's file.
   */
  const templateFuzzyEdits = (h: Located): Edit[] => {
    if (!/^PO-Revision-Date:[ \t]*YEAR-MO-DA/m.test(h.msgstr[0]!.str.value) || !(h.entry.flags ?? []).includes('fuzzy')) return []
    const head = text.slice(h.block.start, h.msgstr[0]!.keywordStart)
    const edits: Edit[] = []
    for (const line of head.matchAll(/^#,[^\r\n]*(?:\r?\n)/gm)) {
      const flags = line[0].slice(2).trim().split(',').map((f) => f.trim()).filter(Boolean)
      if (!flags.includes('fuzzy')) continue
      const rest = flags.filter((f) => f !== 'fuzzy')
      const start = h.block.start + line.index
      edits.push({ start, end: start + line[0].length, text: rest.length === 0 ? '' : `#, ${rest.join(', ')}${eol}` })
    }
    return edits
  }

  /** This file's plural categories by msgstr index: its Language's gettext forms when they agree with its Plural-Forms, else by nplurals. */
  const fileCategories = (): PluralCategory[] => {
    const byLanguage = fileLanguage ? gettextPluralForms(fileLanguage) : undefined
    if (byLanguage && (fileNplurals === 0 || byLanguage.nplurals === fileNplurals)) return byLanguage.categories
    if (fileNplurals === 1) return ['other']
    if (fileNplurals === 2 || !byLanguage) return ['one', 'other']
    return byLanguage.categories
  }
  const valueOf = (key: string): Translation | undefined => {
    const loc = byKey.get(key)
    if (!loc || !loc.entry.translatable || loc.msgstr.every((f) => f.str.value === '')) return undefined
    if (!loc.entry.plural) return loc.msgstr[0]!.str.value
    const categories = fileCategories()
    const forms: PluralForms = {}
    loc.msgstr.forEach((f, i) => {
      const category = categories[f.index ?? i] ?? 'other'
      if (forms[category] === undefined) forms[category] = f.str.value
    })
    return forms
  }
  const model: FlatModel = {
    text, lineBreak: eol, blankLineBetween: true,
    blocks: new Map(located.map((l) => [l.entry.key, l.block])),
    // inserted plural entries get this file's forms when the caller names no language
    edits: (translations, writeOptions) => entryEdits(translations, writeOptions?.targetLanguage || !fileLanguage ? writeOptions : { ...writeOptions, targetLanguage: fileLanguage }),
  }
  const parsed: Parsed = {
    format: 'po',
    encoding: src.encoding,
    entries: located.map((l) => l.entry),
    issues,
    write,
    // a translation catalog (es.po) names its language in its header; a template (.pot) leaves it empty
    ...(fileLanguage ? { targetLanguage: fileLanguage.replace(/_/g, '-') } : {}),
    valueOf,
    merge: (source, values, options) => {
      if (!src.usable && values.size > 0) throw new FormatError('FORMAT_UNSUPPORTED', 'cannot merge into a file that could not be read (see its issues)')
      const sourceModel = modelOf<FlatModel>(source, 'po')
      const opts = options?.targetLanguage || !fileLanguage ? options : { ...options, targetLanguage: fileLanguage }
      return writeEdits(src, flatMergeEdits(model, sourceModel, values, opts))
    },
  }
  remember(parsed, model)
  return parsed
}

function asString(value: Translation): string {
  return typeof value === 'string' ? value : (pickPluralForm(value as PluralForms, 'other') ?? '')
}

/** True when the bytes declare a Latin-1 charset in the header (checked only if they are not UTF-8). */
function declaresLatin1(source: string | Uint8Array): boolean {
  if (typeof source === 'string') return false
  const head = new TextDecoder('latin1').decode(source.subarray(0, 4096))
  return /charset=(iso-8859-1|latin1|iso8859-1)/i.test(head)
}
