import { existsSync } from 'node:fs'
import { createPipelinePool, defaultMaxPipelines } from './apertium/pool.js'
import type { StageAllocator } from './apertium/preloads.js'
import type { StageScheduling } from './apertium/supervisor.js'
import { decodeSegment, encodeSegment, hasHyphenBetweenLetters, maskLetters, maskOwners, maskSigils, maskWrappedOwners, unknownOwners, validateSegment, withHyphenBlanks, type Decoded } from './apertium/stream.js'
import { createLru } from './cache.js'
import { createDetector, type Detection } from './detect.js'
import { findAnalysers } from './detect/analysers.js'
import { EngineError } from './errors.js'
import { readModesFolder, type Direction } from './apertium/directions.js'
import { intermediateHopMark, INTERMEDIATE_READERS } from './apertium/mode.js'
import { maskCounts } from './apertium/counts.js'
import { withOpeningMarks } from './apertium/opening-marks.js'
import { withInformalPossessives } from './apertium/possessives.js'
import { withInterfaceVerbs } from './apertium/save-sense.js'
import { withStateCopula } from './apertium/state-copula.js'
import { maskQuotes } from './apertium/quotes.js'
import { maskDialogueDashes } from './apertium/dialogue-dashes.js'
import { readsSerboCroatian, withSerbianLatin, writesCyrillic } from './apertium/serbian-script.js'
import { routeRevision } from './apertium/revision.js'
import type { Language } from './languages.js'
import { createRouter, type Route } from './router.js'
import type { Segment } from './segment.js'
import { outerPair, projectPairs, sameWords, withoutPairs } from './segments/project.js'

export interface EngineOptions {
  /**
   * Folder of Apertium `.mode` files; the installed directions are read from it once, at
   * creation. Default: '/usr/share/apertium/modes'
   */
  modesDir?: string
  /** Translations kept in the LRU cache (keyed by direction and segment); 0 disables it. Default: 10000 */
  cacheSize?: number
  /**
   * A pipeline with texts in flight that answers none of them for this long is killed and
   * restarted; its texts are retried once, each alone, and a text whose retry hangs too fails
   * with ENGINE_TIMEOUT. Default: 10000
   */
  flushTimeoutMs?: number
  /** Most texts in one flush (one write) of a pipeline (texts waiting while others are under way go together). Default: 32 */
  maxSegmentsPerFlush?: number
  /** Most flushes under way per pipeline at once. Default: 4 */
  maxFlushesInFlight?: number
  /**
   * While a pipeline has flushes under way, a new flush waits for this many texts when more
   * are owed (a flush costs the stages about as much as three sentences), at most
   * `batchWaitMs`. Default: 4
   */
  minTextsPerFlush?: number
  /** The longest a text waits for others to share its flush while flushes are under way. Default: 6 */
  batchWaitMs?: number
  /**
   * `batch`: the Apertium stages run under Linux's SCHED_BATCH where the machine allows it
   * (no wake-up preemption between them: +3 to +5 % throughput under load, BENCHMARKS.md);
   * `default`: under the policy the server has. Default: 'batch'
   */
  stageScheduling?: StageScheduling
  /**
   * Run the stages with the stoi fast path (src/apertium/native/stoi-fast-path.c, built with
   * the package when a C compiler is present) preloaded: apertium-postchunk spends most of its
   * CPU parsing tag numbers through ICU otherwise, a quarter of eng-spa's pipeline; answers are
   * byte-identical. Without the built library the stages run as Debian ships them. Default: true
   */
  stoiFastPath?: boolean
  /**
   * The stages' memory allocator: `tcmalloc` (Debian's libtcmalloc-minimal4, preloaded where
   * installed: the Apertium programs spend much of their CPU in glibc's malloc and free; same
   * answers) or `system` (glibc's, as Debian runs them). Default: 'tcmalloc'
   */
  stageAllocator?: StageAllocator
  /**
   * Run the taggers with the open-class fix (src/apertium/native/tagger-open-class.c, built
   * with the package when a C compiler is present) preloaded: Debian's HMM tagger narrows the
   * tags an unknown word may take, for the rest of the process, the first time it meets an
   * ambiguity class it was not trained with, so a warm pipeline answered texts with unknown
   * words ("AntennaPod uses…") otherwise than a fresh one. With the fix a text is answered as a
   * fresh pipeline answers it, whatever came before. Default: true
   */
  taggerOpenClassFix?: boolean
  /**
   * Most pipelines per direction; a further one starts when the direction's pipelines are busy
   * and `maxPipelines` leaves room, and each text goes to the one owing the fewest. Default:
   * one per three cores, at least one (`defaultPipelinesPerDirection`): with flushes batched
   * under load one pipeline keeps two cores busy, and on 2 cores a second one served fewer
   * requests (BENCHMARKS.md).
   */
  pipelinesPerDirection?: number
  /**
   * A pipeline with nothing to do for this long is stopped (its direction starts one again on
   * its next text). The server passes `APERTIUM_IDLE_MS`. Default: 600000 (10 min)
   */
  idleMs?: number
  /**
   * Most pipelines running at once, over all directions. At the cap, a direction with no
   * running pipeline stops the least recently used idle one; if none is idle its texts wait
   * up to `pipelineWaitMs`. The server passes `APERTIUM_MAX_PIPELINES`. Default: one per 3 GiB
   * of memory, between 2 and 8 (a pipeline's processes take 120–480 MB RSS; README)
   */
  maxPipelines?: number
  /**
   * Longest a text waits for a pipeline when every running pipeline is busy at the cap;
   * then it fails with ENGINE_UNAVAILABLE. Default: 10000
   */
  pipelineWaitMs?: number
  /**
   * Directions whose first pipeline starts at creation instead of on first use (each hop of
   * a pivot route), while `maxPipelines` leaves room; they stop after `idleMs` unused like any
   * other. Unsupported pairs are ignored. Default: []
   */
  warm?: Array<{ source: string; target: string }>
}

