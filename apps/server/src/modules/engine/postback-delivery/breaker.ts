/**
 * A circuit breaker per affiliate server (URL host) for outbound postbacks.
 *
 * A receiver that gives no answer holds a delivery slot for the whole timeout, and the job workers take postbacks in
 * batches that complete when their last call ends: a dead receiver with steady traffic would hold back every
 * affiliate's postbacks by the timeout, batch after batch. After `threshold` calls in a row that got no answer in
 * time, the host is not called for `coolDownMs`: each delivery meanwhile is logged as an attempt ("Not called: ...")
 * and fails, so the queue retries it on its usual backoff — the attempt the silent server would have failed anyway,
 * without the wait. When the cool-down ends one call goes through (half-open): any answer, whatever its status,
 * closes the breaker; another timeout opens it again. A refused connection or a fast error answer holds no slot and
 * neither opens nor closes it. Kept per process, in memory (each process learns a dead host by itself).
 */
export interface BreakerOptions {
  /** timeouts in a row that open the breaker */
  threshold: number;
  /** how long an open breaker refuses calls */
  coolDownMs: number;
  now: () => number;
}

interface HostState {
  timeouts: number;
  /** while open: when the next (trial) call may go */
  openUntil: number;
  /** a trial call is in flight */
  trial: boolean;
}

export const BREAKER_DEFAULTS: Omit<BreakerOptions, 'now'> = { threshold: 3, coolDownMs: 30_000 };

export class HostBreaker {
  private readonly hosts = new Map<string, HostState>();

  constructor(private readonly opts: BreakerOptions) {}

  /** null when the host may be called now (report the outcome with `record`), else why it is not called */
  admit(host: string): string | null {
    const h = this.hosts.get(host);
    if (!h || h.timeouts < this.opts.threshold) return null;
    const now = this.opts.now();
    if (now < h.openUntil || h.trial) {
      const next = new Date(Math.max(h.openUntil, now)).toISOString();
      return `Not called: the affiliate's server gave no answer to the last ${h.timeouts} calls; it is tried again after ${next}`;
    }
    h.trial = true;
    return null;
  }

  /** the outcome of an admitted call: `answered` (any HTTP status) or `timedOut` */
  record(host: string, outcome: { answered: boolean; timedOut: boolean }): void {
    if (outcome.answered) {
      this.hosts.delete(host);
      return;
    }
    const h = this.hosts.get(host);
    if (!outcome.timedOut) {
      if (h) h.trial = false;
      return;
    }
    const state = h ?? { timeouts: 0, openUntil: 0, trial: false };
    state.timeouts++;
    state.trial = false;
    if (state.timeouts >= this.opts.threshold) state.openUntil = this.opts.now() + this.opts.coolDownMs;
    this.hosts.set(host, state);
  }
}

/** the breaker's key of a URL: its host and port, or null when it has none */
export function hostOf(url: string): string | null {
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}
