import { describe, expect, test } from 'vitest'
import { decodeSegment, encodeSegment, type InlineToken, type Segment } from '@verso/engine'
import { englishEngine, haveApertium } from './real-apertium.js'


describe('path separators go as barriers (simulated answers)', () => {
  test('each separator goes as a superblank and a semicolon, and comes back as written with its spaces', () => {
    const encoded = encodeSegment('Open Settings > Content  →  Default country', false, { separatorBarriers: true })
    expect(encoded.stream).toBe('Open Settings[s:];Content[s:];Default country.')
    expect(encoded.separators).toEqual([' > ', '  →  '])
    const decoded = decodeSegment('Encuadres abiertos[s:];Contenido[s:]; País por defecto.', encoded)
    expect(decoded).toMatchObject({ segment: 'Encuadres abiertos > Contenido  →  País por defecto' })
    expect(decoded.standInLost).toBeUndefined()
  })

  test('a barrier that comes back as a word of a word-bound pair is found too', () => {
    const q: InlineToken = { id: 'q', kind: 'open' }
    const qc: InlineToken = { id: 'q', kind: 'close' }
    const encoded = encodeSegment(['Go to ', q, 'Settings > Privacy', qc], true, { separatorBarriers: true })
    expect(encoded.stream).toBe('Go to [[t:0]]Settings[s:];Privacy[[/]].')
    const decoded = decodeSegment('Va a [[t:0; w:1]]Encuadres[[/]][s:][[t:0; w:2]];[[/]][[t:0; w:3]]Intimidad[[/]].', encoded)
    expect(decoded.segment).toEqual(['Va a ', q, 'Encuadres > Intimidad', qc])
  })

  test('the " + " of a key combination is one too, also between tags', () => {
    // Mastodon's "<kbd>Shift</kbd> + <kbd>Click</kbd> on the …" came back "<kbd>Clic</kbd> + de <kbd>Turno</kbd>"
    const a: InlineToken = { id: 'a', kind: 'open' }
    const ac: InlineToken = { id: 'a', kind: 'close' }
    const b: InlineToken = { id: 'b', kind: 'open' }
    const bc: InlineToken = { id: 'b', kind: 'close' }
    const encoded = encodeSegment([a, 'Shift', ac, ' + ', b, 'Click', bc, ' on the icon'], true, { separatorBarriers: true })
    expect(encoded.stream).toBe('[[t:0]]Shift[[/]][s:];[[t:2]]Click[[/]] on the icon.')
    expect(encodeSegment('Press Ctrl + S', false, { separatorBarriers: true }).separators).toEqual([' + '])
  })

  test('an answer that lost a barrier is reported, to be sent again as written', () => {
    const encoded = encodeSegment('Settings > Privacy', false, { separatorBarriers: true })
    expect(decodeSegment('Encuadres[s:] Intimidad.', encoded)).toMatchObject({ segment: 'Settings > Privacy', standInLost: true })
  })

  test('only a separator between blanks and words is one: arrows in words, a lone ">" and "->" stay text', () => {
    for (const text of ['a>b and c->d', '> quoted reply', 'Settings >', 'x >> y']) {
      expect(encodeSegment(text, false, { separatorBarriers: true }).separators).toEqual([])
    }
    expect(encodeSegment('Home | About', false).separators).toEqual([]) // off unless asked
  })
})

describe.skipIf(!haveApertium)('path separators through Apertium', () => {
  const { en } = englishEngine()

  test('the words of a menu path are not reordered across its separators', async () => {
    // NewPipe's strings.xml: "…in \"Settings > Content > Content of main page\"" came back
    // "…en \"Contenido > de > Contenido de los Encuadres de página principal\""
    expect(await en(['Open Settings > Content > Content of main page', 'You can select pages in "Settings > Content > Content of main page".', 'Open Settings → Privacy → Location'])).toEqual([
      'Configuraciones abiertas > Contenido > Contenido de página principal',
      'Puedes seleccionar páginas en "Configuraciones > Contenido > Contenido de página principal".',
      'Configuraciones abiertas → Privacidad → Ubicación',
    ])
    expect(await en(['Open Settings → Privacy → Location'], 'ca')).toEqual(['Paràmetres oberts → Privadesa → Ubicació'])
    expect(await en(['Open Settings → Privacy → Location'], 'gl')).toEqual(['Configuracións abertas → Privacidade → Localización'])
  })
})
