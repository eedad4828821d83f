/**
 * eng-spa's lexical selection translates the verb "save" as "salvar" (to rescue) wherever no
 * rule chooses "guardar" or "ahorrar", and none does in an interface: "Save changes", "Save the
 * file.", "Message saved as draft" came back "Salva cambios", "Salvar el archivo", "El mensaje
 * salvado como borrador", where Spanish interfaces write "guardar". When Spanish is the
 * answer's language, the last hop came from English and the source says "save", the forms of
 * "salvar" become the same forms of "guardar"; not where a person or a life is saved: after an
 * object pronoun ("Me salvaste", "la salvó"), with one attached ("Sálvame", "salvarnos"), or
 * before "vida(s)" ("Salvaste mi vida"), nor "salvo" ("except", "safe").
 */
import type { Segment } from '../segment.js'

const L = '\\p{L}\\p{M}\\p{N}'
/** A form of "salvar" other than "salvo", with no pronoun attached; what follows it up to two words on. */
const SALVAR = new RegExp(
  `(?<![${L}])(?<!(?<![${L}])(?:[Mm]e|[Tt]e|[Ll][oae]s?|[Nn]os|[Oo]s|[Ss]e)\\s)([Ss])alv(ar|a|as|amos|áis|an|é|aste|ó|asteis|aron|aba|abas|ábamos|aban|ado|ada|ados|adas|ando|ará|arás|aremos|arán|aré|aría|arías|arían|e|es|emos|en)(?![${L}])(?!(?:\\s+[${L}]+){0,2}\\s+vidas?(?![${L}]))`,
  'gu',
)
/** The source says "save" (saves, saved, saving). */
const SAVE = /(?<![\p{L}])[Ss]av(?:e|es|ed|ing)(?![\p{L}])/u

function guardar(text: string): string {
  if (!text.includes('alv')) return text
  return text.replace(SALVAR, (_, s: string, ending: string) => `${s === 'S' ? 'G' : 'g'}uard${ending}`)
}

/** `segment`, the last hop's answer from English into Spanish, with "guardar" for "save"; tokens untouched; other answers as they are. */
export function withSaveAsGuardar(segment: Segment, source: Segment, from: string, target: string): Segment {
  if (from !== 'en' || target !== 'es') return segment
  const sourceText = typeof source === 'string' ? source : source.filter((part): part is string => typeof part === 'string').join(' ')
  if (!SAVE.test(sourceText)) return segment
  if (typeof segment === 'string') return guardar(segment)
  return segment.map((part) => (typeof part === 'string' ? guardar(part) : part))
}
