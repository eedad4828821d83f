/**
 * Language detection among the languages the engine translates, built from what the engine
 * has installed:
 *
 * 1. Script: a text in Cyrillic is one of the Cyrillic languages installed, Devanagari is
 *    Hindi, Arabic script is Urdu, Latin script the rest.
 * 2. Dictionary coverage: every installed language's Apertium analyser (read in-process by
 *    ./detect/lexicon.ts, no process per language) says which of the text's words it knows,
 *    as apertium-apy's coverage identifier does; a word of the language's stage-2 corpus or
 *    interface word list (below) counts as known too. Words only one candidate knows count
 *    extra: on 2–8 word strings between close languages (es/gl/ast/an, nb/nn/da, id/ms) they
 *    are what tells them apart. So do function words: a word the analyser reads as a
 *    preposition, conjunction, determiner, pronoun or auxiliary (the tags of its analyses)
 *    counts extra for that language ("em" is a Portuguese preposition, in Swedish at most an
 *    abbreviation; "dan" is the Malay and Indonesian "and").
 * 3. ELD's n-gram scores (`eld/small`, 60 languages) break ties; for the installed languages
 *    ELD has no model of (af an ast br eo frp gl id mk nn oc sc szl) the score of its nearest
 *    modelled relative stands in (PROXY).
 * 4. Letter-trigram profiles sampled from each dictionary (Profile): spelling habits of the
 *    languages ELD does not model. Each language's alphabet (letters of its dictionary sample
 *    and training strings) costs a candidate the words it could not spell (ј is not
 *    Bulgarian, ã not Galician).
 * 5. Stage 2: among the candidates whose stage-1 score is within `gate` of the best, a naive
 *    Bayes model over words and letter n-grams (./detect/ngram-model.ts) adds how well each
 *    one's counts predict the text. Counted from real CLDR strings of families neither CLDR
 *    set measured uses (./detect/training-corpus.json) and from every word seen at least
 *    twice (up to 12 000) in each language's free-software interface translations
 *    (./detect/ui-words.json: the gettext catalogs of GTK and GLib, of 26 desktop programs'
 *    Debian packages and of LibreOffice, and Firefox's Fluent files; not those of the held-out
 *    or tuning UI strings).
 *    Arpitan has neither and stands in with French's fit (PROXY), as with ELD.
 *
 * WEIGHTS are chosen by bench/detection-tune.mjs on the two tuning sets alone (CLDR and UI
 * strings). A text whose best supported dictionary knows under two thirds of its words while
 * ELD ranks first a language the engine does not translate ("Guten Morgen, wie geht es
 * dir?") gets a low confidence, and that language is given as `outside`. Measured in
 * BENCHMARKS.md (the held-out sets) and test/detect.test.ts.
 */
import { eld as sharedEld } from 'eld/small'
import { readLexicon, type Lexicon } from './detect/lexicon.js'
import { ngramModelBuilder, wordKey, type NgramModel, type NgramOptions } from './detect/ngram-model.js'
import trainingCorpus from './detect/training-corpus.json'
import uiWords from './detect/ui-words.json'

/** Per language, its interface words and how often they occur, "word count word count …" (bench/detection-ui-words.mjs). */
const UI_WORDS = (uiWords as { words: Record<string, string> }).words

export interface Detection {
  /** One of the supported languages (base code, e.g. `pt` for `pt-BR` too). */
  language: string
  /** 0–1: the winner's coverage, scaled by its lead. At most 0.15 when `outside` is set; 0 for text with no letters. */
  confidence: number
  /** ELD's best guess when it is a language the engine does not translate and the dictionaries do not cover the text. */
  outside?: { language: string; confidence: number }
}

export interface Detector {
  detect(text: string): Detection
  /**
   * Loads the dictionaries and the n-gram model in steps, yielding to the event loop between
   * them (each a few tens of ms); resolves once `detect` is ready. Optional: `detect` loads
   * whatever is left at once.
   */
  prepare(): Promise<void>
  /** Dictionaries loaded and those that failed to load (with the reason), for diagnostics. */
  stats(): { lexicons: string[]; failed: Array<{ language: string; file: string; error: string }> }
  /**
   * The evidence `detect` ranks, with the stage-2 model bound to the text; null for text with
   * no letters or in a script no candidate uses. For tuning WEIGHTS (bench/detection-tune.mjs).
   */
  evidence(text: string): { evidence: Evidence[]; bayes: ((languages: string[]) => Map<string, number>) | null } | null
}

