import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { peerDispatcher } from '../peer-requests.ts';

/** A peer whose every other request has its connection dropped before any answer, as a stopping pod's would. */
let server: Server;
let base = '';
let seen = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen++;
    if (seen % 2 === 1) {
      req.socket.destroy();
      return;
    }
    res.end(JSON.stringify({ method: req.method }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('peerDispatcher', () => {
  const dispatcher = peerDispatcher();
  afterAll(() => dispatcher.close());

  it('sends a GET again on another connection when the first is dropped before an answer', async () => {
    seen = 0;
    const response = await request(`${base}/internal/projects/1`, { dispatcher });
    expect({ status: response.statusCode, body: await response.body.json() }).toEqual({ status: 200, body: { method: 'GET' } });
    expect(seen).toBe(2);
  });

  it('never repeats a request with a body', async () => {
    seen = 0;
    await expect(request(`${base}/internal/things`, { method: 'POST', body: '{}', dispatcher })).rejects.toThrow();
    expect(seen).toBe(1);
  });
});
