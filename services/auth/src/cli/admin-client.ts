import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export type AdminService = 'auth' | 'catalog';

const DEFAULTS: Record<AdminService, { variable: string; file: string; url: string }> = {
  auth: { variable: 'BOARDSYNC_ADMIN_URL', file: 'admin-url', url: 'http://127.0.0.1:9081' },
  catalog: { variable: 'BOARDSYNC_CATALOG_ADMIN_URL', file: 'catalog-admin-url', url: 'http://127.0.0.1:9082' },
};

/** Where a service's admin API is and how to authenticate: environment first, then the embedded mode's files. */
export function adminConnection(service: AdminService = 'auth', env: NodeJS.ProcessEnv = process.env): { url: string; token: string } {
  const dataDir = env.DATA_DIR ?? join(repoRoot, '.data');
  const tokenFile = join(dataDir, 'admin-token');
  const token = env.BOARDSYNC_ADMIN_TOKEN ?? (existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : undefined);
  if (!token) {
    throw new Error(`no admin token: set BOARDSYNC_ADMIN_TOKEN, or start boardsync once with npm start (it writes ${tokenFile})`);
  }
  const where = DEFAULTS[service];
  const urlFile = join(dataDir, where.file);
  const url = env[where.variable] ?? (existsSync(urlFile) ? readFileSync(urlFile, 'utf8').trim() : where.url);
  return { url: url.replace(/\/$/, ''), token };
}

export class AdminApiError extends Error {
  override readonly name = 'AdminApiError';
  readonly body: unknown;
  constructor(message: string, body: unknown) {
    super(message);
    this.body = body;
  }
}

export async function callAdmin(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, service: AdminService = 'auth'): Promise<unknown> {
  const { url, token } = adminConnection(service);
  let response: Response;
  try {
    response = await fetch(`${url}/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw new AdminApiError(`cannot reach the admin API at ${url}: ${error instanceof Error ? error.message : String(error)}`, null);
  }
  const text = await response.text();
  const parsed: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) throw new AdminApiError(`admin API answered ${response.status}`, parsed);
  return parsed;
}
