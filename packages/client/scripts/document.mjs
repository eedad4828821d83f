// The server's OpenAPI document, from a server built in-process over a throwaway data folder
// (no socket, no Apertium pipeline started).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp, configFromEnv, createServices } from '@verso/server'

export async function openApiDocument() {
  const dataDir = mkdtempSync(join(tmpdir(), 'verso-openapi-'))
  const services = createServices(configFromEnv({ DATA_DIR: dataDir }))
  try {
    const app = await buildApp(services)
    await app.ready()
    const doc = app.swagger()
    await app.close()
    return doc
  } finally {
    await services.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
