import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const source = readFileSync(new URL('../src/errors.ts', import.meta.url), 'utf8')
const codes = [...source.matchAll(/'(HTML_[A-Z_]+)'/g)].map((m) => m[1]!)

describe('README', () => {
  test('lists every HtmlError code in its Errors table', () => {
    expect(codes.length).toBeGreaterThanOrEqual(3)
    const table = readme.slice(readme.indexOf('## Errors'))
    for (const code of codes) expect(table).toMatch(new RegExp(`^\\|\\s*\`${code}\`\\s*\\|`, 'm'))
  })
})
