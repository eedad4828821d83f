import { spawn } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, test, vi } from 'vitest'
import { parse as parseJson } from '@verso/formats/json'
import { createHarness, type Harness } from '../../server/test/harness.js'
import { main } from '../src/main.js'
import { corpusAvailable, corpusDir } from '../../../test-support/corpus.js'

const bin = fileURLToPath(new URL('../dist/verso.js', import.meta.url))

/** Process ids whose parent is `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  const found: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      // the fields after the command name, which may hold spaces, start with the state and the parent id
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) found.push(Number(name))
    } catch (error) {
      // a process that ended between the listing and the read is simply not a child any more
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && (error as NodeJS.ErrnoException).code !== 'ESRCH') throw error
    }
  }
  return found
}

let dir: string
let memoryDir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'verso-cli-'))
  // each test its own local memory, never the user's ~/.local/share/verso
  memoryDir = mkdtempSync(join(tmpdir(), 'verso-cli-memory-'))
  process.env.VERSO_MEMORY = join(memoryDir, 'memory.db')
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
  rmSync(memoryDir, { recursive: true, force: true })
})

/** Runs main() with stdout/stderr captured. */
async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true))
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true))
  try {
    return { code: await main(args), stdout, stderr }
  } finally {
    out.mockRestore()
    err.mockRestore()
  }
}

// The engine is bundled into the CLI and looks for the libraries it preloads into the stages
// beside its module: the CLI's build copies them, else its stages ran as Debian ships them and
// answered otherwise than the server's (the tagger's open-class fix changes answers).
const engineLibraries = fileURLToPath(new URL('../../../packages/engine/dist/native/', import.meta.url))
test.skipIf(!existsSync(engineLibraries))("the built CLI carries the engine's stage libraries", () => {
  const cliLibraries = fileURLToPath(new URL('../dist/native/', import.meta.url))
  const names = readdirSync(engineLibraries)
  expect(names).toContain('libverso-tagger-open-class.so')
  for (const name of names) expect(readFileSync(join(cliLibraries, name)).equals(readFileSync(join(engineLibraries, name))), name).toBe(true)
})

