import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { afterEach, describe, expect, test } from 'vitest'
import {
  createApertiumPipeline, describeStagePreloads, encodeSegment, escapeStream, nextFlushState, nextProcessState, stageGetsTcmalloc, stageIsTagger, stoiFastPathLibrary, taggerOpenClassLibrary, tcmallocLibraryPath,
  type ApertiumPipeline, type FlushEvent, type FlushState, type PipelineTransition, type ProcessEvent, type ProcessState, type SegmentPart,
} from '@verso/engine'
import { fakePair, fakeTaggerOnPath, type FakePair } from './fake-apertium.js'
import { FIRST_READING, POST_GENERATION_FILTER, withPostGenerationFilter } from '../src/apertium/mode.js'

const MODE = '/usr/share/apertium/modes/eng-spa.mode'

function stagePid(pipeline: ApertiumPipeline, program: string): number {
  const pid = pipeline.processIds().find((p) => {
    try { return readFileSync(`/proc/${p}/cmdline`, 'utf8').startsWith(program) } catch { return false }
  })
  if (pid === undefined) throw new Error(`no ${program} stage`)
  return pid
}

function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return false
  }
}

/** A process's scheduling policy from /proc (field 41 of stat): 0 SCHED_OTHER, 3 SCHED_BATCH. */
function policy(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[41 - 3])
}
const SCHED_OTHER = 0
const SCHED_BATCH = 3
const canBatch = process.platform === 'linux' && spawnSync('chrt', ['-b', '0', 'true']).status === 0

/** Records the transitions of one pipeline as `machine:from>to(event)`. */
function recorder() {
  const seen: string[] = []
  return {
    seen,
    onTransition: (t: PipelineTransition) => { seen.push(`${t.machine}:${t.from}>${t.to}(${t.event})`) },
  }
}

const sentences = Array.from({ length: 50 }, (_, i) =>
  `The ${['old', 'red', 'small', 'quiet', 'green'][i % 5]} house number ${i} is near the ${['river', 'school', 'market', 'station', 'sea'][i % 5]}.`)

describe('pipeline state machines', () => {
  const processStates: ProcessState[] = ['stopped', 'running', 'blocked', 'closed']
  const processEvents: ProcessEvent[] = ['start', 'write-blocked', 'drain', 'stop', 'exit', 'close']
  const processTable: Record<string, ProcessState> = {
    'stopped+start': 'running', 'stopped+close': 'closed',
    'running+write-blocked': 'blocked', 'running+stop': 'stopped', 'running+exit': 'stopped', 'running+close': 'closed',
    'blocked+drain': 'running', 'blocked+stop': 'stopped', 'blocked+exit': 'stopped', 'blocked+close': 'closed',
  }
  const flushStates: FlushState[] = ['idle', 'flowing', 'isolating', 'closed']
  const flushEvents: FlushEvent[] = ['submit', 'caught-up', 'fail', 'isolated', 'broken', 'close']
  const flushTable: Record<string, FlushState> = {
    'idle+submit': 'flowing', 'idle+fail': 'idle', 'idle+close': 'closed',
    'flowing+submit': 'flowing', 'flowing+caught-up': 'idle', 'flowing+fail': 'isolating', 'flowing+broken': 'idle', 'flowing+close': 'closed',
    'isolating+submit': 'isolating', 'isolating+fail': 'isolating', 'isolating+isolated': 'flowing', 'isolating+caught-up': 'idle',
    'isolating+broken': 'idle', 'isolating+close': 'closed',
  }

  for (const state of processStates) {
    for (const event of processEvents) {
      const to = processTable[`${state}+${event}`] ?? null
      test(`process supervisor: ${event} in ${state} ${to ? `goes to ${to}` : 'does not apply'}`, () => {
        expect(nextProcessState(state, event)).toBe(to)
      })
    }
  }
  for (const state of flushStates) {
    for (const event of flushEvents) {
      const to = flushTable[`${state}+${event}`] ?? null
      test(`flush scheduler: ${event} in ${state} ${to ? `goes to ${to}` : 'does not apply'}`, () => {
        expect(nextFlushState(state, event)).toBe(to)
      })
    }
  }
})

