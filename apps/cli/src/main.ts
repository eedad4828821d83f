/**
 * `verso`: translate and check localization files, HTML and subtitles. See README.md for the
 * commands, options and exit codes.
 */
import { existsSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { basename, join } from 'node:path'
import { parseArgs } from 'node:util'
import { checkFiles } from './check.js'
import { defaultOutputPath, fillPattern, holdsEveryLanguage, kindOf, languageInPath, SUPPORTED_EXTENSIONS, updatesInPlace } from './files.js'
import { createProgress } from './progress.js'
import { CliError, EXIT, type FileTranslator, type LanguageOutcome, type SourceFile } from './translator.js'
import { writeFileAtomic } from './write-atomic.js'

const USAGE = `Usage:
  verso translate <files…> --to <codes> [--from <code>] [--out <pattern>] [--fresh] [--memory <file>] [--attributes] [--encoding <name>] [--server <url> --key <key>] [--json]
  verso check <source> <targets…> [--json]

translate  Writes one file per target language. With --server, through a running Verso
           (i18n jobs); without, with the embedded Apertium engine (no server needed).
           --out pattern fields: {dir} {name} {lang} {ext}, e.g. '{dir}/{lang}/{name}.{ext}'.
           Incremental: when a localization file's output already exists, only new keys and keys
           whose source changed are translated; values edited by hand are kept byte for byte
           (locally, what Verso wrote last time is remembered in --memory, default
           $XDG_DATA_HOME/verso/memory.db or ~/.local/share/verso/memory.db; VERSO_MEMORY too).
           The output path must be known before translating: give --from or --out, or name the
           source by its language (en.json). --fresh translates everything again.
           An output path that is the source file itself is refused (give --out), except for
           a bilingual file made for the target (app_es.ts, messages.es.xlf): updated in place.
           --attributes also translates HTML's alt, title, placeholder, aria-label and button values.
           --encoding names what HTML, Markdown and subtitle files are in when they are not UTF-8 and
           have no BOM (e.g. windows-1252); a page's own <meta charset> comes first. Outputs
           are written in their source's encoding.
check      Exits 1 when a target misses keys, has extra keys, or changes a placeholder,
           tag or ICU argument of its source entry; prints file:line: problem.

Exit codes: 0 ok, 1 some file failed or check found problems, 2 usage, 3 server unreachable
or key refused, 130 interrupted.
Files: ${SUPPORTED_EXTENSIONS.join(' ')}`

interface FileReport {
  file: string
  source?: string
  outputs: Array<{ language: string; path: string; failed_keys?: string; note?: string }>
  errors: Array<{ language?: string; error: string }>
}

async function translateCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      from: { type: 'string' },
      out: { type: 'string' },
      server: { type: 'string' },
      key: { type: 'string' },
      json: { type: 'boolean', default: false },
      fresh: { type: 'boolean', default: false },
      memory: { type: 'string' },
      attributes: { type: 'boolean', default: false },
      encoding: { type: 'string' },
    },
  })
  if (positionals.length === 0) throw new CliError('USAGE', 'verso translate: give at least one file')
  const targets = (values.to ?? '').split(',').map((code) => code.trim()).filter(Boolean)
  if (targets.length === 0) throw new CliError('USAGE', 'verso translate: --to is required (e.g. --to es,fr)')
  if (values.server && !values.key) throw new CliError('USAGE', 'verso translate: --server needs --key (or VERSO_API_KEY)')
  const from = values.from && values.from !== 'auto' ? values.from : null

  const files: SourceFile[] = positionals.map((path) => {
    const kind = kindOf(path)
    if (!kind) throw new CliError('USAGE', `${path}: not a file type Verso translates (${SUPPORTED_EXTENSIONS.join(' ')})`)
    if (!existsSync(path)) throw new CliError('USAGE', `${path}: no such file`)
    return { path, name: basename(path), bytes: readFileSync(path), kind, ...(values.encoding ? { encoding: values.encoding } : {}) }
  })

  const translator: FileTranslator = values.server
    ? (await import('./remote.js')).remoteTranslator({ server: values.server, key: values.key!, htmlAttributes: values.attributes! })
    : (await import('./local.js')).localTranslator({ memoryPath: values.fresh ? null : (values.memory ?? defaultMemoryPath()), htmlAttributes: values.attributes! })
  const progress = createProgress({ totalSteps: files.length * targets.length, json: values.json! })
  const reports: FileReport[] = []
  let failed = false
  try {
    const known = new Set(await translator.languages())
    for (const file of files) {
      const report: FileReport = { file: file.path, outputs: [], errors: [] }
      reports.push(report)
      progress.fileStarted(file.path)
      const pathLanguage = from ?? languageInPath(file.path, (code) => known.has(code))
      try {
        const existing = values.fresh ? new Map<string, Uint8Array>() : existingTargets(file, targets, values.out ?? null, pathLanguage)
        const done = (outcome: LanguageOutcome) => progress.languageDone(file.path, outcome.language, 'bytes' in outcome)
        const result = holdsEveryLanguage(file.path) && !values.out
          ? await intoOneCatalog(translator, file, from, targets, done)
          : await translator.translate(file, from, targets, done, existing)
        report.source = result.source
        for (const outcome of result.outcomes) {
          if (!('bytes' in outcome)) {
            report.errors.push({ language: outcome.language, error: outcome.error })
            continue
          }
          const path = values.out
            ? fillPattern(values.out, file.path, outcome.language)
            : defaultOutputPath(file.path, outcome.language, pathLanguage ?? result.source)
          if (path === file.path && !updatesInPlace(file.path, outcome.language)) {
            report.errors.push({ language: outcome.language, error: `the output path ${path} is the source file itself; use --out` })
            continue
          }
          writeFileAtomic(path, outcome.bytes)
          report.outputs.push({ language: outcome.language, path, ...(outcome.failedKeys ? { failed_keys: outcome.failedKeys } : {}), ...(outcome.note ? { note: outcome.note } : {}) })
        }
      } catch (error) {
        if (error instanceof CliError && error.kind !== 'FILE') throw error
        report.errors.push({ error: (error as Error).message })
      }
      if (report.errors.length > 0) failed = true
      const written = report.outputs.map((o) => `${o.language} → ${o.path}${o.failed_keys ? ` (${o.failed_keys})` : ''}${o.note ? ` (${o.note})` : ''}`)
      const errors = report.errors.map((e) => `${e.language ? `${e.language}: ` : ''}error: ${e.error}`)
      progress.fileDone(file.path, [...written, ...errors].join('; ') || 'nothing to do')
    }
  } finally {
    progress.finish()
    await translator.close()
  }
  if (values.json) process.stdout.write(`${JSON.stringify({ files: reports }, null, 2)}\n`)
  return failed ? EXIT.FAILED : EXIT.OK
}

