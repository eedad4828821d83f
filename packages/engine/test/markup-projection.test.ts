import fc from 'fast-check'
import { afterAll, describe, expect, test } from 'vitest'
import { createEngine, type InlineToken, type SegmentPart } from '@verso/engine'
import { outerPair, projectPairs, sameWords, withoutPairs } from '../src/segments/project.js'
import { englishEngine, haveApertium, haveMode } from './real-apertium.js'

const open = (id: string): InlineToken => ({ id, kind: 'open' })
const close = (id: string): InlineToken => ({ id, kind: 'close' })
const blank = (id: string): InlineToken => ({ id, kind: 'void' })

/** `<b>`-style markup for reading failures: pairs as <id>…</id>, voids as {id}. */
function show(parts: readonly SegmentPart[] | null): string | null {
  if (parts === null) return null
  return parts.map((part) => (typeof part === 'string' ? part : part.kind === 'open' ? `<${part.id}>` : part.kind === 'close' ? `</${part.id}>` : `{${part.id}}`)).join('')
}

describe('projecting tag pairs onto the answer without them', () => {
  test('a pair goes around its words where the plain answer has them once', () => {
    const tagged = ['Algo fue ', open('b'), 'mal', close('b'), ' al guardar.']
    expect(show(projectPairs(tagged, 'Algo salió mal al guardar.'))).toBe('Algo salió <b>mal</b> al guardar.')
  })

  test('the plain answer keeps its own case and text: only tokens are added', () => {
    const tagged = ['Iniciar sesión ', open('b'), 'Con', close('b'), ' Plex']
    expect(show(projectPairs(tagged, 'Iniciar sesión con Plex'))).toBe('Iniciar sesión <b>con</b> Plex')
  })

  test('a word both answers hold as often goes to the same occurrence', () => {
    const tagged = ['de la casa de ', open('b'), 'la', close('b'), ' playa']
    expect(show(projectPairs(tagged, 'de la casa de la playa'))).toBe('de la casa de <b>la</b> playa')
  })

  test('a word the plain answer holds more often goes to the one with the same next word', () => {
    const tagged = ['Syntax error ', open('b'), 'of', close('b'), ' Mermaid']
    expect(show(projectPairs(tagged, 'Error of syntax of Mermaid'))).toBe('Error of syntax <b>of</b> Mermaid')
  })

  test('a word the plain answer says otherwise takes its place when only it lies between the same neighbours', () => {
    expect(show(projectPairs(['¿', open('b'), 'Eres', close('b'), ' seguro?'], '¿Estás seguro?'))).toBe('¿<b>Estás</b> seguro?')
    expect(show(projectPairs([open('b'), 'Copia', close('b'), ' a portapapeles'], 'Copiar a portapapeles'))).toBe('<b>Copiar</b> a portapapeles')
  })

  test('a pair whose words are partly matched keeps the matched ones and the plain words between them', () => {
    expect(show(projectPairs(['¡', open('b'), 'La contraseña', close('b'), ' guardó exitosamente!'], '¡Contraseña guardada exitosamente!'))).toBe('¡<b>Contraseña</b> guardada exitosamente!')
    expect(show(projectPairs([open('b'), 'No pudo', close('b'), ' cargar'], 'No se pudo cargar'))).toBe('<b>No se pudo</b> cargar')
  })

  test('an unmatched gap is not widened over plain words that came from outside the pair', () => {
    const tagged = ['Liberar ', open('b'), 'la fecha', close('b'), ' que Asciende']
    expect(show(projectPairs(tagged, 'Fecha de emisión que Asciende'))).toBe('<b>Fecha</b> de emisión que Asciende')
  })

  test('in a wider gap the pair takes the words that share its stem', () => {
    const tagged = ['¡Emite el estado ', open('b'), 'actualizó', close('b'), ' exitosamente!']
    expect(show(projectPairs(tagged, '¡Estado de incidencia actualizado exitosamente!'))).toBe('¡Estado de incidencia <b>actualizado</b> exitosamente!')
  })

  test('a pair that shares a short gap with another word takes the gap whole; in a longer one it is not projected', () => {
    expect(show(projectPairs([open('b'), 'Fallado', close('b'), ' para editar slider.'], 'No se pudo editar slider.'))).toBe('<b>No se pudo</b> editar slider.')
    const moved = ['Recibe notificaciones cuando otro ', open('b'), 'comentario', close('b'), ' de usuarios en incidencias.']
    expect(projectPairs(moved, 'Recibe notificaciones cuando otros usuarios comentan en incidencias.')).toBeNull()
  })

  test('a pair that wraps only blanks, or an unclosed pair, is not projected', () => {
    expect(projectPairs(['Hola ', open('b'), ' ', close('b'), 'mundo'], 'Hola mundo')).toBeNull()
    expect(projectPairs(['Hola ', open('b'), 'mundo'], 'Hola mundo')).toBeNull()
  })

  test('nested pairs stay nested, in the same order', () => {
    const tagged = ['Fallado para ', open('a'), open('i'), 'eliminar', close('i'), ' slider', close('a'), '.']
    expect(show(projectPairs(tagged, 'No se pudo eliminar slider.'))).toBe('No se pudo <a><i>eliminar</i> slider</a>.')
  })

  test('pairs apart in the tagged answer that would overlap or nest in the plain one are not projected', () => {
    const tagged = [open('a'), 'casa', close('a'), ' ', open('b'), 'roja', close('b')]
    expect(projectPairs(tagged, 'roja casa')).toBeNull()
    expect(projectPairs([open('a'), 'casa roja', close('a'), ' y ', open('b'), 'roja', close('b'), ' ya'], 'casa roja y ya')).toBeNull()
  })

  test('void tokens keep their place in the plain answer and may be inside a pair', () => {
    const tagged = ['Hola ', open('b'), blank('n'), close('b'), ', tienes mensajes']
    expect(show(projectPairs(tagged, ['Hola ', blank('n'), ', tienes mensajes nuevos']))).toBe('Hola <b>{n}</b>, tienes mensajes nuevos')
  })

  test('a text that already holds a private-use character is not projected', () => {
    expect(projectPairs(['\uE000 ', open('b'), 'hola', close('b')], 'hola \uE000')).toBeNull()
  })

  test('a tagged answer projected onto its own text comes back as it was', () => {
    const word = fc.constantFrom('casa', 'roja', 'de', 'la', 'Mar', 'el', 'sol', '4K', '¿qué?')
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 8 }), fc.array(fc.tuple(fc.nat(7), fc.nat(3)), { maxLength: 3 }), (words, wraps) => {
        // word runs that nest or lie apart, never the same run twice
        const spans: Array<{ id: string; start: number; end: number }> = []
        wraps.forEach(([from, length], n) => {
          const start = from % words.length
          const end = Math.min(words.length - 1, start + length)
          const crosses = spans.some((other) => (other.start < start && start <= other.end && other.end < end) || (start < other.start && other.start <= end && end < other.end))
          if (!crosses && !spans.some((other) => other.start === start && other.end === end)) spans.push({ id: `p${n}`, start, end })
        })
        const tagged: SegmentPart[] = []
        words.forEach((word, i) => {
          if (i > 0) tagged.push(' ')
          for (const span of spans.filter((s) => s.start === i).sort((a, b) => b.end - a.end)) tagged.push(open(span.id))
          tagged.push(word)
          for (const span of spans.filter((s) => s.end === i).sort((a, b) => b.start - a.start)) tagged.push(close(span.id))
        })
        expect(show(projectPairs(tagged, words.join(' ')))).toBe(spans.length === 0 ? null : show(tagged))
      }),
    )
  })
})

