import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The shared corpus of real-world files (`../shared/corpus` beside the checkout, or
 * `VERSO_CORPUS`). Its files are not copied into the repo (licences). Where it is missing,
 * corpus tests are skipped with a warning, except under CI, where a missing corpus fails.
 */
export const corpusRoot: string = process.env.VERSO_CORPUS || fileURLToPath(new URL('../../shared/corpus', import.meta.url))

export const corpusAvailable: boolean = existsSync(corpusRoot)

if (!corpusAvailable) {
  if (process.env.CI) throw new Error(`the shared corpus is missing at ${corpusRoot} (set VERSO_CORPUS)`)
  console.warn(`verso tests: no corpus at ${corpusRoot}; corpus tests are skipped (set VERSO_CORPUS to run them)`)
}

export function corpusDir(kind: string): string {
  return join(corpusRoot, kind)
}
