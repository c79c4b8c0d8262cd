import { Counter, type Registry } from 'prom-client';
import type { Logger } from '@boardsync/kit/core';

const WARN_EVERY_MS = 60_000;

/**
 * What happens when the shared Redis cannot count: `boardsync_gateway_rate_limit_fallback_total` counts
 * every call counted in memory instead, and a warning is logged at most once a minute so an
 * outage does not become a log flood.
 */
export class RateLimitFallback {
  private readonly used: Counter<'limiter'>;
  private readonly logger: Logger;
  private lastWarnedAt = Number.NEGATIVE_INFINITY;

  constructor(logger: Logger, registry: Registry) {
    this.logger = logger;
    this.used = new Counter({
      name: 'boardsync_gateway_rate_limit_fallback_total',
      help: 'Rate-limit calls counted in this replica’s memory because Redis could not be reached',
      labelNames: ['limiter'] as const,
      registers: [registry],
    });
  }

  record(limiter: string, now = Date.now()): void {
    this.used.inc({ limiter });
    if (now - this.lastWarnedAt < WARN_EVERY_MS) return;
    this.lastWarnedAt = now;
    this.logger.warn({ limiter }, 'Redis unreachable: rate limits are counted per replica, in memory, until it is back');
  }

  /** Calls counted so far (tests and the README's runbook read it through /metrics). */
  async total(): Promise<number> {
    const { values } = await this.used.get();
    return values.reduce((sum, { value }) => sum + value, 0);
  }
}
