import type { EntityManager } from '@mikro-orm/sql';

/** The counts below stop here: past it the queue is plainly backed up, and counting further would read every row. */
export const QUEUE_COUNT_CAP = 100_000;

export interface QueueStatistics {
  /** Pending deliveries (due, waiting for a retry, or being sent), up to QUEUE_COUNT_CAP. */
  pending: number;
  /** Seconds the longest-waiting delivery that is due and held by no worker has been due; 0 when none. */
  oldestDueSeconds: number;
}

/**
 * The delivery queue as an SRE watches it, from the `delivery_due` and `delivery_leased` indexes
 * alone: a count that stops at QUEUE_COUNT_CAP (pending rows not being sent, then the leased ones,
 * a few hundred per pod), and the head of the due order among rows no worker holds (unleased, or
 * their lease ran out).
 */
export async function queueStatistics(em: EntityManager): Promise<QueueStatistics> {
  const [row] = await em.execute<{ pending: string | number; oldest_due: string | number | null }[]>(
    `select (select count(*) from (select 1 from delivery where state = 'pending' and leased_until is null limit ${String(QUEUE_COUNT_CAP)}) p)
          + (select count(*) from delivery where state = 'pending' and leased_until is not null) as pending,
            (select extract(epoch from now() - min(next_attempt_at)) from (
               (select next_attempt_at from delivery where state = 'pending' and leased_until is null and next_attempt_at <= now()
                 order by next_attempt_at limit 1)
               union all
               (select next_attempt_at from delivery where state = 'pending' and leased_until <= now() and next_attempt_at <= now())
             ) due) as oldest_due`,
  );
  return { pending: Math.min(QUEUE_COUNT_CAP, Number(row?.pending ?? 0)), oldestDueSeconds: Math.max(0, Number(row?.oldest_due ?? 0)) };
}

export interface FailingReceivers {
  /** Active webhooks whose last attempt failed (`consecutive_failures` ≥ 1). */
  failing: number;
  /** The longest run of failures among active webhooks; WEBHOOK_DEACTIVATE_AFTER ends one. */
  longestStreak: number;
}

/** Active webhooks failing now, read from the `webhook_failing` partial index (only failing rows are in it). */
export async function failingReceivers(em: EntityManager): Promise<FailingReceivers> {
  const [row] = await em.execute<{ failing: string | number; longest: string | number | null }[]>(
    `select count(*) as failing, max(consecutive_failures) as longest from webhook where is_active and consecutive_failures > 0`,
  );
  return { failing: Number(row?.failing ?? 0), longestStreak: Number(row?.longest ?? 0) };
}
