import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventMessage, type EventBody } from '@boardsync/kit';
import { SafeHttpClient } from '@boardsync/kit/outbound';
import { eventually, testLogger } from '@boardsync/kit/testing';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { DeliveryWorker } from '../../src/delivery/delivery-worker.ts';
import { pruneDeliveries } from '../../src/store/delivery-log.ts';
import { Receiver, type Received } from '../support/receiver.ts';
import { header, svcSignature } from '../support/signed-requests.ts';
import { WebhookWorld, type Caller } from '../support/world.ts';

interface WebhookView {
  id: number;
  url: string;
  events: string[];
  is_active: boolean;
  last_delivered_at: string | null;
  last_status: number | null;
  consecutive_failures: number;
}

interface DeliveryRow {
  id: string;
  state: string;
  attempts: number;
  body: string;
}

interface AttemptRow {
  status: number | null;
  error_class: string | null;
  duration_ms: number;
  response_excerpt: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const componentsChanged = (projectId: number, names = ['Ace']): EventBody => ({
  $case: 'componentsChanged',
  value: {
    projectId,
    type: 'card',
    created: names.length,
    updated: 0,
    deleted: 1,
    components: names.map((name, index) => ({ id: projectId * 100 + index, name, type: 'card' })),
  },
});

const projectUpdated = (projectId: number): EventBody => ({ $case: 'projectUpdated', value: { projectId, changed: ['name', 'description'] } });

/** What every test needs of a world: registration through the API, and the webhook's rows. */
function helpers(world: WebhookWorld) {
  const register = async (caller: Caller, url: string, events: string[]): Promise<{ id: number; secret: string }> => {
    const response = await world.call(caller, 'POST', '/api/v1/webhooks', { url, events });
    expect(response.status).toBe(201);
    return (await response.json()) as { id: number; secret: string };
  };
  const view = async (caller: Caller, id: number): Promise<WebhookView> => {
    const response = await world.call(caller, 'GET', '/api/v1/webhooks');
    expect(response.status).toBe(200);
    const found = ((await response.json()) as { data: WebhookView[] }).data.find((webhook) => webhook.id === id);
    if (!found) throw new Error(`webhook ${String(id)} is not listed`);
    return found;
  };
  const sql = <T>(query: string, params: unknown[] = []): Promise<T[]> => world.service.orm.em.fork().execute<T[]>(query, params);
  const deliveries = (webhookId: number): Promise<DeliveryRow[]> =>
    sql<DeliveryRow>('select id, state, attempts, body from delivery where webhook_id = ? order by created_at, id', [webhookId]);
  const attempts = (deliveryId: string): Promise<AttemptRow[]> =>
    sql<AttemptRow>('select status, error_class, duration_ms, response_excerpt from delivery_attempt where delivery_id = ? order by id', [deliveryId]);
  /** Waits until every delivery of the webhook is settled (none pending); returns them. */
  const settled = (webhookId: number, count = 1): Promise<DeliveryRow[]> =>
    eventually(
      async () => {
        const rows = await deliveries(webhookId);
        return rows.length >= count && rows.every((row) => row.state !== 'pending') ? rows : undefined;
      },
      20_000,
      `webhook ${String(webhookId)}'s deliveries to settle`,
    );
  return { register, view, sql, deliveries, attempts, settled };
}

/**
 * Run by a spec file per backend: catalog events in on the bus (Kafka, or the in-process bus),
 * fanned out to deliveries, sent signed to a real HTTP receiver on loopback, retried on the
 * world's 200 ms, 400 ms, 600 ms schedule, and the webhooks' bookkeeping read back through the API.
 */
export function deliverySuite(world: WebhookWorld): void {
  let receiver: Receiver;
  const { register, view, sql, deliveries, attempts, settled } = helpers(world);

  beforeAll(async () => {
    receiver = await Receiver.start();
    await world.service.bus.ensureTopics(world.catalogTopics);
  }, 60_000);
  afterAll(async () => {
    await receiver.close();
  });

  it('delivers a components.changed event once to each subscribed webhook of the designer, whatever app, signed both ways', async () => {
    const designerId = world.designer();
    const other = world.designer();
    const appA: Caller = { designerId };
    const appB: Caller = { designerId, source: 'api:client-b' };
    const a = await register(appA, receiver.url(`/${String(designerId)}/a`), ['components.changed']);
    const b = await register(appB, receiver.url(`/${String(designerId)}/b`), ['components.changed', 'project.updated']);
    await register(appA, receiver.url(`/${String(designerId)}/projects-only`), ['project.updated']);
    await register({ designerId: other }, receiver.url(`/${String(other)}/e`), ['components.changed', 'project.updated']);

    const publishedAt = Date.now();
    await world.publishCatalogEvent(designerId, 42, componentsChanged(42, ['Ace', 'King']), 'api:client-b');
    const [toA] = await receiver.waitFor(`/${String(designerId)}/a`, 1, 40_000);
    const [toB] = await receiver.waitFor(`/${String(designerId)}/b`, 1);
    if (!toA || !toB) throw new Error('unreachable');

    const ids = new Set<string>();
    for (const [request, secret] of [
      [toA, a.secret],
      [toB, b.secret],
    ] as const) {
      expect(request.method).toBe('POST');
      expect(header(request, 'content-type')).toBe('application/json');
      expect(header(request, 'user-agent')).toMatch(/-Webhook\/1$/);
      expect(header(request, 'x-svc-event')).toBe('components.changed');
      const deliveryId = header(request, 'x-svc-delivery');
      expect(deliveryId).toMatch(UUID);
      ids.add(deliveryId);
      const body = JSON.parse(request.rawBody) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(['id', 'event', 'created_at', 'data']);
      expect(body).toEqual({
        id: deliveryId,
        event: 'components.changed',
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/),
        data: {
          project_id: 42,
          type: 'card',
          created: 2,
          updated: 0,
          deleted: 1,
          components: [
            { id: 4200, name: 'Ace', type: 'card' },
            { id: 4201, name: 'King', type: 'card' },
          ],
        },
      });
      expect(Math.abs(Date.parse(String(body.created_at)) - publishedAt)).toBeLessThan(10_000);
      const timestamp = header(request, 'x-svc-timestamp');
      expect(timestamp).toMatch(/^\d+$/);
      expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(10);
      expect(header(request, 'x-svc-signature')).toBe(svcSignature(secret, timestamp, request.rawBody));
      expect(header(request, 'x-svc-signature')).not.toBe(svcSignature(`${secret}x`, timestamp, request.rawBody));
      const standard = {
        'webhook-id': header(request, 'webhook-id'),
        'webhook-timestamp': header(request, 'webhook-timestamp'),
        'webhook-signature': header(request, 'webhook-signature'),
      };
      expect(standard['webhook-id']).toBe(deliveryId);
      expect(new StandardWebhook(secret).verify(request.rawBody, standard)).toEqual(body);
      expect(() => new StandardWebhook(b.secret === secret ? a.secret : b.secret).verify(request.rawBody, standard)).toThrow();
    }
    expect(ids.size).toBe(2);

    // project.updated next, on the same partition: once it has arrived, the first event has had every chance to arrive twice.
    await world.publishCatalogEvent(designerId, 42, projectUpdated(42));
    const [, updated] = await receiver.waitFor(`/${String(designerId)}/b`, 2);
    const [projectsOnly] = await receiver.waitFor(`/${String(designerId)}/projects-only`, 1);
    for (const request of [updated, projectsOnly]) {
      if (!request) throw new Error('unreachable');
      expect(header(request, 'x-svc-event')).toBe('project.updated');
      expect(JSON.parse(request.rawBody)).toMatchObject({ event: 'project.updated', data: { project_id: 42, changed: ['name', 'description'] } });
    }
    await sleep(300);
    expect(receiver.hits(`/${String(designerId)}/a`)).toBe(1);
    expect(receiver.hits(`/${String(designerId)}/b`)).toBe(2);
    expect(receiver.hits(`/${String(designerId)}/projects-only`)).toBe(1);
    expect(receiver.hits(`/${String(other)}/e`)).toBe(0);
    expect((await view(appA, a.id)).last_status).toBe(200);
  }, 60_000);

