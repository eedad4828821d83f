import { describe, expect, test } from 'vitest'
import { decodeSegment, encodeSegment, escapeStream, hasHyphenBetweenLetters, parseModeStages, repairTokens, unescapeStream, withHyphenBlanks, type InlineToken } from '@verso/engine'
import { maskSigils } from '../src/apertium/stream.js'

describe('escapeStream', () => {
  test('escapes every special character of the stream format and unescapes back', () => {
    const text = 'a [b] ^c$ d/e \\ {f} @g <h> plain'
    const escaped = escapeStream(text)
    expect(escaped).toBe('a \\[b\\] \\^c\\$ d\\/e \\\\ \\{f\\} \\@g \\<h\\> plain')
    expect(unescapeStream(escaped)).toBe(text)
  })
})

describe('parseModeStages', () => {
  test('adds -z to each stage, fills $1 with -g and drops $2 like apertium-apy', () => {
    const mode = "lt-proc 'a.bin' | apertium-tagger -g $2 'b.prob' | vislcg3 -g x.rlx | lt-proc $1 'c.bin'"
    expect(parseModeStages(mode)).toEqual([
      "lt-proc -z 'a.bin'",
      "apertium-tagger -z -g  'b.prob'",
      'vislcg3 -g x.rlx',
      "lt-proc -z -g -N 1 'c.bin'",
    ])
  })

  test('the generator writes one surface form; a -b generator whose forms a later stage chooses among keeps them all', () => {
    // es-fr, afr-nld: one form of "Insére/Insère" (`lt-proc -g` writes every form of an analysis)
    expect(parseModeStages("lt-proc -g 'gen.bin' | lt-proc -p 'pgen.bin'")).toEqual(["lt-proc -z -g -N 1 'gen.bin'", "lt-proc -z -p 'pgen.bin'"])
    // ita-cat, swe-nno: generated forms go to a cg-proc grammar of preferences
    expect(parseModeStages("lt-proc $1 -b 'gen.bin' | cg-proc -1 -n -g 'prefs.bin'")).toEqual(["lt-proc -z -g -b 'gen.bin'", "cg-proc -z -1 -n -g 'prefs.bin'"])
    // nno-nob's mode file limits it itself
    expect(parseModeStages("lt-proc -N1 $1 'gen.bin'")).toEqual(["lt-proc -z -N1 -g 'gen.bin'"])
    // no other stage is touched: the analyser, the bilingual lookup, the tagger's -g
    expect(parseModeStages("lt-proc -w 'a.bin' | lt-proc -b 'b.bin' | apertium-tagger -g $2 'c.prob'")).toEqual(["lt-proc -z -w 'a.bin'", "lt-proc -z -b 'b.bin'", "apertium-tagger -z -g  'c.prob'"])
  })
})

describe('repairTokens', () => {
  const open: InlineToken = { id: 'a', kind: 'open' }
  const close: InlineToken = { id: 'a', kind: 'close' }
  const v: InlineToken = { id: 'v', kind: 'void' }

  test('drops duplicates and unknown tokens and appends missing ones in input order', () => {
    const out = repairTokens(['x', v, v, { id: 'zz', kind: 'void' }, 'y'], [open, v, close])
    expect(out).toEqual(['x', v, 'y', open, close])
  })

  test('moves a close that comes before its open to the end', () => {
    expect(repairTokens([close, 'x', open, 'y'], [open, close])).toEqual(['x', open, 'y', close])
  })

  test('the texts on both sides of a dropped token join with one blank between', () => {
    // en-eo writes some superblanks twice: "the [t:0:v] branch of" → "la [t:0:v] filion [t:0:v]  de"
    expect(repairTokens(['la ', v, ' filion ', v, '  de'], [v])).toEqual(['la ', v, ' filion de'])
    expect(repairTokens(['la ', v, ' profilon ', v, ' '], [v])).toEqual(['la ', v, ' profilon '])
    expect(repairTokens(['x', v, v, 'y'], [v])).toEqual(['x', v, 'y'])
  })
})