export interface Translation {
  /** Same shape as the input: a string for a string, parts for parts. */
  segment: Segment
  /** Words the engine did not know (marked `*`/`@` by Apertium), without the marks. */
  unknownWords: string[]
  /** Languages passed through, e.g. `['en', 'es', 'fr']`; `['en']` when source equals target. */
  route: string[]
  /** The engine that translated it, when several may serve (the routed engine sets it; the embedded engine alone leaves it out). */
  engine?: string
}

/** A routable direction: `{ source: 'en', target: 'pt', route: ['en', 'es', 'pt'], modes: ['eng-spa', 'es-pt'] }`. */
export interface LanguagePair {
  source: string
  target: string
  /** Languages passed through, source and target included. */
  route: string[]
  /** The Apertium mode of each hop. */
  modes: string[]
}

export interface EngineTranslateOptions {
  signal?: AbortSignal
  /**
   * Where each segment comes from (`key: …`, a translator comment), by index. Remote
   * translators that can use it (an LLM) receive it; Apertium has no use for it and ignores it.
   */
  context?: ReadonlyArray<string | undefined>
}

export interface Engine {
  /** Every language that is the source or target of some route, sorted by name: [{ code: 'en', name: 'English' }, …] */
  languages(): Language[]
  /** Whether some route (or none needed: same language) translates source into target; codes as callers give them. */
  supports(source: string, target: string): boolean
  /**
   * The canonical code of a caller's code in a role (`EN` → `en`, `pt_br` → `pt-BR`,
   * `no` → `nb`), or null when no route starts (source) or ends (target) there.
   */
  canonicalCode(code: string, role: 'source' | 'target'): string | null
  /** Languages some route reaches from `source`, sorted by name; [] when it is not a source. */
  reachableTargets(source: string): Language[]
  /** Languages with a route into `target`, sorted by name; [] when it is not a target. */
  reachableSources(target: string): Language[]
  /** Every routable direction between two listed languages, with its route. */
  pairs(): LanguagePair[]
  /** The route of one direction (codes as callers give them, answered canonical), or null; none for one language. */
  route(source: string, target: string): LanguagePair | null
  /**
   * What the direction's translations are made of, as 16 hex digits (src/apertium/revision.ts):
   * it changes when Verso's translation code or an installed pair of the route changes, so a
   * translation stored under it (a translation memory) is what the engine answers today. null
   * when no route serves the direction (or none is needed: one language).
   */
  revision(source: string, target: string): string | null
  /**
   * Detect among the supported languages (see detect.ts). `outside` is the likeliest language
   * the engine does not translate, when that is what the text looks like (confidence then low).
   * Throws ENGINE_… only for misuse (empty text).
   */
  detect(text: string): Detection
  /**
   * Loads what detection reads (the dictionaries, the n-gram counts: about 2 s of work) in
   * steps of a few tens of ms, yielding to the event loop between them; resolves when `detect`
   * is ready. Optional: `detect` loads whatever is left at once, holding the event loop.
   */
  prepareDetection(): Promise<void>
  /** Translate; rejects if any segment fails. source may not be 'auto' (caller detects). same source and target → returned unchanged. */
  translate(segments: readonly Segment[], pair: { source: string; target: string }, options?: EngineTranslateOptions): Promise<Translation[]>
  /** Like translate but per segment, like Promise.allSettled: for batch endpoints where one item may fail. */
  translateSettled(segments: readonly Segment[], pair: { source: string; target: string }, options?: EngineTranslateOptions): Promise<Array<Translation | { error: EngineError }>>
  /** true when a probe translation succeeds within a timeout (used by GET /health → 503 otherwise). */
  health(): Promise<{ ok: boolean; detail?: string }>
  close(): Promise<void>
  /** Counters and running pipelines, for tests and diagnostics (additive to the contract). */
  stats(): EngineStats
}

