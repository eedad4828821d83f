/**
 * The Dockerfile and compose.yaml cannot be built here (no Docker engine), so they are read:
 * stages, user, health checks, ports and environment, checked against the README and the
 * server's configuration, so that the files cannot drift from what they document.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const root = new URL('../../../', import.meta.url)
const read = (path: string) => readFileSync(new URL(path, root), 'utf8')

/** Dockerfile instructions, with continuation lines joined and comments dropped. */
function instructions(text: string): Array<{ op: string; args: string }> {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [op, ...rest] = line.split(/\s+/)
      return { op: op!.toUpperCase(), args: rest.join(' ') }
    })
}

describe('Dockerfile', () => {
  const steps = instructions(read('Dockerfile'))
  const runtime = steps.slice(steps.findLastIndex((s) => s.op === 'FROM'))

  it('is multi-stage on Debian, and the runtime copies only the build from the build stage', () => {
    const froms = steps.filter((s) => s.op === 'FROM').map((s) => s.args)
    expect(froms.length).toBeGreaterThanOrEqual(2)
    for (const from of froms) expect(from).toMatch(/bookworm/)
    expect(runtime.some((s) => s.op === 'COPY' && s.args.includes('--from=build'))).toBe(true)
  })

  it('installs Apertium and the pairs from package.json with apt-get in the runtime', () => {
    const run = runtime.filter((s) => s.op === 'RUN').map((s) => s.args).join(' ')
    expect(run).toContain('apt-get install')
    expect(run).toContain('verso.apertium')
    const apertium = JSON.parse(read('package.json')).verso.apertium
    expect(apertium.packages).toContain('apertium')
    // tcmalloc for the stages (packages/engine/README.md, "A faster allocator")
    expect(run).toContain('p.speedupPackages')
    expect(apertium.speedupPackages).toContain('libtcmalloc-minimal4')
  })

  it('has a C compiler in the build stage, so that the engine builds its stoi fast path', () => {
    const build = steps.slice(0, steps.findLastIndex((s) => s.op === 'FROM'))
    const run = build.filter((s) => s.op === 'RUN').map((s) => s.args).join(' ')
    expect(run).toMatch(/apt-get install[^&]*\s(g\+\+|gcc)(\s|$)/)
  })

  it('runs as a non-root user with a health check on /health, exposing PORT', () => {
    const user = runtime.filter((s) => s.op === 'USER').at(-1)?.args
    expect(user).toBeDefined()
    expect(user).not.toMatch(/^(root|0)$/)
    const health = runtime.find((s) => s.op === 'HEALTHCHECK')?.args ?? ''
    expect(health).toContain('/health')
    expect(runtime.find((s) => s.op === 'EXPOSE')?.args).toBe('8080')
    expect(runtime.find((s) => s.op === 'CMD')?.args).toContain('apps/server/dist/main.js')
  })
})

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as {
    services: Record<string, { command?: string[]; ports?: string[]; environment?: Record<string, string>; healthcheck?: { test: string[] }; depends_on?: Record<string, unknown> }>
  }
  const services = compose.services
  const readme = read('README.md')

  it('has a server, two workers, PostgreSQL and Redis, each with a health check', () => {
    expect(Object.keys(services).sort()).toEqual(['postgres', 'redis', 'server', 'worker-1', 'worker-2'])
    for (const [name, service] of Object.entries(services)) expect(service.healthcheck?.test, name).toBeDefined()
    expect(services.server!.ports).toEqual(['8080:8080'])
    for (const worker of ['worker-1', 'worker-2']) expect(services[worker]!.command).toEqual(['node', 'apps/server/dist/worker.js'])
  })

  it('gives the server and workers the scale-out drivers, pointing at the compose services', () => {
    for (const name of ['server', 'worker-1', 'worker-2']) {
      const env = services[name]!.environment!
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//)
      expect(env.REDIS_URL).toBe('redis://redis:6379')
      expect(Object.keys(services[name]!.depends_on ?? {}).sort()).toEqual(['postgres', 'redis'])
    }
  })

  it('uses only environment variables the README documents', () => {
    const names = new Set<string>()
    for (const name of ['server', 'worker-1', 'worker-2']) for (const key of Object.keys(services[name]!.environment!)) names.add(key)
    for (const name of names) expect(readme, `${name} in README`).toContain(`\`${name}\``)
  })
})
