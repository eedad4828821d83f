import Fastify, { LogController, type FastifyBaseLogger, type FastifyContextConfig, type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import multipart from '@fastify/multipart'
import swagger from '@fastify/swagger'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Engine } from '@verso/engine'
import type { Account, Metering, RateLimiter } from '@verso/metering'
import type { JobService } from '@verso/jobs'
import { createMemoryTranslator, type MemoryStore, type MemoryTranslator } from '@verso/memory'
import { HttpError, insufficientCredits, statusForCode } from './http-errors.js'
import { authenticate, type AuthFamily } from './auth.js'
import { translateRoutes } from './routes/translate.js'
import { languageRoutes } from './routes/languages.js'
import { accountRoutes } from './routes/account.js'
import { healthRoutes } from './routes/health.js'
import { v1Routes } from './routes/v1.js'
import { i18nRoutes } from './routes/i18n.js'
import { engineRoutes } from './routes/engines.js'
import swaggerUi from '@fastify/swagger-ui'
import { createMetrics, type Metrics } from './metrics.js'
import { metricsRoutes } from './routes/metrics.js'
import { defaultWebRoot, webRoutes } from './routes/web.js'
import { glossaryRoutes } from './routes/glossaries.js'
import { memoryEngine } from './memory.js'
import { idempotency } from './idempotency.js'

export interface AppDeps {
  engine: Engine
  metering: Metering
  rateLimiter: RateLimiter
  jobs: JobService
  /** The accounts' translation memories and glossaries (@verso/memory); every translating route goes through them. */
  memoryStore: MemoryStore
  /** Largest JSON body accepted, in bytes. Default: 12 MiB (a subtitle file can be large). */
  bodyLimit?: number
  /** Prometheus metrics served at /metrics. Default: a registry of this app's own. */
  metrics?: Metrics
  /** Bearer token /metrics requires (METRICS_TOKEN). Default: none, /metrics is open. */
  metricsToken?: string
  /** The built web app served at /. Default: apps/web/dist. */
  webRoot?: string
  /** Passed to Fastify. Default: false (tests); main.ts turns it on. */
  logger?: FastifyServerOptions['logger']
  /** A ready logger (main.ts shares one pino logger with the job engine); takes precedence over `logger`. */
  loggerInstance?: FastifyBaseLogger
  /** How long an Idempotency-Key stays claimed by a request that has not answered (a crashed server's), in ms. Default: 120 000. */
  idempotencyLeaseMs?: number
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which answer a missing or bad key gets: 403 (translate family) or 401 (everything else). */
    auth?: AuthFamily | 'none'
    /** Counted against the per-key rate limit. */
    rateLimited?: boolean
    /**
     * A request body for the OpenAPI document only, for routes that read their body themselves
     * (multipart uploads): `schema.body` would make fastify validate a body it never parsed.
     */
    documentedBody?: { contentType: string; schema: Record<string, unknown> }
    /**
     * Responses for the OpenAPI document only, for routes whose answers take several shapes
     * (a job or a quote): `schema.response` would make fastify serialise, and strip, by it.
     */
    documentedResponses?: Record<string, { description: string; content: Record<string, { schema: Record<string, unknown> }> }>
  }
  interface FastifyRequest {
    account?: Account
  }
}

/** What the route plugins receive: the app's dependencies plus the memory layer buildApp puts over the engine. */
export interface RouteDeps extends AppDeps {
  memory: MemoryTranslator
}

export type App = FastifyInstance<any, any, any, any, TypeBoxTypeProvider>

