import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createHarness, type Harness } from './harness.js'

// Issue 12, defect 2: the text endpoints translated template tokens ({name} → {Nombre}).
let h: Harness
let key: string

beforeAll(async () => {
  h = await createHarness({ worker: false })
  key = (await h.account(10_000)).apiKey
})
afterAll(() => h.close())

function post(url: string, body: unknown, apiKey = key) {
  return h.app.inject({ method: 'POST', url, headers: { 'X-API-KEY': apiKey }, payload: body as object })
}

async function creditsUsed(apiKey = key): Promise<number> {
  const res = await h.app.inject({ method: 'GET', url: '/v2/account/summary', headers: { 'X-API-KEY': apiKey } })
  return res.json().credits_used
}

async function translate(text: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await post('/v2/translate', { text, source: 'en', target: 'es', ...extra })
  expect(res.statusCode).toBe(200)
  return res.json().translations.translation
}

describe('POST /v2/translate placeholders', () => {
  test('keeps brace and printf placeholders byte-identical (the issue example)', async () => {
    const out = await translate('Hello {name}, you have %d new messages.')
    expect(out).toContain('{name}')
    expect(out).toContain('%d')
    expect(out).not.toMatch(/\{Nombre\}|\{nombre\}/)
    expect(out).toMatch(/mensajes/)
  })

  test.each([
    ['{{user}} joined the group.', '{{user}}'],
    ['Open ${folder} to see the files.', '${folder}'],
    ['You have %{count} unread messages.', '%{count}'],
    ['%1$s shared a photo with %2$s.', '%1$s'],
    ['Saved %s files to the disk.', '%s'],
    ['Welcome back, {0}!', '{0}'],
    ['The build passed :white_check_mark: and the team is happy.', ':white_check_mark:'],
    ['Press the button to save the file :smile:', ':smile:'],
    ['Closed $COUNT$ tabs in the window.', '$COUNT$'],
    ['Write to support@example.com for help.', 'support@example.com'],
    ['Open /settings/profile to change the picture.', '/settings/profile'],
    ['Set user_name before the first login.', 'user_name'],
    // template engines' tags (Jinja, Liquid, Twig)
    ['{% if user %}Welcome back, friend.{% endif %}', '{% if user %}'],
  ])('keeps %j as written', async (text, token) => {
    const out = await translate(text)
    expect(out).toContain(token)
    expect(out).not.toBe(text)
  })

  test('translates the branches of an ICU plural and keeps its arguments', async () => {
    const out = await translate('{count, plural, one {# new message} other {# new messages}}')
    // (the engine's capital on a fragment is issue 12 defect 7, not checked here)
    expect(out).toMatch(/^\{count, plural, one \{# .*mensaje.*\} other \{# .*mensajes.*\}\}$/i)
  })

  test('translates placeholders as words when preserve_placeholders is false', async () => {
    const kept = await translate('The {count} is wrong.')
    const prose = await translate('The {count} is wrong.', { preserve_placeholders: false })
    expect(kept).toContain('{count}')
    expect(prose).not.toContain('{count}')
  })

  test('refuses a preserve_placeholders that is not a boolean', async () => {
    const res = await post('/v2/translate', { text: 'Hello {name}', source: 'en', target: 'es', preserve_placeholders: 'no' })
    expect(res.statusCode).toBe(400)
  })

  test('detects the source from the words, not the placeholders', async () => {
    const res = await post('/v2/translate', { text: 'Hola {user}, tienes %d mensajes nuevos en tu buzón.', source: 'auto', target: 'en' })
    expect(res.statusCode).toBe(200)
    expect(res.json().details.detected_source).toBe('es')
    expect(res.json().translations.translation).toContain('{user}')
  })

  test('answers a text that is only a placeholder unchanged, without charging', async () => {
    const { apiKey } = await h.account(100)
    const res = await post('/v2/translate', { text: '{name}', source: 'en', target: 'es' }, apiKey)
    expect(res.statusCode).toBe(200)
    expect(res.json().translations.translation).toBe('{name}')
    expect(await creditsUsed(apiKey)).toBe(0)
  })

  test('answers a date pattern unchanged, without charging: it is data for a formatter, not words', async () => {
    const { apiKey } = await h.account(100)
    for (const pattern of ['MM/DD/YYYY', 'h:mm a', 'dddd, MMMM Do YYYY, h:mm:ss a']) {
      const res = await post('/v2/translate', { text: pattern, source: 'en', target: 'es' }, apiKey)
      expect(res.json().translations.translation).toBe(pattern)
    }
    expect(await creditsUsed(apiKey)).toBe(0)
  })

  test('POST /v1/translate protects placeholders too', async () => {
    const res = await post('/v1/translate', { text: 'Hello {name}, you have %d new messages.', source: 'en', target: 'es' })
    expect(res.statusCode).toBe(200)
    expect(res.json().translation).toContain('{name}')
  })
})

describe('POST /v2/translate/batch placeholders', () => {
  test('keeps the placeholders of every item and answers letterless items unchanged for free', async () => {
    const { apiKey } = await h.account(100)
    const texts = ['Hello {name}!', '{{user}} left.', '%d', 'Delete ${folder}?']
    const res = await post('/v2/translate/batch', { texts, source: 'en', target: 'es' }, apiKey)
    expect(res.statusCode).toBe(200)
    const items = res.json().translations
    expect(items.map((item: { success: boolean }) => item.success)).toEqual([true, true, true, true])
    expect(items[0].translation).toContain('{name}')
    expect(items[1].translation).toContain('{{user}}')
    expect(items[2].translation).toBe('%d')
    expect(items[3].translation).toContain('${folder}')
    expect(items[3].translation).not.toBe(texts[3])
    expect(await creditsUsed(apiKey)).toBe(3)
  })

  test('sends placeholders as words when preserve_placeholders is false', async () => {
    const res = await post('/v2/translate/batch', { texts: ['The {count} is wrong.'], source: 'en', target: 'es', preserve_placeholders: false })
    expect(res.json().translations[0].translation).not.toContain('{count}')
  })
})

describe('POST /v2/translate/html placeholders', () => {
  test('keeps {count} inside a page (the issue example)', async () => {
    const res = await post('/v2/translate/html', { html: '<p>{count} messages</p>', source: 'en', target: 'es' })
    expect(res.statusCode).toBe(200)
    expect(res.json().html).toMatch(/^<p>\{count\} mensajes<\/p>$/i)
  })

  test('keeps placeholders beside inline tags and in attributes', async () => {
    const res = await post('/v2/translate/html', {
      html: '<p title="Hello {name}">Welcome <b>{name}</b>, you have %d new messages.</p>',
      source: 'en',
      target: 'es',
    })
    const html = res.json().html as string
    expect(html).toContain('title="')
    expect(html.match(/\{name\}/g)).toHaveLength(2)
    expect(html).toContain('<b>{name}</b>')
    expect(html).toContain('%d')
    expect(html).toMatch(/mensajes/)
  })

  test('translates placeholders as words when preserve_placeholders is false', async () => {
    const res = await post('/v2/translate/html', { html: '<p>{count} messages</p>', source: 'en', target: 'es', preserve_placeholders: false })
    expect(res.json().html).not.toContain('{count}')
  })
})

describe('POST /v2/translate/html: a generator\'s page (front matter, Liquid)', () => {
  test('keeps the front matter\'s data and every template tag; translates the title and the words', async () => {
    const html = '---\nlayout: page\ntitle: Getting started\n---\n{% if site.banner %}<p>A new release is out. {% include button.html %}</p>{% endif %}\n'
    const res = await post('/v2/translate/html', { html, source: 'en', target: 'es' })
    expect(res.statusCode).toBe(200)
    const out = res.json().html as string
    expect(out).toMatch(/^---\nlayout: page\ntitle: .+\n---\n\{% if site\.banner %\}<p>.+\{% include button\.html %\}<\/p>\{% endif %\}\n$/)
    expect(out).not.toContain('Getting started')
    expect(out).toMatch(/nueva/)
  })
})

describe('POST /v2/translate/subtitles placeholders', () => {
  test('keeps placeholders in cues and their timings', async () => {
    const content = '1\n00:00:01,000 --> 00:00:02,500\nHello {name}, welcome back.\n\n2\n00:00:03,000 --> 00:00:04,000\nYou have %d new messages.\n'
    const res = await post('/v2/translate/subtitles', { format: 'srt', content, source: 'en', target: 'es' })
    expect(res.statusCode).toBe(200)
    const out = res.json().content as string
    expect(out).toContain('00:00:01,000 --> 00:00:02,500')
    expect(out).toContain('{name}')
    expect(out).toContain('%d')
    expect(out).toMatch(/mensajes/)
  })
})

describe('texts without letters (issue 12)', () => {
  test.each(['!!!', '123', '{name} %d'])('detection of %j answers 400 and charges nothing', async (text) => {
    const { apiKey } = await h.account(100)
    for (const url of ['/v2/language_detect', '/v2/detect_language', '/v1/language_detect']) {
      const res = await post(url, { text }, apiKey)
      expect(res.statusCode).toBe(400)
      expect(res.json().detail).toBeTypeOf('string')
    }
    expect(await creditsUsed(apiKey)).toBe(0)
  })

  test('translation from auto answers 400 and charges nothing', async () => {
    const { apiKey } = await h.account(100)
    const res = await post('/v2/translate', { text: '!!!', source: 'auto', target: 'es' }, apiKey)
    expect(res.statusCode).toBe(400)
    expect(await creditsUsed(apiKey)).toBe(0)
  })

  test('translation from a given source answers the text unchanged and charges nothing', async () => {
    const { apiKey } = await h.account(100)
    for (const text of ['!!!', '123', '12:30 — 15 %']) {
      const res = await post('/v2/translate', { text, source: 'en', target: 'es' }, apiKey)
      expect(res.statusCode).toBe(200)
      expect(res.json().translations.translation).toBe(text)
    }
    expect(await creditsUsed(apiKey)).toBe(0)
  })

  test('a batch from auto detects from the items with letters and returns the others unchanged', async () => {
    const res = await post('/v2/translate/batch', { texts: ['!!!', 'The weather is very nice today.'], source: 'auto', target: 'es' })
    expect(res.statusCode).toBe(200)
    const items = res.json().translations
    expect(items[0]).toMatchObject({ translation: '!!!', success: true, source: 'en' })
    expect(items[1].translation).toMatch(/tiempo|hace/)
  })

  test('a batch from auto with no letters at all answers 400', async () => {
    const res = await post('/v2/translate/batch', { texts: ['!!!', '42'], source: 'auto', target: 'es' })
    expect(res.statusCode).toBe(400)
  })
})
