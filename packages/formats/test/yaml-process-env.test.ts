import { describe, expect, test } from 'vitest'
import { parse } from '@verso/formats/yaml'

// parse swaps process.env for a plain object while eemeli/yaml's Parser runs (the Parser reads
// process.env.LOG_TOKENS once per token, which is slow in Node); the swap must never leak.
describe('yaml parse keeps process.env intact', () => {
  test('the same process.env object, with its values, is back after parsing', () => {
    const env = process.env
    process.env.VERSO_YAML_ENV_PROBE = 'kept'
    try {
      const p = parse('en:\n  a: "x"\n  b: [1, {c: d}]\n')
      expect(p.entries.map((e) => e.key)).toEqual(['a', 'b.0', 'b.1.c'])
      expect(process.env).toBe(env)
      expect(process.env.VERSO_YAML_ENV_PROBE).toBe('kept')
    } finally {
      delete process.env.VERSO_YAML_ENV_PROBE
    }
  })

  test('process.env is restored after bad, too-deep and multi-document input', () => {
    const env = process.env
    for (const src of ['a: [\n', 'a: ' + '['.repeat(5_000) + ']'.repeat(5_000), 'a: 1\n---\nb: 2\n', '\t- : : -\n  ]]\n']) {
      parse(src)
      expect(process.env).toBe(env)
    }
  })

  test('a 2 000-key file parses to the same entries and writes back byte-identically', () => {
    const lines = ['en:']
    for (let i = 0; i < 2000; i++) lines.push(i % 2 ? `  k${i}: "v ${i}"` : `  k${i}: plain ${i}`)
    const src = new TextEncoder().encode(lines.join('\n') + '\n')
    const p = parse(src)
    expect(p.entries).toHaveLength(2000)
    expect(p.entries[1]).toMatchObject({ key: 'k1', text: 'v 1', line: 3, column: 7 })
    expect(Buffer.from(p.write(new Map())).equals(Buffer.from(src))).toBe(true)
    expect(process.env.LOG_TOKENS).toBeUndefined()
  })
})
