// What the load benchmarks share: a scratch folder, fresh distinct sentences, Verso started as
// `npm start` runs it (a separate process, SQLite under its own DATA_DIR, an account made with
// the admin CLI) and wrk runs driven by distinct.lua. Only 127.0.0.1 is ever contacted.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sentences } from './sentences.mjs'
import { run, start, stop } from './processes.mjs'

export const root = fileURLToPath(new URL('../..', import.meta.url))
const LUA = join(root, 'scripts/bench/distinct.lua')

/** A scratch folder removed when the process exits. */
export const work = mkdtempSync(join(tmpdir(), 'verso-bench-'))
process.once('exit', () => rmSync(work, { recursive: true, force: true }))

let nextSentence = 0
/** Fresh sentences: no run of this process ever sends one that another run sent. */
export function take(count) {
  const list = sentences(count, nextSentence)
  nextSentence += count
  return list
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

/** Polls `check` until it answers true; fails when `child` exits first or after `timeoutMs`. */
export async function waitFor(check, what, child, timeoutMs = 120_000) {
  const deadlineAt = Date.now() + timeoutMs
  while (Date.now() < deadlineAt) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited during start-up (${child.exitCode ?? child.signalCode})`)
    try {
      if (await check()) return
    } catch {}
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`)
}

export const PROBE = 'The tired doctor opens the white door every morning.'

/**
 * Verso as `npm start` runs it (the set-up has already run): `node apps/server/dist/main.js`
 * with DATA_DIR in the scratch folder, HOST 127.0.0.1, a rate limit no benchmark reaches and
 * `env` on top. `checkout`: another built copy of the project (for side-by-side comparisons).
 * Resolves once one real en→es translation came back.
 */
export async function startVerso({ env: extra = {}, nodeArgs = [], name = 'verso', checkout = root } = {}) {
  const dataDir = join(work, `${name}-data`)
  const port = await freePort()
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '1000000000', ...extra }
  const created = await run('node', [join(checkout, 'apps/server/dist/admin.js'), 'accounts', 'create', '--email', 'bench@example.com', '--name', 'Bench', '--credits', '1000000000'], { env, timeoutMs: 60_000 })
  const apiKey = JSON.parse(created.stdout).api_key
  const server = start('node', [...nodeArgs, join(checkout, 'apps/server/dist/main.js')], { env, cwd: work, stdio: ['ignore', 'ignore', 'inherit'] })
  const url = `http://127.0.0.1:${port}`
  await waitFor(async () => (await fetch(`${url}/health`)).ok, name, server)
  const res = await fetch(`${url}/v2/translate`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': apiKey }, body: JSON.stringify({ text: PROBE, source: 'en', target: 'es' }) })
  const body = await res.json()
  const translation = body?.translations?.translation
  if (res.status !== 200 || typeof translation !== 'string' || translation === '' || translation === PROBE) throw new Error(`verso did not translate: ${res.status} ${JSON.stringify(body)}`)
  return { server, port, url, apiKey, dataDir, probe: translation }
}

const inJsonString = (text) => JSON.stringify(text).slice(1, -1)
const escapeFor = {
  verso: inJsonString,
  'verso-nomemory': inJsonString,
  apy: (text) => encodeURIComponent(text),
}
/** Most requests per second a run is given distinct sentences for (beyond, wrk repeats them and says so). */
const ROOM = { verso: 8000, 'verso-nomemory': 8000, apy: 1500 }

let runNumber = 0
/** One wrk run (one thread) of `seconds` at `connections` against `mode` (verso | verso-nomemory | apy). */
export async function load(mode, port, connections, seconds, apiKey = '') {
  const file = join(work, `sentences-${runNumber++}.txt`)
  writeFileSync(file, take(Math.ceil(seconds * ROOM[mode])).map(escapeFor[mode]).join('\n') + '\n')
  const threads = 1
  const { stdout } = await run(
    'wrk',
    ['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`, '--timeout', '10s', '-s', LUA, `http://127.0.0.1:${port}`, '--', mode, String(threads), file, apiKey],
    { timeoutMs: (seconds + 60) * 1000 },
  )
  rmSync(file, { force: true })
  const line = stdout.split('\n').find((l) => l.startsWith('WRK_JSON '))
  if (!line) throw new Error(`wrk printed no result:\n${stdout}`)
  const w = JSON.parse(line.slice('WRK_JSON '.length))
  const wallS = w.durationUs / 1e6
  if (w.requests === 0) throw new Error(`${mode}: no request completed (${JSON.stringify(w.errors)})`)
  return {
    requests: w.requests,
    perSecond: w.requests / wallS,
    p50Ms: w.p50Us / 1000,
    p99Ms: w.p99Us / 1000,
    maxMs: w.maxUs / 1000,
    errors: Object.values(w.errors).reduce((a, b) => a + b, 0),
    errorKinds: w.errors,
    repeated: w.repeated,
    wrkCpuShare: w.cpuSeconds / wallS,
    wallS,
  }
}

/**
 * The raw baseline: the stages Verso's engine runs for a direction (the mode file's stages
 * with -z, plus the word-bound blank helpers when installed and the mode has a bilingual
 * `lt-proc -b` stage, as packages/engine/src/apertium/mode.ts builds them) as one
 * `sh -c 'a | b | …'` pipeline in its own process group. `flush(texts)` writes the texts one a
 * line and a null flush, and resolves once the `\0` comes back, with the lines that came back
 * before it; `stop()` ends the group. `preloads`: the engine's `stagePreloads()` options (`{}`:
 * each stage with the libraries Verso preloads into it by default: the stoi fast path, tcmalloc
 * for the programs that get it, the open-class fix for the tagger); without it the stages run
 * exactly as Debian ships them.
 */
export async function startRawPipeline(modeFile = '/usr/share/apertium/modes/eng-spa.mode', { preloads } = {}) {
  // The root package does not depend on the workspace packages: import the built engine by path.
  const { buildPipelineStages, modeTraits, shellStagesWithPreloads } = await import(join(root, 'packages/engine/dist/index.js'))
  const modeText = readFileSync(modeFile, 'utf8')
  const installed = ['apertium-wblank-attach', 'apertium-wblank-detach'].every((bin) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0)
  const wordBound = installed && modeTraits(modeText).wordBound
  const stages = buildPipelineStages(modeText, wordBound)
  const child = start('sh', ['-c', (preloads ? shellStagesWithPreloads(stages, preloads) : stages).join(' | ')], { stdio: ['pipe', 'pipe', 'inherit'] })
  let lines = 0
  let flushes = 0
  let onFlush = () => {}
  child.stdout.on('data', (chunk) => {
    for (const byte of chunk) {
      if (byte === 10) lines++
      else if (byte === 0) {
        flushes++
        onFlush()
      }
    }
  })
  return {
    pid: child.pid,
    flush(texts) {
      return new Promise((resolve, reject) => {
        const want = flushes + 1
        const linesBefore = lines
        const timer = setTimeout(() => reject(new Error('the raw pipeline did not answer a flush within 120 s')), 120_000)
        onFlush = () => {
          if (flushes < want) return
          clearTimeout(timer)
          resolve({ lines: lines - linesBefore })
        }
        child.stdin.write(texts.map((t) => t.replace(/\0/g, '')).join('\n') + '\n\0')
      })
    },
    async stop() {
      child.stdin.end()
      await stop(child, 2_000)
    },
  }
}
