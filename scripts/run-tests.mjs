#!/usr/bin/env node
// Runs every test of the workspace in one vitest run and ends with the plain closing line
// 'tests: N passed, N failed, N skipped' that CI reads. Extra arguments go to vitest
// (`npm test -- packages/formats`).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'verso-tests-'))
const report = join(dir, 'report.json')
const vitest = spawnSync(
  'node',
  [join(root, 'scripts/pnpm.mjs'), 'exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
)
let status = vitest.status ?? 1
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'))
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`)
  if (r.numTotalTests === 0) status = 1
} else {
  console.log('tests: 0 passed, 1 failed')
  status = status || 1
}
rmSync(dir, { recursive: true, force: true })
process.exit(status)
