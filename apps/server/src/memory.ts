import type { FastifyRequest } from 'fastify'
import { Type } from '@sinclair/typebox'
import type { Engine, EngineError, RoutedEngine, Segment, Translation } from '@verso/engine'
import type { Glossary, MemoryStore, MemoryTranslator, MemoryTranslatorOptions, Origin, Remembered } from '@verso/memory'
import { glossaryCoversPair } from '@verso/memory'
import { HttpError } from './http-errors.js'
import { isAuto } from './translation.js'

/**
 * The text endpoints' side of @verso/memory: every translating route goes through the
 * account's memory and, when asked, a glossary. Prices stay the spec's per request (a text
 * answered from memory costs what the spec says it costs); jobs are where reuse is free.
 */

/** Verso's additive body fields of every translating route. */
export const MemoryFields = {
  use_memory: Type.Optional(
    Type.Boolean({
      default: true,
      description:
        "Reuse this account's earlier translation of the same text by the same engine, at the same version (an upgraded engine translates again), and store new ones. Default: true; " +
        'false neither reads nor writes the memory. Text endpoints cost the same either way.',
    }),
  ),
  glossary_id: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        "A glossary of this account (POST /v2/glossaries) whose terms are enforced: each term found in the text (case-aware, whole words) comes back as the glossary's target. " +
        'Its languages must be the request\'s (a language\'s glossary also serves its regional variants: en→pt serves en→pt-BR); `source` cannot be `auto` then.',
    }),
  ),
}

/**
 * What the memory files a pair's translations under: the engine that serves it (the routed
 * engine's first choice, else the embedded Apertium) and that engine's revision, so that an
 * upgraded engine's answers are not hidden behind the stored answers of the one before.
 */
export function memoryEngine(engine: Engine): Pick<MemoryTranslatorOptions, 'engineFor' | 'revisionFor'> {
  const routed = (engine as Partial<RoutedEngine>).enginesFor
  return {
    engineFor: (pair) => routed?.call(engine, pair.source, pair.target)[0] ?? 'apertium',
    revisionFor: (pair) => engine.revision(pair.source, pair.target),
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function glossaryNotFound(): HttpError {
  return new HttpError(404, 'Glossary not found.')
}

/** The account's glossary by id, or null (the id is not a glossary id, or another account's). */
export async function findGlossary(store: MemoryStore, accountId: string, glossaryId: string): Promise<Glossary | null> {
  return UUID.test(glossaryId) ? store.getGlossary(accountId, glossaryId.toLowerCase()) : null
}

/**
 * The glossary a request names, checked against its (canonical) languages before anything is
 * charged: 404 when the account has no such glossary, 400 when its languages are not the
 * request's or the source is `auto` (a glossary is for one language pair; as with DeepL, the
 * source must then be given).
 */
export async function requestGlossary(
  store: MemoryStore,
  accountId: string,
  glossaryId: string | undefined,
  checked: { source: string; targets: readonly string[] },
): Promise<Glossary | null> {
  if (glossaryId === undefined) return null
  if (isAuto(checked.source)) throw new HttpError(400, "A glossary is for one language pair: give the source language instead of 'auto' when using glossary_id.")
  const glossary = await findGlossary(store, accountId, glossaryId)
  if (!glossary) throw glossaryNotFound()
  for (const target of checked.targets) {
    // An EN→PT glossary serves EN→PT-BR too, as DeepL's do (see @verso/memory's glossaryCoversPair).
    if (!glossaryCoversPair(glossary, { source: checked.source, target })) {
      throw new HttpError(
        400,
        `Glossary ${glossary.glossary_id} is for ${glossary.source_language}→${glossary.target_language}, not ${checked.source}→${target}.`,
      )
    }
  }
  return glossary
}

/** How one request uses the memory. */
export interface MemoryUse {
  useMemory: boolean
  glossary: Glossary | null
  via: Origin['via']
}

/** `Translation`s for the routes' helpers (details, engineOf), marked when they came from memory. */
export type RoutedResult = Translation & { engine: string; reused: boolean }

function asTranslation(engine: Engine, pair: { source: string; target: string }, result: Exclude<Remembered, { error: Error }>): RoutedResult {
  if (!result.reused) return { segment: result.segment, unknownWords: result.unknownWords, route: result.route, engine: result.engine, reused: false }
  // A remembered translation has no fresh route or unknown words: the pair's route is what it went through.
  const route = engine.route(pair.source, pair.target)?.route ?? [pair.source, pair.target]
  return { segment: result.segment, unknownWords: [], route, engine: result.engine, reused: true }
}

/** Translates through the memory; rejects with the first failure (the route refunds). */
export async function translateRemembered(
  memory: MemoryTranslator,
  engine: Engine,
  request: FastifyRequest,
  segments: readonly Segment[],
  pair: { source: string; target: string },
  use: MemoryUse,
): Promise<RoutedResult[]> {
  const results = await memory.translate(segments, pair, {
    accountId: request.account!.id,
    useMemory: use.useMemory,
    glossary: use.glossary,
    origin: { via: use.via },
  })
  return results.map((result) => asTranslation(engine, pair, result))
}

/** Like translateRemembered, per segment (the batch answers each item). */
export async function translateRememberedSettled(
  memory: MemoryTranslator,
  engine: Engine,
  request: FastifyRequest,
  segments: readonly Segment[],
  pair: { source: string; target: string },
  use: MemoryUse,
): Promise<Array<RoutedResult | { error: EngineError | Error }>> {
  const results = await memory.translateSettled(segments, pair, {
    accountId: request.account!.id,
    useMemory: use.useMemory,
    glossary: use.glossary,
    origin: { via: use.via },
  })
  return results.map((result) => ('error' in result ? result : asTranslation(engine, pair, result)))
}
