/**
 * Prometheus metrics (prom-client), served at GET /metrics in the text format. One registry per
 * app, so tests and several apps in one process never share counters. What is counted where:
 * HTTP requests and latency in an onResponse hook; engine calls by wrapping the engine the routes
 * use; credits by wrapping metering's charge/refund; Apertium pipelines read from the engine's
 * stats() at scrape time; job outcomes and webhook deliveries from the job service's events;
 * segments the translation memory answered or sent to an engine by wrapping the memory layers
 * of the routes and of the jobs.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { Engine } from '@verso/engine'
import type { MemoryTranslator } from '@verso/memory'
import type { KeyedOptions, Metering } from '@verso/metering'

export interface Metrics {
  readonly registry: Registry
  /** The registry's metrics in the text format, the engine's stats read once for all of them. */
  scrape(): Promise<string>
  observeRequest(method: string, route: string, status: number, seconds: number): void
  /** The engine with its translate calls timed by engine and direction. */
  instrumentEngine(engine: Engine): Engine
  /** Metering with charged and refunded credits counted. */
  instrumentMetering(metering: Metering): Metering
  /** A memory layer with its segments counted: answered from memory, translated by an engine, failed. */
  instrumentMemory(memory: MemoryTranslator): MemoryTranslator
  jobFinished(status: string): void
  webhookDelivered(outcome: 'delivered' | 'retry' | 'failed'): void
  /** Reads the queue depth (jobs runnable now) at scrape time. */
  setQueueDepth(read: () => Promise<number>): void
}

