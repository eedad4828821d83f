/**
 * Test doubles of the layer's two collaborators: a Map-based `MemoryStore` that follows the
 * contract (NFC texts, first translation kept, account-scoped glossaries) and a counting fake
 * `SegmentTranslator` that translates deterministically (each word wrapped in brackets) and
 * keeps every token.
 */
import { randomUUID } from 'node:crypto'
import type { Segment, SegmentPart } from '@verso/engine'
import type { Glossary, GlossaryEntry, GlossaryInfo, LedgerEntry, LedgerScope, MemoryScope, MemoryStore, Origin, SegmentTranslator } from '@verso/memory'

export interface MapMemoryStore extends MemoryStore {
  /** Every remember call, in order. */
  readonly remembered: Array<{ scope: MemoryScope; pairs: Array<{ text: string; translation: string }>; origin: Origin }>
  readonly lookups: Array<{ scope: MemoryScope; texts: string[] }>
  /** Set to make the next calls fail. */
  failLookup: Error | null
  failRemember: Error | null
}

export function mapMemoryStore(): MapMemoryStore {
  const translations = new Map<string, string>()
  const ledgers = new Map<string, Map<string, LedgerEntry>>()
  const glossaries = new Map<string, { accountId: string; glossary: Glossary }>()
  const key = (scope: MemoryScope, text: string): string =>
    JSON.stringify([scope.accountId, scope.source, scope.target, scope.engine, scope.glossary, text.normalize('NFC')])
  const ledgerKey = (scope: LedgerScope): string => JSON.stringify([scope.accountId, scope.document, scope.source, scope.target])

  const store: MapMemoryStore = {
    remembered: [],
    lookups: [],
    failLookup: null,
    failRemember: null,
    async lookup(scope, texts) {
      if (store.failLookup) throw store.failLookup
      store.lookups.push({ scope, texts: [...texts] })
      return texts.map((text) => translations.get(key(scope, text)))
    },
    async remember(scope, pairs, origin) {
      if (store.failRemember) throw store.failRemember
      store.remembered.push({ scope, pairs: [...pairs], origin })
      for (const { text, translation } of pairs) if (!translations.has(key(scope, text))) translations.set(key(scope, text), translation)
    },
    async clear(accountId) {
      let deleted = 0
      for (const k of [...translations.keys()]) {
        if ((JSON.parse(k) as string[])[0] === accountId) {
          translations.delete(k)
          deleted++
        }
      }
      for (const k of [...ledgers.keys()]) if ((JSON.parse(k) as string[])[0] === accountId) ledgers.delete(k)
      return deleted
    },
    async ledger(scope, keys) {
      const entries = ledgers.get(ledgerKey(scope)) ?? new Map<string, LedgerEntry>()
      if (!keys) return new Map(entries)
      return new Map(keys.flatMap((k) => (entries.has(k) ? [[k, entries.get(k)!] as const] : [])))
    },
    async record(scope, entries) {
      const k = ledgerKey(scope)
      const map = ledgers.get(k) ?? new Map<string, LedgerEntry>()
      for (const entry of entries) map.set(entry.key, entry)
      ledgers.set(k, map)
    },
    async createGlossary(accountId, input) {
      const glossary: Glossary = { ...input, entries: input.entries.map((e) => ({ ...e })), glossary_id: randomUUID(), entry_count: input.entries.length, creation_time: new Date().toISOString() }
      glossaries.set(glossary.glossary_id, { accountId, glossary })
      return glossary
    },
    async listGlossaries(accountId) {
      return [...glossaries.values()]
        .filter((g) => g.accountId === accountId)
        .map(({ glossary: { entries: _entries, ...info } }): GlossaryInfo => info)
        .reverse()
    },
    async getGlossary(accountId, glossaryId) {
      const found = glossaries.get(glossaryId)
      return found && found.accountId === accountId ? found.glossary : null
    },
    async deleteGlossary(accountId, glossaryId) {
      const found = glossaries.get(glossaryId)
      if (!found || found.accountId !== accountId) return false
      return glossaries.delete(glossaryId)
    },
    async close() {},
  }
  return store
}

export interface FakeTranslator extends SegmentTranslator {
  /** Every call: the segments sent and the options. */
  readonly calls: Array<{ segments: Segment[]; context?: ReadonlyArray<string | undefined>; signal?: AbortSignal }>
  /** The number of segments sent over all calls. */
  readonly sent: () => number
  /** Segments whose text contains this fail with an Error. */
  failOn: string | null
  /** Drops every void token from the output (a broken engine). */
  dropTokens: boolean
}

/** `Hello, world` → `[Hello], [world]`: every word wrapped, everything else and every token kept in place. */
export function wrapWords(text: string): string {
  return text.replace(/[\p{L}\p{N}\p{M}]+/gu, (word) => `[${word}]`)
}

export function fakeTranslator(engine = 'fake'): FakeTranslator {
  const fake: FakeTranslator = {
    calls: [],
    sent: () => fake.calls.reduce((sum, call) => sum + call.segments.length, 0),
    failOn: null,
    dropTokens: false,
    async translateSettled(segments, pair, options) {
      fake.calls.push({ segments: [...segments], context: options?.context, signal: options?.signal })
      return segments.map((segment) => {
        const text = typeof segment === 'string' ? segment : segment.filter((p): p is string => typeof p === 'string').join('')
        if (fake.failOn !== null && text.includes(fake.failOn)) return { error: new Error(`fake failure on ${JSON.stringify(text)}`) }
        const translated: Segment =
          typeof segment === 'string'
            ? wrapWords(segment)
            : segment.flatMap((part): SegmentPart[] => (typeof part === 'string' ? [wrapWords(part)] : fake.dropTokens && part.kind === 'void' ? [] : [part]))
        return { segment: translated, engine, unknownWords: [], route: [pair.source, pair.target] }
      })
    },
  }
  return fake
}

let glossaries = 0

/** A stored-looking glossary with a fresh id (matchers are cached by id). */
export function glossaryOf(entries: GlossaryEntry[], pair: { source: string; target: string } = { source: 'en', target: 'es' }): Glossary {
  glossaries++
  return {
    glossary_id: `test-glossary-${glossaries}-${randomUUID()}`,
    name: `glossary ${glossaries}`,
    source_language: pair.source,
    target_language: pair.target,
    entry_count: entries.length,
    creation_time: new Date(0).toISOString(),
    entries,
  }
}

/** Collects warn calls. */
export function recordingLogger(): { warn(obj: Record<string, unknown>, msg: string): void; lines: Array<{ obj: Record<string, unknown>; msg: string }> } {
  const lines: Array<{ obj: Record<string, unknown>; msg: string }> = []
  return { lines, warn: (obj, msg) => lines.push({ obj, msg }) }
}