describe('apertium pipeline with a fake stage', () => {
  let pipeline: ApertiumPipeline | undefined
  let pair: FakePair | undefined
  afterEach(async () => {
    await pipeline?.close()
    pipeline = undefined
    pair?.remove()
    pair = undefined
  })

  test('starts on first text, answers it and goes back to idle', async () => {
    pair = fakePair()
    const r = recorder()
    pipeline = createApertiumPipeline(pair.mode, { onTransition: r.onTransition })
    expect(pipeline.state).toEqual({ process: 'stopped', flush: 'idle' })
    expect(await pipeline.translate('Hello there.')).toBe('Hello there.')
    expect(pipeline.state).toEqual({ process: 'running', flush: 'idle' })
    expect(r.seen).toEqual(['flush:idle>flowing(submit)', 'process:stopped>running(start)', 'flush:flowing>idle(caught-up)'])
  })

  test.runIf(canBatch)('runs its stages under SCHED_BATCH by default, under the inherited policy when asked', async () => {
    pair = fakePair()
    pipeline = createApertiumPipeline(pair.mode)
    expect(await pipeline.translate('Batch.')).toBe('Batch.')
    expect(policy(process.pid)).toBe(SCHED_OTHER)
    expect(pipeline.processIds().map(policy)).toEqual([SCHED_BATCH])
    await pipeline.close()

    pipeline = createApertiumPipeline(pair.mode, { stageScheduling: 'default' })
    expect(await pipeline.translate('Default.')).toBe('Default.')
    expect(pipeline.processIds().map(policy)).toEqual([SCHED_OTHER])
  })

  test('stops its processes only when nothing is outstanding, and starts again on the next text', async () => {
    pair = fakePair()
    const r = recorder()
    pipeline = createApertiumPipeline(pair.mode, { onTransition: r.onTransition, flushTimeoutMs: 60_000 })
    await pipeline.translate('One.')
    const pids = pipeline.processIds()
    const hanging = pipeline.translate('HANG.').catch((e: unknown) => e)
    expect(pipeline.stop()).toBe(false)
    expect(pipeline.state.process).toBe('running')
    await pipeline.close()
    expect(await hanging).toMatchObject({ code: 'ENGINE_CLOSED' })

    pipeline = createApertiumPipeline(pair.mode, { onTransition: r.onTransition })
    await pipeline.translate('One.')
    const first = pipeline.processIds()
    expect(pipeline.stop()).toBe(true)
    expect(pipeline.state).toEqual({ process: 'stopped', flush: 'idle' })
    expect(r.seen).toContain('process:running>stopped(stop)')
    await expect.poll(() => first.some(alive)).toBe(false)
    expect(await pipeline.translate('Two.')).toBe('Two.')
    expect(pipeline.starts).toBe(2)
    expect(pids.length).toBe(1)
  })

  test('a text that hangs the pipeline fails alone while 50 texts sent with it succeed', async () => {
    pair = fakePair()
    const r = recorder()
    pipeline = createApertiumPipeline(pair.mode, { flushTimeoutMs: 1500, onTransition: r.onTransition })
    const p = pipeline
    const ordinary = sentences.map((s) => p.translate(escapeStream(s)))
    const bad = p.translate('This one will HANG the stage.')
    const more = sentences.map((s) => p.translate(escapeStream(`Again: ${s}`)))
    await expect(bad).rejects.toMatchObject({ code: 'ENGINE_TIMEOUT' })
    expect(await Promise.all(ordinary)).toEqual(sentences.map(escapeStream))
    expect(await Promise.all(more)).toEqual(sentences.map((s) => escapeStream(`Again: ${s}`)))
    expect(r.seen).toContain('flush:flowing>isolating(fail)')
    expect(r.seen).toContain('flush:isolating>isolating(fail)') // the bad text's own retry
    expect(r.seen.some((t) => t === 'flush:isolating>flowing(isolated)' || t === 'flush:isolating>idle(caught-up)')).toBe(true)
    expect(p.state.flush).toBe('idle')
    expect(p.starts).toBe(3) // first run, restart after the batch hung, restart after the retry hung
  })

  test('a text that crashes the tagger alone is translated by the first-reading fallback, and the others as usual', async () => {
    const tagger = fakeTaggerOnPath("chunk.includes('CRASH')")
    try {
      pair = fakePair()
      writeFileSync(pair.mode, `${readFileSync(pair.mode, 'utf8').trim()} | apertium-tagger -g $2 model.prob\n`)
      pipeline = createApertiumPipeline(pair.mode)
      const p = pipeline
      const answers = await Promise.all(['One.', 'CRASH here.', 'Two.'].map((text) => p.translate(text)))
      expect(answers).toEqual(['One.', 'CRASH here.', 'Two.'])
      expect(p.disambiguation).toBe('tagger') // it tags the ambiguous probe: only some texts crash it
      expect(p.fallbackTexts).toBe(1)
      // a second such text is not taken for a pipeline that cannot run
      expect(await p.translate('CRASH again.')).toBe('CRASH again.')
      expect(p.fallbackTexts).toBe(2)
      expect(await p.translate('Three.')).toBe('Three.')
      expect(p.state.flush).toBe('idle')
      const pids = p.processIds()
      expect(pids.length).toBe(4) // two stages, and the fallback's two (the fake one and the first-reading filter)
      await p.close()
      await expect.poll(() => pids.some(alive)).toBe(false)
    } finally {
      tagger.remove()
    }
  })

  test('a tagger that crashes on any ambiguous word is replaced by the first reading from the start, with no restart', async () => {
    // dies on a chunk holding a word with two readings, as Debian's rus-ukr, ukr-rus and rus-bel
    // perceptron taggers do
    const tagger = fakeTaggerOnPath(String.raw`/\^[^$]*\/[^$]*\/[^$]*\$/.test(chunk)`)
    try {
      pair = fakePair()
      writeFileSync(pair.mode, `${readFileSync(pair.mode, 'utf8').trim()} | apertium-tagger -g $2 crashing-model.prob\n`)
      pipeline = createApertiumPipeline(pair.mode)
      const p = pipeline
      expect(p.disambiguation).toBe('first-reading')
      // stream units as an analyser writes them: the second has two readings
      const answers = await Promise.all(['^One/One<n>$.', '^Two/Two<n>/Two<adj>$.', '^Three/Three<num>$.'].map((text) => p.translate(text)))
      expect(answers).toEqual(['^One<n>$.', '^Two<n>$.', '^Three<num>$.'])
      expect(p.starts).toBe(1)
      expect(p.fallbackTexts).toBe(0)
      expect(p.processIds().length).toBe(2) // the fake stage and the first-reading filter: no tagger, no fallback
      // asking for the tagger explicitly does not bring it back: it would only crash
      const asked = createApertiumPipeline(pair.mode, { disambiguation: 'tagger' })
      expect(asked.disambiguation).toBe('first-reading')
      await asked.close()
    } finally {
      tagger.remove()
    }
  })

  test('the first-reading filter keeps the first reading of each word, escapes respected', () => {
    const run = (stream: string) => execFileSync('sh', ['-c', FIRST_READING], { input: `${stream}\0`, encoding: 'utf8' })
    expect(run('^Дом/Дом<n><m><nn><sg><nom>$ ^большой/большой<adj><f><sg><gen>/большой<adj><m><sg><nom>$^./.<sent>$[v:1]'))
      .toBe('^Дом<n><m><nn><sg><nom>$ ^большой<adj><f><sg><gen>$^.<sent>$[v:1]\0')
    expect(run('^a\\/b/a\\/b<n>/x<v>$ ^take out/take<vblex># out<inf>$ ^qux/*qux$'))
      .toBe('^a\\/b<n>$ ^take<vblex># out<inf>$ ^*qux$\0')
  })

  test('the post-generation filter moves marks behind their words with their lengths, drops a ~ before a sheltered character and numbers word-bound blanks', () => {
    const run = (stream: string) => execFileSync('sh', ['-c', POST_GENERATION_FILTER], { input: `${stream}\0`, encoding: 'utf8' })
    // an unknown word, a word not generated, escapes not counted, a word-bound word, a Devanagari word (virama, vowel sign)
    expect(run('Actualitzacions ~de *Ubuntu i #casa *a\\-b [[t:0]]*Ubuntu[[/]] *हिन्दी'))
      .toBe('Actualitzacions ~de Ubuntu[v:u:6] i casa[v:u:4] a\\-b[v:u:3] [[t:0; w:1]]Ubuntu[[/]][v:u:6] हिन्दी[v:u:6]\0')
    // the source's own escaped mark and an escaped ~ stay
    expect(run('\\*lit \\~de [t:1:o]x')).toBe('\\*lit \\~de [t:1:o]x\0')
    // inline tokens stay where they are
    expect(run('~de ~el [t:0:o]llibre[t:0:c] ~de [t:1:v]x')).toBe('~de ~el [t:0:o]llibre[t:0:c] de [t:1:v]x\0')
    // a sheltered character of the source between a ~ word and the next: no rewrite across it
    expect(run('~de [x:*]Andorra[x:*] ~de ~el [x:#]llibre')).toBe('de [x:*]Andorra[x:*] ~de el [x:#]llibre\0')
    // nor across a placeholder: "des ~de [t:1:v] ~en" is not "des d'en"
    expect(run('des ~de [t:1:v] ~en [t:2:v]')).toBe('des de [t:1:v] en [t:2:v]\0')
    expect(run('~de [t:0:o][t:1:v][t:0:c] casa')).toBe('de [t:0:o][t:1:v][t:0:c] casa\0')
    // nor with an acronym spelt like an article: en→gl "nome ~de OS" came back "nome dOS"; other acronyms elide (ca "d'IP")
    expect(run('nome ~de OS. ~de UN. ~de IP. ~DE EL. ~de OSX')).toBe('nome de OS. de UN. ~de IP. ~DE EL. ~de OSX\0')
    // word-bound blanks numbered in each record; a ~ word before one gets an empty blank of its own
    expect(run('~la [[t:0]]guia[[/]] [[t:0]]~el[[/]] [[t:0; t:1]]Salva[[/]] ~de casa')).toBe('[[; w:1]]~la[[/]] [[t:0; w:2]]guia[[/]] [[t:0; w:3]]~el[[/]] [[t:0; t:1; w:4]]Salva[[/]] ~de casa\0')
    // records stay apart
    expect(run('*a\0*b\0[[t:1]]c[[/]]')).toBe('a[v:u:1]\0b[v:u:1]\0[[t:1; w:1]]c[[/]]\0')
    // eng-spa's "lo" and "sentir" glued ("I'm sorry" came back "Losiento"); a longer word stays
    expect(run('Losiento. Losentimos, losienten. Losientos')).toBe('Lo siento. Lo sentimos, lo sienten. Losientos\0')
    // "#prpers" (a pronoun the generator could not write) goes; a word that starts so stays marked
    expect(run('Encantaría #prpers a vosa axuda. #prpersoa')).toBe('Encantaría  a vosa axuda. prpersoa[v:u:8]\0')
  })

  test('the post-generation filter goes right before the post-generator, and only where there is one', () => {
    const gen = "lt-proc -z -g 'x.autogen.bin'"
    const post = "lt-proc -z -p 'x.autopgen.bin'"
    expect(withPostGenerationFilter(['lt-proc -z a', gen, post])).toEqual(['lt-proc -z a', gen, POST_GENERATION_FILTER, post])
    // spa-cat transliterates between the two; ita-cat lets a grammar choose among generated forms
    expect(withPostGenerationFilter(['lt-proc -z a', gen, "lt-proc -z -x 'y.bin'", post])).toEqual(['lt-proc -z a', gen, "lt-proc -z -x 'y.bin'", POST_GENERATION_FILTER, post])
    expect(withPostGenerationFilter(['lt-proc -z a', gen])).toEqual(['lt-proc -z a', gen])
  })

  test('rejects with ENGINE_TIMEOUT when the text hangs alone, on its retry too', async () => {
    pair = fakePair()
    pipeline = createApertiumPipeline(pair.mode, { flushTimeoutMs: 1500 })
    await expect(pipeline.translate('HANG.')).rejects.toMatchObject({ code: 'ENGINE_TIMEOUT' })
    expect(pipeline.starts).toBe(2)
    expect(await pipeline.translate('Fine.')).toBe('Fine.')
  })

  test('a text that makes a stage exit fails alone with ENGINE_UNAVAILABLE', async () => {
    pair = fakePair()
    const r = recorder()
    pipeline = createApertiumPipeline(pair.mode, { onTransition: r.onTransition })
    const p = pipeline
    const before = sentences.slice(0, 20).map((s) => p.translate(escapeStream(s)))
    const bad = p.translate('DIE now.')
    const after = sentences.slice(20).map((s) => p.translate(escapeStream(s)))
    await expect(bad).rejects.toMatchObject({ code: 'ENGINE_UNAVAILABLE' })
    expect(await Promise.all([...before, ...after])).toEqual(sentences.map(escapeStream))
    expect(r.seen).toContain('process:running>stopped(exit)')
  })

  test('rejects at once with ENGINE_UNAVAILABLE when a stage program is missing', async () => {
    pair = fakePair()
    const r = recorder()
    const { writeFileSync } = await import('node:fs')
    writeFileSync(pair.mode, 'verso-no-such-apertium-tool -x a.bin\n')
    pipeline = createApertiumPipeline(pair.mode, { onTransition: r.onTransition })
    await expect(pipeline.translate('Hello.')).rejects.toMatchObject({ code: 'ENGINE_UNAVAILABLE' })
    expect(pipeline.starts).toBe(1)
    expect(r.seen).toContain('flush:flowing>idle(broken)')
    expect(pipeline.state).toEqual({ process: 'stopped', flush: 'idle' })
  })

  test('rejects with ENGINE_UNAVAILABLE when a stage exits on every start, after one retry', async () => {
    pair = fakePair()
    const { writeFileSync } = await import('node:fs')
    writeFileSync(pair.mode, 'false\n')
    pipeline = createApertiumPipeline(pair.mode)
    await expect(pipeline.translate('Hello.')).rejects.toMatchObject({ code: 'ENGINE_UNAVAILABLE' })
    expect(pipeline.starts).toBe(2)
  })

  test('writes nothing more to a full stage until it drains (back-pressure)', async () => {
    pair = fakePair({ sleepMs: 400 })
    const r = recorder()
    const flushed: number[] = []
    pipeline = createApertiumPipeline(pair.mode, { onTransition: r.onTransition, maxFlushesInFlight: 4, onFlush: (texts) => flushed.push(texts) })
    const big = (n: number) => `${String(n).repeat(3)} ${'word '.repeat(60_000)}.`
    const texts = [big(1), big(2), big(3)]
    const answers = texts.map((t) => pipeline!.translate(t))
    // The first write filled the pipe: the other two wait instead of piling up in memory.
    expect(pipeline.state.process).toBe('blocked')
    expect(await Promise.all(answers)).toEqual(texts)
    expect(r.seen).toContain('process:running>blocked(write-blocked)')
    expect(r.seen).toContain('process:blocked>running(drain)')
    // Without back-pressure each text would have gone in a flush of its own at once.
    expect(flushed).toEqual([1, 2])
  })

  test('texts batched in one flush are independent: each ends with its own null flush, so no stage state passes between them', async () => {
    pair = fakePair()
    const flushed: number[] = []
    pipeline = createApertiumPipeline(pair.mode, { onFlush: (texts) => flushed.push(texts) })
    const p = pipeline
    const answers = await Promise.all(['Zero.', 'One CARRY.', 'Two.'].map((text) => p.translate(text)))
    expect(flushed).toEqual([1, 2]) // One and Two shared a flush
    expect(answers).toEqual(['Zero.', 'One CARRY.', 'Two.'])
  })

  test('an idle pipeline sends a lone text at once, without waiting for others to share its flush', async () => {
    pair = fakePair()
    const flushed: number[] = []
    pipeline = createApertiumPipeline(pair.mode, { minTextsPerFlush: 4, batchWaitMs: 60_000, onFlush: (texts) => flushed.push(texts) })
    expect(await pipeline.translate('One.')).toBe('One.')
    expect(await pipeline.translate('Two.')).toBe('Two.')
    expect(flushed).toEqual([1, 1])
  })

  test('under load a flush waits until it holds its share of the texts owed', async () => {
    pair = fakePair()
    const flushed: number[] = []
    pipeline = createApertiumPipeline(pair.mode, { maxFlushesInFlight: 4, minTextsPerFlush: 4, batchWaitMs: 60_000, onFlush: (texts) => flushed.push(texts) })
    const p = pipeline
    const texts = sentences.slice(0, 8).map(escapeStream)
    // The first goes alone (the pipeline is idle). With it under way and 8 owed, a flush waits
    // for 4 (two slots of 4); the last 3 wait until the 4 are answered and go together.
    // Sent as soon as a slot freed (minTextsPerFlush 1), they went 1, 1, 1, 1, 2, 2.
    expect(await Promise.all(texts.map((t) => p.translate(t)))).toEqual(texts)
    expect(flushed).toEqual([1, 4, 3])
    expect(p.flushes).toEqual({ count: 3, texts: 8 })
  })

  test('a text waits at most batchWaitMs for others to share its flush', async () => {
    pair = fakePair()
    const flushed: number[] = []
    pipeline = createApertiumPipeline(pair.mode, { minTextsPerFlush: 4, batchWaitMs: 50, flushTimeoutMs: 60_000, onFlush: (texts) => flushed.push(texts) })
    const p = pipeline
    // The stage answers nothing after HANG.
    const outcomes = ['HANG.', 'A.', 'B.'].map((t) => p.translate(t).catch((e: unknown) => e))
    // A and B wait for a third text that never comes, then go without it while HANG is unanswered.
    await expect.poll(() => flushed, { timeout: 5000 }).toEqual([1, 2])
    await p.close()
    for (const outcome of await Promise.all(outcomes)) expect(outcome).toMatchObject({ code: 'ENGINE_CLOSED' })
  })

  test('aborts a waiting text and rejects pending texts on close', async () => {
    pair = fakePair()
    const r = recorder()
    pipeline = createApertiumPipeline(pair.mode, { onTransition: r.onTransition, flushTimeoutMs: 60_000 })
    const controller = new AbortController()
    const hang = pipeline.translate('HANG.')
    const aborted = pipeline.translate('Later.', { signal: controller.signal })
    controller.abort(new Error('client left'))
    await expect(aborted).rejects.toMatchObject({ code: 'ENGINE_ABORTED' })
    const outcome = expect(hang).rejects.toMatchObject({ code: 'ENGINE_CLOSED' })
    const pids = pipeline.processIds()
    await pipeline.close()
    await outcome
    expect(pids.some(alive)).toBe(false)
    expect(r.seen.slice(-2)).toEqual(['flush:flowing>closed(close)', 'process:running>closed(close)'])
    await expect(pipeline.translate('x')).rejects.toMatchObject({ code: 'ENGINE_CLOSED' })
  })
})

