#!/usr/bin/env node
// Where Verso's server process spends its CPU under the service benchmark's load: starts the
// server as `npm start` would under `node --cpu-prof`, warms it, runs wrk (16 connections by
// default, distinct sentences, en→es), stops it cleanly (the profile is written on exit) and
// prints the server's CPU per request and the functions and packages with the most samples.
// Not part of `npm run bench`; run it by hand after a change on the hot path:
//   node scripts/bench/profile.mjs [seconds=10] [connections=16]
// BENCH_LOG_LEVEL sets Verso's LOG_LEVEL (default `info`, as `npm start`). The .cpuprofile is
// kept in bench-results/ (open it in Chrome DevTools, Performance tab, for the call tree).
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { cpuSeconds, deadline, stop } from './processes.mjs'
import { load, root, startVerso, work } from './harness.mjs'

const seconds = Number(process.argv[2] ?? 10)
const connections = Number(process.argv[3] ?? 16)
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info'
deadline((seconds + 180) * 1000, 'the profile')

const profDir = join(work, 'profile')
mkdirSync(profDir)
const verso = await startVerso({ env: { LOG_LEVEL }, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--cpu-prof-interval=500'] })
let result
let cpu
try {
  await load('verso', verso.port, connections, 2, verso.apiKey)
  const before = cpuSeconds(verso.server.pid)
  result = await load('verso', verso.port, connections, seconds, verso.apiKey)
  cpu = cpuSeconds(verso.server.pid) - before
} finally {
  await stop(verso.server)
}
const file = readdirSync(profDir).find((name) => name.endsWith('.cpuprofile'))
if (!file) throw new Error('the server wrote no profile (did it exit cleanly?)')
mkdirSync(join(root, 'bench-results'), { recursive: true })
const kept = join(root, 'bench-results', `server-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`)
copyFileSync(join(profDir, file), kept)

console.log(
  `${result.requests} requests in ${result.wallS.toFixed(2)} s at ${connections} connections: ${result.perSecond.toFixed(0)} req/s, ` +
    `p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms; server process ${((cpu * 1e6) / result.requests).toFixed(0)} µs CPU/request ` +
    `(${((cpu / result.wallS) * 100).toFixed(0)} % of a core; the profiler adds its own share); LOG_LEVEL=${LOG_LEVEL}`,
)

// Samples of the whole profile (warm-up and start-up included): self and inclusive shares.
const profile = JSON.parse(readFileSync(kept, 'utf8'))
const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const parent = new Map()
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
const label = (node) => {
  const { functionName, url, lineNumber } = node.callFrame
  const where = url.replace(/^file:\/\//, '').replace(root, '').replace(/.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '')
  return `${functionName || '(anonymous)'} ${where ? `${where}:${lineNumber + 1}` : ''}`.trim()
}
const area = (node) => {
  const url = node.callFrame.url
  if (!url) return node.callFrame.functionName // (idle), (program), (garbage collector), native
  const pkg = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return pkg[1]
  const own = /\/(packages|apps)\/([^/]+)\//.exec(url)
  if (own) return `@verso/${own[2]}`
  return url.startsWith('node:') ? `node:${url.slice(5).split('/')[0]}` : url
}
const self = new Map()
const inclusive = new Map()
const areas = new Map()
let busy = 0
for (const id of profile.samples) {
  const leaf = byId.get(id)
  if (leaf.callFrame.functionName === '(idle)') continue
  busy++
  const leafLabel = label(leaf)
  self.set(leafLabel, (self.get(leafLabel) ?? 0) + 1)
  areas.set(area(leaf), (areas.get(area(leaf)) ?? 0) + 1)
  const seen = new Set()
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const name = label(byId.get(at))
    if (seen.has(name)) continue
    seen.add(name)
    inclusive.set(name, (inclusive.get(name) ?? 0) + 1)
  }
}
const top = (map, n) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, count]) => `  ${((count / busy) * 100).toFixed(1).padStart(5)} %  ${name}`)
    .join('\n')
console.log(`\n${busy} non-idle samples. By package (self time):\n${top(areas, 20)}`)
console.log(`\nFunctions, self time:\n${top(self, 30)}`)
console.log(`\nFunctions, inclusive time (excluding the event loop's own frames):\n${top(new Map([...inclusive].filter(([name]) => !name.startsWith('(root)'))), 40)}`)
console.log(`\nprofile: ${kept}`)
