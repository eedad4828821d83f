import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const packages = fileURLToPath(new URL('./packages/', import.meta.url))

/**
 * Tests import packages by name, as a consumer would; here the names resolve to the
 * TypeScript sources so a test run needs no build. Subpath exports follow one rule:
 * `@verso/formats/po` is `packages/formats/src/po/index.ts`.
 */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@verso\/([a-z-]+)$/, replacement: `${packages}$1/src/index.ts` },
      { find: /^@verso\/([a-z-]+)\/([a-z0-9-]+)$/, replacement: `${packages}$1/src/$2/index.ts` },
    ],
  },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
