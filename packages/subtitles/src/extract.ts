import { SubtitleError } from './errors.js'
import { isBlank } from './lines.js'
import type { SubtitleIssue } from './errors.js'
import { nestLike } from '@verso/engine/segments'
import { readableIssues, readDocument, spliceCues, type LocatedCue, type SubtitleDocument } from './parse.js'
import { rebreak } from './rebreak.js'
import { key, repair, TAG, tokenize, type TokenTable } from './tags.js'
import type { InlineToken, Segment, SegmentPart, SubtitleFormat, TranslateSegments } from './types.js'

/** How one cue's text is laid out: groups of line slots, each translated as one run of text. */
interface Plan {
  readonly located: LocatedCue
  /** Text lines of the cue, raw. */
  readonly lines: readonly string[]
  /** Per group, the indexes (into `lines`) of its non-blank lines. */
  readonly groups: readonly (readonly number[])[]
  readonly source: readonly SegmentPart[]
  readonly segment: Segment
  readonly table: TokenTable
  /** Markup on the cue's edges, kept out of the segment and put back around its translation. */
  readonly edges: { readonly head: readonly SegmentPart[]; readonly tail: readonly SegmentPart[] }
}

const LEADING_TAGS = new RegExp(`^(?:\\s|${TAG.source})*`)
// A dialogue turn: a line opening with a dash (`- Now!`, `–Really?`), not `--` or `-5`.
const DIALOGUE_DASH = /^[-\u2010\u2013\u2014](?=\s|\p{L}|["'¿¡([])/u

const STARTS_WITH_MARKUP = new RegExp(`^(?:${TAG.source})`)
const ENDS_WITH_MARKUP = new RegExp(`(?:${TAG.source})$`)

/** Scripts a line can be written in, by their letters; Chinese and Japanese share one (kana sit among Han characters). */
const SCRIPTS: ReadonlyArray<readonly [name: string, letters: RegExp]> = [
  ['Latin', /\p{Script=Latin}/gu],
  ['Cyrillic', /\p{Script=Cyrillic}/gu],
  ['Greek', /\p{Script=Greek}/gu],
  ['CJK', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}]/gu],
  ['Hangul', /\p{Script=Hangul}/gu],
  ['Arabic', /\p{Script=Arabic}/gu],
  ['Hebrew', /\p{Script=Hebrew}/gu],
  ['Thai', /\p{Script=Thai}/gu],
  ['Devanagari', /\p{Script=Devanagari}/gu],
]

/** The script most of a line's letters (outside tags) are written in; undefined for a line without letters. */
function scriptOf(line: string): string | undefined {
  const text = line.replace(new RegExp(TAG.source, 'g'), '')
  let best: string | undefined
  let most = 0
  for (const [name, letters] of SCRIPTS) {
    const count = text.match(letters)?.length ?? 0
    if (count > most) [best, most] = [name, count]
  }
  return best
}

/**
 * A line starts its own run of text (a hard break, kept as written) when it is a
 * dialogue turn, when markup sits on the line edge between it and the previous line
 * (`<i>…</i>` per line, `{\an8}` at a line start, `<v Speaker>` per line), or when it is
 * written in another script than the previous line: a bilingual subtitle's second language
 * (`Thank you.` over `谢谢。`) stays on its line, not re-broken into the other's.
 */
function startsGroup(line: string, previous: string): boolean {
  const text = line.trim()
  if (DIALOGUE_DASH.test(line.replace(LEADING_TAGS, '')) || STARTS_WITH_MARKUP.test(text) || ENDS_WITH_MARKUP.test(previous.trim())) return true
  const script = scriptOf(text)
  const previousScript = scriptOf(previous)
  return script !== undefined && previousScript !== undefined && script !== previousScript
}

