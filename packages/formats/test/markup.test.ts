/**
 * Inline markup inside values (issue 12, defect 1): HTML tags are tokens in every format, in
 * the format's own quoting, so tags and attributes come back byte-identical while the text
 * between them is translated.
 */
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { parseJson, parsePo, parseProperties, parseStrings, parseXml, parseYaml, type Parsed } from '@verso/formats'
import { prepare, tokenize, type Segment } from '@verso/formats/placeholders'

const dec = new TextDecoder()

/**
 * A word-for-word fake engine that reproduces the reported damage when a tag is sent as text:
 * "a" becomes "ha" (French "a" read as the verb), "the" becomes "el", other words are upper-cased.
 */
function fakeTranslate(segment: Segment): Segment {
  const words = (s: string) =>
    s.replace(/\p{L}+/gu, (w) => (w === 'a' ? 'ha' : w === 'the' ? 'el' : w === 'href' ? 'HREF' : w.toUpperCase()))
  return typeof segment === 'string' ? words(segment) : segment.map((p) => (typeof p === 'string' ? words(p) : p))
}

/** Translates every entry of a parsed file through prepare/restore with the fake engine. */
function translateFile(parsed: Parsed, format: Parameters<typeof prepare>[1]['format']): string {
  const translations = new Map<string, string>()
  for (const entry of parsed.entries) {
    if (!entry.translatable) continue
    const p = prepare(entry.text, { format, targetLanguage: 'es' })
    const restored = p.restore(p.segments.map(fakeTranslate))
    expect(restored.problems).toEqual([])
    translations.set(entry.key, restored.text)
  }
  return dec.decode(parsed.write(translations, {}))
}

describe('inline markup is a token in every format', () => {
  test('.properties: MessageFormat-quoted attributes (href=\'\'…\'\') come back byte-identical', () => {
    const src = "terms=Lisez <a href=''https://example.org/cgu''>les conditions</a> d''abord.\n"
    const out = translateFile(parseProperties(src), 'properties')
    expect(out).toBe("terms=LISEZ <a href=''https://example.org/cgu''>LES CONDITIONS</a> D''ABORD.\n")
  })

  test('Android strings.xml: a CDATA link with \\" escapes keeps its tag', () => {
    const src = '<resources>\n  <string name="terms"><![CDATA[Read <a href=\\"https://example.org/tos\\">the terms</a> first]]></string>\n</resources>\n'
    const out = translateFile(parseXml(src), 'xml')
    expect(out).toBe('<resources>\n  <string name="terms"><![CDATA[READ <a href=\\"https://example.org/tos\\">el TERMS</a> FIRST]]></string>\n</resources>\n')
  })

  test('Android strings.xml: markup escaped as &lt;a&gt; stays escaped text', () => {
    const src = '<resources>\n  <string name="t">Read &lt;a href=\\"https://example.org\\"&gt;a page&lt;/a&gt;&lt;br/&gt;now</string>\n</resources>\n'
    const parsed = parseXml(src)
    expect(parsed.entries[0]!.text).toBe('Read <a href="https://example.org">a page</a><br/>now')
    const out = translateFile(parsed, 'xml')
    expect(out).toBe('<resources>\n  <string name="t">READ &lt;a href=\\"https://example.org\\"&gt;ha PAGE&lt;/a&gt;&lt;br/&gt;NOW</string>\n</resources>\n')
  })

  test('Android strings.xml: real child elements stay elements', () => {
    const src = '<resources>\n  <string name="t">Tap <b>a</b> key<br/></string>\n</resources>\n'
    expect(translateFile(parseXml(src), 'xml')).toBe('<resources>\n  <string name="t">TAP <b>ha</b> KEY<br/></string>\n</resources>\n')
  })

  test('JSON: escaped quotes in attributes', () => {
    const src = '{"link": "See <a href=\\"https://example.org\\" target=\\"_blank\\">a page</a>", "trans": "Click <0>a link</0><1/>"}\n'
    expect(translateFile(parseJson(src), 'json')).toBe(
      '{"link": "SEE <a href=\\"https://example.org\\" target=\\"_blank\\">ha PAGE</a>", "trans": "CLICK <0>ha LINK</0><1/>"}\n',
    )
  })

  test('YAML: single-quoted attributes', () => {
    const src = "en:\n  help: \"Open <a href='/docs' class='x'>a guide</a>\"\n"
    expect(translateFile(parseYaml(src), 'yaml')).toBe("en:\n  help: \"OPEN <a href='/docs' class='x'>ha GUIDE</a>\"\n")
  })

  test('PO: tags with escaped quotes', () => {
    const src = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Read <a href=\\"/x\\">a note</a>"\nmsgstr ""\n'
    expect(translateFile(parsePo(src), 'po')).toContain('msgstr "READ <a href=\\"/x\\">ha NOTE</a>"')
  })

  test('.strings: tags with escaped quotes', () => {
    const src = '"k" = "Read <a href=\\"/x\\">a note</a>";\n'
    expect(translateFile(parseStrings(src), 'strings')).toBe('"k" = "READ <a href=\\"/x\\">ha NOTE</a>";\n')
  })

  test('paired tags are open/close tokens with one id; void tags are void tokens', () => {
    const p = prepare("Lisez <a href=''https://x.org''>les conditions</a><br/>", { format: 'properties', targetLanguage: 'en' })
    expect(p.segments).toEqual([['Lisez ', { id: '1', kind: 'open' }, 'les conditions', { id: '1', kind: 'close' }, { id: '2', kind: 'void' }]])
  })
})

