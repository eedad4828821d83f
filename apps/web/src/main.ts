/**
 * The Verso web app: a client of the HTTP API and nothing more. The API key is kept in
 * sessionStorage (this tab only) and sent only in the X-API-KEY header; every error shown is
 * the API's own `detail`. Translated HTML is shown as text and in an iframe sandboxed with no
 * permissions (no scripts, no same origin), because it is user input.
 */
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

class ApiError extends Error {}

function apiKey(): string {
  const key = sessionStorage.getItem(KEY_STORAGE)
  if (!key) throw new ApiError('Enter your API key first.')
  return key
}

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, { ...init, headers: { ...(init.headers as Record<string, string>), 'X-API-KEY': apiKey() } })
  if (!response.ok) throw new ApiError(await errorText(response))
  return (await response.json()) as T
}

async function errorText(response: Response): Promise<string> {
  const text = await response.text()
  try {
    const body = JSON.parse(text) as { detail?: string; error?: string }
    return body.detail ?? body.error ?? `HTTP ${response.status}`
  } catch {
    return `HTTP ${response.status}`
  }
}

function postJson<T>(path: string, body: unknown): Promise<T> {
  return api<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
}

function showError(error: unknown): void {
  ui.error.textContent = error instanceof ApiError ? error.message : `Unexpected error: ${(error as Error)?.message ?? error}`
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
  const { supported_languages } = await api<LanguageList>('/v2/supported-languages')
  const entries = Object.entries(supported_languages).filter(([, code]) => code !== 'auto')
  const keepSource = ui.source.value
  ui.source.replaceChildren(new Option('Detect language', 'auto'), ...entries.map(([name, code]) => new Option(`${name} (${code})`, code)))
  ui.source.value = keepSource || 'auto'
  await loadTargets()
  ui.keyStatus.textContent = `Key accepted: ${entries.length} languages available.`
}

/**
 * The targets of the chosen source: not every language reaches every other (af reaches only
 * nl), so a known source lists only what it can be translated into; `auto` lists them all.
 */
async function loadTargets(): Promise<void> {
  const source = ui.source.value
  const query = source && source !== 'auto' ? `?source=${encodeURIComponent(source)}` : ''
  const { supported_languages } = await api<LanguageList>(`/v2/supported-languages${query}`)
  const entries = Object.entries(supported_languages).filter(([, code]) => code !== 'auto' && code !== source)
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

// ---- text, HTML, subtitles -----------------------------------------------------------------

onSubmit(ui.textForm, async () => {
  const answer = await postJson<{ translations: { translation: string; source: string }; details?: { engine?: string; route?: string[]; confidence?: number } }>(
    '/v2/translate',
    { text: ui.textInput.value, ...pair() },
  )
  ui.textOutput.value = answer.translations.translation
  const details = answer.details ?? {}
  ui.textDetails.textContent = [
    `From ${answer.translations.source}`,
    details.route ? `route ${details.route.join(' → ')}` : '',
    details.engine ? `engine ${details.engine}` : '',
  ].filter(Boolean).join(' · ')
})

onSubmit(ui.htmlForm, async () => {
  const answer = await postJson<{ html: string }>('/v2/translate/html', {
    html: ui.htmlInput.value,
    ...pair(),
    ...(ui.htmlAttributes.checked ? { translate_attributes: true } : {}),
  })
  ui.htmlOutput.value = answer.html
  // srcdoc in a frame sandboxed with no permissions: the HTML renders, its scripts never run
  ui.htmlPreview.srcdoc = answer.html
})

ui.subtitlesFile.addEventListener('change', async () => {
  const file = ui.subtitlesFile.files?.[0]
  if (!file) return
  ui.subtitlesInput.value = await file.text()
  if (/\.vtt$/i.test(file.name)) ui.subtitlesFormat.value = 'vtt'
  else if (/\.srt$/i.test(file.name)) ui.subtitlesFormat.value = 'srt'
})

onSubmit(ui.subtitlesForm, async () => {
  const answer = await postJson<{ content: string; warnings?: Array<{ message: string; line: number }> }>('/v2/translate/subtitles', {
    format: ui.subtitlesFormat.value,
    content: ui.subtitlesInput.value,
    ...pair(),
  })
  ui.subtitlesOutput.value = answer.content
  // Cues the server could not read come back as written; say which, so none passes unnoticed.
  const warnings = answer.warnings ?? []
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

interface JobStatus {
  job_id: string
  status: 'pending' | 'processing' | 'completed' | 'partial' | 'failed'
  total_keys: number
  translated_keys: number
  failed_keys: number
  target_languages: string[]
  error_message: string | null
  translated_files: Array<{ language_code: string }>
}

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
  if (!file) throw new ApiError('Choose a file first.')
  const targets = ui.fileTargets.value.trim() || ui.target.value
  const form = new FormData()
  form.set('file', file, file.name)
  form.set('target_languages', targets)
  form.set('source_language', ui.source.value)
  ui.fileDownloads.replaceChildren()
  ui.fileProgress.value = 0
  const created = await api<{ job_id: string }>('/v2/translate/i18n', { method: 'POST', body: form })
  let job = await api<JobStatus>(`/v2/translate/i18n/jobs/${created.job_id}/status`)
  let delay = 250
  for (;;) {
    const expected = job.total_keys * job.target_languages.length
    const done = expected === 0 ? 0 : Math.min(1, (job.translated_keys + job.failed_keys) / expected)
    ui.fileProgress.value = job.status === 'pending' || job.status === 'processing' ? Math.round(done * 100) : 100
    ui.fileStatus.textContent = `Job ${job.status}: ${job.total_keys} keys, ${job.translated_keys} translated, ${job.failed_keys} failed${job.error_message ? ` (${job.error_message})` : ''}`
    if (job.status !== 'pending' && job.status !== 'processing') break
    await new Promise((resolve) => setTimeout(resolve, delay))
    delay = Math.min(delay * 2, 2000)
    job = await api<JobStatus>(`/v2/translate/i18n/jobs/${created.job_id}/status`)
  }
  for (const translated of job.translated_files) {
    const item = document.createElement('li')
    const button = document.createElement('button')
    button.type = 'button'
    button.textContent = `Download ${translated.language_code}`
    // downloads need the key header, so they are fetched here and handed over as a blob
    button.addEventListener('click', () => {
      download(job.job_id, translated.language_code).catch(showError)
    })
    item.append(button)
    ui.fileDownloads.append(item)
  }
})

async function download(jobId: string, language: string): Promise<void> {
  const response = await fetch(`/v2/translate/i18n/jobs/${jobId}/download/?language_code=${encodeURIComponent(language)}`, { headers: { 'X-API-KEY': apiKey() } })
  if (!response.ok) throw new ApiError(await errorText(response))
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${language}.txt`
  const url = URL.createObjectURL(await response.blob())
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
