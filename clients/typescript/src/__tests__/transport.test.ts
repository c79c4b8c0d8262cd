import { describe, expect, it } from '@jest/globals';
import type { TokenSource } from '../credentials.ts';
import { BoardsyncNetworkError } from '../errors.ts';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, retryDelayMs } from '../retry-policy.ts';
import { abortableSleep, createTransport } from '../transport.ts';
import packageJson from '../../package.json' with { type: 'json' };

const ORIGIN = 'https://boardsync.example';

type Answer = Response | Error | 'hang';

/** A transport over scripted answers (an Error is a failed network, `hang` an answer that never comes), recording what it sent and how long it waited. */
function scripted(answers: Answer[], tokens: TokenSource = { current: () => 'bsp_token' }, timeoutMs = 30_000) {
  const sent: { method: string; url: string; authorization: string | null; idempotencyKey: string | null; userAgent: string | null; body: string }[] = [];
  const waited: number[] = [];
  const transport = createTransport({
    origin: ORIGIN,
    tokens,
    retry: DEFAULT_RETRY_POLICY,
    timeoutMs,
    fetch: async (request) => {
      sent.push({
        method: request.method,
        url: request.url,
        authorization: request.headers.get('authorization'),
        idempotencyKey: request.headers.get('idempotency-key'),
        userAgent: request.headers.get('user-agent'),
        body: await request.text(),
      });
      const answer = answers.shift();
      if (!answer) throw new Error('no answer scripted');
      if (answer === 'hang') {
        return new Promise<Response>((_, reject) => {
          request.signal.addEventListener(
            'abort',
            () => {
              reject(request.signal.reason as Error);
            },
            { once: true },
          );
        });
      }
      if (answer instanceof Error) throw answer;
      return answer;
    },
    sleep: (milliseconds) => {
      waited.push(milliseconds);
      return Promise.resolve();
    },
  });
  return { transport, sent, waited };
}

const status = (code: number, headers: Record<string, string> = {}) => new Response(null, { status: code, headers });

