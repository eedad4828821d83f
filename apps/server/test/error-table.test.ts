import { describe, expect, test } from 'vitest'
import { engineErrorCodes } from '@verso/engine'
import { formatErrorCodes } from '@verso/formats'
import { htmlErrorCodes } from '@verso/html'
import { jobErrorCodes } from '@verso/jobs'
import { glossaryErrorCodes, memoryStoreErrorCodes } from '@verso/memory'
import { meteringErrorCodes } from '@verso/metering'
import { subtitleErrorCodes } from '@verso/subtitles'
import { STATUS_BY_CODE } from '../src/http-errors.js'

const packages = {
  engine: engineErrorCodes,
  formats: formatErrorCodes,
  html: htmlErrorCodes,
  jobs: jobErrorCodes,
  memory: [...glossaryErrorCodes, ...memoryStoreErrorCodes],
  metering: meteringErrorCodes,
  subtitles: subtitleErrorCodes,
}

describe('STATUS_BY_CODE', () => {
  test.each(Object.entries(packages))('maps every code @verso/%s exports', (_name, codes) => {
    expect(codes.length).toBeGreaterThan(0)
    const missing = codes.filter((code) => !Object.hasOwn(STATUS_BY_CODE, code))
    expect(missing).toEqual([])
  })

  test('holds no code that no package raises', () => {
    const known = new Set<string>(Object.values(packages).flat())
    expect(Object.keys(STATUS_BY_CODE).filter((code) => !known.has(code))).toEqual([])
  })

  test('maps every code to an HTTP error status', () => {
    for (const status of Object.values(STATUS_BY_CODE)) {
      expect(status).toBeGreaterThanOrEqual(400)
      expect(status).toBeLessThan(600)
    }
  })
})