describe.skipIf(!existsSync(MODE))('apertium pipeline (real Apertium)', () => {
  let pipeline: ApertiumPipeline | undefined
  afterEach(async () => { await pipeline?.close() })

  test('restarts after a stage is killed and answers the request correctly', async () => {
    pipeline = createApertiumPipeline(MODE)
    const expected = await pipeline.translate(escapeStream('The dog is eating the bread.'))
    expect(expected).toContain('perro')
    process.kill(stagePid(pipeline, 'apertium-tagger'), 'SIGKILL')
    const again = await pipeline.translate(escapeStream('The dog is eating the bread.'))
    expect(again).toBe(expected)
    expect(pipeline.starts).toBe(2)
  })

  test('times out a hanging pipeline, restarts it and answers the request', async () => {
    pipeline = createApertiumPipeline(MODE, { flushTimeoutMs: 3000 })
    const expected = await pipeline.translate(escapeStream('The house is small.'))
    const stopped = stagePid(pipeline, 'apertium-transfer')
    process.kill(stopped, 'SIGSTOP')
    const answer = await pipeline.translate(escapeStream('The house is small.'))
    expect(answer).toBe(expected)
    expect(pipeline.starts).toBe(2)
  })

  test('a text nested 3 000 deep fails alone while 50 sentences sent with it get their own answers (issue 10)', async () => {
    pipeline = createApertiumPipeline(MODE, { flushTimeoutMs: 3000 })
    const p = pipeline
    const alone: string[] = []
    for (const s of sentences) alone.push(await p.translate(escapeStream(s)))
    // Bypasses the engine's validateSegment limits on purpose: this is what they keep out.
    // 3 000 levels took over 20 s in eng-spa (ENGINE-NOTES); the 3 s timeout leaves a wide margin on any machine
    const depth = 3000
    const nested: SegmentPart[] = [
      ...Array.from({ length: depth }, (_, i) => [{ id: `b${i}`, kind: 'open' as const }, 'word ']).flat(),
      ...Array.from({ length: depth }, (_, i) => ({ id: `b${depth - 1 - i}`, kind: 'close' as const })),
      'end.',
    ]
    const stream = encodeSegment(nested, p.wordBound).stream
    const first = sentences.slice(0, 10).map((s) => p.translate(escapeStream(s)))
    const bad = p.translate(stream)
    const rest = sentences.slice(10).map((s) => p.translate(escapeStream(s)))
    await expect(bad).rejects.toMatchObject({ code: 'ENGINE_TIMEOUT' })
    expect(await Promise.all([...first, ...rest])).toEqual(alone)
  })
})

