import { defineConfig } from 'tsup'

export default defineConfig({
  entry: { main: 'src/main.ts', admin: 'src/admin.ts', worker: 'src/worker.ts', index: 'src/index.ts' },
  format: ['esm'],
  target: 'node20',
  dts: false,
  sourcemap: true,
  clean: true,
})
