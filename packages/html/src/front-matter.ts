/**
 * Front matter: the YAML (`---`) or TOML (`+++`) block that opens a Jekyll, Hugo, Eleventy,
 * Astro or Docusaurus page before its HTML. A page's generator reads it as data: translated as
 * text, `layout: default` came back `diseño: default` and the generator no longer found the
 * layout. The block is kept byte for byte, except the values people read (`title`,
 * `description`…, top-level, on one line), which are translated and written back in the
 * block's own quoting.
 */
import type { FrontMatterUnit } from './units.js'

/** The block at the very start (after a BOM): its fences on lines of their own. */
const FRONT_MATTER = /^(\uFEFF?)(---|\+\+\+)[ \t]*\r?\n([\s\S]*?)\r?\n\2[ \t]*(?:\r?\n|$)/d

/** Keys whose values a page shows to its readers. */
const READABLE_KEYS = 'title|subtitle|description|excerpt|summary|tagline|caption|heading|subheading|linkTitle|sidebar_label'

/** `key: value` (YAML) at the start of a line, not indented: the value's raw text, quotes included. */
const YAML_LINE = new RegExp(`^(?:${READABLE_KEYS})[ \\t]*:[ \\t]+(?=\\S)([^\\r\\n]*?)[ \\t]*\\r?$`, 'gm')
/** `key = "value"` or `key = 'value'` (TOML). */
const TOML_LINE = new RegExp(`^(?:${READABLE_KEYS})[ \\t]*=[ \\t]*("[^\\r\\n]*"|'[^\\r\\n]*')[ \\t]*\\r?$`, 'gm')

/** A plain YAML scalar that reads back as itself: no indicator first, no `: ` or ` #` inside. */
const PLAIN_SAFE = /^(?![-?:,[\]{}#&*!|>'"%@`\s])(?!.*(?:: |\s#|:$))[^\n]*\S$/

export interface FrontMatter {
  /** Where the block starts (after a BOM) and ends (fences and final line break included). */
  readonly start: number
  readonly end: number
  readonly units: FrontMatterUnit[]
}

/** The page's front matter, or null when the page opens with none. */
export function readFrontMatter(source: string): FrontMatter | null {
  const m = FRONT_MATTER.exec(source)
  if (!m) return null
  const toml = m[2] === '+++'
  const bodyStart = m.indices![3]![0]
  const body = m[3]!
  const units: FrontMatterUnit[] = []
  const line = toml ? TOML_LINE : YAML_LINE
  line.lastIndex = 0
  for (let l = line.exec(body); l; l = line.exec(body)) {
    const raw = l[1]!
    const start = bodyStart + l.index + l[0].lastIndexOf(raw)
    const value = scalarValue(raw, toml)
    if (value === null || !/\p{L}/u.test(value)) continue
    units.push({ kind: 'front-matter', start, end: start + raw.length, quote: /^["']/.test(raw) ? raw[0]! : '', toml, value, segment: value })
  }
  return { start: m[1]!.length, end: m[0].length, units }
}

/** The text of a one-line scalar, or null for what is not one (a block scalar, a flow collection, an alias, a comment). */
function scalarValue(raw: string, toml: boolean): string | null {
  if (raw.startsWith('"')) {
    if (!/^"(?:[^"\\]|\\.)*"$/.test(raw)) return null
    try {
      return JSON.parse(raw) as string
    } catch {
      return null
    }
  }
  if (raw.startsWith("'")) {
    if (toml) return /^'[^']*'$/.test(raw) ? raw.slice(1, -1) : null
    return /^'(?:[^']|'')*'$/.test(raw) ? raw.slice(1, -1).replace(/''/g, "'") : null
  }
  // a plain scalar with a comment after it, or one YAML would read as something else
  return !toml && PLAIN_SAFE.test(raw) && !/^(?:true|false|yes|no|on|off|null|~|[-+]?[\d.]+)$/i.test(raw) ? raw : null
}

/** A translation written as the source wrote its value: the same quotes, or double quotes where a plain scalar would not read back. */
export function writeScalar(text: string, unit: FrontMatterUnit): string {
  const line = oneLine(text)
  if (unit.quote === "'" && !unit.toml) return `'${line.replace(/'/g, "''")}'`
  if (unit.quote === "'" && !line.includes("'")) return `'${line}'`
  if (unit.quote === '' && PLAIN_SAFE.test(line)) return line
  return JSON.stringify(line)
}

/** A translation on one line: its line breaks, and the white space around them, one space. */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ')
}

/** The source with the block's characters other than line breaks turned into spaces: offsets stay, the HTML parser sees white space. */
export function blankFrontMatter(source: string, block: FrontMatter): string {
  return source.slice(0, block.start) + source.slice(block.start, block.end).replace(/[^\r\n]/g, ' ') + source.slice(block.end)
}
