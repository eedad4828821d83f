/**
 * Outputs checked in the format's real runtime (issue 12, defect 9): vue-i18n's message
 * compiler, ICU's parser, `msgfmt -c`, `xmllint`, Java's Properties + MessageFormat, Angular's
 * XLIFF translation parsers, and YAML 1.1 typing (what Ruby's Psych reads in Rails files). Each file is translated through
 * prepare/restore with a fake engine that also puts the characters a runtime treats as syntax
 * (`@ | { }`) into its text, the way engine marks and artefacts do.
 *
 * Tools come from Debian packages that scripts/setup.mjs installs. A missing tool skips its test
 * locally (with the reason in the name) and fails it under CI=true.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { baseCompile } from '@intlify/message-compiler'
import { parse as parseIcu } from '@formatjs/icu-messageformat-parser'
import { parse as parseYamlText } from 'yaml'
import { Xliff1TranslationParser, Xliff2TranslationParser } from '@angular/localize/tools'
import { parseJson, parsePo, parseProperties, parseXml, parseYaml, type Parsed, type PluralForms, type Translation } from '@verso/formats'
import { mapPluralForms } from '@verso/formats/plurals'
import { prepare, type PrepareOptions, type Segment } from '@verso/formats/placeholders'

const fixture = (name: string) => readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url))
const dec = new TextDecoder()
const work = mkdtempSync(join(tmpdir(), 'verso-runtimes-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

function hasTool(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0
}
/** A test that needs `tool`: skipped when it is missing, except under CI=true where it fails. */
function withTool(tool: string, name: string, fn: () => void): void {
  const present = hasTool(tool)
  const ci = process.env.CI === 'true'
  if (!present && !ci) {
    test.skip(`${name} (${tool} is not installed: run node scripts/setup.mjs)`, fn)
    return
  }
  test(name, () => {
    if (!present) throw new Error(`${tool} is not installed; scripts/setup.mjs installs it`)
    fn()
  }, 60_000)
}

/** Fake engine: upper-cases words and appends ` @ | {x}` to each text run that ends a segment. */
function engine(segment: Segment): Segment {
  const mark = (s: string) => s.replace(/\p{L}+/gu, (w) => w.toUpperCase())
  if (typeof segment === 'string') return `${mark(segment)} @ | {x}`
  const parts = segment.map((p) => (typeof p === 'string' ? mark(p) : p))
  return [...parts, ' @ | {x}']
}
/** The same without syntax characters (for formats whose runtime has no such rule). */
function plainEngine(segment: Segment): Segment {
  const mark = (s: string) => s.replace(/\p{L}+/gu, (w) => w.toUpperCase())
  return typeof segment === 'string' ? mark(segment) : segment.map((p) => (typeof p === 'string' ? mark(p) : p))
}

/** Translates every entry as the job does (plural forms by the target's categories, explicit zero kept). */
function translate(parsed: Parsed, options: Omit<PrepareOptions, 'targetLanguage'>, target: string, fake = plainEngine): Map<string, Translation> {
  const out = new Map<string, Translation>()
  const one = (text: string) => {
    const p = prepare(text, { ...options, targetLanguage: target, ...(parsed.syntax ? { syntax: parsed.syntax } : {}) })
    const restored = p.restore(p.segments.map(fake))
    expect(restored.problems, text).toEqual([])
    return restored.text
  }
  for (const entry of parsed.entries) {
    if (!entry.translatable) continue
    if (entry.plural) {
      const forms: PluralForms = {}
      for (const [category, from] of Object.entries(mapPluralForms(entry.plural, 'en', target))) forms[category as keyof PluralForms] = one(entry.plural[from] ?? entry.text)
      out.set(entry.key, forms)
    } else out.set(entry.key, one(entry.text))
  }
  return out
}

function leaves(value: unknown, path = ''): Array<[string, unknown]> {
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k))
  }
  return [[path, value]]
}

describe('vue-i18n: every translated message compiles, as the source does', () => {
  const compileErrors = (message: string) => {
    const errors: string[] = []
    baseCompile(message, { onError: (e) => errors.push(e.message) })
    return errors
  }

  test('linked messages, literals and plural bars survive an engine that emits @ | { }', () => {
    const parsed = parseJson(fixture('vue-en.json'))
    expect(parsed.syntax).toBe('vue-i18n')
    const sourceMessages = leaves(JSON.parse(dec.decode(fixture('vue-en.json'))))
    for (const [, message] of sourceMessages) expect(compileErrors(message as string)).toEqual([])

    const out = JSON.parse(dec.decode(parsed.write(translate(parsed, { format: 'json' }, 'es', engine), { targetLanguage: 'es' }))) as Record<string, unknown>
    for (const [key, message] of leaves(out)) expect(compileErrors(message as string), `${key}: ${String(message)}`).toEqual([])
    const chat = out.chat as Record<string, string>
    expect(chat.ask).toContain('@:chat.agent')
    expect(chat.lower).toContain('@.lower:chat.agent')
    expect(chat.mention).toContain("{'@'}")
    // still three plural branches
    expect(chat.apples!.split(' | ')).toHaveLength(3)
  })
})

