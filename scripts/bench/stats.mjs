export function percentile(values, p) {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

export function median(values) {
  return percentile(values, 50)
}

/** Runs `count` tasks through `clients` concurrent workers (`task(index, worker)`); returns wall ms and per-task latencies. */
export async function closedLoop(count, clients, task) {
  let next = 0
  const latencies = []
  const started = performance.now()
  await Promise.all(
    Array.from({ length: clients }, async (_, worker) => {
      while (next < count) {
        const i = next++
        const t0 = performance.now()
        await task(i, worker)
        latencies.push(performance.now() - t0)
      }
    }),
  )
  return { wallMs: performance.now() - started, latencies }
}