describe('block-level tags inside a value separate sentences', () => {
  // Mastodon's app/javascript/mastodon/locales/en.json, account_edit.image_alt_modal.details_content
  const mastodon =
    'DO: <ul> <li>Describe yourself as pictured</li> <li>Use third person language (e.g. “Alex” instead of “me”)</li> </ul> ' +
    'DON’T: <ul> <li>Start with “Photo of” – it’s redundant for screen readers</li> </ul> EXAMPLE: <ul> <li>“Alex wearing a green shirt”</li> </ul>'

  test('the text before, inside and after a list is one segment each; the tags and the spaces between them are not sent', () => {
    const p = prepare(mastodon, { format: 'json', targetLanguage: 'es' })
    expect(p.segments).toEqual([
      'DO:',
      'Describe yourself as pictured',
      'Use third person language (e.g. “Alex” instead of “me”)',
      'DON’T:',
      'Start with “Photo of” – it’s redundant for screen readers',
      'EXAMPLE:',
      '“Alex wearing a green shirt”',
    ])
  })

  test('a translation keeps every list where the source has it, with its white space', () => {
    const p = prepare(mastodon, { format: 'json', targetLanguage: 'es' })
    const out = p.restore(p.segments.map(fakeTranslate))
    expect(out.problems).toEqual([])
    expect(out.text).toBe(
      'DO: <ul> <li>DESCRIBE YOURSELF AS PICTURED</li> <li>USE THIRD PERSON LANGUAGE (E.G. “ALEX” INSTEAD OF “ME”)</li> </ul> ' +
        'DON’T: <ul> <li>START WITH “PHOTO OF” – IT’S REDUNDANT FOR SCREEN READERS</li> </ul> EXAMPLE: <ul> <li>“ALEX WEARING ha GREEN SHIRT”</li> </ul>',
    )
  })

  test('inline tags inside a block stay tokens of that block’s sentence', () => {
    const p = prepare('<p>Read <a href="/terms">the terms</a> first.</p><p>Then sign.</p>', { format: 'json', targetLanguage: 'es' })
    expect(p.segments).toEqual([['Read ', { id: '1', kind: 'open' }, 'the terms', { id: '1', kind: 'close' }, ' first.'], 'Then sign.'])
    expect(p.restore(p.segments.map(fakeTranslate)).text).toBe('<p>READ <a href="/terms">el TERMS</a> FIRST.</p><p>THEN SIGN.</p>')
  })

  test('in an ICU branch too', () => {
    const p = prepare('{n, plural, one {<p>One item.</p><p>Open it.</p>} other {<p># items.</p>}}', { format: 'json', targetLanguage: 'en' })
    expect(p.segments).toEqual(['One item.', 'Open it.', expect.anything()])
    expect(p.restore(p.segments.map(fakeTranslate)).text).toBe('{n, plural, one {<p>ONE ITEM.</p><p>OPEN IT.</p>} other {<p># ITEMS.</p>}}')
  })
})

describe('vue-i18n syntax', () => {
  test('linked messages and literal interpolations are tokens', () => {
    const p = prepare("Ask @:chat.agent or mail us {'@'} support, @.lower:common.help.", { format: 'json', targetLanguage: 'es' })
    const parts = p.segments[0] as readonly unknown[]
    expect(parts.filter((x) => typeof x === 'string').join('')).toBe('Ask  or mail us  support, .')
    expect(p.restore(p.segments).text).toBe("Ask @:chat.agent or mail us {'@'} support, @.lower:common.help.")
  })

  test('with syntax vue-i18n, the plural bar is a token and special characters in a translation become literals', () => {
    const p = prepare('no apples | one apple | {count} apples', { format: 'json', targetLanguage: 'es', syntax: 'vue-i18n' })
    expect(p.segments).toHaveLength(1)
    const translated = (p.segments[0] as readonly unknown[]).map((x) => (typeof x === 'string' ? x.replace('apple', 'manzana @ {x} |') : x))
    expect(p.restore([translated as Segment]).text).toBe("no manzana {'@'} {'{'}x{'}'} {'|'}s | one manzana {'@'} {'{'}x{'}'} {'|'} | {count} manzana {'@'} {'{'}x{'}'} {'|'}s")
  })
})

