import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GatewayWorld, type TestGateway } from './support/world.ts';
import { HANG_UPS, hangUp, type HangUpRequest } from './support/hang-ups.ts';
import { openSocket, rawRequest, requestHead } from './support/raw-http.ts';
import { eventually } from '@boardsync/kit/testing';

/**
 * An upstream whose behaviour the query names: `slow` answers after 300 ms, `stream` sends a chunk
 * every 10 ms for a second, `reset` drops the connection before answering, `reset-mid` after the
 * first chunk, `stall` never answers, `early` refuses with 413 before the body arrives (as a body
 * limit does); anything else answers at once.
 */
async function startTroublesomeUpstream(): Promise<{ server: Server; url: string; seen: () => number }> {
  let seen = 0;
  const servedBefore = new WeakSet<object>();
  const server = createServer((request, response) => {
    seen++;
    request.on('error', () => undefined);
    response.on('error', () => undefined);
    const mode = new URL(request.url ?? '/', 'http://x').searchParams.get('mode');
    request.resume();
    if (mode === 'reset') {
      request.socket.destroy();
      return;
    }
    if (mode === 'stale-socket') {
      // A keep-alive connection the upstream closes as the gateway reuses it (a pod stopping): the
      // second request on any connection meets a socket closed before an answer.
      if (servedBefore.has(request.socket)) {
        request.socket.destroy();
        return;
      }
      servedBefore.add(request.socket);
    }
    if (mode === 'stall') return; // never answers; the gateway's timeout (or the client) ends it
    if (mode === 'early') {
      response.writeHead(413, { 'content-type': 'application/json' }).end('{"code":"payload_too_large"}');
      return;
    }
    if (mode === 'slow') {
      const timer = setTimeout(() => response.end('{"ok":true}'), 300);
      response.on('close', () => {
        clearTimeout(timer);
      });
      return;
    }
    if (mode === 'stream' || mode === 'reset-mid') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      let sent = 0;
      const timer = setInterval(() => {
        if (mode === 'reset-mid' && sent === 1) {
          clearInterval(timer);
          request.socket.destroy();
          return;
        }
        response.write(Buffer.alloc(1024, 1));
        if (++sent === 100) {
          clearInterval(timer);
          response.end();
        }
      }, 10);
      response.on('close', () => {
        clearInterval(timer);
      });
      return;
    }
    response.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen: () => seen };
}

const world = new GatewayWorld();
let upstream: Awaited<ReturnType<typeof startTroublesomeUpstream>>;
let gateway: TestGateway; // every route and the auth pages to the troublesome upstream
let realAuth: TestGateway; // the auth pages to real auth
let token: string;

beforeAll(async () => {
  await world.start();
  upstream = await startTroublesomeUpstream();
  gateway = await world.gatewayReplica(undefined, { upstream: upstream.url, pagesUrl: upstream.url, timeoutMs: 3_000 });
  realAuth = await world.gatewayReplica(undefined, { realAuth: true });
  const designerId = await world.designer();
  token = (
    await world.token(designerId, ['projects:read', 'projects:write', 'assets:read', 'assets:write', 'components:read', 'components:write', 'webhooks:write'])
  ).token;
});
afterAll(async () => {
  upstream.server.closeAllConnections();
  await new Promise((resolve) => upstream.server.close(resolve));
  await world.stop();
});

const ROUTES: [method: string, path: string][] = [
  ['GET', '/api/v1/projects'],
  ['PATCH', '/api/v1/projects/1'],
  ['POST', '/api/v1/projects/1/components/batch'],
  ['PATCH', '/api/v1/projects/1/groups/3'],
  ['GET', '/api/v1/masks'],
  ['GET', '/api/v1/me'],
  ['POST', '/api/v1/projects/1/assets'],
  ['POST', '/api/v1/webhooks'],
  ['GET', '/login'],
  ['POST', '/oauth/token'],
  ['POST', '/settings/tokens'],
];

async function stillAnswers(base: string): Promise<void> {
  expect((await rawRequest(base, 'GET', '/healthz')).status).toBe(200);
  expect((await rawRequest(base, 'GET', '/api/v1/projects', { Authorization: `Bearer ${token}` })).status).toBe(200);
}

async function aborts(of: TestGateway): Promise<Record<string, number>> {
  const metric = (await of.metrics.getMetricsAsJSON()).find(({ name }) => name === 'boardsync_gateway_proxy_aborts_total');
  const values = metric?.values ?? [];
  return Object.fromEntries(values.map(({ labels, value }) => [String(labels.stage), value]));
}

describe('clients hanging up', () => {
  it('eight anonymous `curl -m 0.002 /login` do not stop the gateway (the hang-up that once stopped it)', async () => {
    await Promise.all(Array.from({ length: 8 }, () => hangUp(realAuth.url, 'at_once', { method: 'GET', target: '/login' })));
    await stillAnswers(realAuth.url);
  });

  it.each(HANG_UPS)('at stage %s, on every route family, anonymous and authenticated: the gateway still answers', async (stage) => {
    // slow and streaming upstreams make every stage reachable: an answer that is late, one that is long
    const mode = stage === 'mid_answer' ? 'stream' : 'slow';
    const requests: HangUpRequest[] = ROUTES.flatMap(([method, path]) => [
      { method, target: `${path}?mode=${mode}` },
      { method, target: `${path}?mode=${mode}`, headers: { Authorization: `Bearer ${token}` } },
    ]);
    await Promise.all([...requests, ...requests].map((request) => hangUp(gateway.url, stage, request)));
    await Promise.all(requests.map((request) => hangUp(realAuth.url, stage, { ...request, target: request.target.replace(/\?.*/, '') })));
    await stillAnswers(gateway.url);
    await stillAnswers(realAuth.url);
  });

  it('counted each abort by stage', async () => {
    const counted = await aborts(gateway);
    expect(counted.client_request_body).toBeGreaterThan(0);
    expect(counted.client_awaiting_response).toBeGreaterThan(0);
    expect(counted.client_response_body).toBeGreaterThan(0);
  });
});

