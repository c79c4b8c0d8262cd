import { constants } from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';
import { Problem, storedImageTypeOf } from '@boardsync/kit/core';
import { requestTargetOf } from '../request/canonical-path.ts';

/** Where stored artwork is served: `<PUBLIC_BASE_URL>/assets/<key>`. */
export const STORED_FILES_PREFIX = '/assets/';

const MAX_KEY_BYTES = 1024;
/**
 * The keys the asset service makes (`designers/42/projects/7/0192f3a1c2d3/card.webp`): plain names
 * of at most 255 bytes, none starting with a dot (so no `.`, `..` or hidden file), and no `%`:
 * the path is never decoded, so what is matched here is what the canonical-path guard checked.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$/;
const KEY_ROOT = 'designers/';

/**
 * Headers on every file: an SVG (or a file that is not what its extension says) opened directly
 * runs no script and loads nothing; the public URL is content-addressed enough (a random token per
 * upload) that a short public cache is safe, and short enough that a delete is soon seen.
 */
const FILE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'public, max-age=300',
};

const notFound = (): Problem => new Problem({ status: 404, code: 'not_found', detail: 'No stored file at this address.' });

/**
 * The embedded mode's stand-in for a bucket behind a CDN: GET and HEAD `/assets/<key>` answer
 * `<root>/<key>`, public and unauthenticated, streamed from disk. Anything that is not a key the
 * asset service could have made, not a regular file, or reached through a symbolic link is a 404.
 */
export function storedFiles(root: string): Middleware {
  const base = path.resolve(root);
  return async (ctx, next) => {
    const target = requestTargetOf(ctx).path;
    if (!target.startsWith(STORED_FILES_PREFIX)) {
      await next();
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      throw new Problem({ status: 405, code: 'method_not_allowed', detail: `${ctx.method} is not allowed on stored files.`, headers: { Allow: 'GET, HEAD' } });
    }
    const key = target.slice(STORED_FILES_PREFIX.length);
    // Served only with an artwork type: any other file in the directory is not ours to serve.
    const contentType = isStoredKey(key) ? storedImageTypeOf(key) : undefined;
    if (!contentType) throw notFound();
    const handle = await openInside(base, key);
    if (!handle) throw notFound();
    let streaming = false;
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw notFound();
      ctx.set(FILE_HEADERS);
      ctx.status = 200;
      ctx.type = contentType;
      ctx.lastModified = info.mtime;
      // Weak: size and time name a version of the file, not its bytes.
      ctx.etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
      if (ctx.fresh) {
        ctx.status = 304;
        return;
      }
      if (ctx.method === 'GET') {
        // The handle's own stream reads the file that was checked, even if another is renamed over it meanwhile; Koa destroys it when the answer ends.
        ctx.body = handle.createReadStream();
        streaming = true;
      }
      ctx.length = info.size;
    } finally {
      if (!streaming) await handle.close();
    }
  };
}

function isStoredKey(key: string): boolean {
  // The pattern is ASCII only, so length is bytes.
  return key.length <= MAX_KEY_BYTES && key.startsWith(KEY_ROOT) && key.split('/').every((segment) => SEGMENT.test(segment));
}

/**
 * Opens `<root>/<key>` only if no symbolic link lies anywhere on the way: the real path must be the
 * real root joined with the key, exactly (a link pointing back inside is refused too: the asset
 * service never makes one). O_NOFOLLOW refuses a last-segment link swapped in after the check;
 * O_NONBLOCK keeps a FIFO planted under a key from hanging the open (it is then no regular file: 404).
 */
async function openInside(root: string, key: string): Promise<FileHandle | undefined> {
  try {
    const realRoot = await realpath(root);
    const expected = path.join(realRoot, ...key.split('/'));
    if ((await realpath(expected)) !== expected) return undefined;
    return await open(expected, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP' || code === 'EISDIR' || code === 'ENAMETOOLONG' || code === 'EACCES';
}
