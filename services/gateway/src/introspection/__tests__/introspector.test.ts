import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { tokenDigest } from '@boardsync/kit/core';
import { Introspector } from '../introspector.ts';

/** An introspection endpoint on loopback that answers only when the test lets it, with the plan the test sets. */
class HeldEndpoint {
  calls = 0;
  unlockedLimit = 2;
  private waiting: (() => void)[] = [];
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      this.calls += 1;
      const plan = this.unlockedLimit;
      request.resume();
      this.waiting.push(() => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ active: true, sub: '7', scope: 'projects:read', source: 'api:personal', storage_limit_bytes: 1, unlocked_limit: plan }));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async arrived(count: number): Promise<void> {
    for (let i = 0; i < 200 && this.waiting.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(this.waiting.length).toBe(count);
  }

  release(): void {
    for (const answer of this.waiting.splice(0)) answer();
  }

  async stop(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

let auth: HeldEndpoint;
let introspector: Introspector;
beforeEach(async () => {
  auth = new HeldEndpoint();
  await auth.start();
  introspector = new Introspector({ authUrl: auth.url, clientId: 'gateway', clientSecret: 's'.repeat(32) });
});
afterEach(() => auth.stop());

describe('Introspector', () => {
  it('shares one call among concurrent askers and keeps the answer', async () => {
    const answers = Array.from({ length: 10 }, () => introspector.introspect('tok'));
    await auth.arrived(1);
    auth.release();
    expect(new Set((await Promise.all(answers)).map((info) => info?.unlockedProjectLimit))).toEqual(new Set([2]));
    expect(await introspector.introspect('tok')).toMatchObject({ designerId: 7 });
    expect(auth.calls).toBe(1);
  });

  it('neither keeps nor shares an answer asked for before the designer’s plan changed', async () => {
    const early = introspector.introspect('tok');
    await auth.arrived(1);
    auth.unlockedLimit = 5;
    introspector.forgetDesigner(7);
    // A request after the change starts its own call instead of joining the one in flight.
    const late = introspector.introspect('tok');
    await auth.arrived(2);
    auth.release();
    expect((await early)?.unlockedProjectLimit).toBe(2);
    expect((await late)?.unlockedProjectLimit).toBe(5);
    expect(introspector.known('tok')?.unlockedProjectLimit).toBe(5);
    expect(auth.calls).toBe(2);
  });

  it('does not keep an answer that was in flight when its token was revoked', async () => {
    const inFlight = introspector.introspect('tok');
    await auth.arrived(1);
    introspector.evict([tokenDigest('tok')]);
    auth.release();
    await inFlight;
    expect(introspector.known('tok')).toBeUndefined();
    expect(introspector.heldFor(7)).toBe(0);
  });
});
