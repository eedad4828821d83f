/**
 * What a local file is (by its extension) and where its translation goes. The default output
 * paths follow the layouts localization tools already use, so `verso translate` drops the new
 * file where the project's runtime looks for it:
 *
 * | source                          | target (`es`)                    | convention              |
 * |---------------------------------|----------------------------------|-------------------------|
 * | `locales/en.json`, `en.yml`     | `locales/es.json`, `es.yml`      | file named by language  |
 * | `locales/en/common.json`        | `locales/es/common.json`         | folder named by language|
 * | `_locales/en/messages.json`     | `_locales/pt_BR/messages.json`   | WebExtension (`_` form) |
 * | `lib/l10n/app_en.arb`           | `lib/l10n/app_pt_BR.arb`         | Flutter (`_` form)      |
 * | `values/strings.xml`            | `values-es/strings.xml`          | Android resources       |
 * | `en.lproj/Localizable.strings`  | `es.lproj/Localizable.strings`   | Apple bundles           |
 * | `messages.properties`           | `messages_es.properties`         | Java ResourceBundle     |
 * | `messages_en.properties`        | `messages_es.properties`         | Java ResourceBundle     |
 * | `po/messages.pot`               | `po/es.po`                       | gettext template        |
 * | `Resources.resx`                | `Resources.es.resx`              | .NET satellite resources|
 * | `Strings/en-US/Resources.resw`  | `Strings/es/Resources.resw`      | UWP, WinUI (folder)     |
 * | `src/locale/messages.xlf`       | `src/locale/messages.es.xlf`     | Angular XLIFF           |
 * | `i18n/app_en.ts`                | `i18n/app_es.ts`                 | Qt Linguist             |
 * | `i18n/app_es.ts`, `messages.es.xlf` | the same file, updated       | bilingual, made for `es`|
 * | `Localizable.xcstrings`         | the same file, `es` added        | Xcode String Catalog    |
 * | `page.html`, `film.en.srt`      | `page.es.html`, `film.es.srt`    | suffix                  |
 *
 * `--out` overrides all of it with a pattern of `{dir} {name} {lang} {ext}`.
 */
import { basename, dirname, extname, join, parse, sep } from 'node:path'

export type I18nFormat = 'json' | 'yaml' | 'po' | 'properties' | 'strings' | 'xml'
export type FileKind = { kind: 'i18n'; format: I18nFormat } | { kind: 'html' } | { kind: 'markdown' } | { kind: 'subtitles'; format: 'srt' | 'vtt' }

const BY_EXTENSION: Record<string, FileKind> = {
  '.json': { kind: 'i18n', format: 'json' },
  '.arb': { kind: 'i18n', format: 'json' },
  '.xcstrings': { kind: 'i18n', format: 'json' },
  '.yaml': { kind: 'i18n', format: 'yaml' },
  '.yml': { kind: 'i18n', format: 'yaml' },
  '.po': { kind: 'i18n', format: 'po' },
  '.pot': { kind: 'i18n', format: 'po' },
  '.properties': { kind: 'i18n', format: 'properties' },
  '.strings': { kind: 'i18n', format: 'strings' },
  '.xml': { kind: 'i18n', format: 'xml' },
  '.stringsdict': { kind: 'i18n', format: 'xml' },
  '.resx': { kind: 'i18n', format: 'xml' },
  '.resw': { kind: 'i18n', format: 'xml' }, // UWP / WinUI resources: .resx's schema
  '.xlf': { kind: 'i18n', format: 'xml' },
  '.xliff': { kind: 'i18n', format: 'xml' },
  '.ts': { kind: 'i18n', format: 'xml' }, // Qt Linguist
  '.html': { kind: 'html' },
  '.htm': { kind: 'html' },
  '.md': { kind: 'markdown' },
  '.markdown': { kind: 'markdown' },
  '.srt': { kind: 'subtitles', format: 'srt' },
  '.vtt': { kind: 'subtitles', format: 'vtt' },
}

export const SUPPORTED_EXTENSIONS = Object.keys(BY_EXTENSION)

/** Formats whose file holds the source and one language's translations side by side. */
const BILINGUAL = new Set(['.ts', '.xlf', '.xliff'])

/**
 * True for a bilingual file already made for `lang` (lupdate's `app_es.ts`, `messages.es.xlf`):
 * its translation is that file, updated in place (its own translations kept, the rest filled).
 */
export function updatesInPlace(path: string, lang: string): boolean {
  const ext = extname(path)
  if (holdsEveryLanguage(path)) return true
  return BILINGUAL.has(ext.toLowerCase()) && new RegExp(`[._-]${lang.replace(/[-_]/g, '[-_]')}$`, 'i').test(basename(path, ext))
}

/** An Xcode String Catalog: one file for every language, each translation added to it. */
export function holdsEveryLanguage(path: string): boolean {
  return extname(path).toLowerCase() === '.xcstrings'
}

/** The kind of a file by its extension, or null when Verso does not translate it. */
export function kindOf(path: string): FileKind | null {
  return BY_EXTENSION[extname(path).toLowerCase()] ?? null
}

/** Language codes as they appear in paths: `en`, `pt-BR`, `pt_BR`, `zh-Hans`. */
const CODE = /^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})?$/

function sameCode(a: string, b: string): boolean {
  return a.replace(/_/g, '-').toLowerCase() === b.replace(/_/g, '-').toLowerCase()
}

