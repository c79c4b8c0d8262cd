import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundFailed, OutboundRefused, SafeHttpClient, type Lookup } from '../src/outbound.ts';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

async function listen(host: string, handler: Handler): Promise<{ server: Server; base: string; hits: () => number }> {
  let hits = 0;
  const server = createServer((request, response) => {
    hits++;
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, base: `http://${host}:${(server.address() as AddressInfo).port}`, hits: () => hits };
}

// 127.0.0.1 stands for "a public host" (exempted by the allow list); 127.0.0.2 for "an internal one".
let publicHost: Awaited<ReturnType<typeof listen>>;
let internalHost: Awaited<ReturnType<typeof listen>>;
let rebindCalls = 0;
const lookup: Lookup = (hostname, callback) => {
  if (hostname === 'rebind.test') {
    rebindCalls++;
    callback(null, [{ address: rebindCalls === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }]);
  } else if (hostname === 'public.test') callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(new Error(`ENOTFOUND ${hostname}`), []);
};
const client = new SafeHttpClient({ allowCidrs: ['127.0.0.1/32'], lookup, timeoutMs: 1_500, maxBytes: 1024, maxRedirects: 3 });

beforeAll(async () => {
  internalHost = await listen('127.0.0.2', (_, response) => response.end('secret'));
  publicHost = await listen('127.0.0.1', (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const to = url.searchParams.get('to');
    if (url.pathname === '/redirect' && to) {
      response.writeHead(302, { location: to }).end();
    } else if (url.pathname === '/loop') {
      response.writeHead(302, { location: '/loop' }).end();
    } else if (url.pathname === '/big') {
      response.end('x'.repeat(4096));
    } else if (url.pathname === '/slow') {
      setTimeout(() => response.end('late'), 5_000).unref();
    } else if (url.pathname === '/stalls') {
      response.writeHead(503, { 'retry-after': '7' }).write('half an answer');
    } else if (url.pathname === '/echo') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => response.end(`${request.method ?? ''} ${body}`));
    } else {
      response.end('hello');
    }
  });
});
afterAll(async () => {
  await client.close();
  publicHost.server.closeAllConnections();
  internalHost.server.closeAllConnections();
  await Promise.all([publicHost, internalHost].map(({ server }) => new Promise((resolve) => server.close(resolve))));
});

describe('SafeHttpClient against real loopback servers', () => {
  it('fetches from an allowed address, by address and by name', async () => {
    const byAddress = await client.request(`${publicHost.base}/`);
    expect(byAddress).toMatchObject({ status: 200, url: `${publicHost.base}/` });
    expect(byAddress.body.toString()).toBe('hello');
    const port = new URL(publicHost.base).port;
    expect((await client.request(`http://public.test:${port}/`)).body.toString()).toBe('hello');
  });

  it('sends a POST body', async () => {
    const response = await client.request(`${publicHost.base}/echo`, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
    expect(response.body.toString()).toBe('POST {"a":1}');
  });

  it('refuses a redirect to an internal address and never reaches it', async () => {
    await expect(client.request(`${publicHost.base}/redirect?to=${encodeURIComponent(`${internalHost.base}/`)}`)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(client.request(`${publicHost.base}/redirect?to=${encodeURIComponent('http://localhost/')}`)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(client.request(`${publicHost.base}/redirect?to=${encodeURIComponent('http://169.254.169.254/')}`)).rejects.toBeInstanceOf(OutboundRefused);
    expect(internalHost.hits()).toBe(0);
  });

  it('follows an allowed redirect, and returns the 3xx itself when told not to follow', async () => {
    const followed = await client.request(`${publicHost.base}/redirect?to=/`);
    expect(followed.body.toString()).toBe('hello');
    const unfollowed = await client.request(`${publicHost.base}/redirect?to=/`, { followRedirects: false });
    expect(unfollowed.status).toBe(302);
  });

  it('bounds redirects, size and time', async () => {
    await expect(client.request(`${publicHost.base}/loop`)).rejects.toMatchObject({ name: 'OutboundFailed', reason: 'too_many_redirects' });
    await expect(client.request(`${publicHost.base}/big`)).rejects.toMatchObject({ name: 'OutboundFailed', reason: 'too_large' });
    await expect(client.request(`${publicHost.base}/slow`)).rejects.toMatchObject({ name: 'OutboundFailed', reason: 'timeout' });
  });

  it('checks the address it connects to, not the one it checked earlier (DNS rebinding)', async () => {
    const port = new URL(internalHost.base).port;
    const url = `http://rebind.test:${port}/`;
    await expect(client.checkUrl(url)).resolves.toBeInstanceOf(URL); // first answer: allowed
    await expect(client.request(url)).rejects.toBeInstanceOf(OutboundRefused); // second answer: internal
    expect(internalHost.hits()).toBe(0);
  });

  it('reports a closed port as a connection failure, not a refusal', async () => {
    const closed = await listen('127.0.0.1', () => undefined);
    const base = closed.base;
    await new Promise((resolve) => closed.server.close(resolve));
    const attempt = client.request(`${base}/`);
    await expect(attempt).rejects.toBeInstanceOf(OutboundFailed);
    await expect(attempt).rejects.toMatchObject({ reason: 'connection' });
  });

  describe('exchange (one request, no redirect, the answer read up to a bound)', () => {
    const post = (path: string, readBytes = 1024, url = `${publicHost.base}${path}`) =>
      client.exchange(url, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' }, timeoutMs: 1_000, readBytes });

    it('sends the body and reads the whole answer when it fits', async () => {
      const answer = await post('/echo');
      expect(answer).toMatchObject({ status: 200, complete: true });
      expect(answer.body.toString()).toBe('POST {"a":1}');
    });

    it('keeps the first readBytes of a longer answer and says it was not read to its end', async () => {
      const answer = await post('/big', 100);
      expect(answer).toMatchObject({ status: 200, complete: false });
      expect(answer.body.toString()).toBe('x'.repeat(100));
      // The connection it left unread is not reused for the next one.
      expect((await post('/echo')).body.toString()).toBe('POST {"a":1}');
    });

    it('returns a redirect as the answer and never follows it', async () => {
      const answer = await post(`/redirect?to=${encodeURIComponent(`${internalHost.base}/`)}`);
      expect(answer.status).toBe(302);
      expect(internalHost.hits()).toBe(0);
    });

    it('times out the whole exchange, keeping what had come of the answer', async () => {
      const failure = await post('/stalls').catch((error: unknown) => error);
      expect(failure).toMatchObject({ name: 'OutboundFailed', reason: 'timeout', answered: { status: 503 } });
      expect((failure as OutboundFailed).answered?.body.toString()).toBe('half an answer');
      await expect(post('/slow')).rejects.toMatchObject({ reason: 'timeout', answered: undefined });
    });

    it('refuses what the other methods refuse, and reports a closed port as a connection failure', async () => {
      await expect(post('', 1024, `${internalHost.base}/`)).rejects.toBeInstanceOf(OutboundRefused);
      await expect(post('', 1024, 'http://localhost/')).rejects.toBeInstanceOf(OutboundRefused);
      const port = new URL(internalHost.base).port;
      await expect(post('', 1024, `http://rebind.test:${port}/`)).rejects.toBeInstanceOf(OutboundRefused);
      expect(internalHost.hits()).toBe(0);
      const closed = await listen('127.0.0.1', () => undefined);
      await new Promise((resolve) => closed.server.close(resolve));
      await expect(post('', 1024, `${closed.base}/`)).rejects.toMatchObject({ name: 'OutboundFailed', reason: 'connection' });
    });
  });
});