describe('ICU: translated messages parse, with the target categories and explicit selectors kept', () => {
  test('a plural with =0 and a select stay valid ICU for Russian', () => {
    const source = '{"files": "{count, plural, =0 {No files} one {# file} other {# files}}", "who": "{gender, select, female {She replied} other {They replied}}"}'
    expect(() => parseIcu(JSON.parse(source).files)).not.toThrow()
    const parsed = parseJson(source)
    const out = JSON.parse(dec.decode(parsed.write(translate(parsed, { format: 'json' }, 'ru', engine), { targetLanguage: 'ru' }))) as Record<string, string>
    const files = parseIcu(out.files!)
    const options = (files[0] as { options: Record<string, unknown> }).options
    expect(Object.keys(options)).toEqual(['=0', 'one', 'few', 'many', 'other'])
    expect(() => parseIcu(out.who!)).not.toThrow()
  })
})

describe('ICU apostrophes as each runtime reads them', () => {
  /** French-style elision: "of the" becomes "d'" glued to what follows, as eng-cat and fr targets write. */
  const elide = (segment: Segment): Segment =>
    typeof segment === 'string' ? segment.replace(/ of the /g, " d'") : segment.map((p) => (typeof p === 'string' ? p.replace(/of the $/, "d'").replace(/ of the /g, " d'") : p))
  const argsAndTags = (message: string): string[] => {
    const out: string[] = []
    const walk = (els: ReturnType<typeof parseIcu>) => {
      for (const el of els as Array<{ type: number; value?: unknown; children?: unknown; options?: Record<string, { value: unknown }> }>) {
        if (el.type !== 0 && typeof el.value === 'string') out.push(`${el.type}:${el.value}`)
        if (el.children) walk(el.children as ReturnType<typeof parseIcu>)
        for (const option of Object.values(el.options ?? {})) walk(option.value as ReturnType<typeof parseIcu>)
      }
    }
    walk(parseIcu(message))
    return out.sort()
  }

  test('formatjs (react-intl JSON): an elided apostrophe before a tag or a placeholder is doubled, so neither becomes quoted text', () => {
    // Mastodon's locales/en.json: "…across the social web of <button>…</button>." came back "d'<button>" in Catalan
    const source = JSON.stringify({
      pill: 'Interact across the social web of the <button>ActivityPub-powered platforms</button>.',
      count: 'Remove all of the {count} posts',
      plural: '{count, plural, one {# post} other {# posts}}',
    })
    const parsed = parseJson(source)
    expect(parsed.syntax).toBe('icu')
    const out = JSON.parse(dec.decode(parsed.write(translate(parsed, { format: 'json' }, 'ca', elide), { targetLanguage: 'ca' }))) as Record<string, string>
    expect(out.pill).toBe("Interact across the social web d''<button>ActivityPub-powered platforms</button>.")
    expect(out.count).toBe("Remove all d''{count} posts")
    for (const key of ['pill', 'count']) expect(argsAndTags(out[key]!), key).toEqual(argsAndTags(JSON.parse(source)[key]))
  })

  test('Flutter ARB: apostrophes stay single, also in plural branches (gen-l10n takes them as written)', () => {
    const source = JSON.stringify({ '@@locale': 'en', items: '{count, plural, one{Open the list of the file} other{Open the list of the {count} files}}', label: 'Name of the {file}' })
    const parsed = parseJson(source)
    expect(parsed.syntax).toBe('flutter-icu')
    const out = JSON.parse(dec.decode(parsed.write(translate(parsed, { format: 'json' }, 'ca', elide), { targetLanguage: 'ca' }))) as Record<string, string>
    expect(out.items).toBe("{count, plural, one{Open the list d'file} many{Open the list d'{count} files} other{Open the list d'{count} files}}")
    expect(out.label).toBe("Name d'{file}")
  })
})

describe('gettext', () => {
  withTool('msgfmt', 'msgfmt -c accepts the translated PO (formats, plural header, placeholders)', () => {
    const parsed = parsePo(fixture('messages.pot'))
    const output = parsed.write(translate(parsed, { format: 'po' }, 'ru'), { targetLanguage: 'ru' })
    const path = join(work, 'ru.po')
    writeFileSync(path, output)
    const run = spawnSync('msgfmt', ['-c', '-o', '/dev/null', path], { encoding: 'utf8' })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(dec.decode(output)).toContain('<a href=\\"%(url)s\\">')
  })
})

