import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { SCOPE_NAMES } from '@boardsync/kit';

const demoSchema = z.object({ designerId: z.number(), name: z.string(), email: z.string(), password: z.string(), token: z.string() });

export type DemoAccount = z.infer<typeof demoSchema>;

async function admin<T>(authUrl: string, adminToken: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${authUrl}/admin${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`creating the demo account failed: ${path} answered ${String(response.status)} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A designer to try things with, and a personal token holding every scope: made through the
 * admin API on first start and kept in `.data/demo.json` (owner-only).
 */
export async function ensureDemoAccount(dataDir: string, authUrl: string, adminToken: string): Promise<{ demo: DemoAccount; file: string; created: boolean }> {
  const file = join(dataDir, 'demo.json');
  if (existsSync(file)) return { demo: demoSchema.parse(JSON.parse(readFileSync(file, 'utf8'))), file, created: false };
  const password = randomBytes(9).toString('base64url');
  const email = 'demo@boardsync.local';
  const designer = await admin<{ id: number }>(authUrl, adminToken, '/designers', { name: 'Demo Designer', email, password });
  const { token } = await admin<{ token: string }>(authUrl, adminToken, '/tokens', {
    designer_id: designer.id,
    scopes: SCOPE_NAMES,
    name: 'Demo token (every scope)',
  });
  const demo = { designerId: designer.id, name: 'Demo Designer', email, password, token };
  writeFileSync(file, `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
  return { demo, file, created: true };
}
