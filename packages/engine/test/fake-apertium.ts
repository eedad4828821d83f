/**
 * A fake Apertium pair for tests that need a stage to hang, die or read slowly on demand.
 * The stage echoes each `\0`-ended chunk back (the pipeline's [v:SEQ] markers come back with
 * it, so answers are checked as with real Apertium); a chunk holding `HANG` makes it stop
 * answering for good (it keeps reading), `DIE` makes it exit 1, `CARRY` moves into the next
 * text of the same chunk (see below). `--sleep MS` makes it wait before reading anything.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const STAGE = `#!/usr/bin/env node
const args = process.argv.slice(2)
const sleep = args.includes('--sleep') ? Number(args[args.indexOf('--sleep') + 1]) : 0
let buffer = ''
let hung = false
function read(data) {
  buffer += data
  let at
  while ((at = buffer.indexOf('\\0')) >= 0) {
    const chunk = buffer.slice(0, at)
    buffer = buffer.slice(at + 1)
    if (hung) continue
    if (chunk.includes('HANG')) { hung = true; continue }
    if (chunk.includes('DIE')) process.exit(1)
    process.stdout.write(carry(chunk) + '\\0')
  }
}
// CARRY moves into the next text of the same chunk, as a transfer rule keeping a variable from
// one sentence to the next would (uk→ru's did); a null flush ends what it carries.
function carry(chunk) {
  const texts = chunk.split(/(?=\\[v:\\d+\\])/)
  for (let i = 0; i + 1 < texts.length; i++) {
    if (!texts[i].includes('CARRY')) continue
    texts[i] = texts[i].replace('CARRY', '')
    texts[i + 1] = texts[i + 1].replace(/^(\\[v:\\d+\\])/, '$1CARRIED ')
  }
  return texts.join('')
}
process.stdin.setEncoding('utf8')
process.stdin.pause()
setTimeout(() => { process.stdin.on('data', read); process.stdin.resume() }, sleep)
`

export interface FakePair {
  /** Folder with the mode files (`eng-spa.mode` reads as en→es for an engine). */
  dir: string
  /** The first mode file. */
  mode: string
  remove(): void
}

/** `modes`: the mode names to write (each a direction for an engine). Default: ['eng-spa'] */
export function fakePair(options: { sleepMs?: number; modes?: string[] } = {}): FakePair {
  const dir = mkdtempSync(join(tmpdir(), 'verso-fake-apertium-'))
  const stage = join(dir, 'fake-stage.cjs')
  writeFileSync(stage, STAGE)
  chmodSync(stage, 0o755)
  const args = options.sleepMs ? `--sleep ${options.sleepMs}` : ''
  const names = options.modes ?? ['eng-spa']
  for (const name of names) writeFileSync(join(dir, `${name}.mode`), `${stage} ${args}\n`)
  const mode = join(dir, `${names[0]}.mode`)
  return { dir, mode, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/**
 * Puts a stand-in `apertium-tagger` first on PATH: it echoes each `\0`-ended chunk and kills
 * itself with SIGSEGV on a chunk for which `crashes` (a JavaScript expression over `chunk`) is
 * true, as Debian's crashing taggers do. `remove()` restores PATH and deletes it.
 */
export function fakeTaggerOnPath(crashes: string): { remove(): void } {
  const bin = mkdtempSync(join(tmpdir(), 'verso-fake-tagger-'))
  writeFileSync(join(bin, 'apertium-tagger'), `#!/usr/bin/env node
let buffer = ''
process.stdin.setEncoding('utf8')
process.stdin.on('data', (data) => {
  buffer += data
  let at
  while ((at = buffer.indexOf('\\0')) >= 0) {
    const chunk = buffer.slice(0, at)
    buffer = buffer.slice(at + 1)
    if (${crashes}) process.kill(process.pid, 'SIGSEGV')
    process.stdout.write(chunk + '\\0')
  }
})
`)
  chmodSync(join(bin, 'apertium-tagger'), 0o755)
  const path = process.env.PATH
  process.env.PATH = `${bin}:${path}`
  return {
    remove() {
      process.env.PATH = path
      rmSync(bin, { recursive: true, force: true })
    },
  }
}
