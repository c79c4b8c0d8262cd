import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Problem } from '@boardsync/kit';

export interface SpooledFile {
  path: string;
  size: number;
  /** The first bytes, for sniffing the type. */
  head: Buffer;
  sha256: string;
}

export function payloadTooLarge(maxBytes: number): Problem {
  return new Problem({
    status: 413,
    code: 'payload_too_large',
    detail: `The file is larger than ${String(maxBytes)} bytes (${String(Math.round(maxBytes / 1024 / 1024))} MB), the most one asset may be.`,
    extensions: { max_bytes: maxBytes },
    headers: { Connection: 'close' },
  });
}

/**
 * Writes a stream to `path`, hashing it and keeping its head, and fails with 413 the moment it
 * passes `maxBytes` — the rest is never read. Memory stays at a few chunks whatever the size.
 * Aborting `signal` destroys every stream of it and rejects, whatever state the source is in.
 */
export async function spool(source: Readable, path: string, maxBytes: number, headBytes: number, signal?: AbortSignal): Promise<SpooledFile> {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headSize = 0;
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) {
        done(payloadTooLarge(maxBytes));
        return;
      }
      hash.update(chunk);
      if (headSize < headBytes) {
        const part = chunk.subarray(0, headBytes - headSize);
        head.push(part);
        headSize += part.length;
      }
      done(null, chunk);
    },
  });
  await pipeline(source, meter, createWriteStream(path, { mode: 0o600 }), ...(signal ? [{ signal }] : []));
  return { path, size, head: Buffer.concat(head), sha256: hash.digest('hex') };
}
