import type { DefaultTreeAdapterTypes as T } from 'parse5'
import type { Segment } from './segment.js'

/**
 * A translatable attribute value: `[start, end)` is the raw value between its quotes.
 */
export interface AttrUnit {
  readonly kind: 'attr'
  readonly start: number
  readonly end: number
  /** `"`, `'`, or `''` for an unquoted value. */
  readonly quote: string
  /** The decoded value, as sent to the translator. */
  readonly value: string
  readonly segment: Segment
}

/** An inline tag, comment or opaque element carried through a sentence as a token. */
export interface Token {
  readonly id: string
  readonly kind: 'open' | 'close' | 'void'
  readonly start: number
  readonly end: number
  /** Translatable attributes inside this token's bytes. */
  readonly attrs: AttrUnit[]
}

/** The text between two tokens: decoded text and the raw source range it came from. */
export interface Slot {
  readonly text: string
  readonly start: number
  readonly end: number
}

/** One sentence-like run of text and inline tokens; `[start, end)` is replaced on write. */
export interface RunUnit {
  readonly kind: 'run'
  readonly start: number
  readonly end: number
  readonly tokens: Token[]
  /** `tokens.length + 1` slots: text before, between and after the tokens. */
  readonly slots: Slot[]
  readonly segment: Segment
}

/** A readable value of the page's front matter (`title: Welcome`): `[start, end)` is the raw value, quotes included. */
export interface FrontMatterUnit {
  readonly kind: 'front-matter'
  readonly start: number
  readonly end: number
  /** `"`, `'`, or `''` for a plain YAML scalar. */
  readonly quote: string
  /** TOML (`+++`) rather than YAML (`---`). */
  readonly toml: boolean
  readonly value: string
  readonly segment: Segment
}

export type Unit = RunUnit | AttrUnit | FrontMatterUnit

/** A piece of a run before it becomes a segment: text, or bytes carried as a token. */
export type Item =
  | { kind: 'text'; start: number; end: number; value: string }
  | { kind: 'open' | 'close'; start: number; end: number; el: T.Element }
  | { kind: 'void'; start: number; end: number }