/** A language code with a region or script (`en-US`, `en_GB`, `zh-Hant`). */
const REGIONAL_CODE = /^([a-z]{2,3})[-_][A-Za-z]{2,4}$/

/**
 * Whether a file or folder name names the source language `from`, as itself or as one of its
 * regional variants: a project whose source is `en-US` (UWP's `Strings/en-US/Resources.resw`,
 * `locales/en_US/common.json`) translates from `en`, and its targets go beside it, not inside it.
 */
function namesSource(name: string, from: string): boolean {
  if (sameCode(name, from)) return true
  const regional = REGIONAL_CODE.exec(name)
  return regional !== null && !REGIONAL_CODE.test(from) && sameCode(regional[1]!, from)
}

/** Android's resource qualifier for a language: `es`, `pt-rBR` for `pt-BR`. */
function androidQualifier(lang: string): string {
  const [base, region] = lang.split('-')
  return region && /^[A-Za-z]{2}$/.test(region) ? `${base}-r${region.toUpperCase()}` : lang
}

/**
 * The source language a path names, if any: a file or folder named by a language code
 * (`en.json`, `en/…`, `en.lproj`, `values-en`), or a suffix (`messages_en.properties`,
 * `film.en.srt`). Used when `--from` is not given.
 */
export function languageInPath(path: string, isKnown: (code: string) => boolean): string | null {
  const ext = extname(path)
  const stem = basename(path, ext)
  const candidates = [stem, /[._-]([a-z]{2,3}(?:[-_][A-Za-z]{2})?)$/.exec(stem)?.[1]]
  for (const part of dirname(path).split(sep).reverse()) {
    candidates.push(part, /^values-([a-z]{2,3})(?:-r([A-Z]{2}))?$/.exec(part)?.[1], /^([a-z]{2,3}(?:[-_][A-Za-z]{2})?)\.lproj$/.exec(part)?.[1])
  }
  for (const candidate of candidates) {
    if (!candidate || !CODE.test(candidate)) continue
    if (isKnown(candidate.replace(/_/g, '-'))) return candidate.replace(/_/g, '-')
    // a regional variant the engine does not list (`en-US`) names its language
    const regional = REGIONAL_CODE.exec(candidate)
    if (regional && isKnown(regional[1]!)) return regional[1]!
  }
  return null
}

/** Fills `{dir} {name} {lang} {ext}` (ext without its dot). */
export function fillPattern(pattern: string, source: string, lang: string): string {
  const ext = extname(source)
  const values: Record<string, string> = { dir: dirname(source), name: basename(source, ext), lang, ext: ext.slice(1) }
  return pattern.replace(/\{(dir|name|lang|ext)\}/g, (_, key: string) => values[key]!)
}

/** Where the `lang` translation of `source` goes by default; `from` is the source language when known. */
export function defaultOutputPath(source: string, lang: string, from: string | null): string {
  const ext = extname(source)
  const stem = basename(source, ext)
  const dir = dirname(source)
  // the folders below the root, so that a layout rebuilt from them keeps an absolute path
  // absolute (`join('', 'tmp')` would be `tmp`, relative to wherever the CLI runs)
  const root = parse(dir).root
  const parts = dir === '.' ? [] : dir.slice(root.length).split(sep).filter((part) => part !== '')
  const under = (...segments: string[]) => join(root, ...segments)

  if (from && namesSource(stem, from)) return join(dir, `${lang}${ext}`)
  if (updatesInPlace(source, lang)) return source
  if (ext.toLowerCase() === '.pot') return join(dir, `${lang}.po`)

  const last = parts[parts.length - 1]
  if (last !== undefined) {
    const rest = parts.slice(0, -1)
    if (/^values(?:-[a-z]{2,3}(?:-r[A-Z]{2})?)?$/.test(last) && ext.toLowerCase() === '.xml') {
      return under(...rest, `values-${androidQualifier(lang)}`, basename(source))
    }
    const lproj = /^(.+)\.lproj$/.exec(last)
    if (lproj && (!from || namesSource(lproj[1]!, from) || lproj[1] === 'Base')) return under(...rest, `${lang}.lproj`, basename(source))
  }
  if (from) {
    // a folder named by the source language: locales/en/common.json → locales/es/common.json
    const at = parts.findLastIndex((part) => namesSource(part, from))
    // WebExtensions read only `_locales/pt_BR`, never `pt-BR`
    const folder = parts[at - 1] === '_locales' ? lang.replace(/-/g, '_') : lang
    if (at >= 0) return under(...parts.slice(0, at), folder, ...parts.slice(at + 1), basename(source))
    // a suffix naming it: messages_en.properties, film.en.srt, strings-en.json
    const suffix = new RegExp(`([._-])${from.replace(/[-_]/g, '[-_]')}${REGIONAL_CODE.test(from) ? '' : '(?:[-_][A-Za-z]{2,4})?'}$`, 'i').exec(stem)
    // Java's ResourceBundle and Flutter's gen-l10n read `messages_pt_BR.properties`, `app_pt_BR.arb`
    const named = ['.arb', '.properties'].includes(ext.toLowerCase()) ? lang.replace(/-/g, '_') : lang
    if (suffix) return join(dir, `${stem.slice(0, suffix.index)}${suffix[1]}${named}${ext}`)
  }
  if (ext.toLowerCase() === '.properties') return join(dir, `${stem}_${lang.replace(/-/g, '_')}${ext}`)
  return join(dir, `${stem}.${lang}${ext}`)
}
