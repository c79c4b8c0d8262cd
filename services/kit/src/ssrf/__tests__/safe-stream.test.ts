import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { OutboundFailed, OutboundRefused } from '../outbound-errors.ts';
import { SafeHttpClient, type Lookup } from '../safe-http.ts';

// Loopback servers, no other network: 127.0.0.1 plays "a public host" (the one exempted range),
// 127.0.0.2 "an internal one", and the fake resolver gives names either kind of address.
type Handler = (request: IncomingMessage, response: ServerResponse) => void;
interface Listening {
  server: Server;
  base: string;
  hits: () => number;
}

async function listen(host: string, handler: Handler): Promise<Listening> {
  let hits = 0;
  const server = createServer((request, response) => {
    hits++;
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, base: `http://${host}:${(server.address() as AddressInfo).port}`, hits: () => hits };
}

const MiB = 1024 * 1024;
const lookup: Lookup = (hostname, callback) => {
  if (hostname === 'public.test') callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else if (hostname === 'internal.test') callback(null, [{ address: '127.0.0.2', family: 4 }]);
  else if (hostname === 'private.test') callback(null, [{ address: '10.1.2.3', family: 4 }]);
  else callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
};
const client = new SafeHttpClient({ allowCidrs: ['127.0.0.1/32'], lookup, timeoutMs: 3_000, maxBytes: 1 * MiB });

// What the big-body handler saw when its response closed: bytes handed to the socket, and whether it got to the end.
let bigBodyClosed: Promise<{ sent: number; finished: boolean }> = Promise.resolve({ sent: 0, finished: false });
let stalledClosed: Promise<void> = Promise.resolve();

/** Writes `total` bytes in 64 KiB chunks a few milliseconds apart, stopping once the client is gone. */
function sendPaced(response: ServerResponse, total: number): Promise<{ sent: number; finished: boolean }> {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let sent = 0;
  response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(total) });
  const next = (): void => {
    if (response.destroyed) return;
    if (sent >= total) {
      response.end();
      return;
    }
    sent += chunk.length;
    if (response.write(chunk)) setTimeout(next, 3);
    else response.once('drain', () => setTimeout(next, 3));
  };
  next();
  return new Promise((resolve) => {
    response.on('close', () => {
      resolve({ sent, finished: response.writableFinished });
    });
  });
}

let publicHost: Listening;
let internalHost: Listening;

beforeAll(async () => {
  internalHost = await listen('127.0.0.2', (_, response) => response.end('secret'));
  publicHost = await listen('127.0.0.1', (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const to = url.searchParams.get('to');
    if (url.pathname === '/redirect' && to) {
      response.writeHead(302, { location: to }).end();
    } else if (url.pathname === '/three-mib') {
      bigBodyClosed = sendPaced(response, 3 * MiB);
    } else if (url.pathname === '/trickle') {
      // Never idle long enough for a per-read timeout, never finished: only a total deadline ends it.
      response.writeHead(200, { 'content-type': 'image/png' });
      const timer = setInterval(() => response.write('x'), 50);
      stalledClosed = new Promise((resolve) =>
        response.on('close', () => {
          clearInterval(timer);
          resolve();
        }),
      );
    } else {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': '5' }).end('hello');
    }
  });
});

afterAll(async () => {
  await client.close();
  for (const { server } of [publicHost, internalHost]) server.closeAllConnections();
  await Promise.all([publicHost, internalHost].map(({ server }) => new Promise((resolve) => server.close(resolve))));
});

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('SafeHttpClient.stream', () => {
  it('streams a body, with what the server declared, after an allowed redirect', async () => {
    const response = await client.stream(`${publicHost.base}/redirect?to=/card.png`);
    expect(response).toMatchObject({ status: 200, url: `${publicHost.base}/card.png`, declaredLength: 5 });
    expect(response.headers['content-type']).toBe('image/png');
    expect((await readAll(response.body)).toString()).toBe('hello');
  });

  it('errors with too_large past maxBytes and closes the connection long before the server is done', async () => {
    const response = await client.stream(`${publicHost.base}/three-mib`);
    expect(response.declaredLength).toBe(3 * MiB);
    let received = 0;
    response.body.on('data', (chunk: Buffer) => (received += chunk.length));
    const failure = await new Promise<unknown>((resolve) => response.body.on('error', resolve));
    expect(failure).toBeInstanceOf(OutboundFailed);
    expect(failure).toMatchObject({ reason: 'too_large' });
    expect(received).toBeLessThanOrEqual(1 * MiB);
    const server = await bigBodyClosed;
    expect(server.finished).toBe(false);
    expect(server.sent).toBeLessThan(2 * MiB);
  });

  it('request() keeps its too_large answer on the shared path', async () => {
    await expect(client.request(`${publicHost.base}/three-mib`)).rejects.toMatchObject({ name: 'OutboundFailed', reason: 'too_large' });
    expect((await bigBodyClosed).finished).toBe(false);
  });

  it('a caller that refuses on declaredLength and destroys the body closes the connection', async () => {
    const response = await client.stream(`${publicHost.base}/three-mib`, { maxBytes: 10 * MiB });
    expect(response.declaredLength).toBeGreaterThan(1 * MiB);
    response.body.destroy();
    const server = await bigBodyClosed;
    expect(server.finished).toBe(false);
    expect(server.sent).toBeLessThan(2 * MiB);
  });

  it('errors with timeout when the body is still coming at the deadline', async () => {
    const started = Date.now();
    const response = await client.stream(`${publicHost.base}/trickle`, { timeoutMs: 500 });
    expect(response.status).toBe(200);
    await expect(readAll(response.body)).rejects.toMatchObject({ name: 'OutboundFailed', reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2_000);
    await stalledClosed;
  });

  it('refuses a redirect from a public host to a private one and never reaches it', async () => {
    for (const target of [`${internalHost.base}/`, `http://internal.test:${new URL(internalHost.base).port}/`, 'http://private.test/', 'http://localhost/']) {
      await expect(client.stream(`${publicHost.base}/redirect?to=${encodeURIComponent(target)}`)).rejects.toBeInstanceOf(OutboundRefused);
    }
    expect(internalHost.hits()).toBe(0);
  });

  it('a Location that is no URL is a connection failure (the remote server is at fault), never a bare TypeError', async () => {
    await expect(client.stream(`${publicHost.base}/redirect?to=${encodeURIComponent('http://[')}`)).rejects.toMatchObject({
      name: 'OutboundFailed',
      reason: 'connection',
    });
  });

  it('a name that does not resolve is refused as unresolvable, on the first hop and after a redirect', async () => {
    await expect(client.stream('http://nowhere.test/x.png')).rejects.toMatchObject({ name: 'OutboundRefused', reason: 'unresolvable' });
    await expect(client.stream(`${publicHost.base}/redirect?to=${encodeURIComponent('http://nowhere.test/')}`)).rejects.toMatchObject({
      name: 'OutboundRefused',
      reason: 'unresolvable',
    });
  });
});
