import { describe, expect, test } from 'vitest'
import { maskCounts, type InlineToken, type Segment } from '@verso/engine'
import { englishEngine, haveApertium } from './real-apertium.js'


const n: InlineToken = { id: 'n', kind: 'void', number: true }
const m: InlineToken = { id: 'm', kind: 'void', number: true }
const name: InlineToken = { id: 'name', kind: 'void' }

describe('maskCounts', () => {
  test('a count token goes as a number the text does not hold, and its token replaces that number in the answer', () => {
    const masked = maskCounts(['Edited ', n, ' days ago, page 5 of ', m])
    expect(masked.segment).toEqual(['Edited 7 days ago, page 5 of 8'])
    expect(masked.count).toBe(2)
    expect(masked.restore(['Editado hace 7 días, página 5 de 8'])).toEqual(['Editado hace ', n, ' días, página 5 de ', m])
  })

  test('tokens without the mark, and other kinds, stay tokens', () => {
    const segment: Segment = [name, ' sent ', n, ' files']
    expect(maskCounts(segment).segment).toEqual([name, ' sent 5 files'])
    expect(maskCounts([name, ' joined']).count).toBe(0)
    expect(maskCounts('Plain text').count).toBe(0)
  })

  test('an answer that lost a number, doubled it or glued it to another is no use', () => {
    const masked = maskCounts([n, ' minutes ago'])
    expect(masked.restore(['Hace minutos'])).toBeNull()
    expect(masked.restore(['5 o 5 minutos'])).toBeNull()
    expect(masked.restore(['Hace 15 minutos'])).toBeNull()
    expect(masked.restore(['Hace 5,5 minutos'])).toBeNull()
    expect(masked.restore(['Hace 5 minutos'])).toEqual(['Hace ', n, ' minutos'])
  })

  test('numbers of the text itself are never taken for a stand-in', () => {
    expect(maskCounts(['Only 5, 7 and ', n, ' left']).segment).toEqual(['Only 5, 7 and 8 left'])
  })
})

describe.skipIf(!haveApertium)('counts through Apertium', () => {
  const { en } = englishEngine()

  test('the words around a count are translated as around a number', async () => {
    // wikipedia-ios "Edited $1 days ago" came back "Editó $1 hace días"; eng-cat "Deleted {n} items" → "Elements {n} eliminats"
    expect(await en([['Edited ', n, ' days ago'], [n, ' minutes ago'], ['Deleted ', n, ' items']], 'es')).toEqual([
      ['Editado hace ', n, ' días'],
      ['Hace ', n, ' minutos'],
      ['Eliminado ', n, ' elementos'],
    ])
    expect(await en([['Edited ', n, ' days ago'], ['Deleted ', n, ' items']], 'ca')).toEqual([['Editat fa ', n, ' dies'], ['Eliminat ', n, ' elements']])
    expect(await en([['Showing ', n, ' of ', m, ' results']], 'gl')).toEqual([['Mostrando ', n, ' de ', m, ' resultados']])
  })
})
