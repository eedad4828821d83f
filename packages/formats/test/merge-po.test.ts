import { describe, expect, test } from 'vitest'
import { parsePo, type Translation } from '@verso/formats'
import { bytes, expectMergedValues, insertedLines, text } from './merge-support.js'

const template = `# Template of the application's messages.
msgid ""
msgstr ""
"Project-Id-Version: notebook 1.0\\n"
"Content-Type: text/plain; charset=CHARSET\\n"
"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"

#: src/notes.c:12
#, c-format
msgid "Saved %s at %d:%02d"
msgstr ""

#: src/notes.c:40
#, c-format
msgid "%d note deleted"
msgid_plural "%d notes deleted"
msgstr[0] ""
msgstr[1] ""

#: src/help.py:3
msgid "Read the guide first."
msgstr ""
`
const target = `# Spanish translation of notebook.
msgid ""
msgstr ""
"Project-Id-Version: notebook 1.0\\n"
"Language: es\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=n != 1;\\n"

#: src/notes.c:12
#, c-format
msgid "Saved %s at %d:%02d"
msgstr "Guardado %s a las %d:%02d"

#: src/notes.c:40
#, c-format
msgid "%d note deleted"
msgid_plural "%d notes deleted"
msgstr[0] "%d nota borrada"
msgstr[1] "%d notas borradas"

#: src/help.py:3
msgid "Read the guide first."
msgstr ""

#: src/old.c:1
msgid "Old message"
msgstr "Mensaje antiguo"
`

describe('po merge', () => {
  test('returns the input bytes when there is nothing to merge', () => {
    const input = bytes(target)
    expect(parsePo(input).merge(parsePo(template), new Map())).toEqual(input)
  })

  test('reads msgstr values, plural forms by the file categories, and nothing for an empty msgstr', () => {
    const po = parsePo(target)
    expect(po.valueOf('Saved %s at %d:%02d')).toBe('Guardado %s a las %d:%02d')
    expect(po.valueOf('%d note deleted')).toEqual({ one: '%d nota borrada', other: '%d notas borradas' })
    expect(po.valueOf('Read the guide first.')).toBeUndefined()
    expect(po.valueOf('')).toBeUndefined()
    expect(parsePo(template).valueOf('Saved %s at %d:%02d')).toBeUndefined()
  })

  test('replaces two values and changes only their bytes, the header included', () => {
    const out = parsePo(target).merge(parsePo(template), new Map([['Read the guide first.', 'Lee la guía primero.'], ['Saved %s at %d:%02d', 'Se guardó %s a las %d:%02d']]), { targetLanguage: 'es' })
    expect(text(out)).toBe(target.replace('msgstr ""\n\n#: src/old.c:1', 'msgstr "Lee la guía primero."\n\n#: src/old.c:1').replace('"Guardado %s', '"Se guardó %s'))
  })

  test('inserts new entries with their comments, msgctxt and plural forms where the template has them', () => {
    const newTemplate = template
      .replace('#: src/notes.c:12\n', '#. Title of the main window\n#: src/main.c:3\nmsgctxt "window"\nmsgid "Notebook"\nmsgstr ""\n\n#: src/notes.c:12\n')
      .replace('#: src/help.py:3\n', '#: src/notes.c:52\nmsgid "%d file attached"\nmsgid_plural "%d files attached"\nmsgstr[0] ""\nmsgstr[1] ""\n\n#: src/help.py:3\n')
      .concat('\n#: src/help.py:9\nmsgid "Contact us"\nmsgstr ""\n')
    const values = new Map<string, Translation>([
      ['window\u0004Notebook', 'Cuaderno'],
      ['%d file attached', { one: '%d archivo adjunto', other: '%d archivos adjuntos' }],
      ['Contact us', 'Contáctanos'],
    ])
    const out = text(parsePo(target).merge(parsePo(newTemplate), values))
    expect(insertedLines(target, out)).toEqual([
      '#. Title of the main window', '#: src/main.c:3', 'msgctxt "window"', 'msgid "Notebook"', 'msgstr "Cuaderno"', '',
      '#: src/notes.c:52', 'msgid "%d file attached"', 'msgid_plural "%d files attached"', 'msgstr[0] "%d archivo adjunto"', 'msgstr[1] "%d archivos adjuntos"', '',
      '#: src/help.py:9', 'msgid "Contact us"', 'msgstr "Contáctanos"', '',
    ])
    // after the template's preceding entry; the entry only the target has stays after it
    expect(out).toContain('msgid "Read the guide first."\nmsgstr ""\n\n#: src/help.py:9\nmsgid "Contact us"\nmsgstr "Contáctanos"\n\n#: src/old.c:1')
    expect(out.startsWith(target.slice(0, target.indexOf('#: src/notes.c:12')) + '#. Title of the main window\n')).toBe(true)
    const again = parsePo(out)
    expectMergedValues(again, parsePo(target), values, ['window\u0004Notebook', '%d file attached', 'Contact us'])
    expect(again.valueOf('window\u0004Notebook')).toBe('Cuaderno')
    expect(again.entries.find((e) => e.key === 'window\u0004Notebook')?.note).toBe('Title of the main window')
    expect(again.valueOf('%d file attached')).toEqual({ one: '%d archivo adjunto', other: '%d archivos adjuntos' })
    expect(again.valueOf('Old message')).toBe('Mensaje antiguo')
    expect(again.valueOf('Saved %s at %d:%02d')).toBe('Guardado %s a las %d:%02d')
  })
})
