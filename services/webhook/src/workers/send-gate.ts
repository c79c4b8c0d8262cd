import type { Database } from '@boardsync/kit';
import type { ConsentStanding } from '../outbound/consent-standing.ts';
import { withdrawConsents } from '../store/consents.ts';
import type { ClaimedDelivery, DeliveryQueue } from '../use-cases/delivery-queue.ts';

/**
 * The last look before a claimed delivery is sent: its webhook still active (docs/rules.md "States and transitions", as the claim
 * read it) and the consent it was registered under still standing (asked of auth, briefly
 * remembered). A delivery that may not go is settled unsent here; a withdrawn consent stops every
 * webhook it registered and drops their queued deliveries, whether or not its revocation event
 * arrived. When auth cannot say, this throws and the delivery waits for its lease to run out.
 */
export class SendGate {
  private readonly orm: Database;
  private readonly queue: DeliveryQueue;
  private readonly consents: ConsentStanding;

  constructor(orm: Database, queue: DeliveryQueue, consents: ConsentStanding) {
    this.orm = orm;
    this.queue = queue;
    this.consents = consents;
  }

  async admits(delivery: ClaimedDelivery): Promise<boolean> {
    if (!delivery.isActive) {
      await this.queue.settleUnsent(delivery.id);
      return false;
    }
    if (await this.consents.stands(delivery.designerId, delivery.registrant)) return true;
    await withdrawConsents(this.orm.em.fork(), delivery.designerId, [delivery.registrant]);
    return false;
  }
}
