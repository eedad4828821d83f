import { defineConfig, type Options } from 'tsup'

/** The one build every library package uses: ESM for Node 20 with declarations and maps. */
export function libraryConfig(entry: Record<string, string>, overrides: Options = {}) {
  return defineConfig({ entry, format: ['esm'], target: 'node20', dts: true, sourcemap: true, clean: true, ...overrides })
}
