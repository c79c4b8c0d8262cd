import type { EntityManager } from '@mikro-orm/sql';
import { readChanges, type ChangeQuery, type ChangeWindow } from '../store/change-log.ts';
import type { ChangeWaiters } from '../store/change-waiters.ts';

/** A read of the feed, and the designer's epoch just before it began: it saw every commit woken at or before that epoch. */
export interface EpochRead {
  window: ChangeWindow;
  epoch: number;
}

/**
 * One read of a designer's feed shared by every reader asking for the same window at once: a
 * commit wakes all of a designer's streams together, and a thousand identical reads would queue
 * for the pool one behind another (the last stream then sees the change a second late instead of
 * within milliseconds). Sharing a read that began before a reader was woken loses nothing: its
 * epoch says what it saw, and the reader reads again at once when the designer's epoch is past it
 * (change-waiters.ts).
 */
export class SharedChangeReads {
  private readonly flights = new Map<string, Promise<EpochRead>>();
  private readonly waiters: ChangeWaiters;

  constructor(waiters: ChangeWaiters) {
    this.waiters = waiters;
  }

  /** `em` is called only when this read is not shared: a held stream keeps no entity manager of its own between reads. */
  read(em: () => EntityManager, designerId: number, query: ChangeQuery): Promise<EpochRead> {
    const key = `${String(designerId)}:${String(query.after)}:${query.resources.join(',')}:${String(query.projectId ?? '')}:${String(query.limit)}`;
    const flight = this.flights.get(key);
    if (flight) return flight;
    const epoch = this.waiters.epoch(designerId);
    const started = readChanges(em(), designerId, query).then((window) => ({ window, epoch }));
    this.flights.set(key, started);
    const forget = (): void => {
      if (this.flights.get(key) === started) this.flights.delete(key);
    };
    started.then(forget, forget);
    return started;
  }
}
