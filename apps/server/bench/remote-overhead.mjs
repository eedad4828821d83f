// The overhead Verso adds around a remote engine: POST /v2/translate at 16 connections with
// wrk, the server configured with only a LibreTranslate-compatible fake that answers at once
// (a child process, so it does not share the server's event loop), against the same load
// sent straight to the fake. Every request carries a distinct text, so Verso's translation
// cache never answers. Needs the build (apps/server/dist) and Debian's wrk.
//
//   node apps/server/bench/remote-overhead.mjs          BENCH_SECONDS=10 by default
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 16

/** The fake: LibreTranslate's /languages and /translate, answering with the text upper-cased. */
function runFake(port) {
  const languages = JSON.stringify([
    { code: 'en', name: 'English', targets: ['de'] },
    { code: 'de', name: 'German', targets: ['en'] },
  ])
  http
    .createServer((req, res) => {
      const chunks = []
      req.on('data', (c) => chunks.push(c))
      req.on('end', () => {
        if (req.url === '/languages') return res.writeHead(200, { 'content-type': 'application/json' }).end(languages)
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')
        const q = Array.isArray(body.q) ? body.q.map((t) => String(t).toUpperCase()) : String(body.q ?? '').toUpperCase()
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ translatedText: q }))
      })
    })
    .listen(port, '127.0.0.1')
}

if (process.argv[2] === '--fake') {
  runFake(Number(process.argv[3]))
} else {
  await main()
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

async function waitFor(url) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    const ok = await new Promise((resolve) => http.get(url, (res) => { res.resume(); resolve(res.statusCode === 200) }).on('error', () => resolve(false)))
    if (ok) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${url} did not answer within 60 s`)
}

/** wrk with a Lua script that numbers each request's text; returns req/s and p99 (ms). */
function wrk(url, path, body, headers, dir) {
  const script = join(dir, `${path.replace(/\W/g, '_')}.lua`)
  const headerLines = Object.entries({ 'Content-Type': 'application/json', ...headers }).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`)
  writeFileSync(
    script,
    [
      'wrk.method = "POST"',
      ...headerLines,
      'local n = 0',
      'request = function()',
      '  n = n + 1',
      `  local body = string.format(${JSON.stringify(body)}, math.random(1, 1000000000), n)`,
      `  return wrk.format(nil, ${JSON.stringify(path)}, nil, body)`,
      'end',
      'done = function(summary, latency, requests)',
      '  io.write(string.format("RESULT %f %f %d %d\\n", summary.requests / (summary.duration / 1e6), latency:percentile(99) / 1000, summary.errors.status, summary.requests))',
      'end',
    ].join('\n'),
  )
  const run = spawnSync('wrk', ['-t', '2', '-c', String(CONNECTIONS), '-d', `${SECONDS}s`, '--latency', '-s', script, url], { encoding: 'utf8' })
  const line = run.stdout.split('\n').find((l) => l.startsWith('RESULT '))
  if (run.status !== 0 || !line) throw new Error(`wrk failed: ${run.stderr || run.stdout}`)
  const [perSecond, p99, non2xx, requests] = line.split(' ').slice(1).map(Number)
  return { perSecond, p99Ms: p99, non2xx, requests }
}

async function main() {
  if (spawnSync('wrk', ['--version']).error) throw new Error('wrk is not installed (apt-get install wrk)')
  const dir = mkdtempSync(join(tmpdir(), 'verso-remote-bench-'))
  const fakePort = await freePort()
  const port = await freePort()
  const fake = spawn(process.execPath, [fileURLToPath(import.meta.url), '--fake', String(fakePort)], { stdio: 'inherit' })
  const env = {
    ...process.env,
    DATA_DIR: join(dir, 'data'),
    PORT: String(port),
    HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '100000000',
    LOG_LEVEL: 'warn',
    LIBRETRANSLATE_URL: `http://127.0.0.1:${fakePort}`,
    VERSO_ENGINES: 'libretranslate',
  }
  let server
  try {
    const created = spawnSync(process.execPath, [join(root, 'apps/server/dist/admin.js'), 'accounts', 'create', '--email', 'bench@example.com', '--name', 'Bench', '--credits', '100000000'], { env, encoding: 'utf8' })
    if (created.status !== 0) throw new Error(`admin failed: ${created.stderr}`)
    const apiKey = JSON.parse(created.stdout.slice(created.stdout.indexOf('{'))).api_key
    await waitFor(`http://127.0.0.1:${fakePort}/languages`)
    server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], { env, stdio: ['ignore', 'inherit', 'inherit'] })
    await waitFor(`http://127.0.0.1:${port}/health`)
    const direct = wrk(`http://127.0.0.1:${fakePort}`, '/translate', '{"q":["Hello world %d %d"],"source":"en","target":"de","format":"text"}', {}, dir)
    const verso = wrk(`http://127.0.0.1:${port}`, '/v2/translate', '{"text":"Hello world %d %d","source":"en","target":"de"}', { 'X-API-KEY': apiKey }, dir)
    const result = {
      connections: CONNECTIONS,
      seconds: SECONDS,
      fake: { requestsPerSecond: Math.round(direct.perSecond), p99Ms: Number(direct.p99Ms.toFixed(2)) },
      verso: { requestsPerSecond: Math.round(verso.perSecond), p99Ms: Number(verso.p99Ms.toFixed(2)), non2xx: verso.non2xx, requests: verso.requests },
      addedP99Ms: Number((verso.p99Ms - direct.p99Ms).toFixed(2)),
    }
    console.error(
      `fake alone: ${result.fake.requestsPerSecond} req/s, p99 ${result.fake.p99Ms} ms\n` +
        `verso /v2/translate over it: ${result.verso.requestsPerSecond} req/s, p99 ${result.verso.p99Ms} ms (${verso.non2xx} non-2xx of ${verso.requests})`,
    )
    console.log(`BENCH_JSON ${JSON.stringify(result)}`)
  } finally {
    server?.kill('SIGTERM')
    fake.kill('SIGTERM')
    await new Promise((r) => setTimeout(r, 500))
    rmSync(dir, { recursive: true, force: true })
  }
}