describe('encodeSegment and decodeSegment (simulated pipeline answers)', () => {
  const a = { id: 'a', kind: 'open' } as const
  const ac = { id: 'a', kind: 'close' } as const
  const v = { id: 'v', kind: 'void' } as const

  test('encodes tags around words as word-bound blanks, voids as superblanks, and adds a sentence end', () => {
    const encoded = encodeSegment(['  Hello ', a, 'dear', ac, ' ', v, ' ~friend* #1 '], true)
    expect(encoded.stream).toBe('Hello [[t:0]]dear[[/]] [t:2:v] [x:~]friend[x:*] [x:#]1.')
    expect(encoded.lead).toBe('  ')
    expect(encoded.trail).toBe(' ')
  })

  test('text goes into the stream with specials escaped, ~ * # @ and whitespace runs sheltered, NUL as a space (random texts)', () => {
    // the rule, one character at a time (how the encoder worked before it became one replace)
    const reference = (text: string) => {
      let out = ''
      for (const [piece] of text.matchAll(/[ \t\r\n]{2,}|[^]/gu)) {
        if ('~*#@'.includes(piece) || /^[ \t\r\n]{2,}$/.test(piece)) out += `[x:${piece}]`
        else if ('[]^$/\\{}<>'.includes(piece)) out += '\\' + piece
        else if (piece === '\0') out += ' '
        else out += piece
      }
      return out
    }
    const alphabet = ['a', 'é', 'Z', '1', ' ', ' ', '\t', '\n', '\r', '[', ']', '^', '$', '/', '\\', '{', '}', '@', '<', '>', '~', '*', '#', '\0', '.', '😀', 'ß']
    let seed = 7
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
    for (let n = 0; n < 500; n++) {
      let text = 'w'
      const length = 1 + Math.floor(random() * 30)
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)]
      text += 'w.'
      expect(encodeSegment(text, false).stream, JSON.stringify(text)).toBe(reference(text))
    }
  })

  test('rebuilds one span over reordered word-bound words and strips unknown-word marks', () => {
    const encoded = encodeSegment(['The ', a, 'big red', ac, ' car.'], true)
    const decoded = decodeSegment('El coche [[t:0]]*rojo[[/]] [[t:0]]grande[[/]].', encoded)
    expect(decoded.segment).toEqual(['El coche ', a, 'rojo grande', ac, '.'])
    expect(decoded.unknownWords).toEqual(['rojo'])
  })

  test('keeps a token found inside a word-bound word and appends a token the answer lost', () => {
    const encoded = encodeSegment(['Hi ', a, 'dear ', v, 'friend', ac], true)
    const decoded = decodeSegment('Hola [[t:0]]amigo[t:1:v][[/]].', encoded)
    // v was inside a in the source: it stays inside a.
    expect(decoded.segment).toEqual(['Hola ', a, v, 'amigo', ac])
    const lost = decodeSegment('Hola amigo.', encoded)
    expect(lost.segment).toEqual(['Hola amigo', a, v, ac])
  })

  test('returns literal characters from escapes and sheltered superblanks, and flags raw lexical units', () => {
    const encoded = encodeSegment('a [b] *c ~d.', false)
    expect(decodeSegment('un \\[b\\] [x:*]c [x:~]d.', encoded)).toMatchObject({ segment: 'un [b] *c ~d.', leaked: false })
    expect(decodeSegment('un @^b$.', encoded).leaked).toBe(true)
  })

  test("reads an escaped @ as a mark (eng-hbs's post-generator escapes it) and keeps the caller's @ literal", () => {
    const encoded = encodeSegment('The house @home.', false)
    expect(encoded.stream).toBe('The house [x:@]home.')
    expect(decodeSegment('\\@The #dom [x:@]dom.', encoded)).toMatchObject({ segment: 'The dom @dom.', unknownWords: ['The', 'dom'] })
  })
})

