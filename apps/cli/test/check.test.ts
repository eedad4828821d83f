import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { checkFiles } from '../src/check.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'verso-check-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function file(name: string, content: string): string {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

describe('verso check', () => {
  it('passes a faithful translation', async () => {
    const en = file('en.json', '{"greet": "Hello {name}, you have %d <b>new</b> messages.", "n": "{count, plural, one {# file} other {# files}}"}')
    const es = file('es.json', '{"greet": "Hola {name}, tienes %d mensajes <b>nuevos</b>.", "n": "{count, plural, one {# archivo} many {# archivos} other {# archivos}}"}')
    expect(await checkFiles(en, [es])).toEqual([])
  })

  it('reports a broken placeholder with file:line and the source line', async () => {
    const en = file('en.json', '{\n  "a": "ok",\n  "greet": "Hello {name}!"\n}\n')
    const es = file('es.json', '{\n  "a": "vale",\n  "greet": "¡Hola {nombre}!"\n}\n')
    const problems = await checkFiles(en, [es])
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatchObject({ file: es, line: 3, kind: 'placeholder', key: 'greet' })
    expect(problems[0]!.message).toContain('lost {name}')
    expect(problems[0]!.message).toContain('added {nombre}')
    expect(problems[0]!.message).toContain(`${en}:3`)
  })

  it('reports missing and extra keys', async () => {
    const en = file('en.yml', 'en:\n  a: One\n  b: Two\n')
    const es = file('es.yml', 'es:\n  a: Uno\n  c: Tres\n')
    const problems = await checkFiles(en, [es])
    expect(problems.map((p) => [p.kind, p.key])).toEqual([
      ['missing-key', 'b'],
      ['extra-key', 'c'],
    ])
  })

  it('reports a changed tag and a renamed ICU argument', async () => {
    const en = file('en.json', '{"t": "Click <a href=\\"/x\\">here</a>", "p": "{n, plural, one {# item} other {# items}}"}')
    const es = file('es.json', '{"t": "Haz clic <a href=\\"/y\\">aquí</a>", "p": "{m, plural, one {# elemento} other {# elementos}}"}')
    const kinds = (await checkFiles(en, [es])).map((p) => p.kind).sort()
    expect(kinds).toEqual(['icu-argument', 'tag'])
  })

  it('reads a PO target’s msgstr, and an empty msgstr is a missing translation', async () => {
    const pot = file('messages.pot', 'msgid ""\nmsgstr ""\n\nmsgid "Open %s"\nmsgstr ""\n\nmsgid "Close"\nmsgstr ""\n')
    const es = file('es.po', 'msgid ""\nmsgstr "Language: es\\n"\n\nmsgid "Open %s"\nmsgstr "Abrir %d"\n\nmsgid "Close"\nmsgstr ""\n')
    const problems = await checkFiles(pot, [es])
    expect(problems.map((p) => [p.kind, p.key, p.line])).toEqual([
      ['placeholder', 'Open %s', 4],
      ['missing-key', 'Close', 7],
    ])
  })
})
