import { silentLogger, type JobLogger, type JobQueue, type QueueHandler } from '../types.js'

export interface LeaseQueueOptions {
  /** How often idle consumers look for claimable jobs (new, retried, or left by a crashed worker). Default: 500. */
  pollMs?: number
  /** Where a consumer's unexpected error is reported (the consumer goes on after pollMs). Default: silent. */
  logger?: JobLogger
}

/**
 * The embedded default: consumers claim jobs straight from the JobStore (a lease per claim),
 * so nothing but the store is needed and a crashed worker's job is claimed again once its
 * lease expires. `enqueue` only wakes idle consumers.
 */
export function leaseQueue(options: LeaseQueueOptions = {}): JobQueue {
  const pollMs = options.pollMs ?? 500
  const logger = options.logger ?? silentLogger
  let running = false
  const loops: Promise<void>[] = []
  const sleepers = new Set<() => void>()
  const wake = () => {
    for (const resolve of sleepers) resolve()
    sleepers.clear()
  }
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        sleepers.delete(done)
        resolve()
      }, ms)
      const done = () => {
        clearTimeout(timer)
        resolve()
      }
      sleepers.add(done)
    })

  async function loop(handler: QueueHandler): Promise<void> {
    while (running) {
      let result: Awaited<ReturnType<QueueHandler>>
      try {
        result = await handler(null)
      } catch (error) {
        // A store error while claiming: the job (if any) stays where it was; try again after pollMs.
        logger.error({ err: error }, 'jobs: lease queue consumer failed')
        result = 'idle'
      }
      if (!running) break
      if (result !== 'done') await sleep(pollMs)
    }
  }

  return {
    async enqueue() {
      wake()
    },
    start(handler, { concurrency }) {
      if (running) return
      running = true
      for (let i = 0; i < Math.max(1, concurrency); i++) loops.push(loop(handler))
    },
    async stop() {
      running = false
      wake()
      await Promise.all(loops.splice(0))
    },
    async close() {
      await this.stop()
    },
  }
}
