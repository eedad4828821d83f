/**
 * The entry model every codec shares. A codec parses bytes into entries and writes
 * translations back by splicing them in at offsets recorded while parsing, so bytes it
 * did not translate stay identical.
 */
export type FormatId = 'json' | 'yaml' | 'po' | 'properties' | 'strings' | 'xml'

/**
 * A runtime message syntax a file's values are written in, beyond plain placeholders (see
 * `prepare`'s `syntax`). `'java-messageformat'`: a .properties file that doubles every
 * apostrophe, in values without arguments too (`Passwords don''t match.`: Keycloak's themes),
 * because its application formats every message with Java's MessageFormat.
 */
export type MessageSyntax = 'vue-i18n' | 'java-messageformat' | 'icu' | 'flutter-icu'

/**
 * A JSON catalog convention whose shape tells messages from metadata (see the JSON codec):
 * Flutter's Application Resource Bundle (`arb`), WebExtension `messages.json` (`webextension`)
 * and Xcode String Catalogs (`xcstrings`).
 */
export type JsonDialect = 'arb' | 'webextension' | 'xcstrings'

/**
 * An XML catalog convention recognised by its shape: .NET resources (`resx`), XLIFF 1.2/2.0
 * (`xliff`), Apple `.stringsdict` (`stringsdict`), Qt Linguist `.ts` (`qt`); see the XML codec.
 */
export type XmlDialect = 'resx' | 'xliff' | 'stringsdict' | 'qt'

/** CLDR plural categories, as `Intl.PluralRules` names them. */
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other'

/** Source texts of a plural entry by the source language's categories. */
export type PluralForms = Partial<Record<PluralCategory, string>>

export interface Entry {
  /** Unique within the file and stable across parses (JSON/YAML: path; PO: msgctxt + "\u0004" + msgid; …). */
  key: string
  /** The source text, decoded (escapes resolved). For a plural entry: the `other` form. */
  text: string
  /** PO msgctxt, Android product, … */
  context?: string
  /** Comments a translator should see (extracted comments, XML comments before the entry, …). */
  note?: string
  /** Present on plural entries (PO msgid_plural, Android <plurals>, YAML/JSON one/other maps when the codec recognises them). */
  plural?: PluralForms
  /** False for entries that must not be translated (translatable="false", PO header, empty values). */
  translatable: boolean
  /** PO flags (`#, fuzzy, c-format` → `['fuzzy', 'c-format']`), as in the file. */
  flags?: string[]
  /** PO source references (`#: src/a.c:12` → `['src/a.c:12']`). */
  references?: string[]
  /**
   * PO only: the msgstr values already in the file (`msgstr[0]`, `msgstr[1]`, … for a plural
   * entry), decoded; absent when every msgstr is empty. Lets tools compare a translated PO
   * file with its template.
   */
  translations?: string[]
  /** 1-based position of the value in the source, for messages. */
  line: number
  column: number
}

/** A translated value: a string, or for a plural entry the forms by the TARGET language's categories. */
export type Translation = string | PluralForms

export interface WriteOptions {
  /**
   * The target language (BCP 47, e.g. `es`, `pt-BR`). Used where the file names its own
   * language (PO `Language:` header, Rails-style top-level `en:` key) and for plural forms.
   * Default: leave such places unchanged.
   */
  targetLanguage?: string
}

export interface Issue {
  code: FormatErrorCode
  message: string
  line: number
  column: number
}

