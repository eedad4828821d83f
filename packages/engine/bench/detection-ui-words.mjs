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
//     xkeyboard-config (keyboard layouts named by language and country), and catalogs of time
//     zones (gnome-control-center-2.0-timezones: cities and regions);
//   - a translation identical to its English original (left untranslated), and, in each
//     translation, the words its English original also has (names and terms kept in English:
//     "Bluetooth", "URL", "GNOME").
// English's counts are the catalogs' original strings (msgid), each distinct one once.
//
// More sources, counted only (never measured), from Debian's archive: the desktop catalogs
// installed here hold a few hundred to a few thousand strings per language (Afrikaans had
// 18 000 words in all, its commonest word "die" seen 1 105 times), so the script also counts
//   - LibreOffice's translations (`libreoffice-l10n-LANG`, 20 000–27 000 strings each),
//   - the catalogs of DESKTOP_PACKAGES (GIMP, Evolution, VLC…: Malay, Aragonese and Urdu too),
//   - Firefox's Fluent strings (`firefox-esr-l10n-LOCALE`, paired with the English of the
//     `firefox-esr` package by file and message; Sardinian has no other list).
// The packages are fetched with `apt-get download` into PACKAGE_CACHE and unpacked there with
// `dpkg-deb -x` and `unzip` (Debian's archive, as the set-up's Apertium packages; `apt-get
// update` must have run once; about 140 MB); nothing is installed. Their strings join the
// counts and the strings a measured string must not be; a string made of region, currency or
// language names alone is not counted (CLDR_NAMES).
//
// Run: node packages/engine/bench/detection-ui-words.mjs   (reads /usr/share/locale)
//      DETECTION_PACKAGES=0 leaves the downloaded sources out; DETECTION_WORDS sets PER_LANGUAGE.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

const LOCALE_DIR = '/usr/share/locale'
/** Detector code → the gettext locale folders whose catalogs stand for it. */
const LOCALES = {
  af: ['af'], an: ['an'], ast: ['ast'], be: ['be'], bg: ['bg'], br: ['br'], ca: ['ca'], da: ['da'], eo: ['eo'], es: ['es'],
  eu: ['eu'], fr: ['fr'], gl: ['gl'], hi: ['hi'], id: ['id'], is: ['is'], it: ['it'], mk: ['mk'], ms: ['ms'], nb: ['nb'],
  nl: ['nl'], nn: ['nn'], oc: ['oc'], pl: ['pl'], pt: ['pt', 'pt_BR'], ro: ['ro'], ru: ['ru'], sh: ['hr', 'bs', 'sr@latin'],
  sc: ['sc'], sl: ['sl'], sv: ['sv'], szl: ['szl'], uk: ['uk'], ur: ['ur'],
}
/** Detector code → LibreOffice's resource folders (`program/resource/FOLDER/LC_MESSAGES`) standing for it. */
const LIBREOFFICE = {
  af: ['af'], ast: ['ast'], be: ['be'], bg: ['bg'], br: ['br'], ca: ['ca'], da: ['da'], eo: ['eo'], es: ['es'], eu: ['eu'],
  fr: ['fr'], gl: ['gl'], hi: ['hi'], id: ['id'], is: ['is'], it: ['it'], mk: ['mk'], nb: ['nb'], nl: ['nl'], nn: ['nn'],
  oc: ['oc'], pl: ['pl'], pt: ['pt', 'pt_BR'], ro: ['ro'], ru: ['ru'], sh: ['hr', 'bs', 'sr@latin'], sl: ['sl'], sv: ['sv'],
  szl: ['szl'], uk: ['uk'],
}
/** Debian package → the resource folders it holds, for the folders above. */
const LIBREOFFICE_PACKAGE = (folder) => `libreoffice-l10n-${folder === 'pt_BR' ? 'pt-br' : folder === 'sr@latin' ? 'sr' : folder}`
/**
 * Desktop programs whose catalogs are counted too (their `/usr/share/locale`), chosen for
 * being translated into most of the languages above, Malay, Aragonese and Urdu included, which
 * LibreOffice lacks: without them, Indonesian's counts (LibreOffice's) outweighed Malay's four
 * to one. None is a command-line program of the held-out set.
 */
