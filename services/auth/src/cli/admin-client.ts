import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export type AdminService = 'auth' | 'catalog' | 'webhook';

const DEFAULTS: Record<AdminService, { variable: string; file: string; url: string }> = {
  auth: { variable: 'BOARDSYNC_ADMIN_URL', file: 'admin-url', url: 'http://127.0.0.1:9081' },
  catalog: { variable: 'BOARDSYNC_CATALOG_ADMIN_URL', file: 'catalog-admin-url', url: 'http://127.0.0.1:9082' },
  webhook: { variable: 'BOARDSYNC_WEBHOOK_ADMIN_URL', file: 'webhook-admin-url', url: 'http://127.0.0.1:9084' },
};

/**
 * The data folder of the local system: DATA_DIR (npm start's) or CLUSTER_DATA_DIR (start:cluster's)
 * when set, else whichever of `.data/` and `.data-cluster/` a system wrote its admin URL into last
 * (the two modes use the same ports, so the one started last is the one running).
 */
export function localDataDir(env: NodeJS.ProcessEnv = process.env, root = repoRoot): string {
  const named = env.DATA_DIR ?? env.CLUSTER_DATA_DIR;
  if (named !== undefined && named !== '') return named;
  const written = (dir: string): number => statSync(join(dir, 'admin-url'), { throwIfNoEntry: false })?.mtimeMs ?? -1;
  const [embedded, cluster] = [join(root, '.data'), join(root, '.data-cluster')];
  return written(cluster) > written(embedded) ? cluster : embedded;
}

/** Where a service's admin API is and how to authenticate: environment first, then the files the local system wrote. */
export function adminConnection(service: AdminService = 'auth', env: NodeJS.ProcessEnv = process.env, root = repoRoot): { url: string; token: string } {
  const dataDir = localDataDir(env, root);
  const tokenFile = join(dataDir, 'admin-token');
  const token = env.BOARDSYNC_ADMIN_TOKEN ?? (existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : undefined);
  if (!token) {
    throw new Error(`no admin token: set BOARDSYNC_ADMIN_TOKEN, or start boardsync once with npm start or npm run start:cluster (each writes ${tokenFile})`);
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
