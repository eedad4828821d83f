/**
 * One warm Apertium pipeline for one direction: a process supervisor (supervisor.ts: the
 * stages as child processes) driven by a flush scheduler (here: which texts go in which flush,
 * and what happens when a flush fails).
 *
 * A flush is one write of a batch of texts. Each text travels as `[v:SEQ]text[v:e] \0`: the
 * markers come back untouched as superblanks and check that each answer belongs to its text,
 * and each text ends with its own null flush (`\0`), after which every stage reads the next
 * text as the first text of a stream: a text is answered as `apertium` answers it alone.
 * Texts separated by sentence ends alone were not independent: the transfer rules of some
 * pairs keep variables from one sentence to the next (uk→ru moved the "чи" of one text into
 * the next text as "ли": "имело ли быть вказано…", a word of one caller's text in another's
 * answer). Until 2026-11-24 two sentence ends went before each text (`.[v:p] .`) to give every
 * text the same context; the null flush gives it already, and the two extra tokens made 21
 * directions answer differently from `apertium` ("Cerca columna", ca→fr: "Il cherche de la
 * colonne" for `apertium`'s "Cherche colonne") and cost about 8 % of the stages' CPU.
 * What no framing removes, Debian's HMM tagger narrowing its model's open class the first time
 * it meets an ambiguity class it was not trained with (answers then depended on what the
 * process had tagged before, as with `apertium` on a file or APy's warm pipelines), the
 * tagger's open-class fix does (native/tagger-open-class.c, preloads.ts).
 * A flush holds one text when the pipeline is idle; texts arriving while `maxFlushesInFlight`
 * flushes are under way wait and go together in the next one (up to `maxSegmentsPerFlush`).
 *
 * Batching under load: every write wakes each of the ten-odd stage processes, and on a busy
 * machine a wake costs about as much CPU as three sentences (BENCHMARKS.md, "What a null
 * flush costs"); the texts of one write follow each other through the stages without waking
 * them again (a null flush per text instead of one per write measured the same throughput,
 * BENCHMARKS.md). Sent as soon as a flush slot frees, texts went one or two to a flush at 16
 * concurrent callers. So while flushes are under way, a new flush waits until it can hold its
 * share of the texts owed (owed ÷ flush slots, using fewer slots than `maxFlushesInFlight`
 * when that would leave a flush under `minTextsPerFlush`), or until its oldest text has
 * waited `batchWaitMs`. An idle pipeline still sends a text at once.
 *
 * Failure isolation: when a stage dies, answers out of step or makes no progress for
 * `flushTimeoutMs`, the stages are killed and restarted, and every text the pipeline owed
 * becomes a suspect. Suspects are retried alone, one flush in the whole pipeline at a time
 * (state `isolating`), so a suspect's retry cannot be failed by another text; new texts wait
 * meanwhile. A text whose retry fails too is rejected; the others are answered. So a text that
 * hangs Apertium fails alone, after about two `flushTimeoutMs`, and the texts that shared its
 * flush are late, not lost. A text is never answered with another one's output.
 *
 * Taggers that crash: a mode whose tagger dies on the smallest ambiguous input (mode.ts,
 * taggerCrashesOnAmbiguity: Debian's rus-ukr, ukr-rus and rus-bel) runs the first reading of
 * each word in its place from the start (FIRST_READING). In any other mode with a tagger, a
 * text whose retry alone kills a stage again goes to this pipeline's fallback: the same mode
 * with the first-reading filter, started on first need and stopped and closed with this one.
 * A text the fallback cannot translate either fails.
 */
import { EngineError } from '../errors.js'
import { hasWordBoundBlanks, readModeTraits, taggerCrashesOnAmbiguity, type Disambiguation } from './mode.js'
import type { StageAllocator } from './preloads.js'
import { createProcessSupervisor, type ProcessEvent, type ProcessExit, type ProcessState, type StageScheduling } from './supervisor.js'

