/**
 * A multinomial naive Bayes model over words and their letter n-grams, counted from short
 * texts per language (src/detect/training-corpus.json: CLDR strings of families neither the
 * tuning nor the held-out set uses; built by bench/detection-sets.mjs) and from word
 * frequency lists (src/detect/ui-words.json: the words of free software's interface
 * translations; bench/detection-ui-words.mjs). It is the detector's second stage: where close
 * languages' dictionaries all know a text's words (id/ms, nb/nn/da, gl/pt/es, mk/bg), how
 * each language spells those words tells them apart.
 */

import { grown } from './typed-arrays.js'

export interface NgramOptions {
  /** Longest letter n-gram counted (words are padded with a space on each side). Default: 4. */
  maxN: number
  /**
   * Jelinek–Mercer smoothing: a feature's probability in a language is this share of its
   * relative frequency there plus the rest of its relative frequency in all languages pooled,
   * so a feature a language was never seen with costs every such language the same, whatever
   * the size of its corpus (add-α smoothing favours the smallest corpus, whose unseen features
   * get the largest share). Default: 0.95.
   */
  lambda: number
  /** A whole word counts as this many n-grams: the most specific evidence a short text has. Default: 2. */
  wordWeight: number
  /** Weight of one occurrence of a word of `wordCounts` (a frequency list) against one of a corpus text's words. */
  countWeight: number
}

export const NGRAM_DEFAULTS: NgramOptions = { maxN: 4, lambda: 0.95, wordWeight: 8, countWeight: 1 }

export interface NgramModel {
  /** The languages the model has counts for. */
  readonly languages: readonly string[]
  /** Distinct features counted, for memory accounting. */
  readonly features: number
  /** Whether `language`'s corpus or frequency list has the word; `key` is its wordKey. */
  knows(language: string, key: string): boolean
  /**
   * Per asked language the model knows, the weighted mean log-probability of the words'
   * features (whole words and n-grams); empty when the words have no letters.
   */
  score(words: readonly string[], languages: readonly string[]): Map<string, number>
}

/**
 * Features are kept as 32-bit FNV-1a hashes, not strings: with the UI frequency lists there are
 * about 210 000 of them, and a string key with a Float32Array row each took about 150 MB. Two
 * features sharing a hash (about five pairs expected among that many) share their counts,
 * which a statistical model absorbs.
 */
const FNV_OFFSET = 0x811c9dc5
/** Words counted per `countNext()` step (≈ 5–10 ms here; the first, with the code not yet optimised, ≈ 40). */
const WORDS_PER_STEP = 1000
function fnv(hash: number, text: string): number {
  let h = hash
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}
/** Whole words hash from this seed, n-grams from FNV_OFFSET: the word "a" and the letter "a" differ. */
const WORD_SEED = fnv(FNV_OFFSET, '\u0001')

/** A word as the model keys it: lower case, typographic apostrophes straightened. */
export function wordKey(word: string): string {
  return word.toLowerCase().replace(/’/g, "'")
}

/**
 * Appends the features of one word to `out`: first the whole word, then its letter n-grams of
 * length 1…maxN (the word padded with a space on each side; a lone space is not one).
 */
function featuresOf(word: string, maxN: number, out: number[]): void {
  const w = wordKey(word)
  out.push(fnv(WORD_SEED, w))
  const chars = [...` ${w} `]
  // the n-grams starting at i, each hash extending the one before it by one character
  for (let i = 0; i < chars.length; i++) {
    let h = FNV_OFFSET
    for (let n = 1; n <= maxN && i + n <= chars.length; n++) {
      h = fnv(h, chars[i + n - 1]!)
      if (n > 1 || chars[i] !== ' ') out.push(h)
    }
  }
}

/** The row of a feature hash in an open-addressing table (slotRow holds row + 1; 0 is an empty slot), or -1. */
function findRow(slotHash: Uint32Array, slotRow: Uint32Array, hash: number): number {
  const mask = slotHash.length - 1
  for (let s = hash & mask; slotRow[s] !== 0; s = (s + 1) & mask) if (slotHash[s] === hash) return slotRow[s]! - 1
  return -1
}

