import { describe, expect, test } from 'vitest'
import { extractHtml, translateHtml } from '@verso/html'
import { fakeTranslator, identity, mapText, sentText, tok, upperCase } from './fake-translators.js'

describe('extractHtml › inline elements', () => {
  test('makes a sentence spanning inline tags one segment with open/close tokens', () => {
    const { segments } = extractHtml('<p>The <b>red</b> car</p>')
    expect(segments).toEqual([['The ', tok('1', 'open'), 'red', tok('1', 'close'), ' car']])
  })

  test('gives nested inline tags their own ids and reuses the id for the close token', () => {
    const { segments } = extractHtml('<p>A <a href="/x">very <em>big</em> house</a> here</p>')
    expect(segments).toEqual([
      ['A ', tok('1', 'open'), 'very ', tok('2', 'open'), 'big', tok('2', 'close'), ' house', tok('1', 'close'), ' here'],
    ])
  })

  test('rebuilds tokens the translator moved with the exact bytes of the source tags', () => {
    const html = '<p>The <B class=\'x\'  data-a="1">red</B > car</p>'
    const { segments, write } = extractHtml(html)
    expect(segments).toEqual([['The ', tok('1', 'open'), 'red', tok('1', 'close'), ' car']])
    const out = write([['El coche ', tok('1', 'open'), 'rojo', tok('1', 'close')]])
    expect(out).toBe('<p>El coche <B class=\'x\'  data-a="1">rojo</B ></p>')
  })

  test('makes void elements inside a sentence void tokens', () => {
    const { segments } = extractHtml('<p>One<br>two <img src="a.png"> three<wbr>four <input type="checkbox"> five</p>')
    expect(segments).toEqual([
      ['One', tok('1', 'void'), 'two ', tok('2', 'void'), ' three', tok('3', 'void'), 'four ', tok('4', 'void'), ' five'],
    ])
  })

  test('makes an inline element under translate="no" one void token holding its whole source', async () => {
    const html = '<p>Press <span translate="no">Ctrl <b>S</b></span> to save</p>'
    const { segments, write } = extractHtml(html)
    expect(segments).toEqual([['Press ', tok('1', 'void'), ' to save']])
    expect(write([[tok('1', 'void'), ' para guardar']])).toBe(
      '<p><span translate="no">Ctrl <b>S</b></span> para guardar</p>',
    )
  })

  test("keeps a link whose words are its site's name as written (a name, not words to translate)", () => {
    // A "Who uses it" list: "Notion" came back "Idea" and "HackerRank" half translated.
    const html = '<p>Used by <a href="https://notion.so/">Notion</a> and <a href="https://www.hackerrank.com/">Hacker Rank</a> teams.</p>'
    const { segments, write } = extractHtml(html)
    expect(segments).toEqual([['Used by ', tok('1', 'void'), ' and ', tok('2', 'void'), ' teams.']])
    expect(write([['Utilizado por equipos de ', tok('1', 'void'), ' y ', tok('2', 'void'), '.']])).toBe(
      '<p>Utilizado por equipos de <a href="https://notion.so/">Notion</a> y <a href="https://www.hackerrank.com/">Hacker Rank</a>.</p>',
    )
  })

  test("translates a link's words that are not its site's name: a subdomain, a path, markup inside", () => {
    const html = '<p>Read <a href="https://docs.example.com/">Docs</a>, <a href="https://example.com/guide">Guide</a> or <a href="https://notion.so/"><b>Notion</b></a>.</p>'
    const { segments } = extractHtml(html)
    expect(segments).toEqual([[
      'Read ', tok('1', 'open'), 'Docs', tok('1', 'close'), ', ', tok('2', 'open'), 'Guide', tok('2', 'close'), ' or ',
      tok('3', 'open'), tok('4', 'open'), 'Notion', tok('4', 'close'), tok('3', 'close'), '.',
    ]])
  })

  test('splits segments at block elements', () => {
    const { segments } = extractHtml('<div>Intro text<p>First para</p>tail text<ul><li>one item</li><li>two <i>items</i></li></ul></div>')
    expect(segments).toEqual([
      'Intro text',
      'First para',
      'tail text',
      'one item',
      ['two ', tok('1', 'open'), 'items', tok('1', 'close')],
    ])
  })

  test('leaves a tag pair wrapping the whole sentence, and edge void tokens, outside the segment', () => {
    const html = '<li><a href="u.html"><img src="i.png" alt="">Downloading and sharing</a><br></li>'
    const { segments, write } = extractHtml(html)
    expect(segments).toEqual(['Downloading and sharing'])
    expect(write(['Descargar y compartir'])).toBe('<li><a href="u.html"><img src="i.png" alt="">Descargar y compartir</a><br></li>')
  })

  test('makes an empty inline element one void token', () => {
    const { segments } = extractHtml('<h1><span>In this video: <strong id="x"></strong> and more</span></h1>')
    expect(segments).toEqual([['In this video: ', tok('1', 'void'), ' and more']])
  })

  test('carries a comment inside a sentence as a void token', () => {
    const html = '<p>Hello <!-- note --> world</p>'
    const { segments, write } = extractHtml(html)
    expect(segments).toEqual([['Hello ', tok('1', 'void'), ' world']])
    expect(write([['Hola ', tok('1', 'void'), ' mundo']])).toBe('<p>Hola <!-- note --> mundo</p>')
  })
})

