/**
 * env → translators, in `VERSO_ENGINES` order. The variable names are part of Verso's
 * operational contract (ARCHITECTURE.md) and must not change:
 * DEEPL_API_KEY, DEEPL_API_URL, GOOGLE_TRANSLATE_API_KEY, GOOGLE_TRANSLATE_API_URL,
 * LIBRETRANSLATE_URL, LIBRETRANSLATE_API_KEY, OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL,
 * ENGINE_TIMEOUT_MS, VERSO_ENGINES. OPENAI_LANGUAGES (a comma list) is an additive extra.
 */
import { EngineError } from '../errors.js'
import { apertium, type ApertiumTranslatorOptions } from './apertium.js'
import { canonicalCode } from './codes.js'
import { deepl } from './deepl.js'
import { google } from './google.js'
import { libretranslate } from './libretranslate.js'
import { openai } from './openai.js'
import { createRoutedEngine, type RoutedEngine, type RoutedEngineOptions } from './routed-engine.js'
import type { Translator, TranslatorId } from './translator.js'

export type EngineEnv = Record<string, string | undefined>

/** The order used when VERSO_ENGINES is unset: configured remote engines, then Apertium. */
export const DEFAULT_ENGINE_ORDER: readonly TranslatorId[] = ['deepl', 'google', 'openai', 'libretranslate', 'apertium']

const set = (value: string | undefined): value is string => typeof value === 'string' && value.trim() !== ''

/** Which engines the environment configures (Apertium always is). */
export function configuredEngines(env: EngineEnv): TranslatorId[] {
  const configured: TranslatorId[] = []
  if (set(env.DEEPL_API_KEY)) configured.push('deepl')
  if (set(env.GOOGLE_TRANSLATE_API_KEY)) configured.push('google')
  if (set(env.OPENAI_BASE_URL) || set(env.OPENAI_MODEL)) configured.push('openai')
  if (set(env.LIBRETRANSLATE_URL)) configured.push('libretranslate')
  configured.push('apertium')
  return configured
}

/**
 * The engine order: VERSO_ENGINES (comma list of ids) when set, else every configured engine
 * in DEFAULT_ENGINE_ORDER. Throws ENGINE_INVALID_INPUT for an unknown id or an engine that
 * is listed but not configured (a typo should not silently drop an engine).
 */
export function engineOrder(env: EngineEnv): TranslatorId[] {
  const configured = configuredEngines(env)
  if (!set(env.VERSO_ENGINES)) return DEFAULT_ENGINE_ORDER.filter((id) => configured.includes(id))
  const listed = env.VERSO_ENGINES.split(',').map((s) => s.trim().toLowerCase()).filter((s) => s !== '')
  const order: TranslatorId[] = []
  for (const id of listed) {
    if (!(DEFAULT_ENGINE_ORDER as readonly string[]).includes(id)) {
      throw new EngineError('ENGINE_INVALID_INPUT', `VERSO_ENGINES: unknown engine "${id}" (known: ${DEFAULT_ENGINE_ORDER.join(', ')})`)
    }
    if (!configured.includes(id as TranslatorId)) {
      throw new EngineError('ENGINE_INVALID_INPUT', `VERSO_ENGINES lists "${id}" but it is not configured (see the README's engine sections for its variables)`)
    }
    if (!order.includes(id as TranslatorId)) order.push(id as TranslatorId)
  }
  if (order.length === 0) throw new EngineError('ENGINE_INVALID_INPUT', 'VERSO_ENGINES lists no engine')
  return order
}

export interface FromEnvOptions {
  /** Options of the embedded engine (or the engine itself). */
  apertium?: ApertiumTranslatorOptions
  /** Replaces fetch in every remote translator (tests). */
  fetch?: typeof fetch
}

/** Builds the translators the environment asks for, in order. Keys are read here and kept only inside each translator. */
export function translatorsFromEnv(env: EngineEnv, options: FromEnvOptions = {}): Translator[] {
  const timeout = set(env.ENGINE_TIMEOUT_MS) ? Number(env.ENGINE_TIMEOUT_MS) : 30_000
  if (!Number.isFinite(timeout) || timeout <= 0) throw new EngineError('ENGINE_INVALID_INPUT', `ENGINE_TIMEOUT_MS must be a positive number of milliseconds, got "${env.ENGINE_TIMEOUT_MS}"`)
  const http = { timeoutMs: timeout, ...(options.fetch ? { fetch: options.fetch } : {}) }
  return engineOrder(env).map((id): Translator => {
    switch (id) {
      case 'deepl':
        return deepl({ apiKey: env.DEEPL_API_KEY!.trim(), ...(set(env.DEEPL_API_URL) ? { url: env.DEEPL_API_URL } : {}), ...http })
      case 'google':
        return google({ apiKey: env.GOOGLE_TRANSLATE_API_KEY!.trim(), ...(set(env.GOOGLE_TRANSLATE_API_URL) ? { url: env.GOOGLE_TRANSLATE_API_URL } : {}), ...http })
      case 'openai': {
        if (!set(env.OPENAI_MODEL)) throw new EngineError('ENGINE_INVALID_INPUT', 'OPENAI_MODEL is required with OPENAI_BASE_URL (e.g. gpt-4o-mini, llama3.1)')
        const languages = set(env.OPENAI_LANGUAGES) ? env.OPENAI_LANGUAGES.split(',').map((c) => canonicalCode(c)).filter((c) => c !== '') : undefined
        return openai({
          baseUrl: set(env.OPENAI_BASE_URL) ? env.OPENAI_BASE_URL : 'https://api.openai.com/v1',
          model: env.OPENAI_MODEL.trim(),
          ...(set(env.OPENAI_API_KEY) ? { apiKey: env.OPENAI_API_KEY.trim() } : {}),
          ...(languages ? { languages } : {}),
          ...http,
        })
      }
      case 'libretranslate':
        return libretranslate({ url: env.LIBRETRANSLATE_URL!.trim(), ...(set(env.LIBRETRANSLATE_API_KEY) ? { apiKey: env.LIBRETRANSLATE_API_KEY.trim() } : {}), ...http })
      case 'apertium':
        return apertium(options.apertium)
    }
  })
}

/**
 * The server's engine from the environment: the translators VERSO_ENGINES asks for behind
 * the router, with the Engine surface. Call `start()` before serving to read the languages.
 */
export function routedEngineFromEnv(env: EngineEnv, options: FromEnvOptions & { engine?: RoutedEngineOptions } = {}): RoutedEngine {
  return createRoutedEngine(translatorsFromEnv(env, options), options.engine)
}
