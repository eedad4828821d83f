import { spawnSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { libraryConfig } from '../../tsup.shared.js'

/** The libraries preloaded into the Apertium stages (src/apertium/preloads.ts), by source file. */
const NATIVE_LIBRARIES = [
  { source: 'src/apertium/native/stoi-fast-path.c', library: 'libverso-stoi.so', what: 'stoi fast path' },
  { source: 'src/apertium/native/tagger-open-class.c', library: 'libverso-tagger-open-class.so', what: "tagger's open-class fix" },
]

/**
 * Builds each of NATIVE_LIBRARIES into dist/native with the machine's C compiler (the set-up
 * installs Debian's gcc). Without a compiler the build still succeeds and the stages run as
 * Debian ships them (src/apertium/preloads.ts looks for the files).
 */
function buildNativeLibraries() {
  mkdirSync('dist/native', { recursive: true })
  for (const { source, library, what } of NATIVE_LIBRARIES) {
    const result = spawnSync('cc', ['-O2', '-fPIC', '-fexceptions', '-shared', '-o', `dist/native/${library}`, source, '-ldl'], { encoding: 'utf8' })
    if (result.status !== 0) {
      const why = result.error ? result.error.message : result.stderr.trim()
      console.warn(`@verso/engine: ${what} not built (${why}); Apertium stages will run as Debian ships them in that respect`)
    }
  }
}

export default libraryConfig(
  { index: 'src/index.ts', segments: 'src/segments/index.ts' },
  { onSuccess: async () => buildNativeLibraries() },
)
