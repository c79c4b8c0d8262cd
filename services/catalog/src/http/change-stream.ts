import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import type { Logger } from '@boardsync/kit';
import type { StoredChange } from '../store/change-log.ts';
import type { ChangeStream } from '../use-cases/follow-changes.ts';
import type { ChangeMetrics } from './change-metrics.ts';
import { hangUpSignal } from './hang-up.ts';
import { presentChange } from './change-presenter.ts';

/** How long a client may leave the stream's buffer full before it is cut off (it resumes from its last event). */
const STALLED_READER_MS = 30_000;
/** What an EventSource waits before it reconnects after the stream ends. */
const RECONNECT_MS = 1_000;

/**
 * A change's event, made once however many streams send it: the streams of one designer woken
 * together share one read (use-cases/shared-change-reads.ts), so the same change object, whose
 * cursor is the same for all of them.
 */
const frames = new WeakMap<StoredChange, string>();
function frameOf(change: StoredChange, cursor: string): string {
  let frame = frames.get(change);
  if (frame === undefined) frames.set(change, (frame = `id: ${cursor}\nevent: change\ndata: ${JSON.stringify(presentChange(change, cursor))}\n\n`));
  return frame;
}

/** Whether the caller asked for the changes as server-sent events (`Accept: text/event-stream`) rather than a JSON page. */
export function wantsEventStream(ctx: Context): boolean {
  return ctx.accepts('application/json', 'text/event-stream') === 'text/event-stream';
}

/**
 * Answers with the stream as server-sent events: `retry:` first, then one `change` event per
 * change (its cursor the event's id, so `Last-Event-ID` resumes after it), and a comment when
 * quiet. The body is written as the changes come and never buffered whole; the stream ends when
 * the use case's does (its time bound) or the caller leaves.
 */
export function answerWithEventStream(ctx: Context, stream: ChangeStream, { logger, metrics }: { logger: Logger; metrics: ChangeMetrics }): void {
  const body = new PassThrough();
  const gone = hangUpSignal(ctx);
  ctx.status = 200;
  ctx.set('Content-Type', 'text/event-stream; charset=utf-8');
  ctx.set('Cache-Control', 'no-store');
  // Tells a buffering proxy in front (nginx) to pass each event on as it comes.
  ctx.set('X-Accel-Buffering', 'no');
  ctx.body = body;

  const write = async (frame: string): Promise<void> => {
    if (body.write(frame)) return;
    await once(body, 'drain', { signal: AbortSignal.any([gone, AbortSignal.timeout(STALLED_READER_MS)]) });
  };
  void (async () => {
    try {
      await write(`retry: ${String(RECONNECT_MS)}\n\n`);
      for await (const step of stream.steps(gone)) {
        if (step.kind === 'heartbeat') await write(': still here\n\n');
        else
          for (const { change, cursor } of step.page.changes) {
            metrics.answered(change.occurredAt);
            await write(frameOf(change, cursor));
          }
      }
    } catch (error) {
      if (!gone.aborted) logger.warn({ err: error }, 'changes stream ended early');
    } finally {
      stream.close();
      body.end();
    }
  })();
}
