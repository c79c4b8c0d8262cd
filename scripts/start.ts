/**
 * `npm start`: the embedded mode. The services in this one process, on the embedded adapters
 * (PGlite under .data/, the in-process bus, memory rate limits), behind the gateway on
 * http://localhost:8080. Nothing to install beyond the npm packages.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { InProcessBus, createLogger, env, installGracefulShutdown, loadConfigOrExit, parseConfig } from '@boardsync/kit';
import { authConfigSchema, startAuth } from '@boardsync/auth';
import { catalogConfigSchema, startCatalog } from '@boardsync/catalog';
import { gatewayConfigSchema, startGateway } from '@boardsync/gateway';
import { ensureDemoAccount } from './embedded/demo-account.ts';
import { loadOrCreateSecrets } from './embedded/secrets.ts';

const config = loadConfigOrExit(
  z.object({
    PORT: env.port(8080),
    HOST: env.string('127.0.0.1'),
    /** Auth's own port (admin API, introspection); the public reaches auth through the gateway. */
    AUTH_PORT: env.port(8081),
    CATALOG_PORT: env.port(8082),
    DATA_DIR: env.string(fileURLToPath(new URL('../.data', import.meta.url))),
    LOG_LEVEL: env.logLevel(),
  }),
);

const logger = createLogger({ service: 'embedded', level: config.LOG_LEVEL });
mkdirSync(config.DATA_DIR, { recursive: true });
const { secrets } = loadOrCreateSecrets(config.DATA_DIR);
const bus = new InProcessBus({ logger });

const shared = { LOG_LEVEL: config.LOG_LEVEL, HOST: config.HOST, INTROSPECTION_CLIENT_SECRET: secrets.introspectionSecret, INTERNAL_JWT_SECRET: secrets.principalSecret };
const catalog = await startCatalog(
  parseConfig(catalogConfigSchema, { ...shared, PORT: String(config.CATALOG_PORT), DATA_DIR: config.DATA_DIR, ADMIN_TOKEN: secrets.adminToken }),
  createLogger({ service: 'catalog', level: config.LOG_LEVEL }),
  { bus },
);
const auth = await startAuth(
  parseConfig(authConfigSchema, {
    ...shared,
    PORT: String(config.AUTH_PORT),
    DATA_DIR: config.DATA_DIR,
    ADMIN_TOKEN: secrets.adminToken,
    SESSION_SECRET: secrets.sessionSecret,
    CATALOG_URL: catalog.url,
  }),
  createLogger({ service: 'auth', level: config.LOG_LEVEL }),
  { bus },
);
const gateway = await startGateway(
  parseConfig(gatewayConfigSchema, { ...shared, PORT: String(config.PORT), AUTH_URL: auth.url, CATALOG_URL: catalog.url }),
  createLogger({ service: 'gateway', level: config.LOG_LEVEL }),
  { bus },
);
// Where `npx boardsync-admin` finds the admin APIs when the ports are not the defaults.
writeFileSync(join(config.DATA_DIR, 'admin-url'), `${auth.url}\n`);
writeFileSync(join(config.DATA_DIR, 'catalog-admin-url'), `${catalog.url}\n`);

installGracefulShutdown([...gateway.parts, ...auth.parts, ...catalog.parts, { name: 'bus', close: () => bus.close() }], logger);

const { demo, file, created } = await ensureDemoAccount(config.DATA_DIR, auth.url, secrets.adminToken);
const base = gateway.url.replace('127.0.0.1', 'localhost');
const shown = (path: string): string => (relative(process.cwd(), path).startsWith('..') ? path : relative(process.cwd(), path) || '.');

process.stdout.write(
  [
    '',
    `boardsync (embedded) is listening on ${gateway.url}`,
    `  API:       ${base}/api/v1        OAuth and sign-in: ${base}/oauth/authorize, ${base}/login, ${base}/settings`,
    `  health:    ${base}/healthz   readiness: ${base}/readyz`,
    ...(created
      ? [
          `  demo designer: ${demo.email} / ${demo.password}   (sign in at ${base}/login)`,
          `  demo token (every scope): ${demo.token}`,
          `  try:      curl -H "Authorization: Bearer ${demo.token}" ${base}/api/v1/me`,
          `  these are kept in ${shown(file)}; the admin token for npx boardsync-admin in ${shown(`${config.DATA_DIR}/admin-token`)}`,
        ]
      : [
          `  demo designer ${demo.email}, its password and its every-scope token: see ${shown(file)}`,
          `  try:      curl -H "Authorization: Bearer $(node -p "require('./${shown(file)}').token")" ${base}/api/v1/me`,
          `  admin token for npx boardsync-admin: ${shown(`${config.DATA_DIR}/admin-token`)}`,
        ]),
    `  data:      ${shown(config.DATA_DIR)}   (delete it to start over)`,
    '  services:  gateway, auth, catalog (projects, components, decks and stacks, masks); asset and webhook routes answer 503 until those services land.',
    '  stop with Ctrl-C',
    '',
  ].join('\n'),
);