describe('upstreams misbehaving', () => {
  const authorized = () => ({ Authorization: `Bearer ${token}` });

  it('answers 502 when the upstream resets before answering, and cuts the answer short when it resets mid-body', async () => {
    for (let round = 0; round < 10; round++) {
      const reset = await rawRequest(gateway.url, 'GET', '/api/v1/projects?mode=reset', authorized());
      expect(reset.status).toBe(502);
      expect(JSON.parse(reset.body)).toMatchObject({ code: 'upstream_unavailable' });
      const cut = await rawRequest(gateway.url, 'GET', '/login?mode=reset-mid');
      expect(cut.status).toBe(200);
      expect(cut.body.endsWith('0\r\n\r\n')).toBe(false); // no last chunk: the client can tell the answer is incomplete
    }
    expect((await aborts(gateway)).upstream_response_body).toBeGreaterThanOrEqual(10);
    await stillAnswers(gateway.url);
  });

  it('sends a GET again on another connection when the one it was written on was closed before any answer; a POST is never repeated', async () => {
    for (let round = 0; round < 10; round++) {
      const read = await rawRequest(gateway.url, 'GET', '/api/v1/projects?mode=stale-socket', authorized());
      expect([round, read.status]).toEqual([round, 200]);
    }
    const before = upstream.seen();
    const write = await rawRequest(gateway.url, 'POST', '/api/v1/projects?mode=reset', authorized(), '{}');
    expect(write.status).toBe(502);
    expect(upstream.seen() - before).toBe(1);
    await stillAnswers(gateway.url);
  });

  it('answers HEAD with the upstream status and length but no body, draining the upstream', async () => {
    for (let round = 0; round < 5; round++) {
      const head = await rawRequest(gateway.url, 'HEAD', '/api/v1/projects', authorized());
      expect(head.status).toBe(200);
      expect(head.body).toBe('');
    }
    await stillAnswers(gateway.url);
  });

  it('streams a slow answer through whole', async () => {
    const slowStream = await rawRequest(gateway.url, 'POST', '/api/v1/projects/1/assets?mode=stream', authorized(), '{}');
    expect(slowStream.status).toBe(200);
    expect(slowStream.body.endsWith('0\r\n\r\n')).toBe(true);
  });

  it('answers 504 when the upstream does not answer in time', async () => {
    const impatient = await world.gatewayReplica(undefined, { upstream: upstream.url, timeoutMs: 200 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => rawRequest(impatient.url, 'GET', '/api/v1/projects?mode=stall', authorized())));
    expect(answers.map(({ status }) => status)).toEqual(Array(10).fill(504));
    await stillAnswers(impatient.url);
  });

  it('lets go of a client whose body the upstream refused before it arrived (no socket left holding unread bytes)', async () => {
    const socket = await openSocket(gateway.url);
    const closed = new Promise<void>((resolve) =>
      socket.once('close', () => {
        resolve();
      }),
    );
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.write(
      requestHead('POST', '/api/v1/projects/1/components/batch?mode=early', new URL(gateway.url).host, {
        ...authorized(),
        'Content-Type': 'application/json',
        'Content-Length': String(50_000_000),
      }),
    );
    // Like curl with a big upload: keep sending until the answer comes (or 16 MB went), then stop and half-close.
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    for (let sent = 0; sent < 16_000_000 && answer === ''; sent += chunk.length) {
      if (!socket.write(chunk))
        await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), new Promise((resolve) => setTimeout(resolve, 200))]);
    }
    await eventually(() => (answer.includes('\r\n\r\n') ? true : undefined), 10_000, 'the 413');
    socket.end();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    // Without the gateway reading the rest, this FIN waits behind megabytes nobody reads, and the socket never closes.
    await Promise.race([
      closed,
      new Promise((_, reject) =>
        setTimeout(() => {
          reject(new Error('the gateway kept the connection open'));
        }, 10_000),
      ),
    ]);
    await stillAnswers(gateway.url);
  });

  it('keeps the connection of a client whose small body the upstream answered before it arrived: the rest is read, the next request answered on it', async () => {
    // Closing it instead, while the client still writes (a fetch sending a form after its headers),
    // makes the client's next write fail (EPIPE) before it reads the answer it was sent.
    for (let round = 0; round < 5; round++) {
      const socket = await openSocket(gateway.url);
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      const host = new URL(gateway.url).host;
      const body = Buffer.alloc(2_000, 0x61);
      const head = { ...authorized(), 'Content-Type': 'application/octet-stream', 'Content-Length': String(body.length) };
      socket.write(requestHead('POST', '/api/v1/projects/1/assets?mode=early', host, head) + body.subarray(0, 100).toString('latin1'));
      await eventually(() => (received.includes('payload_too_large') ? true : undefined), 10_000, 'the answer before the body');
      expect(received).toMatch(/^HTTP\/1\.1 413 /);
      expect(received.toLowerCase()).not.toContain('connection: close');
      socket.write(body.subarray(100));
      socket.write(requestHead('GET', '/api/v1/projects', host, authorized()));
      await eventually(() => (received.match(/^HTTP\/1\.1 \d{3} /gm)?.length === 2 ? true : undefined), 10_000, 'the next answer on the same connection');
      expect(received.match(/^HTTP\/1\.1 \d{3} /gm)).toEqual(['HTTP/1.1 413 ', 'HTTP/1.1 200 ']);
      socket.destroy();
    }
  });
});
