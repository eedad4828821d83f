/**
 * `verso check`: compares translated files with their source, for CI. A target fails when it
 * misses a translatable key of the source, has a key the source lacks, or changes what must
 * survive translation: a placeholder, an inline tag or an ICU argument of the source entry.
 * The same codecs read both files, so keys match as the service writes them (a Rails file's
 * top-level `en:`/`es:` is not part of its keys).
 */
import { readFileSync } from 'node:fs'
import type { Entry, Parsed } from '@verso/formats'
import { inventory, type Inventory } from '@verso/formats'
import { versoFormats } from '@verso/jobs'
import { kindOf, type I18nFormat } from './files.js'
import { CliError } from './translator.js'

export interface Problem {
  file: string
  line: number
  kind: 'missing-key' | 'extra-key' | 'placeholder' | 'tag' | 'icu-argument' | 'unreadable'
  key?: string
  message: string
}

/** The job engine's codec seam: each codec loads on first use, as the service loads it. */
const codecs = versoFormats()

async function parseFile(path: string): Promise<{ format: I18nFormat; parsed: Parsed }> {
  const kind = kindOf(path)
  if (!kind || kind.kind !== 'i18n') throw new CliError('USAGE', `${path}: verso check reads localization files (.json, .arb, .xcstrings, .yaml, .yml, .po, .pot, .properties, .strings, .stringsdict, .xml, .resx, .xlf, .xliff, .ts)`)
  let bytes: Uint8Array
  try {
    bytes = readFileSync(path)
  } catch (error) {
    throw new CliError('FILE', `${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`)
  }
  const codec = await codecs.load(kind.format)
  return { format: kind.format, parsed: codec.parse(bytes) }
}

/**
 * The texts of an entry as this file holds them: in a PO file the msgstr values (its msgid is
 * the source text), elsewhere the value, or every plural form.
 */
function forms(entry: Entry, format: I18nFormat, role: 'source' | 'target'): string[] {
  if (format === 'po' && role === 'target') return entry.translations ?? []
  return entry.plural ? Object.values(entry.plural).filter((v): v is string => typeof v === 'string') : [entry.text]
}

/** The inventory of every form of an entry together (a `one` form may leave out the count). */
function entryInventory(entry: Entry, format: I18nFormat, role: 'source' | 'target'): Inventory {
  const all: Inventory = { placeholders: [], tags: [], icuArguments: [] }
  const seen = { placeholders: new Set<string>(), tags: new Set<string>(), icuArguments: new Set<string>() }
  for (const form of forms(entry, format, role)) {
    const inv = inventory(form, { format })
    for (const field of ['placeholders', 'tags', 'icuArguments'] as const) for (const item of inv[field]) seen[field].add(item)
  }
  for (const field of ['placeholders', 'tags', 'icuArguments'] as const) all[field] = [...seen[field]].sort()
  return all
}

function difference(a: readonly string[], b: readonly string[]): string[] {
  const rest = new Set(b)
  return a.filter((item) => !rest.has(item))
}

export async function checkFiles(sourcePath: string, targetPaths: readonly string[]): Promise<Problem[]> {
  const source = await parseFile(sourcePath)
  const problems: Problem[] = []
  for (const issue of source.parsed.issues) {
    problems.push({ file: sourcePath, line: issue.line, kind: 'unreadable', message: `${issue.code}: ${issue.message}` })
  }
  const sourceEntries = new Map(source.parsed.entries.map((entry) => [entry.key, entry]))
  for (const targetPath of targetPaths) {
    const target = await parseFile(targetPath)
    for (const issue of target.parsed.issues) {
      problems.push({ file: targetPath, line: issue.line, kind: 'unreadable', message: `${issue.code}: ${issue.message}` })
    }
    const targetEntries = new Map(target.parsed.entries.map((entry) => [entry.key, entry]))
    for (const [key, entry] of sourceEntries) {
      if (!entry.translatable) continue
      const translated = targetEntries.get(key)
      // a PO entry with an empty msgstr is as missing as an absent key
      if (!translated || (target.format === 'po' && !translated.translations)) {
        problems.push({ file: targetPath, line: translated?.line ?? 1, kind: 'missing-key', key, message: `missing key "${key}" (${sourcePath}:${entry.line})` })
        continue
      }
      const expected = entryInventory(entry, source.format, 'source')
      const got = entryInventory(translated, target.format, 'target')
      const report = (kind: Problem['kind'], what: string, lost: string[], added: string[]) => {
        if (lost.length === 0 && added.length === 0) return
        const parts = [lost.length ? `lost ${lost.join(' ')}` : '', added.length ? `added ${added.join(' ')}` : ''].filter(Boolean)
        problems.push({ file: targetPath, line: translated.line, kind, key, message: `${what} of "${key}" changed: ${parts.join('; ')} (${sourcePath}:${entry.line})` })
      }
      report('placeholder', 'placeholders', difference(expected.placeholders, got.placeholders), difference(got.placeholders, expected.placeholders))
      report('tag', 'tags', difference(expected.tags, got.tags), difference(got.tags, expected.tags))
      report('icu-argument', 'ICU arguments', difference(expected.icuArguments, got.icuArguments), difference(got.icuArguments, expected.icuArguments))
    }
    for (const [key, entry] of targetEntries) {
      if (!sourceEntries.has(key) && entry.translatable) {
        problems.push({ file: targetPath, line: entry.line, kind: 'extra-key', key, message: `extra key "${key}" is not in ${sourcePath}` })
      }
    }
  }
  return problems
}
