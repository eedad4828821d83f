/**
 * The verbs an interface says, where the pairs' lexical selection chose another sense.
 *
 * eng-spa's, en-gl's and eng-cat's lexical selection translates the verb "save" as "salvar"
 * (to rescue) wherever no rule chooses otherwise, and none does in an interface: "Save
 * changes", "Message saved as draft" came back "Salva cambios", "El mensaje salvado como
 * borrador", gl "A mensaxe salvada", ca "El missatge va salvar", where interfaces write
 * Spanish "guardar", Galician "gardar", Catalan "desar". When a hop went from English into one
 * of these (the answer's language, or Spanish on the way to French…) and its source says "save",
 * the forms of "salvar" become the same forms of that verb; not where a person or a life is
 * saved: after an object pronoun ("Me salvaste", "la salvó", ca "em va salvar"), with one
 * attached ("Sálvame", "salvarnos"), or before "vida(s)" ("Salvaste mi vida"), nor "salvo"
 * ("except", "safe").
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

/** One rewrite: the forms a pattern matches (its first group the initial's case, its second the ending) get `stem` before their ending. */
interface Rewrite {
  readonly stem: string
  readonly pattern: RegExp
}

/** Each target's stem and the pattern of the forms of "salvar" it replaces. */
const SAVE_REWRITES: ReadonlyMap<string, readonly Rewrite[]> = new Map([...VERBS].map(([target, verb]) => [target, [{
  stem: verb.stem,
  // a capital after a word is a label's ("Fes clic el Salva botó": ca "el" is also a pronoun)
  pattern: new RegExp(`(?<![${L}])(?:(?<!(?<![${L}])(?:${verb.pronouns})\\s?(?:(?:${verb.auxiliaries})\\s+)?)(?=s)|(?=S))([Ss])alv(${verb.endings})(?![${L}])(?!(?:\\s+[${L}]+){0,2}\\s+vidas?(?![${L}]))`, 'gu'),
}]]))

/**
 * "disable" likewise: eng-spa translates the verb "inutilizar" (to make useless), en-gl
 * "imposibilitar", and both the adjective "disabled" "discapacitado" (a disabled person):
 * "Disable notifications", "Disabled" came back "Inutiliza notificaciones", "Discapacitado", gl
 * "Imposibilita…", "Discapacitado"; interfaces write "desactivar", "desactivado". A disabled
 * person keeps "discapacitado": before "personas", "gente", "niños" or after "personas", "para",
 * "de" ("personas discapacitadas", "acceso para discapacitados"). Catalan's "desactivar" is
 * eng-cat's already.
 */
const DISABLED_PEOPLE = `(?<!(?:[Pp]ara|[Pp]er|[Dd]e|[Pp]ersonas|[Pp]ersoas|[Gg]ente|[Xx]ente)\\s)`
/** A verb's forms, its stem and endings ("inutiliz" + "a", "ado"…), made those of the verb of stem `to` ("desactiv"). */
const restem = (to: string, stem: string, endings: string): Rewrite => ({ stem: to, pattern: new RegExp(`(?<![${L}])([${stem[0]!.toUpperCase()}${stem[0]}])${stem.slice(1)}(${endings})(?![${L}])`, 'gu') })
const deactivate = (stem: string, endings: string): Rewrite => restem('desactiv', stem, endings)
/** "discapacitado(s/a/as)" made "desactivado…", but before one of `people` or after DISABLED_PEOPLE's words. */
const deactivated = (people: string): Rewrite => ({ stem: 'desactivad', pattern: new RegExp(`(?<![${L}])${DISABLED_PEOPLE}([Dd])iscapacitad(o|a|os|as)(?![${L}])(?!\\s+(?:${people}))`, 'gu') })
const DISABLE_REWRITES: ReadonlyMap<string, readonly Rewrite[]> = new Map([
  // the subjunctive's "c" before "e": "inutilice" → "desactive"
  ['es', [deactivate('inutiliz', VERBS.get('es')!.endings), deactivate('inutilic', 'e|es|emos|en|é'), deactivated('personas?|gente|niños?|niñas?')]],
  ['gl', [deactivate('imposibilit', VERBS.get('gl')!.endings), deactivated('persoas?|xente|nenos?|nenas?')]],
])

/**
 * "restart" likewise (es): eng-spa's only translation is "retomar" (to resume), and the Spanish
 * generator has no "reiniciar": "Restart the app", "after you restart the app" came back
 * "Retoma la aplicación", "después de que retomas…"; the forms of "retomar" become those of
 * "reiniciar" ("Reinicia la aplicación", "reinicias"), both regular in -ar.
 */
const RESTART_REWRITES: ReadonlyMap<string, readonly Rewrite[]> = new Map([
  // "salvar"'s endings and the two "retomar" has beyond them ("retomo", "retoméis")
  ['es', [restem('reinici', 'retom', `${VERBS.get('es')!.endings}|o|éis`)]],
])

/**
 * The interface's verbs: what the source says, the rewrites of each target, and the targets of
 * a next hop that does not know the rewritten verb (spa-ita has no "reiniciar": it would come
 * back as it is, where "retomar" is "riprendere").
 */
const INTERFACE_VERBS: ReadonlyArray<{ readonly source: RegExp; readonly rewrites: ReadonlyMap<string, readonly Rewrite[]>; readonly notBefore?: ReadonlySet<string> }> = [
  // save, saves, saved, saving
  { source: /(?<![\p{L}])[Ss]av(?:e|es|ed|ing)(?![\p{L}])/u, rewrites: SAVE_REWRITES },
  // disable, disables, disabled, disabling
  { source: /(?<![\p{L}])[Dd]isabl(?:e|es|ed|ing)(?![\p{L}])/u, rewrites: DISABLE_REWRITES },
  // restart, restarts, restarted, restarting
  { source: /(?<![\p{L}])[Rr]estart(?:s|ed|ing)?(?![\p{L}])/u, rewrites: RESTART_REWRITES, notBefore: new Set(['it']) },
]

/**
 * `segment`, a hop's answer from English into Spanish, Galician or Catalan, with the
 * interface's verbs for "save", "disable" and "restart"; tokens untouched; other answers as they
 * are. `next` is the target of the hop after this one, if there is one.
 */
export function withInterfaceVerbs(segment: Segment, source: Segment, from: string, target: string, next?: string): Segment {
  if (from !== 'en') return segment
  const sourceText = textOf(source, ' ')
  const rewrites = INTERFACE_VERBS.flatMap((verb) => (verb.source.test(sourceText) && !(next !== undefined && verb.notBefore?.has(next)) ? verb.rewrites.get(target) ?? [] : []))
  if (rewrites.length === 0) return segment
  const rewrite = (text: string) => rewrites.reduce((out, { stem, pattern }) => out.replace(pattern, (_, initial: string, ending: string) => `${initial === initial.toUpperCase() ? stem[0]!.toUpperCase() : stem[0]}${stem.slice(1)}${ending}`), text)
  return mapText(segment, rewrite)
}
