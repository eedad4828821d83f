/**
 * Translation on this machine, no server: the embedded Apertium engine, and for localization
 * files the job engine of @verso/jobs running in-process over a throwaway SQLite database, so
 * a file is translated by exactly the code a server would run (codecs, placeholder masking,
 * plurals, partial failures), not by a second implementation.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { createEngine, type Engine } from '@verso/engine'
import { maskSegment } from '@verso/formats/placeholders'
import { extractHtml, extractMarkdown, type ExtractedHtml } from '@verso/html'
import { createJobService, fsFileStore, sqliteJobStore, type JobService } from '@verso/jobs'
import { createMemoryTranslator, sqliteMemoryStore, type MemoryStore } from '@verso/memory'
import { extractSubtitles } from '@verso/subtitles'
import { decodeDocumentText, encodeDocumentText } from './text-encoding.js'
import { CliError, type FileTranslator, type LanguageOutcome, type SourceFile } from './translator.js'

const POLL_MS = 50

export interface LocalTranslatorOptions {
  /** Apertium mode files. Default: the engine's default (/usr/share/apertium/modes). */
  modesDir?: string
  /**
   * The translation memory and ledger file that makes runs incremental (what Verso wrote last
   * time, to tell it from human edits). null: a throwaway one (every run starts afresh; human
   * edits in existing files are still kept). Default: null.
   */
  memoryPath?: string | null
  /** Also translate HTML's alt, title, placeholder, aria-label and button values. Default: false. */
  htmlAttributes?: boolean
}

export function localTranslator(options: LocalTranslatorOptions = {}): FileTranslator {
  const engine: Engine = createEngine({ ...(options.modesDir ? { modesDir: options.modesDir } : {}), pipelinesPerDirection: 1 })
  let jobs: { service: JobService; dir: string; memory: MemoryStore } | null = null

  /** The in-process job engine, created on the first localization file. */
  function jobService(): JobService {
    if (jobs) return jobs.service
    const dir = mkdtempSync(join(tmpdir(), 'verso-cli-'))
    if (options.memoryPath) mkdirSync(dirname(options.memoryPath), { recursive: true })
    const memory = sqliteMemoryStore({ path: options.memoryPath ?? join(dir, 'memory.db') })
    const service = createJobService({
      store: sqliteJobStore({ path: join(dir, 'jobs.db') }),
      files: fsFileStore({ dir: join(dir, 'files') }),
      translator: engine,
      memory: createMemoryTranslator({ translator: engine, store: memory, engineFor: () => 'apertium', revisionFor: (pair) => engine.revision(pair.source, pair.target) }),
      supportsLanguage: (code) => engine.languages().some((language) => language.code === code),
      publicBaseUrl: 'http://localhost',
      worker: { pollMs: POLL_MS, languageConcurrency: 2 },
    })
    service.startWorker()
    jobs = { service, dir, memory }
    return service
  }

  function checkPair(from: string | null, target: string): void {
    if (from && !engine.supports(from, target)) {
      throw new CliError('USAGE', `The embedded engine cannot translate ${from} into ${target}. ${describeLanguages(engine)}`)
    }
  }

  async function sourceOf(from: string | null, sample: string): Promise<string> {
    if (from) return from
    if (sample.trim() === '') throw new CliError('FILE', 'Nothing to detect the language from: give --from')
    return engine.detect(sample).language
  }

  return {
    languages: () => engine.languages().map((language) => language.code),

    async translate(file: SourceFile, from, targets, onLanguageDone, existing) {
      for (const target of targets) checkPair(from, target)
      if (file.kind.kind === 'i18n') {
        const service = jobService()
        // One owner per source folder: the memory's ledger names a document by its file name,
        // so en.json of two projects must not share one.
        const owner = `cli:${resolve(dirname(file.path))}`
        const job = await service.create({
          ownerId: owner,
          filename: file.name,
          bytes: file.bytes,
          sourceLanguage: from ?? 'auto',
          targetLanguages: [...targets],
          ...(existing && existing.size > 0
            ? { targetFiles: [...existing].map(([language, bytes]) => ({ language, filename: file.name, bytes })) }
            : {}),
        })
        let record = await service.get(owner, job.id)
        while (record && (record.status === 'pending' || record.status === 'processing')) {
          await new Promise((resolve) => setTimeout(resolve, POLL_MS))
          record = await service.get(owner, job.id)
        }
        if (!record) throw new CliError('FILE', 'The job disappeared while it ran')
        const outcomes: LanguageOutcome[] = []
        for (const target of targets) {
          const downloaded = record.translated_files.some((f) => f.language_code === target)
            ? await service.download(owner, job.id, target)
            : null
          const outcome: LanguageOutcome = downloaded
            ? { language: target, bytes: downloaded.bytes, failedKeys: record.status === 'partial' ? record.error_message : null }
            : { language: target, error: record.error_message ?? 'The file could not be translated' }
          outcomes.push(outcome)
          onLanguageDone?.(outcome)
        }
        return { source: record.source_language, outcomes }
      }

      const read = decodeDocumentText(file.bytes, file.kind, file.encoding)
      const text = read.text
      const document: Pick<ExtractedHtml, 'segments' | 'write'> =
        file.kind.kind === 'html'
          ? extractHtml(text, { attributes: options.htmlAttributes ?? false })
          : file.kind.kind === 'markdown'
            ? extractMarkdown(text)
            : extractSubtitles(text, file.kind.format)
      const plain = document.segments.map((s) => (typeof s === 'string' ? s : s.filter((p) => typeof p === 'string').join(''))).join('\n')
      const source = await sourceOf(from, plain)
      const outcomes: LanguageOutcome[] = []
      for (const target of targets) {
        let outcome: LanguageOutcome
        try {
          checkPair(source, target)
          // Placeholders in the text ({name}, %d, :smile:) are tokens the engine carries, as the server's routes do.
          const masks = document.segments.map(maskSegment)
          const translated = masks.length === 0 ? [] : await engine.translate(masks.map((mask) => mask.segment), { source, target })
          const restored = translated.map((t, index) => masks[index]!.restore(t.segment))
          // An HTML page's lang/dir attributes follow the translation (subtitles have none).
          const written = document.write(restored, masks.length === 0 ? undefined : { source, target })
          const encoded = encodeDocumentText(written, read, file.kind)
          outcome = { language: target, bytes: encoded.bytes, failedKeys: null, ...(encoded.note ? { note: encoded.note } : {}) }
        } catch (error) {
          outcome = { language: target, error: (error as Error).message }
        }
        outcomes.push(outcome)
        onLanguageDone?.(outcome)
      }
      return { source, outcomes }
    },

    async close() {
      if (jobs) {
        await jobs.service.close()
        await jobs.memory.close()
        rmSync(jobs.dir, { recursive: true, force: true })
      }
      await engine.close()
    },
  }
}

function describeLanguages(engine: Engine): string {
  return `Installed languages: ${engine.languages().map((l) => l.code).join(', ')}`
}