const DESKTOP_PACKAGES = ['gimp-data', 'evolution-common', 'evolution-data-server-common', 'gnome-control-center-data', 'nautilus-data',
  'gnumeric-common', 'vlc-l10n', 'gnome-shell-common', 'rhythmbox-data', 'totem-common', 'gnome-software-common', 'mate-control-center-common',
  'mate-panel-common', 'xfce4-panel', 'xfce4-settings', 'thunar-data', 'gedit-common', 'gnome-terminal-data', 'synaptic', 'transmission-gtk',
  'hexchat-common', 'evince-common', 'file-roller', 'gnome-system-monitor', 'gnome-disk-utility', 'gnome-calculator']
const PACKAGE_CACHE = join(tmpdir(), 'verso-detection-packages')
/**
 * Detector code → Firefox's locales (Debian's `firefox-esr-l10n-LOCALE` language packs, whose
 * Fluent files are paired with the English ones of the `firefox-esr` package by file and
 * message): 18 000–21 000 strings per language, Sardinian, Urdu and Silesian included.
 */
const FIREFOX = {
  af: ['af'], an: ['an'], ast: ['ast'], be: ['be'], bg: ['bg'], br: ['br'], ca: ['ca'], da: ['da'], eo: ['eo'], es: ['es-es'],
  eu: ['eu'], fr: ['fr'], gl: ['gl'], hi: ['hi-in'], id: ['id'], is: ['is'], it: ['it'], mk: ['mk'], ms: ['ms'], nb: ['nb-no'],
  nl: ['nl'], nn: ['nn-no'], oc: ['oc'], pl: ['pl'], pt: ['pt-pt', 'pt-br'], ro: ['ro'], ru: ['ru'], sc: ['sc'], sh: ['hr', 'bs'],
  sl: ['sl'], sv: ['sv-se'], szl: ['szl'], uk: ['uk'], ur: ['ur'],
}
const EXCLUDED = /^(iso_|iso-|xkeyboard-config)|timezones/
/**
 * English names of regions, currencies and languages (Node's ICU: the CLDR names the held-out
 * and tuning CLDR sets are made of). A downloaded catalog's string whose original is made of
 * them alone is not counted: gnome-calculator lists currencies ("Japanese Yen" → "Yen
 * japonés"), hexchat countries ("Peru" → "Perú"), LibreOffice languages of regions ("Spanish
 * (Peru)" → "Español (Perú)"), the very strings of those sets.
 */
const CLDR_NAMES = (() => {
  const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ']
  const names = new Set()
  const add = (type, codes) => {
    const display = new Intl.DisplayNames('en', { type, fallback: 'none' })
    for (const code of codes) {
      const name = display.of(code)
      if (name) names.add(name.toLowerCase())
    }
  }
  add('region', letters.flatMap((a) => letters.map((b) => a + b)))
  add('currency', Intl.supportedValuesOf('currency'))
  add('language', letters.flatMap((a) => letters.map((b) => (a + b).toLowerCase())))
  return names
})()
/** Whether a string is CLDR names alone, in parentheses or listed: "Spanish (Peru)", "Dutch, Belgium". */
const namesOnly = (text) => {
  const parts = text.toLowerCase().split(/[()[\],;/]|\s[-–]\s/).map((part) => part.trim()).filter((part) => part !== '')
  return parts.length > 0 && parts.every((part) => CLDR_NAMES.has(part))
}
const MIN_COUNT = 2
const PER_LANGUAGE = Number(process.env.DETECTION_WORDS ?? 12_000)

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
 *   test/fixtures/detection-ui-tuning.json  the translations of every catalog of
 *                                           TUNING_CATALOGS (desktop programs: PackageKit,
 *                                           AppStream, shared-mime-info…), for choosing the
 *                                           detector's weights
 * The counts are the rest: the other catalogs installed here (GTK, GLib, GDK-Pixbuf) and the
 * downloaded ones (desktop programs, LibreOffice, Firefox). Until 2026-11-24 the tuning
 * set was one msgid in five of every counted catalog (by a hash of the msgid): its strings then
 * came from the very programs whose other strings were counted ("Whether the widget…" of
 * gtk30-properties on both sides), which rewarded counts of those programs' own vocabulary
 * where the held-out set's programs share none of it. Whole catalogs, as for the held-out set,
 * measure what the held-out set measures.
 */
