import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { rank, WEIGHTS, type Evidence } from '../src/detect.js'
import { trainNgramModel } from '../src/detect/ngram-model.js'

const words = (text: string) => text.match(/\p{L}+/gu) ?? []

describe('stage 2: the n-gram model', () => {
  test('prefers the language whose corpus spells the text’s words that way', () => {
    const model = trainNgramModel({ id: ['3 menit yang lalu', 'dalam 5 menit', 'Amerika Serikat'], ms: ['3 minit lalu', 'dalam 5 minit', 'Amerika Syarikat'] }, words)
    const menit = model.score(['menit'], ['id', 'ms'])
    expect(menit.get('id')!).toBeGreaterThan(menit.get('ms')!)
    const syarikat = model.score(['Syarikat'], ['id', 'ms'])
    expect(syarikat.get('ms')!).toBeGreaterThan(syarikat.get('id')!)
  })

  test('a language with a small corpus is not favoured on words neither corpus has seen', () => {
    const big = Array.from({ length: 200 }, (_, i) => `palabra número ${i} de la lista`)
    const model = trainNgramModel({ big, small: ['una'] }, words)
    const fit = model.score(['qqq', 'zzz'], ['big', 'small'])
    // add-α smoothing would give the small corpus's unseen features ~100× the probability
    expect(Math.abs(fit.get('big')! - fit.get('small')!)).toBeLessThan(0.5)
  })

  test('a frequency list counts as that language’s words, for the fit and for knows(), each word as often as listed', () => {
    const corpus = { id: ['dalam 5 menit'], ms: ['dalam 5 minit'] }
    const without = trainNgramModel(corpus, words)
    const model = trainNgramModel(corpus, words, {}, { ms: 'fail 40 tidak 30', id: 'berkas 40 tidak 30' })
    expect(without.knows('ms', 'fail')).toBe(false)
    expect(model.knows('ms', 'fail')).toBe(true)
    expect(model.knows('id', 'fail')).toBe(false)
    expect(model.knows('id', 'dalam')).toBe(true)
    const fail = model.score(['fail'], ['id', 'ms'])
    expect(fail.get('ms')! - fail.get('id')!).toBeGreaterThan(1)
    // as many occurrences in all (a smaller list would also change every other feature's share)
    const fewer = trainNgramModel(corpus, words, {}, { ms: 'fail 2 tidak 68', id: 'berkas 40 tidak 30' }).score(['fail'], ['id', 'ms'])
    expect(fewer.get('ms')! - fewer.get('id')!).toBeLessThan(fail.get('ms')! - fail.get('id')!)
  })

  test('a list large enough to outgrow the counting table keeps every word, with its count', () => {
    // 40 000 distinct words are well over 131 072 features: the tally grows while counting
    const word = (i: number) => `w${i.toString(36)}x`
    const many = Array.from({ length: 40_000 }, (_, i) => `${word(i)} ${1 + (i % 5)}`).join(' ')
    const model = trainNgramModel({ en: ['a few words'] }, words, {}, { xx: many })
    for (const i of [0, 1, 20_000, 39_999]) expect(model.knows('xx', word(i)), word(i)).toBe(true)
    expect(model.knows('xx', 'absent')).toBe(false)
    // counted as often as listed: a word listed 5 times fits better than one listed once
    const fit = (i: number) => model.score([word(i)], ['xx']).get('xx')!
    expect(fit(39_999)).toBeGreaterThan(fit(39_995))
  })

  test('a language with a frequency list and no corpus gets a fit of its own', () => {
    const model = trainNgramModel({ es: ['hola amigo'] }, words, {}, { an: 'amigo 3 d’o 50 ye 40' })
    expect(model.languages).toEqual(['an', 'es'])
    expect([...model.score(['ye'], ['an', 'es']).keys()].sort()).toEqual(['an', 'es'])
    expect(model.knows('an', "d'o")).toBe(true)
  })

  test('answers only for the asked languages it has a corpus of, and nothing for text without letters', () => {
    const model = trainNgramModel({ es: ['hola'], pt: ['olá'] }, words)
    expect([...model.score(['hola'], ['es', 'an']).keys()]).toEqual(['es'])
    expect(model.score([], ['es', 'pt']).size).toBe(0)
  })
})

