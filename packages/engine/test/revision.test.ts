import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { createEngine, modeFingerprint, routeRevision, translationCodeHash } from '@verso/engine'
import { fakePair } from './fake-apertium.js'

const folders: string[] = []
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'verso-revision-'))
  folders.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A mode reading two data files, as Debian's do (`lt-proc …/eng-spa.automorf.bin | …`). */
function modeWithData(): { mode: string; dictionary: string; rules: string } {
  const dir = folder()
  const dictionary = join(dir, 'eng-spa.automorf.bin')
  const rules = join(dir, 'eng-spa.t1x')
  writeFileSync(dictionary, 'dictionary v1')
  writeFileSync(rules, '<transfer/>')
  const mode = join(dir, 'eng-spa.mode')
  writeFileSync(mode, `lt-proc -w '${dictionary}' | apertium-transfer -b '${rules}' '${dir}/eng-spa.t1x.bin'\n`)
  return { mode, dictionary, rules }
}

describe('translation revision', () => {
  test("a mode's fingerprint changes when a data file it reads is upgraded, and only then", () => {
    const { mode, dictionary, rules } = modeWithData()
    const before = modeFingerprint(mode)
    expect(modeFingerprint(mode)).toBe(before)
    writeFileSync(dictionary, 'dictionary v2, a longer one')
    const upgraded = modeFingerprint(mode)
    expect(upgraded).not.toBe(before)
    // same size, newer file: what `apt-get install --reinstall` of a rebuilt package does
    writeFileSync(rules, '<Transfer/>')
    utimesSync(rules, new Date(), new Date(Date.now() + 60_000))
    expect(modeFingerprint(mode)).not.toBe(upgraded)
  })

  test('a data file the mode names that appears later changes the fingerprint', () => {
    const dir = folder()
    const mode = join(dir, 'eng-spa.mode')
    const later = join(dir, 'eng-spa.rlx.bin')
    writeFileSync(mode, `cg-proc '${later}'\n`)
    const before = modeFingerprint(mode)
    writeFileSync(later, 'rules')
    expect(modeFingerprint(mode)).not.toBe(before)
  })

  test("a mode's fingerprint changes with the mode's own text", () => {
    const { mode } = modeWithData()
    const before = modeFingerprint(mode)
    writeFileSync(mode, `lt-proc -w -e '${mode}.other.bin'\n`)
    expect(modeFingerprint(mode)).not.toBe(before)
  })

  test('an unreadable mode has a fingerprint of its own instead of failing', () => {
    expect(modeFingerprint(join(folder(), 'missing.mode'))).toMatch(/^[0-9a-f]{64}$/)
  })

  test('the code hash follows the translation modules, not detection data, declarations or maps', () => {
    const root = folder()
    mkdirSync(join(root, 'apertium'))
    mkdirSync(join(root, 'detect'))
    writeFileSync(join(root, 'engine.js'), 'export const a = 1')
    writeFileSync(join(root, 'apertium', 'stream.js'), 'export const b = 2')
    writeFileSync(join(root, 'detect', 'ngrams.js'), 'export const c = 3')
    const before = translationCodeHash(root)
    writeFileSync(join(root, 'detect', 'ngrams.js'), 'export const c = 4')
    writeFileSync(join(root, 'engine.d.ts'), 'export declare const a: number')
    writeFileSync(join(root, 'engine.js.map'), '{}')
    expect(translationCodeHash(root)).toBe(before)
    writeFileSync(join(root, 'apertium', 'stream.js'), 'export const b = 3')
    expect(translationCodeHash(root)).not.toBe(before)
  })

  test("a route's revision covers the code and every hop", () => {
    const one = modeWithData()
    const two = modeWithData()
    const direct = routeRevision([one.mode], 'code-1')
    expect(direct).toMatch(/^[0-9a-f]{16}$/)
    expect(routeRevision([one.mode], 'code-1')).toBe(direct)
    expect(routeRevision([one.mode], 'code-2')).not.toBe(direct)
    const pivot = routeRevision([one.mode, two.mode], 'code-1')
    expect(pivot).not.toBe(direct)
    writeFileSync(two.dictionary, 'the second hop upgraded')
    expect(routeRevision([one.mode, two.mode], 'code-1')).not.toBe(pivot)
  })

  test("the engine answers a revision per routable direction: a pivot's differs from its first hop's, none for one language or no route", async () => {
    const fake = fakePair({ modes: ['eng-spa', 'spa-cat'] })
    const engine = createEngine({ modesDir: fake.dir })
    try {
      const enEs = engine.revision('en', 'es')
      expect(enEs).toMatch(/^[0-9a-f]{16}$/)
      expect(engine.revision('EN', 'es')).toBe(enEs)
      expect(engine.revision('en', 'ca')).toMatch(/^[0-9a-f]{16}$/)
      expect(engine.revision('en', 'ca')).not.toBe(enEs)
      expect(engine.revision('es', 'ca')).not.toBe(enEs)
      expect(engine.revision('en', 'en')).toBeNull()
      expect(engine.revision('ca', 'en')).toBeNull()
      expect(engine.revision('xx', 'es')).toBeNull()
    } finally {
      await engine.close()
      fake.remove()
    }
  })
})