function plan(located: LocatedCue, doc: SubtitleDocument): Plan {
  const lines = doc.lines.slice(located.firstText, located.lastText + 1).map((l) => l.text)
  const groups: number[][] = []
  let current: number[] | undefined
  lines.forEach((line, k) => {
    if (isBlank(line)) {
      current = undefined
      return
    }
    if (!current || startsGroup(line, lines[k - 1]!)) {
      current = []
      groups.push(current)
    }
    current.push(k)
  })
  const { parts, table } = tokenize(groups.map((g) => g.map((k) => lines[k]!.trim()).join(' ')))
  const edges = edgesOf(parts, table)
  const inner = parts.slice(edges.head.length, parts.length - edges.tail.length)
  const segment: Segment = inner.length === 0 ? '' : inner.length === 1 && typeof inner[0] === 'string' ? inner[0] : inner
  return { located, lines, groups, source: parts, segment, table, edges }
}

/**
 * The markup around a cue's whole text: a position or a voice before it (`{\an8}`, an open
 * `<v.loud Mary>`), and tag pairs that hold all of it (`<i>…</i>`, `<font face="Arial">…</font>`).
 * The engine never sees it, so the words it adds stay inside: es→en "<i>¡No me digas eso!</i>"
 * came back "You <i>do not say me this!</i>", en→fr "Nous <font …>serons tard…</font>".
 */
function edgesOf(parts: readonly SegmentPart[], table: TokenTable): Plan['edges'] {
  let head = 0
  let tail = 0
  const isToken = (part: SegmentPart | undefined): part is InlineToken => part !== undefined && typeof part !== 'string'
  for (let part = parts[head]; isToken(part) && part.kind === 'void' && !table.breaks.includes(part.id); part = parts[++head]);
  for (;;) {
    const open = parts[head]
    const close = parts[parts.length - 1 - tail]
    if (!isToken(open) || !isToken(close) || open.kind !== 'open' || close.kind !== 'close' || open.id !== close.id || head >= parts.length - 1 - tail) break
    head++
    tail++
  }
  return { head: parts.slice(0, head), tail: tail === 0 ? [] : parts.slice(parts.length - tail) }
}

function normalize(segment: unknown, position: number): SegmentPart[] {
  if (typeof segment === 'string') return segment === '' ? [] : [segment]
  if (!Array.isArray(segment)) {
    throw new SubtitleError('SUBTITLE_TRANSLATION_MISMATCH', `translated segment ${position} is neither a string nor a list of parts`)
  }
  const parts: SegmentPart[] = []
  for (const part of segment as unknown[]) {
    if (typeof part === 'string') parts.push(part)
    else if (part && typeof part === 'object') {
      const { id, kind } = part as Partial<InlineToken>
      if (typeof id === 'string' && (kind === 'open' || kind === 'close' || kind === 'void')) parts.push({ id, kind })
    }
  }
  return parts
}

function sameParts(a: readonly SegmentPart[], b: readonly SegmentPart[]): boolean {
  if (a.length !== b.length) return false
  return a.every((part, i) => {
    const other = b[i]!
    if (typeof part === 'string' || typeof other === 'string') return part === other
    return part.id === other.id && part.kind === other.kind
  })
}