export interface DetectorOptions {
  /** Base language code → its `.automorf.bin` analyser (see findAnalysers). Without one, a language is judged by ELD alone. */
  analysers?: ReadonlyMap<string, string>
  /** The stage-2 model's counting options (for tuning; see detect/ngram-model.ts). Default: NGRAM_DEFAULTS. */
  ngram?: Partial<NgramOptions>
}

/**
 * The weights the scores combine with: chosen on test/fixtures/detection-tuning.json and
 * detection-ui-tuning.json only, by bench/detection-tune.mjs (best mean of the two sets' mean
 * per-language accuracies, with the hand-written sentences kept at ≥ 98.9 %).
 */
export const WEIGHTS = {
  /** Weight of a word only this candidate's dictionary knows (per word, relative to coverage). */
  unique: 1,
  /** Weight of the share of words this candidate's dictionary reads as function words (CLOSED_CLASS_TAGS). */
  closed: 0.5,
  /** Weight of ELD's relative score. */
  eld: 0.35,
  /** Share of ELD's relative score a relative's stands in with, for languages ELD does not model. */
  proxy: 0.9,
  /** Weight of the letter-trigram fit to the words sampled from each dictionary (per nat of mean log-probability). */
  chars: 0.02,
  /** Words sampled from each dictionary for its trigram profile. */
  sampled: 8000,
  /** Weight of the stage-2 n-gram model's mean log-probability (per nat, relative to the best close candidate's). */
  ngram: 0.7,
  /** Penalty per share of words with a letter outside the candidate's alphabet. */
  alphabet: 0.5,
  /** Stage 2 decides among the candidates whose stage-1 score is within this of the best. */
  gate: 0.3,
}

/** Letter trigrams of a word padded with spaces: ` ab`, `abc`, `bc `. */
function trigrams(word: string): string[] {
  const w = ` ${word} `
  const out: string[] = []
  for (let i = 0; i + 3 <= w.length; i++) out.push(w.slice(i, i + 3))
  return out
}

/** Mean log-probability of a text's trigrams under a language's profile (add-½ smoothing). */
class Profile {
  private readonly counts = new Map<string, number>()
  private total = 0
  constructor(words: readonly string[]) {
    for (const word of words) {
      for (const t of trigrams(word.toLowerCase())) {
        this.counts.set(t, (this.counts.get(t) ?? 0) + 1)
        this.total++
      }
    }
  }
  fit(words: readonly string[]): number {
    let sum = 0
    let n = 0
    const denominator = Math.log(this.total + 0.5 * 50_000)
    for (const word of words) {
      for (const t of trigrams(word.toLowerCase())) {
        sum += Math.log((this.counts.get(t) ?? 0) + 0.5) - denominator
        n++
      }
    }
    return n === 0 ? 0 : sum / n
  }
}

const SCRIPTS: Array<[RegExp, string]> = [
  [/\p{Script=Latin}/u, 'Latin'],
  [/\p{Script=Cyrillic}/u, 'Cyrillic'],
  [/\p{Script=Devanagari}/u, 'Devanagari'],
  [/\p{Script=Arabic}/u, 'Arabic'],
]
const SCRIPT_OF: Record<string, string> = { be: 'Cyrillic', bg: 'Cyrillic', mk: 'Cyrillic', ru: 'Cyrillic', uk: 'Cyrillic', hi: 'Devanagari', ur: 'Arabic' }

/** ELD's code(s) for an installed language. */
const ELD_CODES: Record<string, string[]> = { nb: ['no'], nn: ['no'], sh: ['hr', 'sr', 'bs'] }
/** Nearest ELD-modelled relative(s) of languages ELD has no model of. */
const PROXY: Record<string, string[]> = {
  gl: ['pt', 'es'], ast: ['es'], an: ['es'], id: ['ms'], af: ['nl'], mk: ['bg'], oc: ['ca', 'fr'], frp: ['fr'], sc: ['it'], szl: ['pl'], br: ['fr'], eo: [],
}
/**
 * Words a language writes only before certain sounds. Spanish writes "e" for "y" only before
 * a word starting with the sound /i/ ("padres e hijos"; not "hie-": "agua y hielo") and "u"
 * for "o" only before /o/ ("siete u ocho"); elsewhere they are not Spanish, though its
 * dictionary knows them: "hindi e neerlandés" is Galician, "3 horas e 5 minutos" Portuguese.
 */
