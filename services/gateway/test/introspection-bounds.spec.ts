import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '@boardsync/kit/testing';
import { countingProxy, type CountingProxy } from './support/counting-proxy.ts';
import { getFrom } from './support/from-address.ts';
import { GatewayWorld } from './support/world.ts';

const world = new GatewayWorld();
let introspection: CountingProxy;
let designerId: number;
const newToken = async () => (await world.token(designerId, ['projects:read'])).token;
const bearer = (token: string) => `Bearer ${token}`;
const get = (gateway: string, token: string) => fetch(`${gateway}/api/v1/projects`, { headers: { authorization: bearer(token) } });

beforeAll(async () => {
  await world.start();
  // Each introspection call is held a while, so concurrent requests certainly overlap it.
  introspection = await countingProxy(world.authInternal.url, 300);
  designerId = await world.designer();
});
afterAll(async () => {
  await introspection.close();
  await world.stop();
});

describe('single-flight introspection', () => {
  it('makes one introspection call for many concurrent requests with one uncached token', async () => {
    const gateway = await world.gateway(undefined, { authUrl: introspection.url });
    const token = await newToken();
    const before = introspection.calls();
    const responses = await Promise.all(Array.from({ length: 20 }, () => get(gateway, token)));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(introspection.calls() - before).toBe(1);
  });

  it('makes one call again when the cached answer expires under load', async () => {
    const replica = await world.gatewayReplica(undefined, { authUrl: introspection.url, cacheTtlMs: 1_000 });
    const token = await newToken();
    expect((await get(replica.url, token)).status).toBe(200);
    const before = introspection.calls();
    await eventually(() => (replica.introspector.known(token) === undefined ? true : undefined), 10_000, 'the cached answer to expire');
    const responses = await Promise.all(Array.from({ length: 20 }, () => get(replica.url, token)));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(introspection.calls() - before).toBe(1);
  });

  it('makes one call for concurrent requests with one unknown token, and none while it is remembered as unknown', async () => {
    const gateway = await world.gateway(undefined, { authUrl: introspection.url, authFailuresPerMinute: 1_000 });
    const before = introspection.calls();
    const responses = await Promise.all(Array.from({ length: 20 }, () => get(gateway, 'bsp_unknown_but_well_formed')));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(401));
    for (let i = 0; i < 5; i++) expect((await get(gateway, 'bsp_unknown_but_well_formed')).status).toBe(401);
    expect(introspection.calls() - before).toBe(1);
  });
});

describe('per-IP budget of failed authentications', () => {
  const budget = 5;

  it('answers 429 with Retry-After, before asking auth, once an address has failed too often', async () => {
    const gateway = await world.gateway(undefined, { authUrl: introspection.url, authFailuresPerMinute: budget });
    const guess = (authorization: string) => getFrom('127.0.0.2', `${gateway}/api/v1/projects`, authorization);
    const before = introspection.calls();
    for (let i = 0; i < budget - 1; i++) expect((await guess(bearer(`bsp_guess_${i}`))).status).toBe(401);
    expect((await guess('Basic dXNlcjpwYXNz')).status).toBe(401); // a malformed header counts too
    expect(introspection.calls() - before).toBe(budget - 1);

    const refused = await guess(bearer('bsp_guess_next'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((await guess('Basic dXNlcjpwYXNz')).status).toBe(429);
    // Nothing reached auth for the refused ones.
    expect(introspection.calls() - before).toBe(budget - 1);

    // Another address has a budget of its own.
    expect((await getFrom('127.0.0.3', `${gateway}/api/v1/projects`, bearer('bsp_other_guess'))).status).toBe(401);
  });

  it('bounds a parallel burst of guesses too: each reserves its failure before auth is asked', async () => {
    const gateway = await world.gateway(undefined, { authUrl: introspection.url, authFailuresPerMinute: budget });
    const before = introspection.calls();
    // Distinct tokens (no negative cache to help), all in flight at once while auth takes 300 ms each.
    const answers = await Promise.all(
      Array.from({ length: 4 * budget }, (_, i) => getFrom('127.0.0.5', `${gateway}/api/v1/projects`, bearer(`bsp_burst_${String(i)}`))),
    );
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(budget);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(3 * budget);
    expect(introspection.calls() - before).toBe(budget);
  });

  it('lets a burst with one valid token through whole, however much larger than the budget, when its cached answer lapsed', async () => {
    const replica = await world.gatewayReplica(undefined, { authUrl: introspection.url, authFailuresPerMinute: budget, cacheTtlMs: 1_000 });
    const token = await newToken();
    const burst = () => Promise.all(Array.from({ length: 6 * budget }, () => getFrom('127.0.0.6', `${replica.url}/api/v1/projects`, bearer(token))));
    expect((await burst()).map((answer) => answer.status)).toEqual(Array(6 * budget).fill(200));
    await eventually(() => (replica.introspector.known(token) === undefined ? true : undefined), 10_000, 'the cached answer to lapse');
    expect((await burst()).map((answer) => answer.status)).toEqual(Array(6 * budget).fill(200));
    // The whole failure budget is still there.
    for (let i = 0; i < budget; i++) expect((await getFrom('127.0.0.6', `${replica.url}/api/v1/projects`, bearer(`bsp_lapsed_${String(i)}`))).status).toBe(401);
  });

  it('never counts traffic with valid tokens, however much', async () => {
    const gateway = await world.gateway(undefined, { authUrl: introspection.url, authFailuresPerMinute: budget });
    const toolServer = (authorization: string) => getFrom('127.0.0.4', `${gateway}/api/v1/projects`, authorization);
    // One address calling with several designers' fresh tokens, each asked of auth once: more than the failure budget.
    const tokens = await Promise.all(Array.from({ length: 2 * budget }, newToken));
    for (let round = 0; round < 3; round++) {
      for (const token of tokens) expect((await toolServer(bearer(token))).status).toBe(200);
    }
    // The whole failure budget is still there.
    for (let i = 0; i < budget; i++) expect((await toolServer(bearer(`bsp_stale_${i}`))).status).toBe(401);
    expect((await toolServer(bearer('bsp_stale_next'))).status).toBe(429);
    // A token already known valid still passes from the spent address: it costs auth nothing.
    expect((await toolServer(bearer(tokens[0] ?? ''))).status).toBe(200);
  });
});