describe('a placeholder that owns something goes as a stand-in name (simulated answers)', () => {
  const name = { id: 'name', kind: 'void' } as const
  const b = { id: 'b', kind: 'open' } as const
  const bc = { id: 'b', kind: 'close' } as const

  test("a void token before 's goes as the name in a word-bound blank; other voids stay superblanks", () => {
    const encoded = encodeSegment([name, "'s archetype and ", { id: 'x', kind: 'void' }, ' more'], true, { possessiveStandIn: 'Mary' })
    expect(encoded.stream).toBe("[[t:0]]Mary[[/]]'s archetype and [t:1:v] more.")
    expect(encoded.wordBound).toBe(true)
    expect(encodeSegment([name, '’s profile'], true, { possessiveStandIn: 'Mary' }).stream).toBe('[[t:0]]Mary[[/]]’s profile.')
    // not a possessive, no stand-in language, or a pair that cannot carry word-bound blanks
    expect(encodeSegment([name, "'sure"], true, { possessiveStandIn: 'Mary' }).stream).toBe("[t:0:v]'sure.")
    expect(encodeSegment([name, "'s profile"], true).stream).toBe("[t:0:v]'s profile.")
    // without word-bound blanks: the plain name, for one token of a text that does not hold the name
    expect(encodeSegment([name, "'s profile"], false, { possessiveStandIn: 'Mary' }).stream).toBe("Mary's profile.")
    expect(encodeSegment([name, "'s and ", { id: 'x', kind: 'void' }, "'s"], false, { possessiveStandIn: 'Mary' }).stream).toBe("Mary's and [t:1:v]'s.")
    expect(encodeSegment([name, "'s friend Mary"], false, { possessiveStandIn: 'Mary' }).stream).toBe("[t:0:v]'s friend Mary.")
    // inside a word-bound pair (blanks do not nest) it stays a superblank
    expect(encodeSegment([b, 'see ', name, "'s", bc, ' profile'], true, { possessiveStandIn: 'Mary' }).stream).toBe("[[t:0]]see [t:1:v]'s[[/]] profile.")
  })

  test('the token comes back where the name came out, also when the blank holds a preposition or the generator changed the name', () => {
    const encoded = encodeSegment(['Share ', name, "'s profile"], true, { possessiveStandIn: 'Mary' })
    expect(decodeSegment('El perfil de [[t:0]]Mary[[/]].', encoded).segment).toEqual(['El perfil de ', name])
    expect(decodeSegment("Comparteix el perfil [[t:0]]de Mary[[/]] .", encoded).segment).toEqual(['Comparteix el perfil de ', name])
    const changed = decodeSegment("Dio [[t:0]]#Marica[[/]] profil.", encoded)
    expect(changed.segment).toEqual(['Dio ', name, ' profil'])
    expect(changed.unknownWords).toEqual([])
    // lost by the engine: the segment comes back as given, flagged to be sent again without
    expect(decodeSegment('El perfil Mary.', encoded)).toMatchObject({ segment: ['Share ', name, "'s profile"], standInLost: true })
    const plain = encodeSegment(['Remove ', name, "'s access"], false, { possessiveStandIn: 'Mary' })
    expect(decodeSegment('Tira o acceso de Mary.', plain).segment).toEqual(['Tira o acceso de ', name])
    expect(decodeSegment('Tira o acceso de Marica.', plain).standInLost).toBe(true)
    expect(decodeSegment('Mary tira o acceso de Mary.', plain).standInLost).toBe(true)
  })
})

describe('spaces after a token (simulated answers)', () => {
  const v = { id: 'v', kind: 'void' } as const
  test('a blank after a token stays where the source had a comma there that the engine dropped', () => {
    // overseerr: "…directly via <code>stdout</code>, or in …" → en-eo "tra [t:0:v] aŭ en"
    const encoded = encodeSegment(['view them via ', v, ', or in the log.'], false)
    expect(decodeSegment('vidi ilin tra [t:0:v] aŭ en la ŝtipo.', encoded).segment).toEqual(['vidi ilin tra ', v, ' aŭ en la ŝtipo.'])
    // glued to a word in the source, the engine's blank goes
    expect(decodeSegment('vidi ilin tra [t:0:v] aŭ.', encodeSegment(['view them via ', v, 'or.'], false)).segment).toEqual(['vidi ilin tra ', v, 'aŭ.'])
  })
})

