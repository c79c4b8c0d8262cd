/** The part of a rate-limiter-flexible limiter a give-back needs (kept structural: the kit does not depend on the library). */
export interface CountingLimiter {
  get(key: string): Promise<{ consumedPoints: number } | null>;
  reward(key: string, points?: number): Promise<unknown>;
}

/**
 * Gives one reserved point back, never below zero. A plain `reward` on a key whose window just
 * ended would start the next window at -1, a free extra attempt an attacker can buy by timing
 * requests to the window's end.
 */
export async function giveBackOne(limiter: CountingLimiter, key: string): Promise<void> {
  const current = await limiter.get(key);
  if (current !== null && current.consumedPoints > 0) await limiter.reward(key, 1);
}
