import { spawnSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { libraryConfig } from '../../tsup.shared.js'

/**
 * Builds dist/native/libverso-stoi.so from src/apertium/native/stoi-fast-path.c with the
 * machine's C compiler (the set-up installs Debian's gcc). Without a compiler the build still
 * succeeds and the stages run as Debian ships them (src/apertium/preloads.ts looks for the file).
 */
function buildStoiFastPath() {
  mkdirSync('dist/native', { recursive: true })
  const result = spawnSync(
    'cc',
    ['-O2', '-fPIC', '-fexceptions', '-shared', '-o', 'dist/native/libverso-stoi.so', 'src/apertium/native/stoi-fast-path.c', '-ldl'],
    { encoding: 'utf8' },
  )
  if (result.status !== 0) {
    const why = result.error ? result.error.message : result.stderr.trim()
    console.warn(`@verso/engine: stoi fast path not built (${why}); Apertium stages will run as Debian ships them`)
  }
}

export default libraryConfig(
  { index: 'src/index.ts', segments: 'src/segments/index.ts' },
  { onSuccess: async () => buildStoiFastPath() },
)
