/**
 * Each engine's availability as an explicit state machine, one transition function:
 *
 *   closed ──(threshold consecutive failed requests)──▶ open ──(cool-down over)──▶ half-open
 *   half-open ──success──▶ closed        half-open ──failure──▶ open (cool-down again)
 *   any ──quota──▶ exhausted ──(next UTC midnight)──▶ closed
 *
 * `closed` and `half-open` serve requests (half-open lets traffic through as a trial: the
 * first outcome decides); `open` and `exhausted` are skipped.
 */
export type CircuitState = 'closed' | 'open' | 'half-open' | 'exhausted'

export interface Circuit {
  state: CircuitState
  /** Consecutive failed requests while closed. */
  failures: number
  /** open: when the cool-down ends; exhausted: the next UTC midnight. */
  until: number
}

export type CircuitEvent = { type: 'success' } | { type: 'failure' } | { type: 'quota' } | { type: 'tick' }

export interface CircuitPolicy {
  /** Consecutive failed requests that open the circuit. Default: 5 */
  threshold: number
  /** How long an open circuit skips the engine. Default: 30000 */
  coolDownMs: number
}

export const DEFAULT_CIRCUIT: CircuitPolicy = { threshold: 5, coolDownMs: 30_000 }

export function initialCircuit(): Circuit {
  return { state: 'closed', failures: 0, until: 0 }
}

/** Start of the next UTC day after `now`: when a daily or monthly vendor quota may be back. */
export function nextUtcMidnight(now: number): number {
  const d = new Date(now)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)
}

export function transition(circuit: Circuit, event: CircuitEvent, now: number, policy: CircuitPolicy = DEFAULT_CIRCUIT): Circuit {
  if (event.type === 'quota') return { state: 'exhausted', failures: 0, until: nextUtcMidnight(now) }
  switch (circuit.state) {
    case 'exhausted':
      return event.type === 'tick' && now >= circuit.until ? initialCircuit() : circuit
    case 'open':
      return event.type === 'tick' && now >= circuit.until ? { state: 'half-open', failures: 0, until: 0 } : circuit
    case 'half-open':
      if (event.type === 'success') return initialCircuit()
      if (event.type === 'failure') return { state: 'open', failures: 0, until: now + policy.coolDownMs }
      return circuit
    case 'closed':
      if (event.type === 'success') return circuit.failures === 0 ? circuit : initialCircuit()
      if (event.type === 'failure') {
        const failures = circuit.failures + 1
        return failures >= policy.threshold ? { state: 'open', failures: 0, until: now + policy.coolDownMs } : { ...circuit, failures }
      }
      return circuit
  }
}

/** Whether requests may go to an engine in this state. */
export function serves(circuit: Circuit): boolean {
  return circuit.state === 'closed' || circuit.state === 'half-open'
}
