import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import { eventually } from '@boardsync/kit/testing';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Receiver, type Received } from '../support/receiver.ts';
import { header, svcSignature } from '../support/signed-requests.ts';
import { type Caller, type WebhookWorld } from '../support/world.ts';
import { DAY_MS, deliveryLogHelpers, type DetailView, type Page, type PingView } from '../support/delivery-log-helpers.ts';
import { expectProblem, type ProblemBody } from '../support/webhook-api.ts';

/**
 * Run by a spec file per backend: the delivery log, redeliver, recover and ping (beyond docs/rules.md),
 * against a real receiver on loopback, on the world's 200/400/600 ms retry schedule.
 */
export function deliveryRecoverySuite(world: WebhookWorld): void {
  describe('recover, ping, isolation and scope', () => {
    const receiver = Receiver.forSuite(world);

    const { send, register, sql, states, insertDelivery, base } = deliveryLogHelpers(world, receiver);

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
        expectProblem(
          await send<ProblemBody>(me, 'POST', `${base(webhook.id)}/deliveries/${answer.body.delivery_id}/redeliver`),
          409,
          'ping_not_redeliverable',
        );
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
        expect(listed.body.data.find((candidate) => candidate.id === webhook.id)).toMatchObject({
          consecutive_failures: 0,
          last_status: null,
          is_active: true,
        });
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
  });
}
