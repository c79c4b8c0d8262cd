import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '@boardsync/kit/testing';
import { GatewayWorld, type TestGateway } from './support/world.ts';

const world = new GatewayWorld();
let replicas: TestGateway[];

beforeAll(async () => {
  await world.start();
  // Two replicas of one deployment: each hears every plan change in a group of its own.
  replicas = [await world.gatewayReplica(), await world.gatewayReplica()];
});
afterAll(() => world.stop());

const planSeenThrough = async (replica: TestGateway, token: string) => {
  const before = world.service.seen.length;
  const response = await fetch(`${replica.url}/api/v1/projects`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return world.service.seen[before]?.principal?.plan;
};

/** What `boardsync-admin designer set-plan` does: auth's admin API, which publishes auth.designer.plan-changed through its outbox. */
async function setUnlockedCap(designerId: number, cap: number): Promise<void> {
  const response = await world.admin('PATCH', `/designers/${designerId}/plan`, { unlocked_limit: cap });
  expect(response.status).toBe(200);
}

describe('a plan change takes effect on the designer’s next request', () => {
  it.each([
    ['lowered', 1],
    ['raised', 5],
  ])('through either replica, when the unlocked cap is %s', async (_label, cap) => {
    const designerId = await world.designer();
    const bystanderId = await world.designer();
    const { token } = await world.token(designerId, ['projects:read']);
    const { token: bystanderToken } = await world.token(bystanderId, ['projects:read']);
    for (const replica of replicas) {
      expect(await planSeenThrough(replica, token)).toMatchObject({ unlockedProjectLimit: 2 }); // the default, now cached for up to 30 s
      await planSeenThrough(replica, bystanderToken);
    }

    await setUnlockedCap(designerId, cap);
    // Each replica drops the designer's cached answers on hearing the event (well inside the 30 s they would live)…
    await eventually(
      () => (replicas.every((replica) => replica.introspector.heldFor(designerId) === 0) ? true : undefined),
      15_000,
      'both replicas to drop the plan',
    );

    // …so the very next request through either one carries the new plan.
    for (const replica of replicas) expect(await planSeenThrough(replica, token)).toMatchObject({ unlockedProjectLimit: cap, storageLimitBytes: 1_000_000 });
    // Other designers' answers stay cached.
    for (const replica of replicas) expect(replica.introspector.heldFor(bystanderId)).toBe(1);
  });
});

describe('an operation that enforces the plan asks auth afresh', () => {
  it('carries the new plan on the very next one, before (or without) the plan-changed event', async () => {
    const deaf = await world.gatewayReplica(undefined, { hearsPlanChanges: false });
    const designerId = await world.designer();
    const { token } = await world.token(designerId, ['projects:read', 'projects:write']);
    expect(await planSeenThrough(deaf, token)).toMatchObject({ unlockedProjectLimit: 2 });
    expect(deaf.introspector.heldFor(designerId)).toBe(1);

    await setUnlockedCap(designerId, 7);
    const create = await fetch(`${deaf.url}/api/v1/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'P' }),
    });
    expect(create.status).toBe(200);
    expect(world.service.seen.at(-1)).toMatchObject({ method: 'POST', principal: { plan: { unlockedProjectLimit: 7 } } });
    // The fresh answer replaces the remembered one, so reads carry the new plan too.
    expect(await planSeenThrough(deaf, token)).toMatchObject({ unlockedProjectLimit: 7 });
  });
});