/** New text lines for one cue, or `undefined` to keep its bytes. */
function layout(p: Plan, translated: SegmentPart[]): string[] | undefined {
  if (p.groups.length === 0) return undefined
  // Merge adjacent strings so `['a', 'b']` equals `['ab']`.
  const merged: SegmentPart[] = []
  for (const part of [...p.edges.head, ...translated, ...p.edges.tail]) {
    const last = merged[merged.length - 1]
    if (typeof part === 'string' && typeof last === 'string') merged[merged.length - 1] = last + part
    else merged.push(part)
  }
  if (sameParts(merged, p.source)) return undefined

  // Repaired, then nested like the source: a tag inside another stays inside it.
  const parts = nestLike(p.source, repair(merged, p.table))
  const render = (token: InlineToken) => p.table.raw.get(key(token)) ?? ''
  const breakAt = parts.flatMap((part, i) => (typeof part !== 'string' && p.table.breaks.includes(part.id) ? [i] : []))
  const inOrder =
    breakAt.length === p.table.breaks.length && breakAt.every((at, i) => (parts[at] as InlineToken).id === p.table.breaks[i])

  let pieces: SegmentPart[][]
  let groups: readonly (readonly number[])[]
  if (inOrder) {
    pieces = []
    let begin = 0
    for (const at of [...breakAt, parts.length]) {
      pieces.push(parts.slice(begin, at))
      begin = at + 1
    }
    groups = p.groups
  } else {
    // Break tokens lost or moved: one run of text over every non-blank line.
    pieces = [parts.filter((part) => typeof part === 'string' || !p.table.breaks.includes(part.id))]
    groups = [p.groups.flat()]
  }

  const produced = new Map<number, string>()
  groups.forEach((slots, g) => {
    const lines = rebreak(pieces[g]!, slots.length, render)
    lines.forEach((line, i) => produced.set(slots[i]!, line.replaceAll('-->', '->')))
  })
  // Original blank lines stay where they separate written lines; none at the edges, none doubled.
  const out: Array<{ text: string; blank: boolean }> = []
  p.lines.forEach((line, k) => {
    if (isBlank(line)) {
      if (out.length > 0 && !out[out.length - 1]!.blank) out.push({ text: line, blank: true })
    } else if (produced.has(k)) out.push({ text: produced.get(k)!, blank: false })
  })
  while (out.length > 0 && out[out.length - 1]!.blank) out.pop()
  return out.map((l) => l.text)
}

/**
 * Segments to translate (one per cue, inline markup as tokens) and a writer that puts the
 * translations back, re-broken into each cue's number of lines. A block that cannot be
 * read (a bad timing, text outside any cue) stays as written and is listed in `warnings`.
 * Throws `SubtitleError` on content with nothing readable: blank, a WebVTT file without
 * its header, or no cue and some problem.
 */
export function extractSubtitles(
  content: string,
  format: SubtitleFormat,
): { blocks: number; segments: Segment[]; warnings: SubtitleIssue[]; write(translated: readonly Segment[]): string } {
  const doc = readDocument(String(content ?? ''), format)
  const warnings = readableIssues(doc)
  const plans = doc.cues.map((located) => plan(located, doc))
  return {
    blocks: plans.length,
    segments: plans.map((p) => p.segment),
    warnings,
    write(translated) {
      if (!Array.isArray(translated) || translated.length !== plans.length) {
        const got = Array.isArray(translated) ? translated.length : typeof translated
        throw new SubtitleError('SUBTITLE_TRANSLATION_MISMATCH', `expected ${plans.length} translated segments (one per cue), got ${got}`)
      }
      const replacements = new Map<number, string[]>()
      plans.forEach((p, position) => {
        const lines = layout(p, normalize(translated[position], position))
        if (lines) replacements.set(position, lines)
      })
      return spliceCues(doc, replacements)
    },
  }
}

/** The number of cue blocks (1 credit each), without translating. Throws `SubtitleError` on content with nothing readable. */
export function countSubtitleBlocks(content: string, format: SubtitleFormat): number {
  const doc = readDocument(String(content ?? ''), format)
  readableIssues(doc)
  return doc.cues.length
}

/**
 * Translates the text of every cue with ONE call to `translate` (blocks that cannot be
 * read stay as written and are listed in `warnings`); timings, indices,
 * identifiers, settings, NOTE/STYLE/REGION blocks, blank lines, line endings and BOM stay
 * byte-identical. No call is made for a file without cues.
 */
export async function translateSubtitles(
  content: string,
  format: SubtitleFormat,
  translate: TranslateSegments,
): Promise<{ content: string; blocks: number; warnings: SubtitleIssue[] }> {
  const extracted = extractSubtitles(content, format)
  if (extracted.blocks === 0) return { content, blocks: 0, warnings: extracted.warnings }
  const translated = await translate(extracted.segments)
  return { content: extracted.write(translated), blocks: extracted.blocks, warnings: extracted.warnings }
}
