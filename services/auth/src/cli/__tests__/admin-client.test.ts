import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminConnection, localDataDir } from '../admin-client.ts';

/** A checkout with the files npm start (.data/) and npm run start:cluster (.data-cluster/) write, the cluster's `secondsLater`. */
function checkout(root: string, secondsLater: number): void {
  const files = { 'admin-url': 'http://127.0.0.1:', 'catalog-admin-url': 'http://127.0.0.1:', 'admin-token': 'token-' };
  for (const [dir, port, at] of [
    ['.data', 9081, 1_000_000],
    ['.data-cluster', 18_081, 1_000_000 + secondsLater],
  ] as const) {
    mkdirSync(join(root, dir));
    for (const [file, prefix] of Object.entries(files)) {
      const path = join(root, dir, file);
      writeFileSync(path, `${prefix}${String(file === 'catalog-admin-url' ? port + 1 : port)}\n`);
      utimesSync(path, at, at);
    }
  }
}

describe('boardsync-admin finds the local system', () => {
  let root = '';
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'admin-client-'));
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('in the data folder started last: start:cluster’s after npm start’s, both admin APIs and the token from it', () => {
    checkout(root, 60);
    expect(localDataDir({}, root)).toBe(join(root, '.data-cluster'));
    expect(adminConnection('auth', {}, root)).toEqual({ url: 'http://127.0.0.1:18081', token: 'token-18081' });
    expect(adminConnection('catalog', {}, root)).toEqual({ url: 'http://127.0.0.1:18082', token: 'token-18081' });
  });

  it('in npm start’s folder when it was started last, or when the cluster never was', () => {
    checkout(root, -60);
    expect(adminConnection('catalog', {}, root)).toEqual({ url: 'http://127.0.0.1:9082', token: 'token-9081' });
    rmSync(join(root, '.data-cluster'), { recursive: true });
    expect(localDataDir({}, root)).toBe(join(root, '.data'));
  });

  it('where DATA_DIR or CLUSTER_DATA_DIR says, and at the URLs and token the environment gives above all', () => {
    checkout(root, 60);
    expect(localDataDir({ DATA_DIR: join(root, '.data') }, root)).toBe(join(root, '.data'));
    expect(localDataDir({ CLUSTER_DATA_DIR: join(root, 'elsewhere') }, root)).toBe(join(root, 'elsewhere'));
    const env = { BOARDSYNC_CATALOG_ADMIN_URL: 'http://catalog.internal:9082/', BOARDSYNC_ADMIN_TOKEN: 'given' };
    expect(adminConnection('catalog', env, root)).toEqual({ url: 'http://catalog.internal:9082', token: 'given' });
  });
});
