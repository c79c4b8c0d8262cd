import { BoardsyncError } from './errors.ts';
import { refusal, unwrap } from './refusals.ts';
import { serverSentEvents } from './event-stream.ts';
import type { Client } from 'openapi-fetch';
import type { components, paths } from './openapi.gen.ts';
import type { RetryPolicy } from './retry-policy.ts';
import type { Transport } from './transport.ts';

export type Change = components['schemas']['Change'];
export type ChangePage = paths['/api/v1/changes']['get']['responses'][200]['content']['application/json'];

export interface ChangesQuery {
  /** A cursor: from `head()`, a change's `cursor`, or a page's `meta.cursor`. */
  after?: string;
  /** Only this project's changes. */
  project?: number;
  /** Changes per page (100 by default, 500 at most). */
  limit?: number;
}

export interface FollowOptions extends ChangesQuery {
  /** Ends the following (the iterator then returns). */
  signal?: AbortSignal;
  /**
   * `stream` (server-sent events, the default) or `long-poll`. A stream that something in between
   * answers without streaming turns into long-polling by itself; choose `long-poll` where a proxy
   * is known to hold streamed answers back.
   */
  mode?: 'stream' | 'long-poll';
}

export interface ChangesApi {
  /** The feed's current end: take it before listing what you keep, then follow from it. */
  head(options?: { signal?: AbortSignal }): Promise<string>;
  /** One page of changes after `after` (from the oldest kept when absent). */
  list(query?: ChangesQuery & { wait?: number }, options?: { signal?: AbortSignal }): Promise<ChangePage>;
  /**
   * Every change after `after` (from now, the head, when absent), as it commits, for as long as
   * you iterate: by a stream that resumes by itself after the server ends it or the
   * network drops it (`Last-Event-ID`). Keep each change's `cursor`: pass it as `after` when you
   * start again. A `410 cursor_expired` or `400 invalid_cursor` is thrown as a `BoardsyncError`:
   * list again and follow from a new head.
   */
  follow(options?: FollowOptions): AsyncGenerator<Change, void, undefined>;
}

/** What the server's `retry:` asks: the wait before opening again a stream that ended with nothing. */
const QUIET_STREAM_RECONNECT_MS = 1_000;

/** The wait of one long-poll: long enough to be cheap, short enough for proxies in between. */
const LONG_POLL_SECONDS = 25;

export interface ChangesContext {
  api: Client<paths>;
  /** The transport for requests held open: a long-poll or a stream outlives the ordinary timeout. */
  heldTransport: Transport;
  baseUrl: string;
  retry: RetryPolicy;
  sleep: (milliseconds: number, signal: AbortSignal) => Promise<void>;
}

export function changesApi(context: ChangesContext): ChangesApi {
  const head = async ({ signal }: { signal?: AbortSignal } = {}): Promise<string> =>
    unwrap(await context.api.GET('/api/v1/changes/head', signal ? { signal } : {})).cursor;
  const list = async (query: ChangesQuery & { wait?: number } = {}, { signal }: { signal?: AbortSignal } = {}): Promise<ChangePage> => {
    const response = await context.heldTransport(
      new Request(changesUrl(context.baseUrl, query), { headers: { accept: 'application/json' }, ...(signal ? { signal } : {}) }),
    );
    if (!response.ok) throw await refusal(response);
    return (await response.json()) as ChangePage;
  };
  return {
    head,
    list,
    follow: (options = {}) => follow(context, { head, list }, options),
  };
}

async function* follow(context: ChangesContext, calls: Pick<ChangesApi, 'head' | 'list'>, options: FollowOptions): AsyncGenerator<Change, void, undefined> {
  // Ours too, so a caller that stops iterating closes the request held open at once.
  const stopped = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stopped.signal]) : stopped.signal;
  try {
    yield* followFrom(context, calls, options, signal);
  } finally {
    stopped.abort();
  }
}

async function* followFrom(
  context: ChangesContext,
  calls: Pick<ChangesApi, 'head' | 'list'>,
  options: FollowOptions,
  signal: AbortSignal,
): AsyncGenerator<Change, void, undefined> {
  let cursor = options.after ?? (await calls.head({ signal }));
  let mode = options.mode ?? 'stream';
  for (let failures = 0; !signal.aborted;) {
    try {
      if (mode === 'long-poll') {
        const page = await calls.list({ ...queryOf(options), after: cursor, wait: LONG_POLL_SECONDS }, { signal });
        for (const change of page.data) yield change;
        cursor = page.meta.cursor;
        failures = 0;
        continue;
      }
      const response = await context.heldTransport(
        new Request(changesUrl(context.baseUrl, { ...queryOf(options), after: cursor }), {
          headers: { accept: 'text/event-stream', 'last-event-id': cursor },
          signal,
        }),
      );
      if (!response.ok) throw await refusal(response);
      if (!response.headers.get('content-type')?.startsWith('text/event-stream') || !response.body) {
        // Something in between answered for the stream without streaming: poll instead.
        await response.body?.cancel();
        mode = 'long-poll';
        continue;
      }
      let delivered = false;
      for await (const event of serverSentEvents(response.body)) {
        if (event.event !== 'change') continue;
        const change = JSON.parse(event.data) as Change;
        cursor = event.id ?? change.cursor;
        failures = 0;
        delivered = true;
        yield change;
      }
      // The server ended the stream (its time bound): resume, at once after a stream that carried
      // changes; after an empty one (a server stopping ends every stream it opens), after its `retry:`.
      if (!delivered) await context.sleep(QUIET_STREAM_RECONNECT_MS, signal).catch(() => undefined);
    } catch (error) {
      // Aborted while waiting: the caller ended the following.
      if (options.signal?.aborted === true) return;
      if (error instanceof BoardsyncError && error.status !== 429 && error.status < 500) throw error;
      failures += 1;
      await context.sleep(reconnectDelayMs(error, failures, context.retry), signal).catch(() => undefined);
    }
  }
}

/** The query of a follow, without what is not a query parameter. */
const queryOf = ({ project, limit }: FollowOptions): ChangesQuery => ({
  ...(project === undefined ? {} : { project }),
  ...(limit === undefined ? {} : { limit }),
});

/** A 429's `Retry-After`, else a full-jitter exponential backoff, so many tools cut off together do not come back together. */
function reconnectDelayMs(error: unknown, failures: number, policy: RetryPolicy): number {
  const named = error instanceof BoardsyncError ? Number(error.response.headers.get('Retry-After') ?? '') : Number.NaN;
  if (Number.isFinite(named) && named > 0) return Math.min(named, policy.maxWaitSeconds) * 1000;
  return Math.random() * Math.min(policy.backoffMaxMs, policy.backoffBaseMs * 2 ** (failures - 1));
}

function changesUrl(baseUrl: string, query: ChangesQuery & { wait?: number }): URL {
  const url = new URL(`${baseUrl}/api/v1/changes`);
  if (query.after !== undefined) url.searchParams.set('after', query.after);
  if (query.project !== undefined) url.searchParams.set('project', String(query.project));
  if (query.limit !== undefined) url.searchParams.set('limit', String(query.limit));
  if (query.wait !== undefined) url.searchParams.set('wait', String(query.wait));
  return url;
}