describe('a placeholder that is the subject of a past verb goes as the stand-in name (simulated answers)', () => {
  const name = { id: 'name', kind: 'void' } as const
  const any = { possessiveStandIn: 'Mary', pastSubjects: 'any-object' } as const
  const thirdPerson = { possessiveStandIn: 'Mary', pastSubjects: 'third-person-object' } as const

  test('a sentence-initial token before a past verb and its object goes as the name', () => {
    // notification strings: Discourse's "%{username} assigned you", Mastodon's "{name} followed you"
    expect(encodeSegment([name, ' assigned you'], true, any).stream).toBe('[[t:0]]Mary[[/]] assigned you.')
    expect(encodeSegment([name, ' replied to your post'], false, any).stream).toBe('Mary replied to your post.')
    expect(encodeSegment(['Done. ', name, ' left the group.'], false, any).stream).toBe('Done. Mary left the group.')
    expect(decodeSegment('Mary respondió a vuestro poste.', encodeSegment([name, ' replied to your post'], false, any)).segment).toEqual([name, ' respondió a vuestro poste'])
  })

  test('a participle with no object, a token inside a sentence, or no pastSubjects keeps the superblank', () => {
    expect(encodeSegment([name, ' deleted'], true, any).stream).toBe('[t:0:v] deleted.')
    expect(encodeSegment([name, ' copied to clipboard'], true, any).stream).toBe('[t:0:v] copied to clipboard.')
    expect(encodeSegment(['Both ', name, ' changed the title'], true, any).stream).toBe('Both [t:0:v] changed the title.')
    expect(encodeSegment([name, ' needed'], true, any).stream).toBe('[t:0:v] needed.')
    expect(encodeSegment([name, ' assigned you'], true, { possessiveStandIn: 'Mary' }).stream).toBe('[t:0:v] assigned you.')
  })

  test('with third-person-object, an object "me", "you" or "us" keeps the superblank', () => {
    expect(encodeSegment([name, ' followed you'], true, thirdPerson).stream).toBe('[t:0:v] followed you.')
    expect(encodeSegment([name, ' sent us a file'], true, thirdPerson).stream).toBe('[t:0:v] sent us a file.')
    expect(encodeSegment([name, ' replied to you'], true, thirdPerson).stream).toBe('[[t:0]]Mary[[/]] replied to you.')
    expect(encodeSegment([name, ' changed the title'], true, thirdPerson).stream).toBe('[[t:0]]Mary[[/]] changed the title.')
  })
})

describe('hyphen blanks (simulated answers)', () => {
  test('a hyphen between letters goes between blanks only when asked; other hyphens as written', () => {
    expect(encodeSegment('A well-known, non-empty list - really -5.', false, { hyphenBlanks: true }).stream).toBe('A well[h:]-[h:]known, non[h:]-[h:]empty list - really -5.')
    expect(encodeSegment('A well-known list.', false).stream).toBe('A well-known list.')
    expect(hasHyphenBetweenLetters(['a ', { id: 'b', kind: 'void' }, 'well-known'])).toBe(true)
    expect(hasHyphenBetweenLetters('well - known -5')).toBe(false)
  })

  test('the blanks’ answer is kept where it differs from the plain one only at the blanks, a space between two words', () => {
    const encoded = encodeSegment('A well-known problem.', false, { hyphenBlanks: true })
    const plain = decodeSegment('Un problemabiensabido.', encodeSegment('A well-known problem.', false))
    const blanked = decodeSegment('Un problema[h:]bien[h:]sabido.', encoded)
    expect(withHyphenBlanks(plain, blanked).segment).toBe('Un problema bien sabido.')
    // the compound kept its hyphen: no space added
    const kept = decodeSegment('Está leído[h:]-[h:]único.', encodeSegment('It is read-only.', false, { hyphenBlanks: true }))
    expect(withHyphenBlanks(decodeSegment('Está leído-único.', encodeSegment('It is read-only.', false)), kept).segment).toBe('Está leído-único.')
  })

  test('a blank beside a tag reads the character across the tag', () => {
    // eng-spa "for 'same-origin' requests": "peticiones[h:]de[h:][[t:0]]origen[[/]] [[t:0]]mismo[[/]]"
    const q = { id: 'q', kind: 'open' } as const
    const qc = { id: 'q', kind: 'close' } as const
    const source = ['for ', q, 'same-origin', qc, ' requests']
    const plain = decodeSegment('Para peticionesde[[t:0]]origen[[/]] [[t:0]]mismo[[/]].', encodeSegment(source, true))
    const blanked = decodeSegment('Para peticiones[h:]de[h:][[t:0]]origen[[/]] [[t:0]]mismo[[/]].', encodeSegment(source, true, { hyphenBlanks: true }))
    expect(withHyphenBlanks(plain, blanked).segment).toEqual(['Para peticiones de ', q, 'origen mismo', qc])
  })

  test('the plain answer is kept when splitting changed the words (a word the dictionary holds with its hyphen)', () => {
    const plain = decodeSegment('Enviar un email.', encodeSegment('Send an e-mail.', false))
    const blanked = decodeSegment('Enviar un *e[h:]-[h:]correo.', encodeSegment('Send an e-mail.', false, { hyphenBlanks: true }))
    expect(withHyphenBlanks(plain, blanked)).toBe(plain)
  })
})

