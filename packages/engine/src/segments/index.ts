/**
 * Restores the nesting of inline tokens after a translator moved them: whatever order the
 * engine put the words in, a token that was inside a pair in the source ends up inside it
 * (`<a><code/> attribute</a>` whose `<code/>` came back before the link becomes
 * `<a><code/> atributo</a>`, not `<code/> <a>atributo</a>`), and pairs never cross.
 * `@verso/html` and `@verso/subtitles` keep copies (each package stands alone): a change
 * to one belongs in all three.
 */
import type { InlineToken, SegmentPart } from '../segment.js'

export type { InlineToken, Segment, SegmentPart } from '../segment.js'

/** A token of the source, with its place in the source tree and its span in the output. */
interface Node {
  readonly token: InlineToken
  /** Source order, for ties. */
  readonly order: number
  /** Innermost enclosing pair; may change to a sibling pair that overlaps it (still inside the source parent). */
  parent: Node | null
  readonly children: Node[]
  /** Output span in gaps (gap g sits before text atom g): a void has start === end. */
  start: number
  end: number
}

/**
 * Returns `output` with its tokens rearranged so that every child of a source pair lies
 * inside that pair and sibling pairs do not overlap. A pair is widened to cover its
 * children (so a link keeps the words it covered); a pair overlapping a sibling is put
 * inside it. `output` should hold every token of `source` once with each close after its
 * open (what a repair step makes): tokens it lacks are left out, a token `source` does not
 * have is dropped, a close before its open is dropped and its pair closed at the end.
 * `source` must be well nested. Text is never changed or reordered, so an output that
 * already nests like its source comes back equal, except that tokens between the same
 * two texts follow the source order.
 */
export function nestLike(source: readonly SegmentPart[], output: readonly SegmentPart[]): SegmentPart[] {
  const nodes = new Map<string, Node>()
  const roots: Node[] = []
  const stack: Node[] = []
  let order = 0
  for (const part of source) {
    if (typeof part === 'string') continue
    if (part.kind === 'close') {
      stack.pop()
      continue
    }
    const parent = stack[stack.length - 1] ?? null
    const node: Node = { token: part, order: order++, parent, children: [], start: 0, end: 0 }
    nodes.set(part.id, node)
    ;(parent ? parent.children : roots).push(node)
    if (part.kind === 'open') stack.push(node)
  }
  if (nodes.size === 0) return [...output]

  const texts: string[] = []
  const closes = new Map<string, InlineToken>()
  const present = new Set<Node>()
  for (const part of output) {
    if (typeof part === 'string') {
      if (part !== '') texts.push(part)
      continue
    }
    const node = nodes.get(part.id)
    if (!node || node.token.kind !== (part.kind === 'close' ? 'open' : part.kind)) continue
    if (part.kind === 'close') {
      if (!present.has(node) || closes.has(part.id)) continue
      node.end = texts.length
      closes.set(part.id, part)
    } else {
      if (present.has(node)) continue
      present.add(node)
      node.start = texts.length
      node.end = texts.length
    }
  }
  // Tokens the output lacks stay out; their children take their place in the tree.
  // An open whose close is missing closes at the end.
  for (const node of nodes.values()) {
    if (node.token.kind === 'open' && present.has(node) && !closes.has(node.token.id)) node.end = texts.length
    if (present.has(node)) continue
    const siblings = node.parent ? node.parent.children : roots
    siblings.splice(siblings.indexOf(node), 1, ...node.children)
    for (const child of node.children) child.parent = node.parent
    nodes.delete(node.token.id)
  }

  // Widen pairs over their children, and nest overlapping siblings, until nothing changes.
  // Each pass only widens spans or moves a node deeper, so it ends.
  const all = [...nodes.values()]
  let changed = true
  while (changed) {
    changed = false
    for (const node of all) {
      for (const child of node.children) {
        if (child.start < node.start) { node.start = child.start; changed = true }
        if (child.end > node.end) { node.end = child.end; changed = true }
      }
    }
    for (const node of all) {
      const siblings = node.parent ? node.parent.children : roots
      const host = siblings.find((other) => other !== node && other.token.kind === 'open' && contains(other, node))
      if (!host) continue
      siblings.splice(siblings.indexOf(node), 1)
      node.parent = host
      host.children.push(node)
      changed = true
    }
  }

  const out: SegmentPart[] = []
  const emit = (children: Node[], from: number, to: number): void => {
    const sorted = [...children].sort((a, b) => a.start - b.start || a.end - b.end || a.order - b.order)
    let cursor = from
    for (const child of sorted) {
      for (; cursor < child.start; cursor++) out.push(texts[cursor]!)
      if (child.token.kind === 'void') {
        out.push(child.token)
        continue
      }
      out.push(child.token)
      emit(child.children, child.start, child.end)
      out.push(closes.get(child.token.id) ?? { id: child.token.id, kind: 'close' })
      cursor = child.end
    }
    for (; cursor < to; cursor++) out.push(texts[cursor]!)
  }
  emit(roots, 0, texts.length)
  return out
}

/**
 * Whether sibling `node` must go inside pair `host`: a void or empty pair strictly inside
 * host's span, or a pair overlapping it by at least one text (the longer span hosts the
 * shorter; equal spans nest in source order). Touching an edge is not overlapping.
 */
function contains(host: Node, node: Node): boolean {
  if (node.start === node.end) return host.start < node.start && node.start < host.end
  const overlap = Math.min(host.end, node.end) - Math.max(host.start, node.start)
  const hostLength = host.end - host.start
  const nodeLength = node.end - node.start
  return overlap > 0 && (hostLength > nodeLength || (hostLength === nodeLength && host.order < node.order))
}
