// By hand: what the perl stages Verso adds to a pair's pipeline cost per record, this checkout
// against a base commit, steady state. Run through tsx (it imports mode.ts of both):
//   npx tsx scripts/bench/stage-cost.mjs <base-commit> [mode]      (mode: eng-spa by default)
// For each of five places — the reading hints after the analyser, the stage after the
// bilingual lookup, the stage after lexical selection, the stage after the last transfer, the
// stage after the generator (when it is a pair's own, not the post-generation filter) — the
// base's stage (or `cat` where the base has none) and this checkout's run alternately, 9 times
// each, over inputs written once by this checkout's stages up to that place: for an English
// source 20 000 distinct bench sentences and every translatable string of the 12 English corpus
// files; for a French, Spanish, Italian, Portuguese or Catalan one (`fr-…`, `spa-…`, `es-…`, `ita-…`, `pt-…`, `cat-…` modes) the real interface strings of
// ui-strings/ (its README). Each program's start-up (its run on no input) is taken off; medians;
// per record = (new − base) / records.
import { execFileSync, execSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sentences } from './sentences.mjs'

const [base, mode = 'eng-spa'] = process.argv.slice(2)
if (!base) throw new Error('usage: npx tsx scripts/bench/stage-cost.mjs <base-commit> [mode]')
const root = new URL('../../', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'verso-stage-cost-'))
process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
writeFileSync(join(dir, 'mode.ts'), execFileSync('git', ['-C', root, 'show', `${base}:packages/engine/src/apertium/mode.ts`]))
const baseMode = await import(join(dir, 'mode.ts'))
const newMode = await import(join(root, 'packages/engine/src/apertium/mode.ts'))
const { escapeStream } = await import(join(root, 'packages/engine/src/apertium/stream.ts'))
const formats = await import(join(root, 'packages/formats/src/index.ts'))

const modeFile = `/usr/share/apertium/modes/${mode}.mode`
const before = baseMode.readModeStages(modeFile, true)
const now = newMode.readModeStages(modeFile, true)
const corpusFiles = [
  ['json/excalidraw-en.json', 'parseJson'], ['json/jhipster-sample-app-global-en.json', 'parseJson'], ['json/overseerr-en.json', 'parseJson'],
  ['po/sphinx.pot', 'parsePo'], ['properties/jenkins-hudson-model-Messages.properties', 'parseProperties'],
  ['properties/tomcat-catalina-manager-LocalStrings.properties', 'parseProperties'], ['strings/iina-en-Localizable.strings', 'parseStrings'],
  ['strings/transmission-macosx-en-Localizable.strings', 'parseStrings'], ['xml/antennapod-strings.xml', 'parseXml'],
  ['xml/etar-calendar-strings.xml', 'parseXml'], ['yaml/discourse-chat-integration-client.en.yml', 'parseYaml'], ['yaml/redmine-en.yml', 'parseYaml'],
]
const corpus = corpusFiles.flatMap(([file, parse]) => {
  const doc = formats[parse](readFileSync(join(root, '../shared/corpus', file), 'utf8'))
  return (doc.entries ?? doc).map((e) => e.text).filter((t) => typeof t === 'string')
})

/** The place's stage index in a stage list: the perl stage right after the stage that `after` matches (or after the word-bound blanks' attach there). */
const placeOf = (stages, after) => {
  const at = stages.findIndex(after)
  if (at < 0) return 0
  return stages[at + 1] === 'apertium-wblank-attach' && /^perl\b/.test(stages[at + 2] ?? '') ? at + 2 : at + 1
}
const places = [
  ['reading hints', (s) => /automorf/.test(s)],
  ['after the bilingual lookup', (s) => /^lt-proc\b.*\s-b\s/.test(s)],
  ['after lexical selection', (s) => /^lrx-proc\b/.test(s)],
  ['after the generator', (s) => /^lt-proc\b.*\s-g\b/.test(s)],
  ['after the last transfer', (s) => /^apertium-postchunk\b/.test(s)],
]
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]
const script = (name, command) => { const file = join(dir, `${name}.sh`); writeFileSync(file, `${command}\n`); return file }
const run = (file, input) => {
  const start = process.hrtime.bigint()
  const result = spawnSync('bash', [file], { input: readFileSync(input), stdio: ['pipe', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error(`${file} exited ${result.status}`)
  return Number(process.hrtime.bigint() - start) / 1e6
}
const empty = join(dir, 'empty')
writeFileSync(empty, '')

const sourceLanguage = /^fr-/.test(mode) ? 'fr' : /^(?:spa|es)-/.test(mode) ? 'es' : /^ita-/.test(mode) ? 'it' : /^pt-/.test(mode) ? 'pt' : /^cat-/.test(mode) ? 'ca' : 'en'
const uiStrings = (language) => readFileSync(join(root, `scripts/bench/ui-strings/${language}.txt`), 'utf8').split('\n').filter(Boolean)
const inputs = sourceLanguage === 'en' ? [['bench sentences', sentences(20000)], ['corpus strings', corpus]] : [[`${sourceLanguage} interface strings`, uiStrings(sourceLanguage)]]
for (const [name, texts] of inputs) {
  const source = join(dir, 'source')
  writeFileSync(source, texts.map((t) => `[v:1]${escapeStream(t)}[v:e]\0`).join(''))
  for (const [place, after] of places) {
    const at = placeOf(now, after)
    if (at === 0 || !/^perl\b/.test(now[at])) continue
    const baseAt = placeOf(before, after)
    const baseStage = baseAt > 0 && /^perl\b/.test(before[baseAt]) ? before[baseAt] : 'cat'
    const input = join(dir, 'input')
    execSync(`cat ${source} | ${now.slice(0, at).join(' | ')} > ${input}`, { shell: '/bin/bash', maxBuffer: 1 << 30 })
    const [a, b] = [script('base', baseStage), script('now', now[at])]
    const runs = { base: [], now: [], baseStart: [], nowStart: [] }
    for (let i = 0; i < 9; i++) {
      runs.base.push(run(a, input)); runs.now.push(run(b, input))
      runs.baseStart.push(run(a, empty)); runs.nowStart.push(run(b, empty))
    }
    const baseMs = median(runs.base) - median(runs.baseStart)
    const nowMs = median(runs.now) - median(runs.nowStart)
    console.log(JSON.stringify({ mode, input: name, records: texts.length, place, base: baseStage === 'cat' ? 'cat' : base, baseMs: +baseMs.toFixed(1), nowMs: +nowMs.toFixed(1), perRecordUs: +(((nowMs - baseMs) * 1000) / texts.length).toFixed(2) }))
  }
}