/** Whether a process has `library` mapped (loaded through LD_PRELOAD). */
function maps(pid: number, library: string): boolean {
  return readFileSync(`/proc/${pid}/maps`, 'utf8').includes(library)
}

test('tcmalloc goes only to the programs that allocate most and run correctly with it', () => {
  for (const stage of ["lt-proc -z -b 'x.autobil.bin'", 'apertium-transfer -z -b a.t1x a.bin', 'apertium-interchunk -z a b', 'apertium-postchunk -z a b', 'lrx-proc -z -m x']) {
    expect(stageGetsTcmalloc(stage), stage).toBe(true)
  }
  // Debian's perceptron tagger crashes under tcmalloc (eng-cat); sed, perl and cg-proc keep glibc's too
  for (const stage of ["apertium-tagger -z -gx 'eng-cat.prob'", 'cg-proc -z -w x.rlx.bin', "sed -u -z 's/a/b/'", "perl -CSD -0 -pe ''", 'apertium-wblank-attach']) {
    expect(stageGetsTcmalloc(stage), stage).toBe(false)
  }
})

test('the open-class fix goes only to the taggers', () => {
  for (const stage of ["apertium-tagger -z -g 'eng-spa.prob'", "apertium-tagger -z -gx 'eng-cat.prob'"]) expect(stageIsTagger(stage), stage).toBe(true)
  for (const stage of ["lt-proc -z 'x.automorf.bin'", 'cg-proc -z -w x.rlx.bin', 'apertium-pretransfer -z', "perl -0 -pe 'apertium-tagger'"]) expect(stageIsTagger(stage), stage).toBe(false)
})

