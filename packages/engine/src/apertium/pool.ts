/**
 * The pipelines of every direction, started on demand and bounded: a direction's first
 * pipeline starts on its first text, a pipeline unused for `idleMs` stops, and at most
 * `maxPipelines` run at once (pipelines, not directions).
 *
 * At the cap, a direction without a running pipeline stops the least recently used idle
 * pipeline of another direction and starts its own; when every running pipeline is busy, its
 * text waits (FIFO) until one goes idle, at most `waitMs`, then fails with ENGINE_UNAVAILABLE.
 * A direction's further pipelines (up to `perDirection`) start only when it is busy and there
 * is room below the cap: they add throughput, so they never stop another direction's pipeline.
 */
import { availableParallelism, totalmem } from 'node:os'
import { EngineError } from '../errors.js'
import { createApertiumPipeline, type ApertiumPipeline, type ApertiumPipelineOptions } from './pipeline.js'
import type { Disambiguation } from './mode.js'

export interface PipelinePoolOptions {
  /** A pipeline with nothing outstanding for this long is stopped. Default: 600000 (10 min) */
  idleMs?: number
  /** Most pipelines running at once, over every direction. Default: {@link defaultMaxPipelines} */
  maxPipelines?: number
  /** Most pipelines of one direction, started while it is busy and there is room. Default: {@link defaultPipelinesPerDirection} */
  perDirection?: number
  /** Longest a text waits for a pipeline when all are busy at the cap. Default: 10000 */
  waitMs?: number
  /** Options of every pipeline (flush sizes, timeouts). */
  pipeline?: Omit<ApertiumPipelineOptions, 'onTransition' | 'onFlush'>
}

export interface PipelineStats {
  mode: string
  processIds: number[]
  starts: number
  /** Texts submitted and not yet answered. */
  outstanding: number
  /** 'first-reading' where the mode's tagger crashes on ambiguity (see ApertiumPipeline.disambiguation). */
  disambiguation: Disambiguation
}

/** Totals over every pipeline the pool has run, stopped ones included: they only grow. */
export interface PoolTotals {
  /** Process starts and restarts. */
  starts: number
  /** Flushes (writes of a batch of texts) so far, retries included. */
  flushes: number
  /** Texts those flushes held (÷ flushes: the batching achieved). */
  texts: number
}

export interface PipelinePool {
  /** Whether the direction's pipelines send inline tags as word-bound blanks. */
  wordBound(modeFile: string): boolean
  /** Translates one stream-format text on one of the direction's pipelines (see ApertiumPipeline.translate). */
  translate(modeFile: string, stream: string, options?: { signal?: AbortSignal }): Promise<string>
  /** Starts the direction's first pipeline now if the cap leaves room (no eviction). */
  warm(modeFile: string): void
  /** Running pipelines (those with processes or texts owed), by direction in order of first use. */
  stats(): PipelineStats[]
  /** Starts, flushes and texts since the pool was made. */
  totals(): PoolTotals
  /** Stops every pipeline; waiting and pending texts are rejected with ENGINE_CLOSED. */
  close(): Promise<void>
}

/**
 * One pipeline per 3 GiB of memory, between 2 and 8. A pipeline's process tree measured
 * 120–270 MB RSS summed over its stages (eng-spa 199 MB, eng-cat 269 MB, mkd-eng 143 MB;
 * nob-nno 480 MB), PSS about half of that; ten pipelines after 30 directions summed 2.85 GB
 * RSS with the Node process (bench/memory.mjs), so eight keep the tree near 2.3 GB. More
 * running pipelines add no CPU (one busy pipeline already keeps 2 cores busy); they spare the
 * start-up (0.2–1.7 s) of directions in use.
 */
export function defaultMaxPipelines(memoryBytes = totalmem()): number {
  return Math.max(2, Math.min(8, Math.floor(memoryBytes / (3 * 2 ** 30))))
}

/**
 * One pipeline per direction for every three cores, at least one. A pipeline's stages run in
 * parallel, and with flushes batched under load (pipeline.ts) one eng-spa pipeline keeps two
 * cores busy: its slowest stage (postchunk) takes about 30 % of its CPU, so it could keep
 * about three. On 2 cores a second pipeline per direction served 14–17 % fewer requests than
 * one (BENCHMARKS.md): 26 processes instead of 13 contend for the same caches.
 */
