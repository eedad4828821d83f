import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import type { InlineToken } from '@verso/engine'
import * as mode from '../src/apertium/mode.js'
import { EN_EO_READING_HINTS, EN_GL_READING_HINTS, ENG_CAT_READING_HINTS, ENG_SPA_READING_HINTS, ENGLISH_READING_HINTS, hasWordBoundBlanks, readModeStages, withEnglishReadingHints } from '../src/apertium/mode.js'
import { escapeStream } from '../src/apertium/stream.js'
import { englishEngine, haveApertium, haveMode } from './real-apertium.js'

/** A reading-hints stage run on analyser output, one record per argument. */
function hintedBy(stage: string, ...records: string[]): string[] {
  return execFileSync('sh', ['-c', stage], { input: records.map((r) => `${r}\0`).join(''), encoding: 'utf8' }).split('\0').slice(0, -1)
}

/** ENGLISH_READING_HINTS run on analyser output, one record per argument. */
function hinted(...records: string[]): string[] {
  return hintedBy(ENGLISH_READING_HINTS, ...records)
}

const SHOW = '^Show/show<n><sg>/show<vblex><inf>/show<vblex><pres>$'
const SHOW_VERB = '^Show/show<vblex><inf>/show<vblex><pres>$'
const YOUR = '^your/your<det><pos><sp>$'
const POSTS = '^posts/post<n><pl>$'
const ON = '^on/on<adv>/on<pr>$'
const ON_PREPOSITION = '^on/on<pr>$'
const IT = '^it/prpers<prn><subj><p3><nt><sg>/prpers<prn><obj><p3><nt><sg>$'

