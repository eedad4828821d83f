import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { memoryStoreErrorCodes } from '@verso/memory'

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

test('the README’s Stores section documents every store error code in its Errors table', () => {
  const start = readme.indexOf('## Stores')
  expect(start).toBeGreaterThanOrEqual(0)
  const stores = readme.slice(start)
  for (const code of memoryStoreErrorCodes) expect(stores).toContain(`| \`${code}\` |`)
})
