/**
 * JSON catalog conventions whose metadata is not text: Flutter's ARB files and WebExtension
 * `messages.json` (fixtures in test/fixtures/real, sources in SOURCES.md). Translating their
 * metadata broke their tools: an ARB placeholder `"type": "String"` came back `"Serie"` and
 * `@@locale` stayed `en` (gen-l10n refuses both), a WebExtension `$COUNT$` came back `$CONTAR$`.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { markAll } from './marks.js'
import { parseJson } from '@verso/formats'
import { prepare } from '@verso/formats/placeholders'

const dec = new TextDecoder()
const fixture = (name: string) => readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8')
/** The file's JSON with every message member removed: what must come back unchanged. */
const metadataOf = (json: unknown, isMessage: (path: string[]) => boolean, path: string[] = []): unknown => {
  if (json === null || typeof json !== 'object') return json
  return Object.fromEntries(Object.entries(json as object).filter(([k]) => !isMessage([...path, k])).map(([k, v]) => [k, metadataOf(v, isMessage, [...path, k])]))
}

describe('ARB files (Flutter gen-l10n)', () => {
  const source = fixture('app_en.arb')
  const isArbMessage = (path: string[]) => path.length === 1 && !path[0]!.startsWith('@')

  test('only messages are entries to translate; @@ members and @key metadata are kept', () => {
    const parsed = parseJson(source)
    expect(parsed.dialect).toBe('arb')
    expect(parsed.entries.filter((e) => e.translatable).map((e) => e.key)).toEqual(['appTitle', 'greeting', 'bookCount', 'readerPronoun', 'lastOpened', 'price', 'syncError'])
    expect(parsed.entries.find((e) => e.key === '@greeting.placeholders.userName.type')).toMatchObject({ text: 'String', translatable: false })
  })

  test('a message’s description is its note, for the translator (and an LLM engine)', () => {
    const parsed = parseJson(source)
    expect(parsed.entries.find((e) => e.key === 'appTitle')?.note).toBe('Title of the app, shown in the task switcher')
    expect(parsed.entries.find((e) => e.key === 'price')?.note).toBeUndefined()
  })

  test('written for a target, @@locale names the target in Dart’s form and every metadata byte is kept', () => {
    const parsed = parseJson(source)
    const out = dec.decode(parsed.write(markAll(parsed), { targetLanguage: 'pt-BR' }))
    const json = JSON.parse(out) as Record<string, unknown>
    expect(json['@@locale']).toBe('pt_BR')
    expect(json.appTitle).toBe('«Reading list»')
    const { ['@@locale']: _a, ...sourceMeta } = metadataOf(JSON.parse(source), isArbMessage) as Record<string, unknown>
    const { ['@@locale']: _b, ...outMeta } = metadataOf(json, isArbMessage) as Record<string, unknown>
    expect(outMeta).toEqual(sourceMeta)
    // every other byte is the source's
    let expected = source.replace('"@@locale": "en"', '"@@locale": "pt_BR"')
    for (const entry of parsed.entries.filter((e) => e.translatable)) {
      expected = expected.replace(`"${entry.key}": ${JSON.stringify(entry.text)}`, `"${entry.key}": ${JSON.stringify(`«${entry.text}»`)}`)
    }
    expect(out).toBe(expected)
  })

  test('a file without @@locale is ARB by its @key objects; a plain JSON file with an @ key is not', () => {
    expect(parseJson('{"save": "Save", "@save": {"description": "Button"}}').dialect).toBe('arb')
    const plain = parseJson('{"@type": "Person", "name": "Ada", "greeting": "Hello"}')
    expect(plain.dialect).toBeUndefined()
    expect(plain.entries.filter((e) => e.translatable).map((e) => e.key)).toEqual(['@type', 'name', 'greeting'])
  })
})

describe('WebExtension messages.json (Chrome, Firefox)', () => {
  const source = fixture('webextension-messages.json')
  const isWebExtensionMessage = (path: string[]) => path.length === 2 && path[1] === 'message'

  test('only message members are translated; description and placeholders are kept', () => {
    const parsed = parseJson(source)
    expect(parsed.dialect).toBe('webextension')
    expect(parsed.entries.filter((e) => e.translatable).map((e) => e.key)).toEqual([
      'extensionName.message', 'extensionDescription.message', 'menuCloseDuplicates.message', 'closedTabs.message',
      'optionKeepPinned.message', 'optionConfirm.message', 'badgeDone.message',
    ])
    expect(parsed.entries.find((e) => e.key === 'closedTabs.message')?.note).toBe('Notification after a clean-up')
    const out = JSON.parse(dec.decode(parsed.write(markAll(parsed), { targetLanguage: 'es' }))) as unknown
    expect(metadataOf(out, isWebExtensionMessage)).toEqual(metadataOf(JSON.parse(source), isWebExtensionMessage))
  })

  test('named placeholders go to the engine as tokens and come back as written', () => {
    const prepared = prepare('Closed $COUNT$ tabs in $WINDOW$', { format: 'json', targetLanguage: 'es' })
    const sent = JSON.stringify(prepared.segments)
    expect(sent).toContain('tabs')
    expect(sent).not.toMatch(/COUNT|WINDOW/)
    // an engine that translates the words and moves the tokens: the placeholders come back as written
    const answered = JSON.parse(JSON.stringify(prepared.segments).replace('Closed', 'Cerradas').replace('tabs in', 'pestañas en')) as typeof prepared.segments
    expect(prepared.restore(answered)).toEqual({ text: 'Cerradas $COUNT$ pestañas en $WINDOW$', problems: [] })
  })

  test('an object without a message member makes the file plain nested JSON', () => {
    const parsed = parseJson('{"product": {"message": "Hi", "description": "A friendly product"}, "footer": {"description": "Made with care"}}')
    expect(parsed.dialect).toBeUndefined()
    expect(parsed.entries.filter((e) => e.translatable)).toHaveLength(3)
  })
})
