// Deterministic, distinct English sentences for benchmarks (no cache can help: each is new).
const subjects = ['The old man', 'My sister', 'The young teacher', 'Our neighbour', 'The tired doctor', 'A small child', 'The new manager', 'His brother', 'The quiet student', 'Her friend', 'The farmer', 'The driver', 'My father', 'The artist', 'The nurse', 'Your cousin', 'The baker', 'The pilot', 'The lawyer', 'The writer']
const verbs = ['reads', 'buys', 'finds', 'wants', 'sells', 'paints', 'cleans', 'opens', 'carries', 'needs', 'loves', 'sees', 'brings', 'closes', 'writes', 'keeps', 'visits', 'remembers', 'forgets', 'prefers']
const objects = ['a red book', 'the big house', 'an old car', 'the white door', 'a new table', 'the green window', 'a long letter', 'the blue boat', 'a heavy box', 'the small garden', 'a black bicycle', 'the yellow chair', 'a fresh cake', 'the cold water', 'a warm coat', 'the broken clock', 'a beautiful picture', 'the empty bottle', 'a strange key', 'the dark room']
const places = ['in the city', 'near the river', 'at the market', 'in the kitchen', 'behind the school', 'on the beach', 'in the village', 'at the station', 'under the bridge', 'in the park']
const times = ['every morning', 'on Sundays', 'after dinner', 'before the meeting', 'in the summer', 'this evening', 'every week', 'at night', 'during the holidays', 'after work']

/** The i-th sentence; distinct for i < 800 000. */
export function sentence(i) {
  let n = i
  const pick = (list) => {
    const word = list[n % list.length]
    n = Math.floor(n / list.length)
    return word
  }
  return `${pick(subjects)} ${pick(verbs)} ${pick(objects)} ${pick(places)} ${pick(times)}.`
}

export function sentences(count, offset = 0) {
  return Array.from({ length: count }, (_, i) => sentence(i + offset))
}