  it('makes no second delivery when the bus delivers the same message again', async () => {
    const designerId = world.designer();
    const path = `/${String(designerId)}/redelivered`;
    const webhook = await register({ designerId }, receiver.url(path), ['components.changed']);
    const message = eventMessage('7', componentsChanged(7), { designerId, source: 'api:personal' });
    await world.republish([message]);
    await receiver.waitFor(path, 1, 40_000);
    await world.republish([message]);
    await world.republish([message]);
    // A new event on the same key comes after both copies: when it has been delivered, they were consumed.
    await world.publishCatalogEvent(designerId, 7, componentsChanged(7, ['Queen']));
    const requests = await receiver.waitFor(path, 2);
    await sleep(300);
    expect(receiver.hits(path)).toBe(2);
    expect(new Set(requests.map((request) => header(request, 'x-svc-delivery'))).size).toBe(2);
    expect(await deliveries(webhook.id)).toHaveLength(2);
  });

  it('retries 500, 500, then 200 with one delivery id at the configured waits, then resets the failure count', async () => {
    const designerId = world.designer();
    const caller = { designerId };
    const path = `/${String(designerId)}/flaky`;
    receiver.program(path, [500, 500, 200]);
    const webhook = await register(caller, receiver.url(path), ['components.changed']);
    await world.publishCatalogEvent(designerId, 9, componentsChanged(9));
    const requests = await receiver.waitFor(path, 3);
    const [first, second, third] = requests;
    if (!first || !second || !third) throw new Error('unreachable');
    expect(new Set(requests.map((request) => header(request, 'x-svc-delivery'))).size).toBe(1);
    expect(new Set(requests.map((request) => request.rawBody)).size).toBe(1);
    // Each attempt is signed afresh, and each signature holds for its own timestamp.
    for (const request of requests) {
      expect(header(request, 'x-svc-signature')).toBe(svcSignature(webhook.secret, header(request, 'x-svc-timestamp'), request.rawBody));
    }
    // The waits are counted from when the failure was recorded, after the receiver answered: at least the schedule's.
    expect(second.at - first.at).toBeGreaterThanOrEqual(190);
    expect(third.at - second.at).toBeGreaterThanOrEqual(390);
    expect(third.at - first.at).toBeLessThan(10_000);

    const [delivery] = await settled(webhook.id);
    expect(delivery).toMatchObject({ id: header(first, 'x-svc-delivery'), state: 'succeeded', attempts: 3 });
    expect((await attempts(header(first, 'x-svc-delivery'))).map((attempt) => attempt.status)).toEqual([500, 500, 200]);
    const after = await view(caller, webhook.id);
    expect(after).toMatchObject({ consecutive_failures: 0, last_status: 200, is_active: true });
    expect(after.last_delivered_at).not.toBeNull();
    expect(Math.abs(Date.parse(after.last_delivered_at ?? '') - third.at)).toBeLessThan(5_000);
    await sleep(700);
    expect(receiver.hits(path)).toBe(3);
  });