describe('extractHtml › whitespace', () => {
  test('keeps leading and trailing whitespace of a run exactly and translates the middle', () => {
    const html = '<div>\r\n   Some words here \t\n</div>'
    const { segments, write } = extractHtml(html)
    expect(segments).toEqual(['Some words here'])
    expect(write(['Unas palabras'])).toBe('<div>\r\n   Unas palabras \t\n</div>')
  })

  test('does not send empty, whitespace-only or letterless runs', async () => {
    const fake = fakeTranslator(identity)
    const html = '<p></p><p>   </p><p>—</p><p>123</p><p>&nbsp;</p><p>… 42 %</p>'
    const out = await translateHtml(html, fake)
    expect(out).toEqual({ html, segments: 0 })
    expect(fake.calls).toEqual([])
  })
})

describe('translateHtml › skipped content', () => {
  const html = [
    '<!DOCTYPE html><html><head><title>Page title</title>',
    '<style>body { content: "style words" }</style>',
    '<script>var s = "script words"</script></head><body>',
    '<p>Visible text <code>code words</code> continues.</p>',
    '<pre>pre words</pre>',
    '<textarea>textarea words</textarea>',
    '<template><p>template words</p></template>',
    '<div translate="no">no-translate words <b>bold no</b></div>',
    '<div translate="NO"><p>deep no-translate words</p></div>',
    '<p class="x notranslate y">notranslate words</p>',
    '<svg><text>svg words</text></svg>',
    '<math><mi>math words</mi></math>',
    '<noscript><p>noscript words</p></noscript>',
    '<p>Last <span class="notranslate">Brand</span> sentence.</p>',
    '</body></html>',
  ].join('\n')

  test('never sends script, style, code, pre, textarea, template, svg, math, noscript, translate=no or notranslate content to the fake translator', async () => {
    const fake = fakeTranslator(upperCase)
    const out = await translateHtml(html, fake)
    expect(fake.calls).toHaveLength(1)
    const sent = sentText(fake.calls)
    for (const word of ['style', 'script', 'code', 'pre', 'textarea', 'template', 'no-translate', 'bold no', 'notranslate', 'svg', 'math', 'noscript', 'Brand']) {
      expect(sent).not.toContain(word)
    }
    expect(fake.calls[0]).toEqual([
      'Page title',
      ['Visible text ', tok('1', 'void'), ' continues.'],
      ['Last ', tok('1', 'void'), ' sentence.'],
    ])
    expect(out.html).toBe(
      html
        .replace('Page title', 'PAGE TITLE')
        .replace('Visible text <code>', 'VISIBLE TEXT <code>')
        .replace('</code> continues.', '</code> CONTINUES.')
        .replace('Last <span', 'LAST <span')
        .replace('</span> sentence.', '</span> SENTENCE.'),
    )
  })

  test('a key\'s name and a program\'s output (kbd, samp) stay as written, one token inside their sentence', async () => {
    // Mastodon's "<kbd>Shift</kbd> + <kbd>Click</kbd> on the …" came back "<kbd>Turno</kbd> + <kbd>Clic</kbd>"
    const fake = fakeTranslator(upperCase)
    const out = await translateHtml('<p>Press <kbd>Shift</kbd> + <kbd>Click</kbd> until it says <samp>Saved</samp>.</p>', fake)
    expect(fake.calls[0]).toEqual([['Press ', tok('1', 'void'), ' + ', tok('2', 'void'), ' until it says ', tok('3', 'void'), '.']])
    expect(out.html).toBe('<p>PRESS <kbd>Shift</kbd> + <kbd>Click</kbd> UNTIL IT SAYS <samp>Saved</samp>.</p>')
  })

  test('translates only what is outside translate=no in a fragment', async () => {
    const fake = fakeTranslator(upperCase)
    const out = await translateHtml('<p>Yes</p><p translate="no">No</p><p translate="yes">Yes again</p>', fake)
    expect(out.html).toBe('<p>YES</p><p translate="no">No</p><p translate="yes">YES AGAIN</p>')
  })
})

