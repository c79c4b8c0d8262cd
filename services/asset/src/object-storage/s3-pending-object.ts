import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Client } from 'minio';
import type { PendingObject } from './object-store.ts';
import { reachingStore } from './store-unavailable.ts';

export interface S3PendingOptions {
  client: Client;
  bucket: string;
  key: string;
  /** Content-Type and the serving headers the object keeps. */
  headers: Record<string, string>;
  /** Every part but the last is exactly this long (S3: at least 5 MiB). */
  partSize: number;
  /** Parts uploading at once; the writer waits (backpressure) beyond that. */
  partsInFlight: number;
}

/**
 * An object written as it arrives, seen by nobody until `commit`. Bytes are cut into parts of
 * `partSize` and each full part is uploaded (S3 multipart, started at the first full part) while the
 * next fills, at most `partsInFlight` at once: memory stays at (partsInFlight + 1) parts whatever the
 * size. `commit` completes the multipart upload (one atomic step: the object appears whole) or, for
 * a body smaller than one part, PUTs it in one request. `abort` aborts the multipart upload, so no
 * byte of an object never committed stays in the bucket (a process killed between the two leaves an
 * incomplete upload, which the bucket's lifecycle rule for incomplete uploads removes).
 *
 * minio's `putObject` does not serve here: it completes the object as soon as its stream ends, uploads
 * parts one after another, and first lists the bucket's incomplete uploads to resume one. The calls
 * used are the client's own (`initiateNewMultipartUpload`, `uploadPart`, `completeMultipartUpload`,
 * `abortMultipartUpload`), so signing, retries and errors stay minio's.
 */
export class S3PendingObject extends Writable implements PendingObject {
  private readonly options: S3PendingOptions;
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;
  private written = 0;
  private uploadId: Promise<string> | undefined;
  private partCount = 0;
  private readonly parts: { part: number; etag: string }[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private failure: unknown;
  private state: 'open' | 'committing' | 'committed' | 'aborted' = 'open';

  constructor(options: S3PendingOptions) {
    super();
    this.options = options;
  }

  get body(): Writable {
    return this;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.accept(chunk).then(
      () => {
        done();
      },
      (error: unknown) => {
        done(asError(error));
      },
    );
  }

  override _final(done: (error?: Error | null) => void): void {
    // Smaller than one part: kept for a single PUT at commit. Otherwise the rest is the last part.
    if (this.uploadId !== undefined && this.bufferedBytes > 0) this.send(this.take(this.bufferedBytes));
    this.settled().then(
      () => {
        done();
      },
      (error: unknown) => {
        done(asError(error));
      },
    );
  }

  async commit(size: number): Promise<void> {
    if (this.state !== 'open') throw new Error(`this object was already ${this.state}`);
    await finished(this);
    if (this.written !== size) throw new Error(`the body carried ${String(this.written)} bytes, not the declared ${String(size)}`);
    this.state = 'committing';
    const { client, bucket, key, headers } = this.options;
    if (this.uploadId === undefined) {
      await reachingStore(client.putObject(bucket, key, Buffer.concat(this.buffered), size, headers));
    } else {
      const parts = [...this.parts].sort((a, b) => a.part - b.part);
      await reachingStore(client.completeMultipartUpload(bucket, key, await this.uploadId, parts));
    }
    this.buffered = [];
    this.state = 'committed';
  }

  async abort(): Promise<void> {
    if (this.state === 'committed' || this.state === 'aborted') return;
    this.state = 'aborted';
    this.buffered = [];
    this.destroy();
    // S3 may keep a part that lands after the abort: let those in flight finish first.
    await Promise.allSettled(this.inFlight);
    const uploadId = await this.uploadId?.catch(() => undefined);
    if (uploadId !== undefined) await reachingStore(this.options.client.abortMultipartUpload(this.options.bucket, this.options.key, uploadId));
  }

  private async accept(chunk: Buffer): Promise<void> {
    this.written += chunk.length;
    this.buffered.push(chunk);
    this.bufferedBytes += chunk.length;
    while (this.bufferedBytes >= this.options.partSize) this.send(this.take(this.options.partSize));
    while (this.inFlight.size >= this.options.partsInFlight && this.failure === undefined) await Promise.race(this.inFlight);
    if (this.failure !== undefined) throw asError(this.failure);
  }

  /** The first `bytes` buffered, as one part (one copy); the rest stays buffered. */
  private take(bytes: number): Buffer {
    const all = this.buffered.length === 1 ? (this.buffered[0] ?? Buffer.alloc(0)) : Buffer.concat(this.buffered);
    const rest = all.subarray(bytes);
    this.buffered = rest.length > 0 ? [Buffer.from(rest)] : [];
    this.bufferedBytes = rest.length;
    return all.subarray(0, bytes);
  }

  private send(part: Buffer): void {
    const { client, bucket, key, headers } = this.options;
    const partNumber = ++this.partCount;
    this.uploadId ??= reachingStore(client.initiateNewMultipartUpload(bucket, key, headers));
    const uploadId = this.uploadId;
    const upload = (async () => {
      const uploaded = await reachingStore(client.uploadPart({ bucketName: bucket, objectName: key, uploadID: await uploadId, partNumber, headers: {} }, part));
      this.parts.push({ part: partNumber, etag: uploaded.etag });
    })()
      .catch((error: unknown) => {
        this.failure ??= error;
      })
      .finally(() => {
        this.inFlight.delete(upload);
      });
    this.inFlight.add(upload);
  }

  private async settled(): Promise<void> {
    await Promise.all(this.inFlight);
    if (this.failure !== undefined) throw asError(this.failure);
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
