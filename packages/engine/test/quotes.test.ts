import { describe, expect, test } from 'vitest'
import { maskQuotes, type InlineToken, type Segment, type SegmentPart } from '@verso/engine'
import { englishEngine, haveApertium } from './real-apertium.js'


const open = (id: string): InlineToken => ({ id, kind: 'open' })
const close = (id: string): InlineToken => ({ id, kind: 'close' })
const name: InlineToken = { id: 'name', kind: 'void' }

/** The masked segment with each quote token shown as ‹id› … ‹/id›. */
function shown(segment: Segment): string {
  return (typeof segment === 'string' ? [segment] : segment).map((part) => (typeof part === 'string' ? part : part.kind === 'open' ? `‹${part.id}›` : part.kind === 'close' ? `‹/${part.id}›` : `‹${part.id}/›`)).join('')
}

describe('maskQuotes', () => {
  test('a pair of quotation marks becomes a tag pair around the words it quotes, and comes back as written', () => {
    const masked = maskQuotes("Click 'Save' to continue")
    expect(shown(masked.segment)).toBe('Click ‹quote0›Save‹/quote0› to continue')
    expect(masked.pairs).toBe(1)
    expect(masked.restore(['El clic ', open('quote0'), 'Salva', close('quote0'), ' para continuar'])).toBe("El clic 'Salva' para continuar")
  })

  test('straight, curly and double quotes pair with their own closing mark', () => {
    const masked = maskQuotes('Show ‘Next’, "Similar" and “Other” videos')
    expect(shown(masked.segment)).toBe('Show ‹quote0›Next‹/quote0›, ‹quote1›Similar‹/quote1› and ‹quote2›Other‹/quote2› videos')
    expect(masked.restore(masked.segment)).toBe('Show ‘Next’, "Similar" and “Other” videos')
  })

  test('apostrophes inside words, a closing one without an opener and an opener never closed stay text', () => {
    for (const text of ["Don't show NewPipe's player", "The users' files", "In the '90s", "It’s done"]) {
      expect(maskQuotes(text)).toMatchObject({ segment: text, pairs: 0 })
    }
    expect(shown(maskQuotes("The users' files are 'ready'.").segment)).toBe("The users' files are ‹quote0›ready‹/quote0›.")
    expect(shown(maskQuotes("It's 'fine', isn't it?").segment)).toBe("It's ‹quote0›fine‹/quote0›, isn't it?")
  })

  test("quotes around a placeholder or a tag pair are masked; a token's possessive is not a quote", () => {
    expect(shown(maskQuotes(["Delete '", name, "'?"]).segment)).toBe('Delete ‹quote0›‹name/›‹/quote0›?')
    expect(shown(maskQuotes(['Open "', open('b'), 'Settings', close('b'), '"']).segment)).toBe('Open ‹quote0›‹b›Settings‹/b›‹/quote0›')
    expect(maskQuotes([name, "'s profile"]).pairs).toBe(0)
  })

  test('a quote pair never crosses a tag boundary', () => {
    const segment: SegmentPart[] = ["Say '", open('b'), "hello' and", close('b'), ' bye']
    expect(maskQuotes(segment)).toMatchObject({ segment, pairs: 0 })
    expect(shown(maskQuotes([open('b'), "'hi'", close('b'), " 'yo'"]).segment)).toBe('‹b›‹quote0›hi‹/quote0›‹/b› ‹quote1›yo‹/quote1›')
  })

  test('nested quotes of another kind pair inside the outer ones', () => {
    expect(shown(maskQuotes(`He said "press 'Save' now".`).segment)).toBe('He said ‹quote1›press ‹quote0›Save‹/quote0› now‹/quote1›.')
  })

  test("token ids never clash with the caller's", () => {
    const masked = maskQuotes([open('quote0'), "'Save'", close('quote0')])
    expect(shown(masked.segment)).toBe('‹quote0›‹_quote0›Save‹/_quote0›‹/quote0›')
    expect(masked.restore(masked.segment)).toEqual([open('quote0'), "'Save'", close('quote0')])
  })
})

describe.skipIf(!haveApertium)('quoted words through Apertium', () => {
  const { en } = englishEngine()

  test("a quoted word starting with s is not read as a genitive 's, and the quotes stay around its translation", async () => {
    // NewPipe's strings.xml: "Show \'Next\' and \'Similar\' videos" came back "… y esimilar\' vídeos",
    // "The \'Storage Access Framework\' allows…" → "El estorage Marco de Acceso\' deja…"
    expect(await en(["Click 'Save' to continue", "Show 'Next' and 'Similar' videos", "The 'Storage Access Framework' allows downloads"])).toEqual([
      "El clic 'Guarda' para continuar",
      "Mostrar 'Luego' y vídeos 'Similares'",
      "El 'Marco de Acceso del Almacenamiento' permite descargas",
    ])
    // (a command before quotes that open words is the verb: eng-cat's imperative, "Fes clic")
    expect(await en(["Click 'Save' to continue"], 'ca')).toEqual(["Fes clic 'Desar' per continuar"])
  })

  test('a curly closing quote comes back curly, and eng-hbs no longer writes its "parquote" for a double quote', async () => {
    expect(await en(['‘Save’ and “Open”'])).toEqual(['‘Guardar’ y “Abierto”'])
    const [sr] = await en(['Turn on the "Restricted Mode"'], 'sr')
    expect(sr).not.toContain('parquote')
    expect(sr).toMatch(/^[^"]*"[^"]+"$/)
  })

  test('quotes around a placeholder come back around it', async () => {
    expect(await en([["Delete '", name, "'?"]])).toEqual([["¿Elimina '", name, "'?"]])
  })
})