describe('translateHtml › entities', () => {
  test('decodes entities going in and encodes &, <, > and U+00A0 coming out, and each character as the document spells it', async () => {
    const html = '<p>Fish &amp; chips &lt;3 &#169; caf&eacute;&nbsp;now</p>'
    const fake = fakeTranslator((s) => mapText(s, (t) => `${t}!`))
    const out = await translateHtml(html, fake)
    expect(fake.calls[0]).toEqual(['Fish & chips <3 © café\u00a0now'])
    expect(out.html).toBe('<p>Fish &amp; chips &lt;3 &#169; caf&eacute;&nbsp;now!</p>')
  })

  test('a character the document writes as a reference is written so in the translation, text and attributes; one it also writes raw stays raw', async () => {
    // a page in ISO-8859-1 spells its dashes &mdash;: a raw "—" could not be saved in it
    const html = '<html><head><meta charset="iso-8859-1"></head><body><p title="Caf&eacute; &mdash; menu">The caf&eacute; &mdash; open &#8220;now&#8221;</p><p>Tea – or coffee &ndash; here</p></body></html>'
    const out = await translateHtml(html, fakeTranslator((s) => mapText(s, (t) => t.replace('The', 'El').replace('Tea', 'Té').replace('menu', 'menú'))), { attributes: true })
    // ú is not spelled as a reference anywhere in the source: it is written as itself
    expect(out.html).toBe('<html><head><meta charset="iso-8859-1"></head><body><p title="Caf&eacute; &mdash; menú">El caf&eacute; &mdash; open &#8220;now&#8221;</p><p>T&eacute; – or coffee – here</p></body></html>')
  })

  test('escapes markup characters the translator introduces', async () => {
    const out = await translateHtml('<p>Hello</p>', fakeTranslator(() => '<script>alert("x")</script> & more'))
    expect(out.html).toBe('<p>&lt;script&gt;alert("x")&lt;/script&gt; &amp; more</p>')
  })

  test('keeps entities as written in text the translator returned unchanged', async () => {
    const html = '<p>Tom &amp; Jerry <b>rock</b> &copy; &#x41;</p>'
    const fake = fakeTranslator((s) =>
      typeof s === 'string' ? s : s.map((p) => (p === 'rock' ? 'ROCK' : p)),
    )
    const out = await translateHtml(html, fake)
    expect(out.html).toBe('<p>Tom &amp; Jerry <b>ROCK</b> &copy; &#x41;</p>')
  })
})

