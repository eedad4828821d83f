/**
 * Reads an lttoolbox morphological analyser (`*.automorf.bin`, the first stage of every
 * Apertium mode) into compact typed arrays and answers two questions: is this surface word
 * in the dictionary, and is it a function word there (does an analysis carry a closed-class
 * tag, `<pr>`, `<cnjcoo>`…; one byte per transition says whether it writes one)? The first
 * is the "coverage" Apertium's own identifier (apertium-apy's identifyLang without CLD2)
 * measures by running every analyser; reading the transducer in-process gives the same
 * answer synchronously, with no process per language.
 *
 * Format (an optional `LTTB` header with a 64-bit feature word, then):
 * the alphabetic characters (count, code points), the alphabet (tag names, then the
 * input/output symbol pairs), then named sections, each a transducer: initial state,
 * final states (delta-coded), state count, and per state its transitions (delta-coded
 * symbol-pair index, target state as an offset modulo the state count, weights when the
 * header says so). Every integer is lttoolbox's 1–4 byte "multibyte" encoding.
 */
import { readFileSync } from 'node:fs'
import { grown } from './typed-arrays.js'

/**
 * The weights bit of a header's 8-byte feature word. The files installed here write it in
 * the last byte (`00 … 00 01`, eng-cat's main section) although lttoolbox reads the word
 * as little-endian; either end is accepted, no other feature bit is defined.
 */
function hasWeights(bytes: Uint8Array, at: number): boolean {
  return ((bytes[at]! | bytes[at + 7]!) & 1) === 1
}

class Reader {
  offset = 0
  constructor(private readonly bytes: Uint8Array) {}

  get done(): boolean {
    return this.offset >= this.bytes.length
  }

  int(): number {
    const b = this.bytes
    if (this.offset >= b.length) throw new Error('truncated lttoolbox binary')
    const up = b[this.offset++]!
    if (up < 0x40) return up
    if (up < 0x80) return ((up & 0x3f) << 8) | b[this.offset++]!
    if (up < 0xc0) {
      const v = ((up & 0x3f) << 16) | (b[this.offset]! << 8) | b[this.offset + 1]!
      this.offset += 2
      return v
    }
    const v = (up & 0x3f) * 0x1000000 + ((b[this.offset]! << 16) | (b[this.offset + 1]! << 8) | b[this.offset + 2]!)
    this.offset += 3
    return v
  }

  /** lttoolbox's "long multibyte" weight: read and dropped, detection needs no weights. */
  skipWeight(): void {
    if (this.int() >= 0x04000000) this.int()
    if (this.int() >= 0x04000000) this.int()
  }

  string(): string {
    const n = this.int()
    let s = ''
    for (let i = 0; i < n; i++) s += String.fromCodePoint(this.int())
    return s
  }
}

/**
 * Tags of the closed word classes (prepositions, conjunctions, determiners, pronouns,
 * auxiliaries): a language's function words, few and frequent, and the ones that tell close
 * languages apart ("em" is a Portuguese preposition and only an abbreviation in Swedish).
 */
export const CLOSED_CLASS_TAGS: ReadonlySet<string> = new Set([
  'pr', 'cnjcoo', 'cnjsub', 'cnjadv', 'det', 'predet', 'prn', 'rel', 'preadv', 'vbser', 'vbhaver', 'vaux', 'vbmod',
])

/** One section's transducer, input side only: per state, its transitions in CSR form. */
interface Section {
  initial: number
  /** 1 where the state is final. */
  final: Uint8Array
  /** transitions of state s are [start[s], start[s + 1]). */
  start: Uint32Array
  /** Input symbol: a code point, 0 for ε, negative for a tag. */
  input: Int32Array
  target: Uint32Array
  /** 1 where the transition writes a closed-class tag (CLOSED_CLASS_TAGS). */
  closed: Uint8Array
}

export interface Lexicon {
  /** true when the analyser has at least one analysis of `word` (as written, or lower-cased). */
  knows(word: string): boolean
  /**
   * `closed` when one of the word's analyses is of a closed class (CLOSED_CLASS_TAGS: a
   * preposition, conjunction, determiner, pronoun or auxiliary), `open` when it has analyses
   * and none is, `unknown` when it has none.
   */
  wordClass(word: string): 'closed' | 'open' | 'unknown'
  /** Transitions held, for memory accounting. */
  readonly transitions: number
  /**
   * Up to `count` surface words drawn by random walks through the dictionary (deterministic
   * for a seed): the spelling habits of a language ELD has no model of, read off its own
   * dictionary.
   */
  sample(count: number, seed: number): string[]
}

