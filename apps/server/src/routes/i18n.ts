import { createHash } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import type { AppDeps } from '../app.js'
import { HttpError } from '../http-errors.js'
import { MAX_TARGETS } from '@verso/jobs'
import { checkLanguages } from '../translation.js'
import { claimIdempotency } from '../idempotency.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const FIELDS = new Set(['source_language', 'target_languages', 'webhook_url', 'use_memory', 'glossary_id', 'dry_run'])
/** `target_file_es`, `target_file_pt-BR`: the current translation of one target language (incremental jobs). */
const TARGET_FILE = /^target_file_(.+)$/

interface JobParams {
  job_id: string
}

/** Spec 4.5's form fields, for the OpenAPI document (the route reads the multipart body itself). */
const UPLOAD_FORM = {
  contentType: 'multipart/form-data',
  schema: {
    type: 'object',
    required: ['file', 'target_languages'],
    properties: {
      file: { type: 'string', format: 'binary', description: 'JSON (and Flutter .arb, Xcode .xcstrings), YAML, PO/POT, .properties, .strings or XML (and Apple .stringsdict, .NET .resx and .resw, XLIFF .xlf/.xliff, Qt Linguist .ts) file, at most 10 MB' },
      source_language: { type: 'string', default: 'auto', description: "a language code, or 'auto'" },
      target_languages: { type: 'string', description: 'comma-separated language codes, 1 to 50 (the field may be repeated: its values add up; any other field given twice is a 400)' },
      webhook_url: { type: 'string', format: 'uri', description: 'HTTPS URL notified when the job ends' },
      use_memory: { type: 'string', enum: ['true', 'false', '1', '0'], default: 'true', description: "read and fill the account's translation memory (Verso extension)" },
      glossary_id: { type: 'string', description: 'a glossary of the account whose terms every segment keeps; its pair must be the job\'s, a language\'s glossary serving its regional variants too (Verso extension)' },
      dry_run: {
        type: 'string',
        enum: ['true', 'false', '1', '0'],
        default: 'false',
        description: 'true: answer 200 with the quote (see the 200 response); no job is created, nothing is charged (Verso extension)',
      },
    },
    description:
      'Incremental jobs (Verso extension): a file part named `target_file_<code>` (e.g. `target_file_es`, `target_file_pt-BR`) for a target language carries ' +
      'that language\'s current file, same type as `file`. Human edits in it are kept byte for byte, only new keys and keys whose source changed are ' +
      'translated (and charged), and the result is that file with only those entries changed or inserted. At most one per target language; ' +
      'multi-locale JSON/YAML files are not supported.',
  },
}

/** The two answers of POST /v2/translate/i18n, for the OpenAPI document (the route serialises them itself). */
const UPLOAD_RESPONSES = {
  201: {
    description: 'The job was created (spec 4.5).',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['job_id', 'status', 'message'],
          properties: { job_id: { type: 'string', format: 'uuid' }, status: { type: 'string', enum: ['pending'] }, message: { type: 'string' } },
        },
      },
    },
  },
  200: {
    description: 'With dry_run=true (Verso extension): the quote; no job is created, nothing is charged.',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['total_keys', 'languages', 'credits'],
          properties: {
            total_keys: { type: 'integer', minimum: 0 },
            languages: {
              type: 'object',
              description: 'per target language code',
              additionalProperties: {
                type: 'object',
                required: ['keys_to_translate', 'reused_keys', 'kept_keys', 'needs_review'],
                properties: {
                  keys_to_translate: { type: 'integer', minimum: 0, description: 'keys an engine would translate: 1 credit each' },
                  reused_keys: { type: 'integer', minimum: 0, description: 'keys the translation memory or Verso\'s own earlier values answer, free' },
                  kept_keys: { type: 'integer', minimum: 0, description: 'hand-edited values of the target file, kept byte for byte' },
                  needs_review: { type: 'array', items: { type: 'string' }, description: 'keys whose source changed while their target was edited by hand' },
                },
              },
            },
            credits: { type: 'integer', minimum: 0, description: 'what the job would reserve: the sum of keys_to_translate' },
          },
        },
      },
    },
  },
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** `true/false/1/0` form flags; anything else is a 400. */
function flag(fields: Record<string, string>, name: string, fallback: boolean): boolean {
  const value = fields[name]?.trim().toLowerCase()
  if (value === undefined || value === '') return fallback
  if (value === 'true' || value === '1') return true
  if (value === 'false' || value === '0') return false
  throw new HttpError(400, `'${name}' must be true, false, 1 or 0.`)
}

