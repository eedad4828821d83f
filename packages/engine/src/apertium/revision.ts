/**
 * What a direction's translations are made of, as a short hash: a stored translation (a
 * translation memory's row) is what the engine answers while the revision stays the same, and
 * an upgrade of Verso or of an Apertium pair changes it, so that the memory stops serving what
 * the older engine wrote ("La página No Encontrada" after the fix that answers otherwise).
 *
 * Two parts, both read from the machine rather than kept by hand (a constant bumped on every
 * change that alters translations would be forgotten, and a stale memory is silent):
 * - Verso's side: the hash of this package's code, the modules that encode a segment for
 *   Apertium and decode its answer (from sources, language detection aside: it never changes a
 *   translation). Any change to them, a refactor included, gives a new revision: the memory
 *   refills, which costs engine time once; a missed change would serve wrong text.
 * - Apertium's side: for each hop, its mode file and the size and modification time of every
 *   file the mode reads (dictionaries, transfer rules); a Debian upgrade of the pair rewrites them.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { repairDataPaths } from './mode.js'

/**
 * The package's code folder: `src` when run from sources (tests, tsx), `dist` when built, where
 * tsup bundles every module into `index.js` (detection's code and data included: a change there
 * gives a new revision too, which costs the memory a refill, never a wrong answer).
 */
const HERE = fileURLToPath(import.meta.url)
const CODE_ROOT = HERE.endsWith('.ts') ? join(dirname(HERE), '..') : dirname(HERE)

/** Folders of the code folder whose modules never change a translation. */
const NOT_TRANSLATION_CODE = new Set(['detect'])

let codeHash: string | undefined

/** The hash of the package's translation modules (`.ts` or `.js`, declarations and maps aside), read once. */
export function translationCodeHash(root: string = CODE_ROOT): string {
  if (root === CODE_ROOT && codeHash !== undefined) return codeHash
  const hash = createHash('sha256')
  const files: string[] = []
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) {
        if (!NOT_TRANSLATION_CODE.has(entry.name)) walk(path)
      } else if (/\.(?:ts|js|c)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(path)
      }
    }
  }
  walk(root)
  for (const file of files.sort()) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0')
  const digest = hash.digest('hex')
  if (root === CODE_ROOT) codeHash = digest
  return digest
}

/**
 * The fingerprint of one mode: its path and text, and the path, size and modification time of each
 * absolute path it names that is a file (after the repairs the pipeline applies to it), so a
 * reinstalled or upgraded pair changes it. A mode that cannot be read has the fingerprint of
 * its error (it cannot translate either).
 */
export function modeFingerprint(modeFile: string): string {
  const hash = createHash('sha256').update(modeFile).update('\0')
  let text: string
  try {
    text = repairDataPaths(readFileSync(modeFile, 'utf8')).text
  } catch (error) {
    return hash.update(`unreadable: ${(error as Error).message}`).digest('hex')
  }
  hash.update(text)
  const paths = new Set(text.match(/\/[^\s'"|;&<>()$]+/g) ?? [])
  for (const path of [...paths].sort()) {
    try {
      const stat = statSync(path)
      if (stat.isFile()) hash.update(`\0${path}\0${stat.size}\0${stat.mtimeMs}`)
    } catch {
      // not a file on this machine (an option's value, a folder that moved): the text covers it
    }
  }
  return hash.digest('hex')
}

/** The revision of a route: the translation code's hash and each hop's mode fingerprint, 16 hex digits. */
export function routeRevision(modeFiles: readonly string[], code: string = translationCodeHash()): string {
  const hash = createHash('sha256').update(code)
  for (const mode of modeFiles) hash.update('\0').update(modeFingerprint(mode))
  return hash.digest('hex').slice(0, 16)
}
