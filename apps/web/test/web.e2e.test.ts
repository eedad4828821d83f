/**
 * The web app end to end: the real server (Apertium, SQLite jobs) on a loopback port, Debian's
 * Chromium driven by playwright-core. The set-up of `npm test` installs Chromium with apt-get;
 * without it the suite is skipped with a message, except under CI=true where that is a failure.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromium, type Browser, type Page } from 'playwright-core'
import { createHarness, type Harness } from '../../server/test/harness.js'

const CHROMIUM = process.env.VERSO_CHROMIUM ?? '/usr/bin/chromium'
const artifacts = fileURLToPath(new URL('../../../test-artifacts/', import.meta.url))
const haveChromium = existsSync(CHROMIUM)
if (!haveChromium && process.env.CI === 'true') throw new Error(`Chromium is missing at ${CHROMIUM}: the test set-up (scripts/setup.mjs) should have installed Debian's chromium`)
if (!haveChromium) console.warn(`web app browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium)`)

describe.skipIf(!haveChromium)('the web app in Chromium', () => {
  let harness: Harness
  let base: string
  let key: string
  let browser: Browser
  let page: Page
  const consoleErrors: string[] = []
  /** Logged by Chromium on purpose: the wrong-key request of one test, and the sandbox refusing the preview's scripts. */
  const expectedErrors = [/status of 403/, /Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/]

  beforeAll(async () => {
    harness = await createHarness()
    base = await harness.app.listen({ port: 0, host: '127.0.0.1' })
    key = (await harness.account(1000)).apiKey
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    })
    page = await browser.newPage({ viewport: { width: 1100, height: 1400 } })
    // a CSP violation or a script error shows up here
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })
    page.on('pageerror', (error) => consoleErrors.push(error.message))
    await page.goto(`${base}/`)
  })

  afterAll(async () => {
    await browser?.close()
    await harness?.close()
  })

  it('takes the key once, lists the languages and translates text', async () => {
    await page.getByLabel('Your API key').fill(key)
    await page.getByRole('button', { name: 'Use this key' }).click()
    await expect.poll(() => page.locator('#key-status').textContent()).toMatch(/Key accepted: \d+ languages/)
    expect(await page.evaluate(() => sessionStorage.getItem('verso.apiKey'))).toBe(key)
    await page.getByLabel('From').selectOption('en')
    await page.getByLabel('To', { exact: true }).selectOption('es')
    await page.getByLabel('Text to translate').fill('The cat is sleeping on the red sofa.')
    await page.getByRole('button', { name: 'Translate', exact: true }).click()
    await expect.poll(() => page.locator('#text-output').textContent()).toMatch(/gato/)
  })

  it('shows the API’s detail on an error', async () => {
    await page.getByLabel('To', { exact: true }).selectOption('es')
    await page.getByLabel('From').selectOption('es')
    await page.getByLabel('Text to translate').fill('x'.repeat(10))
    await page.evaluate(() => sessionStorage.setItem('verso.apiKey', 'vrs_wrong'))
    await page.getByRole('button', { name: 'Translate', exact: true }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/key/i)
    await page.evaluate((k) => sessionStorage.setItem('verso.apiKey', k), key)
    await page.getByLabel('From').selectOption('en')
  })

  it('lists only the targets the chosen source reaches, and gives the chosen target back', async () => {
    await page.getByLabel('To', { exact: true }).selectOption('es')
    await page.getByLabel('From').selectOption('af')
    await expect.poll(() => page.locator('#target option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)), { timeout: 10_000 }).toEqual(['nl'])
    await page.getByLabel('From').selectOption('en')
    await expect.poll(() => page.locator('#target option').count(), { timeout: 10_000 }).toBeGreaterThan(10)
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe('es')
  })

  it('translates HTML into a sandboxed preview where scripts never run', async () => {
    await page.getByRole('tab', { name: 'HTML' }).click()
    await page.getByLabel('HTML to translate').fill('<p>The <b>red</b> car is fast.</p><script>parent.document.title="pwned"</script><img src=x onerror="parent.document.title=\'pwned\'">')
    await page.getByRole('button', { name: 'Translate HTML' }).click()
    await expect.poll(() => page.getByLabel('Translated HTML').inputValue()).toMatch(/<b>rojo<\/b>/)
    expect(await page.locator('#html-preview').getAttribute('sandbox')).toBe('')
    const frame = page.frameLocator('#html-preview')
    await expect.poll(() => frame.locator('b').textContent()).toBe('rojo')
    expect(await page.title()).not.toBe('pwned')
  })

  it('translates Markdown, keeping its code and link addresses', async () => {
    await page.getByRole('tab', { name: 'Markdown' }).click()
    await page.getByLabel('Markdown to translate').fill('# The red car\n\nRead the [guide](https://example.com/guide#start).\n\n```sh\nnpm install the car\n```\n')
    await page.getByRole('button', { name: 'Translate Markdown' }).click()
    await expect.poll(() => page.getByLabel('Translated Markdown').inputValue(), { timeout: 10_000 }).toMatch(/^# El coche rojo\n\n.*\]\(https:\/\/example\.com\/guide#start\)\.\n\n```sh\nnpm install the car\n```\n$/)
    await page.getByRole('tab', { name: 'HTML' }).click()
  })

  it('translates HTML attributes when asked', async () => {
    await page.getByLabel('HTML to translate').fill('<p><img src="car.png" alt="The red car"> The house is big.</p>')
    await page.getByLabel(/Also translate alt/).check()
    await page.getByRole('button', { name: 'Translate HTML' }).click()
    await expect.poll(() => page.getByLabel('Translated HTML').inputValue(), { timeout: 10_000 }).toMatch(/alt="[^"]*coche[^"]*"/)
    await page.getByLabel(/Also translate alt/).uncheck()
  })

  it("sets the page's lang to the target unless unchecked", async () => {
    await page.getByLabel('HTML to translate').fill('<div lang="en"><p>The house is big.</p></div>')
    await page.getByRole('button', { name: 'Translate HTML' }).click()
    await expect.poll(() => page.getByLabel('Translated HTML').inputValue(), { timeout: 10_000 }).toMatch(/^<div lang="es"><p>.*casa/)
    await page.getByLabel(/Set the page's lang/).uncheck()
    await page.getByRole('button', { name: 'Translate HTML' }).click()
    await expect.poll(() => page.getByLabel('Translated HTML').inputValue(), { timeout: 10_000 }).toMatch(/^<div lang="en"><p>.*casa/)
    await page.getByLabel(/Set the page's lang/).check()
  })

  it('translates subtitles keeping the timings', async () => {
    await page.getByRole('tab', { name: 'Subtitles' }).click()
    await page.getByLabel('Subtitles to translate').fill('1\n00:00:01,000 --> 00:00:02,500\nThe cat is sleeping.\n')
    await page.getByRole('button', { name: 'Translate subtitles' }).click()
    await expect.poll(() => page.getByLabel('Translated subtitles').inputValue()).toMatch(/^1\n00:00:01,000 --> 00:00:02,500\n.*gato/)
  })

  it('lists the cues it could not read, which come back as written', async () => {
    await page.getByLabel('Subtitles to translate').fill('1\n00:00:01,000 --> 00:00:02,500\nThe cat is sleeping.\n\n2\n99:99:99,999 --> 99:99:99,999\nThe dog is barking.\n')
    await page.getByRole('button', { name: 'Translate subtitles' }).click()
    await expect.poll(() => page.getByLabel('Translated subtitles').inputValue(), { timeout: 10_000 }).toMatch(/gato[\s\S]*The dog is barking\./)
    await expect.poll(() => page.locator('#subtitles-warnings').isVisible(), { timeout: 10_000 }).toBe(true)
    expect(await page.locator('#subtitles-warnings li').first().textContent()).toMatch(/^Line 6: .*kept as written/)
  })

  it('loads a UTF-16 subtitle file by its BOM, and a Windows-1252 one with a note, never with replaced letters', async () => {
    const cue = '1\r\n00:00:01,000 --> 00:00:02,500\r\nThe café is open.\r\n'
    await page.getByLabel('Load a file').setInputFiles({ name: 'film.srt', mimeType: 'application/x-subrip', buffer: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(cue, 'utf16le')]) })
    await expect.poll(() => page.getByLabel('Subtitles to translate').inputValue()).toBe('1\n00:00:01,000 --> 00:00:02,500\nThe café is open.\n')
    expect(await page.locator('#subtitles-warnings').isVisible()).toBe(false)
    await page.getByLabel('Load a file').setInputFiles({ name: 'old.srt', mimeType: 'application/x-subrip', buffer: Buffer.from(cue.replace('café', 'cafè'), 'latin1') })
    await expect.poll(() => page.getByLabel('Subtitles to translate').inputValue()).toContain('The cafè is open.')
    expect(await page.locator('#subtitles-warnings li').first().textContent()).toMatch(/not UTF-8: it was read as Windows-1252/)
  })

  it('runs a job for a dropped file with a live progress bar and download buttons', async () => {
    await page.getByRole('tab', { name: 'Localization file' }).click()
    await page.getByLabel(/Drop a file here/).setInputFiles({ name: 'en.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": "Good morning", "bye": "See you tomorrow"}') })
    await page.getByLabel(/Target languages/).fill('es,ca')
    await page.getByRole('button', { name: 'Start translation job' }).click()
    await expect.poll(() => page.locator('#file-status').textContent(), { timeout: 30_000 }).toMatch(/Job completed: 2 keys/)
    expect(await page.locator('#file-progress').getAttribute('value')).toBe('100')
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download es' }).click()])
    expect(download.suggestedFilename()).toBe('en_es.json') // the spec's <original>_<language>.<extension>
    const path = await download.path()
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ hello: expect.any(String), bye: expect.any(String) })
    await page.getByRole('tab', { name: 'Text' }).click()
    await page.getByLabel('Text to translate').fill('The cat is sleeping on the red sofa.')
    mkdirSync(artifacts, { recursive: true })
    writeFileSync(join(artifacts, 'web-app.png'), await page.screenshot({ fullPage: true }))
  })

  it('translates an Angular XLIFF file into its <target>s', async () => {
    await page.getByRole('tab', { name: 'Localization file' }).click()
    const xliff = '<?xml version="1.0" encoding="UTF-8" ?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n  <file source-language="en" datatype="plaintext" original="ng2.template">\n    <body>\n      <trans-unit id="greeting" datatype="html">\n        <source>The house is big.</source>\n      </trans-unit>\n    </body>\n  </file>\n</xliff>\n'
    await page.getByLabel(/Drop a file here/).setInputFiles({ name: 'messages.xlf', mimeType: 'application/xml', buffer: Buffer.from(xliff) })
    await page.getByLabel(/Target languages/).fill('es')
    await page.getByRole('button', { name: 'Start translation job' }).click()
    await expect.poll(() => page.locator('#file-status').textContent(), { timeout: 30_000 }).toMatch(/Job completed: 1 key/)
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download es' }).click()])
    expect(download.suggestedFilename()).toBe('messages_es.xlf')
    const out = readFileSync(await download.path(), 'utf8')
    expect(out).toMatch(/<source>The house is big.<\/source>\n        <target>[^<]*casa[^<]*<\/target>/)
    expect(out).toContain('target-language="es"')
  })

  it('every control has a label, the tabs work from the keyboard, and no CSP or script error occurred', async () => {
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll('input, select, textarea, output')]
        .filter((el) => (el as HTMLInputElement).labels?.length === 0 && !el.getAttribute('aria-label'))
        .map((el) => el.id),
    )
    expect(unlabelled).toEqual([])
    await page.getByRole('tab', { name: 'Text' }).focus()
    await page.keyboard.press('ArrowRight')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-html')
    expect(await page.locator('#panel-html').isVisible()).toBe(true)
    expect(consoleErrors.filter((e) => !expectedErrors.some((re) => re.test(e)))).toEqual([])
  })
})