  it('takes a 4xx other than 429 as a refusal: one attempt, never retried', async () => {
    const designerId = world.designer();
    const path = `/${String(designerId)}/refuses`;
    receiver.program(path, [{ status: 400, body: 'no thanks' }, 200]);
    const webhook = await register({ designerId }, receiver.url(path), ['components.changed']);
    await world.publishCatalogEvent(designerId, 3, componentsChanged(3));
    await receiver.waitFor(path, 1);
    const [delivery] = await settled(webhook.id);
    expect(delivery).toMatchObject({ state: 'failed', attempts: 1 });
    expect(await attempts(delivery?.id ?? '')).toEqual([{ status: 400, error_class: null, duration_ms: expect.any(Number), response_excerpt: 'no thanks' }]);
    await sleep(800);
    expect(receiver.hits(path)).toBe(1);
    expect(await view({ designerId }, webhook.id)).toMatchObject({ last_status: 400, consecutive_failures: 1, is_active: true, last_delivered_at: null });
  });

  it('retries a 429, waiting as long as its Retry-After asks within bounds', async () => {
    const designerId = world.designer();
    const path = `/${String(designerId)}/busy`;
    receiver.program(path, [{ status: 429, headers: { 'retry-after': '1' } }, 204]);
    const webhook = await register({ designerId }, receiver.url(path), ['components.changed']);
    await world.publishCatalogEvent(designerId, 4, componentsChanged(4));
    const [first, second] = await receiver.waitFor(path, 2);
    // Retry-After: 1 is more than the schedule's 200 ms and within 10 × it, so it is what is waited.
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
    const [delivery] = await settled(webhook.id);
    expect(delivery).toMatchObject({ state: 'succeeded', attempts: 2 });
    expect(await view({ designerId }, webhook.id)).toMatchObject({ last_status: 204, consecutive_failures: 0 });
  });

