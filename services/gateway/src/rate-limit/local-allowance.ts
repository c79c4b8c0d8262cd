import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** A call counted: allowed or not, the shared count as this replica knows it, and the window's time left. */
export interface Counted {
  allowed: boolean;
  consumed: number;
  msBeforeNext: number;
}

/**
 * `points` more for `key` in the shared count, and whether the count stayed within the limit.
 * rate-limiter-flexible rejects with a RateLimiterRes when it passed (still counted); anything else
 * it throws is the store's failure (its insurance counts in memory while Redis is away).
 */
export async function increment(shared: RateLimiterAbstract, key: string, points = 1): Promise<{ allowed: boolean; result: RateLimiterRes }> {
  try {
    return { allowed: true, result: await shared.consume(key, points) };
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    return { allowed: false, result: rejection };
  }
}

/** One key's count as this replica knows it. */
interface Tally {
  /** The shared count in the latest answer from the shared store (this window). */
  shared: number;
  /** Admitted here, not yet sent to the shared store. */
  unsent: number;
  /** Sent to the shared store, its answer not back yet. */
  sending: number;
  windowEndsAt: number;
}

export interface LocalAllowanceSettings {
  /** The limit a window. */
  points: number;
  /**
   * Calls one replica may admit that the shared store has not counted yet. Far from the limit they
   * are admitted here and sent in one increment once half of them are waiting (or every
   * `flushEveryMs`); within `2 × batch` of the limit, or at the window's first call, every call
   * asks the shared store. So one replica admits exactly `points`, and N replicas together at most
   * `points + (N − 1) × 2 × batch`.
   */
  batch: number;
  flushEveryMs?: number;
  /** Keys followed at once; past it, the least recently seen are sent and forgotten. */
  maxKeys?: number;
}

/**
 * A fixed-window count shared by replicas (rate-limiter-flexible over Redis), asked only as a key
 * nears its limit: the common call costs no round trip. Counts are never lost: what was admitted
 * here reaches the shared store within `flushEveryMs`, or before this replica answers a call
 * near the limit.
 */
export class LocalAllowance {
  private readonly shared: RateLimiterAbstract;
  private readonly points: number;
  private readonly batch: number;
  private readonly maxKeys: number;
  private readonly tallies = new Map<string, Tally>();
  /** Keys with counts not yet sent. */
  private readonly waiting = new Set<string>();
  private readonly timer: NodeJS.Timeout;

  constructor(shared: RateLimiterAbstract, { points, batch, flushEveryMs = 100, maxKeys = 10_000 }: LocalAllowanceSettings) {
    this.shared = shared;
    this.points = points;
    this.batch = batch;
    this.maxKeys = maxKeys;
    this.timer = setInterval(() => {
      for (const key of this.waiting) {
        const tally = this.tallies.get(key);
        if (tally === undefined || tally.unsent === 0) this.waiting.delete(key);
        else if (tally.sending === 0) void this.send(key, tally);
      }
    }, flushEveryMs);
    this.timer.unref();
  }

  async consume(key: string): Promise<Counted> {
    const now = Date.now();
    let tally = this.tallies.get(key);
    if (tally !== undefined && tally.windowEndsAt !== 0 && now >= tally.windowEndsAt) {
      // The shared window ended with this one: what it did not count belonged to it.
      this.tallies.delete(key);
      this.waiting.delete(key);
      tally = undefined;
    }
    // Nothing is admitted here before Redis has answered for this key once: the count may be high already (another replica, a restart).
    if (tally !== undefined && now < tally.windowEndsAt && this.admitsHere(tally)) {
      tally.unsent += 1;
      this.waiting.add(key);
      // Seen now: the least recently seen key is the first in the map's order.
      this.tallies.delete(key);
      this.tallies.set(key, tally);
      if (tally.unsent * 2 >= this.batch && tally.sending === 0) void this.send(key, tally);
      return { allowed: true, consumed: tally.shared + tally.sending + tally.unsent, msBeforeNext: tally.windowEndsAt - now };
    }
    return this.ask(key, tally);
  }

  /** Sends every count not yet sent; for shutdown. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    const sends: Promise<void>[] = [];
    for (const key of this.waiting) {
      const tally = this.tallies.get(key);
      if (tally !== undefined && tally.unsent > 0) sends.push(this.send(key, tally));
    }
    await Promise.all(sends);
  }

  private admitsHere(tally: Tally): boolean {
    const uncounted = tally.sending + tally.unsent;
    return uncounted < this.batch && tally.shared + uncounted + 1 <= this.points - 2 * this.batch;
  }

  /** This call and what waits to be sent, counted in the shared store; the call is allowed if the count stays within the limit. */
  private async ask(key: string, known: Tally | undefined): Promise<Counted> {
    const tally = known ?? this.follow(key);
    const points = tally.unsent + 1;
    tally.unsent = 0;
    tally.sending += points;
    let answer: { allowed: boolean; result: RateLimiterRes };
    try {
      answer = await increment(this.shared, key, points);
    } catch (error) {
      tally.unsent += points - 1; // the ones admitted before stay to be sent; this call fails
      throw error;
    } finally {
      tally.sending -= points;
    }
    this.learn(tally, answer.result);
    return { allowed: answer.allowed, consumed: answer.result.consumedPoints, msBeforeNext: answer.result.msBeforeNext };
  }

  private async send(key: string, tally: Tally): Promise<void> {
    const points = tally.unsent;
    tally.unsent = 0;
    tally.sending += points;
    try {
      this.learn(tally, (await increment(this.shared, key, points)).result);
    } catch {
      tally.unsent += points; // sent again at the next flush
    } finally {
      tally.sending -= points;
    }
  }

  private learn(tally: Tally, result: RateLimiterRes): void {
    const windowEndsAt = Date.now() + result.msBeforeNext;
    // Answers can come back out of order; a later window, or a higher count in this one, is newer.
    if (windowEndsAt > tally.windowEndsAt + 1_000) tally.shared = result.consumedPoints;
    else tally.shared = Math.max(tally.shared, result.consumedPoints);
    tally.windowEndsAt = Math.max(tally.windowEndsAt, windowEndsAt);
  }

  private follow(key: string): Tally {
    const tally: Tally = { shared: 0, unsent: 0, sending: 0, windowEndsAt: 0 };
    this.tallies.set(key, tally);
    const oldest = this.tallies.entries().next().value;
    if (this.tallies.size > this.maxKeys && oldest !== undefined) {
      const [oldestKey, oldestTally] = oldest;
      this.tallies.delete(oldestKey);
      this.waiting.delete(oldestKey);
      if (oldestTally.unsent > 0) void this.send(oldestKey, oldestTally);
    }
    return tally;
  }
}
