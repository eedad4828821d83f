#!/usr/bin/env node
// Incremental i18n jobs (issue 13): a generated 10 000-key JSON file of distinct UI strings,
// translated en → es with the real Apertium engine through the real JobService, the embedded
// drivers and the translation memory (SQLite) in a temp DATA_DIR; then the same file with 1 %
// of its source values changed is run again with the first run's Spanish file as target file.
// Prints both runs' wall time and credits, and the ratios.
//
//   node packages/jobs/bench/incremental.mjs                       (built dist of jobs, engine, formats, memory)
//   node --import tsx --conditions=verso-source packages/jobs/bench/incremental.mjs   (TS sources)
//   options: --keys N  --changed 0.01  --json
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createEngine } from '@verso/engine'
import { createJobService, jobsFromEnv } from '@verso/jobs'
import { createMemoryTranslator, sqliteMemoryStore } from '@verso/memory'

const { values: args } = parseArgs({
  options: {
    keys: { type: 'string', default: '10000' },
    changed: { type: 'string', default: '0.01' },
    json: { type: 'boolean', default: false },
  },
})
const KEYS = Number(args.keys)
const CHANGED = Math.max(1, Math.round(KEYS * Number(args.changed)))

// ---- distinct, realistic UI strings from word lists, with a fixed seed ----
// mulberry32 (32-bit integer arithmetic throughout, so the sequence does not collapse into a
// short cycle as a float LCG does)
let seed = 1234567
const rand = (n) => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return (((t ^ (t >>> 14)) >>> 0) % n)
}
const pick = (list) => list[rand(list.length)]
const nouns = ['file', 'folder', 'project', 'document', 'account', 'message', 'user', 'report', 'invoice', 'photo', 'comment', 'team', 'task', 'event', 'payment', 'order', 'contact', 'note', 'password', 'profile', 'album', 'calendar', 'meeting', 'budget', 'customer', 'product', 'ticket', 'schedule', 'library', 'playlist']
const adjectives = ['new', 'shared', 'archived', 'recent', 'private', 'public', 'selected', 'current', 'default', 'old', 'large', 'empty', 'important', 'draft', 'final', 'monthly', 'weekly', 'secure', 'hidden', 'favourite']
const verbs = ['save', 'delete', 'open', 'share', 'rename', 'download', 'upload', 'edit', 'create', 'archive', 'restore', 'print', 'send', 'move', 'copy', 'export', 'import', 'review', 'approve', 'publish']
const places = ['in this folder', 'from the archive', 'of the team', 'on the server', 'in the trash', 'from your phone', 'in the cloud', 'for all users', 'on this device', 'in the inbox', 'on the dashboard', 'in the shared drive', 'for the next release', 'on the main page', 'in your account']
const times = ['today', 'yesterday', 'last week', 'this month', 'before noon', 'every morning', 'next year', 'after the meeting', 'on Monday', 'at the end of the day']
const templates = [
  () => `${cap(pick(verbs))} the ${pick(adjectives)} ${pick(nouns)} ${pick(places)}`,
  () => `Are you sure you want to ${pick(verbs)} this ${pick(adjectives)} ${pick(nouns)}?`,
  () => `The ${pick(adjectives)} ${pick(nouns)} was updated ${pick(times)}.`,
  () => `You have {count} ${pick(adjectives)} ${pick(nouns)}s ${pick(places)}`,
  () => `Could not ${pick(verbs)} the ${pick(nouns)} ${pick(places)}. Please try again ${pick(times)}.`,
  () => `Welcome back, {name}! Your ${pick(adjectives)} ${pick(nouns)} is ready.`,
  () => `{name} wants to ${pick(verbs)} a ${pick(nouns)} with you ${pick(times)}`,
  () => `No ${pick(adjectives)} ${pick(nouns)}s were found ${pick(places)}`,
  () => `Only the owner can ${pick(verbs)} the ${pick(nouns)} ${pick(places)}`,
  () => `The ${pick(nouns)} will be ready ${pick(times)}, so you can ${pick(verbs)} it ${pick(places)}.`,
]
function cap(word) {
  return word[0].toUpperCase() + word.slice(1)
}
function distinctValue(seen) {
  for (;;) {
    const value = pick(templates)()
    if (!seen.has(value)) {
      seen.add(value)
      return value
    }
  }
}
const sections = ['common', 'files', 'projects', 'settings', 'billing', 'dashboard', 'auth', 'errors', 'notifications', 'team']
function fileOf(values) {
  const root = {}
  values.forEach((value, i) => {
    const section = (root[sections[i % sections.length]] ??= {})
    const group = (section[`group${Math.floor(i / 50) % 20}`] ??= {})
    group[`key_${i}`] = value
  })
  return JSON.stringify(root, null, 2) + '\n'
}
const seen = new Set()
const values1 = Array.from({ length: KEYS }, () => distinctValue(seen))
const values2 = [...values1]
const changedAt = new Set()
while (changedAt.size < CHANGED) changedAt.add(rand(KEYS))
for (const i of changedAt) values2[i] = distinctValue(seen)
const source1 = new TextEncoder().encode(fileOf(values1))
const source2 = new TextEncoder().encode(fileOf(values2))

