import { Queue, Worker } from 'bullmq'
import { silentLogger, type JobLogger, type JobQueue, type QueueHandler } from '../types.js'

export interface BullmqQueueOptions {
  /** Redis URL, e.g. `redis://127.0.0.1:6379`. */
  url: string
  /** BullMQ queue name. Default: `verso-i18n-jobs`. */
  name?: string
  /** BullMQ key prefix (tests use one per run). Default: `bull`. */
  prefix?: string
  /**
   * How long a BullMQ lock lasts without renewal; after it a stalled job (its worker died) goes
   * back to the queue. Keep it near the store lease. Default: 30000.
   */
  lockMs?: number
  /** Delay before retrying a job whose store lease another worker still holds. Default: 1000. */
  busyDelayMs?: number
  /** Where Redis connection errors and failed handler runs are reported. Default: silent. */
  logger?: JobLogger
}

/**
 * BullMQ (Redis) as the queue for the scale-out setup: any number of worker processes on any
 * machine consume it. BullMQ only carries job ids; the JobStore stays the source of truth and
 * its lease decides who works on a job, so a duplicate delivery (stalled-job recovery, a
 * re-enqueue at start-up) does no harm.
 */
export function bullmqQueue(options: BullmqQueueOptions): JobQueue {
  const name = options.name ?? 'verso-i18n-jobs'
  const connection = { url: options.url, maxRetriesPerRequest: null }
  const prefix = options.prefix ?? 'bull'
  const lockMs = options.lockMs ?? 30_000
  const busyDelayMs = options.busyDelayMs ?? 1000
  const logger = options.logger ?? silentLogger
  let queue: Queue | undefined
  const getQueue = () => {
    if (!queue) {
      queue = new Queue(name, { connection, prefix })
      // Connection trouble also surfaces as rejected adds; an unhandled 'error' event would crash the process.
      queue.on('error', (error) => logger.warn({ err: error }, 'jobs: BullMQ queue error'))
    }
    return queue
  }
  let worker: Worker | undefined
  let seq = 0

  const add = (jobId: string, delay: number, suffix: string) =>
    getQueue().add(
      'i18n',
      { jobId },
      { jobId: `${jobId}-${suffix}`, delay, removeOnComplete: true, removeOnFail: true, attempts: 3, backoff: { type: 'exponential', delay: busyDelayMs } },
    )

  return {
    async enqueue(jobId, delayMs = 0) {
      // One BullMQ id per (job, delay) request: BullMQ drops an add whose id it still holds.
      await add(jobId, delayMs, delayMs > 0 ? `d${Date.now()}-${seq++}` : 'run')
    },
    start(handler: QueueHandler, { concurrency }) {
      if (worker) return
      worker = new Worker(
        name,
        async (job) => {
          const jobId = (job.data as { jobId: string }).jobId
          const result = await handler(jobId)
          if (result === 'busy') await add(jobId, busyDelayMs, `b${Date.now()}-${seq++}`)
        },
        { connection, prefix, concurrency, lockDuration: lockMs, stalledInterval: Math.max(1000, Math.floor(lockMs / 2)), maxStalledCount: 10 },
      )
      worker.on('error', (error) => logger.warn({ err: error }, 'jobs: BullMQ worker error'))
      // A throwing handler (a store error): BullMQ retries the delivery (attempts: 3), and the sweep covers the rest.
      worker.on('failed', (job, error) => logger.warn({ err: error, job_id: (job?.data as { jobId?: string } | undefined)?.jobId }, 'jobs: queue delivery failed'))
    },
    async stop() {
      const w = worker
      worker = undefined
      if (w) await w.close()
    },
    async close() {
      await this.stop()
      if (queue) await queue.close()
      queue = undefined
    },
  }
}