describe('markup round trip (property)', () => {
  const name = fc.constantFrom('a', 'b', 'span', 'strong', 'em', 'i', 'code', 'font', '0', '1', 'p', 'li', 'div')
  const attrValue = fc.stringMatching(/^[a-z0-9:/._-]{0,12}$/)
  // every quoting a host format uses inside a value
  const quoting = fc.constantFrom((v: string) => `"${v}"`, (v: string) => `'${v}'`, (v: string) => `''${v}''`, (v: string) => `\\"${v}\\"`)
  const attr = fc.tuple(fc.constantFrom('href', 'class', 'target', 'data-x'), attrValue, quoting).map(([k, v, q]) => ` ${k}=${q(v)}`)
  const words = fc.stringMatching(/^[A-Za-z][A-Za-z ,.]{0,15}$/)
  const element = fc.tuple(name, fc.array(attr, { maxLength: 2 }), words).map(([n, attrs, inner]) => ({
    open: `<${n}${attrs.join('')}>`,
    close: `</${n}>`,
    inner,
  }))
  const voidTag = fc.constantFrom('<br/>', '<br>', '<br />', '<img src="x.png"/>', '<hr>')

  test('tags come back byte-identical and in order, words translated', () => {
    fc.assert(
      fc.property(words, fc.array(fc.oneof(element, voidTag), { minLength: 1, maxLength: 4 }), words, (head, pieces, tail) => {
        const tags: string[] = []
        let text = `${head} `
        for (const piece of pieces) {
          if (typeof piece === 'string') {
            tags.push(piece)
            text += `${piece} `
          } else {
            tags.push(piece.open, piece.close)
            text += `${piece.open}${piece.inner}${piece.close} `
          }
        }
        text += tail
        const p = prepare(text, { format: 'json', targetLanguage: 'es' })
        // untouched segments rebuild the value exactly
        expect(p.restore(p.segments)).toEqual({ text, problems: [] })
        // no tag reaches the engine as text
        for (const segment of p.segments) {
          const plain = typeof segment === 'string' ? segment : segment.filter((x) => typeof x === 'string').join('')
          expect(plain).not.toMatch(/[<>]/)
        }
        const out = p.restore(p.segments.map((s) => (typeof s === 'string' ? s.toUpperCase() : s.map((x) => (typeof x === 'string' ? x.toUpperCase() : x)))))
        expect(out.problems).toEqual([])
        let from = 0
        for (const tag of tags) {
          const at = out.text.indexOf(tag, from)
          expect(at).toBeGreaterThanOrEqual(0)
          from = at + tag.length
        }
      }),
      { numRuns: 300 },
    )
  })
})

/**
 * Markdown and string references inside values, as Home Assistant's `strings.json` writes them
 * (fixture test/fixtures/real/homeassistant-strings.json, SOURCES.md): an engine turned
 * `[%key:common::…::password%]` into `[%key:común::…::contraseña%]`, `'http://'` into
 * `'http:'//`, `[Learn more.]({url}#code)` into `#código` and `` `None` `` into `` `Ninguno` ``.
 */
