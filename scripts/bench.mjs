#!/usr/bin/env node
// `npm run bench`: every benchmark of the project in one run, side by side on this machine.
// Each benchmark prints human lines on stderr and one `BENCH_JSON {…}` line on stdout; the
// collected figures go to bench-results/latest.json (BENCHMARKS.md quotes them).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const only = process.argv.slice(2)
const benches = [
  ['service', join(root, 'scripts/bench/service.mjs')],
  ['memory', join(root, 'scripts/bench/memory.mjs')],
  ['memory-cost', join(root, 'scripts/bench/memory-cost.mjs')],
  ['documents', join(root, 'apps/server/bench/documents.mjs')],
  ['detection', join(root, 'packages/engine/bench/detection.mjs')],
  ['long-text', join(root, 'packages/engine/bench/long-text.mjs')],
  ['remote', join(root, 'apps/server/bench/remote-overhead.mjs')],
  ['jobs-incremental', join(root, 'packages/jobs/bench/incremental.mjs')],
]
for (const name of readdirSync(join(root, 'packages'))) {
  const file = join(root, 'packages', name, 'bench', 'bench.mjs')
  if (existsSync(file)) benches.push([name, file])
}

/** Seconds each benchmark may take (default 300); the whole run stays under about 12 minutes. */
const LIMITS = { service: 500, memory: 380 }

const results = { machine: { cpus: (await import('node:os')).cpus().length, node: process.version }, at: new Date().toISOString() }
let failed = 0
for (const [name, file] of benches) {
  if (only.length > 0 && !only.includes(name)) continue
  console.error(`\n== ${name} (${file.replace(root, '')})`)
  // A bound on each benchmark: SIGTERM, on which the load benchmarks end every process they
  // started (scripts/bench/processes.mjs). service.mjs and memory.mjs stop themselves sooner.
  const run = spawnSync('node', [file], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: (LIMITS[name] ?? 300) * 1000,
    killSignal: 'SIGTERM',
  })
  process.stderr.write((run.stdout ?? '').split('\n').filter((line) => !line.startsWith('BENCH_JSON ')).join('\n'))
  const line = (run.stdout ?? '').split('\n').find((l) => l.startsWith('BENCH_JSON '))
  if (run.status !== 0 || !line) {
    failed++
    console.error(`!! ${name} failed (${run.error ? run.error.message : `exit ${run.status ?? run.signal}`})`)
    continue
  }
  results[name] = JSON.parse(line.slice('BENCH_JSON '.length))
}
mkdirSync(join(root, 'bench-results'), { recursive: true })
writeFileSync(join(root, 'bench-results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`)
console.log(JSON.stringify(results, null, 2))
process.exit(failed === 0 ? 0 : 1)
