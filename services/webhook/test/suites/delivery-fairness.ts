import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import { eventually } from '@boardsync/kit/testing';
import { Receiver } from '../support/receiver.ts';
import type { WebhookWorld } from '../support/world.ts';
import { componentsChanged, deliveryHelpers } from '../support/delivery-helpers.ts';

/** The world's default: sends one designer may have in flight in a replica (half of DELIVERY_CONCURRENCY, 16). */
const PER_DESIGNER = 8;

/**
 * Run by a spec file per backend: one designer's slow receivers hold its share of the send slots,
 * never another designer's; the claim goes round the designers, not oldest first overall.
 */
export function deliveryFairnessSuite(world: WebhookWorld): void {
  describe('delivery: fair between designers', () => {
    const receiver = Receiver.forSuite(world);
    const { register, sql } = deliveryHelpers(world);

    it("sends a quiet designer's delivery while another's slow backlog waits, that one holding only its share of the send slots", async () => {
      const noisy = world.designer();
      const quiet = world.designer();
      const noisyPaths = Array.from({ length: 10 }, (_, n) => `/${String(noisy)}/slow-${String(n)}`);
      const noisyIds: number[] = [];
      for (const path of noisyPaths) {
        receiver.program(path, [{ status: 200, delayMs: 4_000 }]);
        noisyIds.push((await register({ designerId: noisy, source: 'api:noisy' }, receiver.url(path), ['components.changed'])).id);
      }
      const quietPath = `/${String(quiet)}/quick`;
      await register({ designerId: quiet, source: 'api:quiet' }, receiver.url(quietPath), ['components.changed']);
      const noisyRequests = () => receiver.requests().filter((request) => request.path.startsWith(`/${String(noisy)}/`));
      const noisyLeases = async () =>
        (
          await sql<{ leased: number }>(`select count(*)::int as leased from delivery where designer_id = ? and state = 'pending' and leased_until > now()`, [
            noisy,
          ])
        )[0]?.leased;
      try {
        // 30 deliveries to receivers that answer after 4 s, none more than DELIVERY_PER_ENDPOINT (4) per webhook.
        for (let n = 0; n < 3; n++) await world.publishCatalogEvent(noisy, 300 + n, componentsChanged(300 + n));
        await eventually(() => (noisyRequests().length >= PER_DESIGNER ? true : undefined), 10_000, "the noisy designer's first sends");
        // Sixteen send slots, but no more of them for this designer than its share, however much of it is due.
        await sleep(500);
        expect(noisyRequests()).toHaveLength(PER_DESIGNER);
        // What was claimed ahead for it went stale waiting for a slot and was handed back; it is
        // claimed no further ahead than its sends now.
        await eventually(async () => ((await noisyLeases()) === PER_DESIGNER ? true : undefined), 5_000, 'the noisy designer held to its sends');

        await world.publishCatalogEvent(quiet, 399, componentsChanged(399));
        const [delivered] = await receiver.waitFor(quietPath, 1, 10_000);
        // Delivered while the slow sends were still out: none of them had been answered, so none
        // of the backlog had started.
        expect(noisyRequests().filter((request) => request.at <= (delivered?.at ?? 0))).toHaveLength(PER_DESIGNER);
        const [left] = await sql<{ pending: number }>(`select count(*)::int as pending from delivery where designer_id = ? and state = 'pending'`, [noisy]);
        expect(left?.pending).toBe(30);
      } finally {
        // Their deliveries go with them, so the slow backlog does not outlive this test.
        for (const id of noisyIds) await world.call({ designerId: noisy, source: 'api:noisy' }, 'DELETE', `/api/v1/webhooks/${String(id)}`);
      }
    }, 30_000);
  });
}
