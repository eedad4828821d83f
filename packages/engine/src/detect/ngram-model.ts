/**
 * A multinomial naive Bayes model over words and their letter n-grams, counted from short
 * texts per language (the training corpus, CLDR strings of families the tuning and held-out
 * sets do not use; see bench/detection-sets.mjs). It is the detector's second stage: where
 * two close languages' dictionaries both know a text's words (id/ms, nb/nn/da, gl/pt/es,
 * mk/bg), how often each language writes those words and letter sequences tells them apart.
 */

/** Longest letter n-gram counted (words are padded with a space on each side). */
const MAX_N = 4
/**
 * Dirichlet smoothing: each language's counts are pulled towards the pooled distribution of
 * every language with this many pseudo-counts, so a feature a language was never seen with
 * costs it as much as it costs any other (add-α would favour the languages with the smallest
 * corpus, whose unseen features get the largest share).
 */
const MU = Number(process.env.W_MU ?? 2000)
/** A whole word is worth this many n-grams: it is the most specific evidence a short text has. */
const WORD_WEIGHT = 2

export interface NgramModel {
  /** The languages the model has counts for. */
  readonly languages: readonly string[]
  /** Distinct features counted, for memory accounting. */
  readonly features: number
  /**
   * Per language, the mean log-probability of the words' features (n-grams, whole words),
   * or an empty map when none of the words has a letter.
   */
  score(words: readonly string[], languages: readonly string[]): Map<string, number>
}

/** The features of one word: `w:word` and its letter n-grams of length 1…MAX_N. */
export function featuresOf(word: string, out: string[] = []): string[] {
  const w = word.toLowerCase().replace(/’/g, "'")
  out.push(`w:${w}`)
  const chars = [...` ${w} `]
  for (let n = 1; n <= MAX_N; n++) {
    for (let i = 0; i + n <= chars.length; i++) {
      const gram = chars.slice(i, i + n).join('')
      if (gram !== ' ') out.push(gram)
    }
  }
  return out
}

/** Counts the corpus; `tokenize` splits a text into the words detection also sees. */
export function trainNgramModel(corpus: Readonly<Record<string, readonly string[]>>, tokenize: (text: string) => string[]): NgramModel {
  const languages = Object.keys(corpus).sort()
  const index = new Map(languages.map((l, i) => [l, i]))
  const counts = new Map<string, Float32Array>()
  const totals = new Float64Array(languages.length)
  for (const [language, texts] of Object.entries(corpus)) {
    const li = index.get(language)!
    for (const text of texts) {
      for (const word of tokenize(text)) {
        for (const feature of featuresOf(word)) {
          const weight = feature.startsWith('w:') ? WORD_WEIGHT : 1
          let row = counts.get(feature)
          if (!row) counts.set(feature, (row = new Float32Array(languages.length)))
          row[li]! += weight
          totals[li]! += weight
        }
      }
    }
  }
  const vocabulary = counts.size
  let pooledTotal = vocabulary
  for (const t of totals) pooledTotal += t
  const denominators = Array.from(totals, (t) => Math.log(t + MU))

  return {
    languages,
    features: vocabulary,
    score(words, wanted) {
      const result = new Map<string, number>()
      const ids = wanted.filter((l) => index.has(l))
      const features: string[] = []
      for (const word of words) featuresOf(word, features)
      if (features.length === 0) return result
      const sums = new Float64Array(ids.length)
      let weightSum = 0
      for (const feature of features) {
        const weight = feature.startsWith('w:') ? WORD_WEIGHT : 1
        const row = counts.get(feature)
        weightSum += weight
        let pooled = 1
        if (row) for (const c of row) pooled += c
        const prior = (MU * pooled) / pooledTotal
        for (let k = 0; k < ids.length; k++) {
          const li = index.get(ids[k]!)!
          sums[k]! += weight * (Math.log((row ? row[li]! : 0) + prior) - denominators[li]!)
        }
      }
      for (let k = 0; k < ids.length; k++) result.set(ids[k]!, sums[k]! / weightSum)
      return result
    },
  }
}