test('describeStagePreloads says off when the options turn a preload off, else on or why not', () => {
  expect(describeStagePreloads({ stoiFastPath: false, allocator: 'system', taggerOpenClassFix: false })).toEqual({ stoiFastPath: 'off', tcmalloc: 'off', taggerOpenClassFix: 'off' })
  const asBuilt = describeStagePreloads()
  expect(asBuilt.stoiFastPath).toBe(stoiFastPathLibrary() ? 'on' : 'not built')
  expect(asBuilt.tcmalloc).toBe(tcmallocLibraryPath() ? 'on' : 'not installed')
  expect(asBuilt.taggerOpenClassFix).toBe(taggerOpenClassLibrary() ? 'on' : 'not built')
})

// The stoi fast path is built with the package when a C compiler is present and tcmalloc is
// installed by the set-up (libtcmalloc-minimal4); under CI=true their absence is a failure,
// elsewhere these tests are skipped.
const stoiLibrary = stoiFastPathLibrary()
const tcmalloc = tcmallocLibraryPath()
const openClassLibrary = taggerOpenClassLibrary()
if (process.env.CI === 'true') {
  test('the stoi fast path and the open-class fix are built and tcmalloc installed', () => {
    expect(stoiLibrary, 'build @verso/engine on a machine with cc').not.toBeNull()
    expect(openClassLibrary, 'build @verso/engine on a machine with cc').not.toBeNull()
    expect(tcmalloc, 'apt-get install libtcmalloc-minimal4').not.toBeNull()
  })
}

