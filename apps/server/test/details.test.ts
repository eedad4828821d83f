import { describe, expect, test } from 'vitest'
import { details } from '../src/translation.js'

describe('v2 details', () => {
  test('carries the detector’s outside guess when the text looked like an unsupported language', () => {
    const pair = { source: 'nl', target: 'af', detected: { language: 'nl', confidence: 0.15, outside: { language: 'de', confidence: 0.55 } } }
    const d = details(pair, [])
    expect(d.detected_source).toBe('nl')
    expect(d.confidence).toBe(0.15)
    expect(d.detected_outside).toEqual({ language: 'de', confidence: 0.55 })
  })

  test('has no outside guess when detection found none or the source was given', () => {
    expect(details({ source: 'en', target: 'es', detected: { language: 'en', confidence: 0.9 } }, [])).not.toHaveProperty('detected_outside')
    expect(details({ source: 'en', target: 'es' }, [])).not.toHaveProperty('detected_outside')
  })
})
