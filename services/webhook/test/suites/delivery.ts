import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import { eventMessage } from '@boardsync/kit';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Receiver } from '../support/receiver.ts';
import { header, svcSignature } from '../support/signed-requests.ts';
import { WebhookWorld, type Caller } from '../support/world.ts';
import { UUID, componentsChanged, deliveryHelpers, projectUpdated } from '../support/delivery-helpers.ts';

/**
 * Run by a spec file per backend: catalog events in on the bus (Kafka, or the in-process bus),
 * fanned out to deliveries, sent signed to a real HTTP receiver on loopback, retried on the
 * world's 200 ms, 400 ms, 600 ms schedule, and the webhooks' bookkeeping read back through the API.
 */
export function deliverySuite(world: WebhookWorld): void {
  describe('delivery: fan-out, signatures and retries', () => {
    const receiver = Receiver.forSuite(world);
    const { register, view, deliveries, attempts, settled } = deliveryHelpers(world);

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

    it('queues an event sent twice in one batch once, each delivery with its own id at the head of its body', async () => {
      const designerId = world.designer();
      const path = `/${String(designerId)}/batched`;
      const webhook = await register({ designerId }, receiver.url(path), ['components.changed']);
      const first = eventMessage('8', componentsChanged(8, ['First']), { designerId, source: 'api:personal' });
      const second = eventMessage('8', componentsChanged(8, ['Second']), { designerId, source: 'api:personal' });
      await world.republish([first, first, second]);
      const requests = await receiver.waitFor(path, 2, 40_000);
      await sleep(300);
      expect(receiver.hits(path)).toBe(2);
      const bodies = requests.map((request) => JSON.parse(request.rawBody) as { id: string; data: { components: { name: string }[] } });
      expect(bodies.map((body) => body.data.components[0]?.name).sort()).toEqual(['First', 'Second']);
      for (const [index, request] of requests.entries()) {
        expect(bodies[index]?.id).toMatch(UUID);
        expect(header(request, 'x-svc-delivery')).toBe(bodies[index]?.id);
      }
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
  });
}
