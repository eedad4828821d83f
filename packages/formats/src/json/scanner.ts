import type { Issue } from '../types.js'
import { joinKey } from '../shared/keys.js'
import { isPluralKeySet } from '../shared/plural.js'
import { LineIndex, makeIssue } from '../shared/text.js'

/** A value found while scanning, with the offsets write-back splices at. */
export interface JsonSlot {
  key: string
  /** Decoded text (strings) or the raw literal (numbers, booleans, null). */
  text: string
  isString: boolean
  /** Offsets of the value in the text, quotes included. */
  start: number
  end: number
  /** Set on a plural map: the object's members by category. */
  plural?: PluralMap
}

export interface PluralMap {
  /** Offsets of the object, braces included (of the members, for i18next suffix plurals). */
  start: number
  end: number
  members: Array<{ category: string; keyStart: number; valueStart: number; valueEnd: number; text: string }>
  /**
   * i18next suffix plurals (`"item_one"`, `"item_other"` side by side): the member names are
   * this prefix plus the category (`item_`). Unset for a plural object (`"item": {"one": …}`).
   */
  keyPrefix?: string
}

/** An i18next v4 plural key: base, `_`, CLDR category. */
const SUFFIX_PLURAL = /^(.+)_(zero|one|two|few|many|other)$/

interface Frame {
  kind: 'object' | 'array'
  /** Key of the container itself (null for the root). */
  key: string | null
  start: number
  index: number
  keys: Set<string>
  /** Member key being read (objects). */
  member: string
  memberStart: number
  /** Slot count when the container opened, and whether every member so far is a string. */
  slotMark: number
  allStrings: boolean
  memberKeys: MemberKey[]
  /** Each member name's latest occurrence. */
  latest: Map<string, MemberKey>
  /** A member was given twice: `closeObject` drops the earlier one's slots and key (see `dead`). */
  hasDead: boolean
}

interface MemberKey {
  name: string
  keyStart: number
  /** Its values' slots: from `from` to `to` (set when the next member starts). */
  from: number
  to?: number
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y

/**
 * An iterative (stack-safe) JSON scanner: it records every scalar's path and offsets, reports
 * syntax errors, duplicate keys and excessive depth as issues, and stops at the first syntax error.
 */
export function scanJson(text: string, maxDepth: number): { slots: JsonSlot[]; issues: Issue[] } {
  const slots: JsonSlot[] = []
  const issues: Issue[] = []
  let lines: LineIndex | undefined
  const at = (offset: number) => (lines ??= new LineIndex(text)).position(offset)
  const fail = (code: Issue['code'], message: string, offset: number): void => {
    const p = at(offset)
    issues.push(makeIssue(code, message, p.line, p.column))
  }

  const n = text.length
  let pos = 0
  const stack: Frame[] = []
  const ws = () => {
    while (pos < n) {
      const c = text.charCodeAt(pos)
      if (c === 32 || c === 10 || c === 13 || c === 9) pos++
      else break
    }
  }
  /** Reads a string at pos (a '"'); returns its decoded value or undefined after reporting. */
  const readString = (): string | undefined => {
    const open = pos
    pos++
    let out = ''
    let chunk = pos
    while (pos < n) {
      const c = text.charCodeAt(pos)
      if (c === 34) {
        out += text.slice(chunk, pos)
        pos++
        return out
      }
      if (c === 92) {
        out += text.slice(chunk, pos)
        const e = text[pos + 1]
        switch (e) {
          case '"': out += '"'; break
          case '\\': out += '\\'; break
          case '/': out += '/'; break
          case 'b': out += '\b'; break
          case 'f': out += '\f'; break
          case 'n': out += '\n'; break
          case 'r': out += '\r'; break
          case 't': out += '\t'; break
          case 'u': {
            const hex = text.slice(pos + 2, pos + 6)
            if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
              fail('FORMAT_SYNTAX', 'invalid \\u escape', pos)
              return undefined
            }
            out += String.fromCharCode(parseInt(hex, 16))
            pos += 4
            break
          }
          default:
            fail('FORMAT_SYNTAX', e === undefined ? 'unterminated string' : `invalid escape \\${e}`, pos)
            return undefined
        }
        pos += 2
        chunk = pos
        continue
      }
      if (c < 0x20) {
        fail('FORMAT_SYNTAX', 'unescaped control character in string', pos)
        return undefined
      }
      pos++
    }
    fail('FORMAT_SYNTAX', 'unterminated string', open)
    return undefined
  }

  const childKey = (): string | null => {
    const top = stack[stack.length - 1]
    if (!top) return null
    return top.kind === 'array' ? joinKey(top.key, String(top.index)) : joinKey(top.key, top.member)
  }

