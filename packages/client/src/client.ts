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
  /**
   * Sent as `Idempotency-Key` with the upload, so sending it again creates no second job and
   * charges nothing more: an upload that fails on the network (no answer) or meets the same
   * key still running (409) is sent again with it, up to 3 times. Give your own to make a retry
   * of the whole call (another process, after a crash) safe too. Default: a new random UUID per call.
   */
  idempotencyKey?: string
  /** First status poll after this many ms, doubling up to 5 s. Default: 250 */
  pollMs?: number
  /** Give up waiting after this long (the job goes on on the server). Default: 30 min */
  timeoutMs?: number
  signal?: AbortSignal
  /** Called after each status poll. */
  onProgress?: (job: Job) => void
}

/** What `quoteFile` answers (`dry_run=true`): nothing is created or charged. */
export interface FileQuote {
  total_keys: number
  /** Credits the job would cost now: one per key to translate, over every language. */
  credits: number
  languages: Record<string, { keys_to_translate: number; reused_keys: number; kept_keys: number; needs_review: string[] }>
  [extension: string]: unknown
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
  /** What translating the file would cost now (keys to translate per language, after memory and kept edits); creates and charges nothing. */
  quoteFile(options: Omit<TranslateFileOptions, 'webhookUrl' | 'idempotencyKey' | 'pollMs' | 'timeoutMs' | 'onProgress'>): Promise<FileQuote>
}

/** Sends of one upload under its Idempotency-Key: the first and up to this many again. */
const UPLOAD_RETRIES = 3

export function createVersoClient(options: VersoClientOptions): VersoClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const fetchWithRetries = retryingFetch(options.fetch ?? globalThis.fetch.bind(globalThis), options.rateLimitRetries ?? 3, options.maxRetryAfterMs ?? 60_000)
  const api = createFetchClient<paths>({ baseUrl, headers: { 'X-API-KEY': options.apiKey }, fetch: fetchWithRetries })

  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetchWithRetries(new Request(`${baseUrl}${path}`, { ...init, headers: { ...(init.headers as Record<string, string> | undefined), 'X-API-KEY': options.apiKey } }))
    if (!response.ok) throw new VersoError(response.status, await errorText(response))
    return response
  }

  /** The upload's form: the file and the options every upload shares. */
  function uploadForm(input: Omit<TranslateFileOptions, 'idempotencyKey' | 'pollMs' | 'timeoutMs' | 'onProgress'>): FormData {
    const form = new FormData()
    form.set('file', asBlob(input.file), input.filename)
    form.set('target_languages', input.targets.join(','))
    form.set('source_language', input.source ?? 'auto')
    if (input.webhookUrl) form.set('webhook_url', input.webhookUrl)
    if (input.useMemory !== undefined) form.set('use_memory', String(input.useMemory))
    if (input.glossaryId) form.set('glossary_id', input.glossaryId)
    for (const [code, bytes] of Object.entries(input.targetFiles ?? {})) {
      form.set(`target_file_${code}`, asBlob(bytes), input.filename)
    }
    return form
  }

  /**
   * Creates the job under `key`: a send that got no answer, or a 409 (the first send with the
   * key is still being handled), is repeated with the same key, so the service creates one job
   * whatever happened to the answers.
   */
  async function createJob(form: FormData, key: string, signal?: AbortSignal): Promise<{ job_id: string }> {
    for (let attempt = 0; ; attempt++) {
      let response: Response
      try {
        response = await fetchWithRetries(new Request(`${baseUrl}/v2/translate/i18n`, { method: 'POST', body: form, signal, headers: { 'X-API-KEY': options.apiKey, 'Idempotency-Key': key } }))
      } catch (error) {
        if (signal?.aborted || attempt >= UPLOAD_RETRIES) throw error
        await sleep(250 * 2 ** attempt, signal)
        continue
      }
      if (response.status === 409 && attempt < UPLOAD_RETRIES) {
        await response.body?.cancel()
        await sleep(retryAfterMs(response.headers.get('retry-after')) ?? 1000, signal)
        continue
      }
      if (!response.ok) throw new VersoError(response.status, await errorText(response))
      return (await response.json()) as { job_id: string }
    }
  }

  return {
    api,
    async quoteFile(input) {
      const form = uploadForm(input)
      form.set('dry_run', 'true')
      return (await (await request('/v2/translate/i18n', { method: 'POST', body: form, signal: input.signal })).json()) as FileQuote
    },
    async translateFile(input) {
      const created = await createJob(uploadForm(input), input.idempotencyKey ?? crypto.randomUUID(), input.signal)
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
 * The body of an `api` call's answer, typed by the caller (`answer<{ html: string }>(await
 * client.api.POST(…))`), or a `VersoError` with the status and the service's `detail` (`error`
 * on downloads): openapi-fetch hands a non-2xx answer back as `error` instead of throwing.
 */
export function answer<T>(result: { data?: unknown; error?: unknown; response: Response }): T {
  if (result.response.ok) return result.data as T
  const body = result.error as { detail?: unknown; error?: unknown } | undefined
  throw new VersoError(result.response.status, String(body?.detail ?? body?.error ?? `HTTP ${result.response.status}`))
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

/** Bytes as a Blob for a form; DOM typings take only ArrayBuffer-backed views, which these are. */
function asBlob(bytes: Uint8Array | Blob): Blob {
  return bytes instanceof Blob ? bytes : new Blob([bytes as Uint8Array<ArrayBuffer>])
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
