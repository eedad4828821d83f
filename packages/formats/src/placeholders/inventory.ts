/**
 * What in a value must survive translation unchanged: its placeholders, inline tags and ICU
 * arguments. Tools that check translated files (`verso check`) compare the inventory of a
 * translation with its source's; the masking in `prepare` protects the same things.
 */
import { parse as parseIcu, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import type { FormatId } from '../types.js'
import { tokenize } from './tokens.js'

export interface Inventory {
  /** Placeholders and other protected tokens (`{name}`, `%1$s`, `{{x}}`, `\n`, URLs), each as written, sorted. */
  placeholders: string[]
  /** Inline tags as written (`<a href="/x">`, `</a>`, `<br/>`), sorted. */
  tags: string[]
  /** ICU argument names (`count` of `{count, plural, …}`), sorted, each once; empty for non-ICU values. */
  icuArguments: string[]
}

const ICU_ARGUMENT = /\{\s*[\w$.-]+\s*(?:,|\})/

export function inventory(text: string, options: { format?: FormatId } = {}): Inventory {
  const placeholders: string[] = []
  const tags: string[] = []
  const icuArguments = new Set<string>()
  const literals: string[] = []
  let ast: MessageFormatElement[] | null = null
  if (ICU_ARGUMENT.test(text)) {
    try {
      ast = parseIcu(text, { ignoreTag: true })
    } catch {
      ast = null
    }
  }
  const complexIcu = ast?.some(function complex(el: MessageFormatElement): boolean {
    return el.type === TYPE.plural || el.type === TYPE.select
  })
  if (ast && complexIcu) {
    const walk = (elements: MessageFormatElement[]) => {
      for (const el of elements) {
        if (el.type === TYPE.literal) literals.push(el.value)
        else if ('value' in el && typeof el.value === 'string') icuArguments.add(el.value)
        if (el.type === TYPE.plural || el.type === TYPE.select) for (const option of Object.values(el.options)) walk(option.value)
      }
    }
    walk(ast)
  } else {
    literals.push(text)
  }
  for (const literal of literals) {
    for (const piece of tokenize(literal, { colonNames: options.format === 'json' })) {
      if (piece.type !== 'token') continue
      if (piece.tag) tags.push(piece.raw)
      else placeholders.push(piece.raw)
    }
  }
  return { placeholders: placeholders.sort(), tags: tags.sort(), icuArguments: [...icuArguments].sort() }
}
