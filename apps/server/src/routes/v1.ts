import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { RouteDeps } from '../app.js'
import { detectText } from '../translation.js'
import { DetectBody, TranslateBody, translateText } from './translate.js'

const translateFamily = { auth: 'translate', rateLimited: true } as const

/**
 * Spec 4.14: the superseded v1 shapes over the same engine. The spec gives v1 no bounds and no
 * credit costs; Verso applies v2's (1 to 5000 characters, 1 credit a request) so that v1 is not a
 * way around them.
 */
export const v1Routes: FastifyPluginAsync<RouteDeps> = async (fastify, deps) => {
  const { engine, metering } = deps
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.post('/v1/translate', { schema: { body: TranslateBody }, config: translateFamily }, async (request) => {
    const { text, source, target, preserve_placeholders = true, use_memory = true, glossary_id } = request.body
    const { translation, pair } = await translateText(deps, request, { text, source, target, protect: preserve_placeholders, useMemory: use_memory, glossaryId: glossary_id })
    return { translation, source: pair.source, target: pair.target }
  })

  for (const url of ['/v1/language_detect', '/v1/detect_language']) {
    app.post(url, { schema: { body: DetectBody }, config: translateFamily }, async (request) => {
      const { language, confidence } = await detectText(engine, metering, request, request.body.text)
      return { language, confidence }
    })
  }
}
