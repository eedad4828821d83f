import type { FastifyPluginAsync } from 'fastify'
import { Type } from '@sinclair/typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { LanguagePair as LanguagePairRoute } from '@verso/engine'
import type { AppDeps } from '../app.js'
import { unroutable } from '../translation.js'
import { LanguageFilter, unknownCode } from './languages.js'

export const LanguagePair = Type.Object({
  source: Type.String({ description: 'canonical BCP 47 code' }),
  target: Type.String({ description: 'canonical BCP 47 code' }),
  route: Type.Array(Type.String(), { description: 'languages passed through, source and target included: en → pt is ["en", "es", "pt"]' }),
  engine: Type.String({ description: 'the engine that serves the direction: `apertium`' }),
})

export const LanguagePairs = Type.Object({
  pairs: Type.Array(LanguagePair),
  total: Type.Integer({ description: 'number of pairs listed' }),
})

/**
 * GET /v2/language-pairs (extension): every routable direction with its route, narrowed by
 * `?source=` and/or `?target=`. With both, an unroutable direction is a 400 naming what the
 * source reaches, like a translation request would get.
 */
export const languagePairRoutes: FastifyPluginAsync<AppDeps> = async (fastify, { engine }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/v2/language-pairs',
    {
      schema: {
        description: 'Every direction the installed engine translates, with the chain of languages it goes through.',
        querystring: LanguageFilter,
        response: { 200: LanguagePairs },
      },
      config: { auth: 'read' },
    },
    async (request) => {
      const { source, target } = request.query
      const sourceCode = source === undefined ? undefined : engine.canonicalCode(source, 'source')
      const targetCode = target === undefined ? undefined : engine.canonicalCode(target, 'target')
      if (sourceCode === null) throw unknownCode(engine, 'source', source!)
      if (targetCode === null) throw unknownCode(engine, 'target', target!)
      let pairs: LanguagePairRoute[]
      if (sourceCode !== undefined && targetCode !== undefined) {
        const pair = engine.route(sourceCode, targetCode)
        if (!pair && sourceCode !== targetCode) throw unroutable(engine, sourceCode, targetCode)
        pairs = pair ? [pair] : []
      } else if (sourceCode !== undefined) {
        pairs = engine.reachableTargets(sourceCode).flatMap((t) => engine.route(sourceCode, t.code) ?? [])
      } else if (targetCode !== undefined) {
        pairs = engine.reachableSources(targetCode).flatMap((s) => engine.route(s.code, targetCode) ?? [])
      } else {
        pairs = engine.pairs()
      }
      return { pairs: pairs.map((p) => ({ source: p.source, target: p.target, route: p.route, engine: 'apertium' })), total: pairs.length }
    },
  )
}
