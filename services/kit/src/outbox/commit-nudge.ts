import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import type { Database } from '../db/database.ts';
import { OutboxMessage } from './outbox-message.ts';

/**
 * Calls `nudge` once a transaction that stored outbox messages has committed (not before: a relay
 * woken earlier would find them invisible and go back to sleep), so an event leaves as soon as its
 * change is durable instead of at the relay's next poll. Other processes' commits still wait for
 * the poll.
 */
export function nudgeAfterCommit(orm: Database, nudge: () => void): void {
  // The transaction's entity manager: the one its inserts and its commit are announced with.
  const holdingEvents = new WeakSet<object>();
  const subscriber: EventSubscriber<OutboxMessage> = {
    getSubscribedEntities: () => [OutboxMessage],
    afterCreate: (args) => {
      holdingEvents.add(args.em);
    },
    afterTransactionCommit: (args: TransactionEventArgs) => {
      // A savepoint released inside a transaction is not yet a commit.
      if (typeof (args.transaction as { savepointName?: unknown } | undefined)?.savepointName === 'string') return;
      if (holdingEvents.delete(args.em)) nudge();
    },
  };
  orm.em.getEventManager().registerSubscriber(subscriber);
}
