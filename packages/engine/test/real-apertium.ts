/** What the tests that run the real Apertium pipelines share: whether a pair is installed, and an engine for one describe block. */
import { readFileSync } from 'node:fs'
import { afterAll } from 'vitest'
import { createEngine, type Segment } from '@verso/engine'

/** Whether Debian's mode `name` (`eng-spa`, `gl-es`) is installed. */
export function haveMode(name: string): boolean {
  try {
    return readFileSync(`/usr/share/apertium/modes/${name}.mode`, 'utf8').length > 0
  } catch {
    return false
  }
}

/** Whether the pair most tests translate through, eng-spa, is installed. */
export const haveApertium = haveMode('eng-spa')

/**
 * An uncached engine for the calling describe block, closed after it, and `en(texts, target)`:
 * the translations of English `texts` into `target` (default es).
 */
export function englishEngine(): { en(texts: Segment[], target?: string): Promise<Segment[]> } {
  const engine = createEngine({ cacheSize: 0 })
  afterAll(() => engine.close())
  return { en: async (texts, target = 'es') => (await engine.translate(texts, { source: 'en', target })).map((t) => t.segment) }
}