describe('a sentence-initial interjection ("Please", "Sorry") goes as a blank (simulated answers)', () => {
  const b = { id: 'b', kind: 'open' } as const
  const bc = { id: 'b', kind: 'close' } as const
  const leads = { leads: { Please: 'por favor', Sorry: 'lo sentimos' } }

  test('only where a sentence starts, before a word or a closing punctuation', () => {
    expect(encodeSegment('Please wait. It failed. Please, try again.', false, leads).stream).toBe('[p:0]wait. It failed. [p:0]try again.')
    expect(encodeSegment(['Click ', b, 'here', bc, '. Please wait'], true, leads).stream).toBe('Click [[t:0]]here[[/]]. [p:0]wait.')
    expect(encodeSegment(['Click ', b, 'here', bc, 'Please wait'], true, leads).stream).toBe('Click [[t:0]]here[[/]]Please wait.')
    expect(encodeSegment('Sorry! No results. Sorry, try again.', false, leads).stream).toBe('[p:1]! No results. [p:1]try again.')
    expect(encodeSegment('Sorry we could not find it. Sorry for the delay.', false, leads).stream).toBe('[p:1]we could not find it. [p:1]for the delay.')
    for (const text of ['Pleased to meet you.', 'I said please wait.', 'Sorry state of affairs.', 'I am sorry.']) {
      expect(encodeSegment(text, false, leads).stream).toBe(text)
    }
    expect(encodeSegment('Please wait.', false).stream).toBe('Please wait.')
  })

  test('"please" after a comma is the interjection too, and comes back in lower case', () => {
    const encoded = encodeSegment("Wait, please. If you didn't ask, please ignore it.", false, leads)
    expect(encoded.stream).toBe("Wait, [p:0]. If you didn't ask, [p:0]ignore it.")
    expect(decodeSegment('Espera, [p:0]. Si no preguntaste, [p:0]ignóralo.', encoded).segment).toBe('Espera, por favor. Si no preguntaste, por favor, ignóralo.')
    // before a token: "Please <b>click here</b>", "Please {name}, wait"
    const b = { id: 'b', kind: 'open' } as const
    const bc = { id: 'b', kind: 'close' } as const
    const tagged = encodeSegment(['Please ', b, 'click here', bc, ' to continue'], false, leads)
    expect(tagged.stream).toBe('[p:0][t:0:o]click here[t:0:c] to continue.')
    expect(decodeSegment('[p:0][t:0:o]clic aquí[t:0:c] para continuar.', tagged).segment).toEqual(['Por favor, ', b, 'clic aquí', bc, ' para continuar'])
    // two in a row: "Sorry, please try again."
    const both = encodeSegment('Sorry, please try again.', false, leads)
    expect(both.stream).toBe('[p:1][p:0]try again.')
    expect(decodeSegment('[p:1][p:0]Prueba otra vez.', both).segment).toBe('Lo sentimos, por favor, prueba otra vez.')
    // "Sorry" is not one after a comma ("I am, sorry to say, …" is rare and the adjective reading is right there)
    expect(encodeSegment('Yes, sorry for that.', false, leads).stream).toBe('Yes, sorry for that.')
  })

  test('comes back as the target’s words: a comma before a word, lowered unless the source spells it so; nothing before punctuation', () => {
    const encoded = encodeSegment('Please wait. Please ask John.', false, leads)
    expect(decodeSegment('[p:0]Espera. [p:0]John pregunta.', encoded).segment).toBe('Por favor, espera. Por favor, John pregunta.')
    // a lost blank: sent again as written
    expect(decodeSegment('Espera. [p:0]Pregunta John.', encoded).standInLost).toBe(true)
    const sorry = encodeSegment('Sorry! No results found. Sorry, it failed.', false, leads)
    expect(decodeSegment('[p:1]! Ningún resultado encontrado. [p:1]Falló.', sorry).segment).toBe('Lo sentimos! Ningún resultado encontrado. Lo sentimos, falló.')
  })
})

