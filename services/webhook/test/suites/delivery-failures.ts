import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventMessage } from '@boardsync/kit';
import { Registry } from 'prom-client';
import { SafeHttpClient } from '@boardsync/kit/outbound';
import { eventually, testLogger } from '@boardsync/kit/testing';
import { DeliveryWorker } from '../../src/workers/delivery-worker.ts';
import { CLAIM_AHEAD_FACTOR } from '../../src/workers/pacing.ts';
import { DeliveryQueue } from '../../src/use-cases/delivery-queue.ts';
import { Receiver, type Received } from '../support/receiver.ts';
import { header } from '../support/signed-requests.ts';
import { PRINCIPAL_SECRET, TEST_SECRET_KEYS, WebhookWorld } from '../support/world.ts';
import { httpConsentStanding } from '../../src/outbound/consent-standing.ts';
import { SecretKeyring, parseSecretKeys } from '../../src/domain/secret-keyring.ts';
import { componentsChanged, deliveryHelpers } from '../support/delivery-helpers.ts';

/**
 * Run by a spec file per backend: catalog events in on the bus (Kafka, or the in-process bus),
 * fanned out to deliveries, sent signed to a real HTTP receiver on loopback, retried on the
 * world's 200 ms, 400 ms, 600 ms schedule, and the webhooks' bookkeeping read back through the API.
 */
export function deliveryFailureSuite(world: WebhookWorld): void {
  describe('delivery: giving up, refusals, shared work, leases and slow receivers', () => {
    const receiver = Receiver.forSuite(world);
    const { register, view, sql, deliveries, attempts, settled } = deliveryHelpers(world);

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
      // Webhooks × 4 per endpoint is more than the service's own worker leases at once (16 sending
      // and CLAIM_AHEAD_FACTOR × 16 claimed ahead), by 20 webhooks, spread over two designers (a
      // worker holds at most half its leases for one; ten apps' worth at most each).
      const webhooks = ((1 + CLAIM_AHEAD_FACTOR) * 16) / 4 + 20;
      const designers = [world.designer(), world.designer()];
      const paths = Array.from({ length: webhooks }, (_, n) => `/${String(designers[n % 2])}/shared-${String(n)}`);
      for (const [n, path] of paths.entries()) {
        receiver.program(path, [{ status: 200, delayMs: 40 }]);
        const designerId = designers[n % 2] ?? 0;
        await register({ designerId, source: `api:sharing-${String(Math.floor(n / 20))}` }, receiver.url(path), ['components.changed']);
      }
      const outbound = new SafeHttpClient({ allowCidrs: ['127.0.0.1/32'], maxRedirects: 0, userAgent: 'second-Webhook/1' });
      const second = new DeliveryWorker({
        orm: world.service.orm,
        queue: new DeliveryQueue(world.service.orm, { retryDelaysMs: [200, 400, 600], deactivateAfter: 15 }),
        outbound,
        logger: testLogger('second-worker'),
        consents: httpConsentStanding(world.authInternalUrl, PRINCIPAL_SECRET),
        registry: new Registry(),
        settings: {
          WEBHOOK_RETRY_DELAYS: [200, 400, 600],
          WEBHOOK_SECRET_KEYS: new SecretKeyring(parseSecretKeys(TEST_SECRET_KEYS)),
          WEBHOOK_TIMEOUT_MS: 10_000,
          WEBHOOK_DEACTIVATE_AFTER: 15,
          DELIVERY_CONCURRENCY: 16,
          DELIVERY_PER_ENDPOINT: 4,
          DELIVERY_PER_DESIGNER: 8,
        },
      });
      second.start();
      try {
        const events = designers.flatMap((designerId) =>
          Array.from({ length: 20 }, (_, n) => eventMessage(String(100 + n), componentsChanged(100 + n), { designerId, source: 'api:personal' })),
        );
        await world.republish(events);
        // 1,040 deliveries over PGlite: ~25 s on an idle machine, over a minute with the suite's other
        // workers on both cores. A bound on waiting; what is asserted below is unchanged.
        const deadline = Date.now() + 150_000;
        for (const path of paths) await receiver.waitFor(path, 20, Math.max(1_000, deadline - Date.now()));
        await sleep(300);
        const ids = paths.flatMap((path) => receiver.requests(path).map((request) => header(request, 'x-svc-delivery')));
        expect(ids).toHaveLength(20 * webhooks);
        expect(new Set(ids).size).toBe(20 * webhooks);
        for (const path of paths) expect(receiver.peakConcurrency(path)).toBeLessThanOrEqual(4);
        expect(second.attempted).toBeGreaterThan(0);
      } finally {
        await second.close();
        await outbound.close();
      }
    }, 180_000);

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

    describe('with a 300 ms receiver timeout and one delivery at a time per webhook', () => {
      const slow = new WebhookWorld(world.backend, { WEBHOOK_TIMEOUT_MS: '300', DELIVERY_PER_ENDPOINT: '1' });
      const on = deliveryHelpers(slow);
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
  });
}
