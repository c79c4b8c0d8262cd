import { Counter, type Registry } from 'prom-client';

/** Which budget refused: a designer + app's reads or writes a minute, or a client address's failed authentications. */
export type RefusingLimiter = 'read' | 'write' | 'auth-failures';

/**
 * `boardsync_gateway_rate_limit_refusals_total{limiter}`: requests answered 429 `rate_limited`, by the budget
 * that was spent. One tool at its limit is ordinary; a jump across tools (or auth failures from
 * many addresses) is worth a look.
 */
export class RateLimitRefusals {
  private readonly refused: Counter<'limiter'>;

  constructor(registry: Registry) {
    this.refused = new Counter({
      name: 'boardsync_gateway_rate_limit_refusals_total',
      help: 'Requests refused with 429 rate_limited, by the limiter whose budget was spent',
      labelNames: ['limiter'] as const,
      registers: [registry],
    });
  }

  record(limiter: RefusingLimiter): void {
    this.refused.inc({ limiter });
  }
}
