// A second process on the same SQLite file, for sqlite.test.ts: argv = path, action, ...args.
import { createInterface } from 'node:readline'
import Database from 'better-sqlite3'
import { createMetering, sqliteStore } from '@verso/metering'

const [path, action, arg, times] = process.argv.slice(2)
if (!path || !action) throw new Error('usage: sqlite-child PATH ACTION ARGS')

if (action === 'hold-lock') {
  // Holds the write lock, as an admin command in the middle of a transaction would.
  const db = new Database(path)
  db.exec('BEGIN IMMEDIATE')
  console.log('locked')
  await new Promise((resolve) => setTimeout(resolve, Number(arg)))
  db.exec('COMMIT')
  db.close()
} else if (action === 'rotate') {
  const metering = createMetering({ driver: sqliteStore({ path }) })
  const { apiKey } = await metering.rotateKey(String(arg))
  console.log(JSON.stringify({ api_key: apiKey }))
  await metering.close()
} else if (action === 'charge') {
  const metering = createMetering({ driver: sqliteStore({ path }) })
  const lines = createInterface({ input: process.stdin })
  console.log('ready')
  for await (const line of lines) if (line === 'go') break
  lines.close()
  let ok = 0
  for (let i = 0; i < Number(times); i++) {
    if ((await metering.charge(String(arg), 1)).ok) ok++
    await new Promise((resolve) => setImmediate(resolve))
  }
  console.log(JSON.stringify({ ok }))
  await metering.close()
  process.stdin.destroy()
}