/** Parses an `.automorf.bin`; throws on a file that is not one. */
export function readLexicon(path: string): Lexicon {
  const bytes = readFileSync(path)
  const r = new Reader(bytes)
  let weights = false
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'LTTB') {
    weights = hasWeights(bytes, 4)
    r.offset = 12
  }
  // alphabetic characters: not needed (words are split by Unicode letters instead)
  for (let n = r.int(); n > 0; n--) r.int()
  const tags = r.int()
  const tagNames: string[] = []
  for (let n = tags; n > 0; n--) tagNames.push(r.string())
  const pairCount = r.int()
  const pairInput = new Int32Array(pairCount)
  const pairClosed = new Uint8Array(pairCount)
  for (let i = 0; i < pairCount; i++) {
    pairInput[i] = r.int() - tags
    // symbols are stored plus `tags`: tag -k (the k-th name, from 1) is tags - k, ε is tags
    const output = r.int()
    if (output < tags && CLOSED_CLASS_TAGS.has(tagNames[tags - output - 1]!.replace(/^<|>$/g, ''))) pairClosed[i] = 1
  }
  const sections: Section[] = []
  for (let n = r.int(); n > 0; n--) {
    r.string() // section name, e.g. main@standard
    // each section's transducer has its own header (LTTD + feature word) in the newer format
    if (bytes.toString('latin1', r.offset, r.offset + 4) === 'LTTD') {
      weights = hasWeights(bytes, r.offset + 4)
      r.offset += 12
    }
    const initial = r.int()
    const finals: number[] = []
    let base = 0
    for (let f = r.int(); f > 0; f--) {
      base += r.int()
      if (weights) r.skipWeight()
      finals.push(base)
    }
    const states = r.int()
    const final = new Uint8Array(states)
    for (const f of finals) if (f < states) final[f] = 1
    const start = new Uint32Array(states + 1)
    let input = new Int32Array(Math.max(16, states * 2))
    let target = new Uint32Array(input.length)
    let closed = new Uint8Array(input.length)
    let count = 0
    for (let s = 0; s < states; s++) {
      start[s] = count
      let tagbase = 0
      for (let t = r.int(); t > 0; t--) {
        tagbase += r.int()
        const to = (s + r.int()) % states
        if (weights) r.skipWeight()
        input = grown(input, count + 1)
        target = grown(target, count + 1)
        closed = grown(closed, count + 1)
        input[count] = pairInput[tagbase] ?? 0
        closed[count] = pairClosed[tagbase] ?? 0
        target[count] = to
        count++
      }
    }
    start[states] = count
    sections.push({ initial, final, start, input: input.slice(0, count), target: target.slice(0, count), closed: closed.slice(0, count) })
  }
  const transitions = sections.reduce((sum, s) => sum + s.input.length, 0)
  return {
    transitions,
    sample(count, seed) {
      const main = sections.reduce((a, b) => (b.input.length > a.input.length ? b : a))
      return sampleWords(main, count, seed)
    },
    knows(word) {
      const lower = word.toLowerCase()
      return sections.some((s) => analyse(s, word, lower) !== 'unknown')
    },
    wordClass(word) {
      const lower = word.toLowerCase()
      let found: 'open' | 'unknown' = 'unknown'
      for (const section of sections) {
        const kind = analyse(section, word, lower)
        if (kind === 'closed') return 'closed'
        if (kind === 'open') found = 'open'
      }
      return found
    },
  }
}

/**
 * ε-closure of `paths`, following transitions whose input is ε (0) or a tag (< 0). A path is
 * `state * 2 + flag`, the flag set once the path has written a closed-class tag.
 */
function closure(section: Section, paths: number[]): number[] {
  const seen = new Set(paths)
  const stack = [...paths]
  while (stack.length > 0) {
    const path = stack.pop()!
    const s = path >>> 1
    for (let i = section.start[s]!, end = section.start[s + 1]!; i < end; i++) {
      if (section.input[i]! <= 0) {
        const to = section.target[i]! * 2 + ((path & 1) | section.closed[i]!)
        if (!seen.has(to)) {
          seen.add(to)
          stack.push(to)
        }
      }
    }
  }
  return [...seen]
}

/** No dictionary word is longer; a longer token (a hash, a run of letters) is not looked up. */
const LONGEST_WORD = 64

/**
 * Runs the word through the section, each character matching itself or its lower case, and
 * says whether an analysis of a closed class, of an open one only, or none was reached. Every
 * reachable state is followed, as lt-proc does: analysers fan out to hundreds of states on a
 * first letter (one path per analysis), and a shortcut that called such a word known made the
 * Malay dictionary "know" Indonesian spellings (menit, persen) and Aragonese know Spanish.
 */
function analyse(section: Section, word: string, lower: string): 'closed' | 'open' | 'unknown' {
  const chars = [...word]
  if (chars.length > LONGEST_WORD) return 'unknown'
  let paths = closure(section, [section.initial * 2])
  const lowers = [...lower]
  const sameLength = chars.length === lowers.length
  for (let k = 0; k < chars.length; k++) {
    const c = chars[k]!.codePointAt(0)!
    const lc = sameLength ? lowers[k]!.codePointAt(0)! : c
    const next = new Set<number>()
    for (const path of paths) {
      const s = path >>> 1
      for (let i = section.start[s]!, end = section.start[s + 1]!; i < end; i++) {
        const symbol = section.input[i]!
        if (symbol === c || symbol === lc) next.add(section.target[i]! * 2 + ((path & 1) | section.closed[i]!))
      }
    }
    if (next.size === 0) return 'unknown'
    paths = closure(section, [...next])
  }
  let found: 'open' | 'unknown' = 'unknown'
  for (const path of paths) {
    if (section.final[path >>> 1] !== 1) continue
    if ((path & 1) === 1) return 'closed'
    found = 'open'
  }
  return found
}

/** Random walks from the initial state; a walk ends at a final state with probability 1/3 or when stuck. */
function sampleWords(section: Section, count: number, seed: number): string[] {
  let a = seed >>> 0
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const words: string[] = []
  for (let attempt = 0; attempt < count * 3 && words.length < count; attempt++) {
    let state = section.initial
    let word = ''
    for (let step = 0; step < 60; step++) {
      const from = section.start[state]!
      const n = section.start[state + 1]! - from
      if (section.final[state] === 1 && (n === 0 || rand() < 0.33)) {
        if (word.length > 1) words.push(word)
        break
      }
      if (n === 0) break
      const i = from + Math.floor(rand() * n)
      const symbol = section.input[i]!
      if (symbol > 0) word += String.fromCodePoint(symbol)
      state = section.target[i]!
    }
  }
  return words
}
