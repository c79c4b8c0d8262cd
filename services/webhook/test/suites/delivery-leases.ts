import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { extendLeases, releaseLeases } from '../../src/store/delivery-queue.ts';
import { Receiver } from '../support/receiver.ts';
import type { WebhookWorld } from '../support/world.ts';
import { deliveryHelpers } from '../support/delivery-helpers.ts';

/**
 * Run by a spec file per backend, on the store: a worker hands a delivery back, or lengthens its
 * lease, only while the lease is still the one it claimed the delivery under.
 */
export function deliveryLeaseSuite(world: WebhookWorld): void {
  describe('delivery leases: handed back and lengthened only while still the ones claimed', () => {
    const receiver = Receiver.forSuite(world);
    const { register, sql } = deliveryHelpers(world);
    const leaseOf = async (id: string): Promise<string | null> =>
      (await sql<{ lease: string | null }>('select leased_until::text as lease from delivery where id = ?', [id]))[0]?.lease ?? null;

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
