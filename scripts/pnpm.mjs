#!/usr/bin/env node
// Runs the pinned pnpm (package.json "packageManager") through npx, so that plain npm is all a
// machine needs: corepack's signature check fails against some registries, npx does not.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const root = new URL('..', import.meta.url)
const { packageManager } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'))
const result = spawnSync('npx', ['--yes', packageManager, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
})
process.exit(result.status ?? 1)
