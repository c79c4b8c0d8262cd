import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat as fileStat, symlink, utimes, writeFile } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { Client, type BucketItem, type IncompleteUploadedBucketItem } from 'minio';
import { freePort, infra, uniqueName } from '@boardsync/kit/testing';
import { DirectoryObjectStore } from '../src/object-storage/directory-object-store.ts';
import type { ObjectStore } from '../src/object-storage/object-store.ts';
import { S3ObjectStore } from '../src/object-storage/s3-object-store.ts';

interface Opened {
  store: ObjectStore;
  close: () => Promise<void>;
}

interface Adapter {
  name: string;
  open: () => Promise<Opened>;
  /** A store that cannot be reached, for ping. */
  unreachable: () => Promise<Opened>;
}

const s3 = {
  endpoint: infra.s3Endpoint,
  accessKey: infra.s3AccessKey,
  secretKey: infra.s3SecretKey,
};

const s3Adapter: Adapter = {
  name: 's3 (MinIO)',
  open: () => {
    const bucket = uniqueName('assets').toLowerCase().replace(/_/g, '-');
    return Promise.resolve({ store: new S3ObjectStore({ ...s3, bucket }), close: () => dropBucket(bucket) });
  },
  unreachable: async () => {
    const store = new S3ObjectStore({ ...s3, endpoint: `http://127.0.0.1:${await freePort()}`, bucket: 'nowhere', pingTimeoutMs: 1_000 });
    return { store, close: () => Promise.resolve() };
  },
};

const directoryAdapter: Adapter = {
  name: 'directory',
  open: async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'boardsync-objects-'));
    return { store: new DirectoryObjectStore({ root }), close: () => rm(root, { recursive: true, force: true }) };
  },
  unreachable: () => Promise.resolve({ store: new DirectoryObjectStore({ root: path.join(tmpdir(), uniqueName('absent')) }), close: () => Promise.resolve() }),
};

/** Empties and removes a test bucket, including uploads a failed multipart put left incomplete. */
async function dropBucket(bucket: string): Promise<void> {
  const url = new URL(infra.s3Endpoint);
  const admin = new Client({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: url.protocol === 'https:',
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
  });
  if (!(await admin.bucketExists(bucket))) return;
  const objects = await itemsOf<BucketItem>(admin.listObjectsV2(bucket, '', true));
  const names = objects.flatMap((item) => (item.name === undefined ? [] : [item.name]));
  if (names.length > 0) await admin.removeObjects(bucket, names);
  for (const upload of await itemsOf<IncompleteUploadedBucketItem>(admin.listIncompleteUploads(bucket, '', true))) {
    await admin.removeIncompleteUpload(bucket, upload.key);
  }
  await admin.removeBucket(bucket);
}

/** minio's listing streams are object-mode Readables typed without their item type. */
function itemsOf<T>(stream: NodeJS.ReadableStream): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const items: T[] = [];
    stream.on('data', (item: T) => items.push(item));
    stream.on('error', reject);
    stream.on('end', () => {
      resolve(items);
    });
  });
}

async function read(store: ObjectStore, key: string): Promise<Buffer | undefined> {
  const found = await store.get(key);
  return found === undefined ? undefined : buffer(found.body);
}

function bodyOf(bytes: Buffer): Readable {
  return Readable.from([bytes]);
}

/** A body that streams `bytes` in 256 KiB chunks, as a file read would. */
function chunked(bytes: Buffer): Readable {
  const chunks = [];
  for (let offset = 0; offset < bytes.length; offset += 256 * 1024) chunks.push(bytes.subarray(offset, offset + 256 * 1024));
  return Readable.from(chunks);
}

const HOSTILE_KEYS = ['../x', 'a/../../b', '/abs', 'a//b', 'a\\b', 'a/./b', '', 'a\u0000b', 'a/b\n', 'x'.repeat(2000), 'a/.hidden', 'a/b/'];