export interface EngineStats {
  cacheHits: number
  cacheMisses: number
  cacheSize: number
  /**
   * One entry per running pipeline (a direction may have several): its mode file, live
   * process ids, (re)start count, texts it owes, and whether its tagger runs or, because it
   * crashes on ambiguous words, the first reading of each word is taken ('first-reading').
   */
  pipelines: Array<{ mode: string; processIds: number[]; starts: number; outstanding: number; disambiguation: 'tagger' | 'first-reading' }>
  /** The cap on running pipelines in force. */
  maxPipelines: number
  /** Flushes (writes of a batch of texts, each text null-flushed) to Apertium since the engine was made, and the texts they held (texts ÷ count: the batching achieved under load). */
  flushes: { count: number; texts: number }
  /** Pipeline starts and restarts since the engine was made, stopped pipelines included. */
  pipelineStarts: number
}

const HEALTH_TIMEOUT_MS = 15_000

/**
 * How long a route's revision is reused before its files are looked at again: a pair upgraded
 * while the server runs reaches its pipelines when they restart, and the revision follows
 * within this time without a stat of every data file on each request.
 */
const REVISION_TTL_MS = 10_000

/**
 * The name sent in place of a placeholder that owns something (`{name}'s profile`), per source
 * language whose possessive follows the word (see encodeSegment's `possessiveStandIn`). "John"
 * is in the proper-noun lexicon of eng-spa, eng-cat, en-gl and en-eo (checked with `apertium -f
 * none`; eng-hbs marks every name); a masculine name, since the transfer makes the words around
 * it agree with it, and the masculine is the Romance targets' default for a word of unknown
 * gender: with "Mary", Keycloak's "the requester's user ID" came back "el usuario de la
 * {requester}" and "{name} has been removed" "ha sido sacada".
 */
const POSSESSIVE_STAND_IN: Readonly<Record<string, string>> = { en: 'John' }
/**
 * Which placeholders that are the subject of a past verb go as the stand-in name too (see
 * EncodeOptions' `pastSubjects`), by Apertium's name of the mode: eng-spa's transfer takes the
 * verb's person from an object "me", "you" or "us"; every other mode from English, whatever the
 * object.
 */
const PAST_SUBJECTS: Readonly<Record<string, 'third-person-object'>> = { 'eng-spa': 'third-person-object' }

/** Sources whose hyphenated compounds the transfer glues (eng-spa, eng-cat, en-gl); see translateHopOnce. */
const HYPHEN_BLANK_SOURCES: ReadonlySet<string> = new Set(['en'])

/** A hop of a route; `onward` the next hop's target when its answer is that hop's input, not the user's. */
type Hop = Direction & { onward?: string }

/**
 * What sentence-initial interjections become, for the directions whose transfer mistranslates
 * them (see encodeSegment's `leads`): "Please" as the verb (eng-spa "Complacer espera.", en-gl),
 * "Sorry" as the adjective (eng-spa "Triste, algo fue mal.", eng-cat "Trist", en-eo "Mizera").
 * eng-cat's "Per favor" and en-eo's "Bonvolu" are right already, as is en-gl's "Perdón".
 */
