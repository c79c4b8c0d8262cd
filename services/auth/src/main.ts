import { join } from 'node:path';
import {
  InProcessBus,
  KafkaBus,
  OutboxRelay,
  createLogger,
  installGracefulShutdown,
  loadConfigOrExit,
  openDatabase,
  serve,
  type EventBus,
} from '@boardsync/kit';
import { createApp } from './app.ts';
import { authConfigSchema } from './config.ts';
import { entities } from './store/entities/index.ts';
import { migrations } from './store/migrations/index.ts';

const config = loadConfigOrExit(authConfigSchema);
const logger = createLogger({ service: 'auth', level: config.LOG_LEVEL });
const bus: EventBus =
  config.KAFKA_BROKERS.length > 0 ? new KafkaBus({ brokers: config.KAFKA_BROKERS, clientId: 'auth', logger }) : new InProcessBus({ logger });
const orm = await openDatabase({ url: config.DATABASE_URL, dataDir: join(config.DATA_DIR, 'auth'), entities, migrations, logger });
const relay = new OutboxRelay({ orm, bus, logger });
relay.start();
const server = await serve(createApp({ orm, bus, logger, config }), { host: config.HOST, port: config.PORT });
logger.info({ url: server.url }, 'auth listening');

installGracefulShutdown(
  [
    { name: 'http', close: () => server.close() },
    { name: 'outbox relay', close: () => relay.close() },
    { name: 'bus', close: () => bus.close() },
    { name: 'database', close: () => orm.close() },
  ],
  logger,
);
