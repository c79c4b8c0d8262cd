import type { EntityManager } from '@mikro-orm/sql';
import type { Context } from 'koa';
import { principalOf } from '../principal.ts';
import { claimKey, fingerprintOf, onceUnder } from './held-key.ts';
import { idempotencyKeyOf, REPLAYED_HEADER } from './idempotency-key.ts';

/** What an API POST answers: its status and JSON body, as kept for a replay. */
export interface Answer {
  status: number;
  body: unknown;
}

/** Records a write's result inside the transaction that made it: the write and its remembered answer commit together. */
export type Remember<R> = (tx: EntityManager, result: R) => Promise<void>;

export interface OnceWrite<R> {
  /** Runs the write; it calls `remember` inside its transaction with its result (a write without a key is given one that records nothing). */
  run: (remember: Remember<R>) => Promise<R>;
  /** The answer to a result: presenters only, no I/O, since it is also made inside the write's transaction. */
  answer: (result: R) => Answer;
  /**
   * What is kept of an answer, when part of it must not be stored as sent (a webhook's secret), and
   * how a kept one is made the answer again. Without it the answer is kept as it is.
   */
  kept?: { keep: (answer: Answer) => Answer; restore: (kept: Answer) => Answer };
}

export interface KeptAnswers {
  ttlHours: number;
  /** How long a repeat waits for the first request with its key (held-key.ts). */
  waitMs?: number;
}

/**
 * Answers an API POST at most once per `Idempotency-Key` (the kit's key records, per designer and
 * app): a repeat of a write that succeeded gets its status and body again, marked `Idempotent-Replayed`,
 * and nothing is written twice. The answer is recorded in the write's own transaction, so a crash
 * between its commit and the answer cannot let a retry write again. The request is the method, the
 * path and the parsed body: the same key on another one is 422.
 */
export async function answerOnce<R>(ctx: Context, em: EntityManager, kept: KeptAnswers, write: OnceWrite<R>): Promise<void> {
  const key = idempotencyKeyOf(ctx);
  const { designerId, source } = principalOf(ctx);
  const scope = key === undefined ? undefined : { designerId, source, key };
  const fingerprint = fingerprintOf({ method: ctx.method, path: ctx.path, body: (ctx.request as { body?: unknown }).body ?? null });
  const held = await claimKey<Answer>(em, scope, fingerprint, kept.ttlHours, kept.waitMs);
  const keep = write.kept?.keep ?? ((answer: Answer) => answer);
  const { result, replayed } = await onceUnder(held, async (remember) => write.answer(await write.run((tx, done) => remember(tx, keep(write.answer(done))))));
  const { status, body } = replayed && write.kept ? write.kept.restore(result) : result;
  ctx.status = status;
  ctx.body = body;
  if (replayed) ctx.set(REPLAYED_HEADER, 'true');
}
