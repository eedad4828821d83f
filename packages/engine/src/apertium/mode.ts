/**
 * Turns a pair's `.mode` file (a shell pipeline with `$1`/`$2` placeholders) into the
 * null-flush pipeline the driver keeps warm, the way apertium-apy does: `-z` after each
 * stage's program (except the CG and tokeniser tools that do not take it), `$1` → `-g`
 * (unknown-word marks on), `$2` dropped. When the word-bound blank helpers of Apertium ≥ 3.8
 * are installed they are inserted as `apertium -f html` does (attach after the analyser,
 * detach before the generator), so inline tags move with their words.
 */
import { accessSync, constants, readFileSync } from 'node:fs'
import { delimiter, join } from 'node:path'

const NO_FLUSH_FLAG = /^\s*(vislcg3|cg-mwesplit|hfst-tokeni[sz]e|divvun-suggest)\b/

/** The stages of a mode file, each a shell command with `-z` added and placeholders filled. */
export function parseModeStages(modeText: string): string[] {
  const text = modeText.trim()
  if (text === '') return []
  return text.split('|').map((stage) => {
    let cmd = stage.replace(/\$2/g, '').replace(/\$1/g, '-g').trim()
    if (!NO_FLUSH_FLAG.test(cmd)) cmd = cmd.replace(/^(\S+)/, '$1 -z')
    return cmd
  })
}

/** The stages of a warm pipeline, each a shell command. */
export function buildPipelineStages(modeText: string, wordBound: boolean): string[] {
  const stages = parseModeStages(modeText)
  if (stages.length === 0) throw new Error('empty mode file')
  if (wordBound && stages.length > 1) {
    const generator = stages.findIndex((s, i) => i > 0 && /^lt-proc -z -g\b/.test(s))
    const detachAt = generator > 0 ? generator : stages.length - 1
    stages.splice(detachAt, 0, 'apertium-wblank-detach')
    stages.splice(1, 0, 'apertium-wblank-attach')
  }
  return stages
}

export function readModeStages(modeFile: string, wordBound: boolean): string[] {
  return buildPipelineStages(readFileSync(modeFile, 'utf8'), wordBound)
}

/**
 * Whether word-bound blanks survive this mode: only when the bilingual lookup is a stage of
 * its own (`lt-proc -b`). Pairs whose `apertium-transfer` does the lookup itself (es-pt,
 * ro-es, es-gl, en-eo…) leak raw lexical units (`@^rojo`) for word-bound words.
 */
export function supportsWordBound(modeText: string): boolean {
  return parseModeStages(modeText).some((stage) => /^lt-proc -z (-[a-z] )*-b\b/.test(stage))
}

let wblankCache: boolean | undefined
/** Whether Apertium's word-bound blank helpers are on PATH. */
export function hasWordBoundBlanks(): boolean {
  if (wblankCache === undefined) {
    wblankCache = ['apertium-wblank-attach', 'apertium-wblank-detach'].every((bin) => onPath(bin))
  }
  return wblankCache
}

function onPath(bin: string): boolean {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue
    try {
      accessSync(join(dir, bin), constants.X_OK)
      return true
    } catch {
      // not here
    }
  }
  return false
}
