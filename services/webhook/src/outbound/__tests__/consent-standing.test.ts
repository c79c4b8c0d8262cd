import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PeerUnavailable } from '@boardsync/kit/peer-requests';
import { httpConsentStanding } from '../consent-standing.ts';

const SECRET = 'principal-'.padEnd(40, 'p');
/** Auth's answers: what stands, whether it answers at all, and how many questions it got. */
const auth = { standing: new Set<string>(), down: false, asked: 0 };
let server: Server;
let url = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    auth.asked += 1;
    if (auth.down) {
      response.writeHead(503).end();
      return;
    }
    const asked = new URL(request.url ?? '/', 'http://auth').searchParams.getAll('credential');
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ standing: asked.filter((name) => auth.standing.has(name)) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('httpConsentStanding', () => {
  it('asks once for questions asked together and remembers the answer briefly', async () => {
    const consents = httpConsentStanding(url, SECRET);
    auth.standing = new Set(['grant:1']);
    auth.asked = 0;
    expect(await Promise.all([consents.stands(7, 'grant:1'), consents.stands(7, 'grant:1'), consents.stands(7, 'pat:2')])).toEqual([true, true, false]);
    expect(await consents.stands(7, 'grant:1')).toBe(true);
    expect(auth.asked).toBe(2);
  });

  it('asks again once a revocation made it forget the designer, and only that designer', async () => {
    const consents = httpConsentStanding(url, SECRET);
    auth.standing = new Set(['grant:1']);
    await consents.stands(7, 'grant:1');
    await consents.stands(8, 'grant:1');
    auth.standing = new Set();
    auth.asked = 0;
    consents.forgetDesigner(7);
    expect(await consents.stands(7, 'grant:1')).toBe(false);
    expect(await consents.stands(8, 'grant:1')).toBe(true);
    expect(auth.asked).toBe(1);
    consents.forgetAll();
    expect(await consents.stands(8, 'grant:1')).toBe(false);
  });

  it('while auth cannot answer, believes a recent "stands" but never guesses one it did not hear', async () => {
    const consents = httpConsentStanding(url, SECRET);
    auth.standing = new Set(['pat:3']);
    auth.down = false;
    await consents.stands(9, 'pat:3');
    consents.forgetDesigner(10);
    auth.down = true;
    try {
      // Held, not yet stale: remembered as fresh still.
      expect(await consents.stands(9, 'pat:3')).toBe(true);
      await expect(consents.stands(9, 'pat:4')).rejects.toBeInstanceOf(PeerUnavailable);
      consents.forgetDesigner(9);
      await expect(consents.stands(9, 'pat:3')).rejects.toBeInstanceOf(PeerUnavailable);
    } finally {
      auth.down = false;
    }
  });
});