describe('English reading hints', () => {
  test('no perl program defines a sub twice (perl keeps the last, which silently changes the rules that called the first)', () => {
    const programs = Object.entries(mode).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].startsWith('perl '))
    expect(programs.length).toBeGreaterThan(10)
    for (const [name, program] of programs) {
      const subs = [...program.matchAll(/\bsub (\w+) \{/g)].map((match) => match[1])
      expect(subs.filter((sub, i) => subs.indexOf(sub) !== i), name).toEqual([])
    }
  })

  test("the English hints read what comes before a match back from the match, never the whole text before it (a long text's many matches would each read it: time growing with the text's square)", () => {
    const hints = Object.entries({ ENGLISH_READING_HINTS, EN_EO_READING_HINTS, EN_GL_READING_HINTS, ENG_CAT_READING_HINTS, ENG_SPA_READING_HINTS })
    for (const [name, program] of hints) expect(program.match(/substr\(\$_, 0, [^)]*\)/g), name).toBeNull()
  })

  test("eng-spa's hints read the verb \"show\" as \"display\" (\"mostrar\", not \"asomar\") and the nouns \"file\", \"setting\", \"post\" as \"archive\", \"configuration\", \"publication\"; the other part of speech keeps its sense", () => {
    const input = [`${SHOW} ${YOUR} ${POSTS}`, '^Shows/Show<n><pl>/Show<vblex><pri><p3><sg>$', '^my/my<det><pos><sp>$ ^show/show<n><sg>/show<vblex><inf>/show<vblex><pres>$', '^Settings/Setting<n><pl>$ ^files/file<n><pl>/file<vblex><pri><p3><sg>$']
    expect(hintedBy(ENG_SPA_READING_HINTS, ...input)).toEqual([
      `^Show/display<vblex><inf>/display<vblex><pres>$ ${YOUR} ^posts/publication<n><pl>$`,
      '^Shows/Show<n><pl>/Display<vblex><pri><p3><sg>$',
      '^my/my<det><pos><sp>$ ^show/show<n><sg>/display<vblex><inf>/display<vblex><pres>$',
      '^Settings/Configuration<n><pl>$ ^files/archive<n><pl>/file<vblex><pri><p3><sg>$',
    ])
  })

  test("en-eo's hints keep a command's infinitive alone: its tagger chose the present", () => {
    expect(hintedBy(EN_EO_READING_HINTS, `${SHOW} ${YOUR} ${POSTS}`)).toEqual([`^Show/show<vblex><inf>$ ${YOUR} ${POSTS}`])
  })

  test('a first word that can be an imperative keeps its verb readings before a determiner or an object pronoun', () => {
    expect(hinted(`${SHOW} ${YOUR} ${POSTS}`)).toEqual([`${SHOW_VERB} ${YOUR} ${POSTS}`])
    // eng-cat's analyser has an imperative reading too: it stays for the grammar to choose
    expect(hinted('^Open/open<adj>/open<vblex><inf>/open<vblex><pres>/open<vblex><imp>$ ^the/the<det><def><sp>$ ^file/file<n><sg>$'))
      .toEqual(['^Open/open<vblex><inf>/open<vblex><pres>/open<vblex><imp>$ ^the/the<det><def><sp>$ ^file/file<n><sg>$'])
    // a proper noun's reading goes too ("Read" is a surname), and forms of the same verb other than these three
    expect(hinted('^Read/read<vblex><inf>/read<vblex><pres>/read<vblex><past>/read<vblex><pp>/read<vblex><imp>/Read<np><cog><sg>$ ^the/the<det><def><sp>$'))
      .toEqual(['^Read/read<vblex><inf>/read<vblex><pres>/read<vblex><imp>$ ^the/the<det><def><sp>$'])
    expect(hinted('^Follow/follow<n><sg>/follow<vblex><inf>/follow<vblex><pres>$ ^us/prpers<prn><obj><p1><mf><pl>$'))
      .toEqual(['^Follow/follow<vblex><inf>/follow<vblex><pres>$ ^us/prpers<prn><obj><p1><mf><pl>$'])
  })

  test('the first word of each sentence counts, across blanks, superblanks and word-bound blanks', () => {
    const sentenceEnd = '^./.<sent>$'
    expect(hinted(`[v:1]${SHOW} [[t:0]]${YOUR}[[/]] ${POSTS}${sentenceEnd} ${SHOW} ${YOUR} ${POSTS}[v:e] `))
      .toEqual([`[v:1]${SHOW_VERB} [[t:0]]${YOUR}[[/]] ${POSTS}${sentenceEnd} ${SHOW_VERB} ${YOUR} ${POSTS}[v:e] `])
    // a word inside a sentence is left to the tagger
    expect(hinted(`^To/to<pr>$ ${SHOW} ${YOUR} ${POSTS}`)).toEqual([`^To/to<pr>$ ${SHOW} ${YOUR} ${POSTS}`])
  })

  test('"Show", "Hide" and "Use" starting a sentence are commands before a noun or an adjective too', () => {
    const NAMES = '^names/name<n><pl>/name<vblex><pri><p3><sg>$'
    expect(hinted(`[v:1]${SHOW} ^recent/recent<adj>$ ^changes/change<n><pl>/change<vblex><pri><p3><sg>$[v:e] `, `[v:2]^Hide/Hide<n><sg>/Hide<vblex><inf>/Hide<vblex><pres>$ ^Toolbar/Toolbar<n><sg>$[v:e] `))
      .toEqual([`[v:1]${SHOW_VERB} ^recent/recent<adj>$ ^changes/change<n><pl>/change<vblex><pri><p3><sg>$[v:e] `, '[v:2]^Hide/Hide<vblex><inf>/Hide<vblex><pres>$ ^Toolbar/Toolbar<n><sg>$[v:e] '])
    // other verbs before a noun are left to the tagger ("Search results", "Update available")
    const left = `[v:1]^Search/Search<n><sg>/Search<vblex><inf>/Search<vblex><pres>$ ^results/result<n><pl>/result<vblex><pri><p3><sg>$[v:e] `
    expect(hinted(left, `[v:2]${SHOW} ${NAMES}[v:e] `)).toEqual([left, `[v:2]${SHOW_VERB} ${NAMES}[v:e] `])
  })

  test('a label\'s first word is a command before its object, a bare noun, unless the two make a heading ("Copy link", not "Search results")', () => {
    // "Change transfer settings" came back ca "Canvia transfereix paràmetres": the object's first word read as a verb
    const COPY = '^Copy/Copy<n><sg>/Copy<vblex><inf>/Copy<vblex><pres>$'
    const COPY_VERB = '^Copy/Copy<vblex><inf>/Copy<vblex><pres>$'
    const LINK = '^link/link<n><sg>/link<vblex><inf>/link<vblex><pres>$'
    const CLEAR = '^Clear/Clear<adv>/Clear<adj><sint>/Clear<vblex><inf>/Clear<vblex><pres>$'
    const HISTORY = '^history/history<n><sg>$'
    const EXPORT = '^Export/Export<n><sg>/Export<vblex><inf>/Export<vblex><pres>$'
    const DATA_AS_CSV = '^data/data<n><sg>/data<n><pl>$ ^as/as<preadv>/as<cnjadv>/as<pr>$ ^CSV/*CSV$'
    expect(hinted(`[v:1]${COPY} ${LINK}[v:e] `, `[v:2]${CLEAR} ${HISTORY}^./.<sent>$[v:e] `, `[v:3]${EXPORT} ${DATA_AS_CSV} [v:e] `, `[v:4]${COPY} ^URL/*URL$[v:e] `)).toEqual([
      // the object is a noun, not a verb
      `[v:1]${COPY_VERB} ^link/link<n><sg>$[v:e] `,
      `[v:2]^Clear/Clear<vblex><inf>/Clear<vblex><pres>$ ${HISTORY}^./.<sent>$[v:e] `,
      `[v:3]^Export/Export<vblex><inf>/Export<vblex><pres>$ ${DATA_AS_CSV} [v:e] `,
      `[v:4]${COPY_VERB} ^URL/*URL$[v:e] `,
    ])
    const DOWNLOAD = '^Download/Download<n><sg>/Download<vblex><inf>/Download<vblex><pres>$'
    const left = [
      // headings: the verb's noun before a noun it modifies, a place after a verb that moves data, a status
      `[v:1]${DOWNLOAD} ^speed/speed<n><sg>/speed<vblex><inf>/speed<vblex><pres>$[v:e] `,
      `[v:2]${DOWNLOAD} ^folder/folder<n><sg>$[v:e] `,
      `[v:3]${DOWNLOAD} ^running/run<vblex><ger>/run<vblex><pprs>/run<vblex><subs>$[v:e] `,
      `[v:4]^Change/Change<n><sg>/Change<vblex><inf>/Change<vblex><pres>$ ^log/log<n><sg>/log<vblex><inf>/log<vblex><pres>$[v:e] `,
      // a finite verb after the noun: the first two words are its subject
      `[v:5]${COPY} ${LINK} ^works/work<vblex><pri><p3><sg>$[v:e] `,
      // a word the analyser does not know in title case, not an initialism ("Request Overrides" is a heading)
      `[v:6]${COPY} ^Overrides/*Overrides$[v:e] `,
      // not the text's first words, and an adverb reading only where the label is one
      `[v:7]^To/to<pr>$ ${COPY.replace('Copy', 'copy')} ${LINK}[v:e] `,
      `[v:8]${CLEAR} ^the/the<det><def><sp>$ ^cache/cache<n><sg>$ ^now/now<adv>$ ^./.<sent>$ ^It/prpers<prn><subj><p3><nt><sg>$ ^is/be<vbser><pri><p3><sg>$[v:e] `,
    ]
    expect(hinted(...left)).toEqual(left)
  })

  test("a label's first word loses its present reading where labels are infinitives (eng-spa's, en-gl's, en-eo's hints); an instruction, a question and a finite verb keep it", () => {
    const SELECT = '^Select/Select<vblex><inf>/Select<vblex><pres>$'
    const ALL = '^all/all<predet><sp>/all<prn><tn><mf><sp>$'
    const SEARCH = '^Search/Search<n><sg>/Search<vblex><inf>/Search<vblex><pres>$ ^results/result<n><pl>/result<vblex><pri><p3><sg>$'
    const end = '^./.<sent>$[v:e] '
    const labels = [`[v:1]${SELECT} ${ALL}${end}`, `[v:2]${SEARCH}${end}`]
    const left = [
      // an instruction: an article or a possessive, a "please" (stream.ts's lead), a question
      `[v:3]${SELECT} ^a/a<det><ind><sg>$ ^photo/photo<n><sg>$${end}`,
      `[v:4][p:0]${SELECT} ${ALL}${end}`,
      `[v:5]^Need/Need<n><sg>/Need<vblex><inf>/Need<vblex><pres>$ ^help/help<n><sg>/help<vblex><inf>/help<vblex><pres>$^?/?<sent>$[v:e] `,
      // a verb that can only be finite later: the first words are its subject
      `[v:6]^Download/Download<n><sg>/Download<vblex><inf>/Download<vblex><pres>$ ^failed/fail<vblex><past>$${end}`,
    ]
    const asLabels = [`[v:1]^Select/Select<vblex><inf>$ ${ALL}${end}`, `[v:2]^Search/Search<n><sg>/Search<vblex><inf>$ ^results/result<n><pl>/result<vblex><pri><p3><sg>$${end}`]
    // (the question is asked of "you", which goes before its verb, the verb's readings kept)
    const kept = left.map((record) => (record.startsWith('[v:5]') ? `[v:5]^you/prpers<prn><subj><p2><mf><sp>$ ${record.slice(5).replace(/(\^|\/)N/g, '$1n')}` : record))
    for (const stage of [ENG_SPA_READING_HINTS, EN_GL_READING_HINTS]) expect(hintedBy(stage, ...labels, ...left)).toEqual([...asLabels, ...kept])
    // en-eo's commands before a determiner are infinitives already (its hints keep "inf|imp")
    expect(hintedBy(EN_EO_READING_HINTS, ...labels)).toEqual(asLabels)
    // Catalan labels buttons with the imperative: eng-cat's hints leave the readings
    expect(hintedBy(ENG_CAT_READING_HINTS, `[v:1]${SELECT} ${ALL}${end}`)).toEqual([`[v:1]${SELECT} ${ALL}${end}`])
  })

  test('a word that can be something else than a noun, an adjective or that verb is left to the tagger', () => {
    const left = [
      // "Like the previous version": a preposition
      '^Like/like<pr>/like<vblex><inf>/like<vblex><pres>$ ^the/the<det><def><sp>$',
      // "Found an issue?": the past of another verb
      '^Found/find<vblex><past>/find<vblex><pp>/found<vblex><inf>/found<vblex><pres>$ ^an/a<det><ind><sg>$',
    ]
    expect(hinted(...left)).toEqual(left)
  })

  test('before a word that can be a subject, a reflexive or a noun, the first word is left to the tagger', () => {
    const left = [
      `^People/people<n><pl>/people<vblex><inf>$ ^you/prpers<prn><subj><p2><mf><sp>/prpers<prn><obj><p2><mf><sp>$`,
      `^Describe/describe<vblex><inf>/describe<vblex><pres>$ ^yourself/yourself<prn><ref><p2><mf><sg>$`,
      // ("Show replies" is a command: "Show", "Hide" and "Use" go before a noun too, below)
      '^Update/Update<n><sg>/Update<vblex><inf>/Update<vblex><pres>$ ^available/available<adj>$',
      SHOW,
    ]
    expect(hinted(...left)).toEqual(left)
  })

  test('a sentence-initial "Don\'t" before a verb goes as "not" in a statement without a comma', () => {
    const dont = "^Don't/Do<vbdo><pres>+not<adv>$"
    const show = '^show/show<n><sg>/show<vblex><inf>/show<vblex><pres>$ ^again/again<adv>$'
    // the verb after "don't" is the infinitive (the modal rule)
    const verb = '^show/show<vblex><inf>$ ^again/again<adv>$'
    expect(hinted(`${dont} ${show}^./.<sent>$`, `^Done/Do<vblex><pp>$^./.<sent>$ ${dont} ${show}^!/!<sent>$`))
      .toEqual([`^Don't/not<adv>$ ${verb}^./.<sent>$`, `^Done/Do<vblex><pp>$^./.<sent>$ ^Don't/not<adv>$ ${verb}^!/!<sent>$`])
    // a question ("Don't have an account yet?") is asked of "you", which goes before it
    expect(hinted(`${dont} ^have/have<vbhaver><inf>/have<vblex><inf>$ ^it/prpers<prn><obj><p3><nt><sg>$^?/?<sent>$`)[0])
      .toMatch(/^\^you\/prpers<prn><subj><p2><mf><sp>\$ \^don't\/do<vbdo><pres>\+not<adv>\$ /)
    const left = [
      // a comma (en-gl lost the next clause's pronoun)
      `${dont} ^worry/worry<n><sg>/worry<vblex><inf>$^,/,<cm>$ ^we/prpers<prn><subj><p1><mf><pl>$^./.<sent>$`,
      // eng-cat's analyser has the imperative, and no verb follows in the last one
      "^Don't/do<vbdo><pres>+not<adv>/do<vbdo><imp>+not<adv>$ ^show/show<vblex><inf>$^./.<sent>$",
      `${dont} ^again/again<adv>$^./.<sent>$`,
    ]
    // "Don't" stays (its verb is the infinitive, above)
    expect(hinted(...left).map((record) => record.split(' ')[0])).toEqual(left.map((record) => record.split(' ')[0]))
  })

  test('a preposition that could be an adverb or a conjunction stays a preposition before a placeholder, a name or a number', () => {
    const post = '^Last/last<det><ord><sp>$ ^post/post<n><sg>$'
    expect(hinted(`${post} ${ON} [t:1:v]^./.<sent>$`)).toEqual([`${post} ${ON_PREPOSITION} [t:1:v]^./.<sent>$`])
    expect(hinted(`${post} ${ON} ^Paris/Paris<np><loc><sg>$`, `${post} ${ON} ^5/5<num>$`))
      .toEqual([`${post} ${ON_PREPOSITION} ^Paris/Paris<np><loc><sg>$`, `${post} ${ON_PREPOSITION} ^5/5<num>$`])
    expect(hinted('^Muted/*Muted$ ^until/until<cnjadv>/until<pr>$ [x:@][t:2:v]')).toEqual(['^Muted/*Muted$ ^until/until<pr>$ [x:@][t:2:v]'])
  })

  test('a preposition before a common noun, a tag or nothing is left to the tagger', () => {
    const left = [`^Log/log<vblex><inf>$ ${ON} ^the/the<det><def><sp>$`, `^Turn/turn<vblex><inf>$ ${ON}`, `^Turn/turn<vblex><inf>$ ${ON} [t:0:o]^it/prpers<prn><obj><p3><nt><sg>$[t:0:c]`]
    expect(hinted(...left)).toEqual(left)
  })

  test('a participle before a noun, after a determiner, a number or a sentence start, is not a past; the noun is not a verb', () => {
    const DELETED = '^deleted/delete<vblex><past>/delete<vblex><pp>$'
    const FILES = '^files/file<n><pl>/file<vblex><pri><p3><sg>$'
    const hintedUnits = `^deleted/delete<vblex><pp>$ ^files/file<n><pl>$`
    expect(hinted(`^the/the<det><def><sp>$ ${DELETED} ${FILES}^./.<sent>$`)).toEqual([`^the/the<det><def><sp>$ ${hintedUnits}^./.<sent>$`])
    expect(hinted(`^2/2<num>$ ${DELETED} ${FILES}`, `[v:3]${DELETED} ${FILES}`, `^Done/do<vblex><pp>$^./.<sent>$ ${DELETED} ${FILES}`))
      .toEqual([`^2/2<num>$ ${hintedUnits}`, `[v:3]${hintedUnits}`, `^Done/do<vblex><pp>$^./.<sent>$ ${hintedUnits}`])
  })

  test('a past after a subject, a relative pronoun, "all" or a placeholder, or before a word that can be something else than a noun or a verb, is left to the tagger', () => {
    const DELETED = '^deleted/delete<vblex><past>/delete<vblex><pp>$'
    const FILES = '^files/file<n><pl>/file<vblex><pri><p3><sg>$'
    const left = [
      `^user/user<n><sg>$ ${DELETED} ${FILES}`,
      `^that/that<cnjsub>/that<det><dem><sg>/that<prn><tn><mf><sg>/that<rel><an><mf><sp>$ ${DELETED} ${FILES}`,
      `[v:1][t:0:v] ${DELETED} ${FILES}`,
      `^the/the<det><def><sp>$ ${DELETED} ^quickly/quickly<adv>$`,
      `^the/the<det><def><sp>$ [[t:0]]${DELETED}[[/]] ${FILES}`,
      // "all" (eng-cat wrote "totes les descàrregues jugades" from the past, "tot descàrregues" from the participle)
      `^All/All<predet><sp>/All<prn><tn><mf><sp>$ ${DELETED} ${FILES}`,
      // a next word that can be an adjective ("Some used custom colors"; after "Most", the degree's rule reads a participle)
      `^Some/Some<det><qnt><sp>$ ^used/use<vblex><past>/use<vblex><pp>$ ^custom/custom<n><sg>/custom<adj>$ ^colors/color<n><pl>$`,
    ]
    expect(hinted(...left)).toEqual(left)
  })

  test('a past or participle after a form of "be" or "have", with only adverbs between, is the participle', () => {
    const CONFIRMED = '^confirmed/confirm<vblex><past>/confirm<vblex><pp>$'
    const PARTICIPLE = '^confirmed/confirm<vblex><pp>$'
    const HAS_BEEN = '^has/have<vbhaver><pri><p3><sg>/have<vblex><pri><p3><sg>$ ^been/be<vbser><pp>$'
    const NOT_YET = '^not/not<adv>$ ^yet/yet<adv>/yet<cnjadv>$'
    expect(hinted(
      `${HAS_BEEN} ^successfully/successfully<adv>$ ${CONFIRMED}^./.<sent>$`,
      `^is/be<vbser><pri><p3><sg>$ ${NOT_YET} ${CONFIRMED}`,
      `^being/be<vbser><ger>/be<vbser><pprs>/be<vbser><subs>/being<n><sg>$ ${CONFIRMED}`,
      // en-eo's analyser reads some participles as adjectives too: those stay
      '^is/be<vbser><pres><p3><sg>$ ^saved/saved<adj>/save<vblex><past>/save<vblex><pp>$',
    )).toEqual([
      `${HAS_BEEN} ^successfully/successfully<adv>$ ${PARTICIPLE}^./.<sent>$`,
      `^is/be<vbser><pri><p3><sg>$ ${NOT_YET} ${PARTICIPLE}`,
      `^being/be<vbser><ger>/be<vbser><pprs>/be<vbser><subs>/being<n><sg>$ ${PARTICIPLE}`,
      '^is/be<vbser><pres><p3><sg>$ ^saved/saved<adj>/save<vblex><pp>$',
    ])
  })

  test('a past after "be" or "have" with something other than adverbs between, or after a comma, is left to the tagger', () => {
    const CONFIRMED = '^confirmed/confirm<vblex><past>/confirm<vblex><pp>$'
    const left = [
      // "what the user has, confirmed": a comma between
      `^has/have<vbhaver><pri><p3><sg>/have<vblex><pri><p3><sg>$^,/,<cm>$ ${CONFIRMED}`,
      // "Is it confirmed": a pronoun between (the question's subject)
      `^Is/be<vbser><pri><p3><sg>$ ^it/prpers<prn><subj><p3><nt><sg>/prpers<prn><obj><p3><nt><sg>$ ${CONFIRMED}`,
      // a placeholder between
      `^was/be<vbser><past><p3><sg>$ [t:0:v] ${CONFIRMED}`,
      `^the/the<det><def><sp>$ ^user/user<n><sg>$ ${CONFIRMED}`,
    ]
    expect(hinted(...left)).toEqual(left)
  })

  test('a headline\'s verb is the participle: one or two nouns start the sentence, and no object follows', () => {
    const ADDRESS = '^Address/Address<n><sg>/Address<vblex><inf>/Address<vblex><pres>$'
    const COPIED = '^copied/copy<vblex><past>/copy<vblex><pp>$'
    const TO_CLIPBOARD = '^to/to<pr>$ ^clipboard/clipboard<n><sg>$'
    const SETTINGS = '^Settings/Setting<n><pl>$'
    const SAVED = '^saved/save<vblex><past>/save<vblex><pp>$'
    expect(hinted(`[v:1]${ADDRESS} ${COPIED} ${TO_CLIPBOARD}[v:e] `, `[v:2]${SETTINGS} ${SAVED}^./.<sent>$[v:e] `, `[v:3]^Download/Download<n><sg>/Download<vblex><inf>$ ^history/history<n><sg>$ ^deleted/delete<vblex><past>/delete<vblex><pp>$[v:e] `))
      .toEqual([
        `[v:1]^Address/Address<n><sg>$ ^copied/copy<vblex><pp>$ ${TO_CLIPBOARD}[v:e] `,
        `[v:2]${SETTINGS} ^saved/save<vblex><pp>$^./.<sent>$[v:e] `,
        '[v:3]^Download/Download<n><sg>$ ^history/history<n><sg>$ ^deleted/delete<vblex><pp>$[v:e] ',
      ])
  })

  test('a headline may open with "No", "All" or "Some"; "found" there, and after "not", is the participle of "find", not the verb "to found"', () => {
    const FOUND = '^found/find<vblex><past>/find<vblex><pp>/found<vblex><inf>/found<vblex><pres>$'
    const NO = '^No/No<adv>/No<det><ind><sp>$'
    expect(hinted(`[v:1]${NO} ^results/result<n><pl>/result<vblex><pri><p3><sg>$ ${FOUND}[v:e] `, `[v:2]^All/All<predet><sp>/All<prn><tn><mf><sp>$ ^changes/change<n><pl>/change<vblex><pri><p3><sg>$ ^saved/save<vblex><past>/save<vblex><pp>$^./.<sent>$[v:e] `, `[v:3]^Page/Page<n><sg>$ ^not/not<adv>$ ${FOUND}[v:e] `, `[v:4]^It/prpers<prn><subj><p3><nt><sg>$ ^was/be<vbser><past><p3><sg>$ ^not/not<adv>$ ${FOUND}^./.<sent>$[v:e] `))
      .toEqual([
        `[v:1]${NO} ^results/result<n><pl>$ ^found/find<vblex><pp>$[v:e] `,
        '[v:2]^All/All<predet><sp>/All<prn><tn><mf><sp>$ ^changes/change<n><pl>$ ^saved/save<vblex><pp>$^./.<sent>$[v:e] ',
        '[v:3]^Page/Page<n><sg>$ ^not/not<adv>$ ^found/find<vblex><pp>$[v:e] ',
        '[v:4]^It/prpers<prn><subj><p3><nt><sg>$ ^was/be<vbser><past><p3><sg>$ ^not/not<adv>$ ^found/find<vblex><pp>$^./.<sent>$[v:e] ',
      ])
    // "The door opened." (a definite article), "User found the file" (an object): left to the tagger, "found" with all its readings
    const left = ['[v:1]^The/The<det><def><sp>$ ^door/door<n><sg>$ ^opened/open<vblex><past>/open<vblex><pp>$^./.<sent>$[v:e] ', `[v:2]^User/User<n><sg>$ ${FOUND} ^the/the<det><def><sp>$ ^file/file<n><sg>$[v:e] `]
    expect(hinted(...left)).toEqual(left)
  })

  test('a verb that takes no object (fail, occur, expire…) right after a noun is its past, not a participle', () => {
    const OCCURRED = '^occurred/occur<vblex><past>/occur<vblex><pp>$'
    expect(hinted(`[v:1]^An/A<det><ind><sg>$ ^error/error<n><sg>$ ${OCCURRED} ^while/while<cnjadv>/while<n><sg>$[v:e] `, '[v:2]^Export/Export<n><sg>/Export<vblex><inf>$ ^failed/fail<vblex><past>/fail<vblex><pp>$^./.<sent>$[v:e] ', '[v:3]^Request/Request<n><sg>$ ^Failed/Fail<vblex><past>/Fail<vblex><pp>$[v:e] '))
      .toEqual(['[v:1]^An/A<det><ind><sg>$ ^error/error<n><sg>$ ^occurred/occur<vblex><past>$ ^while/while<cnjadv>/while<n><sg>$[v:e] ', '[v:2]^Export/Export<n><sg>/Export<vblex><inf>$ ^failed/fail<vblex><past>$^./.<sent>$[v:e] ', '[v:3]^Request/Request<n><sg>$ ^Failed/Fail<vblex><past>$[v:e] '])
    // after a subject pronoun: "What happened?", "It failed." came back "¿Qué pasado?", "Fallado."
    expect(hinted('[v:4]^What/what<prn><itg><sp>$ ^happened/happen<vblex><past>/happen<vblex><pp>$^?/?<sent>$[v:e] '))
      .toEqual(['[v:4]^What/what<prn><itg><sp>$ ^happened/happen<vblex><past>$^?/?<sent>$[v:e] '])
    // after a determiner and before a noun it is the participle (rule 4: "the failed attempts")
    expect(hinted('[v:1]^the/the<det><def><sp>$ ^failed/fail<vblex><past>/fail<vblex><pp>$ ^attempts/attempt<n><pl>$[v:e] '))
      .toEqual(['[v:1]^the/the<det><def><sp>$ ^failed/fail<vblex><pp>$ ^attempts/attempt<n><pl>$[v:e] '])
  })

  test('a participle before a noun after a sentence\'s first word that can be a command: the participle, and the first word the command', () => {
    const SELECTED = '^selected/select<vblex><past>/select<vblex><pp>$'
    const TRANSFERS = '^transfers/transfer<n><pl>/transfer<vblex><pri><p3><sg>$'
    expect(hinted(`[v:1]^Remove/Remove<vblex><inf>/Remove<vblex><pres>$ ${SELECTED} ${TRANSFERS}[v:e] `, `[v:2]^Show/Show<n><sg>/Show<vblex><inf>/Show<vblex><pres>$ ^completed/complete<vblex><past>/complete<vblex><pp>$ ^versions/version<n><pl>$[v:e] `))
      .toEqual(['[v:1]^Remove/Remove<vblex><inf>/Remove<vblex><pres>$ ^selected/select<vblex><pp>$ ^transfers/transfer<n><pl>$[v:e] ', '[v:2]^Show/Show<vblex><inf>/Show<vblex><pres>$ ^completed/complete<vblex><pp>$ ^versions/version<n><pl>$[v:e] '])
    // "Pause" keeps its noun (its verb is "parar"), "Total" (an adjective too) stays
    expect(hinted(`[v:1]^Pause/Pause<n><sg>/Pause<vblex><inf>/Pause<vblex><pres>$ ${SELECTED} ${TRANSFERS}[v:e] `, `[v:2]^Total/Total<adj>/Total<n><sg>/Total<vblex><inf>$ ^spent/spend<vblex><past>/spend<vblex><pp>$ ^time/time<n><sg>$[v:e] `))
      .toEqual(['[v:1]^Pause/Pause<n><sg>/Pause<vblex><inf>/Pause<vblex><pres>$ ^selected/select<vblex><pp>$ ^transfers/transfer<n><pl>$[v:e] ', '[v:2]^Total/Total<adj>/Total<n><sg>/Total<vblex><inf>$ ^spent/spend<vblex><pp>$ ^time/time<n><sg>$[v:e] '])
  })

  test('"latest" is the most recent, "later" before no noun the adverb', () => {
    expect(hinted('[v:1]^the/the<det><def><sp>$ ^latest/late<adj><sint><sup>$ ^version/version<n><sg>$[v:e] ', '[v:2]^this/this<prn><tn><mf><sg>$ ^later/later<adv>/late<adj><sint><comp>$ ^in/in<pr>$[v:e] ', '[v:3]^a/a<det><ind><sg>$ ^later/later<adv>/late<adj><sint><comp>$ ^version/version<n><sg>$[v:e] '))
      .toEqual(['[v:1]^the/the<det><def><sp>$ ^latest/recent<adj><sup>$ ^version/version<n><sg>$[v:e] ', '[v:2]^this/this<prn><tn><mf><sg>$ ^later/later<adv>$ ^in/in<pr>$[v:e] ', '[v:3]^a/a<det><ind><sg>$ ^later/later<adv>/late<adj><sint><comp>$ ^version/version<n><sg>$[v:e] '])
  })

  test('a question\'s "be" before its subject pronoun and a gerund goes after the pronoun ("What are you doing?")', () => {
    const ARE = '^are/be<vbser><pres>$'
    const YOU = '^you/prpers<prn><subj><p2><mf><sp>/prpers<prn><obj><p2><mf><sp>$'
    const DOING = '^doing/do<vblex><ger>/do<vblex><pprs>$'
    expect(hinted(`[v:1]^What/what<prn><itg><sp>$ ${ARE} ${YOU} ${DOING}^?/?<sent>$[v:e] `, '[v:2]^What/what<prn><itg><sp>$ ^am/be<vbser><pri><p1><sg>$ ^I/I<num><mf><sg>/prpers<prn><subj><p1><mf><sg>$ ^doing/do<vblex><ger>$^?/?<sent>$[v:e] '))
      .toEqual([`[v:1]^What/what<prn><itg><sp>$ ${YOU} ${ARE} ${DOING}^?/?<sent>$[v:e] `, '[v:2]^What/what<prn><itg><sp>$ ^I/prpers<prn><subj><p1><mf><sg>$ ^am/be<vbser><pri><p1><sg>$ ^doing/do<vblex><ger>$^?/?<sent>$[v:e] '])
    // not without a question mark, nor before a word that is no gerund ("Are you sure?")
    const left = [`[v:1]^What/what<prn><itg><sp>$ ${ARE} ${YOU} ${DOING}^./.<sent>$[v:e] `, `[v:2]${ARE} ${YOU} ^sure/sure<adj>$^?/?<sent>$[v:e] `]
    expect(hinted(...left)).toEqual(left)
  })

  test('a past with an object, after a determiner, or of "leave" (a story\'s "Dad left early.") is left to the tagger', () => {
    const left = [
      '[v:1]^User/User<n><sg>$ ^deleted/delete<vblex><past>/delete<vblex><pp>$ ^files/file<n><pl>/file<vblex><pri><p3><sg>$^./.<sent>$[v:e] ',
      '[v:1]^The/The<det><def><sp>$ ^user/user<n><sg>$ ^deleted/delete<vblex><past>/delete<vblex><pp>$^./.<sent>$[v:e] ',
      // a story's or a subtitle's "Dad left early." is a past
      '[v:1]^Dad/Dad<n><sg>$ ^left/leave<vblex><past>/leave<vblex><pp>/left<adj>$ ^early/early<adv>$^./.<sent>$[v:e] ',
    ]
    expect(hinted(...left)).toEqual(left)
  })

  test('"when" inside a statement is the conjunction; opening a question it asks; after "know", "choose"… it stays ambiguous, before "to" it asks', () => {
    const WHEN = '^when/when<cnjadv>/when<adv><itg>$'
    const CONJUNCTION = '^when/when<cnjadv>$'
    const NOTIFY_ME = '^Notify/Notify<vblex><inf>$ ^me/prpers<prn><obj><p1><mf><sg>$'
    const IT_IS = '^it/prpers<prn><subj><p3><nt><sg>$ ^is/be<vbser><pri><p3><sg>$ ^ready/ready<adj>$'
    expect(hinted(`[v:1]${NOTIFY_ME} ${WHEN} ${IT_IS}^./.<sent>$[v:e] `, `[v:2]^When/When<cnjadv>/When<adv><itg>$ ${IT_IS}^,/,<cm>$ ^go/go<vblex><imp>$[v:e] `))
      .toEqual([`[v:1]${NOTIFY_ME} ${CONJUNCTION} ${IT_IS}^./.<sent>$[v:e] `, `[v:2]^When/When<cnjadv>$ ${IT_IS}^,/,<cm>$ ^go/go<vblex><imp>$[v:e] `])
    const IS_IT = '^is/be<vbser><pri><p3><sg>$ ^it/prpers<prn><subj><p3><nt><sg>$^?/?<sent>$[v:e] '
    expect(hinted(`[v:1]^When/When<cnjadv>/When<adv><itg>$ ${IS_IT}`)).toEqual([`[v:1]^When/When<adv><itg>$ ${IS_IT}`])
    const left = `[v:1]^I/prpers<prn><subj><p1><mf><sg>$ ^know/know<vblex><pres>$ ${WHEN} ${IT_IS}^./.<sent>$[v:e] `
    expect(hinted(left)).toEqual([left])
    // before "to" and a verb it asks, and "to" goes (the infinitive rule of question words)
    expect(hinted(`[v:1]^Choose/Choose<vblex><inf>$ ${WHEN} ^to/to<pr>$ ^sync/sync<vblex><inf>$[v:e] `)).toEqual(['[v:1]^Choose/Choose<vblex><inf>$ ^when/when<adv><itg>$ ^sync/sync<vblex><inf>$[v:e] '])
  })

  test('a text of one word that is a button\'s verb is the command: its imperative where the analyser has one, else its infinitive', () => {
    const OPEN = '^Open/Open<adj><sint>/Open<vblex><inf>/Open<vblex><pres>$'
    expect(hinted(`[v:1]${OPEN}^./.<sent>$[v:e] `, '[v:2]^Open/Open<adj><sint>/Open<vblex><inf>/Open<vblex><pres>/Open<vblex><imp>$^./.<sent>$[v:e] '))
      .toEqual(['[v:1]^Open/Open<vblex><inf>$^./.<sent>$[v:e] ', '[v:2]^Open/Open<vblex><imp>$^./.<sent>$[v:e] '])
    // a field's or a column's label is a noun; a word among others is left to the other rules ("Open source")
    const left = ['[v:1]^Name/Name<n><sg>/Name<vblex><inf>/Name<vblex><pres>$^./.<sent>$[v:e] ', `[v:1]${OPEN} ^source/source<n><sg>$^./.<sent>$[v:e] `]
    expect(hinted(...left)).toEqual(left)
  })

  test('"No." is "no" and a full stop, not the abbreviation of "number", unless a number follows', () => {
    expect(hinted('[v:1]^No./No.<n><sg>$[v:e] ', '[v:2]^Responded/Respond<vblex><past>$ ^no./no.<n><sg>$[v:e] '))
      .toEqual(['[v:1]^No/No<adv>$^./.<sent>$[v:e] ', '[v:2]^Responded/Respond<vblex><past>$ ^no/no<adv>$^./.<sent>$[v:e] '])
    // eng-cat's analyser (lt-proc -w) writes the lemma in lower case
    expect(hinted('[v:1]^No./no.<n><sg>$[v:e] ')).toEqual(['[v:1]^No/no<adv>$^./.<sent>$[v:e] '])
    const left = '[v:1]^No./No.<n><sg>$ ^5/5<num>$[v:e] '
    expect(hinted(left)).toEqual([left])
  })

  test('"Let\'s" is the subject "we", however the analyser split it', () => {
    const GO = '^go/go<vblex><inf>/go<vblex><pres>$'
    const LET = '^Let/Let<vblex><inf>/Let<vblex><pres>/Let<vblex><past>/Let<vblex><pp>$'
    const WE = "^Let's/prpers<prn><subj><p1><mf><pl>$"
    // eng-spa and en-gl write a blank between, en-eo none
    expect(hinted(`${LET} ^'s/'s<gen>/be<vbser><pri><p3><sg>$ ${GO}`, `${LET}^'s/'s<gen>$ ${GO}`)).toEqual([`${WE} ${GO}`, `${WE} ${GO}`])
    // "Let us know" keeps its "us" (and "Let" is a command, rule 1)
    expect(hinted(`${LET} ^us/prpers<prn><obj><p1><mf><pl>$ ^know/know<vblex><inf>$`))
      .toEqual(['^Let/Let<vblex><inf>/Let<vblex><pres>$ ^us/prpers<prn><obj><p1><mf><pl>$ ^know/know<vblex><inf>$'])
  })

  test('a button\'s verb before a placeholder, and press or click before a key\'s name, is the command', () => {
    const PRESS = '^Press/Press<n><sg>/Press<vblex><inf>/Press<vblex><pres>$'
    const PRESS_VERB = '^Press/Press<vblex><inf>/Press<vblex><pres>$'
    const USE = '^Use/Use<n><sg>/Use<vblex><inf>/Use<vblex><pres>$'
    const TO = '^to/to<pr>$'
    expect(hinted(`[v:1]${PRESS} ^Esc/*Esc$ ${TO}[v:e] `, `[v:2]${PRESS} [t:0:v] ${TO}[v:e] `, `[v:3]${USE} [t:0:v] ${TO}[v:e] `))
      .toEqual([`[v:1]${PRESS_VERB} ^Esc/*Esc$ ${TO}[v:e] `, `[v:2]${PRESS_VERB} [t:0:v] ${TO}[v:e] `, `[v:3]^Use/Use<vblex><inf>/Use<vblex><pres>$ [t:0:v] ${TO}[v:e] `])
    // a noun's label before a placeholder ("Size {size}"), and "press" before a word in lower case ("Press release")
    const left = [`[v:1]^Size/Size<n><sg>/Size<vblex><inf>/Size<vblex><pres>$ [t:0:v][v:e] `, `[v:2]${PRESS} ^release/release<n><sg>/release<vblex><inf>/release<vblex><pres>$[v:e] `]
    expect(hinted(...left)).toEqual(left)
  })

  test('a first word that can be an imperative is the command before "it": its imperative, else its infinitive', () => {
    const SET = '^Set/Set<n><sg>/Set<vblex><inf>/Set<vblex><pres>/Set<vblex><past>/Set<vblex><pp>$'
    expect(hinted(`[v:1]${SET} ${IT} ^to/to<pr>$[v:e] `)).toEqual([`[v:1]^Set/Set<vblex><inf>$ ${IT} ^to/to<pr>$[v:e] `])
    // "you" can be the subject of what follows ("Thank you…" is left alone)
    const left = `[v:1]^Thank/Thank<vblex><inf>/Thank<vblex><pres>$ ^you/prpers<prn><subj><p2><mf><sp>/prpers<prn><obj><p2><mf><sp>$[v:e] `
    expect(hinted(left)).toEqual([left])
  })

  test('a first word that can be an imperative is the command before a tag or quotes that open words, not before a placeholder', () => {
    const OPEN_WORD = '^Open/Open<adj><sint>/Open<vblex><inf>/Open<vblex><pres>/Open<vblex><imp>$'
    const SETTINGS = '^Settings/Setting<n><pl>$'
    // "Open **Settings**" (a word-bound pair), "Open <a>the settings</a>" (a superblank)
    expect(hinted(`[v:1]${OPEN_WORD} [[t:0]]${SETTINGS}[[/]]^./.<sent>$[v:e] `, `[v:2]${OPEN_WORD} [t:0:o]${SETTINGS}[t:0:c]^./.<sent>$[v:e] `))
      .toEqual([`[v:1]^Open/Open<vblex><inf>/Open<vblex><pres>/Open<vblex><imp>$ [[t:0]]${SETTINGS}[[/]]^./.<sent>$[v:e] `, `[v:2]^Open/Open<vblex><inf>/Open<vblex><pres>/Open<vblex><imp>$ [t:0:o]${SETTINGS}[t:0:c]^./.<sent>$[v:e] `])
    // "Anchor '%s' not found": quotes around a placeholder
    const left = `[v:1]^Anchor/Anchor<n><sg>/Anchor<vblex><inf>/Anchor<vblex><pres>$ [[t:0]][t:1:v][[/]] ^not/not<adv>$ ^found/find<vblex><pp>$[v:e] `
    expect(hinted(left)).toEqual([left])
  })

  test('a verb before the preposition it takes as a command ("Switch to", "Check for") is the command when no finite verb follows in the sentence', () => {
    const SWITCH = '^Switch/Switch<n><sg>/Switch<vblex><inf>/Switch<vblex><pres>$'
    const TO = '^to/to<pr>$'
    const MODE = '^dark/dark<n><sg>/dark<adj><sint>$ ^mode/mode<n><sg>$'
    expect(hinted(`[v:1]${SWITCH} ${TO} ${MODE}[v:e] `)).toEqual([`[v:1]^Switch/Switch<vblex><inf>/Switch<vblex><pres>$ ${TO} ${MODE}[v:e] `])
    // eng-spa: "go" (and the other verbs whose Spanish imperative is not the third person: "Va
    // a…" was the present) keeps its infinitive alone
    expect(hintedBy(ENG_SPA_READING_HINTS, `[v:1]^Go/Go<vblex><inf>/Go<vblex><pres>$ ${TO} ^messages/message<n><pl>$^./.<sent>$[v:e] `))
      .toEqual([`[v:1]^Go/Go<vblex><inf>$ ${TO} ^messages/message<n><pl>$^./.<sent>$[v:e] `])
    // a phrasal verb the analyser reads as one unit, before anything: not its participle ("Come back later." was "Vuelto…")
    expect(hinted('[v:1]^Come back/Come<vblex><inf># back/Come<vblex><pres># back/Come<vblex><pp># back$ ^later/later<adv>$^./.<sent>$[v:e] '))
      .toEqual(['[v:1]^Come back/Come<vblex><inf># back/Come<vblex><pres># back$ ^later/later<adv>$^./.<sent>$[v:e] '])
    // a finite verb later makes the first word a subject ("Move to trash failed": "Move" keeps its
    // noun; "failed" is a past, rule 10's); a heading's noun before another preposition ("Support
    // for PDF files", "Link to this equation") is left alone
    const left = [
      `[v:1]^Move/Move<n><sg>/Move<vblex><inf>/Move<vblex><pres>$ ${TO} ^trash/rubbish<n><sg>$ ^failed/fail<vblex><past>$^./.<sent>$[v:e] `,
      '[v:2]^Support/Support<n><sg>/Support<vblex><inf>/Support<vblex><pres>$ ^for/for<pr>$ ^PDF/PDF<n><acr><sg>$ ^files/file<n><pl>/file<vblex><pri><p3><sg>$[v:e] ',
      `[v:3]^Link/Link<n><sg>/Link<vblex><inf>/Link<vblex><pres>$ ${TO} ^this/this<det><dem><sg>$ ^equation/equation<n><sg>$[v:e] `,
    ]
    expect(hinted(...left)).toEqual(left)
  })

  test('the last word after a command that moves something "to" is a noun: "Move to top", "Skip to content"', () => {
    const TOP = '^top/top<adj>/top<n><sg>/top<vblex><inf>/top<vblex><pres>$'
    expect(hinted(`[v:1]^Move/Move<n><sg>/Move<vblex><inf>/Move<vblex><pres>$ ^to/to<pr>$ ${TOP}[v:e] `, `[v:2]^Skip/*Skip$ ^to/to<pr>$ ^content/content<n><sg>/content<vblex><inf>/content<vblex><pres>$^./.<sent>$[v:e] `))
      .toEqual([`[v:1]^Move/Move<vblex><inf>/Move<vblex><pres>$ ^to/to<pr>$ ^top/top<adj>/top<n><sg>$[v:e] `, '[v:2]^Skip/*Skip$ ^to/to<pr>$ ^content/content<n><sg>$^./.<sent>$[v:e] '])
    // not when more follows ("Scroll to load more"), nor after "Go" ("Go to sleep.")
    const LOAD = '^load/load<n><sg>/load<vblex><inf>/load<vblex><pres>$'
    const GO_TO_SLEEP = '[v:2]^Go/Go<vblex><inf>/Go<vblex><pres>$ ^to/to<pr>$ ^sleep/sleep<n><sg>/sleep<vblex><inf>/sleep<vblex><pres>$^./.<sent>$[v:e] '
    expect(hinted(`[v:1]^Scroll/Scroll<n><sg>/Scroll<vblex><inf>/Scroll<vblex><pres>$ ^to/to<pr>$ ${LOAD} ^more/more<adv>$[v:e] `, GO_TO_SLEEP))
      .toEqual([`[v:1]^Scroll/Scroll<vblex><inf>/Scroll<vblex><pres>$ ^to/to<pr>$ ${LOAD} ^more/more<adv>$[v:e] `, GO_TO_SLEEP])
  })

  test('a key\'s name after press or hit, and after "and" or "or" following one, is kept as written (an unknown word)', () => {
    const PRESS = '^Press/Press<n><sg>/Press<vblex><inf>/Press<vblex><pres>$'
    expect(hinted(`[v:1]${PRESS} ^Enter/Enter<vblex><inf>/Enter<vblex><pres>$ ^to/to<pr>$[v:e] `, `[v:2]${PRESS} ^Shift/Shift<n><sg>/Shift<vblex><inf>$ ^and/and<cnjcoo>$ ^Tab/Tab<n><sg>$ ^or/or<cnjcoo>$ ^Space/Space<n><sg>$[v:e] `))
      .toEqual([`[v:1]^Press/Press<vblex><inf>/Press<vblex><pres>$ ^Enter/*Enter$ ^to/to<pr>$[v:e] `, `[v:2]^Press/Press<vblex><inf>/Press<vblex><pres>$ ^Shift/*Shift$ ^and/and<cnjcoo>$ ^Tab/*Tab$ ^or/or<cnjcoo>$ ^Space/*Space$[v:e] `])
    // "Enter your name", "the Home page": no press before them
    const left = ['[v:1]^Enter/Enter<vblex><inf>/Enter<vblex><pres>$ ^your/your<det><pos><sp>$[v:e] ', '[v:2]^the/the<det><def><sp>$ ^Home/Home<n><sg>$[v:e] ']
    expect(hinted(...left)).toEqual(left)
  })

  test('press, hit, click or tap before a key\'s name or a placeholder is the verb wherever it stands', () => {
    const press = '^press/press<n><sg>/press<vblex><inf>/press<vblex><pres>$'
    expect(hinted(`[v:1]^Then/then<adv>$ ${press} ^Enter/Enter<vblex><inf>$^./.<sent>$[v:e] `, `[v:2]^or/or<cnjcoo>$ ${press} [t:0:v] ^to/to<pr>$[v:e] `))
      .toEqual(['[v:1]^Then/then<adv>$ ^press/press<vblex><inf>/press<vblex><pres>$ ^Enter/*Enter$^./.<sent>$[v:e] ', '[v:2]^or/or<cnjcoo>$ ^press/press<vblex><inf>/press<vblex><pres>$ [t:0:v] ^to/to<pr>$[v:e] '])
    // "The press release", "press the button" (a command's rule), "press coverage": after "the" the noun alone
    expect(hinted(`[v:1]^The/the<det><def><sp>$ ${press} ^release/release<n><sg>$[v:e] `)).toEqual(['[v:1]^The/the<det><def><sp>$ ^press/press<n><sg>$ ^release/release<n><sg>$[v:e] '])
  })

  test('eng-spa: a command before an object pronoun keeps its infinitive ("Me recuerdo" was "Remember me")', () => {
    const record = '[v:1]^Remember/Remember<vblex><inf>/Remember<vblex><pres>$ ^me/prpers<prn><obj><p1><mf><sg>$[v:e] '
    expect(hintedBy(ENG_SPA_READING_HINTS, record)).toEqual(['[v:1]^Remember/Remember<vblex><inf>$ ^me/prpers<prn><obj><p1><mf><sg>$[v:e] '])
    // the others keep the present, which gl and ca write as the imperative ("Lémbrame", "Recorda'm")
    expect(hinted(record)).toEqual([record])
  })

  test('a preposition before an object pronoun that no verb follows is the preposition; a conjunction keeps its readings', () => {
    const ABOUT = '^about/about<adv>/about<pr>$'
    const THEM = '^them/prpers<prn><obj><p3><mf><pl>$'
    expect(hinted(`${ABOUT} ${IT}^./.<sent>$`, `${ABOUT} ${THEM}`)).toEqual([`^about/about<pr>$ ${IT}^./.<sent>$`, `^about/about<pr>$ ${THEM}`])
    // "Before you go", "about it works" (a verb after the pronoun: its subject; "works" after "it" is that verb)
    const left = [`^Before/before<adv>/before<cnjadv>/before<pr>$ ^you/prpers<prn><subj><p2><mf><sp>/prpers<prn><obj><p2><mf><sp>$ ^go/go<vblex><inf>/go<vblex><pres>$`, `${ABOUT} ${IT} ^works/work<vblex><pri><p3><sg>$`]
    expect(hinted(left[0]!, `${ABOUT} ${IT} ^works/work<vblex><pri><p3><sg>/work<n><pl>$`)).toEqual(left)
  })

  test('"about" before a noun, a determiner, an -ing word or a question word is the preposition; before "to" or nothing it keeps its readings', () => {
    const ABOUT = '^about/about<adv>/about<pr>$'
    const records = [
      `[v:1]${ABOUT} ^privacy/privacy<n><sg>$[v:e] `,
      `[v:2]${ABOUT} ^your/your<det><pos><sp>$ ^day/day<n><sg>$[v:e] `,
      `[v:3]${ABOUT} ^syncing/sync<vblex><ger>/sync<vblex><pprs>/sync<vblex><subs>$^?/?<sent>$[v:e] `,
      `[v:4]${ABOUT} ^how/how<preadv>/how<adv><itg>$[v:e] `,
      // a link or bold words opening after it: "about <a>our privacy policy</a>"
      `[v:5]${ABOUT} [[t:0]]^privacy/privacy<n><sg>$[[/]][v:e] `,
      `[v:6]${ABOUT} [t:0:o]^privacy/privacy<n><sg>$[t:0:c][v:e] `,
    ]
    expect(hinted(...records)).toEqual(records.map((record) => record.replace(ABOUT, '^about/about<pr>$')))
    // "It is about to start.", "What is it about?"
    const left = [`[v:1]${ABOUT} ^to/to<pr>$ ^start/start<n><sg>/start<vblex><inf>/start<vblex><pres>$[v:e] `, `[v:2]${ABOUT}^?/?<sent>$[v:e] `]
    expect(hinted(...left)).toEqual(left)
  })

  test('a subject pronoun before a verb makes it finite; "I" there is the pronoun, not the Roman numeral', () => {
    const I = '^I/I<num><mf><sg>/prpers<prn><subj><p1><mf><sg>$'
    const I_PRONOUN = '^I/prpers<prn><subj><p1><mf><sg>$'
    const SAID = '^said/say<vblex><past>/say<vblex><pp>$'
    const KNOW = '^know/know<vblex><inf>/know<vblex><pres>$'
    const NO = '^no/no<adv>$^./.<sent>$'
    expect(hinted(`[v:1]${I} ${SAID} ^no./no.<n><sg>$[v:e] `, `[v:2]^-/-<guio>$ ${I} ${KNOW}^./.<sent>$[v:e] `, `[v:3]^We/prpers<prn><subj><p1><mf><pl>$ ${KNOW}^./.<sent>$[v:e] `))
      .toEqual([`[v:1]${I_PRONOUN} ^said/say<vblex><past>$ ${NO}[v:e] `, `[v:2]^-/-<guio>$ ${I_PRONOUN} ^know/know<vblex><pres>$^./.<sent>$[v:e] `, `[v:3]^We/prpers<prn><subj><p1><mf><pl>$ ^know/know<vblex><pres>$^./.<sent>$[v:e] `])
    // after a noun "I" is a numeral ("World War I was"); after an auxiliary the verb stays as it is ("How do I change")
    const left = [`[v:1]^War/War<n><sg>$ ${I} ^was/be<vbser><past><p1><sg>$[v:e] `, `[v:2]^I/I<num><mf><sg>/prpers<prn><subj><p1><mf><sg>$^./.<sent>$[v:e] `]
    expect(hinted(...left)).toEqual(left)
    expect(hinted(`^do/do<vbdo><pres>/do<vblex><inf>/do<vblex><pres>$ ${I} ^change/change<n><sg>/change<vblex><inf>/change<vblex><pres>$`))
      .toEqual([`^do/do<vbdo><pres>/do<vblex><inf>/do<vblex><pres>$ ${I_PRONOUN} ^change/change<n><sg>/change<vblex><inf>/change<vblex><pres>$`])
  })

  test('"do" is the main verb unless "not" or a verb follows it, with at most a subject between', () => {
    const DID = '^did/do<vbdo><past>/do<vblex><past>$'
    const DID_VERB = '^did/do<vblex><past>$'
    const SENT = '^./.<sent>$'
    expect(hinted(`^We/prpers<prn><subj><p1><mf><pl>$ ${DID} ${IT}${SENT}`, `^Who/who<prn><itg><m><sp>/who<rel><an><mf><sp>$ ${DID} ^what/what<prn><itg><nt><sg>/what<rel><nn><mf><sp>$ ^he/prpers<prn><subj><p3><m><sg>$ ^had/have<vbhaver><past>$${SENT}`))
      .toEqual([`^We/prpers<prn><subj><p1><mf><pl>$ ${DID_VERB} ${IT}${SENT}`, `^Who/who<prn><itg><m><sp>/who<rel><an><mf><sp>$ ${DID_VERB} ^what/what<prn><itg><nt><sg>/what<rel><nn><mf><sp>$ ^he/prpers<prn><subj><p3><m><sg>$ ^had/have<vbhaver><past>$${SENT}`])
    // "Did it work?", "Did the upload finish?", "did not"
    const left = [`${DID} ${IT} ^work/work<n><sg>/work<vblex><inf>/work<vblex><pres>$^?/?<sent>$`, `${DID} ^the/the<det><def><sp>$ ^upload/upload<n><sg>$ ^finish/finish<n><sg>/finish<vblex><inf>$`, `${DID} ^not/not<adv>$ ^go/go<vblex><inf>$`]
    expect(hinted(...left)).toEqual(left)
  })

  test('"does" is the verb, never the plural of "doe" (en-gl\'s analyser has that reading)', () => {
    expect(hinted('^It/Prpers<prn><subj><p3><nt><sg>$ ^does/doe<n><pl>/do<vbdo><pri><p3><sg>/do<vblex><pri><p3><sg>$ ^not/not<adv>$', `[v:1]^Does/Doe<n><pl>/Do<vbdo><pri><p3><sg>/Do<vblex><pri><p3><sg>$ ${IT} ^matter/matter<vblex><inf>$`))
      .toEqual(['^It/Prpers<prn><subj><p3><nt><sg>$ ^does/do<vbdo><pri><p3><sg>/do<vblex><pri><p3><sg>$ ^not/not<adv>$', `[v:1]^Does/Do<vbdo><pri><p3><sg>/Do<vblex><pri><p3><sg>$ ${IT} ^matter/matter<vblex><inf>$`])
    // eng-spa's analyser has no such reading: nothing to do
    const left = '^does/do<vbdo><pri><p3><sg>/do<vblex><pri><p3><sg>$ ^not/not<adv>$'
    expect(hinted(left)).toEqual([left])
  })

  test('a sentence-initial -ing word before an ellipsis, a number, a determiner or a preposition is the verb', () => {
    const EXPORTING = '^Exporting/Export<vblex><ger>/Export<vblex><pprs>/Export<vblex><subs>/Exporting<adj>$'
    const VERB = '^Exporting/Export<vblex><ger>/Export<vblex><pprs>/Export<vblex><subs>$'
    expect(hinted(`[v:1]${EXPORTING}^./.<sent>$^./.<sent>$^./.<sent>$[v:e] `, `[v:2]${EXPORTING}…[v:e] `, `[v:3]${EXPORTING} ^3/3<num>$ ^of/of<pr>$ ^5/5<num>$[v:e] `, `[v:4]${EXPORTING} ^your/your<det><pos><sp>$ ^file/file<n><sg>$[v:e] `))
      .toEqual([`[v:1]${VERB}^./.<sent>$^./.<sent>$^./.<sent>$[v:e] `, `[v:2]${VERB}…[v:e] `, `[v:3]${VERB} ^3/3<num>$ ^of/of<pr>$ ^5/5<num>$[v:e] `, `[v:4]${VERB} ^your/your<det><pos><sp>$ ^file/file<n><sg>$[v:e] `])
  })

  test('a label (one -ing word and a full stop), an -ing word before a noun, "of", a placeholder or a colon is left to the tagger', () => {
    const WARNING = '^Warning/Warn<vblex><ger>/Warn<vblex><pprs>/Warn<vblex><subs>/Warning<n><sg>$'
    const left = [
      `[v:1]${WARNING}^./.<sent>$[v:e] `,
      `[v:1]${WARNING}^:/:<sent>$ ^it/prpers<prn><subj><p3><nt><sg>$[v:e] `,
      '[v:1]^Missing/Miss<vblex><ger>/Miss<vblex><pprs>/Missing<adj>$ ^files/file<n><pl>$[v:e] ',
      '[v:1]^Testing/Test<vblex><ger>/Testing<n><sg>$ ^of/of<pr>$ ^the/the<det><def><sp>$[v:e] ',
      '[v:1]^Setting/Set<vblex><ger>/Setting<n><sg>$ [t:0:v] ^will/will<vaux><inf>$[v:e] ',
    ]
    expect(hinted(...left)).toEqual(left)
  })

  test('a word of two or three capitals among lower-case words is an initialism: its acronym readings, else unknown', () => {
    // Signal's "Your Registration Lock PIN" came back "Vuestro ALFILER", en-gl "ALFINETE"; Tomcat's "WAR file" "GUERRA"
    expect(hinted('^your/your<det><pos><sp>$ ^PIN/PIN<n><sg>/PIN<vblex><inf>/PIN<vblex><pres>$', '^your/your<det><pos><sp>$ ^PIN/pin<n><sg>/pin<vblex><inf>/PIN<n><acr><sp>$'))
      .toEqual(['^your/your<det><pos><sp>$ ^PIN/*PIN$', '^your/your<det><pos><sp>$ ^PIN/PIN<n><acr><sp>$'])
    // a Roman numeral of a hundred or more is an acronym ("Verso CLI" came back "Verso Cli"); "II" stays a numeral
    expect(hinted('^the/the<det><def><sp>$ ^CLI/CLI<num><mf><sg>$', '^War/War<n><sg>$ ^II/II<num><mf><sg>$')).toEqual(['^the/the<det><def><sp>$ ^CLI/*CLI$', '^War/War<n><sg>$ ^II/II<num><mf><sg>$'])
    const left = [
      // a word that can be something else than a noun or a verb ("NEW", "ALL", "NOT"), or is an acronym only
      '^the/the<det><def><sp>$ ^NEW/NEW<adj><sint>/NEW<n><acr><sp>$ ^mode/mode<n><sg>$',
      '^the/the<det><def><sp>$ ^ALL/ALL<predet><sp>$',
      '^the/the<det><def><sp>$ ^USB/USB<n><acr><sg>$',
      // a text in capitals throughout, and longer words
      '^THE/THE<det><def><sp>$ ^PIN/PIN<n><sg>/PIN<vblex><inf>$',
      '^the/the<det><def><sp>$ ^NOTE/NOTE<n><sg>$',
    ]
    expect(hinted(...left)).toEqual(left)
  })

  test('escapes are kept and never read as unit boundaries; records stay apart', () => {
    const escaped = String.raw`^a\/b/a\/b<n>$ \^^x/*x$\\ ^\$/\$<mon>$`
    expect(hinted(escaped, `${SHOW} ${YOUR}`, '')).toEqual([escaped, `${SHOW_VERB} ${YOUR}`, ''])
  })

  test('en-gl\'s: "Let me know" goes as three words (the pair has no translation for the multiword); the others keep it', () => {
    const LET_ME_KNOW = '^Let me know/Let<vblex><sep><inf>+prpers<prn><obj><p1><mf><sg># know/Let<vblex><sep><pres>+prpers<prn><obj><p1><mf><sg># know$'
    expect(hintedBy(EN_GL_READING_HINTS, `[v:1]${LET_ME_KNOW}^./.<sent>$[v:e] `))
      .toEqual(['[v:1]^Let/Let<vblex><inf>/Let<vblex><pres>$ ^me/prpers<prn><obj><p1><mf><sg>$ ^know/know<vblex><inf>$^./.<sent>$[v:e] '])
    expect(hinted(`[v:1]${LET_ME_KNOW}^./.<sent>$[v:e] `)).toEqual([`[v:1]${LET_ME_KNOW}^./.<sent>$[v:e] `])
  })

  test('the hints follow English analysers only', () => {
    const rest = ['apertium-tagger -z -g x.prob', 'apertium-pretransfer -z']
    const engCat = "lt-proc -z '/usr/share/apertium/apertium-eng-cat/eng-cat.automorf.bin'"
    expect(withEnglishReadingHints([engCat, ...rest])).toEqual([engCat, ENG_CAT_READING_HINTS, ...rest])
    const enGl = "lt-proc -z -w '/usr/share/apertium/apertium-en-gl/en-gl.automorf.bin'"
    expect(withEnglishReadingHints([enGl, ...rest])).toEqual([enGl, EN_GL_READING_HINTS, ...rest])
    const engSpa = "lt-proc -z '/usr/share/apertium/apertium-eng-spa/eng-spa.automorf.bin'"
    expect(withEnglishReadingHints([engSpa, ...rest])).toEqual([engSpa, ENG_SPA_READING_HINTS, ...rest])
    const enEo = "lt-proc -z '/usr/share/apertium/apertium-eo-en/en-eo.automorf.bin'"
    expect(withEnglishReadingHints([enEo, ...rest])).toEqual([enEo, EN_EO_READING_HINTS, ...rest])
    for (const analyser of ["lt-proc -z '/usr/share/apertium/apertium-spa-eng/spa-eng.automorf.bin'", "lt-proc -z '/usr/share/apertium/apertium-eu-en/eu-en.automorf.bin'"]) {
      expect(withEnglishReadingHints([analyser, ...rest])).toEqual([analyser, ...rest])
    }
  })

  test.skipIf(!haveApertium)("eng-spa's pipeline runs them right after its analyser", () => {
    const stages = readModeStages('/usr/share/apertium/modes/eng-spa.mode', true)
    // the stand-ins' substitutions first, in the same perl program
    const body = ENG_SPA_READING_HINTS.slice("perl -0 -pe '".length)
    expect(stages[1]).toMatch(/^perl -0 -pe 'BEGIN \{ %::STAND_IN = /)
    expect(stages[1]!.endsWith(body)).toBe(true)
    expect(stages.filter((stage) => stage.endsWith(body))).toHaveLength(1)
  })

  test('"any" before a noun is the determiner, before "of" the pronoun, before a comparison the degree', () => {
    const ANY = '^any/any<preadv>/any<det><ind><sp>/any<prn><tn><mf><sp>$'
    expect(hinted(`^aren't/be<vbser><pres>+not<adv>$ ${ANY} ^items/item<n><pl>$`, `^contain/contain<vblex><inf>$ ${ANY} ^of/of<pr>$`, `^it/prpers<prn><subj><p3><nt><sg>$ ${ANY} ^better/good<adj><sint><comp>$`))
      .toEqual([`^aren't/be<vbser><pres>+not<adv>$ ^any/any<det><ind><sp>$ ^items/item<n><pl>$`, `^contain/contain<vblex><inf>$ ^any/any<prn><tn><mf><sp>$ ^of/of<pr>$`, `^it/prpers<prn><subj><p3><nt><sg>$ ${ANY} ^better/good<adj><sint><comp>$`])
  })

  test('a question opening with "is there", "are there" has the words in the order of "there is"; a statement keeps its order', () => {
    const ARE = '^Are/Be<vbser><pres>$'
    const THERE = '^there/there<adv>$'
    expect(hinted(`[v:1]${ARE} ${THERE} ^updates/update<n><pl>$^?/?<sent>$`, `^Done/Do<vblex><pp>$^./.<sent>$ ^Is/Be<vbser><pri><p3><sg>$ ${THERE} ^a/a<det><ind><sg>$ ^problem/problem<n><sg>$^?/?<sent>$`, `[v:1]^You/prpers<prn><subj><p2><mf><sp>$ ^are/be<vbser><pres>$ ${THERE}^./.<sent>$`, `[v:1]${ARE} ${THERE} ^updates/update<n><pl>$^./.<sent>$`))
      .toEqual([
        `[v:1]^There/There<adv>$ ^are/be<vbser><pres>$ ^updates/update<n><pl>$^?/?<sent>$`,
        `^Done/Do<vblex><pp>$^./.<sent>$ ^There/There<adv>$ ^is/be<vbser><pri><p3><sg>$ ^a/a<det><ind><sg>$ ^problem/problem<n><sg>$^?/?<sent>$`,
        `[v:1]^You/prpers<prn><subj><p2><mf><sp>$ ^are/be<vbser><pres>$ ${THERE}^./.<sent>$`,
        `[v:1]${ARE} ${THERE} ^updates/update<n><pl>$^./.<sent>$`,
      ])
  })

  test('"required" after "is" is "mandatory" ending its clause, "necessary" before "for"; not a person\'s, not before "to" or "by" (es, gl, ca)', () => {
    const FIELD = '^This/This<det><dem><sg>$ ^field/field<n><sg>$ ^is/be<vbser><pri><p3><sg>$'
    const REQUIRED = '^required/require<vblex><pp>$'
    const records = [`${FIELD} ${REQUIRED}^./.<sent>$`, `${FIELD} ${REQUIRED}[v:e]`, `${FIELD} ${REQUIRED} ^for/for<pr>$`, `${FIELD} ${REQUIRED} ^to/to<pr>$`, `${FIELD} ${REQUIRED} ^by/by<pr>$`, `^You/Prpers<prn><subj><p2><mf><sp>$ ^are/be<vbser><pres>$ ^not/not<adv>$ ${REQUIRED}^./.<sent>$`]
    for (const stage of [ENG_SPA_READING_HINTS, EN_GL_READING_HINTS, ENG_CAT_READING_HINTS]) {
      expect(hintedBy(stage, ...records)).toEqual([`${FIELD} ^required/mandatory<adj>$^./.<sent>$`, `${FIELD} ^required/mandatory<adj>$[v:e]`, `${FIELD} ^required/necessary<adj>$ ^for/for<pr>$`, ...records.slice(3)])
    }
    expect(hintedBy(EN_EO_READING_HINTS, records[0]!)).toEqual([records[0]])
  })

  test('a relative clause without "that" after a noun gets the conjunction before its subject pronoun; not after an opening preposition (es, gl, ca, not eo)', () => {
    const YOU = '^you/prpers<prn><subj><p2><mf><sp>/prpers<prn><obj><p2><mf><sp>$'
    const relative = `[v:1]^The/The<det><def><sp>$ ^file/file<n><sg>/file<vblex><inf>/file<vblex><pres>$ ${YOU} ^selected/select<vblex><past>/select<vblex><pp>$ ^is/be<vbser><pri><p3><sg>$^./.<sent>$[v:e]`
    const opening = `[v:1]^In/In<pr>$ ^this/this<det><dem><sg>/this<prn><tn><mf><sg>$ ^section/section<n><sg>$ ${YOU} ^will/will<n><sg>/will<vaux><inf>$ ^learn/learn<vblex><inf>/learn<vblex><pres>$^./.<sent>$[v:e]`
    // a verb and its object pronoun: no noun before "you"
    const object = `[v:1]^Thank/Thank<vblex><inf>/Thank<vblex><pres>$ ${YOU} ^so/so<adv>$ ^much/much<adv>$^./.<sent>$[v:e]`
    const [withThat, ...kept] = hintedBy(ENG_SPA_READING_HINTS, relative, opening, object)
    expect(withThat).toMatch(/\^file\/[^$]*\$ \^that\/that<cnjsub>\$ \^you\/prpers<prn><subj><p2><mf><sp>\$ \^selected\//)
    expect(kept.map((r) => r.includes('^that/'))).toEqual([false, false])
    expect(hintedBy(EN_EO_READING_HINTS, relative)[0]).not.toContain('^that/')
  })

  test('"any key" after press is the noun, and press the verb', () => {
    expect(hinted('[v:1]^Press/Press<n><sg>/Press<vblex><inf>/Press<vblex><pres>$ ^any/any<preadv>/any<det><ind><sp>/any<prn><tn><mf><sp>$ ^key/key<adj>/key<n><sg>/key<vblex><inf>$^./.<sent>$[v:e]'))
      .toEqual(['[v:1]^Press/Press<vblex><inf>/Press<vblex><pres>$ ^any/any<det><ind><sp>$ ^key/key<n><sg>$^./.<sent>$[v:e]'])
  })

  test('"turn on" is one verb where a pair reads it so (en-gl "enable", en-eo "activate"); the others keep the two words', () => {
    const record = '[v:1]^Turn/Turn<n><sg>/Turn<vblex><inf>/Turn<vblex><pres>$ ^on/on<adv>/on<pr>$ ^notifications/notification<n><pl>$[v:e]'
    expect(hintedBy(EN_GL_READING_HINTS, record)[0]).toMatch(/^\[v:1\]\^Turn on\/Enable<vblex><inf>\/Enable<vblex><pres>\$ \^notifications\//)
    expect(hintedBy(EN_EO_READING_HINTS, record)[0]).toMatch(/^\[v:1\]\^Turn on\/Activate<vblex><inf>\$ \^notifications\//)
    expect(hintedBy(ENG_CAT_READING_HINTS, record)[0]).toContain(' ^on/')
  })

  test('"wait for" an object is "wait" it; not before "to", nor the noun', () => {
    const FOR = '^for/for<cnjadv>/for<pr>$'
    const [command, progressive, purpose, noun] = hinted(
      `[v:1]^Wait/Wait<n><sg>/Wait<vblex><inf>/Wait<vblex><pres>$ ${FOR} ^me/prpers<prn><obj><p1><mf><sg>$^./.<sent>$[v:e]`,
      '[v:1]^We/Prpers<prn><subj><p1><mf><pl>$ ^are/be<vbser><pres>$ ^waiting for/waiting for<pr>$ ^a/a<det><ind><sg>$ ^reply/reply<n><sg>$^./.<sent>$[v:e]',
      `[v:1]^Wait/Wait<n><sg>/Wait<vblex><inf>/Wait<vblex><pres>$ ${FOR} ^it/prpers<prn><subj><p3><nt><sg>/prpers<prn><obj><p3><nt><sg>$ ^to/to<pr>$ ^finish/finish<n><sg>/finish<vblex><inf>$^./.<sent>$[v:e]`,
      `[v:1]^The/The<det><def><sp>$ ^wait/wait<n><sg>/wait<vblex><inf>/wait<vblex><pres>$ ${FOR} ^the/the<det><def><sp>$ ^results/result<n><pl>$[v:e]`,
    )
    expect(command).not.toContain('^for/')
    expect(command).toMatch(/^\[v:1\]\^Wait\/Wait<vblex><inf>/)
    expect(progressive).toContain('^waiting/wait<vblex><ger>$ ^a/')
    expect(purpose).toContain(' ^for/')
    expect(noun).toContain(' ^for/')
  })

  test('after "let" and its object pronoun the verb is the infinitive and a pronoun after it the object', () => {
    const LET = '[v:1]^Let/Let<vblex><inf>/Let<vblex><pres>/Let<vblex><past>/Let<vblex><pp>$ ^me/prpers<prn><obj><p1><mf><sg>$'
    expect(hinted(`${LET} ^help/help<n><sg>/help<vblex><inf>/help<vblex><pres>$ ^you/prpers<prn><subj><p2><mf><sp>/prpers<prn><obj><p2><mf><sp>$^./.<sent>$[v:e]`)[0])
      .toContain(' ^help/help<vblex><inf>$ ^you/prpers<prn><obj><p2><mf><sp>$')
  })

  test('after a modal or "do not", with up to two adverbs between, a word that can be an infinitive is that infinitive; a noun stays', () => {
    const RUN = '^run/run<n><sg>/run<vblex><inf>/run<vblex><pres>/run<vblex><pp>$'
    const YOU = '^you/prpers<prn><subj><p2><mf><sp>/prpers<prn><obj><p2><mf><sp>$'
    const [adverb, adverbs, doNot, dont, catalan, noun] = hinted(
      `[v:1]${YOU} ^can/can<n><sg>/can<vaux><pres>$ ^just/just<adv>/just<adj><sint>$ ${RUN}^:/:<sent>$[v:e]`,
      `[v:1]^It/Prpers<prn><subj><p3><nt><sg>$ ^should/should<vaux><inf>$ ^also/also<adv>$ ^automatically/automatically<adv>$ ${RUN}^./.<sent>$[v:e]`,
      `[v:1]^Do/Do<vbdo><pres>/Do<vblex><inf>/Do<vblex><pres>$ ^not/not<adv>$ ${RUN} ${YOU}^./.<sent>$[v:e]`,
      `[v:1]${YOU} ^don't/do<vbdo><pres>+not<adv>$ ^really/really<adv>$ ${RUN}^./.<sent>$[v:e]`,
      `[v:1]${YOU} ^can/can<vbmod><pres>$ ${RUN}^./.<sent>$[v:e]`,
      `[v:1]${YOU} ^should/should<vaux><inf>$ ^not/not<adv>$ ^squash/squash<n><sg>$ ^commits/commit<vblex><pri><p3><sg>$^./.<sent>$[v:e]`,
    )
    expect(adverb).toContain(' ^just/just<adv>/just<adj><sint>$ ^run/run<vblex><inf>$^:/')
    expect(adverbs).toContain(' ^automatically/automatically<adv>$ ^run/run<vblex><inf>$^./')
    // (a sentence's "Do not" goes as "not" itself: the prohibitions rule)
    expect(doNot).toContain('not/not<adv>$ ^run/run<vblex><inf>$ ')
    expect(dont).toContain('+not<adv>$ ^really/really<adv>$ ^run/run<vblex><inf>$^./')
    expect(catalan).toContain(' ^run/run<vblex><inf>$^./')
    expect(noun).toContain(' ^squash/squash<n><sg>$ ')
  })

  test('"that" goes between "think" and a clause with a pronoun subject and a finite verb (en-gl); not before an object ("I know you.")', () => {
    const YOU = '^you/prpers<prn><subj><p2><mf><sp>/prpers<prn><obj><p2><mf><sp>$'
    const [clause, object] = hintedBy(EN_GL_READING_HINTS, `[v:1]^I/prpers<prn><subj><p1><mf><sg>$ ^think/think<vblex><pres>$ ${YOU} ^are/be<vbser><pres>$ ^right/right<adj>$^./.<sent>$[v:e]`, `[v:1]^I/prpers<prn><subj><p1><mf><sg>$ ^know/know<vblex><pres>$ ${YOU}^./.<sent>$[v:e]`)
    expect(clause).toContain(' ^think/think<vblex><pres>$ ^that/that<cnjsub>$ ^you/prpers<prn><subj><p2><mf><sp>$ ^are/')
    expect(object).not.toContain('^that/')
  })
})

const date: InlineToken = { id: 'date', kind: 'void' }
const count: InlineToken = { id: 'count', kind: 'void' }
const time: InlineToken = { id: 'time', kind: 'void' }

describe.skipIf(!haveApertium)('interface strings through Apertium', () => {
  const { en } = englishEngine()

  test('a label\'s command is the infinitive in Spanish, Galician and Esperanto, not the present; a heading stays one (eng-spa, en-gl, en-eo)', async () => {
    // came back "Selecciona todo", "Configura", "Expande todo", gl "Copia ligazón", eo "Vicigas maldekstre"
    expect(await en(['Select all', 'Configure', 'Expand all', 'Search results', 'Please enter some text.']))
      .toEqual(['Seleccionar todo', 'Configurar', 'Expandir todo', 'Resultados de búsqueda', 'Por favor, introduce algún texto.'])
    if (haveMode('en-gl')) expect(await en(['Copy link', 'Select all'], 'gl')).toEqual(['Copiar ligazón', 'Seleccionar todo'])
    if (haveMode('en-eo')) expect(await en(['Align left', 'Show more'], 'eo')).toEqual(['Vicigi maldekstre', 'Montri pli'])
  })

  test('"Grant" opening a label is the verb, not the name Grant; "manage" is "gestionar", "manage to" "conseguir" (eng-spa)', async () => {
    // came back "Grant permiso para dirigir peticiones.", "Dirigir usuarios"
    expect(await en(['Grant permission to manage requests.', 'Manage users', 'He managed to escape.', 'Grant Thompson']))
      .toEqual(['Conceder permiso para gestionar peticiones.', 'Gestionar usuarios', 'Consiguió huir.', 'Grant Thompson'])
  })

  test('an issue is "incidencia", ca "incidència", and through Spanish fr "problème", it "problema"; agreement follows the gender (eng-spa, eng-cat)', async () => {
    // came back "Asunto nuevo", "Este asunto ha sido resuelto.", ca "Assumpte nou", fr "Incidence nouvelle"
    expect(await en(['New issue', 'This issue has been resolved.'])).toEqual(['Incidencia nueva', 'Esta incidencia ha sido resuelta.'])
    if (haveMode('eng-cat')) expect(await en(['New issue'], 'ca')).toEqual(['Incidència nova'])
    if (haveMode('es-fr')) expect(await en(['Report an issue'], 'fr')).toEqual(['Informer un problème'])
    if (haveMode('spa-ita')) expect(await en(['Open issues'], 'it')).toEqual(['Problemi aperti'])
  })

  test('"Get notified" is "receive notifications"; after a plural subject a verb\'s base form is the verb; "reload" is "update" (eng-spa, eng-cat, en-eo)', async () => {
    // came back "Consigue notificado cuando otro comentario de usuarios en incidencias.", "Reload la página.", "…si cambio de archivos."
    expect(await en(['Get notified when other users comment on issues.', 'Reload the page.', 'Restart the app if files change.', 'When your media requests are approved', 'Data has been updated by another user.']))
      .toEqual(['Recibe notificaciones cuando otros usuarios comentan en incidencias.', 'Actualizar la página.', 'Reiniciar la aplicación si los archivos cambian.', 'Cuando tus peticiones de medios de comunicación están aprobadas', 'Los datos han sido actualizados por otro usuario.'])
    if (haveMode('eng-cat')) expect(await en(['Get notified when your request is approved.'], 'ca')).toEqual(['Rep notificacions quan la vostra sol·licitud és aprovada.'])
    if (haveMode('en-eo')) expect(await en(['Reload the page.'], 'eo')).toEqual(['Ĝisdatigi la paĝon.'])
  })

  test('a payment card, feedback, privacy, "Contact support", "all of your", a word in capitals after "Type" (eng-spa, eng-cat, and through Spanish)', async () => {
    // came back "Añadir una carta nueva", "Enviar retroalimentación", "Política de intimidad", "Soporte de contacto", "todo de tus datos", "El tipo ELIMINA para confirmar"
    expect(await en(['Add a new card', 'Send feedback', 'Privacy policy', 'Contact support', 'Contact information', 'Delete all of your data', 'Type DELETE to confirm']))
      .toEqual(['Añadir una tarjeta nueva', 'Enviar comentario', 'Política de privacidad', 'Contactar soporte', 'Información de contacto', 'Eliminar todos tus datos', 'Escribir DELETE para confirmar'])
    if (haveMode('eng-cat')) expect(await en(['Privacy policy', 'Learn more'], 'ca')).toEqual(['Política de privadesa', 'Més informació'])
    // through Spanish: "Modo oscuro", "más tarde", "Método de pago", "sobre privacidad" came back fr "Façon obscure", "plus soir", "Méthode payant", pt "sobre intimidem"
    if (haveMode('es-fr')) expect(await en(['Dark mode', 'Please try again later.', 'Payment method', 'Learn more about privacy'], 'fr')).toEqual(['Mode obscur', "S'il vous plaît, essayer une autre fois plus tard.", 'Méthode de paiement', 'En savoir plus sur confidentialité'])
    if (haveMode('es-pt')) expect(await en(['Learn more about privacy'], 'pt')).toEqual(['Saiba mais sobre privacidade'])
  })

  test('billing is "facturación", an invite link "de invitación", a history kept "historial" (not the discipline), a team takes the personal "a"; through Spanish an order is a "commande", an "ordine" (eng-spa, eng-cat)', async () => {
    // came back "Enunciando historia" ("bill"'s gerund), "La copia invita enlace", "Invitar tu equipo", fr "Historique de demandé"
    expect(await en(['Billing history', 'Copy invite link', 'Clear history', 'Invite your team', 'American Museum of Natural History']))
      .toEqual(['Historial de facturación', 'Copiar enlace de invitación', 'Limpiar historial', 'Invitar a tu equipo', 'Museo americano de Historia Natural'])
    if (haveMode('eng-cat')) expect(await en(['Billing history'], 'ca')).toEqual(['Historial de facturació'])
    if (haveMode('es-fr')) expect(await en(['Order history', 'Your order has been shipped.', 'Place order'], 'fr')).toEqual(['Historique de commande', 'Votre commande a été envoyée.', 'Réaliser commande'])
    // an order placed: "realizar", "pedido" ("Place order" came back "Orden de sitio")
    expect(await en(['Place order', 'Place your order', 'Place the cursor here'])).toEqual(['Realizar pedido', 'Realizar tu pedido', 'Colocar el cursor aquí'])
    if (haveMode('spa-ita')) expect(await en(['Order status'], 'it')).toEqual(["Stato d'ordine"])
  })

  test('"left" and "right" ending a clause after "align" are the sides; before a noun they stay adjectives (eng-spa, eng-cat)', async () => {
    // came back "Alinea dejó", "El texto alineó bien", ca "Alinea va deixar"
    expect(await en(['Align left', 'Text aligned right', 'The aligned left column'])).toEqual(['Alinear a la izquierda', 'El texto alineó a la derecha', 'La columna izquierda alineada'])
    if (haveMode('eng-cat')) expect(await en(['Align left', 'Align Right'], 'ca')).toEqual(["Alinea a l'esquerra", 'Alinea a la dreta'])
  })

  test('a command before a determiner is a verb, not a noun (eng-spa)', async () => {
    const [show, update, focus] = await en(['Show your posts', 'Please update your server as soon as possible!', 'Focus the button'])
    expect(show).not.toMatch(/Espectáculo/)
    expect(show).toMatch(/tus publicaciones/)
    expect(update).toMatch(/^¡Por favor, actualiza(r)? tu servidor/)
    expect(focus).toMatch(/^Enfoca(r)? el botón/)
  })

  test('a label of a verb and its object is a command; a heading of two nouns stays one (eng-spa, en-eo, eng-cat)', async () => {
    // came back "Enlace de copia", "Contraseña de cambio", "Historia clara", "Archivo abierto", "Dato de exportación como CSV", "Perfil de vista"
    expect(await en(['Copy link', 'Change password', 'Clear history', 'Open file in new tab', 'Export data as CSV', 'View profile']))
      .toEqual(['Copiar enlace', 'Cambiar contraseña', 'Limpiar historial', 'Abrir archivo en tabulador nuevo', 'Exportar datos como CSV', 'Ver perfil'])
    expect(await en(['Search results', 'Download speed', 'Change log', 'Open source'])).toEqual(['Resultados de búsqueda', 'Velocidad de descarga', 'Registro de cambio', 'Código abierto'])
    // en-eo's tagger chose the present ("Forigas dosieron"), read as a statement; eng-cat's "Veges perfil", "Història clara"
    if (haveMode('en-eo')) expect(await en(['Delete file', 'Close window'], 'eo')).toEqual(['Forigi dosieron', 'Fermi fenestron'])
    if (haveMode('eng-cat')) expect(await en(['View profile', 'Clear history'], 'ca')).toEqual(['Veure perfil', 'Neteja historial'])
  })

  test('"Don\'t" before a verb gives the infinitive, not the third person (eng-spa, en-gl, en-eo)', async () => {
    // keepassxc's "Don't show this warning again", Mastodon's "Don't show again" came back "No asoma otra vez"
    expect(await en(["Don't show again", 'Don\'t close the window', "Don't have an account yet?"])).toEqual(['No mostrar otra vez', 'No cerrar la ventana', '¿No tienes una cuenta todavía?'])
    if (haveMode('en-gl')) expect(await en(["Don't show again"], 'gl')).toEqual(['Non mostrar outra vez'])
    if (haveMode('en-eo')) expect(await en(["Don't show again"], 'eo')).toEqual(['Ne montri denove'])
  })

  test('a participle between a determiner or a number and a noun is an adjective, not a past (eng-spa)', async () => {
    // "Delete the selected items?" came back "¿Eliminar el seleccionó elementos?", Mastodon's "3 enabled events" "3 habilitó casos"
    expect(await en(['Delete the selected items?', '2 deleted files.', 'Selected items', 'Show your blocked users', 'The user deleted files.']))
      .toEqual(['¿Eliminar los elementos seleccionados?', '2 archivos eliminados.', 'Elementos seleccionados', 'Mostrar tus usuarios bloqueados', 'El usuario eliminó archivos.'])
  })

  test('"as" before a past participle, or after a command, is the preposition, and the participle is not a past', () => {
    const AS = '^as/as<preadv>/as<cnjadv>/as<pr>$'
    const PLAYED = '^played/play<vblex><past>/play<vblex><pp>$'
    const MARK = '^Mark/mark<vblex><inf>/mark<vblex><pres>$'
    expect(hinted(`^marked/mark<vblex><pp>$ ${AS} ${PLAYED}`, `[v:1]${MARK} ${AS} ^draft/draft<n><sg>/draft<vblex><inf>$`, `[v:1]${MARK} ${AS}^./.<sent>$`))
      .toEqual([`^marked/mark<vblex><pp>$ ^as/as<pr>$ ^played/play<vblex><pp>$`, `[v:1]${MARK} ^as/as<pr>$ ^draft/draft<n><sg>/draft<vblex><inf>$`, `[v:1]${MARK} ^as/as<pr>$^./.<sent>$`])
    // inside a sentence, after a noun and before a noun, "as" is left to the tagger (and "cover" after "the" is the noun)
    expect(hinted(`^the/the<det><def><sp>$ ^cover/cover<n><sg>/cover<vblex><inf>$ ${AS} ^background/background<n><sg>$`))
      .toEqual([`^the/the<det><def><sp>$ ^cover/cover<n><sg>$ ${AS} ^background/background<n><sg>$`])
  })

  test('a participle after "be" or "have" and an adverb is not a past (eng-spa, en-gl)', async () => {
    // devise's "Your email address has been successfully confirmed." came back "ha sido exitosamente confirmó",
    // Jenkins' "{0} is currently being deleted" "está siendo eliminó"
    expect(await en(['Your address has been successfully confirmed.', 'The episode is already downloaded', 'The node is being removed']))
      .toEqual(['Tu dirección ha sido exitosamente confirmada.', 'El episodio es ya descargado', 'El nodo está siendo sacado'])
    if (haveMode('en-gl')) expect(await en(['The node is being removed'], 'gl')).toEqual(['O node está sendo tirado'])
  })

  test('a headline\'s verb is a participle, not a past: "Address copied to clipboard" (eng-spa)', async () => {
    // K-9 Mail's "Address copied to clipboard", "Message saved as draft" came back "La alocución copió a portapapeles", "El mensaje salvó tan borrador"
    expect(await en(['Address copied to clipboard', 'Message saved as draft', 'Settings saved.', 'Export failed.', 'User deleted files.']))
      .toEqual(['Dirección copiada a portapapeles', 'Mensaje guardado como borrador', 'Configuraciones guardadas.', 'La exportación falló.', 'El usuario eliminó archivos.'])
  })

  test('a capital "A" that is a letter stays the letter: a range\'s end, a label no noun phrase follows; the article stays; through Spanish the next hop keeps it (eng-spa, eng-cat, es-fr)', async () => {
    // Overseerr's "Title (Z-A) Descending" came back "Título (Z-Un) Descendiendo", "(A-Z)" "(A-z)", ca "(Un-Z)"; fr "Option Un ou option B", then "Option À…" through Spanish
    expect(await en(['Title (A-Z) Ascending', 'Title (Z-A) Descending', 'Option A or option B', 'Press A to jump.', 'Create A New Account', 'A new file was created.']))
      .toEqual(['Título (A-Z) Ascendente', 'Título (Z-A) Descendente', 'Opción A u opción B', 'Pulsar A para saltar.', 'Crear Una Cuenta Nueva', 'Un archivo nuevo fue creado.'])
    if (haveMode('eng-cat')) expect(await en(['Title (A-Z) Ascending', 'Plan A'], 'ca')).toEqual(['Títol (A-Z) Ascendent', 'Pla A'])
    if (haveMode('es-fr')) expect(await en(['Option A or option B', 'Title (Z-A) Descending'], 'fr')).toEqual(['Option A ou option B', 'Titre (Z-A) Descendant'])
  })

  test('"Ascending", "Descending" name a sort order, the adjectives, and the word before them is the noun; a verb before an object or a preposition stays (eng-spa, eng-cat, en-gl)', async () => {
    // Overseerr's sort labels came back "La popularidad que Desciende", "Título (A-Z) Ascendiendo", ca "Descendir popularitats", "TMDB Valorant…"
    expect(await en(['Popularity Descending', 'Title (A-Z) Ascending', 'TMDB Rating Descending', 'Sort in descending order', 'The plane is descending into the city.']))
      .toEqual(['La popularidad Descendente', 'Título (A-Z) Ascendente', 'Valoración TMDB Descendente', 'Ordenar en orden descendente', 'El plano está descendiendo a la ciudad.'])
    if (haveMode('eng-cat')) expect(await en(['Popularity Descending', 'Release Date Ascending'], 'ca')).toEqual(['La popularitat Descendent', "Data d'emissió Ascendent"])
    if (haveMode('en-gl')) expect(await en(['Popularity Descending'], 'gl')).toEqual(['A popularidade Descendente'])
  })

  test('a word of capitals the analyser cut in two (en-gl: "STARTTLS" as "START" and "TLS") goes as the one word', async () => {
    // Overseerr's "Use STARTTLS if available" came back gl "Utilizar TLSde INICIO se dispoñíbel"
    if (haveMode('en-gl')) expect(await en(['Use STARTTLS if available', 'Always use STARTTLS'], 'gl')).toEqual(['Utilizar STARTTLS se dispoñíbel', 'Sempre uso STARTTLS'])
    expect(await en(['Use STARTTLS if available'])).toEqual(['Utilizar STARTTLS si disponible'])
  })

  test('eng-cat: after "all" a plural noun takes "the", but a sentence\'s "All" before what is not a verb; "on", "in" before an unknown capitalised word are prepositions, "since" stays', async () => {
    // Overseerr's "Show All Requests", "Mark All Seasons as Available", "Play on Plex", "Open in Tautulli" came back "Mostra Tots Demanen", "Marca Tot Adoba…", "Reprodueix damunt Plex", "Obre dins Tautulli"
    if (!haveMode('eng-cat')) return
    expect(await en(['Delete all files', 'Show All Requests', 'All requests are shown.', 'All works fine.', 'Play on Plex', 'Open in Tautulli'], 'ca'))
      .toEqual(['Elimina tots els fitxers', 'Mostra Totes les Sol·licituds', 'Totes les sol·licituds són mostrades.', 'Tot treballa multa.', 'Reprodueix en Plex', 'Obre en Tautulli'])
    const [since] = await en(['Since Overseerr has an app, there are no plans.'], 'ca')
    expect(since).not.toMatch(/^Des d/) // the conjunction, not "from Overseerr"
    expect(await en(['Delete all files', 'Play on Plex'])).toEqual(['Eliminar todos los archivos', 'Reproducir en Plex'])
  })

  test('a past-or-participle between a verb (one that can only be a verb, or after "to", "want to", a modal) and a noun is the participle (eng-spa)', async () => {
    // Excalidraw's "you can create labelled arrows", "to configure restored elements" came back "crear etiquetó flechas", "configurar restauró elementos"
    expect(await en(['You can create labelled arrows as well.', 'To view shared files, open the menu.', 'I want to watch recorded shows.', 'They created saved searches.', 'I have finished tasks.']))
      .toEqual(['Puedes crear flechas etiquetadas también.', 'Para ver archivos compartidos, abre el menú.', 'Quiero mirar espectáculos grabados.', 'Crearon búsquedas guardadas.', 'He acabado tareas.'])
  })

  test('"needs" after a determiner\'s noun, "need" after a plural noun opening the sentence, is the verb before an object or "to" and a verb; a compound before a noun stays (every pair from English)', async () => {
    // came back "Las necesidades de usuario para iniciar sesión.", "Tus necesidades de contraseña…", "Necesidad de usuarios…", ca "Aquestes necessitats d'usuari…", eo "La uzantaj bezonoj ensaluti."
    expect(await en(['The user needs to log in.', 'Your password needs a number.', 'Users need to sign in.', 'This user needs to have at least one request.', 'The needs to change are clear.']))
      .toEqual(['El usuario necesita iniciar sesión.', 'Tu contraseña necesita un número.', 'Los usuarios necesitan iniciar sesión.', 'Este usuario necesita tener al menos una petición.', 'Las necesidades a cambio son claras.'])
    if (haveMode('eng-cat')) expect(await en(['This user needs to have at least one request.'], 'ca')).toEqual(['Aquest usuari necessita tenir com a mínim una sol·licitud.'])
    if (haveMode('en-eo')) expect(await en(['The user needs to log in.'], 'eo')).toEqual(['La uzanto devas ensaluti.'])
  })

  test('after a subject, "failed to" and a verb is "could not", the passive for a verb a thing undergoes with no object after it; "fail to" is "cannot" (eng-spa, eng-cat, en-gl)', async () => {
    // Overseerr's "Discord test notification failed to send.", "…when media requests fail to be added…" came back "falló para enviar", "fallan para ser añadidos", ca "va fallar per enviar"
    expect(await en(['Discord test notification failed to send.', 'Send notifications when media requests fail to be added to Radarr or Sonarr.', 'The server failed to respond.', 'The app failed to save your changes.', 'Failed to save.']))
      .toEqual(['Notificación de prueba de Discord no pudo ser enviada.', 'Envía notificaciones cuando peticiones de medios de comunicación no pueden ser añadidas a Radarr o Sonarr.', 'El servidor no pudo responder.', 'La aplicación no pudo guardar tus cambios.', 'No se pudo guardar.'])
    if (haveMode('eng-cat')) expect(await en(['The file fails to load.', 'The server failed to respond.'], 'ca')).toEqual(['No es pot carregar el fitxer.', 'El servidor no va poder respondre.'])
    if (haveMode('en-gl')) expect(await en(['Settings failed to save.'], 'gl')).toEqual(['As configuracións non puideron ser gardadas.'])
  })

  test('a headline\'s subject may name a product (a name or an unknown word) and run to four words; names alone are no headline (eng-spa)', async () => {
    // Overseerr's "Tautulli settings saved successfully!", "Plex connection established successfully!", "Web push notification settings saved successfully!" came back "guardaron", "estableció"
    expect(await en(['Tautulli settings saved successfully!', 'Plex connection established successfully!', 'Web push notification settings saved successfully!', 'John finished early.', 'Plex crashed.']))
      .toEqual(['¡Configuraciones de Tautulli guardadas exitosamente!', '¡Conexión de Plex establecida exitosamente!', '¡Configuraciones de notificación de empujón de web guardadas exitosamente!', 'John acabó temprano.', 'Plex chocó.'])
  })

  test('"match" is "coincidir" with "con" before its object, not "emparejar"; the noun stays "partido" (eng-spa, en-gl, eng-cat)', async () => {
    // came back "Las contraseñas no emparejan.", "Ningún resultado empareja tu búsqueda.", gl "non emparellan", ca "no fan joc"
    const [passwords, search, page, game, played] = await en(['Passwords do not match.', 'No results match your search.', 'Found a page that matches the query.', 'The match starts at 8.', 'The match the team played.'])
    expect([passwords, search]).toEqual(['Las contraseñas no coinciden.', 'Ningún resultado coincide con tu búsqueda.'])
    expect(page).toMatch(/que coincide con la consulta\.$/)
    expect(game).toMatch(/partido/)
    expect(played).toMatch(/^El partido/)
    if (haveMode('en-gl')) expect(await en(['Passwords do not match.', 'It matches the pattern.'], 'gl')).toEqual(['Os contrasinais non coinciden.', 'Coincide co patrón.'])
    if (haveMode('eng-cat')) expect(await en(['Passwords do not match.', 'No results match your search.'], 'ca')).toEqual(['Les contrasenyes no coincideixen.', 'Cap resultat coincideix amb la vostra recerca.'])
  })

  test('"agree to" before an object is "aceptar", not "apalabrar"; before a verb it stays (eng-spa, en-gl, eng-cat)', async () => {
    // came back "Por continuar, apalabras nuestros…", "Tienes que apalabrar la licencia.", ca "Aparaulo els termes."
    const [terms, license, plan, disagree] = await en(['By continuing, you agree to our Terms of Service.', 'You must agree to the license.', 'They agreed to the plan.', 'We agree to disagree.'])
    expect(terms).toMatch(/^Continuando, aceptas nuestros /)
    expect([license, plan]).toEqual(['Tienes que aceptar la licencia.', 'Aceptaron el plan.'])
    expect(disagree).not.toMatch(/acept/i)
    if (haveMode('eng-cat')) expect(await en(['I agree to the terms.', 'You must agree to the license.'], 'ca')).toEqual(['Accepto els termes.', "Has d'acceptar la llicència."])
    if (haveMode('en-gl')) expect(await en(['You must agree to the license.'], 'gl')).toEqual(['Tes que aceptar a licenza.'])
  })

  test('a one-word label: "About" is the preposition, "Next" the adjective, "Reply" the command (eng-spa, eng-cat, en-eo)', async () => {
    // came back "Aproximadamente", "Luego", "Respuesta"
    expect(await en(['About', 'Next', 'Reply'])).toEqual(['Sobre', 'Próximo', 'Responder'])
    if (haveMode('eng-cat')) expect(await en(['About', 'Next'], 'ca')).toEqual(['Sobre', 'Pròxim'])
    if (haveMode('en-eo')) expect(await en(['About', 'Reply'], 'eo')).toEqual(['Pri', 'Respondi'])
  })

  test('"most" before an adjective or a participle is its degree, not "the majority" (eng-spa, eng-cat)', async () => {
    // came back "La mayoría de popular", "La mayoría vio"
    expect(await en(['Most popular', 'Most viewed', 'Most recent files', 'Most people agree.'])).toEqual(['Más popular', 'Más visto', 'Archivos más recientes', 'La mayoría de personas acuerdan.'])
    if (haveMode('eng-cat')) expect(await en(['Most popular'], 'ca')).toEqual(['Més popular'])
  })

  test('"check for" before an object is "search"; "access" takes "a" before a determined object (eng-spa, eng-cat)', async () => {
    // came back "Comprueba para actualizaciones", "acceder esta página", "Acceder tu cuenta."
    expect(await en(['Check for updates', 'You do not have permission to access this page.', 'Access your account.']))
      .toEqual(['Buscar actualizaciones', 'No tienes permiso para acceder a esta página.', 'Accede a tu cuenta.'])
    if (haveMode('eng-cat')) expect(await en(['Check for updates', 'You do not have permission to access this page.'], 'ca')).toEqual(['Busca actualitzacions', 'No tens permís per accedir a aquesta pàgina.'])
  })

  test('"invalid" is "incorrecto", not "nulo": before a noun for eng-spa, everywhere for eng-cat and en-gl', async () => {
    // came back "Dirección de correo electrónico nula.", ca "El valor és nul."
    expect(await en(['Invalid email address.', 'The invalid was helped.'])).toEqual(['Dirección de correo electrónico incorrecta.', 'El inválido fue ayudado.'])
    if (haveMode('eng-cat')) expect(await en(['The value is invalid.'], 'ca')).toEqual(['El valor és incorrecte.'])
    if (haveMode('en-gl')) expect(await en(['Invalid value for this field.'], 'gl')).toEqual(['Valor incorrecto para este campo.'])
  })

  test('a headline may open with a count, a number or a placeholder: "3 files deleted", "{count} items selected" (eng-spa)', async () => {
    // came back "3 archivos eliminaron", "{count} elementos seleccionaron"
    const count: InlineToken = { id: 'count', kind: 'void' }
const time: InlineToken = { id: 'time', kind: 'void' }
    const [files, messages, items, users] = await en(['3 files deleted', '12 messages sent', [count, ' items selected'], '3 users said hello'])
    expect([files, messages, users]).toEqual(['3 archivos eliminados', '12 mensajes enviados', '3 usuarios dijeron hola'])
    // (the transfer gives a noun after a token its article, as it does at a headline's start: "Los archivos eliminados")
    expect(items).toEqual([count, expect.stringMatching(/ elementos seleccionados$/)])
  })

  test('"okay" after "be" ending a sentence is "fine": "Are you okay?" is "¿Estás bien?" (eng-spa, en-gl)', async () => {
    // came back "¿Eres vale?", "Es vale.", gl "É okay?"; "OK", a button's name, stays
    expect(await en(['Are you okay?', "It's okay.", "I'm ok."])).toEqual(['¿Estás bien?', 'Está bien.', 'Estoy bien.'])
    if (haveMode('en-gl')) expect(await en(['Are you okay?', "It's okay."], 'gl')).toEqual(['Estás ben?', 'Está ben.'])
  })

  test('a question\'s modal before its subject and a verb: "Can you help me?" is "¿Me puedes ayudar?" (eng-spa, eng-cat, en-gl, en-eo)', async () => {
    // came back "¿Puede me ayudas?", "¿Qué puede hago?", "¿Dónde puede vamos?", "¿Mayo I entrado?"
    expect(await en(['Can you help me?', 'What can I do?', 'Where can we go?', 'May I come in?', 'Would you like some tea?', 'I can help you.']))
      .toEqual(['¿Me puedes ayudar?', '¿Qué puedo hacer?', '¿Dónde podemos ir?', '¿Puedo entrar?', '¿Te gustaría algún té?', 'Te puedo ayudar.'])
    if (haveMode('eng-cat')) expect(await en(['Can you help me?', 'What can I do?'], 'ca')).toEqual(['Em pots ajudar?', 'Què puc fer?'])
    if (haveMode('en-gl')) expect(await en(['Can you help me?', 'How can I help you?'], 'gl')).toEqual(['Podes axudarme?', 'Como podo axudarte?'])
    if (haveMode('en-eo')) expect(await en(['Can you help me?'], 'eo')).toEqual(['Vi povas helpi min?'])
  })

  test('a question opening with a past before "your" is the second person: "Forgot your password?" (eng-spa, eng-cat, en-gl)', async () => {
    // came back "¿Olvidó tu contraseña?", ca "Va oblidar la vostra contrasenya?", gl "Esqueceu…"
    expect(await en(['Forgot your password?', 'Changed your mind?', 'Forgot your password.'])).toEqual(['¿Olvidaste tu contraseña?', '¿Cambiaste tu mente?', 'Olvidó tu contraseña.'])
    if (haveMode('eng-cat')) expect(await en(['Forgot your password?'], 'ca')).toEqual(['Vas oblidar la vostra contrasenya?'])
    if (haveMode('en-gl')) expect(await en(['Forgot your password?'], 'gl')).toEqual(['Esqueciches o teu contrasinal?'])
  })

  test('a subtitle\'s "What\'s going on?", "It\'s not your fault.", "Come with me." (eng-spa, eng-cat, en-gl)', async () => {
    // came back "¿Qué está yendo en?", "No es tu falta.", "Venido conmigo."; ca "És la meva falla."
    expect(await en(["What's going on?", "It's not your fault.", 'Come with me.', 'Segmentation fault']))
      .toEqual(['¿Qué está pasando?', 'No es tu culpa.', 'Venir conmigo.', 'Falta de segmentación'])
    if (haveMode('eng-cat')) expect(await en(["It's my fault.", 'What is going on here?'], 'ca')).toEqual(['És la meva culpa.', 'Què està passant aquí?'])
    if (haveMode('en-gl')) expect(await en(["What's going on?"], 'gl')).toEqual(['Que está sucedendo?'])
  })

  test.skipIf(!haveMode('eng-cat'))('"Privacy Policy" keeps its words into Catalan: a multiword eng-cat\'s generator lacks', async () => {
    // came back "#Política" (the mark stripped: "Política"), "de privadesa" lost
    expect(await en(['Privacy Policy', 'Read our privacy policy.', 'Double-click the file.'], 'ca')).toEqual(['Política de privadesa', 'Llegeix la nostra política de privadesa.', 'Doble-fa clic el fitxer.'])
  })

  test.skipIf(!haveMode('eng-cat'))('an "account" is "compte" in Catalan, not "relació"; "an account of" a narration', async () => {
    // came back "Elimina relació", "Crea una relació"
    expect(await en(['Delete account', 'Create an account', 'An account of the events'], 'ca')).toEqual(['Elimina compte', 'Crea un compte', 'Una relació dels esdeveniments'])
  })

  test('the noun "date" is "fecha", but for a date with someone (eng-spa)', async () => {
    // came back "Cita de inicio", "Ordena por cita", "Cita de nacimiento"
    expect(await en(['Start date', 'Sort by date', 'Date of birth', 'Date format', 'I have a date tonight.', 'Our first date was great.']))
      .toEqual(['Fecha de inicio', 'Ordenar por fecha', 'Fecha de nacimiento', 'Formato de fecha', 'Tengo una cita esta noche.', 'Nuestra primera cita era suma.'])
  })

  test('a verb with a first- or second-person object pronoun agrees with its subject: "I love you" is not "Te quieres" (eng-spa)', async () => {
    // came back "Te quieres.", "Te quieres.", "Te dijiste.", "¿Me quiero?", "Te necesitáis."
    expect(await en(['I love you.', 'He loves you.', 'I told you.', 'Do you love me?', 'We need you.', 'They saw us.']))
      .toEqual(['Te quiero.', 'Te quiere.', 'Te dije.', '¿Me quieres?', 'Te necesitamos.', 'Nos vieron.'])
  })

  test('a subtitle\'s "What are you doing?", "What happened?", "I\'m sorry." (eng-spa)', async () => {
    // came back "¿Qué eres haciendo?", "¿Qué pasado?", "Losiento."
    expect(await en(['What are you doing?', 'What happened?', "I'm sorry.", 'Are you coming?'])).toEqual(['¿Qué estás haciendo?', '¿Qué pasó?', 'Lo siento.', '¿Estás viniendo?'])
  })

  test('"An error occurred" is "ocurrió", not "ocurrido" (eng-spa)', async () => {
    // Redmine's, IINA's error messages came back "Un error ocurrido mientras…", eo "Eraro okazita"
    expect(await en(['An error occurred while sending mail.', 'Your session expired.'])).toEqual(['Un error ocurrió al enviar correo.', 'Tu sesión expiró.'])
  })

  test('"when" in a statement is "cuando", in a question "cuándo" (eng-spa)', async () => {
    // Overseerr's "Send notifications when users submit new media requests" came back "Envía notificaciones cuándo los usuarios…"
    expect(await en(['Send notifications when users submit requests.', 'When will it be ready?', "I don't know when it happened."]))
      .toEqual(['Enviar notificaciones cuando los usuarios entregan peticiones.', '¿Cuándo estará a punto?', 'No sé cuándo pasó.'])
  })

  test('"Show Toolbar", "Hide controls", "Use SSL" are commands, not "espectáculo", "escondrijo", "uso" (eng-spa)', async () => {
    // Transmission's "Show Toolbar" came back "Barra de herramientas del espectáculo", Etar's "Hide controls" "Controles de escondrijo"
    const [show, hide, use] = await en(['Show recent changes', 'Hide controls', 'Use current date as start date'])
    expect(show).toMatch(/^Mostrar cambios recientes/)
    expect(hide).toBe('Esconder controles')
    expect(use).toMatch(/^Utilizar /)
  })

  test.skipIf(!haveMode('en-eo'))('a command is the infinitive in Esperanto, not the present (en-eo)', async () => {
    // "Choose a new password." came back "Elektas novan pasvorton." (a statement)
    expect(await en(['Choose a new password.', 'Check your settings.'], 'eo')).toEqual(['Elekti novan pasvorton.', 'Kontroli viajn konfiguraciojn.'])
  })

  test('a button\'s one word is the infinitive ("Abrir", "Compartir"), a field\'s label stays a noun (eng-spa)', async () => {
    // Excalidraw's "Open", "Share", Etar's "Close" came back "Abierto", "Acción", "Cercano"
    expect(await en(['Open', 'Share', 'Close', 'Name', 'Type', 'Clear'])).toEqual(['Abrir', 'Compartir', 'Cerrar', 'Nombre', 'Tipo', 'Limpiar'])
  })

  test('the "No" button is "No", not "Núm" (eng-spa, eng-cat)', async () => {
    // AntennaPod's, Etar's, Redmine's "No" came back "Núm": a text gets a full stop, and "No." is the abbreviation
    expect(await en(['No', 'Yes or no?', 'No. 5'])).toEqual(['No', '¿Sí o no?', 'Núm. 5'])
    if (haveMode('eng-cat')) expect(await en(['No'], 'ca')).toEqual(['No'])
  })

  test('"Let\'s go" is "Vamos", not "Dejado es va" (eng-spa)', async () => {
    // Elephants Dream's captions ("Let's go.") came back "Dejado es va."
    expect(await en(["Let's go.", "Let's see what happens."])).toEqual(['Vamos.', 'Vemos qué pasa.'])
  })

  test('"I" is the pronoun and "do" the main verb where no verb follows (eng-spa; en-gl, en-eo, eng-cat)', async () => {
    // a subtitle's "- I know." came back "- I sabe.", "I said no." "I dicho no.", "I did it." "Yo él."
    expect(await en(['- I know.', 'I said no.', 'I did it.', 'We did everything.', 'Did it work?', 'How do I change my password?']))
      .toEqual(['- Sé.', 'Dije no.', 'Lo hice.', 'Hicimos todo.', '¿Funcionó?', '¿Cómo cambio mi contraseña?'])
    // "They were right about you." came back "Eran bien aproximadamente te."
    expect(await en(['They were right about you.', 'I thought about them.'])).toEqual(['Eran bien sobre ti.', 'Pensé sobre ellos.'])
    if (haveMode('en-gl')) expect(await en(['I did it.', 'I do it every day.'], 'gl')).toEqual(['Fíxeno.', 'Fágoo cada día.'])
    if (haveMode('en-eo')) expect(await en(['- I said no.'], 'eo')).toEqual(['- Mi diris ne.'])
    if (haveMode('eng-cat')) expect(await en(['I mean it.'], 'ca')).toEqual(['El significo.'])
  })

  test('a command before "it" is the infinitive (eng-spa, en-eo)', async () => {
    // "Set it to None first.", "Turn it off." came back "Lo puso a Ninguno primero.", "Turno él fuera."
    expect(await en(['Set it to None first.', 'Turn it off.'])).toEqual(['Ponerlo a Ninguno primero.', 'Apagarlo.'])
    if (haveMode('en-eo')) expect(await en(['Try it now.'], 'eo')).toEqual(['Provi ĝin nun.'])
  })

  test('a command before the preposition it takes is the verb: "Switch to dark mode" is not "Cambio a…", "Go to" not "Va a" (eng-spa)', async () => {
    // AntennaPod's, IINA's, Redmine's menu items came back "Cambio a audio sólo", "Movimiento a Basura", "Control para actualizaciones", "Va a…"
    expect(await en(['Switch to dark mode', 'Move to trash', 'Check for updates', 'Go to messages.', 'Come back later.', 'Move to trash failed.']))
      .toEqual(['Cambiar a modo oscuro', 'Mover a basura', 'Buscar actualizaciones', 'Ir a mensajes.', 'Volver más tarde.', 'El movimiento a basura falló.'])
    if (haveMode('en-eo')) expect(await en(['Add to favorites', 'Move to top'], 'eo')).toEqual(['Aldoni ŝatolistojn', 'Movi al supro'])
  })

  test('"Learn more" opening a sentence is "Más información", "about" is "sobre", not "aproximadamente"; "Read more" is the command, not "Leído más" (eng-spa)', async () => {
    expect(await en(['Learn more about privacy', 'Read more about how it works', 'Tell me about your day.'])).toEqual(['Más información sobre privacidad', 'Lee más sobre cómo funciona', 'Decirme sobre tu día.'])
  })

  test('"No results found", "Page not found", "Remember me", "Press Enter", "Sort by name" (eng-spa)', async () => {
    // Etar's, AntennaPod's, Redmine's strings came back "Ningún resultado encontró", "Página no funda" (eo "ne fondi"), "Nos sigo", "Pulsa Introduce", "Clase por nombre"
    expect(await en(['No results found', 'Page not found', 'Follow us', 'Press Enter to send', 'Sort by name', 'Type to search']))
      .toEqual(['Ningún resultado encontrado', 'Página no encontrada', 'Seguirnos', 'Pulsar Enter para enviar', 'Ordenar por nombre', 'Escribir para buscar'])
    if (haveMode('en-eo')) expect(await en(['Page not found', 'Zoom out'], 'eo')).toEqual(['Paĝo ne trovita', 'Elzomi'])
  })

  test('"toggle", which eng-spa, eng-cat, en-gl and en-eo lack, goes as the verb "alternate"; an interface\'s grid is a "cuadrícula", a power grid not', async () => {
    expect(await en(['Toggle grid', 'Double-click to toggle the arrowhead', 'The power grid failed.'])).toEqual(['Alternar cuadrícula', 'Doble-clic para alternar el arrowhead', 'La verja de poder falló.'])
    expect(await en(['Toggle grid'], 'ca')).toEqual(['Alterna quadrícula'])
    if (haveMode('en-eo')) expect(await en(['Toggle Visibility'], 'eo')).toEqual(['Alterni Videblecon'])
  })

  test('a capitalised word the analyser does not know before a noun is a product\'s name, after the noun with "de" and no article; a label\'s command before it stays one', async () => {
    expect(await en(['Plex settings', 'Open Plex settings', 'Slack notification settings saved.', 'Ungroup selection', 'Upcoming Movies'])).toEqual(['Configuraciones de Plex', 'Abrir configuraciones de Plex', 'Configuraciones de notificación de Slack guardadas.', 'Ungroup selección', 'Películas próximas'])
    expect(await en(['Plex settings'], 'gl')).toEqual(['Configuracións de Plex'])
    // eng-cat's tagger read the noun after such a name as a verb: the name stays where it was there
    expect(await en(['Pushover test notification sent!', 'Discord notification settings'], 'ca')).toEqual(['Pushover notificació de prova enviada!', 'Paràmetres de notificació de Discord'])
  })

  test('an editor\'s label verbs (paste, increase, crop…) are commands; a program\'s command is "comando" (fr "commande"), a program is run ("ejecutar")', async () => {
    expect(await en(['Paste styles', 'Increase font size', 'Command palette', 'Run the command.', 'Run tests', 'I run every morning.'])).toEqual(['Pegar estilos', 'Aumentar tamaño de fuente', 'Paleta de comando', 'Ejecutar el comando.', 'Ejecutar pruebas', 'Corro cada mañana.'])
    expect(await en(['Command is not available...'], 'fr')).toEqual(["La commande n'est pas disponible..."])
    expect(await en(['Crop image', 'Command palette'], 'ca')).toEqual(['Retalla imatge', "Paleta d'ordre"])
  })

  test('a "picker" is a selector, into French and Italian through Spanish too', async () => {
    expect(await en(['Color picker'])).toEqual(['Selector de color'])
    expect(await en(['Color picker'], 'fr')).toEqual(['Sélecteur de couleur'])
    expect(await en(['Color picker'], 'it')).toEqual(['Selettore di colore'])
  })

  test('a label of an adverb and a verb\'s -ed form is a participle; a sentence with a subject keeps its past', async () => {
    expect(await en(['Recently Added', 'Already Requested', 'Successfully saved', 'He recently added a file.'])).toEqual(['Recientemente Añadido', 'Ya Pedido', 'Exitosamente guardado', 'Recientemente añadió un archivo.'])
    expect(await en(['Recently Added'], 'fr')).toEqual(['Récemment Ajouté'])
  })

  test('"host" after an initialism or a machine\'s word, or before a name or a port, is a server; who receives guests stays one', async () => {
    expect(await en(['SMTP Host', 'Host name', 'Remote host', 'The host welcomed the guests.'])).toEqual(['Servidor SMTP', 'Nombre de servidor', 'Servidor remoto', 'El anfitrión dio la bienvenida a los huéspedes.'])
    expect(await en(['SMTP Host', 'Host name'], 'ca')).toEqual(['Servidor SMTP', 'Nom de servidor'])
  })

  test('after a verb that takes a destination, "to" and a noun that could be a verb ending the clause is the noun ("Save to file"); a purpose keeps its verb', async () => {
    expect(await en(['Save to file', 'Export to Link', 'Link to object', 'Click to play', 'I want to play'])).toEqual(['Guardar a archivo', 'Exportar a Enlace', 'Enlace a objeto', 'Hacer clic para reproducir', 'Quiero reproducir'])
    expect(await en(['Save to file'], 'ca')).toEqual(['Desa a fitxer'])
  })

  test('a command before a bold label or a link is the verb (Markdown\'s **…**, HTML\'s <b>)', async () => {
    // Markdown's "Open **Settings**" (a pair of tokens around the label) came back "Configuraciones abiertas"
    const b: InlineToken = { id: '1', kind: 'open' }
    const bEnd: InlineToken = { id: '1', kind: 'close' }
    // (a tag that lets the words read otherwise than without it is put back on the words
    // without it, segments/project.ts: "Open <b>files</b> stay open." is "Los archivos abiertos…")
    expect(await en([['Open ', b, 'Settings', bEnd, '.'], ['Open ', b, 'files', bEnd, ' from the menu.']])).toEqual([['Abrir ', b, 'Configuraciones', bEnd, '.'], ['Abre ', b, 'archivos', bEnd, ' del menú.']])
  })

  test('a word the dictionary lacks takes a stand-in it has: "Skip", "Refresh", "username", "playback", "default" (eng-spa)', async () => {
    // came back "Skip este paso", "Refresh", "Introducir tu username", "Playback velocidad", "*Default Valor"
    expect(await en(['Skip this step', 'Refresh', 'Enter your username', 'Playback speed', 'Default value', 'Syncing...']))
      .toEqual(['Omitir este paso', 'Actualizar', 'Introducir tu nombre de usuario', 'Velocidad de reproducción', 'Valor predeterminado', 'Sincronizando...'])
    // a handle or a tag keeps its word
    expect(await en(['e.g. #channel, @username.'])).toEqual(['p. ej. #canal, @username.'])
  })

  test.skipIf(!haveMode('en-gl'))('en-gl\'s "upload" is "load": "Cargar un ficheiro"', async () => {
    // came back "Upload un ficheiro"
    expect(await en(['Upload a file', 'Uploading...'], 'gl')).toEqual(['Cargar un ficheiro', 'Cargando...'])
  })

  test.skipIf(!haveMode('eng-spa'))('the stand-ins are read from the pair\'s own analyser and kept where its dictionary translates them; a word it knows is left alone', () => {
    const stages = readModeStages('/usr/share/apertium/modes/eng-spa.mode', true)
    const analyse = (text: string) => execFileSync('sh', ['-c', `${stages[0]} | ${stages[1]}`], { input: `[v:1]${text}[v:e]\0`, encoding: 'utf8' })
    expect(analyse('Skip it')).toContain('^Skip/Omit<vblex><inf>')
    // "update" is no stand-in here: the dictionary has the word
    expect(analyse('Update it')).toContain('^Update/Update<')
  })

  test.skipIf(!haveMode('en-gl'))('"Let me know" keeps its "know" (en-gl)', async () => {
    // en-gl wrote "@Let me se necesitas axuda.": the multiword untranslated, "know" lost
    expect(await en(['Let me know if you need help.', 'Let us know what you think.'], 'gl')).toEqual(['Déixame saber se necesitas axuda.', 'Déixanos saber o que pensas.'])
    // "We'd love…": a pronoun the generator could not write came back "Encantaría #prpers a…", the analyser's name for it in the text
    expect(await en(["We'd love your help."], 'gl')).toEqual(['Encantaría a túa axuda.'])
  })

  test.skipIf(!haveMode('en-gl'))('"does" is not "cervas" (en-gl)', async () => {
    // Jenkins', Transmission's "… does not exist." came back "As cervas de directorio especificadas non existen."
    expect(await en(['The specified directory does not exist.', 'What does it do?'], 'gl')).toEqual(['O directorio especificado non existe.', 'Que fai?'])
  })

  test('a sentence-initial command before "as" is a verb: "Mark as read" is not the name Mark', async () => {
    expect(await en(['Mark as read', 'Marked as played', 'Save as draft'])).toEqual(['Marcar como leído', 'Marcado como reproducido', 'Guardar como borrador'])
  })

  test('a progress label is the gerund: "Exporting 3 of 5" is not "Exportador", "Warning" stays "Aviso"', async () => {
    expect(await en(['Exporting 3 of 5', 'Importing…', 'Warning', 'Missing files'])).toEqual(['Exportando 3 de 5', 'Importando…', 'Aviso', 'Archivos desaparecidos'])
  })

  test('an initialism stays one: PIN, WAR, ID are not "alfiler", "guerra", "carné de identidade"', async () => {
    expect(await en(['Enter your PIN', 'Select WAR file to upload', 'Install the CLI.'])).toEqual(['Introducir tu PIN', 'Seleccionar archivo WAR para cargar', 'Instalar el CLI.'])
    if (haveMode('en-gl')) expect(await en(['Enter your PIN', 'Chat ID', 'OS Name'], 'gl')).toEqual(['Introducir o teu PIN', 'ID de charla', 'Nome de OS'])
  })

  test('a preposition before a placeholder is translated as one (eng-spa)', async () => {
    const [lastPost, muted] = await en([['Last post on ', date], ['Muted until ', date]])
    expect(lastPost).toEqual(['Última publicación en ', date])
    expect(muted).toContainEqual(expect.stringMatching(/hasta $/))
    expect(muted).not.toContainEqual(expect.stringMatching(/hasta que/))
  })

  test('a negation said once in English is said before the verb too, and "any" under it is "ningún" (eng-spa, en-gl, eng-cat)', async () => {
    // came back "Hay ningún elemento para mostrar.", "Tienes no mensajes nuevos", "No puedo encontrar cualquier archivo.",
    // "No tienes cualesquier notificaciones.", "No hay muy elementos.", "¿Es allí cualesquier actualizaciones?", "Hay nada aquí."
    const sentences = ['There are no items to display.', 'You have no new messages', "I can't find any file.", "You don't have any notifications.", "There aren't any items.", 'Are there any updates?', 'There is nothing here.', 'Choose any file.']
    expect(await en(sentences)).toEqual(['No hay ningún elemento para mostrar.', 'No tienes mensajes nuevos', 'No puedo encontrar ningún archivo.', 'No tienes notificaciones.', 'No hay elementos.', '¿Hay actualizaciones?', 'No hay nada aquí.', 'Escoger cualquier archivo.'])
    if (haveMode('en-gl')) expect(await en(sentences.slice(0, 4), 'gl')).toEqual(['Non hai ningún elemento para mostrar.', 'Non tes mensaxes novas', 'Non podo atopar ningún ficheiro.', 'Non tes notificacións.'])
    if (haveMode('eng-cat')) expect(await en([...sentences.slice(2, 4), 'There is nothing here.', 'If you have any questions, contact us.'], 'ca')).toEqual(['No puc trobar cap fitxer.', 'No tens notificacions.', 'No hi ha res aquí.', "Si tens preguntes, contacta'ns."])
  })

  test('"X is required" is "obligatorio", not "está requerido" (eng-spa, en-gl, eng-cat)', async () => {
    expect(await en(['This field is required.', 'Name and email are required, but phone is optional.', 'An update is required for this feature.']))
      .toEqual(['Este campo es obligatorio.', 'El nombre y el email son obligatorios, pero el teléfono es opcional.', 'Una actualización es necesaria para esta característica.'])
    if (haveMode('en-gl')) expect(await en(['This field is required.'], 'gl')).toEqual(['Este campo é obrigatorio.'])
    if (haveMode('eng-cat')) expect(await en(['This field is required.'], 'ca')).toEqual(['Aquest camp és obligatori.'])
  })

  test('a relative clause without "that" reads as one (eng-spa, en-gl, eng-cat)', async () => {
    // came back "La página estás buscando no existe.", "El archivo seleccionaste es demasiado grande.", "¿Hay algo puedo hacer?"
    const sentences = ['The page you are looking for does not exist.', 'The file you selected is too large.', 'Is there anything I can do?', 'In this section you will learn how to install it.']
    expect(await en(sentences)).toEqual(['La página que estás buscando no existe.', 'El archivo que seleccionaste es demasiado grande.', '¿Hay algo que puedo hacer?', 'En esta sección aprenderás cómo instalarlo.'])
    if (haveMode('en-gl')) expect(await en(sentences.slice(0, 2), 'gl')).toEqual(['A páxina que estás buscando non existe.', 'O ficheiro que seleccionaches é demasiado grande.'])
    if (haveMode('eng-cat')) expect(await en(sentences.slice(0, 2), 'ca')).toEqual(['La pàgina que estàs buscant no existeix.', 'El fitxer que vas seleccionar és massa gran.'])
  })

  test('en-gl\'s and en-eo\'s settings, commands run, properties and things turned on', async () => {
    // came back "Colocacións", "Correr a orde", "Vira en notificacións"; eo "Fiksoj", "Kuri la komandon", "Nemoveblaĵoj", "Turni sur sciigoj"
    if (haveMode('en-gl')) expect(await en(['Settings', 'Run the command', 'Turn on notifications'], 'gl')).toEqual(['Configuracións', 'Executar a orde', 'Habilitar notificacións'])
    if (haveMode('en-eo')) expect(await en(['Settings', 'Run the command', 'Properties', 'Turn on notifications'], 'eo')).toEqual(['Konfiguracioj', 'Efektivigi la komandon', 'Ecoj', 'Aktivigi sciigojn'])
  })

  test('a question\'s "did" goes after its subject: the past, not the present (eng-spa, en-gl, eng-cat; not en-eo)', async () => {
    // came back "¿Ves aquello?", "¿Por qué no me llamas?", "¿Qué dices?", ca "Veure allò?", "Per què no trucar-me?"
    const questions = ['Did you see that?', "Why didn't you call me?", 'What did you say?']
    expect(await en(questions)).toEqual(['¿Viste aquello?', '¿Por qué no me llamaste?', '¿Qué dijiste?'])
    if (haveMode('eng-cat')) expect(await en(questions, 'ca')).toEqual(['Vas veure allò?', 'Per què no em vas trucar?', 'Què vas dir?'])
    if (haveMode('en-gl')) expect(await en(questions, 'gl')).toEqual(['Viches aquilo?', 'Por que non me chamaches?', 'Que dixeches?'])
    expect(hintedBy(EN_EO_READING_HINTS, '[v:1]^Did/Do<vbdo><past>/Do<vblex><past>$ ^you/prpers<prn><subj><p2><mf><sp>/prpers<prn><obj><p2><mf><sp>$ ^see/see<vblex><inf>/see<vblex><pres>$^?/?<sent>$[v:e]')[0]).toMatch(/^\[v:1\]\^Did\//)
  })

  test('"wait for" someone is "esperar" someone (eng-spa, eng-cat, en-eo)', async () => {
    // came back "Somos esperando a ti.", "Están esperando a una respuesta" ("waiting for" read as one preposition), "Espera para mí.", eo "Atendi por mi."
    expect(await en(['We are waiting for you.', 'They are waiting for a reply.', 'Wait for me.'])).toEqual(['Estamos esperándote.', 'Están esperando una respuesta.', 'Esperarme.'])
    if (haveMode('eng-cat')) expect(await en(['Wait for me.'], 'ca')).toEqual(["Espera'm."])
    if (haveMode('en-eo')) expect(await en(['Wait for me.'], 'eo')).toEqual(['Atendi min.'])
  })

  test('"Let me help you", "Let me know": the infinitive after "let" and its pronoun (eng-spa, eng-cat, en-gl)', async () => {
    // came back "Dejarme ayuda tú.", ca "Deixa'm sap…", gl "Déixame axúdate."
    expect(await en(['Let me help you.'])).toEqual(['Dejarme ayudarte.'])
    if (haveMode('eng-cat')) expect(await en(['Let me know if you need help.'], 'ca')).toEqual(["Deixa'm saber si necessites ajut."])
    if (haveMode('en-gl')) expect(await en(['Let me help you.'], 'gl')).toEqual(['Déixame axudarte.'])
  })

  test('a clause without "that" after "think", "know", "say"… gets it (eng-spa but after "think", eng-cat, en-gl, en-eo)', async () => {
    // came back "Conozco es aquí.", "Te dijiste vendría.", ca "Et penso és dret.", gl "Pénsote ten razón.", eo "Mi pensas vin estas ĝusta."
    expect(await en(['I know he is here.', 'You said you would come.', 'I think you are right.'])).toEqual(['Sé que está aquí.', 'Dijiste que vendrías.', 'Pienso que estás bien.'])
    if (haveMode('eng-cat')) expect(await en(['I know he is here.'], 'ca')).toEqual(['Sé que és aquí.'])
    if (haveMode('en-gl')) expect(await en(['I think you are right.'], 'gl')).toEqual(['Penso que tes razón.'])
    if (haveMode('en-eo')) expect(await en(['I think you are right.'], 'eo')).toEqual(['Mi pensas ke vi estas ĝusta.'])
    // and after "tell" and its object ("Me dijo venías."); an object that is no clause keeps its place
    expect(await en(['She told me you were coming.', 'She told me a story.'])).toEqual(['Me dijo que venías.', 'Me dijo una historia.'])
    if (haveMode('en-gl')) expect(await en(['He told us they would come.'], 'gl')).toEqual(['Díxonos que virían.'])
  })

  test.skipIf(!haveMode('eng-cat'))('"go wrong" is "anar malament" (eng-cat)', async () => {
    // came back "Alguna cosa va anar injustícia.", "Si qualsevol cosa va incorrecte…"
    expect(await en(['Something went wrong.', 'If anything goes wrong, restart.'], 'ca')).toEqual(['Alguna cosa va anar malament.', 'Si qualsevol cosa va malament, reinicia.'])
    expect(hintedBy(ENG_SPA_READING_HINTS, '^went/go<vblex><past>$ ^wrong/wrong<adj>/wrong<adv>/wrong<n><sg>$')).toEqual(['^went/go<vblex><past>$ ^wrong/wrong<adj>/wrong<adv>/wrong<n><sg>$'])
  })

  test('a question\'s "be" before its pronoun and an adjective ending it goes after the pronoun (eng-spa, eng-cat, en-gl)', async () => {
    // came back ca "T'és segur?", es "¿Eres dolió?"; not before more words: "Are you sure you want to…" stays eng-spa's own
    expect(await en(['Are you hurt?', 'Are you sure you want to delete this file?'])).toEqual(['¿Estás dolido?', '¿Estás seguro de que quieres eliminar este archivo?'])
    if (haveMode('eng-cat')) expect(await en(['Are you sure?', 'Is it ready?'], 'ca')).toEqual(['Ets segur?', 'És llest?'])
    // and before a clause, with "that" ("T'és segur et vol eliminar…?": "you" read as the object of "want")
    if (haveMode('eng-cat')) expect(await en(['Are you sure you want to delete this item?', 'Are you sure it works?'], 'ca')).toEqual(['Ets segur que vols eliminar aquest element?', 'Ets segur que funciona?'])
    expect(hintedBy(EN_EO_READING_HINTS, '[v:1]^Are/Be<vbser><pres>$ ^you/prpers<prn><subj><p2><mf><sp>/prpers<prn><obj><p2><mf><sp>$ ^sure/sure<adj>$^?/?<sent>$[v:e]')[0]).toMatch(/^\[v:1\]\^Are\//)
  })

  test('"must not" and "should not" forbid: "deber", not "tener que", whose negation lifts the obligation (eng-spa, en-gl)', async () => {
    // came back "No tienes que compartir tu contraseña." ("you don't have to"), "No tendrías que compartirlo.", "Tú mustn't hacer…"
    expect(await en(['You must not share your password.', 'You should not share it.', "Passwords mustn't contain spaces.", "You don't have to pay."]))
      .toEqual(['No debes compartir tu contraseña.', 'No deberías compartirlo.', 'Las contraseñas no deben contener espacios.', 'No tienes que pagar.'])
    // a question keeps its own reading
    expect((await en(["Shouldn't you be at work?"]))[0]).not.toMatch(/deb/)
    if (haveMode('en-gl')) expect(await en(['You must not share your password.', "You mustn't do that."], 'gl')).toEqual(['Non debes compartir o teu contrasinal.', 'Non debes facer aquilo.'])
  })

  test('"to" after a verb whose object is an infinitive goes, and the next word is that infinitive (eng-spa, en-gl, eng-cat)', async () => {
    // came back "Olvidé para guardar.", "Quiero juego.", "Tienes que paga." (the noun), gl "Necesitamos para falar.", ca "Vaig oblidar per desar."
    expect(await en(['I forgot to save.', 'I want to play.', 'You have to pay.', 'You need to have at least 1 result.']))
      .toEqual(['Olvidé guardar.', 'Quiero reproducir.', 'Tienes que pagar.', 'Necesitas tener al menos 1 resultado.'])
    // a noun's "to" stays: "need" here is the noun
    expect(await en(['There is no need to worry.'])).toEqual(['No hay ninguna necesidad de preocuparse.'])
    if (haveMode('en-gl')) expect(await en(['We need to talk.', 'I tried to call you.'], 'gl')).toEqual(['Necesitamos falar.', 'Tentei chamarte.'])
    if (haveMode('eng-cat')) expect(await en(['I forgot to save.'], 'ca')).toEqual(['Vaig oblidar desar.'])
  })

  test('two commands joined by "and" are both commands, in the same form; two nouns stay nouns (eng-spa, eng-cat)', async () => {
    // came back "Copia y paté el enlace.", "Guarda y cerrar el documento.", "Arrastra y archivos de gota aquí.", ca "Desa i proper el document."
    expect(await en(['Copy and paste the link.', 'Save and close the document.', 'Drag and drop files here.', 'Name and address', 'Paste']))
      .toEqual(['Copia y pega el enlace.', 'Guarda y cierra el documento.', 'Arrastrar y soltar archivos aquí.', 'Nombre y dirección', 'Pegar'])
    if (haveMode('eng-cat')) expect(await en(['Save and close the document.', 'Drag and drop files here.'], 'ca')).toEqual(['Desa i tanca el document.', 'Arrossega i deixa anar fitxers aquí.'])
  })

  test('a word that can be a noun or a verb after "one" is the noun (eng-spa, eng-cat)', async () => {
    // came back "Introduce al menos uno numera.", ca "Tria un acoloreix."
    expect(await en(['Enter at least one number.'])).toEqual(['Introducir al menos un número.'])
    if (haveMode('eng-cat')) expect(await en(['Choose one color.'], 'ca')).toEqual(['Tria un color.'])
  })

  test('"could not" in a statement is a past, not a conditional, and with no subject impersonal (eng-spa, en-gl, eng-cat)', async () => {
    // came back "No podríamos encontrar aquella página.", gl "Non poderiamos…", ca "No podríem trobar…"
    expect(await en(["We couldn't find that page.", 'Could not save the file.', 'Could you help me?', "We couldn't be happier.", 'If I could not see it, I would know.']))
      .toEqual(['No pudimos encontrar aquella página.', 'No se pudo guardar el archivo.', '¿Me podrías ayudar?', 'No podríamos ser más felices.', 'Si no lo podría ver, sabría.'])
    if (haveMode('en-gl')) expect(await en(["We couldn't find that page."], 'gl')).toEqual(['Non puidemos atopar aquela páxina.'])
    if (haveMode('eng-cat')) expect(await en(["We couldn't find that page.", 'I could not hear you.'], 'ca')).toEqual(['No vam poder trobar aquella pàgina.', 'No et vaig poder sentir.'])
  })

  test('"while" before a gerund is "al", "ao", "en" and the infinitive; "go wrong" is "salir mal" (eng-spa, en-gl, eng-cat)', async () => {
    // came back "Algo fue mal mientras editando el asunto.", "Error mientras cargando", gl "mentres cargando", ca "mentre desant"
    expect(await en(['Something went wrong while editing the issue.', 'Error while loading', 'While loading, wait.', 'If anything goes wrong, call me.', 'Go there.']))
      .toEqual(['Algo salió mal al editar la incidencia.', 'Error al cargar', 'Al cargar, espera.', 'Si cualquier cosa sale mal, llamarme.', 'Ir allí.'])
    // "while" before a clause keeps "mientras"
    expect(await en(['Wait while we load your files.'])).toEqual(['Espera mientras cargamos tus archivos.'])
    if (haveMode('en-gl')) expect(await en(['Error while loading the file.'], 'gl')).toEqual(['Erro ao cargar o ficheiro.'])
    if (haveMode('eng-cat')) expect(await en(['Error while saving the file.'], 'ca')).toEqual(['Error en desar el fitxer.'])
  })

  test('a sentence that is a noun and its participle has no article, a notification (eng-spa, en-gl, eng-cat)', async () => {
    // came back "El archivo eliminado.", "¡El enlace copiado!", "El mensaje enviado exitosamente.", gl "O ficheiro eliminado.", ca "L'esdeveniment desat."
    expect(await en(['File deleted.', 'Link copied!', 'Message sent successfully. Please wait.', 'Email address verified']))
      .toEqual(['Archivo eliminado.', '¡Enlace copiado!', 'Mensaje enviado exitosamente. Por favor, espera.', 'Dirección de correo electrónico verificada'])
    // an article the source has in a clause keeps it
    expect(await en(['The file was deleted.', 'I deleted the file.'])).toEqual(['El archivo fue eliminado.', 'Eliminé el archivo.'])
    if (haveMode('en-gl')) expect(await en(['File deleted.'], 'gl')).toEqual(['Ficheiro eliminado.'])
    if (haveMode('eng-cat')) expect(await en(['Event saved.', 'User created successfully!'], 'ca')).toEqual(['Esdeveniment desat.', 'Usuari creat amb èxit!'])
  })

  test('an initialism the analyser does not know goes after the noun it modifies (eng-spa, eng-cat)', async () => {
    // came back "Introducir tu API clave.", "Cargar un CSV archivo", "Escanear el QR código.", ca "Entra el vostre API clau."
    expect(await en(['Enter your API key.', 'Upload a CSV file', 'Scan the QR code.', 'API keys']))
      .toEqual(['Introducir tu clave API.', 'Cargar un archivo CSV', 'Escanear el código QR.', 'Claves API'])
    // not before a third person, another noun, an unknown word, nor after a slash
    expect(await en(['The API returns an error.', 'Provide a TMDB Genre ID', 'Export a PNG/SVG file']))
      .toEqual(['El API devuelve un error.', 'Proporcionar un TMDB Género ID', 'Exportar un PNG/SVG archivo'])
    if (haveMode('eng-cat')) expect(await en(['Enter the API key', 'The API returns an error.'], 'ca')).toEqual(['Entra la clau API', "L'API torna un error."])
  })

  test('"have" before a number or a noun is the verb; a number of characters "long" is had; a perfect\'s question asks in statement order (eng-spa, en-gl, eng-cat, en-eo)', async () => {
    // came back "tiene que haber al menos 8 caracteres", "Ha al menos…", "tiene que ser al menos 8 caracteres mucho tiempo", "¿Te tiene visto lo?"
    expect(await en(['The password must have at least 8 characters.', 'It has at least one.', 'Your password must be at least 8 characters long.', 'Username must be between 3 and 20 characters long.', 'Have you seen it?', 'What have you done?']))
      .toEqual(['La contraseña tiene que tener al menos 8 caracteres.', 'Tiene al menos uno.', 'Tu contraseña tiene que tener al menos 8 caracteres.', 'Nombre de usuario tiene que tener entre 3 y 20 caracteres.', '¿Lo has visto?', '¿Qué has hecho?'])
    // the perfect stays one, and a placeholder counts
    const [perfect, placeholder] = await en(['We have already sent it.', ['Must be at least ', count, ' characters long']])
    expect(perfect).toEqual('Ya lo hemos enviado.')
    expect(placeholder).toEqual(['Tiene que tener al menos ', count, ' caracteres'])
    if (haveMode('en-gl')) expect(await en(['It has at least 8 characters.', 'Have you seen it?'], 'gl')).toEqual(['Ten polo menos 8 caracteres.', 'Víchelo?'])
    if (haveMode('eng-cat')) expect(await en(['The code must be 6 digits long.', 'Have you seen it?'], 'ca')).toEqual(['El codi ha de tenir 6 dígits.', "L'has vist?"])
    if (haveMode('en-eo')) expect(await en(['Have you seen it?'], 'eo')).toEqual(['Vi vidis ĝin?'])
  })

  test('"log in", "sign out" after "to", a modal or "not" are "iniciar sesión", "cerrar sesión" (eng-spa, eng-cat)', async () => {
    // came back "Tienes que registro en.", "¿Puedes signo fuera?", "Quiero login.", ca "Has de registre dins."
    expect(await en(['You have to log in.', 'Can you sign out?', 'Click to log in with Google.', 'I want to login.']))
      .toEqual(['Tienes que iniciar sesión.', '¿Puedes cerrar sesión?', 'Hacer clic para iniciar sesión con Google.', 'Quiero iniciar sesión.'])
    if (haveMode('eng-cat')) expect(await en(['You have to log in.'], 'ca')).toEqual(["Has d'iniciar sessió."])
  })

  test('a sentence\'s "Do not" is its "Don\'t": the command (eng-spa, en-gl, eng-cat, en-eo)', async () => {
    // came back "No cierra esta ventana.", gl "Non pecha…", ca "No proper aquesta finestra.", eo "Ne fermas…" (the third person)
    expect(await en(['Do not close this window.', 'Do not share your password.', 'I do not know.'])).toEqual(['No cerrar esta ventana.', 'No compartir tu contraseña.', 'No sé.'])
    if (haveMode('en-gl')) expect(await en(['Do not close this window.'], 'gl')).toEqual(['Non pechar esta xanela.'])
    if (haveMode('eng-cat')) expect(await en(['Do not close this window.'], 'ca')).toEqual(['No tanqueu aquesta finestra.'])
    if (haveMode('en-eo')) expect(await en(['Do not close this window.'], 'eo')).toEqual(['Ne fermi ĉi tiun fenestron.'])
  })

  test('a date is its day, "de" and its month, "on" before it the article (eng-spa, en-gl, eng-cat)', async () => {
    // came back "renueva encima Marcha 3.", "Publicado encima mayo 5, 2024.", gl "en marzo 3", ca "en 5 demaig de 2024"
    expect(await en(['Your subscription renews on March 3.', 'Published on May 5, 2024.', 'On April 1 we start.', 'Page 3 of 10']))
      .toEqual(['Tu suscripción renueva el 3 de marzo.', 'Publicado el 5 de mayo de 2024.', 'El 1 de abril empezamos.', 'Página 3 de 10'])
    if (haveMode('en-gl')) expect(await en(['Due on June 10.'], 'gl')).toEqual(['Previsto o 10 de xuño.'])
    if (haveMode('eng-cat')) expect(await en(['Published on May 5, 2024.', 'On April 1 we start.'], 'ca')).toEqual(['Publicat el 5 de maig de 2024.', "L'1 d'abril arrenquem."])
  })

  test('interface senses: a full name is complete, an article not a garment, a USB drive a unit, free shipping costs nothing, an invalid URL is not valid; "unlock", "upgrade" (eng-spa, en-gl, eng-cat)', async () => {
    // came back "tu nombre lleno", "esta prenda", "un paseo de USB", "Envío libre", "El URL es nulo.", "Unlock todas…", "Upgrade a Pro"
    expect(await en(['Enter your full name', 'The disk is full.', 'Share this article', 'Connect a USB drive.', 'Start your free trial', 'Free space', 'The URL is invalid.', 'Unlock all features', 'Upgrade to Pro']))
      .toEqual(['Introducir tu nombre completo', 'El disco está lleno.', 'Compartir este artículo', 'Conectar una unidad de USB.', 'Empezar tu prueba gratuita', 'Espacio libre', 'El URL no es válido.', 'Desbloquear todas las características', 'Actualizar a Pro'])
    if (haveMode('en-gl')) expect(await en(['Enter your full name'], 'gl')).toEqual(['Introducir o teu nome completo'])
    if (haveMode('eng-cat')) expect(await en(['Enter your full name', 'Start your free trial', 'Upgrade to Pro'], 'ca')).toEqual(['Entra el vostre nom complet', 'Arrenca la vostra prova gratuïta', 'Actualitza a Pro'])
  })

  test('"data" is plural, its verb too; a subordinate clause\'s third person after its subject is the verb (eng-spa, en-gl, eng-cat)', async () => {
    // came back "Tu dato es seguro.", "menos dato", ca "La vostra dada", "cuando tus barcos de pedido", "mis llegadas de descarga"
    expect(await en(['Your data is safe.', 'The app will use less data.', 'The data was deleted.', 'We will notify you when your order ships.', 'Notify me when my download finishes.', 'When the page loads']))
      .toEqual(['Tus datos son seguros.', 'La aplicación utilizará menos datos.', 'Los datos fueron eliminados.', 'Te notificaremos cuando tu pedido envía.', 'Notificarme cuando mi descarga acaba.', 'Cuando la página carga'])
    if (haveMode('en-gl')) expect(await en(['Your data is safe.'], 'gl')).toEqual(['Os teus datos son seguros.'])
    if (haveMode('eng-cat')) expect(await en(['Your data is safe.', 'Data contains errors.'], 'ca')).toEqual(['Les vostres dades són segures.', 'Les dades contenen errors.'])
  })

  test('"click" as a command is "hacer clic en"; a question word before "to" asks for the infinitive; a command after ", please" (eng-spa, en-gl, eng-cat)', async () => {
    // came back "Clic el botón abajo…", "cómo para instalar", "qué para hacer", "…, por favor, contacto nuestro equipo de apoyo."
    expect(await en(['Click the button below to continue.', 'Please click Save.', 'Drag files here or click to browse.', 'A click on the button', 'This guide explains how to install the application.', 'I do not know what to do.', 'If you have any questions, please contact our support team.']))
      .toEqual(['Hacer clic en el botón abajo para continuar.', 'Por favor, hacer clic en Guardar.', 'Arrastra archivos aquí o hacer clic para explorar.', 'Un clic en el botón', 'Esta guía explica cómo instalar la aplicación.', 'No sé qué hacer.', 'Si tienes cuestiones, por favor, contacta a nuestro equipo de apoyo.'])
    if (haveMode('en-gl')) expect(await en(['Choose where to save the file.'], 'gl')).toEqual(['Escoller onde gardar o ficheiro.'])
    if (haveMode('eng-cat')) expect(await en(['Learn how to use it', 'I do not know what to do.'], 'ca')).toEqual(['Aprèn com utilitzar-lo', 'No sé què fer.'])
  })

  test('a website\'s cookies, a limit reached, results "matching" a search (eng-spa, en-gl)', async () => {
    // came back "Utilizamos galletas…", "Has logrado el límite…", "resultados que coinciden tu búsqueda"
    expect(await en(['We use cookies to improve your experience.', 'She baked chocolate cookies.', 'You have reached the limit of 5 projects.', 'We could not find any results matching your search.']))
      .toEqual(['Utilizamos cookies para mejorar tu experiencia.', 'Coció galletas de chocolate.', 'Has alcanzado el límite de 5 proyectos.', 'No pudimos encontrar resultados que coinciden con tu búsqueda.'])
    if (haveMode('en-gl')) expect(await en(['Files matching the filter'], 'gl')).toEqual(['Os ficheiros que coinciden co filtro'])
  })

  test('"should" advises: "debería" (eng-spa, en-gl), and what follows "deber ser" agrees with the subject; before a perfect it is left to the transfer', async () => {
    // came back "Tendrías que actualizar la aplicación.", "¿Tendría que reiniciar?", gl "Terías que actualizar…"; after "deber ser" "La contraseña no debe estar vacío", gl "non deberían ser eliminado"
    expect(await en(['You should update the app.', 'Should I restart?', 'You should have told me.', 'This line should be bold.', 'The password must not be empty.']))
      .toEqual(['Deberías actualizar la aplicación.', '¿Debería reiniciar?', 'Me tendrías que haber dicho.', 'Esta línea debería ser intrépida.', 'La contraseña no debe estar vacía.'])
    if (haveMode('en-gl')) expect(await en(['You should update the app.', 'The files should not be deleted.'], 'gl')).toEqual(['Deberías actualizar a aplicación.', 'Os ficheiros non deberían ser eliminados.'])
  })

  test('an interface\'s menu, "in the main" window, "must" before a verb, "allows you to", "lets you" (eng-spa, en-gl, eng-cat)', async () => {
    // came back "Abrir la carta de Vista.", "en general ventana", "…descarga el mosto también carga…", "te permite para ordenar", "Deja escoges un color."
    expect(await en(['Open the View menu.', 'Menus and toolbars', 'In the main window', 'Everyone who downloads must also upload to others.', 'This allows you to sort your files.', 'It lets you choose a color.', 'The must of the year.']))
      .toEqual(['Abrir el menú de Vista.', 'Menús y toolbars', 'En la ventana principal', 'Todo el mundo quién descarga también tiene que cargar a otros.', 'Esto te permite ordenar tus archivos.', 'Te deja escoger un color.', 'El mosto del año.'])
    if (haveMode('en-gl')) expect(await en(['This allows you to sort your files.'], 'gl')).toEqual(['Isto permítete ordenar os teus ficheiros.'])
    if (haveMode('eng-cat')) expect(await en(['The main menu', 'It lets you choose a color.'], 'ca')).toEqual(['El menú principal', 'Et deixa triar un color.'])
  })

  test('a product\'s name stays as written; one that is a common word too only after a preposition (eng-spa, en-gl, eng-cat, en-eo)', async () => {
    // came back "para Androide", "Disponible para Ventanas", "Unirnos encima Discordia.", "Exporta a Palabra", ca "amb Poma", "en Crom"
    expect(await en(['Download the app for Android and iOS.', 'Available for Windows, macOS and Linux.', 'Join us on Discord.', 'Export to Word', 'Share on Telegram or Signal', 'Close All Windows']))
      .toEqual(['Descargar la aplicación para Android e iOS.', 'Disponible para Windows, macOS y Linux.', 'Unirnos en Discord.', 'Exportar a Word', 'Compartir en Telegram o Signal', 'Cerrar Todas las Ventanas'])
    if (haveMode('eng-cat')) expect(await en(['Sign in with Apple', 'Open in Chrome'], 'ca')).toEqual(['Inicia la sessió amb Apple', 'Obre en Chrome'])
    if (haveMode('en-gl')) expect(await en(['Available for Windows, macOS and Linux.'], 'gl')).toEqual(['Dispoñíbel para Windows, macOS e Linux.'])
    if (haveMode('en-eo')) expect(await en(['Export to Word'], 'eo')).toEqual(['Eksporti al Word'])
  })

  test('a sentence\'s "Failed to" is "Could not", "Last updated" is "updated for the last time", "{time} ago" is "ago {time}" (eng-spa, en-gl, eng-cat)', async () => {
    // came back "Fallado para cargar el archivo.", "Último actualizado ayer", "Enviado {time} hace", ca "Fallat per carregar"
    const [failed, last, ago, name] = await en(['Failed to load the file.', 'Last updated yesterday', ['Sent ', time, ' ago'], 'Last name'])
    expect([failed, last, ago, name]).toEqual(['No se pudo cargar el archivo.', 'Actualizado por última vez ayer', ['Enviado hace ', time], 'Último nombre'])
    if (haveMode('en-gl')) expect(await en(['Failed to load the file.'], 'gl')).toEqual(['Non se puido cargar o ficheiro.'])
    if (haveMode('eng-cat')) expect(await en(['Failed to load the file.', 'Last modified 3 days ago'], 'ca')).toEqual(['No es va poder carregar el fitxer.', 'Modificat per últim cop fa 3 dies'])
  })

  test('a person a verb acts on takes Spanish\'s personal "a"; not after "tener" nor when an account is made (eng-spa)', async () => {
    // came back "Invitar tus miembros de equipo", "Bloquear este usuario", "Contactar el administrador."
    expect(await en(['Invite your team members', 'Block this user', 'Contact the administrator.', 'You have 3 friends.', 'Add a new user', 'The user was deleted.']))
      .toEqual(['Invitar a tus miembros de equipo', 'Bloquear a este usuario', 'Contactar al administrador.', 'Tienes 3 amigos.', 'Añadir un usuario nuevo', 'El usuario fue eliminado.'])
  })

  test('"on" before a bare noun or a question word is the preposition; after "turn", "log"… it is left (eng-spa, eng-cat)', async () => {
    // came back "Juego encima teléfono", "Selecciona todo encima tela", "…encima cómo hacerlo", ca "damunt"
    expect(await en(['Play on phone', 'Select all on canvas', 'A blog post on how to do it', 'Turn on notifications', 'Log on the server']))
      .toEqual(['Juego en teléfono', 'Seleccionar todo en tela', 'Una publicación de blog en cómo hacerlo', 'Activar notificaciones', 'Registro en el servidor'])
    if (haveMode('eng-cat')) expect(await en(['Select all on canvas'], 'ca')).toEqual(['Selecciona tot en llenç'])
  })

  test('"Only" opening a sentence is the adverb; "allow" is "permitir" (eng-spa, en-gl, eng-cat)', async () => {
    // came back "Único admins puede…", "Deja notificaciones", ca "Fitxers de PNG únic són recolzats."
    expect(await en(['Only admins can edit this page.', 'Allow notifications', 'The only way'])).toEqual(['Sólo admins puede editar esta página.', 'Permitir notificaciones', 'La manera única'])
    if (haveMode('en-gl')) expect(await en(['Allow notifications', 'Uploads are not allowed.'], 'gl')).toEqual(['Permitir notificacións', 'As cargas non son permitidas.'])
    if (haveMode('eng-cat')) expect(await en(['Only PNG files are supported.'], 'ca')).toEqual(['Només fitxers de PNG són recolzats.'])
  })

  test('after "that", "this" or "who" a plural noun or a third person is the verb; a thing "funciona", a person "trabaja" (eng-spa, eng-cat)', async () => {
    // came back "Escoger un plan que obras para ti.", "Estos trabajos para mí.", ca "Tria un pla aquelles feines ja que et."
    expect(await en(['Choose a plan that works for you.', 'This works for me.', 'I work at home.', 'Etar needs permissions to work correctly.']))
      .toEqual(['Escoger un plan que funciona para ti.', 'Esto funciona para mí.', 'Trabajo en casa.', 'Etar necesita permisos para funcionar correctamente.'])
    if (haveMode('eng-cat')) expect(await en(['This works for me.', 'Someone who works here.'], 'ca')).toEqual(['Això funciona per a mi.', 'Algú que treballa aquí.'])

    // a sentence's first word before its object: a setting's description ("Escondrijos el toolbar…", "Espectáculos un preestreno…")
    expect(await en(['Hides the toolbar when scrolling.', 'Shows a preview of the message.', 'Shows and movies'])).toEqual(['Esconde el toolbar cuando desplazamiento.', 'Muestra un preestreno del mensaje.', 'Espectáculos y películas'])
  })

  test('a past passive is the copula\'s preterite, its participle in the copula\'s number (eng-spa, en-gl, eng-cat)', async () => {
    // came back "El archivo estuvo eliminado.", "Los archivos eran exitosamente cargados.", gl "eran con éxito cargado", ca "eren amb èxit carregat"
    expect(await en(['The file was deleted.', 'The files were successfully uploaded.', 'The door was open.']))
      // (an adjective keeps the imperfect; "abierta", a state, then takes "estar": state-copula.ts)
      .toEqual(['El archivo fue eliminado.', 'Los archivos fueron exitosamente cargados.', 'La puerta estaba abierta.'])
    if (haveMode('en-gl')) expect(await en(['The files were successfully uploaded.'], 'gl')).toEqual(['Os ficheiros foron con éxito cargados.'])
    if (haveMode('eng-cat')) expect(await en(['The files were successfully uploaded.'], 'ca')).toEqual(['Els fitxers van ser amb èxit carregats.'])
  })

  test('"ser" before a gerund is "estar", the progressive (eng-spa, en-gl)', async () => {
    // came back "He sido buscándote…", "Hemos sido trabajando en él.", gl "Fun buscándote…"
    expect(await en(["I've been looking for you everywhere.", 'We have been working on it.'])).toEqual(['He estado buscándote en todas partes.', 'Hemos estado trabajando en él.'])
    if (haveMode('en-gl')) expect(await en(['I have been waiting for an hour.'], 'gl')).toEqual(['Estiven esperando unha hora.'])
  })

  test('"reset" is a verb, "restablecer", "restablir", gl "restaurar"; a noun where it is one (eng-spa, eng-cat, en-gl)', async () => {
    // came back "Contraseña de reinicialización", "un enlace a reinicialización tu contraseña", ca "Contrasenya de reinicialització", gl "Reset contrasinal"
    // a word the analyser does not know ends a label as its object ("Clear cache" came back "Claro cache")
    expect(await en(['Reset password', 'Reset', 'Click the link to reset your password.', 'Factory reset', 'Clear cache']))
      .toEqual(['Restablecer contraseña', 'Restablecer', 'Hacer clic en el enlace para restablecer tu contraseña.', 'Reinicialización de fábrica', 'Limpiar cache'])
    if (haveMode('eng-cat')) expect(await en(['Reset password'], 'ca')).toEqual(['Restableix contrasenya'])
    // en-gl's analyser does not know "reset": it stands in as "restore"
    if (haveMode('en-gl')) expect(await en(['Reset password', 'Reset zoom'], 'gl')).toEqual(['Restaurar contrasinal', 'Restaurar zoom'])
  })

  test('"mean to" before a verb is an intention; "anymore" is "más" (eng-spa, eng-cat, en-gl)', async () => {
    // came back "No signifiqué para dolerte.", "No te quiero anymore." (unknown), ca "No vaig significar per doldre't."
    expect(await en(["I didn't mean to hurt you.", "I don't love you anymore.", 'What does this mean to you?']))
      .toEqual(['No te quise doler.', 'No te quiero más.', expect.not.stringMatching(/quis|quier/)])
    if (haveMode('eng-cat')) expect(await en(["I didn't mean to hurt you.", "It doesn't work anymore."], 'ca')).toEqual(["No et vaig voler doldre.", 'No funciona més.'])
    if (haveMode('en-gl')) expect(await en(['I never meant to upset you.'], 'gl')).toEqual(['Nunca quixen trastornarte.'])
  })

  test('"make sure" before a clause is "ensure" it, with "that" (eng-spa, eng-cat, en-eo)', async () => {
    // came back "Marca seguro tienes una conexión…", ca "Marca segur…", eo "Faro certe…"
    expect(await en(['Make sure you have a stable internet connection.', 'Make sure the file exists.', 'Make sure to save your work.']))
      .toEqual(['Asegura que tienes una conexión de internet estable.', 'Asegura que el archivo existe.', expect.not.stringMatching(/Asegura/)])
    // "that" there is the conjunction (ca "Assegura aquell nom d'usuari…" with the demonstrative)
    if (haveMode('eng-cat')) expect(await en(['Make sure the file exists.', 'Make sure that username and password are correct.'], 'ca')).toEqual(['Assegura que el fitxer existeix.', "Assegura que nom d'usuari i la contrasenya són correctes."])
    if (haveMode('en-eo')) expect(await en(['Make sure the file exists.'], 'eo')).toEqual(['Certigi ke la dosiero ekzistas.'])
  })

  test('documentation\'s phrasal verbs read in their sense: "check out" an object is consulting, a command\'s "refer to" too, "reach out" is contacting, "set up" configuring, "be sure to" remembering (eng-spa, eng-cat, en-gl)', async () => {
    // came back "Control fuera de nuestra documentación…", "Por favor, refiere a la documentación de Traefik.", "Alcanza fuera a
    // nosotros en Discord.", "Puesto arriba de un servidor de web.", "Una vez puesto arriba, funciona.", "Ser seguro para seguir las directrices."
    expect(await en(['Check out our documentation for instructions.', 'Please refer to the Traefik documentation.', 'It refers to the port.', 'Reach out to us on Discord.', 'Set up a web server.', 'Once set up, it works.', 'Be sure to follow the guidelines.']))
      .toEqual(['Consultar nuestra documentación para instrucciones.', 'Por favor, consultar la documentación de Traefik.', 'Refiere al puerto.', 'Contactarnos en Discord.', 'Configurar un servidor de web.', 'Una vez configurado, funciona.', 'Recordar seguir las directrices.'])
    // a shop's "Check out" (no object) is not consulting
    expect((await en(['Check out']))[0]).not.toMatch(/onsult/)
    // ca "Comprova la nostra documentació…", "Pots assolir fora via Discord."; gl "Podes lograr fóra de vía Discord."
    if (haveMode('eng-cat')) expect(await en(['Check out our documentation for instructions.', 'You can reach out via Discord.'], 'ca')).toEqual(['Consulta la nostra documentació per a instruccions.', 'Pots contactar via Discord.'])
    if (haveMode('en-gl')) expect(await en(['Check out our documentation for instructions.', 'You can reach out via Discord.'], 'gl')).toEqual(['Consultar a nosa documentación para instrucións.', 'Podes contactar vía Discord.'])
    if (haveMode('en-eo')) expect(await en(['Check out our documentation for instructions.'], 'eo')).toEqual(['Konsulti nian dokumentaron por instruoj.'])
  })

  test('"existing" before a noun is the adjective, not "de existir" (eng-spa, eng-cat)', async () => {
    // came back "Integra con tus servicios de existir.", "Para y saca el contenedor de existir:", ca "el vostre existint serveis"
    expect(await en(['It integrates with your existing services.', 'Stop and remove the existing container:'])).toEqual(['Integra con tus servicios existentes.', 'Para y saca el contenedor existente:'])
    if (haveMode('eng-cat')) expect(await en(['It integrates with your existing services.'], 'ca')).toEqual(['Integra amb els vostres serveis existents.'])
  })

  test('the verb after a modal and adverbs is the infinitive, not the participle (eng-spa, en-gl, eng-cat)', async () => {
    // came back "Una vez completo, puedes sólo corrido:", gl "podes só executado:", ca "pots … senzillament va muntar un servidor"
    expect(await en(['Once complete, you can just run:', 'Do not run it.'])).toEqual(['Una vez completo, sólo puedes correr:', 'No correrlo.'])
    if (haveMode('en-gl')) expect(await en(['Once complete, you can just run:'], 'gl')).toEqual(['Unha vez completo, só podes executar:'])
    if (haveMode('eng-cat')) expect(await en(['You can instead simply set up one server.'], 'ca')).toEqual(["Pots en comptes d'això senzillament configurar un servidor."])
  })

  test('a command after a sentence\'s opening clause or sequence adverb is read as one, in the pair\'s instruction form; a subject there is left (eng-spa, eng-cat, en-gl, en-eo)', async () => {
    // came back "Primero, control los registros.", ca "Per afegir una llengua, obert una incidència.", gl "Primeiro, control o rexistra.", eo "Unue, kontrolas la ŝtipojn."
    expect(await en(['First, check the logs.', 'To add a language, open an issue.', 'If enabled, users can sign in.'])).toEqual(['Primero, comprueba los registros.', 'Para añadir un idioma, abre una incidencia.', 'Si habilitado, los usuarios pueden iniciar sesión.'])
    if (haveMode('eng-cat')) expect(await en(['To add a language, open an issue.'], 'ca')).toEqual(['Per afegir una llengua, obre una incidència.'])
    if (haveMode('en-gl')) expect(await en(['First, check the logs.'], 'gl')).toEqual(['Primeiro, comproba o rexistra.'])
    if (haveMode('en-eo')) expect(await en(['First, check the logs.'], 'eo')).toEqual(['Unue, kontroli la ŝtipojn.'])
  })

  test('"when" before a gerund is "al", gl "ao", ca "en" and the infinitive, as "while" is; before a clause it stays (eng-spa, en-gl, eng-cat)', async () => {
    // came back "Cuando añadiendo un archivo, …", gl "Cando engadindo", ca "Quan afegint"
    expect(await en(['When adding a file, check its size.', 'When I was running, it rained.'])).toEqual(['Al añadir un archivo, comprueba su tamaño.', 'Cuando corría, llovió.'])
    if (haveMode('en-gl')) expect((await en(['When adding a file, check its size.'], 'gl'))[0]).toMatch(/^Ao engadir un ficheiro, /)
    if (haveMode('eng-cat')) expect((await en(['When adding a file, check its size.'], 'ca'))[0]).toMatch(/^En afegir un fitxer, /)
  })

  test('"on" between instructions, details, a guide… and "how" or a gerund is "about"; after a verb it stays (eng-spa, en-eo)', async () => {
    // came back "instrucciones en cómo instalarlo", "detalles encima configurando", eo "sur kiel"
    expect(await en(['Read the instructions on how to install it.', 'More details on configuring notifications', 'It depends on what you need.']))
      .toEqual(['Leer las instrucciones sobre cómo instalarlo.', 'Más detalles sobre configurar notificaciones', 'Depende en qué necesitas.'])
    if (haveMode('en-eo')) expect(await en(['Read the instructions on how to install it.'], 'eo')).toEqual(['Legi la instruojn pri kiel instali ĝin.'])
  })

  test('a capitalised word after a given name is a surname, kept; a name that is also a word and a finite verb after a name are not (eng-spa, eng-cat)', async () => {
    // came back "Gracias a Joseph Riesgo y Sean Cuartos.", "Mary Panadero", ca "Joseph Arrisca", "Sean Cambres"
    expect(await en(['Thanks to Joseph Risk and Sean Chambers.', 'Mary Baker', 'John Smith', 'Grant Permissions'])).toEqual(['Gracias a Joseph Risk y Sean Chambers.', 'Mary Baker', 'John Smith', 'Conceder Permisos'])
    if (haveMode('eng-cat')) expect(await en(['Thanks to Joseph Risk and Sean Chambers.'], 'ca')).toEqual(['Gràcies a Joseph Risk i Sean Chambers.'])
  })

  test('"be used to" before a verb is a passive and a purpose, a habit before a gerund; "the below steps" are the following ones; "make sure all" ensures (eng-spa, eng-cat, en-eo)', async () => {
    // came back "Este API puede soler mostrar la tostada.", "Seguir el bajo pasos.", "Esta función hará seguro todas…", ca "pot ser solgut mostrar", eo "la sub paŝoj"
    expect(await en(['This API can be used to show the toast.', 'I am used to working.', 'Follow the below steps.', 'This function will make sure all properties are set.']))
      .toEqual(['Este API puede ser utilizado para mostrar la tostada.', 'Suelo trabajar.', 'Seguir los pasos siguientes.', 'Esta función asegurará que todas las propiedades están puestas.'])
    if (haveMode('eng-cat')) expect(await en(['This API can be used to show the toast.', 'Follow the below steps.'], 'ca')).toEqual(['Això API pot ser utilitzat per mostrar el brindis.', 'Segueix els passos següents.'])
    if (haveMode('en-eo')) expect(await en(['Follow the below steps.'], 'eo')).toEqual(['Sekvi la sekvantajn paŝojn.'])
  })

  test('a question word that opens a question asks, after a dialogue\'s dash too; a statement after a dash reads as without it (eng-spa, eng-cat)', async () => {
    // came back "- ¿Donde estás yendo?" (a subtitle's speaker dash), ca "El que va passar?", "Que l'és?"
    expect(await en(['- Where are you going?', '— How are you?', 'Where are you going?'])).toEqual(['- ¿Dónde estás yendo?', '— ¿Cómo estás?', '¿Dónde estás yendo?'])
    const [dashed, plain] = await en(['- Where I live, it rains.', 'Where I live, it rains.'])
    expect(dashed).toBe(`- ${plain}`)
    if (haveMode('eng-cat')) expect(await en(['What happened?', 'Who is it?', '- What did you click on?'], 'ca')).toEqual(['Què va passar?', 'Qui l\'és?', '- Què vas fer clic damunt?'])
  })

  test('a word after "a" or "the" that can be a noun is one, and "which", "who" after a noun are relatives (eng-spa, eng-cat, en-gl)', async () => {
    // came back "Regresa un prometer cuál resuelve…", "El usuario qué posee el archivo.", ca "quins posseeixen", "Archiva cuáles tienen…"
    expect(await en(['Returns a promise which resolves with a blob.', 'The user which owns the file.', 'Select the folder which contains the images.', 'Which file do you want?', 'A used car.']))
      .toEqual(['Devuelve una promesa que resuelve con un blob.', 'El usuario que posee el archivo.', 'Seleccionar la carpeta que contiene las imágenes.', '¿Qué archivo quieres?', 'Un coche utilizado.'])
    if (haveMode('eng-cat')) expect(await en(['Returns a promise which resolves with a blob.', 'The user which owns the file.'], 'ca')).toEqual(['Torna una promesa que resol amb un blob.', "L'usuari que posseeix el fitxer."])
    if (haveMode('en-gl')) expect(await en(['Choose the file which you want.'], 'gl')).toEqual(['Escoller o ficheiro que queres.'])
  })

  test('a pronoun between a relative and its verb is the subject, and a form that is one verb\'s past and another\'s present the past; the verb agrees with the noun the relative follows (eng-spa, eng-cat)', async () => {
    // came back "El hombre que te vio.", "Escoger el archivo que te querer.", "Archivos que tiene los errores…", ca "que ja ha estat demanat";
    // "El hombre que sierras está aquí." with the subject read but not the verb, "que te puede importar", "que te necesitará" (modals)
    expect(await en(['The man who you saw.', 'Choose the file which you want.', 'Files that have errors are shown.', 'The user who has access.', 'The man who you saw is here.', 'The house that we found was old.', 'The languages which you can import.', 'The files which you will need.']))
      .toEqual(['El hombre que viste.', 'Escoger el archivo que quieres.', 'Archivos que tienen los errores están mostrados.', 'El usuario que tiene acceso.', 'El hombre que viste está aquí.', 'La casa que encontramos era viejo.', 'Los idiomas que puedes importar.', 'Los archivos que necesitarás.'])
    if (haveMode('eng-cat')) expect(await en(['Files that have errors are shown.', 'Fix any issues that arise.'], 'ca')).toEqual(['Fitxers que tenen els errors són mostrats.', 'Fixa qualssevol incidències que sorgeixen.'])
  })

  test('"by" before a gerund is the gerund alone, but after a noun or "get started"; a function "returns" what it gives back (eng-spa, eng-cat, en-gl)', async () => {
    // came back "Les puedes añadir por pulsar el botón.", "Regresa una promesa.", ca "per prémer", gl "por pór"
    expect(await en(['You can add them by pressing the button.', 'By submitting, you agree.', 'You can constrain angle by holding Shift.', 'Get started by signing in.', 'Returns a promise.', 'This function returns the value.', 'Return to the menu.']))
      .toEqual(['Les puedes añadir pulsando el botón.', 'Entregando, acuerdas.', 'Puedes apremiar ángulo por aguantar Turno.', 'Empezar por firmar en.', 'Devuelve una promesa.', 'Esta función devuelve el valor.', 'Regresa al menú.'])
    if (haveMode('eng-cat')) expect(await en(['You can add them by pressing the button.'], 'ca')).toEqual(['Els pots afegir prement el botó.'])
    if (haveMode('en-gl')) expect(await en(['It can be enabled by setting the flag.'], 'gl')).toEqual(['Pode ser habilitado pondo a bandeira.'])
  })

  test('eng-spa reads a developer\'s "render" and "click"\'s forms, which it does not know, as "display" and "press"; Spanish "mostramos" is written right (every pair into Spanish)', async () => {
    // came back "Si tú render él…", "por clicking el botón", "El botón era clicked.", "Te muestramos."
    expect(await en(['If you render it, we render it.', 'You can add them by clicking the button.', 'The button was clicked.', 'We show you.']))
      .toEqual(['Si lo muestras, lo mostramos.', 'Les puedes añadir pulsando el botón.', 'El botón fue pulsado.', 'Te mostramos.'])
  })

  test('through Spanish: a label\'s colour is no surname in French, "successfully" is "avec succès", "pending" "en attente", "in attesa", Italian knows "canceló" (es-fr, spa-ita)', async () => {
    // came back fr "Rojo", "Configurations enregistrées heureusement!" (happily), "Pente" (slope), it "{jobname} canceló." (left in Spanish), "Pendenza"
    if (haveMode('es-fr')) expect(await en(['Red', 'Settings saved successfully!', 'Pending', 'Pending requests'], 'fr')).toEqual(['Rouge', 'Configurations enregistrées avec succès!', 'En attente', 'Demandes en attente'])
    // came back "Direction de courrier électronique", "notification de preuve", "Acte-Approuver" (a court's act)
    if (haveMode('es-fr')) expect(await en(['Email Address', 'Sending Slack test notification…', 'Auto-Approve Movies'], 'fr')).toEqual(['Adresse de courrier électronique', 'En envoyant notification de test de Slack…', 'Auto-Approuver des Films'])
    if (haveMode('spa-ita')) expect(await en(['Requests canceled', 'Pending', 'The request is pending.'], 'it')).toEqual(['Petizioni annullate', 'In attesa', 'La petizione è in attesa.'])
  })

  test('"will be" before a gerund is the future; "like" before a preposition or a quote is "as"; a mid-sentence "please refer to" consults; "these" before a noun (eng-spa, eng-cat, en-gl)', async () => {
    // came back "Seremos añadir estos consta tan…", "volúmenes les gusta en el ejemplo", "a preposiciones les gusta \"de\"", "por favor, refiere al…", ca "Serem afegir"
    expect(await en(["We'll be adding these features as plugins.", 'It will be working soon.', 'Use named volumes like in the example below.', 'For more information, please refer to the documentation.', 'I like in summer to swim.', 'Prepositions like "from" should be lowercase.', 'I like "Star Wars".']))
      .toEqual(['Añadiremos estas características como plugins.', 'Trabajará pronto.', 'Utiliza volúmenes nombrados como en el ejemplo abajo.', 'Para más información, por favor, consultar la documentación.', 'Me gusta en verano para nadar.', 'Preposiciones como "de" debería ser lowercase.', 'Me gustan "Guerras de Estrella".'])
    if (haveMode('eng-cat')) expect(await en(["We'll be adding these features."], 'ca')).toEqual(['Afegirem aquestes característiques.'])
    if (haveMode('en-gl')) expect(await en(['It will be working soon.'], 'gl')).toEqual(['Traballará pronto.'])
  })

  test('"Auto" before a hyphen is the prefix, a show airs, a path\'s slash is a bar (eng-spa)', async () => {
    // came back "Coche-Aprobar Películas", "Aireado {relativeTime}", "una cuchillada final"
    expect(await en(['Auto-Approve Movies', 'Aired yesterday', 'URL must not end in a trailing slash'])).toEqual(['Auto-Aprobar Películas', 'Emitido ayer', 'URL no debe acabar en una barra final'])
  })

  test('a button\'s first word before "on", "in", "with" and a name is the command; a "port" is a machine\'s (eng-spa, en-gl, and fr through Spanish)', async () => {
    // came back "Juego en Plex", "Vista en GitHub", "Portuario", fr "Comando" (left in Spanish)
    expect(await en(['Play on Plex', 'View on GitHub', 'Port', 'Help on topics'])).toEqual(['Reproducir en Plex', 'Ver en GitHub', 'Puerto', 'Ayuda en temas'])
    if (haveMode('en-gl')) expect(await en(['View on GitHub'], 'gl')).toEqual(['Ver en GitHub'])
    if (haveMode('es-fr')) expect(await en(['Port', 'Command'], 'fr')).toEqual(['Port', 'Commande'])
  })

  test('"where possible", "where necessary" opening a sentence are conditions, and a command follows them (eng-spa, eng-cat, en-gl)', async () => {
    // came back "Dónde posible, uso el API.", "Si es posible, uso el API.", gl "Onde necesario, reinicio o server."
    expect(await en(['Where possible, use the API.', 'If possible, use the API.', 'Use the cache where possible.']))
      .toEqual(['Si es posible, utiliza el API.', 'Si es posible, utiliza el API.', 'Utilizar el cache si es posible.'])
    if (haveMode('eng-cat')) expect(await en(['Where necessary, restart the server.'], 'ca')).toEqual(['Si és necessari, reinicia el servidor.'])
    if (haveMode('en-gl')) expect(await en(['Where necessary, restart the server.'], 'gl')).toEqual(['Se necesario, reinicia o server.'])
  })

  test('"home" after a verb of going is "a casa"; a site\'s home page is its "inicio"; a home stays "casa" (eng-spa, eng-cat)', async () => {
    // came back "Estoy yendo casa.", "Vine en casa tarde.", "Ir a la página de casa", ca "Estic anant casa."
    expect(await en(["I'm going home.", 'I came home late.', 'Go to the home page', 'My home is here.'])).toEqual(['Estoy yendo a casa.', 'Vine a casa tarde.', 'Ir a la página de inicio', 'Mi casa está aquí.'])
    if (haveMode('eng-cat')) expect(await en(["I'm going home."], 'ca')).toEqual(['Estic anant a casa.'])
  })

  test('en-eo: a participle agrees as an adjective: before its noun in number and case, after a plural subject (and "esti") in number', async () => {
    // came back "vidi dividita dosierojn", "Konfiguracioj savita.", "La dosieroj estis forigita."
    if (!haveMode('en-eo')) return
    expect(await en(['You can view shared files.', 'Settings saved.', 'The files were deleted.', 'Changes will not be saved.', 'The file was deleted.'], 'eo'))
      .toEqual(['Vi povas vidi dividitajn dosierojn.', 'Konfiguracioj savitaj.', 'La dosieroj estis forigitaj.', 'Ŝanĝoj ne estos savitaj.', 'La dosiero estis forigita.'])
  })

  test('a word that can only be a participle after a command opening a label is the participle too, the command a verb and the next word its noun (eng-spa, en-gl)', async () => {
    // came back "El espectáculo escondido archiva", gl "Espectáculo ficheiros escondidos"
    expect(await en(['Show hidden files', 'A written warning.'])).toEqual(['Mostrar archivos escondidos', 'Un aviso escrito.'])
    if (haveMode('en-gl')) expect(await en(['Show hidden files'], 'gl')).toEqual(['Mostrar ficheiros escondidos'])
  })

  test('a button\'s verb before "Now", "Again", "More"… is the command (every pair from English); a job run now is "ejecutar" (eng-spa)', async () => {
    // Overseerr's "Request More", "Run Now" came back "Petición Más", "Corrido Ahora", ca "Executat Ara", eo "Peto Pli"
    expect(await en(['Request More', 'Run Now', 'Scan Now', 'Show More'])).toEqual(['Pedir Más', 'Ejecutar Ahora', 'Escanear Ahora', 'Mostrar Más'])
    if (haveMode('eng-cat')) expect(await en(['Run Now'], 'ca')).toEqual(['Executa Ara'])
    if (haveMode('en-eo')) expect(await en(['Request More'], 'eo')).toEqual(['Peti Pli'])
  })

  test('an -ing word opening a sentence whose "is" follows its object (a noun) is the infinitive, the subject; a participle clause before a pronoun stays (every pair from English)', async () => {
    // came back "Eliminando a un usuario es permanente.", "Usuarios de Plex importador no es…", eo "Foriganta uzanton estas…"
    const [deleting, importing, considering, progress] = await en(['Deleting a user is permanent.', 'Importing Plex users is not required.', 'Considering the same example this is the response.', 'Importing users…'])
    expect([deleting, considering]).toEqual(['Eliminar a un usuario es permanente.', 'Considerando el mismo ejemplo esto es la respuesta.'])
    expect(importing).toMatch(/^Importar usuarios de Plex no es /) // (the adjective still agrees with "usuarios")
    expect(progress).not.toMatch(/^Importar/) // a progress label has no "is"
    if (haveMode('en-eo')) expect(await en(['Deleting a user is permanent.'], 'eo')).toEqual(['Forigi uzanton estas konstanta.'])
  })

  test('a list\'s commands opening a sentence before "by" (and "sort" before "in … order") are the verbs; "Sort order" stays a noun\'s compound (every pair from English)', async () => {
    // came back "Clase en orden descendente", "Búsqueda por título", ca "Classe de nom"
    expect(await en(['Sort in descending order', 'Search by title', 'Sort by date', 'Sort order'])).toEqual(['Ordenar en orden descendente', 'Buscar por título', 'Ordenar por fecha', 'Orden de clasificación'])
    if (haveMode('eng-cat')) expect(await en(['Sort by name', 'Search by title'], 'ca')).toEqual(['Ordena de nom', 'Busca per títol'])
    // en-eo: "by" there is "laŭ" (came back "Ordigi de dato", "Filtri de statuso"); a participle's agent stays "de"
    if (haveMode('en-eo')) expect(await en(['Sort by date', 'Filter by status', 'Played by John'], 'eo')).toEqual(['Ordigi laŭ dato', 'Filtri laŭ statuso', 'Ludita de John'])
  })

  test('"fetch" and its forms, which eng-spa and eng-cat do not know, are "retrieve"\'s ("recuperar"); "parse" is "analyse", "docs" "documentation", British spellings the American ones', async () => {
    // came back "Overseerr fetches Datos…", "No se pudo fetch la lista."
    expect(await en(['Failed to fetch the list.', 'Fetching data…', 'Overseerr fetches the data.'])).toEqual(['No se pudo recuperar la lista.', 'Recuperando datos…', 'Overseerr recupera los datos.'])
    if (haveMode('eng-cat')) expect(await en(['Failed to fetch the list.'], 'ca')).toEqual(['No es va poder recuperar la llista.'])
    // and "parse", "parser", "docs", "Customise" ("cuál parses", "el docs", gl "Customise o tema")
    expect(await en(['The converter parses the data.', 'Read the docs.'])).toEqual(['El convertidor analiza los datos.', 'Leer la documentación.'])
    if (haveMode('en-gl')) expect(await en(['Customise the theme.'], 'gl')).toEqual(['Personalizar o tema.'])
  })

  test('"try out" is trying, with or without its object pronoun between (every pair from English)', async () => {
    // came back "Lo puedes probar fuera aquí.", "Prueba fuera de Excalidraw+", gl "tentalo fóra de aquí"
    expect(await en(['You can try it out here.', 'Try out Excalidraw+ for more.'])).toEqual(['Lo puedes probar aquí.', 'Probar Excalidraw+ para más.'])
    if (haveMode('en-gl')) expect(await en(['You can try it out here.'], 'gl')).toEqual(['Podes tentalo aquí.'])
  })

  test('what something leads to is "conducir a" (eng-spa, and through Spanish "conduire à"); leading a team stays "dirigir"', async () => {
    // came back "puede dirigir a pérdida de datos", fr "peut diriger à"
    expect(await en(['This may lead to data loss.', 'She leads the team.'])).toEqual(['Esto puede conducir a pérdida de datos.', 'Dirige al equipo.'])
    if (haveMode('es-fr')) expect(await en(['This may lead to data loss.'], 'fr')).toEqual(['Ceci peut conduire à perte de données.'])
  })

  test('a noun and two adjectives with a comma keep the blank the transfer left out; "by default" is "por defecto" (eng-spa, en-gl, eng-cat)', async () => {
    // came back "Un avisoprivado, escrito.", "por predeterminó", ca "per predeterminat"
    expect(await en(['A private, written warning.', 'This setting is enabled by default.'])).toEqual(['Un aviso privado, escrito.', 'Esta configuración está habilitada por defecto.'])
    if (haveMode('en-gl')) expect(await en(['A private, written warning.'], 'gl')).toEqual(['Un aviso privado, escrito.'])
    if (haveMode('eng-cat')) expect(await en(['By default, the server starts.'], 'ca')).toEqual(['Per defecte, els inicis de servidor.'])
  })

  test('dialogue\'s greetings and questions: "nice to meet you", "what time is it", "hurry up"; "almost" before a place keeps "estar" (eng-spa, en-gl)', async () => {
    // came back "Niza para cumplirte.", "¿Qué tiempo es?", "¡Prisa arriba!", "Somos casi allí.", gl "Niza para coñecerte."
    expect(await en(['Nice to meet you.', 'What time is it?', 'Hurry up!', "We're almost there."])).toEqual(['Encantado de conocerte.', '¿Qué hora es?', '¡Prisa!', 'Estamos casi allí.'])
    if (haveMode('en-gl')) expect(await en(['Nice to meet you.', 'What time is it?'], 'gl')).toEqual(['Feliz de coñecerte.', 'Que hora é?'])
    if (haveMode('eng-cat')) expect(await en(['Nice to meet you.'], 'ca')).toEqual(['Encantat de conèixer-te.'])
  })

  test('dialogue\'s phrases: "thank you so much", "be right back", "look at" (a verb, not after "a"), "stay here" (eng-spa, eng-cat)', async () => {
    // came back "Gracias tanto.", "Seré derecho atrás.", "Aspecto en mí.", "toma un aspecto en los recursos", "Estancia aquí."
    expect(await en(['Thank you so much.', "I'll be right back.", 'Look at me.', 'Take a look at the following resources.', 'A look at the past', 'Stay here.']))
      .toEqual(['Muchas gracias.', 'Volveré pronto.', 'Mirarme.', 'Mirar los recursos siguientes.', 'Un aspecto en el pasado', 'Quedar aquí.'])
    if (haveMode('eng-cat')) expect(await en(["I'll be right back.", 'Look at me.'], 'ca')).toEqual(['Tornaré aviat.', "Mira'm."])
    // "let us know" tells us in Spanish ("o dejado nos saber"); Catalan's own "deixa'ns saber" stays
    expect(await en(['Read the guide or let us know on Discord.'])).toEqual(['Leer la guía o decirnos en Discord.'])
    if (haveMode('eng-cat')) expect((await en(['Let us know on Discord.'], 'ca'))[0]).toMatch(/^Deixa'ns saber/)
  })

  test('"if" before a gerund is "en caso de" and the infinitive, "si" and the infinitive where the gerund is the clause\'s subject (eng-spa, eng-cat)', async () => {
    // came back "Si utilizando Cloudflare, …", "Si desactivando esta configuración no arregla…", ca "Si utilitzant"
    expect(await en(['If using Cloudflare, check the rules.', 'A secure (if using SSL) method', "If disabling this setting doesn't fix it, open an issue."]))
      .toEqual(['En caso de utilizar Cloudflare, comprueba las reglas.', 'Un seguro (en caso de utilizar SSL) método', 'Si desactivar esta configuración no lo arregla, abre una incidencia.'])
    if (haveMode('eng-cat')) expect((await en(['If using Cloudflare, check the rules.'], 'ca'))[0]).toMatch(/^En cas d'utilitzar Cloudflare, /)
  })

  test('a shop\'s order is a "pedido", shipped "enviado"; an ordering keeps "orden" (eng-spa)', async () => {
    // came back "Tu orden ha sido embarcado.", "Historia de orden"
    expect(await en(['Your order has been shipped.', 'Order number', 'The order of the items'])).toEqual(['Tu pedido ha sido enviado.', 'Número de pedido', 'El orden de los elementos'])
  })

  test('thanks "for" something is "por", ca "per" (eng-spa, eng-cat)', async () => {
    // came back "¡Gracias para tu compra!", "Da las gracias por tu ayuda." (the verb), ca "Gràcies per a la vostra compra!"
    expect(await en(['Thank you for your purchase!', 'Thanks for your help.', 'We are waiting for you.'])).toEqual(['¡Gracias por tu compra!', 'Gracias por tu ayuda.', 'Estamos esperándote.'])
    if (haveMode('eng-cat')) expect(await en(['Thank you for your purchase!'], 'ca')).toEqual(['Gràcies per la vostra compra!'])
  })

  test("a media player's words: a record is data kept, a recording sound or video kept, \"Play\" and \"Stop\" buttons are commands, \"play\" opening a label before \"from\"/\"in\" too, subtitles are eng-spa's \"subtítulos\"; a world's record and a count's lone \"play\" keep theirs (eng-spa, eng-cat)", async () => {
    // Jellyfin's Android TV strings came back "Ningún récord encontrado", "Registro cancelado", "Juego", "Parada", "Juego en navegador", "Incapaz de cargar subtitle"
    expect(await en(['No records found', 'A new world record', 'Recording cancelled', 'No recordings available', 'Play', 'Stop', 'Play in browser', 'Unable to load subtitle', 'Select subtitle track']))
      .toEqual(['Ningún registro encontrado', 'Un récord mundial nuevo', 'Grabación cancelada', 'Ninguna grabación disponible', 'Reproducir', 'Parar', 'Reproducir en navegador', 'Incapaz de cargar subtítulo', 'Seleccionar pista de subtítulo'])
    // an ICU branch's count: "{playCount, plural, one {play} other {plays}}" (Overseerr)
    expect(await en(['play'])).toEqual(['juego'])
    // a play before what counts or settles it is a playback; a game's time and a theatre's play stay
    expect(await en(['Play count', 'Play method', 'Play time'])).toEqual(['Cuenta de reproducción', 'Método de reproducción', 'Tiempo de juego'])
    if (haveMode('eng-cat')) expect(await en(['No records found', 'Her personal record', 'Recording cancelled', 'Play'], 'ca')).toEqual(['Cap registre trobat', 'El seu rècord personal', 'Enregistrament cancel·lat', 'Reprodueix'])
  })

  test('a player\'s playlists, its queue, a film\'s rating and a dialog\'s "Got it" read as interfaces write them (playlist: every pair; queue: eng-spa, which lacks the word; rating: eng-spa, eng-cat)', async () => {
    // came back "Playlists", "Añadir a queue", "Índice comunitario", "Índice de edad máxima", "Conseguido lo"
    expect(await en(['Playlists', 'Add to queue', 'Community rating', 'Maximum age rating', 'Got it!']))
      .toEqual(['Listas de reproducción', 'Añadir a cola', 'Valoración comunitaria', 'Clasificación de edad máxima', '¡Entendido!'])
    // not inside a sentence
    expect((await en(['I got it from the store.']))[0]).not.toMatch(/ntendid/)
    if (haveMode('eng-cat')) expect(await en(['Playlists', 'Community rating', 'Got it'], 'ca')).toEqual(['Llistes de reproducció', 'Valoració comunitària', 'Entès'])
    if (haveMode('en-eo')) expect(await en(['Playlists'], 'eo')).toEqual(['Reproduktadaj listoj'])
  })

  test('settings\' words: what is advanced is "avanzado", a list\'s sort "clasificación" (a kind before "of" keeps "clase"), "Sort" and a plural object before "by" the command, a zip code a postal code, whose Spanish plural is "postales" (eng-spa; zip code every pair)', async () => {
    // Jellyfin's web strings came back "Configuraciones adelantadas", "Nombre de clase", "Cuentas de clase por", "Código de cremallera"; the generator wrote "códigos postals"
    expect(await en(['Advanced settings', 'Sort name', 'All sorts of things', 'Sort accounts by', 'Zip Code', 'Enter your zip codes.']))
      .toEqual(['Configuraciones avanzadas', 'Nombre de clasificación', 'Todas las clases de cosas', 'Ordenar cuentas por', 'Código postal', 'Introducir tus códigos postales.'])
    if (haveMode('eng-cat')) expect(await en(['Zip Code', 'Sort accounts by'], 'ca')).toEqual(['Codi postal', 'Ordena comptes per'])
    if (haveMode('en-eo')) expect(await en(['Zip Code'], 'eo')).toEqual(['Poŝta kodo'])
  })

  test('settings\' words a pair lacks read as their synonyms ("info", "streaming", "setup", "fallback", "upcoming", "runtime", "backdrop", "deletion"), and a wizard\'s "Finish", a server\'s "Force" are commands, before a noun but a date\'s or a time\'s too', async () => {
    // came back as written: "Reproducción info", "Streaming Servicios", "Setup", "Upcoming Películas", "Runtime", "Mostrar backdrops"; "Finish Setup" "Llegada Setup"
    expect(await en(['Playback info', 'Streaming Services', 'Setup', 'Fallback font', 'Upcoming Movies', 'Runtime', 'Show backdrops', 'Finish Setup', 'Finish', 'Finish date']))
      .toEqual(['Información de reproducción', 'Servicios de transmisión', 'Configuración', 'Fuente de reserva', 'Películas próximas', 'Tiempo de ejecución', 'Mostrar fondos', 'Acabar Configuración', 'Acabar', 'Fecha de llegada'])
    if (haveMode('eng-cat')) expect(await en(['Info', 'Setup', 'Finish Setup'], 'ca')).toEqual(['Informació', 'Configuració', 'Acaba Configuració'])
    if (haveMode('en-gl')) expect(await en(['Info', 'Upcoming Movies'], 'gl')).toEqual(['Información', 'Filmes próximos'])
    // "deletion" (eng-spa, en-gl) is "elimination"; "Force" before a noun is the command: Kodi's "Confirmar archivo deletion", "Reproducción de HTTP de la fuerza"
    expect(await en(['Confirm file deletion', 'Force HTTP playback', 'The force is strong.'])).toEqual(['Confirmar eliminación de archivo', 'Forzar reproducción de HTTP', 'La fuerza es fuerte.'])
  })

  test('"allow", "help", "invite"… with an object before "to" and an infinitive: the object takes the personal "a", the infinitive goes bare after "allow", after "a" after the others (es, ca, gl)', async () => {
    // came back "Permitir usuarios para cargar archivos", "Esto te ayuda para encontrar archivos", "Invita personas para colaborar…"
    expect(await en(['Allow users to upload files.', 'This helps you to find files.', 'Invite people to collaborate on your drawing.', 'Allow this user to manage collections', 'We need a server to run the app.']))
      .toEqual(['Permitir a usuarios cargar archivos.', 'Esto te ayuda a encontrar archivos.', 'Invita a personas a colaborar en tu dibujo.', 'Permitir a este usuario gestionar colecciones', 'Necesitamos un servidor para ejecutar la aplicación.'])
    if (haveMode('eng-cat')) expect(await en(['Allow users to upload files.', 'This helps you to find files.'], 'ca')).toEqual(['Permet a usuaris carregar fitxers.', "Això t'ajuda a trobar fitxers."])
    if (haveMode('en-gl')) expect(await en(['Allow users to upload files.', 'This helps you to find files.'], 'gl')).toEqual(['Permitir a usuarios cargar ficheiros.', 'Isto axúdate a atopar ficheiros.'])
  })

  test('a word of several read for one ("Username", "Playlist") keeps no capital inside the phrase it becomes: the text\'s first letter keeps its own', async () => {
    // came back "Añadir a lista de Reproducción", "Introducir nombre de Usuario", ca "Entra nom d'Usuari"
    expect(await en(['Add to Playlist', 'Enter Username', 'Playlists'])).toEqual(['Añadir a lista de reproducción', 'Introducir nombre de usuario', 'Listas de reproducción'])
    if (haveMode('eng-cat')) expect(await en(['Enter Username', 'Username is required.'], 'ca')).toEqual(["Entra nom d'usuari", "Nom d'usuari és obligatori."])
  })

  test('a question opening on a verb a person has or does, with no subject ("Need help?", "Already have an account?", "Don\'t have an account?", "Forgot password?"), is asked of "you"; one with its own subject keeps it', async () => {
    // came back "¿Ayuda de necesidad?", "¿Ya tener una cuenta?", "¿No tiene una cuenta?", "¿Olvidó contraseña?"
    expect(await en(['Need help?', 'Already have an account?', "Don't have an account?", 'Forgot password?', 'Want to learn more?', 'Have you seen it?', 'Need help']))
      .toEqual(['¿Necesitas ayuda?', '¿Ya tienes una cuenta?', '¿No tienes una cuenta?', '¿Olvidaste contraseña?', '¿Quieres aprender más?', '¿Lo has visto?', 'Ayuda de necesidad'])
    if (haveMode('eng-cat')) expect(await en(['Already have an account?', "Don't have an account?"], 'ca')).toEqual(['Ja tens un compte?', 'No tens un compte?'])
    if (haveMode('en-gl')) expect(await en(['Need help?'], 'gl')).toEqual(['Necesitas axuda?'])
  })

  test('"bit" after a number is the unit: after a space the noun, after a hyphen kept as written; "bit" elsewhere keeps its readings (every pair from English)', async () => {
    // Jellyfin's strings came back "Habilita 10-mordió descodificación de hardware", "64-mordió versión"
    expect(await en(['Enable 10-bit hardware decoding', '8 bits per sample', 'A bit of time', 'The dog bit me.']))
      .toEqual(['Habilitar 10-bit descodificación de hardware', '8 bits por muestra', 'Un poco de tiempo', 'El perro me mordió.'])
    if (haveMode('eng-cat')) expect(await en(['Enable 10-bit hardware decoding'], 'ca')).toEqual(['Habilita 10-bit descodificació de maquinari'])
  })

  test('"live" before a broadcast is "en directo" (es, and fr through it), ca "en directe"; a life stays one (eng-spa, eng-cat)', async () => {
    // Jellyfin's strings came back "Televisión viva", "Emisiones vivas", ca "Viu televisió" (it lives)
    expect(await en(['Live TV', 'Live broadcasts', 'The fish is alive.', 'We live in Spain.'])).toEqual(['Televisión en directo', 'Emisiones en directo', 'El pez está vivo.', 'Vivimos en España.'])
    expect(await en(['Live TV'], 'fr')).toEqual(['Télévision en direct'])
    if (haveMode('eng-cat')) expect(await en(['Live TV', 'We live in Spain.'], 'ca')).toEqual(['Televisió en directe', 'Vivim en Espanya.'])
  })

  test('a setting\'s "Auto", alone or before a noun, is automatic, a car after a determiner; an editor\'s crop is a cut (eng-spa, eng-cat)', async () => {
    // came back "Coche", "Cosecha de coche", "Modo de coche", ca "Talla imatge"
    expect(await en(['Auto', 'Auto crop', 'Auto mode', 'My auto is red.'])).toEqual(['Automático', 'Recorte automático', 'Modo automático', 'Mi coche es rojo.'])
    if (haveMode('eng-cat')) expect(await en(['Auto', 'Crop image', 'The auto is red.'], 'ca')).toEqual(['Automàtic', 'Retalla imatge', 'El cotxe és vermell.'])
    if (haveMode('en-eo')) expect(await en(['Auto mode'], 'eo')).toEqual(['Aŭtomata maniero'])
  })

  test('no English pair\'s hints leave a unit without readings: a word after "one" that can only be a verb stays one (it emptied "as one grouped item", and eng-cat\'s tagger died on the whole text)', async () => {
    const crashed = 'Movies in a collection will be displayed as one grouped item when displaying movie lists.'
    for (const target of ['es', 'ca', 'gl', 'eo'].filter((t) => haveMode({ es: 'eng-spa', ca: 'eng-cat', gl: 'en-gl', eo: 'en-eo' }[t]!))) {
      expect((await en([crashed], target))[0], target).toMatch(/ agrupa|grupigit/)
    }
    // every interface string of the bench's corpus through each pair's analyser and hints
    const lines = [...readFileSync(new URL('../../../scripts/bench/ui-strings/en.txt', import.meta.url), 'utf8').split('\n').filter(Boolean), crashed]
    for (const name of ['eng-spa', 'eng-cat', 'en-gl', 'en-eo'].filter(haveMode)) {
      const [analyser, hints] = readModeStages(`/usr/share/apertium/modes/${name}.mode`, hasWordBoundBlanks())
      const analysed = execFileSync('sh', ['-c', analyser!], { input: lines.map((line) => `${escapeStream(line)}\0`).join(''), encoding: 'utf8' })
      const hinted = execFileSync('sh', ['-c', hints!], { input: analysed, encoding: 'utf8' })
      expect(hinted.split('\0').length, name).toBe(analysed.split('\0').length)
      expect(hinted.match(/\^(?:[^\\/$]|\\.)*\$/g) ?? [], name).toEqual([])
    }
  })

  test.skipIf(!haveMode('en-gl') || !haveMode('eng-cat'))('the same hints serve en-gl and eng-cat', async () => {
    const [gl] = await en(['Share this link with anyone'], 'gl')
    expect(gl).toMatch(/^Compartir esta ligazón/)
    const [ca] = await en(['Open the file'], 'ca')
    expect(ca).toMatch(/^Obr(e|ir) el fitxer/)
  })
})