describe.skipIf(!existsSync(MODE) || !openClassLibrary)("the tagger's open-class fix (real Apertium)", () => {
  let pipeline: ApertiumPipeline | undefined
  afterEach(async () => {
    await pipeline?.close()
    pipeline = undefined
  })

  // "token" is unknown to eng-spa; "span" (the past of "spin", a noun, a verb) is an ambiguity
  // class its tagger was not trained with: Debian's tagger narrows its open class on meeting it
  const UNKNOWN_WORD = escapeStream('Invalid token provided.')
  const NEW_CLASS = escapeStream('Configure the span')

  test('a warm pipeline answers a text with an unknown word as a fresh one, after meeting a class the tagger was not trained with', async () => {
    pipeline = createApertiumPipeline(MODE)
    const fresh = await pipeline.translate(UNKNOWN_WORD)
    await pipeline.translate(NEW_CLASS)
    expect(await pipeline.translate(UNKNOWN_WORD)).toBe(fresh)
    expect(maps(stagePid(pipeline, 'apertium-tagger'), openClassLibrary!)).toBe(true)
    expect(maps(stagePid(pipeline, 'apertium-postchunk'), openClassLibrary!)).toBe(false)
  })

  test('without it the same text is answered otherwise once the tagger has met that class (Debian\'s tagger as shipped)', async () => {
    pipeline = createApertiumPipeline(MODE, { taggerOpenClassFix: false })
    const fresh = await pipeline.translate(UNKNOWN_WORD)
    await pipeline.translate(NEW_CLASS)
    expect(await pipeline.translate(UNKNOWN_WORD)).not.toBe(fresh)
    expect(maps(stagePid(pipeline, 'apertium-tagger'), openClassLibrary!)).toBe(false)
  })
})

