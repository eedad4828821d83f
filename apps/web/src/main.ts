/**
 * The Verso web app: a client of the HTTP API and nothing more, through @verso/client (typed
 * routes, 429 retries, job uploads under an Idempotency-Key). The API key is kept in
 * sessionStorage (this tab only) and sent only in the X-API-KEY header; every error shown is
 * the API's own `detail`. Translated HTML is shown as text and in an iframe sandboxed with no
 * permissions (no scripts, no same origin), because it is user input.
 */
import { answer, createVersoClient, VersoError, type Job, type VersoClient } from '@verso/client'

const KEY_STORAGE = 'verso.apiKey'

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T

const ui = {
  keyForm: $<HTMLFormElement>('key-form'),
  key: $<HTMLInputElement>('api-key'),
  forgetKey: $<HTMLButtonElement>('forget-key'),
  keyStatus: $<HTMLParagraphElement>('key-status'),
  source: $<HTMLSelectElement>('source'),
  target: $<HTMLSelectElement>('target'),
  error: $<HTMLParagraphElement>('error'),
  textForm: $<HTMLFormElement>('text-form'),
  textInput: $<HTMLTextAreaElement>('text-input'),
  textOutput: $<HTMLOutputElement>('text-output'),
  textDetails: $<HTMLParagraphElement>('text-details'),
  htmlForm: $<HTMLFormElement>('html-form'),
  htmlInput: $<HTMLTextAreaElement>('html-input'),
  htmlOutput: $<HTMLTextAreaElement>('html-output'),
  htmlPreview: $<HTMLIFrameElement>('html-preview'),
  htmlAttributes: $<HTMLInputElement>('html-attributes'),
  htmlLanguage: $<HTMLInputElement>('html-language'),
  markdownForm: $<HTMLFormElement>('markdown-form'),
  markdownInput: $<HTMLTextAreaElement>('markdown-input'),
  markdownOutput: $<HTMLTextAreaElement>('markdown-output'),
  subtitlesForm: $<HTMLFormElement>('subtitles-form'),
  subtitlesFormat: $<HTMLSelectElement>('subtitles-format'),
  subtitlesFile: $<HTMLInputElement>('subtitles-file'),
  subtitlesInput: $<HTMLTextAreaElement>('subtitles-input'),
  subtitlesOutput: $<HTMLTextAreaElement>('subtitles-output'),
  subtitlesWarnings: $<HTMLUListElement>('subtitles-warnings'),
  fileForm: $<HTMLFormElement>('file-form'),
  fileInput: $<HTMLInputElement>('file-input'),
  fileTargets: $<HTMLInputElement>('file-targets'),
  dropZone: $<HTMLDivElement>('drop-zone'),
  fileProgress: $<HTMLProgressElement>('file-progress'),
  fileStatus: $<HTMLParagraphElement>('file-status'),
  fileDownloads: $<HTMLUListElement>('file-downloads'),
}

/** A problem with what was entered here (no key, no file): shown as it is, like the API's own errors. */
class InputError extends Error {}

function apiKey(): string {
  const key = sessionStorage.getItem(KEY_STORAGE)
  if (!key) throw new InputError('Enter your API key first.')
  return key
}

/** A client with the key of this tab (read each time: it can be changed or forgotten). */
function client(): VersoClient {
  return createVersoClient({ baseUrl: location.origin, apiKey: apiKey() })
}

function showError(error: unknown): void {
  ui.error.textContent = error instanceof InputError || error instanceof VersoError ? error.message : `Unexpected error: ${(error as Error)?.message ?? error}`
  ui.error.hidden = false
}

/** Runs a form's work with its submit button disabled, showing any error. */
function onSubmit(form: HTMLFormElement, work: () => Promise<void>): void {
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    ui.error.hidden = true
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
    if (button) button.disabled = true
    work()
      .catch(showError)
      .finally(() => {
        if (button) button.disabled = false
      })
  })
}

// ---- API key and languages --------------------------------------------------------------

type LanguageList = { supported_languages: Record<string, string> }

async function loadLanguages(): Promise<void> {
  const { supported_languages } = answer<LanguageList>(await client().api.GET('/v2/supported-languages'))
  const entries = Object.entries(supported_languages).filter(([, code]) => code !== 'auto')
  const keepSource = ui.source.value
  ui.source.replaceChildren(new Option('Detect language', 'auto'), ...entries.map(([name, code]) => new Option(`${name} (${code})`, code)))
  ui.source.value = keepSource || 'auto'
  await loadTargets(supported_languages)
  ui.keyStatus.textContent = `Key accepted: ${entries.length} languages available.`
}

