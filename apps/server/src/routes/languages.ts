import type { FastifyPluginAsync } from 'fastify'
import type { AppDeps } from '../app.js'

/** Spec 4.11 and the v1 listing: exactly the languages the installed engine translates, plus `auto`. */
export const languageRoutes: FastifyPluginAsync<AppDeps> = async (app, { engine }) => {
  app.get('/v2/supported-languages', { config: { auth: 'read' } }, async () => {
    const supported_languages: Record<string, string> = { 'Automatic detection': 'auto' }
    for (const { code, name } of engine.languages()) supported_languages[name] = code
    return { supported_languages }
  })
  app.get('/v1/supported-languages', { config: { auth: 'read' } }, async () => ({
    languages: engine.languages().map(({ code, name }) => ({ code, name })),
  }))
}
