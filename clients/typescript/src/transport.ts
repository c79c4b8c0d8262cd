import type { TokenSource } from './credentials.ts';
import { BoardsyncNetworkError } from './errors.ts';
import { retryDelayMs, withIdempotencyKey, type Attempt, type RetryPolicy } from './retry-policy.ts';
import { USER_AGENT } from './version.ts';

export interface TransportOptions {
  /** Only requests to this origin carry the token: a link to elsewhere never receives it. */
  origin: string;
  tokens: TokenSource;
  retry: RetryPolicy;
  /** How long one attempt may take, its answer's body included, before it is abandoned. */
  timeoutMs: number;
  fetch: (request: Request) => Promise<Response>;
  sleep: (milliseconds: number, signal: AbortSignal) => Promise<void>;
}

export type Transport = (request: Request) => Promise<Response>;

/**
 * Every request the client sends: the bearer token on the API's origin, and an `Idempotency-Key` on
 * its POSTs when the caller gave none (the same one on every attempt); one refresh and one replay
 * after a 401 (the API refused it before doing anything, so replaying is safe for any method); each
 * attempt bounded by the timeout and by the caller's `signal`; and the retries of `retryDelayMs`.
 * The caller's abort ends it at once, with the abort's reason; attempts that got no answer end in a
 * `BoardsyncNetworkError`.
 */
export function createTransport(options: TransportOptions): Transport {
  const { origin, tokens, retry } = options;
  return async (request) => {
    const caller = request.signal;
    const ours = new URL(request.url).origin === origin;
    if (ours) withIdempotencyKey(request);
    let token = ours ? await tokens.current() : undefined;
    let refreshed = false;
    for (let retries = 0; ;) {
      caller.throwIfAborted();
      const attempt = new Request(request.clone(), { signal: AbortSignal.any([caller, AbortSignal.timeout(options.timeoutMs)]) });
      if (token !== undefined) attempt.headers.set('Authorization', `Bearer ${token}`);
      if (!attempt.headers.has('User-Agent')) attempt.headers.set('User-Agent', USER_AGENT);
      const outcome = await send(options.fetch, attempt);
      if ('response' in outcome && outcome.response.status === 401 && token !== undefined && tokens.refresh && !refreshed) {
        refreshed = true;
        await discard(outcome.response);
        token = await tokens.refresh(token);
        continue;
      }
      caller.throwIfAborted();
      const delay = retryDelayMs(request, outcome, retries, retry);
      if (delay === undefined) {
        if ('response' in outcome) return outcome.response;
        throw new BoardsyncNetworkError(request, retries + 1, outcome.failure);
      }
      retries += 1;
      if ('response' in outcome) await discard(outcome.response);
      await options.sleep(delay, caller);
    }
  };
}

async function send(fetch: TransportOptions['fetch'], request: Request): Promise<Attempt> {
  try {
    return { response: await fetch(request) };
  } catch (failure) {
    return { failure };
  }
}

/** Waits, or stops waiting when `signal` aborts (rejecting with its reason). */
export function abortableSleep(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, milliseconds);
    signal.addEventListener('abort', stop, { once: true });
  });
}

/** A body nobody will read still holds its connection until it is consumed or cancelled. */
async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}