describe('the answer without tags', () => {
  test('drops the pairs, keeps the voids and joins the texts', () => {
    expect(show(withoutPairs(['Click ', open('a'), 'here', close('a'), ' or ', blank('n')]))).toBe('Click here or {n}')
  })

  test('is not made when a tag sits between two letters, or when there is no pair', () => {
    expect(withoutPairs([open('b'), 'H', close('b'), 'ello'])).toBeNull()
    expect(withoutPairs(['m', open('s'), '2', close('s')])).toBeNull()
    expect(withoutPairs(['Hello ', blank('n')])).toBeNull()
    expect(withoutPairs('Hello')).toBeNull()
  })

  test('says the same regardless of pairs and runs of blanks, but not of voids', () => {
    expect(sameWords(['Hola ', open('b'), 'mundo', close('b')], 'Hola  mundo')).toBe(true)
    expect(sameWords(['Hola ', blank('n')], 'Hola')).toBe(false)
  })
})

describe('a pair around the whole text', () => {
  test('is found with the blanks outside it, its inside a string when it holds no token', () => {
    expect(outerPair([' ', open('i'), 'Hello there', close('i'), '\n'])).toEqual({ before: [' '], open: open('i'), inside: 'Hello there', close: close('i'), after: ['\n'] })
    expect(outerPair([open('a'), open('b'), 'Are', close('b'), ' you sure?', close('a')])!.inside).toEqual([open('b'), 'Are', close('b'), ' you sure?'])
  })

  test('is not found when words lie outside it or two pairs stand side by side', () => {
    expect(outerPair(['Click ', open('a'), 'here', close('a')])).toBeNull()
    expect(outerPair([open('a'), 'Home', close('a'), ' ', open('b'), 'About', close('b')])).toBeNull()
    expect(outerPair([open('a'), 'Home', close('a'), ' | ', open('a2'), 'About', close('a2')])).toBeNull()
    expect(outerPair('Hello')).toBeNull()
  })
})

