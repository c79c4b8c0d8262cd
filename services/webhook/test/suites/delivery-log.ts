import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventBody } from '@boardsync/kit';
import { eventually } from '@boardsync/kit/testing';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Receiver, type Received } from '../support/receiver.ts';
import { header, svcSignature } from '../support/signed-requests.ts';
import { PUBLIC_BASE_URL, type Caller, type WebhookWorld } from '../support/world.ts';

interface DeliveryView {
  id: string;
  event: string;
  status: string;
  attempts: number;
  in_progress: boolean;
  created_at: string;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status: number | null;
  last_error_class: string | null;
}

interface AttemptView {
  attempted_at: string;
  status: number | null;
  duration_ms: number;
  error_class: string | null;
  response_excerpt: string | null;
}

interface DetailView extends DeliveryView {
  payload: unknown;
  attempt_log: AttemptView[];
}

interface Page {
  data: DeliveryView[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: { current_page: number; last_page: number; per_page: number; total: number; from: number | null; to: number | null; path: string };
}

interface PingView {
  delivery_id: string;
  event: string;
  status: number | null;
  duration_ms: number;
  error_class: string | null;
  succeeded: boolean;
}

interface ProblemBody {
  status: number;
  code: string;
  errors?: Record<string, string[]>;
}

interface Answer<T> {
  status: number;
  body: T;
}

const componentsChanged = (projectId: number): EventBody => ({
  $case: 'componentsChanged',
  value: { projectId, type: 'card', created: 1, updated: 0, deleted: 0, components: [{ id: projectId * 100, name: 'Ace', type: 'card' }] },
});

const DAY_MS = 86_400_000;

/**
 * Run by a spec file per backend: the delivery log, redeliver, recover and ping (beyond the spec),
 * against a real receiver on loopback, on the world's 200/400/600 ms retry schedule.
 */
export function deliveryLogSuite(world: WebhookWorld): void {
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await Receiver.start();
    await world.service.bus.ensureTopics(world.catalogTopics);
  }, 60_000);
  afterAll(async () => {
    await receiver.close();
  });

  const send = async <T>(caller: Caller, method: string, path: string, body?: unknown): Promise<Answer<T>> => {
    const response = await world.call(caller, method, path, body);
    return { status: response.status, body: (await response.json()) as T };
  };
  const register = async (caller: Caller, path: string): Promise<{ id: number; secret: string }> => {
    const answer = await send<{ id: number; secret: string }>(caller, 'POST', '/api/v1/webhooks', { url: receiver.url(path), events: ['components.changed'] });
    expect(answer.status).toBe(201);
    return answer.body;
  };
  const sql = <T>(query: string, params: unknown[] = []): Promise<T[]> => world.service.orm.em.fork().execute<T[]>(query, params);
  const states = (webhookId: number) =>
    sql<{ id: string; state: string; attempts: number }>('select id, state, attempts from delivery where webhook_id = ? order by created_at, id', [webhookId]);
  /** A delivery row as the fan-out makes it, created `ageMs` ago, in any state (pending ones not due for a day). */
  const insertDelivery = async (webhookId: number, state: string, ageMs: number, id: string = randomUUID()): Promise<string> => {
    const createdAt = new Date(Date.now() - ageMs);
    const body = JSON.stringify({ id, event: 'components.changed', created_at: createdAt.toISOString(), data: { project_id: 1 } });
    await sql(
      `insert into delivery (id, webhook_id, event, body, state, attempts, next_attempt_at, created_at)
       values (?, ?, 'components.changed', ?, ?, ?, ${state === 'pending' ? `now() + interval '1 day'` : 'null'}, ?::timestamptz)`,
      [id, webhookId, body, state, state === 'pending' ? 0 : 1, createdAt.toISOString()],
    );
    return id;
  };
  const settledOne = (webhookId: number, id: string) =>
    eventually(
      async () => {
        const row = (await states(webhookId)).find((candidate) => candidate.id === id);
        return row && row.state !== 'pending' ? row : undefined;
      },
      20_000,
      `delivery ${id} to settle`,
    );
  const expectProblem = (answer: Answer<ProblemBody>, status: number, code: string): void => {
    expect([answer.status, answer.body.code]).toEqual([status, code]);
  };
  const base = (webhookId: number): string => `/api/v1/webhooks/${String(webhookId)}`;

  describe('the delivery log', () => {
    it('lists deliveries newest first, paged as spec §1, filtered by status, without bodies', async () => {
      const designerId = world.designer();
      const me = { designerId };
      const webhook = await register(me, `/log/${String(designerId)}/list`);
      const failedOld = await insertDelivery(webhook.id, 'failed', 5 * 60_000);
      const succeeded = await insertDelivery(webhook.id, 'succeeded', 4 * 60_000);
      const failedNew = await insertDelivery(webhook.id, 'failed', 3 * 60_000);
      const pending = await insertDelivery(webhook.id, 'pending', 2 * 60_000);
      const newest = await insertDelivery(webhook.id, 'succeeded', 60_000);

      const all = await send<Page>(me, 'GET', `${base(webhook.id)}/deliveries`);
      expect(all.status).toBe(200);
      expect(all.body.data.map((delivery) => delivery.id)).toEqual([newest, pending, failedNew, succeeded, failedOld]);
      expect(all.body.meta).toMatchObject({ current_page: 1, last_page: 1, per_page: 50, total: 5, from: 1, to: 5 });
      expect(all.body.data[1]).toEqual({
        id: pending,
        event: 'components.changed',
        status: 'pending',
        attempts: 0,
        in_progress: false,
        created_at: expect.stringMatching(/Z$/),
        next_attempt_at: expect.stringMatching(/Z$/),
        last_attempt_at: null,
        last_status: null,
        last_error_class: null,
      });
      expect(all.body.data[0]).not.toHaveProperty('payload');

      const first = await send<Page>(me, 'GET', `${base(webhook.id)}/deliveries?per_page=2`);
      expect(first.body.data.map((delivery) => delivery.id)).toEqual([newest, pending]);
      expect(first.body.meta).toMatchObject({ last_page: 3, per_page: 2, total: 5, path: `${PUBLIC_BASE_URL}${base(webhook.id)}/deliveries` });
      expect(first.body.links.next).toBe(`${PUBLIC_BASE_URL}${base(webhook.id)}/deliveries?per_page=2&page=2`);
      const collected: string[] = [];
      let next: string | null = `${base(webhook.id)}/deliveries?per_page=2`;
      while (next !== null) {
        const page: Answer<Page> = await send<Page>(me, 'GET', next.replace(PUBLIC_BASE_URL, ''));
        collected.push(...page.body.data.map((delivery) => delivery.id));
        next = page.body.links.next;
      }
      expect(collected).toEqual([newest, pending, failedNew, succeeded, failedOld]);
      // Per page is clamped at 100.
      expect((await send<Page>(me, 'GET', `${base(webhook.id)}/deliveries?per_page=1000`)).body.meta.per_page).toBe(100);

      const failed = await send<Page>(me, 'GET', `${base(webhook.id)}/deliveries?status=failed&per_page=1`);
      expect(failed.body.data.map((delivery) => delivery.id)).toEqual([failedNew]);
      expect(failed.body.meta.total).toBe(2);
      expect(failed.body.links.next).toBe(`${PUBLIC_BASE_URL}${base(webhook.id)}/deliveries?status=failed&per_page=1&page=2`);
      const done = await send<Page>(me, 'GET', `${base(webhook.id)}/deliveries?status=succeeded`);
      expect(done.body.data.map((delivery) => delivery.id)).toEqual([newest, succeeded]);

      for (const bad of ['done', '', 'FAILED']) {
        const answer = await send<ProblemBody>(me, 'GET', `${base(webhook.id)}/deliveries?status=${bad}`);
        expectProblem(answer, 422, 'validation_failed');
        expect(Object.keys(answer.body.errors ?? {})).toEqual(['status']);
      }
    });

    it('shows one delivery with its payload and every attempt, oldest first, after 500, 500, 200', async () => {
      const designerId = world.designer();
      const me = { designerId };
      const path = `/log/${String(designerId)}/flaky`;
      receiver.program(path, [{ status: 500, body: 'down' }, 500, { status: 200, body: 'ok' }]);
      const webhook = await register(me, path);
      await world.publishCatalogEvent(designerId, 9, componentsChanged(9));
      const [request] = await receiver.waitFor(path, 3, 40_000);
      if (!request) throw new Error('unreachable');
      const id = header(request, 'x-svc-delivery');
      await settledOne(webhook.id, id);

      const detail = await send<{ data: DetailView }>(me, 'GET', `${base(webhook.id)}/deliveries/${id}`);
      expect(detail.status).toBe(200);
      expect(detail.body.data).toMatchObject({ id, event: 'components.changed', status: 'succeeded', attempts: 3, next_attempt_at: null, last_status: 200 });
      expect(detail.body.data.payload).toEqual(JSON.parse(request.rawBody));
      expect(JSON.stringify(detail.body.data.payload)).toBe(request.rawBody);
      const log = detail.body.data.attempt_log;
      expect(log.map((attempt) => [attempt.status, attempt.error_class, attempt.response_excerpt])).toEqual([
        [500, null, 'down'],
        [500, null, null],
        [200, null, 'ok'],
      ]);
      for (const attempt of log) expect(attempt.duration_ms).toEqual(expect.any(Number));
      const times = log.map((attempt) => Date.parse(attempt.attempted_at));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(detail.body.data.last_attempt_at).toBe(log[2]?.attempted_at);

      const listed = await send<Page>(me, 'GET', `${base(webhook.id)}/deliveries`);
      expect(listed.body.data).toEqual([expect.objectContaining({ id, status: 'succeeded', attempts: 3, last_status: 200 })]);

      expectProblem(await send<ProblemBody>(me, 'GET', `${base(webhook.id)}/deliveries/${randomUUID()}`), 404, 'not_found');
      const bad = await send<ProblemBody>(me, 'GET', `${base(webhook.id)}/deliveries/not-a-uuid`);
      expectProblem(bad, 422, 'validation_failed');
      expect(Object.keys(bad.body.errors ?? {})).toEqual(['delivery']);
      expectProblem(await send<ProblemBody>(me, 'GET', `/api/v1/webhooks/abc/deliveries`), 422, 'validation_failed');
    }, 60_000);
  });

  describe('redeliver', () => {
    it('sends a failed delivery again with the same id and body, newly signed, as a new attempt series', async () => {
      const designerId = world.designer();
      const me = { designerId };
      const path = `/log/${String(designerId)}/refused-then-fixed`;
      receiver.program(path, [{ status: 400, body: 'bad' }, 200]);
      const webhook = await register(me, path);
      await world.publishCatalogEvent(designerId, 12, componentsChanged(12));
      const [first] = await receiver.waitFor(path, 1, 40_000);
      if (!first) throw new Error('unreachable');
      const id = header(first, 'x-svc-delivery');
      expect(await settledOne(webhook.id, id)).toMatchObject({ state: 'failed', attempts: 1 });
      await sleep(1_100); // a new second, so the new signature's timestamp differs

      const answer = await send<{ data: DeliveryView }>(me, 'POST', `${base(webhook.id)}/deliveries/${id}/redeliver`);
      expect(answer.status).toBe(202);
      expect(answer.body.data).toMatchObject({ id, status: 'pending', attempts: 0, in_progress: false, last_status: 400 });

      const [, again] = await receiver.waitFor(path, 2);
      if (!again) throw new Error('unreachable');
      expect(header(again, 'x-svc-delivery')).toBe(id);
      expect(again.rawBody).toBe(first.rawBody);
      expect(header(again, 'x-svc-timestamp')).not.toBe(header(first, 'x-svc-timestamp'));
      expect(header(again, 'x-svc-signature')).toBe(svcSignature(webhook.secret, header(again, 'x-svc-timestamp'), again.rawBody));
      expect(await settledOne(webhook.id, id)).toMatchObject({ state: 'succeeded', attempts: 1 });
      const detail = await send<{ data: DetailView }>(me, 'GET', `${base(webhook.id)}/deliveries/${id}`);
      expect(detail.body.data.attempt_log.map((attempt) => attempt.status)).toEqual([400, 200]);
      await sleep(300);
      expect(receiver.hits(path)).toBe(2);
      expectProblem(await send<ProblemBody>(me, 'POST', `${base(webhook.id)}/deliveries/${randomUUID()}/redeliver`), 404, 'not_found');
    }, 60_000);

    it('refuses a delivery a worker holds right now, and any delivery of an inactive webhook', async () => {
      const designerId = world.designer();
      const me = { designerId };
      const path = `/log/${String(designerId)}/held`;
      const webhook = await register(me, path);
      const held = await insertDelivery(webhook.id, 'pending', 1_000);
      await sql(`update delivery set leased_until = now() + interval '1 minute' where id = ?`, [held]);
      expectProblem(await send<ProblemBody>(me, 'POST', `${base(webhook.id)}/deliveries/${held}/redeliver`), 409, 'delivery_in_progress');
      const listed = await send<Page>(me, 'GET', `${base(webhook.id)}/deliveries`);
      expect(listed.body.data[0]).toMatchObject({ id: held, in_progress: true });

      const failed = await insertDelivery(webhook.id, 'failed', 1_000);
      await sql('update webhook set is_active = false where id = ?', [webhook.id]);
      expectProblem(await send<ProblemBody>(me, 'POST', `${base(webhook.id)}/deliveries/${failed}/redeliver`), 409, 'webhook_inactive');
      expect((await states(webhook.id)).find((row) => row.id === failed)?.state).toBe('failed');
      expect(receiver.hits(path)).toBe(0);
    });
  });

  describe('recover', () => {
    it('re-queues only the failed deliveries created in the window', async () => {
      const designerId = world.designer();
      const me = { designerId };
      const path = `/log/${String(designerId)}/recover`;
      const webhook = await register(me, path);
      const inWindow = [await insertDelivery(webhook.id, 'failed', 2 * 60 * 60_000), await insertDelivery(webhook.id, 'failed', 60 * 60_000)];
      const succeeded = await insertDelivery(webhook.id, 'succeeded', 60 * 60_000);
      const tooOld = await insertDelivery(webhook.id, 'failed', 3 * DAY_MS);
      const tooNew = await insertDelivery(webhook.id, 'failed', 60_000);

      const answer = await send<{ recovered: number }>(me, 'POST', `${base(webhook.id)}/recover`, {
        since: new Date(Date.now() - DAY_MS).toISOString(),
        until: new Date(Date.now() - 10 * 60_000).toISOString(),
      });
      expect(answer).toEqual({ status: 202, body: { recovered: 2 } });
      const requests = await receiver.waitFor(path, 2);
      await sleep(500);
      expect(receiver.hits(path)).toBe(2);
      expect(requests.map((request) => header(request, 'x-svc-delivery')).sort()).toEqual([...inWindow].sort());
      for (const request of requests) {
        expect(JSON.parse(request.rawBody)).toMatchObject({ id: header(request, 'x-svc-delivery'), event: 'components.changed' });
        expect(header(request, 'x-svc-signature')).toBe(svcSignature(webhook.secret, header(request, 'x-svc-timestamp'), request.rawBody));
      }
      const rows = await states(webhook.id);
      const stateOf = (id: string) => rows.find((row) => row.id === id)?.state;
      await eventually(async () =>
        (await states(webhook.id)).filter((row) => inWindow.includes(row.id)).every((row) => row.state === 'succeeded') ? true : undefined,
      );
      expect([stateOf(succeeded), stateOf(tooOld), stateOf(tooNew)]).toEqual(['succeeded', 'failed', 'failed']);

      // `until` defaults to now: the newest failed one too, and nothing twice.
      const rest = await send<{ recovered: number }>(me, 'POST', `${base(webhook.id)}/recover`, { since: new Date(Date.now() - DAY_MS).toISOString() });
      expect(rest.body).toEqual({ recovered: 1 });
      const [, , third] = await receiver.waitFor(path, 3);
      expect(header(third as Received, 'x-svc-delivery')).toBe(tooNew);
    }, 60_000);

    it('checks the window, and refuses an inactive webhook', async () => {
      const designerId = world.designer();
      const me = { designerId };
      const webhook = await register(me, `/log/${String(designerId)}/recover-bad`);
      const now = Date.now();
      const cases: [unknown, string][] = [
        [{}, 'since'],
        [{ since: 'yesterday' }, 'since'],
        [{ since: '2026-01-01T00:00:00' }, 'since'],
        [{ since: new Date(now - DAY_MS).toISOString(), until: 5 }, 'until'],
        [{ since: new Date(now + DAY_MS).toISOString() }, 'since'],
        [{ since: new Date(now - DAY_MS).toISOString(), until: new Date(now - 2 * DAY_MS).toISOString() }, 'since'],
        [{ since: new Date(now - 31 * DAY_MS).toISOString() }, 'since'],
      ];
      for (const [body, field] of cases) {
        const answer = await send<ProblemBody>(me, 'POST', `${base(webhook.id)}/recover`, body);
        expectProblem(answer, 422, 'validation_failed');
        expect(Object.keys(answer.body.errors ?? {})).toEqual([field]);
      }
      await sql('update webhook set is_active = false where id = ?', [webhook.id]);
      expectProblem(
        await send<ProblemBody>(me, 'POST', `${base(webhook.id)}/recover`, { since: new Date(now - DAY_MS).toISOString() }),
        409,
        'webhook_inactive',
      );
    });
  });

  describe('ping', () => {
    it("sends a signed webhook.ping now and answers with the receiver's status; it shows in the log", async () => {
      const designerId = world.designer();
      const me = { designerId };
      const path = `/log/${String(designerId)}/ping`;
      receiver.program(path, [204]);
      const webhook = await register(me, path);
      const answer = await send<PingView>(me, 'POST', `${base(webhook.id)}/ping`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ event: 'webhook.ping', status: 204, error_class: null, succeeded: true, duration_ms: expect.any(Number) });
      // Synchronous: the receiver already has it.
      expect(receiver.hits(path)).toBe(1);
      const [request] = receiver.requests(path);
      if (!request) throw new Error('unreachable');
      expect(header(request, 'x-svc-event')).toBe('webhook.ping');
      expect(header(request, 'x-svc-delivery')).toBe(answer.body.delivery_id);
      expect(header(request, 'x-svc-signature')).toBe(svcSignature(webhook.secret, header(request, 'x-svc-timestamp'), request.rawBody));
      const standard = {
        'webhook-id': header(request, 'webhook-id'),
        'webhook-timestamp': header(request, 'webhook-timestamp'),
        'webhook-signature': header(request, 'webhook-signature'),
      };
      expect(new StandardWebhook(webhook.secret).verify(request.rawBody, standard)).toEqual({
        id: answer.body.delivery_id,
        event: 'webhook.ping',
        created_at: expect.any(String),
        data: { webhook_id: webhook.id },
      });
      const detail = await send<{ data: DetailView }>(me, 'GET', `${base(webhook.id)}/deliveries/${answer.body.delivery_id}`);
      expect(detail.body.data).toMatchObject({ event: 'webhook.ping', status: 'succeeded', attempts: 1, next_attempt_at: null });
      expect(detail.body.data.attempt_log.map((attempt) => attempt.status)).toEqual([204]);
      expect(JSON.stringify(detail.body.data.payload)).toBe(request.rawBody);
      expectProblem(await send<ProblemBody>(me, 'POST', `${base(webhook.id)}/deliveries/${answer.body.delivery_id}/redeliver`), 409, 'ping_not_redeliverable');
    });

    it("answers a failing receiver's status with succeeded false, retries nothing and leaves the webhook's bookkeeping alone", async () => {
      const designerId = world.designer();
      const me = { designerId };
      const path = `/log/${String(designerId)}/ping-500`;
      receiver.program(path, [500]);
      const webhook = await register(me, path);
      const answer = await send<PingView>(me, 'POST', `${base(webhook.id)}/ping`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ status: 500, succeeded: false, error_class: null });
      await sleep(800);
      expect(receiver.hits(path)).toBe(1);
      const listed = await send<{ data: { id: number; consecutive_failures: number; last_status: number | null; is_active: boolean }[] }>(
        me,
        'GET',
        '/api/v1/webhooks',
      );
      expect(listed.body.data.find((candidate) => candidate.id === webhook.id)).toMatchObject({ consecutive_failures: 0, last_status: null, is_active: true });
      expect(await states(webhook.id)).toEqual([{ id: answer.body.delivery_id, state: 'failed', attempts: 1 }]);
      // A failed ping is not an event: recover leaves it alone.
      expect(
        (await send<{ recovered: number }>(me, 'POST', `${base(webhook.id)}/recover`, { since: new Date(Date.now() - DAY_MS).toISOString() })).body,
      ).toEqual({
        recovered: 0,
      });

      await sql('update webhook set is_active = false where id = ?', [webhook.id]);
      expectProblem(await send<ProblemBody>(me, 'POST', `${base(webhook.id)}/ping`), 409, 'webhook_inactive');
      expect(receiver.hits(path)).toBe(1);
    });
  });

  describe('isolation and scope', () => {
    it("keeps every route to the calling app's own webhooks: another app's or designer's are 404", async () => {
      const designerId = world.designer();
      const owner: Caller = { designerId };
      const path = `/log/${String(designerId)}/private`;
      const webhook = await register(owner, path);
      const failed = await insertDelivery(webhook.id, 'failed', 60_000);
      const otherApp: Caller = { designerId, source: 'api:client-b' };
      const otherDesigner: Caller = { designerId: world.designer() };
      const theirs = await register(otherApp, `/log/${String(designerId)}/theirs`);
      const since = new Date(Date.now() - DAY_MS).toISOString();
      for (const stranger of [otherApp, otherDesigner]) {
        for (const [method, route, body] of [
          ['GET', `${base(webhook.id)}/deliveries`],
          ['GET', `${base(webhook.id)}/deliveries/${failed}`],
          ['POST', `${base(webhook.id)}/deliveries/${failed}/redeliver`],
          ['POST', `${base(webhook.id)}/recover`, { since }],
          ['POST', `${base(webhook.id)}/ping`],
        ] as [string, string, unknown?][]) {
          expectProblem(await send<ProblemBody>(stranger, method, route, body), 404, 'not_found');
        }
      }
      // Nor through its own webhook's id.
      expectProblem(await send<ProblemBody>(otherApp, 'GET', `${base(theirs.id)}/deliveries/${failed}`), 404, 'not_found');
      expectProblem(await send<ProblemBody>(otherApp, 'POST', `${base(theirs.id)}/deliveries/${failed}/redeliver`), 404, 'not_found');
      expect((await send<Page>(otherApp, 'GET', `${base(theirs.id)}/deliveries`)).body.data).toEqual([]);
      expect(await states(webhook.id)).toEqual([{ id: failed, state: 'failed', attempts: 1 }]);
      expect(receiver.hits(path)).toBe(0);
    });

    it('needs webhooks:write on every route (403 insufficient_scope)', async () => {
      const designerId = world.designer();
      const webhook = await register({ designerId }, `/log/${String(designerId)}/scoped`);
      const failed = await insertDelivery(webhook.id, 'failed', 60_000);
      const reader: Caller = { designerId, scopes: ['projects:read', 'components:write'] };
      for (const [method, route, body] of [
        ['GET', `${base(webhook.id)}/deliveries`],
        ['GET', `${base(webhook.id)}/deliveries/${failed}`],
        ['POST', `${base(webhook.id)}/deliveries/${failed}/redeliver`],
        ['POST', `${base(webhook.id)}/recover`, { since: new Date(Date.now() - DAY_MS).toISOString() }],
        ['POST', `${base(webhook.id)}/ping`],
      ] as [string, string, unknown?][]) {
        expectProblem(await send<ProblemBody>(reader, method, route, body), 403, 'insufficient_scope');
      }
      expect(receiver.hits(`/log/${String(designerId)}/scoped`)).toBe(0);
    });
  });
}
