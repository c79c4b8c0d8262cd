import { describe, expect, it } from '@jest/globals';
import type { TokenSource } from '../credentials.ts';
import { DEFAULT_RETRY_POLICY, parseRetryAfter } from '../retry-policy.ts';
import { createTransport } from '../transport.ts';

const ORIGIN = 'https://boardsync.example';

/** A transport over scripted answers, recording what it sent and how long it waited. */
function scripted(answers: Response[], tokens: TokenSource = { current: () => 'bsp_token' }) {
  const sent: { method: string; url: string; authorization: string | null; idempotencyKey: string | null; body: string }[] = [];
  const waited: number[] = [];
  const transport = createTransport({
    origin: ORIGIN,
    tokens,
    retry: DEFAULT_RETRY_POLICY,
    fetch: async (request) => {
      sent.push({
        method: request.method,
        url: request.url,
        authorization: request.headers.get('authorization'),
        idempotencyKey: request.headers.get('idempotency-key'),
        body: await request.text(),
      });
      const answer = answers.shift();
      if (!answer) throw new Error('no answer scripted');
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
  it('waits out Retry-After on 429 and 503 for a GET, then answers what came last', async () => {
    const { transport, sent, waited } = scripted([status(429, { 'Retry-After': '2' }), status(503, { 'Retry-After': '1' }), status(200)]);
    expect((await transport(new Request(`${ORIGIN}/api/v1/me`))).status).toBe(200);
    expect(waited).toEqual([2000, 1000]);
    expect(sent).toHaveLength(3);
  });

  it('sends a POST once, unless it carries an Idempotency-Key, and then the same body again', async () => {
    const once = scripted([status(429, { 'Retry-After': '1' })]);
    expect((await once.transport(new Request(`${ORIGIN}/api/v1/projects`, { method: 'POST', body: '{"name":"x"}' }))).status).toBe(429);
    expect(once.sent).toHaveLength(1);

    const keyed = scripted([status(503, { 'Retry-After': '1' }), status(201)]);
    const request = new Request(`${ORIGIN}/api/v1/projects/1/assets/from-url`, {
      method: 'POST',
      headers: { 'Idempotency-Key': 'k-1' },
      body: '{"url":"https://a.example/x.png"}',
    });
    expect((await keyed.transport(request)).status).toBe(201);
    expect(keyed.sent.map(({ idempotencyKey, body }) => [idempotencyKey, body])).toEqual([
      ['k-1', '{"url":"https://a.example/x.png"}'],
      ['k-1', '{"url":"https://a.example/x.png"}'],
    ]);
  });

  it('gives up after the policy’s retries, and never waits past its longest wait', async () => {
    const many = scripted(Array.from({ length: 5 }, () => status(429, { 'Retry-After': '1' })));
    expect((await many.transport(new Request(`${ORIGIN}/api/v1/me`))).status).toBe(429);
    expect(many.sent).toHaveLength(1 + DEFAULT_RETRY_POLICY.maxRetries);
    const long = scripted([status(429, { 'Retry-After': '3600' })]);
    expect((await long.transport(new Request(`${ORIGIN}/api/v1/me`))).status).toBe(429);
    expect(long.waited).toEqual([]);
    const none = scripted([status(503)]);
    expect((await none.transport(new Request(`${ORIGIN}/api/v1/me`))).status).toBe(503);
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
