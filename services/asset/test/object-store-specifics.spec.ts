import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, readdir, rm, stat as fileStat, symlink, utimes, writeFile } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { uniqueName } from '@boardsync/kit/testing';
import { DirectoryObjectStore } from '../src/object-storage/directory-object-store.ts';
import { S3ObjectStore } from '../src/object-storage/s3-object-store.ts';
import { StoreUnavailable } from '../src/object-storage/store-unavailable.ts';
import { answerFor } from '../src/use-cases/adapter-answers.ts';
import { bodyOf, s3 } from './support/object-stores.ts';

/** What only one of the two stores promises: the S3 store's ping bounds, the directory store's file layout and link safety. */
describe('s3 store specifics', () => {
  it('ping gives up on a server that accepts but never answers', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const store = new S3ObjectStore({ ...s3, endpoint: `http://127.0.0.1:${address.port}`, region: 'us-east-1', bucket: 'silent', pingTimeoutMs: 500 });
    const started = Date.now();
    await expect(store.ping()).rejects.toThrow(/did not answer within 500 ms/);
    // Loose on purpose: the point is that it ends (no bound would hang), not how fast on a loaded machine.
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('a store that refuses connections is StoreUnavailable for every operation, which the use cases answer 503 with a Retry-After', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    await new Promise((resolve) => closed.close(resolve));
    const store = new S3ObjectStore({ ...s3, endpoint: `http://127.0.0.1:${String(address.port)}`, region: 'us-east-1', bucket: 'gone' });
    const body = Readable.from([Buffer.from('bytes')]);
    const refusal = (operation: Promise<unknown>): Promise<unknown> =>
      operation.then(
        () => 'succeeded',
        (error: unknown) => error,
      );
    const refusals = [
      await refusal(store.put('designers/1/a.png', body, 5, 'image/png')),
      await refusal(store.get('designers/1/a.png')),
      await refusal(store.stat('designers/1/a.png')),
      await refusal(store.remove('designers/1/a.png')),
      await refusal(store.list('designers/1/', 10)),
    ];
    expect(body.destroyed).toBe(true);
    expect(refusals.filter((error) => !(error instanceof StoreUnavailable))).toEqual([]);
    const unavailable = { status: 503, code: 'service_unavailable', headers: { 'Retry-After': '5' } };
    for (const error of refusals) expect(answerFor(error)).toMatchObject(unavailable);
  });

  it('ping rejects when the bucket is gone', async () => {
    const store = new S3ObjectStore({ ...s3, bucket: uniqueName('missing').toLowerCase().replace(/_/g, '-') });
    await expect(store.ping()).rejects.toThrow(/does not exist/);
  });
});

describe('directory store specifics', () => {
  let base: string;
  let root: string;
  let outside: string;
  let store: DirectoryObjectStore;

  beforeAll(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'boardsync-objects-'));
    root = path.join(base, 'root');
    outside = path.join(base, 'outside');
    await mkdir(outside);
    await writeFile(path.join(outside, 'secret.png'), 'secret');
    store = new DirectoryObjectStore({ root });
    await store.prepare();
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('keeps each object at exactly <root>/<key>, and nothing else but .tmp/', async () => {
    await store.put('designers/1/projects/2/abc/card.webp', bodyOf(Buffer.from('webp')), 4, 'image/webp');
    expect((await fileStat(path.join(root, 'designers/1/projects/2/abc/card.webp'))).size).toBe(4);
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
    await store.remove('designers/1/projects/2/abc/card.webp');
    // Now-empty parents are pruned up to the root.
    expect(await readdir(root)).toEqual(['.tmp']);
  });

  it('types objects by extension and refuses a type the extension contradicts', async () => {
    await store.put('a/photo.JPG', bodyOf(Buffer.from('j')), 1, 'image/jpeg');
    await store.put('a/logo.svg', bodyOf(Buffer.from('<svg/>')), 6, 'image/svg+xml; charset=utf-8');
    expect((await store.stat('a/photo.JPG'))?.contentType).toBe('image/jpeg');
    expect((await store.stat('a/logo.svg'))?.contentType).toBe('image/svg+xml');
    await expect(store.put('a/card.png', bodyOf(Buffer.from('x')), 1, 'image/webp')).rejects.toThrow(/types a\/card.png as image\/png/);
    expect(await store.stat('a/card.png')).toBeUndefined();
  });

  it('never follows a symbolic link below the root', async () => {
    await symlink(outside, path.join(root, 'linked'));
    await mkdir(path.join(root, 'b'));
    await symlink(path.join(outside, 'secret.png'), path.join(root, 'b', 'secret.png'));

    await expect(store.put('linked/new.png', bodyOf(Buffer.from('x')), 1, 'image/png')).rejects.toThrow(/symbolic link/);
    await expect(store.put('linked/deeper/new.png', bodyOf(Buffer.from('x')), 1, 'image/png')).rejects.toThrow(/symbolic link/);
    await expect(store.get('linked/secret.png')).rejects.toThrow(/symbolic link/);
    await expect(store.stat('linked/secret.png')).rejects.toThrow(/symbolic link/);
    await expect(store.remove('linked/secret.png')).rejects.toThrow(/symbolic link/);
    await expect(store.get('b/secret.png')).rejects.toThrow(/symbolic link/);
    await expect(store.put('b/secret.png', bodyOf(Buffer.from('x')), 1, 'image/png')).rejects.toThrow(/symbolic link/);

    expect((await store.list('', 100)).map((object) => object.key)).not.toEqual(expect.arrayContaining(['linked/secret.png', 'b/secret.png']));
    expect((await readdir(outside)).sort()).toEqual(['secret.png']);
    await rm(path.join(root, 'linked'));
    await rm(path.join(root, 'b'), { recursive: true });
  });

  it('prepare clears temp files a crash left behind, and only old ones', async () => {
    const stale = path.join(root, '.tmp', 'stale');
    const fresh = path.join(root, '.tmp', 'fresh');
    await writeFile(stale, 'half');
    await writeFile(fresh, 'in flight');
    const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(stale, longAgo, longAgo);
    await store.prepare();
    expect(await readdir(path.join(root, '.tmp'))).toEqual(['fresh']);
    await rm(fresh);
  });
});
