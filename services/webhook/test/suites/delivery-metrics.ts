import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '@boardsync/kit/testing';
import { Receiver } from '../support/receiver.ts';
import { WebhookWorld } from '../support/world.ts';
import { componentsChanged, deliveryHelpers } from '../support/delivery-helpers.ts';

/** One sample of `/metrics` text: the series `name` whose labels include `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const [, found, rawLabels = '', value] of text.matchAll(/^([a-z_:][\w:]*)(?:\{([^}]*)\})? (\S+)$/gm)) {
    if (found !== name) continue;
    const have = Object.fromEntries([...rawLabels.matchAll(/(\w+)="([^"]*)"/g)].map(([, key = '', labelValue = '']) => [key, labelValue]));
    if (Object.entries(labels).every(([key, labelValue]) => have[key] === labelValue)) return Number(value);
  }
  return undefined;
}

/**
 * Run by a spec file per backend: the webhook service's metrics (docs/operations.md §4) as a scrape
 * of its internal listener reads them, in a world of its own so that every count starts at zero:
 * one delivery at a time per webhook, and three failures in a row deactivate.
 */
export function deliveryMetricsSuite(outer: WebhookWorld): void {
  describe('delivery metrics', () => {
    const world = new WebhookWorld(outer.backend, { DELIVERY_PER_ENDPOINT: '1', WEBHOOK_DEACTIVATE_AFTER: '3' });
    const { register } = deliveryHelpers(world);
    const receiver = Receiver.forSuite(outer);
    beforeAll(async () => {
      await world.start();
      await world.service.bus.ensureTopics(world.catalogTopics);
    }, 120_000);
    afterAll(() => world.stop());
    const scrape = async (): Promise<string> => (await fetch(`${world.service.internalUrl}/metrics`)).text();
    /** Waits until a scrape satisfies `ready` (the database gauges are read at most every 5 s); returns it. */
    const scrapeUntil = (what: string, ready: (text: string) => boolean): Promise<string> =>
      eventually(
        async () => {
          const text = await scrape();
          return ready(text) ? text : undefined;
        },
        30_000,
        what,
      );

    it('starts with an empty queue and no failing receiver', async () => {
      const text = await scrape();
      for (const name of [
        'boardsync_webhook_deliveries_pending',
        'boardsync_webhook_delivery_oldest_due_seconds',
        'boardsync_webhook_receivers_failing',
        'boardsync_webhook_failure_streak_max',
      ]) {
        expect([name, sample(text, name)]).toEqual([name, 0]);
      }
      expect(sample(text, 'boardsync_webhook_deactivations_total')).toBe(0);
      expect(sample(text, 'boardsync_webhook_send_slots_busy_ratio')).toBe(0);
      expect(sample(text, 'boardsync_webhook_delivery_start_delay_seconds_count')).toBe(0);
      expect(sample(text, 'boardsync_webhook_change_to_send_seconds_count')).toBe(0);
    });

    it('shows deliveries waiting behind a slow receiver, then the queue drained', async () => {
      const designerId = world.designer();
      const path = `/metrics/${String(designerId)}/slow`;
      receiver.program(path, [{ status: 200, delayMs: 3_500 }]);
      await register({ designerId }, receiver.url(path), ['components.changed']);
      for (const project of [1, 2, 3, 4]) await world.publishCatalogEvent(designerId, project, componentsChanged(project));
      // One is being sent; the others are due and wait for the webhook's one slot. A due one waits
      // about 10 s in all, two of the gauges' 5 s readings: one of them (a slow one on PGlite is
      // skipped, its previous value reported) had missed a window of 5 s.
      await scrapeUntil(
        'deliveries waiting',
        (text) => (sample(text, 'boardsync_webhook_deliveries_pending') ?? 0) >= 2 && (sample(text, 'boardsync_webhook_delivery_oldest_due_seconds') ?? 0) > 0,
      );
      await receiver.waitFor(path, 4, 30_000);
      const drained = await scrapeUntil('the queue to drain', (text) => sample(text, 'boardsync_webhook_deliveries_pending') === 0);
      expect(sample(drained, 'boardsync_webhook_delivery_oldest_due_seconds')).toBe(0);
      expect(sample(drained, 'boardsync_webhook_delivery_attempts_total', { outcome: 'succeeded' })).toBe(4);
      // Sent one after another, 3.5 s apart: the first at once, the others ~3.5, 7 and 10.5 s after they came due.
      expect(sample(drained, 'boardsync_webhook_delivery_start_delay_seconds_count')).toBe(4);
      expect(sample(drained, 'boardsync_webhook_delivery_start_delay_seconds_bucket', { le: '2.5' })).toBe(1);
      expect(sample(drained, 'boardsync_webhook_delivery_start_delay_seconds_sum')).toBeGreaterThan(20);
      // Each first send, from the write it tells of: the same waits, plus the fan-out's own time.
      expect(sample(drained, 'boardsync_webhook_change_to_send_seconds_count')).toBe(4);
      expect(sample(drained, 'boardsync_webhook_change_to_send_seconds_sum')).toBeGreaterThan(20);
      expect(sample(drained, 'boardsync_webhook_change_to_send_seconds_bucket', { le: '10' })).toBeLessThanOrEqual(3);
    }, 60_000);

    it('counts a failing receiver and its streak, then its deactivation', async () => {
      const designerId = world.designer();
      const path = `/metrics/${String(designerId)}/gone`;
      // A 404 fails at once, without retries: one failure per event.
      receiver.program(path, [404]);
      await register({ designerId }, receiver.url(path), ['components.changed']);
      for (const project of [11, 12]) await world.publishCatalogEvent(designerId, project, componentsChanged(project));
      await receiver.waitFor(path, 2);
      const failing = await scrapeUntil('a streak of 2', (text) => sample(text, 'boardsync_webhook_failure_streak_max') === 2);
      expect(sample(failing, 'boardsync_webhook_receivers_failing')).toBe(1);
      expect(sample(failing, 'boardsync_webhook_delivery_attempts_total', { outcome: 'refused' })).toBe(2);
      expect(sample(failing, 'boardsync_webhook_deactivations_total')).toBe(0);

      await world.publishCatalogEvent(designerId, 13, componentsChanged(13));
      const deactivated = await scrapeUntil('the deactivation', (text) => sample(text, 'boardsync_webhook_deactivations_total') === 1);
      // Inactive now: no longer among the failing receivers.
      await scrapeUntil('no failing receiver', (text) => sample(text, 'boardsync_webhook_receivers_failing') === 0);
      expect(sample(deactivated, 'boardsync_webhook_delivery_attempts_total', { outcome: 'refused' })).toBe(3);
    }, 60_000);
  });
}