/**
 * Counts per feature hash for one language at a time, kept in typed arrays that are reused from
 * one language to the next and drained in the order the hashes were first added. A Map per
 * language (up to 250 000 entries with the interface word lists) left tens of MB of garbage in
 * the old generation: the heap grew to about 180 MB while the detector loaded, and stayed.
 * Not the row table itself (a count per row, each feature's row looked up as it is counted):
 * that table holds every language's features, and probing it for every occurrence made loading
 * ≈ 25 % slower (1.7–2.0 s → 2.2–2.6 s, alternated runs); this one holds one language's.
 */
class FeatureTally {
  private keys = new Uint32Array(1 << 18)
  private values = new Float64Array(1 << 18)
  private used = new Uint8Array(1 << 18)
  /** Slots in the order their hashes were first added. */
  private order = new Uint32Array(1 << 17)
  size = 0

  add(hash: number, weight: number): void {
    if ((this.size + 1) * 2 > this.keys.length) this.grow()
    const mask = this.keys.length - 1
    let slot = hash & mask
    while (this.used[slot] !== 0) {
      if (this.keys[slot] === hash) {
        this.values[slot]! += weight
        return
      }
      slot = (slot + 1) & mask
    }
    this.used[slot] = 1
    this.keys[slot] = hash
    this.values[slot] = weight
    this.order = grown(this.order, this.size + 1)
    this.order[this.size++] = slot
  }

  /** Calls `each` for every hash in the order first added, then empties the tally. */
  drain(each: (hash: number, count: number) => void): void {
    for (let i = 0; i < this.size; i++) {
      const slot = this.order[i]!
      each(this.keys[slot]!, this.values[slot]!)
      this.used[slot] = 0
    }
    this.size = 0
  }

  private grow(): void {
    const [keys, values, order, size] = [this.keys, this.values, this.order, this.size]
    this.keys = new Uint32Array(keys.length * 2)
    this.values = new Float64Array(keys.length * 2)
    this.used = new Uint8Array(keys.length * 2)
    this.size = 0
    for (let i = 0; i < size; i++) this.add(keys[order[i]!]!, values[order[i]!]!)
  }
}

/**
 * Counts every language's features and keeps them as rows of (language, count) pairs per
 * feature (CSR), found through an open-addressing table of hashes (slotRow holds row + 1; 0 is
 * an empty slot). Languages are counted one after the other into one FeatureTally (a map per
 * language for all of them at once peaked at about 60 MB more), and each
 * `countNext()` call counts at most WORDS_PER_STEP words, so a caller can yield to its event
 * loop between steps: a whole language's list of 12 000 words took 50–120 ms in one step.
 */