describe.skipIf(!existsSync(MODE) || !stoiLibrary || !tcmalloc)('the stages\' preloads: stoi fast path and tcmalloc (real Apertium)', () => {
  let pipeline: ApertiumPipeline | undefined
  afterEach(async () => {
    await pipeline?.close()
    pipeline = undefined
  })

  /** Real UI strings and CLDR strings in English, and the same with inline tags around some words. */
  function englishTexts(): string[] {
    const texts = ['ui', 'ui-tuning', 'tuning'].flatMap((name) =>
      (JSON.parse(readFileSync(new URL(`./fixtures/detection-${name}.json`, import.meta.url), 'utf8')) as Record<string, string[]>).en ?? [])
    const tagged = texts.slice(0, 100).map((text): SegmentPart[] =>
      text.split(' ').flatMap((word, i): SegmentPart[] => i % 3 === 1
        ? [{ id: `b${i}`, kind: 'open' }, word, { id: `b${i}`, kind: 'close' }, ' ']
        : [word, ' ']))
    return [...texts.map(escapeStream), ...tagged.map((parts) => encodeSegment(parts, true).stream)]
  }

  async function translateAll(p: ApertiumPipeline, texts: string[]): Promise<string[]> {
    return Promise.all(texts.map((text) => p.translate(text)))
  }

  test('by default every stage has the stoi fast path and only the listed programs tcmalloc; each can be turned off', async () => {
    pipeline = createApertiumPipeline(MODE)
    await pipeline.translate(escapeStream(sentences[0]!))
    const postchunk = stagePid(pipeline, 'apertium-postchunk')
    const tagger = stagePid(pipeline, 'apertium-tagger')
    expect([maps(postchunk, stoiLibrary!), maps(postchunk, tcmalloc!)]).toEqual([true, true])
    expect([maps(tagger, stoiLibrary!), maps(tagger, tcmalloc!)]).toEqual([true, false])
    await pipeline.close()

    pipeline = createApertiumPipeline(MODE, { stoiFastPath: false })
    await pipeline.translate(escapeStream(sentences[0]!))
    expect([maps(stagePid(pipeline, 'apertium-postchunk'), stoiLibrary!), maps(stagePid(pipeline, 'apertium-postchunk'), tcmalloc!)]).toEqual([false, true])
    await pipeline.close()

    pipeline = createApertiumPipeline(MODE, { stageAllocator: 'system' })
    await pipeline.translate(escapeStream(sentences[0]!))
    expect([maps(stagePid(pipeline, 'apertium-postchunk'), stoiLibrary!), maps(stagePid(pipeline, 'apertium-postchunk'), tcmalloc!)]).toEqual([true, false])
  })

  test('answers are byte-identical to the stages as Debian ships them (eng-spa, plain and tagged texts)', async () => {
    const texts = englishTexts()
    expect(texts.length).toBeGreaterThan(300)
    pipeline = createApertiumPipeline(MODE, { stoiFastPath: false, stageAllocator: 'system' })
    const stock = await translateAll(pipeline, texts)
    await pipeline.close()
    pipeline = createApertiumPipeline(MODE)
    const fast = await translateAll(pipeline, texts)
    expect(fast).toEqual(stock)
    // the tagged half went through postchunk's tag references, the path the stoi fast path shortens
    expect(stock.filter((answer) => answer.includes('[[t:')).length).toBeGreaterThan(50)
  })
})
