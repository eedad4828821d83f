/**
 * Writes a file so that it is either the old one or the whole new one, never half of it:
 * the bytes go to a temporary file beside the target (same file system), which is then
 * renamed over it. Ctrl-C between the two leaves only the temporary file, which
 * `removeTemporaryFiles` deletes on the way out.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

const pending = new Set<string>()

export function writeFileAtomic(path: string, bytes: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true })
  const temporary = join(dirname(path), `.${basename(path)}.verso-${process.pid}-${Date.now()}.tmp`)
  pending.add(temporary)
  try {
    writeFileSync(temporary, bytes)
    renameSync(temporary, path)
  } finally {
    rmSync(temporary, { force: true })
    pending.delete(temporary)
  }
}

/** Deletes temporary files of writes that were interrupted (called on SIGINT/SIGTERM). */
export function removeTemporaryFiles(): void {
  for (const path of pending) rmSync(path, { force: true })
  pending.clear()
}
