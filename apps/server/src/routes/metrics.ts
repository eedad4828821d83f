import { timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import type { Metrics } from '../metrics.js'

/** GET /metrics: Prometheus text format, outside the API keys; `METRICS_TOKEN` makes it a bearer-token route. */
export const metricsRoutes: FastifyPluginAsync<{ metrics: Metrics; token?: string }> = async (app, { metrics, token }) => {
  const expected = token ? Buffer.from(`Bearer ${token}`) : null
  app.get('/metrics', { schema: { hide: true }, config: { auth: 'none' } }, async (request, reply) => {
    if (expected) {
      const given = Buffer.from(request.headers.authorization ?? '')
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.status(401).header('www-authenticate', 'Bearer').send({ detail: 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>' })
      }
    }
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.scrape())
  })
}