/**
 * Errors of reading the multipart body. Busboy's own (no boundary, a truncated body, a part
 * without headers) are plain Errors: the client sent a broken body, so they are 400s. Errors
 * that already carry a client status (the plugin's size and count limits) keep it.
 */
function malformedUpload(error: unknown): unknown {
  if (error instanceof HttpError) return error
  const status = (error as { statusCode?: unknown })?.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) return error
  const reason = error instanceof Error ? error.message : String(error)
  return new HttpError(400, `Malformed multipart/form-data body: ${reason}`)
}

/** The canonical code of a `target_file_<code>` part: one of the job's targets (`ES` → `es`), else a 400. */
function targetLanguageOf(engine: AppDeps['engine'], part: { field: string; code: string }, languages: { targets: string[] }): string {
  const canonical = engine.canonicalCode(part.code, 'target') ?? engine.canonicalCode(part.code, 'source')
  const wanted = (canonical ?? part.code).replace(/_/g, '-').toLowerCase()
  const code = languages.targets.find((target) => target.toLowerCase() === wanted)
  if (code === undefined) {
    throw new HttpError(400, `'${part.field}': '${part.code}' is not one of the target languages (${languages.targets.join(', ')}).`)
  }
  return code
}

function jobNotFound(field: 'detail' | 'error' = 'detail'): HttpError {
  return new HttpError(404, 'Job not found.', {}, field)
}

