/**
 * The readers of this process waiting for a designer's feed to move (long-polls, streams), woken by
 * this process's commits (change-commits.ts) and, through the change_head trigger's notification,
 * by every other replica's. Each wake stamps the designer with a new epoch (from one counter that
 * only grows); a read taken at epoch `e` saw every commit whose wake stamped `e` or less, so a
 * reader waits for an epoch past its read's, and a wake that came while it read is never missed.
 * At most `perDesigner` readers are held at once for one designer, so one account cannot hold every
 * connection of a replica.
 */
export class ChangeWaiters {
  private readonly waiting = new Map<number, Set<() => void>>();
  private readonly held = new Map<number, number>();
  private readonly epochs = new Map<number, number>();
  private clock = 0;
  private readonly perDesigner: number;
  /** True once the process stops: every wait ends, so held requests answer and streams end before the listeners drain. */
  private ended = false;

  constructor(perDesigner: number) {
    this.perDesigner = perDesigner;
  }

  /** Ends every wait, now and from now on (shutdown). */
  stop(): void {
    this.ended = true;
    for (const set of [...this.waiting.values()]) for (const wake of [...set]) wake();
  }

  /** True once the process stops: a reader answers what it has and waits no more. */
  get stopped(): boolean {
    return this.ended;
  }

  /** A place among the designer's waiting readers, or undefined when all are taken; release it when done. */
  hold(designerId: number): (() => void) | undefined {
    const held = this.held.get(designerId) ?? 0;
    if (held >= this.perDesigner) return undefined;
    this.held.set(designerId, held + 1);
    // No wake was stamped while none was held: a read begun before now (one this reader may share) is taken as older.
    if (held === 0) this.epochs.set(designerId, ++this.clock);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.held.get(designerId) ?? 1) - 1;
      if (left > 0) {
        this.held.set(designerId, left);
        return;
      }
      this.held.delete(designerId);
      // No reader of this designer remembers an epoch now; a later one starts from 0, below any stamp to come.
      this.epochs.delete(designerId);
    };
  }

  /** How many readers wait now, across designers (a gauge). */
  get holding(): number {
    let total = 0;
    for (const count of this.held.values()) total += count;
    return total;
  }

  /** The designer's epoch now: take it just before a read, and wait past it after. */
  epoch(designerId: number): number {
    return this.epochs.get(designerId) ?? 0;
  }

  /**
   * Resolves true once the designer's epoch is past `epoch` (at once if it already is), false after
   * `ms`, when `signal` aborts or when the process stops (`stop` wakes every wait itself, so a
   * reader needs no signal combining its own with the process's: a thousand streams woken together
   * each paid for one).
   */
  async waitPast(designerId: number, epoch: number, ms: number, signal: AbortSignal): Promise<boolean> {
    if (this.epoch(designerId) > epoch) return true;
    if (signal.aborted || this.stopped) return false;
    let resolve: (() => void) | undefined;
    const woken = new Promise<void>((done) => (resolve = done));
    const wake = (): void => resolve?.();
    const set = this.waiting.get(designerId) ?? new Set();
    set.add(wake);
    this.waiting.set(designerId, set);
    signal.addEventListener('abort', wake, { once: true });
    const timer = setTimeout(wake, ms);
    try {
      await woken;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', wake);
      set.delete(wake);
      if (set.size === 0 && this.waiting.get(designerId) === set) this.waiting.delete(designerId);
    }
    return this.epoch(designerId) > epoch;
  }

  wake(designerId: number): void {
    // Only designers with a reader here need an epoch; the others' would only grow the map.
    if (this.held.has(designerId)) this.epochs.set(designerId, ++this.clock);
    for (const wake of [...(this.waiting.get(designerId) ?? [])]) wake();
  }

  /** After a notification may have been missed (the listening connection was down). */
  wakeAll(): void {
    for (const designerId of [...this.held.keys()]) this.wake(designerId);
  }
}
