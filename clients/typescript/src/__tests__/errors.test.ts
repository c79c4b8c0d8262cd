import { describe, expect, it } from '@jest/globals';
import { BatchWriteError } from '../component-batches.ts';
import { BoardsyncError, BoardsyncNetworkError, OAuthError, WebhookVerificationError, unwrap } from '../errors.ts';

const refusal = (): Response =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404, code: 'not_found', detail: 'No such project.' }), {
    status: 404,
    headers: { 'Content-Type': 'application/problem+json', 'X-Request-Id': 'req-42' },
  });

describe('the client’s errors', () => {
  it('carry the status, the code, the Problem and the request id a refusal came with', async () => {
    const response = refusal();
    const thrown = (() => {
      try {
        return unwrap({ error: JSON.parse(JSON.stringify({ code: 'not_found', detail: 'No such project.' })) as unknown, response });
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(BoardsyncError);
    expect(thrown).toMatchObject({ status: 404, code: 'not_found', requestId: 'req-42' });
    await response.body?.cancel();
  });

  // Across the package's two builds, each loaded once in one process: test/suites/package.ts.
  it('are told apart by instanceof, each class by its own mark', () => {
    const made = [new BoardsyncError(refusal(), undefined), new BoardsyncNetworkError(new Request('https://boardsync.example/'), 1, new Error('x'))];
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
