#!/usr/bin/env node
// What a fresh server's first language detection costs everybody else: Verso started as
// `npm start` would (it translates one probe sentence, so its en→es pipeline is warm and
// detection is not loaded yet), a GET /health every 5 ms from this process, then the first
// POST /v2/language_detect. Prints how long that request took and the slowest /health answer
// while it ran (the event loop held by loading shows there). Not part of `npm run bench`; by hand:
//   node scripts/bench/first-detect.mjs
import { deadline, stop } from './processes.mjs'
import { startVerso } from './harness.mjs'

deadline(180_000, 'the first-detection probe')
const verso = await startVerso({ env: { LOG_LEVEL: 'warn' } })
try {
  const health = []
  let probing = true
  const prober = (async () => {
    while (probing) {
      const t = performance.now()
      await (await fetch(`${verso.url}/health`)).text()
      health.push(performance.now() - t)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  })()
  await new Promise((resolve) => setTimeout(resolve, 300))
  const t = performance.now()
  const res = await fetch(`${verso.url}/v2/language_detect`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': verso.apiKey },
    body: JSON.stringify({ text: 'Non se puido gardar o ficheiro' }),
  })
  const body = await res.json()
  const firstMs = performance.now() - t
  await new Promise((resolve) => setTimeout(resolve, 300))
  probing = false
  await prober
  if (res.status !== 200) throw new Error(`detection answered ${res.status}: ${JSON.stringify(body)}`)
  health.sort((a, b) => a - b)
  console.error(`first detection: ${firstMs.toFixed(0)} ms (answered ${body.language_detection.language}); ` +
    `${health.length} /health probes meanwhile and around it: median ${health[health.length >> 1].toFixed(1)} ms, slowest ${health.at(-1).toFixed(0)} ms`)
  console.log('BENCH_JSON ' + JSON.stringify({ benchmark: 'first-detect', firstDetectMs: Math.round(firstMs), healthMaxMs: Math.round(health.at(-1)), healthMedianMs: health[health.length >> 1] }))
} finally {
  await stop(verso.server)
}
