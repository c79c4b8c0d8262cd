import type { Middleware } from 'koa';
import { withTimeout } from '../timeout.ts';

/** A dependency the service cannot serve without; resolves when reachable, throws otherwise. */
export type ReadinessCheck = () => Promise<void>;

const CHECK_TIMEOUT_MS = 2_000;

export interface HealthOptions {
  /**
   * Name each check and its error. Only on the internal listener: the public `/readyz` says ready
   * or not, never which dependency failed or why (error text can name hosts and ports).
   */
  detail: boolean;
}

/** `/healthz`: the process answers. `/readyz`: every dependency answered. */
export function health(checks: Record<string, ReadinessCheck>, { detail }: HealthOptions): Middleware {
  return async (ctx, next) => {
    const isProbe = (ctx.method === 'GET' || ctx.method === 'HEAD') && (ctx.path === '/healthz' || ctx.path === '/readyz');
    if (!isProbe) {
      await next();
      return;
    }
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok' };
      return;
    }
    const results = await Promise.all(Object.entries(checks).map(async ([name, check]) => [name, await runCheck(check)] as const));
    const failed = results.some(([, result]) => result !== 'ok');
    ctx.status = failed ? 503 : 200;
    ctx.body = { status: failed ? 'fail' : 'ok', ...(detail ? { checks: Object.fromEntries(results) } : {}) };
  };
}

async function runCheck(check: ReadinessCheck): Promise<string> {
  try {
    await withTimeout(check(), CHECK_TIMEOUT_MS, `no answer within ${CHECK_TIMEOUT_MS} ms`);
    return 'ok';
  } catch (error) {
    return `fail: ${error instanceof Error ? error.message : String(error)}`;
  }
}
