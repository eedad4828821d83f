/**
 * Glossary input: DeepL's entry formats (CSV and TSV) and the limits every glossary obeys,
 * whichever way its entries arrive (JSON list or uploaded file).
 */
import type { GlossaryEntry } from '../types.js'
import { GlossaryError } from './errors.js'

/** At most this many entries in one glossary (`GLOSSARY_TOO_LARGE` beyond). */
export const MAX_GLOSSARY_ENTRIES = 5000
/** At most this many characters (code points) in a source or target term. */
export const MAX_TERM_LENGTH = 200
/** At most this many characters (code points) in a glossary's name. */
export const MAX_GLOSSARY_NAME_LENGTH = 100

export type GlossaryEntriesFormat = 'csv' | 'tsv'

export interface GlossaryInput {
  name: string
  source_language: string
  target_language: string
  entries: GlossaryEntry[]
}

export interface ParseGlossaryEntriesOptions {
  /**
   * The glossary's languages: the optional `source_lang,target_lang` columns of a CSV row must
   * name them (case-insensitive), as DeepL requires. Default: any non-empty codes are accepted.
   */
  source_language?: string
  target_language?: string
}

/**
 * The entries of a CSV or TSV upload, one per line, source term first, as DeepL reads them:
 * CSV rows `source,target` or `source,target,source_lang,target_lang` with RFC 4180 quoting
 * (`"a, b"`, `""` for a quote); TSV rows `source<TAB>target`. A leading BOM, CRLF/LF/CR line
 * ends and blank lines are accepted. Every entry is checked (`validateGlossary`'s term rules,
 * duplicates, the entry limit) and an error names its line. An empty file gives `[]`.
 */
export function parseGlossaryEntries(text: string, format: GlossaryEntriesFormat, options: ParseGlossaryEntriesOptions = {}): GlossaryEntry[] {
  if (typeof text !== 'string') throw invalid('entries: expected the text of a CSV or TSV file')
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  let rows: Row[]
  if (format === 'csv') rows = readCsv(body)
  else if (format === 'tsv') rows = readTsv(body)
  else throw invalid(`entries_format: expected "csv" or "tsv", got ${describe(format)}`)

  const entries: GlossaryEntry[] = []
  const where: string[] = []
  for (const row of rows) {
    const label = `line ${row.line}`
    if (format === 'csv' && row.fields.length !== 2 && row.fields.length !== 4) {
      throw invalid(`${label}: expected 2 columns (source,target) or 4 (source,target,source_lang,target_lang), found ${row.fields.length}`)
    }
    if (format === 'tsv' && row.fields.length !== 2) {
      throw invalid(`${label}: expected 2 columns separated by one tab (source, target), found ${row.fields.length}`)
    }
    const [source, target, sourceLang, targetLang] = row.fields as [string, string, string?, string?]
    if (sourceLang !== undefined && targetLang !== undefined) {
      checkLanguageColumn(sourceLang, options.source_language, `${label}: source_lang`)
      checkLanguageColumn(targetLang, options.target_language, `${label}: target_lang`)
    }
    entries.push({ source, target })
    where.push(label)
  }
  checkEntries(entries, (index) => where[index]!)
  return entries
}

/**
 * The body of `POST /v2/glossaries`, checked: `{ name, source_language, target_language,
 * entries }` where `entries` is a list of `{ source, target }` or, as in DeepL's API, the text of
 * a CSV/TSV file with `entries_format: 'csv' | 'tsv'`. Whether the languages are supported is the
 * server's question. Throws `GlossaryError` (`GLOSSARY_INVALID`, `GLOSSARY_TOO_LARGE`).
 */
export function validateGlossary(input: unknown): GlossaryInput {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw invalid('glossary: expected an object with name, source_language, target_language and entries')
  }
  const body = input as Record<string, unknown>
  const name = body['name']
  if (name === undefined || name === null) throw invalid('name: missing')
  if (typeof name !== 'string') throw invalid('name: expected a string')
  if (name.trim() === '') throw invalid('name: is empty')
  if (codePoints(name) > MAX_GLOSSARY_NAME_LENGTH) throw invalid(`name: longer than ${MAX_GLOSSARY_NAME_LENGTH} characters`)
  if (CONTROL_OR_BREAK.test(name)) throw invalid('name: contains a control character or a line break')
  const source_language = language(body['source_language'], 'source_language')
  const target_language = language(body['target_language'], 'target_language')

  const raw = body['entries']
  let entries: GlossaryEntry[]
  if (raw === undefined || raw === null) throw invalid('entries: missing')
  if (typeof raw === 'string') {
    const format = body['entries_format']
    if (format !== 'csv' && format !== 'tsv') throw invalid(`entries_format: expected "csv" or "tsv" with entries given as text, got ${describe(format)}`)
    entries = parseGlossaryEntries(raw, format, { source_language, target_language })
  } else if (Array.isArray(raw)) {
    if (raw.length > MAX_GLOSSARY_ENTRIES) throw tooLarge(raw.length)
    entries = raw.map((item: unknown, index) => {
      if (typeof item !== 'object' || item === null || Array.isArray(item)) throw invalid(`entry ${index + 1}: expected an object { source, target }`)
      const { source, target } = item as Record<string, unknown>
      if (typeof source !== 'string') throw invalid(`entry ${index + 1}: source must be a string`)
      if (typeof target !== 'string') throw invalid(`entry ${index + 1}: target must be a string`)
      return { source, target }
    })
    checkEntries(entries, (index) => `entry ${index + 1}`)
  } else {
    throw invalid('entries: expected a list of { source, target } or the text of a CSV/TSV file')
  }
  if (entries.length === 0) throw invalid('entries: a glossary needs at least one entry')
  return { name, source_language, target_language, entries }
}

