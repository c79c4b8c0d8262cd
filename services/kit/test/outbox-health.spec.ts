import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Registry } from 'prom-client';
import { OutboxMessage, OutboxMigration, enqueueEvents, openDatabase, outboxReadiness, registerOutboxMetrics, type Database } from '../src/index.ts';
import { createTestDatabase, testLogger } from '../src/testing.ts';

const logger = testLogger('outbox-health');
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let orm: Database;

beforeAll(async () => {
  database = await createTestDatabase('outbox_health');
  orm = await openDatabase({ url: database.url, entities: [OutboxMessage], migrations: [OutboxMigration], logger });
});
afterAll(async () => {
  await orm.close();
  await database.drop();
});

const pendingSince = async (secondsAgo: number): Promise<void> => {
  const em = orm.em.fork();
  enqueueEvents(em, [{ topic: 'changes', key: 'k', value: Buffer.from('v') }]);
  await em.flush();
  await em.execute(`update outbox_message set created_at = now() - (? * interval '1 second') where sent_at is null`, [secondsAgo]);
};

describe('outbox health', () => {
  it('is ready while nothing waits, and while events wait less than the stall limit', async () => {
    await expect(outboxReadiness(orm, 60)()).resolves.toBeUndefined();
    await pendingSince(5);
    await expect(outboxReadiness(orm, 60)()).resolves.toBeUndefined();
  });

  it('fails readiness and reports the age once the oldest pending event waits too long', async () => {
    await pendingSince(90);
    await expect(outboxReadiness(orm, 60)()).rejects.toThrow(/outbox not draining: the oldest pending event is 9\d s old/);
    const registry = new Registry();
    registerOutboxMetrics(registry, orm);
    const text = await registry.metrics();
    expect(text).toMatch(/boardsync_outbox_oldest_pending_seconds 9\d/);
    // Both events enqueued so far are pending.
    expect(text).toMatch(/^boardsync_outbox_pending_messages 2$/m);
  });

  it('is ready again once the events are sent', async () => {
    await orm.em.fork().execute('update outbox_message set sent_at = now()');
    await expect(outboxReadiness(orm, 60)()).resolves.toBeUndefined();
  });
});
