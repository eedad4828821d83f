import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { GlossaryError, glossaryErrorCodes } from '@verso/memory'

describe('GlossaryError', () => {
  test('carries a GLOSSARY_ prefixed code and its name', () => {
    const error = new GlossaryError('GLOSSARY_INVALID', 'name: missing')
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('GlossaryError')
    expect(error.code).toBe('GLOSSARY_INVALID')
    for (const code of glossaryErrorCodes) expect(code).toMatch(/^GLOSSARY_[A-Z_]+$/)
  })

  test('every code appears in the README Errors table', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    const section = readme.split(/^## Errors/m)[1]?.split(/^## /m)[0] ?? ''
    const rows = section.split('\n').filter((line) => line.startsWith('|'))
    for (const code of glossaryErrorCodes) expect(rows.some((row) => row.includes(`\`${code}\``)), code).toBe(true)
  })
})
