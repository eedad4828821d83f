import type { CST } from 'yaml'

/**
 * The nesting depth of a CST, found iteratively (so a 100 000-deep `[[[[` input cannot overflow
 * the stack); stops at the first collection deeper than `limit`.
 */
export function maxCstDepth(tokens: CST.Token[], limit: number): { tooDeep: boolean; offset: number } {
  const stack: Array<{ token: CST.Token | null | undefined; depth: number }> = tokens.map((token) => ({ token, depth: 0 }))
  while (stack.length > 0) {
    const { token, depth } = stack.pop()!
    if (!token) continue
    switch (token.type) {
      case 'document':
        stack.push({ token: token.value, depth })
        break
      case 'block-map':
      case 'block-seq':
      case 'flow-collection': {
        if (depth + 1 > limit) return { tooDeep: true, offset: token.offset }
        for (const item of token.items) {
          if ('key' in item) stack.push({ token: item.key, depth: depth + 1 })
          stack.push({ token: item.value, depth: depth + 1 })
        }
        break
      }
      default:
        break
    }
  }
  return { tooDeep: false, offset: 0 }
}
