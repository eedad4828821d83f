import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { FormatError, parseJson, parseProperties, type Translation } from '@verso/formats'
import { bytes, expectMergedValues, insertedLines, text } from './merge-support.js'

const source = `{
  "app": {
    "title": "Verso",
    "tagline": "Translate your files"
  },
  "nav": {
    "home": "Home",
    "settings": "Settings",
    "help": "Help"
  },
  "items": {
    "one": "{{count}} item",
    "other": "{{count}} items"
  },
  "footer": "Made with care"
}
`
const target = `{
  "app": {
    "title": "Verso",
    "tagline": "Traduce tus archivos"
  },
  "nav": {
    "home": "Inicio",
    "settings": "Ajustes",
    "help": "Ayuda"
  },
  "items": {
    "one": "{{count}} elemento",
    "other": "{{count}} elementos"
  },
  "footer": "Hecho con cariño",
  "legacy": "Antiguo"
}
`

describe('json merge', () => {
  test('returns the input bytes when there is nothing to merge', () => {
    const input = bytes(target)
    expect(parseJson(input).merge(parseJson(source), new Map())).toEqual(input)
  })

  test('replaces two values and changes only their bytes', () => {
    const out = parseJson(target).merge(parseJson(source), new Map([['nav.home', 'Portada'], ['footer', 'Hecho con amor']]))
    expect(text(out)).toBe(target.replace('"Inicio"', '"Portada"').replace('"Hecho con cariño"', '"Hecho con amor"'))
  })

  test('inserts new keys where the source has them: first, middle, last, nested and under a missing parent', () => {
    const newSource = `{
  "banner": "Welcome",
  "app": {
    "title": "Verso",
    "tagline": "Translate your files"
  },
  "nav": {
    "home": "Home",
    "about": "About",
    "settings": "Settings",
    "help": "Help"
  },
  "account": {
    "profile": {
      "name": "Name"
    }
  },
  "items": {
    "one": "{{count}} item",
    "other": "{{count}} items"
  },
  "footer": "Made with care",
  "copyright": "All rights reserved"
}
`
    const values = new Map<string, Translation>([
      ['banner', 'Bienvenido'], ['nav.about', 'Acerca de'], ['account.profile.name', 'Nombre'], ['copyright', 'Todos los derechos reservados'],
    ])
    const out = text(parseJson(target).merge(parseJson(newSource), values))
    expect(out).toBe(`{
  "banner": "Bienvenido",
  "app": {
    "title": "Verso",
    "tagline": "Traduce tus archivos"
  },
  "nav": {
    "home": "Inicio",
    "about": "Acerca de",
    "settings": "Ajustes",
    "help": "Ayuda"
  },
  "account": {
    "profile": {
      "name": "Nombre"
    }
  },
  "items": {
    "one": "{{count}} elemento",
    "other": "{{count}} elementos"
  },
  "footer": "Hecho con cariño",
  "copyright": "Todos los derechos reservados",
  "legacy": "Antiguo"
}
`)
    expect(insertedLines(target, out)).toHaveLength(8)
    const again = parseJson(out)
    expectMergedValues(again, parseJson(target), values, ['banner', 'nav.about', 'account.profile.name', 'copyright'])
    expect(again.valueOf('banner')).toBe('Bienvenido')
    expect(again.valueOf('account.profile.name')).toBe('Nombre')
    expect(again.valueOf('nav.settings')).toBe('Ajustes')
    expect(again.valueOf('legacy')).toBe('Antiguo')
  })

  test('keeps hand edits and adds only the new keys (issue 13)', () => {
    // a first run translated en.json into es.json; a reviewer then edited two Spanish values
    const en = parseJson(source)
    const firstRun = text(en.write(new Map<string, Translation>([
      ['app.tagline', 'Traduce tus archivos'], ['nav.home', 'Inicio'], ['nav.settings', 'Ajustes'], ['nav.help', 'Ayuda'],
      ['items', { one: '{{count}} elemento', other: '{{count}} elementos' }], ['footer', 'Hecho con cariño'],
    ]), { targetLanguage: 'es' }))
    const edited = firstRun.replace('"Inicio"', '"Portada"').replace('"Ayuda"', '"Soporte"')
    // three English keys are added; only they are new or changed, so only they are translated again
    const newEn = parseJson(source.replace('  "footer"', '  "search": "Search",\n  "footer"').replace('"help": "Help"', '"help": "Help",\n    "logout": "Sign out"').replace('  "app": {', '  "notice": "Beta",\n  "app": {'))
    const es = parseJson(edited)
    const changed = newEn.entries.filter((e) => es.valueOf(e.key) === undefined && e.translatable).map((e) => e.key)
    expect(changed).toEqual(['notice', 'nav.logout', 'search'])
    const out = text(es.merge(newEn, new Map([['notice', 'Beta'], ['nav.logout', 'Cerrar sesión'], ['search', 'Buscar']])))
    // JSON needs a comma after the member an inserted last member follows: apart from that comma, only new lines
    const uncomma = (t: string) => t.replace(/,$/gm, '')
    expect(insertedLines(uncomma(edited), uncomma(out))).toEqual(['  "notice": "Beta"', '    "logout": "Cerrar sesión"', '  "search": "Buscar"'])
    expect(out.split('\n').filter((l) => !edited.split('\n').includes(l))).toEqual(['  "notice": "Beta",', '    "help": "Soporte",', '    "logout": "Cerrar sesión"', '  "search": "Buscar",'])
  })

  test('writes an inserted plural with the target language categories', () => {
    const src = '{\n  "a": "A",\n  "files": {\n    "one": "{{count}} file",\n    "other": "{{count}} files"\n  }\n}\n'
    const out = text(parseJson('{\n  "a": "А"\n}\n').merge(parseJson(src), new Map([['files', { one: '{{count}} файл', few: '{{count}} файла', many: '{{count}} файлов', other: '{{count}} файла' }]]), { targetLanguage: 'ru' }))
    expect(out).toBe('{\n  "a": "А",\n  "files": {\n    "one": "{{count}} файл",\n    "few": "{{count}} файла",\n    "many": "{{count}} файлов",\n    "other": "{{count}} файла"\n  }\n}\n')
  })

  test('inserts an i18next suffix plural run with the target language categories', () => {
    const src = parseJson('{\n  "a": "A",\n  "file_one": "{{count}} file",\n  "file_other": "{{count}} files"\n}\n')
    const out = text(parseJson('{\n  "a": "А"\n}\n').merge(src, new Map([['file', { one: 'ф1', few: 'ф2', many: 'ф5', other: 'ф' }]]), { targetLanguage: 'ru' }))
    expect(out).toBe('{\n  "a": "А",\n  "file_one": "ф1",\n  "file_few": "ф2",\n  "file_many": "ф5",\n  "file_other": "ф"\n}\n')
    expect(parseJson(out).valueOf('file')).toEqual({ one: 'ф1', few: 'ф2', many: 'ф5', other: 'ф' })
  })

  test('puts the comma after a member inserted first and fills an empty object in the file style', () => {
    const out = text(parseJson('{\n\t"b": "B2",\n\t"e": {}\n}').merge(parseJson('{"a": "A", "b": "B", "e": {"f": "F"}}'), new Map([['a', 'A2'], ['e.f', 'F2']])))
    expect(out).toBe('{\n\t"a": "A2",\n\t"b": "B2",\n\t"e": {\n\t\t"f": "F2"\n\t}\n}')
    expect(parseJson(out).issues).toEqual([])
  })

  test('keeps CRLF line endings and the BOM', () => {
    const bom = '\ufeff{\r\n  "a": "x",\r\n  "c": "z"\r\n}\r\n'
    const out = text(parseJson(bytes(bom)).merge(parseJson('{"a":"1","b":"2","c":"3"}'), new Map([['b', 'y']])))
    expect(out).toBe('\ufeff{\r\n  "a": "x",\r\n  "b": "y",\r\n  "c": "z"\r\n}\r\n')
  })

  test('ignores keys in neither file and values for keys only the source lacks', () => {
    const input = bytes(target)
    expect(parseJson(input).merge(parseJson(source), new Map([['nope', 'x']]))).toEqual(input)
  })

  test('reads values, plurals included', () => {
    const parsed = parseJson(target)
    expect(parsed.valueOf('items')).toEqual({ one: '{{count}} elemento', other: '{{count}} elementos' })
    expect(parsed.valueOf('app')).toBeUndefined()
    expect(parsed.valueOf('missing')).toBeUndefined()
  })

  test('refuses a source of another format and multi-locale files', () => {
    const code = (f: () => unknown) => {
      try { f() } catch (e) { return e instanceof FormatError ? e.code : String(e) }
      return 'no error'
    }
    expect(code(() => parseJson(target).merge(parseProperties('a=b'), new Map([['a', 'x']])))).toBe('FORMAT_UNSUPPORTED')
    const multi = '{"en": {"a": "A"}, "es": {"a": "Á"}}'
    expect(code(() => parseJson(multi).merge(parseJson(source), new Map([['a', 'x']])))).toBe('FORMAT_UNSUPPORTED')
  })

  test('refuses keys it has no place for instead of dropping them', () => {
    const code = (f: () => unknown) => {
      try { f() } catch (e) { return e instanceof FormatError ? e.code : String(e) }
      return 'no error'
    }
    const src = parseJson('{"a": "A", "days": ["Mon", "Tue"], "b": {"c": "C"}}')
    // half an array would shift the indexes of the rest
    expect(code(() => parseJson('{"a": "x"}').merge(src, new Map([['days.0', 'Lun']])))).toBe('FORMAT_UNSUPPORTED')
    // the target holds the parent as a string
    expect(code(() => parseJson('{"b": "x"}').merge(src, new Map([['b.c', 'Ce']])))).toBe('FORMAT_UNSUPPORTED')
    // a target cut short has no tree to insert into; its own keys are still replaced
    expect(code(() => parseJson('{"a": "x", "b": {').merge(src, new Map([['b.c', 'Ce']])))).toBe('FORMAT_UNSUPPORTED')
    expect(text(parseJson('{"a": "x", "b": {').merge(src, new Map([['a', 'y']])))).toBe('{"a": "y", "b": {')
    expect(text(parseJson('{"a": "x"}').merge(src, new Map([['days.0', 'Lun'], ['days.1', 'Mar']])))).toBe('{"a": "x", "days": [\n  "Lun",\n  "Mar"\n]}')
  })

  test('merge then parse gives exactly target ∪ values and keeps every untouched line (property)', () => {
    const keyArb = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h')
    const valueArb = fc.string({ maxLength: 12 }).filter((s) => s !== '')
    fc.assert(fc.property(
      fc.uniqueArray(keyArb, { minLength: 1 }), fc.uniqueArray(keyArb), fc.dictionary(keyArb, valueArb), fc.boolean(),
      (sourceKeys, targetKeys, rawValues, nested) => {
        const wrap = (body: Record<string, string>) => JSON.stringify(nested ? { group: body } : body, null, 2) + '\n'
        const prefix = nested ? 'group.' : ''
        const src = wrap(Object.fromEntries(sourceKeys.map((k) => [k, `en ${k}`])))
        const tgt = wrap(Object.fromEntries(targetKeys.map((k) => [k, `es ${k}`])))
        const values = new Map(Object.entries(rawValues).map(([k, v]) => [prefix + k, v]))
        const out = text(parseJson(tgt).merge(parseJson(src), values))
        const merged = parseJson(out)
        expect(merged.issues).toEqual([])
        const expected = new Map<string, string>(targetKeys.map((k) => [prefix + k, `es ${k}`]))
        for (const [k, v] of values) if (expected.has(k) || (sourceKeys as string[]).includes(k.slice(prefix.length))) expected.set(k, v)
        expect(new Map(merged.entries.map((e) => [e.key, e.text]))).toEqual(expected)
        const touched = new Set([...values.keys()].map((k) => k.slice(prefix.length)))
        // an empty object's `{}` line is the one line rewritten: it opens the new members
        const kept = tgt.split('\n')
          .filter((l) => !l.endsWith('{}') && (!/^\s*"(\w)": /.test(l) || !touched.has(/"(\w)"/.exec(l)![1]!)))
          .map((l) => l.replace(/,$/, ''))
        const outLines = out.split('\n').map((l) => l.replace(/,$/, ''))
        let j = 0
        for (const l of outLines) if (l === kept[j]) j++
        expect(j).toBe(kept.length)
      },
    ), { numRuns: 300 })
  })
})
