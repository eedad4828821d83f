/**
 * TEST-ONLY stand-ins for @verso/memory until h/memory-store and h/memory-layer are merged:
 * a Map-based MemoryStore following the contract, and a MemoryTranslator that reads the memory,
 * sends misses to a translator once each and remembers them (no glossary masking).
 */
import type { Glossary, LedgerEntry, MemoryStore, MemoryTranslator, Remembered, SegmentTranslator } from '@verso/memory'
import type { Segment } from '@verso/jobs'

const segmentText = (segment: Segment): string => (typeof segment === 'string' ? `s${segment}` : `p${JSON.stringify(segment)}`)
const parseSegmentText = (text: string): Segment => (text.startsWith('p') ? (JSON.parse(text.slice(1)) as Segment) : text.slice(1))

export function mapMemoryStore(): MemoryStore & { memory: Map<string, string>; ledgers: Map<string, Map<string, LedgerEntry>> } {
  const memory = new Map<string, string>()
  const ledgers = new Map<string, Map<string, LedgerEntry>>()
  const glossaries = new Map<string, { accountId: string; glossary: Glossary }>()
  const scopeKey = (s: { accountId: string; source: string; target: string; engine: string; glossary: string }) => JSON.stringify([s.accountId, s.source, s.target, s.engine, s.glossary])
  const ledgerKey = (s: { accountId: string; document: string; source: string; target: string }) => JSON.stringify([s.accountId, s.document, s.source, s.target])
  return {
    memory,
    ledgers,
    async lookup(scope, texts) {
      return texts.map((text) => memory.get(`${scopeKey(scope)}|${text.normalize('NFC')}`))
    },
    async remember(scope, pairs) {
      for (const { text, translation } of pairs) {
        const key = `${scopeKey(scope)}|${text.normalize('NFC')}`
        if (!memory.has(key)) memory.set(key, translation)
      }
    },
    async clear(accountId) {
      let n = 0
      for (const key of [...memory.keys()]) if (JSON.parse(key.slice(0, key.indexOf('|')))[0] === accountId) (memory.delete(key), n++)
      for (const key of [...ledgers.keys()]) if (JSON.parse(key)[0] === accountId) ledgers.delete(key)
      return n
    },
    async ledger(scope, keys) {
      const rows = ledgers.get(ledgerKey(scope)) ?? new Map()
      return new Map([...rows].filter(([key]) => !keys || keys.includes(key)).map(([key, row]) => [key, { ...row }]))
    },
    async record(scope, entries) {
      const rows = ledgers.get(ledgerKey(scope)) ?? new Map<string, LedgerEntry>()
      for (const entry of entries) rows.set(entry.key, { ...entry })
      ledgers.set(ledgerKey(scope), rows)
    },
    async createGlossary(accountId, input) {
      const glossary: Glossary = { ...input, glossary_id: crypto.randomUUID(), entry_count: input.entries.length, creation_time: new Date().toISOString() }
      glossaries.set(glossary.glossary_id, { accountId, glossary })
      return glossary
    },
    async listGlossaries(accountId) {
      return [...glossaries.values()].filter((g) => g.accountId === accountId).map(({ glossary: { entries: _e, ...info } }) => info).reverse()
    },
    async getGlossary(accountId, id) {
      const found = glossaries.get(id)
      return found && found.accountId === accountId ? found.glossary : null
    },
    async deleteGlossary(accountId, id) {
      const found = glossaries.get(id)
      if (!found || found.accountId !== accountId) return false
      return glossaries.delete(id)
    },
    async close() {},
  }
}

export function standInMemoryTranslator(translator: SegmentTranslator, store: MemoryStore, engine = 'apertium'): MemoryTranslator {
  const translateSettled: MemoryTranslator['translateSettled'] = async (segments, pair, options) => {
    const scope = { accountId: options.accountId, ...pair, engine, glossary: options.glossary?.glossary_id ?? '' }
    const texts = segments.map(segmentText)
    const found = options.useMemory ? await store.lookup(scope, texts) : texts.map(() => undefined)
    const misses = [...new Set(texts.filter((_, i) => found[i] === undefined))]
    const sent = misses.map(parseSegmentText)
    const results = sent.length > 0 ? await translator.translateSettled(sent, pair, { ...(options.signal ? { signal: options.signal } : {}) }) : []
    const byText = new Map(misses.map((text, i) => [text, results[i]!]))
    if (options.useMemory) {
      const pairs = misses.flatMap((text) => {
        const result = byText.get(text)!
        return 'error' in result ? [] : [{ text, translation: segmentText(result.segment) }]
      })
      if (pairs.length > 0) await store.remember(scope, pairs, options.origin)
    }
    return texts.map((text, i): Remembered => {
      if (found[i] !== undefined) return { segment: parseSegmentText(found[i]!), reused: true, engine }
      const result = byText.get(text)!
      if ('error' in result) return { error: result.error }
      return { segment: result.segment, reused: false, engine, unknownWords: [], route: [pair.source, pair.target] }
    })
  }
  return {
    store,
    translateSettled,
    async translate(segments, pair, options) {
      const results = await translateSettled(segments, pair, options)
      const failed = results.find((r): r is { error: Error } => 'error' in r)
      if (failed) throw failed.error
      return results as Array<Exclude<Remembered, { error: Error }>>
    },
  }
}
