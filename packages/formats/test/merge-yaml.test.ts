import { describe, expect, test } from 'vitest'
import { FormatError, parseYaml } from '@verso/formats'
import { bytes, expectMergedValues, insertedLines, text } from './merge-support.js'

const source = `en:
  inbox:
    # Title of the inbox page
    title: Inbox
    unread:
      one: You have one new message
      other: "You have %{count} new messages"
  release:
    title: Release notes
    beta: true
`
const target = `es:
  inbox:
    # Title of the inbox page
    title: Bandeja de entrada
    unread:
      one: Tienes un mensaje nuevo
      other: "Tienes %{count} mensajes nuevos"
  release:
    title: Notas de la versión
    beta: true
    legacy: Antiguo
`

describe('yaml merge', () => {
  test('returns the input bytes when there is nothing to merge', () => {
    const input = bytes(target)
    expect(parseYaml(input).merge(parseYaml(source), new Map())).toEqual(input)
  })

  test('reads values, plurals included, and nothing for data', () => {
    const yaml = parseYaml(target)
    expect(yaml.valueOf('inbox.title')).toBe('Bandeja de entrada')
    expect(yaml.valueOf('inbox.unread')).toEqual({ one: 'Tienes un mensaje nuevo', other: 'Tienes %{count} mensajes nuevos' })
    expect(yaml.valueOf('release.beta')).toBeUndefined()
  })

  test('replaces two values and changes only their bytes', () => {
    const out = parseYaml(target).merge(parseYaml(source), new Map([['inbox.title', 'Recibidos'], ['release.legacy', 'Viejo']]))
    expect(text(out)).toBe(target.replace('title: Bandeja de entrada', 'title: Recibidos').replace('legacy: Antiguo', 'legacy: Viejo'))
  })

  test('inserts keys first, in the middle, last, in a nested map the target has and under a parent it lacks', () => {
    const newSource = `en:
  app_name: Notebook
  inbox:
    # Title of the inbox page
    title: Inbox
    empty: "Nothing here: all done"
    unread:
      one: You have one new message
      other: "You have %{count} new messages"
  settings:
    profile:
      name: Name
  release:
    title: Release notes
    beta: true
  files:
    one: One file
    other: "%{count} files"
`
    const values = new Map<string, string | Record<string, string>>([
      ['app_name', 'Cuaderno'], ['inbox.empty', 'Nada aquí: todo hecho'], ['settings.profile.name', 'Nombre'],
      ['files', { one: 'Un archivo', many: '%{count} de archivos', other: '%{count} archivos' }],
    ])
    const out = text(parseYaml(target).merge(parseYaml(newSource), values, { targetLanguage: 'es' }))
    expect(out).toBe(`es:
  app_name: Cuaderno
  inbox:
    # Title of the inbox page
    title: Bandeja de entrada
    empty: "Nada aquí: todo hecho"
    unread:
      one: Tienes un mensaje nuevo
      other: "Tienes %{count} mensajes nuevos"
  settings:
    profile:
      name: Nombre
  release:
    title: Notas de la versión
    beta: true
    legacy: Antiguo
  files:
    one: Un archivo
    many: "%{count} de archivos"
    other: "%{count} archivos"
`)
    expect(insertedLines(target, out)).toHaveLength(9)
    const again = parseYaml(out)
    expectMergedValues(again, parseYaml(target), values, ['app_name', 'inbox.empty', 'settings.profile.name', 'files'])
    expect(again.valueOf('inbox.empty')).toBe('Nada aquí: todo hecho')
    expect(again.valueOf('settings.profile.name')).toBe('Nombre')
    expect(again.valueOf('files')).toEqual({ one: 'Un archivo', many: '%{count} de archivos', other: '%{count} archivos' })
    expect(again.valueOf('release.legacy')).toBe('Antiguo')
  })

  test('inserts before a following key and its comment when none precedes, keeping CRLF', () => {
    const out = text(parseYaml('# header\r\n\r\n# about b\r\nb: B2\r\n').merge(parseYaml('a: A\nb: B\n'), new Map([['a', 'A2']])))
    expect(out).toBe('# header\r\n\r\na: A2\r\n# about b\r\nb: B2\r\n')
  })

  test('refuses keys whose parent the target holds as a value or a flow map', () => {
    const code = (f: () => unknown) => {
      try { f() } catch (e) { return e instanceof FormatError ? e.code : String(e) }
      return 'no error'
    }
    const src = parseYaml('a:\n  b: B\n  c: C\n')
    expect(code(() => parseYaml('a:\n').merge(src, new Map([['a.b', 'x']])))).toBe('FORMAT_UNSUPPORTED')
    expect(code(() => parseYaml('a: {b: x}\n').merge(src, new Map([['a.c', 'y']])))).toBe('FORMAT_UNSUPPORTED')
  })

  test('refuses multi-locale files', () => {
    let code = ''
    try {
      parseYaml('en:\n  a: A\nes:\n  a: Á\n').merge(parseYaml('a: A\n'), new Map([['a', 'x']]))
    } catch (e) {
      code = e instanceof FormatError ? e.code : String(e)
    }
    expect(code).toBe('FORMAT_UNSUPPORTED')
  })
})
