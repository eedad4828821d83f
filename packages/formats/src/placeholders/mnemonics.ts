/**
 * Keyboard accelerators in UI labels: `&File`, `E&xit`, `Save &As…` (Windows, WinForms, Qt,
 * KDE, SWT) and `_Open`, `Save _As` (GTK). The marker splits a word for the engine (`E&xit`
 * came back untranslated) and belongs to a letter of the translation, not of the source: it is
 * taken out before translating and put back on the translation's word that starts with the same
 * letter, else on its first word (`&File` → `&Archivo`), as translators place them.
 */
import { tokenize } from './tokens.js'

/** Which markers a format's labels use: `&`, `_` (GTK: before a word, or inside a capitalised one), or both. */
export type MnemonicMarkers = '&' | '_' | '&_'

export interface Mnemonic {
  marker: '&' | '_'
  /** The label without its marker: what the engine translates. */
  text: string
  /** The letter the marker stood before, and where (in `text`). */
  letter: string
  index: number
}

const LETTER = /\p{L}/u
const UPPER = /\p{Lu}/u
/** A capitalised word with one `_` inside: a GTK label's word, not an identifier (`Re_load`, not `user_name`, `Max_Size`). */
const TITLE_CASE_WORD = /^\p{Lu}\p{Ll}*_\p{Ll}+$/u

/** The run of letters and `_` around position `at`. */
function wordAround(text: string, at: number): string {
  let start = at
  let end = at + 1
  while (start > 0 && /[\p{L}_]/u.test(text[start - 1]!)) start--
  while (end < text.length && /[\p{L}_]/u.test(text[end]!)) end++
  return text.slice(start, end)
}

/** Labels are short: a marker in a longer text is taken as written. */
const MAX_WORDS = 6

/** The label's one accelerator marker, if it has exactly one. */
export function findMnemonic(text: string, markers: MnemonicMarkers): Mnemonic | null {
  if (text.split(/\s+/).filter(Boolean).length > MAX_WORDS) return null
  const found: Array<{ marker: '&' | '_'; index: number }> = []
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c !== '&' && c !== '_') continue
    if (!markers.includes(c)) continue
    const next = text[i + 1] ?? ''
    const prev = text[i - 1] ?? ''
    if (c === '&') {
      if (next === '&') {
        i++ // `&&` is a literal ampersand
        continue
      }
      if (!LETTER.test(next) || /^&(?:[A-Za-z][A-Za-z0-9]*|#\d+|#x[0-9A-Fa-f]+);/.test(text.slice(i, i + 12))) continue
      // R&D, AT&T, Q&A are words
      if (UPPER.test(prev) && UPPER.test(next)) return null
      found.push({ marker: '&', index: i })
    } else {
      // GTK's `_` starts a word, or sits inside a capitalised one (`Clea_r`, `Re_load`,
      // `C_olumn number:` in Mousepad); inside any other word it is an identifier's (`user_name`)
      if (!LETTER.test(next) || (prev !== '' && !/\s/.test(prev))) {
        if (prev === '' || !LETTER.test(prev)) continue
        if (!TITLE_CASE_WORD.test(wordAround(text, i))) return null
      }
      found.push({ marker: '_', index: i })
    }
  }
  if (found.length !== 1) return null
  const { marker, index } = found[0]!
  return { marker, text: text.slice(0, index) + text.slice(index + 1), letter: text[index + 1]!, index }
}

/**
 * Puts the marker back into a translation: where it was when the label came back unchanged,
 * else before a word starting with the same letter, else before the first word. A menu
 * item's shortcut after a tab (`E&xit\tAlt-X`, wxWidgets, Win32 and Qt menus) is not part of
 * the label: the marker stays before the tab (it went on the X of `Alt-X`: "Salida\tAlt-&X").
 */
export function placeMnemonic(translated: string, mnemonic: Mnemonic): string {
  if (translated === mnemonic.text) return translated.slice(0, mnemonic.index) + mnemonic.marker + translated.slice(mnemonic.index)
  const tab = translated.indexOf('\t')
  const labelEnd = tab >= 0 ? tab : translated.length
  const starts: number[] = []
  let offset = 0
  for (const piece of tokenize(translated)) {
    if (piece.type === 'text') {
      for (let i = 0; i < piece.raw.length; i++) {
        const at = offset + i
        if (at < labelEnd && LETTER.test(piece.raw[i]!) && (at === 0 || !LETTER.test(translated[at - 1]!))) starts.push(at)
      }
    }
    offset += piece.raw.length
  }
  if (starts.length === 0) return mnemonic.marker + translated
  const same = starts.find((at) => translated[at]!.toLowerCase() === mnemonic.letter.toLowerCase())
  const at = same ?? starts[0]!
  return translated.slice(0, at) + mnemonic.marker + translated.slice(at)
}
