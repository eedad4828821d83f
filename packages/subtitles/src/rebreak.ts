import type { InlineToken, SegmentPart } from './types.js'

// Scripts written without spaces: a line may break between two of these characters.
const NO_SPACE_SCRIPT = /[\u2e80-\u303f\u3040-\u30ff\u3100-\u312f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/u
const WHITESPACE = /\s/u

interface Word {
  /** Whitespace written before the word (dropped when a line starts here). */
  sep: string
  raw: string
  width: number
}

function toWords(parts: readonly SegmentPart[], render: (token: InlineToken) => string): Word[] {
  const words: Word[] = []
  let current: Word | undefined
  let pendingSep = ''
  let previousWide = false
  const start = (sep: string) => {
    current = { sep, raw: '', width: 0 }
    words.push(current)
  }
  for (const part of parts) {
    if (typeof part !== 'string') {
      if (!current || pendingSep) start(pendingSep.replace(/\s/gu, ' '))
      pendingSep = ''
      current!.raw += render(part)
      previousWide = false
      continue
    }
    for (const char of part) {
      const code = char.charCodeAt(0)
      if (code === 32 || (code >= 9 && code <= 13) || (code > 127 && WHITESPACE.test(char))) {
        pendingSep += char
        previousWide = false
        continue
      }
      const wide = code >= 0x2e80 && NO_SPACE_SCRIPT.test(char)
      if (!current || pendingSep) start(words.length === 0 ? '' : pendingSep.replace(/\s/gu, ' '))
      else if (wide && previousWide) start('')
      pendingSep = ''
      current!.raw += char
      current!.width += wide ? 2 : 1
      previousWide = wide
    }
  }
  if (words[0]) words[0].sep = ''
  return words
}

function join(words: readonly Word[], from: number, to: number): string {
  let line = words[from]!.raw
  for (let i = from + 1; i < to; i++) line += words[i]!.sep + words[i]!.raw
  return line
}

/**
 * Breaks translated text into at most `lineCount` lines, at spaces (or between CJK
 * characters), so that line widths are as even as possible (least sum of squared widths;
 * tags count zero, CJK characters two). Fewer lines come back when there are fewer words
 * than lines: a cue never gets an empty line.
 */
export function rebreak(parts: readonly SegmentPart[], lineCount: number, render: (token: InlineToken) => string): string[] {
  const words = toWords(parts, render)
  const n = words.length
  if (n === 0) return []
  if (lineCount <= 1 || n === 1) return [join(words, 0, n)]
  if (n <= lineCount) return words.map((w) => w.raw)

  // prefix[i]: width of words[0..i) with their separators.
  const sepWidth = words.map((w, i) => (i === 0 ? 0 : [...w.sep].length))
  const prefix = [0]
  words.forEach((w, i) => prefix.push(prefix[i]! + w.width + sepWidth[i]!))
  const width = (from: number, to: number) => prefix[to]! - prefix[from]! - sepWidth[from]!

  const k = lineCount
  const cuts: number[] = []
  if (n * n * k > 4_000_000) {
    // Very long cue: greedy cuts at even widths.
    const target = prefix[n]! / k
    for (let i = 1; i < n && cuts.length < k - 1; i++) {
      if (prefix[i]! >= target * (cuts.length + 1) && n - i >= k - 1 - cuts.length) cuts.push(i)
    }
  } else {
    // cost[l][j]: best cost of words[0..j) in l lines; from[l][j]: where the last line starts.
    const cost: number[][] = [new Array<number>(n + 1).fill(Infinity)]
    const from: number[][] = [[]]
    cost[0]![0] = 0
    for (let l = 1; l <= k; l++) {
      const row = new Array<number>(n + 1).fill(Infinity)
      const back = new Array<number>(n + 1).fill(0)
      for (let j = l; j <= n; j++) {
        for (let i = l - 1; i < j; i++) {
          const before = cost[l - 1]![i]!
          if (before === Infinity) continue
          const w = width(i, j)
          const c = before + w * w
          if (c < row[j]!) {
            row[j] = c
            back[j] = i
          }
        }
      }
      cost.push(row)
      from.push(back)
    }
    let j = n
    for (let l = k; l > 1; l--) {
      j = from[l]![j]!
      cuts.unshift(j)
    }
  }
  const lines: string[] = []
  let begin = 0
  for (const cut of [...cuts, n]) {
    if (cut > begin) lines.push(join(words, begin, cut))
    begin = cut
  }
  return lines
}
