import { describe, expect, test } from 'vitest'
import { ConfigError, configFromEnv } from '../src/config.js'

describe('APERTIUM_STOI_FAST_PATH', () => {
  test('is on when unset or empty', () => {
    expect(configFromEnv({}).apertiumStoiFastPath).toBe(true)
    expect(configFromEnv({ APERTIUM_STOI_FAST_PATH: '' }).apertiumStoiFastPath).toBe(true)
  })

  test('false, 0 or no turn it off; true turns it on', () => {
    for (const value of ['false', '0', 'no', 'FALSE']) expect(configFromEnv({ APERTIUM_STOI_FAST_PATH: value }).apertiumStoiFastPath).toBe(false)
    expect(configFromEnv({ APERTIUM_STOI_FAST_PATH: 'true' }).apertiumStoiFastPath).toBe(true)
  })

  test('any other value stops the start with a message naming the variable', () => {
    expect(() => configFromEnv({ APERTIUM_STOI_FAST_PATH: 'maybe' })).toThrow(ConfigError)
    expect(() => configFromEnv({ APERTIUM_STOI_FAST_PATH: 'maybe' })).toThrow(/APERTIUM_STOI_FAST_PATH must be true or false/)
  })
})

describe('APERTIUM_STAGE_ALLOCATOR', () => {
  test('is tcmalloc when unset, system or tcmalloc when given (any case)', () => {
    expect(configFromEnv({}).apertiumStageAllocator).toBe('tcmalloc')
    expect(configFromEnv({ APERTIUM_STAGE_ALLOCATOR: 'System' }).apertiumStageAllocator).toBe('system')
    expect(configFromEnv({ APERTIUM_STAGE_ALLOCATOR: 'tcmalloc' }).apertiumStageAllocator).toBe('tcmalloc')
  })

  test('any other allocator stops the start with a message naming the variable', () => {
    expect(() => configFromEnv({ APERTIUM_STAGE_ALLOCATOR: 'jemalloc' })).toThrow(/APERTIUM_STAGE_ALLOCATOR must be tcmalloc or system/)
  })
})
