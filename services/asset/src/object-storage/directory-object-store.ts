import { randomBytes } from 'node:crypto';
import { constants, createWriteStream, type Dirent, type Stats } from 'node:fs';
import { access, lstat, mkdir, open, readdir, rename, rm, rmdir, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { storedImageTypeOf, withTimeout } from '@boardsync/kit';
import { ExactSize } from './exact-size.ts';
import { assertKeyPrefix, assertListLimit, assertObjectKey, isObjectKey } from './object-key.ts';
import type { ObjectStore, PendingObject, StoredObject } from './object-store.ts';

export interface DirectoryObjectStoreOptions {
  /** The gateway serves `<root>/<key>` as is, so nothing but objects lives here (except `.tmp/`). */
  root: string;
  pingTimeoutMs?: number;
}

/*
 * The content type is the key's extension: the gateway serves these files straight from disk and
 * types them the same way, so a sidecar could only disagree with it. `put` refuses a type the
 * extension does not give, rather than store something `stat` would report differently.
 */
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
// Keys never have a segment starting with a dot, so this cannot collide with one or be listed.
const TEMP_DIR = '.tmp';
const STALE_TEMP_MS = 60 * 60 * 1000;
const DEFAULT_PING_TIMEOUT_MS = 3_000;

export function contentTypeOfKey(key: string): string {
  return storedImageTypeOf(key) ?? DEFAULT_CONTENT_TYPE;
}

/**
 * Objects as plain files at `<root>/<key>`, for the embedded mode. Never follows a symbolic link
 * below the root: an operation whose path meets one is refused, and `list` skips them. (The store
 * never makes links; one found there was put there by someone else. Checking is lstat per segment,
 * so a link planted between the check and the use by someone who can write the root still wins.)
 */
export class DirectoryObjectStore implements ObjectStore {
  readonly kind = 'directory';
  private readonly root: string;
  private readonly pingTimeoutMs: number;

  constructor(options: DirectoryObjectStoreOptions) {
    this.root = path.resolve(options.root);
    this.pingTimeoutMs = options.pingTimeoutMs ?? DEFAULT_PING_TIMEOUT_MS;
  }

  async prepare(): Promise<void> {
    await mkdir(path.join(this.root, TEMP_DIR), { recursive: true });
    await this.clearStaleTemp();
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
      // Piped before anything is awaited: the caller's stream must never be without an error listener.
      await pipeline(body, exact, pending.body);
      await pending.commit(size);
    } catch (error) {
      await pending.abort();
      throw error;
    }
  }

  /*
   * Written to `.tmp/` on the same filesystem, flushed (fsync) before close, then renamed over the
   * target at commit: readers see the old file or the new one. The directory itself is not fsynced,
   * so a power cut right after a commit may bring back the previous version, never a partial one.
   * Links are checked when moving into place, the one step that could follow one.
   */
  begin(key: string, contentType: string): PendingObject {
    const target = this.fileOf(key);
    const expected = contentTypeOfKey(key);
    if (mediaType(contentType) !== expected) throw new Error(`the directory store types ${key} as ${expected} by its extension, not ${contentType}`);
    const temp = path.join(this.root, TEMP_DIR, randomBytes(16).toString('hex'));
    const file = createWriteStream(temp, { flags: 'wx', flush: true });
    let state: 'open' | 'committed' | 'aborted' = 'open';
    return {
      body: file,
      commit: async (size) => {
        if (state !== 'open') throw new Error(`this object was already ${state}`);
        await finished(file);
        if (file.bytesWritten !== size) throw new Error(`the body carried ${String(file.bytesWritten)} bytes, not the declared ${String(size)}`);
        await this.moveInto(key, temp, target);
        state = 'committed';
      },
      abort: async () => {
        if (state !== 'open') return;
        state = 'aborted';
        file.destroy();
        await finished(file).catch(() => undefined);
        await rm(temp, { force: true });
      },
    };
  }

  async get(key: string): Promise<{ body: Readable; size: number; contentType: string } | undefined> {
    const file = this.fileOf(key);
    const found = await this.refuseLinks(key);
    if (!found?.isFile()) return undefined;
    let handle: FileHandle;
    try {
      // O_NOFOLLOW: a link swapped in after the check fails here (ELOOP) instead of being read.
      handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (error) {
      if (isCode(error, 'ENOENT', 'ENOTDIR')) return undefined;
      throw error;
    }
    try {
      // The size of the open file: a replace after this point does not change what is read.
      const info = await handle.stat();
      if (!info.isFile()) throw new Error(`${key} is not a regular file`);
      return { body: handle.createReadStream(), size: info.size, contentType: contentTypeOfKey(key) };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    this.fileOf(key);
    const found = await this.refuseLinks(key);
    return found?.isFile() ? storedObject(key, found) : undefined;
  }

  async remove(key: string): Promise<void> {
    const file = this.fileOf(key);
    const found = await this.refuseLinks(key);
    if (!found?.isFile()) return;
    await rm(file, { force: true });
    await this.pruneEmptyParents(file);
  }

  async list(prefix: string, limit: number): Promise<StoredObject[]> {
    assertKeyPrefix(prefix);
    assertListLimit(limit);
    const found: StoredObject[] = [];
    await this.walk('', prefix, limit, found);
    return found;
  }

  async ping(): Promise<void> {
    await withTimeout(
      access(path.join(this.root, TEMP_DIR), constants.R_OK | constants.W_OK),
      this.pingTimeoutMs,
      `${this.root} did not answer within ${this.pingTimeoutMs} ms`,
    );
  }

  private fileOf(key: string): string {
    assertObjectKey(key);
    const file = path.resolve(this.root, ...key.split('/'));
    if (!file.startsWith(this.root + path.sep)) throw new Error(`object key ${key} resolves outside the store`);
    return file;
  }

  /** lstat of each segment below the root; throws at a symbolic link. Returns the last one, if it exists. */
  private async refuseLinks(key: string): Promise<Stats | undefined> {
    let current = this.root;
    let info: Stats | undefined;
    for (const segment of key.split('/')) {
      current = path.join(current, segment);
      try {
        info = await lstat(current);
      } catch (error) {
        if (isCode(error, 'ENOENT', 'ENOTDIR')) return undefined;
        throw error;
      }
      if (info.isSymbolicLink()) throw new Error(`object key ${key} leads through a symbolic link; the directory store never follows one`);
    }
    return info;
  }

  // A remove pruning the same parents can delete a directory between mkdir and rename; try again.
  private async moveInto(key: string, temp: string, target: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      await this.refuseLinks(key);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(temp, target);
        return;
      } catch (error) {
        if (!isCode(error, 'ENOENT') || attempt === 3) throw error;
      }
    }
  }

  private async pruneEmptyParents(file: string): Promise<void> {
    for (let dir = path.dirname(file); dir.startsWith(this.root + path.sep); dir = path.dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        return; // not empty (or already gone): pruning is tidiness, never a failure
      }
    }
  }

  /** Depth first, children in byte order with directories as `name/`, which is S3's key order. */
  private async walk(dirKey: string, prefix: string, limit: number, found: StoredObject[]): Promise<void> {
    let entries: Dirent[];
    try {
      entries = await readdir(path.join(this.root, dirKey), { withFileTypes: true });
    } catch (error) {
      if (isCode(error, 'ENOENT', 'ENOTDIR')) return;
      throw error;
    }
    const children = entries
      .filter((entry) => entry.isFile() || entry.isDirectory()) // links, sockets, FIFOs are not objects
      .map((entry) => ({ isDirectory: entry.isDirectory(), key: `${dirKey}${entry.name}${entry.isDirectory() ? '/' : ''}` }))
      .filter(({ isDirectory, key }) => isObjectKey(isDirectory ? key.slice(0, -1) : key))
      .filter(({ isDirectory, key }) => key.startsWith(prefix) || (isDirectory && prefix.startsWith(key)))
      .sort((a, b) => Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)));
    for (const child of children) {
      if (found.length >= limit) return;
      if (child.isDirectory) {
        await this.walk(child.key, prefix, limit, found);
        continue;
      }
      const info = await lstat(path.join(this.root, child.key)).catch((error: unknown) => {
        if (isCode(error, 'ENOENT')) return undefined; // removed while we walked
        throw error;
      });
      if (info?.isFile()) found.push(storedObject(child.key, info));
    }
  }

  // Left behind by a crash mid-put; an hour is far beyond any upload.
  private async clearStaleTemp(): Promise<void> {
    const dir = path.join(this.root, TEMP_DIR);
    for (const name of await readdir(dir)) {
      const info = await lstat(path.join(dir, name)).catch(() => undefined);
      if (info !== undefined && Date.now() - info.mtimeMs > STALE_TEMP_MS) await rm(path.join(dir, name), { force: true, recursive: true });
    }
  }
}

function storedObject(key: string, info: Stats): StoredObject {
  // A Date of this realm: fs makes its own, which `instanceof Date` misses under Jest's VM modules.
  return { key, size: info.size, contentType: contentTypeOfKey(key), lastModified: new Date(info.mtimeMs) };
}

function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

// Not `instanceof Error`: fs errors may come from another realm (Jest's VM modules do this).
function isCode(error: unknown, ...codes: string[]): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' && codes.includes(error.code);
}