const evidence = (language: string, coverage: number, more: Partial<Evidence> = {}): Evidence =>
  ({ language, coverage, unique: 0, closed: 0, eld: 0, proxy: 0, chars: 0, foreign: 0, ...more })

describe('ranking the evidence', () => {
  test('stage 2 re-orders only the candidates within the gate of the best stage-1 score', () => {
    const candidates = [evidence('es', 1, { eld: 1 }), evidence('gl', 1, { proxy: 1 }), evidence('pt', 0.2, { eld: 1 })]
    const fits = new Map([['es', -9.5], ['gl', -9], ['pt', -1]])
    const ranked = rank(candidates, WEIGHTS, (asked) => new Map(asked.filter((l) => fits.has(l)).map((l) => [l, fits.get(l)!])))
    expect(ranked[0]!.language).toBe('gl') // within the gate, the better fit wins
    expect(ranked.at(-1)!.language).toBe('pt') // far behind on stage 1: its fit is not asked
  })

  test('a language with no corpus stands in with its relative’s fit (Aragonese with Spanish’s)', () => {
    const asked: string[][] = []
    const candidates = [evidence('an', 1, { proxy: 1, chars: 0 }), evidence('gl', 1, { proxy: 1, chars: 0 })]
    const fits = new Map([['es', -9], ['gl', -9.4]])
    const ranked = rank(candidates, WEIGHTS, (languages) => {
      asked.push(languages)
      return new Map(languages.filter((l) => fits.has(l)).map((l) => [l, fits.get(l)!]))
    })
    expect(asked[0]).toContain('es')
    expect(ranked[0]!.language).toBe('an')
  })

  test('a word with a letter outside a candidate’s alphabet costs that candidate', () => {
    const ranked = rank([evidence('bg', 1, { foreign: 0.5 }), evidence('mk', 1)], { ...WEIGHTS, ngram: 0 }, null)
    expect(ranked[0]!.language).toBe('mk')
  })
})

describe('the sets stay apart', () => {
  const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Record<string, string[]>
  test('no string of the held-out or tuning set is in the training corpus', () => {
    const training = new Set(Object.values(read('../src/detect/training-corpus.json')).flat())
    for (const name of ['heldout', 'tuning']) {
      const shared = Object.values(read(`./fixtures/detection-${name}.json`)).flat().filter((s) => training.has(s))
      expect(shared, name).toEqual([])
    }
  })

  test('the UI word counts come from no catalog the held-out UI strings come from, and the two UI sets share no string', () => {
    const ui = JSON.parse(readFileSync(new URL('../src/detect/ui-words.json', import.meta.url), 'utf8')) as { heldOutCatalogs: string[]; catalogs: Record<string, string[]> }
    expect(ui.heldOutCatalogs.length).toBeGreaterThan(10)
    const counted = Object.values(ui.catalogs).flat().map((c) => c.split('/')[1]!)
    expect(counted.filter((c) => ui.heldOutCatalogs.includes(c))).toEqual([])
    const tuning = new Set(Object.values(read('./fixtures/detection-ui-tuning.json')).flat())
    expect(Object.values(read('./fixtures/detection-ui.json')).flat().filter((s) => tuning.has(s))).toEqual([])
  })

  test('no UI string or counted word is garbled by a catalog read in the wrong charset (U+FFFD)', () => {
    // ISO-8859-1 catalogs read as UTF-8 had put 44 strings like "Tal p\uFFFD tilbyr-forhold:" in the held-out set
    const strings = ['./fixtures/detection-ui.json', './fixtures/detection-ui-tuning.json'].flatMap((path) => Object.values(read(path)).flat())
    expect(strings.length).toBeGreaterThan(5000)
    expect(strings.filter((s) => s.includes('\uFFFD'))).toEqual([])
    const words = JSON.parse(readFileSync(new URL('../src/detect/ui-words.json', import.meta.url), 'utf8')) as { words: Record<string, string> }
    expect(Object.entries(words.words).filter(([, list]) => list.includes('\uFFFD')).map(([language]) => language)).toEqual([])
  })
})