/** Where the local translation memory lives unless --memory or VERSO_MEMORY says otherwise. */
function defaultMemoryPath(): string {
  if (process.env.VERSO_MEMORY) return process.env.VERSO_MEMORY
  const data = process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share')
  return join(data, 'verso', 'memory.db')
}

/**
 * The output files that already exist for a localization file, by target language: the
 * incremental run's starting point. Only when their paths are known before translating (a
 * pattern, or the source language from --from or the file name).
 */
/**
 * A String Catalog gets every target in the one file: each language is translated into the
 * catalog the previous one produced (the catalog keeps the translations it already has), and
 * the last outcome, holding them all, is reported under every language that succeeded.
 */
async function intoOneCatalog(
  translator: FileTranslator,
  file: SourceFile,
  from: string | null,
  targets: readonly string[],
  done: (outcome: LanguageOutcome) => void,
): Promise<{ source: string; outcomes: LanguageOutcome[] }> {
  let bytes: Uint8Array = file.bytes
  let source = from ?? ''
  const outcomes: LanguageOutcome[] = []
  for (const target of targets) {
    const result = await translator.translate({ ...file, bytes }, from, [target], done)
    source = result.source
    const outcome = result.outcomes[0]!
    if ('bytes' in outcome) bytes = outcome.bytes
    outcomes.push(outcome)
  }
  // every successful language's output is the final catalog (written once: the same path)
  return { source, outcomes: outcomes.map((outcome) => ('bytes' in outcome ? { ...outcome, bytes } : outcome)) }
}

function existingTargets(file: SourceFile, targets: readonly string[], pattern: string | null, sourceLanguage: string | null): Map<string, Uint8Array> {
  const existing = new Map<string, Uint8Array>()
  if (file.kind.kind !== 'i18n' || (!pattern && !sourceLanguage)) return existing
  for (const target of targets) {
    const path = pattern ? fillPattern(pattern, file.path, target) : defaultOutputPath(file.path, target, sourceLanguage)
    if (path !== file.path && existsSync(path)) existing.set(target, readFileSync(path))
  }
  return existing
}

async function checkCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { json: { type: 'boolean', default: false } } })
  if (positionals.length < 2) throw new CliError('USAGE', 'verso check: give the source file and at least one translated file')
  const [source, ...targets] = positionals
  const problems = await checkFiles(source!, targets)
  if (values.json) process.stdout.write(`${JSON.stringify({ ok: problems.length === 0, problems }, null, 2)}\n`)
  else {
    for (const p of problems) process.stdout.write(`${p.file}:${p.line}: ${p.message}\n`)
    process.stderr.write(problems.length === 0 ? `verso check: ${targets.length} file(s) match ${source}\n` : `verso check: ${problems.length} problem(s)\n`)
  }
  return problems.length === 0 ? EXIT.OK : EXIT.FAILED
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  try {
    if (command === 'translate') return await translateCommand(withEnvKey(rest))
    if (command === 'check') return await checkCommand(rest)
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      process.stdout.write(`${USAGE}\n`)
      return command === undefined ? EXIT.USAGE : EXIT.OK
    }
    throw new CliError('USAGE', `unknown command '${command}'`)
  } catch (error) {
    if (error instanceof CliError) {
      process.stderr.write(`verso: ${error.message}\n`)
      if (error.kind === 'USAGE') process.stderr.write(`${USAGE}\n`)
      return error.exitCode
    }
    // parseArgs reports unknown options as TypeErrors with a code
    if ((error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`verso: ${(error as Error).message}\n${USAGE}\n`)
      return EXIT.USAGE
    }
    throw error
  }
}

/** `VERSO_API_KEY` stands for `--key`, so a key need not appear in shell history or CI logs. */
function withEnvKey(args: string[]): string[] {
  return process.env.VERSO_API_KEY && !args.includes('--key') ? [...args, '--key', process.env.VERSO_API_KEY] : args
}