  it('gives up after 4 attempts in all when every one fails', async () => {
    const designerId = world.designer();
    const path = `/${String(designerId)}/down`;
    receiver.program(path, [{ status: 502, body: 'x'.repeat(5_000) }]);
    const webhook = await register({ designerId }, receiver.url(path), ['components.changed']);
    await world.publishCatalogEvent(designerId, 5, componentsChanged(5));
    await receiver.waitFor(path, 4);
    const [delivery] = await settled(webhook.id);
    expect(delivery).toMatchObject({ state: 'failed', attempts: 4 });
    const recorded = await attempts(delivery?.id ?? '');
    expect(recorded.map((attempt) => attempt.status)).toEqual([502, 502, 502, 502]);
    // The log keeps a bounded excerpt of what the receiver said.
    expect(recorded[0]?.response_excerpt).toBe('x'.repeat(1024));
    await sleep(800);
    expect(receiver.hits(path)).toBe(4);
    expect(await view({ designerId }, webhook.id)).toMatchObject({ last_status: 502, consecutive_failures: 4, is_active: true });
  });

  it('judges an answer longer than it reads by its status, keeping an excerpt', async () => {
    const designerId = world.designer();
    const path = `/${String(designerId)}/talkative`;
    receiver.program(path, [{ status: 202, body: `x${'é'.repeat(100_000)}` }]);
    const webhook = await register({ designerId }, receiver.url(path), ['components.changed']);
    await world.publishCatalogEvent(designerId, 12, componentsChanged(12));
    const [delivery] = await settled(webhook.id);
    expect(delivery).toMatchObject({ state: 'succeeded', attempts: 1 });
    const [attempt] = await attempts(delivery?.id ?? '');
    expect(attempt).toMatchObject({ status: 202, error_class: null });
    expect(Buffer.byteLength(attempt?.response_excerpt ?? '')).toBeLessThanOrEqual(1024);
    // 1 + 511 × 2 bytes, the 1024th byte being half an é.
    expect(attempt?.response_excerpt).toBe(`x${'é'.repeat(511)}`);
    expect(receiver.hits(path)).toBe(1);
  });

  it('drops the queued deliveries of a deleted webhook', async () => {
    const designerId = world.designer();
    const path = `/${String(designerId)}/deleted`;
    // 503 with Retry-After: 2 s before the retry (the bound is 10 × the 200 ms wait), time enough to delete it first.
    receiver.program(path, [{ status: 503, headers: { 'retry-after': '2' } }]);
    const webhook = await register({ designerId }, receiver.url(path), ['components.changed']);
    await world.publishCatalogEvent(designerId, 6, componentsChanged(6));
    const [first] = await receiver.waitFor(path, 1);
    await eventually(async () => ((await deliveries(webhook.id))[0]?.attempts === 1 ? true : undefined));
    const response = await world.call({ designerId }, 'DELETE', `/api/v1/webhooks/${String(webhook.id)}`);
    expect(response.status).toBe(200);
    expect(await deliveries(webhook.id)).toEqual([]);
    await sleep(Math.max(0, (first?.at ?? 0) + 2_600 - Date.now()));
    expect(receiver.hits(path)).toBe(1);
  });

  it('refuses without sending when the URL now leads to an address that is not allowed', async () => {
    const designerId = world.designer();
    const forbidden = await Receiver.start('127.0.0.2');
    try {
      const webhook = await register({ designerId }, receiver.url(`/${String(designerId)}/moved`), ['components.changed']);
      // As if its name now resolved elsewhere: only 127.0.0.1 is allowed in tests.
      await sql('update webhook set url = ? where id = ?', [forbidden.url('/inside'), webhook.id]);
      await world.publishCatalogEvent(designerId, 8, componentsChanged(8));
      const [delivery] = await settled(webhook.id);
      expect(delivery).toMatchObject({ state: 'failed', attempts: 1 });
      expect(await attempts(delivery?.id ?? '')).toEqual([
        { status: null, error_class: 'refused_address', duration_ms: expect.any(Number), response_excerpt: null },
      ]);
      expect(forbidden.hits()).toBe(0);
      expect(await view({ designerId }, webhook.id)).toMatchObject({ last_status: null, consecutive_failures: 1, is_active: true });
    } finally {
      await forbidden.close();
    }
  });

  it('does not send a queued delivery once its webhook is inactive', async () => {
    const designerId = world.designer();
    const path = `/${String(designerId)}/switched-off`;
    receiver.program(path, [{ status: 503, headers: { 'retry-after': '1' } }, 200]);
    const webhook = await register({ designerId }, receiver.url(path), ['components.changed']);
    await world.publishCatalogEvent(designerId, 10, componentsChanged(10));
    await receiver.waitFor(path, 1);
    await eventually(async () => ((await deliveries(webhook.id))[0]?.attempts === 1 ? true : undefined));
    await sql('update webhook set is_active = false where id = ?', [webhook.id]);
    const [delivery] = await settled(webhook.id);
    expect(delivery).toMatchObject({ state: 'failed', attempts: 1 });
    expect(receiver.hits(path)).toBe(1);
  });

