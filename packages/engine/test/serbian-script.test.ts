import { afterAll, describe, expect, test } from 'vitest'
import { createEngine, type InlineToken } from '../src/index.js'
import { readsSerboCroatian, withSerbianLatin, writesCyrillic } from '../src/apertium/serbian-script.js'
import { haveMode } from './real-apertium.js'

describe('Serbian Cyrillic into Latin letters for Serbo-Croatian pairs', () => {
  test('each letter goes into Gaj\'s alphabet; the digraph letters are "Lj", "Nj", "Dž", in capitals inside a word in capitals', () => {
    expect(withSerbianLatin('Сачувај промене. Датотека није пронађена.')).toBe('Sačuvaj promene. Datoteka nije pronađena.')
    expect(withSerbianLatin('Љубав, Његош, Џеп; ЉУБАВ, ЊЕГОШ, ЏЕП')).toBe('Ljubav, Njegoš, Džep; LJUBAV, NJEGOŠ, DŽEP')
    expect(withSerbianLatin('ћирилица, ђак, жаба, чаша, шума, хор, цвет, фес')).toBe('ćirilica, đak, žaba, čaša, šuma, hor, cvet, fes')
  })

  test('Latin text, letters the Serbian alphabet lacks and inline tokens are left as they are', () => {
    const link: InlineToken = { id: 'a', kind: 'open' }
    const close: InlineToken = { id: 'a', kind: 'close' }
    expect(withSerbianLatin('Sačuvaj promene')).toBe('Sačuvaj promene')
    // Macedonian ѓ, ќ, ѕ and Russian ы, я are no Serbian letters
    expect(withSerbianLatin('ѓ ќ ѕ ы я')).toBe('ѓ ќ ѕ ы я')
    expect(withSerbianLatin(['Отвори ', link, 'датотеку', close])).toEqual(['Otvori ', link, 'datoteku', close])
  })

  test('only the modes that read Serbo-Croatian, and not into a language written in Cyrillic', () => {
    expect(['hbs-eng', 'hbs-mkd', 'hbs-slv', 'hbs_HR-slv'].map(readsSerboCroatian)).toEqual([true, true, true, true])
    expect(['mkd-hbs_SR', 'eng-hbs', 'rus-ukr'].map(readsSerboCroatian)).toEqual([false, false, false])
    expect(['mk', 'ru', 'en', 'sl'].map(writesCyrillic)).toEqual([true, true, false, false])
  })
})

describe.skipIf(!haveMode('hbs-eng'))('Serbian in Cyrillic through Apertium (hbs-eng, hbs-mkd)', () => {
  const engine = createEngine({ cacheSize: 0 })
  afterAll(() => engine.close())

  test('Serbian in Cyrillic is translated as in Latin letters (it came back untranslated, every word unknown)', async () => {
    const [cyrillic, latin] = await engine.translate(['Сачувај промене', 'Sačuvaj promene'], { source: 'sr', target: 'en' })
    expect(cyrillic!.segment).toBe(latin!.segment)
    expect(cyrillic!.unknownWords).toEqual([])
  })

  test.skipIf(!haveMode('hbs-mkd'))('into Macedonian the Cyrillic stays as written: no Latin words among Cyrillic ones', async () => {
    const [out] = await engine.translate(['Датотека није пронађена.'], { source: 'sr', target: 'mk' })
    expect(out!.segment).not.toMatch(/[A-Za-zčćžšđ]/u)
  })
})
