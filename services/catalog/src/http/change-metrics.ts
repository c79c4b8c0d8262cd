import { Gauge, Histogram, type Registry } from 'prom-client';
import type { ChangeWaiters } from '../store/change-waiters.ts';

/** A change older than this when answered was read from the backlog (a reader catching up), not waited for. */
const FRESH_MS = 60_000;

export interface ChangeMetrics {
  /** A change answered now: how long after its write it reached a reader. */
  answered(occurredAt: Date): void;
}

/**
 * `boardsync_changes_readers_waiting` (long-polls and streams held by this pod) and
 * `boardsync_changes_visible_seconds` (a write's transaction start → its change answered to a
 * waiting reader; backlog reads are left out): a feed falling behind shows in the second.
 */
export function registerChangeMetrics(registry: Registry, waiters: ChangeWaiters): ChangeMetrics {
  new Gauge({
    name: 'boardsync_changes_readers_waiting',
    help: 'Long-polls and streams of the changes feed this pod holds open',
    registers: [registry],
    collect() {
      this.set(waiters.holding);
    },
  });
  const visible = new Histogram({
    name: 'boardsync_changes_visible_seconds',
    help: 'From a write (its transaction start) to its change answered to a reader waiting for it',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  return {
    answered: (occurredAt) => {
      const ms = Date.now() - occurredAt.getTime();
      if (ms >= 0 && ms < FRESH_MS) visible.observe(ms / 1000);
    },
  };
}
