import type { Readable, Writable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  lastModified: Date;
}

/**
 * An object being written that nobody sees yet: bytes go to `body` as they come (the caller ends
 * it), and the object appears whole at `commit`, or never, after `abort`. Nothing is half-stored.
 */
export interface PendingObject {
  readonly body: Writable;
  /** Once `body` has ended: makes the object appear (replacing one of that key atomically). Fails, storing nothing, when `body` failed or carried other than `size` bytes. */
  commit(size: number): Promise<void>;
  /** Discards what was written; a no-op after `commit` succeeded, and safe to call more than once. */
  abort(): Promise<void>;
}

/** Where artwork bytes live: S3 (MinIO) in production, a plain directory in the embedded mode. */
export interface ObjectStore {
  /** Which adapter, for the start-up log line: 's3' | 'directory'. */
  readonly kind: string;
  /** Creates the bucket/directory if absent (idempotent); called once at start. */
  prepare(): Promise<void>;
  /** Streams `body` to `key` (size known in advance: the caller has the file on disk). Replaces an existing object atomically: readers see the old or the new bytes, never a half-written file. */
  put(key: string, body: Readable, size: number, contentType: string): Promise<void>;
  /** Starts writing `key` as a pending object (see PendingObject). */
  begin(key: string, contentType: string): PendingObject;
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
