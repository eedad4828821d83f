import { defineConfig } from 'tsup'

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
})
