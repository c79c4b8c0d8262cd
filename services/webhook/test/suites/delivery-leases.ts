import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { eventMessage } from '@boardsync/kit';
import { eventually } from '@boardsync/kit/testing';
import { extendLeases, releaseLeases } from '../../src/store/delivery-queue.ts';
import { EXTEND_AFTER_MS } from '../../src/workers/pacing.ts';
import { Receiver } from '../support/receiver.ts';
import { header } from '../support/signed-requests.ts';
import type { WebhookWorld } from '../support/world.ts';
import { componentsChanged, deliveryHelpers } from '../support/delivery-helpers.ts';

/**
 * Run by a spec file per backend: how long a worker's leases are (short while claimed ahead, the
 * receiver's timeout while sending), and, on the store, that a worker hands a delivery back, or
 * lengthens its lease, only while the lease is still the one it claimed the delivery under.
 */
export function deliveryLeaseSuite(world: WebhookWorld): void {
  describe('delivery leases: their lengths, and handed back and lengthened only while still the ones claimed', () => {
    const receiver = Receiver.forSuite(world);
    const { register, sql } = deliveryHelpers(world);
    const leaseOf = async (id: string): Promise<string | null> =>
      (await sql<{ lease: string | null }>('select leased_until::text as lease from delivery where id = ?', [id]))[0]?.lease ?? null;

    it('leases a delivery claimed ahead of a send slot for seconds, and one being sent for the receiver timeout', async () => {
      // Two designers with 3 webhooks each × 4 per endpoint: 8 sending each (DELIVERY_PER_DESIGNER,
      // 16 in all: DELIVERY_CONCURRENCY), 4 claimed ahead each.
      const designers = [world.designer(), world.designer()];
      const paths = Array.from({ length: 6 }, (_, n) => `/${String(designers[n % 2])}/held-${String(n)}`);
      const webhookIds: number[] = [];
      for (const [n, path] of paths.entries()) {
        receiver.program(path, [{ status: 200, delayMs: 1_500 }]);
        const designerId = designers[n % 2] ?? 0;
        webhookIds.push((await register({ designerId, source: `api:holding-${String(n % 3)}` }, receiver.url(path), ['components.changed'])).id);
      }
      const events = designers.flatMap((designerId) =>
        Array.from({ length: 4 }, (_, n) => eventMessage(String(200 + n), componentsChanged(200 + n), { designerId, source: 'api:personal' })),
      );
      await world.republish(events);
      await eventually(() => (paths.reduce((sum, path) => sum + receiver.hits(path), 0) >= 16 ? true : undefined));
      // Once their claims are EXTEND_AFTER_MS old, a turn lengthens the leases of the sends still
      // running; the 8 claimed ahead keep their short claim leases until they go stale (1 s).
      const leases = async () => {
        const [counted] = await sql<{ sending: number; leased: number }>(
          `select count(*) filter (where leased_until > now() + interval '6 seconds')::int as sending,
                  count(*) filter (where leased_until > now())::int as leased
             from delivery where webhook_id = any(?::int[]) and state = 'pending'`,
          [`{${webhookIds.join(',')}}`],
        );
        return counted;
      };
      const lengthened = await eventually(
        async () => {
          const counted = await leases();
          return counted?.sending === 16 ? counted : undefined;
        },
        EXTEND_AFTER_MS + 400,
        "the sends' leases lengthened",
      );
      expect(lengthened).toEqual({ sending: 16, leased: 24 });
      for (const path of paths) await receiver.waitFor(path, 4, 20_000);
      const ids = paths.flatMap((path) => receiver.requests(path).map((request) => header(request, 'x-svc-delivery')));
      expect(new Set(ids).size).toBe(24);
    }, 30_000);

    it('leaves alone a lease another worker took after the one it claimed under ran out', async () => {
      const designerId = world.designer();
      const webhook = await register({ designerId }, receiver.url(`/${String(designerId)}/fenced`), ['components.changed']);
      const id = randomUUID();
      // Not due for an hour, so the service's own worker never claims it here.
      await sql(
        `insert into delivery (id, webhook_id, event, body, state, attempts, next_attempt_at, leased_until)
         values (?, ?, 'components.changed', '{}', 'pending', 0, now() + interval '1 hour', now() + interval '5 seconds')`,
        [id, webhook.id],
      );
      const claimedUnder = (await leaseOf(id)) ?? '';
      // As if that lease ran out and another worker claimed the delivery for its send.
      await sql(`update delivery set leased_until = now() + interval '40 seconds' where id = ?`, [id]);
      const theirs = await leaseOf(id);
      const em = world.service.orm.em.fork();
      await releaseLeases(em, [{ id, leasedUntil: claimedUnder }]);
      await em.transactional((tx) => extendLeases(tx, [{ id, leasedUntil: claimedUnder }], 600_000));
      expect(await leaseOf(id)).toBe(theirs);
      // Its own lease, as claimed: lengthened, then handed back.
      await em.transactional((tx) => extendLeases(tx, [{ id, leasedUntil: theirs ?? '' }], 600_000));
      const lengthened = await leaseOf(id);
      expect(lengthened).not.toBe(theirs);
      await releaseLeases(em, [{ id, leasedUntil: lengthened ?? '' }]);
      expect(await leaseOf(id)).toBeNull();
    });
  });
}
