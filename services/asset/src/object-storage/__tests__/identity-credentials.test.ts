import { describe, expect, it } from '@jest/globals';
import { testLogger } from '@boardsync/kit/testing';
import { CredentialsUnavailable, IdentityCredentials, type FetchedCredentials } from '../identity-credentials.ts';
import { StoreUnavailable, reachingStore } from '../store-unavailable.ts';

const MINUTE = 60_000;

/** A clock the test moves, and a source answering credentials numbered 1, 2 … that last `lifetimeMs` (or failing while `failing`). */
function world(lifetimeMs: number | undefined) {
  const state = { now: 1_000_000, fetches: 0, failing: false };
  const source = async (): Promise<FetchedCredentials> => {
    state.fetches += 1;
    const number = String(state.fetches);
    await Promise.resolve();
    if (state.failing) throw new Error('STS says no');
    return {
      accessKeyId: `key-${number}`,
      secretAccessKey: `secret-${number}`,
      sessionToken: `session-${number}`,
      ...(lifetimeMs === undefined ? {} : { expiration: new Date(state.now + lifetimeMs) }),
    };
  };
  const logger = testLogger();
  return { state, logger, provider: new IdentityCredentials(source, logger, () => state.now) };
}

describe('IdentityCredentials', () => {
  it('answers the held credentials until a quarter of their life is left, then renews them', async () => {
    const { state, provider } = world(20 * MINUTE);
    expect((await provider.getCredentials()).getAccessKey()).toBe('key-1');
    expect((await provider.getCredentials()).getSessionToken()).toBe('session-1');
    state.now += 15 * MINUTE - 1;
    expect((await provider.getCredentials()).getAccessKey()).toBe('key-1');
    state.now += 1;
    expect((await provider.getCredentials()).getAccessKey()).toBe('key-2');
    expect(state.fetches).toBe(2);
  });

  it('renews long-lived credentials five minutes before they expire, not at three quarters of their life', async () => {
    const { state, provider } = world(12 * 60 * MINUTE);
    await provider.getCredentials();
    state.now += 12 * 60 * MINUTE - 5 * MINUTE - 1;
    expect((await provider.getCredentials()).getAccessKey()).toBe('key-1');
    state.now += 1;
    expect((await provider.getCredentials()).getAccessKey()).toBe('key-2');
  });

  it('never renews credentials without an expiry', async () => {
    const { state, provider } = world(undefined);
    await provider.getCredentials();
    state.now += 365 * 24 * 60 * MINUTE;
    expect((await provider.getCredentials()).getAccessKey()).toBe('key-1');
    expect(state.fetches).toBe(1);
  });

  it('renews once however many requests ask at the same moment', async () => {
    const { state, provider } = world(20 * MINUTE);
    await provider.getCredentials();
    state.now += 16 * MINUTE;
    const answers = await Promise.all(Array.from({ length: 10 }, () => provider.getCredentials()));
    expect(new Set(answers.map((answer) => answer.getAccessKey()))).toEqual(new Set(['key-2']));
    expect(state.fetches).toBe(2);
  });

  it('goes on with the held credentials while they are valid if renewing fails, and logs the failure', async () => {
    const { state, provider, logger } = world(20 * MINUTE);
    await provider.getCredentials();
    state.now += 16 * MINUTE;
    state.failing = true;
    expect((await provider.getCredentials()).getAccessKey()).toBe('key-1');
    expect(logger.lines().find((line) => line.msg === 'renewing the S3 credentials failed')).toMatchObject({ level: 'warn' });
    state.failing = false;
    // Not asked again at once: one attempt per 5 s while the held ones serve.
    expect((await provider.getCredentials()).getAccessKey()).toBe('key-1');
    expect(state.fetches).toBe(2);
    state.now += 5_000;
    expect((await provider.getCredentials()).getAccessKey()).toBe('key-3');
  });

  it('fails with CredentialsUnavailable once none are valid, which the store answers as unreachable (503)', async () => {
    const { state, provider } = world(20 * MINUTE);
    await provider.getCredentials();
    state.now += 20 * MINUTE;
    state.failing = true;
    await expect(provider.getCredentials()).rejects.toBeInstanceOf(CredentialsUnavailable);
    // minio wraps what its provider threw.
    const wrapped = provider.getCredentials().catch((error: unknown) => {
      throw new Error(`Unable to get credentials: ${String(error)}`, { cause: error });
    });
    await expect(reachingStore(wrapped)).rejects.toBeInstanceOf(StoreUnavailable);
  });
});
