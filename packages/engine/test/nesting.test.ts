import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { decodeSegment, encodeSegment, nestLike, repairTokens, type InlineToken, type SegmentPart } from '@verso/engine'

type Tree = string | { kind: 'pair'; children: Tree[] } | { kind: 'void' }

/** Random well-nested segments: words, voids and pairs nested to any depth. */
const tree: fc.Arbitrary<Tree[]> = fc.letrec<{ node: Tree; list: Tree[] }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('cat ', 'red ', 'the ', 'big', ' ', 'house '),
    fc.constant({ kind: 'void' } as const),
    tie('list').map((children): Tree => ({ kind: 'pair', children })),
  ),
  list: fc.array(tie('node'), { maxLength: 5 }),
})).list

function flatten(nodes: Tree[]): SegmentPart[] {
  let next = 0
  const out: SegmentPart[] = []
  const walk = (list: Tree[]) => {
    for (const node of list) {
      if (typeof node === 'string') out.push(node)
      else if (node.kind === 'void') out.push({ id: `v${next++}`, kind: 'void' })
      else {
        const id = `p${next++}`
        out.push({ id, kind: 'open' })
        walk(node.children)
        out.push({ id, kind: 'close' })
      }
    }
  }
  walk(nodes)
  return out
}

/** Innermost enclosing pair of each token, by id. */
function parents(parts: readonly SegmentPart[]): Map<string, string | null> {
  const stack: string[] = []
  const out = new Map<string, string | null>()
  for (const part of parts) {
    if (typeof part === 'string') continue
    if (part.kind === 'close') { stack.pop(); continue }
    out.set(part.id, stack[stack.length - 1] ?? null)
    if (part.kind === 'open') stack.push(part.id)
  }
  return out
}

/** Asserts: every source token once, pairs well nested, every token inside its source parent. */
function expectNestedLike(source: readonly SegmentPart[], output: readonly SegmentPart[]): void {
  const tokens = (parts: readonly SegmentPart[]) => parts.filter((p): p is InlineToken => typeof p !== 'string')
  const key = (t: InlineToken) => `${t.kind}:${t.id}`
  expect(tokens(output).map(key).sort()).toEqual(tokens(source).map(key).sort())
  const stack: string[] = []
  const ancestors = new Map<string, string[]>()
  for (const t of tokens(output)) {
    if (t.kind === 'close') {
      expect(stack.pop()).toBe(t.id)
      continue
    }
    ancestors.set(t.id, [...stack])
    if (t.kind === 'open') stack.push(t.id)
  }
  expect(stack).toEqual([])
  for (const [id, parent] of parents(source)) if (parent !== null) expect(ancestors.get(id)).toContain(parent)
}

/** An engine answer with its words, blanks and tokens in a random order (transfer may reorder anything). */
function shuffledAnswer(stream: string, order: number[]): string {
  const units = stream.match(/\[\[t:[^\]]*\]\][^[]*?\[\[\/\]\]|\[[^\]]*\]|[^\s[]+|\s+/g) ?? []
  return order.map((k) => units[k % Math.max(units.length, 1)]).filter((u, k, all) => all.indexOf(u) === k).join(' ')
}

describe('nesting of inline tokens', () => {
  test('nestLike keeps every child inside its source parent whatever order the tokens come back in', () => {
    fc.assert(
      fc.property(tree, fc.array(fc.nat(), { maxLength: 40 }), (nodes, seeds) => {
        const source = flatten(nodes)
        const pieces = [...source]
        // Move tokens and texts around at random, then let repairTokens restore the token set.
        seeds.forEach((seed, k) => {
          if (pieces.length < 2) return
          const from = seed % pieces.length
          const [moved] = pieces.splice(from, 1)
          pieces.splice((seed + k) % (pieces.length + 1), 0, moved!)
        })
        const tokens = source.filter((p): p is InlineToken => typeof p !== 'string')
        const output = nestLike(source, repairTokens(pieces, tokens))
        expectNestedLike(source, output)
        const text = (parts: readonly SegmentPart[]) => parts.filter((p) => typeof p === 'string').join('')
        expect(text(output)).toBe(text(pieces))
      }),
      { numRuns: 500 },
    )
  })

  test('nestLike returns an output that already nests like its source unchanged', () => {
    fc.assert(
      fc.property(tree, (nodes) => {
        const source = flatten(nodes).filter((p) => p !== '')
        expect(nestLike(source, source)).toEqual(source)
      }),
      { numRuns: 300 },
    )
  })

  test('decodeSegment nests like the source for any answer order, word-bound or not', () => {
    fc.assert(
      fc.property(tree, fc.boolean(), fc.array(fc.nat(), { maxLength: 30 }), (nodes, wordBound, order) => {
        const source = flatten(nodes)
        const encoded = encodeSegment(source, wordBound)
        const out = decodeSegment(shuffledAnswer(encoded.stream, order), encoded).segment
        if (typeof out === 'string') return
        expectNestedLike(source, out)
      }),
      { numRuns: 500 },
    )
  })

  test('issue 12: a code element inside a link stays inside when the engine moves it before the link', () => {
    const source: SegmentPart[] = ['add the ', { id: '1', kind: 'open' }, { id: '2', kind: 'void' }, ' attribute', { id: '1', kind: 'close' }, ' to it.']
    const encoded = encodeSegment(source, true)
    expect(encoded.stream).toBe('add the [[t:0]][t:1:v] attribute[[/]] to it.')
    // What eng-spa answers: the superblank keeps its place, the word-bound word moves.
    const decoded = decodeSegment('Añadir el [t:1:v] [[t:0]]atributo[[/]] a él.', encoded)
    expect(decoded.segment).toEqual(['Añadir el ', { id: '1', kind: 'open' }, { id: '2', kind: 'void' }, ' atributo', { id: '1', kind: 'close' }, ' a él.'])
  })
})
