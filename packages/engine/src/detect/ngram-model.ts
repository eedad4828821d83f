/**
 * A multinomial naive Bayes model over words and their letter n-grams, counted from short
 * texts per language (src/detect/training-corpus.json: CLDR strings of families neither the
 * tuning nor the held-out set uses; built by bench/detection-sets.mjs). It is the detector's
 * second stage: where close languages' dictionaries all know a text's words (id/ms, nb/nn/da,
 * gl/pt/es, mk/bg), how each language spells those words tells them apart.
 */

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
}

export const NGRAM_DEFAULTS: NgramOptions = { maxN: 4, lambda: 0.95, wordWeight: 2 }

export interface NgramModel {
  /** The languages the model has counts for. */
  readonly languages: readonly string[]
  /** Distinct features counted, for memory accounting. */
  readonly features: number
  /**
   * Per asked language the model knows, the weighted mean log-probability of the words'
   * features (whole words and n-grams); empty when the words have no letters.
   */
  score(words: readonly string[], languages: readonly string[]): Map<string, number>
}

const WORD_PREFIX = '\u0001'

/** The features of one word: the whole word (marked) and its letter n-grams of length 1…maxN. */
function featuresOf(word: string, maxN: number, out: string[]): void {
  const w = word.toLowerCase().replace(/’/g, "'")
  out.push(WORD_PREFIX + w)
  const chars = [...` ${w} `]
  for (let n = 1; n <= maxN; n++) {
    for (let i = 0; i + n <= chars.length; i++) {
      const gram = n === 1 ? chars[i]! : chars.slice(i, i + n).join('')
      if (gram !== ' ') out.push(gram)
    }
  }
}

/** Counts the corpus; `tokenize` splits a text into the words detection also sees. */
export function trainNgramModel(
  corpus: Readonly<Record<string, readonly string[]>>,
  tokenize: (text: string) => string[],
  options: Partial<NgramOptions> = {},
): NgramModel {
  const { maxN, lambda, wordWeight } = { ...NGRAM_DEFAULTS, ...options }
  const weightOf = (feature: string) => (feature.startsWith(WORD_PREFIX) ? wordWeight : 1)
  const languages = Object.keys(corpus).sort()
  const index = new Map(languages.map((l, i) => [l, i]))
  // one row of per-language counts per feature: ~40 k features × 32 languages here
  const counts = new Map<string, Float32Array>()
  const totals = new Float64Array(languages.length)
  const features: string[] = []
  for (const [language, texts] of Object.entries(corpus)) {
    const li = index.get(language)!
    for (const text of texts) {
      features.length = 0
      for (const word of tokenize(text)) featuresOf(word, maxN, features)
      for (const feature of features) {
        const weight = weightOf(feature)
        let row = counts.get(feature)
        if (!row) counts.set(feature, (row = new Float32Array(languages.length)))
        row[li]! += weight
        totals[li]! += weight
      }
    }
  }
  let pooledTotal = counts.size
  for (const t of totals) pooledTotal += t

  return {
    languages,
    features: counts.size,
    score(words, wanted) {
      const result = new Map<string, number>()
      const ids = wanted.filter((l) => index.has(l)).map((l) => index.get(l)!)
      const features: string[] = []
      for (const word of words) featuresOf(word, maxN, features)
      if (features.length === 0 || ids.length === 0) return result
      const sums = new Float64Array(ids.length)
      let weightSum = 0
      for (const feature of features) {
        const weight = weightOf(feature)
        const row = counts.get(feature)
        let pooled = 1 // add-one on the pooled distribution: a feature no language was seen with
        if (row) for (const c of row) pooled += c
        const background = ((1 - lambda) * pooled) / pooledTotal
        weightSum += weight
        for (let k = 0; k < ids.length; k++) {
          const li = ids[k]!
          sums[k]! += weight * Math.log((lambda * (row ? row[li]! : 0)) / totals[li]! + background)
        }
      }
      for (let k = 0; k < ids.length; k++) result.set(languages[ids[k]!]!, sums[k]! / weightSum)
      return result
    },
  }
}
