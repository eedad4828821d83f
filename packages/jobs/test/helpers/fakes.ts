/**
 * Test doubles, named as such: a fake translator (no real translation: it tags text with the
 * target language) and a fake codec seam for flat JSON files with `{name}` placeholders.
 */
import type { FormatsSeam, JobTranslator, Segment } from '@verso/jobs'

type Part = string | { id: string; kind: 'open' | 'close' | 'void' }

export interface FakeTranslator extends JobTranslator {
  calls: Array<{ segments: readonly Segment[]; source: string; target: string; context?: ReadonlyArray<string | undefined> }>
  /** Segments sent, over all calls. */
  readonly segmentCount: number
}

export interface FakeTranslatorOptions {
  /** Wait this long in each call. */
  delayMs?: number
  /** Segments containing this text come back as errors. */
  failOn?: string
  /** Segments containing this text come back without their tokens (a lost placeholder). */
  dropTokensOn?: string
  /** Throw from the whole call this many times first. */
  throwTimes?: number
  detected?: string
  unsupported?: Array<[string, string]>
}

export function fakeTranslator(options: FakeTranslatorOptions = {}): FakeTranslator {
  let throwsLeft = options.throwTimes ?? 0
  const calls: FakeTranslator['calls'] = []
  return {
    calls,
    get segmentCount() {
      return calls.reduce((n, call) => n + call.segments.length, 0)
    },
    supports(source, target) {
      return !(options.unsupported ?? []).some(([s, t]) => s === source && t === target)
    },
    detect() {
      return { language: options.detected ?? 'en', confidence: 0.9 }
    },
    async translateSettled(segments, pair, callOptions) {
      calls.push({ segments, source: pair.source, target: pair.target, ...(callOptions?.context ? { context: callOptions.context } : {}) })
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs))
      if (throwsLeft > 0) {
        throwsLeft--
        throw new Error('fake translator outage')
      }
      return segments.map((segment) => {
        const text = typeof segment === 'string' ? segment : segment.filter((p) => typeof p === 'string').join('')
        if (options.failOn !== undefined && text.includes(options.failOn)) return { error: new Error('fake failure') }
        const tag = (s: string) => `${pair.target}:${s}`
        if (typeof segment === 'string') return { segment: tag(segment) }
        const parts: Part[] = segment.map((p) => (typeof p === 'string' ? tag(p) : p))
        if (options.dropTokensOn && text.includes(options.dropTokensOn)) return { segment: parts.filter((p) => typeof p === 'string') }
        return { segment: parts }
      })
    },
  }
}

/**
 * A fake codec seam: flat JSON objects of strings; an object value with `one`/`other` keys is
 * a plural entry; keys starting with `_` are not translatable; `{name}` is a placeholder.
 */
export function fakeFormats(): FormatsSeam & { prepared: number } {
  const codec = {
    parse(bytes: Uint8Array) {
      let data: Record<string, unknown> = {}
      const issues: Array<{ code: string; message: string; line: number; column: number }> = []
      try {
        data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as Record<string, unknown>
      } catch (error) {
        issues.push({ code: 'FORMAT_SYNTAX', message: (error as Error).message, line: 1, column: 1 })
      }
      const entries = Object.entries(data).map(([key, value]) => {
        if (value && typeof value === 'object') {
          const plural = value as Record<string, string>
          return { key, text: plural.other ?? '', plural, translatable: true, line: 1, column: 1 }
        }
        return { key, text: String(value), translatable: !key.startsWith('_') && value !== '', line: 1, column: 1 }
      })
      return {
        format: 'json',
        encoding: 'utf-8' as const,
        entries,
        issues,
        write(translations: ReadonlyMap<string, unknown>) {
          const out: Record<string, unknown> = {}
          for (const [key, value] of Object.entries(data)) out[key] = translations.has(key) ? translations.get(key) : value
          return new TextEncoder().encode(JSON.stringify(out, null, 2))
        },
      }
    },
    prepare(text: string) {
      seam.prepared++
      const parts: Part[] = []
      const names: string[] = []
      let last = 0
      for (const match of text.matchAll(/\{(\w+)\}/g)) {
        if (match.index > last) parts.push(text.slice(last, match.index))
        parts.push({ id: String(names.length), kind: 'void' })
        names.push(match[0])
        last = match.index + match[0].length
      }
      if (last < text.length) parts.push(text.slice(last))
      const segments: Segment[] = text.trim() === '' ? [] : names.length === 0 ? [text] : [parts]
      return {
        segments,
        restore(translated: Segment[]) {
          if (translated.length === 0) return { text, problems: [] }
          const seg = translated[0]!
          if (typeof seg === 'string') return { text: seg, problems: [] }
          const seen = new Set<string>()
          let out = ''
          for (const p of seg) {
            if (typeof p === 'string') out += p
            else {
              seen.add(p.id)
              out += names[Number(p.id)] ?? ''
            }
          }
          const problems = names.length === seen.size ? [] : [{ code: 'FORMAT_PLACEHOLDER_MISMATCH', message: 'placeholder lost' }]
          return { text: out, problems }
        },
      }
    },
    mapPluralForms(source: Record<string, string | undefined>, _s: string, target: string) {
      const result: Record<string, 'one' | 'other'> = {}
      for (const c of new Intl.PluralRules(target).resolvedOptions().pluralCategories) {
        result[c] = source[c] !== undefined ? (c as 'one' | 'other') : 'other'
      }
      return result
    },
  }
  const seam = {
    prepared: 0,
    async load() {
      return codec
    },
  }
  return seam as unknown as FormatsSeam & { prepared: number }
}

export const enc = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value))
export const dec = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

export async function until<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 10_000, stepMs = 20): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, stepMs))
  }
}

/** An in-memory credits hook recording every call. */
export function fakeCredits(balance: number) {
  const log: Array<{ op: 'reserve' | 'refund'; ownerId: string; amount: number }> = []
  return {
    log,
    get balance() {
      return balance
    },
    async reserve(ownerId: string, amount: number) {
      if (amount > balance) return { ok: false as const, remaining: balance, required: amount }
      balance -= amount
      log.push({ op: 'reserve', ownerId, amount })
      return { ok: true as const }
    },
    async refund(ownerId: string, amount: number) {
      balance += amount
      log.push({ op: 'refund', ownerId, amount })
    },
  }
}