export type { ProcessEvent, ProcessState, StageScheduling } from './supervisor.js'
export type { StageAllocator } from './preloads.js'

/**
 * - `idle`: nothing queued, nothing owed.
 * - `flowing`: texts are queued or owed; flushes batch the texts that wait.
 * - `isolating`: after a failed flush, its texts are retried one at a time, each alone.
 * - `closed`: ended for good.
 */
export type FlushState = 'idle' | 'flowing' | 'isolating' | 'closed'
/**
 * `submit`: a text arrives; `caught-up`: nothing outstanding any more; `fail`: a flush died,
 * hung or desynced; `isolated`: every suspect is answered or rejected, other texts remain;
 * `broken`: the stages cannot run, everything outstanding was rejected; `close`.
 */
export type FlushEvent = 'submit' | 'caught-up' | 'fail' | 'isolated' | 'broken' | 'close'

const FLUSH_TRANSITIONS: Readonly<Record<FlushState, Partial<Record<FlushEvent, FlushState>>>> = {
  idle: { submit: 'flowing', fail: 'idle', close: 'closed' },
  flowing: { submit: 'flowing', 'caught-up': 'idle', fail: 'isolating', broken: 'idle', close: 'closed' },
  isolating: { submit: 'isolating', fail: 'isolating', isolated: 'flowing', 'caught-up': 'idle', broken: 'idle', close: 'closed' },
  closed: {},
}

/** The state after `event`, or null when the event does not apply in `state`. */
export function nextFlushState(state: FlushState, event: FlushEvent): FlushState | null {
  return FLUSH_TRANSITIONS[state][event] ?? null
}

/** A change of either state machine, for logs and tests. */
export type PipelineTransition =
  | { machine: 'process'; from: ProcessState; to: ProcessState; event: ProcessEvent }
  | { machine: 'flush'; from: FlushState; to: FlushState; event: FlushEvent }

export interface ApertiumPipelineOptions {
  /**
   * A flush that makes no progress for this long counts as hung: the stages are restarted and
   * its texts retried alone. Default: 10000
   */
  flushTimeoutMs?: number
  /** Most texts in one flush (one write; each text ends with its own null flush, see above). Default: 32 */
  maxSegmentsPerFlush?: number
  /** Most flushes awaiting their answers at once; texts arriving meanwhile wait and are batched. Default: 4 */
  maxFlushesInFlight?: number
  /**
   * While flushes are under way, a flush is not sent with fewer texts than this when more are
   * owed (see "Batching under load" above); 1 sends whatever waits as soon as a slot frees.
   * Default: 4
   */
  minTextsPerFlush?: number
  /** The longest a text waits for others to share its flush while flushes are under way. Default: 6 */
  batchWaitMs?: number
  /**
   * Send open/close pairs as word-bound blanks, so tags move with their words, when the
   * helpers are installed and the mode has a separate bilingual stage. Default: true
   */
  wordBound?: boolean
  /**
   * `batch`: the stages run under Linux's SCHED_BATCH where the machine allows it (no wake-up
   * preemption between them; see supervisor.ts); `default`: under the policy they inherit.
   * Default: 'batch'
   */
  stageScheduling?: StageScheduling
  /** Preload the stoi fast path into the stages when it was built (preloads.ts, `stoiFastPathLibrary`). Default: true */
  stoiFastPath?: boolean
  /** The stages' memory allocator (preloads.ts, `StageAllocator`): tcmalloc where installed, else glibc's. Default: 'tcmalloc' */
  stageAllocator?: StageAllocator
  /**
   * Preload the open-class fix into the tagger when it was built (preloads.ts,
   * `taggerOpenClassLibrary`): a text is tagged as a fresh tagger tags it, whatever the process
   * tagged before. False runs the tagger as Debian ships it. Default: true
   */
  taggerOpenClassFix?: boolean
  /**
   * Stage exits in a row with no answer in between after which every waiting text is
   * rejected with ENGINE_UNAVAILABLE (a pair whose data is missing dies on every start).
   * Hangs do not count: they are pinned on texts by isolation. Default: 3
   */
  maxConsecutiveFailures?: number
  /**
   * `tagger`: as the mode says (unless its tagger crashes on any ambiguity: first reading then),
   * with the first-reading fallback for texts that crash the tagger (above); `first-reading`:
   * the first reading of each word in place of the tagger. Default: 'tagger'
   */
  disambiguation?: Disambiguation
  /** Called on every state change of the process supervisor and of the flush scheduler. */
  onTransition?: (transition: PipelineTransition) => void
  /** Called with the number of texts of each flush as it is written (retries included), for logs and tests. */
  onFlush?: (texts: number) => void
}

