// Memory of the engine's process tree (Node + every Apertium stage) while translating through
// 30 directions one after another, with the default pipeline cap, then after the idle time.
// Run after building: node packages/engine/bench/memory.mjs   (BENCH_IDLE_MS, default 5000)
import { readFileSync, readdirSync } from 'node:fs'
import { createEngine } from '@verso/engine'

const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 5000)
const MODES = '/usr/share/apertium/modes'
const DIRECTIONS = [
  'eng-spa', 'spa-eng', 'eng-cat', 'cat-eng', 'spa-cat', 'cat-spa', 'es-pt', 'pt-es', 'es-gl', 'gl-es',
  'fr-es', 'es-fr', 'spa-ita', 'ita-spa', 'eng-hbs', 'hbs-eng', 'mkd-eng', 'isl-eng', 'swe-dan', 'dan-swe',
  'nob-nno', 'nno-nob', 'rus-ukr', 'ukr-rus', 'en-eo', 'eo-en', 'eu-es', 'ro-es', 'fra-cat', 'cat-fra',
]
const ISO = { eng: 'en', spa: 'es', cat: 'ca', ita: 'it', hbs: 'sh', mkd: 'mk', isl: 'is', swe: 'sv', dan: 'da', nob: 'nb', nno: 'nn', rus: 'ru', ukr: 'uk', fra: 'fr' }
const installed = new Set(readdirSync(MODES))

function children(pid) {
  try { return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) } catch { return [] }
}
function tree(pid) {
  const all = [pid]
  for (let i = 0; i < all.length; i++) all.push(...children(all[i]))
  return all
}
function kb(pid, field) {
  try {
    if (field === 'Pss') return Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))[1])
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1])
  } catch { return 0 }
}
function memory() {
  const pids = tree(process.pid)
  const mb = (f) => Math.round(pids.reduce((a, p) => a + kb(p, f), 0) / 1024)
  return { processes: pids.length, rss_mb: mb('Rss'), pss_mb: mb('Pss') }
}
const code = (name) => { const [lang, variant] = name.split('_'); const base = ISO[lang] ?? lang; return variant ? `${base}-${variant}` : base }

const engine = createEngine({ cacheSize: 0, idleMs: IDLE_MS })
const start = memory()
console.log('after start-up', JSON.stringify(start), 'cap', engine.stats().maxPipelines)
let served = 0
let peak = start
for (const mode of DIRECTIONS) {
  if (!installed.has(`${mode}.mode`)) { console.log(`${mode}: not installed`); continue }
  const [s, t] = mode.split('-')
  try {
    await engine.translate(['The house is small and the garden is green.'], { source: code(s), target: code(t) })
    served++
  } catch (error) {
    console.log(`${mode}: ${error.code ?? error}`)
  }
  const now = memory()
  if (now.rss_mb > peak.rss_mb) peak = now
}
const after = memory()
console.log(`after ${served} directions`, JSON.stringify(after), 'pipelines', engine.stats().pipelines.length, 'peak', JSON.stringify(peak))
await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 1.5 + 500))
const idle = memory()
console.log(`after ${IDLE_MS * 1.5 + 500} ms idle`, JSON.stringify(idle), 'pipelines', engine.stats().pipelines.length)
await engine.close()
console.log('MEMORY_JSON ' + JSON.stringify({ start, served, after, peak, idle, cap: engine.stats().maxPipelines }))
