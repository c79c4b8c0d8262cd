import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '@boardsync/kit/testing';
import { getFrom } from './support/from-address.ts';
import { hostileUpload, readByServer, type HostileUpload, type UploadOutcome } from './support/hostile-upload.ts';
import { openSocket, rawRequest, requestHead } from './support/raw-http.ts';
import { GatewayWorld, type TestGateway } from './support/world.ts';

// The gateway's own answers given before a body arrived follow the proxy's rule for an upstream's
// early answer (hang-ups.spec.ts): at most 1 MB more of the body is read, then the connection ends.
const world = new GatewayWorld();
let gateway: TestGateway;
let strict: TestGateway; // one authentication failure a minute per address
let withFiles: TestGateway; // serves /assets/<key>
let scratch: string;
const KEY = 'designers/42/projects/7/0192f3a1c2d3/card.png';
/** Longer than the 1 MB the gateway reads of the body while it sends the file. */
const FILE = randomBytes(4 * 1024 * 1024);
const read = new Map<TestGateway, Map<number, number>>();

/** The 1 MB bound, the request head, and what is already on its way when reading stops (a socket read, the stream's buffer). */
const AT_MOST_READ = 1024 * 1024 + 256 * 1024;
/** What the client could hand its kernel meanwhile: the socket buffers on both sides hold the difference. */
const AT_MOST_WRITTEN = 8 * 1024 * 1024;

beforeAll(async () => {
  await world.start();
  gateway = await world.gatewayReplica();
  strict = await world.gatewayReplica(undefined, { authFailuresPerMinute: 1 });
  scratch = await mkdtemp(path.join(tmpdir(), 'unread-bodies-'));
  await mkdir(path.dirname(path.join(scratch, KEY)), { recursive: true });
  await writeFile(path.join(scratch, KEY), FILE);
  withFiles = await world.gatewayReplica(undefined, { assetFilesDir: scratch });
  for (const replica of [gateway, strict, withFiles]) read.set(replica, readByServer(replica.server));
});
afterAll(async () => {
  await world.stop();
  await rm(scratch, { recursive: true, force: true });
});

const REFUSALS: [what: string, status: number, request: HostileUpload][] = [
  ['no token', 401, { method: 'POST', target: '/api/v1/projects' }],
  ['no token, a chunked body of no declared length', 401, { method: 'POST', target: '/api/v1/projects', chunked: true }],
  ['a malformed token', 401, { method: 'POST', target: '/api/v1/projects', headers: { Authorization: 'Bearer not a token' } }],
  ['no API route', 404, { method: 'POST', target: '/api/v1/nowhere' }],
  ['no route outside the API', 404, { method: 'POST', target: '/nowhere' }],
  ['an auth path the gateway does not route', 404, { method: 'POST', target: '/oauth/introspect' }],
  ['a method the API route does not have', 405, { method: 'PUT', target: '/api/v1/projects' }],
  ['the contract document', 405, { method: 'POST', target: '/openapi.json' }],
  ['a target that is not canonical', 400, { method: 'POST', target: '/api/v1/projects/../webhooks' }],
];

async function expectCutShort(replica: TestGateway, outcome: UploadOutcome, status: number): Promise<void> {
  expect(outcome.answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
  expect(outcome.answer.toLowerCase()).toContain('\r\nconnection: close\r\n');
  expect(outcome.closedByServer).toBe(true);
  expect(outcome.written).toBeLessThan(AT_MOST_WRITTEN);
  const serverRead = await eventually(() => read.get(replica)?.get(outcome.localPort), 5_000, 'the connection closed on the server side');
  expect(serverRead).toBeLessThan(AT_MOST_READ);
}

describe('a 200 MB body the gateway refuses before reading it', () => {
  it.each(REFUSALS)('%s: answers %i, then closes the connection after reading at most about 1 MB more', async (_what, status, request) => {
    await expectCutShort(gateway, await hostileUpload(gateway.url, request), status);
    expect((await rawRequest(gateway.url, 'GET', '/healthz')).status).toBe(200);
  });

  it('an address out of authentication budget: answers 429, then closes the connection the same way', async () => {
    const localAddress = '127.0.0.61';
    expect((await getFrom(localAddress, `${strict.url}/api/v1/projects`, 'Basic dXNlcjpwYXNz')).status).toBe(401);
    await expectCutShort(strict, await hostileUpload(strict.url, { method: 'POST', target: '/api/v1/projects', localAddress }), 429);
  });

  it('a stored file, answered while the body still comes: sent whole, the body read no further than the bound, then the connection closed', async () => {
    const outcome = await hostileUpload(withFiles.url, { method: 'GET', target: `/assets/${KEY}` });
    await expectCutShort(withFiles, outcome, 200);
    expect(outcome.answer.endsWith(FILE.toString('latin1'))).toBe(true);
  });
});

describe('a small body the gateway refuses before reading it', () => {
  const host = (): string => new URL(gateway.url).host;
  // Anywhere in what was received: a fixed-length answer's body runs straight into the next status line.
  const statusLines = (received: string): string[] => received.match(/HTTP\/1\.1 \d{3} /g) ?? [];

  it.each([
    [401, '/api/v1/projects'],
    [404, '/nowhere'],
  ])('answers %i and keeps the connection: the rest of the body is read, the next request answered on it', async (status, target) => {
    for (let round = 0; round < 3; round++) {
      const socket = await openSocket(gateway.url);
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      const body = Buffer.alloc(2_000, 0x61);
      socket.write(requestHead('POST', target, host(), { 'Content-Type': 'application/json', 'Content-Length': String(body.length) }));
      socket.write(body.subarray(0, 100));
      await eventually(() => (statusLines(received).length === 1 ? true : undefined), 10_000, 'the answer before the body');
      expect(received.toLowerCase()).not.toContain('connection: close');
      socket.write(body.subarray(100));
      socket.write(requestHead('GET', '/healthz', host()));
      await eventually(() => (statusLines(received).length === 2 ? true : undefined), 10_000, 'the next answer on the same connection');
      expect(statusLines(received)).toEqual([`HTTP/1.1 ${status} `, 'HTTP/1.1 200 ']);
      socket.destroy();
    }
  });

  it('reads a whole small body sent with the next request behind it, and answers both', async () => {
    const socket = await openSocket(gateway.url);
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    const body = '{"name":"x"}'.padEnd(2_000, ' ');
    socket.write(`${requestHead('POST', '/api/v1/projects', host(), { 'Content-Type': 'application/json', 'Content-Length': String(body.length) })}${body}`);
    socket.write(requestHead('GET', '/healthz', host()));
    await eventually(() => (statusLines(received).length === 2 ? true : undefined), 10_000, 'both answers');
    expect(statusLines(received)).toEqual(['HTTP/1.1 401 ', 'HTTP/1.1 200 ']);
    socket.destroy();
  });
});
