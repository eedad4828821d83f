import type { JobService } from './service.js'

/**
 * Runs `service`'s worker until SIGINT/SIGTERM, then closes it gracefully (running jobs are
 * handed back to the queue). For `npm run worker` processes in the scale-out setup.
 */
export function runWorker(service: JobService, options: { signals?: NodeJS.Signals[]; onStop?: () => Promise<void> | void } = {}): Promise<void> {
  service.startWorker()
  return new Promise((resolve) => {
    const stop = () => {
      for (const signal of options.signals ?? ['SIGINT', 'SIGTERM']) process.off(signal, stop)
      void service
        .close()
        .then(() => options.onStop?.())
        .finally(() => resolve())
    }
    for (const signal of options.signals ?? ['SIGINT', 'SIGTERM']) process.on(signal, stop)
  })
}