  /**
   * Slots and member keys of an earlier occurrence of a key given twice: marked when the later
   * one is met and compacted away once, when their object closes (and at the end, for an object
   * a syntax error left open), so that a file of many repeats is read in linear time.
   */
  const dead = new Set<JsonSlot | MemberKey>()
  const compact = (from: number): void => {
    let kept = from
    for (let i = from; i < slots.length; i++) if (!dead.has(slots[i]!)) slots[kept++] = slots[i]!
    slots.length = kept
  }

  const closeObject = (frame: Frame, end: number): void => {
    if (frame.hasDead) {
      compact(frame.slotMark)
      frame.memberKeys = frame.memberKeys.filter((m) => !dead.has(m))
    }
    const direct = slots.length - frame.slotMark
    const names = frame.memberKeys.map((m) => m.name)
    if (frame.allStrings && direct === names.length && isPluralKeySet(names)) {
      const members = slots.splice(frame.slotMark, direct).map((s, i) => ({
        category: names[i]!, keyStart: frame.memberKeys[i]!.keyStart, valueStart: s.start, valueEnd: s.end, text: s.text,
      }))
      const other = members.find((m) => m.category === 'other')!
      slots.push({
        key: frame.key ?? '', text: other.text, isString: true, start: frame.start, end,
        plural: { start: frame.start, end, members },
      })
    } else groupSuffixPlurals(frame)
  }

  /**
   * Makes one plural entry (key `item`) of each run of adjacent string members named like
   * i18next's `item_one`, `item_other` (`other` and at least one more category). Left as
   * separate entries: runs with a gap, ordinal keys (`item_ordinal_one`), and runs whose base
   * is also a member of the object (`item` beside `item_other`), whose key would be ambiguous.
   */
  const groupSuffixPlurals = (frame: Frame): void => {
    const members = frame.memberKeys
    let directSlots: Map<string, number> | undefined
    const groups = new Map<number, JsonSlot>() // slot index of a run's first member → the plural slot
    const grouped = new Set<number>()
    for (let i = 0; i < members.length; ) {
      const base = SUFFIX_PLURAL.exec(members[i]!.name)?.[1]
      let j = i + 1
      if (base === undefined) {
        i = j
        continue
      }
      const categories = [SUFFIX_PLURAL.exec(members[i]!.name)![2]!]
      for (; j < members.length; j++) {
        const m = SUFFIX_PLURAL.exec(members[j]!.name)
        if (!m || m[1] !== base || categories.includes(m[2]!)) break
        categories.push(m[2]!)
      }
      const run = members.slice(i, j)
      i = j
      if (!isPluralKeySet(categories) || base.endsWith('_ordinal') || frame.keys.has(base)) continue
      if (!directSlots) {
        directSlots = new Map()
        for (let k = frame.slotMark; k < slots.length; k++) {
          const slot = slots[k]!
          if (slot.isString && !slot.plural) directSlots.set(slot.key, k)
        }
      }
      const indexes = run.map((m) => directSlots!.get(joinKey(frame.key, m.name)))
      if (indexes.some((k) => k === undefined)) continue // a member that is not a string
      const pluralMembers = run.map((m, k) => {
        const slot = slots[indexes[k]!]!
        return { category: categories[k]!, keyStart: m.keyStart, valueStart: slot.start, valueEnd: slot.end, text: slot.text }
      })
      const first = pluralMembers[0]!
      const last = pluralMembers[pluralMembers.length - 1]!
      groups.set(indexes[0]!, {
        key: joinKey(frame.key, base), text: pluralMembers.find((m) => m.category === 'other')!.text, isString: true,
        start: first.keyStart, end: last.valueEnd,
        plural: { start: first.keyStart, end: last.valueEnd, members: pluralMembers, keyPrefix: `${base}_` },
      })
      for (const k of indexes) grouped.add(k!)
    }
    if (groups.size === 0) return
    const rest = slots.splice(frame.slotMark)
    rest.forEach((slot, k) => {
      const index = frame.slotMark + k
      const group = groups.get(index)
      if (group) slots.push(group)
      else if (!grouped.has(index)) slots.push(slot)
    })
  }