describe('XLIFF (Angular)', () => {
  /** What Angular's own parser (the one `ng build --localize` uses) reads from a translated file. */
  const angularReads = (name: string, xliff: string, parser: Xliff1TranslationParser | Xliff2TranslationParser) => {
    const analysis = parser.analyze(name, xliff)
    if (!analysis.canParse) throw new Error(`Angular cannot parse ${name}: ${JSON.stringify(analysis.diagnostics.messages)}`)
    const bundle = parser.parse(name, xliff, analysis.hint)
    expect(bundle.diagnostics.messages.filter((m) => m.type === 'error')).toEqual([])
    return bundle
  }

  test('Angular reads every translated unit of messages.xlf (1.2) with the placeholders of its source', () => {
    const parsed = parseXml(fixture('messages.xlf'))
    const output = dec.decode(parsed.write(translate(parsed, { format: 'xml' }, 'es'), { targetLanguage: 'es' }))
    const bundle = angularReads('messages.es.xlf', output, new Xliff1TranslationParser())
    expect(bundle.locale).toBe('es')
    expect(bundle.translations['introductionHeader']!.text).toBe('WELCOME TO THE PHOTO LIBRARY!')
    expect(bundle.translations['6e0b5a7a6c1e3f2f1b4f5e6d7c8b9a0f1e2d3c4b']!.placeholderNames).toEqual(['INTERPOLATION', 'START_BOLD_TEXT', 'INTERPOLATION_1', 'CLOSE_BOLD_TEXT'])
    expect(bundle.translations['f99f34ac9bd4606345071bd813858dec29f3b7d1']!.text).toBe('SHARED BY {$ICU}')
    expect(bundle.translations['5a134dee893586d02bffc9611056b9cadf9abfad']!.text).toBe('{VAR_PLURAL, plural, =0 {NO PHOTOS} =1 {ONE PHOTO} other {{INTERPOLATION} PHOTOS}}')
  })

  test('Angular reads every translated unit of an XLIFF 2.0 file, <pc> pairs included', () => {
    const parsed = parseXml(fixture('messages-2.0.xlf'))
    const output = dec.decode(parsed.write(translate(parsed, { format: 'xml' }, 'es'), { targetLanguage: 'es' }))
    const bundle = angularReads('messages.es.xlf', output, new Xliff2TranslationParser())
    expect(bundle.locale).toBe('es')
    expect(Object.keys(bundle.translations)).toEqual(['introductionHeader', '6e0b5a7a6c1e3f2f1b4f5e6d7c8b9a0f1e2d3c4b', 'albumsEmpty'])
    expect(bundle.translations['6e0b5a7a6c1e3f2f1b4f5e6d7c8b9a0f1e2d3c4b']!.text).toBe('UPDATED {$INTERPOLATION} MINUTES AGO BY {$START_BOLD_TEXT}{$INTERPOLATION_1}{$CLOSE_BOLD_TEXT}')
  })
})

describe('Apple .stringsdict', () => {
  withTool('xmllint', 'xmllint reads the translated .stringsdict; variables, keys and types kept, Russian categories written', () => {
    const parsed = parseXml(fixture('Localizable.stringsdict'))
    const output = dec.decode(parsed.write(translate(parsed, { format: 'xml' }, 'ru'), { targetLanguage: 'ru' }))
    const path = join(work, 'Localizable.stringsdict')
    writeFileSync(path, output)
    const run = spawnSync('xmllint', ['--noout', '--nonet', path], { encoding: 'utf8' })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(output).toContain('<string>%#@items@ SELECTED IN %#@albums@</string>')
    expect(output).toContain('<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>')
    expect(output).toContain('<key>few</key>\n\t\t\t<string>%lld ITEMS</string>')
  })
})

describe('.NET resources', () => {
  withTool('xmllint', 'xmllint reads the translated .resx; composite-format placeholders and the type records are kept', () => {
    const parsed = parseXml(fixture('Resources.resx'))
    const output = dec.decode(parsed.write(translate(parsed, { format: 'xml' }, 'es'), { targetLanguage: 'es' }))
    const path = join(work, 'Resources.es.resx')
    writeFileSync(path, output)
    const run = spawnSync('xmllint', ['--noout', path], { encoding: 'utf8' })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(output).toContain('<value>THE FILE {0} IS LARGER THAN {1} MB.</value>')
    expect(output).toContain('<value>System.Resources.ResXResourceReader, System.Windows.Forms, Version=4.0.0.0')
    expect(output).toContain('<value>Blue</value>')
  })
})

