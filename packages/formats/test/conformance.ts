/**
 * The conformance suite every codec of @verso/formats runs (like unstorage's `testDriver`).
 *
 *   testCodec('json', parse, [...corpusFixtures('json'), inline('flat', '{"a": "b"}')])
 *
 * It registers vitest tests checking, for every fixture:
 * - identity: `write(new Map())` returns the input byte for byte (also for truncated/garbage input);
 * - translate-all: every translatable entry translated (marker transform `«text»`, plural entries
 *   form by form) re-parses with the same keys, no issues and exactly the translated texts;
 * - translate-one: translating one entry changes only bytes from that entry's line onwards up to
 *   where the original and new outputs agree again, and every other entry keeps its text;
 * - robustness: truncated input (several cut points) and seeded random bytes never throw;
 * - escaping: a fast-check property writes arbitrary strings (quotes, backslashes, newlines, `#`,
 *   `:`, `=`, emoji, …) as a translation and reads exactly that string back.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { Entry, Parsed, PluralCategory, PluralForms, Translation, WriteOptions } from '../src/types.js'
import { corpusAvailable, corpusDir } from '../../../test-support/corpus.js'

export interface Fixture {
  name: string
  bytes: Uint8Array
}

export type ParseFn = (source: string | Uint8Array, options?: any) => Parsed

export interface CodecSuiteOptions {
  /** Options passed to every `parse` call. Default: none. */
  parseOptions?: unknown
  /** Makes the marker translation of a text. Default: `«${text}»`. */
  mark?: (text: string, entry: Entry) => string
  /**
   * Target language for a second translate-all run where plural entries get the TARGET language's
   * categories (`Intl.PluralRules(target)`); the re-parse must show exactly those categories.
   * Default: no such run.
   */
  pluralTarget?: string
  /**
   * The codec keeps a source `zero` form beside the target's categories (JSON and YAML: Rails and
   * i18next read `zero` for a count of 0 in every language). The plural run then translates it too.
   */
  keepsZero?: boolean
  /** Restricts the strings the escaping property generates (e.g. XML forbids most C0 controls). Default: all. */
  textFilter?: (text: string) => boolean
  /** Runs of the fast-check property. Default: 150. */
  numRuns?: number
  /** Fixtures whose names match are skipped by the escaping property (e.g. a file with no translatable entry). */
  skipEscapingFor?: RegExp
  /** Set when a clean fixture is expected to have issues (e.g. the corpus's duplicate keys). Default: only identity/robustness checks then skip the issue assertions. */
  allowIssues?: RegExp
}

const decoder = new TextDecoder()
const encoder = new TextEncoder()

/** A fixture from inline text (UTF-8). */
export function inline(name: string, text: string): Fixture {
  return { name, bytes: encoder.encode(text) }
}

/** Every file of the shared corpus's <fmt>/ folder (read at test time; the corpus is not copied into the repo). */
export function corpusFixtures(format: string): Fixture[] {
  if (!corpusAvailable) return []
  const dir = corpusDir(format)
  const names = readdirSync(dir).sort()
  return names
    .map((name) => `${dir}/${name}`.replace(/\/+/g, '/'))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ name: path.slice(path.lastIndexOf('/') + 1), bytes: new Uint8Array(readFileSync(path)) }))
}

/** Plural categories of a language, in CLDR order. */
export function categoriesOf(language: string): PluralCategory[] {
  const order: PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other']
  const cats = new Intl.PluralRules(language).resolvedOptions().pluralCategories as PluralCategory[]
  return order.filter((c) => cats.includes(c))
}

function translationFor(entry: Entry, mark: (t: string, e: Entry) => string, target?: string, keepsZero = false): Translation {
  if (!entry.plural) return mark(entry.text, entry)
  if (target === undefined) {
    const forms: PluralForms = {}
    for (const [cat, text] of Object.entries(entry.plural)) forms[cat as PluralCategory] = mark(text ?? '', entry)
    return forms
  }
  const forms: PluralForms = {}
  const cats = categoriesOf(target)
  if (keepsZero && entry.plural.zero !== undefined && !cats.includes('zero')) cats.unshift('zero')
  for (const cat of cats) forms[cat] = mark(`${entry.plural[cat] ?? entry.plural.other ?? entry.text} [${cat}]`, entry)
  return forms
}

function expectTranslated(entry: Entry | undefined, translation: Translation): void {
  expect(entry, 'entry missing after re-parse').toBeDefined()
  if (typeof translation === 'string') {
    expect(entry!.text).toBe(translation)
  } else {
    expect(entry!.plural).toEqual(translation)
    expect(entry!.text).toBe(translation.other ?? entry!.text)
  }
}

