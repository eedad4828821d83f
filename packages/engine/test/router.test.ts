import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { classifyModeFile, createEngine, createRouter, normalizeCode, readModesFolder, repairDataPaths, type Direction } from '@verso/engine'

const FIXTURE = fileURLToPath(new URL('./fixtures/modes', import.meta.url))
const REAL = '/usr/share/apertium/modes'
const haveRealModes = existsSync(`${REAL}/eng-spa.mode`)

/** Directions from mode names, as a modes folder holding those files would give them. */
function directions(...names: string[]): Direction[] {
  return names.map((name) => {
    const file = classifyModeFile(`${name}.mode`)
    if (file.kind !== 'direction') throw new Error(`${name} is not a direction: ${file.reason}`)
    return { source: file.source, target: file.target, name, mode: `/modes/${name}.mode` }
  })
}

const codes = (languages: Array<{ code: string }>) => languages.map((l) => l.code).sort()

describe('language codes', () => {
  test('normalizes case and underscores to canonical BCP 47', () => {
    expect(normalizeCode('EN')).toBe('en')
    expect(normalizeCode('pt_br')).toBe('pt-BR')
    expect(normalizeCode('PT-br')).toBe('pt-BR')
    expect(normalizeCode('zh_CN')).toBe('zh-CN')
    expect(normalizeCode('zh_hant_tw')).toBe('zh-Hant-TW')
    expect(normalizeCode('CA_VALENCIA')).toBe('ca-valencia')
    expect(normalizeCode(' es ')).toBe('es')
  })
})

