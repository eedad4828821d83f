import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FileStore } from '../types.js'

export interface FsFileStoreOptions {
  /** Root directory, e.g. `${DATA_DIR}/files`. Created when missing. */
  dir: string
}

const SAFE = /^[A-Za-z0-9._-]+$/

function pathOf(dir: string, key: string): string {
  const parts = key.split('/')
  if (parts.length !== 2 || !parts.every((part) => SAFE.test(part) && part !== '.' && part !== '..')) {
    throw new Error(`invalid file key ${JSON.stringify(key)}`)
  }
  return join(dir, parts[0]!, parts[1]!)
}

/**
 * Files on the local disk under `dir/<job id>/`. A write goes to a temporary name in the same
 * directory, is flushed, then renamed over the final name: readers see the old file or the
 * new one, never half of one; writing the same key twice leaves one file.
 */
export function fsFileStore(options: FsFileStoreOptions): FileStore {
  const dir = options.dir
  return {
    async put(key, bytes) {
      const target = pathOf(dir, key)
      await mkdir(join(target, '..'), { recursive: true })
      const temp = `${target}.${randomUUID()}.tmp`
      try {
        await writeFile(temp, bytes, { flush: true })
        await rename(temp, target)
      } catch (error) {
        await rm(temp, { force: true })
        throw error
      }
    },
    async get(key) {
      try {
        const buffer = await readFile(pathOf(dir, key))
        return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async removeJob(jobId) {
      if (!SAFE.test(jobId) || jobId === '.' || jobId === '..') return
      await rm(join(dir, jobId), { recursive: true, force: true })
    },
    async close() {},
  }
}
