import { Parser, Composer } from 'yaml'
for (const src of ['a: ' + '['.repeat(100000), 'a: ' + '['.repeat(100000) + ']'.repeat(100000), Array.from({length: 3000}, (_, i) => ' '.repeat(i) + 'k:').join('\n') + ' v\n']) {
  let t = Date.now()
  try {
    const tokens = Array.from(new Parser().parse(src))
    console.log('parsed', tokens.length, Date.now() - t)
    const docs = Array.from(new Composer({ keepSourceTokens: true }).compose(tokens))
    console.log('composed', docs.length, docs[0].errors.length, Date.now() - t)
  } catch (e) { console.log('threw', e.constructor.name, e.message.slice(0, 80), Date.now() - t) }
}
// big file
const lines = []
for (let i = 0; i < 200000; i++) lines.push(`  key_${i}: "Value number ${i} with some text"`)
const big = 'en:\n' + lines.join('\n') + '\n'
let t = Date.now()
const tokens = Array.from(new Parser().parse(big))
console.log('big parse', big.length, Date.now() - t)
const docs = Array.from(new Composer({ keepSourceTokens: true }).compose(tokens))
console.log('big compose', Date.now() - t, process.memoryUsage().rss / 1e6)