export interface ApertiumPipeline {
  /** The mode file this pipeline runs. */
  readonly modeFile: string
  /** Whether inline tags are sent as word-bound blanks. */
  readonly wordBound: boolean
  /**
   * Translates one stream-format text (escaped; see `escapeStream`; ending with a sentence
   * end such as `.`, or it may read on into the separator) and resolves with the pipeline's
   * stream-format answer for it.
   */
  translate(stream: string, options?: { signal?: AbortSignal }): Promise<string>
  /** Starts the processes now instead of on first use. */
  start(): void
  /**
   * Stops the processes if nothing is queued or owed (the next text starts them again).
   * Returns whether it stopped them.
   */
  stop(): boolean
  /** Process ids of the running stages, in pipeline order (then the fallback's, once started); empty when not running. */
  processIds(): number[]
  /** How many times the processes were (re)started. */
  readonly starts: number
  /** Flushes (writes of a batch of texts) so far, retries included, and the texts they held: texts ÷ flushes is the batching achieved. */
  readonly flushes: { count: number; texts: number }
  /** Texts answered by the first-reading fallback (see above) since the pipeline was made. */
  readonly fallbackTexts: number
  /** How the stages choose among a word's readings: 'first-reading' when asked, or when the mode's tagger crashes on ambiguity. */
  readonly disambiguation: Disambiguation
  /** The two state machines' current states. */
  readonly state: { process: ProcessState; flush: FlushState }
  /** Texts submitted and not yet answered, rejected or aborted. */
  readonly outstanding: number
  /** Ends every process; pending texts are rejected with ENGINE_CLOSED. */
  close(): Promise<void>
}

interface Unit {
  seq: number
  stream: string
  /** Flushes this text was written in. */
  attempts: number
  resolve: (value: string) => void
  reject: (error: EngineError) => void
  settled: boolean
  signal: AbortSignal | undefined
  onAbort: (() => void) | undefined
  /** performance.now() when it was submitted. */
  submittedAt: number
}

const END = '[v:e]'
/**
 * A blank before each null flush: lttoolbox's `lt-proc -w` (isl-eng's analyser) drops the last
 * word of a flush that ends `…ER Stórt.[v:e]\0` (an all-caps word, then a capitalised one, then
 * the end of input), so sv→is→en answered "The house IS" for "Huset är stort.". With a blank
 * after the last marker the word is kept; the blank is outside the text's markers.
 */
const SUFFIX = ' \0'

/** The answer to `unit` in one null-flushed chunk of output, or null when its markers are missing or another text's are there. */
function answerOf(chunk: string, unit: Unit): string | null {
  const marker = `[v:${unit.seq}]`
  const start = chunk.indexOf(marker)
  if (start < 0) return null
  const from = start + marker.length
  const end = chunk.indexOf(END, from)
  if (end < 0) return null
  if (/\[v:\d+\]/.test(chunk.slice(0, start)) || /\[v:\d+\]/.test(chunk.slice(from))) return null
  return chunk.slice(from, end)
}

