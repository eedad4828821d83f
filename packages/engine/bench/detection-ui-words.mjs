// Builds src/detect/ui-words.json: how often each word occurs in the user-interface strings
// of free software, per language the detector knows, read from the gettext catalogs Debian
// installs under /usr/share/locale (GTK, GLib, PackageKit, GStreamer…: whatever desktop
// catalogs are installed; the file lists those it counted), and the two UI sets below. Short
// UI strings are what detection is asked about most, and for the close languages (id/ms,
// gl/pt/es, nb/nn/da, mk/bg, oc/ca) these catalogs hold thousands of real strings each, where
// CLDR has a few hundred.
//
// Only word counts are kept (no string), and only words seen at least MIN_COUNT times, at
// most PER_LANGUAGE per language: a frequency list, the most common words of each language's
// interface text. Left out, so that no measured family is learnt from here:
//   - the iso-codes catalogs (iso_3166 region, iso_4217 currency and iso_639 language names:
//     the held-out set's regions and currencies, the tuning set's language names) and
//     xkeyboard-config (keyboard layouts named by language and country);
//   - a translation identical to its English original (left untranslated), and, in each
//     translation, the words its English original also has (names and terms kept in English:
//     "Bluetooth", "URL", "GNOME").
// English's counts are the catalogs' original strings (msgid), each distinct one once.
//
// Run: node packages/engine/bench/detection-ui-words.mjs   (reads /usr/share/locale)
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'

const LOCALE_DIR = '/usr/share/locale'
/** Detector code → the gettext locale folders whose catalogs stand for it. */
const LOCALES = {
  af: ['af'], an: ['an'], ast: ['ast'], be: ['be'], bg: ['bg'], br: ['br'], ca: ['ca'], da: ['da'], eo: ['eo'], es: ['es'],
  eu: ['eu'], fr: ['fr'], gl: ['gl'], hi: ['hi'], id: ['id'], is: ['is'], it: ['it'], mk: ['mk'], ms: ['ms'], nb: ['nb'],
  nl: ['nl'], nn: ['nn'], oc: ['oc'], pl: ['pl'], pt: ['pt', 'pt_BR'], ro: ['ro'], ru: ['ru'], sh: ['hr', 'bs', 'sr@latin'],
  sl: ['sl'], sv: ['sv'], uk: ['uk'], ur: ['ur'],
}
const EXCLUDED = /^(iso_|iso-|xkeyboard-config)/
const MIN_COUNT = 2
const PER_LANGUAGE = 4000

/**
 * The (msgid, msgstr) pairs of a binary .mo catalog, plural forms split, the header skipped,
 * decoded in the charset the header declares (some command-line catalogs are ISO-8859-1:
 * read as UTF-8, "Tal på tilbyr-forhold" had become "Tal p\uFFFD tilbyr-forhold").
 */
function readMo(file) {
  const buf = readFileSync(file)
  const magic = buf.readUInt32LE(0)
  const u32 = magic === 0x950412de ? (o) => buf.readUInt32LE(o) : magic === 0xde120495 ? (o) => buf.readUInt32BE(o) : null
  if (!u32) throw new Error(`${file}: not a .mo catalog`)
  const count = u32(8)
  const originals = u32(12)
  const translations = u32(16)
  const bytes = (table, i) => buf.subarray(u32(table + i * 8 + 4), u32(table + i * 8 + 4) + u32(table + i * 8))
  // the header is the translation of the empty msgid, the first entry of the sorted table
  const header = count > 0 && u32(originals) === 0 ? bytes(translations, 0).toString('latin1') : ''
  const charset = /charset=([\w.:-]+)/i.exec(header)?.[1]?.toLowerCase() ?? 'utf-8'
  // "CHARSET" is the template's placeholder, left in catalogs that are then UTF-8 or ASCII
  const decoder = new TextDecoder(charset === 'charset' ? 'utf-8' : charset)
  const string = (table, i) => decoder.decode(bytes(table, i))
  const pairs = []
  for (let i = 0; i < count; i++) {
    const id = string(originals, i)
    if (id === '') continue
    // msgctxt travels as "context\u0004msgid"; plural forms are separated by NULs
    const msgid = id.split('\u0004').pop().split('\0').join(' ')
    for (const msgstr of string(translations, i).split('\0')) if (msgstr !== '') pairs.push([msgid, msgstr])
  }
  return pairs
}