describe('mode file classification', () => {
  test('reads directions and maps Apertium names and variants to BCP 47', () => {
    expect(classifyModeFile('eng-spa.mode')).toMatchObject({ kind: 'direction', source: 'en', target: 'es' })
    expect(classifyModeFile('es-pt_BR.mode')).toMatchObject({ kind: 'direction', source: 'es', target: 'pt-BR' })
    expect(classifyModeFile('eng-cat_valencia.mode')).toMatchObject({ kind: 'direction', target: 'ca-valencia' })
    expect(classifyModeFile('eng-hbs_SR.mode')).toMatchObject({ kind: 'direction', target: 'sr' })
    expect(classifyModeFile('eng-hbs_HR.mode')).toMatchObject({ kind: 'direction', target: 'hr' })
    expect(classifyModeFile('mkd-hbs_BS.mode')).toMatchObject({ kind: 'direction', source: 'mk', target: 'bs' })
    expect(classifyModeFile('hbs-eng.mode')).toMatchObject({ kind: 'direction', source: 'sh', target: 'en' })
    expect(classifyModeFile('nob-nno.mode')).toMatchObject({ kind: 'direction', source: 'nb', target: 'nn' })
    expect(classifyModeFile('ind-zlm.mode')).toMatchObject({ kind: 'direction', source: 'id', target: 'ms' })
    expect(classifyModeFile('oc_aran-es.mode')).toMatchObject({ kind: 'direction', source: 'oc-aranes' })
    expect(classifyModeFile('fra-oci_gascon.mode')).toMatchObject({ kind: 'direction', target: 'oc-gascon' })
  })

  test('skips stage modes, transliterations and variants without a BCP 47 code', () => {
    for (const file of ['eng-spa-morph.mode', 'eng-spa-tagger.mode', 'spa-eng-biltrans.mode', 'hbs-mkd-pretransfer.mode', 'eo-en-bytecode.mode', 'Cyrl-Latn.mode', 'README']) {
      expect(classifyModeFile(file).kind, file).toBe('skipped')
    }
    for (const file of ['eng-cat_iec2017.mode', 'cat-por_PTpre1990.mode', 'nob-nno_e.mode', 'nno-nno_e.mode']) {
      expect(classifyModeFile(file)).toMatchObject({ kind: 'skipped', reason: expect.stringMatching(/no BCP 47 code/) })
    }
  })

  test('reads a fixture folder: each direction once, skipped files with reasons', () => {
    const { directions: found, files } = readModesFolder(FIXTURE)
    const names = found.map((d) => d.name)
    expect(names).toContain('eng-spa')
    expect(names).not.toContain('eng-spa-morph')
    expect(names).not.toContain('eng-cat_iec2017')
    expect(new Set(found.map((d) => `${d.source}>${d.target}`)).size).toBe(found.length)
    expect(files.filter((f) => f.kind === 'skipped').map((f) => f.file).sort()).toEqual(
      ['Cyrl-Latn.mode', 'README', 'eng-cat_iec2017.mode', 'eng-spa-morph.mode', 'eng-spa-tagger.mode', 'hbs-mkd-pretransfer.mode', 'nno-nno_e.mode', 'spa-eng-biltrans.mode'],
    )
  })

  test("finds a pair's data in the folder named the other way round, and leaves out a mode whose data is missing", () => {
    const root = mkdtempSync(join(tmpdir(), 'verso-modes-'))
    try {
      // as Debian installs apertium-eo-ca: data under apertium-ca-eo/, the mode pointing at apertium-eo-ca/
      mkdirSync(join(root, 'apertium-ca-eo'))
      writeFileSync(join(root, 'apertium-ca-eo', 'ca-eo.automorf.bin'), '')
      const modes = join(root, 'modes')
      mkdirSync(modes)
      writeFileSync(join(modes, 'ca-eo.mode'), `lt-proc '${root}/apertium-eo-ca/ca-eo.automorf.bin'\n`)
      writeFileSync(join(modes, 'es-eo.mode'), `lt-proc '${root}/apertium-eo-es/es-eo.automorf.bin'\n`)

      const repaired = repairDataPaths(`lt-proc '${root}/apertium-eo-ca/ca-eo.automorf.bin' | lt-proc $1 '${root}/apertium-eo-ca/ca-eo.autogen.bin'`)
      expect(repaired.text).toBe(`lt-proc '${root}/apertium-ca-eo/ca-eo.automorf.bin' | lt-proc $1 '${root}/apertium-eo-ca/ca-eo.autogen.bin'`)
      expect(repaired.missing).toEqual([`${root}/apertium-eo-ca/ca-eo.autogen.bin`])

      const { directions: found, files } = readModesFolder(modes)
      expect(found.map((d) => d.name)).toEqual(['ca-eo'])
      expect(files.find((f) => f.file === 'es-eo.mode')).toMatchObject({
        kind: 'skipped', reason: `its data is not installed: ${root}/apertium-eo-es/es-eo.automorf.bin`,
      })
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  test.skipIf(!existsSync(`${REAL}/ca-eo.mode`) || !existsSync(`${REAL}/es-eo.mode`))('translates ca→eo and es→eo, whose Debian mode files point at a folder that does not exist', async () => {
    const engine = createEngine()
    try {
      const [ca] = await engine.translate(['La casa és gran.'], { source: 'ca', target: 'eo' })
      const [es] = await engine.translate(['La casa es grande.'], { source: 'es', target: 'eo' })
      expect(ca!.segment).toBe('La domo estas granda.')
      expect(es!.segment).toBe('La domo estas granda.')
      expect(engine.route('es', 'eo')?.route).toEqual(['es', 'eo'])
    } finally {
      await engine.close()
    }
  })

  test('a missing folder has no directions', () => {
    expect(readModesFolder('/nonexistent-verso-modes')).toEqual({ directions: [], files: [] })
  })
})

describe('router', () => {
  test('uses a direct pair when one is installed', () => {
    const router = createRouter(directions('eng-spa', 'eng-cat', 'cat-spa'))
    expect(router.route('en', 'es')?.path).toEqual(['en', 'es'])
  })

  test('takes the fewest hops, through any number of pivots', () => {
    const router = createRouter(directions('bel-rus', 'rus-ukr', 'ukr-pol', 'pol-szl', 'bel-pol'))
    expect(router.route('be', 'szl')?.path).toEqual(['be', 'pl', 'szl'])
    expect(router.route('ru', 'szl')?.path).toEqual(['ru', 'uk', 'pl', 'szl'])
    expect(router.route('ru', 'szl')?.hops.map((h) => h.name)).toEqual(['rus-ukr', 'ukr-pol', 'pol-szl'])
  })

  test('breaks ties by pivot rank: Spanish before Catalan before Esperanto', () => {
    const router = createRouter(directions('eng-cat', 'cat-por', 'eng-spa', 'es-pt', 'en-eo', 'eo-fr', 'cat-fra'))
    expect(router.route('en', 'pt')?.path).toEqual(['en', 'es', 'pt'])
    expect(router.route('en', 'fr')?.path).toEqual(['en', 'ca', 'fr'])
    // Order of the directions does not change the choice.
    const reversed = createRouter(directions('cat-fra', 'eo-fr', 'en-eo', 'es-pt', 'eng-spa', 'cat-por', 'eng-cat'))
    expect(reversed.route('en', 'pt')?.path).toEqual(['en', 'es', 'pt'])
    expect(reversed.route('en', 'fr')?.path).toEqual(['en', 'ca', 'fr'])
  })

  test('among equal hops avoids the worst pivot even when it comes after a good one', () => {
    // en→es→eo→ro has Spanish first but passes Esperanto; en→it→gl→ro passes neither.
    const router = createRouter(directions('eng-spa', 'es-eo', 'eo-ro', 'eng-ita', 'ita-glg', 'glg-ron'))
    expect(router.route('en', 'ro')?.path).toEqual(['en', 'it', 'gl', 'ro'])
  })

  test('routes one-way pairs one way only', () => {
    const router = createRouter(directions('isl-eng', 'swe-isl', 'eng-spa'))
    expect(router.route('is', 'en')?.path).toEqual(['is', 'en'])
    expect(router.route('sv', 'en')?.path).toEqual(['sv', 'is', 'en'])
    expect(router.route('sv', 'es')?.path).toEqual(['sv', 'is', 'en', 'es'])
    expect(router.route('en', 'is')).toBeNull()
    expect(router.route('en', 'sv')).toBeNull()
    expect(codes(router.reachableSources('en'))).toEqual(['is', 'sv'])
    expect(codes(router.reachableTargets('en'))).toEqual(['es'])
  })

  test('keeps islands apart', () => {
    const router = createRouter(directions('afr-nld', 'nld-afr', 'eng-spa', 'spa-eng'))
    expect(router.route('af', 'en')).toBeNull()
    expect(codes(router.reachableTargets('af'))).toEqual(['nl'])
    expect(codes(router.reachableTargets('en'))).toEqual(['es'])
  })

  test('matches codes case-insensitively, with underscores, and answers canonical codes', () => {
    const router = createRouter(directions('eng-spa', 'es-pt_BR', 'nob-nno'))
    expect(router.route('EN', 'ES')?.path).toEqual(['en', 'es'])
    expect(router.route('en', 'pt_br')?.path).toEqual(['en', 'es', 'pt-BR'])
    expect(router.route('En', 'PT-BR')?.target).toBe('pt-BR')
    expect(router.sourceCode('NB')).toBe('nb')
    expect(router.sourceCode('no')).toBe('nb')
    expect(router.sourceCode('eng')).toBe('en')
    expect(router.targetCode('NN')).toBe('nn')
    expect(router.sourceCode('zh_CN')).toBeNull()
  })

  test('reads a source variant without directions of its own as its parent', () => {
    const router = createRouter(directions('eng-spa', 'spa-eng', 'es-pt_BR', 'es-pt', 'pt-es', 'hbs-eng', 'eng-hbs_SR', 'eng-hbs_HR'))
    expect(router.route('pt-BR', 'en')).toMatchObject({ source: 'pt-BR', path: ['pt-BR', 'es', 'en'] })
    expect(router.route('pt-BR', 'en')?.hops.map((h) => h.name)).toEqual(['pt-es', 'spa-eng'])
    expect(router.route('pt-PT', 'es')?.path).toEqual(['pt-PT', 'es'])
    expect(router.route('sr', 'en')?.hops.map((h) => h.name)).toEqual(['hbs-eng'])
    expect(router.route('HR', 'en')?.source).toBe('hr')
    expect(codes(router.reachableSources('en'))).toEqual(['es', 'hr', 'pt', 'pt-BR', 'sh', 'sr'])
  })

  test('does not route between variants of one language through another language', () => {
    const router = createRouter(directions('eng-spa', 'spa-eng', 'es-pt', 'pt-es', 'es-pt_BR', 'hbs-eng', 'eng-hbs_SR', 'eng-hbs_HR'))
    expect(router.route('pt', 'pt-BR')).toBeNull()
    expect(router.route('sr', 'hr')).toBeNull()
    // Same language: nothing to translate.
    expect(router.route('pt-BR', 'pt')).toMatchObject({ path: ['pt-BR'], hops: [] })
    expect(router.route('en', 'en')).toMatchObject({ hops: [] })
  })

  test('lists every routable pair with its route and no identity pairs', () => {
    const router = createRouter(directions('eng-spa', 'spa-eng', 'es-pt', 'afr-nld'))
    const pairs = router.pairs().map((p) => p.path.join('>')).sort()
    expect(pairs).toEqual(['af>nl', 'en>es', 'en>es>pt', 'es>en', 'es>pt'])
  })
})

describe('engine language listing (fixture modes, no pipelines started)', () => {
  const engine = createEngine({ modesDir: FIXTURE, cacheSize: 0 })

  test('lists each language that is a source or a target once, names unique', () => {
    const languages = engine.languages()
    expect(codes(languages)).toEqual(
      ['af', 'bs', 'ca', 'ca-valencia', 'en', 'en-US', 'eo', 'es', 'fr', 'hr', 'is', 'it', 'mk', 'nb', 'nl', 'nn', 'oc-aranes', 'pt', 'pt-BR', 'ro', 'sh', 'sr', 'sv'],
    )
    expect(new Set(languages.map((l) => l.name)).size).toBe(languages.length)
    expect(languages.find((l) => l.code === 'sh')?.name).toBe('Serbo-Croatian')
  })

  test('answers reachable targets and sources per direction', () => {
    expect(codes(engine.reachableTargets('af'))).toEqual(['nl'])
    expect(codes(engine.reachableTargets('sv'))).not.toContain('sv')
    expect(codes(engine.reachableTargets('SV'))).toEqual(codes(engine.reachableTargets('sv')))
    expect(codes(engine.reachableTargets('en'))).not.toContain('sv')
    expect(codes(engine.reachableSources('en'))).toContain('sv')
    expect(engine.reachableTargets('xx')).toEqual([])
    expect(engine.pairs().find((p) => p.source === 'sv' && p.target === 'en')).toEqual({ source: 'sv', target: 'en', route: ['sv', 'is', 'en'], modes: ['swe-isl', 'isl-eng'] })
  })

  test('canonicalizes codes per role', () => {
    expect(engine.canonicalCode('PT_br', 'target')).toBe('pt-BR')
    expect(engine.canonicalCode('ro', 'source')).toBe('ro')
    expect(engine.canonicalCode('ro', 'target')).toBeNull()
    expect(engine.canonicalCode('auto', 'source')).toBeNull()
    expect(engine.supports('EN', 'pt_BR')).toBe(true)
    expect(engine.supports('af', 'en')).toBe(false)
  })

  test('refuses an unroutable direction naming what the source reaches', async () => {
    await expect(engine.translate(['Hallo.'], { source: 'af', target: 'en' })).rejects.toMatchObject({
      code: 'ENGINE_UNSUPPORTED_PAIR',
      message: expect.stringContaining('af reaches: nl'),
    })
    await expect(engine.translate(['x'], { source: 'en', target: 'zz' })).rejects.toMatchObject({ code: 'ENGINE_UNSUPPORTED_LANGUAGE' })
    await expect(engine.translate(['x'], { source: 'zz', target: 'en' })).rejects.toMatchObject({ code: 'ENGINE_UNSUPPORTED_LANGUAGE' })
    expect(engine.stats().pipelines).toEqual([])
  })
})

describe.skipIf(!haveRealModes)('router over the installed Apertium modes', () => {
  const { directions: installed, files } = readModesFolder(REAL)
  const router = createRouter(installed)

  test('classifies every file of the modes folder', () => {
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) {
      if (file.kind === 'skipped') expect(file.reason, file.file).not.toBe('')
    }
    // Every language code is BCP 47 shaped: no ISO 639-3 name where a 639-1 code exists.
    for (const { code } of router.languages()) expect(code, code).toMatch(/^([a-z]{2}|ast|frp|szl)(-([A-Z]{2}|valencia|aranes|gascon))?$/)
  })

  test('serves the directions of the issue, with the fewest hops', () => {
    expect(router.route('en', 'sr')?.path).toEqual(['en', 'sr'])
    expect(router.route('en', 'mk')?.path).toHaveLength(3)
    expect(router.route('sv', 'en')?.path).toEqual(['sv', 'is', 'en'])
    expect(router.route('pt', 'it')?.path).toEqual(['pt', 'es', 'it'])
    expect(router.route('eu', 'es')?.path).toEqual(['eu', 'es'])
    expect(router.route('en', 'pt')?.path).toEqual(['en', 'es', 'pt'])
    expect(router.route('EN', 'PT_br')?.path).toEqual(['en', 'es', 'pt-BR'])
  })

  test('keeps the islands apart', () => {
    const islands = [['af', 'nl'], ['be', 'ru', 'uk'], ['hi', 'ur'], ['id', 'ms'], ['pl', 'szl']]
    for (const island of islands) {
      for (const code of island) {
        if (!router.sourceCode(code)) continue
        const reach = codes(router.reachableTargets(code))
        expect(reach.every((c) => island.includes(c)), `${code} reaches ${reach}`).toBe(true)
        expect(router.route(code, 'en'), `${code}→en`).toBeNull()
      }
    }
  })

  test('routes one-way pairs one way only', () => {
    expect(router.route('is', 'en')?.path).toEqual(['is', 'en'])
    expect(router.route('en', 'is')).toBeNull()
    expect(router.route('en', 'sv')).toBeNull()
    expect(router.route('ro', 'es')?.path).toEqual(['ro', 'es'])
    expect(router.route('es', 'ro')).toBeNull()
    expect(router.route('en', 'eu')).toBeNull()
  })

  test('every listed pair routes and its hops chain from source to target', () => {
    const pairs = router.pairs()
    expect(pairs.length).toBeGreaterThan(500)
    for (const pair of pairs) {
      expect(pair.path[0]).toBe(pair.source)
      expect(pair.path.at(-1)).toBe(pair.target)
      for (let i = 1; i < pair.hops.length; i++) expect(pair.hops[i]!.source).toBe(pair.hops[i - 1]!.target)
    }
  })
})
