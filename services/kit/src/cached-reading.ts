export interface CachedReadingOptions {
  /** A reading younger than this is reported as is; an older one is read again (default 5 s). */
  maxAgeMs?: number;
  /** How long a scrape waits for a new reading before it reports the previous one (default 1 s). */
  waitMs?: number;
  /** Told of a failed reading once, when readings start failing (not again until one has succeeded). */
  onError?: (error: unknown) => void;
}

/**
 * A value read from somewhere slow (a database, the Kafka broker) for a gauge: read at most once per
 * `maxAgeMs` however often or however many scrapers ask, one reading at a time, and a scrape never
 * waits more than `waitMs` for it. A reading that fails or is late leaves the previous value (or
 * none, before the first), so a database or broker outage neither fails the whole scrape nor piles
 * up queries behind it.
 */
export class CachedReading<T> {
  private readonly read: () => Promise<T>;
  private readonly maxAgeMs: number;
  private readonly waitMs: number;
  private readonly onError: ((error: unknown) => void) | undefined;
  private failing = false;
  private value: T | undefined;
  private startedAt = Number.NEGATIVE_INFINITY;
  private pending: Promise<void> | undefined;
  /** The one wait every caller of a refresh shares: the refresh, or waitMs, whichever comes first. */
  private waited: Promise<void> = Promise.resolve();

  constructor(read: () => Promise<T>, options: CachedReadingOptions = {}) {
    this.read = read;
    this.maxAgeMs = options.maxAgeMs ?? 5_000;
    this.waitMs = options.waitMs ?? 1_000;
    this.onError = options.onError;
  }

  /** The latest value, read again first (within `waitMs`) when it is older than `maxAgeMs`; undefined until a reading succeeded. */
  async get(): Promise<T | undefined> {
    if (this.pending === undefined && Date.now() - this.startedAt >= this.maxAgeMs) {
      this.startedAt = Date.now();
      this.pending = this.refresh();
      this.waited = waitAtMost(this.pending, this.waitMs);
    }
    // One scrape asks once per gauge, one after another: each waiting on its own clock, a refresh that
    // lands between two of them gave gauges of one reading values of two (a streak of 2 beside 0 failing).
    if (this.pending !== undefined) await this.waited;
    return this.value;
  }

  private async refresh(): Promise<void> {
    try {
      this.value = await this.read();
      this.failing = false;
    } catch (error) {
      // The previous value stays; the next scrape after maxAgeMs tries again.
      if (!this.failing) this.onError?.(error);
      this.failing = true;
    } finally {
      this.pending = undefined;
    }
  }
}

async function waitAtMost(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
