import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { ObjectStore } from '../src/object-storage/object-store.ts';
import { bodyOf, chunked, directoryAdapter, read, s3Adapter, type Opened } from './support/object-stores.ts';

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
