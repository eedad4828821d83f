/**
 * One outbound call to a remote engine: a timeout (ENGINE_TIMEOUT_MS), the caller's abort
 * signal, a cap on the body read (a runaway answer is cut off, not buffered), JSON parsed
 * before use, and HTTP statuses turned into engine error codes. The API key goes in headers
 * or the query only; it never appears in an error message (URLs in messages are stripped of
 * their query).
 */
import { EngineError, type EngineErrorCode } from '../errors.js'

export interface HttpOptions {
  /** Timeout of one call. Default: 30000 */
  timeoutMs?: number
  /** Most bytes read from one response body. Default: 8 MiB */
  maxBodyBytes?: number
  /** Replaces global fetch (tests). Default: globalThis.fetch */
  fetch?: typeof fetch
}

export interface JsonRequest {
  method: 'GET' | 'POST'
  url: string
  headers?: Record<string, string>
  /** Serialised as JSON (Content-Type: application/json). */
  body?: unknown
  signal: AbortSignal
}

export interface JsonResponse {
  status: number
  headers: Headers
  /** Parsed JSON, or undefined when the body was not JSON. */
  json: unknown
  text: string
}

export const DEFAULT_TIMEOUT_MS = 30_000
export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024

/** The URL without its query and credentials, for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url)
    return `${u.protocol}//${u.host}${u.pathname}`
  } catch {
    return '(invalid URL)'
  }
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after')
  if (value === null || value.trim() === '') return undefined
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

async function readCapped(response: Response, maxBytes: number, what: string): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '')
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined)
    throw new EngineError('ENGINE_BAD_OUTPUT', `${what} answered ${declared} bytes, more than the ${maxBytes} allowed`)
  }
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw new EngineError('ENGINE_BAD_OUTPUT', `${what} answered more than the ${maxBytes} bytes allowed`)
    }
    chunks.push(value)
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks))
}

/**
 * Sends one request and reads the answer whatever its status; network failures, timeouts and
 * aborts become EngineErrors (ENGINE_UNAVAILABLE, ENGINE_TIMEOUT, ENGINE_ABORTED).
 */
export async function requestJson(engine: string, request: JsonRequest, options: HttpOptions = {}): Promise<JsonResponse> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const doFetch = options.fetch ?? globalThis.fetch
  const what = `${engine} (${redactUrl(request.url)})`
  if (request.signal.aborted) throw new EngineError('ENGINE_ABORTED', `${engine}: aborted by the caller`, { cause: request.signal.reason, engine })
  const timeout = AbortSignal.timeout(timeoutMs)
  const signal = AbortSignal.any([request.signal, timeout])
  try {
    const response = await doFetch(request.url, {
      method: request.method,
      headers: { Accept: 'application/json', ...(request.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...request.headers },
      body: request.body !== undefined ? JSON.stringify(request.body) : undefined,
      signal,
      redirect: 'error',
    })
    const text = await readCapped(response, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, what)
    let json: unknown
    try {
      json = text === '' ? undefined : JSON.parse(text)
    } catch {
      json = undefined
    }
    return { status: response.status, headers: response.headers, json, text }
  } catch (error) {
    if (error instanceof EngineError) throw withEngine(error, engine)
    if (request.signal.aborted) throw new EngineError('ENGINE_ABORTED', `${engine}: aborted by the caller`, { cause: request.signal.reason, engine })
    if (timeout.aborted) throw new EngineError('ENGINE_TIMEOUT', `${what} did not answer within ${timeoutMs} ms`, { engine })
    const reason = (error as Error)?.cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error)?.message
    throw new EngineError('ENGINE_UNAVAILABLE', `${what} could not be reached: ${reason ?? String(error)}`, { engine })
  }
}

function withEngine(error: EngineError, engine: string): EngineError {
  if (error.engine) return error
  return new EngineError(error.code, error.message, { cause: error.cause, engine, ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}) })
}

/** The short message a vendor put in an error body, if any (never the request). */
export function vendorMessage(json: unknown, text: string, secret?: string): string {
  const j = json as any
  const candidate = j?.error?.message ?? j?.message ?? (typeof j?.error === 'string' ? j.error : undefined) ?? j?.detail
  const raw = typeof candidate === 'string' ? candidate : text.slice(0, 200)
  return redactSecrets(raw.replace(/\s+/g, ' ').trim().slice(0, 300), secret)
}

/**
 * Vendors sometimes quote the key they refused (OpenAI: "Incorrect API key provided:
 * sk-…abcd"): the translator's own key, and anything key-like (a run of 20+ letters, digits and key punctuation, or an
 * `sk-` token) is replaced before a vendor message is kept or shown.
 */
export function redactSecrets(text: string, secret?: string): string {
  const own = secret && secret.length >= 4 ? text.split(secret).join('[redacted]') : text
  return own.replace(/\bsk-[\w*.-]+/g, '[redacted]').replace(/[A-Za-z0-9_*:.-]{20,}/g, '[redacted]')
}

/**
 * The usual mapping of a non-2xx status: 429 → RATE_LIMITED (with Retry-After), 5xx →
 * UNAVAILABLE (with Retry-After when given), 401/403 → UNAVAILABLE (misconfigured key: the
 * engine cannot serve), other 4xx → BAD_OUTPUT (the request was refused: nothing to retry).
 * Vendors refine it before calling this (DeepL 456, Google's 403 reasons, OpenAI's
 * insufficient_quota).
 */
export function statusError(engine: string, response: JsonResponse, url: string, override?: EngineErrorCode, secret?: string): EngineError {
  const status = response.status
  const detail = vendorMessage(response.json, response.text, secret)
  const retry = retryAfterMs(response.headers)
  const code: EngineErrorCode =
    override ?? (status === 429 ? 'ENGINE_RATE_LIMITED' : status >= 500 || status === 401 || status === 403 || status === 408 ? (status === 408 ? 'ENGINE_TIMEOUT' : 'ENGINE_UNAVAILABLE') : 'ENGINE_BAD_OUTPUT')
  const hint = status === 401 || status === 403 ? ' (check the API key)' : ''
  return new EngineError(code, `${engine} (${redactUrl(url)}) answered ${status}${hint}${detail ? `: ${detail}` : ''}`, {
    engine,
    ...(retry !== undefined ? { retryAfterMs: retry } : {}),
  })
}

/** A 2xx answer whose body is not what the vendor documents. */
export function badBody(engine: string, url: string, what: string): EngineError {
  return new EngineError('ENGINE_BAD_OUTPUT', `${engine} (${redactUrl(url)}) answered 2xx with ${what}`, { engine })
}

/** Splits `items` into runs of at most `maxItems` items and `maxChars` characters (a single long item gets a run of its own). */
export function chunk<T>(items: readonly T[], maxItems: number, maxChars: number, size: (item: T) => number): T[][] {
  const runs: T[][] = []
  let run: T[] = []
  let chars = 0
  for (const item of items) {
    const n = size(item)
    if (run.length > 0 && (run.length >= maxItems || chars + n > maxChars)) {
      runs.push(run)
      run = []
      chars = 0
    }
    run.push(item)
    chars += n
  }
  if (run.length > 0) runs.push(run)
  return runs
}
