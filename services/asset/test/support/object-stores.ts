import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { BucketItem, IncompleteUploadedBucketItem } from 'minio';
import { freePort, infra, uniqueName } from '@boardsync/kit/testing';
import { DirectoryObjectStore } from '../../src/object-storage/directory-object-store.ts';
import type { ObjectStore } from '../../src/object-storage/object-store.ts';
import { S3ObjectStore } from '../../src/object-storage/s3-object-store.ts';
import { testMinio } from './test-buckets.ts';

/** The two object stores the asset service runs on, opened fresh for a test, and the helpers their tests share. */
export interface Opened {
  store: ObjectStore;
  close: () => Promise<void>;
}

export interface Adapter {
  name: string;
  open: () => Promise<Opened>;
  /** A store that cannot be reached, for ping. */
  unreachable: () => Promise<Opened>;
}

export const s3 = {
  endpoint: infra.s3Endpoint,
  accessKey: infra.s3AccessKey,
  secretKey: infra.s3SecretKey,
};

export const s3Adapter: Adapter = {
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

export const directoryAdapter: Adapter = {
  name: 'directory',
  open: async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'boardsync-objects-'));
    return { store: new DirectoryObjectStore({ root }), close: () => rm(root, { recursive: true, force: true }) };
  },
  unreachable: () => Promise.resolve({ store: new DirectoryObjectStore({ root: path.join(tmpdir(), uniqueName('absent')) }), close: () => Promise.resolve() }),
};

/** Empties and removes a test bucket, including uploads a failed multipart put left incomplete. */
export async function dropBucket(bucket: string): Promise<void> {
  const admin = testMinio();
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
export function itemsOf<T>(stream: NodeJS.ReadableStream): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const items: T[] = [];
    stream.on('data', (item: T) => items.push(item));
    stream.on('error', reject);
    stream.on('end', () => {
      resolve(items);
    });
  });
}

export async function read(store: ObjectStore, key: string): Promise<Buffer | undefined> {
  const found = await store.get(key);
  return found === undefined ? undefined : buffer(found.body);
}

export function bodyOf(bytes: Buffer): Readable {
  return Readable.from([bytes]);
}

/** A body that streams `bytes` in 256 KiB chunks, as a file read would. */
export function chunked(bytes: Buffer): Readable {
  const chunks = [];
  for (let offset = 0; offset < bytes.length; offset += 256 * 1024) chunks.push(bytes.subarray(offset, offset + 256 * 1024));
  return Readable.from(chunks);
}
