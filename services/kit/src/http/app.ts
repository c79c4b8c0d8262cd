import Koa from 'koa';
import { koaBody } from 'koa-body';
import type { Logger } from '../logger.ts';
import { accessLog } from './access-log.ts';
import { health, type ReadinessCheck } from './health.ts';
import { createHttpMetrics } from './metrics.ts';
import { problemResponder } from './problem-responder.ts';
import { requestId } from './request-id.ts';

export interface ServiceAppOptions {
  service: string;
  logger: Logger;
  readiness?: Record<string, ReadinessCheck>;
  /** JSON body limit (bytes or a size string like '1mb'); `false` leaves bodies unread (proxies, uploads). */
  jsonLimit?: string | number | false;
  /** Also parse `application/x-www-form-urlencoded` bodies up to this size (OAuth endpoints). */
  formLimit?: string | number;
}

/**
 * The Koa app every service starts from: request id, access log, problem answers, metrics,
 * health and readiness, JSON bodies. The service adds its routes with `app.use`.
 */
export function createServiceApp(options: ServiceAppOptions): Koa {
  const { service, logger, readiness = {}, jsonLimit = '1mb', formLimit } = options;
  const app = new Koa({ proxy: false });
  const metrics = createHttpMetrics(service);
  app.silent = true; // errors are logged by the problem responder, once
  app.use(requestId());
  app.use(accessLog(logger));
  app.use(metrics.middleware);
  app.use(problemResponder(logger));
  app.use(health(readiness));
  app.use(async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === '/metrics') {
      ctx.type = metrics.registry.contentType;
      ctx.body = await metrics.registry.metrics();
      return;
    }
    await next();
  });
  if (jsonLimit !== false) {
    app.use(
      koaBody({
        jsonLimit,
        text: false,
        urlencoded: formLimit !== undefined,
        ...(formLimit !== undefined ? { formLimit } : {}),
        multipart: false,
        jsonStrict: true,
        onError: (error) => {
          throw error;
        },
      }),
    );
  }
  return app;
}
