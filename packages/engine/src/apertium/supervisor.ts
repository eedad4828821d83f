/**
 * The process supervisor of one Apertium pipeline: each stage of the mode file runs as its own
 * child process (`sh -c 'exec chrt -b 0 stage -z …'`, see `StageScheduling`), stdout of one
 * piped into stdin of the next.
 * Separate children rather than one `sh -c 'a | b | c'`: the death of any stage is seen at once
 * (a shell would hold the output pipe open and keep waiting). It knows nothing of texts or
 * flushes: it starts, writes with back-pressure, reports output and deaths, and kills.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { EngineError } from '../errors.js'
import { readModeStages, type Disambiguation } from './mode.js'
import { stageEnvironment, stagePreloads, type StagePreloadOptions } from './preloads.js'

/**
 * - `stopped`: no process (never started, killed, or a stage exited).
 * - `running`: every stage is up; the first stage's stdin takes writes.
 * - `blocked`: up, but the last write filled the first stage's stdin buffer; nothing more is
 *   written until it drains.
 * - `closed`: ended for good.
 */
export type ProcessState = 'stopped' | 'running' | 'blocked' | 'closed'
/** `exit`: a stage ended by itself; `stop`: we killed the stages. */
export type ProcessEvent = 'start' | 'write-blocked' | 'drain' | 'stop' | 'exit' | 'close'

const PROCESS_TRANSITIONS: Readonly<Record<ProcessState, Partial<Record<ProcessEvent, ProcessState>>>> = {
  stopped: { start: 'running', close: 'closed' },
  running: { 'write-blocked': 'blocked', stop: 'stopped', exit: 'stopped', close: 'closed' },
  blocked: { drain: 'running', stop: 'stopped', exit: 'stopped', close: 'closed' },
  closed: {},
}

/** The state after `event`, or null when the event does not apply in `state`. */
export function nextProcessState(state: ProcessState, event: ProcessEvent): ProcessState | null {
  return PROCESS_TRANSITIONS[state][event] ?? null
}

export interface ProcessExit {
  /**
   * The stages cannot run at all (a program is missing or not executable: exit code 126/127,
   * or spawning failed): restarting will not help.
   */
  broken: boolean
  /** Last line the stages wrote on stderr, if any. */
  detail: string
}

export interface SupervisorHooks {
  /** Output of the last stage (UTF-8 text, any chunking). */
  onData(text: string): void
  /** A stage ended by itself (or its stdin broke); the supervisor has killed the others. */
  onExit(exit: ProcessExit): void
  /** The first stage's stdin drained after a blocked write. */
  onDrain(): void
  onTransition?(from: ProcessState, to: ProcessState, event: ProcessEvent): void
}

export interface ProcessSupervisor {
  readonly state: ProcessState
  /** How many times the stages were (re)started. */
  readonly starts: number
  /** Starts the stages (`stopped` → `running`). Throws ENGINE_UNAVAILABLE when the mode file cannot be read. */
  start(): void
  /**
   * Writes to the first stage. Returns false when its buffer is full (`running` → `blocked`):
   * write nothing more until `onDrain`.
   */
  write(text: string): boolean
  /** Kills the stages (`running`/`blocked` → `stopped`); their late events are ignored. */
  stop(): void
  /** Kills the stages for good and waits until every child has been reaped. */
  close(): Promise<void>
  /** Process ids of the running stages, in pipeline order; empty when not running. */
  processIds(): number[]
  /** Last line written on stderr by any stage, for error messages. */
  stderrLine(): string
}

/**
 * Whether the stages run under Linux's SCHED_BATCH policy. A flush wakes the stages one after
 * the other, each for a few hundred bytes; under the default policy a woken stage may preempt
 * the one that just wrote to it (or the server) on the same core, so a flush costs extra
 * switches and colder caches. SCHED_BATCH takes away wake-up preemption and nothing else: the
 * stages still get their fair share of the CPU, and any user may set it (sched(7)). Measured
 * with the service benchmark's load (BENCHMARKS.md, "Stages under SCHED_BATCH"): req/s +5 % at
 * 16 connections and +3 % at 64, the process tree's CPU per request −4 % and −2 %.
 */
export type StageScheduling = 'batch' | 'default'

let batchPrefix: string | undefined
/**
 * `chrt -b 0 ` where this machine lets a process switch itself to SCHED_BATCH (util-linux's
 * `chrt`), '' elsewhere (another OS, no chrt, a seccomp filter that refuses it): probed once
 * per process, so a stage never fails to start because of the policy.
 */