export function defaultPipelinesPerDirection(cores = availableParallelism()): number {
  return Math.max(1, Math.floor(cores / 3))
}

interface Slot {
  mode: string
  pipeline: ApertiumPipeline
  /** When a text was last submitted or the pipeline last went idle (performance.now()). */
  lastUsed: number
  idleTimer: NodeJS.Timeout | null
}

interface Direction {
  mode: string
  slots: Slot[]
  wordBound: boolean
}

interface Waiter {
  direction: Direction
  stream: string
  resolve: (answer: Promise<string>) => void
  reject: (error: EngineError) => void
  timer: NodeJS.Timeout
  signal: AbortSignal | undefined
  onAbort: (() => void) | undefined
}

/** Running: processes up, or texts it still owes (a pipeline between a failure and its restart). */
function running(slot: Slot): boolean {
  return slot.pipeline.state.process !== 'stopped' || slot.pipeline.outstanding > 0
}

export function createPipelinePool(options: PipelinePoolOptions = {}): PipelinePool {
  const idleMs = Math.max(1, options.idleMs ?? 600_000)
  const maxPipelines = Math.max(1, Math.floor(options.maxPipelines ?? defaultMaxPipelines()))
  const perDirection = Math.max(1, Math.floor(options.perDirection ?? defaultPipelinesPerDirection()))
  const waitMs = Math.max(0, options.waitMs ?? 10_000)
  const directions = new Map<string, Direction>()
  const waiters: Waiter[] = []
  let closed = false

  function direction(mode: string): Direction {
    let entry = directions.get(mode)
    if (!entry) {
      // Creating a pipeline starts no stage (a mode with a tagger probes it once: a few ms); the
      // first one also tells whether tags go word-bound.
      const first = newSlot(mode)
      entry = { mode, slots: [first], wordBound: first.pipeline.wordBound }
      directions.set(mode, entry)
    }
    return entry
  }

  function newSlot(mode: string): Slot {
    return { mode, pipeline: createApertiumPipeline(mode, options.pipeline), lastUsed: performance.now(), idleTimer: null }
  }

  function allSlots(): Slot[] {
    return [...directions.values()].flatMap((d) => d.slots)
  }

  function runningCount(): number {
    let n = 0
    for (const entry of directions.values()) for (const slot of entry.slots) if (running(slot)) n++
    return n
  }

  /** Arms the idle check of a running slot; it re-arms itself until the slot is really unused. */
  function armIdle(slot: Slot) {
    if (slot.idleTimer) return
    const wait = Math.max(1, slot.lastUsed + idleMs - performance.now())
    slot.idleTimer = setTimeout(() => {
      slot.idleTimer = null
      if (closed || !running(slot)) return
      if (slot.pipeline.outstanding > 0) {
        slot.lastUsed = performance.now()
        armIdle(slot)
      } else if (performance.now() - slot.lastUsed >= idleMs) {
        if (stopSlot(slot)) serveWaiters()
      } else armIdle(slot)
    }, wait)
    slot.idleTimer.unref?.()
  }

  /** Stops an idle slot's processes; false when it turned out not to be idle. */
  function stopSlot(slot: Slot): boolean {
    if (!slot.pipeline.stop()) return false
    if (slot.idleTimer) clearTimeout(slot.idleTimer)
    slot.idleTimer = null
    return true
  }

  /** The least recently used pipeline with nothing outstanding, outside `except`. */
  function idleVictim(except: Direction): Slot | null {
    let victim: Slot | null = null
    for (const slot of allSlots()) {
      if (slot.mode === except.mode || !running(slot) || slot.pipeline.outstanding > 0) continue
      if (!victim || slot.lastUsed < victim.lastUsed) victim = slot
    }
    return victim
  }

  /** A stopped slot of the direction (or a new one) to start. */
  function spareSlot(entry: Direction): Slot {
    const stopped = entry.slots.find((s) => !running(s))
    if (stopped) return stopped
    const slot = newSlot(entry.mode)
    entry.slots.push(slot)
    return slot
  }

  /**
   * The slot to use now, or null when the text must wait. Among the direction's running
   * pipelines, the one owing the fewest texts; another one starts if that one is busy and the
   * cap leaves room; the first one may stop an idle pipeline of another direction.
   */
  function choose(entry: Direction): Slot | null {
    let best: Slot | null = null
    let live = 0
    for (const slot of entry.slots) {
      if (!running(slot)) continue
      live++
      if (!best || slot.pipeline.outstanding < best.pipeline.outstanding) best = slot
    }
    if (best && (best.pipeline.outstanding === 0 || live >= perDirection)) return best
    if (runningCount() < maxPipelines) return spareSlot(entry)
    if (best) return best
    const victim = idleVictim(entry)
    if (!victim || !stopSlot(victim)) return null
    return spareSlot(entry)
  }

  function use(slot: Slot, stream: string, signal: AbortSignal | undefined): Promise<string> {
    slot.lastUsed = performance.now()
    const answer = slot.pipeline.translate(stream, { signal })
    armIdle(slot)
    return answer.finally(() => settled(slot))
  }

  function serveWaiters() {
    while (waiters.length > 0) {
      const waiter = waiters[0]!
      const slot = choose(waiter.direction)
      if (!slot) return
      waiters.shift()
      clearTimeout(waiter.timer)
      if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort)
      // Submitted at once, so the next waiter sees this slot as running.
      waiter.resolve(use(slot, waiter.stream, waiter.signal))
    }
  }

  function wait(entry: Direction, stream: string, signal: AbortSignal | undefined): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const waiter: Waiter = {
        direction: entry,
        stream,
        resolve,
        reject,
        signal,
        onAbort: undefined,
        timer: setTimeout(() => {
          remove(waiter)
          reject(new EngineError('ENGINE_UNAVAILABLE',
            `All ${maxPipelines} Apertium pipelines stayed busy for ${waitMs} ms (APERTIUM_MAX_PIPELINES)`))
        }, waitMs),
      }
      if (signal) {
        waiter.onAbort = () => {
          remove(waiter)
          clearTimeout(waiter.timer)
          reject(new EngineError('ENGINE_ABORTED', 'Translation aborted', { cause: signal.reason }))
        }
        signal.addEventListener('abort', waiter.onAbort, { once: true })
      }
      waiters.push(waiter)
    })
  }

  function remove(waiter: Waiter) {
    const at = waiters.indexOf(waiter)
    if (at >= 0) waiters.splice(at, 1)
  }

  function settled(slot: Slot) {
    // A pipeline that has answered everything is a candidate for waiters and for the idle clock.
    if (slot.pipeline.outstanding === 0) {
      slot.lastUsed = performance.now()
      if (waiters.length > 0) serveWaiters()
    }
  }

  return {
    wordBound(mode) {
      return direction(mode).wordBound
    },
    async translate(mode, stream, opts = {}) {
      if (closed) throw new EngineError('ENGINE_CLOSED', 'The engine is closed')
      if (opts.signal?.aborted) throw new EngineError('ENGINE_ABORTED', 'Translation aborted', { cause: opts.signal.reason })
      const entry = direction(mode)
      // Behind earlier waiters, a text waits too (FIFO), unless its direction has a pipeline.
      const slot = waiters.length === 0 || entry.slots.some(running) ? choose(entry) : null
      return slot ? use(slot, stream, opts.signal) : wait(entry, stream, opts.signal)
    },
    warm(mode) {
      if (closed) return
      const entry = direction(mode)
      if (entry.slots.some(running) || runningCount() >= maxPipelines) return
      const slot = spareSlot(entry)
      slot.lastUsed = performance.now()
      slot.pipeline.start()
      armIdle(slot)
    },
    stats() {
      return allSlots().filter(running).map((slot) => ({
        mode: slot.mode,
        processIds: slot.pipeline.processIds(),
        starts: slot.pipeline.starts,
        outstanding: slot.pipeline.outstanding,
        disambiguation: slot.pipeline.disambiguation,
      }))
    },
    totals() {
      const totals = { starts: 0, flushes: 0, texts: 0 }
      for (const slot of allSlots()) {
        totals.starts += slot.pipeline.starts
        totals.flushes += slot.pipeline.flushes.count
        totals.texts += slot.pipeline.flushes.texts
      }
      return totals
    },
    async close() {
      closed = true
      for (const waiter of waiters.splice(0)) {
        clearTimeout(waiter.timer)
        if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort)
        waiter.reject(new EngineError('ENGINE_CLOSED', 'The engine was closed'))
      }
      const slots = allSlots()
      for (const slot of slots) if (slot.idleTimer) clearTimeout(slot.idleTimer)
      await Promise.all(slots.map((slot) => slot.pipeline.close()))
    },
  }
}
