/**
 * eng-spa's, en-gl's and eng-cat's lexical selection translates the verb "save" as "salvar"
 * (to rescue) wherever no rule chooses otherwise, and none does in an interface: "Save
 * changes", "Message saved as draft" came back "Salva cambios", "El mensaje salvado como
 * borrador", gl "A mensaxe salvada", ca "El missatge va salvar", where interfaces write
 * Spanish "guardar", Galician "gardar", Catalan "desar". When one of these is the answer's
 * language, the last hop came from English and the source says "save", the forms of "salvar"
 * become the same forms of that verb; not where a person or a life is saved: after an object
 * pronoun ("Me salvaste", "la salvó", ca "em va salvar"), with one attached ("Sálvame",
 * "salvarnos"), or before "vida(s)" ("Salvaste mi vida"), nor "salvo" ("except", "safe").
 */
import { mapText, textOf, type Segment } from '../segment.js'

const L = '\\p{L}\\p{M}\\p{N}'

interface SaveVerb {
  /** The stem that replaces "salv" (all three verbs are regular in -ar). */
  readonly stem: string
  /** The endings of "salvar"'s forms, "salvo" left out. */
  readonly endings: string
  /** Object pronouns written before the verb, and auxiliaries that may stand between ("me ha salvado", ca "em va salvar"). */
  readonly pronouns: string
  readonly auxiliaries: string
}

const VERBS: ReadonlyMap<string, SaveVerb> = new Map<string, SaveVerb>([
  ['es', {
    stem: 'guard',
    endings: 'ar|a|as|amos|áis|an|é|aste|ó|asteis|aron|aba|abas|ábamos|aban|ado|ada|ados|adas|ando|ará|arás|aremos|arán|aré|aría|arías|arían|e|es|emos|en',
    pronouns: '[Mm]e|[Tt]e|[Ll][oae]s?|[Nn]os|[Oo]s|[Ss]e',
    auxiliaries: 'he|has|ha|hemos|habéis|han|había|habías|habían',
  }],
  ['gl', {
    stem: 'gard',
    endings: 'ar|a|as|amos|ades|an|ei|aches|ou|astes|aron|aba|abas|abamos|aban|ado|ada|ados|adas|ando|ará|arás|aremos|arán|arei|aría|arían|e|es|emos|en',
    pronouns: '[Mm]e|[Tt]e|[Oo]s?|[Aa]s?|[Ll]les?|[Nn]os|[Vv]os|[Ss]e',
    auxiliaries: 'ten|teño|tes|temos|tedes|teñen|había',
  }],
  ['ca', {
    stem: 'des',
    endings: 'ar|a|es|em|eu|en|at|ada|ats|ades|ant|arà|aràs|arem|areu|aran|aré|aria|arien|i|is|in|ava|aves|aven',
    pronouns: "[Mm]'|[Tt]'|[Ll]'|[Ee]m|[Ee]t|[Ee]l|[Ll]a|[Ee]ls|[Ll]es|[Ee]ns|[Ee]us|[Ee]s|[Mm]e|[Tt]e|[Ss]e",
    auxiliaries: 'vaig|vas|va|vam|vàrem|vau|van|he|has|ha|hem|heu|han|havia|havien',
  }],
])

/** Each target's stem and the pattern of the forms of "salvar" it replaces. */
const BY_TARGET: ReadonlyMap<string, { readonly stem: string; readonly pattern: RegExp }> = new Map([...VERBS].map(([target, verb]) => [target, {
  stem: verb.stem,
  pattern: new RegExp(`(?<![${L}])(?<!(?<![${L}])(?:${verb.pronouns})\\s?(?:(?:${verb.auxiliaries})\\s+)?)([Ss])alv(${verb.endings})(?![${L}])(?!(?:\\s+[${L}]+){0,2}\\s+vidas?(?![${L}]))`, 'gu'),
}]))

/** The source says "save" (saves, saved, saving). */
const SAVE = /(?<![\p{L}])[Ss]av(?:e|es|ed|ing)(?![\p{L}])/u

/** `segment`, the last hop's answer from English into Spanish, Galician or Catalan, with the interface's verb for "save"; tokens untouched; other answers as they are. */
export function withInterfaceSave(segment: Segment, source: Segment, from: string, target: string): Segment {
  const verb = from === 'en' ? BY_TARGET.get(target) : undefined
  if (!verb || !SAVE.test(textOf(source, ' '))) return segment
  const { stem, pattern } = verb
  const save = (text: string) => (text.includes('alv') ? text.replace(pattern, (_, s: string, ending: string) => `${s === 'S' ? stem[0]!.toUpperCase() : stem[0]}${stem.slice(1)}${ending}`) : text)
  return mapText(segment, save)
}