export function createMetrics(options: { engine?: () => Engine; defaultMetrics?: boolean } = {}): Metrics {
  const registry = new Registry()
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry, prefix: 'verso_process_' })

  const httpRequests = new Counter({ name: 'verso_http_requests_total', help: 'HTTP requests answered, by route and status', labelNames: ['method', 'route', 'status'], registers: [registry] })
  const httpDuration = new Histogram({
    name: 'verso_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  })
  const engineDuration = new Histogram({
    name: 'verso_engine_duration_seconds',
    help: 'Time of one engine call (all segments of a request), by engine, direction and outcome',
    labelNames: ['engine', 'direction', 'outcome'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  })
  const credits = new Counter({ name: 'verso_credits_total', help: 'Credits charged and refunded', labelNames: ['kind'], registers: [registry] })
  const memorySegments = new Counter({
    name: 'verso_memory_segments_total',
    help: 'Segments through the translation memory, by outcome: reused (no engine call), translated, failed',
    labelNames: ['outcome'],
    registers: [registry],
  })
  const countSegments = (results: ReadonlyArray<{ reused?: boolean } | { error: Error }>) => {
    for (const result of results) memorySegments.inc({ outcome: 'error' in result ? 'failed' : result.reused ? 'reused' : 'translated' })
  }
  const jobs = new Counter({ name: 'verso_jobs_finished_total', help: 'i18n jobs that ended, by status', labelNames: ['status'], registers: [registry] })
  const webhooks = new Counter({ name: 'verso_webhook_deliveries_total', help: 'Webhook delivery attempts, by outcome', labelNames: ['outcome'], registers: [registry] })

  let readQueueDepth: (() => Promise<number>) | null = null
  new Gauge({
    name: 'verso_jobs_queue_depth',
    help: 'i18n jobs waiting to be claimed by a worker (runnable now)',
    registers: [registry],
    async collect() {
      if (readQueueDepth) this.set(await readQueueDepth())
    },
  })

  // Apertium pipelines, read from the engine's stats when scraped. The engine's totals only
  // grow (stopped pipelines included), so these counters are exact. stats() walks every
  // pipeline: during a scrape() it is read once, for all the metrics that need it.
  let scraping: { stats?: ReturnType<Engine['stats']> } | null = null
  const engineStats = () => {
    if (!scraping) return options.engine?.().stats()
    if (!('stats' in scraping)) scraping.stats = options.engine?.().stats()
    return scraping.stats
  }
  const totals: Array<[string, string, (stats: ReturnType<Engine['stats']>) => number | undefined]> = [
    ['verso_apertium_pipeline_starts_total', 'Apertium pipeline starts and restarts', (s) => s.pipelineStarts],
    ['verso_apertium_flushes_total', 'Flushes (writes of a batch of texts) to Apertium pipelines', (s) => s.flushes?.count],
    ['verso_apertium_flushed_texts_total', 'Texts those flushes held (÷ verso_apertium_flushes_total: texts per flush, the batching achieved under load)', (s) => s.flushes?.texts],
  ]
  for (const [name, help, read] of totals) {
    let seen = 0
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        const stats = engineStats()
        const now = (stats && read(stats)) ?? 0
        if (now > seen) this.inc(now - seen)
        seen = Math.max(seen, now)
      },
    })
  }
  new Gauge({
    name: 'verso_apertium_pipelines_live',
    help: 'Apertium pipelines running now',
    registers: [registry],
    collect() {
      const stats = engineStats()
      if (stats) this.set(stats.pipelines.filter((p) => p.processIds.length > 0).length)
    },
  })
  new Gauge({
    name: 'verso_apertium_pipelines_first_reading',
    help: "Apertium pipelines running now that take each word's first reading, their mode's tagger crashing on ambiguous words (Debian's rus-ukr, ukr-rus, rus-bel)",
    registers: [registry],
    collect() {
      const stats = engineStats()
      if (stats) this.set(stats.pipelines.filter((p) => p.processIds.length > 0 && p.disambiguation === 'first-reading').length)
    },
  })

  /** Times one engine call; the engine named is the first a translation reports (apertium until others exist). */
  async function timedCall<R extends ReadonlyArray<object>>(pair: { source: string; target: string }, call: () => Promise<R>): Promise<R> {
    const stop = engineDuration.startTimer({ direction: `${pair.source}-${pair.target}` })
    try {
      const result = await call()
      const named = result.find((r) => typeof (r as { engine?: unknown }).engine === 'string') as { engine?: string } | undefined
      stop({ engine: named?.engine ?? 'apertium', outcome: 'ok' })
      return result
    } catch (error) {
      stop({ engine: 'apertium', outcome: 'error' })
      throw error
    }
  }

  return {
    registry,
    async scrape() {
      scraping = {}
      try {
        return await registry.metrics()
      } finally {
        scraping = null
      }
    },
    observeRequest(method, route, status, seconds) {
      httpRequests.inc({ method, route, status: String(status) })
      httpDuration.observe({ method, route }, seconds)
    },
    instrumentEngine(engine) {
      const instrumented: Pick<Engine, 'translate' | 'translateSettled'> = {
        translate: (segments, pair, opts) => timedCall(pair, () => engine.translate(segments, pair, opts)),
        translateSettled: (segments, pair, opts) => timedCall(pair, () => engine.translateSettled(segments, pair, opts)),
      }
      return Object.assign(Object.create(engine) as Engine, instrumented)
    },
    instrumentMetering(metering) {
      return Object.assign(Object.create(metering) as Metering, {
        async charge(accountId: string, amount: number, options?: KeyedOptions) {
          const result = await metering.charge(accountId, amount, options)
          // a keyed charge already taken took nothing this time
          if (result?.ok && !result.alreadyCharged) credits.inc({ kind: 'charged' }, amount)
          return result
        },
        async refund(accountId: string, amount: number, options?: KeyedOptions) {
          await metering.refund(accountId, amount, options)
          credits.inc({ kind: 'refunded' }, amount)
        },
        async settle(accountId: string, keep: number, options: KeyedOptions & { idempotencyKey: string }) {
          const given = await metering.settle(accountId, keep, options)
          credits.inc({ kind: 'refunded' }, given)
          return given
        },
      })
    },
    instrumentMemory(memory) {
      return Object.assign(Object.create(memory) as MemoryTranslator, {
        async translate(...args: Parameters<MemoryTranslator['translate']>) {
          const results = await memory.translate(...args)
          countSegments(results)
          return results
        },
        async translateSettled(...args: Parameters<MemoryTranslator['translateSettled']>) {
          const results = await memory.translateSettled(...args)
          countSegments(results)
          return results
        },
      })
    },
    jobFinished(status) {
      jobs.inc({ status })
    },
    webhookDelivered(outcome) {
      webhooks.inc({ outcome })
    },
    setQueueDepth(read) {
      readQueueDepth = read
    },
  }
}
