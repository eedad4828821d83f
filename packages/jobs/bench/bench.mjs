#!/usr/bin/env node
// The i18n job engine on a generated 10 000-key JSON file into es, ca and pt (pt through a
// pivot) with the real Apertium engine (no cache) and the embedded drivers in a temp DATA_DIR.
// Reports wall time, keys/s and the share of time spent outside the engine (budget ≤ 10 %).
//
//   node packages/jobs/bench/bench.mjs                       (built dist of jobs, engine, formats)
//   node --import tsx --conditions=verso-source packages/jobs/bench/bench.mjs   (TS sources)
//   options: --keys N  --targets es,ca,pt  --batch N  --values distinct|repetitive  --json
//
// --values distinct (default): every value is distinct except ~3 % common labels ("Cancel",
// "Save"), as in real UI files. --values repetitive: the earlier generator, where only ~22 % of
// the values are distinct (2 223 of 10 000), so most keys reuse a translation; it flatters
// key×language/s several times over and is reported as a separate case.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { createEngine } from '@verso/engine'
import { createJobService, jobsFromEnv } from '@verso/jobs'

const { values: args } = parseArgs({
  options: {
    keys: { type: 'string', default: '10000' },
    targets: { type: 'string', default: 'es,ca,pt' },
    batch: { type: 'string', default: '200' },
    values: { type: 'string', default: 'distinct' },
    json: { type: 'boolean', default: false },
  },
})
const KEYS = Number(args.keys)
const TARGETS = args.targets.split(',')

// ---- a realistic UI string file: sections, repeated labels, placeholders ----
function generate(count, mode) {
  let seed = 42
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return (seed >>> 12) % n
  }
  const pick = (list) => list[rand(list.length)]
  const objects = ['file', 'folder', 'project', 'document', 'account', 'message', 'user', 'report', 'invoice', 'photo', 'comment', 'team', 'task', 'event', 'payment', 'order', 'contact', 'note', 'password', 'profile']
  const adjectives = ['new', 'shared', 'archived', 'recent', 'private', 'public', 'selected', 'current', 'default', 'old', 'large', 'empty', 'important', 'draft', 'final']
  const verbs = ['Save', 'Delete', 'Open', 'Share', 'Rename', 'Download', 'Upload', 'Edit', 'Create', 'Archive', 'Restore', 'Print', 'Send', 'Move', 'Copy']
  const labels = ['Cancel', 'OK', 'Save', 'Close', 'Back', 'Next', 'Settings', 'Search', 'Help', 'Sign in', 'Sign out', 'Loading…', 'Yes', 'No', 'Continue', 'Done', 'Retry', 'Learn more']
  const templates = [
    (o, v) => `${v} ${o}`,
    (o, v) => `${v} the selected ${o}`,
    (o) => `Are you sure you want to delete this ${o}?`,
    (o) => `The ${o} was saved successfully.`,
    (o) => `{count} ${o}s selected`,
    (o) => `You have {count} new ${o}s`,
    (o) => `Could not load the ${o}. Please try again later.`,
    (o) => `Welcome back, {name}! Your ${o} is ready.`,
    (o) => `{name} shared a ${o} with you`,
    (o, v) => `${v} %s to the ${o}`,
    (o) => `This ${o} will be permanently removed on {date}.`,
    (o) => `No ${o}s found`,
    (o) => `Last updated {time} ago by {user}`,
    (o) => `Enter the name of the new ${o}`,
    (o) => `The ${o} could not be found or you do not have permission to view it.`,
  ]
  const sections = ['common', 'files', 'projects', 'settings', 'billing', 'dashboard', 'auth', 'errors', 'notifications', 'team', 'editor', 'search']
  const qualifiers = ['from the archive', 'in this folder', 'of the team', 'for next week', 'on the server', 'in the trash', 'from your phone', 'of this project', 'in the cloud', 'for all users', 'on this device', 'from last month', 'in the inbox', 'for this client', 'on the dashboard', 'from the import', 'of the old version', 'in the shared drive', 'for the next release', 'on the main page']
  const root = {}
  const seen = new Set()
  const COMBOS = templates.length * (adjectives.length + 1) * objects.length * qualifiers.length * verbs.length
  let combo = 0
  for (let i = 0; i < count; i++) {
    const section = (root[sections[i % sections.length]] ??= {})
    const group = (section[`group${Math.floor(i / 40) % 25}`] ??= {})
    const r = rand(100)
    let value
    if (mode === 'repetitive') {
      // About one value in six is a common label; the rest are sentences built from templates,
      // objects and qualifiers, many repeating.
      value = r < 16 ? pick(labels) : pick(templates)(`${r < 30 ? '' : `${pick(adjectives)} `}${pick(objects)}`, pick(verbs))
    } else if (r < 3) {
      value = pick(labels)
    } else {
      // A distinct UI string: the combinations (template × adjective × object × qualifier × verb,
      // 1.44 million) are walked in a scattered order (a stride coprime with their number), and
      // one already used (templates without a verb repeat) is skipped.
      do {
        let n = (combo++ * 7919) % COMBOS
        const digit = (size) => {
          const d = n % size
          n = Math.floor(n / size)
          return d
        }
        const template = templates[digit(templates.length)]
        const adjective = digit(adjectives.length + 1)
        const object = `${adjective < adjectives.length ? `${adjectives[adjective]} ` : ''}${objects[digit(objects.length)]} ${qualifiers[digit(qualifiers.length)]}`
        value = template(object, verbs[digit(verbs.length)])
      } while (seen.has(value))
      seen.add(value)
    }
    group[`key_${i}`] = value
  }
  return JSON.stringify(root, null, 2) + '\n'
}

