import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultOutputPath, fillPattern, kindOf, languageInPath } from '../src/files.js'

describe('default output paths follow the common layouts', () => {
  const cases: Array<[string, string, string | null, string]> = [
    ['locales/en.json', 'es', 'en', 'locales/es.json'],
    ['en.yml', 'es', 'en', 'es.yml'],
    ['config/locales/en.yml', 'pt-BR', 'en', 'config/locales/pt-BR.yml'],
    ['locales/en/common.json', 'fr', 'en', 'locales/fr/common.json'],
    ['app/src/main/res/values/strings.xml', 'es', null, 'app/src/main/res/values-es/strings.xml'],
    ['res/values-en/strings.xml', 'pt-BR', 'en', 'res/values-pt-rBR/strings.xml'],
    ['en.lproj/Localizable.strings', 'es', 'en', 'es.lproj/Localizable.strings'],
    ['en.lproj/Localizable.stringsdict', 'pt-BR', 'en', 'pt-BR.lproj/Localizable.stringsdict'],
    ['Base.lproj/Localizable.strings', 'es', null, 'es.lproj/Localizable.strings'],
    ['src/messages.properties', 'es', null, 'src/messages_es.properties'],
    ['src/messages_en.properties', 'es', 'en', 'src/messages_es.properties'],
    ['src/messages.properties', 'pt-BR', null, 'src/messages_pt_BR.properties'],
    ['src/messages_en.properties', 'pt-BR', 'en', 'src/messages_pt_BR.properties'],
    ['lib/l10n/app_en.arb', 'pt-BR', 'en', 'lib/l10n/app_pt_BR.arb'],
    ['extension/_locales/en/messages.json', 'pt-BR', 'en', 'extension/_locales/pt_BR/messages.json'],
    ['Properties/Resources.resx', 'es', 'en', 'Properties/Resources.es.resx'],
    ['Properties/Resources.resx', 'pt-BR', null, 'Properties/Resources.pt-BR.resx'],
    ['src/locale/messages.xlf', 'es', null, 'src/locale/messages.es.xlf'],
    ['i18n/app_en.ts', 'es', 'en', 'i18n/app_es.ts'],
    ['i18n/app_es.ts', 'es', 'en', 'i18n/app_es.ts'],
    ['src/locale/messages.pt-BR.xlf', 'pt-BR', null, 'src/locale/messages.pt-BR.xlf'],
    ['src/locale/messages.es.xlf', 'fr', 'en', 'src/locale/messages.es.fr.xlf'],
    ['po/messages.pot', 'es', null, 'po/es.po'],
    ['po/en.po', 'ca', 'en', 'po/ca.po'],
    ['site/page.html', 'es', 'en', 'site/page.es.html'],
    ['film.en.srt', 'es', 'en', 'film.es.srt'],
    ['talk.vtt', 'es', null, 'talk.es.vtt'],
    // a source language named with its region: the targets go beside it, not inside it
    ['Strings/en-US/Resources.resw', 'es', 'en', 'Strings/es/Resources.resw'],
    ['locales/en_US/common.json', 'fr', 'en', 'locales/fr/common.json'],
    ['locales/en-GB.json', 'es', 'en', 'locales/es.json'],
    ['src/messages_en_US.properties', 'es', 'en', 'src/messages_es.properties'],
    ['en-US.lproj/Localizable.strings', 'es', 'en', 'es.lproj/Localizable.strings'],
    ['locales/en-US/common.json', 'en-GB', 'en-US', 'locales/en-GB/common.json'],
  ]
  it.each(cases)('%s → %s (from %s)', (source, lang, from, expected) => {
    expect(defaultOutputPath(source, lang, from)).toBe(expected)
  })
  it.each(cases)('an absolute /work/%s stays absolute: → /work/%s', (source, lang, from, expected) => {
    expect(defaultOutputPath(`/work/${source}`, lang, from)).toBe(`/work/${expected}`)
  })
  it('a folder layout at the root of the file system stays there', () => {
    expect(defaultOutputPath('/values/strings.xml', 'es', null)).toBe('/values-es/strings.xml')
    expect(defaultOutputPath('/en/common.json', 'fr', 'en')).toBe('/fr/common.json')
  })
})

describe('--out patterns', () => {
  it('fills {dir} {name} {lang} {ext}', () => {
    expect(fillPattern('{dir}/{lang}/{name}.{ext}', join('i18n', 'app.json'), 'es')).toBe('i18n/es/app.json')
    expect(fillPattern('out/{name}-{lang}.{ext}', 'a/b/c.po', 'ca')).toBe('out/c-ca.po')
  })
})

describe('file kinds and languages in paths', () => {
  it('knows every format the service takes by extension, and nothing else', () => {
    expect(kindOf('a.JSON')).toEqual({ kind: 'i18n', format: 'json' })
    expect(kindOf('a.yml')).toEqual({ kind: 'i18n', format: 'yaml' })
    expect(kindOf('a.pot')).toEqual({ kind: 'i18n', format: 'po' })
    expect(kindOf('a.htm')).toEqual({ kind: 'html' })
    expect(kindOf('a.vtt')).toEqual({ kind: 'subtitles', format: 'vtt' })
    expect(kindOf('Resources.resw')).toEqual({ kind: 'i18n', format: 'xml' })
    expect(kindOf('a.docx')).toBeNull()
  })
  it('reads the source language from file names, folders and suffixes', () => {
    const known = (code: string) => ['en', 'es', 'pt-BR'].includes(code)
    expect(languageInPath('locales/en.json', known)).toBe('en')
    expect(languageInPath('locales/en/common.json', known)).toBe('en')
    expect(languageInPath('messages_en.properties', known)).toBe('en')
    expect(languageInPath('res/values-es/strings.xml', known)).toBe('es')
    expect(languageInPath('pt_BR.yml', known)).toBe('pt-BR')
    expect(languageInPath('messages.properties', known)).toBeNull()
    // a regional variant the engine does not list names its language
    expect(languageInPath('Strings/en-US/Resources.resw', known)).toBe('en')
    expect(languageInPath('messages_en_GB.properties', known)).toBe('en')
  })
})
