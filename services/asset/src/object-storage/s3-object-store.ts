import { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Client, S3Error, type ClientOptions } from 'minio';
import { withTimeout } from '@boardsync/kit';
import { servingHeaders } from '../domain/media-type.ts';
import { ExactSize } from './exact-size.ts';
import { assertKeyPrefix, assertListLimit, assertObjectKey } from './object-key.ts';
import type { ObjectStore, PendingObject, StoredObject } from './object-store.ts';
import type { S3Access } from './s3-access.ts';
import { S3PendingObject } from './s3-pending-object.ts';
import { reachingStore } from './store-unavailable.ts';

export type S3ObjectStoreOptions = S3Access & {
  /** A bare origin: http://127.0.0.1:9000, https://s3.eu-west-1.amazonaws.com. */
  endpoint: string;
  /** Left out, the client asks the server for the bucket's region once. */
  region?: string;
  bucket: string;
  /** minio's default (true) suits MinIO; virtual-host style needs DNS per bucket. */
  pathStyle?: boolean;
  pingTimeoutMs?: number;
};

/*
 * Objects are written as S3PendingObjects: parts of PART_SIZE uploaded while the next fills, two at
 * once, so an upload holds at most three parts in memory (15 MiB) whatever its size, and a body
 * smaller than one part is one PUT. 5 MiB is the S3 minimum; it caps an object at 10,000 parts
 * (~48 GiB). (minio's putObject held two 64 MiB blocks by default, or one 5 MiB part at a time,
 * one request after another, after listing the bucket's incomplete uploads.)
 */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
const DEFAULT_PING_TIMEOUT_MS = 3_000;
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
const LIST_PAGE = 1_000;
const STAT_CONCURRENCY = 8;

export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3';
  private readonly client: Client;
  private readonly bucket: string;
  private readonly region: string | undefined;
  private readonly pingTimeoutMs: number;

  constructor(options: S3ObjectStoreOptions) {
    this.client = new Client(clientOptions(options));
    this.bucket = options.bucket;
    this.region = options.region;
    this.pingTimeoutMs = options.pingTimeoutMs ?? DEFAULT_PING_TIMEOUT_MS;
  }

  async prepare(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) return;
    try {
      await this.client.makeBucket(this.bucket, this.region ?? '');
    } catch (error) {
      // Another instance starting at the same moment created it first.
      if (!(error instanceof S3Error && error.code === 'BucketAlreadyOwnedByYou')) throw error;
    }
  }

  async put(key: string, body: Readable, size: number, contentType: string): Promise<void> {
    let exact: ExactSize;
    let pending: PendingObject;
    try {
      exact = new ExactSize(size);
      pending = this.begin(key, contentType);
    } catch (error) {
      body.destroy();
      throw error;
    }
    try {
      // A short or long body fails `exact`, so the object is never committed.
      await pipeline(body, exact, pending.body);
      await pending.commit(size);
    } catch (error) {
      await pending.abort().catch(() => undefined);
      throw error;
    }
  }

  begin(key: string, contentType: string): PendingObject {
    assertObjectKey(key);
    const headers = { 'Content-Type': contentType, ...servingHeaders(contentType) };
    return new S3PendingObject({ client: this.client, bucket: this.bucket, key, headers, partSize: PART_SIZE, partsInFlight: PARTS_IN_FLIGHT });
  }

  async get(key: string): Promise<{ body: Readable; size: number; contentType: string } | undefined> {
    assertObjectKey(key);
    const body = await absentAsUndefined(reachingStore(this.client.getObject(this.bucket, key)));
    if (body === undefined) return undefined;
    // Size and type from the same response as the bytes, so a concurrent replace cannot mix them.
    if (body instanceof IncomingMessage) {
      return { body, size: Number(body.headers['content-length']), contentType: body.headers['content-type'] ?? DEFAULT_CONTENT_TYPE };
    }
    const stat = await this.stat(key);
    if (stat === undefined) {
      body.destroy();
      return undefined;
    }
    return { body, size: stat.size, contentType: stat.contentType };
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    assertObjectKey(key);
    return this.statUnchecked(key);
  }

  async remove(key: string): Promise<void> {
    assertObjectKey(key);
    await reachingStore(this.client.removeObject(this.bucket, key));
  }

  async list(prefix: string, limit: number): Promise<StoredObject[]> {
    assertKeyPrefix(prefix);
    assertListLimit(limit);
    const keys: string[] = [];
    let token = '';
    while (keys.length < limit) {
      const page = await reachingStore(this.client.listObjectsV2Query(this.bucket, prefix, token, '', Math.min(LIST_PAGE, limit - keys.length), ''));
      for (const item of page.objects) if (item.name !== undefined) keys.push(item.name);
      if (!page.isTruncated) break;
      token = page.nextContinuationToken;
    }
    // A listing carries no content type, so each object is asked for it (the reason for `limit`).
    const found: StoredObject[] = [];
    for (let start = 0; start < keys.length && found.length < limit; start += STAT_CONCURRENCY) {
      const batch = await Promise.all(keys.slice(start, start + STAT_CONCURRENCY).map((name) => this.statUnchecked(name)));
      for (const object of batch) if (object !== undefined) found.push(object);
    }
    return found.slice(0, limit);
  }

  async ping(): Promise<void> {
    const exists = await withTimeout(this.client.bucketExists(this.bucket), this.pingTimeoutMs, `S3 did not answer within ${this.pingTimeoutMs} ms`);
    if (!exists) throw new Error(`S3 bucket ${this.bucket} does not exist`);
  }

  // Listed names come from the server and are not ours to refuse.
  private async statUnchecked(key: string): Promise<StoredObject | undefined> {
    const stat = await absentAsUndefined(reachingStore(this.client.statObject(this.bucket, key)));
    if (stat === undefined) return undefined;
    const contentType: unknown = stat.metaData['content-type'];
    return { key, size: stat.size, contentType: typeof contentType === 'string' ? contentType : DEFAULT_CONTENT_TYPE, lastModified: stat.lastModified };
  }
}

function clientOptions(options: S3ObjectStoreOptions): ClientOptions {
  const url = new URL(options.endpoint);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`S3 endpoint must be http or https: ${url.protocol}`);
  if (url.pathname !== '/' || url.search !== '' || url.username !== '') throw new Error('S3 endpoint must be a bare origin like http://127.0.0.1:9000');
  const useSSL = url.protocol === 'https:';
  return {
    endPoint: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? (useSSL ? 443 : 80) : Number(url.port),
    useSSL,
    ...('credentialsProvider' in options
      ? // One class, declared twice: TypeScript reads minio's CommonJS declarations, Node runs its ES module build.
        { credentialsProvider: options.credentialsProvider as unknown as ClientOptions['credentialsProvider'] }
      : { accessKey: options.accessKey, secretKey: options.secretKey }),
    region: options.region,
    pathStyle: options.pathStyle,
  };
}

// GET answers NoSuchKey; HEAD has no body, so minio names its 404 NotFound.
async function absentAsUndefined<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof S3Error && (error.code === 'NoSuchKey' || error.code === 'NotFound')) return undefined;
    throw error;
  }
}