export function createApertiumPipeline(modeFile: string, options: ApertiumPipelineOptions = {}): ApertiumPipeline {
  const flushTimeoutMs = options.flushTimeoutMs ?? 10_000
  const maxPerFlush = Math.max(1, options.maxSegmentsPerFlush ?? 32)
  const maxFlushes = Math.max(1, options.maxFlushesInFlight ?? 4)
  const minPerFlush = Math.max(1, Math.floor(options.minTextsPerFlush ?? 4))
  const batchWaitMs = Math.max(0, options.batchWaitMs ?? 6)
  const maxFailures = Math.max(1, options.maxConsecutiveFailures ?? 3)
  const traits = readModeTraits(modeFile)
  const wordBound = (options.wordBound ?? true) && hasWordBoundBlanks() && traits.wordBound
  const onTransition = options.onTransition

  let state: FlushState = 'idle'
  let seq = 0
  let outstanding = 0
  let consecutiveExits = 0
  let buffer = ''
  let watchdog: NodeJS.Timeout | null = null
  let batchTimer: NodeJS.Timeout | null = null
  const flushes = { count: 0, texts: 0 }
  let pumpScheduled = false
  const queue: Unit[] = [] // new texts, batched
  const suspects: Unit[] = [] // texts of failed flushes, retried alone
  const inflight: Unit[][] = [] // flushes written and not yet answered, oldest first

  const asked = options.disambiguation ?? 'tagger'
  // probed once per tagger stage and process, before the first start (a few ms)
  const crashingTagger = asked === 'tagger' && traits.taggerStage !== null && taggerCrashesOnAmbiguity(traits.taggerStage)
  const disambiguation: Disambiguation = crashingTagger ? 'first-reading' : asked
  const processes = createProcessSupervisor(modeFile, wordBound, {
    onData,
    onExit: (exit) => fail('died', exit),
    onDrain: () => pump(),
    onTransition: (from, to, event) => onTransition?.({ machine: 'process', from, to, event }),
  }, { scheduling: options.stageScheduling, disambiguation, stoiFastPath: options.stoiFastPath, allocator: options.stageAllocator, taggerOpenClassFix: options.taggerOpenClassFix })
  /** The first-reading variant, started for the first text that crashes the tagger; null until then. */
  let fallback: ApertiumPipeline | null = null
  let fallbackTexts = 0
  const canFallBack = disambiguation === 'tagger' && traits.taggerStage !== null

  /** Translates a text that killed the stages alone through the first-reading variant. */
  function handToFallback(unit: Unit) {
    fallback ??= createApertiumPipeline(modeFile, { ...options, disambiguation: 'first-reading', onTransition: undefined, onFlush: undefined })
    fallback.translate(unit.stream, { signal: unit.signal }).then(
      // the stages' deaths were this text's: they do not count towards `maxConsecutiveFailures`
      (value) => { fallbackTexts++; consecutiveExits = 0; settle(unit, { value }) },
      (error: EngineError) => settle(unit, { error }),
    ).finally(() => { catchUp(); pump() })
  }

  /** The one place `state` changes. */
  function transition(event: FlushEvent) {
    const to = nextFlushState(state, event)
    if (to === null) throw new Error(`flush scheduler: no transition on ${event} from ${state}`)
    const from = state
    state = to
    if (from !== to || event === 'fail') onTransition?.({ machine: 'flush', from, to, event })
  }

  /** Leaves `isolating` once the suspects are done, and `flowing` once nothing is outstanding. */
  function catchUp() {
    if (state === 'isolating' && suspects.length === 0 && inflight.length === 0) {
      if (outstanding === 0) transition('caught-up')
      else transition('isolated')
    }
    if (state === 'flowing' && outstanding === 0) transition('caught-up')
  }

  function settle(unit: Unit, outcome: { value: string } | { error: EngineError }) {
    if (unit.settled) return
    unit.settled = true
    outstanding--
    if (unit.signal && unit.onAbort) unit.signal.removeEventListener('abort', unit.onAbort)
    if ('value' in outcome) unit.resolve(outcome.value)
    else unit.reject(outcome.error)
  }

  function onData(data: string) {
    buffer += data
    let nul: number
    while ((nul = buffer.indexOf('\0')) >= 0) {
      const chunk = buffer.slice(0, nul)
      buffer = buffer.slice(nul + 1)
      if (chunk.trim() === '') continue // stages flushing with nothing in hand
      // each text of a flush ends with its own null flush: this chunk answers the oldest text owed
      const flush = inflight[0]
      const unit = flush?.[0]
      const answer = unit ? answerOf(chunk, unit) : null
      if (!flush || !unit || answer === null) {
        fail('desync')
        return
      }
      flush.shift()
      if (flush.length === 0) inflight.shift()
      consecutiveExits = 0
      settle(unit, { value: answer })
      armWatchdog(true)
    }
    catchUp()
    pump()
  }

  function armWatchdog(progress: boolean) {
    if (inflight.length === 0) {
      if (watchdog) clearTimeout(watchdog)
      watchdog = null
      return
    }
    if (watchdog && !progress) return
    if (watchdog) clearTimeout(watchdog)
    watchdog = setTimeout(() => {
      watchdog = null
      if (inflight.length > 0) fail('hung')
    }, flushTimeoutMs)
    watchdog.unref?.()
  }

  function rejectAll(error: EngineError) {
    for (const unit of [...inflight.splice(0).flat(), ...suspects.splice(0), ...queue.splice(0)]) settle(unit, { error })
  }

  function fail(reason: 'died' | 'hung' | 'desync', exit?: ProcessExit) {
    if (state === 'closed') return
    if (reason !== 'died') processes.stop()
    if (watchdog) clearTimeout(watchdog)
    watchdog = null
    buffer = ''
    const detail = exit?.detail ?? processes.stderrLine()
    const suffix = detail ? `: ${detail}` : ''
    if (reason === 'died') consecutiveExits++
    if (exit?.broken || consecutiveExits >= maxFailures) {
      consecutiveExits = 0
      rejectAll(new EngineError('ENGINE_UNAVAILABLE', `Apertium pipeline ${modeFile} cannot run${suffix}`))
      if (state !== 'idle') transition('broken')
      return
    }
    const owed = inflight.splice(0).flat()
    const retry: Unit[] = []
    for (const unit of owed) {
      if (unit.settled) continue
      if (unit.attempts >= 2) {
        // Its retry was alone in the pipeline: the failure is this text's own.
        if (reason === 'died' && canFallBack && !exit?.broken) {
          handToFallback(unit)
          continue
        }
        settle(unit, {
          error: reason === 'hung'
            ? new EngineError('ENGINE_TIMEOUT', `Apertium pipeline ${modeFile} stopped answering on this text`)
            : new EngineError('ENGINE_UNAVAILABLE', `Apertium pipeline ${modeFile} failed on this text (${reason})${suffix}`),
        })
      } else retry.push(unit)
    }
    suspects.push(...retry)
    transition('fail')
    catchUp()
    schedulePump()
  }

  /** Pumps on a later turn: after a failure, let the killed stages' events go by first. */
  function schedulePump() {
    if (pumpScheduled) return
    pumpScheduled = true
    setImmediate(() => {
      pumpScheduled = false
      pump()
    })
  }

  function ensureStarted(): boolean {
    if (processes.state !== 'stopped') return true
    try {
      processes.start()
      return true
    } catch (error) {
      rejectAll(error as EngineError)
      if (state !== 'idle') transition('broken')
      return false
    }
  }

  function send(batch: Unit[]) {
    for (const unit of batch) unit.attempts++
    flushes.count++
    flushes.texts += batch.length
    options.onFlush?.(batch.length)
    const text = batch.map((unit) => `[v:${unit.seq}]${unit.stream}${END}${SUFFIX}`).join('')
    inflight.push(batch)
    armWatchdog(false)
    processes.write(text)
  }

  /**
   * How many queued texts the next flush takes, or 0 when they wait for more. With no flush
   * under way, all (up to maxPerFlush). Otherwise the flush's share of the texts owed, once that
   * many are queued or the oldest has waited `batchWaitMs` (then whatever is queued); while
   * they wait, a timer is armed to send them anyway.
   */
  function nextFlushSize(): number {
    if (inflight.length === 0) return maxPerFlush
    const slots = Math.max(1, Math.min(maxFlushes, Math.floor(outstanding / minPerFlush)))
    const share = Math.min(maxPerFlush, Math.ceil(outstanding / slots))
    if (queue.length >= share) return share
    const waited = performance.now() - queue[0]!.submittedAt
    if (waited >= batchWaitMs) return share
    if (!batchTimer) {
      batchTimer = setTimeout(() => {
        batchTimer = null
        pump()
      }, Math.ceil(batchWaitMs - waited))
      // A flush is under way whenever this runs, and its stage processes keep the loop alive.
      batchTimer.unref?.()
    }
    return 0
  }

  function pump() {
    if (state === 'idle' || state === 'closed') return
    if (state === 'isolating') {
      if (inflight.length > 0) return
      while (suspects.length > 0 && suspects[0]!.settled) suspects.shift()
      const unit = suspects.shift()
      if (!unit) { catchUp(); pump(); return }
      if (!ensureStarted() || processes.state !== 'running') return
      send([unit])
      return
    }
    while (queue.length > 0 && inflight.length < maxFlushes) {
      const size = nextFlushSize()
      if (size === 0) break
      if (!ensureStarted() || processes.state !== 'running') return
      const batch: Unit[] = []
      while (batch.length < size && queue.length > 0) {
        const unit = queue.shift()!
        if (!unit.settled) batch.push(unit)
      }
      if (batch.length === 0) break
      send(batch)
    }
    catchUp()
  }

  return {
    modeFile,
    wordBound,
    get starts() { return processes.starts },
    get flushes() { return { ...flushes } },
    get fallbackTexts() { return fallbackTexts },
    disambiguation,
    get state() { return { process: processes.state, flush: state } },
    get outstanding() { return outstanding },
    translate(stream, opts = {}) {
      return new Promise<string>((resolve, reject) => {
        if (state === 'closed') { reject(new EngineError('ENGINE_CLOSED', 'The Apertium pipeline is closed')); return }
        const signal = opts.signal
        if (signal?.aborted) { reject(new EngineError('ENGINE_ABORTED', 'Translation aborted', { cause: signal.reason })); return }
        const unit: Unit = {
          seq: ++seq, stream: stream.replace(/\0/g, ' '), attempts: 0, resolve, reject, settled: false, signal, onAbort: undefined, submittedAt: performance.now(),
        }
        if (signal) {
          unit.onAbort = () => {
            settle(unit, { error: new EngineError('ENGINE_ABORTED', 'Translation aborted', { cause: signal.reason }) })
            catchUp()
          }
          signal.addEventListener('abort', unit.onAbort, { once: true })
        }
        outstanding++
        queue.push(unit)
        transition('submit')
        pump()
      })
    },
    start() {
      if (state === 'closed') return
      processes.start()
    },
    stop() {
      if (state !== 'idle' || outstanding > 0) return false
      if (processes.state === 'stopped') return false
      // Flushes still in flight belong to aborted texts only; their answers would never come.
      inflight.splice(0)
      armWatchdog(false)
      buffer = ''
      processes.stop()
      fallback?.stop()
      return true
    },
    processIds() {
      return [...processes.processIds(), ...(fallback?.processIds() ?? [])]
    },
    async close() {
      if (state !== 'closed') {
        rejectAll(new EngineError('ENGINE_CLOSED', 'The Apertium pipeline was closed'))
        transition('close')
        if (watchdog) clearTimeout(watchdog)
        watchdog = null
        if (batchTimer) clearTimeout(batchTimer)
        batchTimer = null
      }
      await Promise.all([processes.close(), fallback?.close()])
    },
  }
}