/** The Verso HTTP service without listening; `app.inject()` in tests, `listen()` in main.ts. */
export async function buildApp(given: AppDeps): Promise<App> {
  const metrics = given.metrics ?? createMetrics({ engine: () => given.engine })
  // the routes see the engine and metering through the metrics' timers and credit counters
  const deps: AppDeps = { ...given, metrics, engine: metrics.instrumentEngine(given.engine), metering: metrics.instrumentMetering(given.metering) }
  const app = Fastify({
    ...(deps.loggerInstance ? { loggerInstance: deps.loggerInstance } : { logger: deps.logger ?? false }),
    bodyLimit: deps.bodyLimit ?? 12 * 1024 * 1024,
    // A mistyped body is a 400, never silently coerced ("text": 5 is not "5").
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
    return503OnClosing: true,
    // Fastify's own request logs are two lines per request (incoming, completed); the
    // onResponse hook below writes one with the same fields: half the log writes per request.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<TypeBoxTypeProvider>()

  // Over the instrumented engine, so translations the memory answers are not counted as engine calls.
  const routeDeps: RouteDeps = {
    ...deps,
    memory: metrics.instrumentMemory(createMemoryTranslator({ translator: deps.engine, store: deps.memoryStore, ...memoryEngine(given.engine), logger: app.log })),
  }
  app.decorateRequest('account', undefined)
  // The OpenAPI document is generated from the routes' TypeBox schemas: GET /openapi.json.
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Verso translation service', version: '2.0.0' },
      components: {
        securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-KEY' } },
        parameters: { IdempotencyKey: IDEMPOTENCY_KEY_PARAMETER },
      },
      security: [{ apiKey: [] }],
    },
    // Every POST takes an Idempotency-Key (src/idempotency.ts): one shared parameter.
    transformObject: (documentObject) => {
      const doc = 'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject
      for (const path of Object.values((doc as { paths?: Record<string, any> }).paths ?? {})) {
        if (path?.post) path.post.parameters = [...(path.post.parameters ?? []), { $ref: '#/components/parameters/IdempotencyKey' }]
      }
      return doc
    },
    transform: ({ schema, url, route }) => {
      const config = route.config as FastifyContextConfig | undefined
      const body = config?.documentedBody
      const documented: Record<string, unknown> = { ...schema }
      if (body) Object.assign(documented, { consumes: [body.contentType], body: body.schema })
      if (config?.documentedResponses) documented.response = config.documentedResponses
      return { schema: documented, url }
    },
  })
  await app.register(multipart, {
    limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 20 },
  })

  app.addHook('onRequest', async (request, reply) => {
    const { auth = 'read', rateLimited = false } = request.routeOptions.config ?? {}
    // An unknown route is a 404 whatever the key.
    if (auth === 'none' || request.is404) return
    request.account = await authenticate(deps.metering, request, auth)
    if (rateLimited) {
      const hit = await deps.rateLimiter.hit(request.account.id)
      reply.header('X-RateLimit-Limit', String(hit.limit))
      reply.header('X-RateLimit-Remaining', String(Math.max(0, hit.remaining)))
      reply.header('X-RateLimit-Reset', String(Math.ceil(hit.resetAt / 1000)))
      if (!hit.allowed) {
        throw new HttpError(
          429,
          `Rate limit exceeded: ${hit.count} requests made in the current minute, the maximum is ` +
            `${hit.limit} requests per minute. Please wait ${hit.retryAfterSeconds} seconds before retrying.`,
          { 'Retry-After': String(hit.retryAfterSeconds) },
        )
      }
    }
  })

  // After authentication: keys are per account. Before the routes, whose handlers it wraps.
  await app.register(idempotency, { metering: deps.metering, ...(deps.idempotencyLeaseMs !== undefined ? { leaseMs: deps.idempotencyLeaseMs } : {}) })

  // The access log line, then usage statistics: they count every authenticated request,
  // success means a 2xx answer (metering keeps the counts in memory and writes them in batches).
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed')
    if (!request.account) return
    await deps.metering
      .recordRequest(request.account.id, { success: reply.statusCode < 400 })
      .catch((error: unknown) => request.log.error({ err: error }, 'recording usage failed'))
  })

  app.setErrorHandler((error: any, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send({ [error.bodyField]: error.message })
    }
    const field = isDownload(request) ? 'error' : 'detail'
    if (error.validation) {
      return reply.status(400).send({ [field]: `Invalid request: ${describeValidation(error)}` })
    }
    if (error.code === 'JOB_INSUFFICIENT_CREDITS' && typeof error.required === 'number') {
      const refusal = insufficientCredits(error.remaining ?? 0, error.required)
      return reply.status(402).send({ detail: refusal.message })
    }
    const mapped = statusForCode(error.code)
    if (mapped !== undefined) {
      if (mapped >= 500) request.log.error({ err: error }, 'dependency failure')
      // A remote engine's Retry-After, rounded up to whole seconds, tells the caller when to come back.
      if (typeof error.retryAfterMs === 'number' && error.retryAfterMs >= 0) reply.header('Retry-After', String(Math.ceil(error.retryAfterMs / 1000)))
      return reply.status(mapped).send({ [field]: error.message })
    }
    // Fastify's own client errors: malformed JSON, wrong content type, body too large, multipart limits.
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ [field]: clientErrorText(error, status) })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send({ [field]: 'Internal server error' })
  })

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ detail: `No route for ${request.method} ${request.url.split('?')[0]}` })
  })

  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000)
  })

  app.get('/openapi.json', { schema: { hide: true }, config: { auth: 'none' } }, async () => app.swagger())
  // the API reference is public, like the document it shows
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/docs')) route.config = { ...(route.config as object), auth: 'none' } as typeof route.config
  })
  // Swagger UI's own files, under its own CSP (its initializer is a file, not an inline script)
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true, uiConfig: { tryItOutEnabled: true }, uiHooks: {} })
  await app.register(metricsRoutes, { metrics, token: deps.metricsToken })
  await app.register(webRoutes, { webRoot: deps.webRoot ?? defaultWebRoot() })
  await app.register(healthRoutes, { engine: deps.engine })
  await app.register(translateRoutes, routeDeps)
  await app.register(languageRoutes, routeDeps)
  await app.register(engineRoutes, routeDeps)
  await app.register(accountRoutes, routeDeps)
  await app.register(v1Routes, routeDeps)
  await app.register(i18nRoutes, routeDeps)
  await app.register(glossaryRoutes, routeDeps)
  return app
}

const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header' as const,
  required: false,
  description:
    'Makes a POST safe to retry (as in Stripe\'s API): the same key with the same body within 24 h replays the first response ' +
    '(with `Idempotent-Replayed: true`) and charges nothing more; with a different body it is a 422; while the first request ' +
    'still runs, a 409. Keys are per account. A 5xx is not kept: retry it with the same key.',
  schema: { type: 'string' as const, minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' },
}

function isDownload(request: FastifyRequest): boolean {
  return /\/download\/?$/.test(request.routeOptions.url ?? '')
}

function describeValidation(error: { validation: any[]; validationContext?: string }): string {
  const first = error.validation[0] ?? {}
  const where = `${error.validationContext ?? 'body'}${first.instancePath ? first.instancePath.replace(/\//g, '.') : ''}`
  if (first.keyword === 'required') return `${where}.${first.params?.missingProperty} is required`
  if (first.keyword === 'additionalProperties') {
    return `${where} has an unknown field '${first.params?.additionalProperty}'`
  }
  return `${where} ${first.message ?? 'is invalid'}`
}

function clientErrorText(error: { code?: string; message: string }, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return `Invalid JSON body: ${error.message}`
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported Content-Type: send application/json (or multipart/form-data for file uploads)'
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large'
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'The uploaded file is larger than the 10 MB limit'
    default:
      return status === 413 ? 'Request body is too large' : error.message
  }
}
