import { addressKey, tokenDigest } from '@boardsync/kit';
import type { CounterStore } from '@boardsync/kit/redis';
import { FailureThrottle, type FailureBudget } from './failure-throttle.ts';

const MINUTE = 60;

/**
 * Sign-in: 10 failures per account and 50 per client IP in 15 minutes. A successful sign-in
 * forgets the account's failures (its owner has proved the password) but not the IP's, so one
 * known password cannot buy an address fresh guesses at other accounts.
 */
export const SIGN_IN_BUDGETS = {
  account: { failures: 10, windowSeconds: 15 * MINUTE, onSuccess: 'reset' },
  ip: { failures: 50, windowSeconds: 15 * MINUTE, onSuccess: 'keep' },
} as const satisfies Record<string, FailureBudget>;

/**
 * `/oauth/token`: 50 failures (invalid_client, invalid_grant) per client IP, and 100 per client that
 * proved its secret, in 5 minutes. Generous, because a busy app's server meets stale refresh tokens
 * of many designers from one address; a success never resets either count. An unproven client_id
 * (a public client, a wrong secret) is counted per address only: anyone can send one.
 */
export const TOKEN_BUDGETS = {
  client: { failures: 100, windowSeconds: 5 * MINUTE, onSuccess: 'keep' },
  ip: { failures: 50, windowSeconds: 5 * MINUTE, onSuccess: 'keep' },
} as const satisfies Record<string, FailureBudget>;

export interface Throttles {
  signIn: FailureThrottle<keyof typeof SIGN_IN_BUDGETS>;
  token: FailureThrottle<keyof typeof TOKEN_BUDGETS>;
}

export function createThrottles(store: CounterStore): Throttles {
  return { signIn: new FailureThrottle('sign-in', SIGN_IN_BUDGETS, store), token: new FailureThrottle('token', TOKEN_BUDGETS, store) };
}

/**
 * The counter key of a client address (the one the gateway established: X-Forwarded-For, auth runs
 * with `app.proxy`): IPv6 per /64, as the gateway counts it, or one subscriber's block is 2^64 budgets.
 */
export function clientKey(address: string): string {
  return addressKey(address || 'unknown');
}

/** Emails and client ids are counted by digest: no addresses in Redis, and a bounded key length. */
export function counterKey(value: string): string {
  return tokenDigest(value);
}
