/**
 * The embedded engine (warm Apertium pipelines, pivots through installed pairs) behind the
 * Translator interface, so the router treats it like any other engine.
 */
import { createEngine, type Engine, type EngineOptions } from '../engine.js'
import { EngineError } from '../errors.js'
import { canonicalCode } from './codes.js'
import { checkInput } from './remote.js'
import type { Translator } from './translator.js'

export interface ApertiumTranslatorOptions extends EngineOptions {
  /** An engine already created (shared with other users). Default: createEngine(options) */
  engine?: Engine
}

export interface ApertiumTranslator extends Translator {
  /** The wrapped engine: its health probe and pipeline statistics. */
  readonly engine: Engine
}

export function apertium(options: ApertiumTranslatorOptions = {}): ApertiumTranslator {
  const engine = options.engine ?? createEngine(options)
  const codes = () => engine.languages().map((l) => l.code)
  return {
    id: 'apertium',
    engine,

    async languages() {
      const list = codes()
      return { sources: [...list], targets: [...list] }
    },

    supports(pair) {
      const source = canonicalCode(pair.source)
      const target = canonicalCode(pair.target)
      return source !== target && engine.supports(source, target)
    },

    revision: (pair) => engine.revision(canonicalCode(pair.source), canonicalCode(pair.target)),

    async translate(segments, pair, opts) {
      checkInput(segments, pair)
      try {
        const settled = await engine.translateSettled(segments, { source: canonicalCode(pair.source), target: canonicalCode(pair.target) }, { signal: opts.signal })
        return settled.map((result) =>
          'error' in result
            ? new EngineError(result.error.code, result.error.message, { cause: result.error.cause, engine: 'apertium' })
            : { segment: result.segment, unknownWords: result.unknownWords, route: result.route },
        )
      } catch (error) {
        const e = error instanceof EngineError ? error : new EngineError('ENGINE_UNAVAILABLE', String((error as Error)?.message ?? error), { cause: error })
        const tagged = new EngineError(e.code, e.message, { cause: e.cause, engine: 'apertium' })
        return segments.map(() => tagged)
      }
    },

    close: () => engine.close(),
  }
}
