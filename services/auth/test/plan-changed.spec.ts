import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { Topics, decodeEnvelope, type DesignerPlanChanged, type Subscription } from '@boardsync/kit';
import { eventually } from '@boardsync/kit/testing';
import { AuthAlone, type AuthReplica } from './support/auth-alone.ts';

// `PATCH /admin/designers/:id/plan` publishes auth.designer.plan-changed through the outbox to real Kafka.
const world = new AuthAlone();
let auth: AuthReplica;
let listening: Subscription;

interface Heard {
  key: string;
  source: string;
  requestId: string;
  change: DesignerPlanChanged;
}
const heard: Heard[] = [];

beforeAll(async () => {
  await world.start();
  // The listener stands in for the gateways, which create what they consume.
  await world.bus.ensureTopics([Topics.designerPlanChanged]);
  listening = await world.bus.subscribe({
    groupId: 'plan-listener',
    topics: [Topics.designerPlanChanged],
    handler: (message) => {
      const envelope = decodeEnvelope(message.value);
      if (envelope.event?.$case === 'designerPlanChanged')
        heard.push({ key: message.key, source: envelope.source, requestId: envelope.requestId, change: envelope.event.value });
      return Promise.resolve();
    },
  });
  auth = await world.replica();
});

afterAll(async () => {
  await listening.close();
  await world.stop();
});

const setPlan = (designerId: number, plan: { storage_limit_bytes?: number; unlocked_limit?: number | null }) =>
  world.admin(auth, 'PATCH', `/designers/${String(designerId)}/plan`, plan);

/** Waits until `count` events for this designer arrived, then gives all of them (in publication order: one key, one partition). */
async function eventsFor(designerId: number, count: number): Promise<Heard[]> {
  return eventually(
    () => {
      const mine = heard.filter((event) => event.change.designerId === designerId);
      return mine.length >= count ? mine : undefined;
    },
    30_000,
    `${String(count)} plan-changed event(s) for designer ${String(designerId)}`,
  );
}

it('a plan change publishes the new limits, keyed by designer; an uncapped limit is absent', async () => {
  const designer = await world.designer(auth, { storage_limit_bytes: 1000, unlocked_limit: 3 });
  const response = await setPlan(designer.id, { storage_limit_bytes: 2000, unlocked_limit: null });
  expect(response.status).toBe(200);
  const [event] = await eventsFor(designer.id, 1);
  expect(event).toMatchObject({ key: String(designer.id), source: 'admin', change: { designerId: designer.id, storageLimitBytes: 2000 } });
  expect(event?.requestId).toBe(response.headers.get('x-request-id'));
  expect(event?.change.unlockedProjectLimit).toBeUndefined();
});

it('a change that changes nothing publishes nothing', async () => {
  const designer = await world.designer(auth, { storage_limit_bytes: 1000, unlocked_limit: null });
  expect((await setPlan(designer.id, { unlocked_limit: 5 })).status).toBe(200);
  // The same values again, and an empty change: no event. A later real change proves the stream moved past them.
  expect((await setPlan(designer.id, { storage_limit_bytes: 1000, unlocked_limit: 5 })).status).toBe(200);
  expect((await setPlan(designer.id, {})).status).toBe(200);
  expect((await setPlan(designer.id, { storage_limit_bytes: 4000 })).status).toBe(200);
  const events = await eventsFor(designer.id, 2);
  expect(events.map((event) => event.change)).toEqual([
    { designerId: designer.id, storageLimitBytes: 1000, unlockedProjectLimit: 5 },
    { designerId: designer.id, storageLimitBytes: 4000, unlockedProjectLimit: 5 },
  ]);
});