  it('shares the work with a second worker on the same database without sending any delivery twice', async () => {
    const designerId = world.designer();
    const paths = [1, 2, 3, 4, 5].map((n) => `/${String(designerId)}/shared-${String(n)}`);
    for (const path of paths) {
      receiver.program(path, [{ status: 200, delayMs: 40 }]);
      await register({ designerId }, receiver.url(path), ['components.changed']);
    }
    // 5 webhooks × 4 per endpoint is more than the service's own worker takes at once (16).
    const outbound = new SafeHttpClient({ allowCidrs: ['127.0.0.1/32'], maxRedirects: 0, userAgent: 'second-Webhook/1' });
    const second = new DeliveryWorker({
      orm: world.service.orm,
      outbound,
      logger: testLogger('second-worker'),
      settings: {
        WEBHOOK_RETRY_DELAYS: [200, 400, 600],
        WEBHOOK_TIMEOUT_MS: 10_000,
        WEBHOOK_DEACTIVATE_AFTER: 15,
        DELIVERY_CONCURRENCY: 16,
        DELIVERY_PER_ENDPOINT: 4,
        DELIVERY_RETENTION_DAYS: 30,
      },
    });
    second.start();
    try {
      const events = Array.from({ length: 20 }, (_, n) => eventMessage(String(100 + n), componentsChanged(100 + n), { designerId, source: 'api:personal' }));
      await world.republish(events);
      for (const path of paths) await receiver.waitFor(path, 20, 30_000);
      await sleep(300);
      const ids = paths.flatMap((path) => receiver.requests(path).map((request) => header(request, 'x-svc-delivery')));
      expect(ids).toHaveLength(100);
      expect(new Set(ids).size).toBe(100);
      for (const path of paths) expect(receiver.peakConcurrency(path)).toBeLessThanOrEqual(4);
      expect(second.attempted).toBeGreaterThan(0);
    } finally {
      await second.close();
      await outbound.close();
    }
  }, 60_000);

  it('leaves a delivery leased by a worker that died alone until the lease runs out, then sends it once', async () => {
    const designerId = world.designer();
    const path = `/${String(designerId)}/orphaned`;
    const webhook = await register({ designerId }, receiver.url(path), ['components.changed']);
    const id = '00000000-0000-4000-8000-00000000000a';
    const leasedAt = Date.now();
    // As a worker killed mid-send leaves it: pending, due, and leased for one more second.
    await sql(
      `insert into delivery (id, webhook_id, event, body, state, attempts, next_attempt_at, leased_until)
       values (?, ?, 'components.changed', ?, 'pending', 0, now(), now() + interval '1 second')`,
      [id, webhook.id, JSON.stringify({ id, event: 'components.changed', created_at: new Date().toISOString(), data: {} })],
    );
    const [request] = await receiver.waitFor(path, 1);
    expect((request?.at ?? 0) - leasedAt).toBeGreaterThanOrEqual(900);
    expect(header(request as Received, 'x-svc-delivery')).toBe(id);
    const [delivery] = await settled(webhook.id);
    expect(delivery).toMatchObject({ state: 'succeeded', attempts: 1 });
    await sleep(300);
    expect(receiver.hits(path)).toBe(1);
  });

  it('prunes settled deliveries past the retention, with their attempts, and keeps the rest', async () => {
    const designerId = world.designer();
    const webhook = await register({ designerId }, receiver.url(`/${String(designerId)}/old`), ['components.changed']);
    const insert = (id: string, state: string, ageDays: number, next: string) =>
      sql(
        `insert into delivery (id, webhook_id, event, body, state, attempts, next_attempt_at, created_at)
         values (?, ?, 'components.changed', '{}', ?, 1, ${next}, now() - (? * interval '1 day'))`,
        [id, webhook.id, state, ageDays],
      );
    const ids = {
      oldDone: '00000000-0000-4000-8000-000000000001',
      oldFailed: '00000000-0000-4000-8000-000000000002',
      oldPending: '00000000-0000-4000-8000-000000000003',
      recent: '00000000-0000-4000-8000-000000000004',
    };
    await insert(ids.oldDone, 'succeeded', 31, 'null');
    await insert(ids.oldFailed, 'failed', 45, 'null');
    await insert(ids.oldPending, 'pending', 31, `now() + interval '1 day'`);
    await insert(ids.recent, 'succeeded', 29, 'null');
    await sql(`insert into delivery_attempt (delivery_id, attempted_at, duration_ms, status) values (?, now(), 5, 200)`, [ids.oldDone]);
    expect(await pruneDeliveries(world.service.orm.em.fork(), 30, 1)).toBe(2);
    expect((await deliveries(webhook.id)).map((row) => row.id).sort()).toEqual([ids.oldPending, ids.recent]);
    expect(await attempts(ids.oldDone)).toEqual([]);
  });

