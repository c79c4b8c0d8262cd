import type { Context } from 'koa';
import { z } from 'zod';
import { Problem } from '../problem.ts';

/** 1-255 visible ASCII characters: a UUID is the usual choice. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The `Idempotency-Key` request header every API POST reads, as the contract describes it. */
export const idempotencyKeyHeader = z.object({
  'Idempotency-Key': z
    .string()
    .min(1)
    .max(255)
    .regex(IDEMPOTENCY_KEY)
    .optional()
    .describe(
      'Makes the write safe to repeat: for 24 h the same key with the same request answers the first success again (its status and body, ' +
        'with `Idempotent-Replayed: true`) and does nothing twice; a repeat sent while the first still runs waits for it. ' +
        'Keys are the caller’s own (per designer and app); the same key with another request is 422 `idempotency_key_reused`. ' +
        '1-255 visible ASCII characters: a new UUID per write, reused for each retry of it.',
    ),
});

/** The header an answer carries when it is an earlier request's, given again. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** The request's `Idempotency-Key`, or undefined without one; a malformed one is 400 `invalid_idempotency_key`. */
export function idempotencyKeyOf(ctx: Context): string | undefined {
  // Absent is no key; present but empty is a client's mistake, answered like any malformed one.
  if (ctx.headers['idempotency-key'] === undefined) return undefined;
  const key = ctx.get('Idempotency-Key');
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new Problem({ status: 400, code: 'invalid_idempotency_key', detail: 'Idempotency-Key must be 1 to 255 visible ASCII characters, such as a UUID.' });
  }
  return key;
}