// C0 and C1 control characters (tab, CR and LF among them) and Unicode's line and paragraph
// separators: DeepL refuses them in terms, and a term spanning lines could never be matched.
const CONTROL_OR_BREAK = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/u

/** The entry limit, each term's rules and unique source terms; `where(i)` names entry i in messages. */
function checkEntries(entries: readonly GlossaryEntry[], where: (index: number) => string): void {
  if (entries.length > MAX_GLOSSARY_ENTRIES) throw tooLarge(entries.length)
  const seen = new Map<string, number>()
  entries.forEach((entry, index) => {
    checkTerm(entry.source, `${where(index)}: source`)
    checkTerm(entry.target, `${where(index)}: target`)
    const first = seen.get(entry.source)
    if (first !== undefined) throw invalid(`${where(index)}: source term "${entry.source}" is already defined by ${where(first)}`)
    seen.set(entry.source, index)
  })
}

function checkTerm(term: string, label: string): void {
  if (term === '') throw invalid(`${label}: is empty`)
  if (codePoints(term) > MAX_TERM_LENGTH) throw invalid(`${label}: longer than ${MAX_TERM_LENGTH} characters`)
  if (CONTROL_OR_BREAK.test(term)) throw invalid(`${label}: contains a control character or a line break`)
  if (term.trim() !== term) throw invalid(`${label}: has leading or trailing whitespace`)
}

function checkLanguageColumn(value: string, expected: string | undefined, label: string): void {
  if (value.trim() === '') throw invalid(`${label}: is empty`)
  if (expected !== undefined && value.toLowerCase() !== expected.toLowerCase()) {
    throw invalid(`${label}: "${value}" is not the glossary's language "${expected}"`)
  }
}

function language(value: unknown, field: string): string {
  if (value === undefined || value === null) throw invalid(`${field}: missing`)
  if (typeof value !== 'string') throw invalid(`${field}: expected a string`)
  if (value.trim() === '') throw invalid(`${field}: is empty`)
  return value
}

interface Row {
  /** 1-based line where the row starts. */
  line: number
  fields: string[]
}

/** RFC 4180 records; a quote inside an unquoted field is taken literally (`5" screen`). */
function readCsv(text: string): Row[] {
  const rows: Row[] = []
  let i = 0
  let line = 1
  while (i < text.length) {
    const rowLine = line
    const fields: string[] = []
    let quotedAny = false
    for (;;) {
      let value = ''
      if (text[i] === '"') {
        quotedAny = true
        i++
        for (;;) {
          if (i >= text.length) throw invalid(`line ${rowLine}: a quoted field is never closed`)
          const char = text[i]!
          if (char === '"') {
            if (text[i + 1] === '"') {
              value += '"'
              i += 2
              continue
            }
            i++
            break
          }
          if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line++
          value += char
          i++
        }
        const next = text[i]
        if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
          throw invalid(`line ${line}: unexpected text after a closing quote (a quote inside a quoted field is written "")`)
        }
      } else {
        const start = i
        while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') i++
        value = text.slice(start, i)
      }
      fields.push(value)
      if (text[i] === ',') {
        i++
        continue
      }
      break
    }
    if (text[i] === '\r') i += text[i + 1] === '\n' ? 2 : 1
    else if (text[i] === '\n') i++
    line++
    const blank = !quotedAny && fields.length === 1 && fields[0]!.trim() === ''
    if (!blank) rows.push({ line: rowLine, fields })
  }
  return rows
}

function readTsv(text: string): Row[] {
  const rows: Row[] = []
  text.split(/\r\n|\n|\r/).forEach((content, index) => {
    if (content.trim() !== '') rows.push({ line: index + 1, fields: content.split('\t') })
  })
  return rows
}

function codePoints(text: string): number {
  let count = 0
  for (const _ of text) count++
  return count
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : value === undefined ? 'nothing' : typeof value
}

function invalid(message: string): GlossaryError {
  return new GlossaryError('GLOSSARY_INVALID', message)
}

function tooLarge(count: number): GlossaryError {
  return new GlossaryError('GLOSSARY_TOO_LARGE', `entries: ${count} entries; a glossary has at most ${MAX_GLOSSARY_ENTRIES}`)
}
