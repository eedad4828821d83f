import type { JobLogger, JobStore, OutboxRow } from './types.js'
import { deliverOnce, type DeliveryResult } from './webhook/deliver.js'
import { signWebhook } from './webhook/signature.js'

export interface OutboxOptions {
  store: JobStore
  credits: { refund(ownerId: string, amount: number, refund?: { id: string; jobId: string; idempotencyKey?: string; attempt?: string }): Promise<void> } | undefined
  webhookSecret: ((ownerId: string) => Promise<string>) | undefined
  webhook: { backoffMs: number; timeoutMs: number; retries: number; allowPrivateNetworks: boolean; ca: string | Buffer | undefined }
  pollMs: number
  logger: JobLogger
  /** After each webhook attempt, with its outcome. */
  onWebhookAttempt?: (outcome: 'delivered' | 'retry' | 'failed') => void
}

/** A refund that keeps failing is retried at most this far apart: credits owed are never dropped. */
const MAX_REFUND_BACKOFF_MS = 60 * 60 * 1000

/**
 * Delivers the outbox: refunds and webhooks written by the transactions that end or delete
 * jobs. Rows are leased, so loops in several processes share them.
 */
export function createOutbox(options: OutboxOptions) {
  const { store, credits, webhook, logger } = options
  const leaseMs = webhook.timeoutMs + 30_000
  let running = false
  let loops: Promise<void>[] = []
  const wakers = new Set<() => void>()

  async function refund(row: OutboxRow): Promise<void> {
    if (!credits) {
      // Leave it to a process that has the credits hook.
      await store.settleOutbox(row.id, row.lease_token, { done: false, attempts: row.attempts, nextAt: Date.now() + 60_000, error: 'no credits hook here' })
      return
    }
    // Refund first, then delete the row: a refund is never lost. A failing hook leaves the row
    // to be retried with backoff (it is money owed, so there is no last attempt); a crash between
    // the refund and the delete pays it again (the row id is passed so a hook can dedupe).
    // `idempotencyKey` (and `attempt`): the refund of a job whose creation under that key failed
    // undoes the key's reservation (its record too), exactly as when it was paid at once.
    const { amount, ...keyed } = JSON.parse(row.payload) as { amount: number; idempotencyKey?: string; attempt?: string }
    try {
      await credits.refund(row.owner_id, amount, { id: row.id, jobId: row.job_id, ...keyed })
    } catch (error) {
      const attempts = row.attempts + 1
      const message = error instanceof Error ? error.message : String(error)
      logger.error({ err: error, job_id: row.job_id, owner_id: row.owner_id, amount, attempts }, 'jobs: refund failed; it stays in the outbox and is retried')
      const delay = Math.min(MAX_REFUND_BACKOFF_MS, webhook.backoffMs * 2 ** Math.min(attempts - 1, 30))
      await store.settleOutbox(row.id, row.lease_token, { done: false, attempts, nextAt: Date.now() + delay, error: message })
      return
    }
    if (!(await store.settleOutbox(row.id, row.lease_token, { done: true }))) {
      logger.warn({ job_id: row.job_id, owner_id: row.owner_id, amount, refund_id: row.id }, 'jobs: refund paid after its outbox lease ran out; another loop may pay it again')
    }
  }

  async function post(row: OutboxRow): Promise<void> {
    const { url, body } = JSON.parse(row.payload) as { url: string; body: string }
    const headers: Record<string, string> = { 'x-verso-event': 'i18n_translation.completed', 'x-verso-delivery': row.id }
    let result: DeliveryResult
    try {
      if (options.webhookSecret) headers['x-verso-signature'] = signWebhook(await options.webhookSecret(row.owner_id), body)
      result = await deliverOnce(url, body, headers, { timeoutMs: webhook.timeoutMs, allowPrivateNetworks: webhook.allowPrivateNetworks, ca: webhook.ca })
    } catch (error) {
      result = { ok: false, retry: true, error: (error as Error).message }
    }
    const attempts = row.attempts + 1
    if (result.ok) {
      await store.settleOutbox(row.id, row.lease_token, { done: true, webhook: { state: 'delivered', attempts, last_error: null } })
      options.onWebhookAttempt?.('delivered')
      return
    }
    if (!result.retry || attempts > webhook.retries) {
      // Refused for good (a forbidden address) or out of retries: recorded on the job, where its owner sees it.
      logger.warn({ job_id: row.job_id, attempts, error: result.error }, 'jobs: webhook not delivered; giving up')
      await store.settleOutbox(row.id, row.lease_token, { done: true, webhook: { state: 'failed', attempts, last_error: result.error } })
      options.onWebhookAttempt?.('failed')
      return
    }
    logger.info({ job_id: row.job_id, attempts, error: result.error }, 'jobs: webhook attempt failed; retrying')
    options.onWebhookAttempt?.('retry')
    await store.settleOutbox(row.id, row.lease_token, {
      done: false,
      attempts,
      nextAt: Date.now() + webhook.backoffMs * 2 ** (attempts - 1),
      error: result.error,
      webhook: { state: 'pending', attempts, last_error: result.error },
    })
  }

  const deliver = (row: OutboxRow) => (row.kind === 'refund' ? refund(row) : post(row))

  async function loop(): Promise<void> {
    while (running) {
      let row: OutboxRow | null = null
      try {
        row = await store.claimOutbox(leaseMs)
        if (row) await deliver(row)
      } catch (error) {
        // The row (if any) stays leased and is taken again when its lease runs out.
        logger.error({ err: error, outbox_id: row?.id, job_id: row?.job_id }, 'jobs: outbox delivery failed')
        row = null
      }
      if (row || !running) continue
      let wait = options.pollMs
      try {
        const at = await store.nextOutboxAt()
        if (at !== null) wait = Math.max(5, Math.min(options.pollMs, at - Date.now()))
      } catch (error) {
        logger.warn({ err: error }, 'jobs: reading the outbox schedule failed; polling')
      }
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer)
          wakers.delete(done)
          resolve()
        }
        const timer = setTimeout(done, wait)
        wakers.add(done)
      })
    }
  }

  const wake = () => {
    for (const waker of [...wakers]) waker()
  }

  return {
    /** Starts `count` delivery loops. */
    start(count: number) {
      if (running) return
      running = true
      loops = Array.from({ length: count }, loop)
    },
    /** Delivers what is due now, then returns. */
    async drain() {
      for (let i = 0; i < 10_000; i++) {
        const row = await store.claimOutbox(leaseMs)
        if (!row) return
        await deliver(row)
      }
    },
    wake,
    async stop() {
      running = false
      wake()
      await Promise.all(loops.splice(0))
    },
  }
}
