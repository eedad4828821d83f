import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'

const source = readFileSync(new URL('../src/errors.ts', import.meta.url), 'utf8')
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const codes = [...source.matchAll(/'(JOB_[A-Z_]+)'/g)].map((m) => m[1]!)

describe('README', () => {
  test('lists every error code in its Errors table', () => {
    expect(codes.length).toBeGreaterThanOrEqual(10)
    const table = readme.slice(readme.indexOf('## Errors'), readme.indexOf('## Non-goals'))
    for (const code of new Set(codes)) expect(table, code).toContain(`| \`${code}\` |`)
  })
})
