import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  claimKey,
  dropExpiredIdempotencyRecords,
  fingerprintOf,
  IdempotencyAnswerAsSentMigration,
  IdempotencyMigration,
  isProblem,
  OutboxMessage,
  OutboxMigration,
  type Database,
} from '../src/index.ts';
import { databaseBackends, testLogger, type TestBackend } from '../src/testing.ts';

const logger = testLogger('idempotency');

const backends = databaseBackends('idempotency', {
  entities: [OutboxMessage],
  migrations: [OutboxMigration, IdempotencyMigration, IdempotencyAnswerAsSentMigration],
  logger,
});

const refusalOf = async (pending: Promise<unknown>): Promise<unknown> =>
  pending.then(
    () => 'no refusal',
    (error: unknown) => (isProblem(error) ? { status: error.status, code: error.code } : error),
  );

/** What every service honouring Idempotency-Key relies on, on both databases it runs on. Each test uses keys of its own. */
describe.each(backends)('Idempotency-Key records: $name', (backend) => {
  let opened: Awaited<ReturnType<TestBackend['open']>>;
  let keys = 0;
  beforeAll(async () => {
    opened = await backend.open();
  }, 60_000);
  afterAll(() => opened.close());

  const scope = (designerId = 7): { designerId: number; source: string; key: string } => ({ designerId, source: 'api:tool', key: `key-${String(++keys)}` });
  const fork = (): ReturnType<Database['em']['fork']> => opened.orm.em.fork();

  it('runs the first request, then answers its result to a repeat and runs nothing again', async () => {
    const keyed = scope();
    const first = await claimKey<{ id: number }>(fork(), keyed, fingerprintOf({ name: 'x' }), 24);
    expect(first.replay).toBeUndefined();
    await fork().transactional((tx) => first.remember(tx, { id: 41 }));
    const again = await claimKey<{ id: number }>(fork(), keyed, fingerprintOf({ name: 'x' }), 24);
    expect(again.replay).toEqual({ id: 41 });
  });

  it('refuses the same key with another request (422) at once, and a repeat still waiting when the first runs on (409)', async () => {
    const keyed = scope();
    await claimKey(fork(), keyed, fingerprintOf({ name: 'x' }), 24);
    expect(await refusalOf(claimKey(fork(), keyed, fingerprintOf({ name: 'y' }), 24))).toEqual({ status: 422, code: 'idempotency_key_reused' });
    expect(await refusalOf(claimKey(fork(), keyed, fingerprintOf({ name: 'x' }), 24, 200))).toEqual({ status: 409, code: 'idempotency_in_progress' });
  });

  it('lets a repeat wait for the first request: it is answered the first result once that is remembered', async () => {
    const keyed = scope();
    const first = await claimKey<{ id: number }>(fork(), keyed, fingerprintOf({ name: 'x' }), 24);
    const repeat = claimKey<{ id: number }>(fork(), keyed, fingerprintOf({ name: 'x' }), 24, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await fork().transactional((tx) => first.remember(tx, { id: 5 }));
    expect((await repeat).replay).toEqual({ id: 5 });
  });

  it('holds at most four repeats of one designer waiting at once; the fifth is told at once, while another designer waits', async () => {
    const designer = 4000 + Math.floor(Math.random() * 1000);
    const same = fingerprintOf({ name: 'x' });
    const keyed = [0, 1, 2, 3, 4].map(() => scope(designer));
    const firsts = await Promise.all(keyed.map((key) => claimKey(fork(), key, same, 24)));
    const settled: unknown[] = [];
    const repeats = keyed.map((key) =>
      refusalOf(claimKey(fork(), key, same, 24, 10_000)).then((outcome) => {
        settled.push(outcome);
        return outcome;
      }),
    );
    const neighbourKey = scope(designer + 1);
    const neighbourFirst = await claimKey(fork(), neighbourKey, same, 24);
    let neighbourSettled = false;
    const neighbourRepeat = claimKey(fork(), neighbourKey, same, 24, 10_000).finally(() => {
      neighbourSettled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([settled, neighbourSettled]).toEqual([[{ status: 409, code: 'idempotency_in_progress' }], false]);
    await Promise.all([...firsts, neighbourFirst].map((first) => first.abandon()));
    expect((await Promise.all(repeats)).filter((outcome) => outcome === 'no refusal')).toHaveLength(4);
    expect((await neighbourRepeat).replay).toBeUndefined();
  });

  it('lets a waiting repeat run in place of a first request that failed', async () => {
    const keyed = scope();
    const first = await claimKey(fork(), keyed, fingerprintOf({ name: 'x' }), 24);
    const repeat = claimKey<{ id: number }>(fork(), keyed, fingerprintOf({ name: 'x' }), 24, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await first.abandon();
    const held = await repeat;
    expect(held.replay).toBeUndefined();
    await fork().transactional((tx) => held.remember(tx, { id: 6 }));
    expect((await claimKey(fork(), keyed, fingerprintOf({ name: 'x' }), 24)).replay).toEqual({ id: 6 });
  });

  it('remembers nothing of a write whose transaction rolled back: the result commits with the write or not at all', async () => {
    const keyed = scope();
    const first = await claimKey<{ id: number }>(fork(), keyed, fingerprintOf({ name: 'x' }), 24);
    const failed = fork().transactional(async (tx) => {
      await first.remember(tx, { id: 7 });
      throw new Error('the write failed after its result was remembered');
    });
    await expect(failed).rejects.toThrow('the write failed');
    expect(await refusalOf(claimKey(fork(), keyed, fingerprintOf({ name: 'x' }), 24, 0))).toEqual({ status: 409, code: 'idempotency_in_progress' });
    await first.abandon();
    expect((await claimKey(fork(), keyed, fingerprintOf({ name: 'x' }), 24)).replay).toBeUndefined();
  });

  it('frees a key whose request failed, so that it can be retried with it', async () => {
    const keyed = scope();
    const failed = await claimKey(fork(), keyed, fingerprintOf({ name: 'x' }), 24);
    await failed.abandon();
    const retried = await claimKey<{ id: number }>(fork(), keyed, fingerprintOf({ name: 'x' }), 24);
    expect(retried.replay).toBeUndefined();
  });

  it('answers the first result as it was kept, its keys in their order', async () => {
    const keyed = scope();
    const first = await claimKey<Record<string, number>>(fork(), keyed, fingerprintOf({ name: 'x' }), 24);
    await fork().transactional((tx) => first.remember(tx, { zebra: 1, apple: 2, mango: 3 }));
    const again = await claimKey<Record<string, number>>(fork(), keyed, fingerprintOf({ name: 'x' }), 24);
    expect(JSON.stringify(again.replay)).toBe('{"zebra":1,"apple":2,"mango":3}');
  });

  it('frees a claim left pending 15 s (its process killed); a first request still running then cannot commit its result', async () => {
    const keyed = scope();
    const stale = await claimKey<{ id: number }>(fork(), keyed, fingerprintOf({ name: 'x' }), 24);
    await fork().execute("update idempotency_record set created_at = now() - interval '16 seconds' where key = ?", [keyed.key]);
    const retry = await claimKey<{ id: number }>(fork(), keyed, fingerprintOf({ name: 'x' }), 24, 0);
    expect(retry.replay).toBeUndefined();
    expect(await refusalOf(fork().transactional((tx) => stale.remember(tx, { id: 8 })))).toEqual({ status: 409, code: 'idempotency_in_progress' });
    await fork().transactional((tx) => retry.remember(tx, { id: 9 }));
    expect((await claimKey(fork(), keyed, fingerprintOf({ name: 'x' }), 24)).replay).toEqual({ id: 9 });
  });

  it('keeps keys apart per designer and app', async () => {
    const keyed = scope(8);
    const mine = await claimKey<{ id: number }>(fork(), keyed, fingerprintOf({ name: 'x' }), 24);
    await fork().transactional((tx) => mine.remember(tx, { id: 1 }));
    const neighbour = await claimKey<{ id: number }>(fork(), { ...keyed, designerId: 9 }, fingerprintOf({ name: 'x' }), 24);
    const otherApp = await claimKey<{ id: number }>(fork(), { ...keyed, source: 'api:other' }, fingerprintOf({ name: 'x' }), 24);
    expect([neighbour.replay, otherApp.replay]).toEqual([undefined, undefined]);
  });

  it('lets one of two concurrent first requests run and holds the other', async () => {
    const keyed = scope();
    const outcomes = await Promise.all([0, 1].map(() => refusalOf(claimKey(fork(), keyed, fingerprintOf({ name: 'x' }), 24, 0))));
    expect(outcomes.sort()).toEqual(['no refusal', { status: 409, code: 'idempotency_in_progress' }].sort());
  });

  it('forgets records past their time to live', async () => {
    const keyed = scope();
    const held = await claimKey<{ id: number }>(fork(), keyed, fingerprintOf({ name: 'x' }), 24);
    await fork().transactional((tx) => held.remember(tx, { id: 3 }));
    await fork().execute("update idempotency_record set created_at = now() - interval '25 hours' where key = ?", [keyed.key]);
    expect(await dropExpiredIdempotencyRecords(fork(), 24)).toBeGreaterThanOrEqual(1);
    expect((await claimKey(fork(), keyed, fingerprintOf({ name: 'x' }), 24)).replay).toBeUndefined();
  });
});
