/**
 * Markdown documents (fixture test/fixtures/real-world/readme.md, SOURCES.md): the text of
 * blocks is translated, everything else stays as written, wrapped paragraphs wrapped alike.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { extractMarkdown, HtmlError } from '@verso/html'

const readme = readFileSync(new URL('./fixtures/real-world/readme.md', import.meta.url), 'utf8')
const upper = (segments: readonly unknown[]) => segments.map((s) => (s as string).toUpperCase())

describe('extractMarkdown', () => {
  test('a block is a segment: headings, paragraphs (lines joined), list items, quotes, table cells, front matter values', () => {
    expect(extractMarkdown(readme).segments).toEqual([
      'Getting started',
      'Verso CLI',
      'A command-line tool that translates **localization files**, pages and subtitles with the embedded engine.',
      'Install',
      'Install it with npm:',
      'Download the [latest release](https://example.com/releases#latest).',
      'Open **Settings** and choose _Privacy_. This line continues the second item.',
      'Write the docs',
      'Ship the `1.0` release',
      'A nested item about the tests',
      '**Note:** the sync may take a few minutes. Keep the app open.',
      'Option',
      'Meaning',
      '`--to`',
      'The target languages',
      '`--fresh`',
      'Translate everything again \\| even kept values',
      'Line with a hard break',
      'and the next line.',
      'Setext heading',
    ])
  })

  test('code blocks, comments, link definitions, front matter data and markers never reach the translator', () => {
    const sent = extractMarkdown(readme).segments.join('\n')
    for (const kept of ['npm install', 'check the version', 'indented code', 'a comment', 'Latest build', 'layout', '```', '|---', '- [ ]', '> ']) expect(sent).not.toContain(kept)
  })

  test('untouched segments give the document back byte for byte, wrapped lines included', () => {
    const doc = extractMarkdown(readme)
    expect(doc.write(doc.segments)).toBe(readme)
    const crlf = readme.replace(/\n/g, '\r\n')
    const docCrlf = extractMarkdown(crlf)
    expect(docCrlf.write(docCrlf.segments)).toBe(crlf)
  })

  test('translations go where their text was, markers and line breaks kept; a wrapped paragraph is wrapped at its source\'s width', () => {
    const doc = extractMarkdown(readme)
    const out = doc.write(upper(doc.segments))
    expect(out).toContain('---\ntitle: GETTING STARTED\nlayout: docs\n---\n')
    expect(out).toContain('\nA COMMAND-LINE TOOL THAT TRANSLATES **LOCALIZATION FILES**, PAGES AND\nSUBTITLES WITH THE EMBEDDED ENGINE.\n\n## INSTALL\n')
    expect(out).toContain('2. OPEN **SETTINGS** AND CHOOSE _PRIVACY_.\n   THIS LINE CONTINUES THE SECOND ITEM.\n')
    expect(out).toContain('> **NOTE:** THE SYNC MAY TAKE A FEW MINUTES.\n> KEEP THE APP OPEN.\n')
    expect(out).toContain('```sh\nnpm install -g verso-cli\n# then check the version\nverso --version\n```\n\n    indented code stays as written\n')
    expect(out).toContain('- [ ] WRITE THE DOCS\n- [x] SHIP THE `1.0` RELEASE\n  - A NESTED ITEM ABOUT THE TESTS\n')
    expect(out).toContain('| `--TO` | THE TARGET LANGUAGES |\n')
    expect(out).toContain('LINE WITH A HARD BREAK  \nAND THE NEXT LINE.\n\nSETEXT HEADING\n--------------\n')
    expect(out).toContain('<!-- a comment\nthat spans lines -->\n\n[latest]: https://example.com/latest "Latest build"\n')
  })

  test('a fence left open keeps everything after it; a tilde fence, a longer closing fence and a fence in a list are fences', () => {
    expect(extractMarkdown('Intro.\n\n```\ncode\nmore code\n').segments).toEqual(['Intro.'])
    expect(extractMarkdown('~~~\nnot text\n~~~~\nAfter.').segments).toEqual(['After.'])
    expect(extractMarkdown('- Item\n\n  ```\n  code in the item\n  ```\n- Next item').segments).toEqual(['Item', 'Next item'])
  })

  test('an HTML block keeps its lines, each one a segment; <pre>, <script> and <style> blocks are kept whole', () => {
    // Express's README: "<details>\n<summary>TC emeriti members</summary>" came back on one line
    const md = 'Intro.\n\n<details>\n<summary>Old members</summary>\n\n  * [dougwilson](https://x) - **Douglas**\n</details>\n\n<pre>\nkeep   this\n  exactly\n</pre>\n\n<div align="center">\n  <p>A fast framework</p>\n</div>\n'
    const doc = extractMarkdown(md)
    expect(doc.segments).toEqual(['Intro.', '<details>', '<summary>Old members</summary>', '[dougwilson](https://x) - **Douglas**', '</details>', '<div align="center">', '<p>A fast framework</p>', '</div>'])
    expect(doc.write(upper(doc.segments))).toBe(md.replace(/Intro\.|<details>|<summary>Old members<\/summary>|\[dougwilson\]\(https:\/\/x\) - \*\*Douglas\*\*|<\/details>|<div align="center">|<p>A fast framework<\/p>|<\/div>/g, (m) => m.toUpperCase()))
  })

  test('a line that is one whole tag starts an HTML block (VitePress\'s <audio>, a component); inline HTML in a paragraph stays in it', () => {
    // Vite's docs/guide/index.md: "<audio id=…>\n  <source …>\n</audio>" was joined into one line
    const md = '<audio id="a">\n  <source src="/v.mp3">\n</audio>\n\n<MyBuilder />\n\nPlay it <b>now</b>\nor later.\n'
    const doc = extractMarkdown(md)
    expect(doc.segments).toEqual(['<audio id="a">', '<source src="/v.mp3">', '</audio>', '<MyBuilder />', 'Play it <b>now</b> or later.'])
    // (wrapped at the source's width, never before a tag, which would start an HTML block)
    expect(doc.write(doc.segments.map((s) => (s === 'Play it <b>now</b> or later.' ? 'Tócalo <b>ahora</b> o luego.' : s)))).toBe('<audio id="a">\n  <source src="/v.mp3">\n</audio>\n\n<MyBuilder />\n\nTócalo <b>ahora</b>\no luego.\n')
  })

  test('GitHub\'s alert markers and admonition fences stay as written; an admonition\'s title is text', () => {
    // "> [!NOTE]" came back "> [!NOTA] información…" on one line, ":::tip Pro tip" ":::punta Pro la punta…"
    const md = '> [!NOTE]\n> Useful information.\n\n:::tip Pro tip\nUse the search box.\n:::\n'
    const doc = extractMarkdown(md)
    expect(doc.segments).toEqual(['Useful information.', 'Pro tip', 'Use the search box.'])
    expect(doc.write(upper(doc.segments))).toBe('> [!NOTE]\n> USEFUL INFORMATION.\n\n:::tip PRO TIP\nUSE THE SEARCH BOX.\n:::\n')
  })

  test('template code and comment blocks are kept whole; a line of template tags keeps its line and ends a paragraph', () => {
    // a Jekyll page's {% highlight ruby %} block came back `"mínimos" de gema`, its {% if %} line joined to the paragraph after it
    const md = [
      'Install the gem:', '', '{% highlight ruby %}', '# install the theme', 'gem "minima", "~> 2.5"', '', '{% endhighlight %}', '',
      '{%- comment -%}', 'For editors only.', '{%- endcomment -%}', '{% raw %}Use {{ page.title }}.{% endraw %}', '',
      '{% if site.show_excerpts %}', 'Read the latest posts.', '{% endif %}', '{{ content }}', '',
      '{{< highlight go >}}', 'fmt.Println("Hello")', '{{< /highlight >}}', 'Then run it.', '',
    ].join('\n')
    const doc = extractMarkdown(md)
    expect(doc.segments).toEqual(['Install the gem:', 'Read the latest posts.', 'Then run it.'])
    expect(doc.write(upper(doc.segments))).toBe(md.replace('Install the gem:', 'INSTALL THE GEM:').replace('Read the latest posts.', 'READ THE LATEST POSTS.').replace('Then run it.', 'THEN RUN IT.'))
    // a block left open keeps everything after it; a tag inside a paragraph's line stays in its text
    expect(extractMarkdown('{% highlight js %}\nlet a = 1\n\nMore code').segments).toEqual([])
    expect(extractMarkdown('Posts {% if x %}here{% endif %} today.').segments).toEqual(['Posts {% if x %}here{% endif %} today.'])
  })

  test('a wrapped paragraph\'s translation never starts a line with what would open a block, nor breaks a code span or a link label', () => {
    const md = 'Run the tool and\nsee the result.\n'
    const doc = extractMarkdown(md)
    expect(doc.write(['Ejecuta - 1. # > `npm run build --watch` y mira'])).toBe('Ejecuta - 1. # >\n`npm run build --watch`\ny mira\n')
    // nor inside a link's label ("[![NPM Instala\nMedida][…]]")
    expect(doc.write(['Mira [la guía de inicio](x) y sigue'])).toBe('Mira\n[la guía de inicio](x)\ny sigue\n')
    expect(doc.write(['Crea la [`npm init` orden](x) ya'])).toBe('Crea la\n[`npm init` orden](x)\nya\n')
    // Windows line ends are kept in the new breaks, at the source's 16 columns
    const crlf = extractMarkdown('Run the tool and\r\nsee the result.\r\n')
    expect(crlf.write(['Ejecuta la herramienta y mira el resultado.'])).toBe('Ejecuta la\r\nherramienta y\r\nmira el\r\nresultado.\r\n')
  })

  test('bad input is a clear error, never a crash', () => {
    expect(() => extractMarkdown(42 as unknown as string)).toThrow(HtmlError)
    expect(() => extractMarkdown('x'.repeat(11), { maxLength: 10 })).toThrow(/over 10 characters/)
    expect(() => extractMarkdown('Hi').write([])).toThrow(/expected 1 translated segments/)
    expect(extractMarkdown('').segments).toEqual([])
  })
})
