import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  lastModified: Date;
}

/** Where artwork bytes live: S3 (MinIO) in production, a plain directory in the embedded mode. */
export interface ObjectStore {
  /** Which adapter, for the start-up log line: 's3' | 'directory'. */
  readonly kind: string;
  /** Creates the bucket/directory if absent (idempotent); called once at start. */
  prepare(): Promise<void>;
  /** Streams `body` to `key` (size known in advance: the caller has the file on disk). Replaces an existing object atomically: readers see the old or the new bytes, never a half-written file. */
  put(key: string, body: Readable, size: number, contentType: string): Promise<void>;
  /** Reads an object; undefined when absent. */
  get(key: string): Promise<{ body: Readable; size: number; contentType: string } | undefined>;
  stat(key: string): Promise<StoredObject | undefined>;
  /** Removes an object; absent is not an error (idempotent). */
  remove(key: string): Promise<void>;
  /** Lists objects under a prefix (for reconciliation and tests), bounded by `limit`. */
  list(prefix: string, limit: number): Promise<StoredObject[]>;
  /** Readiness probe: resolves when the store can be reached, rejects otherwise; bounded in time. */
  ping(): Promise<void>;
}