describe('verso translate with the embedded engine', () => {
  it('runs again incrementally: hand edits in the existing output stay, new keys are translated, a changed source is retranslated', async () => {
    mkdirSync(join(dir, 'locales'))
    const source = join(dir, 'locales', 'en.json')
    const target = join(dir, 'locales', 'es.json')
    writeFileSync(source, '{\n  "title": "Photo library",\n  "upload": "Upload photos",\n  "share": "Share with friends"\n}\n')
    expect((await run(['translate', source, '--to', 'es'])).code).toBe(0)
    const first = readFileSync(target, 'utf8')
    const edited = first.replace(/"title": "[^"]*"/, '"title": "Fototeca"')
    writeFileSync(target, edited)
    writeFileSync(source, '{\n  "title": "Photo library",\n  "upload": "Upload new photos",\n  "rename": "Rename the album",\n  "share": "Share with friends"\n}\n')
    expect((await run(['translate', source, '--to', 'es'])).code).toBe(0)
    const second = readFileSync(target, 'utf8')
    const lines = second.split('\n')
    expect(lines[1]).toBe('  "title": "Fototeca",')
    expect(second).toContain('"rename": ')
    expect(lines.findIndex((l) => l.includes('"rename"'))).toBe(3)
    expect(second).toContain(first.split('\n').find((l) => l.includes('"share"')))
    expect(lines.find((l) => l.includes('"upload"'))).not.toBe(first.split('\n').find((l) => l.includes('"upload"')))
    // --fresh translates everything again: the hand edit is gone
    expect((await run(['translate', source, '--to', 'es', '--fresh'])).code).toBe(0)
    expect(readFileSync(target, 'utf8')).not.toContain('Fototeca')
  })

  it.skipIf(!corpusAvailable)('translates a real JSON file into two languages next to it, with every key and placeholder kept', async () => {
    mkdirSync(join(dir, 'locales'))
    const source = join(dir, 'locales', 'en.json')
    copyFileSync(join(corpusDir('json'), 'overseerr-en.json'), source)
    const { code, stderr } = await run(['translate', source, '--to', 'es,ca'])
    expect(code).toBe(0)
    expect(stderr).toContain(`es → ${join(dir, 'locales', 'es.json')}`)
    const en = parseJson(readFileSync(source))
    const es = parseJson(readFileSync(join(dir, 'locales', 'es.json')))
    expect(es.issues).toEqual([])
    expect(es.entries.map((e) => e.key)).toEqual(en.entries.map((e) => e.key))
    const changed = es.entries.filter((e, i) => e.text !== en.entries[i]!.text)
    expect(changed.length).toBeGreaterThan(en.entries.length / 2)
    expect(existsSync(join(dir, 'locales', 'ca.json'))).toBe(true)
    // the check command agrees that nothing was broken
    expect((await run(['check', source, join(dir, 'locales', 'es.json')])).code).toBe(0)
  })

  it('translates a Markdown document: text in its blocks, code and link destinations as written', async () => {
    writeFileSync(join(dir, 'README.md'), '# The red car\n\nRead the [guide](https://example.com/guide#start) and run `npm start`.\n\n```sh\nnpm install\n```\n')
    expect((await run(['translate', join(dir, 'README.md'), '--from', 'en', '--to', 'es'])).code).toBe(0)
    const md = readFileSync(join(dir, 'README.es.md'), 'utf8')
    expect(md).toMatch(/^# El coche rojo\n\n.*\[.+\]\(https:\/\/example\.com\/guide#start\).*`npm start`\.\n\n```sh\nnpm install\n```\n$/)
  })

  it('translates HTML and SRT, keeping markup and timings, and answers --json on stdout', async () => {
    writeFileSync(join(dir, 'page.html'), '<p lang="en">The <b>red</b> car is fast.</p>')
    writeFileSync(join(dir, 'film.srt'), '1\n00:00:01,000 --> 00:00:03,500\nThe cat is sleeping.\n')
    const { code, stdout } = await run(['translate', join(dir, 'page.html'), join(dir, 'film.srt'), '--from', 'en', '--to', 'es', '--json'])
    expect(code).toBe(0)
    const report = JSON.parse(stdout) as { files: Array<{ file: string; outputs: Array<{ path: string }> }> }
    expect(report.files.map((f) => f.outputs[0]!.path)).toEqual([join(dir, 'page.es.html'), join(dir, 'film.es.srt')])
    const html = readFileSync(join(dir, 'page.es.html'), 'utf8')
    // the page now says it is Spanish
    expect(html).toMatch(/^<p lang="es">.*<b>rojo<\/b>.*<\/p>$/)
    const srt = readFileSync(join(dir, 'film.es.srt'), 'utf8')
    expect(srt.startsWith('1\n00:00:01,000 --> 00:00:03,500\n')).toBe(true)
    expect(srt).toMatch(/gato/)
  })

  it('keeps placeholders in HTML and subtitles byte for byte, as the server does', async () => {
    writeFileSync(join(dir, 'note.html'), '<p>Hello {name}, you have %d new messages.</p>')
    writeFileSync(join(dir, 'note.srt'), '1\n00:00:01,000 --> 00:00:02,000\nHello {name}, the house is big.\n')
    expect((await run(['translate', join(dir, 'note.html'), join(dir, 'note.srt'), '--from', 'en', '--to', 'es'])).code).toBe(0)
    const html = readFileSync(join(dir, 'note.es.html'), 'utf8')
    expect(html).toContain('{name}')
    expect(html).toContain('%d')
    expect(html).toMatch(/mensajes/)
    const srt = readFileSync(join(dir, 'note.es.srt'), 'utf8')
    expect(srt).toContain('{name}')
    expect(srt).toMatch(/casa/)
  })

  it('translates HTML attributes only with --attributes', async () => {
    writeFileSync(join(dir, 'card.html'), '<p><img src="car.png" alt="The red car"> The house is big.</p>')
    expect((await run(['translate', join(dir, 'card.html'), '--from', 'en', '--to', 'es'])).code).toBe(0)
    expect(readFileSync(join(dir, 'card.es.html'), 'utf8')).toContain('alt="The red car"')
    expect((await run(['translate', join(dir, 'card.html'), '--from', 'en', '--to', 'es', '--attributes'])).code).toBe(0)
    const html = readFileSync(join(dir, 'card.es.html'), 'utf8')
    expect(html).toMatch(/alt="[^"]*coche[^"]*"/)
    expect(html).toContain('src="car.png"')
  })

  it('updates a bilingual file made for the target in place, keeping its translations (Qt Linguist app_es.ts)', async () => {
    const ts = [
      '<?xml version="1.0" encoding="utf-8"?>',
      '<!DOCTYPE TS>',
      '<TS version="2.1" language="es">',
      '<context>',
      '    <name>MainWindow</name>',
      '    <message>',
      '        <source>The house is big.</source>',
      '        <translation type="unfinished"></translation>',
      '    </message>',
      '    <message>',
      '        <source>Open</source>',
      '        <translation>Abierta (revisado)</translation>',
      '    </message>',
      '</context>',
      '</TS>',
      '',
    ].join('\n')
    writeFileSync(join(dir, 'app_es.ts'), ts)
    const { code } = await run(['translate', join(dir, 'app_es.ts'), '--from', 'en', '--to', 'es'])
    expect(code).toBe(0)
    const out = readFileSync(join(dir, 'app_es.ts'), 'utf8')
    expect(out).toContain('<translation>Abierta (revisado)</translation>')
    expect(out).toMatch(/<source>The house is big.<\/source>\n        <translation>[^<]*casa[^<]*<\/translation>/)
    expect(existsSync(join(dir, 'app_es.es.ts'))).toBe(false)
    // any other file whose output would be itself is still refused
    writeFileSync(join(dir, 'same.json'), '{"a": "The cat"}')
    const refused = await run(['translate', join(dir, 'same.json'), '--to', 'es', '--out', '{dir}/{name}.{ext}', '--from', 'en'])
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toMatch(/source file itself/)
  })

  it('adds every target language to one Xcode String Catalog, keeping the translations it has', async () => {
    const catalog = { sourceLanguage: 'en', strings: { 'The house is big.': {}, Goodbye: { localizations: { de: { stringUnit: { state: 'translated', value: 'Tschüss (geprüft)' } } } } }, version: '1.0' }
    writeFileSync(join(dir, 'Localizable.xcstrings'), JSON.stringify(catalog, null, 2))
    const { code } = await run(['translate', join(dir, 'Localizable.xcstrings'), '--from', 'en', '--to', 'es,ca'])
    expect(code).toBe(0)
    type Catalog = { strings: Record<string, { localizations: Record<string, { stringUnit: { value: string } }> }> }
    const out = JSON.parse(readFileSync(join(dir, 'Localizable.xcstrings'), 'utf8')) as Catalog
    expect(Object.keys(out.strings['The house is big.']!.localizations).sort()).toEqual(['ca', 'es'])
    expect(out.strings['The house is big.']!.localizations.es!.stringUnit.value).toMatch(/casa/)
    expect(Object.keys(out.strings.Goodbye!.localizations).sort()).toEqual(['ca', 'de', 'es'])
    expect(out.strings.Goodbye!.localizations.de!.stringUnit.value).toBe('Tschüss (geprüft)')
  })

  it('writes where --out says', async () => {
    writeFileSync(join(dir, 'messages.properties'), 'greeting=Good morning\n')
    const { code } = await run(['translate', join(dir, 'messages.properties'), '--from', 'en', '--to', 'es', '--out', `${dir}/out/{lang}/{name}.{ext}`])
    expect(code).toBe(0)
    expect(readFileSync(join(dir, 'out', 'es', 'messages.properties'), 'utf8')).toMatch(/^greeting=.+\n$/)
  })

  it('exits 2 on bad usage: no --to, unknown file type, unknown option, unreachable direction', async () => {
    writeFileSync(join(dir, 'en.json'), '{"a": "Hello"}')
    writeFileSync(join(dir, 'notes.docx'), 'x')
    expect((await run(['translate', join(dir, 'en.json')])).code).toBe(2)
    expect((await run(['translate', join(dir, 'notes.docx'), '--to', 'es'])).code).toBe(2)
    expect((await run(['translate', join(dir, 'en.json'), '--to', 'es', '--bogus'])).code).toBe(2)
    const unreachable = await run(['translate', join(dir, 'en.json'), '--from', 'en', '--to', 'xx'])
    expect(unreachable.code).toBe(2)
    expect(unreachable.stderr).toContain('cannot translate en into xx')
    expect(readdirSync(dir).sort()).toEqual(['en.json', 'notes.docx'])
  })

  it('exits 1 and writes nothing for a file that cannot be read, while the other files are translated', async () => {
    writeFileSync(join(dir, 'en.json'), '{"a": "Hello"')
    writeFileSync(join(dir, 'ok.en.json'), '{"a": "Good morning"}')
    const { code, stderr } = await run(['translate', join(dir, 'en.json'), join(dir, 'ok.en.json'), '--from', 'en', '--to', 'es'])
    expect(code).toBe(1)
    expect(stderr).toMatch(/en\.json: .*error/)
    expect(existsSync(join(dir, 'es.json'))).toBe(false)
    expect(existsSync(join(dir, 'ok.es.json'))).toBe(true)
  })

  it('Ctrl-C leaves no half-written or temporary file (the built executable)', async () => {
    // a large file, so the interrupt lands while it is being translated
    const entries = Array.from({ length: 3000 }, (_, i) => `"k${i}": "The ${i} red cars are parked near the old house number ${i}."`)
    writeFileSync(join(dir, 'en.json'), `{${entries.join(',\n')}}`)
    const child = spawn(process.execPath, [bin, 'translate', join(dir, 'en.json'), '--from', 'en', '--to', 'es,ca'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (d) => (stderr += d))
    // Interrupt once it is translating (its Apertium stages are running, so its handlers are
    // installed), not after a fixed delay that a loaded machine may not reach.
    await vi.waitFor(() => expect(childrenOf(child.pid!)).not.toEqual([]), { timeout: 60_000, interval: 50 })
    child.kill('SIGINT')
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(code).toBe(130)
    expect(stderr).toContain('interrupted')
    expect(readdirSync(dir)).toEqual(['en.json'])
  })
})

describe('HTML and subtitles that are not UTF-8', () => {
  const cue = '1\r\n00:00:01,000 --> 00:00:03,500\r\nThe church is old, the café is open.\r\n\r\n2\r\n00:00:04,000 --> 00:00:06,000\r\nThe song is new.\r\n'
  const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])

  it('a UTF-16 subtitle (what Windows editors save as "Unicode") is read by its BOM and written back in UTF-16 with its BOM', async () => {
    writeFileSync(join(dir, 'film.srt'), utf16le(cue))
    expect((await run(['translate', join(dir, 'film.srt'), '--from', 'en', '--to', 'es'])).code).toBe(0)
    const bytes = readFileSync(join(dir, 'film.es.srt'))
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xfe])
    const text = bytes.subarray(2).toString('utf16le')
    expect(text).toMatch(/^1\r\n00:00:01,000 --> 00:00:03,500\r\n.*caf.*\r\n\r\n2\r\n00:00:04,000 --> 00:00:06,000\r\nLa canción es nueva.\r\n$/s)
  })

  it('a Windows-1252 subtitle is refused, naming the line, unless --encoding says what it is; then it is written back in Windows-1252', async () => {
    writeFileSync(join(dir, 'film.srt'), Buffer.from(cue, 'latin1'))
    const refused = await run(['translate', join(dir, 'film.srt'), '--from', 'en', '--to', 'es', '--json'])
    expect(refused.code).toBe(1)
    expect(JSON.parse(refused.stdout).files[0].errors[0].error).toMatch(/^line 3 is not UTF-8 .*--encoding/)
    expect(existsSync(join(dir, 'film.es.srt'))).toBe(false)

    expect((await run(['translate', join(dir, 'film.srt'), '--from', 'en', '--to', 'es', '--encoding', 'windows-1252'])).code).toBe(0)
    const bytes = readFileSync(join(dir, 'film.es.srt'))
    // the translation's accents are single Windows-1252 bytes, not UTF-8 sequences
    expect(bytes.includes(Buffer.from('ó', 'utf8'))).toBe(false)
    expect(bytes.toString('latin1')).toMatch(/^1\r\n00:00:01,000 --> 00:00:03,500\r\n.+\r\n\r\n2\r\n00:00:04,000 --> 00:00:06,000\r\nLa canción es nueva.\r\n$/s)
  })

  it('a translation Windows-1252 cannot hold is written as UTF-8 with a BOM, and the report says so', async () => {
    writeFileSync(join(dir, 'film.srt'), Buffer.from(cue, 'latin1'))
    const { code, stdout } = await run(['translate', join(dir, 'film.srt'), '--from', 'en', '--to', 'eo', '--encoding', 'windows-1252', '--json'])
    expect(code).toBe(0)
    const output = JSON.parse(stdout).files[0].outputs[0]
    expect(output.note).toMatch(/^written as UTF-8: windows-1252 cannot hold /)
    const bytes = readFileSync(join(dir, 'film.eo.srt'))
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(bytes.toString('utf8')).toContain('00:00:04,000 --> 00:00:06,000\r\n')
  })

  it('a charset label no decoder knows is ignored, as browsers ignore it; an unknown --encoding is an error', async () => {
    writeFileSync(join(dir, 'page.html'), '<html><head><meta charset="x-unknown"></head><body><p>The song is new.</p></body></html>')
    expect((await run(['translate', join(dir, 'page.html'), '--from', 'en', '--to', 'es'])).code).toBe(0)
    expect(readFileSync(join(dir, 'page.es.html'), 'utf8')).toContain('<p>La canción es nueva.</p>')
    writeFileSync(join(dir, 'film.srt'), Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nThe café\n', 'latin1'))
    const { code, stdout } = await run(['translate', join(dir, 'film.srt'), '--from', 'en', '--to', 'es', '--encoding', 'bogus', '--json'])
    expect(code).toBe(1)
    expect(JSON.parse(stdout).files[0].errors[0].error).toBe('unknown encoding "bogus" (--encoding)')
  })

  it('a page that declares ISO-8859-1 is read in it and written in it, with references for what it cannot hold', async () => {
    const page = '<html><head><meta charset="iso-8859-1"><title>Café</title></head><body><p>The church is old.</p></body></html>'
    writeFileSync(join(dir, 'page.html'), Buffer.from(page, 'latin1'))
    expect((await run(['translate', join(dir, 'page.html'), '--from', 'en', '--to', 'eo'])).code).toBe(0)
    const out = readFileSync(join(dir, 'page.eo.html')).toString('latin1')
    expect(out).toContain('<meta charset="iso-8859-1">')
    expect(out).toMatch(/<p>La pre&#x11D;ejo estas malnova\.<\/p>/)
  })
})

