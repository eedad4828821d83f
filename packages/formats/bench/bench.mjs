// Benchmark of @verso/formats (build first: `cd packages/formats && ../../node_modules/.bin/tsup`).
// Per format: parse, identity write and translate-all write throughput (MB/s) over the corpus files,
// then wall time and peak memory for a generated ~10 MB file (each in a child process of its own). Budget: parse + write of 10 MB < 2 s.
// A codec that is not built (or has no `parse`) is reported as skipped. Ends with one `BENCH_JSON {…}` line.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import process from 'node:process'
import { fileURLToPath } from 'node:url'

const FORMATS = ['json', 'yaml', 'properties', 'po', 'strings', 'xml']
const CORPUS = process.env.VERSO_CORPUS ?? new URL('../../../../shared/corpus/', import.meta.url).pathname
const TARGET_BYTES = 10 * 1024 * 1024
const BUDGET_MS = 2000
const MB = 1024 * 1024

const mark = (entry) => {
  if (!entry.plural) return `«${entry.text}»`
  return Object.fromEntries(Object.entries(entry.plural).map(([c, t]) => [c, `«${t}»`]))
}
const translateAll = (parsed) => new Map(parsed.entries.filter((e) => e.translatable).map((e) => [e.key, mark(e)]))

/** Runs fn repeatedly for at least minMs; returns mean ms per run. */
function time(fn, minMs = 150) {
  fn() // warm-up
  let runs = 0
  const start = performance.now()
  let elapsed = 0
  do {
    fn()
    runs++
    elapsed = performance.now() - start
  } while (elapsed < minMs && runs < 500)
  return elapsed / runs
}

function corpusFiles(format) {
  try {
    const dir = join(CORPUS, format)
    return readdirSync(dir).sort().map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(dir, name))) }))
  } catch {
    return []
  }
}

/** A generated file of about `size` bytes in each format. */
function generate(format, size) {
  const parts = []
  let total = 0
  let i = 0
  const push = (s) => {
    parts.push(s)
    total += Buffer.byteLength(s)
  }
  const text = (n) => `Value number ${n}: the quick brown fox jumps over the lazy dog, caf\u00e9 {0} %{count} “quoted”`
  switch (format) {
    case 'json':
      push('{\n')
      while (total < size) {
        push(`${i ? ',\n' : ''}  "group_${i}": {\n`)
        for (let k = 0; k < 50; k++) push(`    "key_${k}": ${JSON.stringify(text(i * 50 + k))}${k < 49 ? ',' : ''}\n`)
        push('  }')
        i++
      }
      push('\n}\n')
      break
    case 'yaml':
      push('en:\n')
      while (total < size) {
        push(`  group_${i}:\n    # comment ${i}\n`)
        for (let k = 0; k < 50; k++) {
          const t = text(i * 50 + k)
          push(k % 3 === 0 ? `    key_${k}: ${JSON.stringify(t)}\n` : k % 3 === 1 ? `    key_${k}: '${t.replace(/'/g, "''")}'\n` : `    key_${k}: plain text ${k} value\n`)
        }
        push('    count:\n      one: "%{count} item"\n      other: "%{count} items"\n')
        i++
      }
      break
    case 'properties':
      push('# generated\n')
      while (total < size) push(`group.${i >> 6}.key_${i++}=${text(i)}\n`)
      break
    case 'po':
      push('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: fr\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n')
      while (total < size) {
        push(`#. note ${i}\n#: src/file.c:${i}\nmsgid ${JSON.stringify(text(i))}\nmsgstr ""\n\n`)
        i++
      }
      break
    case 'strings':
      while (total < size) {
        push(`/* comment ${i} */\n"key_${i}" = ${JSON.stringify(text(i))};\n\n`)
        i++
      }
      break
    case 'xml':
      push('<?xml version="1.0" encoding="utf-8"?>\n<resources>\n')
      while (total < size) {
        push(`    <!-- comment ${i} -->\n    <string name="key_${i}">${text(i).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/'/g, "\\'")}</string>\n`)
        i++
      }
      push('</resources>\n')
      break
  }
  return new TextEncoder().encode(parts.join(''))
}

/**
 * The 10 MB measurement of one format, run in a child process of its own (`--large <format>`) so
 * that its peak RSS is that format's alone: Node's baseline, the generated input, the parsed
 * entries and both writes. Prints one JSON line.
 */