export function batchSchedulingPrefix(): string {
  batchPrefix ??= process.platform === 'linux' && spawnSync('chrt', ['-b', '0', 'true'], { stdio: 'ignore', timeout: 5000 }).status === 0 ? 'chrt -b 0 ' : ''
  return batchPrefix
}

export function createProcessSupervisor(
  modeFile: string,
  wordBound: boolean,
  hooks: SupervisorHooks,
  { scheduling = 'batch', disambiguation = 'tagger', ...preloads }: { scheduling?: StageScheduling; disambiguation?: Disambiguation } & StagePreloadOptions = {},
): ProcessSupervisor {
  let state: ProcessState = 'stopped'
  let stages: string[] | undefined
  let children: ChildProcess[] = []
  let generation = 0
  let starts = 0
  let stderrTail = ''
  const exits = new Set<Promise<void>>()

  /** The one place `state` changes. */
  function transition(event: ProcessEvent): boolean {
    const to = nextProcessState(state, event)
    if (to === null) return false
    const from = state
    state = to
    hooks.onTransition?.(from, to, event)
    return true
  }

  function kill(list: ChildProcess[]) {
    for (const child of list) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    }
  }

  function exited(gen: number, broken: boolean) {
    if (gen !== generation) return
    const list = children
    children = []
    generation++
    if (!transition('exit')) return
    kill(list)
    hooks.onExit({ broken, detail: stderrLine() })
  }

  /**
   * The last stage's output ended or the first one's input broke: a stage is exiting. Waits
   * for its exit code (126/127 tell a missing program), or for half a second.
   */
  function streamEnded(gen: number) {
    if (gen !== generation) return
    const done = children.find((c) => c.exitCode !== null || c.signalCode !== null)
    if (done) exited(gen, done.exitCode === 126 || done.exitCode === 127)
    else setTimeout(() => exited(gen, false), 500).unref?.()
  }

  function stderrLine(): string {
    const lines = stderrTail.trim().split('\n')
    return lines[lines.length - 1] ?? ''
  }

  return {
    get state() { return state },
    get starts() { return starts },
    start() {
      if (state !== 'stopped') return
      try {
        stages ??= readModeStages(modeFile, wordBound, disambiguation)
      } catch (cause) {
        throw new EngineError('ENGINE_UNAVAILABLE', `Cannot read the Apertium mode file ${modeFile}`, { cause })
      }
      const prefix = scheduling === 'batch' ? batchSchedulingPrefix() : ''
      const gen = ++generation
      starts++
      stderrTail = ''
      const list: ChildProcess[] = []
      for (const stage of stages) {
        const previous = list[list.length - 1]
        const child = spawn('sh', ['-c', `exec ${prefix}${stage}`], {
          stdio: [previous ? previous.stdout! : 'pipe', 'pipe', 'pipe'],
          env: stageEnvironment(stagePreloads(preloads, stage)),
        })
        // The child has its own copy now; ours would keep the pipe open behind a dead reader.
        previous?.stdout!.destroy()
        list.push(child)
        const reaped = new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) resolve()
          else child.once('close', () => resolve())
        })
        exits.add(reaped)
        void reaped.then(() => exits.delete(reaped))
        child.stderr!.setEncoding('utf8')
        child.stderr!.on('data', (data: string) => { stderrTail = (stderrTail + data).slice(-2000) })
        child.on('error', () => exited(gen, true))
        // 126/127: the shell could not find or run the program.
        child.on('exit', (code) => exited(gen, code === 126 || code === 127))
      }
      children = list
      transition('start')
      const first = list[0]!
      const last = list[list.length - 1]!
      first.stdin!.on('error', () => streamEnded(gen))
      first.stdin!.on('drain', () => {
        if (gen === generation && transition('drain')) hooks.onDrain()
      })
      last.stdout!.setEncoding('utf8')
      last.stdout!.on('data', (data: string) => { if (gen === generation) hooks.onData(data) })
      last.stdout!.on('end', () => streamEnded(gen))
    },
    write(text) {
      if (state !== 'running') throw new Error(`write while ${state}`) // a scheduler bug, not user input
      const ok = children[0]!.stdin!.write(text)
      if (!ok) transition('write-blocked')
      return ok
    },
    stop() {
      const list = children
      children = []
      generation++
      if (transition('stop')) kill(list)
    },
    async close() {
      const list = children
      children = []
      generation++
      if (transition('close')) {
        list[0]?.stdin?.end()
        kill(list)
      }
      await Promise.all([...exits])
    },
    processIds() {
      return children.map((c) => c.pid).filter((pid): pid is number => pid !== undefined)
    },
    stderrLine,
  }
}
