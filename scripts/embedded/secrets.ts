import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const secretsSchema = z.object({
  adminToken: z.string().min(32),
  introspectionSecret: z.string().min(32),
  principalSecret: z.string().min(32),
  sessionSecret: z.string().min(32),
  /** WEBHOOK_SECRET_KEYS; added to a secrets.json from before sealing on its next start. */
  webhookSecretKeys: z.string().min(32).optional(),
});

export type EmbeddedSecrets = Required<z.infer<typeof secretsSchema>>;

const fresh = (): string => randomBytes(32).toString('base64url');

/**
 * The embedded mode's secrets: made on first start, kept in `.data/secrets.json` (owner-only), so
 * tokens and sign-ins survive a restart. The admin token is also written alone to
 * `.data/admin-token`, where `npx boardsync-admin` looks for it.
 */
export function loadOrCreateSecrets(dataDir: string): { secrets: EmbeddedSecrets; created: boolean } {
  const file = join(dataDir, 'secrets.json');
  const created = !existsSync(file);
  const kept = created
    ? { adminToken: fresh(), introspectionSecret: fresh(), principalSecret: fresh(), sessionSecret: fresh() }
    : secretsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const secrets = { ...kept, webhookSecretKeys: kept.webhookSecretKeys ?? `embedded=${randomBytes(32).toString('base64')}` };
  if (created || kept.webhookSecretKeys === undefined) writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  writeFileSync(join(dataDir, 'admin-token'), `${secrets.adminToken}\n`, { mode: 0o600 });
  return { secrets, created };
}
