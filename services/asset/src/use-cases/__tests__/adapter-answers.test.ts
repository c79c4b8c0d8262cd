import { describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { isProblem } from '@boardsync/kit';
import { OutboundRefused } from '@boardsync/kit/outbound';
import { reachingStore } from '../../object-storage/store-unavailable.ts';
import { FetchFailed } from '../../outbound/fetch-image.ts';
import { spool } from '../../spool/spool.ts';
import { answering } from '../adapter-answers.ts';

/** What a client reads of the answer `work`'s failure gets. */
async function answerTo(work: () => Promise<unknown>): Promise<unknown> {
  const error = await answering(work).then(
    () => 'no failure',
    (caught: unknown) => caught,
  );
  if (!isProblem(error)) return error;
  const { status, code, extensions } = error;
  return { status, code, extensions, retryAfter: error.headers['Retry-After'], connection: error.headers.Connection };
}

describe('the answers to what the asset adapters throw', () => {
  it('is 413 payload_too_large, with the limit, for a body the spool stops at its cap', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'adapter-answers-'));
    try {
      const answer = await answerTo(() => spool(Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), path.join(dir, 'body'), 1000, 16));
      expect(answer).toMatchObject({ status: 413, code: 'payload_too_large', extensions: { max_bytes: 1000 }, connection: 'close' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is 503 with a Retry-After for an object store that refuses the connection, and any other store error as it is', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' });
    expect(await answerTo(() => reachingStore(Promise.reject(refused)))).toMatchObject({ status: 503, code: 'service_unavailable', retryAfter: '5' });
    const denied = Object.assign(new Error('Access Denied'), { code: 'AccessDenied' });
    expect(await answerTo(() => reachingStore(Promise.reject(denied)))).toBe(denied);
  });

  it('is 422 url_fetch_failed with the reason (and the remote status) for a URL that gave no file', async () => {
    const status = new FetchFailed('http_status', 'The remote server answered 404 instead of the file.', { remoteStatus: 404 });
    expect(await answerTo(() => Promise.reject(status))).toMatchObject({
      status: 422,
      code: 'url_fetch_failed',
      extensions: { reason: 'http_status', remote_status: 404 },
    });
    const timeout = await answerTo(() => Promise.reject(new FetchFailed('timeout', 'The remote server did not send the file in time.')));
    expect(timeout).toMatchObject({ status: 422, code: 'url_fetch_failed', extensions: { reason: 'timeout' } });
    expect((timeout as { extensions: object }).extensions).not.toHaveProperty('remote_status');
  });

  it('names the refusal of a URL the SSRF rules do not let out', async () => {
    const answer = await answerTo(() => Promise.reject(new OutboundRefused('blocked_address', 'The URL resolves to 10.0.0.1, a private address.')));
    expect(answer).toMatchObject({ status: 422, extensions: { reason: 'blocked_address' } });
  });
});