/** Spec 4.5–4.9: localization-file jobs. The work itself happens in @verso/jobs' worker. */
export const i18nRoutes: FastifyPluginAsync<AppDeps> = async (app, { jobs, engine }) => {
  app.post('/v2/translate/i18n', { config: { auth: 'translate', rateLimited: true, documentedBody: UPLOAD_FORM, documentedResponses: UPLOAD_RESPONSES, idempotency: 'in-handler' } }, async (request, reply) => {
    if (!request.isMultipart()) {
      throw new HttpError(415, 'This endpoint takes multipart/form-data with a file field; JSON is not accepted.')
    }
    const fields: Record<string, string> = {}
    let file: { filename: string; bytes: Uint8Array } | undefined
    const targetFiles: Array<{ field: string; code: string; filename: string; bytes: Uint8Array }> = []
    try {
      // The app-wide limit is one file; this route also takes a target file per target language.
      for await (const part of request.parts({ limits: { files: 1 + MAX_TARGETS, parts: 20 + MAX_TARGETS } })) {
        const targetFile = TARGET_FILE.exec(part.fieldname)
        if (part.type === 'file' && targetFile) {
          targetFiles.push({ field: part.fieldname, code: targetFile[1]!, filename: part.filename, bytes: await part.toBuffer() })
        } else if (part.type === 'file') {
          if (part.fieldname !== 'file' || file) {
            throw new HttpError(400, `Unexpected file field '${part.fieldname}': send exactly one file in the 'file' field (and target files as 'target_file_<code>').`)
          }
          file = { filename: part.filename, bytes: await part.toBuffer() }
        } else if (FIELDS.has(part.fieldname)) {
          const value = String(part.value)
          if (fields[part.fieldname] === undefined) fields[part.fieldname] = value
          // Repeated target_languages fields add up (`target_languages=es&target_languages=fr`);
          // any other field given twice is ambiguous (which dry_run wins?), so it is refused.
          else if (part.fieldname === 'target_languages') fields.target_languages += `,${value}`
          else throw new HttpError(400, `The form field '${part.fieldname}' is given more than once.`)
        } else {
          throw new HttpError(400, `Unknown form field '${part.fieldname}'.`)
        }
      }
    } catch (error) {
      throw malformedUpload(error)
    }
    if (!file) throw new HttpError(400, "The 'file' field is required.")
    const targets = (fields.target_languages ?? '')
      .split(',')
      .map((code) => code.trim())
      .filter((code) => code !== '')
    if (targets.length === 0) throw new HttpError(400, "'target_languages' is required: comma-separated language codes.")
    const source = (fields.source_language ?? '').trim() || 'auto'
    // Canonical codes from here on (`EN` → `en`), so the job and its files name them one way.
    const languages = checkLanguages(engine, source, targets)
    const useMemory = flag(fields, 'use_memory', true)
    const dryRun = flag(fields, 'dry_run', false)
    const glossaryId = fields.glossary_id?.trim().toLowerCase()
    if (glossaryId && !UUID.test(glossaryId)) throw new HttpError(404, 'Glossary not found.')
    const targetLanguageFiles = targetFiles.map((target) => ({ language: targetLanguageOf(engine, target, languages), filename: target.filename, bytes: target.bytes }))
    // The form is read: an Idempotency-Key is claimed now (a replay answers here), before the job
    // exists. Target files are part of the fingerprint (by name and content hash).
    const fingerprinted = { ...fields, ...Object.fromEntries(targetFiles.map((target) => [target.field, `${target.filename}:${sha256(target.bytes)}`])) }
    if (await claimIdempotency(request, reply, { fields: fingerprinted, file })) return reply
    const input = {
      ownerId: request.account!.id,
      filename: file.filename,
      bytes: file.bytes,
      sourceLanguage: languages.source,
      targetLanguages: languages.targets,
      ...(fields.webhook_url ? { webhookUrl: fields.webhook_url.trim() } : {}),
      ...(request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : {}),
      ...(request.idempotencyKey && request.idempotencyAttempt ? { idempotencyAttempt: request.idempotencyAttempt } : {}),
      useMemory,
      ...(glossaryId ? { glossaryId } : {}),
      ...(targetLanguageFiles.length > 0 ? { targetFiles: targetLanguageFiles } : {}),
    }
    if (dryRun) return jobs.quote(input)
    const job = await jobs.create(input)
    reply.status(201)
    return { job_id: job.id, status: 'pending', message: 'Translation job created; poll its status or wait for the webhook.' }
  })

  app.get('/v2/translate/i18n/jobs', async (request) => jobs.list(request.account!.id))

  app.get<{ Params: JobParams }>('/v2/translate/i18n/jobs/:job_id/status', async (request) => {
    const { job_id } = request.params
    const job = UUID.test(job_id) ? await jobs.get(request.account!.id, job_id.toLowerCase()) : null
    if (!job) throw jobNotFound()
    return job
  })

  const download = async (request: any, reply: any) => {
    const { job_id } = request.params as JobParams
    const code = (request.query as Record<string, unknown>).language_code
    if (typeof code !== 'string' || code.trim() === '') {
      throw new HttpError(400, "The 'language_code' query parameter is required.", {}, 'error')
    }
    const job = UUID.test(job_id) ? await jobs.get(request.account!.id, job_id.toLowerCase()) : null
    if (!job) throw jobNotFound('error')
    const file = await jobs.download(request.account!.id, job.id, code.trim())
    if (!file) throw new HttpError(404, `No translated file for language '${code.trim()}' in this job.`, {}, 'error')
    reply.header('Content-Type', file.contentType)
    reply.header('Content-Disposition', contentDisposition(file.filename))
    reply.header('Content-Length', String(file.bytes.byteLength))
    return reply.send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength))
  }
  app.get('/v2/translate/i18n/jobs/:job_id/download', download)
  app.get('/v2/translate/i18n/jobs/:job_id/download/', download)

  app.delete<{ Params: JobParams }>('/v2/translate/i18n/jobs/:job_id', async (request) => {
    const { job_id } = request.params
    const outcome = UUID.test(job_id) ? await jobs.delete(request.account!.id, job_id.toLowerCase()) : 'not_found'
    if (outcome === 'forbidden') throw new HttpError(401, 'You do not have permission to delete this job.')
    if (outcome !== 'deleted') throw jobNotFound()
    return { message: 'Job and all its files were deleted.' }
  })
}

/** `attachment` with an ASCII fallback and the exact name in RFC 5987 form; no quotes or breaks. */
export function contentDisposition(filename: string): string {
  const safe = filename.replace(/[\\/]/g, '_').replace(/[\u0000-\u001f\u007f"]/g, '')
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`
}
