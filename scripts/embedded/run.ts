/**
 * `npm start` (loaded by scripts/start.ts once tracing is set up): the embedded mode. The services in this one process, on the embedded adapters
 * (PGlite under .data/, the in-process bus, memory rate limits), behind the gateway on
 * http://localhost:8080. Nothing to install beyond the npm packages.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ConfigError, InProcessBus, createLogger, env, installGracefulShutdown, loadConfigOrExit, type ServiceAdapters } from '@boardsync/kit';
import { DirectoryObjectStore, assetSettingsSchema, startAsset } from '@boardsync/asset';
import { authSettingsSchema, startAuth } from '@boardsync/auth';
import { catalogSettingsSchema, startCatalog } from '@boardsync/catalog';
import { gatewaySettingsSchema, startGateway } from '@boardsync/gateway';
import { startWebhook, webhookSettingsSchema } from '@boardsync/webhook';
import { startedTracing } from '@boardsync/kit/telemetry/start-tracing';
import { ensureDemoAccount } from './demo-account.ts';
import { freeLoopbackPort } from './free-port.ts';
import { loadOrCreateSecrets } from './secrets.ts';
import { PLACEHOLDERS, embeddedSettings, type Decided } from './service-settings.ts';

const config = loadConfigOrExit(
  z.object({
    PORT: env.port(8080),
    HOST: env.string('127.0.0.1'),
    /** The services' own ports, which the gateway proxies to; the public reaches them only through the gateway. */
    AUTH_PORT: env.port(8081),
    CATALOG_PORT: env.port(8082),
    ASSET_PORT: env.port(8083),
    WEBHOOK_PORT: env.port(8084),
    /** The internal listeners (admin APIs, introspection, /metrics, readiness detail), on loopback; 0 = any free port. */
    INTERNAL_PORT_GATEWAY: env.port(0),
    INTERNAL_PORT_AUTH: env.port(0),
    INTERNAL_PORT_CATALOG: env.port(0),
    INTERNAL_PORT_ASSET: env.port(0),
    INTERNAL_PORT_WEBHOOK: env.port(0),
    /** What callers see as the gateway's origin: pagination links and stored artwork's URLs (`/assets/…`) start with it. */
    PUBLIC_BASE_URL: env.optionalUrl(),
    DATA_DIR: env.string(fileURLToPath(new URL('../../.data', import.meta.url))),
    LOG_LEVEL: env.logLevel(),
  }),
);

// Each service reads every variable its README documents from the environment, as `node src/main.ts`
// would; all five are checked before anything starts, so a bad value is one line and exit 78.
const schemas = [catalogSettingsSchema, assetSettingsSchema, webhookSettingsSchema, authSettingsSchema, gatewaySettingsSchema];
try {
  for (const schema of schemas) embeddedSettings(schema, process.env, PLACEHOLDERS);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(78);
}

const logger = createLogger({ service: 'embedded', level: config.LOG_LEVEL });
mkdirSync(config.DATA_DIR, { recursive: true });
const { secrets } = loadOrCreateSecrets(config.DATA_DIR);
const bus = new InProcessBus({ logger });

