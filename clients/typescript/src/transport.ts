import type { TokenSource } from './credentials.ts';
import { isIdempotent, retryDelaySeconds, type RetryPolicy } from './retry-policy.ts';

export interface TransportOptions {
  /** Only requests to this origin carry the token: a link to elsewhere never receives it. */
  origin: string;
  tokens: TokenSource;
  retry: RetryPolicy;
  fetch: (request: Request) => Promise<Response>;
  sleep: (milliseconds: number) => Promise<void>;
}

export type Transport = (request: Request) => Promise<Response>;

/**
 * Every request the client sends: the bearer token on the API's origin; one refresh and one replay
 * after a 401 (the API refused it before doing anything, so replaying is safe for any method); and
 * waiting out `Retry-After` on 429/503 for requests that may be sent twice.
 */
export function createTransport(options: TransportOptions): Transport {
  const { origin, tokens, retry } = options;
  return async (request) => {
    const ours = new URL(request.url).origin === origin;
    let token = ours ? await tokens.current() : undefined;
    let refreshed = false;
    for (let retries = 0; ;) {
      const attempt = request.clone();
      if (token !== undefined) attempt.headers.set('Authorization', `Bearer ${token}`);
      const response = await options.fetch(attempt);
      if (response.status === 401 && token !== undefined && tokens.refresh && !refreshed) {
        refreshed = true;
        await discard(response);
        token = await tokens.refresh(token);
        continue;
      }
      const delay = retries < retry.maxRetries && isIdempotent(request) ? retryDelaySeconds(response, retry) : undefined;
      if (delay === undefined) return response;
      retries += 1;
      await discard(response);
      await options.sleep(delay * 1000);
    }
  };
}

/** A body nobody will read still holds its connection until it is consumed or cancelled. */
async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}