const HELD_OUT_CATALOGS = new Set(['coreutils', 'tar', 'sed', 'grep', 'findutils', 'diffutils', 'wget', 'wget-gnulib', 'bash', 'make', 'gawk', 'libc',
  'dpkg', 'dpkg-dev', 'apt', 'libapt-pkg6.0', 'man-db', 'man-db-gnulib', 'shadow', 'Linux-PAM', 'systemd', 'gnupg2', 'popt', 'psmisc', 'xz',
  'gettext-runtime', 'gettext-tools', 'adduser', 'binutils', 'bfd', 'gas', 'gold', 'gprof', 'ld', 'opcodes', 'git', 'libidn2', 'gnutls30', 'polkit-1'])
const TUNING_CATALOGS = new Set(['PackageKit', 'appstream', 'at-spi2-core', 'avahi', 'gsettings-desktop-schemas', 'gstreamer-1.0', 'python-apt',
  'shared-mime-info', 'software-properties', 'xdg-user-dirs'])
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
/**
 * The sources of the packages above, per code (as installedSource's, `downloaded` true), each
 * package unpacked into its own folder of PACKAGE_CACHE on first use (later runs reuse them),
 * so that only the listed packages are read whatever else the cache holds.
 */
function packageCatalogs() {
  if (process.env.DETECTION_PACKAGES === '0') return {}
  const debs = join(PACKAGE_CACHE, 'debs')
  const root = (pkg) => join(PACKAGE_CACHE, 'root', pkg)
  const firefoxPacks = Object.values(FIREFOX).flat().map((locale) => `firefox-esr-l10n-${locale}`)
  const wanted = [...new Set([...Object.values(LIBREOFFICE).flat().map(LIBREOFFICE_PACKAGE), ...DESKTOP_PACKAGES, 'firefox-esr', ...firefoxPacks])]
  mkdirSync(debs, { recursive: true })
  const have = new Set(readdirSync(debs).map((f) => f.split('_')[0]))
  const missing = wanted.filter((p) => !have.has(p))
  if (missing.length > 0) {
    try {
      execFileSync('apt-get', ['download', ...missing], { cwd: debs, stdio: ['ignore', 'ignore', 'pipe'] })
    } catch (error) {
      throw new Error(`apt-get download ${missing.join(' ')} failed (run apt-get update once, or DETECTION_PACKAGES=0): ${error.stderr ?? error.message}`)
    }
  }
  for (const deb of readdirSync(debs).filter((f) => f.endsWith('.deb'))) {
    const pkg = deb.split('_')[0]
    if (!wanted.includes(pkg) || existsSync(root(pkg))) continue
    mkdirSync(join(PACKAGE_CACHE, 'root'), { recursive: true })
    execFileSync('dpkg-deb', ['-x', join(debs, deb), root(pkg)])
  }
  // Firefox's Fluent files: English from the program's omni.ja archives, each language from its pack
  const unzip = (archive, into) => {
    if (existsSync(into)) return
    mkdirSync(dirname(into), { recursive: true })
    try {
      execFileSync('unzip', ['-q', '-o', archive, '*.ftl', '-d', into], { stdio: ['ignore', 'ignore', 'pipe'] })
    } catch (error) {
      throw new Error(`unzip ${archive} failed (Debian's unzip package): ${error.stderr ?? error.message}`)
    }
  }
  const firefox = join(root('firefox-esr'), 'usr/lib/firefox-esr')
  unzip(join(firefox, 'browser/omni.ja'), join(PACKAGE_CACHE, 'firefox/en-US/browser'))
  unzip(join(firefox, 'omni.ja'), join(PACKAGE_CACHE, 'firefox/en-US/toolkit'))
  for (const pack of firefoxPacks) {
    const extensions = join(root(pack), 'usr/lib/firefox-esr/browser/extensions')
    for (const xpi of readdirSync(extensions).filter((f) => f.startsWith('langpack-'))) {
      unzip(join(extensions, xpi), join(PACKAGE_CACHE, 'firefox', xpi.slice('langpack-'.length).split('@')[0].toLowerCase()))
    }
  }
  /** The desktop packages' catalogs for one locale folder, by name (then package). */
  const desktopCatalogs = (folder) => DESKTOP_PACKAGES
    .flatMap((pkg) => {
      const dir = join(root(pkg), 'usr/share/locale', folder, 'LC_MESSAGES')
      return existsSync(dir) ? readdirSync(dir).map((name) => [name, join(dir, name)]) : []
    })
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : 1))
  // a downloaded catalog named as a measured one (a held-out or tuning program's) is not counted
  const countedOnly = (catalogs) => catalogs.filter(([catalog]) => !HELD_OUT_CATALOGS.has(catalog) && !TUNING_CATALOGS.has(catalog))
  /** The desktop packages' catalogs of one locale folder, by name (then package); null when none has any. */
  const desktopSource = (folder) => {
    const files = DESKTOP_PACKAGES
      .flatMap((pkg) => {
        const dir = join(root(pkg), 'usr/share/locale', folder, 'LC_MESSAGES')
        return existsSync(dir) ? readdirSync(dir).map((name) => [name, join(dir, name)]) : []
      })
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : 1))
    if (files.length === 0) return null
    const catalogs = countedOnly(moCatalogs(files))
    return { downloaded: true, listed: [`packages/${folder}: ${catalogs.map(([c]) => c).join(' ')}`], catalogs }
  }
  // LibreOffice marks mnemonics with "~" and names itself "%PRODUCTNAME"
  const unmarked = (text) => text.replace(/~(?=\p{L})/gu, '').replace(/%[A-Z][A-Z0-9]+/g, ' ')
  const libreOfficeSource = (folder) => {
    const dir = join(root(LIBREOFFICE_PACKAGE(folder)), 'usr/lib/libreoffice/program/resource', folder, 'LC_MESSAGES')
    if (!existsSync(dir)) return null
    const catalogs = countedOnly(moCatalogs(readdirSync(dir).sort().map((name) => [name, join(dir, name)])))
      .map(([catalog, read]) => [catalog, () => read().map(([id, str]) => [unmarked(id), unmarked(str)])])
    return { downloaded: true, listed: [`libreoffice/${folder}: ${catalogs.length} catalogs`], catalogs }
  }
  const firefoxSource = (locale) => {
    const dir = join(PACKAGE_CACHE, 'firefox', locale)
    return existsSync(dir) ? { downloaded: true, listed: [`firefox/${locale}: Fluent files`], catalogs: [['firefox', () => firefoxPairs(dir)]] } : null
  }
  return Object.fromEntries(Object.keys(LOCALES).map((code) => [code, [
    ...(LOCALES[code] ?? []).map(desktopSource),
    ...(LIBREOFFICE[code] ?? []).map(libreOfficeSource),
    ...(FIREFOX[code] ?? []).map(firefoxSource),
  ].filter((source) => source !== null)]))
}