/** A UI string as words: format directives, markup, entities, mnemonics and escapes removed. */
function words(text) {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, ' ')
    .replace(/%(\d+\$)?[-+ 0#']*(\d+|\*)?(\.\d+)?(hh|h|ll|l|L|q|j|z|t|I)?[a-zA-Z%]|%\([^)]*\)[a-z]|\$\{[^}]*\}|\{[^}]*\}/g, ' ')
    .replace(/\\[ntr]/g, ' ')
    .replace(/https?:\/\/\S+|\S+@\S+\.\S+/g, ' ')
    .replace(/[_&](?=\p{L})/gu, '')
  return (plain.match(/\p{L}[\p{L}\p{M}]*(?:['’-]\p{L}[\p{L}\p{M}]*)*/gu) ?? []).map((w) => w.toLowerCase().replace(/’/g, "'"))
}

/**
 * Two sets of real UI strings (2–8 words, no directives or markup) are kept out of the counts:
 *   test/fixtures/detection-ui.json         held out: the translations of every catalog of
 *                                           HELD_OUT_CATALOGS (command-line tools: coreutils,
 *                                           dpkg, apt, bash…), programs the counts never saw;
 *                                           measured on, never tuned on
 *   test/fixtures/detection-ui-tuning.json  one original string in five of the other catalogs
 *                                           (by a hash of its msgid, so the same strings in
 *                                           every language), for choosing the counts' weight
 * The counts are the rest: the desktop catalogs (GTK, GLib, PackageKit, GStreamer…).
 */
const HELD_OUT_CATALOGS = new Set(['coreutils', 'tar', 'sed', 'grep', 'findutils', 'diffutils', 'wget', 'wget-gnulib', 'bash', 'make', 'gawk', 'libc',
  'dpkg', 'dpkg-dev', 'apt', 'libapt-pkg6.0', 'man-db', 'man-db-gnulib', 'shadow', 'Linux-PAM', 'systemd', 'gnupg2', 'popt', 'psmisc', 'xz',
  'gettext-runtime', 'gettext-tools', 'adduser', 'binutils', 'bfd', 'gas', 'gold', 'gprof', 'ld', 'opcodes', 'git', 'libidn2', 'gnutls30', 'polkit-1'])
const isTuning = (msgid) => createHash('sha256').update(msgid).digest()[0] < 256 / 5
const PER_LANGUAGE_MEASURED = 100
const measured = { heldout: {}, tuning: {} }
/** A string the sets can use: 2–8 words, not a template, mostly words its English original lacks. */
function measurable(msgstr, original) {
  const mine = words(msgstr)
  return mine.length >= 2 && mine.length <= 8 && !/[%{}<>\\]|_\p{L}|\n/u.test(msgstr) && mine.filter((w) => original.has(w)).length <= mine.length / 3
}

const tidy = (text) => text.trim().replace(/\s+/g, ' ')
/** Every translation the counts were made from: a measured string must not be one of them, whatever its msgid. */
const counted = new Set()
const countedEnglish = new Set()
const catalogsRead = {}
const counts = {}
const englishSeen = new Set()
const english = new Map()
for (const [code, folders] of Object.entries(LOCALES)) {
  const tally = new Map()
  catalogsRead[code] = []
  for (const folder of folders) {
    const dir = join(LOCALE_DIR, folder, 'LC_MESSAGES')
    if (!existsSync(dir)) continue
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith('.mo') || EXCLUDED.test(name)) continue
      if (!HELD_OUT_CATALOGS.has(name.slice(0, -3))) catalogsRead[code].push(`${folder}/${name.slice(0, -3)}`)
      for (const [msgid, msgstr] of readMo(join(dir, name))) {
        if (msgstr.trim() === msgid.trim()) continue
        const original = new Set(words(msgid))
        const set = HELD_OUT_CATALOGS.has(name.slice(0, -3)) ? 'heldout' : isTuning(msgid) ? 'tuning' : null
        if (set) {
          if (measurable(msgstr, original)) (measured[set][code] ??= new Set()).add(tidy(msgstr))
          if (measurable(msgid, new Set())) (measured[set].en ??= new Set()).add(tidy(msgid))
          continue
        }
        counted.add(tidy(msgstr))
        for (const word of words(msgstr)) if (!original.has(word)) tally.set(word, (tally.get(word) ?? 0) + 1)
        if (!englishSeen.has(msgid)) {
          englishSeen.add(msgid)
          countedEnglish.add(tidy(msgid))
          for (const word of original) english.set(word, (english.get(word) ?? 0) + 1)
        }
      }
    }
  }
  counts[code] = tally
}
counts.en = english
catalogsRead.en = ['the original (msgid) of every catalog above, each distinct string once']

const out = { about: 'Word counts of the gettext catalogs Debian installs (bench/detection-ui-words.mjs): per language "word count word count …", words seen at least twice, the most frequent first.', heldOutCatalogs: [...HELD_OUT_CATALOGS].sort(), catalogs: {}, words: {} }
for (const code of Object.keys(counts).sort()) {
  const top = [...counts[code]].filter(([, n]) => n >= MIN_COUNT).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, PER_LANGUAGE)
  if (top.length === 0) continue
  out.catalogs[code] = catalogsRead[code]
  // one string per language, "word count word count …": a JSON object of 4 000 keys per
  // language would be 144 000 properties held in the engine's heap for the process's life
  out.words[code] = top.map(([word, n]) => `${word} ${n}`).join(' ')
  console.log(`${code}: ${catalogsRead[code].length} catalogs, ${counts[code].size} distinct words, kept ${top.length}; top: ${top.slice(0, 8).map(([w]) => w).join(' ')}`)
}
writeFileSync(new URL('../src/detect/ui-words.json', import.meta.url), JSON.stringify(out) + '\n')

// A string written identically in two languages has no single answer: dropped from both. A
// string the counts were made from (the same words under another msgid), or one that is in
// both measured sets ("Out of memory" of coreutils and of GTK), is dropped too.
for (const [name, sets] of Object.entries(measured)) {
  const owners = new Map()
  for (const strings of Object.values(sets)) for (const s of strings) owners.set(s, (owners.get(s) ?? 0) + 1)
  for (const [code, strings] of Object.entries(sets)) {
    for (const s of strings) if ((code === 'en' ? countedEnglish : counted).has(s) || (name === 'tuning' && measured.heldout[code]?.has(s))) strings.delete(s)
  }
  const out = {}
  const hash = (text) => createHash('sha256').update(text).digest('hex')
  for (const code of Object.keys(sets).sort()) {
    // a fixed sample: the first by hash, whatever the order of the catalogs
    const own = [...sets[code]].filter((s) => owners.get(s) === 1).sort((a, b) => (hash(a) < hash(b) ? -1 : 1))
    if (own.length >= 20) out[code] = own.slice(0, PER_LANGUAGE_MEASURED)
  }
  writeFileSync(new URL(`../test/fixtures/detection-ui${name === 'tuning' ? '-tuning' : ''}.json`, import.meta.url), JSON.stringify(out, null, 1) + '\n')
  console.log(`${name} UI strings:`, Object.entries(out).map(([l, s]) => `${l}:${s.length}`).join(' '))
}
