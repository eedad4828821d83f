/**
 * One warm Apertium pipeline for one direction: each stage of the mode file runs as its own
 * child process (`sh -c 'exec stage -z …'`), stdout of one piped into stdin of the next,
 * started on first use. Separate children rather than one `sh -c 'a | b | c'`: the death
 * of any stage is seen at once (a shell would hold the output pipe open and keep waiting).
 * A text travels as `[v:SEQ]text[v:e]`; the markers come back untouched as superblanks and
 * check that each answer belongs to its text. A flush holds one text when the pipeline is
 * idle; texts arriving while `maxFlushesInFlight` flushes are under way wait and go together
 * in the next one (up to `maxSegmentsPerFlush`), separated by lone sentence ends; each flush
 * ends with `\0` (null flush). A pipeline that dies, answers out
 * of step or makes no progress for `flushTimeoutMs` is killed and restarted, and the texts it
 * owed are retried once; a text is never answered with another one's output.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { EngineError } from '../errors.js'
import { readFileSync } from 'node:fs'
import { hasWordBoundBlanks, readModeStages, supportsWordBound } from './mode.js'

export interface ApertiumPipelineOptions {
  /**
   * A flush that makes no progress for this long counts as hung: the pipeline is restarted.
   * Default: 10000
   */
  flushTimeoutMs?: number
  /** Most texts in one null flush (separated by sentence ends, see above). Default: 32 */
  maxSegmentsPerFlush?: number
  /** Most flushes awaiting their answers at once; texts arriving meanwhile wait and are batched. Default: 4 */
  maxFlushesInFlight?: number
  /**
   * Send open/close pairs as word-bound blanks, so tags move with their words, when the
   * helpers are installed and the mode has a separate bilingual stage. Default: true
   */
  wordBound?: boolean
  /**
   * Failed starts or crashes in a row, with no answer in between, after which waiting texts
   * are rejected with ENGINE_UNAVAILABLE. Default: 3
   */
  maxConsecutiveFailures?: number
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
  /** Process ids of the running stages, in pipeline order; empty when not running. */
  processIds(): number[]
  /** How many times the processes were (re)started. */
  readonly starts: number
  /** Ends every process; pending texts are rejected with ENGINE_CLOSED. */
  close(): Promise<void>
}

interface Unit {
  seq: number
  stream: string
  attempts: number
  resolve: (value: string) => void
  reject: (error: EngineError) => void
  settled: boolean
  signal: AbortSignal | undefined
  onAbort: (() => void) | undefined
}

const END = '[v:e]'
/**
 * Two sentence ends before each text of a flush (two lone full stops before the first; the
 * text's own sentence end and one lone full stop between texts): tokens the tagger cannot
 * read either way, so each text starts in the same context whether it is first in a flush
 * or follows another caller's text (checked: the same output alone and
 * batched for eng-spa, eng-cat, spa-eng, es-fr, es-gl, en-eo). Each text must end with a
 * sentence end of its own (the engine adds one); the `\0` after the last text is the
 * null flush.
 */
const PREFIX = '.[v:p] .'
const SEPARATOR = ' .'

/** The answer of each text of a flush, or null when a marker is missing or out of order. */
function modeSupportsWordBound(modeFile: string): boolean {
  try {
    return supportsWordBound(readFileSync(modeFile, 'utf8'))
  } catch {
    return false
  }
}

function splitAnswers(chunk: string, flush: readonly Unit[]): string[] | null {
  const answers: string[] = []
  let at = 0
  for (const unit of flush) {
    const start = chunk.indexOf(`[v:${unit.seq}]`, at)
    if (start < 0) return null
    const from = start + `[v:${unit.seq}]`.length
    const end = chunk.indexOf(END, from)
    if (end < 0) return null
    const answer = chunk.slice(from, end)
    if (/\[v:\d+\]/.test(answer)) return null
    answers.push(answer)
    at = end + END.length
  }
  return answers
}

