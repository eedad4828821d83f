/**
 * A fake Apertium pair for tests that need a stage to hang, die or read slowly on demand.
 * The stage echoes each `\0`-ended chunk back (the pipeline's [v:SEQ] markers come back with
 * it, so answers are checked as with real Apertium); a chunk holding `HANG` makes it stop
 * answering for good (it keeps reading), `DIE` makes it exit 1. `--log FILE` appends the
 * number of texts of each chunk it reads; `--sleep MS` makes it wait before reading anything.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const STAGE = `#!/usr/bin/env node
const args = process.argv.slice(2)
const log = args.includes('--log') ? args[args.indexOf('--log') + 1] : null
const sleep = args.includes('--sleep') ? Number(args[args.indexOf('--sleep') + 1]) : 0
const { appendFileSync } = require('node:fs')
let buffer = ''
let hung = false
function read(data) {
  buffer += data
  let at
  while ((at = buffer.indexOf('\\0')) >= 0) {
    const chunk = buffer.slice(0, at)
    buffer = buffer.slice(at + 1)
    if (log) appendFileSync(log, String((chunk.match(/\\[v:\\d+\\]/g) || []).length) + '\\n')
    if (hung) continue
    if (chunk.includes('HANG')) { hung = true; continue }
    if (chunk.includes('DIE')) process.exit(1)
    process.stdout.write(chunk + '\\0')
  }
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
  /** File the stage logs texts per chunk to, when made with `log: true`. */
  log: string
  remove(): void
}

/** `modes`: the mode names to write (each a direction for an engine). Default: ['eng-spa'] */
export function fakePair(options: { log?: boolean; sleepMs?: number; modes?: string[] } = {}): FakePair {
  const dir = mkdtempSync(join(tmpdir(), 'verso-fake-apertium-'))
  const stage = join(dir, 'fake-stage.cjs')
  writeFileSync(stage, STAGE)
  chmodSync(stage, 0o755)
  const log = join(dir, 'chunks.log')
  const args = [options.log ? `--log ${log}` : '', options.sleepMs ? `--sleep ${options.sleepMs}` : ''].join(' ').trim()
  const names = options.modes ?? ['eng-spa']
  for (const name of names) writeFileSync(join(dir, `${name}.mode`), `${stage} ${args}\n`)
  const mode = join(dir, `${names[0]}.mode`)
  return { dir, mode, log, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