/** A deterministic pseudo-random byte source (mulberry32). */
export function randomBytes(seed: number, length: number): Uint8Array {
  let a = seed >>> 0
  const out = new Uint8Array(length)
  for (let i = 0; i < length; i++) {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    out[i] = (t ^ (t >>> 14)) >>> 0 & 0xff
  }
  return out
}

function lineStartOffset(text: string, line: number): number {
  let offset = 0
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', offset)
    if (nl < 0) return text.length
    offset = nl + 1
  }
  return offset
}

function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i
  return n
}

function commonSuffix(a: Uint8Array, b: Uint8Array, floor: number): number {
  let n = 0
  while (n < a.length - floor && n < b.length - floor && a[a.length - 1 - n] === b[b.length - 1 - n]) n++
  return n
}

/** Decodes output bytes for line arithmetic, honouring a UTF-16 BOM. */
function decodeForLines(bytes: Uint8Array, encoding: Parsed['encoding']): { text: string; unitBytes: number } {
  if (encoding === 'utf-16le' || encoding === 'utf-16be') return { text: new TextDecoder(encoding).decode(bytes), unitBytes: 2 }
  return { text: decoder.decode(bytes), unitBytes: 1 }
}

function keysOf(parsed: Parsed): string[] {
  return parsed.entries.map((e) => e.key)
}

