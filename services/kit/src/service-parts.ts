import { ConfigError } from './config.ts';
import { BackgroundSubscriptions, BackgroundTopics } from './bus/background-subscriptions.ts';
import { registerConsumerLag } from './bus/consumer-lag.ts';
import type { EventBus, SubscribeOptions } from './bus/port.ts';
import type { ServiceApps } from './http/app.ts';
import { serveListeners, type ListenerSettings } from './http/listeners.ts';
import type { Closable } from './http/serve.ts';
import type { Logger } from './logger.ts';
import { requireDeclaredTopics } from './service-env.ts';

/** A loop a service runs beside its listeners (a delivery worker, housekeeping): started with the service, stopped after its consumers. */
export interface Worker extends Closable {
  start(): void;
}

/** What a service is made of, as its wiring file declares it. */
export interface ServiceParts {
  /** Its listeners, routers mounted (`createServiceApps`, `databaseServiceApps`). */
  apps: ServiceApps;
  /** What it consumes: joined in the background, so HTTP never waits on the broker. */
  consumers?: SubscribeOptions[];
  workers?: Worker[];
  /**
   * Requests held open on purpose (long-polls, streams): ended first on shutdown, so they answer or
   * end at once (their clients resume on another pod) rather than hold the listeners' drain to its timeout.
   */
  heldRequests?: Closable[];
  /** Clients, pools and directories the parts above use: closed after all of them, in this order. */
  resources?: Closable[];
}

export interface ServiceSettings {
  service: string;
  config: ListenerSettings;
  logger: Logger;
  bus: EventBus;
  /** False when the bus is shared (embedded mode): its owner closes it. */
  ownsBus: boolean;
  /** Topics the service publishes to: created at start when missing. */
  produces?: readonly string[];
  /** Topics the service consumes: every consumer's topics must be among them, so `create-topics` makes them all. */
  consumes?: readonly string[];
  parts: ServiceParts;
  /** A database service's outbox relay: started with the workers, stopped after them, before the bus. */
  relay?: Worker | undefined;
}

export interface RunningService {
  url: string;
  internalUrl: string;
  /** In shutdown order (`shutdownOrder`). */
  parts: Closable[];
}

/**
 * A service's life, whatever it owns: create the topics it produces and join its consumers in the
 * background, serve its listeners, start its workers. Shut down in the one order every service
 * shares: held requests, listeners (in-flight requests drain), topics, consumers, workers, the outbox relay, the
 * bus, then the resources they all used.
 */
export async function startService(settings: ServiceSettings): Promise<RunningService> {
  const { service, bus, logger, parts } = settings;
  // Credentials or a CA the broker refuses are a deployment's mistake, not an outage: no retry loop.
  const refusal = settings.ownsBus ? await bus.accessRefusal?.() : undefined;
  if (refusal !== undefined) throw new ConfigError(refusal);
  const consumers = parts.consumers ?? [];
  requireDeclaredTopics(service, consumers, settings.consumes ?? []);
  const topics = new BackgroundTopics(bus, settings.produces ?? [], logger);
  const subscriptions = new BackgroundSubscriptions(bus, consumers, logger);
  registerConsumerLag(parts.apps.metrics.registry, bus, consumers, logger);
  const listening = await serveListeners(service, parts.apps, settings.config, logger);
  const workers = parts.workers ?? [];
  const relay = settings.relay ? [settings.relay] : [];
  for (const worker of [...relay, ...workers]) worker.start();
  return {
    url: listening.url,
    internalUrl: listening.internalUrl,
    parts: [
      ...(parts.heldRequests ?? []),
      ...listening.parts,
      { name: `${service} topics`, close: () => topics.close() },
      { name: `${service} consumers`, close: () => subscriptions.close() },
      ...workers,
      ...relay,
      ...(settings.ownsBus ? [{ name: `${service} bus`, close: () => bus.close() }] : []),
      ...(parts.resources ?? []),
    ],
  };
}
