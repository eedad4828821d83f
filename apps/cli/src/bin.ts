/** The `verso` executable: runs main() with Ctrl-C leaving no half-written file behind. */
import { main } from './main.js'
import { EXIT } from './translator.js'
import { removeTemporaryFiles } from './write-atomic.js'

// `npm run verso -- …` runs in the repository root; paths on the command line are the caller's.
if (process.env.npm_lifecycle_event === 'verso' && process.env.INIT_CWD) process.chdir(process.env.INIT_CWD)

function onSignal(signal: NodeJS.Signals) {
  removeTemporaryFiles()
  process.stderr.write(`\nverso: interrupted (${signal}); no partial file was written\n`)
  process.exit(signal === 'SIGINT' ? EXIT.INTERRUPTED : 143)
}
process.on('SIGINT', onSignal)
process.on('SIGTERM', onSignal)

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    process.stderr.write(`verso: unexpected error: ${(error as Error)?.stack ?? String(error)}\n`)
    process.exitCode = EXIT.FAILED
  },
)
