/**
 * What `verso translate` tells a person while it works, on stderr: a bar redrawn in place when
 * stderr is a terminal, one line per finished file otherwise (CI logs), nothing with --json
 * (stdout then carries one JSON document at the end).
 */
export interface Progress {
  fileStarted(path: string): void
  languageDone(path: string, language: string, ok: boolean): void
  fileDone(path: string, summary: string): void
  finish(): void
}

export function createProgress(options: { totalSteps: number; stream?: NodeJS.WriteStream; json: boolean }): Progress {
  const stream = options.stream ?? process.stderr
  const interactive = !options.json && stream.isTTY === true
  let done = 0
  let current = ''

  function draw() {
    const width = 24
    const filled = options.totalSteps === 0 ? width : Math.round((done / options.totalSteps) * width)
    const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${options.totalSteps} ${current}`
    const columns = stream.columns ?? 80
    stream.write(`\r${line.slice(0, columns - 1).padEnd(columns - 1)}`)
  }

  return {
    fileStarted(path) {
      current = path
      if (interactive) draw()
    },
    languageDone(_path, _language, _ok) {
      done++
      if (interactive) draw()
    },
    fileDone(path, summary) {
      if (options.json) return
      if (interactive) stream.write(`\r${' '.repeat((stream.columns ?? 80) - 1)}\r`)
      stream.write(`${path}: ${summary}\n`)
      if (interactive) draw()
    },
    finish() {
      if (interactive) stream.write(`\r${' '.repeat((stream.columns ?? 80) - 1)}\r`)
    },
  }
}
