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

const forBench = process.argv.includes('--bench')
const DPKG_STATUS = '/var/lib/dpkg/status'

/**
 * The Debian packages of the Apertium pairs to install: every pair listed in package.json
 * (`verso.apertium.pairs`, all 46 Debian ships), or the comma list in VERSO_APERTIUM_PAIRS.
 */
function selectedPairs() {
  const known = manifest.verso.apertium.pairs
  const wanted = (process.env.VERSO_APERTIUM_PAIRS ?? '').trim()
  if (wanted === '' || wanted.toLowerCase() === 'all') return known
  const names = [...new Set(wanted.split(',').map((name) => name.trim()).filter((name) => name !== ''))]
  const unknown = names.filter((name) => !known.includes(name))
  if (names.length === 0 || unknown.length > 0) {
    fail(
      `VERSO_APERTIUM_PAIRS must be 'all' or a comma list of Debian Apertium pair packages; ` +
        `${unknown.length > 0 ? `unknown: ${unknown.join(', ')}` : 'the list is empty'}.\nKnown pairs: ${known.join(', ')}`,
    )
  }
  return names
}

/**
 * The engine's packages; `npm run bench` adds apertium-apy (the peer it is compared with) and
 * wrk (the load).
 */
function packagesToInstall() {
  const { packages, benchPackages } = manifest.verso.apertium
  return [...packages, ...selectedPairs(), ...(forBench ? benchPackages : [])]
}

/**
 * Packages that make the stages cheaper and are not needed to translate: tcmalloc
 * (`speedupPackages`) and the C compiler the engine's build uses for the stoi fast path
 * (`buildPackages`); packages/engine/README.md. Installed with the others when this user can;
 * otherwise the set-up says so and goes on (the stages then run as Debian ships them).
 */
function optionalPackages() {
  const { speedupPackages, buildPackages } = manifest.verso.apertium
  return [...speedupPackages, ...buildPackages]
}

/**
 * Installed Debian packages, read from dpkg's status file (a few ms; asking apt or dpkg-query
 * would cost a process or a lock), or null on a machine without dpkg.
 */
function installedDebianPackages() {
  if (!existsSync(DPKG_STATUS)) return null
  const installed = new Set()
  for (const stanza of readFileSync(DPKG_STATUS, 'utf8').split(/\n\n+/)) {
    const name = /^Package: (.+)$/m.exec(stanza)?.[1]
    if (name && /^Status: install ok installed$/m.test(stanza)) installed.add(name.trim())
  }
  return installed
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0
}

/** What of `wanted` is missing; without dpkg, only the commands can be checked. */
function missingPackages(wanted) {
  const installed = installedDebianPackages()
  if (installed) return wanted.filter((name) => !installed.has(name))
  const commands = { apertium: 'apertium', 'apertium-apy': 'apertium-apy' }
  return wanted.filter((name) => name in commands && !hasCommand(commands[name]))
}
const missingApertium = () => missingPackages(packagesToInstall())

/**
 * Where the set-up remembers optional packages apt-get could not install (none of this
 * distribution's, say): without it, every `npm start` as root would run `apt-get update` again
 * to fail the same way. Deleting the file (or installing the packages) makes it try again.
 */
const OPTIONAL_UNAVAILABLE = join(root, 'node_modules', '.verso-optional-unavailable')

function optionalKnownUnavailable(optional) {
  if (!existsSync(OPTIONAL_UNAVAILABLE)) return false
  const remembered = new Set(readFileSync(OPTIONAL_UNAVAILABLE, 'utf8').split(/\s+/).filter(Boolean))
  return optional.every((name) => remembered.has(name))
}

// Written after the dependencies are installed: node_modules may not exist before.
let unavailableToRemember = null
function rememberOptionalUnavailable(optional) {
  unavailableToRemember = optional
}
function writeOptionalUnavailable() {
  if (!unavailableToRemember) return
  writeFileSync(OPTIONAL_UNAVAILABLE, `${unavailableToRemember.join('\n')}\n`)
  say(`not trying the optional packages again on every start; delete ${OPTIONAL_UNAVAILABLE} to retry`)
}

