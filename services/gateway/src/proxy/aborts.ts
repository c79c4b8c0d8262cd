import { Counter, type Registry } from 'prom-client';
import type { Logger } from '@boardsync/kit/core';

/** Where an exchange was cut short, and by which side. */
export type AbortStage = 'client_request_body' | 'client_awaiting_response' | 'client_response_body' | 'upstream_response_body';

/** Counts and logs proxied exchanges that did not run to their end; none of them is an error of ours. */
export class ProxyAborts {
  private readonly counter: Counter<'upstream' | 'stage'>;
  private readonly logger: Logger;

  constructor(logger: Logger, registry: Registry) {
    this.logger = logger;
    this.counter = new Counter({
      name: 'boardsync_gateway_proxy_aborts_total',
      help: 'Proxied exchanges cut short, by upstream service and by the side and stage that ended them',
      labelNames: ['upstream', 'stage'] as const,
      registers: [registry],
    });
  }

  record(service: string, stage: AbortStage, error?: unknown): void {
    this.counter.inc({ upstream: service, stage });
    // Clients hanging up is ordinary traffic; an upstream failing mid-answer is worth a look.
    if (stage === 'upstream_response_body') this.logger.warn({ service, stage, err: error }, 'upstream failed mid-answer');
    else this.logger.debug({ service, stage }, 'client left before the exchange ended');
  }
}
