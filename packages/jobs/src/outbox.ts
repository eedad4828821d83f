import { randomUUID } from 'node:crypto'
import type { JobStore, OutboxRow } from './types.js'
import { deliverOnce, type DeliveryResult } from './webhook/deliver.js'
import { signWebhook } from './webhook/signature.js'

export interface OutboxOptions {
  store: JobStore
  credits: { refund(ownerId: string, amount: number): Promise<void> } | undefined
  webhookSecret: ((ownerId: string) => Promise<string>) | undefined
  webhook: { backoffMs: number; timeoutMs: number; retries: number; allowPrivateNetworks: boolean; ca: string | Buffer | undefined }
  pollMs: number
}

/**
 * Delivers the outbox: refunds and webhooks written by the transactions that end or delete
 * jobs. Rows are leased, so loops in several processes share them.
 */
export function createOutbox(options: OutboxOptions) {
  const { store, credits, webhook } = options
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
    // Settle first, then refund: a crash in between loses a refund rather than paying it twice.
    if (!(await store.settleOutbox(row.id, row.lease_token, { done: true }))) return
    const { amount } = JSON.parse(row.payload) as { amount: number }
    try {
      await credits.refund(row.owner_id, amount)
    } catch {
      await store.addOutbox({ ...row, id: randomUUID(), next_at: Date.now() + webhook.backoffMs }).catch(() => {})
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
    if (result.ok || !result.retry || attempts > webhook.retries) {
      // Delivered, refused for good (a forbidden address), or out of retries.
      await store.settleOutbox(row.id, row.lease_token, { done: true })
      return
    }
    await store.settleOutbox(row.id, row.lease_token, {
      done: false,
      attempts,
      nextAt: Date.now() + webhook.backoffMs * 2 ** (attempts - 1),
      error: result.error,
    })
  }

  const deliver = (row: OutboxRow) => (row.kind === 'refund' ? refund(row) : post(row))

  async function loop(): Promise<void> {
    while (running) {
      let row: OutboxRow | null = null
      try {
        row = await store.claimOutbox(leaseMs)
        if (row) await deliver(row)
      } catch {
        row = null
      }
      if (row || !running) continue
      let wait = options.pollMs
      try {
        const at = await store.nextOutboxAt()
        if (at !== null) wait = Math.max(5, Math.min(options.pollMs, at - Date.now()))
      } catch {}
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
