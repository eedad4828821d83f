import type { FastifyPluginAsync } from 'fastify'
import type { Engine } from '@verso/engine'
import { engineStatuses } from './engines.js'

export const SERVICE_ID = 'verso'
export const SERVICE_VERSION = '2.0.0'

/** How long one engine probe answers for: health checkers poll often, a probe costs a translation. */
const PROBE_TTL_MS = 5_000

/**
 * Spec 4.13: 200 `ok` when some engine can translate, 503 `error` when none can. No key needed.
 * A remote engine being down is not a 503 while Apertium or another remote engine serves.
 */
export const healthRoutes: FastifyPluginAsync<{ engine: Engine }> = async (app, { engine }) => {
  let last: { at: number; probe: Promise<{ ok: boolean; detail?: string }> } | undefined
  app.get('/health', { config: { auth: 'none' } }, async (_request, reply) => {
    if (!last || Date.now() - last.at > PROBE_TTL_MS) {
      last = { at: Date.now(), probe: engine.health().catch((error: Error) => ({ ok: false, detail: error.message })) }
    }
    const { ok, detail } = await last.probe
    reply.status(ok ? 200 : 503)
    // Additive: each engine's last known state (remote engines are not probed: a probe costs money).
    const engines = engineStatuses(engine)?.map((e) => ({ id: e.id, healthy: e.healthy, circuit: e.circuit, ...(e.lastError ? { last_error: e.lastError.code } : {}) }))
    return {
      status: ok ? 'ok' : 'error',
      service: SERVICE_ID,
      version: SERVICE_VERSION,
      ...(ok || !detail ? {} : { detail }),
      ...(engines ? { engines } : {}),
    }
  })
}
