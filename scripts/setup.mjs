#!/usr/bin/env node
// The set-up shared by `npm start`, `npm test`, `npm run admin`, `npm run worker` and
// `npm run bench`: installs what is missing, then builds. Idempotent, and quick when nothing
// changed (a stamp records the installed dependency state; turbo caches builds).
// Everything it says goes to stderr, so `npm run --silent admin` prints only JSON on stdout.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const quiet = process.argv.includes('--quiet')
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))

function say(message) {
  if (!quiet) process.stderr.write(`verso setup: ${message}\n`)
}

function fail(message) {
  process.stderr.write(`verso setup: ${message}\n`)
  process.exit(1)
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    // stdout of child steps goes to stderr: stdout belongs to the command being set up.
    stdio: ['ignore', quiet ? 'ignore' : 2, 2],
    env: { ...process.env, ...options.env },
  })
  if (result.error) return { ok: false, why: result.error.message }
  return { ok: result.status === 0, why: `exit ${result.status}` }
}

function modesFolder() {
  for (const dir of ['/usr/share/apertium/modes', '/usr/local/share/apertium/modes']) {
    if (existsSync(dir)) return dir
  }
  return null
}

const forBench = process.argv.includes('--bench')

function missingApertium() {
  // The bench tools' Debian packages are named after their commands (apertium-apy, wrk).
  if (forBench && manifest.verso.apertium.benchPackages.some((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)) {
    return packagesToInstall()
  }
  const dir = modesFolder()
  const which = spawnSync('sh', ['-c', 'command -v apertium'], { encoding: 'utf8' })
  if (which.status !== 0 || !dir) return packagesToInstall()
  const installed = new Set(readdirSync(dir).map((name) => name.replace(/\.mode$/, '')))
  const missing = manifest.verso.apertium.modes.filter((mode) => !installed.has(mode))
  return missing.length === 0 ? [] : packagesToInstall()
}

/** The engine's packages; `npm run bench` adds apertium-apy (the peer it is compared with) and wrk (the load). */
function packagesToInstall() {
  return [...manifest.verso.apertium.packages, ...(forBench ? manifest.verso.apertium.benchPackages : [])]
}

function ensureApertium() {
  if (process.env.VERSO_SKIP_APERTIUM === '1') return
  if (missingApertium().length === 0) return
  const packages = packagesToInstall()
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const sudo = isRoot ? [] : spawnSync('sudo', ['-n', 'true']).status === 0 ? ['sudo', '-n'] : null
  if (!sudo) {
    fail(
      `Apertium or its language pairs are missing and this user cannot install them.\n` +
        `Run as root: apt-get update && apt-get install -y ${packages.join(' ')}`,
    )
  }
  const env = { DEBIAN_FRONTEND: 'noninteractive' }
  const apt = (args) => (sudo.length ? run(sudo[0], [...sudo.slice(1), 'apt-get', ...args], { env }) : run('apt-get', args, { env }))
  say(`installing Apertium and ${packages.length - 1} language pairs with apt-get`)
  if (!apt(['update', '-qq']).ok) fail('apt-get update failed')
  const install = apt(['install', '-y', '-qq', '--no-install-recommends', ...packages])
  if (!install.ok) fail(`apt-get install failed (${install.why})`)
  if (missingApertium().length > 0) fail('Apertium was installed but some language pairs are still missing')
}

function dependencyFingerprint() {
  const hash = createHash('sha256')
  const files = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml']
  for (const group of ['packages', 'apps']) {
    for (const name of readdirSync(join(root, group))) files.push(join(group, name, 'package.json'))
  }
  for (const file of files) {
    const path = join(root, file)
    hash.update(file).update(existsSync(path) ? readFileSync(path) : '')
  }
  return hash.digest('hex')
}

function ensureDependencies() {
  const stamp = join(root, 'node_modules', '.verso-setup-stamp')
  const fingerprint = dependencyFingerprint()
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint) return
  say('installing workspace dependencies with pnpm')
  const frozen = existsSync(join(root, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : []
  const result = run('node', [join(root, 'scripts/pnpm.mjs'), 'install', ...frozen, '--reporter=append-only'])
  if (!result.ok) fail(`pnpm install failed (${result.why})`)
  writeFileSync(stamp, dependencyFingerprint())
}

function build() {
  const result = run('node', [join(root, 'scripts/pnpm.mjs'), 'exec', 'turbo', 'run', 'build', '--output-logs=errors-only'], {
    env: { TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
  })
  if (!result.ok) fail(`build failed (${result.why})`)
}

ensureApertium()
ensureDependencies()
build()