describe('the client transport', () => {
  it('names the client and its version in the User-Agent, unless the tool named itself', async () => {
    const { transport, sent } = scripted([status(200), status(200)]);
    await transport(new Request(`${ORIGIN}/api/v1/me`));
    await transport(new Request(`${ORIGIN}/api/v1/me`, { headers: { 'User-Agent': 'deck-tool/2.1' } }));
    expect(sent.map(({ userAgent }) => userAgent)).toEqual([`boardsync-client-typescript/${packageJson.version}`, 'deck-tool/2.1']);
  });

  it('waits out Retry-After on 429 and 503 for a GET, then answers what came last', async () => {
    const { transport, sent, waited } = scripted([status(429, { 'Retry-After': '2' }), status(503, { 'Retry-After': '1' }), status(200)]);
    expect((await transport(new Request(`${ORIGIN}/api/v1/me`))).status).toBe(200);
    expect(waited).toEqual([2000, 1000]);
    expect(sent).toHaveLength(3);
  });

  it('waits out a 429 for any request, a POST too: the API refused it before doing anything', async () => {
    const { transport, sent, waited } = scripted([status(429, { 'Retry-After': '1' }), status(201)]);
    expect((await transport(new Request(`${ORIGIN}/api/v1/projects`, { method: 'POST', body: '{"name":"x"}' }))).status).toBe(201);
    expect(sent.map(({ body }) => body)).toEqual(['{"name":"x"}', '{"name":"x"}']);
    expect(waited).toEqual([1000]);
  });

  it('gives every API POST one Idempotency-Key of its own, sent on each of its retries after a 502, 503, 504 or a failed network', async () => {
    const keyed = scripted([status(502), new TypeError('fetch failed'), status(504), status(201)]);
    expect((await keyed.transport(new Request(`${ORIGIN}/api/v1/projects`, { method: 'POST', body: '{"name":"x"}' }))).status).toBe(201);
    const [key] = keyed.sent.map(({ idempotencyKey }) => idempotencyKey);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keyed.sent.map(({ idempotencyKey, body }) => [idempotencyKey, body])).toEqual(Array.from({ length: 4 }, () => [key, '{"name":"x"}']));
    // Without a Retry-After each wait is a jittered backoff under a doubling ceiling.
    expect(keyed.waited.every((wait, retry) => wait >= 0 && wait < DEFAULT_RETRY_POLICY.backoffBaseMs * 2 ** retry)).toBe(true);

    // Another call is another write: a key of its own. A caller's own key is the one sent.
    const next = scripted([status(201), status(503), status(201)]);
    await next.transport(new Request(`${ORIGIN}/api/v1/projects`, { method: 'POST', body: '{"name":"x"}' }));
    await next.transport(new Request(`${ORIGIN}/api/v1/webhooks`, { method: 'POST', headers: { 'Idempotency-Key': 'mine-1' }, body: '{}' }));
    expect(next.sent.map(({ idempotencyKey }) => idempotencyKey)).toEqual([expect.not.stringMatching(key ?? ''), 'mine-1', 'mine-1']);
  });

  it('repeats no POST outside the API, which honours no key, after a 503 or a failed network', async () => {
    const token = scripted([status(503, { 'Retry-After': '1' })]);
    const exchange = new Request(`${ORIGIN}/oauth/token`, { method: 'POST', body: 'grant_type=refresh_token&refresh_token=x' });
    expect((await token.transport(exchange)).status).toBe(503);
    expect(token.sent.map(({ idempotencyKey }) => idempotencyKey)).toEqual([null]);
    const lost = scripted([new TypeError('fetch failed')]);
    await expect(lost.transport(new Request(`${ORIGIN}/oauth/revoke`, { method: 'POST', body: 'token=x' }))).rejects.toMatchObject({
      name: 'BoardsyncNetworkError',
      attempts: 1,
    });
  });

  it('abandons an attempt past the timeout, retries what is safe, then says it timed out', async () => {
    const { transport, sent } = scripted(['hang', 'hang', 'hang', 'hang'], undefined, 20);
    const failure = await transport(new Request(`${ORIGIN}/api/v1/me`)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BoardsyncNetworkError);
    expect(failure).toMatchObject({ attempts: 1 + DEFAULT_RETRY_POLICY.maxRetries, timedOut: true, method: 'GET' });
    expect(sent).toHaveLength(4);
  });

  it('ends at once when the caller aborts, during an attempt or a wait, with the abort’s reason', async () => {
    const during = scripted(['hang']);
    const controller = new AbortController();
    const pending = during.transport(new Request(`${ORIGIN}/api/v1/me`, { signal: controller.signal }));
    setTimeout(() => {
      controller.abort(new Error('the user closed the tool'));
    }, 20);
    await expect(pending).rejects.toThrow('the user closed the tool');
    expect(during.sent).toHaveLength(1);

    const waiting = new AbortController();
    setTimeout(() => {
      waiting.abort(new Error('stop waiting'));
    }, 10);
    await expect(abortableSleep(60_000, waiting.signal)).rejects.toThrow('stop waiting');
  });

  it('gives up after the policy’s retries, and never waits past its longest wait', async () => {
    const many = scripted(Array.from({ length: 5 }, () => status(429, { 'Retry-After': '1' })));
    expect((await many.transport(new Request(`${ORIGIN}/api/v1/me`))).status).toBe(429);
    expect(many.sent).toHaveLength(1 + DEFAULT_RETRY_POLICY.maxRetries);
    const long = scripted([status(429, { 'Retry-After': '3600' })]);
    expect((await long.transport(new Request(`${ORIGIN}/api/v1/me`))).status).toBe(429);
    expect(long.waited).toEqual([]);
    // A 500 is the service's own failure, not a passing one: it comes back at once.
    const broken = scripted([status(500)]);
    expect((await broken.transport(new Request(`${ORIGIN}/api/v1/me`))).status).toBe(500);
  });

  it('refreshes once after a 401 and replays any method with the new token', async () => {
    const refreshed: string[] = [];
    const tokens: TokenSource = {
      current: () => 'bsa_old',
      refresh: (stale) => {
        refreshed.push(stale);
        return Promise.resolve('bsa_new');
      },
    };
    const { transport, sent } = scripted([status(401), status(201), status(401), status(401)], tokens);
    const post = () => new Request(`${ORIGIN}/api/v1/projects`, { method: 'POST', body: '{"name":"x"}' });
    expect((await transport(post())).status).toBe(201);
    expect(sent.map(({ authorization, body }) => [authorization, body])).toEqual([
      ['Bearer bsa_old', '{"name":"x"}'],
      ['Bearer bsa_new', '{"name":"x"}'],
    ]);
    // A token refused again after its refresh is the answer: no loop.
    expect((await transport(post())).status).toBe(401);
    expect(refreshed).toEqual(['bsa_old', 'bsa_old']);
  });

  it('sends the token only to the API’s own origin', async () => {
    const { transport, sent } = scripted([status(200), status(200)]);
    await transport(new Request(`${ORIGIN}/api/v1/me`));
    await transport(new Request('https://elsewhere.example/api/v1/me'));
    expect(sent.map(({ authorization }) => authorization)).toEqual(['Bearer bsp_token', null]);
  });
});

describe('retryDelayMs', () => {
  const get = new Request(`${ORIGIN}/api/v1/me`);
  it('honours Retry-After up to the policy’s longest wait, and backs off with full jitter without one', () => {
    const answer = (code: number, headers: Record<string, string> = {}) => ({ response: status(code, headers) });
    expect(retryDelayMs(get, answer(429, { 'Retry-After': '2' }), 0, DEFAULT_RETRY_POLICY)).toBe(2000);
    expect(retryDelayMs(get, answer(429, { 'Retry-After': '61' }), 0, DEFAULT_RETRY_POLICY)).toBeUndefined();
    expect(retryDelayMs(get, answer(503), 2, DEFAULT_RETRY_POLICY, () => 0.999)).toBe(1998);
    expect(retryDelayMs(get, answer(503), 2, { ...DEFAULT_RETRY_POLICY, backoffMaxMs: 1000 }, () => 0.5)).toBe(500);
    expect(retryDelayMs(get, answer(503), DEFAULT_RETRY_POLICY.maxRetries, DEFAULT_RETRY_POLICY)).toBeUndefined();
    expect(retryDelayMs(get, answer(500), 0, DEFAULT_RETRY_POLICY)).toBeUndefined();
    expect(retryDelayMs(get, answer(404), 0, DEFAULT_RETRY_POLICY)).toBeUndefined();
  });
});

describe('parseRetryAfter', () => {
  it.each([
    ['7', 7],
    [' 0 ', 0],
    ['Wed, 25 Nov 2026 10:00:30 GMT', 30],
    ['Wed, 25 Nov 2026 09:00:00 GMT', 0],
    ['soon', undefined],
    ['-1', undefined],
  ])('reads %j as %j seconds', (value, seconds) => {
    expect(parseRetryAfter(value, Date.parse('2026-11-25T10:00:00Z'))).toBe(seconds);
  });
});
