import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface SpooledFile {
  path: string;
  size: number;
  /** The first bytes, for sniffing the type. */
  head: Buffer;
  sha256: string;
}

/** More bytes than the one asset may be; use-cases/adapter-answers.ts gives it its HTTP answer (413). */
export class FileTooLarge extends Error {
  override readonly name = 'FileTooLarge';
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    super(`The file is larger than ${String(maxBytes)} bytes (${String(Math.round(maxBytes / 1024 / 1024))} MB), the most one asset may be.`);
    this.maxBytes = maxBytes;
  }
}

/**
 * Writes a stream to `path`, hashing it and keeping its head, and fails with FileTooLarge the moment it
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
        done(new FileTooLarge(maxBytes));
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
