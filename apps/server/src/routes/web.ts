import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyPluginAsync } from 'fastify'

/**
 * The web app (apps/web, built by Vite) at `/`, with a Content-Security-Policy that allows only
 * this origin's own scripts and styles: translated HTML is user input, and the app shows it only
 * as text and in a sandboxed frame. The files are read once at start-up: a fixed set of names,
 * so no request path ever reaches the file system.
 */
export const WEB_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  // the preview frame: srcdoc, sandboxed with no permissions
  "frame-src 'self' about:",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
}

/** apps/web/dist, found from this file in src/ (tests) or dist/ (npm start). */
export function defaultWebRoot(): string {
  // src/routes/web.ts in tests, the bundled dist/main.js under npm start
  const candidates = ['../../../web/dist/', '../../web/dist/'].map((path) => fileURLToPath(new URL(path, import.meta.url)))
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? candidates[0]!
}

export const webRoutes: FastifyPluginAsync<{ webRoot: string }> = async (app, { webRoot }) => {
  const security = {
    'content-security-policy': WEB_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
  }
  const index = join(webRoot, 'index.html')
  if (!existsSync(index)) {
    app.get('/', { schema: { hide: true }, config: { auth: 'none' } }, async (_request, reply) =>
      reply.status(404).send({ detail: 'The web app is not built (apps/web/dist is missing): run the build (npm start does it).' }),
    )
    return
  }
  const html = readFileSync(index)
  app.get('/', { schema: { hide: true }, config: { auth: 'none' } }, async (_request, reply) =>
    reply.headers({ ...security, 'content-type': TYPES['.html']!, 'cache-control': 'no-cache' }).send(html),
  )
  const assetsDir = join(webRoot, 'assets')
  const assets = new Map<string, Buffer>()
  if (existsSync(assetsDir)) for (const name of readdirSync(assetsDir)) assets.set(name, readFileSync(join(assetsDir, name)))
  app.get<{ Params: { name: string } }>('/assets/:name', { schema: { hide: true }, config: { auth: 'none' } }, async (request, reply) => {
    const asset = assets.get(request.params.name)
    if (!asset) return reply.status(404).send({ detail: 'No such asset' })
    // Vite puts a content hash in every asset name: they never change
    return reply
      .headers({ ...security, 'content-type': TYPES[extname(request.params.name)] ?? 'application/octet-stream', 'cache-control': 'public, max-age=31536000, immutable' })
      .send(asset)
  })
}