export function createApertiumPipeline(modeFile: string, options: ApertiumPipelineOptions = {}): ApertiumPipeline {
  const flushTimeoutMs = options.flushTimeoutMs ?? 10_000
  const maxPerFlush = Math.max(1, options.maxSegmentsPerFlush ?? 32)
  const maxFlushes = Math.max(1, options.maxFlushesInFlight ?? 4)
  const maxFailures = Math.max(1, options.maxConsecutiveFailures ?? 3)
  const wordBound = (options.wordBound ?? true) && hasWordBoundBlanks() && modeSupportsWordBound(modeFile)

  let stages: string[] | undefined
  let proc: ChildProcess[] | null = null
  let generation = 0
  let starts = 0
  let closed = false
  let seq = 0
  let consecutiveFailures = 0
  let buffer = ''
  let stderrTail = ''
  let watchdog: NodeJS.Timeout | null = null
  const queue: Unit[] = []
  const inflight: Unit[][] = [] // flushes written and not yet answered, oldest first
  const exits = new Set<Promise<void>>()

  function settle(unit: Unit, outcome: { value: string } | { error: EngineError }) {
    if (unit.settled) return
    unit.settled = true
    if (unit.signal && unit.onAbort) unit.signal.removeEventListener('abort', unit.onAbort)
    if ('value' in outcome) unit.resolve(outcome.value)
    else unit.reject(outcome.error)
  }

  function start() {
    if (proc || closed) return
    try {
      stages ??= readModeStages(modeFile, wordBound)
    } catch (cause) {
      throw new EngineError('ENGINE_UNAVAILABLE', `Cannot read the Apertium mode file ${modeFile}`, { cause })
    }
    const gen = ++generation
    starts++
    buffer = ''
    stderrTail = ''
    const children: ChildProcess[] = []
    for (const stage of stages) {
      const previous = children[children.length - 1]
      const child = spawn('sh', ['-c', `exec ${stage}`], {
        stdio: [previous ? previous.stdout! : 'pipe', 'pipe', 'pipe'],
      })
      // The child has its own copy now; ours would keep the pipe open behind a dead reader.
      previous?.stdout!.destroy()
      children.push(child)
      const exited = new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve()
        else child.once('close', () => resolve())
      })
      exits.add(exited)
      void exited.then(() => exits.delete(exited))
      child.stderr!.setEncoding('utf8')
      child.stderr!.on('data', (data: string) => { stderrTail = (stderrTail + data).slice(-2000) })
      child.on('error', () => { if (gen === generation) fail('died') })
      child.on('exit', () => { if (gen === generation) fail('died') })
    }
    proc = children
    const first = children[0]!
    const last = children[children.length - 1]!
    first.stdin!.on('error', () => { if (gen === generation) fail('died') })
    last.stdout!.setEncoding('utf8')
    last.stdout!.on('data', (data: string) => { if (gen === generation) onData(data) })
    last.stdout!.on('end', () => { if (gen === generation) fail('died') })
  }

  function kill(children: ChildProcess[]) {
    for (const child of children) {
      try { child.kill('SIGKILL') } catch { /* already gone */ }
    }
  }

  function onData(data: string) {
    buffer += data
    let nul: number
    while ((nul = buffer.indexOf('\0')) >= 0) {
      const chunk = buffer.slice(0, nul)
      buffer = buffer.slice(nul + 1)
      if (chunk.trim() === '') continue // stages flushing with nothing in hand
      const flush = inflight[0]
      const answers = flush ? splitAnswers(chunk, flush) : null
      if (!flush || !answers) {
        fail('desync')
        return
      }
      inflight.shift()
      consecutiveFailures = 0
      flush.forEach((unit, k) => settle(unit, { value: answers[k]! }))
      armWatchdog(true)
    }
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
    const gen = generation
    watchdog = setTimeout(() => {
      watchdog = null
      if (gen === generation && inflight.length > 0) fail('hung')
    }, flushTimeoutMs)
    watchdog.unref?.()
  }

  function fail(reason: 'died' | 'hung' | 'desync') {
    const child = proc
    proc = null
    generation++
    if (watchdog) clearTimeout(watchdog)
    watchdog = null
    if (child) kill(child)
    buffer = ''
    const owed = inflight.splice(0).flat()
    if (closed) return
    consecutiveFailures++
    const detail = stderrTail.trim() ? `: ${stderrTail.trim().split('\n').slice(-1)[0]}` : ''
    const retry: Unit[] = []
    for (const unit of owed) {
      if (unit.settled) continue
      unit.attempts++
      if (unit.attempts > 1) {
        settle(unit, {
          error: reason === 'hung'
            ? new EngineError('ENGINE_TIMEOUT', `Apertium pipeline ${modeFile} stopped answering${detail}`)
            : new EngineError('ENGINE_UNAVAILABLE', `Apertium pipeline ${modeFile} failed (${reason})${detail}`),
        })
      } else retry.push(unit)
    }
    queue.unshift(...retry)
    if (consecutiveFailures >= maxFailures) {
      consecutiveFailures = 0
      for (const unit of queue.splice(0)) {
        settle(unit, { error: new EngineError('ENGINE_UNAVAILABLE', `Apertium pipeline ${modeFile} keeps failing${detail}`) })
      }
      return
    }
    if (queue.length > 0) setImmediate(pump)
  }

  function pump() {
    if (closed) return
    while (queue.length > 0 && inflight.length < maxFlushes) {
      if (!proc) {
        try {
          start()
        } catch (error) {
          for (const unit of queue.splice(0)) settle(unit, { error: error as EngineError })
          return
        }
      }
      const stdin = proc![0]!.stdin!
      const batch: Unit[] = []
      while (batch.length < maxPerFlush && queue.length > 0) {
        const unit = queue.shift()!
        if (!unit.settled) batch.push(unit)
      }
      if (batch.length === 0) return
      const text = PREFIX + batch.map((unit) => `[v:${unit.seq}]${unit.stream}${END}`).join(SEPARATOR) + '\0'
      inflight.push(batch)
      armWatchdog(false)
      stdin.write(text)
    }
  }

  return {
    modeFile,
    wordBound,
    get starts() { return starts },
    translate(stream, opts = {}) {
      return new Promise<string>((resolve, reject) => {
        if (closed) { reject(new EngineError('ENGINE_CLOSED', 'The Apertium pipeline is closed')); return }
        const signal = opts.signal
        if (signal?.aborted) { reject(new EngineError('ENGINE_ABORTED', 'Translation aborted', { cause: signal.reason })); return }
        const unit: Unit = {
          seq: ++seq, stream: stream.replace(/\0/g, ' '), attempts: 0, resolve, reject, settled: false, signal, onAbort: undefined,
        }
        if (signal) {
          unit.onAbort = () => settle(unit, { error: new EngineError('ENGINE_ABORTED', 'Translation aborted', { cause: signal.reason }) })
          signal.addEventListener('abort', unit.onAbort, { once: true })
        }
        queue.push(unit)
        pump()
      })
    },
    start() {
      start()
    },
    processIds() {
      return (proc ?? []).map((c) => c.pid).filter((pid): pid is number => pid !== undefined)
    },
    async close() {
      if (closed) { await Promise.all([...exits]); return }
      closed = true
      const error = new EngineError('ENGINE_CLOSED', 'The Apertium pipeline was closed')
      for (const unit of [...inflight.splice(0).flat(), ...queue.splice(0)]) settle(unit, { error })
      if (watchdog) clearTimeout(watchdog)
      watchdog = null
      const child = proc
      proc = null
      generation++
      if (child) {
        child[0]?.stdin?.end()
        kill(child)
      }
      await Promise.all([...exits])
    },
  }
}

