import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ChangeSignals } from '@boardsync/kit';
import { databaseBackends, eventually, testLogger, type TestBackend } from '@boardsync/kit/testing';
import { DELIVERIES_QUEUED_CHANNEL, requeueDelivery } from '../src/store/delivery-queue.ts';
import { entities } from '../src/store/entities/index.ts';
import { migrations } from '../src/store/migrations/index.ts';
import { DeliveryQueue, heldLease, type ClaimedDelivery } from '../src/use-cases/delivery-queue.ts';
import type { SentAttempt } from '../src/outbound/send-delivery.ts';

const logger = testLogger('delivery-queue');
const RETRY_IN_MS = 60_000;

const backends = databaseBackends('queue', { entities, migrations, logger });

interface Row {
  state: string;
  attempts: number;
  leased_until: Date | null;
  next_attempt_at: Date | null;
}

/**
 * The delivery queue's contract, held on both databases it runs on: what the worker and the
 * producers may rely on, whatever the back-end. Each test queues for a webhook of its own, and
 * claims for that webhook's designer alone, so the tests share one database without meeting.
 */
describe.each(backends)('delivery queue contract: $name', (backend) => {
  let opened: Awaited<ReturnType<TestBackend['open']>>;
  let queue: DeliveryQueue;
  let designers = 0;

  beforeAll(async () => {
    opened = await backend.open();
    queue = new DeliveryQueue(opened.orm, { retryDelaysMs: [RETRY_IN_MS], deactivateAfter: 100 });
  }, 60_000);
  afterAll(() => opened.close());

  const sql = <T>(text: string, params: unknown[] = []): Promise<T[]> => opened.orm.em.fork().execute<T[]>(text, params);

  /** A webhook of a designer of its own. */
  async function webhook(): Promise<{ webhookId: number; designerId: number }> {
    designers += 1;
    const designerId = 7_000 + designers;
    const [row] = await sql<{ id: number }>(
      `insert into webhook (designer_id, app, url, events, secret, registrant)
       values (?, 'api:personal', 'http://127.0.0.1:9/hook', '{components.changed}', 'sealed', 'pat:*') returning id`,
      [designerId],
    );
    return { webhookId: row?.id ?? 0, designerId };
  }

  /** A pending delivery of the webhook, due in `dueInMs` (negative: overdue). */
  async function enqueue({ webhookId, designerId }: { webhookId: number; designerId: number }, dueInMs = -1_000): Promise<string> {
    const id = randomUUID();
    await sql(
      `insert into delivery (id, webhook_id, designer_id, event, body, state, attempts, next_attempt_at)
       values (?, ?, ?, 'components.changed', '{}', 'pending', 0, now() + (? * interval '1 millisecond'))`,
      [id, webhookId, designerId, dueInMs],
    );
    return id;
  }

  const claim = async (designerId: number, leaseMs = 30_000): Promise<ClaimedDelivery[]> => {
    const { claimed } = await queue.turn({
      started: [],
      sendingLeaseMs: leaseMs,
      made: [],
      claim: { limit: 10, perEndpoint: 10, perDesigner: 0, holdings: [{ designerId, held: 0, cap: 10 }], leaseMs },
    });
    return claimed;
  };

  const answered = (status: number): SentAttempt => ({ status, attemptedAt: new Date(), durationMs: 3, excerpt: null });

  const rowOf = async (id: string): Promise<Row | undefined> =>
    (await sql<Row>('select state, attempts, leased_until, next_attempt_at from delivery where id = ?', [id]))[0];

  it('claims each due delivery once, under a lease, and none that is not yet due', async () => {
    const hook = await webhook();
    const due = [await enqueue(hook), await enqueue(hook)];
    await enqueue(hook, 3_600_000);
    const claimed = await claim(hook.designerId);
    expect(claimed.map(({ id }) => id).sort()).toEqual([...due].sort());
    expect(claimed[0]).toMatchObject({ webhookId: hook.webhookId, designerId: hook.designerId, attempts: 0, isActive: true, registrant: 'pat:*' });
    expect((await rowOf(due[0] ?? ''))?.leased_until).not.toBeNull();
    expect(await claim(hook.designerId)).toEqual([]);
  });

  it('completes a delivery its receiver accepted: settled, unleased, its attempt kept', async () => {
    const hook = await webhook();
    const id = await enqueue(hook);
    const [delivery] = await claim(hook.designerId);
    const { recorded } = await queue.turn({
      started: [],
      sendingLeaseMs: 30_000,
      made: [{ delivery: delivery as ClaimedDelivery, sent: answered(204) }],
      claim: undefined,
    });
    expect(recorded).toEqual([expect.objectContaining({ outcome: 'succeeded', state: 'succeeded' })]);
    expect(await rowOf(id)).toMatchObject({ state: 'succeeded', attempts: 1, leased_until: null, next_attempt_at: null });
    expect(await sql('select status from delivery_attempt where delivery_id = ?', [id])).toEqual([{ status: 204 }]);
  });

  it('fails an attempt into a retry the schedule times, and gives up after the schedule’s last', async () => {
    const hook = await webhook();
    const id = await enqueue(hook);
    const [first] = await claim(hook.designerId);
    const before = Date.now();
    await queue.record([{ delivery: first as ClaimedDelivery, sent: answered(503) }]);
    const retrying = await rowOf(id);
    expect(retrying).toMatchObject({ state: 'pending', attempts: 1, leased_until: null });
    const retryIn = new Date(retrying?.next_attempt_at ?? 0).getTime() - before;
    expect(retryIn).toBeGreaterThan(RETRY_IN_MS - 10_000);
    expect(retryIn).toBeLessThan(RETRY_IN_MS + 10_000);
    expect(await claim(hook.designerId)).toEqual([]);
    await sql('update delivery set next_attempt_at = now() where id = ?', [id]);
    const [second] = await claim(hook.designerId);
    expect(second).toMatchObject({ id, attempts: 1 });
    await queue.record([{ delivery: second as ClaimedDelivery, sent: answered(500) }]);
    expect(await rowOf(id)).toMatchObject({ state: 'failed', attempts: 2, next_attempt_at: null });
  });

  it('takes back a delivery handed back, due again at once', async () => {
    const hook = await webhook();
    const id = await enqueue(hook);
    const claimed = await claim(hook.designerId);
    await queue.handBack(claimed);
    expect(await rowOf(id)).toMatchObject({ state: 'pending', leased_until: null });
    expect((await claim(hook.designerId)).map((delivery) => delivery.id)).toEqual([id]);
  });

  it('lengthens a lease only while it is the one claimed', async () => {
    const hook = await webhook();
    const [kept, handedBack] = [await enqueue(hook), await enqueue(hook)];
    const claimed = await claim(hook.designerId, 1_000);
    await queue.handBack(claimed.filter(({ id }) => id === handedBack));
    // Handed back, that claim's lease is gone: lengthening it holds nothing.
    await queue.lengthen(claimed.map(heldLease), 120_000);
    expect(new Date((await rowOf(kept))?.leased_until ?? 0).getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect((await rowOf(handedBack))?.leased_until).toBeNull();
  });

  it('settles a delivery unsent (its webhook stopped), with no attempt', async () => {
    const hook = await webhook();
    const id = await enqueue(hook);
    await claim(hook.designerId);
    await queue.settleUnsent(id);
    expect(await rowOf(id)).toMatchObject({ state: 'failed', attempts: 0, leased_until: null });
    expect(await sql('select id from delivery_attempt where delivery_id = ?', [id])).toEqual([]);
  });

  it('prunes settled deliveries past the retention, with their attempts, and keeps the rest', async () => {
    const { webhookId } = await webhook();
    const insert = (id: string, state: string, ageDays: number, next: string) =>
      sql(
        `insert into delivery (id, webhook_id, event, body, state, attempts, next_attempt_at, created_at)
         values (?, ?, 'components.changed', '{}', ?, 1, ${next}, now() - (? * interval '1 day'))`,
        [id, webhookId, state, ageDays],
      );
    const ids = { oldDone: randomUUID(), oldFailed: randomUUID(), oldPending: randomUUID(), recent: randomUUID() };
    await insert(ids.oldDone, 'succeeded', 31, 'null');
    await insert(ids.oldFailed, 'failed', 45, 'null');
    await insert(ids.oldPending, 'pending', 31, `now() + interval '1 day'`);
    await insert(ids.recent, 'succeeded', 29, 'null');
    await sql(`insert into delivery_attempt (delivery_id, attempted_at, duration_ms, status) values (?, now(), 5, 200)`, [ids.oldDone]);
    expect(await queue.prune(30, 1)).toBe(2);
    const kept = await sql<{ id: string }>('select id from delivery where webhook_id = ?', [webhookId]);
    expect(kept.map(({ id }) => id).sort()).toEqual([ids.oldPending, ids.recent].sort());
    expect(await sql('select id from delivery_attempt where delivery_id = ?', [ids.oldDone])).toEqual([]);
  });

  it('offers a delivery queued again (redeliver) to the next claim, from a fresh series', async () => {
    const hook = await webhook();
    const id = await enqueue(hook);
    const [delivery] = await claim(hook.designerId);
    await queue.record([{ delivery: delivery as ClaimedDelivery, sent: answered(410) }]);
    expect(await rowOf(id)).toMatchObject({ state: 'failed' });
    await opened.orm.em.fork().transactional((tx) => requeueDelivery(tx, hook.webhookId, id));
    expect(await claim(hook.designerId)).toEqual([expect.objectContaining({ id, attempts: 0 })]);
  });

  if (backend.name === 'Postgres')
    it('tells every replica’s worker when a delivery is queued again, as when one is queued', async () => {
      const signals = new ChangeSignals(opened.url ?? '', logger);
      let raised = 0;
      signals.on(DELIVERIES_QUEUED_CHANNEL, () => {
        raised += 1;
      });
      signals.start();
      try {
        // Listening: its first signal covers whatever was raised before it listened.
        await eventually(() => (raised > 0 ? true : undefined), 10_000, 'listening');
        const hook = await webhook();
        const id = await enqueue(hook);
        await eventually(() => (raised >= 2 ? true : undefined), 10_000, 'the signal of a new delivery');
        const [delivery] = await claim(hook.designerId);
        await queue.record([{ delivery: delivery as ClaimedDelivery, sent: answered(410) }]);
        expect(await rowOf(id)).toMatchObject({ state: 'failed' });
        const beforeRequeue = raised;
        await opened.orm.em.fork().transactional((tx) => requeueDelivery(tx, hook.webhookId, id));
        await eventually(() => (raised > beforeRequeue ? true : undefined), 10_000, 'the signal of a delivery queued again');
      } finally {
        await signals.close();
      }
    });
});
