import { spawn, type ChildProcess } from 'node:child_process'
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'
import { createJobService, type FileStore, type JobQueue, type JobStore } from '@verso/jobs'
import { enc, fakeFormats, fakeTranslator, until } from './fakes.js'

const root = fileURLToPath(new URL('../../../..', import.meta.url))
const child = fileURLToPath(new URL('../fixtures/child-worker.ts', import.meta.url))

const lines = (file: string) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    : []

/**
 * The crash scenario: an API process creates a job; worker process A starts it and is killed
 * with SIGKILL after its first language; worker B finishes it. Checks: one file per language,
 * the finished language not redone, credits reserved once and the failed keys refunded once.
 */
export async function crashScenario(options: {
  dir: string
  drivers: { store: JobStore; files: FileStore; queue?: JobQueue }
  childEnv: Record<string, string>
  listFiles: (jobId: string) => Promise<string[]>
}): Promise<void> {
  const { dir } = options
  const credits = join(dir, 'credits.log')
  writeFileSync(credits, '')
  const children: ChildProcess[] = []
  const startWorker = () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', '--conditions=verso-source', child], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dir,
        CREDITS_LOG: credits,
        TRANSLATE_LOG: join(dir, 'translate.log'),
        DELAY_MS: '150',
        LEASE_MS: '1000',
        FAIL_ON: 'number 5',
        ...options.childEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    proc.stderr!.on('data', (chunk: Buffer) => appendFileSync(join(dir, 'child-stderr.log'), chunk))
    children.push(proc)
    return proc
  }
  // The API process: creates the job (and reserves credits) but runs no worker.
  const api = createJobService({
    ...options.drivers,
    translator: fakeTranslator(),
    formats: fakeFormats(),
    publicBaseUrl: 'https://x.test',
    credits: {
      async reserve(ownerId, amount) {
        appendFileSync(credits, `${JSON.stringify({ op: 'reserve', ownerId, amount })}\n`)
        return { ok: true }
      },
      async refund(ownerId, amount) {
        appendFileSync(credits, `${JSON.stringify({ op: 'refund', ownerId, amount })}\n`)
      },
    },
  })
  try {
    const file = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`key${i}`, `Text number ${i}`]))
    const job = await api.create({ ownerId: 'u1', filename: 'app.json', bytes: enc(file), sourceLanguage: 'en', targetLanguages: ['es', 'ca', 'pt'] })

    const first = startWorker()
    // Kill it once the first language is stored and the second is under way.
    await until(async () => {
      const current = await api.get('u1', job.id)
      const pairs = current ? Object.values(current.languages).reduce((n, l) => n + l.translated_keys + l.failed_keys, 0) : 0
      return current && current.translated_files.length === 1 && pairs > 8 ? current : null
    }, 30_000, 10)
    first.kill('SIGKILL')
    await new Promise((resolve) => first.once('exit', resolve))
    expect((await api.get('u1', job.id))?.status).toBe('processing')

    const second = startWorker()
    const done = await until(async () => {
      const current = await api.get('u1', job.id)
      return current?.completed_at ? current : null
    }, 30_000, 25)
    await until(async () => lines(credits).length === 2, 10_000)
    second.kill('SIGTERM')
    await new Promise((resolve) => second.once('exit', resolve))

    // Keys, not (key, language) pairs: key5 failed in every language; the resumed worker counted
    // the language finished before the crash from its recorded failed keys.
    expect(done).toMatchObject({ status: 'partial', total_keys: 8, translated_keys: 7, failed_keys: 1 })
    for (const code of ['es', 'ca', 'pt']) expect(done.languages[code]).toEqual({ translated_keys: 7, failed_keys: 1, status: 'partial', reused_keys: 0, kept_keys: 0, needs_review: [] })
    expect(done.translated_files.map((f) => f.language_code).sort()).toEqual(['ca', 'es', 'pt'])
    expect((await options.listFiles(job.id)).sort()).toEqual(['out-ca', 'out-es', 'out-pt', 'source'])
    const es = JSON.parse(new TextDecoder().decode((await api.download('u1', job.id, 'es'))!.bytes))
    expect(es.key3).toBe('es:Text number 3')
    expect(es.key5).toBe('Text number 5')

    // The language finished before the crash was not translated again; both workers worked.
    const calls = lines(join(dir, 'translate.log'))
    const firstTarget = [...done.translated_files].sort((a, b) => a.created_at.localeCompare(b.created_at))[0]!.language_code
    expect(new Set(calls.filter((c) => c.target === firstTarget).map((c) => c.pid)).size).toBe(1)
    expect(new Set(calls.map((c) => c.pid)).size).toBe(2)

    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(lines(credits)).toEqual([
      { op: 'reserve', ownerId: 'u1', amount: 24 },
      { op: 'refund', ownerId: 'u1', amount: 3 },
    ])
  } finally {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
    await api.close()
  }
}
