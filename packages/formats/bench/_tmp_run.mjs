import { parse } from '@verso/formats/yaml'
import { Parser, Composer } from 'yaml'
const size = 10*1024*1024
const parts=[];let total=0,i=0
const push=(s)=>{parts.push(s);total+=Buffer.byteLength(s)}
const text = (n) => `Value number ${n}: the quick brown fox jumps over the lazy dog, caf\u00e9 {0} %{count} “quoted”`
push('en:\n')
while (total < size) {
  push(`  group_${i}:\n    # comment ${i}\n`)
  for (let k = 0; k < 50; k++) {
    const t = text(i * 50 + k)
    push(k % 3 === 0 ? `    key_${k}: ${JSON.stringify(t)}\n` : k % 3 === 1 ? `    key_${k}: '${t.replace(/'/g, "''")}'\n` : `    key_${k}: plain text ${k} value\n`)
  }
  push('    count:\n      one: "%{count} item"\n      other: "%{count} items"\n')
  i++
}
const big = new TextEncoder().encode(parts.join(''))
const mode = process.argv[2] ?? 'full'
for (let r=0;r<2;r++){
const t0=performance.now()
if (mode==='full'){
const p = parse(big)
const t1=performance.now()
const m = new Map(p.entries.filter(e=>e.translatable).map(e=>[e.key, e.plural?Object.fromEntries(Object.entries(e.plural).map(([c,t])=>[c,`«${t}»`])):`«${e.text}»`]))
const t2=performance.now()
p.write(m)
const t3=performance.now()
console.log('parse',Math.round(t1-t0),'write',Math.round(t3-t2))
} else {
const s=new TextDecoder().decode(big)
const toks=Array.from(new Parser().parse(s))
const t1=performance.now()
const docs=Array.from(new Composer({uniqueKeys:false,prettyErrors:false}).compose(toks))
const t2=performance.now()
console.log('parser',Math.round(t1-t0),'composer',Math.round(t2-t1))
}}