function ensureApertium() {
  if (process.env.VERSO_SKIP_APERTIUM === '1') return
  const required = missingApertium()
  let optional = existsSync(DPKG_STATUS) ? missingPackages(optionalPackages()) : []
  if (required.length === 0 && optionalKnownUnavailable(optional)) optional = []
  if (required.length === 0 && optional.length === 0) return
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const sudo = isRoot ? [] : spawnSync('sudo', ['-n', 'true']).status === 0 ? ['sudo', '-n'] : null
  if (!sudo || !existsSync(DPKG_STATUS)) {
    if (required.length === 0) {
      say(`optional packages missing (${optional.join(', ')}): the Apertium stages run as Debian ships them; as root: apt-get install -y ${optional.join(' ')}`)
      return
    }
    fail(
      `Apertium or its language pairs are missing (${required.join(', ')}) and this user cannot install them.\n` +
        `Run as root: apt-get update && apt-get install -y ${[...required, ...optional].join(' ')}`,
    )
  }
  const missing = [...required, ...optional]
  const env = { DEBIAN_FRONTEND: 'noninteractive' }
  const apt = (args) => (sudo.length ? run(sudo[0], [...sudo.slice(1), 'apt-get', ...args], { env }) : run('apt-get', args, { env }))
  say(`installing ${missing.length} Apertium package${missing.length === 1 ? '' : 's'} with apt-get: ${missing.join(' ')}`)
  const updated = apt(['update', '-qq']).ok
  if (!updated && required.length > 0) fail('apt-get update failed')
  let install = updated ? apt(['install', '-y', '-qq', '--no-install-recommends', ...missing]) : { ok: false, why: 'apt-get update failed' }
  if (!install.ok && required.length > 0 && optional.length > 0) {
    // without the optional ones, which may not exist on this distribution
    say(`apt-get install failed (${install.why}); trying without the optional packages (${optional.join(', ')})`)
    install = apt(['install', '-y', '-qq', '--no-install-recommends', ...required])
    if (!install.ok) fail(`apt-get install failed (${install.why})`)
    if (updated) rememberOptionalUnavailable(optional)
  } else if (!install.ok && required.length > 0) {
    fail(`apt-get install failed (${install.why})`)
  } else if (!install.ok) {
    say(`could not install the optional packages (${install.why}): the Apertium stages run as Debian ships them`)
    // Only when apt answered: a failed `apt-get update` (no network now) is worth retrying.
    if (updated) rememberOptionalUnavailable(optional)
  }
  const still = missingApertium()
  if (still.length > 0) fail(`apt-get finished but these packages are still not installed: ${still.join(', ')}`)
}

// ---- Tools the tests need: runtimes that check outputs (formats), a browser (the web app) ------
// Each entry: a command a test needs, and the Debian package that provides it. Kept apart from
// the Apertium list above: these are for tests only, so a machine that cannot install them gets
// a warning, and the tests that need them fail under CI=true (they skip locally, saying why).
const TEST_TOOLS = [
  { command: 'msgfmt', pkg: 'gettext' }, // `msgfmt -c` checks translated PO files
  { command: 'xmllint', pkg: 'libxml2-utils' }, // well-formedness of translated Android XML
  { command: 'java', pkg: 'default-jre-headless' }, // Properties + MessageFormat render .properties outputs
  { command: 'chromium', pkg: 'chromium' }, // the web app's browser test (apps/web/test), driven by playwright-core
]

function ensureTestTools() {
  // only `npm test` (`setup.mjs --test`) needs them: `npm start` stays lean
  if (!process.argv.includes('--test') || process.env.VERSO_SKIP_TEST_TOOLS === '1') return
  const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0
  const missing = TEST_TOOLS.filter((tool) => !has(tool.command)).map((tool) => tool.pkg)
  if (missing.length === 0) return
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const sudo = isRoot ? [] : spawnSync('sudo', ['-n', 'true']).status === 0 ? ['sudo', '-n'] : null
  if (!sudo) {
    say(`test tools missing (${missing.join(' ')}); as root: apt-get install -y ${missing.join(' ')}`)
    return
  }
  const env = { DEBIAN_FRONTEND: 'noninteractive' }
  const apt = (args) => (sudo.length ? run(sudo[0], [...sudo.slice(1), 'apt-get', ...args], { env }) : run('apt-get', args, { env }))
  say(`installing test tools with apt-get: ${missing.join(' ')}`)
  let install = apt(['install', '-y', '-qq', '--no-install-recommends', ...missing])
  if (!install.ok) {
    apt(['update', '-qq'])
    install = apt(['install', '-y', '-qq', '--no-install-recommends', ...missing])
  }
  if (!install.ok) say(`could not install the test tools (${install.why}); tests that need them fail under CI=true`)
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
ensureTestTools()
ensureDependencies()
writeOptionalUnavailable()
build()
