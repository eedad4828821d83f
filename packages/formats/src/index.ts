export type {
  Entry,
  FormatErrorCode,
  FormatId,
  Issue,
  JsonDialect,
  XmlDialect,
  MessageSyntax,
  Parsed,
  PluralCategory,
  PluralForms,
  Translation,
  WriteOptions,
} from './types.js'
export { FormatError } from './types.js'
export { formatErrorCodes } from './error-codes.js'
export type { ParseOptions } from './shared/options.js'
export { parse as parseJson } from './json/index.js'
export { parse as parseYaml } from './yaml/index.js'
export { parse as parseProperties } from './properties/index.js'
export { parse as parsePo } from './po/index.js'
export { parse as parseStrings } from './strings/index.js'
export { parse as parseXml } from './xml/index.js'
export { detectSyntax, inventory, prepare } from './placeholders/index.js'
export type { Inventory, Prepared, PrepareOptions, Problem, Segment, SegmentPart } from './placeholders/index.js'
export { gettextPluralForms, mapPluralForms, pluralCategories, pluralFormsHeader, qtNumerusCategories } from './plurals/index.js'
export type { GettextPluralForms } from './plurals/index.js'
