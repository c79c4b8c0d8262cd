/**
 * The readers of this process waiting for a designer's feed to move (long-polls, and later
 * streams), woken by this process's commits (change-commits.ts) and, through the change_head
 * trigger's notification, by every other replica's. At most `perDesigner` wait at once for one
 * designer, so one account cannot hold every connection of a replica.
 */
export class ChangeWaiters {
  private readonly waiting = new Map<number, Set<() => void>>();
  private readonly held = new Map<number, number>();
  private readonly perDesigner: number;
  private readonly stopper = new AbortController();
  /** Aborted when the process stops: every wait ends, so held requests answer and streams end before the listeners drain. */
  readonly stopping: AbortSignal = this.stopper.signal;

  constructor(perDesigner: number) {
    this.perDesigner = perDesigner;
  }

  /** Ends every wait, now and from now on (shutdown). */
  stop(): void {
    this.stopper.abort();
  }

  /** A place among the designer's waiting readers, or undefined when all are taken; release it when done. */
  hold(designerId: number): (() => void) | undefined {
    const held = this.held.get(designerId) ?? 0;
    if (held >= this.perDesigner) return undefined;
    this.held.set(designerId, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.held.get(designerId) ?? 1) - 1;
      if (left === 0) this.held.delete(designerId);
      else this.held.set(designerId, left);
    };
  }

  /** How many readers wait now, across designers (a gauge). */
  get holding(): number {
    let total = 0;
    for (const count of this.held.values()) total += count;
    return total;
  }

  /**
   * Starts listening for the designer's feed to move. Take the ticket before reading the feed and
   * wait on it after: a commit between the two ends the wait at once instead of being missed.
   */
  ticket(designerId: number): WaitTicket {
    let woken = false;
    let resolve: (() => void) | undefined;
    const wake = (): void => {
      woken = true;
      resolve?.();
    };
    const set = this.waiting.get(designerId) ?? new Set();
    set.add(wake);
    this.waiting.set(designerId, set);
    const dispose = (): void => {
      set.delete(wake);
      if (set.size === 0 && this.waiting.get(designerId) === set) this.waiting.delete(designerId);
    };
    return {
      wait: async (ms, signal) => {
        if (woken || signal.aborted) return woken;
        let timer: NodeJS.Timeout | undefined;
        const abort = (): void => resolve?.();
        signal.addEventListener('abort', abort, { once: true });
        await new Promise<void>((done) => {
          resolve = done;
          timer = setTimeout(done, ms);
        });
        clearTimeout(timer);
        signal.removeEventListener('abort', abort);
        return woken;
      },
      dispose,
    };
  }

  wake(designerId: number): void {
    for (const wake of [...(this.waiting.get(designerId) ?? [])]) wake();
  }

  /** After a notification may have been missed (the listening connection was down). */
  wakeAll(): void {
    for (const designerId of [...this.waiting.keys()]) this.wake(designerId);
  }
}

export interface WaitTicket {
  /** Resolves once the feed moved since the ticket was taken (true), `ms` passed, or `signal` aborted. */
  wait(ms: number, signal: AbortSignal): Promise<boolean>;
  dispose(): void;
}
