import type { CST } from 'yaml'

/**
 * The nesting depth of a CST, found iteratively (so a 100 000-deep `[[[[` input cannot overflow
 * the stack); stops at the first collection deeper than `limit`.
 */
export function maxCstDepth(tokens: CST.Token[], limit: number): { tooDeep: boolean; offset: number } {
  // two parallel stacks (token, depth) rather than one object per token: a 10 MB file has ~10⁶ tokens
  const stack: Array<CST.Token | null | undefined> = []
  const depths: number[] = []
  for (const token of tokens) {
    stack.push(token)
    depths.push(0)
  }
  while (stack.length > 0) {
    const token = stack.pop()
    const depth = depths.pop()!
    if (!token) continue
    switch (token.type) {
      case 'document':
        stack.push(token.value)
        depths.push(depth)
        break
      case 'block-map':
      case 'block-seq':
      case 'flow-collection': {
        if (depth + 1 > limit) return { tooDeep: true, offset: token.offset }
        for (const item of token.items) {
          if ('key' in item) {
            stack.push(item.key)
            depths.push(depth + 1)
          }
          stack.push(item.value)
          depths.push(depth + 1)
        }
        break
      }
      default:
        break
    }
  }
  return { tooDeep: false, offset: 0 }
}
