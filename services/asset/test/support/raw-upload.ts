import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface RawUpload {
  /** The upload route's full URL. */
  url: string;
  /** The principal and anything else the gateway would send. */
  headers: Record<string, string>;
  filename: string;
  /** The file's bytes, pulled one chunk at a time only as fast as the connection takes them. */
  file: Iterable<Buffer>;
  /**
   * `chunked` (no Content-Length: the service has to count), or a Content-Length to declare for
   * the whole body (true or not). With `headOnly` nothing after the head is sent.
   */
  framing: 'chunked' | { contentLength: number; headOnly?: boolean };
  /** Hang up (destroy the connection) once this many body bytes are written; the outcome's status is then 0. */
  hangUpAfter?: number;
}

export interface RawUploadOutcome {
  status: number;
  body: Record<string, unknown>;
  /** Body bytes handed to the connection in all, and by the moment the answer's head arrived. */
  written: number;
  writtenBeforeAnswer: number;
  /** Whether every byte of the body (the closing boundary included) was written. */
  sentEverything: boolean;
  /** Peak growth of this process's heapUsed + arrayBuffers over the value at the start, sampled every 10 ms (what a collection cannot free). */
  memoryGrowthBytes: number;
}

v8.setFlagsFromString('--expose-gc');
/** V8's collector, reached without starting Node with --expose-gc. */
const collect = runInNewContext('gc') as (options?: { type: 'major' | 'minor' }) => void;

/**
 * What this process holds: heapUsed + arrayBuffers, after a young-generation collection. Without
 * it, the socket buffers the server has already read and let go (64 KiB each) would count until
 * V8 got round to them, and a body passed along chunk by chunk would look like one held whole.
 */
const memoryInUse = (): number => {
  collect({ type: 'minor' });
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};

/**
 * Growth past this after a minor collection is looked at again after a major one: on a busy
 * machine buffers already let go get promoted before the young collection reaches them (48 MB
 * once counted that way in CI), and only a major collection tells them from a body held whole.
 */
const LOOK_AGAIN_ABOVE = 16 * 1024 * 1024;

const retainedAbove = (baseline: number): number => {
  const growth = memoryInUse() - baseline;
  if (growth < LOOK_AGAIN_ABOVE) return growth;
  collect({ type: 'major' });
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers - baseline;
};

/**
 * A multipart upload written with raw `node:http`, as a slow or hostile client would: the body is
 * generated as it goes (never held whole), written with backpressure, and writing stops the moment
 * the answer arrives or the connection dies — so the outcome says how far the client got.
 */
export async function rawUpload(upload: RawUpload): Promise<RawUploadOutcome> {
  const boundary = `----boardsync-${randomBytes(8).toString('hex')}`;
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${upload.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  const framing = upload.framing;
  const headers: Record<string, string> = {
    ...upload.headers,
    'content-type': `multipart/form-data; boundary=${boundary}`,
    ...(framing === 'chunked' ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(framing.contentLength) }),
  };

  collect({ type: 'major' });
  const baseline = memoryInUse();
  let peakGrowth = 0;
  const sampler = setInterval(() => {
    peakGrowth = Math.max(peakGrowth, retainedAbove(baseline));
  }, 10);

  let written = 0;
  let writtenBeforeAnswer = -1;
  let sentEverything = false;
  const client = request(upload.url, { method: 'POST', headers });
  let ended = false;
  const settled = new Promise<void>((resolve) => {
    client.once('response', () => {
      resolve();
    });
    client.once('close', () => {
      ended = true;
      resolve();
    });
    client.once('error', () => {
      ended = true;
      resolve();
    });
  });
  const outcome = new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    client.once('response', (response) => {
      writtenBeforeAnswer = written;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) });
      });
      response.once('error', reject);
    });
    client.once('error', (error) => {
      if (writtenBeforeAnswer < 0) reject(new Error(`the connection failed before an answer, after ${String(written)} bytes: ${error.message}`));
    });
  });
  outcome.catch(() => undefined);

  /** Writes what it may; true when it hung up on purpose. */
  const send = async (): Promise<boolean> => {
    if (framing !== 'chunked' && framing.headOnly) {
      client.flushHeaders();
      return false;
    }
    const pieces = function* (): Generator<Buffer> {
      yield preamble;
      yield* upload.file;
      yield epilogue;
    };
    for (const piece of pieces()) {
      if (writtenBeforeAnswer >= 0 || ended) return false;
      if (upload.hangUpAfter !== undefined && written >= upload.hangUpAfter) {
        client.destroy();
        return true;
      }
      written += piece.length;
      if (!client.write(piece)) await Promise.race([new Promise((resolve) => client.once('drain', resolve)), settled]);
    }
    if (writtenBeforeAnswer >= 0 || ended) return false;
    sentEverything = true;
    client.end();
    return false;
  };
  try {
    const hungUp = await send();
    const { status, body } = hungUp ? { status: 0, body: {} } : await outcome;
    return { status, body, written, writtenBeforeAnswer, sentEverything, memoryGrowthBytes: peakGrowth };
  } finally {
    clearInterval(sampler);
    client.destroy();
  }
}
