#!/usr/bin/env node
// Two Verso servers side by side under the same wrk load, taking turns, for
// before/after measurements of a change on the hot path. Not part of `npm run bench`.
//   node scripts/bench/compare.mjs <A> <B> [rounds=3] [seconds=8] [connections=16]
// A and B are `checkout[,NAME=value…]`: a built copy of the project (`.` for this one; copy
// the tree elsewhere before a change to keep the "before") and environment variables for
// that server, e.g. `. ,LOG_LEVEL=warn`. Both servers run throughout and idle while the other
// is measured; each run is preceded by a 1 s warm-up, and rounds alternate the order (AB,
// BA, …). Prints every run and the medians of req/s, p99 and the CPU per request of the
// server process and of its whole tree (with its Apertium stages), and the medians of the
// per-round B/A ratios.
import { resolve } from 'node:path'
import { median } from './stats.mjs'
import { cpuSeconds, deadline, stop, treeCpuSeconds } from './processes.mjs'
import { load, startVerso } from './harness.mjs'

const [a, b, rounds = '3', seconds = '8', connections = '16'] = process.argv.slice(2)
if (!a || !b) {
  console.error('usage: node scripts/bench/compare.mjs <checkout[,NAME=value…]> <checkout[,NAME=value…]> [rounds] [seconds] [connections]')
  process.exit(2)
}
deadline((Number(rounds) * 2 * (Number(seconds) + 3) + 240) * 1000, 'the comparison')

function parse(spec, name) {
  const [checkout, ...pairs] = spec.split(',')
  const env = { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' }
  for (const pair of pairs) {
    const at = pair.indexOf('=')
    env[pair.slice(0, at)] = pair.slice(at + 1)
  }
  return { name, spec, checkout: resolve(checkout || '.'), env }
}

const configs = [parse(a, 'A'), parse(b, 'B')]
const servers = []
try {
  for (const config of configs) servers.push(await startVerso({ checkout: config.checkout, env: config.env, name: config.name }))
  const results = configs.map(() => [])
  for (let round = 0; round < Number(rounds); round++) {
    // A then B in even rounds, B then A in odd ones: on a shared machine the second run of a
    // round can be systematically faster or slower, and alternating the order cancels that out
    const order = round % 2 === 0 ? [...configs.entries()] : [...configs.entries()].reverse()
    for (const [i, config] of order) {
      const server = servers[i]
      await load('verso', server.port, Number(connections), 1, server.apiKey)
      const cpu = cpuSeconds(server.server.pid)
      const tree = treeCpuSeconds(server.server.pid)
      const r = await load('verso', server.port, Number(connections), Number(seconds), server.apiKey)
      r.cpuUs = ((cpuSeconds(server.server.pid) - cpu) * 1e6) / r.requests
      r.treeUs = ((treeCpuSeconds(server.server.pid) - tree) * 1e6) / r.requests
      results[i].push(r)
      console.log(`round ${round + 1} ${config.name} (${config.spec}): ${r.perSecond.toFixed(0)} req/s, p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms, server ${r.cpuUs.toFixed(0)} µs CPU/request (tree ${r.treeUs.toFixed(0)} µs), wrk ${(r.wrkCpuShare * 100).toFixed(1)} %${r.errors ? `, ${r.errors} errors` : ''}`)
    }
  }
  for (const [i, config] of configs.entries()) {
    const m = (f) => median(results[i].map(f))
    console.log(`median ${config.name}: ${m((r) => r.perSecond).toFixed(0)} req/s, p99 ${m((r) => r.p99Ms).toFixed(1)} ms, server ${m((r) => r.cpuUs).toFixed(0)} µs CPU/request, tree ${m((r) => r.treeUs).toFixed(0)} µs`)
  }
  const perRound = (label, field) => {
    const ratios = results[1].map((r, k) => r[field] / results[0][k][field])
    return `${label} ${ratios.map((x) => x.toFixed(3)).join(', ')} (median ${median(ratios).toFixed(3)})`
  }
  console.log(`B/A per round: ${[perRound('req/s', 'perSecond'), perRound('server CPU/request', 'cpuUs'), perRound('tree CPU/request', 'treeUs')].join('; ')}`)
} finally {
  for (const server of servers) await stop(server.server)
}