describe('Android XML', () => {
  withTool('xmllint', 'xmllint reads the translated strings.xml; CDATA links, escaped markup and elements keep their form', () => {
    const parsed = parseXml(fixture('strings.xml'))
    const output = dec.decode(parsed.write(translate(parsed, { format: 'xml' }, 'es'), { targetLanguage: 'es' }))
    const path = join(work, 'strings.xml')
    writeFileSync(path, output)
    const run = spawnSync('xmllint', ['--noout', path], { encoding: 'utf8' })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(output).toContain('<![CDATA[BY SIGNING UP YOU ACCEPT THE <a href=\\"https://example.org/terms\\">TERMS OF USE</a>')
    expect(output).toContain('&lt;a href=\\"https://example.org/help\\"&gt;SHORT GUIDE&lt;/a&gt;')
    expect(output).toContain('<b>%1$s</b>!<br/>TAP A NOTE')
    expect(output).toContain('<item quantity="many">%d NOTES</item>')
  })
})

describe('Java .properties', () => {
  withTool('java', "Java's Properties + MessageFormat render the links of the output as they render the source's", () => {
    const source = fixture('messages_fr.properties')
    const parsed = parseProperties(source)
    const output = parsed.write(translate(parsed, { format: 'properties' }, 'en'), { targetLanguage: 'en' })
    writeFileSync(join(work, 'source.properties'), source)
    writeFileSync(join(work, 'output.properties'), output)
    const program = join(work, 'Render.java')
    writeFileSync(program, [
      'import java.io.*; import java.nio.charset.StandardCharsets; import java.text.MessageFormat; import java.util.*;',
      'public class Render { public static void main(String[] a) throws Exception {',
      '  Properties p = new Properties();',
      '  try (Reader r = new InputStreamReader(new FileInputStream(a[0]), StandardCharsets.UTF_8)) { p.load(r); }',
      '  for (String k : new TreeSet<>(p.stringPropertyNames())) {',
      '    for (int n : new int[] {0, 1, 5}) System.out.println(k + "[" + n + "]=" + new MessageFormat(p.getProperty(k), Locale.ROOT).format(new Object[] {n, "Ana"}));',
      '  } } }',
    ].join('\n'))
    const render = (file: string) => {
      const run = spawnSync('java', [program, join(work, file)], { encoding: 'utf8' })
      expect(run.stderr).toBe('')
      expect(run.status).toBe(0)
      return run.stdout
    }
    const before = render('source.properties')
    const after = render('output.properties')
    const tags = (s: string) => s.match(/<\/?a\b[^>]*>/g) ?? []
    expect(tags(after)).toEqual(tags(before))
    expect(before).toContain("<a href='https://example.org/cgu'>conditions d'utilisation</a>")
    expect(after).toContain("<a href='https://example.org/cgu'>CONDITIONS D'UTILISATION</a>")
    expect(after).toContain('files.count[0]=IL Y A AUCUN FICHIER.')
    expect(after).toContain('files.count[5]=IL Y A 5 FICHIERS.')
  })
})

describe('YAML 1.1 typing (Rails reads locale files with Psych)', () => {
  test('data values keep their YAML 1.1 type and bytes; zero is kept beside the target categories', () => {
    const source = dec.decode(fixture('rails-en.yml'))
    const parsed = parseYaml(source)
    const output = dec.decode(parsed.write(translate(parsed, { format: 'yaml' }, 'es'), { targetLanguage: 'es' }))
    const before = parseYamlText(source, { version: '1.1' }) as { en: Record<string, any> }
    const after = parseYamlText(output, { version: '1.1' }) as { es: Record<string, any> }
    expect(after.es.date.order).toEqual([':year', ':month', ':day'])
    expect(after.es.release.launched_on).toEqual(before.en.release.launched_on)
    expect(after.es.release.launched_on).toBeInstanceOf(Date)
    expect(after.es.release.updated_at).toEqual(before.en.release.updated_at)
    expect(after.es.release.version).toBe(1000)
    expect(after.es.release.beta).toBe(true)
    expect(after.es.release.title).toBe('RELEASE NOTES')
    expect(Object.keys(after.es.inbox.unread)).toEqual(['zero', 'one', 'many', 'other'])
    expect(after.es.inbox.unread.zero).toBe('YOU HAVE NO NEW MESSAGES')
    expect(output).toContain('    launched_on: 2001-01-01\n    updated_at: 2001-12-14t21:59:43.10-05:00\n    version: 1_000\n')
    expect(output).toContain('    order:\n      - :year\n      - :month\n      - :day\n')
  })
})
