import { cpSync, existsSync } from 'node:fs'
import { defineConfig } from 'tsup'

/**
 * The engine looks for the libraries it preloads into the Apertium stages (the stoi fast path,
 * the tagger's open-class fix) in `native/` beside its module; bundled, that module is the
 * CLI's, so the engine's built libraries are copied there. Without them the CLI's stages ran
 * as Debian ships them and answered otherwise than the server's (the tagger fix changes
 * answers). An engine built without a C compiler has none to copy.
 */
function copyEngineLibraries() {
  const built = '../../packages/engine/dist/native'
  if (existsSync(built)) cpSync(built, 'dist/native', { recursive: true })
}

// The @verso packages are bundled in, so `npm pack` gives a CLI that installs on its own;
// their third-party dependencies stay dependencies of the CLI (listed in package.json).
export default defineConfig({
  entry: { verso: 'src/bin.ts' },
  format: ['esm'],
  target: 'node20',
  dts: false,
  sourcemap: true,
  clean: true,
  noExternal: [/^@verso\//],
  // @verso/jobs imports its scale-out drivers statically; the CLI never uses them but must install them
  external: ['pg', 'bullmq', 'ioredis'],
  banner: { js: '#!/usr/bin/env node' },
  onSuccess: async () => copyEngineLibraries(),
})