async function largeRun(format) {
  const { parse } = await import(`@verso/formats/${format}`)
  const big = generate(format, TARGET_BYTES)
  globalThis.gc?.()
  const rssBeforeMB = Math.round(process.memoryUsage().rss / MB)
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  const parsed = parse(big)
  const t1 = performance.now()
  const identity = parsed.write(new Map())
  const t2 = performance.now()
  const translations = translateAll(parsed)
  const t3 = performance.now()
  const out = parsed.write(translations)
  const t4 = performance.now()
  const cpu = process.cpuUsage(cpu0)
  const large = {
    bytes: big.length,
    entries: parsed.entries.length,
    issues: parsed.issues.length,
    parseMs: Math.round(t1 - t0),
    identityWriteMs: Math.round(t2 - t1),
    translateAllWriteMs: Math.round(t4 - t3),
    parseAndWriteMs: Math.round(t1 - t0 + (t4 - t3)),
    /** CPU time of the whole sequence (parse, identity write, translate-all write), user + system: less sensitive to other load on the machine than wall time. */
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    identical: Buffer.from(identity).equals(Buffer.from(big)),
    outputBytes: out.length,
    /** RSS of the process with the generated input in memory, before parsing. */
    rssBeforeParseMB: rssBeforeMB,
    /** Peak RSS of the whole child process. */
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
  }
  large.withinBudget = large.parseAndWriteMs < BUDGET_MS
  if (format === 'yaml') {
    // side by side: eemeli/yaml's Parser + Composer alone on the same text (the path the codec
    // takes for YAML its block reader leaves to the library), against the codec's whole parse
    const { Composer, Parser } = await import('yaml')
    const source = new TextDecoder().decode(big)
    globalThis.gc?.()
    const l0 = performance.now()
    Array.from(new Composer({ uniqueKeys: false }).compose(new Parser().parse(source)))
    large.libraryParseMs = Math.round(performance.now() - l0)
    large.libraryOverCodecParse = +(large.libraryParseMs / large.parseMs).toFixed(2)
  }
  console.log(JSON.stringify(large))
}

if (process.argv[2] === '--large') {
  await largeRun(process.argv[3])
  process.exit(0)
}

const results = {}
for (const format of FORMATS) {
  let parse
  try {
    const mod = await import(`@verso/formats/${format}`)
    parse = mod.parse
  } catch (error) {
    console.log(`${format}: skipped (not built: ${String(error?.message ?? error).split('\n')[0]})`)
    results[format] = { skipped: true }
    continue
  }
  if (typeof parse !== 'function') {
    console.log(`${format}: skipped (no parse export yet)`)
    results[format] = { skipped: true }
    continue
  }
  try {
    // corpus throughput
    const files = corpusFiles(format)
    const bytes = files.reduce((n, f) => n + f.bytes.length, 0)
    let corpus = null
    if (files.length > 0) {
      const parsed = files.map((f) => parse(f.bytes))
      const maps = parsed.map(translateAll)
      const parseMs = time(() => files.forEach((f) => parse(f.bytes)))
      const identityMs = time(() => parsed.forEach((p) => p.write(new Map())))
      const translateMs = time(() => parsed.forEach((p, i) => p.write(maps[i])))
      corpus = {
        files: files.length,
        bytes,
        parseMBs: +(bytes / MB / (parseMs / 1000)).toFixed(1),
        identityWriteMBs: +(bytes / MB / (identityMs / 1000)).toFixed(1),
        translateAllWriteMBs: +(bytes / MB / (translateMs / 1000)).toFixed(1),
      }
      console.log(`${format}: corpus ${files.length} files ${(bytes / 1024).toFixed(0)} KiB  parse ${corpus.parseMBs} MB/s  write identity ${corpus.identityWriteMBs} MB/s  write translate-all ${corpus.translateAllWriteMBs} MB/s`)
    }
    // generated ~10 MB file, in a child process of its own
    const child = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--large', format], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 * MB })
    if (child.status !== 0) throw new Error(`the 10 MB run exited with ${child.status ?? child.signal}`)
    const large = JSON.parse(child.stdout.trim().split('\n').at(-1))
    results[format] = { corpus, large }
    console.log(
      `${format}: ${(large.bytes / MB).toFixed(1)} MB generated, ${large.entries} entries, ${large.issues} issues: parse ${large.parseMs} ms, identity write ${large.identityWriteMs} ms (${large.identical ? 'identical' : 'NOT IDENTICAL'}), translate-all write ${large.translateAllWriteMs} ms; cpu ${large.cpuMs} ms; parse+write ${large.parseAndWriteMs} ms ${large.withinBudget ? '(within' : '(OVER'} the ${BUDGET_MS} ms budget); peak rss ${large.peakRssMB} MB (${large.rssBeforeParseMB} MB before parsing)${large.libraryParseMs === undefined ? '' : `; yaml library Parser+Composer alone ${large.libraryParseMs} ms (${large.libraryOverCodecParse}× the codec's parse)`}`,
    )
  } catch (error) {
    console.log(`${format}: failed: ${error?.stack ?? error}`)
    results[format] = { failed: String(error?.message ?? error) }
  }
}
results.maxRssMB = Math.max(...FORMATS.map((f) => results[f]?.large?.peakRssMB ?? 0))
console.log(`largest peak rss of a 10 MB run: ${results.maxRssMB} MB`)
console.log(`BENCH_JSON ${JSON.stringify(results)}`)
