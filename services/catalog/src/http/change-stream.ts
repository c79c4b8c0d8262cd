import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
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

/**
 * Writes `frame` to the socket now. Node corks a response's socket on write until the next tick,
 * and one commit wakes a designer's streams within one run of the microtask queue: every stream's
 * event would wait for all of them to be made before the first reached the network (the gateway
 * then idled while this process worked, and forwarded only after). Returns what `write` does.
 */
function sendNow(res: ServerResponse, frame: string): boolean {
  const { socket } = res;
  const wasCorked = socket?.writableCorked ?? 0;
  const written = res.write(frame);
  if (socket && socket.writableCorked > wasCorked) socket.uncork();
  return written;
}

/** Whether the caller asked for the changes as server-sent events (`Accept: text/event-stream`) rather than a JSON page. */
export function wantsEventStream(ctx: Context): boolean {
  return ctx.accepts('application/json', 'text/event-stream') === 'text/event-stream';
}

/**
 * Answers with the stream as server-sent events: `retry:` first, then one `change` event per
 * change (its cursor the event's id, so `Last-Event-ID` resumes after it), and a comment when
 * quiet. Each event goes straight to the response, never buffered whole and with no stream of our
 * own between (a thousand streams woken by one commit each paid a PassThrough and Koa's pipe per
 * event); Koa leaves the response to us. The stream ends when the use case's does (its time bound)
 * or the caller leaves.
 */
export function answerWithEventStream(ctx: Context, stream: ChangeStream, { logger, metrics }: { logger: Logger; metrics: ChangeMetrics }): void {
  const { res } = ctx;
  const gone = hangUpSignal(ctx);
  ctx.status = 200;
  ctx.set('Content-Type', 'text/event-stream; charset=utf-8');
  ctx.set('Cache-Control', 'no-store');
  // Tells a buffering proxy in front (nginx) to pass each event on as it comes.
  ctx.set('X-Accel-Buffering', 'no');
  ctx.respond = false;
  res.flushHeaders();

  const drained = async (): Promise<void> => {
    try {
      await once(res, 'drain', { signal: AbortSignal.any([gone, AbortSignal.timeout(STALLED_READER_MS)]) });
    } catch (error) {
      // A reader that stalled is cut off, not ended cleanly behind what it never read: it resumes from its last whole event.
      res.destroy();
      throw error;
    }
  };
  void (async () => {
    try {
      if (!sendNow(res, `retry: ${String(RECONNECT_MS)}\n\n`)) await drained();
      for await (const step of stream.steps(gone)) {
        if (step.kind === 'heartbeat') {
          if (!sendNow(res, ': still here\n\n')) await drained();
          continue;
        }
        for (const { change, cursor } of step.page.changes) {
          metrics.answered(change.occurredAt);
          if (!sendNow(res, frameOf(change, cursor))) await drained();
        }
      }
    } catch (error) {
      if (!gone.aborted) logger.warn({ err: error }, 'changes stream ended early');
    } finally {
      stream.close();
      if (!res.destroyed) res.end();
    }
  })();
}
