/**
 * Which analyser stands for each installed language: the first `*.automorf.bin` of each
 * direction's mode file (the morphological analyser of its source language), and the other
 * analysers in the same package folders (`ast-spa.automorf.bin` sits beside `spa-ast`'s
 * files although only spa→ast has a mode: target-only languages are detected too).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { publicCode } from '../apertium/directions.js'

/** Analysers larger than this are passed over when the language has a smaller one (oci-fra's is 6 MB, oc-ca's 0.4 MB). */
const PREFERRED_MAX_BYTES = 2_500_000

/** The analyser file of a mode, or null when the mode has none or it is not readable. */
export function analyserOf(modeFile: string): string | null {
  let text: string
  try {
    text = readFileSync(modeFile, 'utf8')
  } catch {
    return null
  }
  const match = /['"]?(\/[^'"\s]+\.automorf\.bin)['"]?/.exec(text)
  return match ? match[1]! : null
}

/**
 * One analyser per base language (`pt-BR` and `pt` share `pt`'s): the largest readable one
 * under PREFERRED_MAX_BYTES (the widest dictionary at a bounded memory cost), else the
 * smallest.
 */
export function findAnalysers(directions: ReadonlyArray<{ source: string; mode: string }>): Map<string, string> {
  const options = new Map<string, Array<{ file: string; bytes: number }>>()
  const seen = new Set<string>()
  const add = (language: string, file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    let bytes: number
    try {
      bytes = statSync(file).size
    } catch {
      return
    }
    const base = language.split('-')[0]!
    const list = options.get(base) ?? []
    list.push({ file, bytes })
    options.set(base, list)
  }
  const folders = new Set<string>()
  for (const direction of directions) {
    const file = analyserOf(direction.mode)
    if (!file) continue
    add(direction.source, file)
    folders.add(dirname(file))
  }
  for (const folder of folders) {
    let names: string[]
    try {
      names = readdirSync(folder)
    } catch {
      continue
    }
    for (const name of names.sort()) {
      const match = /^([a-z]{2,3}(?:_[A-Za-z]+)?)-[a-z]{2,3}(?:_[A-Za-z]+)?\.automorf\.bin$/.exec(name)
      const code = match ? publicCode(match[1]!) : null
      if (code) add(code, join(folder, name))
    }
  }
  const chosen = new Map<string, string>()
  for (const [language, list] of options) {
    const small = list.filter((o) => o.bytes <= PREFERRED_MAX_BYTES).sort((a, b) => b.bytes - a.bytes)
    const pick = small[0] ?? [...list].sort((a, b) => a.bytes - b.bytes)[0]!
    chosen.set(language, pick.file)
  }
  return chosen
}
