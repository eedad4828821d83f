import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createEngine, type Engine } from '@verso/engine'
import { extractHtml, translateHtml, type Segment, type SegmentPart } from '@verso/html'
import { fakeTranslator, tok } from './fake-translators.js'

const haveApertium = (() => { try { return readFileSync('/usr/share/apertium/modes/eng-spa.mode', 'utf8').length > 0 } catch { return false } })()
const mdn = readFileSync(new URL('./fixtures/real-world/mdn-cors-enabled-image.html', import.meta.url), 'utf8')

/**
 * Checks the output's elements (each carries a unique `id`) against the source's: the tag
 * sequence is well nested and each element's source parent is among its output ancestors.
 */
function expectNestedLike(source: string, output: string): void {
  const scan = (html: string) => {
    const stack: string[] = []
    const ancestors = new Map<string, string[]>()
    for (const m of html.matchAll(/<(\/?)([a-z]+)(?: id="([^"]+)")?[^>]*>/g)) {
      const [, closing, name, id] = m
      if (closing) {
        expect(stack.pop()?.split('#')[0]).toBe(name)
        continue
      }
      ancestors.set(id!, stack.map((s) => s.split('#')[1]!))
      if (name !== 'br') stack.push(`${name}#${id}`)
    }
    expect(stack).toEqual([])
    return ancestors
  }
  const before = scan(source)
  const after = scan(output)
  for (const [id, chain] of before) {
    const parent = chain[chain.length - 1]
    if (parent !== undefined) expect(after.get(id)).toContain(parent)
  }
}

/** Random sentences of words and inline elements nested to any depth, each element with a unique id. */
const inlineHtml = fc
  .array(fc.constantFrom('word ', 'red ', 'the ', 'open', 'close', 'br', 'code'), { minLength: 1, maxLength: 24 })
  .map((items) => {
    let html = ''
    let next = 0
    const open: string[] = []
    for (const item of items) {
      if (item === 'open') {
        // No <a> inside <a>: the HTML parser would close the outer one (that is not nesting).
        const pick = ['a', 'b', 'em', 'span'][next % 4]!
        const name = pick === 'a' && open.includes('a') ? 'span' : pick
        html += `<${name} id="e${next++}">`
        open.push(name)
      } else if (item === 'close') {
        if (open.length > 0) html += `x</${open.pop()}>`
      } else if (item === 'br') html += `<br id="e${next++}">`
      else if (item === 'code') html += `<code id="e${next++}">f()</code>`
      else html += item
    }
    while (open.length > 0) html += `y</${open.pop()}>`
    return `<p id="root">${html} end.</p>`
  })

/** A translator that returns each segment's parts in a random order (an engine may move any word or tag). */
function shuffling(seed: number) {
  let state = seed || 1
  const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648)
  return fakeTranslator((segment: Segment) => {
    if (typeof segment === 'string') return segment
    const parts = [...segment]
    for (let i = parts.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[parts[i], parts[j]] = [parts[j]!, parts[i]!]
    }
    return parts
  })
}

describe('translateHtml › nesting of inline elements', () => {
  test('issue 12: a <code> inside a link stays inside it when the translator moves it before the link', () => {
    const html = '<p>To do so, add the <a href="https://x.test/cors"><code>crossorigin</code> attribute</a> to the element.</p>'
    const { segments, write } = extractHtml(html)
    expect(segments).toEqual([['To do so, add the ', tok('1', 'open'), tok('2', 'void'), ' attribute', tok('1', 'close'), ' to the element.']])
    // What the engine answered before the fix: the code token before the link, the link on one word.
    const answer: SegmentPart[] = ['Para hacerlo, añade el ', tok('2', 'void'), ' ', tok('1', 'open'), 'atributo', tok('1', 'close'), ' al elemento.']
    expect(write([answer])).toBe('<p>Para hacerlo, añade el <a href="https://x.test/cors"><code>crossorigin</code> atributo</a> al elemento.</p>')
  })

  test('keeps every element inside its source parent, well nested, whatever order the translator returns', async () => {
    await fc.assert(
      fc.asyncProperty(inlineHtml, fc.integer({ min: 1, max: 2 ** 30 }), async (html, seed) => {
        const { html: out } = await translateHtml(html, shuffling(seed))
        expectNestedLike(html, out)
      }),
      { numRuns: 300 },
    )
  })
})

describe.skipIf(!haveApertium)('translateHtml › nesting on a real page through Apertium', () => {
  let engine: Engine
  beforeAll(() => { engine = createEngine({ cacheSize: 0, pipelinesPerDirection: 1 }) })
  afterAll(async () => { await engine.close() })

  test('issue 12: MDN excerpt en→es keeps <code> inside its link and every tag byte-identical', async () => {
    const translate = async (segments: readonly Segment[]) =>
      (await engine.translate(segments, { source: 'en', target: 'es' })).map((t) => t.segment)
    const { html } = await translateHtml(mdn, translate)
    const link = /<a class="external" href="http:\/\/whatwg\.org\/html#attr-img-crossorigin">([^]*?)<\/a>/.exec(html)
    expect(link?.[1]).toContain('<code>crossorigin</code>')
    expect(link?.[1]).toMatch(/atributo/)
    const tags = (s: string) => s.match(/<[^>]+>/g)!.sort()
    expect(tags(html)).toEqual(tags(mdn))
    const text = html.replace(/<[^>]+>/g, '')
    expect(text).not.toMatch(/ {2}|[@*#]\p{L}/u)
  })
})