  // states: 0 value expected, 1 after a value
  let expectValue = true
  ws()
  if (pos >= n) {
    fail('FORMAT_SYNTAX', 'empty document', 0)
    return { slots, issues }
  }
  while (true) {
    ws()
    if (expectValue) {
      if (pos >= n) {
        fail('FORMAT_SYNTAX', 'unexpected end of input', pos)
        break
      }
      const c = text[pos]!
      if (c === '{' || c === '[') {
        if (stack.length >= maxDepth) {
          fail('FORMAT_TOO_DEEP', `nesting deeper than ${maxDepth}`, pos)
          break
        }
        const parent = stack[stack.length - 1]
        if (parent && parent.kind === 'object') parent.allStrings = false
        const frame: Frame = {
          kind: c === '{' ? 'object' : 'array', key: childKey(), start: pos, index: 0, keys: new Set(),
          member: '', memberStart: pos,
          slotMark: slots.length, allStrings: true, memberKeys: [], latest: new Map(), hasDead: false,
        }
        stack.push(frame)
        pos++
        ws()
        if (text[pos] === (c === '{' ? '}' : ']')) {
          pos++
          stack.pop()
          expectValue = false
          if (stack.length === 0) break
          continue
        }
        if (c === '{') {
          if (!readMember(frame)) break
        }
        continue
      }
      let slot: JsonSlot | undefined
      const start = pos
      if (c === '"') {
        const s = readString()
        if (s === undefined) break
        slot = { key: childKey() ?? '', text: s, isString: true, start, end: pos }
      } else {
        NUMBER.lastIndex = pos
        const m = NUMBER.exec(text)
        let lit: string | undefined
        if (m && m[0].length > 0) lit = m[0]
        else if (text.startsWith('true', pos)) lit = 'true'
        else if (text.startsWith('false', pos)) lit = 'false'
        else if (text.startsWith('null', pos)) lit = 'null'
        if (lit === undefined) {
          fail('FORMAT_SYNTAX', `unexpected character ${JSON.stringify(c)}`, pos)
          break
        }
        pos += lit.length
        slot = { key: childKey() ?? '', text: lit, isString: false, start, end: pos }
        const parent = stack[stack.length - 1]
        if (parent && parent.kind === 'object') parent.allStrings = false
      }
      slots.push(slot)
      expectValue = false
      if (stack.length === 0) break
      continue
    }
    // after a value inside a container
    const top = stack[stack.length - 1]!
    if (pos >= n) {
      fail('FORMAT_SYNTAX', 'unexpected end of input', pos)
      break
    }
    const c = text[pos]
    if (c === ',') {
      pos++
      ws()
      if (top.kind === 'array') {
        top.index++
        expectValue = true
        continue
      }
      if (!readMember(top)) break
      expectValue = true
      continue
    }
    if ((c === '}' && top.kind === 'object') || (c === ']' && top.kind === 'array')) {
      pos++
      stack.pop()
      if (top.kind === 'object') closeObject(top, pos)
      if (stack.length === 0) break
      continue
    }
    fail('FORMAT_SYNTAX', `expected ',' or '${top.kind === 'object' ? '}' : ']'}'`, pos)
    break
  }
  if (issues.every((i) => i.code !== 'FORMAT_SYNTAX' && i.code !== 'FORMAT_TOO_DEEP')) {
    ws()
    if (pos < n) fail('FORMAT_SYNTAX', 'unexpected content after the JSON value', pos)
  }
  // an object a syntax error left open still holds the dead slots of a key given twice
  if (dead.size > 0) compact(0)
  return { slots, issues }

  /** Reads `"key" :` at pos; false after reporting a syntax error. */
  function readMember(frame: Frame): boolean {
    ws()
    if (text[pos] !== '"') {
      fail('FORMAT_SYNTAX', pos >= n ? 'unexpected end of input' : 'expected a property name', pos)
      return false
    }
    const keyStart = pos
    const name = readString()
    if (name === undefined) return false
    ws()
    if (text[pos] !== ':') {
      fail('FORMAT_SYNTAX', "expected ':'", pos)
      return false
    }
    pos++
    frame.member = name
    frame.memberStart = keyStart
    const previous = frame.memberKeys[frame.memberKeys.length - 1]
    if (previous) previous.to = slots.length
    const earlier = frame.latest.get(name)
    if (earlier) {
      fail('FORMAT_DUPLICATE_KEY', `duplicate key ${JSON.stringify(name)}: the last one is read, as JSON.parse does; this earlier one is kept as it is`, earlier.keyStart)
      // JSON.parse keeps the last value of a key given twice, so the entries are the last
      // member's: the earlier member's slots are marked dead, its bytes stay
      for (let i = earlier.from; i < earlier.to!; i++) dead.add(slots[i]!)
      dead.add(earlier)
      frame.hasDead = true
      frame.allStrings = false
    }
    const member: MemberKey = { name, keyStart, from: slots.length }
    frame.keys.add(name)
    frame.latest.set(name, member)
    frame.memberKeys.push(member)
    return true
  }
}