  describe('with a 300 ms receiver timeout and one delivery at a time per webhook', () => {
    const slow = new WebhookWorld(world.backend, { WEBHOOK_TIMEOUT_MS: '300', DELIVERY_PER_ENDPOINT: '1' });
    const on = helpers(slow);
    beforeAll(async () => {
      await slow.start();
      await slow.service.bus.ensureTopics(slow.catalogTopics);
    }, 120_000);
    afterAll(() => slow.stop());

    it('counts an answer slower than the timeout as a failure and retries it', async () => {
      const designerId = slow.designer();
      const path = `/slow/${String(designerId)}/late`;
      receiver.program(path, [{ status: 200, delayMs: 1_500 }, 200]);
      const webhook = await on.register({ designerId }, receiver.url(path), ['components.changed']);
      await slow.publishCatalogEvent(designerId, 11, componentsChanged(11));
      const [delivery] = await on.settled(webhook.id);
      expect(delivery).toMatchObject({ state: 'succeeded', attempts: 2 });
      const [late, onTime] = await on.attempts(delivery?.id ?? '');
      expect(late).toMatchObject({ status: null, error_class: 'timeout' });
      expect(late?.duration_ms).toBeGreaterThanOrEqual(290);
      expect(late?.duration_ms).toBeLessThan(1_500);
      expect(onTime).toMatchObject({ status: 200, error_class: null });
      expect(receiver.hits(path)).toBe(2);
    }, 40_000);

    it('keeps one slow receiver to one delivery at a time without holding up the others', async () => {
      const designerId = slow.designer();
      const slowPath = `/slow/${String(designerId)}/one-at-a-time`;
      const fastPath = `/slow/${String(designerId)}/quick`;
      receiver.program(slowPath, [{ status: 200, delayMs: 200 }]);
      await on.register({ designerId }, receiver.url(slowPath), ['components.changed']);
      await on.register({ designerId }, receiver.url(fastPath), ['components.changed']);
      for (const project of [21, 22, 23]) await slow.publishCatalogEvent(designerId, project, componentsChanged(project));
      const quick = await receiver.waitFor(fastPath, 3, 40_000);
      const unhurried = await receiver.waitFor(slowPath, 3);
      expect(receiver.peakConcurrency(slowPath)).toBe(1);
      expect(quick[2]?.at ?? Infinity).toBeLessThan(unhurried[2]?.at ?? 0);
    }, 60_000);

    it('deactivates a webhook at its 15th failure in a row, stops its queued deliveries and queues no more', async () => {
      const designerId = slow.designer();
      const caller = { designerId };
      const path = `/slow/${String(designerId)}/broken`;
      const witness = `/slow/${String(designerId)}/witness`;
      receiver.program(path, [500]);
      const webhook = await on.register(caller, receiver.url(path), ['components.changed']);
      await on.register(caller, receiver.url(witness), ['components.changed']);
      // 4 events × 4 attempts could make 16; the 15th failure must be the last request.
      for (const project of [31, 32, 33, 34]) await slow.publishCatalogEvent(designerId, project, componentsChanged(project));
      const settledRows = await on.settled(webhook.id, 4);
      expect(settledRows.every((row) => row.state === 'failed')).toBe(true);
      expect(settledRows.reduce((sum, row) => sum + row.attempts, 0)).toBe(15);
      expect(await on.view(caller, webhook.id)).toMatchObject({ is_active: false, consecutive_failures: 15, last_status: 500 });
      expect(receiver.hits(path)).toBe(15);

      await slow.publishCatalogEvent(designerId, 35, componentsChanged(35));
      await receiver.waitFor(witness, 5);
      await sleep(300);
      expect(receiver.hits(path)).toBe(15);
      expect(await on.deliveries(webhook.id)).toHaveLength(4);
    }, 60_000);
  });
}