export interface Parsed {
  format: FormatId
  /** Encoding the file came in; `write` uses the same one (and the same BOM). */
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'iso-8859-1'
  entries: Entry[]
  /** Empty when the file was clean. A file with issues may still have entries (those read before the problem). */
  issues: Issue[]
  /**
   * The message syntax the values are written in, when the codec recognised one (JSON/YAML:
   * `'vue-i18n'` when a value uses linked messages or literal interpolation, `'flutter-icu'` for
   * a Flutter ARB file, `'icu'` when a value has an ICU plural or select (formatjs, react-intl);
   * .properties: `'java-messageformat'` when values double apostrophes and none has a lone one).
   * Pass it to `prepare` as `syntax`.
   */
  syntax?: MessageSyntax
  /**
   * The catalog convention the file follows, when its shape says so. JSON: its metadata (ARB
   * `@@…` and `@key` members, WebExtension `description` and `placeholders`) are entries with
   * `translatable: false`, and each message's description is its `note`. XML `resx`: each
   * `<data name>` is an entry keyed by its name, typed values and designer records
   * (`>>button1.Name`) with `translatable: false`, its `<comment>` the `note`. XML `xliff`: each
   * unit's `<source>` is an entry keyed by its id, written into its `<target>`.
   */
  dialect?: JsonDialect | XmlDialect
  /**
   * Bilingual files (XLIFF, Qt `.ts`, PO): the target language the file declares
   * (`target-language`, `trgLang`, `<TS language>`, the PO header's `Language`, with `-` for `_`),
   * whose translations it already holds: `valueOf` reads them, so a caller can take the file as
   * its own translation for that language.
   */
  targetLanguage?: string
  /**
   * Set for a multi-locale file (JSON/YAML whose top-level keys are locale codes): the sections'
   * codes in file order and the one whose values are the entries. `write` with `targetLanguage`
   * puts translations into the target's section (added after the source section when missing;
   * when present, its values are kept and only missing keys added); every other section, the
   * source's included, stays byte-identical.
   */
  locales?: { sections: string[]; source: string }
  /** Bytes of the file with the given translations spliced in; untranslated bytes stay identical. */
  write(translations: ReadonlyMap<string, Translation>, options?: WriteOptions): Uint8Array
  /**
   * The value this file holds for `key` as a translation: the entry's text (plural: its forms) for
   * json/yaml/properties/strings/xml; for PO the msgstr (plural: msgstr[n] mapped to this file's
   * categories via its Plural-Forms header or the language's CLDR rules); undefined when the key is
   * absent, untranslatable, or (PO) its msgstr is empty.
   */
  valueOf(key: string): Translation | undefined
  /**
   * Incremental update, called on the parsed TARGET file (a translation made earlier, perhaps
   * edited by hand). Returns this file's bytes with: each key of `values` that this file has
   * replaced in place exactly as `write` would; each key of `values` this file does not have but
   * `source` has, inserted where `source` has it: after the nearest preceding source entry (in
   * source order, same parent map for nested formats) that this file has, else before the nearest
   * following one, else at the end of the parent (creating missing parent maps/objects for
   * JSON/YAML in the file's own indentation style). Every other byte stays as it was: keys not in
   * `values`, keys the source lacks, comments, order, indentation, line endings, BOM, encoding.
   * `merge(source, new Map())` returns the input bytes; keys of `values` in neither file are ignored.
   * Inserted entries copy the source entry's shape (PO: its comments, msgctxt, msgid(_plural) with
   * the translation as msgstr; .strings/.properties: its comment block; Android XML: its element;
   * JSON/YAML plurals: the target language's categories, as `write` does with `targetLanguage`).
   *
   * Throws FormatError FORMAT_UNSUPPORTED when `source` is another format, or when either file is
   * a multi-locale JSON/YAML file (not supported in increments).
   */
  merge(source: Parsed, values: ReadonlyMap<string, Translation>, options?: WriteOptions): Uint8Array
}

export type FormatErrorCode =
  | 'FORMAT_SYNTAX'
  | 'FORMAT_ENCODING'
  | 'FORMAT_TOO_LARGE'
  | 'FORMAT_TOO_DEEP'
  | 'FORMAT_ALIAS_LIMIT'
  | 'FORMAT_ENTITY_REFUSED'
  | 'FORMAT_DUPLICATE_KEY'
  | 'FORMAT_UNSUPPORTED'
  | 'FORMAT_PLACEHOLDER_MISMATCH'

/** Thrown for misuse (never for bad input: that is an Issue). */
export class FormatError extends Error {
  override name = 'FormatError'
  constructor(
    readonly code: FormatErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options)
  }
}
