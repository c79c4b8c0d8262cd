import { giveBackOne } from '@boardsync/kit';
import { windowCounter, type CounterStore } from '@boardsync/kit/redis';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** How many failures one key may spend in a window, and what a success does to its count. */
export interface FailureBudget {
  failures: number;
  windowSeconds: number;
  /** `reset`: a success forgets the key's earlier failures; `keep`: they still count. */
  onSuccess: 'reset' | 'keep';
}

/**
 * An allowed attempt has one failure reserved. A failure leaves it counted; `succeeded()` gives it
 * back (or forgets the key's failures, for a budget that resets on success); `release()` gives it
 * back without resetting anything, for an attempt that neither failed nor succeeded (our own error).
 */
export type Attempt = { allowed: true; succeeded(): Promise<void>; release(): Promise<void> } | { allowed: false; retryAfterSeconds: number };

interface Dimension {
  budget: FailureBudget;
  limiter: RateLimiterAbstract;
}

/**
 * Counts failures of one kind of attempt (sign-in, token request) along several dimensions at once
 * (account, client, IP). Each attempt reserves one failure in every dimension before the work is
 * done, so parallel guesses cannot all slip past a budget that a check-then-count would show as
 * unspent; a success gives the reservation back. Beyond any dimension's budget the attempt is
 * refused until that window ends.
 */
export class FailureThrottle<Name extends string> {
  private readonly dimensions: Record<Name, Dimension>;

  constructor(kind: string, budgets: Record<Name, FailureBudget>, store: CounterStore) {
    const entries = (Object.entries(budgets) as [Name, FailureBudget][]).map(([name, budget]): [Name, Dimension] => {
      // If Redis fails, each replica keeps counting in memory rather than letting every guess through or refusing everyone.
      const limiter = windowCounter(store, { key: `auth:throttle:${kind}:${name}`, points: budget.failures, windowSeconds: budget.windowSeconds });
      return [name, { budget, limiter }];
    });
    this.dimensions = Object.fromEntries(entries) as Record<Name, Dimension>;
  }

  /** Keys absent from `keys` (say, no client id was sent) are not counted. */
  async attempt(keys: Partial<Record<Name, string>>): Promise<Attempt> {
    const counted = (Object.entries(keys) as [Name, string | undefined][]).flatMap(([name, key]) =>
      key === undefined ? [] : [{ dimension: this.dimensions[name], key }],
    );
    const reservations = await Promise.allSettled(counted.map(({ dimension, key }) => dimension.limiter.consume(key)));
    const refusals = reservations.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    const giveBack = (which: typeof counted) => Promise.all(which.map(({ dimension, key }) => giveBackOne(dimension.limiter, key)));
    if (refusals.length > 0) {
      // Nothing was attempted: the reservations that were granted go back. A refusing budget keeps
      // its count: it is spent until its window ends, and a refund there could land after the
      // window ended and start the next one below zero.
      await giveBack(counted.filter((_, index) => reservations[index]?.status === 'fulfilled'));
      const failure = refusals.find((reason) => !(reason instanceof RateLimiterRes));
      if (failure !== undefined) throw failure instanceof Error ? failure : new Error('throttle store failed', { cause: failure });
      const waitMs = Math.max(...refusals.map((reason) => (reason as RateLimiterRes).msBeforeNext));
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    return {
      allowed: true,
      succeeded: async () => {
        await Promise.all(
          counted.map(({ dimension, key }) => (dimension.budget.onSuccess === 'reset' ? dimension.limiter.delete(key) : giveBackOne(dimension.limiter, key))),
        );
      },
      release: async () => {
        await giveBack(counted);
      },
    };
  }
}
