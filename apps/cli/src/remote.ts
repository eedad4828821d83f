/**
 * Translation through a running Verso server, over @verso/client: localization files as i18n
 * jobs (`translateFile`: upload, poll with backoff, download each language), HTML, Markdown and
 * subtitles through their endpoints; the client retries a 429 after the server's Retry-After. A bad key
 * or an unreachable server stops the run (exit 3), anything else fails that file only.
 */
import { answer, createVersoClient, VersoError } from '@verso/client'
import { decodeDocumentText, encodeDocumentText } from './text-encoding.js'
import { CliError, type FileTranslator, type LanguageOutcome } from './translator.js'

export interface RemoteTranslatorOptions {
  server: string
  key: string
  /** Longest wait for one job, in ms. Default: 30 minutes. */
  jobTimeoutMs?: number
  /** First status poll delay; doubles up to 5 s. Default: 250. */
  pollMs?: number
  /** Retries of a 429 answer. Default: 5. */
  rateLimitRetries?: number
  /** Also translate HTML's alt, title, placeholder, aria-label and button values (`translate_attributes`). Default: false. */
  htmlAttributes?: boolean
}

export function remoteTranslator(options: RemoteTranslatorOptions): FileTranslator {
  const base = options.server.replace(/\/+$/, '')
  const client = createVersoClient({ baseUrl: base, apiKey: options.key, rateLimitRetries: options.rateLimitRetries ?? 5 })

  /** Runs one call; a refused key or an unreachable server ends the run, other failures are this file's. */
  async function call<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (error instanceof VersoError) {
        if (error.status === 401 || error.status === 403) throw new CliError('SERVER', `${base} refused the API key (${error.status}): ${error.message}`)
        throw new CliError('FILE', `${what}: ${error.status} ${error.message}`)
      }
      // fetch rejects with a TypeError whose cause says why the server could not be reached
      const cause = (error as Error).cause
      throw new CliError('SERVER', `Cannot reach ${base}: ${cause ? String(cause) : (error as Error).message}`)
    }
  }

  return {
    async languages() {
      const listing = await call('GET /v1/supported-languages', async () =>
        answer<{ languages: Array<{ code: string }> }>(await client.api.GET('/v1/supported-languages')),
      )
      return listing.languages.map((l) => l.code)
    },

    async translate(file, from, targets, onDone, existing) {
      const outcomes: LanguageOutcome[] = []
      const done = (outcome: LanguageOutcome) => {
        outcomes.push(outcome)
        onDone?.(outcome)
      }
      if (file.kind.kind === 'i18n') {
        const { job, files } = await call('POST /v2/translate/i18n', () =>
          client.translateFile({
            file: file.bytes,
            filename: file.name,
            targets,
            source: from ?? 'auto',
            ...(existing && existing.size > 0 ? { targetFiles: Object.fromEntries(existing) } : {}),
            ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
            timeoutMs: options.jobTimeoutMs ?? 30 * 60_000,
          }),
        )
        for (const target of targets) {
          const bytes = files[target]
          done(
            bytes
              ? { language: target, bytes, failedKeys: job.status === 'partial' ? job.error_message : null }
              : { language: target, error: job.error_message ?? `job ${job.status}` },
          )
        }
        return { source: job.source_language, outcomes }
      }
      const kind = file.kind
      const read = decodeDocumentText(file.bytes, kind, file.encoding)
      const text = read.text
      const source = from ?? 'auto'
      for (const target of targets) {
        try {
          const translated = await call(`${kind.kind} into ${target}`, async () =>
            kind.kind === 'html'
              ? answer<{ html: string }>(await client.api.POST('/v2/translate/html', { body: { html: text, source, target, translate_attributes: options.htmlAttributes ?? false, set_language_attributes: true } })).html
              : kind.kind === 'markdown'
                ? answer<{ markdown: string }>(await client.api.POST('/v2/translate/markdown', { body: { markdown: text, source, target } })).markdown
                : answer<{ content: string }>(
                    await client.api.POST('/v2/translate/subtitles', { body: { format: kind.format, content: text, source, target } }),
                  ).content,
          )
          const written = encodeDocumentText(translated, read, kind)
          done({ language: target, bytes: written.bytes, failedKeys: null, ...(written.note ? { note: written.note } : {}) })
        } catch (error) {
          // only this language failed; a refused key or an unreachable server ends the run
          if (!(error instanceof CliError) || error.kind !== 'FILE') throw error
          done({ language: target, error: error.message })
        }
      }
      return { source, outcomes }
    },

    async close() {},
  }
}
