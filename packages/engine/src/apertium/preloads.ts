/**
 * The libraries Verso preloads (LD_PRELOAD) into the Apertium stages it starts, and which stage
 * gets which. Both make the stages cheaper without changing a byte of their output (checked
 * over every installed direction by bench/stage-preloads.mjs):
 * - the stoi fast path (native/stoi-fast-path.c, built with the package when a C compiler is
 *   present), into every stage;
 * - Debian's tcmalloc (libtcmalloc-minimal4), into the programs that allocate most.
 * A library that is missing is left out: the stage then runs as Debian ships it in that
 * respect. The server never loads either.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

let stoiLibrary: string | null | undefined
/**
 * The built stoi fast path (native/stoi-fast-path.c: lttoolbox's StringUtils::stoi without
 * ICU's u_sscanf for plain tag numbers), or null when the package was built without a C
 * compiler. Looked for beside the built module (dist/native) and, when running from source,
 * in the package's dist.
 */
export function stoiFastPathLibrary(): string | null {
  if (stoiLibrary === undefined) {
    const candidates = ['./native/libverso-stoi.so', '../../dist/native/libverso-stoi.so'].map((path) => fileURLToPath(new URL(path, import.meta.url)))
    stoiLibrary = process.platform === 'linux' ? candidates.find((path) => existsSync(path)) ?? null : null
  }
  return stoiLibrary
}

/**
 * The memory allocator of the stages that allocate most. lttoolbox's and the transfer
 * programs allocate and free small objects at a high rate (lt-proc's bilingual stage spends a
 * quarter of its CPU in glibc's malloc and free); Debian's tcmalloc (`libtcmalloc-minimal4`,
 * gperftools' allocator without its profiler) serves them with less CPU: the raw eng-spa
 * stages ×0.82 (BENCHMARKS.md, "A faster allocator for the stages"). Only the programs in
 * TCMALLOC_PROGRAMS get it: Debian's perceptron tagger (`apertium-tagger -x`, eng-cat)
 * crashes under tcmalloc, jemalloc and mimalloc alike (it reads memory glibc happens to leave
 * usable), so taggers, cg-proc and the rest keep glibc's. `system`: glibc's malloc everywhere,
 * as Debian runs them.
 */
export type StageAllocator = 'tcmalloc' | 'system'

/** What the stages are asked to preload (engine options `stoiFastPath`, `stageAllocator`). Defaults: true, 'tcmalloc'. */
export interface StagePreloadOptions {
  stoiFastPath?: boolean
  allocator?: StageAllocator
}

/** The programs run with tcmalloc: byte-identical output with it over every installed direction (bench/stage-preloads.mjs). */
const TCMALLOC_PROGRAMS: ReadonlySet<string> = new Set(['lt-proc', 'lrx-proc', 'apertium-transfer', 'apertium-interchunk', 'apertium-postchunk'])

/** Whether a stage's program (its command's first word) is one that runs with tcmalloc. */
export function stageGetsTcmalloc(stage: string): boolean {
  return TCMALLOC_PROGRAMS.has(stage.trimStart().split(/\s/, 1)[0]!)
}

/** Where Debian installs libtcmalloc-minimal4 on the architectures Apertium is built for. */
const TCMALLOC_CANDIDATES = [
  '/usr/lib/x86_64-linux-gnu/libtcmalloc_minimal.so.4',
  '/usr/lib/aarch64-linux-gnu/libtcmalloc_minimal.so.4',
  '/usr/lib/arm-linux-gnueabihf/libtcmalloc_minimal.so.4',
  '/usr/lib/i386-linux-gnu/libtcmalloc_minimal.so.4',
  '/usr/lib/powerpc64le-linux-gnu/libtcmalloc_minimal.so.4',
  '/usr/lib/s390x-linux-gnu/libtcmalloc_minimal.so.4',
  '/usr/lib64/libtcmalloc_minimal.so.4',
  '/usr/lib/libtcmalloc_minimal.so.4',
]
let tcmallocPath: string | null | undefined
/** Debian's tcmalloc for this machine's architecture, or null when libtcmalloc-minimal4 is not installed. */
export function tcmallocLibraryPath(): string | null {
  if (tcmallocPath === undefined) tcmallocPath = process.platform === 'linux' ? TCMALLOC_CANDIDATES.find((path) => existsSync(path)) ?? null : null
  return tcmallocPath
}

/**
 * The libraries preloaded into a stage: the stoi fast path when asked for and built (every
 * stage), and tcmalloc when asked for, installed and the stage's program is one of
 * TCMALLOC_PROGRAMS (without `stage`: as for those). A missing library is simply left out: the
 * stage then runs as Debian ships it in that respect. Exported for the benchmarks and tests.
 */
export function stagePreloads({ stoiFastPath = true, allocator = 'tcmalloc' }: StagePreloadOptions = {}, stage?: string): string[] {
  const libraries: string[] = []
  const stoi = stoiFastPath ? stoiFastPathLibrary() : null
  if (stoi) libraries.push(stoi)
  const tcmalloc = allocator === 'tcmalloc' && (stage === undefined || stageGetsTcmalloc(stage)) ? tcmallocLibraryPath() : null
  if (tcmalloc) libraries.push(tcmalloc)
  return libraries
}

/**
 * `stages` as commands of a `sh -c 'a | b | …'` pipeline that run with the preloads the
 * supervisor would give them (`LD_PRELOAD='…' program …`): the raw baselines of the benchmarks
 * and the checks run the stages as the engine does. The libraries' paths hold no quote.
 */
export function shellStagesWithPreloads(stages: readonly string[], options: StagePreloadOptions = {}): string[] {
  return stages.map((stage) => {
    const libraries = stagePreloads(options, stage)
    return libraries.length === 0 ? stage : `LD_PRELOAD='${libraries.join(' ')}' ${stage}`
  })
}

/** A stage's environment: the server's, with `libraries` preloaded before any the server was given. */
export function stageEnvironment(libraries: readonly string[]): NodeJS.ProcessEnv | undefined {
  if (libraries.length === 0) return undefined
  const preload = process.env.LD_PRELOAD
  return { ...process.env, LD_PRELOAD: [...libraries, ...(preload ? [preload] : [])].join(' ') }
}

/**
 * Which preloads the stages get with `options`, for an operator: `on`, `off` (turned off by the
 * options) or why not (`not built`: the package was built without a C compiler;
 * `not installed`: libtcmalloc-minimal4 is missing). The server logs it at start.
 */
export function describeStagePreloads({ stoiFastPath = true, allocator = 'tcmalloc' }: StagePreloadOptions = {}): {
  stoiFastPath: 'on' | 'off' | 'not built'
  tcmalloc: 'on' | 'off' | 'not installed'
} {
  return {
    stoiFastPath: !stoiFastPath ? 'off' : stoiFastPathLibrary() ? 'on' : 'not built',
    tcmalloc: allocator !== 'tcmalloc' ? 'off' : tcmallocLibraryPath() ? 'on' : 'not installed',
  }
}
