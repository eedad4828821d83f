// Child processes of a benchmark, started so that none outlives it. Each child leads a process
// group of its own (`detached`), so a server's own children (Verso's Apertium stages, APy's
// pipelines, the stages of a `sh -c` pipeline) are in its group and can be ended with it.
// `stop()` asks the leader to end (SIGTERM: Verso then closes cleanly and flushes what it
// keeps in memory), waits, then SIGKILLs whatever is left of the group. A benchmark that
// exits for any reason (end, error, SIGINT/SIGTERM, the time limit of `deadline()`) SIGKILLs
// every group it started and has not stopped yet; it never signals anything else.
import { spawn } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'

const groups = new Set()

function killGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal)
    return true
  } catch {
    return false // ESRCH: the group is gone
  }
}

function killAll() {
  for (const pgid of groups) killGroup(pgid, 'SIGKILL')
  groups.clear()
}

process.once('exit', killAll)
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    console.error(`bench: ${signal}, ending every process started`)
    killAll()
    process.exit(1)
  })
}

/** Starts `command` in a process group of its own; `child.exited` resolves with the exit code. */
export function start(command, args, options = {}) {
  const child = spawn(command, args, { ...options, detached: true })
  if (child.pid === undefined) throw new Error(`could not start ${command}`)
  groups.add(child.pid)
  child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)))
  child.once('error', (error) => console.error(`bench: ${command}: ${error.message}`))
  return child
}

/** SIGTERM to the leader, up to `graceMs` for it to exit, then SIGKILL to the whole group. */
export async function stop(child, graceMs = 10_000) {
  if (!groups.has(child.pid)) return
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM')
    const timer = new Promise((resolve) => setTimeout(resolve, graceMs).unref())
    if ((await Promise.race([child.exited.then(() => 'exited'), timer])) !== 'exited') {
      console.error(`bench: ${child.spawnargs.join(' ')} did not exit within ${graceMs} ms of SIGTERM: killed`)
    }
  }
  killGroup(child.pid, 'SIGKILL')
  groups.delete(child.pid)
}

/** Exits with an error when the benchmark runs longer than `ms` (every started group is killed). */
export function deadline(ms, what) {
  setTimeout(() => {
    console.error(`bench: ${what} ran longer than ${Math.round(ms / 1000)} s: stopped`)
    killAll()
    process.exit(1)
  }, ms).unref()
}

/** Runs `command` to its end and resolves with its stdout; rejects on a non-zero exit or after `timeoutMs`. */
export async function run(command, args, { timeoutMs, ...options } = {}) {
  const child = start(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d))
  child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d))
  // stdout may still hold data after 'exit': the result is complete once both streams closed.
  const drained = Promise.all([new Promise((r) => child.stdout.once('close', r)), new Promise((r) => child.stderr.once('close', r))])
  const timer = timeoutMs ? setTimeout(() => killGroup(child.pid, 'SIGKILL'), timeoutMs) : undefined
  const code = await child.exited
  await drained
  clearTimeout(timer)
  killGroup(child.pid, 'SIGKILL')
  groups.delete(child.pid)
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}: ${stderr.trim().slice(0, 2000)}`)
  return { stdout, stderr }
}

/** The CPU time (user + system, in seconds) a process has used so far, from /proc; NaN when gone. */
export function cpuSeconds(pid) {
  try {
    const stat = readStat(pid)
    return (stat.utime + stat.stime) / CLOCK_TICKS
  } catch {
    return NaN
  }
}

// Linux's USER_HZ is 100 on every architecture Node runs on.
const CLOCK_TICKS = 100

function readStat(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // The command name (field 2) is in parentheses and may hold spaces: split after its last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  return { ppid: Number(fields[1]), utime: Number(fields[11]), stime: Number(fields[12]), rssPages: Number(fields[21]) }
}

/** `pid` and every process descending from it, read from /proc now. */
export function processTree(pid) {
  const children = new Map()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const { ppid } = readStat(name)
      if (!children.has(ppid)) children.set(ppid, [])
      children.get(ppid).push(Number(name))
    } catch {
      // exited while we read
    }
  }
  const tree = []
  const queue = [pid]
  while (queue.length > 0) {
    const next = queue.shift()
    tree.push(next)
    queue.push(...(children.get(next) ?? []))
  }
  return tree
}

/** Sum of VmRSS over `pid`'s process tree, in bytes, and how many processes it holds. */
export function treeRss(pid) {
  let bytes = 0
  let processes = 0
  for (const member of processTree(pid)) {
    try {
      const status = readFileSync(`/proc/${member}/status`, 'utf8')
      const rss = /^VmRSS:\s+(\d+) kB/m.exec(status)
      if (rss) bytes += Number(rss[1]) * 1024
      processes++
    } catch {
      // exited while we read
    }
  }
  return { bytes, processes }
}

/** Sum of CPU seconds over `pid`'s process tree as it is now (children that already exited are not counted). */
export function treeCpuSeconds(pid) {
  let total = 0
  for (const member of processTree(pid)) {
    const seconds = cpuSeconds(member)
    if (Number.isFinite(seconds)) total += seconds
  }
  return total
}