describe.skipIf(!haveApertium)('tags around some of the words a rule reads as one (real Apertium)', () => {
  const { en } = englishEngine()

  test('English into Spanish: the words are those of the text without tags', async () => {
    const out = await en([
      ['Something went ', open('b'), 'wrong', close('b'), ' while saving the password.'],
      [open('b'), 'Copy', close('b'), ' to clipboard'],
      [open('b'), 'Are', close('b'), ' you sure?'],
      ['TMDB User ', open('b'), 'Score', close('b')],
      ['Failed to ', open('a'), open('i'), 'delete', close('i'), ' slider', close('a'), '.'],
    ])
    expect(out.map((segment) => show(segment as SegmentPart[]))).toEqual([
      'Algo salió <b>mal</b> al guardar la contraseña.',
      '<b>Copiar</b> a portapapeles',
      '¿<b>Estás</b> seguro?',
      'TMDB <b>Marcador</b> de usuario',
      'No se pudo <a><i>eliminar</i> slider</a>.',
    ])
  })

  test('a pair around the whole text goes around the answer of its inside', async () => {
    const out = await en([[open('i'), 'Sign in to continue.', close('i')], [open('a'), open('b'), 'Are', close('b'), ' you sure?', close('a')]])
    expect(out.map((segment) => show(segment as SegmentPart[]))).toEqual(['<i>Iniciar sesión para continuar.</i>', '<a>¿<b>Estás</b> seguro?</a>'])
  })
})

describe.skipIf(!haveMode('spa-eng'))('tags around a word of a Spanish noun phrase (real Apertium)', () => {
  const engine = createEngine({ cacheSize: 0 })
  afterAll(() => engine.close())

  test('Spanish into English: the compound reads as without tags, the tag on its noun', async () => {
    const out = await engine.translate([['Perfil de ', open('b'), 'calidad', close('b')], ['Editar Permisos de ', open('b'), 'Usuario', close('b')]], { source: 'es', target: 'en' })
    expect(out.map((t) => show(t.segment as SegmentPart[]))).toEqual(['<b>Quality</b> profile', 'Edit <b>User</b> permissions'])
  })
})
