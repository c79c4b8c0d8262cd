import { join } from 'node:path';
import { InProcessBus, KafkaBus, OutboxRelay, openDatabase, serve, type Closable, type EventBus, type Logger } from '@boardsync/kit';
import { createApp } from './app.ts';
import type { AuthConfig } from './config.ts';
import { entities } from './store/entities/index.ts';
import { migrations } from './store/migrations/index.ts';

export interface RunningAuth {
  url: string;
  /** In shutdown order. A bus passed in is not among them: its owner closes it. */
  parts: Closable[];
}

/** Opens the database, starts the outbox relay and serves the HTTP surface, from validated config. */
export async function startAuth(config: AuthConfig, logger: Logger, shared: { bus?: EventBus } = {}): Promise<RunningAuth> {
  const bus: EventBus =
    shared.bus ?? (config.KAFKA_BROKERS.length > 0 ? new KafkaBus({ brokers: config.KAFKA_BROKERS, clientId: 'auth', logger }) : new InProcessBus({ logger }));
  const orm = await openDatabase({ url: config.DATABASE_URL, dataDir: join(config.DATA_DIR, 'auth'), entities, migrations, logger });
  const relay = new OutboxRelay({ orm, bus, logger });
  relay.start();
  const server = await serve(createApp({ orm, bus, logger, config }), { host: config.HOST, port: config.PORT });
  logger.info({ url: server.url }, 'auth listening');
  return {
    url: server.url,
    parts: [
      { name: 'auth http', close: () => server.close() },
      { name: 'auth outbox relay', close: () => relay.close() },
      ...(shared.bus ? [] : [{ name: 'auth bus', close: () => bus.close() }]),
      { name: 'auth database', close: () => orm.close() },
    ],
  };
}
