import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { formatErrorCodes } from '@verso/formats'

describe('formatErrorCodes', () => {
  test('lists exactly the codes of the README Errors table', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    const table = readme.slice(readme.indexOf('## Errors'), readme.indexOf('\n## ', readme.indexOf('## Errors') + 1))
    const documented = [...table.matchAll(/^\| `(FORMAT_[A-Z_]+)`/gm)].map((m) => m[1])
    expect([...formatErrorCodes].sort()).toEqual(documented.sort())
    expect(formatErrorCodes.length).toBeGreaterThan(0)
  })
})