// The only place the embedded adapters are chosen: a service started alone requires Postgres and Kafka.
const embedded = (service: string): ServiceAdapters => ({ database: { kind: 'pglite', dataDir: join(config.DATA_DIR, service) }, bus, ownsBus: false });
const shared: Decided = {
  HOST: config.HOST,
  INTERNAL_HOST: '127.0.0.1',
  INTROSPECTION_CLIENT_SECRET: secrets.introspectionSecret,
  INTERNAL_JWT_SECRET: secrets.principalSecret,
};
const publicBaseUrl = config.PUBLIC_BASE_URL ?? `http://localhost:${String(config.PORT)}`;
// Stored artwork: files under DATA_DIR/asset-files, served by the gateway itself at /assets/<key>.
const assetFiles = join(config.DATA_DIR, 'asset-files');
const assetPublicUrl = `${publicBaseUrl.replace(/\/+$/, '')}/assets`;
const catalog = await startCatalog(
  embeddedSettings(catalogSettingsSchema, process.env, {
    ...shared,
    PUBLIC_BASE_URL: publicBaseUrl,
    ASSET_PUBLIC_URL: assetPublicUrl,
    PORT: String(config.CATALOG_PORT),
    INTERNAL_PORT: String(config.INTERNAL_PORT_CATALOG),
    ADMIN_TOKEN: secrets.adminToken,
  }),
  createLogger({ service: 'catalog', level: config.LOG_LEVEL }),
  embedded('catalog'),
);
const asset = await startAsset(
  embeddedSettings(assetSettingsSchema, process.env, {
    ...shared,
    PUBLIC_BASE_URL: publicBaseUrl,
    PORT: String(config.ASSET_PORT),
    INTERNAL_PORT: String(config.INTERNAL_PORT_ASSET),
    ADMIN_TOKEN: secrets.adminToken,
    ASSET_PUBLIC_URL: assetPublicUrl,
    CATALOG_INTERNAL_URL: catalog.internalUrl,
    SCRATCH_DIR: join(config.DATA_DIR, 'asset-scratch'),
  }),
  createLogger({ service: 'asset', level: config.LOG_LEVEL }),
  { ...embedded('asset'), objects: new DirectoryObjectStore({ root: assetFiles }) },
);
// The webhook service asks auth whether consents stand, and auth lists webhooks on its settings page: auth's internal address is fixed first.
const authInternalPort = config.INTERNAL_PORT_AUTH === 0 ? await freeLoopbackPort() : config.INTERNAL_PORT_AUTH;
const webhook = await startWebhook(
  embeddedSettings(webhookSettingsSchema, process.env, {
    ...shared,
    AUTH_INTERNAL_URL: `http://127.0.0.1:${String(authInternalPort)}`,
    PUBLIC_BASE_URL: publicBaseUrl,
    PORT: String(config.WEBHOOK_PORT),
    INTERNAL_PORT: String(config.INTERNAL_PORT_WEBHOOK),
    ADMIN_TOKEN: secrets.adminToken,
    WEBHOOK_SECRET_KEYS: secrets.webhookSecretKeys,
  }),
  createLogger({ service: 'webhook', level: config.LOG_LEVEL }),
  embedded('webhook'),
);
const auth = await startAuth(
  embeddedSettings(authSettingsSchema, process.env, {
    ...shared,
    PUBLIC_BASE_URL: publicBaseUrl,
    PORT: String(config.AUTH_PORT),
    INTERNAL_PORT: String(authInternalPort),
    ADMIN_TOKEN: secrets.adminToken,
    SESSION_SECRET: secrets.sessionSecret,
    CATALOG_INTERNAL_URL: catalog.internalUrl,
    ASSET_INTERNAL_URL: asset.internalUrl,
    WEBHOOK_INTERNAL_URL: webhook.internalUrl,
  }),
  createLogger({ service: 'auth', level: config.LOG_LEVEL }),
  embedded('auth'),
);
const gateway = await startGateway(
  embeddedSettings(gatewaySettingsSchema, process.env, {
    ...shared,
    PORT: String(config.PORT),
    INTERNAL_PORT: String(config.INTERNAL_PORT_GATEWAY),
    AUTH_URL: auth.url,
    AUTH_INTERNAL_URL: auth.internalUrl,
    CATALOG_URL: catalog.url,
    ASSET_URL: asset.url,
    WEBHOOK_URL: webhook.url,
    ASSET_FILES_DIR: assetFiles,
    PUBLIC_BASE_URL: publicBaseUrl,
  }),
  createLogger({ service: 'gateway', level: config.LOG_LEVEL }),
  { bus, ownsBus: false },
);
// Where `npx boardsync-admin` finds the admin APIs (internal listeners, on ports chosen at start).
writeFileSync(join(config.DATA_DIR, 'admin-url'), `${auth.internalUrl}\n`);
writeFileSync(join(config.DATA_DIR, 'catalog-admin-url'), `${catalog.internalUrl}\n`);
writeFileSync(join(config.DATA_DIR, 'webhook-admin-url'), `${webhook.internalUrl}\n`);

installGracefulShutdown(
  [...gateway.parts, ...auth.parts, ...webhook.parts, ...asset.parts, ...catalog.parts, { name: 'bus', close: () => bus.close() }, startedTracing()],
  logger,
);

const { demo, file, created } = await ensureDemoAccount(config.DATA_DIR, auth.internalUrl, secrets.adminToken);
const base = gateway.url.replace('127.0.0.1', 'localhost');
const shown = (path: string): string => (relative(process.cwd(), path).startsWith('..') ? path : relative(process.cwd(), path) || '.');

process.stdout.write(
  [
    '',
    `boardsync (embedded) is listening on ${gateway.url}`,
    `  API:       ${base}/api/v1        OAuth and sign-in: ${base}/oauth/authorize, ${base}/login, ${base}/settings`,
    `  health:    ${base}/healthz   readiness: ${base}/readyz`,
    `  internal:  ${gateway.internalUrl}/readyz (each dependency) and /metrics, on loopback, never through the gateway`,
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
    `  services:  gateway, auth, catalog (projects, components, decks and stacks, masks), asset (artwork, stored in ${shown(assetFiles)} and served at ${base}/assets/…), webhook (signed deliveries of components.changed and project.updated).`,
    '  stop with Ctrl-C',
    '',
  ].join('\n'),
);
