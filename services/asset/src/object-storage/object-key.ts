/**
 * The one check every adapter runs on a key before touching storage. Callers validate too; this is
 * the last line, so a bug upstream cannot turn a key into a path outside the store.
 */

const MAX_KEY_BYTES = 1024;
// The usual filesystem limit for one name; S3 has none, but both adapters must accept the same keys.
const MAX_SEGMENT_BYTES = 255;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export class InvalidObjectKey extends Error {
  constructor(reason: string) {
    super(`invalid object key: ${reason}`);
    this.name = 'InvalidObjectKey';
  }
}

/**
 * Throws unless `key` is a relative slash-separated path of plain names. A segment may not start
 * with a dot: besides `.` and `..`, that keeps hidden names free for the directory store's own
 * files (its temp directory) and keeps a gateway serving the directory from meeting dotfiles.
 */
export function assertObjectKey(key: string): void {
  if (key === '') throw new InvalidObjectKey('empty');
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) throw new InvalidObjectKey(`longer than ${MAX_KEY_BYTES} bytes`);
  if (CONTROL.test(key)) throw new InvalidObjectKey('control character');
  if (key.includes('\\')) throw new InvalidObjectKey('backslash');
  for (const segment of key.split('/')) {
    if (segment === '') throw new InvalidObjectKey('absolute, or an empty segment');
    if (segment.startsWith('.')) throw new InvalidObjectKey('a segment starts with a dot');
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) throw new InvalidObjectKey(`a segment longer than ${MAX_SEGMENT_BYTES} bytes`);
  }
}

/** The same check as a predicate, for names found on disk or in a listing. */
export function isObjectKey(key: string): boolean {
  try {
    assertObjectKey(key);
    return true;
  } catch {
    return false;
  }
}

/** A list prefix is '' or the start of a valid key; a trailing slash is allowed. */
export function assertKeyPrefix(prefix: string): void {
  if (prefix === '') return;
  assertObjectKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

/** `limit` for `list`: a non-negative integer. */
export function assertListLimit(limit: number): void {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`list limit must be a non-negative integer, got ${limit}`);
}
