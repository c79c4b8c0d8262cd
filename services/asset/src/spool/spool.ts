import { createHash, type Hash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Problem } from '@boardsync/kit';
import { StreamMirror, type MirrorOptions } from './stream-mirror.ts';

const SPOOL_WRITE_BYTES = 1024 * 1024;

export interface SpooledFile {
  path: string;
  size: number;
  /** The first bytes, for sniffing the type. */
  head: Buffer;
  /** The SHA-256 of the bytes (hex), when asked for (`SpoolOptions.hash`). */
  sha256: string | undefined;
}

export interface SpoolOptions {
  /** Aborting it destroys every stream of the spool and rejects, whatever state the source is in. */
  signal?: AbortSignal;
  /** Hash the bytes on the way (SHA-256, `SpooledFile.sha256`); default true. */
  hash?: boolean;
  /** Also copy the bytes, as they pass, to a writable chosen from the head (see StreamMirror). */
  mirror?: MirrorOptions;
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
 * passes `maxBytes` — the rest is never read (nor mirrored). Memory stays at a few chunks whatever
 * the size (plus what a mirror holds, its own bound).
 */
export async function spool(source: Readable, path: string, maxBytes: number, headBytes: number, options: SpoolOptions = {}): Promise<SpooledFile> {
  const hash: Hash | undefined = options.hash === false ? undefined : createHash('sha256');
  const head: Buffer[] = [];
  let headSize = 0;
  let size = 0;
  const mirror = options.mirror ? new StreamMirror(options.mirror) : undefined;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) {
        done(payloadTooLarge(maxBytes));
        return;
      }
      hash?.update(chunk);
      if (headSize < headBytes) {
        const part = chunk.subarray(0, headBytes - headSize);
        head.push(part);
        headSize += part.length;
      }
      if (!mirror) {
        done(null, chunk);
        return;
      }
      mirror.write(chunk, headSize < headBytes ? undefined : () => Buffer.concat(head)).then(() => {
        done(null, chunk);
      }, done);
    },
    flush(done) {
      mirror?.end(() => Buffer.concat(head));
      done();
    },
  });
  try {
    // Up to 1 MiB queued for the file: chunks that come while a write is under way go as one writev
    // instead of one write (and thread-pool round trip) per 64 KiB chunk.
    const file = createWriteStream(path, { mode: 0o600, highWaterMark: SPOOL_WRITE_BYTES });
    await pipeline(source, meter, file, ...(options.signal ? [{ signal: options.signal }] : []));
  } catch (error) {
    mirror?.detach();
    throw error;
  }
  return { path, size, head: Buffer.concat(head), sha256: hash?.digest('hex') };
}
