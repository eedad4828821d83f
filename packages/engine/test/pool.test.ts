import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { createPipelinePool, defaultMaxPipelines, defaultPipelinesPerDirection, type PipelinePool } from '@verso/engine'
import { fakePair, type FakePair } from './fake-apertium.js'

function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return false
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('pipeline pool', () => {
  let pool: PipelinePool | undefined
  let pair: FakePair | undefined
  afterEach(async () => {
    await pool?.close()
    pool = undefined
    pair?.remove()
    pair = undefined
  })
  const mode = (name: string) => join(pair!.dir, `${name}.mode`)
  const running = () => pool!.stats().map((s) => s.mode.replace(/^.*\//, '').replace(/\.mode$/, ''))

  test('starts no pipeline before the first text of a direction', async () => {
    pair = fakePair()
    pool = createPipelinePool()
    expect(pool.wordBound(mode('eng-spa'))).toBe(false)
    expect(pool.stats()).toEqual([])
    expect(await pool.translate(mode('eng-spa'), 'Hi.')).toBe('Hi.')
    expect(running()).toEqual(['eng-spa'])
  })

  test('stops a pipeline unused for idleMs, and starts it again on the next text', async () => {
    pair = fakePair()
    pool = createPipelinePool({ idleMs: 300 })
    await pool.translate(mode('eng-spa'), 'Hi.')
    const pids = pool.stats()[0]!.processIds
    expect(pids.every(alive)).toBe(true)
    await expect.poll(() => pool!.stats(), { timeout: 5000 }).toEqual([])
    await expect.poll(() => pids.some(alive)).toBe(false)
    expect(await pool.translate(mode('eng-spa'), 'Again.')).toBe('Again.')
    expect(pool.stats()[0]!.starts).toBe(2)
  })

  test('keeps a pipeline used more often than idleMs running', async () => {
    pair = fakePair()
    pool = createPipelinePool({ idleMs: 400 })
    for (let i = 0; i < 6; i++) {
      await pool.translate(mode('eng-spa'), `Text ${i}.`)
      await sleep(150)
    }
    expect(pool.stats()).toMatchObject([{ starts: 1 }])
  })

  test('at the cap, stops the least recently used idle pipeline for a new direction', async () => {
    pair = fakePair({ modes: ['eng-spa', 'spa-eng', 'eng-cat'] })
    pool = createPipelinePool({ maxPipelines: 2, perDirection: 1 })
    await pool.translate(mode('eng-spa'), 'One.')
    await pool.translate(mode('spa-eng'), 'Two.')
    await pool.translate(mode('eng-spa'), 'Three.') // spa-eng is now the least recently used
    const spaEng = pool.stats().find((s) => s.mode.endsWith('spa-eng.mode'))!.processIds
    expect(await pool.translate(mode('eng-cat'), 'Four.')).toBe('Four.')
    expect(running().sort()).toEqual(['eng-cat', 'eng-spa'])
    await expect.poll(() => spaEng.some(alive)).toBe(false)
  })

  test('at the cap with every pipeline busy, a new direction waits until one goes idle', async () => {
    pair = fakePair({ modes: ['eng-spa', 'spa-eng'] })
    pool = createPipelinePool({ maxPipelines: 1, waitMs: 10_000, pipeline: { flushTimeoutMs: 1500 } })
    const busy = pool.translate(mode('eng-spa'), 'HANG.')
    const waiting = pool.translate(mode('spa-eng'), 'Waiting.')
    await sleep(100)
    expect(running()).toEqual(['eng-spa'])
    await expect(busy).rejects.toMatchObject({ code: 'ENGINE_TIMEOUT' })
    expect(await waiting).toBe('Waiting.')
    expect(running()).toEqual(['spa-eng'])
  })

  test('at the cap with every pipeline busy for longer than waitMs, fails with ENGINE_UNAVAILABLE', async () => {
    pair = fakePair({ modes: ['eng-spa', 'spa-eng'] })
    pool = createPipelinePool({ maxPipelines: 1, waitMs: 200, pipeline: { flushTimeoutMs: 60_000 } })
    const busy = pool.translate(mode('eng-spa'), 'HANG.').catch((e: unknown) => e)
    await expect(pool.translate(mode('spa-eng'), 'Waiting.')).rejects.toMatchObject({ code: 'ENGINE_UNAVAILABLE' })
    expect(running()).toEqual(['eng-spa'])
    await pool.close()
    expect(await busy).toMatchObject({ code: 'ENGINE_CLOSED' })
  })

  test('gives a busy direction a second pipeline only while the cap leaves room', async () => {
    pair = fakePair({ modes: ['eng-spa', 'spa-eng'] })
    pool = createPipelinePool({ maxPipelines: 2, perDirection: 2, pipeline: { flushTimeoutMs: 60_000 } })
    const hang = pool.translate(mode('eng-spa'), 'HANG.').catch((e: unknown) => e)
    expect(await pool.translate(mode('eng-spa'), 'Second pipeline.')).toBe('Second pipeline.')
    expect(running()).toEqual(['eng-spa', 'eng-spa'])
    // At the cap: the idle second pipeline of eng-spa gives way to spa-eng's first.
    expect(await pool.translate(mode('spa-eng'), 'Other direction.')).toBe('Other direction.')
    expect(running().sort()).toEqual(['eng-spa', 'spa-eng'])
    // eng-spa is busy and the cap is reached: its texts share the pipeline it has.
    const shared = pool.translate(mode('eng-spa'), 'Shared.').catch((e: unknown) => e)
    expect(running().sort()).toEqual(['eng-spa', 'spa-eng'])
    await pool.close()
    expect(await hang).toMatchObject({ code: 'ENGINE_CLOSED' })
    expect(await shared).toMatchObject({ code: 'ENGINE_CLOSED' })
  })

  test('sizes the default cap by memory, one pipeline per 3 GiB between 2 and 8', () => {
    expect(defaultMaxPipelines(1 * 2 ** 30)).toBe(2)
    expect(defaultMaxPipelines(16 * 2 ** 30)).toBe(5)
    expect(defaultMaxPipelines(64 * 2 ** 30)).toBe(8)
  })

  test('sizes the pipelines per direction by cores, one per three, at least one', () => {
    expect(defaultPipelinesPerDirection(1)).toBe(1)
    expect(defaultPipelinesPerDirection(2)).toBe(1)
    expect(defaultPipelinesPerDirection(6)).toBe(2)
    expect(defaultPipelinesPerDirection(32)).toBe(10)
  })
})
