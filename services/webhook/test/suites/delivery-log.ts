import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import { Receiver } from '../support/receiver.ts';
import { header, svcSignature } from '../support/signed-requests.ts';
import { PUBLIC_BASE_URL, type WebhookWorld } from '../support/world.ts';
import { componentsChanged, deliveryLogHelpers, type DeliveryView, type DetailView, type Page } from '../support/delivery-log-helpers.ts';
import { expectProblem, type Answer, type ProblemBody } from '../support/webhook-api.ts';

/**
 * Run by a spec file per backend: the delivery log, redeliver, recover and ping (beyond docs/rules.md),
 * against a real receiver on loopback, on the world's 200/400/600 ms retry schedule.
 */
export function deliveryLogSuite(world: WebhookWorld): void {
  describe('the delivery log and redeliver', () => {
    const receiver = Receiver.forSuite(world);

    const { send, register, sql, states, insertDelivery, settledOne, base } = deliveryLogHelpers(world, receiver);

    describe('the delivery log', () => {
      it('lists deliveries newest first, paged as every list is, filtered by status, without bodies', async () => {
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
  });
}