/** The .mo files of [file name, path] pairs (not the EXCLUDED catalogs) as [catalog, read its pairs]. */
function moCatalogs(files) {
  return files.filter(([name]) => name.endsWith('.mo') && !EXCLUDED.test(name)).map(([name, path]) => [name.slice(0, -3), () => readMo(path)])
}

/** A catalog folder installed here, or null: its catalogs, the held-out and tuning programs' among them. */
function installedSource(folder) {
  const dir = join(LOCALE_DIR, folder, 'LC_MESSAGES')
  if (!existsSync(dir)) return null
  const catalogs = moCatalogs(readdirSync(dir).sort().map((name) => [name, join(dir, name)]))
  const listed = catalogs.map(([catalog]) => catalog).filter((c) => !HELD_OUT_CATALOGS.has(c) && !TUNING_CATALOGS.has(c)).map((c) => `${folder}/${c}`)
  return { downloaded: false, listed, catalogs }
}

/** Fluent attributes that hold no interface text. */
const NOT_TEXT = /^(accesskey|commandkey|key|style|.*width|.*height|.*size)$/i

/** Every .ftl file under `dir`, by its path after `localization/LOCALE/`. */
function fluentFiles(dir) {
  const out = new Map()
  for (const entry of readdirSync(dir, { recursive: true })) {
    const path = String(entry)
    const at = /(?:^|\/)localization\/[^/]+\/(.+\.ftl)$/.exec(path)
    if (at) out.set(at[1], join(dir, path))
  }
  return out
}

