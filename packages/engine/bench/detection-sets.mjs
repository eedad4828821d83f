// Builds the two detection sets from real CLDR strings in Node's ICU (full-icu), short UI
// strings of 2–8 words per language, and writes them to test/fixtures/:
//   detection-tuning.json   the set the detector's weights and rules were tuned on
//   detection-heldout.json  the set it is measured on (never looked at while tuning)
// The two sets come from disjoint CLDR string families (see TUNING and HELDOUT below), so
// no string, and no string template, is in both.
// Four installed languages have no CLDR data in Node's ICU (Aragonese an, Arpitan frp,
// Occitan oc, Silesian szl: their locales fall back to root). Their strings are the
// Spanish, French, French and Polish strings of the same family translated by the installed
// Apertium pair (spa-arg, fra-frp, fra-oci, pol-szl); strings with a word the pair did not
// know (marked * or @ or #) are dropped. Those four are machine translations, not real text.
// Run: node packages/engine/bench/detection-sets.mjs   (needs the Apertium pairs above)
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Public code → the locale whose CLDR strings stand for it (sh: Serbo-Croatian, Latin). */
const CLDR = {
  af: 'af', ast: 'ast', be: 'be', bg: 'bg', br: 'br', ca: 'ca', da: 'da', en: 'en', eo: 'eo', es: 'es', eu: 'eu',
  fr: 'fr', gl: 'gl', hi: 'hi', id: 'id', is: 'is', it: 'it', mk: 'mk', ms: 'ms', nb: 'nb', nn: 'nn', nl: 'nl',
  pl: 'pl', pt: 'pt', ro: 'ro', ru: 'ru', sc: 'sc', sh: ['hr', 'bs', 'sr-Latn'], sl: 'sl', sv: 'sv', uk: 'uk', ur: 'ur',
}
const TRANSLATED = { an: ['es', 'spa-arg'], frp: ['fr', 'fra-frp'], oc: ['fr', 'fra-oci'], szl: ['pl', 'pol-szl'] }
const PER_LANGUAGE = 100

const LANGS = ['fr', 'de', 'es', 'it', 'pt', 'ru', 'zh', 'ja', 'ar', 'hi', 'nl', 'sv', 'pl', 'tr', 'ko', 'el', 'he', 'fi', 'da', 'cs', 'hu', 'ro', 'uk', 'bg', 'ca', 'eu', 'gl', 'ga', 'cy', 'is']
const REGIONS = ['US', 'GB', 'FR', 'DE', 'ES', 'IT', 'PT', 'BR', 'MX', 'AR', 'CA', 'AU', 'NZ', 'JP', 'CN', 'IN', 'RU', 'ZA', 'EG', 'NG', 'KE', 'SE', 'NO', 'DK', 'FI', 'PL', 'NL', 'BE', 'CH', 'AT', 'IE', 'GR', 'TR', 'KR', 'CL', 'CO', 'PE', 'MA', 'DZ', 'SA']
const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'CNY', 'INR', 'BRL', 'MXN', 'RUB', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'TRY', 'ZAR']
const UNITS = ['kilometer-per-hour', 'liter', 'kilogram', 'meter', 'centimeter', 'kilometer', 'second', 'minute', 'hour', 'day', 'week', 'month', 'year', 'megabyte', 'gigabyte', 'kilobyte', 'celsius', 'mile', 'gram', 'percent']

/** Tuning family: language names in lists, full dates, relative days/hours/minutes. */
function tuning(locale) {
  const out = []
  const names = new Intl.DisplayNames([locale], { type: 'language' })
  const and = new Intl.ListFormat(locale, { type: 'conjunction', style: 'long' })
  for (let i = 0; i + 2 < LANGS.length; i++) {
    out.push(and.format([names.of(LANGS[i]), names.of(LANGS[i + 1])]))
    out.push(and.format([names.of(LANGS[i]), names.of(LANGS[(i + 7) % LANGS.length]), names.of(LANGS[i + 2])]))
  }
  const full = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' })
  for (let m = 0; m < 12; m++) out.push(full.format(new Date(Date.UTC(2024, m, 3 + m))))
  const rel = new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'long' })
  for (const unit of ['day', 'hour', 'minute']) for (const n of [-5, -3, -2, 2, 3, 5, 21]) out.push(rel.format(n, unit))
  return out
}

