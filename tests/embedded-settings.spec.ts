import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { parseConfig } from '@boardsync/kit';
import { assetSettingsSchema } from '@boardsync/asset';
import { authSettingsSchema } from '@boardsync/auth';
import { catalogSettingsSchema } from '@boardsync/catalog';
import { gatewaySettingsSchema } from '@boardsync/gateway';
import { webhookSettingsSchema } from '@boardsync/webhook';
import { DECIDED_BY_EMBEDDED, PLACEHOLDERS, embeddedSettings } from '../scripts/embedded/service-settings.ts';

const SCHEMAS: Record<string, z.ZodObject> = {
  gateway: gatewaySettingsSchema,
  auth: authSettingsSchema,
  catalog: catalogSettingsSchema,
  asset: assetSettingsSchema,
  webhook: webhookSettingsSchema,
};

/** The servers' own settings: read by `node src/main.ts` to reach Postgres, Kafka, MinIO and Redis, which the embedded mode replaces. */
const ADAPTERS = /^(DATABASE_|KAFKA_|S3_|REDIS_URL$|REDIS_TLS_CA_FILE$|MIGRATE_ON_START$)/;

/** A value other than the default for each variable a service documents; a new variable needs one here. */
const SAMPLES: Record<string, string> = {
  LOG_LEVEL: 'debug',
  INTROSPECTION_CLIENT_ID: 'gateway-b',
  RATE_LIMIT_READS_PER_MINUTE: '17',
  RATE_LIMIT_WRITES_PER_MINUTE: '7',
  RATE_LIMIT_LOCAL_BATCH: '3',
  RATE_LIMIT_AUTH_FAILURES_PER_IP_PER_MINUTE: '9',
  INTROSPECTION_CACHE_SECONDS: '11',
  INTROSPECTION_NEGATIVE_CACHE_SECONDS: '3',
  UPSTREAM_TIMEOUT_MS: '1234',
  HELD_REQUEST_TIMEOUT_MS: '75000',
  HELD_REQUEST_MAX_CONNECTIONS: '5000',
  CHANGES_RETENTION: '12h',
  CHANGES_MAX_WAITING_PER_DESIGNER: '4',
  CHANGES_HEARTBEAT_MS: '5000',
  CHANGES_STREAM_MAX_SECONDS: '30',
  TRUSTED_PROXIES: '10.0.0.0/8',
  CORS_ALLOWED_ORIGINS: 'https://tool.example',
  REPLICA_ID: 'gateway-a',
  HOSTNAME: 'pod-x',
  REDIS_KEY_PREFIX: 'elsewhere',
  DEFAULT_STORAGE_LIMIT_BYTES: '123456',
  DEFAULT_UNLOCKED_PROJECT_LIMIT: '4',
  MAX_APPS_PER_DESIGNER: '5',
  UPLOAD_MAX_BYTES: '1000000',
  SVG_MAX_BYTES: '1000',
  IMAGE_MAX_PIXELS: '1000000',
  IMAGE_MAX_FRAMES: '10',
  IMAGE_MAX_CONVERT_PIXELS: '100000',
  IMAGE_CONCURRENCY: '1',
  IMAGE_QUEUE_MAX: '3',
  AVIF_EFFORT: '2',
  FETCH_TIMEOUT_MS: '999',
  SSRF_ALLOW_CIDRS: '127.0.0.1/32',
  OUTBOUND_ALLOW_HOSTS: 'cdn.example.com,*.example.org',
  IDEMPOTENCY_TTL_HOURS: '48',
  WEBHOOK_RETRY_DELAYS: '1s,2s',
  WEBHOOK_TIMEOUT_MS: '999',
  WEBHOOK_MAX_PER_APP: '3',
  WEBHOOK_MAX_PER_DESIGNER: '20',
  WEBHOOK_SECRET_BINDING: 'none',
  WEBHOOK_DEACTIVATE_AFTER: '4',
  DELIVERY_CONCURRENCY: '2',
  DELIVERY_PER_ENDPOINT: '1',
  DELIVERY_PER_DESIGNER: '1',
  DELIVERY_RETENTION_DAYS: '3',
};

/** The variables of the README's `| variable | default | meaning |` table. */
function documented(service: string): string[] {
  const readme = readFileSync(fileURLToPath(new URL(`../services/${service}/README.md`, import.meta.url)), 'utf8');
  const table = /^\| variable \|[^\n]*\n((?:\|[^\n]*\n)+)/m.exec(readme)?.[1] ?? '';
  return [...new Set(table.split('\n').flatMap((row) => (row.split('|')[1] ?? '').match(/`[A-Z][A-Z0-9_]*`/g) ?? []))].map((name) => name.slice(1, -1));
}

const decided: ReadonlySet<string> = new Set(DECIDED_BY_EMBEDDED);

describe('npm start honours what each service documents', () => {
  it.each(Object.keys(SCHEMAS))(
    "%s: every variable of its README reaches it, but for the listeners, secrets and peers' addresses npm start decides",
    (service) => {
      const schema = SCHEMAS[service] as z.ZodObject;
      const variables = documented(service);
      expect(variables.length).toBeGreaterThan(8);
      const problems = variables.flatMap((variable) => {
        if (decided.has(variable)) return [];
        if (ADAPTERS.test(variable)) return variable in schema.shape ? [`${variable} is an adapter setting yet a service setting too`] : [];
        if (!(variable in schema.shape)) return [`${variable} is documented but not read`];
        const sample = SAMPLES[variable];
        if (sample === undefined) return [`${variable} has no sample value in this test`];
        const byDefault = parseConfig(schema, { ...PLACEHOLDERS })[variable];
        const alone = parseConfig(schema, { ...PLACEHOLDERS, [variable]: sample })[variable];
        const embedded = embeddedSettings(schema, { [variable]: sample }, PLACEHOLDERS)[variable];
        if (JSON.stringify(alone) === JSON.stringify(byDefault)) return [`${variable}'s sample is its default`];
        return JSON.stringify(embedded) === JSON.stringify(alone)
          ? []
          : [`${variable}: ${JSON.stringify(embedded)} in embedded mode, ${JSON.stringify(alone)} alone`];
      });
      expect(problems).toEqual([]);
    },
  );

  it('keeps what it decides whatever the environment says', () => {
    const settings = embeddedSettings(webhookSettingsSchema, { PORT: '9999', ADMIN_TOKEN: 'x'.repeat(40), INTERNAL_HOST: '0.0.0.0' }, PLACEHOLDERS);
    expect(settings).toMatchObject({ PORT: 0, ADMIN_TOKEN: PLACEHOLDERS.ADMIN_TOKEN, INTERNAL_HOST: '127.0.0.1' });
  });
});
