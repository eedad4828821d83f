/**
 * The translation directions an Apertium modes folder holds, under public codes. Every file
 * of the folder is classified: a direction (`eng-spa.mode` → en→es), or skipped with the
 * reason (a stage or alternative mode such as `eo-en-bytecode`, an orthographic variant
 * without a BCP 47 code such as `cat_iec2017`).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ISO_639_3_TO_1 } from '../languages.js'
import { repairDataPaths } from './mode.js'

export interface Direction {
  source: string
  target: string
  /** Path of the `.mode` file. */
  mode: string
  /** Apertium's name of the mode: `eng-spa`, `es-pt_BR`. */
  name: string
}

/**
 * Apertium language variants → BCP 47. Region variants (`pt_BR`, `eng_US`) follow the
 * general rule; these are the others. Apertium's Serbo-Croatian (hbs) generates Serbian,
 * Croatian and Bosnian norms, each a language of its own in BCP 47.
 */
const VARIANTS: Readonly<Record<string, string>> = {
  hbs_SR: 'sr', hbs_HR: 'hr', hbs_BS: 'bs',
  cat_valencia: 'ca-valencia',
  oc_aran: 'oc-aranes', oci_aran: 'oc-aranes',
  oci_gascon: 'oc-gascon', oc_gascon: 'oc-gascon',
}

/**
 * Public code of an Apertium language name: `spa` → `es`, `pt_BR` → `pt-BR`, `hbs_SR` → `sr`,
 * `cat_valencia` → `ca-valencia`. null for variants with no BCP 47 code: orthographic norms
 * (`cat_iec2017`, `cat_pre2017`, `por_PTpre1990`, `cat_valencia_uni`) and `nno_e` (Nynorsk
 * with e-infinitives); the plain language's mode serves those directions.
 */
export function publicCode(apertiumName: string): string | null {
  const fixed = VARIANTS[apertiumName]
  if (fixed) return fixed
  const [lang = '', variant, ...rest] = apertiumName.split('_')
  if (rest.length > 0 || !/^[a-z]{2,3}$/.test(lang)) return null
  const base = ISO_639_3_TO_1[lang] ?? lang
  if (variant === undefined) return base
  return /^[A-Z]{2}$/.test(variant) ? `${base}-${variant}` : null
}

export type ModeFile =
  | { file: string; kind: 'direction'; source: string; target: string; name: string }
  | { file: string; kind: 'skipped'; reason: string }

const LANGUAGE_NAME = '[a-z]{2,3}(?:_[A-Za-z0-9]+)*'
const TWO_PART = new RegExp(`^(${LANGUAGE_NAME})-(${LANGUAGE_NAME})$`)

/** What one file of a modes folder is. */
export function classifyModeFile(file: string): ModeFile {
  if (!file.endsWith('.mode')) return { file, kind: 'skipped', reason: 'not a mode file' }
  const name = file.slice(0, -'.mode'.length)
  const match = TWO_PART.exec(name)
  if (!match) {
    // `eo-en-bytecode`, `hbs-mkd-pretransfer`, `gl-pt-latin1`, `Cyrl-Latn`, `eco-es-fr`…
    return { file, kind: 'skipped', reason: 'a stage, debugging or alternative mode, or a transliteration, not a language direction' }
  }
  const source = publicCode(match[1]!)
  const target = publicCode(match[2]!)
  if (!source || !target) {
    const which = !source ? match[1] : match[2]
    return { file, kind: 'skipped', reason: `the variant '${which}' has no BCP 47 code; the plain language's mode serves it` }
  }
  if (source === target) return { file, kind: 'skipped', reason: `both sides are '${source}'` }
  return { file, kind: 'direction', source, target, name }
}

/**
 * The directions of `modesDir` (each source → target once; the first mode in name order wins
 * a tie) and what was skipped. A mode whose data files are missing (after `repairDataPaths`)
 * is skipped with the first missing path as its reason, so no route goes through a direction
 * that cannot run. A missing folder has no directions.
 */
export function readModesFolder(modesDir: string): { directions: Direction[]; files: ModeFile[] } {
  let names: string[]
  try {
    names = readdirSync(modesDir).sort()
  } catch {
    return { directions: [], files: [] }
  }
  const directions: Direction[] = []
  const byPair = new Map<string, string>()
  const files = names.map((file): ModeFile => {
    const classified = classifyModeFile(file)
    if (classified.kind !== 'direction') return classified
    const key = `${classified.source}>${classified.target}`
    const earlier = byPair.get(key)
    if (earlier) return { file, kind: 'skipped', reason: `${earlier} already serves ${classified.source}→${classified.target}` }
    const missing = missingDataFile(join(modesDir, file))
    if (missing) return { file, kind: 'skipped', reason: `its data is not installed: ${missing}` }
    byPair.set(key, classified.name)
    directions.push({ source: classified.source, target: classified.target, mode: join(modesDir, file), name: classified.name })
    return classified
  })
  return { directions, files }
}

/** The first data file a mode names that exists nowhere, or null (also null when the mode cannot be read: its pipeline reports that). */
function missingDataFile(modeFile: string): string | null {
  let text: string
  try {
    text = readFileSync(modeFile, 'utf8')
  } catch {
    return null
  }
  return repairDataPaths(text).missing[0] ?? null
}