/** Held-out family: regions in alternatives, money amounts, unit lists, other relative times, day periods. */
function heldout(locale) {
  const out = []
  const regions = new Intl.DisplayNames([locale], { type: 'region' })
  const or = new Intl.ListFormat(locale, { type: 'disjunction', style: 'long' })
  for (let i = 0; i + 1 < REGIONS.length; i++) out.push(or.format([regions.of(REGIONS[i]), regions.of(REGIONS[(i + 5) % REGIONS.length])]))
  for (const c of CURRENCIES) {
    const money = new Intl.NumberFormat(locale, { style: 'currency', currency: c, currencyDisplay: 'name' })
    out.push(money.format(12.5), money.format(1))
  }
  const units = new Intl.ListFormat(locale, { type: 'unit', style: 'long' })
  for (let i = 0; i < UNITS.length; i++) {
    const a = new Intl.NumberFormat(locale, { style: 'unit', unit: UNITS[i], unitDisplay: 'long' })
    const b = new Intl.NumberFormat(locale, { style: 'unit', unit: UNITS[(i + 3) % UNITS.length], unitDisplay: 'long' })
    out.push(units.format([a.format(i + 2), b.format(1)]))
    out.push(a.format(i + 1))
  }
  const auto = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'long' })
  for (const unit of ['second', 'week', 'month', 'quarter', 'year']) for (const n of [-2, -1, 1, 4]) out.push(auto.format(n, unit))
  const period = new Intl.DateTimeFormat(locale, { hour: 'numeric', dayPeriod: 'long', timeZone: 'UTC' })
  for (const h of [3, 9, 13, 16, 20, 23]) out.push(period.format(new Date(Date.UTC(2024, 0, 1, h))))
  return out
}

/** Letter words (runs of letters), what "2–8 words" counts. */
const words = (s) => s.match(/\p{L}[\p{L}\p{M}'’-]*/gu) ?? []

/** A small deterministic shuffle (mulberry32), so a capped set is spread over every family. */
function shuffle(list, seed) {
  let a = seed >>> 0
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const copy = [...list]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j], copy[i]]
  }
  return copy
}

function clean(strings) {
  const seen = new Set()
  return strings
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => {
      const n = words(s).length
      if (n < 2 || n > 8 || seen.has(s)) return false
      seen.add(s)
      return true
    })
}

function translate(strings, mode) {
  // a file, not stdin: the apertium script opens /dev/stdin, which fails on Node's socket pipes
  const file = join(mkdtempSync(join(tmpdir(), 'verso-detect-')), 'in.txt')
  writeFileSync(file, strings.join('\n') + '\n')
  const out = execFileSync('apertium', [mode, file], { encoding: 'utf8' })
  return out.split('\n').map((s) => s.trim()).filter((s) => s !== '' && !/[*@#]\p{L}/u.test(s))
}

/**
 * A string written identically in two languages ("om 3 minutter" is Danish and Norwegian
 * Bokmål, "Perú o Chile" Spanish and Asturian) has no single right answer: such strings are
 * dropped from every language, and the count is printed.
 */
function build(family, seed) {
  const all = {}
  for (const [code, locales] of Object.entries(CLDR)) all[code] = clean([locales].flat().flatMap((l) => family(l)))
  for (const [code, [from, mode]] of Object.entries(TRANSLATED)) all[code] = clean(translate(clean(family(from)), mode))
  const owners = new Map()
  for (const [code, strings] of Object.entries(all)) for (const s of strings) owners.set(s, (owners.get(s) ?? 0) + 1)
  const set = {}
  const dropped = {}
  for (const [code, strings] of Object.entries(all)) {
    const own = strings.filter((s) => owners.get(s) === 1)
    dropped[code] = strings.length - own.length
    set[code] = shuffle(own, seed).slice(0, PER_LANGUAGE)
  }
  console.log('  shared verbatim with another language, dropped:', Object.entries(dropped).filter(([, n]) => n > 0).map(([l, n]) => `${l}:${n}`).join(' '))
  return Object.fromEntries(Object.entries(set).sort(([a], [b]) => a.localeCompare(b)))
}

const dir = new URL('../test/fixtures/', import.meta.url)
for (const [name, family, seed] of [['tuning', tuning, 1], ['heldout', heldout, 2]]) {
  const set = build(family, seed)
  writeFileSync(new URL(`detection-${name}.json`, dir), JSON.stringify(set, null, 1) + '\n')
  console.log(name, Object.entries(set).map(([l, s]) => `${l}:${s.length}`).join(' '))
}
