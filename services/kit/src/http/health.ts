import type { Context, Middleware } from 'koa';
import { withTimeout } from '../timeout.ts';

/** A dependency's check: resolves when reachable, throws otherwise. */
export type ReadinessCheck = () => Promise<void>;

const CHECK_TIMEOUT_MS = 2_000;

export interface HealthOptions {
  /**
   * Name each check and its error. Only on the internal listener: the public `/readyz` says ready
   * or not, never which dependency failed or why (error text can name hosts and ports).
   */
  detail: boolean;
  /**
   * Dependencies reported but never gating readiness: the service keeps serving while they are down
   * (events wait in the outbox), and every replica would fail them at once, so taking pods out of the
   * load balancer for them would turn a broker outage into an API outage. `/readyz` says `degraded`.
   */
  observed?: Record<string, ReadinessCheck>;
}

const isProbe = (ctx: Context, path: string): boolean => (ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.path === path;

/** `/healthz` alone: the process answers. What a listener with no dependencies to report serves (the scrape listener). */
export function liveness(): Middleware {
  return async (ctx, next) => {
    if (!isProbe(ctx, '/healthz')) {
      await next();
      return;
    }
    ctx.body = { status: 'ok' };
  };
}

/** `/healthz`, and `/readyz`: 503 when a dependency it cannot serve without failed. */
export function health(checks: Record<string, ReadinessCheck>, { detail, observed = {} }: HealthOptions): Middleware {
  const live = liveness();
  return async (ctx, next) => {
    if (!isProbe(ctx, '/readyz')) {
      await live(ctx, next);
      return;
    }
    const [required, reported] = await Promise.all([runChecks(checks), runChecks(observed)]);
    const failed = required.some(([, result]) => result !== 'ok');
    const degraded = reported.some(([, result]) => result !== 'ok');
    ctx.status = failed ? 503 : 200;
    ctx.body = { status: failed ? 'fail' : degraded ? 'degraded' : 'ok', ...(detail ? { checks: Object.fromEntries([...required, ...reported]) } : {}) };
  };
}

function runChecks(checks: Record<string, ReadinessCheck>): Promise<(readonly [string, string])[]> {
  return Promise.all(Object.entries(checks).map(async ([name, check]) => [name, await runCheck(check)] as const));
}

async function runCheck(check: ReadinessCheck): Promise<string> {
  try {
    await withTimeout(check(), CHECK_TIMEOUT_MS, `no answer within ${CHECK_TIMEOUT_MS} ms`);
    return 'ok';
  } catch (error) {
    return `fail: ${error instanceof Error ? error.message : String(error)}`;
  }
}
