/** The real @verso/memory (SQLite store in the test's temp dir, translate-through layer) over a test translator. */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMemoryTranslator, sqliteMemoryStore, type MemoryStore, type MemoryTranslator, type SegmentTranslator } from '@verso/memory'

export function sqliteMemory(
  translator: SegmentTranslator,
  dir = mkdtempSync(join(tmpdir(), 'verso-jobs-memory-')),
  revisionFor?: () => string | null,
): { store: MemoryStore; memory: MemoryTranslator; dir: string } {
  const store = sqliteMemoryStore({ path: join(dir, 'verso.db') })
  return { store, memory: createMemoryTranslator({ translator, store, engineFor: () => 'apertium', ...(revisionFor ? { revisionFor } : {}) }), dir }
}