export function testCodec(name: string, parse: ParseFn, fixtures: Fixture[], options: CodecSuiteOptions = {}): void {
  const mark = options.mark ?? ((text: string) => `«${text}»`)
  const run = (source: Uint8Array) => parse(source, options.parseOptions)

  describe(`${name} codec conformance`, () => {
    test('has at least one fixture', () => {
      expect(fixtures.length).toBeGreaterThan(0)
    })

    for (const fixture of fixtures) {
      describe(fixture.name, () => {
        const clean = !options.allowIssues?.test(fixture.name)

        test('parses with unique keys (and no issues for a clean file)', () => {
          const parsed = run(fixture.bytes)
          const keys = keysOf(parsed)
          expect(new Set(keys).size).toBe(keys.length)
          if (clean) expect(parsed.issues).toEqual([])
          for (const e of parsed.entries) {
            expect(e.line).toBeGreaterThanOrEqual(1)
            expect(e.column).toBeGreaterThanOrEqual(1)
          }
        })

        test('writes the input back byte for byte when nothing is translated', () => {
          const parsed = run(fixture.bytes)
          expect(Buffer.from(parsed.write(new Map())).equals(Buffer.from(fixture.bytes))).toBe(true)
        })

        const translateAll = (target?: string) => () => {
          const parsed = run(fixture.bytes)
          const translations = new Map<string, Translation>()
          for (const entry of parsed.entries) if (entry.translatable) translations.set(entry.key, translationFor(entry, mark, target, options.keepsZero))
          const writeOptions: WriteOptions = target === undefined ? {} : { targetLanguage: target }
          const out = parsed.write(translations, writeOptions)
          // a multi-locale file gets the translations in the target's section: read that one back
          const again = parsed.locales && target !== undefined
            ? parse(out, { ...(options.parseOptions as object | undefined), sourceLanguage: target })
            : run(out)
          if (clean) expect(again.issues).toEqual([])
          expect(keysOf(again)).toEqual(keysOf(parsed))
          const byKey = new Map(again.entries.map((e) => [e.key, e]))
          for (const [key, translation] of translations) expectTranslated(byKey.get(key), translation)
          for (const entry of parsed.entries) {
            if (translations.has(entry.key)) continue
            expect(byKey.get(entry.key)?.text).toBe(entry.text)
          }
        }
        test('re-parses every translated entry with the same keys and the translated texts', translateAll())
        if (options.pluralTarget !== undefined) {
          test(`writes plural entries with the categories of ${options.pluralTarget}`, translateAll(options.pluralTarget))
        }

        test('changes only the bytes of the one entry it translates', () => {
          const parsed = run(fixture.bytes)
          const candidates = parsed.entries.filter((e) => e.translatable && !e.plural)
          // first, middle and last translatable entries
          const picks = [...new Set([candidates[0], candidates[candidates.length >> 1], candidates[candidates.length - 1]])]
          for (const entry of picks) {
            if (!entry) continue
            const out = parsed.write(new Map([[entry.key, mark(entry.text, entry)]]))
            const start = firstDifference(fixture.bytes, out)
            const { text, unitBytes } = decodeForLines(fixture.bytes, parsed.encoding)
            const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0
            const lineStart = encoder.encode(text.slice(bom, bom + lineStartOffset(text.slice(bom), entry.line))).length
            // the edit starts no earlier than the entry's own line (BOM and UTF-16 accounted for roughly)
            if (unitBytes === 1) expect(start).toBeGreaterThanOrEqual(lineStart + (bom ? 3 : 0))
            const suffix = commonSuffix(fixture.bytes, out, start)
            const removed = fixture.bytes.length - suffix - start
            // the replaced region is small: it holds at most the value, its quoting/continuations
            expect(removed).toBeLessThanOrEqual(encoder.encode(entry.text).length * 6 + 64)
            const again = run(out)
            const byKey = new Map(again.entries.map((e) => [e.key, e]))
            expect(byKey.get(entry.key)?.text).toBe(mark(entry.text, entry))
            for (const other of parsed.entries) {
              if (other.key !== entry.key) expect(byKey.get(other.key)?.text).toBe(other.text)
            }
          }
        })

        test('never throws on truncated input and writes it back unchanged', () => {
          const n = fixture.bytes.length
          const cuts = new Set([0, 1, 2, 3, n >> 3, n >> 2, (n * 3) >> 3, n >> 1, (n * 5) >> 3, (n * 3) >> 2, (n * 7) >> 3, n - 2, n - 1])
          for (const cut of cuts) {
            if (cut < 0 || cut > n) continue
            const bytes = fixture.bytes.slice(0, cut)
            const parsed = run(bytes)
            expect(Array.isArray(parsed.issues)).toBe(true)
            expect(Buffer.from(parsed.write(new Map())).equals(Buffer.from(bytes))).toBe(true)
          }
        })
      })
    }

    test('never throws on random bytes', () => {
      for (let seed = 1; seed <= 40; seed++) {
        const bytes = randomBytes(seed, 1 + ((seed * 97) % 2048))
        const parsed = run(bytes)
        expect(Array.isArray(parsed.issues)).toBe(true)
        expect(Array.isArray(parsed.entries)).toBe(true)
        expect(Buffer.from(parsed.write(new Map())).equals(Buffer.from(bytes))).toBe(true)
      }
    })

    test('never throws when garbage is spliced into a fixture', () => {
      for (const fixture of fixtures.slice(0, 4)) {
        for (let seed = 1; seed <= 8; seed++) {
          const junk = randomBytes(seed * 7919, 16)
          const at = (fixture.bytes.length * seed) >> 3
          const bytes = new Uint8Array(fixture.bytes.length + junk.length)
          bytes.set(fixture.bytes.subarray(0, at), 0)
          bytes.set(junk, at)
          bytes.set(fixture.bytes.subarray(at), at + junk.length)
          const parsed = run(bytes)
          expect(Array.isArray(parsed.issues)).toBe(true)
        }
      }
    })

    test('reads back arbitrary text written as a translation (escaping round trip)', () => {
      const usable = fixtures
        .filter((f) => !options.skipEscapingFor?.test(f.name))
        .map((f) => ({ f, parsed: run(f.bytes) }))
        .map(({ f, parsed }) => ({ f, parsed, entry: parsed.entries.find((e) => e.translatable && !e.plural) }))
        .filter((x) => x.entry !== undefined)
        .sort((a, b) => a.f.bytes.length - b.f.bytes.length)
        .slice(0, 2)
      expect(usable.length).toBeGreaterThan(0)
      const tricky = fc.constantFrom('"', "'", '\\', '\n', '\r\n', '\t', '#', '!', ':', '=', ' ', '  ', '😀', 'é', '\u00a0', '{0}', '%{x}', '<b>', '&amp;', '---', '- ', '*a', '&a', '|', '>', '~', 'null', 'true', '\\u00e9', '@', '`', '[', ']', ',', '?', 'a', 'Z')
      const arbitrary = fc
        .oneof(
          fc.string({ unit: 'binary', maxLength: 40 }),
          fc.array(tricky, { maxLength: 12 }).map((parts) => parts.join('')),
          fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\\', '"', "'", '#', ':', 'é', '😀'), maxLength: 30 }),
        )
        .filter((s) => options.textFilter?.(s) ?? true)
      for (const { parsed, entry } of usable) {
        fc.assert(
          fc.property(arbitrary, (text) => {
            const out = parsed.write(new Map([[entry!.key, text]]))
            const again = run(out)
            const found = again.entries.find((e) => e.key === entry!.key)
            expect(found?.text).toBe(text)
            expect(keysOf(again)).toEqual(keysOf(parsed))
          }),
          { numRuns: options.numRuns ?? 150, seed: 42 },
        )
      }
    })
  })
}
