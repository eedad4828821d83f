/**
 * Language detection among the languages the engine translates. ELD (`eld/small`, n-gram
 * model, 60 languages) decides among the languages it knows; it has no model for Galician or
 * Esperanto, so those two are told apart by their distinctive letters and function words
 * (Esperanto's ĉ ĝ ĥ ĵ ŝ ŭ and `la`/`kaj`/`estas`; Galician's `unha`/`non`/`ao`/`polo`/`xa`
 * and x + vowel), weighed against the same kind of evidence for Portuguese and Spanish.
 * Measured on test/fixtures/detection-sentences.json: see README.
 */
import { eld } from 'eld/small'

export interface Detection {
  language: string
  confidence: number
}

/** Languages ELD's model knows, among those Apertium pairs commonly cover. */
const ELD_LANGUAGES = new Set([
  'am', 'ar', 'az', 'be', 'bg', 'bn', 'ca', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'eu', 'fa', 'fi', 'fr',
  'gu', 'he', 'hi', 'hr', 'hu', 'hy', 'is', 'it', 'ja', 'ka', 'kn', 'ko', 'ku', 'lo', 'lt', 'lv', 'ml', 'mr',
  'ms', 'nl', 'no', 'or', 'pa', 'pl', 'pt', 'ro', 'ru', 'sk', 'sl', 'sq', 'sr', 'sv', 'ta', 'te', 'th', 'tl',
  'tr', 'uk', 'ur', 'vi', 'yo', 'zh',
])

const words = (list: string) => new Set(list.split(' '))
const EO_WORDS = words('kaj estas estis estos ni ŝi ili ĝi ĉu kiu kio kie kiam kiel kiom pri kun sed ke ankaŭ tiu tio ĉi tre bonvolu dankon jes nun ankoraŭ povas devas havas iu oni')
/** Esperanto words that other languages share: weak evidence. */
const EO_WEAK = words('la mi vi li ne al de en el por da je')
const GL_WORDS = words('unha unhas non ao aos á ás polo pola polos polas cunha cunhas coa coas co xa moi máis tamén mellor miña miñas noso nosa nosos nosas iso isto aquilo grazas onte mañá cando ca dende ningún nunca vostede vós eles elas tes pode está están')
const PT_WORDS = words('uma umas não ao aos à às pelo pela pelos pelas com já muito mais também melhor minha minhas nosso nossa isso isto obrigado obrigada ontem amanhã quando você vocês eles elas tem está estão do da dos das no na nos nas')
const ES_WORDS = words('una unas no al a pero por con ya muy más también mejor mi mis nuestro nuestra eso esto gracias ayer mañana cuando usted ustedes ellos ellas tiene está están del el los las y en la')

function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{M}'’-]+/gu) ?? []
}

function hits(list: Set<string>, toks: string[]): number {
  let n = 0
  for (const t of toks) if (list.has(t)) n++
  return n
}

/** Galician evidence beyond shared words: x + vowel at a word start, `-ción`-less `-ción`, `nh` only in `unha`. */
function galicianScore(text: string, toks: string[], eldSays: string): number {
  const lower = text.toLowerCase()
  let score = hits(GL_WORDS, toks) - hits(PT_WORDS, toks) * 0.5 - hits(ES_WORDS, toks) * 0.5
  score += toks.filter((t) => /^x[aeiouáéíóú]/.test(t)).length
  score += toks.filter((t) => /^(unha|unhas|cunha|ningunha|algunha)$/.test(t)).length
  if (/ção|ções|ão\b|õe|ç|lh|nh(?!a)/u.test(text.toLowerCase().replace(/\b(c?unhas?|ningunha|algunha)\b/g, ''))) score -= 2
  // Portuguese spells neither ñ nor ll; Spanish has el/los/las/y and j where Galician has o/os/as/e and x.
  if (eldSays === 'pt' && /ñ|ll/u.test(lower)) score += 2
  if (eldSays === 'es') {
    score += hits(words('o os as e'), toks)
    if (/\b(el|los|las|y)\b|j|¿|¡/u.test(lower)) score -= 2
  }
  return score
}

function esperantoScore(text: string, toks: string[]): number {
  let score = /[ĉĝĥĵŝŭ]/iu.test(text) ? 3 : 0
  score += hits(EO_WORDS, toks) + hits(EO_WEAK, toks) * 0.4
  score += toks.filter((t) => /[^aeiou](oj|ojn|aj|ajn)$/.test(t)).length
  score += toks.filter((t) => /[^aeiou](as|is|os|us)$/.test(t)).length * 0.3
  const foreign = toks.filter((t) => !EO_WEAK.has(t))
  score -= hits(ES_WORDS, foreign) * 0.5 + hits(PT_WORDS, foreign) * 0.5
  score += toks.filter((t) => /^mal[a-z]{3,}/.test(t) || /i[gĝ](as|is|os|i|o|a)$/.test(t)).length * 0.5
  return score
}

export interface Detector {
  detect(text: string): Detection
}

/** A detector restricted to `languages` (public codes); the answer is always one of them. */
export function createDetector(languages: readonly string[]): Detector {
  const base = (code: string) => code.split('-')[0]!
  const candidates = [...new Set(languages.map(base))]
  const eldSubset = candidates.filter((c) => ELD_LANGUAGES.has(c))
  const detector = eld.newInstance()
  if (eldSubset.length > 0) detector.setLanguageSubset(eldSubset)
  const hasGl = candidates.includes('gl')
  const hasEo = candidates.includes('eo')

  return {
    detect(text) {
      if (candidates.length === 0) return { language: 'und', confidence: 0 }
      const toks = tokens(text)
      let language = candidates[0]!
      let confidence = 0
      if (eldSubset.length > 0) {
        const result = detector.detect(text)
        const scores = Object.entries(result.getScores()).sort((a, b) => b[1] - a[1])
        const [top, second] = scores
        if (top && eldSubset.includes(top[0])) {
          language = top[0]
          // ELD's scores are relative; the margin over the runner-up is a usable certainty.
          const margin = second ? (top[1] - second[1]) / Math.max(top[1], 1e-9) : 1
          confidence = Math.min(1, Math.max(0, 0.5 * Math.min(1, top[1]) + 0.5 * Math.min(1, margin * 3)))
          if (!result.isReliable()) confidence *= 0.6
        }
      }
      if (hasEo) {
        const eo = esperantoScore(text, toks)
        if (eo >= 2.5 || (eldSubset.length === 0 && eo > 0)) {
          return { language: 'eo', confidence: Math.min(0.95, 0.4 + eo * 0.1) }
        }
      }
      if (hasGl && (['es', 'pt'].includes(language) || eldSubset.length === 0)) {
        const gl = galicianScore(text, toks, language)
        if (gl >= 1) return { language: 'gl', confidence: Math.min(0.95, 0.4 + gl * 0.1) }
      }
      return { language, confidence: Math.round(confidence * 1000) / 1000 }
    },
  }
}
