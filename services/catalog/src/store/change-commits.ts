import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import type { Database } from '@boardsync/kit';

/** The designers whose feeds a transaction (its entity manager) moved, until it commits or ends. */
const moved = new WeakMap<object, Set<number>>();

export function noteChangesIn(em: object, designerId: number): void {
  const designers = moved.get(em) ?? new Set<number>();
  designers.add(designerId);
  moved.set(em, designers);
}

/**
 * Calls `wake` with each designer whose feed a committed transaction moved, once it has committed
 * (a reader woken earlier would find nothing yet). Other processes' commits arrive by the
 * change_head trigger's notification instead.
 */
export function wakeAfterChangesCommit(orm: Database, wake: (designerId: number) => void): void {
  const subscriber: EventSubscriber = {
    afterTransactionCommit: (args: TransactionEventArgs) => {
      if (typeof (args.transaction as { savepointName?: unknown } | undefined)?.savepointName === 'string') return;
      const designers = moved.get(args.em);
      if (!designers) return;
      moved.delete(args.em);
      for (const designerId of designers) wake(designerId);
    },
    afterTransactionRollback: (args: TransactionEventArgs) => {
      if (typeof (args.transaction as { savepointName?: unknown } | undefined)?.savepointName === 'string') return;
      moved.delete(args.em);
    },
  };
  orm.em.getEventManager().registerSubscriber(subscriber);
}
