#!/usr/bin/env node
// Where an Apertium pipeline's CPU goes per sentence, by stage, as a function of how many texts
// share a flush (one write; since 2026-11-24 each text in it ends with its own null flush). One eng-spa pipeline of Verso's engine (createPipelinePool, one pipeline
// per direction, default flush settings) is driven by N closed-loop callers, each sending one
// distinct sentence and waiting for its answer (N = 1: a flush per sentence; N = 64: flushes of
// about 16), for BENCH_SECONDS (6) after a 2 s warm-up. The CPU of every stage process is read
// from /proc before and after and divided by the sentences answered. The same stages are then
// run as the raw pipeline (service.mjs's baseline: 6 000 sentences in one write, one null flush)
// for comparison, after a 500-sentence warm-up. Not part of `npm run bench`; by hand:
//   node scripts/bench/flush-cost.mjs [callers…=1 64]
// BENCH_PIPELINE takes the pipeline's flush options as JSON, to compare settings side by side
// (e.g. BENCH_PIPELINE='{"maxFlushesInFlight":2}').
// The figures answer one question: what a flush costs the stages (a stage wakes, reads, works
// and writes once per write it is handed), which is what batching texts into flushes saves.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { cpuSeconds, deadline, treeCpuSeconds } from './processes.mjs'
import { root, startRawPipeline } from './harness.mjs'
import { sentences } from './sentences.mjs'

const engine = await import(join(root, 'packages/engine/dist/index.js'))
const pipelineOptions = JSON.parse(process.env.BENCH_PIPELINE ?? '{}')
const preloads = { stoiFastPath: pipelineOptions.stoiFastPath, allocator: pipelineOptions.stageAllocator }
const MODE = '/usr/share/apertium/modes/eng-spa.mode'
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6)
const callerCounts = process.argv.slice(2).map(Number).filter((n) => n > 0)
if (callerCounts.length === 0) callerCounts.push(1, 64)
deadline((callerCounts.length * (SECONDS + 30) + 120) * 1000, 'the flush-cost benchmark')

// Distinct sentences: each measurement draws from its own range of the generator.
let offset = 1_500_000
const next = (count) => {
  const batch = sentences(count, offset)
  offset += count
  return batch
}
/** `12 lt-proc eng-spa.autogen.bin`: position, program and its data file (lt-proc runs four times). */
const stageName = (pid, index) => {
  const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).map((part) => part.replace(/^.*\//, ''))
  const data = argv.slice(1).filter((arg) => /\.(bin|t\dx)$/.test(arg)).slice(-1)
  return [String(index + 1).padStart(2), argv[0], ...data].join(' ')
}

async function viaPool(callers) {
  const pool = engine.createPipelinePool({ perDirection: 1, pipeline: pipelineOptions })
  try {
    const drive = async (seconds) => {
      let answered = 0
      let stop = false
      const started = performance.now()
      await Promise.all(
        Array.from({ length: callers }, async () => {
          while (!stop) {
            await pool.translate(MODE, engine.escapeStream(next(1)[0]))
            answered++
            if (performance.now() - started > seconds * 1000) stop = true
          }
        }),
      )
      return { answered, ms: performance.now() - started }
    }
    await drive(2)
    const pids = pool.stats().flatMap((p) => p.processIds)
    const before = pids.map(cpuSeconds)
    const node = cpuSeconds(process.pid)
    const { answered, ms } = await drive(SECONDS)
    const stages = pids.map((pid, i) => ({ stage: stageName(pid, i), usPerSentence: ((cpuSeconds(pid) - before[i]) / answered) * 1e6 }))
    return { callers, perSecond: (answered / ms) * 1000, stages, nodeUsPerSentence: ((cpuSeconds(process.pid) - node) / answered) * 1e6 }
  } finally {
    await pool.close()
  }
}

async function raw() {
  // the same stages as the engine's: with its preloads unless BENCH_PIPELINE turns them off
  const pipeline = await startRawPipeline(MODE, { preloads })
  try {
    await pipeline.flush(next(500))
    const texts = next(6000)
    const cpu = treeCpuSeconds(pipeline.pid)
    const started = performance.now()
    await pipeline.flush(texts)
    const ms = performance.now() - started
    return { perSecond: (texts.length / ms) * 1000, treeUsPerSentence: ((treeCpuSeconds(pipeline.pid) - cpu) / texts.length) * 1e6 }
  } finally {
    await pipeline.stop()
  }
}

const fixed = (n) => Math.round(n)
const runs = []
for (const callers of callerCounts) runs.push(await viaPool(callers))
const baseline = await raw()
const width = Math.max(...runs[0].stages.map((s) => s.stage.length))
console.error(`eng-spa, one pipeline; CPU µs per sentence by stage (${callerCounts.map((n) => `${n} caller${n === 1 ? '' : 's'}`).join(' | ')}):`)
runs[0].stages.forEach((s, i) => console.error(`  ${s.stage.padEnd(width)}  ${runs.map((r) => String(fixed(r.stages[i]?.usPerSentence ?? NaN)).padStart(6)).join(' ')}`))
const total = (r) => r.stages.reduce((sum, s) => sum + s.usPerSentence, 0)
console.error(`  ${'stages, summed'.padEnd(width)}  ${runs.map((r) => String(fixed(total(r))).padStart(6)).join(' ')}`)
console.error(`  ${'this Node process'.padEnd(width)}  ${runs.map((r) => String(fixed(r.nodeUsPerSentence)).padStart(6)).join(' ')}`)
console.error(`  ${'sentences/s'.padEnd(width)}  ${runs.map((r) => String(fixed(r.perSecond)).padStart(6)).join(' ')}`)
console.error(`raw pipeline (one flush of 6 000, with ${engine.stagePreloads(preloads).map((l) => l.replace(/^.*\//, '')).join(' and ') || 'no preload: as Debian ships the stages'}): ${fixed(baseline.perSecond)} sentences/s, ${fixed(baseline.treeUsPerSentence)} µs CPU per sentence, all stages`)
console.log(
  `BENCH_JSON ${JSON.stringify({
    runs: runs.map((r) => ({ callers: r.callers, perSecond: fixed(r.perSecond), stagesUs: fixed(total(r)), nodeUs: fixed(r.nodeUsPerSentence), byStage: Object.fromEntries(r.stages.map((s) => [s.stage, fixed(s.usPerSentence)])) })),
    raw: { perSecond: fixed(baseline.perSecond), treeUs: fixed(baseline.treeUsPerSentence) },
  })}`,
)
process.exit(0)
