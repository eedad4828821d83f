import type { FastifyPluginAsync } from 'fastify'
import type { Engine } from '@verso/engine'

export const SERVICE_ID = 'verso'
export const SERVICE_VERSION = '2.0.0'

/** How long one engine probe answers for: health checkers poll often, a probe costs a translation. */
const PROBE_TTL_MS = 5_000

/** Spec 4.13: 200 `ok` when the engine can translate, 503 `error` when it cannot. No key needed. */
export const healthRoutes: FastifyPluginAsync<{ engine: Engine }> = async (app, { engine }) => {
  let last: { at: number; probe: Promise<{ ok: boolean; detail?: string }> } | undefined
  app.get('/health', { config: { auth: 'none' } }, async (_request, reply) => {
    if (!last || Date.now() - last.at > PROBE_TTL_MS) {
      last = { at: Date.now(), probe: engine.health().catch((error: Error) => ({ ok: false, detail: error.message })) }
    }
    const { ok, detail } = await last.probe
    reply.status(ok ? 200 : 503)
    return { status: ok ? 'ok' : 'error', service: SERVICE_ID, version: SERVICE_VERSION, ...(ok || !detail ? {} : { detail }) }
  })
}