const source = generate(KEYS, args.values)
const distinctValues = new Set(source.match(/"key_\d+": (".*")/g).map((line) => line.slice(line.indexOf(': ') + 2))).size
const bytes = new TextEncoder().encode(source)
const dataDir = mkdtempSync(join(tmpdir(), 'verso-jobs-bench-'))
const engine = createEngine({ cacheSize: 0 })

// Time inside the engine: the union of the intervals in which at least one translator call is
// in flight (languages run side by side, so calls may overlap).
let insideMs = 0
let calls = 0
let segments = 0
let inFlight = 0
let firstCallAt
let lastCallEndAt
let since = 0
const translator = {
  supports: (s, t) => engine.supports(s, t),
  detect: (text) => engine.detect(text),
  async translateSettled(batch, pair) {
    firstCallAt ??= Date.now()
    if (inFlight++ === 0) since = performance.now()
    try {
      return await engine.translateSettled(batch, pair)
    } finally {
      if (--inFlight === 0) insideMs += performance.now() - since
      lastCallEndAt = Date.now()
      calls++
      segments += batch.length
    }
  },
}

const drivers = jobsFromEnv({ DATA_DIR: dataDir })
const service = createJobService({
  ...drivers,
  translator,
  publicBaseUrl: 'http://localhost:8080',
  worker: { batchSize: Number(args.batch), pollMs: 5 },
})
try {
  // Warm up first: start-up of the Apertium processes and the first load of the codecs are
  // one-time costs of a process, not of a job.
  for (const target of TARGETS) await engine.translateSettled(['Warm up'], { source: 'en', target })
  service.startWorker()
  const warm = await service.create({ ownerId: 'bench', filename: 'warm.json', bytes: new TextEncoder().encode('{"a":"Hello {name}"}'), sourceLanguage: 'en', targetLanguages: TARGETS })
  while (!(await service.get('bench', warm.id))?.completed_at) await new Promise((resolve) => setTimeout(resolve, 5))
  insideMs = 0
  firstCallAt = undefined
  calls = 0
  segments = 0

  const startedAt = Date.now()
  const job = await service.create({ ownerId: 'bench', filename: 'app.json', bytes, sourceLanguage: 'en', targetLanguages: TARGETS })
  let done
  for (;;) {
    done = await service.get('bench', job.id)
    if (done?.completed_at) break
    // Poll like a client would; the finish time is the job's own completed_at.
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const wall = Date.parse(done.completed_at) - startedAt
  const outside = wall - insideMs
  const result = {
    keys: KEYS,
    values: args.values,
    distinct_values: distinctValues,
    targets: TARGETS,
    status: done.status,
    translated_keys: done.translated_keys,
    failed_keys: done.failed_keys,
    distinct_segments_sent: segments,
    translator_calls: calls,
    wall_ms: Math.round(wall),
    engine_ms: Math.round(insideMs),
    outside_ms: Math.round(outside),
    outside_share: Number((outside / wall).toFixed(4)),
    before_first_call_ms: firstCallAt - startedAt,
    after_last_call_ms: Date.parse(done.completed_at) - lastCallEndAt,
    keys_per_s: Math.round((KEYS * TARGETS.length) / (wall / 1000)),
    file_keys_per_s: Math.round(KEYS / (wall / 1000)),
    budget_ok: outside / wall <= 0.1,
  }
  if (args.json) console.log(JSON.stringify(result))
  else {
    console.log(`i18n job: ${KEYS} keys (${distinctValues} distinct values, --values ${args.values}) × ${TARGETS.length} targets (${TARGETS.join(', ')}), status ${result.status}`)
    console.log(`  wall ${result.wall_ms} ms, engine ${result.engine_ms} ms, outside the engine ${result.outside_ms} ms (${(result.outside_share * 100).toFixed(1)} %, budget ≤ 10 %: ${result.budget_ok ? 'ok' : 'OVER'})`)
    console.log(`  ${result.keys_per_s} key×target/s (${result.file_keys_per_s} file keys/s); ${segments} distinct segments in ${calls} translator calls`)
    console.log(`  translated ${result.translated_keys}, failed ${result.failed_keys}; ${result.before_first_call_ms} ms before the first engine call, ${result.after_last_call_ms} ms after the last`)
    console.log(`BENCH_JSON ${JSON.stringify({ [args.values === 'distinct' ? 'job' : 'job_repetitive']: result })}`)
  }
} finally {
  await service.close()
  await drivers.close()
  await engine.close()
  rmSync(dataDir, { recursive: true, force: true })
}
