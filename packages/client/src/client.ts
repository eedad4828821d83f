/**
 * The Verso client: `api` is openapi-fetch over the service's OpenAPI document (every route,
 * body and answer typed from `schema.ts`), and the helpers wrap what every caller would
 * otherwise write again: the API key header, 429 retries that honour Retry-After, and
 * translateFile (upload, wait with backoff, download each language). Uses only `fetch`, so it
 * runs in Node ≥ 20, browsers, Deno and Bun.
 */
import createFetchClient, { type Client } from 'openapi-fetch'
import type { paths } from './schema.js'

export interface VersoClientOptions {
  /** The service's base URL, e.g. `http://localhost:8080`. */
  baseUrl: string
  /** Sent as `X-API-KEY` on every request. */
  apiKey: string
  /** Retries of a 429 answer, each after its Retry-After (or 1, 2, 4… s without one). Default: 3 */
  rateLimitRetries?: number
  /** Longest Retry-After honoured, in ms; a longer one is answered to the caller. Default: 60000 */
  maxRetryAfterMs?: number
  /** The fetch to use. Default: globalThis.fetch */
  fetch?: typeof fetch
}

/** A non-2xx answer: `status` and the service's `detail` (or `error`, for downloads). */
export class VersoError extends Error {
  override name = 'VersoError'
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export type JobStatus = 'pending' | 'processing' | 'completed' | 'partial' | 'failed'

/** The job as `GET …/status` answers it (spec 2.4, 2.5). */
export interface Job {
  job_id: string
  status: JobStatus
  original_filename: string
  file_type: string
  source_language: string
  target_languages: string[]
  total_keys: number
  translated_keys: number
  failed_keys: number
  error_message: string | null
  translated_files: Array<{ id: string; language_code: string; file_url: string; file_size: number; created_at: string }>
  [extension: string]: unknown
}

export interface TranslateFileOptions {
  /** The file's bytes (or a Blob/File in a browser). */
  file: Uint8Array | Blob
  /** Its name: the extension picks the format (`en.json`, `strings.xml`, …). */
  filename: string
  targets: readonly string[]
  /** Default: 'auto' */
  source?: string
  webhookUrl?: string
  /**
   * The current translation of the file per target language (Verso's incremental jobs,
   * `target_file_<code>`): human edits in it are kept byte for byte, and only new keys and keys
   * whose source changed are translated and charged.
   */
  targetFiles?: Readonly<Record<string, Uint8Array | Blob>>
  /** false: neither reuse nor fill the account's translation memory. Default: the server's (true). */
  useMemory?: boolean
  /** A glossary of the account whose terms the job enforces. */
  glossaryId?: string
  /** First status poll after this many ms, doubling up to 5 s. Default: 250 */
  pollMs?: number
  /** Give up waiting after this long (the job goes on on the server). Default: 30 min */
  timeoutMs?: number
  signal?: AbortSignal
  /** Called after each status poll. */
  onProgress?: (job: Job) => void
}

export interface TranslatedFileResult {
  job: Job
  /** The translated bytes per language code that has a file (all of them unless the job failed or was partial). */
  files: Record<string, Uint8Array>
}

export interface VersoClient {
  /** openapi-fetch over every route of the service: `api.POST('/v2/translate', { body })`. */
  readonly api: Client<paths>
  /** Uploads a localization file as an i18n job, waits for it to end and downloads every translated language. */
  translateFile(options: TranslateFileOptions): Promise<TranslatedFileResult>
}

export function createVersoClient(options: VersoClientOptions): VersoClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const fetchWithRetries = retryingFetch(options.fetch ?? globalThis.fetch.bind(globalThis), options.rateLimitRetries ?? 3, options.maxRetryAfterMs ?? 60_000)
  const api = createFetchClient<paths>({ baseUrl, headers: { 'X-API-KEY': options.apiKey }, fetch: fetchWithRetries })

  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetchWithRetries(new Request(`${baseUrl}${path}`, { ...init, headers: { ...(init.headers as Record<string, string> | undefined), 'X-API-KEY': options.apiKey } }))
    if (!response.ok) throw new VersoError(response.status, await errorText(response))
    return response
  }

  return {
    api,
    async translateFile(input) {
      const form = new FormData()
      form.set('file', input.file instanceof Blob ? input.file : new Blob([input.file]), input.filename)
      form.set('target_languages', input.targets.join(','))
      form.set('source_language', input.source ?? 'auto')
      if (input.webhookUrl) form.set('webhook_url', input.webhookUrl)
      if (input.useMemory !== undefined) form.set('use_memory', String(input.useMemory))
      if (input.glossaryId) form.set('glossary_id', input.glossaryId)
      for (const [code, bytes] of Object.entries(input.targetFiles ?? {})) {
        form.set(`target_file_${code}`, bytes instanceof Blob ? bytes : new Blob([bytes]), input.filename)
      }
      const created = (await (await request('/v2/translate/i18n', { method: 'POST', body: form, signal: input.signal })).json()) as { job_id: string }
      const statusPath = `/v2/translate/i18n/jobs/${encodeURIComponent(created.job_id)}/status`
      const deadline = Date.now() + (input.timeoutMs ?? 30 * 60_000)
      let delay = input.pollMs ?? 250
      let job = (await (await request(statusPath, { signal: input.signal })).json()) as Job
      input.onProgress?.(job)
      while (job.status === 'pending' || job.status === 'processing') {
        if (Date.now() > deadline) throw new VersoError(408, `Job ${job.job_id} did not end in time; it goes on on the server`)
        await sleep(delay, input.signal)
        delay = Math.min(delay * 2, 5000)
        job = (await (await request(statusPath, { signal: input.signal })).json()) as Job
        input.onProgress?.(job)
      }
      const files: Record<string, Uint8Array> = {}
      for (const file of job.translated_files) {
        const path = `/v2/translate/i18n/jobs/${encodeURIComponent(job.job_id)}/download/?language_code=${encodeURIComponent(file.language_code)}`
        files[file.language_code] = new Uint8Array(await (await request(path, { signal: input.signal })).arrayBuffer())
      }
      return { job, files }
    },
  }
}

/**
 * fetch that answers a 429 by waiting its Retry-After (seconds or an HTTP date) and sending the
 * request again, at most `retries` times; the request is cloned before each try so a body can
 * be sent again.
 */
export function retryingFetch(inner: typeof fetch, retries: number, maxWaitMs: number): (input: Request) => Promise<Response> {
  return async (input: Request) => {
    for (let attempt = 0; ; attempt++) {
      const response = await inner(attempt < retries ? input.clone() : input)
      if (response.status !== 429 || attempt >= retries) return response
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? 1000 * 2 ** attempt
      if (wait > maxWaitMs) return response
      await response.body?.cancel()
      await sleep(wait, input.signal)
    }
  }
}

function retryAfterMs(header: string | null): number | null {
  if (!header) return null
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000
  const date = Date.parse(header)
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now())
}

function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal!.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

async function errorText(response: Response): Promise<string> {
  const body = await response.text()
  try {
    const parsed = JSON.parse(body) as { detail?: unknown; error?: unknown }
    return String(parsed.detail ?? parsed.error ?? body)
  } catch {
    return body.slice(0, 500) || `HTTP ${response.status}`
  }
}
