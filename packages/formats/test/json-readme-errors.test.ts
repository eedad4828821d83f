import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'

const read = (rel: string) => readFileSync(new URL(rel, import.meta.url), 'utf8')

describe('README', () => {
  test('lists every error code of types.ts in its Errors table', () => {
    const union = /export type FormatErrorCode =([^]*?)\n\n/.exec(read('../src/types.ts'))?.[1] ?? ''
    const codes = [...union.matchAll(/'(FORMAT_[A-Z_]+)'/g)].map((m) => m[1]!)
    expect(codes.length).toBeGreaterThan(5)
    const readme = read('../README.md')
    const table = readme.slice(readme.indexOf('## Errors'), readme.indexOf('\n## ', readme.indexOf('## Errors') + 1))
    for (const code of codes) expect(table, code).toMatch(new RegExp(`^\\| \`${code}\` \\|`, 'm'))
  })
})
