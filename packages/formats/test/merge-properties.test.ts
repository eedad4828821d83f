import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { parseProperties } from '@verso/formats'
import { bytes, expectMergedValues, insertedLines, text } from './merge-support.js'

const source = `# Messages of the login page
login.title=Sign in
login.help=Need help? Read the help page.

# Shown after signing in
welcome=Welcome {0}, you have {1} messages.
logout=Sign out
`
const target = `# Messages of the login page
login.title=Connexion
login.help=Besoin d'aide ? Lisez la page d'aide.

# Shown after signing in
welcome=Bonjour {0}, vous avez {1} messages.
logout=D\\u00e9connexion
obsolete.key=Ancien texte
`

describe('properties merge', () => {
  test('returns the input bytes when there is nothing to merge', () => {
    const input = bytes(target)
    expect(parseProperties(input).merge(parseProperties(source), new Map())).toEqual(input)
  })

  test('replaces two values and changes only their bytes', () => {
    const out = parseProperties(target).merge(parseProperties(source), new Map([['login.title', 'Se connecter'], ['logout', 'Quitter']]))
    expect(text(out)).toBe(target.replace('=Connexion', '=Se connecter').replace('=D\\u00e9connexion', '=Quitter'))
  })

  test('inserts new keys at the start, middle and end with the comment block of the source entry', () => {
    const newSource = `# The app name
app.name=Verso
# Messages of the login page
login.title=Sign in
# Link under the form
login.forgot=Forgot your password?
login.help=Need help? Read the help page.

# Shown after signing in
welcome=Welcome {0}, you have {1} messages.
logout=Sign out
bye=Goodbye
`
    const values = new Map([['app.name', 'Verso'], ['login.forgot', 'Mot de passe oublié ?'], ['bye', 'Au revoir']])
    const out = text(parseProperties(target).merge(parseProperties(newSource), values))
    expect(insertedLines(target, out)).toEqual([
      '# The app name', 'app.name=Verso', '# Link under the form', 'login.forgot=Mot de passe oubli\\u00e9 ?', 'bye=Au revoir',
    ])
    expect(out.split('\n').slice(0, 6)).toEqual([
      '# The app name', 'app.name=Verso', '# Messages of the login page', 'login.title=Connexion', '# Link under the form', 'login.forgot=Mot de passe oubli\\u00e9 ?',
    ])
    expect(out).toContain('logout=D\\u00e9connexion\nbye=Au revoir\nobsolete.key=Ancien texte\n')
    const again = parseProperties(out)
    expectMergedValues(again, parseProperties(target), values, ['app.name', 'login.forgot', 'bye'])
    expect(again.valueOf('login.forgot')).toBe('Mot de passe oublié ?')
    expect(again.valueOf('logout')).toBe('Déconnexion')
    expect(again.valueOf('obsolete.key')).toBe('Ancien texte')
  })

  test('keeps CRLF line endings and appends after a file without a final line break', () => {
    const out = text(parseProperties('a=x\r\nc=z').merge(parseProperties('a=1\nb=2\nc=3\nd=4\n'), new Map([['b', 'y'], ['d', 'w']])))
    expect(out).toBe('a=x\r\nb=y\r\nc=z\r\nd=w')
  })

  test('keeps an ISO-8859-1 file in its encoding', () => {
    const latin1 = Uint8Array.from([...'a=caf\u00e9\n'].map((c) => c.charCodeAt(0)))
    const out = parseProperties(latin1).merge(parseProperties('a=coffee\nb=tea\n'), new Map([['b', 'th\u00e9']]))
    expect([...out]).toEqual([...'a=caf\u00e9\nb=th\u00e9\n'].map((c) => c.charCodeAt(0)))
  })

  test('merge then parse gives exactly target ∪ values and keeps every untouched line (property)', () => {
    const keyArb = fc.constantFrom('a', 'b.c', 'd', 'e.f', 'g', 'h', 'i.j', 'k')
    const valueArb = fc.string({ maxLength: 12 }).filter((s) => s !== '')
    fc.assert(fc.property(
      fc.uniqueArray(keyArb, { minLength: 1 }), fc.uniqueArray(keyArb), fc.dictionary(keyArb, valueArb), fc.boolean(),
      (sourceKeys, targetKeys, rawValues, comments) => {
        const file = (keys: string[], lang: string) => keys.map((k) => `${comments ? `# note of ${k}\n` : ''}${k}=${lang} ${k}\n`).join('')
        const tgt = file(targetKeys, 'fr')
        const values = new Map(Object.entries(rawValues))
        const out = text(parseProperties(tgt).merge(parseProperties(file(sourceKeys, 'en')), values))
        const merged = parseProperties(out)
        expect(merged.issues).toEqual([])
        const expected = new Map<string, string>(targetKeys.map((k) => [k, `fr ${k}`]))
        for (const [k, v] of values) if (expected.has(k) || (sourceKeys as string[]).includes(k)) expected.set(k, v)
        expect(new Map(merged.entries.map((e) => [e.key, e.text]))).toEqual(expected)
        const kept = tgt.split('\n').filter((l) => !values.has(l.split('=')[0]!) || l.startsWith('#'))
        let j = 0
        for (const l of out.split('\n')) if (l === kept[j]) j++
        expect(j).toBe(kept.length)
      },
    ), { numRuns: 300 })
  })
})
