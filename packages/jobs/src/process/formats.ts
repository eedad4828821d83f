/**
 * The seam between the job engine and @verso/formats: the engine loads a codec only for the
 * file types it meets (subpath imports, loaded on first use) and tests can inject small codecs.
 */
import type { FileType } from '../types.js'
import type { Entry, Issue, MessageSyntax, Parsed, PluralCategory, PluralForms, Translation } from '@verso/formats'
import type { Prepared, Segment } from '@verso/formats/placeholders'

export type { MessageSyntax, PluralCategory, PluralForms, Prepared, Segment, Translation }
export type FormatEntry = Entry
export type FormatIssue = Issue
export type ParsedFile = Parsed

/**
 * What the job tells the codec when parsing: the source language picks the source section of
 * a multi-locale JSON/YAML file (`en:`, `es:`, … at the top level); other files ignore it.
 * The target language makes a String Catalog's `valueOf` read that language.
 */
export interface ParseUploadOptions {
  sourceLanguage?: string
  /** A file holding every language (Xcode String Catalog) read as one target language's file. */
  targetLanguage?: string
}

/** What `prepare` is told: the file's message syntax (`parsed.syntax`, e.g. vue-i18n) comes with it. */
export interface PrepareUnitOptions {
  format: FileType
  targetLanguage: string
  sourceLanguage?: string
  syntax?: MessageSyntax
  /** The text is one form of a plural entry (see @verso/formats' PrepareOptions). */
  pluralForm?: boolean
}

/** The codec functions for one file type, loaded. Everything is synchronous once loaded. */
export interface LoadedFormat {
  parse(bytes: Uint8Array, options?: ParseUploadOptions): ParsedFile
  prepare(text: string, options: PrepareUnitOptions): Prepared
  mapPluralForms(source: PluralForms, sourceLang: string, targetLang: string): Record<string, PluralCategory>
}

export interface FormatsSeam {
  /** Loads (once) the codec of `fileType` with the placeholder and plural helpers. */
  load(fileType: FileType): Promise<LoadedFormat>
}

interface CodecModule {
  parse(bytes: Uint8Array, options?: ParseUploadOptions): ParsedFile
}
interface PlaceholdersModule {
  prepare(text: string, options: PrepareUnitOptions): Prepared
}
interface PluralsModule {
  mapPluralForms(source: PluralForms, sourceLang: string, targetLang: string): Record<string, PluralCategory>
}

const loaders: Record<FileType, () => Promise<unknown>> = {
  json: () => import('@verso/formats/json'),
  yaml: () => import('@verso/formats/yaml'),
  po: () => import('@verso/formats/po'),
  properties: () => import('@verso/formats/properties'),
  strings: () => import('@verso/formats/strings'),
  xml: () => import('@verso/formats/xml'),
}

/** The real codecs of @verso/formats, each loaded on first use. */
export function versoFormats(): FormatsSeam {
  const loaded = new Map<FileType, Promise<LoadedFormat>>()
  let helpers: Promise<[PlaceholdersModule, PluralsModule]> | undefined
  return {
    load(type) {
      let format = loaded.get(type)
      if (!format) {
        helpers ??= Promise.all([
          import('@verso/formats/placeholders') as unknown as Promise<PlaceholdersModule>,
          import('@verso/formats/plurals') as unknown as Promise<PluralsModule>,
        ])
        format = Promise.all([loaders[type](), helpers]).then(([module, [placeholders, plurals]]) => {
          const codec = module as Partial<CodecModule>
          if (typeof codec.parse !== 'function') throw new Error(`@verso/formats/${type} has no parse()`)
          return {
            parse: (bytes: Uint8Array, options?: ParseUploadOptions) => codec.parse!(bytes, options),
            prepare: (text, options) => placeholders.prepare(text, options),
            mapPluralForms: (source, sourceLang, targetLang) => plurals.mapPluralForms(source, sourceLang, targetLang),
          } satisfies LoadedFormat
        })
        format.catch(() => loaded.delete(type))
        loaded.set(type, format)
      }
      return format
    },
  }
}

export const FILE_TYPES: Record<string, FileType> = {
  json: 'json',
  arb: 'json', // Flutter's Application Resource Bundles are JSON (the codec knows their metadata)
  xcstrings: 'json', // Xcode String Catalogs: JSON holding every language (the codec adds the target's)
  yaml: 'yaml',
  yml: 'yaml',
  po: 'po',
  pot: 'po',
  properties: 'properties',
  strings: 'strings',
  xml: 'xml',
  resx: 'xml', // .NET resources are XML (the codec knows their type records)
  resw: 'xml', // UWP / WinUI resources: the .resx schema
  stringsdict: 'xml', // Apple plural rules, a plist (the codec keeps its keys and types)
  xlf: 'xml', // XLIFF 1.2/2.0 (the codec writes each unit's <target>)
  xliff: 'xml',
  ts: 'xml', // Qt Linguist (the codec writes each message's <translation>)
}
