#!/usr/bin/env node
// Regenerates openapi.json (the server's document, as GET /openapi.json serves it) and
// src/schema.ts (its TypeScript types, by openapi-typescript). Run after changing a route:
// `npm run generate -w @verso/client` or `node packages/client/scripts/generate.mjs`; a test
// fails while the committed copy differs from the server's.
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { openApiDocument } from './document.mjs'

const here = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url))
const doc = await openApiDocument()
writeFileSync(here('openapi.json'), `${JSON.stringify(doc, null, 2)}\n`)
execFileSync(process.execPath, [here('node_modules/openapi-typescript/bin/cli.js'), here('openapi.json'), '-o', here('src/schema.ts')], { stdio: 'inherit' })
