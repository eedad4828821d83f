import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { MeteringError, meteringErrorCodes } from '@verso/metering'

describe('MeteringError', () => {
  test('carries a METERING_ prefixed code and its name', () => {
    const error = new MeteringError('METERING_ACCOUNT_NOT_FOUND', 'no such account')
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('MeteringError')
    expect(error.code).toBe('METERING_ACCOUNT_NOT_FOUND')
    for (const code of meteringErrorCodes) expect(code).toMatch(/^METERING_[A-Z_]+$/)
  })

  test('every code appears in the README Errors table', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    const section = readme.split(/^## Errors/m)[1]?.split(/^## /m)[0] ?? ''
    const rows = section.split('\n').filter((line) => line.startsWith('|'))
    for (const code of meteringErrorCodes) {
      expect(rows.some((row) => row.includes(`\`${code}\``)), code).toBe(true)
    }
  })
})