function featureCounter(
  languages: readonly string[],
  corpus: Readonly<Record<string, readonly string[]>>,
  tokenize: (text: string) => string[],
  /** Per language, its frequency list as written ("word count word count …"), parsed when the language's turn comes. */
  lists: ReadonlyMap<string, string>,
  { maxN, wordWeight, countWeight }: NgramOptions,
) {
  const totals = new Float64Array(languages.length)
  let slotHash = new Uint32Array(1 << 16)
  let slotRow = new Uint32Array(1 << 16)
  let rows = 0
  const insert = (hash: number, row: number) => {
    const mask = slotHash.length - 1
    let s = hash & mask
    while (slotRow[s] !== 0) s = (s + 1) & mask
    slotHash[s] = hash
    slotRow[s] = row + 1
  }
  const rowFor = (hash: number): number => {
    const found = findRow(slotHash, slotRow, hash)
    if (found >= 0) return found
    if ((rows + 1) * 2 > slotHash.length) {
      const [oldHash, oldRow] = [slotHash, slotRow]
      slotHash = new Uint32Array(oldHash.length * 2)
      slotRow = new Uint32Array(oldHash.length * 2)
      for (let s = 0; s < oldHash.length; s++) if (oldRow[s] !== 0) insert(oldHash[s]!, oldRow[s]! - 1)
    }
    insert(hash, rows)
    return rows++
  }
  // (row, language, count) entries in the order counted
  let entryRow = new Uint32Array(1 << 16)
  let entryLanguage = new Uint8Array(1 << 16)
  let entryCount = new Float32Array(1 << 16)
  let entries = 0

  const features: number[] = []
  const tally = new FeatureTally()
  /** The language being counted (its counts so far are in `tally`): its index, its words (corpus words, then its list's) and how many are counted. */
  let current: { li: number; words: Array<[string, number]>; counted: number } | null = null
  let next = 0

  function addWord(word: string, times: number) {
    const { li } = current!
    features.length = 0
    featuresOf(word, maxN, features)
    for (let k = 0; k < features.length; k++) {
      const weight = (k === 0 ? wordWeight : 1) * times
      tally.add(features[k]!, weight)
      totals[li]! += weight
    }
  }

  /** Moves the finished language's counts into the entries. */
  function settle() {
    const { li } = current!
    entryRow = grown(entryRow, entries + tally.size)
    entryLanguage = grown(entryLanguage, entries + tally.size)
    entryCount = grown(entryCount, entries + tally.size)
    tally.drain((hash, count) => {
      entryRow[entries] = rowFor(hash)
      entryLanguage[entries] = li
      entryCount[entries] = count
      entries++
    })
    current = null
  }

  /** Counts up to WORDS_PER_STEP more words (a language's corpus words, then its list); false when every language is counted. */
  function countNext(): boolean {
    if (current === null) {
      if (next >= languages.length) return false
      const li = next++
      const language = languages[li]!
      const words: Array<[string, number]> = []
      for (const text of corpus[language] ?? []) for (const word of tokenize(text)) words.push([word, 1])
      for (const [word, count] of parseWordCounts(lists.get(language) ?? '')) words.push([word, countWeight * count])
      current = { li, words, counted: 0 }
    }
    const end = Math.min(current.words.length, current.counted + WORDS_PER_STEP)
    for (; current.counted < end; current.counted++) {
      const [word, times] = current.words[current.counted]!
      addWord(word, times)
    }
    if (current.counted === current.words.length) settle()
    return true
  }

  /**
   * The counts in their final form (counting the languages left first): rows in order, by a
   * counting sort of the entries by row.
   */
  function compacted() {
    while (countNext()) { /* the words not counted yet */ }
    const rowStart = new Uint32Array(rows + 1)
    for (let e = 0; e < entries; e++) rowStart[entryRow[e]! + 1]!++
    for (let r = 0; r < rows; r++) rowStart[r + 1]! += rowStart[r]!
    const byRowLanguage = new Uint8Array(entries)
    const byRowCount = new Float32Array(entries)
    const rowSum = new Float32Array(rows)
    const filled = rowStart.slice(0, rows)
    for (let e = 0; e < entries; e++) {
      const r = entryRow[e]!
      const at = filled[r]!++
      byRowLanguage[at] = entryLanguage[e]!
      byRowCount[at] = entryCount[e]!
      rowSum[r]! += entryCount[e]!
    }
    return { totals, featureCount: rows, rowStart, entryLanguage: byRowLanguage, entryCount: byRowCount, rowSum, slotHash, slotRow }
  }
  return { countNext, compacted }
}

/**
 * Reads a frequency list as bench/detection-ui-words.mjs writes it: "word count word count …"
 * (words have no spaces).
 */
export function parseWordCounts(list: string): Array<[string, number]> {
  const parts = list.split(' ')
  const out: Array<[string, number]> = []
  for (let i = 0; i + 1 < parts.length; i += 2) out.push([parts[i]!, Number(parts[i + 1])])
  return out
}

