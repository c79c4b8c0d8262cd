import type { Logger } from '../logger.ts';
import type { ServiceApps } from './app.ts';
import { serve, type Closable } from './serve.ts';

export interface ListenerSettings {
  HOST: string;
  PORT: number;
  INTERNAL_HOST: string;
  INTERNAL_PORT: number;
  /** Set: `/metrics` also on a listener of its own (on INTERNAL_HOST), so a scraper needs no access to the internal port. */
  METRICS_PORT?: number | undefined;
}

export interface Listening {
  url: string;
  internalUrl: string;
  metricsUrl?: string;
  /** In shutdown order. */
  parts: Closable[];
}

/** A service's listeners: public, internal, and the scrape listener when METRICS_PORT is set. */
export async function serveListeners(service: string, apps: ServiceApps, config: ListenerSettings, logger: Logger): Promise<Listening> {
  const server = await serve(apps.public, { host: config.HOST, port: config.PORT, ahead: apps.ahead, publicEdge: apps.publicEdge });
  const internal = await serve(apps.internal, { host: config.INTERNAL_HOST, port: config.INTERNAL_PORT });
  const scrape = config.METRICS_PORT === undefined ? undefined : await serve(apps.scrape, { host: config.INTERNAL_HOST, port: config.METRICS_PORT });
  const urls = { url: server.url, internalUrl: internal.url, ...(scrape ? { metricsUrl: scrape.url } : {}) };
  logger.info(urls, `${service} listening`);
  return {
    ...urls,
    parts: [
      { name: `${service} http`, close: () => server.close() },
      { name: `${service} internal http`, close: () => internal.close() },
      ...(scrape ? [{ name: `${service} metrics http`, close: () => scrape.close() }] : []),
    ],
  };
}
