import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { maskSegment, tokenize } from '@verso/formats/placeholders'

describe('placeholders tokenize', () => {
  test('splits text into literal runs and the placeholders prepare protects', () => {
    const pieces = tokenize('Hello {name}, {{user}} has %d new ${folder} items in %{place} (%1$s)')
    expect(pieces.filter((p) => p.type === 'token').map((p) => p.raw)).toEqual(['{name}', '{{user}}', '%d', '${folder}', '%{place}', '%1$s'])
  })

  test("protects numbered arguments without a conversion (Qt's %1, JabRef's %0), never a percentage", () => {
    // JabRef's l10n/JabRef_en.properties: `Added group \"%0\".` came back `Grupo añadido %"0".`
    const tokens = (text: string) => tokenize(text).filter((p) => p.type === 'token').map((p) => p.raw)
    expect(tokens('Added group "%0". %0/%1 entries, %10 of %2')).toEqual(['%0', '%0', '%1', '%10', '%2'])
    expect(tokens('Default = 10%, 100% sure, 50 % off, %5d items, %1$s, %123')).toEqual(['%5d', '%1$s'])
  })

  test('marks inline tags with their name and kind', () => {
    const pieces = tokenize('a <b>bold</b> word<br/>')
    expect(pieces.filter((p) => p.type === 'token').map((p) => (p.type === 'token' ? p.tag : undefined))).toEqual([
      { name: 'b', kind: 'open' },
      { name: 'b', kind: 'close' },
      { name: 'br', kind: 'void' },
    ])
  })

  test('protects emoji shortcodes (GitHub, Slack), never a time, a word before a colon or a Laravel name outside its formats', () => {
    const tokens = (text: string, options = {}) => tokenize(text, options).filter((p) => p.type === 'token').map((p) => p.raw)
    expect(tokens('Nice work :tada: :+1: :white_check_mark:')).toEqual([':tada:', ':+1:', ':white_check_mark:'])
    expect(tokens(':wave::skin-tone-2: hi')).toEqual([':wave:', ':skin-tone-2:'])
    expect(tokens('Starts at 10:30:00, ratio 3:2:1')).toEqual([])
    expect(tokens('Note:see:below and Error:missing: file')).toEqual([])
    expect(tokens('Welcome, :name.')).toEqual([])
    expect(tokens('Welcome, :name.', { colonNames: true })).toEqual([':name'])
    expect(tokens(':smile:s and :Smile:')).toEqual([])
  })

  test('protects WebExtension named placeholders ($COUNT$), never a price or a lone dollar', () => {
    const tokens = (text: string) => tokenize(text).filter((p) => p.type === 'token').map((p) => p.raw)
    expect(tokens('Closed $COUNT$ tabs in $window_name$')).toEqual(['$COUNT$', '$window_name$'])
    expect(tokens('It costs $5 or $10$ and $ 3$')).toEqual([])
    expect(tokens('Hello ${name}, see $t(help)')).toEqual(['${name}', '$t(help)'])
  })

  test('protects e-mail addresses, paths and chat commands, snake_case identifiers; never their look-alikes in prose', () => {
    const tokens = (text: string) => tokenize(text).filter((p) => p.type === 'token').map((p) => p.raw)
    expect(tokens('Write to support@example.com or jane.doe+news@mail.example.org.')).toEqual(['support@example.com', 'jane.doe+news@mail.example.org'])
    expect(tokens('Mention @alice, or email me @ home, user@localhost')).toEqual([])
    expect(tokens('Open /settings/profile, type /help or see /api/v2/users.')).toEqual(['/settings/profile', '/help', '/api/v2/users'])
    expect(tokens('and/or, km/h, 1/2, 24/7, yes / no, Save/Load, //')).toEqual([])
    expect(tokens('Set user_name and MAX_RETRIES (api_v2_key)')).toEqual(['user_name', 'MAX_RETRIES', 'api_v2_key'])
    expect(tokens('Fill in ____ and _emphasis_ or name_')).toEqual([])
  })

  test('protects a setting written as an assignment (DEBUG=True); never an equals sign with spaces, a comparison or a sum', () => {
    // Django's django.po: "More information is available with DEBUG=True." came back "DEPURAR=Cierto"
    const tokens = (text: string) => tokenize(text).filter((p) => p.type === 'token').map((p) => p.raw)
    expect(tokens('More information is available with DEBUG=True.')).toEqual(['DEBUG=True'])
    expect(tokens('Run NODE_ENV=production npm start, or set lang=en; max_size=10MB.')).toEqual(['NODE_ENV=production', 'lang=en', 'max_size=10MB'])
    expect(tokens('x = 1, 1+1=2, a==b, =0 items, so= that')).toEqual([])
  })

  test('protects command-line options; never a hyphenated word, a negative number or a subtitle’s dialogue dash', () => {
    // Sphinx's sphinx.pot: "used when --full is given" came back "--ple", "-A option argument" "-Un argument"
    const tokens = (text: string) => tokenize(text).filter((p) => p.type === 'token').map((p) => p.raw)
    expect(tokens('Used when --full is given, defaults to --doc-version; run --doc-version=1.0')).toEqual(['--full', '--doc-version', '--doc-version=1.0'])
    expect(tokens("-A option argument; use the -v flag or -rf options. See 'sphinx --help'.")).toEqual(['-A', '-v', '-rf', '--help'])
    expect(tokens('an e-mail, well-known, -5 degrees, x--y, -- ignoring, - a list')).toEqual([])
    expect(tokens('-I know.\n-What are you doing? --and then he left.\n--Yes.')).toEqual(['\n', '\n'])
  })

  test('protects file names, extensions and dot files; never a sentence end or an abbreviation', () => {
    const tokens = (text: string) => tokenize(text).filter((p) => p.type === 'token').map((p) => p.raw)
    expect(tokens('Select the downloaded .zip file, then open export.csv.')).toEqual(['.zip', 'export.csv'])
    expect(tokens('Extract YouTube/subscriptions/subscriptions.csv from archive.tar.gz')).toEqual(['YouTube/subscriptions/subscriptions.csv', 'archive.tar.gz'])
    expect(tokens('Copy IMG_0001.JPG and user_data.csv, résumé.PDF')).toEqual(['IMG_0001.JPG', 'user_data.csv', 'résumé.PDF'])
    expect(tokens('Built with Node.js; add .env to .gitignore for .NET')).toEqual(['Node.js', '.env', '.gitignore', '.NET'])
    expect(tokens('It works.So does this. Version 1.2.3, e.g. i.e. U.S.A.')).toEqual([])
    // a host name and an unlisted last extension are dotted names (next test), `file.Pdf` neither
    expect(tokens('Wait... what? example.com config.json.example file.Pdf a.b')).toEqual(['example.com', 'config.json.example'])
    expect(tokens('Mail jane.doe@example.com')).toEqual(['jane.doe@example.com'])
  })

  test('protects dotted names (settings, flags, property paths, host names); never abbreviations or a missing space', () => {
    const tokens = (text: string) => tokenize(text).filter((p) => p.type === 'token').map((p) => p.raw)
    expect(tokens('Set the "dom.events.asyncClipboard.clipboardItem" flag to "true".')).toEqual(['dom.events.asyncClipboard.clipboardItem'])
    expect(tokens('Open settings.general.theme, window.location or www.example.org.')).toEqual(['settings.general.theme', 'window.location', 'www.example.org'])
    expect(tokens('Read $scope.items and process.env.NODE_ENV, see config.json.example')).toEqual(['$scope.items', 'process.env.NODE_ENV', 'config.json.example'])
    expect(tokens('It is done.You can go. e.g. i.e. U.S.A. Ph.D. No.5 v1.2.3 Mr.Smith a.b.c wait...what')).toEqual([])
    expect(tokens('Mail jane.doe+news@mail.example.org')).toEqual(['jane.doe+news@mail.example.org'])
  })

  test('a text made only of date-pattern fields is one token: nothing in it is a word', () => {
    for (const pattern of ['MM/DD/YYYY', 'h:mm a', 'dddd, MMMM Do YYYY, h:mm:ss a', "yyyy-MM-dd'T'HH:mm", 'EEE, MMM d', 'dd.MM.yyyy HH:mm', 'MMMM']) {
      expect(tokenize(pattern)).toEqual([{ type: 'token', raw: pattern }])
    }
    for (const prose of ['Do it', 'a.m.', 'A–Z', 'Day', 'MM', 'Mmm', 'Add a day', 'HH is the hour']) {
      expect(tokenize(prose).some((p) => p.type === 'text')).toBe(true)
    }
  })

  test('protects Android resource references, whole or inside prose; never an e-mail address or a mention', () => {
    const tokens = (text: string) => tokenize(text).filter((p) => p.type === 'token').map((p) => p.raw)
    expect(tokenize('@string/limit_data_usage_none_description')).toEqual([{ type: 'token', raw: '@string/limit_data_usage_none_description' }])
    expect(tokens('The server refused: retry with @string/msg_threads = 1, or @android:string/ok.')).toEqual(['@string/msg_threads', '@android:string/ok'])
    expect(tokens('Ask @string or write to me@string/x, @stringy/x')).toEqual([])
  })

  test('an icon font\'s name as a whole value is one token; the same prefixes in a sentence are words', () => {
    for (const icon of ['mdi-home', 'mdi-chevron-right', 'fa-user', 'fas-circle-2', 'bi-house-door', 'ri-home-line', 'bx-x']) {
      expect(tokenize(icon)).toEqual([{ type: 'token', raw: icon }])
    }
    for (const prose of ['bi-weekly meeting', 'Home', 'mdi home', 'fa-', 'la-la land', 'MDI-Home', 'high-level']) {
      expect(tokenize(prose).some((p) => p.type === 'text')).toBe(true)
    }
  })

  test('protects key combinations (Ctrl+Shift+P, Alt+F4, Cmd+K); never a sum, C++ or a plus sign after a word', () => {
    // "Press Ctrl+Shift+P to open the command palette." came back "Ctrl+Turno+P"
    const tokens = (text: string) => tokenize(text).filter((p) => p.type === 'token').map((p) => p.raw)
    expect(tokens('Press Ctrl+Shift+P, Cmd+K, Alt+F4, Shift+Tab or Ctrl + C; Ctrl+/ too.')).toEqual(['Ctrl+Shift+P', 'Cmd+K', 'Alt+F4', 'Shift+Tab', 'Ctrl + C', 'Ctrl+/'])
    expect(tokens('1+1=2, C++ and A+B, Shift+ and +Ctrl, Google+ fans, myCtrl+X')).toEqual([])
  })

  test('pairs Markdown emphasis markers like tags; never a multiplication, a footnote star or a name with underscores', () => {
    // "Open **Settings** and…" came back "Configuraciones **abiertas** y…": the markers were punctuation to the engine
    const tags = (text: string) => tokenize(text).flatMap((p) => (p.type === 'token' ? [`${p.raw}:${p.tag?.kind}`] : []))
    expect(tags('Open **Settings** and choose _Privacy_, ~~old~~ or *new*.')).toEqual(['**:open', '**:close', '_:open', '_:close', '~~:open', '~~:close', '*:open', '*:close'])
    expect(tags('Call __init__ or my_var_, 5 * 3 * 2, a*b, Price* and _id_')).toEqual([])
    expect(tags('Forbidden characters: / < > : " | ? *')).toEqual([])
  })

  test("protects template engines' tags and comments (Jinja, Django, Liquid, Twig); never a lone brace and percent", () => {
    // a Jekyll page's "{% if site.announcement %}" came back "{% si sitio.anuncio %}"
    const tokens = (text: string) => tokenize(text).filter((p) => p.type === 'token').map((p) => p.raw)
    expect(tokens('{% if user %}Hello {{ user.name }}{%- endif -%} {# reviewed #}')).toEqual(['{% if user %}', '{{ user.name }}', '{%- endif -%}', '{# reviewed #}'])
    expect(tokens('{% trans %}Your order has shipped{% endtrans %}')).toEqual(['{% trans %}', '{% endtrans %}'])
    expect(tokens('50 {% or more and {#')).toEqual([])
  })

  test('gives the input back when its pieces are joined', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', '{', '}', '%', 'd', 's', '$', '<', '>', '/', 'b', '\n', '1', '@', '_', '.', 'M', 'y', ':', '`', '[', ']', '(', ')', '#', '!', "'") }), (text) => {
        expect(tokenize(text).map((p) => p.raw).join('')).toBe(text)
      }),
    )
  })
})

describe('maskSegment (placeholders inside a codec’s segment: HTML, subtitles)', () => {
  test('masks the placeholders of the text parts with ids the segment does not use, and puts them back', () => {
    const segment = ['Hello {name}, ', { id: 'ph1', kind: 'open' as const }, 'you have %d', { id: 'ph1', kind: 'close' as const }, ' new :tada:']
    const masked = maskSegment(segment)
    const voids = (masked.segment as Array<string | { id: string; kind: string }>).filter((p) => typeof p !== 'string' && p.kind === 'void')
    expect(voids.map((p) => (p as { id: string }).id)).toEqual(['ph2', 'ph3', 'ph4'])
    expect(JSON.stringify(masked.segment)).not.toMatch(/\{name\}|%d|:tada:/)
    // an engine that moves tokens around keeps them: the restore follows the ids
    const reordered = [...(masked.segment as unknown[])].reverse() as typeof segment
    expect(JSON.stringify(masked.restore(reordered))).toContain('{name}')
    expect(masked.restore(masked.segment)).toEqual(segment)
  })

  test('leaves a segment without placeholders as it is, line breaks included', () => {
    const masked = maskSegment('The cat\nsleeps.')
    expect(masked.segment).toBe('The cat\nsleeps.')
    expect(masked.restore('El gato\nduerme.')).toBe('El gato\nduerme.')
  })
})
