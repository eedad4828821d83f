import type { FastifyPluginAsync } from 'fastify'
import type { AppDeps } from '../app.js'

/** Spec 4.12: credits and usage of the key's account. */
export const accountRoutes: FastifyPluginAsync<AppDeps> = async (app, { metering }) => {
  app.get('/v2/account/summary', { config: { auth: 'read' } }, async (request) => metering.summary(request.account!.id))
}