/**
 * The targets of the chosen source: not every language reaches every other (af reaches only
 * nl), so a known source lists only what it can be translated into; `auto` lists them all
 * (`every`: the full listing, when the caller already fetched it).
 */
async function loadTargets(every?: LanguageList['supported_languages']): Promise<void> {
  const source = ui.source.value
  const known = source !== '' && source !== 'auto'
  // `auto` reaches every language: the full listing, when the caller has it, is the answer
  const listed = !known && every ? every : answer<LanguageList>(await client().api.GET('/v2/supported-languages', { params: { query: known ? { source } : {} } })).supported_languages
  const entries = Object.entries(listed).filter(([, code]) => code !== 'auto' && code !== source)
  const current = ui.target.value
  ui.target.replaceChildren(...entries.map(([name, code]) => new Option(`${name} (${code})`, code)))
  const codes = entries.map(([, code]) => code)
  // the target the user chose comes back when the source reaches it again
  ui.target.value = [preferredTarget, current, 'es'].find((code) => code && codes.includes(code)) ?? codes[0] ?? ''
}

/** The target last chosen by hand. */
let preferredTarget = ''
ui.target.addEventListener('change', () => {
  preferredTarget = ui.target.value
})

ui.source.addEventListener('change', () => {
  ui.error.hidden = true
  loadTargets().catch(showError)
})

onSubmit(ui.keyForm, async () => {
  sessionStorage.setItem(KEY_STORAGE, ui.key.value.trim())
  ui.key.value = ''
  await loadLanguages()
})

ui.forgetKey.addEventListener('click', () => {
  sessionStorage.removeItem(KEY_STORAGE)
  ui.keyStatus.textContent = 'Key forgotten.'
})

function pair() {
  return { source: ui.source.value, target: ui.target.value }
}

// ---- tabs (WAI-ARIA tabs pattern: arrow keys move between tabs) ---------------------------

const tabs = [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')]
function selectTab(tab: HTMLButtonElement): void {
  for (const other of tabs) {
    const selected = other === tab
    other.setAttribute('aria-selected', String(selected))
    other.tabIndex = selected ? 0 : -1
    $(other.getAttribute('aria-controls')!).hidden = !selected
  }
  tab.focus()
}
for (const tab of tabs) {
  tab.addEventListener('click', () => selectTab(tab))
  tab.addEventListener('keydown', (event) => {
    const at = tabs.indexOf(tab)
    if (event.key === 'ArrowRight') selectTab(tabs[(at + 1) % tabs.length]!)
    else if (event.key === 'ArrowLeft') selectTab(tabs[(at - 1 + tabs.length) % tabs.length]!)
  })
}

// ---- text, HTML, Markdown, subtitles -------------------------------------------------------

onSubmit(ui.textForm, async () => {
  const result = answer<{ translations: { translation: string; source: string }; details?: { engine?: string; route?: string[]; confidence?: number } }>(
    await client().api.POST('/v2/translate', { body: { text: ui.textInput.value, ...pair() } }),
  )
  ui.textOutput.value = result.translations.translation
  const details = result.details ?? {}
  ui.textDetails.textContent = [
    `From ${result.translations.source}`,
    details.route ? `route ${details.route.join(' → ')}` : '',
    details.engine ? `engine ${details.engine}` : '',
  ].filter(Boolean).join(' · ')
})

onSubmit(ui.htmlForm, async () => {
  const result = answer<{ html: string }>(
    await client().api.POST('/v2/translate/html', { body: { html: ui.htmlInput.value, ...pair(), translate_attributes: ui.htmlAttributes.checked, set_language_attributes: ui.htmlLanguage.checked } }),
  )
  ui.htmlOutput.value = result.html
  // srcdoc in a frame sandboxed with no permissions: the HTML renders, its scripts never run
  ui.htmlPreview.srcdoc = result.html
})

onSubmit(ui.markdownForm, async () => {
  const result = answer<{ markdown: string }>(await client().api.POST('/v2/translate/markdown', { body: { markdown: ui.markdownInput.value, ...pair() } }))
  ui.markdownOutput.value = result.markdown
})

/**
 * A subtitle file's text. `file.text()` reads UTF-8 and replaces what is not: a UTF-16 file
 * (Windows editors' "Unicode") came out as garbage and a Windows-1252 one lost every accented
 * letter. A BOM names the encoding; a file that is not UTF-8 and has none is read as
 * Windows-1252, the commonest older subtitle encoding, and the page says so.
 */
function subtitleText(bytes: Uint8Array): { text: string; note?: string } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes) }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes) }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) }
  } catch {
    return {
      text: new TextDecoder('windows-1252').decode(bytes),
      note: 'This file is not UTF-8: it was read as Windows-1252. If letters look wrong, save it as UTF-8 and load it again.',
    }
  }
}

