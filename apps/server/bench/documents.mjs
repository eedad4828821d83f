// A 50 000-character HTML page and a 1 000-cue SRT through the real engine: wall time and the
// share of it spent outside the engine (parsing, segmenting, splicing). Budget: ≤ 10 %.
import { createEngine } from '@verso/engine'
import { extractHtml } from '@verso/html'
import { extractSubtitles } from '@verso/subtitles'
import { sentence } from '../../../scripts/bench/sentences.mjs'
import { median } from '../../../scripts/bench/stats.mjs'

function page(targetChars) {
  const parts = ['<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Verso benchmark page</title>\n<style>body { font-family: sans-serif; } .x { color: red; }</style>\n<script>window.analytics = { id: "UA-1" };</script></head>\n<body>\n']
  let i = 0
  while (parts.join('').length < targetChars - 400) {
    const s = sentence(100_000 + i)
    const words = s.split(' ')
    if (i % 5 === 0) parts.push(`<h2 id="s${i}">${words.slice(0, 4).join(' ')}</h2>\n`)
    if (i % 3 === 0) parts.push(`<p class="lead">${words.slice(0, 3).join(' ')} <b>${words[3]}</b> ${words.slice(4).join(' ')} <a href="/page/${i}?a=1&amp;b=2">${sentence(200_000 + i)}</a></p>\n`)
    else if (i % 3 === 1) parts.push(`<ul><li>${s}</li><li><em>${sentence(300_000 + i)}</em></li></ul>\n`)
    else parts.push(`<table><tr><td>${s}</td><td>&nbsp;${i}&nbsp;&euro;</td></tr></table>\n<pre>code ${i} stays</pre>\n`)
    i++
  }
  parts.push('</body>\n</html>\n')
  return parts.join('')
}

function srt(cues) {
  const out = []
  for (let i = 0; i < cues; i++) {
    const start = i * 3000
    const stamp = (ms) => new Date(ms).toISOString().slice(11, 23).replace('.', ',')
    const text = i % 4 === 0 ? `<i>${sentence(400_000 + i)}</i>` : i % 4 === 1 ? `${sentence(500_000 + i)}\n${sentence(600_000 + i)}` : sentence(700_000 + i)
    out.push(`${i + 1}\n${stamp(start)} --> ${stamp(start + 2500)}\n${text}\n`)
  }
  return out.join('\n')
}

async function measure(name, runs, build) {
  const engine = createEngine({ cacheSize: 0 })
  const pair = { source: 'en', target: 'es' }
  // Warm the pipeline so start-up is not counted.
  await engine.translate(['The pipeline is warm now.'], pair)
  const outside = []
  const inside = []
  let size = 0
  // One unmeasured run first, so the medians are of warm (JIT-compiled) code.
  for (let r = -1; r < runs; r++) {
    const t0 = performance.now()
    const doc = build()
    const t1 = performance.now()
    const translated = await engine.translate(doc.segments, pair)
    const t2 = performance.now()
    const out = doc.write(translated.map((t) => t.segment))
    const t3 = performance.now()
    size = out.length
    if (r < 0) continue
    outside.push(t1 - t0 + (t3 - t2))
    inside.push(t2 - t1)
  }
  await engine.close()
  const o = median(outside)
  const i = median(inside)
  const share = o / (o + i)
  console.error(`${name}: engine ${i.toFixed(0)} ms, outside the engine ${o.toFixed(1)} ms (${(share * 100).toFixed(2)} % of ${(o + i).toFixed(0)} ms); output ${size} chars`)
  return { engineMs: Number(i.toFixed(1)), outsideMs: Number(o.toFixed(2)), outsideShare: Number(share.toFixed(4)), runs }
}

const html = page(50_000)
const subtitles = srt(1000)
console.error(`html page: ${html.length} chars; srt: 1000 cues, ${subtitles.length} chars`)
const htmlResult = await measure('html 50k', 7, () => extractHtml(html))
const srtResult = await measure('srt 1000 cues', 5, () => extractSubtitles(subtitles, 'srt'))
console.log(`BENCH_JSON ${JSON.stringify({ html: { chars: html.length, ...htmlResult }, srt: { cues: 1000, chars: subtitles.length, ...srtResult } })}`)
