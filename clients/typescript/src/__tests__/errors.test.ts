import { describe, expect, it } from '@jest/globals';
import { BatchWriteError } from '../component-batches.ts';
import { BoardsyncError, BoardsyncNetworkError, OAuthError, WebhookVerificationError } from '../errors.ts';
import { AuthError, ConflictError, NotFoundError, QuotaError, RateLimitedError, ValidationError, refusal, unwrap, unwrapIfModified } from '../refusals.ts';

const answer = (status: number, code: string, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'Refused', status, code, detail: `${code}.` }), {
    status,
    headers: { 'Content-Type': 'application/problem+json', 'X-Request-Id': 'req-42', ...headers },
  });

function thrownBy(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    return error;
  }
}

describe('the client’s errors', () => {
  it('carry the status, the code, the Problem and the request id a refusal came with', () => {
    const thrown = thrownBy(() => unwrap({ error: { code: 'not_found', detail: 'No such project.' }, response: answer(404, 'not_found') }));
    expect(thrown).toBeInstanceOf(NotFoundError);
    expect(thrown).toBeInstanceOf(BoardsyncError);
    expect(thrown).toMatchObject({ name: 'NotFoundError', status: 404, code: 'not_found', requestId: 'req-42' });
  });

  it('reads a 304 as not modified, never as a refusal; a changed answer with its new ETag; a refusal still thrown', () => {
    const notModified = new Response(null, { status: 304, headers: { ETag: '"v1"' } });
    expect(unwrapIfModified({ response: notModified })).toEqual({ modified: false, etag: '"v1"' });
    const changed = new Response('{}', { status: 200, headers: { ETag: '"v2"' } });
    expect(unwrapIfModified({ data: { id: 7 }, response: changed })).toEqual({ modified: true, data: { id: 7 }, etag: '"v2"' });
    expect(thrownBy(() => unwrapIfModified({ error: { code: 'not_found' }, response: answer(404, 'not_found') }))).toBeInstanceOf(NotFoundError);
  });

  it.each([
    [422, 'validation_failed', ValidationError],
    [400, 'invalid_json', ValidationError],
    [413, 'payload_too_large', ValidationError],
    [401, 'invalid_token', AuthError],
    [403, 'insufficient_scope', AuthError],
    [403, 'plan_limit_reached', QuotaError],
    [422, 'storage_quota_exceeded', QuotaError],
    [404, 'not_found', NotFoundError],
    [410, 'cursor_expired', NotFoundError],
    [409, 'project_locked', ConflictError],
    [429, 'rate_limited', RateLimitedError],
  ])('a %i %s is a %p', async (status, code, family) => {
    const error = await refusal(answer(status, code));
    expect([error instanceof family, error.code]).toEqual([true, code]);
    const others = [ValidationError, AuthError, QuotaError, NotFoundError, ConflictError, RateLimitedError].filter((other) => other !== family);
    expect(others.filter((other) => error instanceof other)).toEqual([]);
  });

  it('tells a rate-limited caller how long to wait, and leaves a 5xx a plain BoardsyncError', async () => {
    expect(await refusal(answer(429, 'rate_limited', { 'Retry-After': '17' }))).toMatchObject({ retryAfterSeconds: 17 });
    const unavailable = await refusal(answer(503, 'service_unavailable'));
    expect([unavailable instanceof BoardsyncError, unavailable instanceof ValidationError, unavailable.name]).toEqual([true, false, 'BoardsyncError']);
  });

  // Across the package's two builds, each loaded once in one process: test/suites/package.ts.
  it('are told apart by instanceof, each class by its own mark', () => {
    const made = [
      new BoardsyncError(answer(500, 'internal'), undefined),
      new BoardsyncNetworkError(new Request('https://boardsync.example/'), 1, new Error('x')),
    ];
    expect(made.map((error) => error instanceof BoardsyncError)).toEqual([true, false]);
    expect(made.map((error) => error instanceof BoardsyncNetworkError)).toEqual([false, true]);
    expect([new OAuthError('invalid_grant', 'x') instanceof OAuthError, new WebhookVerificationError('x') instanceof WebhookVerificationError]).toEqual([
      true,
      true,
    ]);
    expect(new BatchWriteError({} as never, 0, made[0] as BoardsyncError) instanceof BatchWriteError).toBe(true);
    expect(new Error('plain') instanceof BoardsyncError).toBe(false);
  });
});