describe('translateHtml › attributes', () => {
  const html =
    '<p title="Tool tip">Text <img src="a.png" alt=\'A "quoted" cat\'> more</p>' +
    '<input placeholder=Search type=text><input type="submit" value="Send it"><input type="text" value="typed text">' +
    '<button aria-label="Close dialog">x</button><img alt="" src="b.png"><img alt="123">'

  test('leaves attributes alone by default', async () => {
    const fake = fakeTranslator(upperCase)
    const out = await translateHtml(html, fake)
    expect(sentText(fake.calls)).not.toMatch(/Tool tip|cat|Search|Send|Close dialog/)
    expect(out.html).toContain('title="Tool tip"')
  })

  test('translates alt, title, placeholder, aria-label and button values with attributes: true, keeping quotes', async () => {
    const fake = fakeTranslator((s) => mapText(s, (t) => (t === 'A "quoted" cat' ? 'Un gato "citado" & \'yo\'' : t.toUpperCase())))
    const out = await translateHtml(html, fake, { attributes: true })
    expect(fake.calls[0]).toEqual([
      'Tool tip',
      ['Text ', tok('1', 'void'), ' more'],
      'A "quoted" cat',
      'Search',
      'Send it',
      'Close dialog',
      'x',
    ])
    expect(out.html).toBe(
      '<p title="TOOL TIP">TEXT <img src="a.png" alt=\'Un gato "citado" &amp; &#39;yo&#39;\'> MORE</p>' +
        '<input placeholder="SEARCH" type=text><input type="submit" value="SEND IT"><input type="text" value="typed text">' +
        '<button aria-label="CLOSE DIALOG">X</button><img alt="" src="b.png"><img alt="123">',
    )
  })

  test('with attributes: true, the page description and its link-preview texts are translated; keywords and names are not', async () => {
    const head =
      '<head><title>Docs</title><meta name="description" content="Learn how to install it.">' +
      '<meta property="og:title" content="Getting started"><meta name="twitter:description" content="A short guide.">' +
      '<meta name="keywords" content="install, guide"><meta property="og:site_name" content="Verso"><meta name="viewport" content="width=device-width"></head>'
    const fake = fakeTranslator(upperCase)
    const out = await translateHtml(head, fake, { attributes: true })
    expect(out.html).toBe(
      '<head><title>DOCS</title><meta name="description" content="LEARN HOW TO INSTALL IT.">' +
        '<meta property="og:title" content="GETTING STARTED"><meta name="twitter:description" content="A SHORT GUIDE.">' +
        '<meta name="keywords" content="install, guide"><meta property="og:site_name" content="Verso"><meta name="viewport" content="width=device-width"></head>',
    )
    expect((await translateHtml(head, fakeTranslator(upperCase))).html).toContain('content="Learn how to install it."')
  })

  test('translates an attribute of a tag carried as a token and moved by the translator', () => {
    const { segments, write } = extractHtml('<p>Go <a href="/" title="Home page">home</a> now</p>', { attributes: true })
    expect(segments).toEqual([['Go ', tok('1', 'open'), 'home', tok('1', 'close'), ' now'], 'Home page'])
    const out = write([['Ve ahora a ', tok('1', 'open'), 'casa', tok('1', 'close')], 'Portada'])
    expect(out).toBe('<p>Ve ahora a <a href="/" title="Portada">casa</a></p>')
  })

  test('does not translate attributes inside skipped content', () => {
    const { segments } = extractHtml('<div translate="no"><img alt="Secret"></div><code title="Code tip">x</code>', { attributes: true })
    expect(segments).toEqual([])
  })
})

describe('extractHtml › documents and fragments', () => {
  test('parses input starting with a doctype or <html> as a document and keeps every byte around it', async () => {
    const html = '<!-- lead -->\n<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>T one</title></head>\n<body>\n<p>Body text</p>\n</body>\n</html>\n'
    const out = await translateHtml(html, fakeTranslator(upperCase))
    expect(out.html).toBe(html.replace('T one', 'T ONE').replace('Body text', 'BODY TEXT'))
  })

  test('looks past thousands of leading comments to tell a document from a fragment', async () => {
    const comments = '<!-- c -->\n'.repeat(3_000)
    const doc = await translateHtml(`${comments}<!DOCTYPE html><title>Doc title</title><p>Words</p>`, fakeTranslator(upperCase))
    expect(doc.html.slice(comments.length)).toBe('<!DOCTYPE html><title>DOC TITLE</title><p>WORDS</p>')
    const fragment = await translateHtml(`${comments}<p>Words</p>`, fakeTranslator(upperCase))
    expect(fragment.html.slice(comments.length)).toBe('<p>WORDS</p>')
  })

  test('parses other input as a fragment, so a <tr> outside a table keeps its text', async () => {
    const html = '<tr><td>Cell one</td><td>Cell two</td></tr>'
    const out = await translateHtml(html, fakeTranslator(upperCase))
    expect(out.html).toBe('<tr><td>CELL ONE</td><td>CELL TWO</td></tr>')
  })

  test('translates plain text without any markup', async () => {
    const out = await translateHtml('  Just some text.  ', fakeTranslator(upperCase))
    expect(out).toEqual({ html: '  JUST SOME TEXT.  ', segments: 1 })
  })

  test('returns empty input unchanged without calling the translator', async () => {
    const fake = fakeTranslator(upperCase)
    expect(await translateHtml('', fake)).toEqual({ html: '', segments: 0 })
    expect(fake.calls).toEqual([])
  })

  test('sends all segments in one call of the translator', async () => {
    const fake = fakeTranslator(upperCase)
    const out = await translateHtml('<p>One</p><p>Two</p><p>Three</p>', fake)
    expect(fake.calls).toEqual([['One', 'Two', 'Three']])
    expect(out).toEqual({ html: '<p>ONE</p><p>TWO</p><p>THREE</p>', segments: 3 })
  })
})