/**
 * A Fluent file's texts by message (and attribute: `id.label`): continuation lines joined,
 * placeables (`{ -brand-name }`, `{ $count }`, select expressions) dropped with their variants.
 * Terms (`-brand-name = …`) and attributes that hold no text (NOT_TEXT) are left out.
 */
function readFluent(file) {
  const texts = new Map()
  let key = null
  let parts = []
  const finish = () => {
    if (key !== null) {
      let text = parts.join(' ')
      // innermost placeables first, so select expressions go with everything inside them
      for (let before = ''; before !== text;) { before = text; text = text.replace(/\{[^{}]*\}/g, ' ') }
      text = text.replace(/\s+/g, ' ').trim()
      if (text !== '') texts.set(key, text)
    }
    key = null
    parts = []
  }
  let message = null
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const entry = /^([a-zA-Z][\w-]*)\s*=\s*(.*)$/.exec(line)
    const attribute = /^\s+\.([\w-]+)\s*=\s*(.*)$/.exec(line)
    if (entry) { finish(); message = entry[1]; key = message; parts = [entry[2]] }
    // access keys are single letters, styles CSS ("width: 30em"): not text
    else if (attribute && message !== null) { finish(); if (!NOT_TEXT.test(attribute[1])) { key = `${message}.${attribute[1]}`; parts = [attribute[2]] } }
    else if (/^\s+\S/.test(line) && key !== null) parts.push(line.trim())
    else { finish(); if (!/^\s*$/.test(line)) message = null }
  }
  finish()
  return texts
}

/** Firefox's English texts by Fluent file (its path after `localization/en-US/`), read once. */
let firefoxEnglish = null

/** The (English, translation) pairs of a Firefox language pack's Fluent files. */
function firefoxPairs(dir) {
  firefoxEnglish ??= new Map([...fluentFiles(join(PACKAGE_CACHE, 'firefox/en-US'))].map(([path, file]) => [path, readFluent(file)]))
  const pairs = []
  for (const [path, file] of fluentFiles(dir)) {
    const en = firefoxEnglish.get(path)
    if (!en) continue
    for (const [key, text] of readFluent(file)) if (en.has(key)) pairs.push([en.get(key), text])
  }
  return pairs
}
const downloaded = packageCatalogs()

for (const [code, folders] of Object.entries(LOCALES)) {
  const tally = new Map()
  catalogsRead[code] = []
  // a downloaded source is counted only, never measured
  const sources = [...folders.map(installedSource).filter((source) => source !== null), ...(downloaded[code] ?? [])]
  for (const source of sources) {
    catalogsRead[code].push(...source.listed)
    for (const [catalog, readPairs] of source.catalogs) {
      for (const [msgid, msgstr] of readPairs()) {
        if (msgstr.trim() === msgid.trim()) continue
        if (source.downloaded && namesOnly(msgid)) continue
        const original = new Set(words(msgid))
        const set = source.downloaded ? null : HELD_OUT_CATALOGS.has(catalog) ? 'heldout' : TUNING_CATALOGS.has(catalog) ? 'tuning' : null
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
