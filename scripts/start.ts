/**
 * `npm start`: the embedded mode. Every service in this one process, on the embedded adapters
 * (PGlite under .data/, the in-process bus, memory rate limits, a directory for artwork), behind
 * the gateway on http://localhost:8080. Nothing to install beyond `npm ci`.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  InProcessBus,
  OutboxMessage,
  OutboxMigration,
  OutboxRelay,
  createLogger,
  createServiceApp,
  env,
  installGracefulShutdown,
  loadConfigOrExit,
  openDatabase,
  pingDatabase,
  serve,
} from '@boardsync/kit';

const config = loadConfigOrExit(
  z.object({
    PORT: env.port(8080),
    HOST: env.string('127.0.0.1'),
    DATA_DIR: env.string(fileURLToPath(new URL('../.data', import.meta.url))),
    LOG_LEVEL: env.logLevel(),
  }),
);

const logger = createLogger({ service: 'embedded', level: config.LOG_LEVEL });
mkdirSync(config.DATA_DIR, { recursive: true });

const bus = new InProcessBus({ logger });
const orm = await openDatabase({ dataDir: `${config.DATA_DIR}/kit`, entities: [OutboxMessage], migrations: [OutboxMigration], logger });
const relay = new OutboxRelay({ orm, bus, logger });
relay.start();

const gateway = createServiceApp({
  service: 'gateway',
  logger,
  readiness: { database: () => pingDatabase(orm), bus: () => bus.ping() },
});
const server = await serve(gateway, { host: config.HOST, port: config.PORT });

installGracefulShutdown(
  [
    { name: 'http', close: () => server.close() },
    { name: 'outbox relay', close: () => relay.close() },
    { name: 'bus', close: () => bus.close() },
    { name: 'database', close: () => orm.close() },
  ],
  logger,
);

process.stdout.write(
  [
    '',
    `boardsync (embedded) is listening on ${server.url}`,
    `  health:    ${server.url}/healthz   readiness: ${server.url}/readyz`,
    `  data:      ${config.DATA_DIR}`,
    '  services:  none yet: the foundation runs; auth, gateway routes, catalog, asset and webhook follow.',
    '  stop with Ctrl-C',
    '',
  ].join('\n'),
);