const SENTENCE_LEADS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // "Welcome back" came back as a verb and an adverb of place: eng-spa "da la bienvenida a
  // atrás", eng-cat "Dors benvingut", en-gl "benvida atrás", en-eo "Bonvena malantaŭo"
  // "Sign in", "Log out" … starting a sentence (the commonest buttons of all): eng-spa "Signo en",
  // "Registro fuera", eng-cat "Signe dins", en-gl "Sinal dentro", en-eo "Signo en"
  // "Don't worry" before a comma or an end: eng-spa "No se preocupa" (he does not), en-gl "Non
  // preocupar", eng-cat "No preocupeu" (no pronoun), en-eo "Ne maltrankvilas" (a statement);
  // "Click here": eng-spa and en-gl "Clic aquí" (the noun), eng-cat "Clic aquí" too
  'en>es': { Please: 'por favor', Sorry: 'lo sentimos', 'Welcome back': 'bienvenido de nuevo', 'Sign in': 'iniciar sesión', 'Log in': 'iniciar sesión', 'Sign out': 'cerrar sesión', 'Log out': 'cerrar sesión', 'Sign up': 'registrarse', "Don't worry": 'no te preocupes', 'Click here': 'haz clic aquí' },
  'en>gl': { Please: 'por favor', 'Welcome back': 'benvido de novo', 'Sign in': 'iniciar sesión', 'Log in': 'iniciar sesión', 'Sign out': 'pechar sesión', 'Log out': 'pechar sesión', 'Sign up': 'rexistrarse', "Don't worry": 'non te preocupes', 'Click here': 'fai clic aquí' },
  'en>ca': { Sorry: 'ho sentim', 'Welcome back': 'benvingut de nou', 'Sign in': 'inicia la sessió', 'Log in': 'inicia la sessió', 'Sign out': 'tanca la sessió', 'Log out': 'tanca la sessió', 'Sign up': "registra't", "Don't worry": 'no et preocupis', 'Click here': 'fes clic aquí' },
  'en>eo': { Sorry: 'pardonu', 'Welcome back': 'bonvenon reen', 'Sign in': 'ensaluti', 'Log in': 'ensaluti', 'Sign out': 'elsaluti', 'Log out': 'elsaluti', 'Sign up': 'registriĝi', "Don't worry": 'ne zorgu' },
  // es-fr and es-pt translate the words of Spanish interjections ("Par faveur", "Nous le
  // sentons", "Faz favor"); English UI text reaches French and Portuguese through Spanish, where
  // the en>es hop wrote them; "Más información" (English "Learn more", mode.ts) came back "Plus
  // information", "Mais informação"
  'es>fr': { 'Por favor': "s'il vous plaît", 'Lo sentimos': 'désolé', 'Iniciar sesión': 'se connecter', 'Cerrar sesión': 'se déconnecter', 'Haz clic aquí': 'cliquez ici', 'Más información': 'en savoir plus' },
  // and into English: spa-eng "Lo sentimos, algo…" → "We feel it, something…", "Iniciar sesión"
  // → "Initiate session", "Bienvenido de nuevo" → "Bienvenido again" (the word unknown); "Haz
  // clic" is SPA_ENG_SENSE_FILTER's (mode.ts), which also makes its "en" "on" (as a lead, the
  // rest went alone: "Click in the button")
  'es>en': { 'Más información': 'learn more', 'Lo sentimos': 'sorry', 'Iniciar sesión': 'sign in', 'Inicia sesión': 'sign in', 'Cerrar sesión': 'sign out', 'Bienvenido de nuevo': 'welcome back' },
  'es>pt': { 'Por favor': 'por favor', 'Lo sentimos': 'lamentamos', 'Más información': 'saiba mais' },
}

