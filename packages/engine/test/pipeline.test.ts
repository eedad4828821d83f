import { existsSync, readFileSync } from 'node:fs'
import { afterEach, describe, expect, test } from 'vitest'
import { createApertiumPipeline, escapeStream, type ApertiumPipeline } from '@verso/engine'

const MODE = '/usr/share/apertium/modes/eng-spa.mode'

function stagePid(pipeline: ApertiumPipeline, program: string): number {
  const pid = pipeline.processIds().find((p) => {
    try { return readFileSync(`/proc/${p}/cmdline`, 'utf8').startsWith(program) } catch { return false }
  })
  if (pid === undefined) throw new Error(`no ${program} stage`)
  return pid
}

describe.skipIf(!existsSync(MODE))('apertium pipeline', () => {
  let pipeline: ApertiumPipeline | undefined
  afterEach(async () => { await pipeline?.close() })

  test('restarts after a stage is killed and answers the request correctly', async () => {
    pipeline = createApertiumPipeline(MODE)
    const expected = await pipeline.translate(escapeStream('The dog is eating the bread.'))
    expect(expected).toContain('perro')
    process.kill(stagePid(pipeline, 'apertium-tagger'), 'SIGKILL')
    const again = await pipeline.translate(escapeStream('The dog is eating the bread.'))
    expect(again).toBe(expected)
    expect(pipeline.starts).toBe(2)
  })

  test('times out a hanging pipeline, restarts it and answers the request', async () => {
    pipeline = createApertiumPipeline(MODE, { flushTimeoutMs: 800 })
    const expected = await pipeline.translate(escapeStream('The house is small.'))
    const stopped = stagePid(pipeline, 'apertium-transfer')
    process.kill(stopped, 'SIGSTOP')
    const answer = await pipeline.translate(escapeStream('The house is small.'))
    expect(answer).toBe(expected)
    expect(pipeline.starts).toBe(2)
  })

  test('rejects with ENGINE_TIMEOUT when the retry hangs too', async () => {
    pipeline = createApertiumPipeline(MODE, { flushTimeoutMs: 500 })
    await pipeline.translate(escapeStream('Hello.'))
    process.kill(stagePid(pipeline, 'apertium-transfer'), 'SIGSTOP')
    const pending = pipeline.translate(escapeStream('The house is small.'))
    // stop the restarted pipeline too, as soon as it is up
    const timer = setInterval(() => {
      try { process.kill(stagePid(pipeline!, 'apertium-transfer'), 'SIGSTOP'); if (pipeline!.starts === 2) clearInterval(timer) } catch { /* not up yet */ }
    }, 20)
    await expect(pending).rejects.toMatchObject({ code: 'ENGINE_TIMEOUT' })
    clearInterval(timer)
  })

  test('rejects pending texts with ENGINE_CLOSED on close', async () => {
    pipeline = createApertiumPipeline(MODE)
    const pending = pipeline.translate(escapeStream('The house is small.'))
    const outcome = expect(pending).rejects.toMatchObject({ code: 'ENGINE_CLOSED' })
    await pipeline.close()
    await outcome
    await expect(pipeline.translate('x')).rejects.toMatchObject({ code: 'ENGINE_CLOSED' })
  })
})