/** Counts a model step by step: `countNext()` until it answers false, then `finish()`. */
export interface NgramModelBuilder {
  /** Counts the next step's words (WORDS_PER_STEP of one language's corpus and list); false when there is none left. */
  countNext(): boolean
  /** The model (counting what is left first). */
  finish(): NgramModel
}

/** Counts the corpus and the frequency lists in one go (see ngramModelBuilder). */
export function trainNgramModel(...args: Parameters<typeof ngramModelBuilder>): NgramModel {
  return ngramModelBuilder(...args).finish()
}

/**
 * A model of the corpus and the frequency lists (`wordCounts`: per language, "word count word
 * count …"), counted step by step; `tokenize` splits a text into the words detection also sees.
 */
export function ngramModelBuilder(
  corpus: Readonly<Record<string, readonly string[]>>,
  tokenize: (text: string) => string[],
  options: Partial<NgramOptions> = {},
  wordCounts: Readonly<Record<string, string>> = {},
): NgramModelBuilder {
  const settings = { ...NGRAM_DEFAULTS, ...options }
  const { countWeight } = settings
  // parsed language by language as they are counted: all at once took 60–80 ms of one step
  const lists = new Map(countWeight > 0 ? Object.entries(wordCounts) : [])
  const languages = [...new Set([...Object.keys(corpus), ...lists.keys()])].sort()
  const counter = featureCounter(languages, corpus, tokenize, lists, settings)
  let model: NgramModel | null = null
  return {
    countNext: () => model === null && counter.countNext(),
    finish: () => (model ??= modelOf(languages, counter.compacted(), settings)),
  }
}

function modelOf(languages: readonly string[], counted: ReturnType<ReturnType<typeof featureCounter>['compacted']>, { maxN, lambda, wordWeight }: NgramOptions): NgramModel {
  const index = new Map(languages.map((l, i) => [l, i]))
  const { totals, featureCount, rowStart, entryLanguage, entryCount, rowSum, slotHash, slotRow } = counted
  const find = (hash: number) => findRow(slotHash, slotRow, hash)
  let pooledTotal = featureCount
  for (const t of totals) pooledTotal += t

  return {
    languages,
    features: featureCount,
    knows(language, key) {
      const li = index.get(language)
      if (li === undefined) return false
      const r = find(fnv(WORD_SEED, key))
      if (r < 0) return false
      for (let e = rowStart[r]!; e < rowStart[r + 1]!; e++) if (entryLanguage[e] === li) return true
      return false
    },
    score(words, wanted) {
      const result = new Map<string, number>()
      const ids = wanted.filter((l) => index.has(l)).map((l) => index.get(l)!)
      const features: number[] = []
      const isWord: boolean[] = []
      for (const word of words) {
        const before = features.length
        featuresOf(word, maxN, features)
        for (let k = before; k < features.length; k++) isWord.push(k === before)
      }
      if (features.length === 0 || ids.length === 0) return result
      // where each asked language sits in `sums`, by language index
      const slot = new Int16Array(languages.length).fill(-1)
      ids.forEach((li, k) => { slot[li] = k })
      const sums = new Float64Array(ids.length)
      const seen = new Float64Array(ids.length)
      let weightSum = 0
      for (let f = 0; f < features.length; f++) {
        const weight = isWord[f] ? wordWeight : 1
        const r = find(features[f]!)
        seen.fill(0)
        if (r >= 0) for (let e = rowStart[r]!; e < rowStart[r + 1]!; e++) if (slot[entryLanguage[e]!]! >= 0) seen[slot[entryLanguage[e]!]!] = entryCount[e]!
        // add-one on the pooled distribution: a feature no language was seen with
        const background = ((1 - lambda) * (1 + (r >= 0 ? rowSum[r]! : 0))) / pooledTotal
        weightSum += weight
        for (let k = 0; k < ids.length; k++) sums[k]! += weight * Math.log((lambda * seen[k]!) / totals[ids[k]!]! + background)
      }
      for (let k = 0; k < ids.length; k++) result.set(languages[ids[k]!]!, sums[k]! / weightSum)
      return result
    },
  }
}