// ---- the real service: Apertium, embedded drivers, SQLite memory; credits counted ----
const dataDir = mkdtempSync(join(tmpdir(), 'verso-jobs-incremental-bench-'))
const engine = createEngine({ cacheSize: 0 })
let engineSegments = 0
const counted = {
  supports: (s, t) => engine.supports(s, t),
  detect: (text) => engine.detect(text),
  async translateSettled(batch, pair, options) {
    engineSegments += batch.length
    return engine.translateSettled(batch, pair, options)
  },
}
const balance = { reserved: 0, refunded: 0 }
const credits = {
  async reserve(_owner, amount) {
    balance.reserved += amount
    return { ok: true }
  },
  async refund(_owner, amount) {
    balance.refunded += amount
  },
}
const store = sqliteMemoryStore({ path: join(dataDir, 'verso.db') })
const memory = createMemoryTranslator({ translator: counted, store, engineFor: () => 'apertium' })
const drivers = jobsFromEnv({ DATA_DIR: dataDir })
const service = createJobService({ ...drivers, translator: counted, memory, credits, publicBaseUrl: 'http://localhost:8080', worker: { pollMs: 5 } })

async function runJob(input) {
  const before = { ...balance, segments: engineSegments }
  const startedAt = Date.now()
  const job = await service.create({ ownerId: 'bench', filename: 'en.json', sourceLanguage: 'en', targetLanguages: ['es'], ...input })
  let done
  for (;;) {
    done = await service.get('bench', job.id)
    if (done?.completed_at) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  await service.drainOutbox()
  return {
    status: done.status,
    wall_ms: Date.parse(done.completed_at) - startedAt,
    credits: balance.reserved - before.reserved - (balance.refunded - before.refunded),
    engine_segments: engineSegments - before.segments,
    translated_keys: done.translated_keys,
    reused_keys: done.reused_keys,
    kept_keys: done.kept_keys,
    id: done.id,
  }
}

try {
  await engine.translateSettled(['Warm up'], { source: 'en', target: 'es' })
  service.startWorker()
  const first = await runJob({ bytes: source1 })
  const es = (await service.download('bench', first.id, 'es')).bytes
  const second = await runJob({ bytes: source2, targetFiles: [{ language: 'es', filename: 'es.json', bytes: es }] })
  const result = {
    keys: KEYS,
    changed_keys: CHANGED,
    first: { ...first, id: undefined },
    second: { ...second, id: undefined },
    wall_ratio: Number((second.wall_ms / first.wall_ms).toFixed(4)),
    credits_ratio: Number((second.credits / first.credits).toFixed(4)),
  }
  if (args.json) console.log(JSON.stringify(result))
  else {
    console.log(`incremental i18n job: ${KEYS} distinct keys en → es (Apertium, SQLite memory), then ${CHANGED} source values changed + the target file`)
    console.log(`  run 1: ${first.status}, wall ${first.wall_ms} ms, ${first.credits} credits, ${first.engine_segments} segments to the engine`)
    console.log(`  run 2: ${second.status}, wall ${second.wall_ms} ms, ${second.credits} credits, ${second.engine_segments} segments to the engine (reused ${second.reused_keys}, kept ${second.kept_keys})`)
    console.log(`  run 2 / run 1: wall ${(result.wall_ratio * 100).toFixed(1)} %, credits ${(result.credits_ratio * 100).toFixed(2)} %`)
    console.log(`BENCH_JSON ${JSON.stringify({ incremental: result })}`)
  }
} finally {
  await service.close()
  await drivers.close()
  await store.close()
  await engine.close()
  rmSync(dataDir, { recursive: true, force: true })
}
