/** End to end with the real @verso/formats codecs (JSON, PO) and the fake translator. */
import { afterEach, describe, expect, test } from 'vitest'
import type { JobService, JobWithFiles } from '@verso/jobs'
import { dec, enc, fakeTranslator, until } from './helpers/fakes.js'
import { embedded, type Harness } from './helpers/service.js'

const harnesses: Harness[] = []
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.cleanup()))
})
function setup(): { service: JobService; translator: ReturnType<typeof fakeTranslator> } {
  const translator = fakeTranslator()
  const h = embedded({ translator, formats: undefined })
  harnesses.push(h)
  return { service: h.service, translator }
}
async function finished(service: JobService, id: string): Promise<JobWithFiles> {
  return until(async () => {
    const job = await service.get('u1', id)
    return job && ['completed', 'partial', 'failed'].includes(job.status) ? job : null
  })
}

describe('real codecs', () => {
  test('translates a nested JSON file keeping keys, placeholders and layout', async () => {
    const { service, translator } = setup()
    const source = '{\n  "app": {\n    "title": "Settings",\n    "greeting": "Hello {name}",\n    "again": "Settings"\n  },\n  "count": 3\n}\n'
    const job = await service.create({ ownerId: 'u1', filename: 'en.json', bytes: enc(source), sourceLanguage: 'en', targetLanguages: ['es'] })
    expect(job.total_keys).toBe(3)
    service.startWorker()
    const done = await finished(service, job.id)
    expect(done).toMatchObject({ status: 'completed', translated_keys: 3, failed_keys: 0 })
    const file = (await service.download('u1', job.id, 'es'))!
    expect(file.filename).toBe('en_es.json')
    const text = dec(file.bytes)
    expect(JSON.parse(text)).toEqual({ app: { title: 'es:Settings', greeting: expect.stringMatching(/\{name\}/), again: 'es:Settings' }, count: 3 })
    expect(text.split('\n')).toHaveLength(source.split('\n').length)
    expect(translator.segmentCount).toBe(2)
  })

  test('fails a JSON file with a syntax error with the codec’s issue', async () => {
    const { service } = setup()
    const job = await service.create({ ownerId: 'u1', filename: 'en.json', bytes: enc('{"a": "b",, }'), sourceLanguage: 'en', targetLanguages: ['es'] })
    service.startWorker()
    const done = await finished(service, job.id)
    expect(done.status).toBe('failed')
    expect(done.error_message).toMatch(/FORMAT_/)
  })

  test('translates a PO file with a plural entry into the target’s forms', async () => {
    const { service } = setup()
    const po = [
      'msgid ""',
      'msgstr ""',
      '"Content-Type: text/plain; charset=UTF-8\\n"',
      '"Language: en\\n"',
      '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
      '',
      'msgid "Open file"',
      'msgstr ""',
      '',
      'msgid "%d file"',
      'msgid_plural "%d files"',
      'msgstr[0] ""',
      'msgstr[1] ""',
      '',
    ].join('\n')
    const job = await service.create({ ownerId: 'u1', filename: 'messages.pot', bytes: enc(po), sourceLanguage: 'en', targetLanguages: ['es'] })
    expect(job.total_keys).toBe(2)
    service.startWorker()
    const done = await finished(service, job.id)
    expect(done).toMatchObject({ status: 'completed', translated_keys: 2 })
    const file = (await service.download('u1', job.id, 'es'))!
    expect(file.filename).toBe('messages_es.po')
    expect(file.contentType).toBe('text/x-gettext-translation; charset=utf-8')
    const text = dec(file.bytes)
    expect(text).toContain('msgstr "es:Open file"')
    expect(text).toMatch(/msgstr\[0\] ".*%d.*file"/)
    expect(text).toMatch(/msgstr\[1\] ".*%d.*files"/)
  })

  test("a plural form's only %s goes to the translator as a count; the same %s outside a plural does not", async () => {
    // NewPipe's strings.xml: <item quantity="other">%s downloads finished</item> came back "%s las descargas acabaron"
    const { service, translator } = setup()
    const xml = [
      '<resources>',
      '  <string name="selected">%s selected</string>',
      '  <plurals name="finished">',
      '    <item quantity="one">Download finished</item>',
      '    <item quantity="other">%s downloads finished</item>',
      '  </plurals>',
      '</resources>',
      '',
    ].join('\n')
    const job = await service.create({ ownerId: 'u1', filename: 'strings.xml', bytes: enc(xml), sourceLanguage: 'en', targetLanguages: ['es'] })
    service.startWorker()
    expect(await finished(service, job.id)).toMatchObject({ status: 'completed', translated_keys: 2 })
    const sent = translator.calls.flatMap((call) => call.segments).filter((segment) => typeof segment !== 'string')
    const tokenOf = (text: string) => (sent.find((segment) => (segment as Array<unknown>).includes(text)) as Array<{ number?: boolean } | string>).find((part) => typeof part !== 'string') as { number?: boolean }
    expect(tokenOf(' downloads finished').number).toBe(true)
    expect(tokenOf(' selected').number).toBeUndefined()
    const text = dec((await service.download('u1', job.id, 'es'))!.bytes)
    expect(text).toMatch(/<item quantity="other">%s.*downloads finished<\/item>/)
  })

  test('keeps a .properties file in ISO-8859-1 and says so in the content type', async () => {
    const { service } = setup()
    const bytes = new Uint8Array(Buffer.from('greeting=Hello {0}\ntitle=Caf\xe9 menu\n', 'latin1'))
    const job = await service.create({ ownerId: 'u1', filename: 'messages.properties', bytes, sourceLanguage: 'en', targetLanguages: ['es'] })
    service.startWorker()
    expect(await finished(service, job.id)).toMatchObject({ status: 'completed', translated_keys: 2 })
    const file = (await service.download('u1', job.id, 'es'))!
    expect(file.contentType).toBe('text/plain; charset=iso-8859-1')
    expect(file.filename).toBe('messages_es.properties')
    const text = Buffer.from(file.bytes).toString('latin1')
    expect(text).toContain('title=es:Caf\xe9 menu')
    expect(text).toMatch(/greeting=.*\{0\}/)
  })

  test('keeps a UTF-16 .strings file in UTF-16', async () => {
    const { service } = setup()
    const bytes = new Uint8Array(Buffer.from('\ufeff"hello" = "Hello %@";\n', 'utf16le'))
    const job = await service.create({ ownerId: 'u1', filename: 'Localizable.strings', bytes, sourceLanguage: 'en', targetLanguages: ['es'] })
    service.startWorker()
    expect(await finished(service, job.id)).toMatchObject({ status: 'completed', translated_keys: 1 })
    const file = (await service.download('u1', job.id, 'es'))!
    expect(file.contentType).toBe('text/plain; charset=utf-16le')
    expect([...file.bytes.slice(0, 2)]).toEqual([0xff, 0xfe])
    expect(Buffer.from(file.bytes).toString('utf16le')).toMatch(/"hello" = ".*%@.*";/)
  })

  test('translates a Rails-style YAML file and renames its language root', async () => {
    const { service } = setup()
    const job = await service.create({ ownerId: 'u1', filename: 'en.yml', bytes: enc('en:\n  title: Settings\n  greeting: "Hello %{name}"\n'), sourceLanguage: 'en', targetLanguages: ['es'] })
    service.startWorker()
    expect(await finished(service, job.id)).toMatchObject({ status: 'completed', file_type: 'yaml', translated_keys: 2 })
    const file = (await service.download('u1', job.id, 'es'))!
    expect(file.filename).toBe('en_es.yml')
    expect(file.contentType).toBe('application/yaml; charset=utf-8')
    const text = dec(file.bytes)
    expect(text).toMatch(/^es:\n/)
    expect(text).toContain('title: es:Settings')
    expect(text).toContain('%{name}')
  })

  test('translates an Android XML file keeping printf placeholders', async () => {
    const { service } = setup()
    const xml = '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n  <string name="app">My app</string>\n  <string name="hi">Hello %1$s</string>\n</resources>\n'
    const job = await service.create({ ownerId: 'u1', filename: 'strings.xml', bytes: enc(xml), sourceLanguage: 'en', targetLanguages: ['ca'] })
    service.startWorker()
    expect(await finished(service, job.id)).toMatchObject({ status: 'completed', file_type: 'xml', translated_keys: 2 })
    const file = (await service.download('u1', job.id, 'ca'))!
    expect(file.contentType).toBe('application/xml')
    const text = dec(file.bytes)
    expect(text).toContain('<string name="app">ca:My app</string>')
    expect(text).toMatch(/<string name="hi">.*%1\$s.*<\/string>/)
  })

  // formats (issue 12): multi-locale files, explicit plural keys, vue-i18n syntax through the job
  describe('multi-locale files and message syntaxes', () => {
    const uiText = [
      '# English (default)',
      'en: &DEFAULT_EN',
      '  page          : "Page"',
      '  toc_label     : "On This Page"',
      'en-US:',
      '  <<: *DEFAULT_EN',
      '',
      '# French',
      'fr: &DEFAULT_FR',
      '  page          : "Page"',
      '  toc_label     : "Sur cette page"',
      'fr-FR:',
      '  <<: *DEFAULT_FR',
      '',
    ].join('\n')

    test('a Jekyll ui-text.yml: only the source section is translated, into a new section after it', async () => {
      const { service, translator } = setup()
      const job = await service.create({ ownerId: 'u1', filename: 'ui-text.yml', bytes: enc(uiText), sourceLanguage: 'en', targetLanguages: ['es'] })
      expect(job.total_keys).toBe(2)
      service.startWorker()
      expect(await finished(service, job.id)).toMatchObject({ status: 'completed', translated_keys: 2 })
      const text = dec((await service.download('u1', job.id, 'es'))!.bytes)
      const inserted = 'es:\n  page          : "es:Page"\n  toc_label     : "es:On This Page"\n'
      expect(text).toBe(uiText.replace('en-US:', `${inserted}en-US:`))
      expect(translator.calls.flatMap((c) => c.segments)).not.toContain('Sur cette page')
    })

    test('with the source given as fr, the French section is the source and the existing sections are kept', async () => {
      const { service } = setup()
      const job = await service.create({ ownerId: 'u1', filename: 'ui-text.yml', bytes: enc(uiText), sourceLanguage: 'fr', targetLanguages: ['en'] })
      service.startWorker()
      expect(await finished(service, job.id)).toMatchObject({ status: 'completed', translated_keys: 2 })
      // the English section already has both keys: nothing is overwritten
      expect(dec((await service.download('u1', job.id, 'en'))!.bytes)).toBe(uiText)
    })

    test('a Rails plural map keeps its zero key and date.order stays symbols', async () => {
      const { service } = setup()
      const yml = 'en:\n  date:\n    order:\n      - :year\n      - :month\n      - :day\n  inbox:\n    zero: No messages\n    one: One message\n    other: "%{count} messages"\n'
      const job = await service.create({ ownerId: 'u1', filename: 'en.yml', bytes: enc(yml), sourceLanguage: 'en', targetLanguages: ['es'] })
      service.startWorker()
      expect(await finished(service, job.id)).toMatchObject({ status: 'completed', translated_keys: 1 })
      const text = dec((await service.download('u1', job.id, 'es'))!.bytes)
      expect(text).toContain('    order:\n      - :year\n      - :month\n      - :day\n')
      expect(text).toContain('    zero: es:No messages\n')
      expect(text).toMatch(/ {4}one: es:One message\n {4}many: .*%\{count\}.*\n {4}other: .*%\{count\}/)
    })

    test('a vue-i18n file keeps linked messages and literals as they were', async () => {
      const { service } = setup()
      const json = `{"agent": "Agent", "ask": "Ask @:agent or write to us {'@'} support"}\n`
      const job = await service.create({ ownerId: 'u1', filename: 'en.json', bytes: enc(json), sourceLanguage: 'en', targetLanguages: ['es'] })
      service.startWorker()
      expect(await finished(service, job.id)).toMatchObject({ status: 'completed', translated_keys: 2 })
      const out = JSON.parse(dec((await service.download('u1', job.id, 'es'))!.bytes)) as Record<string, string>
      expect(out.ask).toBe("es:Ask @:agentes: or write to us {'@'}es: support")
    })
  })
})