describe('Markdown and references in values (Home Assistant strings.json)', () => {
  const source = readFileSync(new URL('./fixtures/real/homeassistant-strings.json', import.meta.url), 'utf8')
  const parsed = parseJson(source)
  const texts = parsed.entries.filter((e) => e.translatable)
  const sent = (text: string) =>
    prepare(text, { format: 'json', targetLanguage: 'es' }).segments.map((s) => (typeof s === 'string' ? s : s.filter((x) => typeof x === 'string').join(''))).join(' | ')

  test('a value that is only a key reference sends nothing to the engine and comes back as it was', () => {
    const references = texts.filter((e) => e.text.startsWith('[%key:'))
    expect(references.map((e) => e.key)).toHaveLength(4)
    for (const entry of references) expect(prepare(entry.text, { format: 'json', targetLanguage: 'es' }).segments).toEqual([])
  })

  test('URLs of any scheme, a scheme on its own, link destinations and code spans never reach the engine as words', () => {
    const all = texts.map((e) => sent(e.text)).join('\n')
    for (const code of ['http', 'homeassistant:', '#code', '#setup', 'None', 'example.png', '{naming_url}']) expect(all).not.toContain(code)
    // the words around them do
    expect(sent(texts.find((e) => e.key === 'config.step.user.data_description.url')!.text)).toBe('The address of the hub. It can be an \'\', \'\' or a local \'\' address.')
  })

  test('a link is a pair around its label: the label is translated and stays inside the link', () => {
    const p = prepare('See the [release notes]({more_info_url}) first.', { format: 'json', targetLanguage: 'es' })
    expect(p.segments).toEqual([['See the ', { id: '1', kind: 'open' }, 'release notes', { id: '1', kind: 'close' }, ' first.']])
    expect(p.restore([['Ver primero las ', { id: '1', kind: 'open' }, 'notas de la versión', { id: '1', kind: 'close' }, '.']])).toEqual({
      text: 'Ver primero las [notas de la versión]({more_info_url}).',
      problems: [],
    })
  })

  test('every value comes back byte-identical in its code, words translated', () => {
    const out = JSON.parse(translateFile(parsed, 'json')) as { config: { step: { user: { data_description: Record<string, string>; description: string } } }; issues: Record<string, { description: string }> }
    const user = out.config.step.user
    expect(user.data_description.url).toBe("THE ADDRESS OF el HUB. IT CAN BE AN 'http://', 'https://' OR ha LOCAL 'homeassistant://' ADDRESS.")
    expect(user.data_description.name).toBe('THE NAME OF el HUB. LEAVE IT EMPTY TO SET IT TO `None` AND [USE el DEVICE NAME]({naming_url}).')
    expect(user.data_description.code).toBe('THE HUB CHECKS el CODE ITSELF. [LEARN MORE.]({docs_url}#code)')
    expect(out.issues.reference!.description).toBe('[%key:component::example::config::step::user::data_description::url%]')
    expect(out.issues.deprecated_yaml!.description).toBe(
      'HUBS FOUND UNDER el `example` KEY.\n\nMOVE THEM TO el `example` INTEGRATION AND RESTART HOME ASSISTANT. SEE el [RELEASE NOTES]({more_info_url}) OR ![DIAGRAM](/static/images/example.png).',
    )
  })

  test('reference links keep their labels: a full reference is a pair, a collapsed one stays whole', () => {
    // Express's README: "[![NPM Version][npm-version-image]][npm-url]" came back "[npm-versión-imagen]", "[Code of Conduct][]" "[Código de Conducta][]"
    const tags = (text: string) => tokenize(text).flatMap((p) => (p.type === 'token' ? [`${p.raw}:${p.tag?.kind ?? 'void'}`] : []))
    expect(tags('Read [the docs][docs] and the [Code of Conduct][] or ![logo][].')).toEqual(['[:open', '][docs]:close', '[Code of Conduct][]:void', '![logo][]:void'])
  })

  test('a link\'s destination with parentheses in it, or with a title after it, is the link\'s end; the title is kept as written', () => {
    // "[our guide](https://example.com/guide \"Open the installation guide\")" was no link: the title came back "Abierto la guía…", read as words of the sentence around it
    const tags = (text: string) => tokenize(text).flatMap((p) => (p.type === 'token' ? [`${p.raw}:${p.tag?.kind ?? 'void'}`] : []))
    expect(tags('See [our guide](https://example.com/guide "Open the installation guide") and [that](y \'Title\').')).toEqual(['[:open', '](https://example.com/guide "Open the installation guide"):close', '[:open', "](y 'Title'):close"])
    expect(tags('Read the [article](https://en.wikipedia.org/wiki/Lisp_(programming_language)) first.')).toEqual(['[:open', '](https://en.wikipedia.org/wiki/Lisp_(programming_language)):close'])
  })

  test('a link whose label is its site\'s name is one token, a name; a label that is a subdomain or a path\'s word is text', () => {
    // excalidraw's README: "[Notion](https://notion.so/)" in its list of users came back "[Idea](https://notion.so/)"
    const tags = (text: string) => tokenize(text).flatMap((p) => (p.type === 'token' ? [`${p.raw}:${p.tag?.kind ?? 'void'}`] : []))
    expect(tags('[Notion](https://notion.so/) • [HackerRank](https://www.hackerrank.com/) • [Code Sandbox](https://codesandbox.io/) • [BBC](https://bbc.co.uk)'))
      .toEqual(['[Notion](https://notion.so/):void', '[HackerRank](https://www.hackerrank.com/):void', '[Code Sandbox](https://codesandbox.io/):void', '[BBC](https://bbc.co.uk):void'])
    expect(tags('[Docs](https://docs.example.com) and [documentation](https://example.com/documentation)'))
      .toEqual(['[:open', '](https://docs.example.com):close', '[:open', '](https://example.com/documentation):close'])
  })

  test('look-alikes in prose stay words: a lone bracket, GNU quoting, a label without a destination', () => {
    const tokens = (text: string) => tokenize(text).filter((p) => p.type === 'token').map((p) => p.raw)
    expect(tokens("Press `Enter' to go on, `q' to quit [optional] (see below)")).toEqual([])
    expect(tokens('a [b] (c) and [d](e f) and ` spaced `')).toEqual([])
  })
})
