/**
 * Keyboard accelerators in UI labels (`&File`, `E&xit`, GTK's `_Open`): an engine got `E&xit`
 * as one unknown word and left it untranslated, and kept `&` on the source's letter. The marker
 * is taken out before translating and put back on a letter of the translation.
 */
import { describe, expect, test } from 'vitest'
import { prepare, type Segment } from '@verso/formats/placeholders'

/** A fake engine with a small dictionary, keeping tokens where they are. */
const words: Record<string, string> = { File: 'Archivo', Exit: 'Salir', 'Save As...': 'Guardar como...', Open: 'Abrir', 'Save As': 'Guardar como', Settings: 'Ajustes', 'Open ': 'Abrir ', Clear: 'Borrar' }
const engine = (segment: Segment): Segment =>
  typeof segment === 'string' ? (words[segment] ?? segment.toUpperCase()) : segment.map((p) => (typeof p === 'string' ? (words[p] ?? p.toUpperCase()) : p))
const translate = (text: string, format: 'po' | 'properties' | 'xml' | 'json') => {
  const prepared = prepare(text, { format, targetLanguage: 'es' })
  return { sent: prepared.segments, text: prepared.restore(prepared.segments.map(engine)).text }
}

describe('keyboard accelerators', () => {
  test('the engine gets the label without its marker, whole words', () => {
    expect(translate('E&xit', 'xml').sent).toEqual(['Exit'])
    expect(translate('Save _As', 'po').sent).toEqual(['Save As'])
  })

  test('the marker goes on the translation’s word starting with the same letter, else on its first word', () => {
    expect(translate('&File', 'properties').text).toBe('&Archivo')
    expect(translate('E&xit', 'xml').text).toBe('&Salir')
    expect(translate('Save &As...', 'po').text).toBe('&Guardar como...')
    expect(translate('&Settings', 'xml').text).toBe('&Ajustes')
    expect(translate('_Open', 'po').text).toBe('_Abrir')
  })

  test('a menu item’s shortcut after a tab never gets the marker', () => {
    // OpenPHDGuiding/phd2 locale/messages.pot: "E&xit\tAlt-X" came back "Salida\tAlt-&X"
    words['Exit\tAlt-X'] = 'Salida\tAlt-X'
    words['Enable Guide Log\tAlt-L'] = 'Habilita Registro de Guía\tAlt-L'
    expect(translate('E&xit\tAlt-X', 'po').text).toBe('&Salida\tAlt-X')
    expect(translate('Enable Guide &Log\tAlt-L', 'po').text).toBe('&Habilita Registro de Guía\tAlt-L')
  })

  test('GTK’s marker inside a capitalised word is an accelerator too; inside an identifier it is not', () => {
    // xfce-mirror/mousepad po/*.po: "Clea_r", "Re_load", "C_olumn number:" came back untranslated
    expect(translate('Clea_r', 'po').sent).toEqual(['Clear'])
    expect(translate('Re_load', 'po').sent).toEqual(['Reload'])
    expect(translate('C_olumn number:', 'po').sent).toEqual(['Column number:'])
    expect(translate('Clea_r', 'po').text).toBe('_Borrar')
    const sentText = (segments: Segment[]) => segments.map((s) => (typeof s === 'string' ? s : s.filter((p) => typeof p === 'string').join(''))).join('|')
    for (const text of ['Invalid user_name', 'Set Max_Size now', 'Regular e_xpression', 'Re_load and Re_vert']) {
      expect(sentText(translate(text, 'po').sent), text).not.toMatch(/^Invalid username|^Set MaxSize|^Regular expression$|^Reload and/)
    }
  })

  test('a label the engine left as it was keeps its marker where it was', () => {
    const prepared = prepare('E&xit', { format: 'xml', targetLanguage: 'es' })
    expect(prepared.restore(prepared.segments).text).toBe('E&xit')
  })

  test('never on a placeholder: &Open {0} keeps {0} whole', () => {
    expect(translate('&Open {0}', 'xml').text).toBe('&Abrir {0}')
  })

  test('ampersands that are not accelerators stay as written: R&D, AT&T, Tom & Jerry, &amp;, &&, two markers, prose', () => {
    const sentText = (segments: Segment[]) => segments.map((s) => (typeof s === 'string' ? s : s.filter((p) => typeof p === 'string').join(''))).join('|')
    for (const text of ['R&D budget', 'AT&T', 'Tom & Jerry', 'Copy && paste', '&Open &Save', 'user_name &x']) {
      expect(sentText(translate(text, 'po').sent), text).toContain('&')
    }
    const entity = prepare('Terms &amp; Conditions', { format: 'xml', targetLanguage: 'es' })
    expect(entity.restore(entity.segments).text).toBe('Terms &amp; Conditions')
    expect(translate('Read the terms of use &before you sign up for an account here', 'po').sent).toEqual(['Read the terms of use &before you sign up for an account here'])
  })

  test('formats without accelerators (JSON, YAML, .strings) send the marker as text', () => {
    expect(translate('&File', 'json').sent).toEqual(['&File'])
    expect(prepare('&File', { format: 'po', targetLanguage: 'es', mnemonics: false }).segments).toEqual(['&File'])
  })
})
