import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { GlossaryError, parseGlossaryEntries, validateGlossary, type Glossary, type GlossaryInfo } from '@verso/memory'
import type { RouteDeps } from '../app.js'
import { HttpError } from '../http-errors.js'
import { claimIdempotency } from '../idempotency.js'
import { findGlossary, glossaryNotFound } from '../memory.js'

/**
 * Verso extensions (issue 13): glossaries, as DeepL's glossaries API has them (immutable; create,
 * list, read, delete), and clearing an account's translation memory. Entries come as a JSON
 * list, or as CSV/TSV text (`entries` + `entries_format`, DeepL's form), or as an uploaded
 * CSV/TSV file.
 */

const ENTRY_FORMATS = new Set(['csv', 'tsv'])
const FORM_FIELDS = new Set(['name', 'source_language', 'target_language', 'entries', 'entries_format'])

const GLOSSARY_INFO = {
  type: 'object',
  properties: {
    glossary_id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    source_language: { type: 'string' },
    target_language: { type: 'string' },
    entry_count: { type: 'integer' },
    creation_time: { type: 'string', format: 'date-time' },
  },
}
const ENTRIES = {
  type: 'array',
  items: { type: 'object', required: ['source', 'target'], properties: { source: { type: 'string' }, target: { type: 'string' } } },
}
const CREATE_BODY = {
  type: 'object',
  required: ['name', 'source_language', 'target_language', 'entries'],
  properties: {
    name: { type: 'string', maxLength: 100 },
    source_language: { type: 'string' },
    target_language: { type: 'string' },
    entries: {
      description:
        'The terms: a list of {source, target} (a target equal to its source is do-not-translate), or CSV/TSV text as DeepL takes it (then give entries_format).',
      oneOf: [ENTRIES, { type: 'string' }],
    },
    entries_format: { type: 'string', enum: ['csv', 'tsv'], description: 'How a text `entries` is written. Default: tsv.' },
  },
}

/** A glossary as the API shows it (DeepL's field names where they exist). */
function info(glossary: GlossaryInfo): GlossaryInfo {
  const { glossary_id, name, source_language, target_language, entry_count, creation_time } = glossary
  return { glossary_id, name, source_language, target_language, entry_count, creation_time }
}

export const glossaryRoutes: FastifyPluginAsync<RouteDeps> = async (app, { engine, memory }) => {
  const store = memory.store

  app.post(
    '/v2/glossaries',
    {
      config: {
        auth: 'translate',
        rateLimited: true,
        documentedBody: { contentType: 'application/json', schema: CREATE_BODY },
        // JSON or multipart: the key is claimed once the body is read, whichever it was.
        idempotency: 'in-handler',
      },
      schema: { response: { 201: GLOSSARY_INFO } },
    },
    async (request, reply) => {
      const raw = request.isMultipart() ? await readForm(request) : request.body
      if (await claimIdempotency(request, reply, { fields: { body: JSON.stringify(raw ?? null) } })) return reply
      const input = glossaryInput(raw)
      const checked = {
        source_language: languageCode(engine.canonicalCode(input.source_language, 'source'), input.source_language, 'source_language'),
        target_language: languageCode(engine.canonicalCode(input.target_language, 'target'), input.target_language, 'target_language'),
      }
      const glossary = await store.createGlossary(request.account!.id, { ...input, ...checked })
      reply.status(201)
      return info(glossary)
    },
  )

  app.get('/v2/glossaries', { config: { auth: 'read' } }, async (request) => ({
    glossaries: (await store.listGlossaries(request.account!.id)).map(info),
  }))

  app.get<{ Params: { glossary_id: string } }>('/v2/glossaries/:glossary_id', { config: { auth: 'read' } }, async (request) => {
    const glossary = await findGlossary(store, request.account!.id, request.params.glossary_id)
    if (!glossary) throw glossaryNotFound()
    return { ...info(glossary), entries: glossary.entries }
  })

  app.delete<{ Params: { glossary_id: string } }>('/v2/glossaries/:glossary_id', { config: { auth: 'read' } }, async (request) => {
    const glossary: Glossary | null = await findGlossary(store, request.account!.id, request.params.glossary_id)
    if (!glossary || !(await store.deleteGlossary(request.account!.id, glossary.glossary_id))) throw glossaryNotFound()
    return { message: 'Glossary deleted.' }
  })

  app.delete('/v2/memory', { config: { auth: 'read' } }, async (request) => {
    const deleted = await store.clear(request.account!.id)
    return { message: 'Translation memory cleared.', deleted_translations: deleted }
  })
}

function languageCode(canonical: string | null, given: string, field: string): string {
  if (canonical === null) throw new HttpError(400, `Unsupported ${field} '${given}': see GET /v2/languages.`)
  return canonical
}

/** The body as validateGlossary takes it: text entries parsed from CSV/TSV first; every problem is a 400 naming it. */
function glossaryInput(raw: unknown): ReturnType<typeof validateGlossary> {
  try {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new HttpError(400, 'The body must be a JSON object (or a multipart form).')
    const body = raw as Record<string, unknown>
    const format = body.entries_format ?? 'tsv'
    if (typeof format !== 'string' || !ENTRY_FORMATS.has(format)) throw new HttpError(400, "entries_format must be 'csv' or 'tsv'.")
    const entries = typeof body.entries === 'string' ? parseGlossaryEntries(body.entries, format as 'csv' | 'tsv') : body.entries
    return validateGlossary({ ...body, entries })
  } catch (error) {
    if (error instanceof GlossaryError) throw new HttpError(400, error.message)
    throw error
  }
}

/**
 * A multipart glossary: the fields, and the entries as an uploaded file (its format from
 * `entries_format`, else the file name's .csv/.tsv).
 */
async function readForm(request: FastifyRequest): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {}
  let fileFormat: string | undefined
  try {
    for await (const part of request.parts()) {
      if (!FORM_FIELDS.has(part.fieldname)) throw new HttpError(400, `Unknown form field '${part.fieldname}'.`)
      if (part.type === 'file') {
        if (part.fieldname !== 'entries') throw new HttpError(400, `Unexpected file field '${part.fieldname}': send the terms in 'entries'.`)
        fields.entries = (await part.toBuffer()).toString('utf8')
        fileFormat = /\.csv$/i.test(part.filename) ? 'csv' : /\.tsv$/i.test(part.filename) ? 'tsv' : undefined
      } else {
        fields[part.fieldname] = String(part.value)
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error
    throw new HttpError(400, `Malformed multipart/form-data body: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (fields.entries_format === undefined && fileFormat) fields.entries_format = fileFormat
  return fields
}