describe('decodeSegment guarantee (property, with mangled fake answers)', () => {
  test('returns every token once with close after open, whatever the answer does to the markers', async () => {
    const fc = (await import('fast-check')).default
    const word = fc.constantFrom('cat', 'red', ' ', 'the ', '[x]', '{y}', '*', '~', '@', '\\', 'ñ', '. ')
    const segment = fc.array(fc.oneof(word, fc.constantFrom('open', 'void')), { minLength: 1, maxLength: 12 }).map((items) => {
      const parts: Array<string | { id: string; kind: 'open' | 'close' | 'void' }> = []
      const open: string[] = []
      items.forEach((item, i) => {
        if (item === 'open') { parts.push({ id: `t${i}`, kind: 'open' }); open.push(`t${i}`) }
        else if (item === 'void') parts.push({ id: `t${i}`, kind: 'void' })
        else {
          parts.push(item)
          if (open.length > 0 && i % 3 === 0) parts.push({ id: open.pop()!, kind: 'close' })
        }
      })
      while (open.length > 0) parts.push({ id: open.pop()!, kind: 'close' })
      return parts
    })
    const mangle = fc.constantFrom('keep', 'drop-first-blank', 'duplicate-first-blank', 'reverse-blanks')
    fc.assert(fc.property(segment, fc.boolean(), mangle, (parts, wordBound, how) => {
      const encoded = encodeSegment(parts, wordBound)
      let answer = encoded.stream
      const blanks = answer.match(/\[\[[^\]]*\]\]|\[t:[^\]]*\]/g) ?? []
      if (how === 'drop-first-blank' && blanks[0]) answer = answer.replace(blanks[0], '')
      if (how === 'duplicate-first-blank' && blanks[0]) answer = answer.replace(blanks[0], blanks[0] + blanks[0])
      if (how === 'reverse-blanks') { let k = blanks.length; answer = answer.replace(/\[\[[^\]]*\]\]|\[t:[^\]]*\]/g, () => blanks[--k]!) }
      const out = decodeSegment(answer, encoded).segment
      const tokensIn = parts.filter((p) => typeof p !== 'string')
      if (!Array.isArray(out)) return tokensIn.length === 0
      const tokensOut = out.filter((p) => typeof p !== 'string') as Array<{ id: string; kind: string }>
      expect(tokensOut).toHaveLength(tokensIn.length)
      for (const t of tokensIn) expect(tokensOut.filter((o) => o.id === t.id && o.kind === t.kind)).toHaveLength(1)
      for (const t of tokensOut) if (t.kind === 'close') {
        expect(tokensOut.findIndex((o) => o.id === t.id && o.kind === 'open')).toBeLessThan(tokensOut.indexOf(t))
      }
      return true
    }), { numRuns: 300 })
  })
})

describe('maskSigils', () => {
  const name: InlineToken = { id: 'name', kind: 'void' }
  const tag: InlineToken = { id: 'tag', kind: 'void' }

  test('an @ or # right before a placeholder becomes one token with it, and comes back as written', () => {
    const masked = maskSigils(['Browse posts from @', name, ' in #', tag])!
    expect(masked.segment).toEqual(['Browse posts from ', { id: 'sigil0', kind: 'void' }, ' in ', { id: 'sigil1', kind: 'void' }])
    expect(masked.restore(['Explora de ', { id: 'sigil1', kind: 'void' }, ' a ', { id: 'sigil0', kind: 'void' }])).toEqual(['Explora de #', tag, ' a @', name])
  })

  test('an address, a plain string and a sigil before text are left as they are', () => {
    expect(maskSigils(['Write to user@', name])).toBeNull()
    expect(maskSigils('Mention @someone')).toBeNull()
    expect(maskSigils(['@ ', name, ' # sign'])).toBeNull()
  })
})