export function createEngine(options: EngineOptions = {}): Engine {
  const modesDir = options.modesDir ?? '/usr/share/apertium/modes'
  const { directions } = readModesFolder(modesDir)
  const router = createRouter(directions)
  const languages = router.languages()
  // Detection reads the installed analysers' dictionaries (loaded on first detect, then kept).
  const detector = createDetector(languages.map((l) => l.code), { analysers: findAnalysers(directions) })
  const cache = createLru<Translation>(options.cacheSize ?? 10_000)
  const maxPipelines = Math.max(1, Math.floor(options.maxPipelines ?? defaultMaxPipelines()))
  const pool = createPipelinePool({
    idleMs: options.idleMs,
    maxPipelines,
    perDirection: options.pipelinesPerDirection,
    waitMs: options.pipelineWaitMs,
    pipeline: {
      flushTimeoutMs: options.flushTimeoutMs,
      maxSegmentsPerFlush: options.maxSegmentsPerFlush,
      maxFlushesInFlight: options.maxFlushesInFlight,
      minTextsPerFlush: options.minTextsPerFlush,
      batchWaitMs: options.batchWaitMs,
      stageScheduling: options.stageScheduling,
      stoiFastPath: options.stoiFastPath,
      stageAllocator: options.stageAllocator,
      taggerOpenClassFix: options.taggerOpenClassFix,
    },
  })
  let closed = false
  let cacheHits = 0
  let cacheMisses = 0
  const revisions = new Map<string, { revision: string; at: number }>()

  /** The route from source to target, or throws the matching EngineError. */
  function resolve(pair: { source: string; target: string }): { source: string; target: string; path: string[]; hops: Direction[] } {
    if (closed) throw new EngineError('ENGINE_CLOSED', 'The engine is closed')
    const rawSource = String(pair?.source ?? '')
    const rawTarget = String(pair?.target ?? '')
    if (rawSource.trim().toLowerCase() === 'auto') {
      throw new EngineError('ENGINE_INVALID_INPUT', "source 'auto' must be detected by the caller (engine.detect) before translating")
    }
    if (directions.length === 0) throw new EngineError('ENGINE_UNAVAILABLE', `No Apertium language pairs are installed in ${modesDir}`)
    const source = router.sourceCode(rawSource)
    if (source === null) {
      throw new EngineError('ENGINE_UNSUPPORTED_LANGUAGE', `Unsupported source language "${rawSource}"; supported: ${codesOf(languages)}`)
    }
    const route = router.route(source, rawTarget)
    if (route) return route
    // A known language that no direction produces (ro: only ro-es is installed) is a pair problem.
    const target = router.targetCode(rawTarget) ?? router.sourceCode(rawTarget)
    const reach = router.reachableTargets(source)
    const reaches = reach.length > 0 ? `${source} reaches: ${codesOf(reach)}` : `${source} reaches no other language`
    if (target === null) {
      throw new EngineError('ENGINE_UNSUPPORTED_LANGUAGE', `Unsupported target language "${rawTarget}"; ${reaches}`)
    }
    throw new EngineError('ENGINE_UNSUPPORTED_PAIR', `No route from ${source} to ${target} through the installed Apertium pairs; ${reaches}`)
  }

  for (const pair of options.warm ?? []) {
    try {
      for (const hop of resolve(pair).hops) pool.warm(hop.mode)
    } catch {
      // warming is best effort; translate reports the error when the pair is used
    }
  }

  /**
   * One hop of a route. An owner the analyser does not know ("Alare's Alarm") loses its
   * genitive ("Alare Alarma"): when the answer reports one, the segment goes again with it as a
   * placeholder, which goes as the possessive's stand-in name ("La alarma de Alare").
   */
  async function translateHop(segment: Segment, hop: Hop, signal?: AbortSignal): Promise<Decoded | null> {
    // a placeholder a tag pair wraps alone before 's owns it too ("<b>{name}</b>'s profile")
    const wrapped = POSSESSIVE_STAND_IN[hop.source] === undefined ? null : maskWrappedOwners(segment)
    if (wrapped) {
      const owned = await translateHop(wrapped.segment, hop, signal)
      return owned ? { ...owned, segment: wrapped.restore(owned.segment) } : owned
    }
    const decoded = await translateHopOnce(segment, hop, signal)
    if (!decoded || POSSESSIVE_STAND_IN[hop.source] === undefined) return decoded
    const owners = unknownOwners(segment, decoded.unknownWords)
    if (owners.size === 0) return decoded
    const masked = maskOwners(segment, owners)
    const again = await translateHopOnce(masked.segment, hop, signal)
    // the owner is the unknown word, not what eng-cat glued to it ("passkeyha")
    const ownerOf = (word: string) => [...owners].find((owner) => word.startsWith(owner)) ?? word
    return again ? { ...again, segment: masked.restore(again.segment), unknownWords: [...new Set(decoded.unknownWords.map(ownerOf))] } : decoded
  }

  /**
   * A text with a hyphen between letters goes twice, as written and with the hyphen between
   * blanks (encodeSegment's `hyphenBlanks`), and the blanks' answer is kept when it differs from
   * the plain one only at those blanks: transfer rules that reorder a hyphenated compound write
   * its words with the blanks the source had around the hyphen, none ("a well-known problem" →
   * "un problemabiensabido", "open-source software" → "softwaredefuente abierta"); a word the
   * dictionary holds with its hyphen ("e-mail", "up-to-date", "Wi-Fi") is no longer found once
   * split, and its plain answer stays. Only from English: French hyphens join verb and pronoun
   * ("Dis-moi", "Est-ce que") or lexicalised words ("porte-parole"), split they always answered
   * worse, and the second pass was pure cost.
   */
  async function translateHopOnce(segment: Segment, hop: Hop, signal?: AbortSignal): Promise<Decoded | null> {
    if (!HYPHEN_BLANK_SOURCES.has(hop.source) || !hasHyphenBetweenLetters(segment)) return translateHopAs(segment, hop, false, signal)
    const [plain, blanked] = await Promise.all([translateHopAs(segment, hop, false, signal), translateHopAs(segment, hop, true, signal)])
    if (!plain || !blanked) return plain
    return withHyphenBlanks(plain, blanked)
  }

  async function translateHopAs(current: Segment, hop: Hop, hyphenBlanks: boolean, signal?: AbortSignal): Promise<Decoded | null> {
    const wordBound = pool.wordBound(hop.mode)
    const decodeOptions = { source: hop.source, target: hop.target }
    let encoded = encodeSegment(current, wordBound, {
      possessiveStandIn: POSSESSIVE_STAND_IN[hop.source],
      pastSubjects: POSSESSIVE_STAND_IN[hop.source] === undefined ? undefined : (PAST_SUBJECTS[hop.name] ?? 'any-object'),
      leads: SENTENCE_LEADS[`${hop.source}>${hop.target}`],
      hyphenBlanks,
      separatorBarriers: true,
    })
    if (encoded.stream === '') return null
    // the answer is another hop's input: filters that write for the user write for the next analyser then (mode.ts)
    const mark = hop.onward !== undefined && INTERMEDIATE_READERS.has(hop.name) ? intermediateHopMark(hop.onward) : ''
    let decoded = decodeSegment(await pool.translate(hop.mode, encoded.stream + mark, { signal }), encoded, decodeOptions)
    if (decoded.standInLost) {
      // the answer lost a stand-in (a placeholder's name, a "Please", a separator's barrier): the text goes as written
      encoded = encodeSegment(current, wordBound, { hyphenBlanks })
      decoded = decodeSegment(await pool.translate(hop.mode, encoded.stream + mark, { signal }), encoded, decodeOptions)
    }
    if (decoded.leaked && encoded.wordBound) {
      // The pair could not carry word-bound blanks here: tags keep their places instead.
      encoded = encodeSegment(current, false, { hyphenBlanks })
      decoded = decodeSegment(await pool.translate(hop.mode, encoded.stream + mark, { signal }), encoded, decodeOptions)
    }
    if (decoded.leaked) throw new EngineError('ENGINE_UNAVAILABLE', `Apertium (${hop.source}→${hop.target}) returned raw lexical units`)
    return decoded
  }

  /**
   * A segment through every hop of a route: an `@` or `#` with the placeholder it marks as one
   * token (maskSigils), quotation marks as tag pairs around what they quote (quotes.ts), and
   * the last hop's target's opening marks added (¿ ¡, opening-marks.ts); when the last hop is
   * en→es or en→gl, "your" as the singular possessive (possessives.ts) and "estar" for states
   * (state-copula.ts); and after each hop from English into es, gl, ca (the last or not: es-fr
   * reads "guardar" as "enregistrer") "guardar", "gardar", "desar" for "save", es and gl
   * "desactivar" for "disable", es "reiniciar" for "restart" but before Italian (save-sense.ts).
   */
  async function translateRoute(segment: Segment, hops: readonly Direction[], signal?: AbortSignal): Promise<{ segment: Segment; unknownWords: string[] }> {
    const sigils = maskSigils(segment)
    const quotes = maskQuotes(sigils?.segment ?? segment)
    let current: Segment = quotes.segment
    const unknownWords: string[] = []
    for (const [n, hop] of hops.entries()) {
      // what the hop is given: its source's words, for save-sense.ts
      const input = current
      const onward = hops[n + 1]?.target
      // a letter the hop before kept goes on as it is (see maskLetters)
      const letters = n > 0 ? maskLetters(current, unknownWords) : null
      const found = await translateHop(letters?.segment ?? current, onward === undefined ? hop : { ...hop, onward }, signal)
      const decoded = found && letters ? { ...found, segment: letters.restore(found.segment) } : found
      if (!decoded) continue
      // every hop from English: one into Spanish before another hop says "guardar" too, which
      // es-fr reads as "enregistrer" ("Save changes" came back fr "Il sauve des changements")
      current = withInterfaceVerbs(decoded.segment, input, hop.source, hop.target, hops[n + 1]?.target)
      for (const w of decoded.unknownWords) if (!unknownWords.includes(w)) unknownWords.push(w)
    }
    const restored = sigils ? sigils.restore(quotes.restore(current)) : quotes.restore(current)
    const last = hops[hops.length - 1]
    if (!last) return { segment: restored, unknownWords }
    const fixed = withStateCopula(withInformalPossessives(restored, last.source, last.target), last.source, last.target)
    return { segment: withOpeningMarks(fixed, last.target), unknownWords }
  }

  async function translateOne(segment: Segment, route: { path: string[]; hops: Direction[] }, signal?: AbortSignal): Promise<Translation> {
    const path = route.path
    if (route.hops.length === 0) return { segment, unknownWords: [], route: path }
    const key = `${path.join('>')}\u0000${typeof segment === 'string' ? segment : JSON.stringify(segment)}`
    const cached = cache.get(key)
    if (cached) cacheHits++
    else cacheMisses++
    if (cached) return { segment: cached.segment, unknownWords: [...cached.unknownWords], route: [...cached.route] }
    // once, before the tagged and untagged variants go: Serbian Cyrillic in Latin letters into a
    // first hop from Serbo-Croatian, but for an answer in Cyrillic (serbian-script.ts), and a
    // dialogue turn's dash as a token the taggers skip (dialogue-dashes.ts)
    const hops = route.hops
    const latin = readsSerboCroatian(hops[0]!.name) && !writesCyrillic(hops[hops.length - 1]!.target) ? withSerbianLatin(segment) : segment
    const dashes = maskDialogueDashes(latin)
    const translated = await translateMarkedUp(dashes.segment, hops, signal)
    const answer = dashes.restore(translated.segment)
    const result: Translation = { segment: answer, unknownWords: translated.unknownWords, route: path }
    cache.set(key, { segment: answer, unknownWords: [...translated.unknownWords], route: [...path] })
    return result
  }

  /**
   * A segment with tag pairs goes twice, with and without them, and the tags go around the same
   * words in the answer without them (segments/project.ts): rules that read several words as
   * one ("Failed to", "went wrong", "Are you", "Press Enter", noun compounds) do not see them
   * as one with a tag around one of them. The tagged answer stands when it says the same or a
   * pair cannot be placed. What a tag tells the reading hints is not in the words' answer: a
   * sentence's first verb before a tag is a command ("Open <b>files</b> stay open." → "Abrir los
   * archivos…"; without tags "Los archivos abiertos…", which is what comes back).
   */
  async function translateMarkedUp(segment: Segment, hops: readonly Direction[], signal?: AbortSignal): Promise<{ segment: Segment; unknownWords: string[] }> {
    // a pair around the whole text ("<i>…</i>" of a subtitle's cue, a link's text) goes around the answer of its inside
    const wrapped = outerPair(segment)
    if (wrapped) {
      const inner = await translateMarkedUp(wrapped.inside, hops, signal)
      return { ...inner, segment: [...wrapped.before, wrapped.open, ...(typeof inner.segment === 'string' ? [inner.segment] : inner.segment), wrapped.close, ...wrapped.after] }
    }
    const words = withoutPairs(segment)
    if (!words) return translateCounted(segment, hops, signal)
    const [tagged, plain] = await Promise.all([translateCounted(segment, hops, signal), translateCounted(words, hops, signal)])
    if (sameWords(tagged.segment, plain.segment)) return tagged
    const projected = projectPairs(tagged.segment, plain.segment)
    return projected ? { segment: projected, unknownWords: plain.unknownWords } : tagged
  }

  /** A count goes as a number (see counts.ts); an answer that lost one goes again as written. */
  async function translateCounted(segment: Segment, hops: readonly Direction[], signal?: AbortSignal): Promise<{ segment: Segment; unknownWords: string[] }> {
    const counts = maskCounts(segment)
    const translated = await translateRoute(counts.segment, hops, signal)
    const restored = counts.restore(translated.segment)
    return restored === null ? translateRoute(segment, hops, signal) : { segment: restored, unknownWords: translated.unknownWords }
  }

  function prepare(segments: readonly Segment[], pair: { source: string; target: string }) {
    if (!Array.isArray(segments)) throw new EngineError('ENGINE_INVALID_INPUT', 'segments must be an array')
    return resolve(pair)
  }

  function asEngineError(error: unknown): EngineError {
    return error instanceof EngineError ? error : new EngineError('ENGINE_UNAVAILABLE', String((error as Error)?.message ?? error), { cause: error })
  }

  return {
    languages: () => languages.map((l) => ({ ...l })),

    supports(source, target) {
      return router.route(String(source ?? ''), String(target ?? '')) !== null
    },

    canonicalCode(code, role) {
      return role === 'source' ? router.sourceCode(String(code ?? '')) : router.targetCode(String(code ?? ''))
    },

    reachableTargets: (source) => router.reachableTargets(String(source ?? '')),
    reachableSources: (target) => router.reachableSources(String(target ?? '')),
    pairs: () => router.pairs().map(asPair),
    route(source, target) {
      const route = router.route(String(source ?? ''), String(target ?? ''))
      return route && route.hops.length > 0 ? asPair(route) : null
    },

    revision(source, target) {
      const route = router.route(String(source ?? ''), String(target ?? ''))
      if (!route || route.hops.length === 0) return null
      const key = route.path.join('>')
      const now = Date.now()
      const known = revisions.get(key)
      if (known && now - known.at < REVISION_TTL_MS) return known.revision
      const revision = routeRevision(route.hops.map((hop) => hop.mode))
      revisions.set(key, { revision, at: now })
      return revision
    },

    detect(text): Detection {
      if (typeof text !== 'string' || text.trim() === '') {
        throw new EngineError('ENGINE_INVALID_INPUT', 'Language detection needs a non-empty text')
      }
      if (languages.length === 0) throw new EngineError('ENGINE_UNAVAILABLE', `No Apertium language pairs are installed in ${modesDir}`)
      return detector.detect(text)
    },

    prepareDetection: () => detector.prepare(),

    async translate(segments, pair, opts = {}) {
      const route = prepare(segments, pair)
      for (const segment of segments) validateSegment(segment)
      return Promise.all(segments.map((s) => translateOne(s, route, opts.signal).catch((e) => { throw asEngineError(e) })))
    },

    async translateSettled(segments, pair, opts = {}) {
      const route = prepare(segments, pair)
      return Promise.all(segments.map(async (segment) => {
        try {
          validateSegment(segment)
          return await translateOne(segment, route, opts.signal)
        } catch (error) {
          return { error: asEngineError(error) }
        }
      }))
    },

    async health() {
      if (closed) return { ok: false, detail: 'engine closed' }
      if (!existsSync(modesDir) || directions.length === 0) return { ok: false, detail: `no Apertium language pairs in ${modesDir}` }
      const probe = directions.find((d) => d.source === 'en' && d.target === 'es') ?? directions[0]!
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(new Error('health probe timed out')), HEALTH_TIMEOUT_MS)
      try {
        // One direction only: at most one pipeline starts (or one idle pipeline is replaced).
        const encoded = encodeSegment('Hello.', pool.wordBound(probe.mode))
        const raw = await pool.translate(probe.mode, encoded.stream, { signal: controller.signal })
        const out = decodeSegment(raw, encoded).segment
        if (typeof out === 'string' && out.trim() !== '') return { ok: true }
        return { ok: false, detail: `${probe.source}→${probe.target} probe returned an empty text` }
      } catch (error) {
        const e = asEngineError(error)
        return { ok: false, detail: `${probe.source}→${probe.target} probe failed: ${e.code}: ${e.message}` }
      } finally {
        clearTimeout(timer)
      }
    },

    stats() {
      const totals = pool.totals()
      return {
        cacheHits,
        cacheMisses,
        cacheSize: cache.size,
        pipelines: pool.stats(),
        maxPipelines,
        flushes: { count: totals.flushes, texts: totals.texts },
        pipelineStarts: totals.starts,
      }
    },

    async close() {
      closed = true
      await pool.close()
    },
  }
}

function asPair(route: Route): LanguagePair {
  return { source: route.source, target: route.target, route: route.path, modes: route.hops.map((h) => h.name) }
}

function codesOf(languages: readonly Language[]): string {
  return languages.map((l) => l.code).join(', ')
}