ui.subtitlesFile.addEventListener('change', async () => {
  const file = ui.subtitlesFile.files?.[0]
  if (!file) return
  const { text, note } = subtitleText(new Uint8Array(await file.arrayBuffer()))
  ui.subtitlesInput.value = text
  const item = document.createElement('li')
  item.textContent = note ?? ''
  ui.subtitlesWarnings.replaceChildren(...(note ? [item] : []))
  ui.subtitlesWarnings.hidden = !note
  if (/\.vtt$/i.test(file.name)) ui.subtitlesFormat.value = 'vtt'
  else if (/\.srt$/i.test(file.name)) ui.subtitlesFormat.value = 'srt'
})

onSubmit(ui.subtitlesForm, async () => {
  const result = answer<{ content: string; warnings?: Array<{ message: string; line: number }> }>(
    await client().api.POST('/v2/translate/subtitles', { body: { format: ui.subtitlesFormat.value, content: ui.subtitlesInput.value, ...pair() } }),
  )
  ui.subtitlesOutput.value = result.content
  // Cues the server could not read come back as written; say which, so none passes unnoticed.
  const warnings = result.warnings ?? []
  ui.subtitlesWarnings.replaceChildren(
    ...warnings.map((warning) => {
      const item = document.createElement('li')
      item.textContent = `Line ${warning.line}: ${warning.message} (kept as written)`
      return item
    }),
  )
  ui.subtitlesWarnings.hidden = warnings.length === 0
})

// ---- localization files: a job with a live progress bar ----------------------------------

for (const type of ['dragenter', 'dragover']) {
  ui.dropZone.addEventListener(type, (event) => {
    event.preventDefault()
    ui.dropZone.classList.add('over')
  })
}
ui.dropZone.addEventListener('dragleave', () => ui.dropZone.classList.remove('over'))
ui.dropZone.addEventListener('drop', (event) => {
  event.preventDefault()
  ui.dropZone.classList.remove('over')
  const files = (event as DragEvent).dataTransfer?.files
  if (files && files.length > 0) ui.fileInput.files = files
})

onSubmit(ui.fileForm, async () => {
  const file = ui.fileInput.files?.[0]
  if (!file) throw new InputError('Choose a file first.')
  const targets = (ui.fileTargets.value.trim() || ui.target.value).split(',').map((code) => code.trim()).filter(Boolean)
  ui.fileDownloads.replaceChildren()
  ui.fileProgress.value = 0
  // Upload (under an Idempotency-Key, so a retried upload makes no second job), poll, download.
  const { job, files } = await client().translateFile({ file, filename: file.name, targets, source: ui.source.value, onProgress: showJob })
  showJob(job)
  for (const [language, bytes] of Object.entries(files)) {
    const item = document.createElement('li')
    const button = document.createElement('button')
    button.type = 'button'
    button.textContent = `Download ${language}`
    button.addEventListener('click', () => save(bytes, translatedName(file.name, language)))
    item.append(button)
    ui.fileDownloads.append(item)
  }
})

function showJob(job: Job): void {
  const expected = job.total_keys * job.target_languages.length
  const done = expected === 0 ? 0 : Math.min(1, (job.translated_keys + job.failed_keys) / expected)
  ui.fileProgress.value = job.status === 'pending' || job.status === 'processing' ? Math.round(done * 100) : 100
  ui.fileStatus.textContent = `Job ${job.status}: ${job.total_keys} keys, ${job.translated_keys} translated, ${job.failed_keys} failed${job.error_message ? ` (${job.error_message})` : ''}`
}

/** The spec's name of a translated file: `<original name>_<language>.<extension>`. */
function translatedName(original: string, language: string): string {
  const dot = original.lastIndexOf('.')
  return dot > 0 ? `${original.slice(0, dot)}_${language}${original.slice(dot)}` : `${original}_${language}`
}

/** Hands bytes over as a download. */
function save(bytes: Uint8Array, name: string): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>]))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

// A key kept from earlier in this tab: load the languages straight away.
if (sessionStorage.getItem(KEY_STORAGE)) {
  ui.keyStatus.textContent = 'Using the key entered earlier in this tab.'
  loadLanguages().catch(showError)
}