const ONLY_BEFORE: Record<string, Record<string, RegExp>> = {
  es: { e: /^h?[ií](?![aeouáéóú])/iu, u: /^h?[oó]/iu },
}

/** When dictionary and n-gram evidence tie exactly, the language with more speakers is likelier. */
const TIE_ORDER = ['en', 'es', 'fr', 'pt', 'ru', 'it', 'pl', 'nl', 'hi', 'ur', 'id', 'uk', 'ro', 'ms', 'sv', 'ca', 'nb', 'da']

/**
 * Verso's own ELD instance. The module's default one is shared by everything in the process
 * that imports `eld/small`: another library's `setLanguageSubset` on it would silently change
 * these scores and the `outside` guess. An instance shares the n-gram tables (no copy).
 */
const eld = sharedEld.newInstance()
const ELD_KNOWN = new Set<string>(Object.values(eld.info().Languages ?? {}))

function eldCodes(language: string): string[] {
  return (ELD_CODES[language] ?? [language]).filter((c) => ELD_KNOWN.has(c))
}

/** Letter words: runs of letters and marks, with inner apostrophes and hyphens. */
function tokens(text: string): string[] {
  return text.match(/\p{L}[\p{L}\p{M}]*(?:['’-]\p{L}[\p{L}\p{M}]*)*['’]?/gu) ?? []
}

/**
 * Most words detection reads of one text. Every word is looked up in every installed
 * dictionary (36 here) and scored by the n-gram model, so a 24 000-character text took 0.6 s
 * of the event loop; past a few hundred words a text's language is as clear as it gets.
 */
export const MAX_DETECTED_WORDS = 256

/**
 * A capital after the first letter of a word or of a part of it after an apostrophe: "BinHex",
 * "TIFF", "iPod", "e-Post"; not "l'Ordinateur", nor Dutch "IJsland" (IJ is one letter).
 */
const NAME_LIKE = (word: string) => word.split(/['’]/).some((part) => /^(?:IJ(?=\p{Ll})|(?!IJ\p{Ll})[^])[^]*\p{Lu}/u.test(part))

/**
 * The words without those written as names of things, not of a language (a capital after the
 * first letter: "Macintosh BinHex-koda fil" is read as "koda fil", "TeX DVI-dokument" as
 * "dokument"), each part of a hyphenated word on its own; all of them when that leaves none
 * (an all-caps text, a list of product names).
 */
function withoutNames(words: readonly string[]): string[] {
  const kept: string[] = []
  for (const word of words) {
    if (!NAME_LIKE(word)) { kept.push(word); continue }
    for (const part of word.split('-')) if (part !== '' && !NAME_LIKE(part)) kept.push(part)
  }
  return kept.length > 0 ? kept : [...words]
}

/**
 * The words detection reads: all of them, or MAX_DETECTED_WORDS spread evenly over the text
 * (not its first ones, which may be a title or boilerplate in another language), and the
 * text ELD scores (those words, when sampled).
 */
function readable(text: string): { words: string[]; eldText: string } {
  const all = withoutNames(tokens(text))
  if (all.length <= MAX_DETECTED_WORDS) return { words: all, eldText: text }
  const step = all.length / MAX_DETECTED_WORDS
  const words = Array.from({ length: MAX_DETECTED_WORDS }, (_, i) => all[Math.floor(i * step)]!)
  return { words, eldText: words.join(' ') }
}

/**
 * A word the dictionary does not know whole is known when it knows its parts split at
 * apostrophes/hyphens (l'home, Ètats-Unis); `w` has straight apostrophes.
 */
function knowsInParts(lexicon: Lexicon, w: string): boolean {
  if (!/['-]/.test(w)) return false
  const parts = w.split(/(?<=')|-/).filter((p) => p !== '')
  return parts.length > 1 && parts.every((p) => lexicon.knows(p) || (p.endsWith("'") && lexicon.knows(p.slice(0, -1))))
}

/**
 * The script most of the text's words are written in (a word's script is that of most of its
 * letters: "null-довад" is Cyrillic); on a tie, the one with more letters. By words, not
 * letters: in "GtkStyleContext द्वारा दिया गया मान प्रकार" one long identifier has more letters
 * than four Hindi words (whose vowel signs are marks, not letters).
 */
function dominantScript(words: readonly string[]): string | null {
  const counts = new Map<string, { words: number; letters: number }>()
  const inWord = new Map<string, number>()
  for (const word of words) {
    inWord.clear()
    for (const ch of word) {
      if (!/\p{L}/u.test(ch)) continue
      const script = SCRIPTS.find(([re]) => re.test(ch))?.[1] ?? 'Other'
      inWord.set(script, (inWord.get(script) ?? 0) + 1)
    }
    let wordScript = 'Other'
    let most = 0
    for (const [script, n] of inWord) {
      const count = counts.get(script) ?? { words: 0, letters: 0 }
      count.letters += n
      counts.set(script, count)
      if (n > most) [wordScript, most] = [script, n]
    }
    if (most > 0) counts.get(wordScript)!.words++
  }
  let best: string | null = null
  let top = { words: 0, letters: 0 }
  for (const [script, n] of counts) {
    if (n.words > top.words || (n.words === top.words && n.letters > top.letters)) [best, top] = [script, n]
  }
  return best
}

/** What stage 1 knows of one candidate language for one text. */
export interface Evidence {
  language: string
  /** Share of the words its dictionary knows (or its training corpus has). */
  coverage: number
  /** Share of the words only its dictionary (or corpus) knows. */
  unique: number
  /** Share of the words its dictionary reads as function words: a preposition, conjunction, determiner, pronoun or auxiliary. */
  closed: number
  /** ELD's relative score of the language (0 when ELD has no model of it). */
  eld: number
  /** ELD's relative score of its nearest modelled relative, for a language ELD has no model of. */
  proxy: number
  /** Letter-trigram fit minus the best candidate's, null without a dictionary. */
  chars: number | null
  /** Share of the words with a letter outside the language's alphabet (ј is not Bulgarian, ã not Galician). */
  foreign: number
}

/**
 * The letters a language writes: those making up at least 1 in 10 000 of the letters of its
 * dictionary sample and training strings (rarer ones are loanwords' and names' letters).
 */
function alphabetOf(texts: readonly string[]): Set<string> {
  const counts = new Map<string, number>()
  let total = 0
  for (const text of texts) {
    for (const ch of text.toLowerCase()) {
      if (!/\p{L}/u.test(ch)) continue
      counts.set(ch, (counts.get(ch) ?? 0) + 1)
      total++
    }
  }
  return new Set([...counts].filter(([, n]) => n >= total / 10_000).map(([ch]) => ch))
}

const tieRank = (l: string) => (TIE_ORDER.includes(l) ? TIE_ORDER.indexOf(l) : TIE_ORDER.length)

/**
 * Combines the evidence into one score per candidate, best first. Stage 1 adds up dictionary
 * coverage, unique words, ELD and the trigram fit; stage 2 lets the n-gram model (`bayes`,
 * mean log-probability per language) decide among the candidates within `gate` of the best.
 */
export function rank(
  evidence: readonly Evidence[],
  weights: typeof WEIGHTS,
  bayes: ((languages: string[]) => Map<string, number>) | null,
): Array<{ language: string; score: number; coverage: number }> {
  const scores = evidence.map((e) => ({
    language: e.language,
    coverage: e.coverage,
    score: e.coverage + weights.unique * e.unique + weights.closed * e.closed + weights.eld * (e.eld + weights.proxy * e.proxy) + weights.chars * (e.chars ?? -3) - weights.alphabet * e.foreign,
  }))
  const first = Math.max(...scores.map((s) => s.score))
  const close = scores.filter((s) => s.score >= first - weights.gate)
  if (bayes && close.length > 1 && weights.ngram > 0) {
    const asked = close.map((s) => s.language)
    const fit = bayes([...new Set([...asked, ...asked.flatMap((l) => PROXY[l] ?? [])])])
    // a language the model has no counts of (frp here) stands in with its relative's fit
    const fitOf = (l: string) => fit.get(l) ?? Math.max(...(PROXY[l] ?? []).map((p) => fit.get(p) ?? -Infinity))
    const best = Math.max(...asked.map(fitOf).filter(Number.isFinite))
    for (const s of close) {
      const f = fitOf(s.language)
      if (Number.isFinite(f)) s.score += weights.ngram * (f - best)
    }
    // the candidates outside the gate were not asked: they stay behind every asked one
    for (const s of scores) if (!close.includes(s)) s.score -= weights.ngram * 10
  }
  return scores.sort((a, b) => b.score - a.score || tieRank(a.language) - tieRank(b.language))
}

/** A detector restricted to `languages` (public codes); `language` is always one of their base codes. */
export function createDetector(languages: readonly string[], options: DetectorOptions = {}): Detector {
  const candidates = [...new Set(languages.map((code) => code.split('-')[0]!))]
  const fallback = candidates.includes('en') ? 'en' : (candidates[0] ?? 'und')
  const lexicons = new Map<string, Lexicon>()
  const profiles = new Map<string, Profile>()
  const alphabets = new Map<string, Set<string>>()
  const failed: Array<{ language: string; file: string; error: string }> = []
  let model: NgramModel | null = null

  /**
   * Loading, in steps of at most a few tens of ms: each dictionary (read, sampled, profiled),
   * then the n-gram counts (1 000 words a step), then the model. All of it (about 1.8 s and +90 MB
   * RSS for the 36 languages installed here) once, on first use, then kept. `prepare()` runs
   * the steps yielding to the event loop between them, so a server's other requests go on
   * meanwhile (run in one go, the first detection held a server's event loop 1.5 s); `detect()`
   * runs whatever steps are left at once.
   */
  function* loadingSteps(): Generator<void, void, void> {
    for (const [language, file] of options.analysers ?? []) {
      if (!candidates.includes(language)) continue
      try {
        const lexicon = readLexicon(file)
        lexicons.set(language, lexicon)
        const sample = lexicon.sample(WEIGHTS.sampled, 1)
        profiles.set(language, new Profile(sample))
        alphabets.set(language, alphabetOf([...sample, ...((trainingCorpus as Record<string, string[]>)[language] ?? [])]))
      } catch (error) {
        failed.push({ language, file, error: String((error as Error)?.message ?? error) })
      }
      yield
    }
    const corpus = Object.fromEntries(Object.entries(trainingCorpus as Record<string, string[]>).filter(([l]) => candidates.includes(l)))
    const counts = Object.fromEntries(Object.entries(UI_WORDS).filter(([l]) => candidates.includes(l)))
    const builder = ngramModelBuilder(corpus, tokens, options.ngram, counts)
    while (builder.countNext()) yield
    model = builder.finish()
  }
  let steps: Generator<void, void, void> | null = null
  let loadedFully = false
  let preparing: Promise<void> | null = null

  // A step that throws ends its generator: the next call starts loading over (what a failed
  // run had loaded is loaded again) rather than serving detection without its model.
  function load(): void {
    if (loadedFully) return
    steps ??= loadingSteps()
    try {
      while (!steps.next().done) { /* the steps left */ }
    } catch (error) {
      steps = null
      throw error
    }
    loadedFully = true
  }

  function prepare(): Promise<void> {
    if (loadedFully) return Promise.resolve()
    preparing ??= (async () => {
      steps ??= loadingSteps()
      while (!loadedFully) {
        if (steps.next().done) loadedFully = true
        else await new Promise<void>((resolve) => setImmediate(resolve))
      }
    })().catch((error: unknown) => {
      steps = null
      preparing = null
      throw error
    })
    return preparing
  }

  /** Stage 1's evidence per candidate of the text's script. */
  function gather(words: readonly string[], inScript: readonly string[], eldRel: (code: string) => number): Evidence[] {
    // per candidate: which words its dictionary knows, and which it reads as function words
    const known = new Map<string, boolean[]>()
    const functionWords = new Map<string, number>()
    // the same for every candidate: each word with straight apostrophes, and its key in the n-gram model
    const straight = words.map((w) => w.replace(/’/g, "'"))
    const keys = words.map(wordKey)
    for (const c of inScript) {
      const lexicon = lexicons.get(c)
      if (!lexicon) continue
      const before = ONLY_BEFORE[c]
      let closed = 0
      known.set(c, words.map((w, i) => {
        const next = before?.[w.toLowerCase()]
        if (next && !next.test(words[i + 1] ?? '')) return false
        const kind = lexicon.wordClass(straight[i]!)
        if (kind === 'closed') closed++
        return kind !== 'unknown' || knowsInParts(lexicon, straight[i]!) || (model?.knows(c, keys[i]!) ?? false)
      }))
      functionWords.set(c, closed)
    }
    const n = words.length
    const fits = new Map(inScript.filter((c) => profiles.has(c)).map((c) => [c, profiles.get(c)!.fit(words)]))
    const bestFit = Math.max(...fits.values())
    return inScript.map((c) => {
      const mine = known.get(c)
      let coverage = 0
      let unique = 0
      if (mine) {
        for (let i = 0; i < n; i++) {
          if (!mine[i]) continue
          coverage++
          if (![...known].some(([other, theirs]) => other !== c && theirs[i])) unique++
        }
      }
      const codes = eldCodes(c)
      return {
        language: c,
        coverage: coverage / n,
        unique: unique / n,
        closed: (functionWords.get(c) ?? 0) / n,
        eld: codes.length > 0 ? Math.max(...codes.map(eldRel)) : 0,
        proxy: codes.length > 0 ? 0 : Math.max(0, ...(PROXY[c] ?? []).map(eldRel)),
        chars: fits.has(c) ? fits.get(c)! - bestFit : null,
        foreign: alphabets.has(c) ? words.filter((w) => [...w.toLowerCase()].some((ch) => /\p{L}/u.test(ch) && !alphabets.get(c)!.has(ch))).length / n : 0,
      }
    })
  }

  /**
   * What both detect and evidence start from: the words read, the candidates of their script,
   * ELD's scores (relative to its best); null for text with no letters.
   */
  function read(text: string) {
    const { words, eldText } = readable(String(text))
    if (words.length === 0) return null
    load()
    const script = dominantScript(words)
    const inScript = candidates.filter((c) => (SCRIPT_OF[c] ?? 'Latin') === script)
    const eldScores: Record<string, number> = eld.detect(eldText).getScores()
    const eldTop = Math.max(1e-9, ...Object.values(eldScores))
    const eldRel = (code: string) => (eldScores[code] ?? 0) / eldTop
    const bayes = model ? (close: string[]) => model!.score(words, close) : null
    return { words, inScript, eldScores, eldTop, eldRel, bayes }
  }

  function detect(text: string): Detection {
    if (candidates.length === 0) return { language: 'und', confidence: 0 }
    const seen = read(text)
    if (!seen) return { language: fallback, confidence: 0 }
    const { words, inScript, eldScores, eldTop, eldRel, bayes } = seen
    const outsideGuess = Object.entries(eldScores)
      .filter(([code]) => !candidates.some((c) => eldCodes(c).includes(code)))
      .sort((a, b) => b[1] - a[1])[0]

    if (inScript.length === 0) {
      // e.g. Greek or Chinese text: nothing installed reads this script
      const outside = outsideGuess ? { language: outsideGuess[0], confidence: round(Math.min(1, outsideGuess[1])) } : undefined
      return { language: fallback, confidence: 0, ...(outside ? { outside } : {}) }
    }

    const evidence = gather(words, inScript, eldRel)
    const scores = rank(evidence, WEIGHTS, bayes)
    const [top, second] = scores
    if (!top) return { language: fallback, confidence: 0 }

    // Certainty: how far ahead the winner is, damped when its dictionary covers few words.
    const margin = second ? Math.min(1, (top.score - second.score) / 0.5) : 1
    const covered = evidence.some((e) => lexicons.has(e.language)) ? top.coverage : Math.min(1, eldRel(eldCodes(top.language)[0] ?? ''))
    let confidence = (0.5 + 0.5 * margin) * covered
    let outside: Detection['outside']
    if (outsideGuess && outsideGuess[1] >= eldTop && top.coverage < 0.67) {
      // ELD's best is a language the engine does not translate and the dictionaries miss most words
      outside = { language: outsideGuess[0], confidence: round(Math.min(1, outsideGuess[1] * (1 - top.coverage))) }
      confidence = Math.min(confidence, 0.15)
    }
    return { language: top.language, confidence: round(confidence), ...(outside ? { outside } : {}) }
  }

  function evidence(text: string): ReturnType<Detector['evidence']> {
    const seen = read(text)
    if (!seen || seen.inScript.length === 0) return null
    return { evidence: gather(seen.words, seen.inScript, seen.eldRel), bayes: seen.bayes }
  }

  return {
    detect,
    prepare,
    evidence,
    stats: () => ({ lexicons: [...lexicons.keys()], failed: failed.map((f) => ({ ...f })) }),
  }
}

function round(x: number): number {
  return Math.round(Math.max(0, Math.min(1, x)) * 1000) / 1000
}
