/**
 * The libraries Verso preloads (LD_PRELOAD) into the Apertium stages it starts, and which stage
 * gets which:
 * - the stoi fast path (native/stoi-fast-path.c), into every stage, and Debian's tcmalloc
 *   (libtcmalloc-minimal4), into the programs that allocate most: both make the stages cheaper
 *   without changing a byte of their output (checked over every installed direction by
 *   bench/stage-preloads.mjs);
 * - the tagger's open-class fix (native/tagger-open-class.c), into the taggers: it changes
 *   answers on purpose, so that a warm pipeline answers a text as a fresh one does (Debian's HMM
 *   tagger otherwise narrows the tags of unknown words for good the first time it meets an
 *   ambiguity class it was not trained with).
 * The two of ours are built with the package when a C compiler is present. A library that is
 * missing is left out: the stage then runs as Debian ships it in that respect. The server
 * never loads any of them.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const builtLibraries = new Map<string, string | null>()
/**
 * A library the package's build compiled into dist/native (tsup.config.ts), or null when it was
 * built without a C compiler. Looked for beside the built module and, when running from source,
 * in the package's dist.
 */
function builtLibrary(file: string): string | null {
  let path = builtLibraries.get(file)
  if (path === undefined) {
    const candidates = [`./native/${file}`, `../../dist/native/${file}`].map((candidate) => fileURLToPath(new URL(candidate, import.meta.url)))
    path = process.platform === 'linux' ? candidates.find((candidate) => existsSync(candidate)) ?? null : null
    builtLibraries.set(file, path)
  }
  return path
}

/**
 * The built stoi fast path (native/stoi-fast-path.c: lttoolbox's StringUtils::stoi without
 * ICU's u_sscanf for plain tag numbers), or null when the package was built without a C
 * compiler.
 */
export function stoiFastPathLibrary(): string | null {
  return builtLibrary('libverso-stoi.so')
}

/**
 * The built open-class fix for Debian's HMM tagger (native/tagger-open-class.c:
 * tagger_utils::find_similar_ambiguity_class without its write into the model's open class),
 * or null when the package was built without a C compiler.
 */
export function taggerOpenClassLibrary(): string | null {
  return builtLibrary('libverso-tagger-open-class.so')
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

/**
 * What the stages are asked to preload (engine options `stoiFastPath`, `stageAllocator`,
 * `taggerOpenClassFix`). Defaults: true, 'tcmalloc', true.
 */
export interface StagePreloadOptions {
  stoiFastPath?: boolean
  allocator?: StageAllocator
  taggerOpenClassFix?: boolean
}

/** The programs run with tcmalloc: byte-identical output with it over every installed direction (bench/stage-preloads.mjs). */
const TCMALLOC_PROGRAMS: ReadonlySet<string> = new Set(['lt-proc', 'lrx-proc', 'apertium-transfer', 'apertium-interchunk', 'apertium-postchunk'])

/** A stage's program: its command's first word. */
function programOf(stage: string): string {
  return stage.trimStart().split(/\s/, 1)[0]!
}

/** Whether a stage's program is one that runs with tcmalloc. */
export function stageGetsTcmalloc(stage: string): boolean {
  return TCMALLOC_PROGRAMS.has(programOf(stage))
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

/** Whether a stage is a tagger (`apertium-tagger`), the program the open-class fix is for. */
export function stageIsTagger(stage: string): boolean {
  return programOf(stage) === 'apertium-tagger'
}

/**
 * The libraries preloaded into a stage: the stoi fast path when asked for and built (every
 * stage); tcmalloc when asked for, installed and the stage's program is one of
 * TCMALLOC_PROGRAMS; the open-class fix when asked for, built and the stage is a tagger
 * (without `stage`: as for a stage of each kind). A missing library is simply left out: the
 * stage then runs as Debian ships it in that respect. Exported for the benchmarks and tests.
 */
export function stagePreloads({ stoiFastPath = true, allocator = 'tcmalloc', taggerOpenClassFix = true }: StagePreloadOptions = {}, stage?: string): string[] {
  const libraries: string[] = []
  const stoi = stoiFastPath ? stoiFastPathLibrary() : null
  if (stoi) libraries.push(stoi)
  const tcmalloc = allocator === 'tcmalloc' && (stage === undefined || stageGetsTcmalloc(stage)) ? tcmallocLibraryPath() : null
  if (tcmalloc) libraries.push(tcmalloc)
  const openClass = taggerOpenClassFix && (stage === undefined || stageIsTagger(stage)) ? taggerOpenClassLibrary() : null
  if (openClass) libraries.push(openClass)
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
export function describeStagePreloads({ stoiFastPath = true, allocator = 'tcmalloc', taggerOpenClassFix = true }: StagePreloadOptions = {}): {
  stoiFastPath: 'on' | 'off' | 'not built'
  tcmalloc: 'on' | 'off' | 'not installed'
  taggerOpenClassFix: 'on' | 'off' | 'not built'
} {
  return {
    stoiFastPath: !stoiFastPath ? 'off' : stoiFastPathLibrary() ? 'on' : 'not built',
    tcmalloc: allocator !== 'tcmalloc' ? 'off' : tcmallocLibraryPath() ? 'on' : 'not installed',
    taggerOpenClassFix: !taggerOpenClassFix ? 'off' : taggerOpenClassLibrary() ? 'on' : 'not built',
  }
}
