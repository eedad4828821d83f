import type { FastifyPluginAsync } from 'fastify'
import type { Engine, EngineStatus } from '@verso/engine'
import type { AppDeps } from '../app.js'

/** An engine with the router's view of each translator (the routed engine); the embedded engine alone has none. */
export function engineStatuses(engine: Engine): EngineStatus[] | undefined {
  const routed = engine as Engine & { engines?: () => EngineStatus[] }
  return typeof routed.engines === 'function' ? routed.engines() : undefined
}

/**
 * GET /v2/engines (extension, additive): each configured engine in routing order, whether it
 * serves now, its languages and circuit state, and its last error. No key, URL or secret.
 */
export const engineRoutes: FastifyPluginAsync<AppDeps> = async (app, { engine }) => {
  app.get('/v2/engines', { config: { auth: 'read' } }, async () => {
    const statuses = engineStatuses(engine)
    if (!statuses) {
      const codes = engine.languages().map((l) => l.code)
      return { engines: [{ id: 'apertium', order: 0, configured: true, healthy: codes.length > 0, circuit: 'closed', languages: { sources: codes, targets: codes } }] }
    }
    return {
      engines: statuses.map((s) => ({
        id: s.id,
        order: s.order,
        configured: true,
        healthy: s.healthy,
        circuit: s.circuit,
        ...(s.until ? { until: s.until } : {}),
        languages: s.languages,
        languages_known: s.languagesKnown,
        ...(s.lastError ? { last_error: { code: s.lastError.code, message: s.lastError.message, at: s.lastError.at } } : {}),
        served: s.served,
        failed: s.failed,
      })),
    }
  })
}
