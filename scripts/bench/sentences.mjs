// Deterministic, distinct English sentences for benchmarks (no cache can help: each is new).
// Five slots of 20 phrases each give 3 200 000 sentences of 8–14 words (11 on average); the
// index is scrambled by a bijection first, so that neighbouring indices differ in every slot
// (consecutive requests share no more words than real ones would).
const subjects = ['The old man', 'My sister', 'The young teacher', 'Our neighbour', 'The tired doctor', 'A small child', 'The new manager', 'His brother', 'The quiet student', 'Her friend', 'The farmer', 'The driver', 'My father', 'The artist', 'The nurse', 'Your cousin', 'The baker', 'The pilot', 'The lawyer', 'The writer']
const verbs = ['reads', 'buys', 'finds', 'wants', 'sells', 'paints', 'cleans', 'opens', 'carries', 'needs', 'loves', 'sees', 'brings', 'closes', 'writes', 'keeps', 'visits', 'remembers', 'forgets', 'prefers']
const objects = ['a red book', 'the big house', 'an old car', 'the white door', 'a new table', 'the green window', 'a long letter', 'the blue boat', 'a heavy box', 'the small garden', 'a black bicycle', 'the yellow chair', 'a fresh cake', 'the cold water', 'a warm coat', 'the broken clock', 'a beautiful picture', 'the empty bottle', 'a strange key', 'the dark room']
const places = ['in the city', 'near the river', 'at the market', 'in the kitchen', 'behind the school', 'on the beach', 'in the village', 'at the station', 'under the bridge', 'in the park', 'at the hospital', 'in the office', 'near the church', 'on the farm', 'at the airport', 'in the library', 'by the lake', 'in the garage', 'at the bakery', 'on the hill']
const times = ['every morning', 'on Sundays', 'after dinner', 'before the meeting', 'in the summer', 'this evening', 'every week', 'at night', 'during the holidays', 'after work', 'on Monday', 'last year', 'in the winter', 'before breakfast', 'at noon', 'every day', 'after the storm', 'in the spring', 'on his birthday', 'at midnight']

const SIZE = subjects.length * verbs.length * objects.length * places.length * times.length
// Coprime with SIZE (2^10 · 5^5), so i → (i · STEP) mod SIZE is a bijection.
const STEP = 1_000_003

/** The i-th sentence; distinct for 0 ≤ i < 3 200 000. */
export function sentence(i) {
  let n = Number((BigInt(i) * BigInt(STEP)) % BigInt(SIZE))
  const pick = (list) => {
    const word = list[n % list.length]
    n = Math.floor(n / list.length)
    return word
  }
  return `${pick(subjects)} ${pick(verbs)} ${pick(objects)} ${pick(places)} ${pick(times)}.`
}

/** Sentences `offset` … `offset + count - 1`. */
export function sentences(count, offset = 0) {
  if (offset + count > SIZE) throw new Error(`only ${SIZE} distinct sentences: asked for up to index ${offset + count - 1}`)
  return Array.from({ length: count }, (_, i) => sentence(i + offset))
}

export const distinctSentences = SIZE
