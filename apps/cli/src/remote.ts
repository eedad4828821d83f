/**
 * Translation through a running Verso server: localization files as i18n jobs (upload, poll
 * the status with backoff, download each language), HTML and subtitles through their
 * endpoints. A 429 is retried after the server's Retry-After; a bad key or an unreachable
 * server stops the run (exit 3), anything else fails that file only.
 */
import { CliError, type FileTranslator, type LanguageOutcome, type SourceFile } from './translator.js'

export interface RemoteTranslatorOptions {
  server: string
  key: string
  /** Longest wait for one job, in ms. Default: 30 minutes. */
  jobTimeoutMs?: number
  /** First status poll delay; doubles up to 5 s. Default: 250. */
  pollMs?: number
  /** Retries of a 429 answer. Default: 5. */
  rateLimitRetries?: number
}

interface JobStatus {
  job_id: string
  status: 'pending' | 'processing' | 'completed' | 'partial' | 'failed'
  source_language: string
  failed_keys: number
  error_message: string | null
  translated_files: Array<{ language_code: string; file_url: string }>
}

export function remoteTranslator(options: RemoteTranslatorOptions): FileTranslator {
  const base = options.server.replace(/\/+$/, '')
  const pollStart = options.pollMs ?? 250
  const jobTimeout = options.jobTimeoutMs ?? 30 * 60_000
  const retries = options.rateLimitRetries ?? 5

  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      let response: Response
      try {
        response = await fetch(`${base}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), 'X-API-KEY': options.key } })
      } catch (error) {
        throw new CliError('SERVER', `Cannot reach ${base}: ${(error as Error).cause ? String((error as Error).cause) : (error as Error).message}`)
      }
      if (response.status === 429 && attempt < retries) {
        const wait = Number(response.headers.get('retry-after'))
        await response.arrayBuffer()
        await new Promise((resolve) => setTimeout(resolve, (Number.isFinite(wait) && wait > 0 ? wait : 2 ** attempt) * 1000))
        continue
      }
      if (response.status === 401 || response.status === 403) {
        throw new CliError('SERVER', `${base} refused the API key (${response.status}): ${await errorText(response)}`)
      }
      return response
    }
  }

  async function json<T>(path: string, init: RequestInit = {}): Promise<T> {
    const response = await call(path, init)
    if (!response.ok) throw new CliError('FILE', `${init.method ?? 'GET'} ${path}: ${response.status} ${await errorText(response)}`)
    return (await response.json()) as T
  }

  async function translateJob(file: SourceFile, from: string | null, targets: readonly string[], onDone?: (o: LanguageOutcome) => void) {
    const form = new FormData()
    form.set('file', new Blob([file.bytes]), file.name)
    form.set('target_languages', targets.join(','))
    form.set('source_language', from ?? 'auto')
    const created = await json<{ job_id: string }>('/v2/translate/i18n', { method: 'POST', body: form })
    const started = Date.now()
    let delay = pollStart
    let job = await json<JobStatus>(`/v2/translate/i18n/jobs/${created.job_id}/status`)
    while (job.status === 'pending' || job.status === 'processing') {
      if (Date.now() - started > jobTimeout) throw new CliError('FILE', `Job ${created.job_id} did not finish within ${Math.round(jobTimeout / 1000)} s`)
      await new Promise((resolve) => setTimeout(resolve, delay))
      delay = Math.min(delay * 2, 5000)
      job = await json<JobStatus>(`/v2/translate/i18n/jobs/${created.job_id}/status`)
    }
    const outcomes: LanguageOutcome[] = []
    for (const target of targets) {
      let outcome: LanguageOutcome
      if (job.translated_files.some((f) => f.language_code === target)) {
        const response = await call(`/v2/translate/i18n/jobs/${created.job_id}/download/?language_code=${encodeURIComponent(target)}`)
        outcome = response.ok
          ? { language: target, bytes: new Uint8Array(await response.arrayBuffer()), failedKeys: job.status === 'partial' ? job.error_message : null }
          : { language: target, error: `download: ${response.status} ${await errorText(response)}` }
      } else {
        outcome = { language: target, error: job.error_message ?? `job ${job.status}` }
      }
      outcomes.push(outcome)
      onDone?.(outcome)
    }
    return { source: job.source_language, outcomes }
  }

  return {
    async languages() {
      const listing = await json<{ languages: Array<{ code: string }> }>('/v1/supported-languages')
      return listing.languages.map((l) => l.code)
    },

    async translate(file, from, targets, onDone) {
      if (file.kind.kind === 'i18n') return translateJob(file, from, targets, onDone)
      const text = new TextDecoder().decode(file.bytes)
      const source = from ?? 'auto'
      const outcomes: LanguageOutcome[] = []
      for (const target of targets) {
        let outcome: LanguageOutcome
        const request =
          file.kind.kind === 'html'
            ? { path: '/v2/translate/html', body: { html: text, source, target } }
            : { path: '/v2/translate/subtitles', body: { format: file.kind.format, content: text, source, target } }
        const response = await call(request.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request.body) })
        if (response.ok) {
          const answer = (await response.json()) as { html?: string; content?: string }
          outcome = { language: target, bytes: new TextEncoder().encode(answer.html ?? answer.content ?? ''), failedKeys: null }
        } else {
          outcome = { language: target, error: `${response.status} ${await errorText(response)}` }
        }
        outcomes.push(outcome)
        onDone?.(outcome)
      }
      return { source, outcomes }
    },

    async close() {},
  }
}

async function errorText(response: Response): Promise<string> {
  const body = await response.text()
  try {
    const parsed = JSON.parse(body) as { detail?: string; error?: string }
    return parsed.detail ?? parsed.error ?? body
  } catch {
    return body.slice(0, 200)
  }
}