describe.each([s3Adapter, directoryAdapter])('object store contract: $name', (adapter) => {
  let opened: Opened;
  let store: ObjectStore;
  // Every test writes under its own prefix, so they share one bucket/directory without meeting.
  const ns = (): string => `t-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    opened = await adapter.open();
    store = opened.store;
    await store.prepare();
  });
  afterAll(async () => {
    await opened.close();
  });

  it('prepares idempotently and answers ping', async () => {
    await store.prepare();
    await store.prepare();
    await expect(store.ping()).resolves.toBeUndefined();
    expect(['s3', 'directory']).toContain(store.kind);
  });

  it('stores a 12 MB streamed body byte for byte, with its size, type and time', async () => {
    const key = `${ns()}/designers/42/projects/7/0192f3a1c2d3/big.bin`;
    const bytes = randomBytes(12 * 1024 * 1024);
    const before = Date.now();
    await store.put(key, chunked(bytes), bytes.length, 'application/octet-stream');
    const after = Date.now();

    const found = await store.get(key);
    expect(found).toMatchObject({ size: bytes.length, contentType: 'application/octet-stream' });
    expect((await buffer(found?.body ?? Readable.from([]))).equals(bytes)).toBe(true);

    const stat = await store.stat(key);
    expect(stat).toMatchObject({ key, size: bytes.length, contentType: 'application/octet-stream' });
    // S3 keeps whole seconds.
    expect(stat?.lastModified.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(stat?.lastModified.getTime()).toBeLessThanOrEqual(after + 1_000);
  });

  it('keeps an image content type and stores empty objects', async () => {
    const prefix = ns();
    await store.put(`${prefix}/card.webp`, bodyOf(Buffer.from('RIFF-webp')), 9, 'image/webp');
    await store.put(`${prefix}/empty.png`, bodyOf(Buffer.alloc(0)), 0, 'image/png');
    expect(await store.stat(`${prefix}/card.webp`)).toMatchObject({ size: 9, contentType: 'image/webp' });
    const empty = await store.get(`${prefix}/empty.png`);
    expect(empty).toMatchObject({ size: 0, contentType: 'image/png' });
    expect((await buffer(empty?.body ?? Readable.from([]))).length).toBe(0);
  });

  it('replaces an object on put, and readers see the old bytes until the new ones are complete', async () => {
    const key = `${ns()}/card.png`;
    const old = Buffer.alloc(1024 * 1024, 'a');
    const next = Buffer.alloc(1024 * 1024 + 7, 'b');
    await store.put(key, bodyOf(old), old.length, 'image/png');

    const body = new PassThrough();
    const writing = store.put(key, body, next.length, 'image/png');
    body.write(next.subarray(0, 512 * 1024));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await read(store, key))?.equals(old)).toBe(true);
    body.end(next.subarray(512 * 1024));
    await writing;

    expect((await read(store, key))?.equals(next)).toBe(true);
    expect((await store.stat(key))?.size).toBe(next.length);
  });

  it('refuses a body shorter or longer than its declared size and keeps the previous object', async () => {
    const key = `${ns()}/card.png`;
    await store.put(key, bodyOf(Buffer.from('previous')), 8, 'image/png');
    await expect(store.put(key, bodyOf(Buffer.from('short')), 10, 'image/png')).rejects.toThrow(/ended after 5 of the declared 10 bytes/);
    await expect(store.put(key, bodyOf(Buffer.from('far too long')), 3, 'image/png')).rejects.toThrow(/longer than the declared 3 bytes/);
    expect((await read(store, key))?.toString()).toBe('previous');

    // Past one S3 part (5 MiB) the upload is multipart; a short body must not complete it.
    const big = `${ns()}/big.bin`;
    await expect(store.put(big, chunked(randomBytes(6 * 1024 * 1024)), 7 * 1024 * 1024, 'application/octet-stream')).rejects.toThrow(/ended after/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await store.stat(big)).toBeUndefined();
  });

  it('fails a put whose body fails, and keeps the previous object', async () => {
    const key = `${ns()}/card.png`;
    await store.put(key, bodyOf(Buffer.from('previous')), 8, 'image/png');
    const body = new PassThrough();
    const writing = store.put(key, body, 100, 'image/png');
    body.write(Buffer.alloc(10));
    body.destroy(new Error('disk read failed'));
    await expect(writing).rejects.toThrow('disk read failed');
    expect((await read(store, key))?.toString()).toBe('previous');
  });

  it('removes idempotently; an absent or directory-like key reads as undefined', async () => {
    const prefix = ns();
    const key = `${prefix}/a/b/card.png`;
    await store.put(key, bodyOf(Buffer.from('x')), 1, 'image/png');
    expect(await store.get(`${prefix}/a/b`)).toBeUndefined();
    expect(await store.stat(`${prefix}/a`)).toBeUndefined();
    await store.remove(`${prefix}/a/b`);
    expect(await store.stat(key)).toBeDefined();

    await store.remove(key);
    expect(await store.get(key)).toBeUndefined();
    expect(await store.stat(key)).toBeUndefined();
    await store.remove(key);
    await store.remove(`${prefix}/never/was.png`);
  });

  it('lists by key prefix in key order, bounded by limit', async () => {
    const prefix = ns();
    const keys = [`${prefix}/p/b/c.png`, `${prefix}/p/a.png`, `${prefix}/p/b-d.png`, `${prefix}/pa/y.png`, `${prefix}/q/x.png`];
    for (const key of keys) await store.put(key, bodyOf(Buffer.from(key)), Buffer.byteLength(key), 'image/png');

    const listed = await store.list(`${prefix}/p/`, 10);
    expect(listed.map((object) => object.key)).toEqual([`${prefix}/p/a.png`, `${prefix}/p/b-d.png`, `${prefix}/p/b/c.png`]);
    expect(listed[0]).toMatchObject({ size: Buffer.byteLength(`${prefix}/p/a.png`), contentType: 'image/png' });
    expect(listed[0]?.lastModified).toBeInstanceOf(Date);

    expect((await store.list(`${prefix}/p/`, 2)).map((object) => object.key)).toEqual([`${prefix}/p/a.png`, `${prefix}/p/b-d.png`]);
    expect((await store.list(`${prefix}/p`, 10)).map((object) => object.key)).toContain(`${prefix}/pa/y.png`);
    expect(await store.list(`${prefix}/p/`, 0)).toEqual([]);
    expect(await store.list(`${prefix}/none/`, 10)).toEqual([]);
    await expect(store.list('../', 10)).rejects.toThrow(/invalid object key/);
  });

  it.each(HOSTILE_KEYS.map((key) => [JSON.stringify(key.length > 40 ? `${key.slice(0, 10)}…(${key.length})` : key), key]))(
    'refuses the key %s everywhere',
    async (_label, key) => {
      const body = bodyOf(Buffer.from('x'));
      await expect(store.put(key, body, 1, 'application/octet-stream')).rejects.toThrow(/invalid object key/);
      // Refused before reading: the caller's stream is released, not left open.
      expect(body.destroyed).toBe(true);
      await expect(store.get(key)).rejects.toThrow(/invalid object key/);
      await expect(store.stat(key)).rejects.toThrow(/invalid object key/);
      await expect(store.remove(key)).rejects.toThrow(/invalid object key/);
    },
  );

  it('ping rejects, within its bound, when the store cannot be reached', async () => {
    const unreachable = await adapter.unreachable();
    const started = Date.now();
    await expect(unreachable.store.ping()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3_000);
    await unreachable.close();
  });
});

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
    expect(Date.now() - started).toBeLessThan(1_500);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
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
