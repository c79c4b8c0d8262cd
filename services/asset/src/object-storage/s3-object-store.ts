import { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { Client, S3Error, type ClientOptions } from 'minio';
import { withTimeout } from '@boardsync/kit';
import { servingHeaders } from '../domain/media-type.ts';
import { ExactSize } from './exact-size.ts';
import { assertKeyPrefix, assertListLimit, assertObjectKey } from './object-key.ts';
import type { ObjectStore, StoredObject } from './object-store.ts';
import { reachingStore } from './store-unavailable.ts';

export interface S3ObjectStoreOptions {
  /** A bare origin: http://127.0.0.1:9000, https://s3.eu-west-1.amazonaws.com. */
  endpoint: string;
  /** Left out, the client asks the server for the bucket's region once. */
  region?: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  /** minio's default (true) suits MinIO; virtual-host style needs DNS per bucket. */
  pathStyle?: boolean;
  pingTimeoutMs?: number;
}

/*
 * minio v8's putObject does not stream a request body. With a known size it reads the whole body
 * into memory when size <= partSize and PUTs it in one request (it hashes the payload to sign
 * plain-HTTP requests); above that it cuts the body into partSize blocks (block-stream2) and
 * uploads them one after another as a multipart upload, holding about two blocks at a time.
 * partSize defaults to 64 MiB: a 60 MB upload peaked at ~120 MiB of extra memory. Fixed at 5 MiB
 * (the S3 minimum; also caps an object at 5 MiB x 10,000 parts, ~48 GiB) the same upload peaked
 * at ~11 MiB, at the price of multipart requests above 5 MiB. minio resumes the newest incomplete
 * multipart upload of the same key (matching parts by MD5), so two concurrent puts of one large
 * key can fail each other; our keys carry a random token, so they do not meet.
 */
const PART_SIZE = 5 * 1024 * 1024;
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
    try {
      assertObjectKey(key);
      exact = new ExactSize(size);
    } catch (error) {
      body.destroy();
      throw error;
    }
    const flowing = pipeline(body, exact);
    const metadata = { 'Content-Type': contentType, ...servingHeaders(contentType) };
    try {
      if (size <= PART_SIZE) {
        // minio would buffer this much anyway; reading it here first means only a body of exactly
        // `size` bytes is ever sent (minio skips reading a stream it was told is empty).
        const [bytes] = await Promise.all([buffer(exact), flowing]);
        await reachingStore(this.client.putObject(this.bucket, key, bytes, size, metadata));
      } else {
        // A short or long body fails `exact`, so the multipart upload is never completed. minio
        // then waits on its block stream forever; the upload stays incomplete on the server (a
        // bucket lifecycle rule should abort incomplete uploads) and its promise is dropped.
        await Promise.all([reachingStore(this.client.putObject(this.bucket, key, exact, size, metadata)), flowing]);
      }
    } finally {
      // Releases the caller's stream when the upload failed before reading it all.
      exact.destroy();
    }
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
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    region: options.region,
    pathStyle: options.pathStyle,
    partSize: PART_SIZE,
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
