import type { FastifyPluginAsync } from 'fastify'
import { Type, type Static } from '@sinclair/typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Engine, Language } from '@verso/engine'
import type { AppDeps } from '../app.js'
import { HttpError } from '../http-errors.js'
import { codeList, isAuto } from '../translation.js'
import { languagePairRoutes } from './language-pairs.js'

const code = (description: string) => Type.String({ minLength: 1, maxLength: 35, description })

/** `?source=` or `?target=` narrow a listing to one direction; other query fields are ignored. */
export const LanguageFilter = Type.Object(
  {
    source: Type.Optional(code('list only the targets reachable from this source (`auto`: every target)')),
    target: Type.Optional(code('list only the sources (and `auto`) that reach this target')),
  },
  { additionalProperties: true },
)
type Filter = Static<typeof LanguageFilter>

const V2Listing = Type.Object({
  supported_languages: Type.Record(Type.String(), Type.String(), {
    description: 'language name → code; `Automatic detection` → `auto` unless listing targets',
  }),
})
const V1Listing = Type.Object({ languages: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })) })

const AUTO: Language = { code: 'auto', name: 'Automatic detection' }

/**
 * The languages of a listing: every language that is a source or target of some route, plus
 * `auto`; `?source=xx` the targets reachable from xx; `?target=yy` the sources reaching yy,
 * plus `auto`. Codes are matched case-insensitively; an unknown one is a 400 listing the codes.
 */
export function listLanguages(engine: Engine, filter: Filter): Language[] {
  const { source, target } = filter
  if (source !== undefined && target !== undefined) {
    throw new HttpError(400, 'Give either source or target, not both; GET /v2/language-pairs?source=…&target=… shows the route of one direction.')
  }
  if (source !== undefined) {
    if (isAuto(source)) return engine.languages().filter((l) => engine.canonicalCode(l.code, 'target') !== null)
    const code = engine.canonicalCode(source, 'source')
    if (code === null) throw unknownCode(engine, 'source', source)
    return engine.reachableTargets(code)
  }
  if (target !== undefined) {
    const code = engine.canonicalCode(target, 'target')
    if (code === null) throw unknownCode(engine, 'target', target)
    return [AUTO, ...engine.reachableSources(code)]
  }
  return [AUTO, ...engine.languages()]
}

export function unknownCode(engine: Engine, role: 'source' | 'target', code: string): HttpError {
  const codes = codeList(engine.languages().filter((l) => engine.canonicalCode(l.code, role) !== null))
  return new HttpError(400, `Unsupported ${role} language '${code}'. Supported ${role} codes: ${role === 'source' ? 'auto, ' : ''}${codes}`)
}

/**
 * Spec 4.11 and the v1 listing (without `auto`, as before), narrowed by `?source=` or
 * `?target=` (additive), and GET /v2/language-pairs.
 */
export const languageRoutes: FastifyPluginAsync<AppDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { engine } = deps
  app.get(
    '/v2/supported-languages',
    {
      schema: {
        description: 'Every language that is a source or target of some route, plus auto; ?source= lists the targets reachable from a source, ?target= the sources reaching a target.',
        querystring: LanguageFilter,
        response: { 200: V2Listing },
      },
      config: { auth: 'read' },
    },
    async (request) => {
      const supported_languages: Record<string, string> = {}
      for (const { code, name } of listLanguages(engine, request.query)) supported_languages[name] = code
      return { supported_languages }
    },
  )
  app.get(
    '/v1/supported-languages',
    {
      schema: { description: 'The v1 listing (no auto), with the same filters as v2.', querystring: LanguageFilter, response: { 200: V1Listing } },
      config: { auth: 'read' },
    },
    // v1's listing never had `auto` (the spec names it for v2 only).
    async (request) => ({
      languages: listLanguages(engine, request.query)
        .filter((language) => language !== AUTO)
        .map(({ code, name }) => ({ code, name })),
    }),
  )
  await app.register(languagePairRoutes, deps)
}