describe('verso translate --server (through the real HTTP service)', () => {
  let harness: Harness
  let url: string
  let key: string
  beforeAll(async () => {
    harness = await createHarness()
    url = await harness.app.listen({ port: 0, host: '127.0.0.1' })
    key = (await harness.account(10_000)).apiKey
  })
  afterAll(async () => harness.close())

  it('runs an i18n job per file and downloads every language', async () => {
    writeFileSync(join(dir, 'en.yml'), 'en:\n  hello: Good morning\n  bye: See you tomorrow\n')
    const { code, stderr } = await run(['translate', join(dir, 'en.yml'), '--to', 'es,ca', '--server', url, '--key', key])
    expect(stderr).not.toContain('error')
    expect(code).toBe(0)
    expect(readFileSync(join(dir, 'es.yml'), 'utf8')).toMatch(/^es:\n {2}hello: .+\n {2}bye: .+\n$/)
    expect(readFileSync(join(dir, 'ca.yml'), 'utf8')).toMatch(/^ca:\n/)
  })

  it('sends the existing output as the target file: a hand edit stays, only the new key is charged', async () => {
    const account = await harness.account(100)
    const source = join(dir, 'en.json')
    writeFileSync(source, '{\n  "hello": "Good morning",\n  "bye": "See you tomorrow"\n}\n')
    expect((await run(['translate', source, '--to', 'es', '--server', url, '--key', account.apiKey])).code).toBe(0)
    const target = join(dir, 'es.json')
    writeFileSync(target, readFileSync(target, 'utf8').replace(/"hello": "[^"]*"/, '"hello": "¡Buenos días!"'))
    writeFileSync(source, '{\n  "hello": "Good morning",\n  "thanks": "Thank you very much",\n  "bye": "See you tomorrow"\n}\n')
    expect((await run(['translate', source, '--to', 'es', '--server', url, '--key', account.apiKey])).code).toBe(0)
    const es = readFileSync(target, 'utf8')
    expect(es).toContain('"hello": "¡Buenos días!"')
    expect(es.split('\n')[2]).toMatch(/^ {2}"thanks": "/)
    expect((await harness.metering.summary(account.id)).credits_used).toBe(3)
  })

  it('reads and writes a UTF-16 subtitle by its BOM, as the embedded engine does', async () => {
    const cue = '1\r\n00:00:01,000 --> 00:00:03,000\r\nThe song is new.\r\n'
    writeFileSync(join(dir, 'film.srt'), Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(cue, 'utf16le').swap16()]))
    expect((await run(['translate', join(dir, 'film.srt'), '--from', 'en', '--to', 'es', '--server', url, '--key', key])).code).toBe(0)
    const bytes = readFileSync(join(dir, 'film.es.srt'))
    expect([...bytes.subarray(0, 2)]).toEqual([0xfe, 0xff])
    expect(Buffer.from(bytes.subarray(2)).swap16().toString('utf16le')).toBe('1\r\n00:00:01,000 --> 00:00:03,000\r\nLa canción es nueva.\r\n')
  })

  it('translates a Markdown document through the server, one credit a document', async () => {
    const account = await harness.account(100)
    writeFileSync(join(dir, 'guide.md'), '# The red car\n\n- Open the [guide](https://example.com/guide#start).\n- The house is big.\n\nThe end.\n\n    code stays\n')
    expect((await run(['translate', join(dir, 'guide.md'), '--from', 'en', '--to', 'es', '--server', url, '--key', account.apiKey])).code).toBe(0)
    const md = readFileSync(join(dir, 'guide.es.md'), 'utf8')
    expect(md).toMatch(/^# El coche rojo\n\n- .*\[.+\]\(https:\/\/example\.com\/guide#start\)\.\n- La casa es grande\.\n\n.+\n\n {4}code stays\n$/)
    expect((await harness.metering.summary(account.id)).credits_used).toBe(1)
  })

  it('asks the server to translate HTML attributes with --attributes', async () => {
    writeFileSync(join(dir, 'card.html'), '<p lang="en"><img src="car.png" alt="The red car"> The house is big.</p>')
    expect((await run(['translate', join(dir, 'card.html'), '--from', 'en', '--to', 'es', '--attributes', '--server', url, '--key', key])).code).toBe(0)
    expect(readFileSync(join(dir, 'card.es.html'), 'utf8')).toMatch(/alt="[^"]*coche[^"]*"/)
    // as locally, the translated page's lang names the target
    expect(readFileSync(join(dir, 'card.es.html'), 'utf8')).toMatch(/^<p lang="es">/)
  })

  it('exits 3 when the server refuses the key, and writes nothing', async () => {
    writeFileSync(join(dir, 'en.json'), '{"a": "Hello"}')
    const { code, stderr } = await run(['translate', join(dir, 'en.json'), '--to', 'es', '--server', url, '--key', 'vrs_wrong'])
    expect(code).toBe(3)
    expect(stderr).toContain('refused the API key')
    expect(readdirSync(dir)).toEqual(['en.json'])
  })
})
